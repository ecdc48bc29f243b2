"""``islandgames replay``: show a log, verify it, travel in it (``--at``, ``--fork``) or
write its HTML replay viewer."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.rule import Rule
from rich.table import Table

from ..core import serde
from ..core.errors import ReplayDivergenceError
from ..core.game import describe_action
from ..core.history import fork, state_at
from ..core.log import LogEntry, ReplayLog, Verification, seed_commitment, verify_log
from ..core.notation import describe
from ..core.registry import get_game
from ._common import (
    EXIT_FAILED,
    EXIT_OK,
    EXIT_UNFINISHED,
    AnyGame,
    CliError,
    _Diverged,
    _err,
    _non_negative,
    _out,
    _print_json,
    _seat_label,
    _t,
    parse_seed,
)
from ._logs import _log_game, _log_seed, _read_log, _replay_states, _write_seed, seed_file
from ._wire import _render_view, render_wire

SHORT_HASH = 12


def add_parser(subparsers: Any) -> None:
    """Add ``replay`` to the ``islandgames`` subparsers."""
    p = subparsers.add_parser(
        "replay",
        help="show (and verify) a replay log",
        description="Print a log's header and entries, replayed under the rules version "
        "it was recorded with; --verify checks it (exit 0 verified: replayed from the "
        "revealed seed; 3 unfinished: chain-consistent, the game not over (replayed from "
        "--seed if given); 1 diverged, or --seed refused: not the log's seed; "
        "2 unreadable file or a rules version this engine does not have).",
    )
    p.add_argument("log", metavar="LOG", help="log file")
    p.add_argument(
        "--verify",
        action="store_true",
        help="verify the chain, and replay every action when the seed is revealed",
    )
    p.add_argument(
        "--seat",
        type=_non_negative,
        metavar="K",
        help="show actions (and with --show-states, views) as seat K saw them",
    )
    p.add_argument(
        "--show-states",
        action="store_true",
        help="replay and print the state (or seat K's view) after every entry",
    )
    p.add_argument(
        "--seed",
        type=parse_seed,
        help="the seed (decimal or 0x hex), to replay a log whose game is not over "
        "(default: LOG.seed beside the log, if there is one; --verify uses only a seed "
        "given here, and refuses one that is not the log's)",
    )
    p.add_argument(
        "--at",
        type=_non_negative,
        metavar="N",
        help="print the state (or with --seat K, seat K's view) after entry N (0: the "
        "initial state) instead of the log",
    )
    p.add_argument(
        "--json",
        action="store_true",
        help="with --at: print the wire form as JSON; with --verify: print the verdict "
        "alone, as one JSON object",
    )
    p.add_argument(
        "--quiet", "-q", action="store_true", help="with --verify: print the verdict line alone"
    )
    p.add_argument(
        "--fork",
        type=_non_negative,
        metavar="N",
        help="write the log of a new match going on from the state after entry N to --out "
        "(its header names this log as its parent; play --resume continues it)",
    )
    p.add_argument("--out", metavar="FILE", help="with --fork: the forked log to write")
    p.add_argument(
        "--html",
        metavar="OUT",
        help="write the replay viewer to OUT: one self-contained HTML page that steps "
        "through the match (pictures, actions, the verdict; with --seat K, or for a "
        "per-seat log, only what that seat saw)",
    )
    p.set_defaults(func=cmd_replay)


def _describe_wire(action: Any) -> str:
    """A logged action (wire form) in ``describe_action`` style; None: masked."""
    if action is None:
        return "(hidden)"
    if isinstance(action, dict):
        tag = action.get("type", "action")
        args = ", ".join(f"{k}={v!r}" for k, v in action.items() if k != "type")
        return f"{tag}({args})"
    return repr(action)


def _short(h: str) -> str:
    return h[:SHORT_HASH]


def _print_header(console: Console, log: ReplayLog, path: str) -> None:
    h = log.header
    table = Table(title=f"log {path}", box=box.SIMPLE_HEAD, show_header=False)
    table.add_column(style="bold")
    table.add_column(overflow="fold")
    viewer = (
        "full log"
        if log.viewer == "all"
        else ("spectator" if log.viewer is None else f"seat {log.viewer}")
    )
    newest = get_game(h.game).info.rules_version
    rules = f"{h.game} (rules {h.rules_version}" + (
        f"; replayed as {h.rules_version}, newest {newest})" if newest != h.rules_version else ")"
    )
    for k, v in (
        ("game", rules),
        ("engine", h.engine_version),
        ("config", json.dumps(h.config, separators=(",", ":"))),
        ("seats", str(h.seats)),
        ("redaction", viewer),
        ("seed commitment", h.seed_commitment),
        ("initial state", h.initial_state_hash),
        *(
            ()
            if h.parent is None
            else (
                (
                    "forked from",
                    f"match {h.parent.match or '(a library log)'} after entry "
                    f"{h.parent.seq}, chain hash {h.parent.chain_hash}",
                ),
            )
        ),
        ("entries", str(len(log.entries))),
        ("end", "game over, seed revealed" if log.end is not None else "running (no end record)"),
    ):
        table.add_row(_t(k), _t(v))
    console.print(table)


def cmd_replay(args: argparse.Namespace) -> int:
    log = _read_log(args.log)
    if args.html is not None:
        return _write_html(log, args)
    if args.at is not None or args.fork is not None:
        return _time_travel(log, args)
    if args.out is not None:
        raise CliError("--out needs --fork")
    if (args.json or args.quiet) and not args.verify:
        raise CliError("--json needs --at or --verify" if args.json else "--quiet needs --verify")
    if args.verify and (args.json or args.quiet):  # the verdict alone
        if args.show_states or args.seat is not None:
            raise CliError("--verify with --quiet or --json prints the verdict alone: "
                           "it goes without --show-states and --seat")  # fmt: skip
        return _verdict(_out(), log, args)
    if args.seat is not None and not 0 <= args.seat < log.header.seats:
        raise CliError(f"--seat {args.seat}: the log has seats 0..{log.header.seats - 1}")
    need_replay = args.show_states or args.seat is not None
    game = _log_game(log) if need_replay else None
    console = _out()
    _print_header(console, log, args.log)
    try:
        if game is not None:
            _show_replayed(console, game, log, args)
        else:
            _show_entries(console, log, None, args.seat)
    except _Diverged as exc:
        _err().print(_t(f"DIVERGED: {exc}", "bold red"))
        if not args.verify:
            return EXIT_FAILED
    if log.end is not None:
        console.print(_t(f"seed: {log.end.seed}"))
        console.print(_t("outcome: " + json.dumps(log.end.outcome, separators=(",", ":"))))
    if args.verify:
        return _verdict(console, log, args)
    return EXIT_OK


def _verdict(console: Console, log: ReplayLog, args: argparse.Namespace) -> int:
    """``--verify``: the verdict on the log (:func:`verify_log`), and on a given
    ``--seed``: one that is not the log's is refused; with it, a running game is
    replayed (every state hash checked). One line, or with ``--json`` one JSON
    object; the exit code that goes with it."""
    v = verify_log(log)
    given: int | None = args.seed
    wire: dict[str, Any] = {**v.to_wire(), "seed": None if log.end is None else "revealed"}
    if given is not None:
        wire["seed"] = "given"
        problem = _seed_problem(log, given)
        if problem is not None:
            line = f"REFUSED: --seed {given:#x} {problem}; nothing was verified with it"
            return _show_verdict(console, args, {**wire, "status": "refused"}, line)
        if v.status == "unfinished":
            return _show_verdict(console, args, wire, _replayed_verdict(log, given))
    return _show_verdict(console, args, wire, _verdict_line(log, v))


def _seed_problem(log: ReplayLog, seed: int) -> str | None:
    """Why ``seed`` is not the seed of ``log`` (None: it is)."""
    if seed_commitment(seed) != log.header.seed_commitment:
        return "does not match the log's seed commitment (it is not this match's seed)"
    if log.end is not None and log.end.seed != f"{seed:064x}":
        return "is not the seed the log's end record reveals"
    return None


def _replayed_verdict(log: ReplayLog, seed: int) -> str:
    """The verdict line on a running game replayed from its (matching) given seed."""
    if log.viewer != "all":
        raise CliError(
            f"{log.viewer!r} log: a per-seat log masks actions, so --verify --seed "
            "cannot replay it; give the full log"
        )
    game = _log_game(log)
    try:
        for _ in _replay_states(game, log, seed):
            pass
    except _Diverged as exc:
        return f"DIVERGED replaying from the given seed: {exc}"
    return (
        f"UNFINISHED: chain-consistent, and all {len(log.entries)} entries replayed from "
        f"the given seed under {log.header.game} rules {log.header.rules_version} (it "
        "matches the seed commitment; every state hash matches); the game is not over, "
        "so there is no outcome to check yet"
    )


def _show_verdict(
    console: Console, args: argparse.Namespace, wire: dict[str, Any], line: str
) -> int:
    status = "diverged" if line.startswith("DIVERGED") else wire["status"]
    wire = {**wire, "status": status, "message": line}
    if status != "diverged":
        wire["divergence"] = None
    if args.json:
        sys.stdout.write(json.dumps(wire, separators=(",", ":")) + "\n")
        sys.stdout.flush()
    else:
        style = {"verified": "bold green", "unfinished": "bold yellow"}.get(status, "bold red")
        console.print(_t(line, style))
    return {"verified": EXIT_OK, "unfinished": EXIT_UNFINISHED}.get(status, EXIT_FAILED)


def _write_html(log: ReplayLog, args: argparse.Namespace) -> int:
    """``replay LOG --html OUT``: the replay viewer, one self-contained HTML page
    (:func:`islandgames.render.html.replay_html`)."""
    from ..render.html import replay_html

    for flag, given in (
        ("--at", args.at is not None),
        ("--fork", args.fork is not None),
        ("--out", args.out is not None),
        ("--json", args.json),
        ("--quiet", args.quiet),
        ("--show-states", args.show_states),
    ):
        if given:
            raise CliError(f"--html goes without {flag}")
    if args.seat is not None and not 0 <= args.seat < log.header.seats:
        raise CliError(f"--seat {args.seat}: the log has seats 0..{log.header.seats - 1}")
    if args.seed is not None:
        _log_seed(log, args.seed)  # a seed that does not match the commitment: exit 1
    verdict = verify_log(log)
    err = _err()
    progress = Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err,
        transient=True,
        disable=not err.is_terminal,
    )
    with progress:
        task = progress.add_task("drawing the steps", total=len(log.entries) + 1)
        try:
            page = replay_html(
                log,
                seat=args.seat,
                seed=args.seed,
                verification=verdict,
                progress=lambda done, _total: progress.update(task, completed=done),
            )
        except ValueError as exc:
            raise CliError(str(exc)) from exc
    try:
        Path(args.html).write_text(page, encoding="utf-8")
    except OSError as exc:
        raise CliError(f"cannot write {args.html!r}: {exc.strerror}") from exc
    err.print(_t(f"wrote {args.html} ({len(log.entries) + 1} steps, {len(page) // 1024} kB)"))
    if args.verify:
        return _show_verdict(_out(), args, verdict.to_wire(), _verdict_line(log, verdict))
    return EXIT_FAILED if verdict.status == "diverged" else EXIT_OK


def _time_travel(log: ReplayLog, args: argparse.Namespace) -> int:
    """``replay LOG --at N`` (the state, or seat K's view, after entry N) and
    ``replay LOG --fork N --out NEW`` (the forked match's log)."""
    if args.at is not None and args.fork is not None:
        raise CliError("give --at N or --fork N, not both")
    if args.verify or args.show_states or args.quiet:
        raise CliError("--at and --fork go without --verify, --quiet and --show-states")
    if log.viewer != "all":
        raise CliError(f"{args.log} is a per-seat log; --at and --fork need the full log")
    n = len(log.entries)
    seq = args.at if args.at is not None else args.fork
    if not 0 <= seq <= n:
        flag = "--at" if args.at is not None else "--fork"
        raise CliError(f"{flag} {seq}: the log has entries 0..{n}")
    seed = _log_seed(log, args.seed, args.log)
    if args.fork is not None:
        if args.out is None:
            raise CliError("--fork needs --out NEW.iglog")
        if args.seat is not None or args.json:
            raise CliError("--seat and --json go with --at, not --fork")
        if Path(args.out).resolve() == Path(args.log).resolve():
            raise CliError("--out must not be the log being forked")
        try:
            m = fork(log, seq, seed, log_path=args.out)
        except ReplayDivergenceError as exc:
            raise _Diverged(str(exc)) from exc
        except OSError as exc:
            raise CliError(f"cannot write {args.out!r}: {exc.strerror}") from exc
        m.close()
        over = m.outcome() is not None
        if not over:
            _write_seed(args.out, seed)
        assert m.header.parent is not None
        console = _out()
        console.print(_t(
            f"forked {args.log} after entry {seq} of {n}: wrote {args.out} ({m.seq} entries; "
            f"parent chain hash {m.header.parent.chain_hash})"
        ))  # fmt: skip
        if over:
            console.print(_t("the game is already over at that entry: nothing to play"))
        else:
            console.print(_t(
                f"the seed is in {seed_file(args.out)}; go on with: "
                f"islandgames play --resume {args.out}"
            ))  # fmt: skip
        return EXIT_OK
    if args.out is not None:
        raise CliError("--out goes with --fork")
    game = _log_game(log)
    if args.seat is not None and not 0 <= args.seat < log.header.seats:
        raise CliError(f"--seat {args.seat}: the log has seats 0..{log.header.seats - 1}")
    try:
        state = state_at(log, seq, seed)
    except ReplayDivergenceError as exc:
        raise _Diverged(str(exc)) from exc
    shown = state if args.seat is None else game.view(state, args.seat)
    if args.json:
        _print_json(serde.to_wire(shown))
        return EXIT_OK
    _show_state(_out(), game, state, args.seat, f"after entry {seq} of {n}")
    return EXIT_OK


def _verdict_line(log: ReplayLog, v: Verification) -> str:
    """The one line of the verdict ``v`` on ``log``."""
    if v.status == "diverged":
        return f"DIVERGED at {v.divergence}"
    if v.status == "unfinished":
        return (
            f"UNFINISHED: chain-consistent ({v.entries} entries: the hash chain and every "
            "visible action's commitment hold), but the log has no revealed seed, so "
            "nothing was replayed; verify it again once the game is over (or give --seed)"
        )
    h = log.header
    return (
        f"VERIFIED: all {v.entries} entries replayed from the revealed seed under "
        f"{h.game} rules {h.rules_version}; the seed commitment, every state hash, the "
        "chain and the outcome match"
    )


def _show_entries(
    console: Console, log: ReplayLog, rows: list[tuple[LogEntry, str]] | None, seat: int | None
) -> None:
    table = Table(box=box.SIMPLE_HEAD)
    for col, justify in (
        ("seq", "right"),
        ("seat", "right"),
        ("action", "left"),
        ("state", "left"),
        ("chain", "left"),
    ):
        table.add_column(col, justify=justify, overflow="fold")  # type: ignore[arg-type]
    shown = rows if rows is not None else [(e, _describe_wire(e.action)) for e in log.entries]
    for e, text in shown:
        table.add_row(
            _t(e.seq),
            _t(e.seat),
            _t(text, "dim" if text == "(hidden)" else ""),
            _t(_short(e.state_hash), "dim"),
            _t(_short(e.chain_hash), "dim"),
        )
    console.print(table)


def _show_replayed(
    console: Console, game: AnyGame, log: ReplayLog, args: argparse.Namespace
) -> None:
    seed = _log_seed(log, args.seed)  # --seed only (LOG.seed: --at, --fork)
    viewer: int | None = args.seat
    states = list(_replay_states(game, log, seed))
    final = states[-1][2]
    rows: list[tuple[LogEntry, str]] = []
    for e, before, after in states:
        if e is None:
            if args.show_states:
                _show_state(console, game, after, viewer, "initial state")
            continue
        action = game.decode_action(e.action)
        if viewer is not None:
            action = game.redact_action(before, e.seat, action, viewer, final)
        text = "(hidden)" if action is None else describe_action(action)
        rows.append((e, text))
        if args.show_states:
            words = text
            if action is not None:  # in the game's words, from what the reader sees
                reader = game.view(before, e.seat if viewer is None else viewer)
                said = describe(game, reader, e.seat, action)
                words = said if said == text else f"{said} [{text}]"
            console.print(Rule(_t(f"#{e.seq} {_seat_label(game, before, e.seat)}: {words}")))
            _show_state(console, game, after, viewer, f"after #{e.seq}")
    if not args.show_states:
        _show_entries(console, log, rows, viewer)


def _show_state(
    console: Console, game: AnyGame, state: Any, viewer: int | None, title: str
) -> None:
    if viewer is None:
        console.print(
            render_wire(serde.to_wire(state), f"{title}: state {_short(serde.state_hash(state))}"),
            soft_wrap=False,
        )
    else:
        console.print(
            _render_view(game, game.view(state, viewer), f"{title}: view of seat {viewer}"),
            soft_wrap=False,
        )
