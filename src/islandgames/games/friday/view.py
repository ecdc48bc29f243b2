"""What Robinson (seat 0) or a spectator (None) may know, and the hidden-part resampler.

Hidden: the order of Robinson's stack (except the top/bottom cards the player knows
after a sort or a below-the-pile), of the hazard stack and of the aging stack, and the
RNG. A spectator also does not see the cards a sort holds, nor the known stack cards.
The contents of every pile are public (a player with perfect recall knows them), so
the view lists them sorted, with one exception: from level 2 an aging card is shuffled
face down into the starting stack (F14). Until Robinson first sees it, its identity is
hidden: it shows as ``HIDDEN`` in ``stack_cards``, and the normal aging cards of the
aging stack (one of which it could be) show as ``HIDDEN`` in ``aging_stack_cards``.
Rules 1.1 read that card from the state (:func:`unseen_aging`), rules 1.0 derive it
(:func:`derived_unseen_aging`).
"""

from __future__ import annotations

import attrs

from ...core.rng import Rng
from .contract import FridayConfig, FridayRules
from .data import CARDS, IS_AGING
from .rules import (
    can_draw,
    enemy_value,
    fight_total,
    free_left,
    initial_aging,
    max_life,
    paid_cost,
    score,
    stopped,
)
from .state import Fight, FridayState, PendingSort, Phase, Result

__all__ = [
    "HIDDEN",
    "FightView",
    "FridayView",
    "derived_unseen_aging",
    "resample_hidden",
    "unseen_aging",
    "view",
]

#: Stands for a card face down to the viewer (the cards a sort holds, for spectators).
HIDDEN = -1


@attrs.frozen(slots=True)
class FightView:
    """The fight as it lies on the table, with the figures the rules compute from it:
    the current ``total``, the ``hazard_value`` to reach, ``free_left`` free draws,
    ``paid_cost`` life per extra card, ``stopped`` by a stop card, ``can_draw``."""

    fight: Fight
    total: int
    hazard_value: int
    free_left: int
    paid_cost: int
    stopped: bool
    can_draw: bool


@attrs.frozen(slots=True)
class FridayView:
    """Robinson's table. ``stack_top`` (top first) and ``stack_bottom`` (bottom last)
    are the stack cards seat 0 knows; ``*_cards`` are pile contents in id order."""

    seat: int | None
    config: FridayConfig
    phase: Phase
    step: int
    life: int
    max_life: int
    stack_size: int
    stack_top: tuple[int, ...]
    stack_bottom: tuple[int, ...]
    stack_cards: tuple[int, ...]
    discard: tuple[int, ...]
    hazard_stack_size: int
    hazard_stack_cards: tuple[int, ...]
    hazard_discard: tuple[int, ...]
    offer: tuple[int, ...]
    aging_stack_size: int
    aging_stack_cards: tuple[int, ...]
    pirates: tuple[int, ...]
    pirates_defeated: tuple[bool, ...]
    fight: FightView | None
    destroyed: tuple[int, ...]
    score: int
    result: Result | None
    reason: str


def unseen_aging(state: FridayState, seat: int | None) -> int | None:
    """The face-down aging card of level 2+ (F14) while ``seat`` has not seen it, else None:
    nobody has seen it until it is face up (``state.face_down_aging``), and Robinson
    also once a sort has shown it to him (``state.aging_looked``). Rules 1.1 (a state
    that records the card)."""
    card = state.face_down_aging
    if card is None or (seat == 0 and state.aging_looked):
        return None
    return card


def derived_unseen_aging(state: FridayState, seat: int | None) -> int | None:
    """Rules 1.0: the face-down aging card of level 2+ (F14) while ``seat`` has not seen
    it, else None, derived from a state that does not record it.

    Every reshuffle takes an aging card, so before the first one this card is the only
    aging card outside the aging stack; until then it has been seen only if it was drawn
    (it is then in the fight, the discard pile, the destroyed cards or the known bottom of
    the stack) or, for the player, looked at by a sort (the known top of the stack)."""
    if state.config.level < 2 or len(state.aging_stack) != initial_aging(state.config) - 1:
        return None
    fight = state.fight
    held = (
        fight.pending.looked if fight is not None and isinstance(fight.pending, PendingSort) else ()
    )
    n = len(state.stack)
    lo = state.known_top if seat == 0 else 0
    hidden_part = state.stack[lo : n - state.known_bottom]
    if seat != 0:
        hidden_part = held + hidden_part
    return next((c for c in hidden_part if IS_AGING[c]), None)


def _unseen(state: FridayState, seat: int | None, records: bool) -> int | None:
    if records:  # F14 (1.1): recorded in the state
        return unseen_aging(state, seat)
    return derived_unseen_aging(state, seat)


def view(state: FridayState, seat: int | None, rules: FridayRules) -> FridayView:
    """The view of ``seat`` (0 = Robinson, None = a spectator) under ``rules``."""
    player = seat == 0
    stack = state.stack
    n = len(stack)
    fight = state.fight
    fight_view = None
    stack_cards = stack
    if fight is not None:
        pending = fight.pending
        if not player and isinstance(pending, PendingSort):
            # A spectator sees how many cards the sort holds, not which; they are
            # counted with the stack's contents.
            stack_cards = stack + pending.looked
            hidden = (HIDDEN,) * len(pending.looked)
            fight = attrs.evolve(fight, pending=attrs.evolve(pending, looked=hidden))
        fight_view = FightView(
            fight=fight,
            total=fight_total(state),
            hazard_value=enemy_value(state),
            free_left=free_left(fight),
            paid_cost=paid_cost(state),
            stopped=stopped(fight),
            can_draw=can_draw(state),
        )
    aging_cards = state.aging_stack
    unseen = _unseen(state, seat, rules.records_face_down_aging)
    if unseen is not None:
        stack_cards = tuple(HIDDEN if c == unseen else c for c in stack_cards)
        aging_cards = tuple(HIDDEN if CARDS[c].aging_kind == "normal" else c for c in aging_cards)
    return FridayView(
        seat=seat,
        config=state.config,
        phase=state.phase,
        step=state.step,
        life=state.life,
        max_life=max_life(state.config),
        stack_size=n,
        stack_top=stack[: state.known_top] if player else (),
        stack_bottom=stack[n - state.known_bottom :] if player and state.known_bottom else (),
        stack_cards=tuple(sorted(stack_cards)),
        discard=state.discard,
        hazard_stack_size=len(state.hazard_stack),
        hazard_stack_cards=tuple(sorted(state.hazard_stack)),
        hazard_discard=state.hazard_discard,
        offer=state.offer,
        aging_stack_size=len(state.aging_stack),
        aging_stack_cards=tuple(sorted(aging_cards)),
        pirates=state.pirates,
        pirates_defeated=state.pirates_defeated,
        fight=fight_view,
        destroyed=state.destroyed,
        score=score(state),
        result=state.result,
        reason=state.reason,
    )


def resample_hidden(state: FridayState, seat: int | None, rng: Rng) -> FridayState:
    """``state`` with everything ``seat`` cannot see redrawn: the unknown middle of
    Robinson's stack (for a spectator the whole stack together with the cards a sort
    holds), the hazard stack, each aging group (normal, difficult), the identity of the
    face-down level-2 aging card while unseen, and the RNG key. The state's class tells
    its rules version's record of that card (F14: a 1.1 :class:`FridayState` records it,
    a 1.0 state does not)."""
    state, rng = _redraw_unseen_aging(state, seat, rng, type(state) is FridayState)
    stack = state.stack
    fight = state.fight
    if seat == 0:
        lo, hi = state.known_top, len(stack) - state.known_bottom
        middle, rng = rng.shuffle(stack[lo:hi])
        stack = stack[:lo] + middle + stack[hi:]
    elif fight is not None and isinstance(fight.pending, PendingSort):
        held = len(fight.pending.looked)
        pool, rng = rng.shuffle(fight.pending.looked + stack)
        pending = attrs.evolve(fight.pending, looked=pool[:held])
        fight = attrs.evolve(fight, pending=pending)
        stack = pool[held:]
    else:
        stack, rng = rng.shuffle(stack)
    hazards, rng = rng.shuffle(state.hazard_stack)
    normal = tuple(a for a in state.aging_stack if CARDS[a].aging_kind == "normal")
    difficult = state.aging_stack[len(normal) :]
    normal, rng = rng.shuffle(normal)
    difficult, rng = rng.shuffle(difficult)
    key, rng = rng.u64()
    return attrs.evolve(
        state,
        rng=Rng.from_seed(key),
        stack=stack,
        fight=fight,
        hazard_stack=hazards,
        aging_stack=normal + difficult,
    )


def _redraw_unseen_aging(
    state: FridayState, seat: int | None, rng: Rng, records: bool
) -> tuple[FridayState, Rng]:
    """Swap the unseen face-down aging card with a random normal card of the aging stack
    (or keep it): the viewer cannot tell which normal card was shuffled in."""
    unseen = _unseen(state, seat, records)
    if unseen is None:
        return state, rng
    normal = tuple(a for a in state.aging_stack if CARDS[a].aging_kind == "normal")
    pool = (unseen, *normal)
    pick, rng = rng.below(len(pool))
    chosen = pool[pick]
    if chosen == unseen:
        return state, rng

    def swap(cards: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(chosen if c == unseen else unseen if c == chosen else c for c in cards)

    fight = state.fight
    if fight is not None and isinstance(fight.pending, PendingSort):
        pending = attrs.evolve(fight.pending, looked=swap(fight.pending.looked))
        fight = attrs.evolve(fight, pending=pending)
    if not records:  # F14: 1.0 states do not record the card
        return attrs.evolve(
            state, stack=swap(state.stack), aging_stack=swap(state.aging_stack), fight=fight
        ), rng
    return attrs.evolve(
        state,
        stack=swap(state.stack),
        aging_stack=swap(state.aging_stack),
        fight=fight,
        face_down_aging=chosen,
    ), rng
