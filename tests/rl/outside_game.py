"""A game from outside the package with its extras on its definition: the kit's Pig
(tests/kit_example.py) under its own id, with an RL codec, a bot and a score scale.
Registered at run time, it is an RL problem and has bots like the four games."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from islandgames.core.actionspace import ObservationSpec, Shape, shape
from islandgames.core.rng import Rng
from tests.kit_example import DEFINITION, INFO, Hold, PigConfig, Roll

__all__ = ["GAME_ID", "OUTSIDE", "AlwaysRoll"]

GAME_ID = "pig-outside"


def action_table(config: PigConfig) -> list[Shape]:
    return [shape(Roll), shape(Hold)]


def observation(config: PigConfig) -> ObservationSpec:
    return ObservationSpec(caps={"scores": config.players}, default_cap=4)


class AlwaysRoll:
    """Rolls whenever it may (the first legal action is always Roll)."""

    name = "roller"

    def choose(self, game: Any, view: Any, legal: Sequence[Any], rng: Rng) -> tuple[Any, Rng]:
        return legal[0], rng


OUTSIDE = attrs.evolve(
    DEFINITION,
    info=attrs.evolve(INFO, id=GAME_ID),
    bots={"roller": AlwaysRoll},
    action_table=action_table,
    observation=observation,
    score_scale=30.0,
    # nothing is hidden but the future rolls: a sample is the view with a fresh RNG key
    sample_state=lambda view, seat, rng, rules: attrs.evolve(view, rng=Rng(rng.split()[0].key, 0)),
)
