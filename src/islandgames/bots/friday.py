"""The heuristic bot of Friday, kept here for earlier imports.

It lives in its game package, :mod:`islandgames.games.friday.bots`, whose definition
names it ``heuristic``; every name of that module reads the same here.
"""

from __future__ import annotations

from typing import Any

from ..games.friday import bots as _bots
from ..games.friday.bots import VALUE_FEATURES as VALUE_FEATURES
from ..games.friday.bots import VALUE_WEIGHTS as VALUE_WEIGHTS
from ..games.friday.bots import HeuristicBot, card_worth
from ..games.friday.bots import value_features as value_features

__all__ = ["HeuristicBot", "card_worth"]


def __getattr__(name: str) -> Any:
    """The game bot module's other names (its helpers, for tests and tools)."""
    return getattr(_bots, name)
