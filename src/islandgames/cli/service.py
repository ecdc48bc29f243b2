"""The service's command-line commands: ``islandgames serve`` (here), ``demo``
(:mod:`islandgames.cli.demo`) and ``copy-store`` (:mod:`islandgames.cli.copy_store`).

The command line is the top layer: unlike :mod:`islandgames.service`, it may import the
adapters (``serve`` runs both servers, ``demo`` makes their clients).

``add_service_commands(subparsers)`` adds the three to an ``argparse`` parser; each sets
``func`` to a function of the parsed arguments that returns the exit code.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from typing import Any

from . import copy_store, demo
from ._common import (
    GRPC_EXTRA,
    CliError,
    _check_store,
    _user_error,
    grpc_installed,
    quiet_grpc_logs,
)
from .copy_store import cmd_copy_store
from .demo import cmd_demo, parse_address

__all__ = [
    "add_parser",
    "add_service_commands",
    "cmd_copy_store",
    "cmd_demo",
    "cmd_serve",
    "parse_address",
]

quiet_grpc_logs()  # before grpc is imported (by the commands, lazily)


def add_service_commands(subparsers: Any) -> None:
    """Add ``serve``, ``demo`` and ``copy-store`` to an ``argparse`` subparsers object."""
    add_parser(subparsers)
    demo.add_parser(subparsers)
    copy_store.add_parser(subparsers)


def add_parser(subparsers: Any) -> None:
    """Add ``serve`` to the ``islandgames`` subparsers (its gRPC options only when the
    ``grpc`` extra is installed)."""
    from islandgames_msgpackrpc.app import add_server_arguments

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
            + ("" if grpc_installed() else f" gRPC is not installed here ({GRPC_EXTRA}).")
        ),
    )
    add_server_arguments(p)
    if grpc_installed():
        from islandgames_grpc.app import add_grpc_arguments

        add_grpc_arguments(p)
    p.set_defaults(func=cmd_serve)


def cmd_serve(args: argparse.Namespace) -> int:
    """Run the servers until SIGINT/SIGTERM (or until stdin closes with ``--stdio``). A
    bad input is one line on stderr and exit code 2, before any port is bound."""
    try:
        _check_serve(args)
    except CliError as exc:
        return _user_error("serve", exc)
    if args.stdio or not grpc_installed():
        from islandgames_msgpackrpc.app import run

        if not args.stdio:
            print(
                f"islandgames serve: gRPC is not installed; serving MessagePack-RPC only "
                f"({GRPC_EXTRA} adds it)",
                file=sys.stderr,
            )
        return run(args)
    from islandgames_grpc.app import run as run_servers

    return run_servers(args)


def _check_serve(args: argparse.Namespace) -> None:
    """What the parser cannot check of ``serve``'s options: the store's place, the
    modules of ``--import``."""
    if not getattr(args, "memory", False):
        _check_store(args.store, "--store")
    for module in getattr(args, "imports", ()):
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name is None or not (module + ".").startswith(exc.name + "."):
                raise  # the module is there, but what it imports is not: its bug
            raise CliError(f"--import {module}: no module named {exc.name!r}") from None
