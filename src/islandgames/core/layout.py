"""Layouts: what a client needs to draw a game without this package.

A game package may provide a ``layout(game, state=None)`` hook (beside ``render_view``
and ``render_svg``; found by :func:`~islandgames.core.registry.game_module`). It returns
one frozen attrs value, the game's *layout*: its static components as plain records (a
board's squares and coordinates, the places, the cards' printed texts), and, given a
``state`` of a match, also what is fixed for that match only (Forbidden Island's tile on
each island space, Not Alone's board side). A layout holds public information only: it
depends on nothing a spectator's view does not show, so any token of a match may have
it. Its wire form (:func:`~islandgames.core.serde.to_wire`) is plain maps, lists, ints
and strings in a fixed order; its hook's return annotation names its class, from which
the protobuf schema's ``GameLayout`` messages are generated.

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
from typing import TYPE_CHECKING, Any, Literal, overload

from .game import Game
from .registry import game_module, get_game

if TYPE_CHECKING:  # the games load lazily
    from ..games.forbidden_island.drawing import ForbiddenIslandLayout
    from ..games.friday.drawing import FridayLayout
    from ..games.gozer.drawing import GozerLayout
    from ..games.not_alone.drawing import NotAloneLayout

__all__ = ["game_layout", "layout", "layout_type"]

AnyGame = Game[Any, Any, Any, Any]


def _hook(game_id: str) -> Any:
    return getattr(game_module(game_id), "layout", None)


def game_layout(game: AnyGame, state: Any = None) -> Any:
    """The layout of ``game`` (a game object, under its rules version), of the match
    ``state`` if given; None if the game's package has no ``layout`` hook."""
    hook = _hook(game.info.id)
    if hook is None or not callable(hook):
        return None
    return hook(game, state)


@overload
def layout(
    game_id: Literal["friday"], rules_version: str | None = None, state: Any = None
) -> FridayLayout: ...
@overload
def layout(
    game_id: Literal["forbidden-island"], rules_version: str | None = None, state: Any = None
) -> ForbiddenIslandLayout: ...
@overload
def layout(
    game_id: Literal["not-alone"], rules_version: str | None = None, state: Any = None
) -> NotAloneLayout: ...
@overload
def layout(
    game_id: Literal["gozer"], rules_version: str | None = None, state: Any = None
) -> GozerLayout: ...
@overload
def layout(game_id: str, rules_version: str | None = None, state: Any = None) -> Any: ...
def layout(game_id: str, rules_version: str | None = None, state: Any = None) -> Any:
    """The layout of the game ``game_id`` under its newest rules (or ``rules_version``):
    its static components, and with ``state`` (a state of a match of that game) what is
    fixed for that match. None for a game without a ``layout`` hook. Raises
    :class:`~islandgames.UnknownGameError` or
    :class:`~islandgames.UnsupportedRulesVersionError` as :func:`get_game` does.
    ``islandgames.to_wire(layout(...))`` is its wire form."""
    return game_layout(get_game(game_id, rules_version), state)


def layout_type(game_id: str) -> type | None:
    """The class of the game's layouts (its ``layout`` hook's return annotation), or None
    for a game without a hook."""
    hook = _hook(game_id)
    if hook is None:
        return None
    hint = typing.get_type_hints(hook).get("return")
    return hint if isinstance(hint, type) else None
