"""Verification throughput: reading and fully verifying finished logs, in actions/s.

    python bench/bench_verify.py [--games ID ...] [--logs N] [--quick] [--json]
    python bench/bench_verify.py --baseline DIR   # also an older checkout, same run

For every game, ``--logs`` seeded random games (uniform over every seat's legal
actions) are played to the end and their full logs written to bytes, untimed. Then each
log is read from its bytes and verified (a full replay from the revealed seed) three
times; a log's time is its fastest of the three. The table shows, per game, the entries
verified per second over all logs (total entries / total time) and the median time per
log, for the best of ``--rounds`` runs. ``--baseline DIR`` runs the same script in a
child process against the source tree of another checkout (``DIR/src`` and
``DIR/adapters``), alternating with this one, so both columns come from one run on one
machine.

This is a measurement, not a test: nothing here asserts a speed. See bench/README.md.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from typing import Any

#: Timed verifications of each log (its fastest counts).
_REPS = 3


def _measure(game_ids: list[str], logs: int) -> dict[str, dict[str, float]]:
    import islandgames
    from islandgames import Match, read_log, verify_log, write_log
    from islandgames.core.rng import Rng

    out: dict[str, dict[str, float]] = {}
    for game_id in game_ids:
        blobs: list[tuple[bytes, int]] = []
        for seed in range(logs):
            m = Match(game_id, seed=seed)
            rng = Rng.from_seed(seed, "bench-verify")
            while m.outcome() is None:
                choices = [(s, a) for s in m.game.seats(m.state) for a in m.legal_actions(s)]
                (seat, action), rng = rng.choice(choices)
                m.act(seat, action)
            buf = io.BytesIO()
            write_log(m.log(), buf)
            blobs.append((buf.getvalue(), m.seq))
        per_log: list[float] = []
        total_entries = 0
        for data, n in blobs:
            best = float("inf")
            for _ in range(_REPS):
                t0 = time.perf_counter()
                verdict = verify_log(read_log(data))
                best = min(best, time.perf_counter() - t0)
            if not _verified(verdict):
                raise SystemExit(f"{game_id}: an honest log did not verify: {verdict}")
            per_log.append(best)
            total_entries += n
        out[game_id] = {
            "logs": len(blobs),
            "entries": total_entries,
            "actions_per_s": total_entries / sum(per_log),
            "median_ms_per_log": statistics.median(per_log) * 1000,
            "version": islandgames.__version__,  # type: ignore[dict-item]
        }
    return out


def _verified(verdict: Any) -> bool:
    status = getattr(verdict, "status", None)
    if status is not None:
        return bool(status == "verified")
    # engines before 0.2.0: ok and replayed
    return bool(verdict.ok and verdict.replayed)


def _child(baseline: str, game_ids: list[str], logs: int) -> dict[str, dict[str, float]]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        [os.path.join(baseline, "src"), os.path.join(baseline, "adapters")]
    )
    cmd = [sys.executable, __file__, "--json", "--logs", str(logs), "--games", *game_ids]
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True)
    result: dict[str, dict[str, float]] = json.loads(done.stdout)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", default=None)
    parser.add_argument("--logs", type=int, default=None, help="logs per game (default 20)")
    parser.add_argument("--quick", action="store_true", help="5 logs per game")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--baseline", default=None, help="a checkout to measure beside this one")
    parser.add_argument(
        "--rounds", type=int, default=3, help="alternating runs per game; the best counts"
    )
    args = parser.parse_args()
    from islandgames import game_ids

    games = list(args.games or game_ids())
    logs = args.logs or (5 if args.quick else 20)
    if args.json:
        print(json.dumps(_measure(games, logs)))
        return
    rows: dict[str, dict[str, dict[str, float]]] = {}
    for game_id in games:  # alternate, so that the machine's load hits both alike
        for _ in range(max(1, args.rounds)):
            runs = {"this": None, "baseline": args.baseline} if args.baseline else {"this": None}
            for name, checkout in runs.items():
                if checkout is None:
                    result = _measure([game_id], logs)[game_id]
                else:
                    result = _child(checkout, [game_id], logs)[game_id]
                best = rows.setdefault(game_id, {}).get(name)
                if best is None or result["actions_per_s"] > best["actions_per_s"]:
                    rows[game_id][name] = result

    from rich import box
    from rich.console import Console
    from rich.table import Table

    table = Table(box=box.MARKDOWN, title="full verification (read_log + verify_log)")
    table.add_column("game")
    table.add_column("logs", justify="right")
    table.add_column("entries", justify="right")
    if args.baseline:
        table.add_column("baseline actions/s", justify="right")
        table.add_column("baseline ms/log", justify="right")
    table.add_column("actions/s", justify="right")
    table.add_column("ms/log", justify="right")
    for game_id, cols in rows.items():
        this = cols["this"]
        cells = [game_id, f"{this['logs']:.0f}", f"{this['entries']:.0f}"]
        if args.baseline:
            base = cols["baseline"]
            cells += [f"{base['actions_per_s']:,.0f}", f"{base['median_ms_per_log']:.1f}"]
        cells += [f"{this['actions_per_s']:,.0f}", f"{this['median_ms_per_log']:.1f}"]
        table.add_row(*cells)
    console = Console()
    console.print(table)
    machine = f"{platform.machine()}, {os.cpu_count()} cores"
    console.print(f"Python {platform.python_version()}, {machine}")


if __name__ == "__main__":
    main()
