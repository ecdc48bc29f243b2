"""The Wrath of Gozer's layout: the island as a client draws it, in wire form.

:func:`layout` (the game package's ``layout`` hook, found by
:func:`islandgames.layout`) turns the shipped island (:data:`~.board.BOARD`) into plain
records: every square with its drawing coordinates, elevation and kind, every path
between two squares, the gullies, the gadgets' starting squares, and the special squares
(start, boat, summit, cabins, obstacles). It is public information; the island is the
same in every match and under every rules version so far.

>>> lay = layout()
>>> len(lay.squares) == BOARD.size, lay.summit, lay.boat
(True, 20, 11)
>>> lay.squares[0]
GozerSquare(id=0, kind='start', elevation=1, x=60, y=400)
"""

from __future__ import annotations

from typing import Any

import attrs

from .board import BOARD, Board
from .data import GADGETS, KINDS, Gadget, Kind

__all__ = ["GozerGadgetStart", "GozerGully", "GozerLayout", "GozerPath", "GozerSquare", "layout"]


@attrs.frozen(slots=True)
class GozerSquare:
    """One square: its id (0..n-1), ``kind`` (``path``, ``river`` and ``precipice`` are
    obstacles, ``cabin`` and ``summit`` teleport cabins, ``start`` beside the wreck,
    ``boat`` the goal), its integer ``elevation`` (the summit highest) and its drawing
    coordinates ``x``, ``y`` (SVG units, y downwards)."""

    id: int
    kind: Kind
    elevation: int
    x: int
    y: int


@attrs.frozen(slots=True)
class GozerPath:
    """A path between squares ``a`` and ``b`` (the island's edges, in the board file's
    order; a path may be walked both ways)."""

    a: int
    b: int


@attrs.frozen(slots=True)
class GozerGully:
    """A gully down the volcano, named: the squares a fireball sweeps, top to bottom."""

    name: str
    squares: tuple[int, ...]


@attrs.frozen(slots=True)
class GozerGadgetStart:
    """Where ``gadget`` lies at the start of every match."""

    gadget: Gadget
    square: int


@attrs.frozen(slots=True)
class GozerLayout:
    """The island: ``squares`` in id order, ``paths`` (the edges), ``gullies``,
    ``gadgets`` (starting squares, in the canonical gadget order), the ``start``,
    ``boat`` and ``summit`` squares, the teleport ``cabins`` (the summit's among them)
    and the ``obstacles`` (river and precipice squares), both in id order."""

    name: str
    squares: tuple[GozerSquare, ...]
    paths: tuple[GozerPath, ...]
    gullies: tuple[GozerGully, ...]
    gadgets: tuple[GozerGadgetStart, ...]
    start: int
    boat: int
    summit: int
    cabins: tuple[int, ...]
    obstacles: tuple[int, ...]


def board_layout(board: Board) -> GozerLayout:
    """The layout of ``board`` (any validated island)."""
    return GozerLayout(
        name=board.name,
        squares=tuple(
            GozerSquare(s.id, _kind(s.kind), s.elevation, s.x, s.y) for s in board.squares
        ),
        paths=tuple(GozerPath(a, b) for a, b in board.edges),
        gullies=tuple(GozerGully(g.name, g.squares) for g in board.gullies),
        gadgets=tuple(
            GozerGadgetStart(g, sq) for g, sq in zip(GADGETS, board.gadget_squares, strict=True)
        ),
        start=board.start,
        boat=board.boat,
        summit=board.summit,
        cabins=board.cabins,
        obstacles=tuple(s for s in range(board.size) if board.obstacle[s]),
    )


def _kind(kind: str) -> Kind:
    for k in KINDS:
        if k == kind:
            return k
    raise ValueError(f"unknown square kind {kind!r}")  # pragma: no cover - the loader checks


_LAYOUT = board_layout(BOARD)


def layout(game: Any = None, state: Any = None) -> GozerLayout:
    """The layout of the shipped island (the ``layout`` hook). The same for every rules
    version (``game``) and every match (``state``)."""
    return _LAYOUT
