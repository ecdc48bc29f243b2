"""Not Alone's state: one frozen record, with one :class:`Hunted` record per Hunted.

Place-card sets (hand, discard pile) are sorted tuples: a Hunted never owns two copies
of a place. Decks are tuples with the top card at index 0; the Hunt discard pile has its
top (the last card discarded) at the end. Counters count the spaces left to the star.

Hunted index ``i`` (the position in ``hunted``) sits at seat
``(creature_seat + 1 + i) % seats``: index order is the clockwise order starting at the
Creature's left, the order of resolution in the Reckoning.
"""

from __future__ import annotations

from typing import Literal

import attrs

from ...core.rng import Rng
from . import NotAloneConfig

__all__ = ["Hunted", "NotAloneState", "Step", "Winner"]

#: ``creature_window``/``hunted_window``: card windows (phase 1 Creature only, phases 3
#: and 4 alternating); ``explore``: the Hunted commit Place cards; ``hunt``: the
#: Creature places tokens and plays phase-2 cards; ``ascendancy``/``phobia``: the
#: targeted Hunted answers; ``forbidden_zone``/``scream``/``toxin``/``artemia``:
#: simultaneous hidden choices; ``prepare``: River choices and Vortex before the
#: reveal; ``resolve_free``/``resolve_target``: Reckoning steps 1 and 2; ``over``.
Step = Literal[
    "creature_window",
    "hunted_window",
    "explore",
    "hunt",
    "ascendancy",
    "phobia",
    "forbidden_zone",
    "prepare",
    "resolve_free",
    "scream",
    "toxin",
    "resolve_target",
    "artemia",
    "over",
]
Winner = Literal["", "hunted", "creature"]
Double = Literal["", "river", "artefact"]


@attrs.frozen(slots=True)
class Hunted:
    """One Hunted.

    ``played``: the Place cards in play this turn (face down until the reveal; a card
    taken back during the Reckoning leaves a 0). ``places``: the places explored, one
    per played card (set at the reveal, moved by Detour). ``double``: a River or
    Artefact double play due this turn; ``next_double``: one earned for next turn.
    ``choice``/``choice_card``/``submitted``: a hidden choice made in a simultaneous
    step (Place cards to discard, empty for "lose 1 Will" under Scream; the Survival
    card under Toxin). The flags last for the current turn.
    """

    seat: int
    will: int
    hand: tuple[int, ...]
    discard: tuple[int, ...]
    played: tuple[int, ...]
    places: tuple[int, ...]
    survival: tuple[str, ...]
    double: Double
    next_double: Double
    resisted: bool
    survival_used: bool
    dodge: bool
    detector: bool
    submitted: bool
    choice: tuple[int, ...]
    choice_card: str


@attrs.frozen(slots=True)
class NotAloneState:
    """The whole game.

    ``phase`` 1-4 within ``turn``; ``step`` says who owes what. ``rescue`` and
    ``assimilation``: spaces left to the star. ``marker``: the Marker counter is on the
    Beach. ``reserve``: copies left of places 6-10. ``hunt_played``: Hunt cards played
    this turn (in order); ``effects``: the effects they put in force (a Flashback
    counts as the card it copies). ``allowance``: Hunt cards the Creature may play this
    turn. Tokens are tuples of places (empty: not placed). ``anticipation``/``phobia``:
    the targeted Hunted index (-1: none); ``phobia_shown``: the cards shown to the
    Creature. ``owing``: Hunted indices who still owe a decision in the current step;
    ``queue``: (Hunted index, place) pairs still to resolve in Reckoning steps 1-2;
    ``shelter``: Survival cards drawn by the Shelter, waiting for ``shelter_owner`` to
    keep one. ``window_first``/``window_played``: the state of the alternating card
    windows. ``batch`` counts completed simultaneous steps (for log redaction);
    ``secret_swaps``: (turn, Hunted index) of Vortex swaps made under Smokescreen.
    ``winner`` is set once a counter reaches the star.
    """

    config: NotAloneConfig
    rng: Rng
    turn: int
    phase: int
    step: Step
    rescue: int
    assimilation: int
    marker: bool
    hunted: tuple[Hunted, ...]
    reserve: tuple[int, ...]
    hunt_hand: tuple[str, ...]
    hunt_deck: tuple[str, ...]
    hunt_discard: tuple[str, ...]
    hunt_played: tuple[str, ...]
    effects: tuple[str, ...]
    allowance: int
    survival_deck: tuple[str, ...]
    survival_discard: tuple[str, ...]
    creature_token: tuple[int, ...]
    artemia_token: tuple[int, ...]
    target_token: tuple[int, ...]
    anticipation: int
    cataclysm: int
    phobia: int
    phobia_shown: tuple[int, ...]
    beach_used: bool
    wreck_used: bool
    sacrifice: bool
    smokescreen: bool
    owing: tuple[int, ...]
    queue: tuple[tuple[int, int], ...]
    shelter: tuple[str, ...]
    shelter_owner: int
    window_first: bool
    window_played: bool
    batch: int
    secret_swaps: tuple[tuple[int, int], ...]
    winner: Winner
