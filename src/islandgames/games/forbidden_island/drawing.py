"""Forbidden Island's layout: what a client needs to draw a match, in wire form.

:func:`layout` (the game package's ``layout`` hook, found by
:func:`islandgames.layout`) gives the components as plain records: the island shapes
(each space's column and row in the 6x6 box), the 24 tiles with their printed names,
treasures and starting adventurers, the treasures, the adventurers with their colours
and powers, the treasure cards and the water meter. The tiles are dealt onto the spaces
per match (from the seed), so for a match (``state``) it also gives ``layout`` (the
island shape's id) and ``island``: every space's column, row and tile, in the order of
the state's ``board`` (the same order as the view's ``board`` and ``tiles``). All of it
is public: every view holds the tile placement too.

>>> from islandgames.games.forbidden_island import GAME
>>> static = layout()
>>> static.layout, static.island, len(static.tiles), static.columns
(None, (), 24, 6)
>>> state = GAME.new(seed=1)
>>> placed = layout(GAME, state)
>>> placed.layout, len(placed.island), placed.island[0].tile == state.board[0]
('standard', 24, True)
"""

from __future__ import annotations

from typing import Any, Literal

import attrs

from .data import (
    ADVENTURERS,
    CARD_NAMES,
    DIFFICULTY_LEVELS,
    FLOOD_DRAWS,
    LAYOUTS,
    SKULL_LEVEL,
    SPECIAL_CARDS,
    TILES,
    TREASURE_DECK,
    TREASURES,
    WATERS_RISE,
    Adventurer,
    Difficulty,
    Tile,
    Treasure,
)

__all__ = [
    "CardKind",
    "ForbiddenIslandCard",
    "ForbiddenIslandCell",
    "ForbiddenIslandLayout",
    "ForbiddenIslandPlacedTile",
    "ForbiddenIslandShape",
    "ForbiddenIslandWaterStart",
    "layout",
]

#: ``treasure`` (one of the four treasures), ``special`` (Helicopter Lift, Sandbags) or
#: ``waters_rise``.
CardKind = Literal["treasure", "special", "waters_rise"]


@attrs.frozen(slots=True)
class ForbiddenIslandCell:
    """A space of an island shape: column ``x`` (left to right) and row ``y`` (top to
    bottom) in the 6x6 box."""

    x: int
    y: int


@attrs.frozen(slots=True)
class ForbiddenIslandShape:
    """An island shape: its ``id`` (a config's ``layout``), name, and its spaces in
    order (space ``i`` holds the state's ``board[i]``)."""

    id: str
    name: str
    cells: tuple[ForbiddenIslandCell, ...]


@attrs.frozen(slots=True)
class ForbiddenIslandCard:
    """A treasure-deck card: id (as in hands and piles), printed name, ``kind`` and how
    many copies the deck has."""

    id: str
    name: str
    kind: CardKind
    copies: int


@attrs.frozen(slots=True)
class ForbiddenIslandWaterStart:
    """The water level a difficulty starts at."""

    difficulty: Difficulty
    water_level: int


@attrs.frozen(slots=True)
class ForbiddenIslandPlacedTile:
    """One space of a match's island: column ``x``, row ``y`` and the ``tile`` on it."""

    x: int
    y: int
    tile: str


@attrs.frozen(slots=True)
class ForbiddenIslandLayout:
    """The components, and for a match where its tiles lie.

    ``columns`` x ``rows``: the box the island shapes fit in. ``layouts``: every island
    shape. ``tiles``, ``treasures``, ``adventurers``, ``cards``: the components in their
    canonical orders. ``flood_draws[level]``: flood cards drawn per turn at water level
    1-9 (index 0 unused); ``skull_level``: the level that loses the game;
    ``water_starts``: each difficulty's starting level. ``layout`` and ``island``: the
    match's shape and its tiles, space by space (None and empty without a match)."""

    columns: int
    rows: int
    layouts: tuple[ForbiddenIslandShape, ...]
    tiles: tuple[Tile, ...]
    treasures: tuple[Treasure, ...]
    adventurers: tuple[Adventurer, ...]
    cards: tuple[ForbiddenIslandCard, ...]
    flood_draws: tuple[int, ...]
    skull_level: int
    water_starts: tuple[ForbiddenIslandWaterStart, ...]
    layout: str | None
    island: tuple[ForbiddenIslandPlacedTile, ...]


def _card_kind(card: str) -> CardKind:
    if card in SPECIAL_CARDS:
        return "special"
    return "waters_rise" if card == WATERS_RISE else "treasure"


_DIFFICULTIES: tuple[Difficulty, ...] = ("novice", "normal", "elite", "legendary")

_STATIC = ForbiddenIslandLayout(
    columns=6,
    rows=6,
    layouts=tuple(
        ForbiddenIslandShape(s.id, s.name, tuple(ForbiddenIslandCell(x, y) for x, y in s.cells))
        for s in LAYOUTS.values()
    ),
    tiles=TILES,
    treasures=TREASURES,
    adventurers=ADVENTURERS,
    cards=tuple(
        ForbiddenIslandCard(card, CARD_NAMES[card], _card_kind(card), n)
        for card, n in TREASURE_DECK
    ),
    flood_draws=FLOOD_DRAWS,
    skull_level=SKULL_LEVEL,
    water_starts=tuple(ForbiddenIslandWaterStart(d, DIFFICULTY_LEVELS[d]) for d in _DIFFICULTIES),
    layout=None,
    island=(),
)


def layout(game: Any = None, state: Any = None) -> ForbiddenIslandLayout:
    """The layout (the ``layout`` hook): the components, and with ``state`` (a state or
    a view of any seat: both have ``layout`` and ``board``) the match's island shape and
    where each tile lies. The same under every rules version so far (``game``)."""
    if state is None:
        return _STATIC
    cells = LAYOUTS[state.layout].cells
    island = tuple(
        ForbiddenIslandPlacedTile(x, y, tile)
        for (x, y), tile in zip(cells, state.board, strict=True)
    )
    return attrs.evolve(_STATIC, layout=state.layout, island=island)
