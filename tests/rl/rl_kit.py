"""Shared by the RL tests: the configs under test and a random player."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np

from islandgames.rl import Problem, problem

#: (game id, config keywords): every game, Forbidden Island with 2 to 4 players, Not
#: Alone with 1, 3 and 6 Hunted (the Creature on the last seat once), Gozer with 2-6
CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("friday", {}),
    ("friday", {"level": 4}),
    ("forbidden-island", {"players": 2}),
    ("forbidden-island", {"players": 3}),
    ("forbidden-island", {"players": 4}),
    ("not-alone", {"hunted": 1}),
    ("not-alone", {"hunted": 3}),
    ("not-alone", {"hunted": 6, "creature_seat": 6}),
    ("gozer", {"players": 2}),
    ("gozer", {"players": 4}),
    ("gozer", {"players": 6}),
]


def config_id(case: tuple[str, dict[str, Any]]) -> str:
    gid, kw = case
    return "-".join([gid, *(f"{k}{v}" for k, v in kw.items())])


def random_states(prob: Problem, seed: int, max_steps: int = 3000) -> Iterator[Any]:
    """The states of one game played at random (seeded), the initial one first."""
    game = prob.game
    rng = np.random.default_rng(seed)
    state = game.new(seed, prob.config)
    yield state
    for _ in range(max_steps):
        if game.outcome(state) is not None:
            return
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        state = game.apply(state, seat, legal[int(rng.integers(len(legal)))])
        yield state


def get(case: tuple[str, dict[str, Any]]) -> Problem:
    gid, kw = case
    return problem(gid, **kw)


__all__ = ["CONFIGS", "config_id", "get", "random_states"]
