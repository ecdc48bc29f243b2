"""Not Alone's state: one frozen record, with one :class:`Hunted` record per Hunted.

Place-card sets (hand, discard pile) are sorted tuples: a Hunted never owns two copies
of a place. Decks are tuples with the top card at index 0; the Hunt discard pile has its
top (the last card discarded) at the end. Counters count the spaces left to the star.

Hunted index ``i`` (the position in ``hunted``) sits at seat
``(creature_seat + 1 + i) % seats``: index order is the clockwise order starting at the
Creature's left, the order of resolution in the Reckoning.
"""

from __future__ import annotations

import typing
from typing import Any, Literal

import attrs

from ...core.rng import Rng
from .contract import NotAloneConfig, NotAloneRules

__all__ = ["Hunted", "NotAloneState", "NotAloneState10", "Step", "Winner", "state_class"]

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

    Rules 1.1 added the last two fields (1.0 states are :data:`NotAloneState10`):
    ``withdrawn``: (turn, Hunted index), one per commit taken back by Despair, Force
    Field or Sacrifice (E4; such a commit stays masked in per-seat logs), kept for the
    whole game like ``secret_swaps``. ``resolved``: (Hunted index, place) of every place
    resolved in Reckoning steps 1-2 this turn, so that the places a card played after a
    Survival draw frees are resolved once (E28). With ``window_after_survival_draw``,
    ``shelter_owner`` with an empty ``shelter`` is the drawer's card window (E28).
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
    withdrawn: tuple[tuple[int, int], ...]
    resolved: tuple[tuple[int, int], ...]


#: The fields rules 1.1 added to the state (E4, E28).
ADDED_IN_1_1 = ("withdrawn", "resolved")


def _state_without(cls: type, drop: tuple[str, ...], name: str, doc: str) -> type:
    """``cls`` without the fields ``drop``: the same fields (types, defaults) in the same
    order otherwise, so its wire form and canonical bytes are those of a state declared
    with exactly those fields. A real class with resolved annotations (the serde
    converter and ``typing.get_type_hints`` read it like any other). The same helper as
    Friday's (``games/friday/state.py``); a candidate for a shared place in ``core``."""
    hints = typing.get_type_hints(cls)
    kept = [f for f in attrs.fields(cls) if f.name not in drop]
    if len(kept) != len(attrs.fields(cls)) - len(drop):
        raise TypeError(f"{cls.__name__} lacks some of the fields {drop}")
    body: dict[str, Any] = {
        "__module__": cls.__module__,
        "__qualname__": name,
        "__doc__": doc,
        "__annotations__": {f.name: hints[f.name] for f in kept},
    }
    for f in kept:
        if f.default is not attrs.NOTHING:
            body[f.name] = f.default
    return attrs.frozen(slots=True)(type(name, (), body))


#: The state of rules 1.0: :class:`NotAloneState` without the two fields 1.1 added
#: (``withdrawn``, ``resolved``), so that a 1.0 state has the fields, wire form and state
#: hash it had under 1.0. Typed as a NotAloneState for the rules, which read the two
#: fields only under the 1.1 flags.
NotAloneState10: type[NotAloneState] = _state_without(
    NotAloneState,
    ADDED_IN_1_1,
    "NotAloneState10",
    "The whole game under rules 1.0: a :class:`NotAloneState` without ``withdrawn`` and"
    " ``resolved`` (no commit is ever taken back, no place resolved twice can arise).",
)


def state_class(rules: NotAloneRules) -> type[NotAloneState]:
    """The state class of a rules version (its fields are part of its state hashes): the
    1.1 fields exist under either 1.1 flag (each flag's rules read and write only its own
    field; the other stays empty)."""
    if rules.phase1_cards_take_back_commits or rules.window_after_survival_draw:
        return NotAloneState
    return NotAloneState10
