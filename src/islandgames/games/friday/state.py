"""Friday's state: one frozen record; piles are tuples with the top card at index 0.

A fight in progress is a :class:`Fight`; an ability waiting for a decision is its
``pending`` member (a target, the sort, or the below-the-pile replacement).
"""

from __future__ import annotations

import typing
from typing import Any, Literal

import attrs

from ...core import serde
from ...core.rng import Rng
from .contract import FridayConfig, FridayRules
from .data import Ability

__all__ = [
    "Fight",
    "FightCard",
    "FridayState",
    "FridayState10",
    "Pending",
    "PendingReplacement",
    "PendingSort",
    "PendingTarget",
    "Phase",
    "Result",
    "state_class",
]

#: hazard: choose (or skip) an offered hazard; pirate: choose which pirate to fight
#: first; fight: a fight in progress; destroy: destroying cards after a lost fight.
Phase = Literal["hazard", "pirate", "fight", "destroy", "over"]
Result = Literal["won", "lost"]


@attrs.frozen(slots=True)
class FightCard:
    """A face-up card in a fight: ``paid`` cards lie on the right (extra) side,
    ``uses`` counts ability uses this fight, ``doubled`` by a double ability."""

    card: int
    paid: bool = False
    uses: int = 0
    doubled: bool = False


@attrs.frozen(slots=True)
class PendingTarget:
    """``ability`` (destroy, double, exchange1/2, below, copy) of the card at index
    ``source`` waits for its target card (ChooseTarget)."""

    ability: Ability
    source: int


@attrs.frozen(slots=True)
class PendingSort:
    """The "sort 3 cards" ability of the card at ``source``: ``looked`` are the cards taken from
    the stack and held (seen only by the player); ``discarded`` once one went to the
    discard pile; ``returning`` once cards started going back on the stack."""

    source: int
    looked: tuple[int, ...] = ()
    discarded: bool = False
    returning: bool = False


@attrs.frozen(slots=True)
class PendingReplacement:
    """A free-side card was put below the pile by the card at ``source``: draw a
    replacement or not (Replace)."""

    source: int


Pending = PendingTarget | PendingSort | PendingReplacement
serde.register_union(Pending)


@attrs.frozen(slots=True)
class Fight:
    """A fight against ``enemy`` (a hazard card id, or a pirate card id).

    ``allowance`` free cards (fixed when the fight starts), ``free_drawn`` of them
    drawn; ``step_lowered`` once a step -1 was used; ``budget`` is the life lost to the
    hazard that may still be spent on destroying cards (destroy phase only).
    """

    enemy: int
    allowance: int
    free_drawn: int = 0
    cards: tuple[FightCard, ...] = ()
    step_lowered: bool = False
    pending: Pending | None = None
    budget: int = 0


@attrs.frozen(slots=True)
class FridayState:
    """The whole game. ``step``: 0 green, 1 yellow, 2 red, 3 pirates.

    ``known_top``/``known_bottom``: how many cards at the top/bottom of ``stack`` the
    player knows (after a sort or a below-the-pile); normalised so that they never
    overlap. ``aging_stack`` holds the normal aging cards before the difficult ones.
    ``pirates`` are the two pirates drawn at setup (visible, F12), and
    ``pirates_defeated`` flags them in the same order. ``destroyed`` are the cards
    removed from the game. ``result``/``reason`` are set once the game is over.
    ``face_down_aging``: the level-2+ aging card shuffled face down into the starting
    cards (F14) while it has never been face up (drawn into a fight or discarded), else
    None; ``aging_looked``: Robinson has looked at it meanwhile (a sort), so only a
    spectator still does not know it.
    """

    config: FridayConfig
    rng: Rng
    phase: Phase
    step: int
    life: int
    stack: tuple[int, ...]
    discard: tuple[int, ...]
    known_top: int
    known_bottom: int
    hazard_stack: tuple[int, ...]
    hazard_discard: tuple[int, ...]
    offer: tuple[int, ...]
    aging_stack: tuple[int, ...]
    pirates: tuple[int, ...]
    pirates_defeated: tuple[bool, ...]
    fight: Fight | None
    destroyed: tuple[int, ...]
    result: Result | None = None
    reason: str = ""
    face_down_aging: int | None = None
    aging_looked: bool = False


# --- the state of earlier rules versions ---------------------------------------------------


def _state_without(cls: type, drop: tuple[str, ...], name: str, doc: str) -> type:
    """``cls`` without the fields ``drop``: the same fields (types, defaults) in the same
    order otherwise, so its wire form and canonical bytes are those of a state declared
    with exactly those fields. A real class with resolved annotations (the serde
    converter and ``typing.get_type_hints`` read it like any other)."""
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


#: The state of rules 1.0: :class:`FridayState` without the two fields 1.1 added
#: (``face_down_aging``, ``aging_looked``; F14), so that a 1.0 state has the fields, wire
#: form and state hash it had under 1.0. Typed as a FridayState for the rules, which
#: read the two fields only under ``FridayRules.records_face_down_aging``.
FridayState10: type[FridayState] = _state_without(
    FridayState,
    ("face_down_aging", "aging_looked"),
    "FridayState10",
    "The whole game under rules 1.0: a :class:`FridayState` without ``face_down_aging``"
    " and ``aging_looked`` (the views derive the face-down aging card, F14).",
)


def state_class(rules: FridayRules) -> type[FridayState]:
    """The state class of a rules version (its fields are part of its state hashes)."""
    return FridayState if rules.records_face_down_aging else FridayState10
