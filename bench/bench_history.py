"""Time travel: the state at a seq, with and without snapshots, and the cost of a fork.

    python bench/bench_history.py [--games ID ...] [--every K] [--repeats R] [--json]

Per game, the longest of a few seeded random games is played (untimed) into a full log.
Then, at seqs 100, 1,000 and 10,000 where the log is that long, and at its last seq:

* ``replay``: ``islandgames.state_at(log, seq)``, a replay from the initial state: O(seq);
* ``history``: ``History(log, every=K).state_at(seq)``, the nearest snapshot and at most
  K-1 actions: O(K), flat in seq (the one-time build, a replay of the whole log, is its
  own column);
* ``fork``: ``History.fork(seq)``, a new Match going on from that state (its log re-chains
  the first seq entries).

Each figure is the median of ``--repeats`` timings, in milliseconds. No game of the four
runs 10,000 actions in random play (Gozer, the longest, about 800), so the 10,000 row
appears only for a log that long. A measurement, not a test: nothing here asserts a
speed. See bench/README.md.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from rich.console import Console
from rich.table import Table

from islandgames import History, Match, game_ids, state_at
from islandgames.core.log import ReplayLog

SEEDS = range(8)
POINTS = (100, 1_000, 10_000)


def _longest_log(game_id: str) -> ReplayLog:
    best: ReplayLog | None = None
    for seed in SEEDS:
        m = Match(game_id, seed=seed)
        rng = random.Random(seed)
        while m.outcome() is None:
            choices = [(s, a) for s in m.game.to_act(m.state) for a in m.legal_actions(s)]
            seat, action = rng.choice(choices)
            m.act(seat, action)
        log = m.log()
        if best is None or len(log.entries) > len(best.entries):
            best = log
    assert best is not None
    return best


def _ms(fn: Callable[[], Any], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1000


def measure(games: list[str], every: int, repeats: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for game_id in games:
        log = _longest_log(game_id)
        n = len(log.entries)
        build = _ms(partial(History, log, every=every), repeats)
        history = History(log, every=every)
        rows = []
        for seq in sorted({p for p in POINTS if p <= n} | {n}):
            rows.append(
                {
                    "seq": seq,
                    "replay_ms": _ms(partial(state_at, log, seq), repeats),
                    "history_ms": _ms(partial(history.state_at, seq), repeats),
                    "fork_ms": _ms(partial(history.fork, seq), repeats),
                }
            )
        out[game_id] = {"entries": n, "build_ms": build, "rows": rows}
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", default=None)
    parser.add_argument("--every", type=int, default=64, help="snapshot spacing K (64)")
    parser.add_argument("--repeats", type=int, default=7, help="timings per figure (7)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = measure(list(args.games or game_ids()), args.every, args.repeats)
    if args.json:
        print(json.dumps(result, indent=1))
        return
    table = Table(title=f"state at a seq and forks, ms (median of {args.repeats}, K={args.every})")
    for col in ("game", "entries", "build", "seq", "replay", "history", "fork"):
        table.add_column(col, justify="left" if col == "game" else "right")
    for game_id, r in result.items():
        for i, row in enumerate(r["rows"]):
            table.add_row(
                game_id if i == 0 else "",
                f"{r['entries']:,}" if i == 0 else "",
                f"{r['build_ms']:.1f}" if i == 0 else "",
                f"{row['seq']:,}",
                f"{row['replay_ms']:.2f}",
                f"{row['history_ms']:.2f}",
                f"{row['fork_ms']:.2f}",
            )
    console = Console()
    console.print(table)
    console.print(f"Python {platform.python_version()}, {platform.machine()}")


if __name__ == "__main__":
    main()
