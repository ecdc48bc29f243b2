"""What a seat sees: everything but the die's future (Pig hides nothing else)."""

from __future__ import annotations

import attrs

from islandgames.kit import Rng, Seat

from .contract import PigRules
from .state import PigState

__all__ = ["PigView", "resample_hidden", "view"]

#: A seat's view has the state's shape; its RNG is blanked (the future rolls are hidden).
PigView = PigState

_NO_RNG = Rng("00" * 32, 0)


def view(s: PigState, seat: Seat | None, rules: PigRules) -> PigView:
    return attrs.evolve(s, rng=_NO_RNG)


def resample_hidden(s: PigState, seat: Seat | None, rng: Rng) -> PigState:
    """The state with another future: the die's RNG drawn from ``rng``."""
    return attrs.evolve(s, rng=Rng(rng.split()[0].key, 0))
