"""Not Alone's actions: one atomic decision each.

Places and Place cards are numbers 1-10, Survival and Hunt cards their snake_case ids
(see ``data``), Hunted are named by seat. Card tuples are sorted. In a per-seat log a
card the viewer may not see is shown as 0 (or ``""`` for a Survival card).
"""

from __future__ import annotations

from typing import Literal

import attrs

from ...core import serde

__all__ = [
    "Action",
    "Conceal",
    "Discard",
    "DiscardSurvival",
    "Explore",
    "Forgo",
    "GiveUp",
    "Keep",
    "KeepSurvival",
    "LoseWill",
    "Pass",
    "PlaceToken",
    "PlayHunt",
    "PlaySurvival",
    "Resist",
    "RiverKeep",
    "TakeBack",
    "UsePower",
]

Token = Literal["creature", "artemia", "target"]


@attrs.frozen(slots=True)
class Pass:
    """End your part of the current step: close a card window, finish the Hunting
    (every available token placed), or decline Vortex before the reveal."""


@attrs.frozen(slots=True)
class Explore:
    """Play Place card(s) face down: 1 card, or 2 with a River/Artefact double play."""

    cards: tuple[int, ...]


@attrs.frozen(slots=True)
class Resist:
    """Pay ``will`` (1 or 2) Will to take ``cards`` (2 per Will, fewer if the discard
    pile holds fewer) back from the discard pile. Once per turn, before playing."""

    will: int
    cards: tuple[int, ...]


@attrs.frozen(slots=True)
class GiveUp:
    """Back to 3 Will, the whole discard pile back to hand; Assimilation +1."""


@attrs.frozen(slots=True)
class PlaySurvival:
    """Play Survival ``card``. ``cards``: Sacrifice (the card discarded), Sixth Sense
    (the cards taken back), Vortex (played card out, discard card in), Double Back (the
    played card taken back). ``places``: Hologram/Wrong Track (from, to)."""

    card: str
    cards: tuple[int, ...] = ()
    places: tuple[int, ...] = ()


@attrs.frozen(slots=True)
class PlayHunt:
    """Play Hunt ``card`` (``"flashback"`` copies the top of the Hunt discard pile, with
    the copied card's parameters). ``seat``: the Hunted named by Anticipation,
    Ascendancy, Phobia (-1: nobody qualifies) or Detour. ``places``: Force Field (the
    adjacent pair), Cataclysm (the place), Detour (from, to)."""

    card: str
    seat: int = -1
    places: tuple[int, ...] = ()


@attrs.frozen(slots=True)
class PlaceToken:
    """Put a Hunt token on a place (Virus/Mirage: on an adjacent pair)."""

    token: Token
    places: tuple[int, ...]


@attrs.frozen(slots=True)
class RiverKeep:
    """River double play: keep ``card`` in play, take the other back into hand."""

    card: int


@attrs.frozen(slots=True)
class Discard:
    """Discard Place cards from hand in a simultaneous step (Forbidden Zone, Artemia
    token, or the Scream option)."""

    cards: tuple[int, ...]


@attrs.frozen(slots=True)
class LoseWill:
    """Scream: lose 1 Will instead of discarding 2 Place cards."""


@attrs.frozen(slots=True)
class DiscardSurvival:
    """Toxin: discard this Survival card."""

    card: str


@attrs.frozen(slots=True)
class Keep:
    """Ascendancy: keep these 2 Place cards in hand, discard the others."""

    cards: tuple[int, ...]


@attrs.frozen(slots=True)
class Conceal:
    """Phobia: hide these 2 Place cards; the rest of the hand is shown to the Creature."""

    cards: tuple[int, ...]


@attrs.frozen(slots=True)
class UsePower:
    """Resolve the explored place ``at`` by using the power of place ``power``.

    ``survival``: ``""`` (the place itself; at the Lair, ``power`` 1 is its own power
    and another number the Creature-token place it copies), ``"gate"`` (an adjacent
    place, or through an adjacent Lair its copy) or ``"drone"`` (the Rover).
    ``cards``: Place cards taken back from the discard pile (Lair under Persecution,
    Jungle, Swamp) or taken from the reserve (Rover). ``seat``: the Hunted who regains
    1 Will at the Source (-1: draw a Survival card instead)."""

    at: int
    power: int
    survival: str = ""
    cards: tuple[int, ...] = ()
    seat: int = -1


@attrs.frozen(slots=True)
class TakeBack:
    """Resolve the explored place ``at`` by taking ``card`` back from the discard pile."""

    at: int
    card: int


@attrs.frozen(slots=True)
class Forgo:
    """Resolve the explored place ``at`` by doing nothing."""

    at: int


@attrs.frozen(slots=True)
class KeepSurvival:
    """Shelter: keep this drawn Survival card, discard the other."""

    card: str


Action = (
    Pass
    | Explore
    | Resist
    | GiveUp
    | PlaySurvival
    | PlayHunt
    | PlaceToken
    | RiverKeep
    | Discard
    | LoseWill
    | DiscardSurvival
    | Keep
    | Conceal
    | UsePower
    | TakeBack
    | Forgo
    | KeepSurvival
)
serde.register_union(Action)
