"""The server program: options, store choice, signals, the ready line.

Used by ``python -m islandgames_msgpackrpc`` and by ``islandgames serve``.
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
from collections.abc import Sequence
from typing import Any

from islandgames import _argtypes as argtypes
from islandgames.service import MatchService, StoreError
from islandgames.service.ai import add_ai_arguments, ai_limits_from_args
from islandgames.service.store import MatchStore
from islandgames.service.stores import open_store
from islandgames.service.tls import (
    ServerTls,
    TlsConfigError,
    add_tls_arguments,
    server_tls_from_args,
)

from .protocol import DEFAULT_DECODE_BUDGET, DEFAULT_MAX_FRAME, DEFAULT_PORT, LARGE_MESSAGE
from .server import (
    DEFAULT_IDLE_TIMEOUT,
    DEFAULT_MAX_BACKLOG,
    DEFAULT_MAX_CONNECTIONS,
    DEFAULT_MAX_CONNECTIONS_PER_PEER,
    DEFAULT_MAX_OUTPUT,
    DEFAULT_READ_TIMEOUT,
    RpcServer,
)

__all__ = [
    "DEFAULT_STORE",
    "add_server_arguments",
    "main",
    "rpc_server_options",
    "run",
    "start_tcp",
]

#: The SQLite file used when no ``--store`` is given (relative to the working directory).
DEFAULT_STORE = "islandgames.sqlite3"
READY_PREFIX = "islandgames msgpack-rpc listening on "


def add_server_arguments(parser: argparse.ArgumentParser) -> None:
    """The server's options (shared by ``islandgames serve``)."""
    parser.add_argument(
        "--port",
        type=argtypes.port_or_any,
        default=DEFAULT_PORT,
        help=f"TCP port (default {DEFAULT_PORT}; 0: any)",
    )
    parser.add_argument(
        "--store",
        default=DEFAULT_STORE,
        metavar="PATH|URL",
        help=(
            f"SQLite database file (default ./{DEFAULT_STORE}; created if missing), or a "
            "postgresql:// URL: a database shared by any number of servers"
        ),
    )
    parser.add_argument(
        "--memory", action="store_true", help="keep matches in memory only (lost on exit)"
    )
    parser.add_argument(
        "--stdio", action="store_true", help="serve one client on stdin/stdout instead of TCP"
    )
    parser.add_argument(
        "--sync",
        choices=("normal", "full"),
        default="normal",
        help=(
            "SQLite durability: normal survives a killed server, full also power loss "
            "(PostgreSQL: its own synchronous_commit)"
        ),
    )
    parser.add_argument(
        "--no-journal",
        dest="journal",
        action="store_false",
        help=(
            "SQLite: commit every action to the database file itself, instead of through "
            "the faster action journal (<store>.journal)"
        ),
    )
    parser.add_argument(
        "--snapshot-every",
        type=argtypes.positive_int,
        default=64,
        metavar="N",
        help="store a state snapshot every N actions (default 64)",
    )
    parser.add_argument(
        "--max-frame",
        type=argtypes.positive_int,
        default=DEFAULT_MAX_FRAME,
        metavar="BYTES",
        help=f"largest accepted message (default {DEFAULT_MAX_FRAME})",
    )
    parser.add_argument(
        "--max-connections",
        type=argtypes.positive_int,
        default=DEFAULT_MAX_CONNECTIONS,
        metavar="N",
        help=f"MessagePack-RPC connections at once (default {DEFAULT_MAX_CONNECTIONS})",
    )
    parser.add_argument(
        "--max-connections-per-peer",
        type=argtypes.positive_int,
        default=DEFAULT_MAX_CONNECTIONS_PER_PEER,
        metavar="N",
        help=(
            "MessagePack-RPC connections at once from one IP address "
            f"(default {DEFAULT_MAX_CONNECTIONS_PER_PEER})"
        ),
    )
    parser.add_argument(
        "--idle-timeout",
        type=argtypes.seconds,
        default=DEFAULT_IDLE_TIMEOUT,
        metavar="SECONDS",
        help=(
            "close a MessagePack-RPC connection that sends nothing for this long while it "
            f"watches nothing (default {DEFAULT_IDLE_TIMEOUT:g}; 0: never)"
        ),
    )
    parser.add_argument(
        "--read-timeout",
        type=argtypes.seconds,
        default=DEFAULT_READ_TIMEOUT,
        metavar="SECONDS",
        help=(
            "close a MessagePack-RPC connection whose message, once begun, is not complete "
            f"within this time, or that does not take a reply (or finish its TLS handshake) "
            "within it "
            f"(default {DEFAULT_READ_TIMEOUT:g}; 0: never)"
        ),
    )
    parser.add_argument(
        "--max-output",
        type=argtypes.positive_int,
        default=DEFAULT_MAX_OUTPUT,
        metavar="BYTES",
        help=(
            "close a MessagePack-RPC connection that lets more than this much output queue "
            f"up unread (default {DEFAULT_MAX_OUTPUT})"
        ),
    )
    parser.add_argument(
        "--max-backlog",
        type=argtypes.positive_int,
        default=DEFAULT_MAX_BACKLOG,
        metavar="N",
        help=(
            "watch updates due (one per action and audience) past which the MessagePack-RPC "
            "fan-out no longer lets calls go first, so acts wait for it "
            f"(default {DEFAULT_MAX_BACKLOG})"
        ),
    )
    parser.add_argument(
        "--decode-budget",
        type=argtypes.non_negative_int,
        default=DEFAULT_DECODE_BUDGET,
        metavar="BYTES",
        help=(
            f"bytes of MessagePack-RPC messages over {LARGE_MESSAGE // 1024} KiB held at once "
            "over all connections, until handled; a large message waits (its connection "
            f"is not read) until there is room (default {DEFAULT_DECODE_BUDGET}; 0: no bound)"
        ),
    )
    add_ai_arguments(parser)
    add_tls_arguments(parser)
    parser.add_argument(
        "--import",
        dest="imports",
        action="append",
        default=[],
        metavar="MODULE",
        help="import MODULE first (e.g. one that registers extra games); repeatable",
    )
    parser.add_argument(
        "--log-level", type=argtypes.log_level, default="WARNING", help="logging level (to stderr)"
    )


def run(args: argparse.Namespace) -> int:
    """Run the server until SIGINT/SIGTERM (TCP) or until stdin closes (``--stdio``)."""
    logging.basicConfig(
        stream=sys.stderr,
        level=str(args.log_level).upper(),
        format="%(asctime)s %(name)s %(levelname)s %(message)s",
    )
    for module in args.imports:
        importlib.import_module(module)
    try:
        tls = server_tls_from_args(args)
        if tls is not None and args.stdio:
            raise TlsConfigError("TLS is for TCP: --stdio takes no --tls-cert")
    except TlsConfigError as exc:
        print(f"islandgames serve: {exc}", file=sys.stderr)
        return 2
    store: MatchStore | None = None
    try:
        store = open_store(
            None if args.memory else args.store, synchronous=args.sync, journal=args.journal
        )
        service = MatchService(
            store, snapshot_every=args.snapshot_every, ai_limits=ai_limits_from_args(args)
        )
    except StoreError as exc:
        if store is not None:
            store.close()
        print(f"islandgames serve: {exc}", file=sys.stderr)
        return 2
    try:
        asyncio.run(_serve(service, args, tls))
    except OSError as exc:
        print(f"islandgames serve: {exc}", file=sys.stderr)
        return 2
    finally:
        service.close()
    return 0


def rpc_server_options(args: argparse.Namespace) -> dict[str, Any]:
    """The :class:`RpcServer` keyword arguments the options give (defaults for any
    option ``args`` lacks)."""
    return {
        "max_frame": getattr(args, "max_frame", DEFAULT_MAX_FRAME),
        "max_connections": getattr(args, "max_connections", DEFAULT_MAX_CONNECTIONS),
        "max_connections_per_peer": getattr(
            args, "max_connections_per_peer", DEFAULT_MAX_CONNECTIONS_PER_PEER
        ),
        "idle_timeout": getattr(args, "idle_timeout", DEFAULT_IDLE_TIMEOUT) or None,
        "read_timeout": getattr(args, "read_timeout", DEFAULT_READ_TIMEOUT) or None,
        "max_output": getattr(args, "max_output", DEFAULT_MAX_OUTPUT),
        "max_backlog": getattr(args, "max_backlog", DEFAULT_MAX_BACKLOG),
        "decode_budget": getattr(args, "decode_budget", DEFAULT_DECODE_BUDGET) or None,
    }


async def _serve(
    service: MatchService, args: argparse.Namespace, tls: ServerTls | None = None
) -> None:
    server = RpcServer(
        service, **rpc_server_options(args), tls=None if tls is None else tls.context()
    )
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    try:
        if args.stdio:
            serving = asyncio.create_task(server.serve_stdio())
            stopping = asyncio.create_task(stop.wait())
            await asyncio.wait({serving, stopping}, return_when=asyncio.FIRST_COMPLETED)
            stopping.cancel()
        else:
            port = await start_tcp(server, "127.0.0.1", args.port)
            print(f"{READY_PREFIX}127.0.0.1:{port}", flush=True)
            await stop.wait()
    finally:
        await server.close()


async def start_tcp(server: RpcServer, host: str, port: int) -> int:
    """``server.start_tcp``, failing with one clear :class:`OSError` line."""
    try:
        return await server.start_tcp(host, port)
    except OSError as exc:
        reason = os.strerror(exc.errno) if exc.errno else str(exc)
        raise OSError(f"MessagePack-RPC cannot listen on {host}:{port}: {reason}") from None


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m islandgames_msgpackrpc",
        description="Serve islandgames matches over MessagePack-RPC (127.0.0.1 only).",
    )
    add_server_arguments(parser)
    return run(parser.parse_args(argv))
