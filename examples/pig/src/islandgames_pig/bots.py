"""Pig's own bot: hold at 20 (or when the turn reaches the target), else roll."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from islandgames.kit import Rng

from .actions import Hold
from .view import PigView

__all__ = ["HoldAtTwenty"]


class HoldAtTwenty:
    """The classic Pig strategy: roll until the turn holds 20 points, then hold."""

    name = "hold20"

    def choose(
        self, game: Any, view: PigView, legal: Sequence[Any], rng: Rng
    ) -> tuple[Any, Rng]:
        me = view.active
        enough = view.turn_total >= min(20, view.config.target - view.scores[me])
        for action in legal:
            if enough and isinstance(action, Hold):
                return action, rng
        return legal[0], rng  # Roll is listed first
