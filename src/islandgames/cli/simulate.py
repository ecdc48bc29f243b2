"""``islandgames simulate``: run many seeded bot games in worker processes and summarise
them (the same summary whatever the number of workers)."""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import multiprocessing
import signal
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs
from rich import box
from rich.console import RenderableType
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from ..bots import Bot, Interjector, get_bot, play
from ..core import serde
from ..core.registry import get_game
from ..core.rng import MAX_SEED, Rng
from ._bots import _BotPlan, _parse_bots
from ._common import (
    CONFIG_HELP,
    EXIT_FAILED,
    EXIT_OK,
    AnyGame,
    CliError,
    _config_wire,
    _decode_config,
    _err,
    _load_game,
    _out,
    _positive,
    _print_json,
    _t,
    parse_seed,
)

REASONS_SHOWN = 15


def add_parser(subparsers: Any) -> None:
    """Add ``simulate`` to the ``islandgames`` subparsers."""
    p = subparsers.add_parser(
        "simulate",
        help="run many seeded bot games and summarise them",
        description="Run N seeded games (seeds S, S+1, ...) with bots, in K worker processes; "
        "results are identical whatever K and are reported in seed order.",
    )
    p.add_argument("game", metavar="GAME", help="game id")
    p.add_argument(
        "--games",
        "-n",
        type=_positive,
        default=100,
        metavar="N",
        help="number of games (default 100)",
    )
    p.add_argument(
        "--bot",
        action="append",
        metavar="SPEC|SEAT=SPEC|ROLE=SPEC",
        help="bot for every seat, for one seat, or for the seats of one role (a role of the "
        "game, e.g. creature=mcts; repeatable); default random; SEAT=SPEC wins over "
        "ROLE=SPEC. A spec is a bot name or NAME:key=value,... (e.g. "
        "mcts:iterations=400,rollout=random)",
    )
    p.add_argument(
        "--seed",
        type=parse_seed,
        default=0,
        metavar="S",
        help="first seed: decimal or 0x hex (default 0)",
    )
    p.add_argument("--config", metavar="JSON", help=CONFIG_HELP)
    p.add_argument(
        "--workers",
        "-j",
        type=_positive,
        default=1,
        metavar="K",
        help="worker processes (default 1)",
    )
    p.add_argument(
        "--max-actions",
        type=_positive,
        default=100_000,
        metavar="M",
        help="stop a game after M actions (counted as unfinished)",
    )
    p.add_argument("--json", action="store_true", help="print the summary as JSON on stdout")
    p.add_argument(
        "--per-game", action="store_true", help="include every game's result in the JSON summary"
    )
    p.add_argument("--quiet", "-q", action="store_true", help="no progress bar")
    p.set_defaults(func=cmd_simulate)


@attrs.frozen
class _Job:
    game: str
    config: dict[str, Any] | None
    bots: _BotPlan
    start: int
    count: int
    max_actions: int


@attrs.frozen
class _Record:
    """One simulated game, as plain data (cheap to send between processes)."""

    seed: int
    actions: int
    reason: str | None  # None: not finished (max actions) or an error
    results: tuple[tuple[int, str, str, int], ...]  # seat, role, result, score
    error: str | None = None


class _TimedBot:
    """A bot that counts its ``choose`` calls and their wall time (informational only:
    the choices are the wrapped bot's, so results never depend on timing)."""

    interject: Callable[..., tuple[Any, Rng]]  # the bot's own, if it has one

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = bot.name
        self.calls = 0
        self.seconds = 0.0
        if isinstance(bot, Interjector):  # out-of-turn plays pass through, untimed
            self.interject = bot.interject

    def choose(self, game: AnyGame, view: Any, legal: Sequence[Any], rng: Rng) -> tuple[Any, Rng]:
        t0 = time.perf_counter()
        try:
            return self.bot.choose(game, view, legal, rng)
        finally:
            self.seconds += time.perf_counter() - t0
            self.calls += 1


#: per bot spec: (choose calls, their total wall seconds)
_Timings = dict[str, tuple[int, float]]


def _run_job(job: _Job) -> tuple[int, list[_Record], _Timings]:
    game = get_game(job.game)
    config = None if job.config is None else game.decode_config(job.config)
    timed: dict[str, _TimedBot] = {}  # one bot per spec, whatever seats it plays

    def bot(spec: str) -> _TimedBot:
        if spec not in timed:
            timed[spec] = _TimedBot(get_bot(job.game, spec))
        return timed[spec]

    out: list[_Record] = []
    for seed in range(job.start, job.start + job.count):
        try:
            state = game.new(seed, config)  # the seats' roles may differ between seeds
            bots = {s: bot(job.bots.spec_for(s, game.role(state, s))) for s in game.seats(state)}
            res = play(game, seed, bots, config, max_actions=job.max_actions)
        except Exception as exc:  # an engine or bot bug: reported, not fatal
            out.append(_Record(seed, 0, None, (), f"{type(exc).__name__}: {exc}"))
            continue
        o = res.outcome
        if o is None:
            out.append(_Record(seed, res.actions, None, ()))
        else:
            results = tuple((r.seat, r.role, r.result, r.score) for r in o.results)
            out.append(_Record(seed, res.actions, o.reason, results))
    return job.start, out, {k: (t.calls, t.seconds) for k, t in timed.items()}


def _jobs(template: _Job, first: int, n: int, workers: int) -> list[_Job]:
    chunk = max(1, min(256, math.ceil(n / (workers * 8)) if workers > 1 else math.ceil(n / 50)))
    return [
        attrs.evolve(template, start=s, count=min(chunk, first + n - s))
        for s in range(first, first + n, chunk)
    ]


def _ignore_interrupts() -> None:
    """In a pool worker: Ctrl-C reaches the whole process group, but only the parent
    acts on it (it stops the pool); a worker would print its own traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _run_all(
    jobs: list[_Job], workers: int, on_done: Callable[[int], None]
) -> tuple[list[_Record], _Timings]:
    chunks: dict[int, list[_Record]] = {}
    timings: _Timings = {}

    def add(start: int, recs: list[_Record], times: _Timings) -> None:
        chunks[start] = recs
        for spec, (calls, secs) in times.items():
            c0, s0 = timings.get(spec, (0, 0.0))
            timings[spec] = (c0 + calls, s0 + secs)
        on_done(len(recs))

    if workers == 1:
        for job in jobs:
            add(*_run_job(job))
    else:
        # spawn: no fork of a possibly multi-threaded parent; workers import the registry
        ctx = multiprocessing.get_context("spawn")
        with ctx.Pool(workers, initializer=_ignore_interrupts) as pool:
            for result in pool.imap_unordered(_run_job, jobs):
                add(*result)
    return [r for start in sorted(chunks) for r in chunks[start]], timings


def _decision_timing(plan: _BotPlan, timings: _Timings) -> list[dict[str, Any]]:
    """Mean wall seconds per ``choose`` call of each bot spec in play (default first,
    then per seat, then per role): informational, like the rest of ``timing``."""
    rows = []
    for spec in plan.specs():
        calls, secs = timings.get(spec, (0, 0.0))
        rows.append(
            {
                "bot": spec,
                "decisions": calls,
                "seconds_per_decision": round(secs / calls, 6) if calls else None,
            }
        )
    return rows


def _stats(values: Sequence[int]) -> dict[str, Any]:
    if not values:
        return {"mean": None, "min": None, "max": None}
    return {"mean": round(sum(values) / len(values), 3), "min": min(values), "max": max(values)}


def _rate(k: int, n: int) -> float:
    return round(k / n, 4) if n else 0.0


def summarize(records: Sequence[_Record], meta: Mapping[str, Any]) -> dict[str, Any]:
    """The deterministic summary of simulated games (in seed order)."""
    finished = [r for r in records if r.reason is not None]
    errors = [r for r in records if r.error is not None]
    seats: dict[int, dict[str, Any]] = {}
    roles: dict[str, dict[str, int]] = {}
    scores: dict[int, list[int]] = {}
    reasons: dict[str, int] = {}
    for r in finished:
        assert r.reason is not None
        reasons[r.reason] = reasons.get(r.reason, 0) + 1
        for seat, role, result, score in r.results:
            s = seats.setdefault(
                seat, {"seat": seat, "roles": [], "games": 0, "wins": 0, "draws": 0, "losses": 0}
            )
            if role not in s["roles"]:
                s["roles"].append(role)
            s["games"] += 1
            s[{"win": "wins", "draw": "draws"}.get(result, "losses")] += 1
            scores.setdefault(seat, []).append(score)
            ro = roles.setdefault(role, {"games": 0, "wins": 0, "draws": 0, "losses": 0})
            ro["games"] += 1
            ro[{"win": "wins", "draw": "draws"}.get(result, "losses")] += 1
    seat_rows = []
    for seat in sorted(seats):
        s = seats[seat]
        s["roles"] = sorted(s["roles"])
        s["win_rate"] = _rate(s["wins"], s["games"])
        s["score"] = _stats(scores[seat])
        seat_rows.append(s)
    role_rows = [
        {"role": role, **c, "win_rate": _rate(c["wins"], c["games"])}
        for role, c in sorted(roles.items())
    ]
    digest = hashlib.blake2b(
        serde.packb(
            [[r.seed, r.actions, r.reason, [list(x) for x in r.results], r.error] for r in records]
        ),
        digest_size=16,
    ).hexdigest()
    lengths = [r.actions for r in records if r.error is None]
    return {
        **meta,
        "games": len(records),
        "finished": len(finished),
        "unfinished": len(records) - len(finished) - len(errors),
        "errors": [{"seed": r.seed, "error": r.error} for r in errors],
        "seats": seat_rows,
        "roles": role_rows,
        "length": {**_stats(lengths), "total": sum(lengths)},
        "reasons": [
            {"reason": k, "count": v}
            for k, v in sorted(reasons.items(), key=lambda kv: (-kv[1], kv[0]))
        ],
        "results_digest": digest,
    }


def _summary_tables(summary: Mapping[str, Any]) -> list[RenderableType]:
    out: list[RenderableType] = []
    head = Table(
        title=f"{summary['game']}: {summary['games']} games, seeds {summary['seed']}.."
        f"{summary['seed'] + summary['games'] - 1}",
        box=box.SIMPLE_HEAD,
        show_header=False,
    )
    head.add_column(style="bold")
    head.add_column()
    b = summary["bots"]
    bots = ", ".join(
        [
            b["default"] + " (default)",
            *(f"seat {k}: {v}" for k, v in b["seats"].items()),
            *(f"role {k}: {v}" for k, v in b.get("roles", {}).items()),
        ]
    )
    length = summary["length"]
    timing = summary["timing"]
    for k, v in (
        ("config", json.dumps(summary["config"])),
        ("bots", bots),
        (
            "finished",
            f"{summary['finished']} (unfinished {summary['unfinished']}, "
            f"errors {len(summary['errors'])})",
        ),
        (
            "length (actions)",
            f"mean {length['mean']}, min {length['min']}, "
            f"max {length['max']}, total {length['total']}",
        ),
        (
            "speed",
            f"{timing['actions_per_second']:,.0f} actions/s, "
            f"{timing['games_per_second']:,.1f} games/s, {timing['seconds']:.2f} s, "
            f"{timing['workers']} worker(s)",
        ),
        (
            "seconds per decision",
            "; ".join(
                f"{t['bot']}: "
                + ("-" if t["seconds_per_decision"] is None else f"{t['seconds_per_decision']:.6f}")
                + f" ({t['decisions']:,} decisions)"
                for t in timing["bots"]
            ),
        ),
        ("results digest", summary["results_digest"]),
    ):
        head.add_row(_t(k), _t(v))
    out.append(head)
    # six narrow columns: the table fits 80 columns with every role named in full
    seats = Table(title="per seat", box=box.SIMPLE_HEAD)
    seats.add_column("seat", justify="right")
    seats.add_column("roles")
    for col in ("games", "won/drawn/lost", "win rate", "score: mean (min-max)"):
        seats.add_column(col, justify="right")
    for s in summary["seats"]:
        sc = s["score"]
        seats.add_row(
            _t(s["seat"]),
            _t(", ".join(s["roles"])),
            _t(s["games"]),
            _t(f"{s['wins']}/{s['draws']}/{s['losses']}"),
            _t(f"{s['win_rate']:.1%}"),
            _t(f"{sc['mean']} ({sc['min']}-{sc['max']})"),
        )
    out.append(seats)
    roles = Table(title="per role", box=box.SIMPLE_HEAD)
    for col in ("role", "games", "wins", "win rate", "draws", "losses"):
        roles.add_column(col, justify="left" if col == "role" else "right")
    for r in summary["roles"]:
        roles.add_row(
            _t(r["role"]),
            _t(r["games"]),
            _t(r["wins"]),
            _t(f"{r['win_rate']:.1%}"),
            _t(r["draws"]),
            _t(r["losses"]),
        )
    out.append(roles)
    reasons = Table(title="outcome reasons", box=box.SIMPLE_HEAD)
    reasons.add_column("reason")
    reasons.add_column("games", justify="right")
    reasons.add_column("share", justify="right")
    for r in summary["reasons"][:REASONS_SHOWN]:
        reasons.add_row(
            _t(r["reason"]), _t(r["count"]), _t(f"{_rate(r['count'], summary['games']):.1%}")
        )
    rest = summary["reasons"][REASONS_SHOWN:]
    if rest:
        n = sum(r["count"] for r in rest)
        reasons.add_row(
            _t(f"... {len(rest)} other reasons (all in --json)", "dim"),
            _t(n),
            _t(f"{_rate(n, summary['games']):.1%}"),
        )
    out.append(reasons)
    if summary["errors"]:
        errs = Table(title="errors (first 10)", box=box.SIMPLE_HEAD, style="red")
        errs.add_column("seed", justify="right")
        errs.add_column("error")
        for e in summary["errors"][:10]:
            errs.add_row(_t(e["seed"]), _t(e["error"]))
        out.append(errs)
    return out


def cmd_simulate(args: argparse.Namespace) -> int:
    game = _load_game(args.game)
    config_wire = _config_wire(game, args.config)
    plan = _parse_bots(game, args.bot)
    if args.seed + args.games - 1 > MAX_SEED:
        raise CliError("--seed + --games exceeds the seed range")
    template = _Job(game.info.id, config_wire, plan, 0, 0, args.max_actions)
    jobs = _jobs(template, args.seed, args.games, args.workers)
    err = _err()
    progress = Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err,
        transient=True,
        disable=args.quiet or not err.is_terminal,
    )
    t0 = time.perf_counter()
    with progress:
        task = progress.add_task(f"simulating {game.info.id}", total=args.games)
        records, timings = _run_all(jobs, args.workers, lambda k: progress.advance(task, k))
    seconds = max(time.perf_counter() - t0, 1e-9)
    config = _decode_config(game, config_wire)
    cfg = serde.to_wire(game.info.default_config if config is None else config)
    if isinstance(cfg, dict):
        cfg.pop("type", None)
    meta = {
        "game": game.info.id,
        "rules_version": game.info.rules_version,
        "config": cfg,
        "seed": args.seed,
        "bots": plan.wire(),
        "max_actions": args.max_actions,
    }
    summary = summarize(records, meta)
    total = summary["length"]["total"]
    summary["timing"] = {  # wall clock: the only part that differs between runs
        "seconds": round(seconds, 3),
        "workers": args.workers,
        "actions_per_second": round(total / seconds, 1),
        "games_per_second": round(len(records) / seconds, 2),
        "bots": _decision_timing(plan, timings),
    }
    if args.per_game:
        summary["per_game"] = [
            {
                "seed": r.seed,
                "actions": r.actions,
                "reason": r.reason,
                "error": r.error,
                "results": [
                    {"seat": s, "role": ro, "result": re, "score": sc}
                    for s, ro, re, sc in r.results
                ],
            }
            for r in records
        ]
    if args.json:
        _print_json(summary)
    else:
        console = _out()
        for part in _summary_tables(summary):
            console.print(part)
    return EXIT_FAILED if summary["errors"] else EXIT_OK
