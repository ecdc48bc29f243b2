"""The game registry: ``get_game(id)`` and ``games()``.

>>> get_game("friday").info.title
'Friday'
>>> try:
...     get_game("chess")
... except LookupError as exc:
...     print(exc)  # doctest: +ELLIPSIS
unknown game 'chess'; known games: friday, ...
"""

from __future__ import annotations

import importlib
import typing
from types import ModuleType
from typing import Any

from .errors import UnknownGameError
from .game import Game, GameInfo

__all__ = ["game_ids", "game_module", "games", "get_game"]

# game id -> module that defines GAME. Order is the listing order.
_MODULES: dict[str, str] = {
    "friday": "islandgames.games.friday",
    "forbidden-island": "islandgames.games.forbidden_island",
    "not-alone": "islandgames.games.not_alone",
    "gozer": "islandgames.games.gozer",
}

_LOADED: dict[str, Game[Any, Any, Any, Any]] = {}


def game_ids() -> tuple[str, ...]:
    """The ids of every registered game, in listing order."""
    return tuple(_MODULES)


def get_game(game_id: str) -> Game[Any, Any, Any, Any]:
    """The game registered as ``game_id``, or :class:`UnknownGameError`."""
    game = _LOADED.get(game_id)
    if game is not None:
        return game
    module = _MODULES.get(game_id) if isinstance(game_id, str) else None
    if module is None:
        raise UnknownGameError(f"unknown game {game_id!r}; known games: {', '.join(_MODULES)}")
    game = typing.cast("Game[Any, Any, Any, Any]", importlib.import_module(module).GAME)
    _LOADED[game_id] = game
    return game


def games() -> tuple[GameInfo, ...]:
    """The :class:`GameInfo` of every registered game."""
    return tuple(get_game(g).info for g in _MODULES)


def game_module(game_id: str) -> ModuleType:
    """The module registered for ``game_id``, where optional extras such as
    ``render_view`` and ``render_svg`` live (:class:`UnknownGameError` if none)."""
    get_game(game_id)
    return importlib.import_module(_MODULES[game_id])
