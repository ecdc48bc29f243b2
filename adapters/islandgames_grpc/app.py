"""The server programs: ``python -m islandgames_grpc`` (gRPC only) and the runner of
``islandgames serve`` (gRPC and MessagePack-RPC together on one store).

Both bind 127.0.0.1 only, print one ready line per transport to stdout
(``islandgames grpc listening on 127.0.0.1:PORT``) and stop cleanly on SIGINT/SIGTERM:
health reports NOT_SERVING, new calls are refused, running calls get a grace period,
watches end, and the store is closed.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib
import logging
import signal
import sys
from collections.abc import Callable, Sequence
from typing import Any

from islandgames.service import MatchService, MemoryStore, SqliteStore, StoreError
from islandgames.service import store as store_module
from islandgames.service.store import MatchStore

from .server import (
    DEFAULT_MAX_MESSAGE,
    DEFAULT_MAX_WATCHES,
    DEFAULT_MAX_WATCHES_PER_CONNECTION,
    DEFAULT_MAX_WATCHES_PER_PEER,
    DEFAULT_PORT,
    GrpcServer,
)

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
DEFAULT_STORE = "islandgames.sqlite3"
#: Seconds running calls get to finish when the server stops.
STOP_GRACE = 2.0


def add_grpc_arguments(parser: argparse.ArgumentParser) -> None:
    """The gRPC options of ``islandgames serve`` (next to the MessagePack-RPC ones)."""
    parser.add_argument(
        "--grpc-port",
        type=int,
        default=DEFAULT_PORT,
        metavar="N",
        help=f"gRPC port on 127.0.0.1 (default {DEFAULT_PORT}; 0: any free port)",
    )
    parser.add_argument(
        "--grpc-max-message",
        type=int,
        default=DEFAULT_MAX_MESSAGE,
        metavar="BYTES",
        help=f"largest accepted gRPC request (default {DEFAULT_MAX_MESSAGE})",
    )
    _add_watch_arguments(parser, "--grpc-")
    parser.add_argument("--no-grpc", action="store_true", help="do not serve gRPC")
    parser.add_argument(
        "--no-msgpack", action="store_true", help="do not serve MessagePack-RPC over TCP"
    )


def _add_watch_arguments(parser: argparse.ArgumentParser, prefix: str) -> None:
    parser.add_argument(
        f"{prefix}max-watches",
        dest="grpc_max_watches",
        type=int,
        default=DEFAULT_MAX_WATCHES,
        metavar="N",
        help=f"gRPC Watch streams at once (default {DEFAULT_MAX_WATCHES})",
    )
    parser.add_argument(
        f"{prefix}max-watches-per-peer",
        dest="grpc_max_watches_per_peer",
        type=int,
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
        type=int,
        default=DEFAULT_MAX_WATCHES_PER_CONNECTION,
        metavar="N",
        help=(
            "gRPC Watch streams at once on one connection "
            f"(default {DEFAULT_MAX_WATCHES_PER_CONNECTION})"
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
    }


def open_store(args: argparse.Namespace) -> MatchStore:
    """The store the options name: ``--memory``, else ``--store`` (a SQLite file, or
    whatever else ``islandgames.service.store.open_store`` accepts, e.g. a database URL)."""
    location = None if getattr(args, "memory", False) else args.store
    sync: Any = getattr(args, "sync", "normal")
    journal = bool(getattr(args, "journal", True))
    open_location = getattr(store_module, "open_store", None)
    if open_location is not None:
        store: MatchStore = open_location(location, synchronous=sync, journal=journal)
        return store
    if location is None:
        return MemoryStore()
    return SqliteStore(location, synchronous=sync, journal=journal)


def _setup(args: argparse.Namespace) -> None:
    logging.basicConfig(
        stream=sys.stderr,
        level=str(getattr(args, "log_level", "WARNING")).upper(),
        format="%(asctime)s %(name)s %(levelname)s %(message)s",
    )
    for module in getattr(args, "imports", ()):
        importlib.import_module(module)


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
) -> None:
    """Serve ``service`` over gRPC (unless ``grpc_port`` is None) and MessagePack-RPC
    over TCP (unless ``msgpack_port`` is None) until ``stop`` is set (default: until
    SIGINT or SIGTERM). ``ready`` gets one line per transport once it listens.
    ``grpc_options`` and ``msgpack_options``: more keyword arguments of
    :class:`GrpcServer` and :class:`~islandgames_msgpackrpc.RpcServer` (limits)."""
    announce = ready or (lambda line: print(line, flush=True))
    loop = asyncio.get_running_loop()
    if stop is None:
        stop = asyncio.Event()
        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.add_signal_handler(sig, stop.set)
    grpc_server: GrpcServer | None = None
    rpc_server = None
    try:
        if grpc_port is not None:
            grpc_server = GrpcServer(
                service, **{"max_message": grpc_max_message, **(grpc_options or {})}
            )
            port = await grpc_server.start("127.0.0.1", grpc_port)
            announce(f"{READY_PREFIX}127.0.0.1:{port}")
        if msgpack_port is not None:
            from islandgames_msgpackrpc import DEFAULT_MAX_FRAME, RpcServer
            from islandgames_msgpackrpc.app import READY_PREFIX as MSGPACK_READY

            rpc_server = RpcServer(
                service,
                **{
                    "max_frame": (
                        DEFAULT_MAX_FRAME if msgpack_max_frame is None else msgpack_max_frame
                    ),
                    **(msgpack_options or {}),
                },
            )
            port = await rpc_server.start_tcp("127.0.0.1", msgpack_port)
            announce(f"{MSGPACK_READY}127.0.0.1:{port}")
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
        store = open_store(args) if store is None else store
        service = MatchService(store, snapshot_every=args.snapshot_every)
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
        "--port", type=int, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT}; 0: any)"
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
    parser.add_argument("--snapshot-every", type=int, default=64, metavar="N")
    parser.add_argument(
        "--max-message",
        type=int,
        default=DEFAULT_MAX_MESSAGE,
        metavar="BYTES",
        help=f"largest accepted request (default {DEFAULT_MAX_MESSAGE})",
    )
    _add_watch_arguments(parser, "--")
    parser.add_argument("--import", dest="imports", action="append", default=[], metavar="MODULE")
    parser.add_argument("--log-level", default="WARNING")
    args = parser.parse_args(argv)
    args.grpc_port, args.grpc_max_message = args.port, args.max_message
    args.no_grpc, args.no_msgpack = False, True
    return run(args)
