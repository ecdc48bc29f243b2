"""``islandgames tournament``: run a tournament of bots into a results store, report on
a store, and write or verify its games' replay logs (:mod:`islandgames.tournament`).

``run`` plays like ``islandgames simulate`` (the same game for the same seed and bots,
the same progress bar, results identical whatever the number of workers), for every
seating of the bots, keeps every game in the store as it ends, and prints the report.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any

from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from ..core.log import verify_log
from ..core.rng import parse_seed as _seed_value
from ..tournament import (
    TournamentError,
    build_report,
    build_spec,
    check_seeds,
    make_backend,
    open_store,
    play,
)
from ..tournament.backends import BACKENDS
from ..tournament.report import Report
from ..tournament.seatings import ROTATIONS
from ._bots import check_bot
from ._common import (
    CONFIG_HELP,
    EXIT_FAILED,
    EXIT_OK,
    CliError,
    _config_wire,
    _err,
    _load_game,
    _out,
    _positive,
    _print_json,
    _shown,
    _t,
)


def parse_seeds(text: str) -> range:
    """``--seeds``: ``N`` (seeds 0..N-1) or ``A:B`` (seeds A..B-1), each a seed as the
    command line takes it (decimal, or hex with 0x).

    >>> parse_seeds("3"), parse_seeds("10:12"), parse_seeds("0x10:0x12")
    (range(0, 3), range(10, 12), range(16, 18))
    >>> parse_seeds("5:3")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    argparse.ArgumentTypeError: bad seeds '5:3': the range is empty (5:3 holds no seed; ...)
    """
    start_text, colon, stop_text = text.partition(":")
    try:
        if not colon:
            start, stop = 0, _seed_value(text.strip())
        else:
            start, stop = _seed_value(start_text.strip()), _seed_value(stop_text.strip())
    except ValueError as exc:
        raise argparse.ArgumentTypeError(
            f"bad seeds {_shown(text)}: {exc} (give N for 0..N-1, or A:B for A..B-1)"
        ) from None
    if stop <= start:
        raise argparse.ArgumentTypeError(
            f"bad seeds {_shown(text)}: the range is empty ({start}:{stop} holds no seed; "
            "A:B is A..B-1)"
        )
    return range(start, stop)


def add_parser(subparsers: Any) -> None:
    """Add ``tournament`` (``run``, ``report``, ``logs``) to the ``islandgames`` subparsers."""
    p = subparsers.add_parser(
        "tournament",
        help="run bots against each other on rotated seatings, resumably; report ratings",
        description="Tournaments of bots: every seating (the bots rotated over the seats or "
        "roles) of every config on every seed, kept game by game in a SQLite store "
        "(a rerun plays only what is missing), with a report of win rates, ratings and "
        "balance figures (docs/tournaments.md).",
    )
    sub = p.add_subparsers(dest="action", metavar="ACTION")
    sub.required = True

    r = sub.add_parser(
        "run",
        help="play the tournament's missing games into the store, then report",
        description="Play every game of the seeds that the store lacks, on the local or the "
        "Ray backend, then print the report over those seeds.",
    )
    r.add_argument("game", metavar="GAME", help="game id")
    r.add_argument(
        "--bot",
        action="append",
        required=True,
        metavar="[NAME=]SPEC",
        help="a bot of the field (repeat for each): a bot spec, named by itself, or "
        "NAME=SPEC (e.g. --bot heuristic --bot m50=mcts:iterations=50)",
    )
    r.add_argument(
        "--seeds",
        type=parse_seeds,
        default=range(100),
        metavar="N|A:B",
        help="the seeds: N for 0..N-1, A:B for A..B-1 (decimal or 0x hex; default 100)",
    )
    r.add_argument(
        "--config",
        action="append",
        metavar="JSON",
        help=CONFIG_HELP + "; repeat for several configs (default: the game's defaults)",
    )
    r.add_argument(
        "--seating",
        choices=("auto", "seats", "roles", "team"),
        default="auto",
        help="rotate the bots over the seats, over the roles (every seat of a role gets one "
        "bot), or give one bot every seat (team); auto: roles if every role of the game is "
        "in play, else seats (default auto)",
    )
    r.add_argument(
        "--rotation",
        choices=ROTATIONS,
        default="cyclic",
        help="cyclic: the bots' rotations (each bot plays each slot once per seed); "
        "permutations: every assignment of distinct bots to the slots (every ordered "
        "matchup); all: every assignment, mirrors included (default cyclic)",
    )
    r.add_argument("--store", required=True, metavar="PATH", help="the SQLite results store")
    r.add_argument(
        "--backend", choices=BACKENDS, default="local", help="where games run (default local)"
    )
    r.add_argument(
        "--workers",
        "-j",
        type=_positive,
        metavar="K",
        help="worker processes (local, default 1) or Ray tasks at once (ray, default: the "
        "cluster's CPUs)",
    )
    r.add_argument(
        "--address",
        metavar="auto|ray://HOST:PORT",
        help="the Ray cluster to use (--backend ray): auto joins the cluster of this "
        "machine; default: start Ray here",
    )
    r.add_argument(
        "--max-actions",
        type=_positive,
        default=100_000,
        metavar="M",
        help="stop a game after M actions (counted as unfinished)",
    )
    r.add_argument("--no-logs", action="store_true", help="do not keep the games' replay logs")
    _report_options(r)
    r.set_defaults(func=cmd_tournament_run)

    rep = sub.add_parser(
        "report",
        help="print the report of a store",
        description="Print the report of the games in a store (all of them, or --seeds).",
    )
    rep.add_argument("store", metavar="STORE", help="the SQLite results store")
    rep.add_argument(
        "--seeds", type=parse_seeds, metavar="N|A:B", help="only these seeds (default: all)"
    )
    _report_options(rep)
    rep.set_defaults(func=cmd_tournament_report)

    lg = sub.add_parser(
        "logs",
        help="write the games' replay logs to files, or verify them",
        description="Write each stored game's replay log to DIR/c{config}-s{seed}-k{seating}"
        ".iglog (the seed in hex), and/or verify each with islandgames.verify_log.",
    )
    lg.add_argument("store", metavar="STORE", help="the SQLite results store")
    lg.add_argument("--out", metavar="DIR", help="write the logs to DIR (created if missing)")
    lg.add_argument("--verify", action="store_true", help="verify every log")
    lg.add_argument(
        "--seeds", type=parse_seeds, metavar="N|A:B", help="only these seeds (default: all)"
    )
    lg.add_argument("--quiet", "-q", action="store_true", help="no progress bar")
    lg.set_defaults(func=cmd_tournament_logs)


def _report_options(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--bootstrap",
        type=_positive,
        default=200,
        metavar="B",
        help="bootstrap replicates for the ratings' intervals (default 200)",
    )
    p.add_argument("--json", action="store_true", help="print the report as JSON on stdout")
    p.add_argument("--quiet", "-q", action="store_true", help="no progress bar")


def _progress(quiet: bool) -> Progress:
    """The progress bar of ``islandgames simulate``, on stderr when it is a terminal."""
    err = _err()
    return Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err,
        transient=True,
        disable=quiet or not err.is_terminal,
    )


def _bots(given: list[str]) -> dict[str, str]:
    bots: dict[str, str] = {}
    for text in given:
        name, eq, spec = text.partition("=")
        if not eq or ":" in name:  # "mcts:iterations=9" is a spec, not NAME=SPEC
            name, spec = text, text
        if name in bots:
            raise CliError(f"--bot {_shown(text)}: the name {name!r} is given twice")
        bots[name] = spec
    return bots


def _show(rep: Report, as_json: bool) -> int:
    if as_json:
        _print_json(rep.to_wire())
    else:
        console = _out()
        for part in rep.tables():
            console.print(part)
    return EXIT_FAILED if rep.errors else EXIT_OK


def cmd_tournament_run(args: argparse.Namespace) -> int:
    game = _load_game(args.game)
    configs = [_config_wire(game, c) for c in args.config] if args.config else None
    bots = _bots(args.bot)
    for spec_text in bots.values():  # as simulate checks --bot: with a did-you-mean
        check_bot(game, spec_text)
    if args.backend == "local" and args.address is not None:
        raise CliError("--address is for --backend ray")
    try:
        spec = build_spec(
            game.info.id,
            bots,
            configs=configs,
            seating=args.seating,
            rotation=args.rotation,
            max_actions=args.max_actions,
        )
        seeds = check_seeds(args.seeds)
        store = open_store(args.store, spec)
    except TournamentError as exc:
        raise CliError(str(exc)) from None
    with store:
        before = len(store)
        try:
            backend = make_backend(args.backend, workers=args.workers, address=args.address)
        except TournamentError as exc:
            raise CliError(str(exc)) from None
        progress = _progress(args.quiet)
        t0 = time.perf_counter()
        try:
            with progress:
                task = progress.add_task(f"tournament {spec.game}", total=None)

                def advance(done: int, total: int) -> None:
                    progress.update(task, completed=done, total=total)

                played = play(spec, seeds, store, backend, logs=not args.no_logs, progress=advance)
        except KeyboardInterrupt:
            _err().print(
                _t(
                    f"interrupted: {len(store) - before} new games are in {args.store}; "
                    "the same command goes on from there",
                    "yellow",
                )
            )
            return 130
        except TournamentError as exc:
            raise CliError(str(exc)) from None
        finally:
            backend.close()
        seconds = max(time.perf_counter() - t0, 1e-9)
        rep = build_report(spec, store.records(seeds), seeds=seeds, bootstrap=args.bootstrap)
    if not args.quiet:  # timing: on stderr, never in the report
        _err().print(
            _t(
                f"played {played} games ({rep.stored - played} were in the store) in "
                f"{seconds:.1f} s ({played / seconds:.1f} games/s) on {backend.name} with "
                f"{backend.workers} worker(s)",
                "dim",
            )
        )
    return _show(rep, args.json)


def cmd_tournament_report(args: argparse.Namespace) -> int:
    try:
        with open_store(args.store) as store:
            seeds = None if args.seeds is None else check_seeds(args.seeds)
            rep = build_report(
                store.spec, store.records(seeds), seeds=seeds, bootstrap=args.bootstrap
            )
    except TournamentError as exc:
        raise CliError(str(exc)) from None
    return _show(rep, args.json)


def log_name(config: int, seed: int, seating: int) -> str:
    """The file name of a game's log under ``logs --out``."""
    return f"c{config}-s{seed:x}-k{seating}.iglog"


def cmd_tournament_logs(args: argparse.Namespace) -> int:
    if args.out is None and not args.verify:
        raise CliError("say what to do: --out DIR, --verify, or both")
    out = None if args.out is None else Path(args.out)
    if out is not None:
        try:
            out.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise CliError(f"--out {_shown(args.out)}: {exc.strerror or exc}") from None
    written = verified = without = 0
    failed: list[str] = []
    try:
        with open_store(args.store) as store:
            seeds = None if args.seeds is None else set(check_seeds(args.seeds))
            keys = [k for k in sorted(store.keys()) if seeds is None or k[1] in seeds]
            progress = _progress(args.quiet)
            with progress:
                task = progress.add_task("logs", total=len(keys))
                for rec in store.iter_logs(keys):
                    progress.advance(task)
                    if rec.log is None:
                        without += 1
                        continue
                    name = log_name(*rec.key)
                    if out is not None:
                        (out / name).write_bytes(rec.log)
                        written += 1
                    if args.verify:
                        verdict = verify_log(rec.log)
                        if verdict.status == "verified" or (
                            verdict.status == "unfinished" and not rec.finished
                        ):
                            verified += 1
                        else:
                            failed.append(f"{name}: {verdict.status} {verdict.divergence}")
    except TournamentError as exc:
        raise CliError(str(exc)) from None
    console = _out()
    parts = [f"{len(keys)} games"]
    if out is not None:
        parts.append(f"{written} logs written to {out}")
    if args.verify:
        parts.append(f"{verified} verified, {len(failed)} failed")
    if without:
        parts.append(f"{without} stored without a log")
    console.print(_t("; ".join(parts)))
    for line in failed[:20]:
        console.print(_t(line, "red"))
    return EXIT_FAILED if failed else EXIT_OK
