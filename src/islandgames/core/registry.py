"""The game registry: ``get_game(id)``, every rules version of a game, and ``games()``.

Every game registers the same way: an entry point of the group ``islandgames.games``
(read with :mod:`importlib.metadata`) names its package's kit ``Definition``; the four
games of this distribution declare theirs in its ``pyproject.toml`` exactly as a game in
its own distribution does. Nothing is imported until a game is first asked for, and
this module names no game. :func:`register_game` adds one at run time (a test's toy).

``get_game(id)`` is the newest rules of a game; every rules version a game has ever
shipped stays available by name, so a log or a stored match is always replayed under
the rules it was played with. :func:`log_variants` are a version's historical
variants: the rules that logs naming that version were once played under (a change
that landed before its version was bumped), declared by the game package as
``LOG_VARIANTS`` and never served by :func:`get_game`; the verifiers and
``Match.from_log`` replay a log under one only when the rules its header names do not
reproduce it and that variant does.

>>> get_game("friday").info.title
'Friday'
>>> get_game("friday", rules_version="1.0").info.rules_version
'1.0'
>>> try:
...     get_game("chess")
... except LookupError as exc:
...     print(exc)  # doctest: +ELLIPSIS
unknown game 'chess'; known games: forbidden-island, friday, ...
>>> try:
...     get_game("friday", rules_version="9.9")
... except LookupError as exc:
...     print(exc)  # doctest: +ELLIPSIS
friday has no rules version '9.9' (this engine has 1.0, ...)
"""

from __future__ import annotations

import importlib
import importlib.metadata
import threading
import typing
from types import ModuleType
from typing import Any

from .errors import UnknownGameError, UnsupportedRulesVersionError
from .game import Game, GameInfo
from .kit import Definition, RulesGame

__all__ = [
    "ENTRY_POINT_GROUP",
    "definition",
    "definition_of",
    "game_ids",
    "game_module",
    "games",
    "get_game",
    "log_variants",
    "register_game",
    "rules_versions",
    "unregister_game",
]

#: The entry-point group every game registers in.
ENTRY_POINT_GROUP = "islandgames.games"

AnyGame = Game[Any, Any, Any, Any]
AnyDefinition = Definition[Any, Any, Any, Any, Any]

# game id -> where it is: "package.module" (its DEFINITION, or GAMES / GAME) or
# "package.module:attribute" (a Definition, or a tuple of games oldest first). Listing
# order: the entry points by id, then games registered at run time in their order.
_SOURCES: dict[str, str] = {}
_FOUND = False  # the entry points have been read into _SOURCES
# game id -> {rules_version: game}, in version order (oldest first)
_LOADED: dict[str, dict[str, AnyGame]] = {}
_DEFINITIONS: dict[str, AnyDefinition | None] = {}
# game id -> {rules_version: its historical variants, oldest first} (log_variants)
_VARIANTS: dict[str, dict[str, tuple[AnyGame, ...]]] = {}
_LOCK = threading.RLock()  # the first load of a game may race between threads


def _discover() -> dict[str, str]:
    """The entry points of every installed distribution, read once. A stale copy of a
    distribution's metadata earlier on the path (a build's leftover ``*.egg-info`` in the
    working directory) must not hide the installed one's games, so every distribution is
    read, the first to name an id winning, as the first on the path wins an import."""
    global _FOUND
    if not _FOUND:
        with _LOCK:
            if not _FOUND:
                found: dict[str, str] = {}
                for dist in importlib.metadata.distributions():
                    for ep in dist.entry_points:
                        if ep.group == ENTRY_POINT_GROUP:
                            found.setdefault(ep.name, ep.value)
                added = {k: v for k, v in _SOURCES.items() if k not in found}
                _SOURCES.clear()
                _SOURCES.update({k: found[k] for k in sorted(found)})
                _SOURCES.update(added)
                _FOUND = True
    return _SOURCES


def register_game(game_id: str, module: str, *, replace: bool = False) -> None:
    """Register the game package ``module`` as ``game_id``, as an entry point of the
    group ``islandgames.games`` does: a dotted module path whose module defines
    ``DEFINITION`` (a kit :class:`~islandgames.core.kit.Definition`) or ``GAMES`` (one
    game per rules version, oldest first) or only ``GAME``, or ``"module:attribute"``
    naming such a definition or tuple. Imported when the game is first asked for. An id
    already registered raises ValueError unless ``replace`` is set.

    >>> register_game("friday", "islandgames.games.friday")
    Traceback (most recent call last):
    ...
    ValueError: game 'friday' is already registered (islandgames.games.friday:DEFINITION)
    """
    if type(game_id) is not str or not game_id or len(game_id) > 64:
        raise ValueError("a game id is a non-empty string of at most 64 characters")
    if type(module) is not str or not module:
        raise ValueError("module must be a dotted module path")
    sources = _discover()
    with _LOCK:
        if game_id in sources and not replace:
            raise ValueError(f"game {game_id!r} is already registered ({sources[game_id]})")
        sources[game_id] = module
        _LOADED.pop(game_id, None)
        _DEFINITIONS.pop(game_id, None)
        _VARIANTS.pop(game_id, None)


def unregister_game(game_id: str) -> None:
    """Forget ``game_id`` (KeyError-free: an unknown id is ignored)."""
    sources = _discover()
    with _LOCK:
        sources.pop(game_id, None)
        _LOADED.pop(game_id, None)
        _DEFINITIONS.pop(game_id, None)
        _VARIANTS.pop(game_id, None)


def game_ids() -> tuple[str, ...]:
    """The ids of every registered game, in listing order."""
    return tuple(_discover())


def _target(source: str) -> object:
    name, _, attr = source.partition(":")
    obj: object = importlib.import_module(name)
    for part in attr.split(".") if attr else ():
        obj = getattr(obj, part)
    return obj


def _load(game_id: str, source: str) -> tuple[tuple[AnyGame, ...], AnyDefinition | None]:
    obj = _target(source)
    if isinstance(obj, ModuleType):
        obj = getattr(obj, "DEFINITION", None) or getattr(obj, "GAMES", None) or (obj.GAME,)
    if isinstance(obj, Definition):
        return tuple(obj.games()), obj
    if isinstance(obj, tuple) and obj and all(isinstance(g, Game) for g in obj):
        games = typing.cast("tuple[AnyGame, ...]", obj)
        first = games[-1]
        d = first.definition if isinstance(first, RulesGame) else None
        return games, d
    raise TypeError(
        f"{source} (game {game_id!r}) is not a kit Definition, a game package or a "
        "tuple of games"
    )


def _variants_of(source: str, loaded: dict[str, AnyGame]) -> dict[str, tuple[AnyGame, ...]]:
    """The historical variants the game package of ``source`` declares (its module's
    ``LOG_VARIANTS``: games, each under one of ``loaded``'s rules versions and none of
    them a game ``loaded`` serves), by rules version."""
    module = importlib.import_module(source.partition(":")[0])
    declared = getattr(module, "LOG_VARIANTS", ())
    out: dict[str, list[AnyGame]] = {}
    for game in declared:
        version = game.info.rules_version if isinstance(game, Game) else ""
        shipped = loaded.get(version)
        if (
            shipped is None
            or game.info.id != shipped.info.id
            or any(game is g for g in loaded.values())
        ):
            raise RuntimeError(
                f"{source}: LOG_VARIANTS must hold games of the same game, each under one "
                "of its shipped rules versions and none of them a game it serves"
            )
        out.setdefault(version, []).append(game)
    return {v: tuple(games) for v, games in out.items()}


def _versions(game_id: str) -> dict[str, AnyGame]:
    loaded = _LOADED.get(game_id)
    if loaded is not None:
        return loaded
    sources = _discover()
    source = sources.get(game_id) if type(game_id) is str else None
    if source is None:
        shown = game_id if type(game_id) is str and len(game_id) <= 64 else "(not shown)"
        raise UnknownGameError(f"unknown game {shown!r}; known games: {', '.join(sources)}")
    with _LOCK:
        loaded = _LOADED.get(game_id)
        if loaded is not None:
            return loaded
        games, d = _load(game_id, source)
        loaded = {g.info.rules_version: g for g in games}
        if len(loaded) != len(games):
            raise RuntimeError(f"{source}: the games must have distinct rules versions")
        _DEFINITIONS[game_id] = d
        _VARIANTS[game_id] = _variants_of(source, loaded)
        _LOADED[game_id] = loaded
    return loaded


def get_game(game_id: str, rules_version: str | None = None) -> AnyGame:
    """The game registered as ``game_id`` (:class:`UnknownGameError` if none), under its
    newest rules or under ``rules_version`` (:class:`UnsupportedRulesVersionError` if this
    engine never had that version). ``islandgames.get_game`` is typed per game for the
    four games of this distribution (``get_game("friday")`` is a ``FridayGame``: states,
    actions and views are typed in user code; see ``islandgames/_typed.pyi``); any other
    id gives a ``Game[Any, Any, Any, Any]``."""
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


def log_variants(game_id: str, rules_version: str) -> tuple[AnyGame, ...]:
    """The historical variants of ``game_id``'s rules ``rules_version``, oldest first
    (empty for most versions): games whose ``info.rules_version`` is ``rules_version``
    but whose rules are those that logs naming it were once played under by mistake
    (a change that landed before its version was bumped; ``game.rules.variant`` names
    each). Never served by :func:`get_game` nor listed by :func:`rules_versions`, so
    never offered for a new match: the verifiers and ``Match.from_log`` replay a log
    under one only when the rules its header names do not reproduce it and the variant
    does. :class:`UnknownGameError` for an unknown id.

    >>> [f"{g.info.rules_version}+{g.rules.variant}" for g in log_variants("friday", "1.0")]
    ['1.0+f270b20']
    >>> log_variants("friday", "1.2")
    ()
    """
    _versions(game_id)
    if type(rules_version) is not str:
        return ()
    return _VARIANTS.get(game_id, {}).get(rules_version, ())


def games() -> tuple[GameInfo, ...]:
    """The :class:`GameInfo` of every registered game (its newest rules)."""
    return tuple(get_game(g).info for g in game_ids())


def definition(game_id: str) -> AnyDefinition | None:
    """The kit :class:`~islandgames.core.kit.Definition` of ``game_id``, where every
    layer finds the game's extras (text view, picture, layout, bots, RL codec, score
    scale); None for a game written on :class:`~islandgames.core.game.Game` directly
    (it has no extras). :class:`UnknownGameError` for an unknown id.

    >>> definition("gozer").score_scale
    1.0
    """
    _versions(game_id)
    return _DEFINITIONS[game_id]


def definition_of(game: AnyGame) -> AnyDefinition | None:
    """The kit Definition behind the game object ``game``: its own for a kit game
    (whatever id it is registered under), else that of the game registered as its id,
    else None. Where a layer holds a game object rather than an id.

    >>> definition_of(get_game("friday")).score_scale
    20.0
    """
    if isinstance(game, RulesGame):
        return game.definition
    try:
        return definition(game.info.id)
    except UnknownGameError:
        return None


def game_module(game_id: str) -> ModuleType:
    """The module ``game_id`` is registered from (its game package); kept for callers of
    earlier releases: a game's extras are on its :func:`definition`."""
    _versions(game_id)
    return importlib.import_module(_discover()[game_id].partition(":")[0])
