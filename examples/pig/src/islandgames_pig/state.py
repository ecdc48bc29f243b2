"""Pig's state: the scores, whose turn it is and what this turn has made so far."""

from __future__ import annotations

import attrs

from islandgames.kit import Rng

from .contract import PigConfig

__all__ = ["PigState"]


@attrs.frozen(slots=True)
class PigState:
    config: PigConfig
    rng: Rng
    scores: tuple[int, ...]
    active: int
    turn_total: int
    rolled: bool
    last_roll: int  # 0 before the first roll of the game
    winner: int  # -1 while the game runs
