"""Determinization (``sample_state``): a full Friday state from a view.

What a view fixes is kept: every pile's contents (the view lists them, sorted), the
offer, the fight, the pirates, life, step and phase, and for Robinson (seat 0) the
stack cards he knows (``stack_top``, ``stack_bottom``) and the cards a sort holds.
What it hides is drawn from the caller's ``rng``: the order of the rest of Robinson's
stack (for a spectator the whole stack, together with the cards a sort holds, which it
sees only as ``HIDDEN``), of the hazard stack and of each aging group (normal cards
above difficult ones), a fresh RNG key (never the real one), and while the level-2+
face-down aging card is unseen (F14: ``HIDDEN`` in ``stack_cards``), its identity: one
of the normal aging cards the view does not place, the others going to the aging
stack. A spectator does not see how many stack cards Robinson knows: a sample keeps
none known (rules 1.0 excepted, see :func:`_spectator_bottom`).
"""

from __future__ import annotations

from typing import Any

import attrs

from ...core.rng import Rng
from .contract import FridayRules
from .data import CARDS, IS_AGING, cards_in_play
from .rules import initial_aging
from .state import FridayState, PendingSort, state_class
from .view import HIDDEN, FridayView

__all__ = ["sample_state"]


def _without(cards: tuple[int, ...], gone: tuple[int, ...]) -> list[int]:
    out = list(cards)
    for c in gone:
        out.remove(c)  # a known card is one of the listed ones (ValueError otherwise)
    return out


def _normal(card: int) -> bool:
    return card != HIDDEN and CARDS[card].aging_kind == "normal"


def sample_state(view: FridayView, seat: int | None, rng: Rng, rules: FridayRules) -> FridayState:
    """A state ``seat`` (0 = Robinson, None = a spectator) cannot tell from the real one
    given its ``view`` under ``rules``; the state class is that of ``rules``."""
    if view.seat != seat:
        raise ValueError(f"a view of seat {seat} is needed to sample for seat {seat}")
    player = seat == 0
    fight_view = view.fight
    fight = None if fight_view is None else fight_view.fight
    sort = fight.pending if fight is not None and isinstance(fight.pending, PendingSort) else None
    looked = () if sort is None else sort.looked
    top, bottom = view.stack_top, view.stack_bottom
    unknown = _without(view.stack_cards, top + bottom)  # spectator: includes the held cards
    hidden = unknown.count(HIDDEN)
    # F14: the face-down aging card while unseen, drawn among the unplaced normal ones
    face_down: int | None = None
    aging_normal = [c for c in view.aging_stack_cards if _normal(c)]
    if hidden:
        placed = {
            c
            for pile in (view.stack_cards, view.discard, view.destroyed, looked)
            for c in pile
            if c != HIDDEN
        }
        if fight is not None:
            placed.update(c.card for c in fight.cards)
        pool = [c for c in cards_in_play(view.config.level) if _normal(c) and c not in placed]
        want = hidden + view.aging_stack_cards.count(HIDDEN)
        if hidden != 1 or len(pool) != want:
            raise ValueError(
                f"the view hides {want} normal aging card(s), but {len(pool)} are unplaced"
            )
        pick, rng = rng.below(len(pool))
        face_down = pool.pop(pick)
        unknown[unknown.index(HIDDEN)] = face_down
        aging_normal = pool
    difficult = [c for c in view.aging_stack_cards if c != HIDDEN and not _normal(c)]
    normal_order, rng = rng.shuffle(aging_normal)
    difficult_order, rng = rng.shuffle(difficult)
    aging = normal_order + difficult_order
    # the stack (and, for a spectator, the cards a sort holds)
    known_top, known_bottom = len(top), len(bottom)
    middle, rng = rng.shuffle(unknown)
    if not player:
        held = len(looked)
        if sort is not None:
            sort = attrs.evolve(sort, looked=middle[:held])
            middle = middle[held:]
        middle, known_bottom = _spectator_bottom(view, middle, aging, rules)
    stack = top + middle + bottom
    if sort is not None and fight is not None:
        fight = attrs.evolve(fight, pending=sort)
    hazards, rng = rng.shuffle(view.hazard_stack_cards)
    fresh, rng = rng.split()
    fields: dict[str, Any] = {
        "config": view.config,
        "rng": fresh,
        "phase": view.phase,
        "step": view.step,
        "life": view.life,
        "stack": stack,
        "discard": view.discard,
        "known_top": known_top,
        "known_bottom": known_bottom,
        "hazard_stack": hazards,
        "hazard_discard": view.hazard_discard,
        "offer": view.offer,
        "aging_stack": aging,
        "pirates": view.pirates,
        "pirates_defeated": view.pirates_defeated,
        "fight": fight,
        "destroyed": view.destroyed,
        "result": view.result,
        "reason": view.reason,
    }
    make = state_class(rules)
    if rules.records_face_down_aging:  # F14 (1.1): the state records the card
        looked_at = sort is not None and face_down is not None and face_down in sort.looked
        fields["face_down_aging"] = face_down
        fields["aging_looked"] = looked_at
    return make(**fields)


def _spectator_bottom(
    view: FridayView, stack: tuple[int, ...], aging: tuple[int, ...], rules: FridayRules
) -> tuple[tuple[int, ...], int]:
    """A spectator's stack and its known bottom. Rules 1.0 derive the face-down aging
    card (F14) from the stack: before the first reshuffle an aging card in the part of
    the stack nobody knows is that card, unseen. So an aging card the spectator's view
    does show by name lies in the known bottom (put there by a below-the-pile)."""
    if rules.records_face_down_aging or view.config.level < 2:
        return stack, 0
    if len(aging) != initial_aging(view.config) - 1:
        return stack, 0
    shown = [c for c in stack if IS_AGING[c]]
    if not shown or len(stack) < 2 or HIDDEN in view.stack_cards:
        return stack, 0
    card = shown[0]
    return (*(c for c in stack if c != card), card), 1
