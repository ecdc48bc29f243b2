"""Determinization for search bots: a full state from a view. Pig hides only the die's
future, so a sample is the view with a fresh RNG drawn from ``rng``."""

from __future__ import annotations

import attrs

from islandgames.kit import Rng, Seat

from .contract import PigRules
from .state import PigState
from .view import PigView

__all__ = ["sample_state"]


def sample_state(view: PigView, seat: Seat | None, rng: Rng, rules: PigRules) -> PigState:
    return attrs.evolve(view, rng=Rng(rng.split()[0].key, 0))
