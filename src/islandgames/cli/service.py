"""The service's command-line commands: ``islandgames serve``, ``demo`` and ``copy-store``.

The command line is the top layer: unlike :mod:`islandgames.service`, it may import the
adapters (``serve`` runs both servers, ``demo`` makes their clients).

``add_service_commands(subparsers)`` adds them to the ``islandgames`` parser; each sets
``func`` to a function of the parsed arguments that returns the exit code.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import sys
import threading
from collections.abc import Callable, Coroutine, Iterator
from typing import TYPE_CHECKING, Any, TextIO, TypeVar

if TYPE_CHECKING:
    from ..service.client import MatchClient

_T = TypeVar("_T")

__all__ = ["add_service_commands", "cmd_copy_store", "cmd_demo", "cmd_serve", "parse_address"]

# gRPC core logs every failed handshake (a port scan, plaintext sent to a TLS port) at
# INFO unless told otherwise; a server's stderr gets errors only. Set before grpc is
# imported (the commands import it lazily); an explicit GRPC_VERBOSITY wins.
os.environ.setdefault("GRPC_VERBOSITY", "ERROR")


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


def add_service_commands(subparsers: Any) -> None:
    """Add ``serve`` and ``demo`` to an ``argparse`` subparsers object."""
    from islandgames_grpc.app import add_grpc_arguments
    from islandgames_msgpackrpc.app import add_server_arguments

    from . import parse_seed

    p = subparsers.add_parser(
        "serve",
        help="serve matches over gRPC and MessagePack-RPC on 127.0.0.1",
        description=(
            "Serve matches over gRPC (--grpc-port, default 50051) and MessagePack-RPC "
            "(--port, default 7341) on 127.0.0.1, both on one store; --no-grpc or "
            "--no-msgpack turns one off; --tls-cert and --tls-key serve both over TLS. "
            "The ready lines are printed once both listen. With --stdio, MessagePack-RPC "
            "to one client on stdin/stdout only. Matches are kept in a SQLite file "
            "(--store PATH) or in a PostgreSQL database shared by any number of servers "
            "(--store postgresql://...; docs/deployment.md) unless --memory is given. "
            "Protocols: docs/protocol-grpc.md, "
            "docs/protocol-msgpack.md."
        ),
    )
    add_server_arguments(p)
    add_grpc_arguments(p)
    p.set_defaults(func=cmd_serve)

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
    d.add_argument("--config", default=None, metavar="JSON", help="config as a JSON map")
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

    c = subparsers.add_parser(
        "copy-store",
        help="copy every match from one store to another (e.g. SQLite to PostgreSQL)",
        description=(
            "Copy every match of SOURCE into DESTINATION (each a SQLite file or a "
            "postgresql:// URL, as for serve --store). Each match is checked first (header, "
            "hash chain, a replay from the seed) and read back after; a match already in "
            "DESTINATION gets only the entries it lacks, so the command can be run again. "
            "Stop the servers of a SQLite SOURCE first (the file is locked while served). "
            "Exit status 1 if any match failed its checks (the others are copied)."
        ),
    )
    c.add_argument("source", metavar="SOURCE")
    c.add_argument("destination", metavar="DESTINATION")
    c.add_argument("--json", action="store_true", help="print the report as JSON")
    c.add_argument("--quiet", action="store_true", help="no progress bar")
    c.set_defaults(func=cmd_copy_store)


def cmd_serve(args: argparse.Namespace) -> int:
    """Run the servers until SIGINT/SIGTERM (or until stdin closes with ``--stdio``)."""
    if args.stdio:
        from islandgames_msgpackrpc.app import run

        return run(args)
    from islandgames_grpc.app import run as run_servers

    return run_servers(args)


def cmd_copy_store(args: argparse.Namespace, out: TextIO | None = None) -> int:
    """Copy every match from ``args.source`` to ``args.destination``."""
    from pathlib import Path

    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    from ..service.errors import StoreError
    from ..service.store import MatchStore
    from ..service.stores import open_store
    from ..service.transfer import copy_matches

    stream = sys.stdout if out is None else out
    if args.source == args.destination or (
        "://" not in args.source
        and "://" not in args.destination
        and Path(args.source).resolve() == Path(args.destination).resolve()
    ):
        print("islandgames copy-store: the source and the destination are one", file=sys.stderr)
        return 2
    if "://" not in args.source and not Path(args.source).is_file():
        print(f"islandgames copy-store: no such store file: {args.source}", file=sys.stderr)
        return 2
    stores: list[MatchStore] = []
    try:
        for spec in (args.source, args.destination):
            stores.append(open_store(spec))
    except StoreError as exc:
        for store in stores:
            store.close()
        print(f"islandgames copy-store: {exc}", file=sys.stderr)
        return 2
    err = Console(stderr=True)
    progress = Progress(
        TextColumn("[bold]copying matches"),
        BarColumn(),
        MofNCompleteColumn(),
        console=err,
        transient=True,
        disable=args.quiet or not err.is_terminal,
    )
    try:
        with progress:
            task = progress.add_task("copy", total=None)

            def advance(match_id: str, index: int, total: int) -> None:
                progress.update(task, completed=index, total=total)

            report = copy_matches(stores[0], stores[1], progress=advance)
    finally:
        for store in stores:
            store.close()
    if args.json:
        print(
            json.dumps(
                {
                    "copied": report.copied,
                    "extended": report.extended,
                    "up_to_date": report.up_to_date,
                    "entries": report.entries,
                    "failed": [{"match_id": m, "reason": r} for m, r in report.failed],
                },
                indent=2,
            ),
            file=stream,
        )
    else:
        print(
            f"{report.copied} match(es) copied, {report.extended} extended, "
            f"{report.up_to_date} already up to date; {report.entries} entries appended",
            file=stream,
        )
        for match_id, reason in report.failed:
            print(f"FAILED {match_id}: {reason}", file=stream)
    return 0 if report.ok else 1


def cmd_demo(args: argparse.Namespace, out: TextIO | None = None) -> int:
    """Play one match with bots over MessagePack-RPC or gRPC and verify its log (the
    demo itself is :func:`islandgames.service.demo.play_demo`, over any
    :class:`~islandgames.service.MatchClient`; this picks the transport)."""
    stream = sys.stdout if out is None else out
    config = json.loads(args.config) if args.config else None
    seed: int | None = args.seed  # parse_seed's: the one rule for seeds of the CLI
    connect: tuple[str, int] | None = getattr(args, "connect", None)
    tls_ca: str | None = getattr(args, "tls_ca", None)
    transport: str = getattr(args, "transport", "msgpack")
    if tls_ca is not None and connect is None:
        print("islandgames demo: --tls-ca goes with --connect HOST:PORT", file=sys.stderr)
        return 2
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
                clients, args.game, config, wire_seed, args.bot, args.quiet, stream, where=where
            )
    except (OSError, ProtocolError) as exc:
        if connect is None or (isinstance(exc, ProtocolError) and exc.code != "UNAVAILABLE"):
            raise
        reason = str(exc).splitlines()[0][:200] if str(exc) else type(exc).__name__
        print(f"islandgames demo: cannot play on {_target(*connect)}: {reason}", file=sys.stderr)
        return 2


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
