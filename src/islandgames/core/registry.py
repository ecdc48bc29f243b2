"""The game registry: ``get_game(id)``, every rules version of a game, and ``games()``.

``get_game(id)`` is the newest rules of a game; every rules version a game has ever
shipped stays available by name, so a log or a stored match is always replayed under
the rules it was played with.

>>> get_game("friday").info.title
'Friday'
>>> get_game("friday", rules_version="1.0").info.rules_version
'1.0'
>>> try:
...     get_game("chess")
... except LookupError as exc:
...     print(exc)  # doctest: +ELLIPSIS
unknown game 'chess'; known games: friday, ...
>>> try:
...     get_game("friday", rules_version="9.9")
... except LookupError as exc:
...     print(exc)  # doctest: +ELLIPSIS
friday has no rules version '9.9' (this engine has 1.0, ...)
"""

from __future__ import annotations

import importlib
import typing
from types import ModuleType
from typing import TYPE_CHECKING, Any, Literal, overload

from .errors import UnknownGameError, UnsupportedRulesVersionError
from .game import Game, GameInfo

__all__ = [
    "game_ids",
    "game_module",
    "games",
    "get_game",
    "register_game",
    "rules_versions",
    "unregister_game",
]

# game id -> module that defines GAMES (every rules version, oldest first) and GAME (the
# newest). Order is the listing order.
_MODULES: dict[str, str] = {
    "friday": "islandgames.games.friday",
    "forbidden-island": "islandgames.games.forbidden_island",
    "not-alone": "islandgames.games.not_alone",
    "gozer": "islandgames.games.gozer",
}

AnyGame = Game[Any, Any, Any, Any]

if TYPE_CHECKING:  # for the typed overloads of get_game only (the games load lazily)
    from ..games.forbidden_island import ForbiddenIslandGame
    from ..games.friday import FridayGame
    from ..games.gozer import GozerGame
    from ..games.not_alone import NotAloneGame

# game id -> {rules_version: game}, in version order (oldest first)
_LOADED: dict[str, dict[str, AnyGame]] = {}


def register_game(game_id: str, module: str, *, replace: bool = False) -> None:
    """Register the game package ``module`` (a dotted module path, imported when the game
    is first asked for) as ``game_id``. The module defines ``GAMES`` (one game per rules
    version, oldest first) or only ``GAME``; its optional hooks (``render_view``,
    ``render_svg``, ``layout``) are found by :func:`game_module`. An id already registered raises
    ValueError unless ``replace`` is set.

    >>> register_game("friday", "islandgames.games.friday")
    Traceback (most recent call last):
    ...
    ValueError: game 'friday' is already registered (islandgames.games.friday)
    """
    if type(game_id) is not str or not game_id or len(game_id) > 64:
        raise ValueError("a game id is a non-empty string of at most 64 characters")
    if type(module) is not str or not module:
        raise ValueError("module must be a dotted module path")
    if game_id in _MODULES and not replace:
        raise ValueError(f"game {game_id!r} is already registered ({_MODULES[game_id]})")
    _MODULES[game_id] = module
    _LOADED.pop(game_id, None)


def unregister_game(game_id: str) -> None:
    """Forget ``game_id`` (KeyError-free: an unknown id is ignored)."""
    _MODULES.pop(game_id, None)
    _LOADED.pop(game_id, None)


def game_ids() -> tuple[str, ...]:
    """The ids of every registered game, in listing order."""
    return tuple(_MODULES)


def _versions(game_id: str) -> dict[str, AnyGame]:
    loaded = _LOADED.get(game_id)
    if loaded is not None:
        return loaded
    module = _MODULES.get(game_id) if type(game_id) is str else None
    if module is None:
        shown = game_id if type(game_id) is str and len(game_id) <= 64 else "(not shown)"
        raise UnknownGameError(f"unknown game {shown!r}; known games: {', '.join(_MODULES)}")
    mod = importlib.import_module(module)
    games = typing.cast("tuple[AnyGame, ...]", getattr(mod, "GAMES", (mod.GAME,)))
    loaded = {g.info.rules_version: g for g in games}
    if len(loaded) != len(games) or games[-1] is not mod.GAME:
        raise RuntimeError(f"{module}: GAMES must list distinct rules versions, GAME last")
    _LOADED[game_id] = loaded
    return loaded


@overload
def get_game(game_id: Literal["friday"], rules_version: str | None = None) -> FridayGame: ...
@overload
def get_game(
    game_id: Literal["forbidden-island"], rules_version: str | None = None
) -> ForbiddenIslandGame: ...
@overload
def get_game(game_id: Literal["not-alone"], rules_version: str | None = None) -> NotAloneGame: ...
@overload
def get_game(game_id: Literal["gozer"], rules_version: str | None = None) -> GozerGame: ...
@overload
def get_game(game_id: str, rules_version: str | None = None) -> AnyGame: ...
def get_game(game_id: str, rules_version: str | None = None) -> AnyGame:
    """The game registered as ``game_id`` (:class:`UnknownGameError` if none), under its
    newest rules or under ``rules_version`` (:class:`UnsupportedRulesVersionError` if this
    engine never had that version). Typed per game for the four games of this package
    (``get_game("friday")`` is a ``FridayGame``: states, actions and views are typed in
    user code); any other id gives a ``Game[Any, Any, Any, Any]``."""
    versions = _versions(game_id)
    if rules_version is None:
        return next(reversed(versions.values()))
    game = versions.get(rules_version) if type(rules_version) is str else None
    if game is None:
        raise UnsupportedRulesVersionError(game_id, rules_version, tuple(versions))
    return game


def rules_versions(game_id: str) -> tuple[str, ...]:
    """Every rules version of ``game_id`` this engine can play and verify, oldest first.

    >>> rules_versions("gozer")
    ('1.0', '1.1')
    """
    return tuple(_versions(game_id))


def games() -> tuple[GameInfo, ...]:
    """The :class:`GameInfo` of every registered game (its newest rules)."""
    return tuple(get_game(g).info for g in _MODULES)


def game_module(game_id: str) -> ModuleType:
    """The module registered for ``game_id``, where optional extras such as
    ``render_view``, ``render_svg`` and ``layout`` live (:class:`UnknownGameError` if
    none)."""
    _versions(game_id)
    return importlib.import_module(_MODULES[game_id])
