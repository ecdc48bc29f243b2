"""``islandgames demo``: play a match with bots through a MessagePack-RPC or gRPC server
(one started in memory on a free port, or a running one) and verify its log.

The command line is the top layer: unlike :mod:`islandgames.service`, it may import the
adapters (``demo`` makes their clients, and their servers when it runs its own).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import sys
import threading
from collections.abc import Callable, Coroutine, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO, TypeVar

from ._bots import check_bot
from ._common import (
    CliError,
    _config_wire,
    _load_game,
    _user_error,
    parse_seed,
    quiet_grpc_logs,
    require_grpc,
)

if TYPE_CHECKING:
    from ..service.client import MatchClient

_T = TypeVar("_T")

quiet_grpc_logs()  # before grpc is imported (below, lazily)


def parse_address(text: str) -> tuple[str, int]:
    """``HOST:PORT`` (``[::1]:PORT`` for IPv6) as ``demo --connect`` takes it.

    >>> parse_address("127.0.0.1:7341"), parse_address("[::1]:50051")
    (('127.0.0.1', 7341), ('::1', 50051))
    """
    host, sep, port = text.rpartition(":")
    host = host[1:-1] if host.startswith("[") and host.endswith("]") else host
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        shown = text if len(text) <= 80 else text[:77] + "..."
        raise argparse.ArgumentTypeError(f"not HOST:PORT: {shown!r}")
    return host, int(port)


def add_parser(subparsers: Any) -> None:
    """Add ``demo`` to the ``islandgames`` subparsers."""
    d = subparsers.add_parser(
        "demo",
        help="play a match with bots through a MessagePack-RPC or gRPC server",
        description=(
            "Start a server on a free 127.0.0.1 port (in memory), or use a running one "
            "(--connect HOST:PORT, with --tls-ca FILE if it serves TLS), create a match, "
            "let one bot per seat play it over its own connection (each bot sees only its "
            "seat's view and legal actions, as the server gives them) while a spectator "
            "watches, then fetch the full log and have the server verify it."
        ),
    )
    d.add_argument("--game", default="friday", help="game id (default friday)")
    d.add_argument(
        "--seed",
        type=parse_seed,
        default=None,
        help="seed: decimal (5) or hex with 0x (0xc0ffee) (default: random)",
    )
    d.add_argument(
        "--config",
        default=None,
        metavar="JSON",
        help="the game's config as a JSON object (missing fields take defaults), or @FILE",
    )
    d.add_argument("--bot", default="random", help="bot name for every seat (default random)")
    d.add_argument("--quiet", action="store_true", help="print only the summary")
    d.add_argument(
        "--transport",
        choices=("msgpack", "grpc"),
        default="msgpack",
        help="play through a MessagePack-RPC (default) or a gRPC server",
    )
    d.add_argument(
        "--connect",
        type=parse_address,
        default=None,
        metavar="HOST:PORT",
        help="play on this running server (its --port, or --grpc-port with --transport grpc)",
    )
    d.add_argument(
        "--tls-ca",
        default=None,
        metavar="FILE",
        help=(
            "with --connect: speak TLS, checking the server's certificate against this PEM "
            "CA (for a self-signed certificate: the certificate itself)"
        ),
    )
    d.set_defaults(func=cmd_demo)


def cmd_demo(args: argparse.Namespace, out: TextIO | None = None) -> int:
    """Play one match with bots over MessagePack-RPC or gRPC and verify its log (the
    demo itself is :func:`islandgames.service.demo.play_demo`, over any
    :class:`~islandgames.service.MatchClient`; this picks the transport). A bad input
    is one line on stderr and exit code 2, before any server is started."""
    try:
        return _demo(args, out)
    except CliError as exc:
        return _user_error("demo", exc)


def _demo(args: argparse.Namespace, out: TextIO | None) -> int:
    stream = sys.stdout if out is None else out
    seed: int | None = args.seed  # parse_seed's: the one rule for seeds of the CLI
    connect: tuple[str, int] | None = getattr(args, "connect", None)
    tls_ca: str | None = getattr(args, "tls_ca", None)
    transport: str = getattr(args, "transport", "msgpack")
    if tls_ca is not None and connect is None:
        raise CliError("--tls-ca goes with --connect HOST:PORT")
    if tls_ca is not None and not Path(tls_ca).is_file():
        raise CliError(f"--tls-ca {tls_ca!r}: no such file")
    # every input checked here, before a server is started or a match created
    game = _load_game(args.game)
    config = _config_wire(game, args.config)
    check_bot(game, args.bot)
    if transport == "grpc":
        require_grpc("demo --transport grpc")
    from ..service.demo import play_demo
    from ..service.errors import ProtocolError

    wire_seed = None if seed is None else f"0x{seed:x}"  # msgpack ints stop at 2**64
    try:
        with contextlib.ExitStack() as stack:
            address = connect if connect is not None else stack.enter_context(_server(transport))
            target = _target(*address)
            clients = _client_factory(transport, address, tls_ca)
            where = f"over gRPC on {target}" if transport == "grpc" else f"on {target}"
            return play_demo(
                clients, game.info.id, config, wire_seed, args.bot, args.quiet, stream, where=where
            )
    except (OSError, ProtocolError) as exc:
        if connect is None or (isinstance(exc, ProtocolError) and exc.code != "UNAVAILABLE"):
            raise
        reason = str(exc).splitlines()[0][:200] if str(exc) else type(exc).__name__
        raise CliError(f"cannot play on {_target(*connect)}: {reason}") from exc


def _target(host: str, port: int) -> str:
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def _client_factory(
    transport: str, address: tuple[str, int], tls: str | None
) -> Callable[[], MatchClient]:
    """A function making a new blocking client of ``transport`` to ``address``."""
    if transport == "grpc":
        from islandgames_grpc import Client as GrpcClient

        target = _target(*address)
        return lambda: GrpcClient(target, tls=tls)
    from islandgames_msgpackrpc import Client as RpcClient

    return lambda: RpcClient(*address, tls=tls)


@contextlib.contextmanager
def _server(transport: str) -> Iterator[tuple[str, int]]:
    """A ``transport`` server on a free 127.0.0.1 port with a service in memory, run on
    an event loop in a thread for the duration of the block."""
    from ..service.service import MatchService

    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, name="islandgames-demo", daemon=True)
    thread.start()

    def run(coro: Coroutine[Any, Any, _T]) -> _T:
        return asyncio.run_coroutine_threadsafe(coro, loop).result(30)

    service = MatchService()
    stop: Callable[[], Coroutine[Any, Any, None]]
    try:
        if transport == "grpc":
            from islandgames_grpc import GrpcServer

            grpc_server = GrpcServer(service)
            port = run(grpc_server.start("127.0.0.1", 0))
            stop = lambda: grpc_server.stop(1.0)  # noqa: E731
        else:
            from islandgames_msgpackrpc import RpcServer

            rpc_server = RpcServer(service)
            port = run(rpc_server.start_tcp("127.0.0.1", 0))
            stop = rpc_server.close
        try:
            yield "127.0.0.1", port
        finally:
            run(stop())
    finally:
        loop.call_soon_threadsafe(loop.stop)
        thread.join(10)
        loop.close()
        service.close()
