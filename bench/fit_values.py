"""Fit a heuristic bot's win-chance model (what ``mcts`` scores a rollout it cuts short).

    python bench/fit_values.py friday                 # 3,000 games, seeds 100000..
    python bench/fit_values.py friday --games 6000 --workers 2

The game's heuristic bot plays seeded games (seeds from 100,000 on, apart from the seeds
the benchmarks measure); at every decision of a seat the bot module's
``value_features(view)`` is recorded with whether that seat went on to win. A logistic
regression (L2, Newton's method, numpy) is fitted on four fifths of the games and its
log-loss on the other fifth is printed beside a constant model's, then refitted on all
and printed as the ``VALUE_WEIGHTS`` table to paste into the bot module. A table, not
code: the fit is rerun whenever the bot or the features change.
"""

from __future__ import annotations

import argparse
import importlib
import multiprocessing
import sys
import time
from typing import Any

import numpy as np

from islandgames import get_game
from islandgames.bots import get_bot, interjection
from islandgames.core.rng import Rng

#: game -> (bot module, config for the games played)
GAMES: dict[str, tuple[str, dict[str, Any]]] = {
    "friday": ("islandgames.bots.friday", {"level": 1}),
    "not-alone": ("islandgames.bots.not_alone", {}),
    "forbidden-island": (
        "islandgames.bots.forbidden_island",
        {"players": 4, "difficulty": "novice"},
    ),
}
FIRST_SEED = 100_000


def _one(task: tuple[str, int]) -> tuple[list[tuple[float, ...]], list[float]]:
    game_id, seed = task
    module_name, config = GAMES[game_id]
    module = importlib.import_module(module_name)
    game = get_game(game_id)
    bot = get_bot(game_id, "heuristic")
    state = game.new(seed, game.decode_config(config))
    rngs = {s: Rng.from_seed(seed, f"bot{s}") for s in game.seats(state)}
    rows: list[tuple[int, tuple[float, ...]]] = []
    while game.outcome(state) is None:
        seat = game.to_act(state)[0]
        hit = interjection(game, state, seat, bot, rngs)  # as play() does
        if hit is not None:
            state = game.apply(state, *hit)
            continue
        view = game.view(state, seat)
        legal = game.legal_actions(state, seat)
        if len(legal) > 1:
            rows.append((seat, module.value_features(view)))
        action, rngs[seat] = bot.choose(game, view, legal, rngs[seat])
        state = game.apply(state, seat, action)
    outcome = game.outcome(state)
    assert outcome is not None
    won = {r.seat for r in outcome.results if r.result == "win"}
    return [x for _, x in rows], [float(s in won) for s, _ in rows]


def _fit(x: Any, y: Any, lam: float) -> Any:
    """L2-regularised logistic regression (the bias unpenalised), by Newton's method."""
    w = np.zeros(x.shape[1])
    reg = lam * np.r_[0.0, np.ones(x.shape[1] - 1)]
    for _ in range(50):
        p = 1.0 / (1.0 + np.exp(-(x @ w)))
        grad = x.T @ (p - y) + reg * w
        hess = (x * (p * (1 - p))[:, None]).T @ x + np.diag(reg)
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.max(np.abs(step)) < 1e-9:
            break
    return w


def _log_loss(w: Any, x: Any, y: Any) -> float:
    p = np.clip(1.0 / (1.0 + np.exp(-(x @ w))), 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else "")
    parser.add_argument("game", choices=sorted(GAMES))
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--l2", type=float, default=1.0, help="regularisation (1.0)")
    args = parser.parse_args(argv)
    module = importlib.import_module(GAMES[args.game][0])
    tasks = [(args.game, FIRST_SEED + k) for k in range(args.games)]
    t0 = time.perf_counter()
    results: list[tuple[list[tuple[float, ...]], list[float]]] = []
    with multiprocessing.get_context("spawn").Pool(args.workers) as pool:
        for k, result in enumerate(pool.imap(_one, tasks, chunksize=8), 1):
            results.append(result)
            if k % 100 == 0 or k == len(tasks):
                print(f"\r{k}/{len(tasks)} games", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    xs, ys, game_of = [], [], []
    for g, (rows, labels) in enumerate(results):
        xs += rows
        ys += labels
        game_of += [g] * len(rows)
    x, y, gid = np.array(xs), np.array(ys), np.array(game_of)
    test = gid % 5 == 0
    w = _fit(x[~test], y[~test], args.l2)
    base = float(np.clip(y[~test].mean(), 1e-9, 1 - 1e-9))
    const = float(-np.mean(y[test] * np.log(base) + (1 - y[test]) * np.log(1 - base)))
    print(
        f"# {args.game}: {args.games} heuristic games, {len(y)} decisions "
        f"({y.mean():.1%} by a seat that went on to win), "
        f"{time.perf_counter() - t0:.0f} s; held-out log-loss {_log_loss(w, x[test], y[test]):.4f} "
        f"(a constant: {const:.4f})"
    )
    w = _fit(x, y, args.l2)
    print("VALUE_WEIGHTS: tuple[float, ...] = (")
    for name, value in zip(module.VALUE_FEATURES, w, strict=True):
        print(f"    {value:.4f},  # {name}")
    print(")")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
