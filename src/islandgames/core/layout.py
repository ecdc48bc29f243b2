"""Layouts: what a client needs to draw a game without this package.

A game may provide a ``layout(game, state=None)`` hook on its kit ``Definition``
(:func:`~islandgames.core.registry.definition`), and ``layout_type``, the class it
returns. It returns
one frozen attrs value, the game's *layout*: its static components as plain records (a
board's squares and coordinates, the places, the cards' printed texts), and, given a
``state`` of a match, also what is fixed for that match only (Forbidden Island's tile on
each island space, Not Alone's board side). A layout holds public information only: it
depends on nothing a spectator's view does not show, so any token of a match may have
it. Its wire form (:func:`~islandgames.core.serde.to_wire`) is plain maps, lists, ints
and strings in a fixed order; from its class the protobuf schema's ``GameLayout``
messages are generated.

>>> lay = layout("gozer")
>>> len(lay.squares) > 90, lay.summit
(True, 20)
>>> from islandgames import get_game
>>> game = get_game("forbidden-island")
>>> placed = layout("forbidden-island", state=game.new(seed=3))
>>> len(placed.island), placed.layout
(24, 'standard')
"""

from __future__ import annotations

import typing
from typing import Any

from .game import Game
from .registry import definition, get_game

__all__ = ["game_layout", "layout", "layout_type"]

AnyGame = Game[Any, Any, Any, Any]


def _hook(game_id: str) -> Any:
    d = definition(game_id)
    return None if d is None else d.layout


def game_layout(game: AnyGame, state: Any = None) -> Any:
    """The layout of ``game`` (a game object, under its rules version), of the match
    ``state`` if given; None if the game's package has no ``layout`` hook."""
    hook = _hook(game.info.id)
    if hook is None or not callable(hook):
        return None
    return hook(game, state)


def layout(game_id: str, rules_version: str | None = None, state: Any = None) -> Any:
    """The layout of the game ``game_id`` under its newest rules (or ``rules_version``):
    its static components, and with ``state`` (a state of a match of that game) what is
    fixed for that match. None for a game without a ``layout`` hook. Raises
    :class:`~islandgames.UnknownGameError` or
    :class:`~islandgames.UnsupportedRulesVersionError` as :func:`get_game` does.
    ``islandgames.to_wire(layout(...))`` is its wire form."""
    return game_layout(get_game(game_id, rules_version), state)


def layout_type(game_id: str) -> type | None:
    """The class of the game's layouts (its definition's ``layout_type``, else its
    ``layout`` hook's return annotation), or None for a game without a hook."""
    d = definition(game_id)
    if d is None or d.layout is None:
        return None
    if d.layout_type is not None:
        return d.layout_type
    hint = typing.get_type_hints(d.layout).get("return")
    return hint if isinstance(hint, type) else None
