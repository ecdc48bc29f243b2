"""RL environment throughput: the masked random AEC loop per game, beside another
checkout, and the vector environments, in steps per second.

    python bench/bench_rl.py [--games ID ...] [--seconds S] [--rounds N]
    python bench/bench_rl.py --baseline DIR     # also an older checkout, same run
    python bench/bench_rl.py --resume FILE      # keep each cell in FILE; skip those there

The AEC loop is PettingZoo's ``performance_benchmark``: ``islandgames.rl.aec_env(game)``
(the game's default config), ``reset``, then per step ``last()``, a random legal action
from the mask (``random.choice(np.flatnonzero(mask).tolist())``; None for a finished
agent) and ``step``, a reset when every agent is done. ``--baseline DIR`` runs the same
loop on ``DIR/src`` (a checkout from before the vector environments: only the AEC loop
is measured there), alternating with this checkout ``--rounds`` times, the best round
of each side counting; the ratio is this checkout's rate over the baseline's. Every cell
runs in a child process of its own, for ``--seconds`` after a short warm-up, timed in
the process's CPU time (``time.process_time``: other work on a shared machine does not
count, though it still slows the caches; PettingZoo's own benchmark uses wall time).

The vector cells step ``islandgames.rl.vector_env(game, n)`` for n in ``--envs`` (1, 8
and 64) with a random legal action per match (the argmax of uniform noise times the
mask, drawn for the whole batch at once); the rate counts every match's step over the
CPU time spent in ``step`` (the environment's own rate; the policy, which costs as much
as the mask is large, is left out), and ``+ policy`` the whole loop's at the largest n. The
``engine + view`` column is what the game alone costs per step in this checkout (a
random playout calling ``to_act``, ``legal_actions``, ``view`` of the seat to act and
the rules' ``_apply``): the bound an environment cannot pass.

A measurement, not a test: nothing asserts a speed. See bench/README.md.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

GAMES = ("friday", "forbidden-island", "not-alone", "gozer")
HERE = Path(__file__).resolve().parents[1]  # this checkout


# --- the cells (run in a child: ``--cell KIND``) ------------------------------------


def aec_loop(game_id: str, seconds: float) -> dict[str, float]:
    """PettingZoo's performance_benchmark loop, for ``seconds`` after a warm-up."""
    import random

    import numpy as np

    from islandgames.rl import aec_env

    env = aec_env(game_id)
    random.seed(0)
    env.reset(seed=0)

    def run(budget: float) -> tuple[int, float]:
        turns = 0
        start = time.process_time()
        while True:
            for _agent in env.agent_iter(env.num_agents):
                obs, _reward, termination, truncation, _info = env.last()
                if termination or truncation:
                    action = None
                else:
                    action = random.choice(np.flatnonzero(obs["action_mask"]).tolist())
                env.step(action)
                turns += 1
                if all(env.terminations.values()) or all(env.truncations.values()):
                    env.reset()
            elapsed = time.process_time() - start
            if elapsed > budget:
                return turns, elapsed

    run(min(0.5, seconds / 5))  # warm-up
    turns, elapsed = run(seconds)
    return {"steps": turns, "seconds": elapsed, "rate": turns / elapsed}


def vector_loop(game_id: str, num_envs: int, seconds: float) -> dict[str, float]:
    """``vector_env(game_id, num_envs)`` with random legal actions: the rate of the
    environment (CPU time in ``step``) and of the whole loop (with the policy)."""
    import numpy as np

    from islandgames.rl import vector_env

    envs = vector_env(game_id, num_envs)
    rng = np.random.default_rng(0)
    obs, _ = envs.reset(seed=0)
    noise = np.empty(obs["action_mask"].shape, dtype=np.float32)

    def run(budget: float) -> tuple[int, float, float]:
        nonlocal obs
        steps, inside = 0, 0.0
        start = time.process_time()
        while True:
            # a random legal action per match: the argmax of uniform noise times the mask
            rng.random(out=noise, dtype=np.float32)
            np.multiply(noise, obs["action_mask"], out=noise)
            actions = noise.argmax(axis=1)
            before = time.process_time()
            obs, *_ = envs.step(actions)
            after = time.process_time()
            inside += after - before
            steps += num_envs
            if after - start > budget:
                return steps, after - start, inside

    run(min(0.5, seconds / 5))
    steps, elapsed, inside = run(seconds)
    return {"steps": steps, "seconds": elapsed, "rate": steps / inside, "loop": steps / elapsed}


def engine_loop(game_id: str, seconds: float) -> dict[str, float]:
    """The game alone: to_act, legal_actions, view of the seat to act, _apply."""
    import random

    from islandgames import get_game

    game = get_game(game_id)
    pick = random.Random(0)
    steps, seed = 0, 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new(seed)
        seed += 1
        while game.outcome(state) is None:
            seat = game.to_act(state)[0]
            legal = game.legal_actions(state, seat)
            game.view(state, seat)
            state = game._apply(state, seat, legal[pick.randrange(len(legal))])
            steps += 1
    elapsed = time.process_time() - start
    return {"steps": steps, "seconds": elapsed, "rate": steps / elapsed}


def run_cell(kind: str, game_id: str, num_envs: int, seconds: float) -> dict[str, float]:
    if kind == "aec":
        return aec_loop(game_id, seconds)
    if kind == "vector":
        return vector_loop(game_id, num_envs, seconds)
    return engine_loop(game_id, seconds)


def child(checkout: Path, kind: str, game_id: str, num_envs: int, seconds: float) -> Any:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(checkout / "src"), str(checkout / "adapters")])
    cmd = [sys.executable, __file__, "--cell", kind, "--games", game_id]
    cmd += ["--num-envs", str(num_envs), "--seconds", str(seconds)]
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"{kind} {game_id} on {checkout} failed:\n{done.stderr}")
    return json.loads(done.stdout.splitlines()[-1])


# --- the table ----------------------------------------------------------------------


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", default=None)
    parser.add_argument("--seconds", type=float, default=3.0, help="per cell (default 3)")
    parser.add_argument("--rounds", type=int, default=2, help="alternating runs; best counts")
    parser.add_argument("--baseline", default=None, help="a checkout to measure beside this one")
    parser.add_argument("--envs", default="1,8,64", help="vector sizes (default 1,8,64)")
    parser.add_argument("--resume", default=None, help="a JSON file of finished cells")
    parser.add_argument("--json", action="store_true", help="the results as JSON")
    parser.add_argument("--cell", default=None, help=argparse.SUPPRESS)
    parser.add_argument("--num-envs", type=int, default=1, help=argparse.SUPPRESS)
    args = parser.parse_args()
    games = list(args.games or GAMES)
    if args.cell:  # a child: one cell, one JSON line
        print(json.dumps(run_cell(args.cell, games[0], args.num_envs, args.seconds)))
        return
    sizes = [int(n) for n in args.envs.split(",") if n]
    done: dict[str, dict[str, float]] = {}
    store = Path(args.resume) if args.resume else None
    if store is not None and store.exists():
        done = json.loads(store.read_text(encoding="utf-8"))

    def cell(key: str, checkout: Path, kind: str, game_id: str, n: int = 1) -> None:
        if key in done:
            return
        done[key] = child(checkout, kind, game_id, n, args.seconds)
        print(f"  {key}: {done[key]['rate']:,.0f} steps/s", file=sys.stderr)
        if store is not None:
            store.write_text(json.dumps(done, indent=1), encoding="utf-8")

    baseline = Path(args.baseline).resolve() if args.baseline else None
    for game_id in games:
        for r in range(max(1, args.rounds)):  # alternate, so that the load hits both alike
            cell(f"aec/{game_id}/this/{r}", HERE, "aec", game_id)
            if baseline is not None:
                cell(f"aec/{game_id}/baseline/{r}", baseline, "aec", game_id)
            for n in sizes:
                cell(f"vector/{game_id}/{n}/{r}", HERE, "vector", game_id, n)
        cell(f"engine/{game_id}", HERE, "engine", game_id)

    def best(prefix: str, key: str = "rate") -> float | None:
        rates = [v[key] for k, v in done.items() if k.startswith(prefix + "/") and key in v]
        return max(rates) if rates else None

    rows: list[dict[str, Any]] = []
    for game_id in games:
        row: dict[str, Any] = {
            "game": game_id,
            "baseline": best(f"aec/{game_id}/baseline"),
            "aec": best(f"aec/{game_id}/this"),
            "vector": {n: best(f"vector/{game_id}/{n}") for n in sizes},
            "loop": best(f"vector/{game_id}/{max(sizes)}", "loop") if sizes else None,
            "engine": done.get(f"engine/{game_id}", {}).get("rate"),
        }
        rows.append(row)
    if args.json:
        print(json.dumps(rows, indent=1))
        return

    def num(x: float | None) -> str:
        return "-" if x is None else f"{x:,.0f}"

    head = ["game", "AEC loop, baseline", "AEC loop", "ratio"]
    head += [f"vector, {n} env{'s' if n > 1 else ''}" for n in sizes]
    head += [f"vector, {max(sizes)} + policy"] if sizes else []
    head += ["engine + view"]
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    for row in rows:
        ratio = f"{row['aec'] / row['baseline']:.1f}x" if row["baseline"] and row["aec"] else "-"
        cells = [row["game"], num(row["baseline"]), num(row["aec"]), ratio]
        cells += [num(row["vector"][n]) for n in sizes]
        cells += [num(row["loop"])] if sizes else []
        cells += [num(row["engine"])]
        print("| " + " | ".join(cells) + " |")
    machine = f"{platform.machine()}, {os.cpu_count()} cores"
    print(f"\nPython {platform.python_version()}, {machine}; steps/s, best of {args.rounds}")


if __name__ == "__main__":
    main()
