"""The heuristic bot of The Wrath of Gozer, kept here for earlier imports.

It lives in its game package, :mod:`islandgames.games.gozer.bots`, whose definition
names it ``heuristic``; every name of that module reads the same here.
"""

from __future__ import annotations

from typing import Any

from ..games.gozer import bots as _bots
from ..games.gozer.bots import HeuristicBot

__all__ = ["HeuristicBot"]


def __getattr__(name: str) -> Any:
    """The game bot module's other names (its helpers, for tests and tools)."""
    return getattr(_bots, name)
