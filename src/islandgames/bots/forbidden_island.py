"""The heuristic bot of Forbidden Island, kept here for earlier imports.

It lives in its game package, :mod:`islandgames.games.forbidden_island.bots`, whose definition
names it ``heuristic``; every name of that module reads the same here.
"""

from __future__ import annotations

from typing import Any

from ..games.forbidden_island import bots as _bots
from ..games.forbidden_island.bots import VALUE_FEATURES as VALUE_FEATURES
from ..games.forbidden_island.bots import VALUE_WEIGHTS as VALUE_WEIGHTS
from ..games.forbidden_island.bots import HeuristicBot, evaluate, position_from_view
from ..games.forbidden_island.bots import value_features as value_features

__all__ = ["HeuristicBot", "evaluate", "position_from_view"]


def __getattr__(name: str) -> Any:
    """The game bot module's other names (its helpers, for tests and tools)."""
    return getattr(_bots, name)
