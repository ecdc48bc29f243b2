"""The heuristic bot of Not Alone, kept here for earlier imports.

It lives in its game package, :mod:`islandgames.games.not_alone.bots`, whose definition
names it ``heuristic``; every name of that module reads the same here.
"""

from __future__ import annotations

from typing import Any

from ..games.not_alone import bots as _bots
from ..games.not_alone.bots import VALUE_FEATURES as VALUE_FEATURES
from ..games.not_alone.bots import VALUE_WEIGHTS as VALUE_WEIGHTS
from ..games.not_alone.bots import HeuristicBot
from ..games.not_alone.bots import value_features as value_features

__all__ = ["HeuristicBot"]


def __getattr__(name: str) -> Any:
    """The game bot module's other names (its helpers, for tests and tools)."""
    return getattr(_bots, name)
