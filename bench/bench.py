"""Micro-benchmarks of every registered game: one table row per game.

    python bench/bench.py [--games ID ...] [--quick] [--json]

Each operation is timed on states sampled from seeded random games (the same states on
every run): every sample is timed with ``time.perf_counter_ns`` over a few repetitions,
and the table shows the median over samples, in microseconds per call. Playouts run
random games from ``new`` to the end (a random legal action of the first seat to act,
then the game's ``_apply``: no legality re-check, no hashing, no log) for a fixed time.

This is a measurement, not a test: nothing here asserts a speed. See bench/README.md.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

import islandgames
from islandgames import game_ids, get_game
from islandgames.core import serde

AnyGame = islandgames.Game[Any, Any, Any, Any]

#: Targets (microseconds per call) the table reports against; not assertions.
TARGETS_US = {"apply": 50.0, "encode": 60.0, "decode": 200.0}

_MASK = (1 << 64) - 1


class _Lcg:
    """A tiny deterministic generator for picking actions in playouts (cheaper than the
    engine's keyed RNG, so the playout rate measures the engine, not the picker)."""

    def __init__(self, seed: int) -> None:
        self.x = (seed * 0x9E3779B97F4A7C15 + 1) & _MASK

    def below(self, n: int) -> int:
        self.x = (self.x * 6364136223846793005 + 1442695040888963407) & _MASK
        return (self.x >> 33) % n


def sample_steps(game: AnyGame, games: int, limit: int) -> list[tuple[Any, int, Any]]:
    """(state, seat, action) at evenly spread steps of ``games`` seeded random games."""
    steps: list[tuple[Any, int, Any]] = []
    for seed in range(games):
        pick = _Lcg(seed)
        state = game.new(seed)
        while game.outcome(state) is None:
            seat = game.to_act(state)[0]
            legal = game.legal_actions(state, seat)
            action = legal[pick.below(len(legal))]
            steps.append((state, seat, action))
            state = game.apply(state, seat, action)
    if len(steps) <= limit:
        return steps
    stride = len(steps) / limit
    return [steps[int(i * stride)] for i in range(limit)]


def median_us(fn: Callable[[Any], object], inputs: Sequence[Any], reps: int) -> float:
    """Median over ``inputs`` of the time of one call, in microseconds."""
    times: list[float] = []
    clock = time.perf_counter_ns
    for x in inputs:
        t0 = clock()
        for _ in range(reps):
            fn(x)
        times.append((clock() - t0) / reps)
    return statistics.median(times) / 1000.0


def playouts(game: AnyGame, seconds: float) -> tuple[float, float, int]:
    """(playouts/s, actions/s, playouts) of random games for about ``seconds``."""
    apply = game._apply
    to_act, legal_actions, outcome = game.to_act, game.legal_actions, game.outcome
    done = actions = 0
    t0 = time.perf_counter_ns()
    deadline = t0 + int(seconds * 1e9)
    seed = 0
    while True:
        pick = _Lcg(1_000_000 + seed)
        state = game.new(seed)
        while outcome(state) is None:
            seat = to_act(state)[0]
            legal = legal_actions(state, seat)
            state = apply(state, seat, legal[pick.below(len(legal))])
            actions += 1
        done += 1
        seed += 1
        now = time.perf_counter_ns()
        if now >= deadline:
            break
    elapsed = (now - t0) / 1e9
    return done / elapsed, actions / elapsed, done


def bench_game(game_id: str, quick: bool) -> dict[str, Any]:
    game = get_game(game_id)
    n_games, n_samples, reps, seconds = (10, 300, 3, 0.5) if quick else (60, 3000, 5, 3.0)
    steps = sample_steps(game, n_games, n_samples)
    states = [s for s, _, _ in steps]
    wires = [serde.to_wire(s) for s in states]
    row: dict[str, Any] = {"game": game_id, "samples": len(steps), "sample_games": n_games}
    row["apply_us"] = median_us(lambda t: game.apply(t[0], t[1], t[2]), steps, reps)
    row["legal_actions_us"] = median_us(lambda t: game.legal_actions(t[0], t[1]), steps, reps)
    row["view_us"] = median_us(lambda s: game.view(s, 0), states, reps)
    row["encode_us"] = median_us(serde.to_wire, states, reps)
    row["decode_us"] = median_us(game.decode_state, wires, reps)
    row["state_hash_us"] = median_us(serde.state_hash, states, reps)
    row["canonical_bytes_us"] = median_us(serde.canonical_bytes, states, reps)
    per_s, actions_s, done = playouts(game, seconds)
    row["playouts_per_s"] = per_s
    row["actions_per_s"] = actions_s
    row["playouts"] = done
    return row


COLUMNS: tuple[tuple[str, str, str | None], ...] = (
    ("apply_us", "apply", "apply"),
    ("legal_actions_us", "legal\nactions", None),
    ("view_us", "view\n(seat 0)", None),
    ("encode_us", "encode", "encode"),
    ("decode_us", "decode", "decode"),
    ("state_hash_us", "state\nhash", None),
    ("canonical_bytes_us", "canonical\nbytes", None),
)


def table(rows: Sequence[dict[str, Any]], quick: bool) -> Table:
    t = Table(
        title="islandgames benchmarks: median microseconds per call",
        caption=(
            "targets: apply <= 50 us, encode <= 60 us, decode <= 200 us (* = over target); "
            "encode = serde.to_wire(state), decode = game.decode_state(wire); "
            "playouts: random legal action + _apply, no checks. "
            f"Python {platform.python_version()} on {platform.machine()}"
            + (" (--quick)" if quick else "")
        ),
        box=box.SIMPLE_HEAD,
    )
    t.add_column("game", style="bold", no_wrap=True)
    for _, label, target in COLUMNS:
        head = label if target is None else f"{label}\n<= {TARGETS_US[target]:.0f}"
        t.add_column(head, justify="right")
    t.add_column("playouts/s", justify="right")
    t.add_column("actions/s", justify="right")
    t.add_column("samples", justify="right", style="dim")
    for r in rows:
        cells = [Text(r["game"])]
        for key, _, target in COLUMNS:
            value = r[key]
            over = target is not None and value > TARGETS_US[target]
            cells.append(Text(f"{value:.1f}" + ("*" if over else ""), "red" if over else ""))
        cells.append(Text(f"{r['playouts_per_s']:,.0f}"))
        cells.append(Text(f"{r['actions_per_s']:,.0f}"))
        cells.append(Text(str(r["samples"])))
        t.add_row(*cells)
    return t


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="+", metavar="ID", help="game ids (default: all)")
    parser.add_argument("--quick", action="store_true", help="fewer samples, shorter playouts")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args(argv)
    ids = args.games or list(game_ids())
    for gid in ids:
        if gid not in game_ids():
            print(f"bench: unknown game {gid!r}; known: {', '.join(game_ids())}", file=sys.stderr)
            return 2
    err = Console(stderr=True)
    rows = []
    for gid in ids:
        with err.status(f"benchmarking {gid}"):
            rows.append(bench_game(gid, args.quick))
    if args.json:
        out = {
            "engine_version": islandgames.__version__,
            "python": platform.python_version(),
            "machine": platform.machine(),
            "quick": args.quick,
            "targets_us": TARGETS_US,
            "games": [
                {k: round(v, 3) if isinstance(v, float) else v for k, v in r.items()} for r in rows
            ],
        }
        print(json.dumps(out, indent=2))
    else:
        console = Console()
        if not console.is_terminal:
            console.width = max(console.width, 130)
        console.print(table(rows, args.quick))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
