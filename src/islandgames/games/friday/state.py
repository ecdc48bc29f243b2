"""Friday's state: one frozen record; piles are tuples with the top card at index 0.

A fight in progress is a :class:`Fight`; an ability waiting for a decision is its
``pending`` member (a target, the sort, or the below-the-pile replacement).
"""

from __future__ import annotations

from typing import Literal

import attrs

from ...core import serde
from ...core.rng import Rng
from . import FridayConfig
from .data import Ability

__all__ = [
    "Fight",
    "FightCard",
    "FridayState",
    "Pending",
    "PendingReplacement",
    "PendingSort",
    "PendingTarget",
    "Phase",
    "Result",
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
