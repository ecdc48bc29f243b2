"""The server programs: ``python -m islandgames_grpc`` (gRPC only) and the runner of
``islandgames serve`` (gRPC and MessagePack-RPC together on one store).

Both bind 127.0.0.1 only, print one ready line per transport to stdout
(``islandgames grpc listening on 127.0.0.1:PORT``) once every listener is bound (if one
cannot be, nothing is announced and the program exits 2 with one line on stderr), and
stop cleanly on SIGINT/SIGTERM: health reports NOT_SERVING, new calls are refused,
running calls get a grace period, watches end, and the store is closed.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib
import logging
import os
import signal
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from islandgames import _argtypes as argtypes
from islandgames.service import MatchService, StoreError
from islandgames.service import stores as stores_module
from islandgames.service.ai import add_ai_arguments, ai_limits_from_args
from islandgames.service.store import MatchStore
from islandgames.service.tls import (
    ServerTls,
    TlsConfigError,
    add_tls_arguments,
    server_tls_from_args,
)

from .server import (
    DEFAULT_HANDSHAKE_TIMEOUT,
    DEFAULT_IDLE_TIMEOUT,
    DEFAULT_KEEPALIVE,
    DEFAULT_MAX_CONCURRENT_STREAMS,
    DEFAULT_MAX_CONNECTIONS,
    DEFAULT_MAX_CONNECTIONS_PER_PEER,
    DEFAULT_MAX_MESSAGE,
    DEFAULT_MAX_WATCHES,
    DEFAULT_MAX_WATCHES_PER_CONNECTION,
    DEFAULT_MAX_WATCHES_PER_PEER,
    DEFAULT_MIN_PING_INTERVAL,
    DEFAULT_PORT,
    GrpcServer,
)
from .tls import server_credentials

__all__ = [
    "READY_PREFIX",
    "add_grpc_arguments",
    "grpc_server_options",
    "main",
    "open_store",
    "run",
    "run_servers",
]

READY_PREFIX = "islandgames grpc listening on "
_log = logging.getLogger("islandgames_grpc")
DEFAULT_STORE = "islandgames.sqlite3"
#: Seconds running calls get to finish when the server stops.
STOP_GRACE = 2.0


def add_grpc_arguments(parser: argparse.ArgumentParser) -> None:
    """The gRPC options of ``islandgames serve`` (next to the MessagePack-RPC ones)."""
    parser.add_argument(
        "--grpc-port",
        type=argtypes.port_or_any,
        default=DEFAULT_PORT,
        metavar="N",
        help=f"gRPC port on 127.0.0.1 (default {DEFAULT_PORT}; 0: any free port)",
    )
    parser.add_argument(
        "--grpc-max-message",
        type=argtypes.positive_int,
        default=DEFAULT_MAX_MESSAGE,
        metavar="BYTES",
        help=f"largest accepted gRPC request (default {DEFAULT_MAX_MESSAGE})",
    )
    _add_watch_arguments(parser, "--grpc-")
    _add_connection_arguments(parser, "--grpc-")
    parser.add_argument("--no-grpc", action="store_true", help="do not serve gRPC")
    parser.add_argument(
        "--no-msgpack", action="store_true", help="do not serve MessagePack-RPC over TCP"
    )


def _add_watch_arguments(parser: argparse.ArgumentParser, prefix: str) -> None:
    parser.add_argument(
        f"{prefix}max-watches",
        dest="grpc_max_watches",
        type=argtypes.non_negative_int,
        default=DEFAULT_MAX_WATCHES,
        metavar="N",
        help=f"gRPC Watch streams at once (default {DEFAULT_MAX_WATCHES})",
    )
    parser.add_argument(
        f"{prefix}max-watches-per-peer",
        dest="grpc_max_watches_per_peer",
        type=argtypes.non_negative_int,
        default=DEFAULT_MAX_WATCHES_PER_PEER,
        metavar="N",
        help=(
            "gRPC Watch streams at once from one IP address "
            f"(default {DEFAULT_MAX_WATCHES_PER_PEER})"
        ),
    )
    parser.add_argument(
        f"{prefix}max-watches-per-connection",
        dest="grpc_max_watches_per_connection",
        type=argtypes.non_negative_int,
        default=DEFAULT_MAX_WATCHES_PER_CONNECTION,
        metavar="N",
        help=(
            "gRPC Watch streams at once on one connection "
            f"(default {DEFAULT_MAX_WATCHES_PER_CONNECTION})"
        ),
    )


def _add_connection_arguments(parser: argparse.ArgumentParser, prefix: str) -> None:
    def seconds(name: str, default: float | None, text: str) -> None:
        parser.add_argument(
            f"{prefix}{name}",
            dest="grpc_" + name.replace("-", "_"),
            type=argtypes.seconds,
            default=default or 0.0,
            metavar="SECONDS",
            help=f"{text} (default {default or 0:g}; 0: never)",
        )

    seconds(
        "idle-timeout",
        DEFAULT_IDLE_TIMEOUT,
        "close a gRPC connection with no call in progress (a Watch is one) for this long",
    )
    seconds(
        "handshake-timeout",
        DEFAULT_HANDSHAKE_TIMEOUT,
        "close a new gRPC connection that has not finished its TLS/HTTP/2 handshake by then",
    )
    seconds(
        "keepalive",
        DEFAULT_KEEPALIVE,
        "ping a quiet gRPC connection after this long; no answer in 20 s closes it",
    )
    seconds(
        "max-connection-age",
        None,
        "close gRPC connections this old (their calls get 30 s; watchers resume with after_seq)",
    )
    parser.add_argument(
        f"{prefix}min-ping-interval",
        dest="grpc_min_ping_interval",
        type=argtypes.seconds,
        default=DEFAULT_MIN_PING_INTERVAL,
        metavar="SECONDS",
        help=(
            "the shortest interval at which a gRPC client may ping while no data flows; "
            f"pinging more often ends its connection (default {DEFAULT_MIN_PING_INTERVAL:g})"
        ),
    )
    parser.add_argument(
        f"{prefix}max-connections",
        dest="grpc_max_connections",
        type=argtypes.positive_int,
        default=DEFAULT_MAX_CONNECTIONS,
        metavar="N",
        help=f"gRPC connections at once (default {DEFAULT_MAX_CONNECTIONS})",
    )
    parser.add_argument(
        f"{prefix}max-connections-per-peer",
        dest="grpc_max_connections_per_peer",
        type=argtypes.positive_int,
        default=DEFAULT_MAX_CONNECTIONS_PER_PEER,
        metavar="N",
        help=(
            "gRPC connections with calls in progress from one IP address "
            f"(default {DEFAULT_MAX_CONNECTIONS_PER_PEER})"
        ),
    )
    parser.add_argument(
        f"{prefix}max-concurrent-streams",
        dest="grpc_max_concurrent_streams",
        type=argtypes.positive_int,
        default=DEFAULT_MAX_CONCURRENT_STREAMS,
        metavar="N",
        help=(
            "gRPC calls in progress at once on one connection "
            f"(default {DEFAULT_MAX_CONCURRENT_STREAMS})"
        ),
    )


def grpc_server_options(args: argparse.Namespace) -> dict[str, Any]:
    """The :class:`GrpcServer` keyword arguments the options give (defaults for any
    option ``args`` lacks)."""
    return {
        "max_message": getattr(args, "grpc_max_message", DEFAULT_MAX_MESSAGE),
        "max_watches": getattr(args, "grpc_max_watches", DEFAULT_MAX_WATCHES),
        "max_watches_per_peer": getattr(
            args, "grpc_max_watches_per_peer", DEFAULT_MAX_WATCHES_PER_PEER
        ),
        "max_watches_per_connection": getattr(
            args, "grpc_max_watches_per_connection", DEFAULT_MAX_WATCHES_PER_CONNECTION
        ),
        "idle_timeout": getattr(args, "grpc_idle_timeout", DEFAULT_IDLE_TIMEOUT) or None,
        "handshake_timeout": (
            getattr(args, "grpc_handshake_timeout", DEFAULT_HANDSHAKE_TIMEOUT) or None
        ),
        "keepalive": getattr(args, "grpc_keepalive", DEFAULT_KEEPALIVE) or None,
        "min_ping_interval": getattr(args, "grpc_min_ping_interval", DEFAULT_MIN_PING_INTERVAL),
        "max_connection_age": getattr(args, "grpc_max_connection_age", None) or None,
        "max_concurrent_streams": getattr(
            args, "grpc_max_concurrent_streams", DEFAULT_MAX_CONCURRENT_STREAMS
        ),
        "max_connections": getattr(args, "grpc_max_connections", DEFAULT_MAX_CONNECTIONS),
        "max_connections_per_peer": getattr(
            args, "grpc_max_connections_per_peer", DEFAULT_MAX_CONNECTIONS_PER_PEER
        ),
    }


def open_store(args: argparse.Namespace) -> MatchStore:
    """The store the options name: ``--memory``, else ``--store`` (a SQLite file, or
    whatever else ``islandgames.service.open_store`` accepts, e.g. a database URL)."""
    location = None if getattr(args, "memory", False) else args.store
    sync: Any = getattr(args, "sync", "normal")
    journal = bool(getattr(args, "journal", True))
    return stores_module.open_store(location, synchronous=sync, journal=journal)


def _setup(args: argparse.Namespace) -> None:
    logging.basicConfig(
        stream=sys.stderr,
        level=str(getattr(args, "log_level", "WARNING")).upper(),
        format="%(asctime)s %(name)s %(levelname)s %(message)s",
    )
    for module in getattr(args, "imports", ()):
        importlib.import_module(module)


@contextlib.contextmanager
def _fd2_captured() -> Iterator[list[str]]:
    """File descriptor 2 (where gRPC core writes its own log lines, such as its
    "Failed to add port" error) goes to a temporary file while the block runs; the list
    yielded holds what was written once the block is over."""
    sys.stderr.flush()
    written: list[str] = []
    saved = os.dup(2)
    with tempfile.TemporaryFile() as captured:
        os.dup2(captured.fileno(), 2)
        try:
            yield written
        finally:
            os.dup2(saved, 2)
            os.close(saved)
            captured.seek(0)
            written.append(captured.read().decode("utf-8", "replace"))


async def _start_grpc(server: GrpcServer, host: str, port: int) -> int:
    """``server.start`` with gRPC core's own log of a failed bind kept off stderr: a bind
    failure is one clear :class:`OSError`; anything else it logged is passed on."""
    failure: OSError | None = None
    bound = 0
    with _fd2_captured() as written:
        try:
            bound = await server.start(host, port)
        except OSError as exc:
            failure = exc
    text = "".join(written)
    if failure is not None:
        if text:
            _log.debug("gRPC core: %s", text.strip())
        raise failure
    if text:
        sys.stderr.write(text)
        sys.stderr.flush()
    return bound


async def run_servers(
    service: MatchService,
    *,
    grpc_port: int | None,
    grpc_max_message: int = DEFAULT_MAX_MESSAGE,
    msgpack_port: int | None = None,
    msgpack_max_frame: int | None = None,
    stop: asyncio.Event | None = None,
    ready: Callable[[str], None] | None = None,
    grpc_options: dict[str, Any] | None = None,
    msgpack_options: dict[str, Any] | None = None,
    tls: ServerTls | None = None,
) -> None:
    """Serve ``service`` over gRPC (unless ``grpc_port`` is None) and MessagePack-RPC
    over TCP (unless ``msgpack_port`` is None) until ``stop`` is set (default: until
    SIGINT or SIGTERM). ``ready`` gets one line per transport once *every* listener is
    bound; if one cannot be bound, none is announced and the :class:`OSError` (one
    clear line) is raised. ``grpc_options`` and ``msgpack_options``: more keyword
    arguments of :class:`GrpcServer` and :class:`~islandgames_msgpackrpc.RpcServer`
    (limits); ``tls``: serve both over TLS."""
    announce = ready or (lambda line: print(line, flush=True))
    loop = asyncio.get_running_loop()
    if stop is None:
        stop = asyncio.Event()
        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.add_signal_handler(sig, stop.set)
    grpc_server: GrpcServer | None = None
    rpc_server = None
    lines: list[str] = []
    try:
        if grpc_port is not None:
            grpc_server = GrpcServer(
                service,
                **{
                    "max_message": grpc_max_message,
                    "credentials": None if tls is None else server_credentials(tls),
                    **(grpc_options or {}),
                },
            )
            port = await _start_grpc(grpc_server, "127.0.0.1", grpc_port)
            lines.append(f"{READY_PREFIX}127.0.0.1:{port}")
        if msgpack_port is not None:
            from islandgames_msgpackrpc import DEFAULT_MAX_FRAME, RpcServer
            from islandgames_msgpackrpc.app import READY_PREFIX as MSGPACK_READY
            from islandgames_msgpackrpc.app import start_tcp

            rpc_server = RpcServer(
                service,
                **{
                    "max_frame": (
                        DEFAULT_MAX_FRAME if msgpack_max_frame is None else msgpack_max_frame
                    ),
                    "tls": None if tls is None else tls.context(),
                    **(msgpack_options or {}),
                },
            )
            port = await start_tcp(rpc_server, "127.0.0.1", msgpack_port)
            lines.append(f"{MSGPACK_READY}127.0.0.1:{port}")
        for line in lines:  # every listener is bound: now, and only now, ready
            announce(line)
        await stop.wait()
    finally:
        if rpc_server is not None:
            await rpc_server.close()
        if grpc_server is not None:
            await grpc_server.stop(STOP_GRACE)


def run(args: argparse.Namespace, store: MatchStore | None = None) -> int:
    """``islandgames serve``: gRPC (``--grpc-port``) and MessagePack-RPC (``--port``)
    on one store, either one switched off by ``--no-grpc`` / ``--no-msgpack``."""
    _setup(args)
    grpc_on = not getattr(args, "no_grpc", False)
    msgpack_on = not getattr(args, "no_msgpack", False)
    if not grpc_on and not msgpack_on:
        print("islandgames serve: nothing to serve (--no-grpc and --no-msgpack)", file=sys.stderr)
        return 2
    try:
        tls = server_tls_from_args(args)
    except TlsConfigError as exc:
        print(f"islandgames serve: {exc}", file=sys.stderr)
        return 2
    try:
        store = open_store(args) if store is None else store
        service = MatchService(
            store, snapshot_every=args.snapshot_every, ai_limits=ai_limits_from_args(args)
        )
    except StoreError as exc:
        if store is not None:
            store.close()
        print(f"islandgames serve: {exc}", file=sys.stderr)
        return 2
    from islandgames_msgpackrpc.app import rpc_server_options

    try:
        asyncio.run(
            run_servers(
                service,
                grpc_port=args.grpc_port if grpc_on else None,
                grpc_max_message=args.grpc_max_message,
                msgpack_port=args.port if msgpack_on else None,
                msgpack_max_frame=getattr(args, "max_frame", None),
                grpc_options=grpc_server_options(args),
                msgpack_options=rpc_server_options(args),
                tls=tls,
            )
        )
    except OSError as exc:
        print(f"islandgames serve: {exc}", file=sys.stderr)
        return 2
    finally:
        service.close()
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m islandgames_grpc``: the gRPC server alone."""
    parser = argparse.ArgumentParser(
        prog="python -m islandgames_grpc",
        description="Serve islandgames matches over gRPC (127.0.0.1 only).",
    )
    parser.add_argument(
        "--port",
        type=argtypes.port_or_any,
        default=DEFAULT_PORT,
        help=f"port (default {DEFAULT_PORT}; 0: any)",
    )
    parser.add_argument(
        "--store",
        default=DEFAULT_STORE,
        metavar="PATH",
        help=f"SQLite database file (default ./{DEFAULT_STORE}; created if missing)",
    )
    parser.add_argument("--memory", action="store_true", help="keep matches in memory only")
    parser.add_argument("--sync", choices=("normal", "full"), default="normal")
    parser.add_argument(
        "--no-journal",
        dest="journal",
        action="store_false",
        help="SQLite: commit every action to the database file instead of the action journal",
    )
    parser.add_argument("--snapshot-every", type=argtypes.positive_int, default=64, metavar="N")
    parser.add_argument(
        "--max-message",
        type=argtypes.positive_int,
        default=DEFAULT_MAX_MESSAGE,
        metavar="BYTES",
        help=f"largest accepted request (default {DEFAULT_MAX_MESSAGE})",
    )
    _add_watch_arguments(parser, "--")
    _add_connection_arguments(parser, "--")
    add_ai_arguments(parser)
    add_tls_arguments(parser)
    parser.add_argument("--import", dest="imports", action="append", default=[], metavar="MODULE")
    parser.add_argument("--log-level", type=argtypes.log_level, default="WARNING")
    args = parser.parse_args(argv)
    args.grpc_port, args.grpc_max_message = args.port, args.max_message
    args.no_grpc, args.no_msgpack = False, True
    return run(args)
