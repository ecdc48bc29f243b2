"""Strength of the IS-MCTS bot against the goals of issue 18, with its cost per decision.

    python bench/bench_mcts.py                        # every setting, 200 games each
    python bench/bench_mcts.py --games 20 --only friday gozer-4
    python bench/bench_mcts.py --spec mcts:iterations=400 --workers 2 --json
    python bench/bench_mcts.py --only friday --rows friday.jsonl   # resumable
    python bench/bench_mcts.py --only friday --first-seed 100 --games 100 --rows f.jsonl

Each setting plays seeds 0..N-1 (or FIRST..FIRST+N-1, to split a run over machines or
cores: the rows files of the parts, concatenated, resume as one full run) with
``islandgames.bots.play``: the side measured is played by ``--spec`` (default ``mcts``,
i.e. 200 iterations with the game's heuristic rollouts where it has one), the other side
by the heuristic bot. The table shows the measured side's wins with a 95% Wilson
interval, the goal and the heuristic's own rate (from docs/<game>.md), and the mean wall
seconds per decision of the spec (every ``choose`` call, forced ones included, and per
decision with a real choice).

Results are deterministic (seeded) whatever ``--workers``; only the seconds vary. This is
a measurement, not a test: nothing here asserts. A full run is long (Friday at 200
iterations takes minutes per game on one core); try ``--games 10`` first.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import platform
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from islandgames import get_game
from islandgames.bots import Bot, Interjector, get_bot, play
from islandgames.core.rng import Rng


@attrs.frozen
class Setting:
    name: str
    game: str
    config: dict[str, Any]
    measured: tuple[str, ...]  # the roles the spec plays; the others play heuristic
    goal: float  # the measured side's win rate to reach
    baseline: float  # the heuristic's rate in the same seat(s)


SETTINGS = (
    Setting("friday", "friday", {"level": 1}, ("robinson",), 0.30, 0.115),
    Setting(
        "forbidden-island",
        "forbidden-island",
        {"players": 4, "difficulty": "novice"},
        ("diver", "engineer", "explorer", "messenger", "navigator", "pilot"),
        0.40,
        0.162,
    ),
    # Not Alone baseline: heuristic vs heuristic (the Creature wins 77.5%)
    Setting("not-alone-hunted", "not-alone", {}, ("hunted",), 0.50, 0.225),
    Setting("not-alone-creature", "not-alone", {}, ("creature",), 0.775, 0.775),
    Setting("gozer-4", "gozer", {"players": 4}, ("castaway",), 0.465, 0.365),
    Setting("gozer-5", "gozer", {"players": 5}, ("castaway",), 0.593, 0.493),
    Setting("gozer-6", "gozer", {"players": 6}, ("castaway",), 0.722, 0.622),
)


class _Timed:
    """Counts a bot's decisions and their wall time (never changes a choice)."""

    interject: Callable[..., tuple[Any, Rng]]  # the bot's own, if it has one

    def __init__(self, bot: Bot) -> None:
        self.bot, self.name = bot, bot.name
        self.calls = self.choices = 0
        self.seconds = self.choice_seconds = 0.0
        if isinstance(bot, Interjector):  # out-of-turn plays pass through, untimed
            self.interject = bot.interject

    def choose(self, game: Any, view: Any, legal: Sequence[Any], rng: Rng) -> tuple[Any, Rng]:
        t0 = time.perf_counter()
        out = self.bot.choose(game, view, legal, rng)
        dt = time.perf_counter() - t0
        self.calls += 1
        self.seconds += dt
        if len(legal) > 1:
            self.choices += 1
            self.choice_seconds += dt
        return out


def _one(task: tuple[Setting, str, int]) -> dict[str, Any]:
    """One seeded game of a setting: whether the measured side won, and its timings."""
    setting, spec, seed = task
    game = get_game(setting.game)
    config = game.decode_config(setting.config)
    state = game.new(seed, config)
    timed = _Timed(get_bot(setting.game, spec))
    other = get_bot(setting.game, "heuristic")
    bots = {
        s: (timed if game.role(state, s) in setting.measured else other) for s in game.seats(state)
    }
    t0 = time.perf_counter()
    try:
        outcome = play(game, seed, bots, config).outcome
    except Exception as exc:  # an engine or bot bug: counted and shown, the run goes on
        error = f"seed {seed}: {type(exc).__name__}: {exc}"
        print(error, file=sys.stderr, flush=True)
        return {"seed": seed, "won": False, "finished": False, "error": error, **_zero()}
    won = outcome is not None and any(
        r.result == "win" and r.role in setting.measured for r in outcome.results
    )
    return {
        "seed": seed,
        "won": won,
        "finished": outcome is not None,
        "error": None,
        "seconds": time.perf_counter() - t0,
        "calls": timed.calls,
        "calls_seconds": timed.seconds,
        "choices": timed.choices,
        "choices_seconds": timed.choice_seconds,
    }


def _zero() -> dict[str, Any]:
    return {"seconds": 0.0, "calls": 0, "calls_seconds": 0.0, "choices": 0, "choices_seconds": 0.0}


def _wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def _recorded(path: str | None, setting: Setting, spec: str) -> dict[int, dict[str, Any]]:
    """The games of this setting and spec already in a rows file (by seed)."""
    out: dict[int, dict[str, Any]] = {}
    if path is None:
        return out
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.read().splitlines()
    except FileNotFoundError:
        return out
    for n, line in enumerate(lines, 1):
        try:
            row = json.loads(line)
        except json.JSONDecodeError:
            if n == len(lines):  # a line cut short when a run was stopped: played again
                continue
            raise SystemExit(f"{path}:{n}: not a JSON row") from None
        if row.get("setting") == setting.name and row.get("spec") == spec:
            out[row["seed"]] = row
    return out


def measure(
    setting: Setting,
    spec: str,
    games: int,
    workers: int,
    rows_path: str | None = None,
    first_seed: int = 0,
) -> dict[str, Any]:
    seeds = range(first_seed, first_seed + games)
    done = _recorded(rows_path, setting, spec)
    tasks = [(setting, spec, seed) for seed in seeds if seed not in done]
    t0 = time.perf_counter()
    rows: list[dict[str, Any]] = [done[seed] for seed in seeds if seed in done]
    sink = open(rows_path, "a", encoding="utf-8") if rows_path else None  # noqa: SIM115

    def progress(row: dict[str, Any]) -> None:
        if sink is not None:  # every game as it ends: an interrupted run resumes
            sink.write(json.dumps({"setting": setting.name, "spec": spec, **row}) + "\n")
            sink.flush()
        rows.append(row)
        won = sum(r["won"] for r in rows)
        print(
            f"\r{setting.name}: {len(rows)}/{games} games, {won} won, "
            f"{time.perf_counter() - t0:.0f} s",
            end="\n" if len(rows) == games else "",
            file=sys.stderr,
            flush=True,
        )

    try:
        if workers == 1:
            for t in tasks:
                progress(_one(t))
        else:
            with multiprocessing.get_context("spawn").Pool(workers) as pool:
                for row in pool.imap_unordered(_one, tasks, chunksize=1):
                    progress(row)
    finally:
        if sink is not None:
            sink.close()
    rows.sort(key=lambda r: r["seed"])  # in seed order whatever the workers
    wins = sum(r["won"] for r in rows)
    lo, hi = _wilson(wins, games)
    calls = sum(r["calls"] for r in rows)
    choices = sum(r["choices"] for r in rows)
    return {
        "setting": setting.name,
        "game": setting.game,
        "config": setting.config,
        "spec": spec,
        "games": games,
        "seeds": [seeds.start, seeds.stop - 1],
        "finished": sum(r["finished"] for r in rows),
        "errors": [r["error"] for r in rows if r["error"]],
        "wins": wins,
        "win_rate": round(wins / games, 4),
        "ci95": [round(lo, 4), round(hi, 4)],
        "goal": setting.goal,
        "baseline": setting.baseline,
        "wins_by_seed": "".join("W" if r["won"] else "E" if r["error"] else "." for r in rows),
        "decisions": calls,
        "seconds_per_decision": round(sum(r["calls_seconds"] for r in rows) / max(calls, 1), 5),
        "seconds_per_choice": round(sum(r["choices_seconds"] for r in rows) / max(choices, 1), 5),
        "seconds_per_game": round(sum(r["seconds"] for r in rows) / games, 3),
        "wall_seconds": round(time.perf_counter() - t0, 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else "")
    parser.add_argument("--games", type=int, default=200, help="games per setting (200)")
    parser.add_argument("--spec", default="mcts", help="the bot spec measured (mcts)")
    parser.add_argument(
        "--only", nargs="*", metavar="SETTING", help=", ".join(s.name for s in SETTINGS)
    )
    parser.add_argument(
        "--first-seed", type=int, default=0, metavar="N", help="play seeds N..N+games-1 (0)"
    )
    parser.add_argument("--workers", type=int, default=1, help="processes (1)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--rows",
        metavar="FILE",
        help="append each game's result to FILE (JSON lines) as it ends; games of the "
        "same setting and spec already there are not played again (resume a run)",
    )
    args = parser.parse_args(argv)
    if args.games < 1 or args.first_seed < 0:
        parser.error("--games must be at least 1 and --first-seed at least 0")
    chosen = [s for s in SETTINGS if not args.only or s.name in args.only]
    if args.only and len(chosen) != len(args.only):
        parser.error(f"unknown setting; known: {', '.join(s.name for s in SETTINGS)}")
    results = []
    for s in chosen:
        results.append(measure(s, args.spec, args.games, args.workers, args.rows, args.first_seed))
        if not args.json:
            r = results[-1]
            print(
                f"{r['setting']:<20} {r['wins']:>4}/{r['games']:<4} {r['win_rate']:>7.1%} "
                f"[{r['ci95'][0]:.1%}, {r['ci95'][1]:.1%}]  goal {r['goal']:.1%}  "
                f"heuristic {r['baseline']:.1%}  {r['seconds_per_decision']:.4f} s/decision "
                f"({r['seconds_per_choice']:.4f} s/choice)  {r['seconds_per_game']:.1f} s/game  "
                f"errors {len(r['errors'])}",
                flush=True,
            )
    if args.json:
        info = {"python": platform.python_version(), "machine": platform.machine()}
        json.dump({"info": info, "results": results}, sys.stdout, indent=1)
        print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
