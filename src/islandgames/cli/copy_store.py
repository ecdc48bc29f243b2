"""``islandgames copy-store``: copy every match from one store to another (e.g. SQLite to
PostgreSQL), checking each."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

from ._common import CliError, _check_store, _user_error


def add_parser(subparsers: Any) -> None:
    """Add ``copy-store`` to the ``islandgames`` subparsers."""
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
    try:
        _check_store(args.source, "SOURCE")
        _check_store(args.destination, "DESTINATION")
    except CliError as exc:
        return _user_error("copy-store", exc)
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
