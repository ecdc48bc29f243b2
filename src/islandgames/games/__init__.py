"""The four games, one package each (contract, data, state, actions, rules, view).

Importing a game package binds this subpackage as the attribute ``games`` of the
``islandgames`` package, where the function :func:`islandgames.games` lives: Python's
import system does that for every subpackage. So that ``islandgames.games()`` means the
same either way, this module is callable and returns what the function returns.

>>> import islandgames, islandgames.games.friday
>>> islandgames.games() == islandgames.core.registry.games()
True
"""

from __future__ import annotations

import sys
import types
from typing import Any


class _CallableGames(types.ModuleType):
    def __call__(self) -> Any:
        from ..core.registry import games

        return games()


sys.modules[__name__].__class__ = _CallableGames
