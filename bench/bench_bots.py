"""The bots' speed per decision, optionally beside another checkout (issue 36, search).

    python bench/bench_bots.py [--cases NAME ...] [--rounds N] [--json]
    python bench/bench_bots.py --baseline DIR   # also an older checkout, same run

Each case plays fixed seeds with one bot spec at every seat (interjections included),
through the public API, and reports milliseconds per decision; both sides must make
the same choices (the digest of every (seat, action) played is compared), so the
ratio compares the same work. ``--baseline DIR`` runs this script in a child process
against ``DIR/src`` and ``DIR/adapters``, alternating with this checkout, the best of
``--rounds`` runs each. This is a measurement, not a test: see bench/README.md, and
tests/bots/test_choices_pinned.py for the choices themselves.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import subprocess
import sys
import time
from typing import Any

#: name -> (game, bot spec, seeds, decisions at most per seed)
CASES: dict[str, tuple[str, str, tuple[int, ...], int]] = {
    "friday-heuristic": ("friday", "heuristic", (0, 1, 2, 3, 4, 5, 6, 7), 10_000),
    "forbidden-island-heuristic": ("forbidden-island", "heuristic", (0, 1), 10_000),
    "not-alone-heuristic": ("not-alone", "heuristic", (0, 1, 2), 10_000),
    "gozer-heuristic": ("gozer", "heuristic", (0, 1), 10_000),
    "friday-mcts": ("friday", "mcts:iterations=50", (1,), 15),
    "forbidden-island-mcts": ("forbidden-island", "mcts:iterations=4", (1,), 4),
    "not-alone-mcts": ("not-alone", "mcts:iterations=30", (1,), 10),
    "gozer-mcts": ("gozer", "mcts:iterations=30", (1,), 15),
}


def _run(name: str) -> dict[str, Any]:
    """The case played twice in this process, the second time measured (the first
    pays for imports and the kit's generated code)."""
    _play(name)
    return _play(name)


def _play(name: str) -> dict[str, Any]:
    import islandgames
    from islandgames.bots import get_bot, interjection
    from islandgames.core.rng import Rng
    from islandgames.core.serde import packb

    game_id, spec, seeds, limit = CASES[name]
    game = islandgames.get_game(game_id)
    h = hashlib.blake2b(digest_size=16)
    decisions = 0
    spent = 0.0
    for seed in seeds:
        state = game.new(seed)
        bots = {seat: get_bot(game_id, spec) for seat in game.seats(state)}
        rngs = {seat: Rng.from_seed(seed, f"bot{seat}") for seat in game.seats(state)}
        for _ in range(limit):
            if game.outcome(state) is not None:
                break
            seat = game.to_act(state)[0]
            t0 = time.perf_counter()
            hit = interjection(game, state, seat, bots, rngs)
            if hit is None:
                legal = game.legal_actions(state, seat)
                action, rngs[seat] = bots[seat].choose(
                    game, game.view(state, seat), legal, rngs[seat]
                )
                hit = (seat, action)
            spent += time.perf_counter() - t0
            decisions += 1
            h.update(packb([hit[0], game.encode_action(hit[1])]))
            state = game.apply(state, *hit)
    return {
        "decisions": decisions,
        "ms_per_decision": 1000 * spent / max(decisions, 1),
        "digest": h.hexdigest(),
    }


def _child(baseline: str, name: str) -> dict[str, Any]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        [os.path.join(baseline, "src"), os.path.join(baseline, "adapters")]
    )
    done = subprocess.run(
        [sys.executable, __file__, "--json", "--cases", name],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, Any] = json.loads(done.stdout)[name]
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--cases", nargs="*", default=None, choices=sorted(CASES))
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--baseline", default=None, help="a checkout to measure beside this one")
    parser.add_argument("--rounds", type=int, default=2, help="alternating runs; the best counts")
    args = parser.parse_args()
    names = list(args.cases or CASES)
    if args.json:
        print(json.dumps({n: _run(n) for n in names}))
        return
    from rich import box
    from rich.console import Console
    from rich.table import Table

    console = Console()
    rows: dict[str, dict[str, dict[str, Any]]] = {}
    with console.status("playing") as status:
        for name in names:  # alternate, so that the machine's load hits both alike
            for r in range(max(1, args.rounds)):
                sides = (
                    {"this": None, "baseline": args.baseline} if args.baseline else {"this": None}
                )
                for side, checkout in sides.items():
                    status.update(f"{name}: round {r + 1}, {side}")
                    result = _run(name) if checkout is None else _child(checkout, name)
                    best = rows.setdefault(name, {}).get(side)
                    if best is None or result["ms_per_decision"] < best["ms_per_decision"]:
                        rows[name][side] = result
    table = Table(box=box.MARKDOWN, title="bot decisions (ms per decision, best of rounds)")
    table.add_column("case")
    table.add_column("spec")
    table.add_column("decisions", justify="right")
    if args.baseline:
        table.add_column("baseline ms", justify="right")
    table.add_column("ms", justify="right")
    if args.baseline:
        table.add_column("speed-up", justify="right")
        table.add_column("same choices")
    for name, cols in rows.items():
        this = cols["this"]
        cells = [name, CASES[name][1], f"{this['decisions']}"]
        if args.baseline:
            base = cols["baseline"]
            cells.append(f"{base['ms_per_decision']:.2f}")
        cells.append(f"{this['ms_per_decision']:.2f}")
        if args.baseline:
            cells.append(f"{base['ms_per_decision'] / this['ms_per_decision']:.2f}x")
            cells.append("yes" if base["digest"] == this["digest"] else "NO")
        table.add_row(*cells)
    console.print(table)
    console.print(
        f"Python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} cores"
    )


if __name__ == "__main__":
    main()
