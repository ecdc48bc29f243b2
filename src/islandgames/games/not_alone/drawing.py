"""Not Alone's layout: the places and the cards' printed texts, in wire form, so a client
in any language can draw a match.

:func:`layout` (the game package's ``layout`` hook, found by
:func:`islandgames.layout`) gives the ten places (number, id, title, power, where each
lies in the two rows of five and its neighbours), every Survival and Hunt card with its
phase and text, and the Artemia symbols of the Rescue track for each board side. For a
match (``state``) it also gives the match's board side (``board``); without one that is
None. All of it is public.

>>> lay = layout()
>>> [p.number for p in lay.places][:3], lay.places[2].adjacent, lay.board
([1, 2, 3], (2, 4, 8), None)
>>> lay.places[7].title, (lay.places[7].column, lay.places[7].row)
('The Wreck', (2, 1))
"""

from __future__ import annotations

from typing import Any, Literal

import attrs

from .data import (
    ADJACENT,
    ARTEMIA_SPACES,
    HUNT_CARDS,
    PLACES,
    SURVIVAL_CARDS,
    HuntCard,
    Place,
    SurvivalCard,
)

__all__ = ["NotAloneArtemiaTrack", "NotAloneLayout", "NotAlonePlace", "layout"]


@attrs.frozen(slots=True)
class NotAlonePlace:
    """A place: its ``number`` (1-10, as in hands and views), id ``name``, printed
    ``title`` and ``power``; ``column`` (0-4) and ``row`` (0: places 1-5, 1: places
    6-10) on the table; ``adjacent``: the places sharing a border with it."""

    number: int
    name: str
    title: str
    power: str
    column: int
    row: int
    adjacent: tuple[int, ...]


@attrs.frozen(slots=True)
class NotAloneArtemiaTrack:
    """One side of the board: the Rescue counter's distances from the star that carry an
    Artemia symbol."""

    board: Literal["a", "b"]
    spaces: tuple[int, ...]


@attrs.frozen(slots=True)
class NotAloneLayout:
    """``places`` in number order; ``columns`` x ``rows`` their grid; ``survival_cards``
    and ``hunt_cards`` in table order; ``artemia_tracks``: both board sides. ``board``:
    the match's board side (None without a match)."""

    places: tuple[NotAlonePlace, ...]
    columns: int
    rows: int
    survival_cards: tuple[SurvivalCard, ...]
    hunt_cards: tuple[HuntCard, ...]
    artemia_tracks: tuple[NotAloneArtemiaTrack, ...]
    board: Literal["a", "b"] | None


def _side(key: str) -> Literal["a", "b"]:
    return "a" if key == "a" else "b"


def _place(p: Place) -> NotAlonePlace:
    row, column = divmod(p.number - 1, 5)
    return NotAlonePlace(p.number, p.name, p.title, p.power, column, row, ADJACENT[p.number])


_STATIC = NotAloneLayout(
    places=tuple(_place(p) for p in PLACES),
    columns=5,
    rows=2,
    survival_cards=SURVIVAL_CARDS,
    hunt_cards=HUNT_CARDS,
    artemia_tracks=tuple(NotAloneArtemiaTrack(_side(k), v) for k, v in ARTEMIA_SPACES.items()),
    board=None,
)


def layout(game: Any = None, state: Any = None) -> NotAloneLayout:
    """The layout (the ``layout`` hook); with ``state`` (a match's state) its board
    side. The same under every rules version so far (``game``)."""
    if state is None:
        return _STATIC
    return attrs.evolve(_STATIC, board=state.config.board)
