"""Random playouts through the public API, in actions/s, optionally beside another checkout.

    python bench/bench_playout.py [--games ID ...] [--scale X] [--rounds N] [--json]
    python bench/bench_playout.py --baseline DIR   # also an older checkout, same run

A playout is what a bot or an embedding app does: from ``new`` to the end, each step
``to_act``, then ``legal_actions`` of one of those seats, then ``apply`` of one of them
with every check ``apply`` makes (no private shortcut). The choices come from a tiny
seeded generator, so every run plays the same games; a fixed number of games per game
id (``--scale`` multiplies it). The table shows, per game, actions per second over all
games, for the best of ``--rounds`` runs. ``--baseline DIR`` runs the same script in a
child process against the source tree of another checkout (``DIR/src`` and
``DIR/adapters``), alternating with this one, so both columns come from one run on one
machine, and the ratio column is this checkout's rate over the baseline's. Playing the
same games is also checked: both sides must report the same number of actions.

This is a measurement, not a test: nothing here asserts a speed. See bench/README.md.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
from typing import Any

#: Games per game id at scale 1 (a Gozer game runs ~550 actions, Friday ~50).
GAMES = {"friday": 400, "forbidden-island": 200, "not-alone": 120, "gozer": 30}

_MASK = (1 << 64) - 1


class _Lcg:
    """A tiny deterministic generator for the choices (cheaper than the engine's keyed
    RNG, so the rate measures the engine, not the picker)."""

    def __init__(self, seed: int) -> None:
        self.x = (seed * 0x9E3779B97F4A7C15 + 1) & _MASK

    def below(self, n: int) -> int:
        self.x = (self.x * 6364136223846793005 + 1442695040888963407) & _MASK
        return (self.x >> 33) % n


def _playout(game: Any, seed: int) -> int:
    pick = _Lcg(seed)
    state = game.new(seed)
    n = 0
    while True:
        seats = game.to_act(state)
        if not seats:
            return n
        seat = seats[pick.below(len(seats))]
        legal = game.legal_actions(state, seat)
        state = game.apply(state, seat, legal[pick.below(len(legal))])
        n += 1


def _measure(game_ids: list[str], scale: float) -> dict[str, dict[str, Any]]:
    import islandgames
    from islandgames import get_game

    out: dict[str, dict[str, Any]] = {}
    for game_id in game_ids:
        game = get_game(game_id)
        games = max(1, int(GAMES.get(game_id, 100) * scale))
        actions = 0
        t0 = time.perf_counter()
        for seed in range(games):
            actions += _playout(game, seed)
        seconds = time.perf_counter() - t0
        out[game_id] = {
            "games": games,
            "actions": actions,
            "actions_per_s": actions / seconds,
            "version": islandgames.__version__,
        }
    return out


def _child(baseline: str, game_ids: list[str], scale: float) -> dict[str, dict[str, Any]]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        [os.path.join(baseline, "src"), os.path.join(baseline, "adapters")]
    )
    cmd = [sys.executable, __file__, "--json", "--scale", str(scale), "--games", *game_ids]
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True)
    result: dict[str, dict[str, Any]] = json.loads(done.stdout)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", nargs="*", default=None)
    parser.add_argument("--scale", type=float, default=1.0, help="multiplies the games per id")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--baseline", default=None, help="a checkout to measure beside this one")
    parser.add_argument(
        "--rounds", type=int, default=3, help="alternating runs per game; the best counts"
    )
    args = parser.parse_args()
    from islandgames import game_ids

    games = list(args.games or game_ids())
    if args.json:
        print(json.dumps(_measure(games, args.scale)))
        return
    from rich import box
    from rich.console import Console
    from rich.table import Table

    console = Console()
    rows: dict[str, dict[str, dict[str, Any]]] = {}
    with console.status("playing") as status:
        for game_id in games:  # alternate, so that the machine's load hits both alike
            for r in range(max(1, args.rounds)):
                runs = (
                    {"this": None, "baseline": args.baseline} if args.baseline else {"this": None}
                )
                for name, checkout in runs.items():
                    status.update(f"{game_id}: round {r + 1}, {name}")
                    if checkout is None:
                        result = _measure([game_id], args.scale)[game_id]
                    else:
                        result = _child(checkout, [game_id], args.scale)[game_id]
                    best = rows.setdefault(game_id, {}).get(name)
                    if best is None or result["actions_per_s"] > best["actions_per_s"]:
                        rows[game_id][name] = result

    table = Table(
        box=box.MARKDOWN, title="public-API random playouts (to_act, legal_actions, apply)"
    )
    table.add_column("game")
    table.add_column("games", justify="right")
    table.add_column("actions", justify="right")
    if args.baseline:
        table.add_column("baseline actions/s", justify="right")
    table.add_column("actions/s", justify="right")
    if args.baseline:
        table.add_column("ratio", justify="right")
    for game_id, cols in rows.items():
        this = cols["this"]
        cells = [game_id, f"{this['games']}", f"{this['actions']}"]
        if args.baseline:
            base = cols["baseline"]
            if base["actions"] != this["actions"]:
                cells[2] += f" (baseline {base['actions']}: not the same games)"
            cells.append(f"{base['actions_per_s']:,.0f}")
        cells.append(f"{this['actions_per_s']:,.0f}")
        if args.baseline:
            cells.append(f"{this['actions_per_s'] / cols['baseline']['actions_per_s']:.2f}x")
        table.add_row(*cells)
    console.print(table)
    console.print(
        f"Python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} cores"
    )


if __name__ == "__main__":
    main()
