"""Forbidden Island's state: one frozen record of ints, strings and tuples.

Piles are tuples with the top card at index 0 (draw piles) or the most recent card
last (discard piles). The island is two tuples aligned with the layout's cells: the
tile on each cell (``board``) and its status (``tiles``). Hands are kept sorted in
the canonical card order, so equal hands are equal tuples.
"""

from __future__ import annotations

from typing import Literal

import attrs

from ...core.rng import Rng

__all__ = ["ForbiddenIslandState", "Lift", "Phase", "TileStatus"]

TileStatus = Literal["dry", "flooded", "sunk"]
#: actions: the active player's up to 3 actions (ended by EndActions); treasure: the
#: treasure draw (``draws_left`` cards to go); flood: the flood draw (``draws_left``
#: cards to go; swims may be pending).
Phase = Literal["actions", "treasure", "flood"]


@attrs.frozen(slots=True)
class Lift:
    """A Helicopter Lift being played by ``holder``: the card is already discarded,
    ``pawns`` (seats, ascending) stand on one cell and wait for a destination."""

    holder: int
    pawns: tuple[int, ...]


@attrs.frozen(slots=True)
class ForbiddenIslandState:
    """The whole game.

    ``adventurers[s]`` is seat ``s``'s adventurer and ``pawns[s]`` the tile its pawn
    is on (a sunk tile only while that seat is in ``swimmers``). ``flood_segments``
    splits the flood draw pile into runs whose contents are public but whose order is
    not (a Waters Rise! puts the shuffled discard pile on top as a new run).
    ``swimmers`` are the seats whose pawns must leave a sunk tile, in the order they
    swim (I11); ``declined`` the Helicopter Lift holders who declined to rescue a
    stranded first swimmer (I2). ``ended`` holds the reason codes once the game is over.
    """

    adventurers: tuple[str, ...]
    layout: str
    board: tuple[str, ...]
    tiles: tuple[TileStatus, ...]
    pawns: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    water_level: int
    captured: tuple[str, ...]
    treasure_deck: tuple[str, ...]
    treasure_discard: tuple[str, ...]
    flood_deck: tuple[str, ...]
    flood_segments: tuple[int, ...]
    flood_discard: tuple[str, ...]
    active: int
    phase: Phase
    actions_left: int
    draws_left: int
    pilot_flown: bool
    swimmers: tuple[int, ...]
    declined: tuple[int, ...]
    lift: Lift | None
    ended: tuple[str, ...]
    rng: Rng
