"""Determinization (``sample_state``): a full Not Alone state from a seat's view.

Kept as the view shows them: the board, counters, tokens, every public count, the
Hunt and Survival discard piles, the cards in play, the explored places, the viewer's
own cards and choices (the Creature's Hunt hand; a Hunted's Place, Survival and
Shelter cards), every discard pile the viewer sees, the cards a Phobia target showed
the viewer. Drawn from the caller's ``rng``: each other Hunted's hand (and, before the
reveal, played cards, never one Force Field bans; for the Creature under Smokescreen,
discard pile) from the Place cards that Hunted owns and the viewer cannot place; the
Creature's Hunt hand and the Hunt deck's order from the Hunt cards not in sight; the
other Survival hands, an unseen Shelter draw and the Survival deck's order from the
Survival cards not in sight; the other Hunted's hidden simultaneous choices; a fresh
RNG key (never the real one).

The view does not show some public bookkeeping of the state; a sample derives it
where the view determines it (``owing`` and ``shelter_owner`` from ``to_act``) and
otherwise takes a neutral value: ``config.exhausted_will`` its default, ``batch`` 0,
no ``secret_swaps`` or ``withdrawn`` entries, and the card-window flags
(``window_first``/``window_played``) drawn at random outside phase 1. ``resolved``
(1.1, E28) is derived from the queue, the tokens and the taken-back cards (0) in play
(:func:`_resolved`).
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

import attrs

from ...core.rng import Rng
from .contract import NotAloneConfig, NotAloneRules
from .data import HUNT_NAMES, SURVIVAL_NAMES
from .rules import (
    _RESOLVE,
    _artemia_hit,
    _artemia_hits,
    _creature_hit,
    _target_on,
    effective,
)
from .state import Hunted, NotAloneState, state_class
from .view import HuntedView, NotAloneView

__all__ = ["sample_state"]


def _remove(pool: list[Any], gone: tuple[Any, ...], what: str) -> None:
    for c in gone:
        if c not in pool:
            raise ValueError(f"the view shows {c!r} ({what}) more often than it exists")
        pool.remove(c)


def _take(
    pool: list[int], k: int, rng: Rng, banned: tuple[int, ...] = ()
) -> tuple[tuple[int, ...], Rng]:
    out = []
    for _ in range(k):
        cands = [c for c in pool if c not in banned] if banned else pool
        c, rng = rng.choice(cands)
        pool.remove(c)
        out.append(c)
    return tuple(sorted(out)), rng


def sample_state(
    view: NotAloneView, seat: int | None, rng: Rng, rules: NotAloneRules
) -> NotAloneState:
    """A state ``seat`` (None: a spectator) cannot tell from the real one given its
    ``view``; the state class is that of ``rules``."""
    if view.seat != seat:
        raise ValueError(f"a view of seat {seat} is needed to sample for seat {seat}")
    n = len(view.hunted)
    c = view.creature_seat
    creature = view.role == "creature"

    def index(s: int) -> int:
        return -1 if s < 0 else (s - c - 1) % (n + 1)

    me = -1 if seat is None or creature else index(seat)
    # Hunt cards
    hunt_pool = list(HUNT_NAMES)
    _remove(hunt_pool, view.hunt_discard + view.hunt_played, "Hunt")
    if view.hunt_hand is not None:
        _remove(hunt_pool, view.hunt_hand, "Hunt")
    hunt_pool_t, rng = rng.shuffle(hunt_pool)
    if view.hunt_hand is not None:
        hunt_hand, hunt_deck = view.hunt_hand, hunt_pool_t
    else:
        k = view.hunt_hand_count
        hunt_hand, hunt_deck = tuple(sorted(hunt_pool_t[:k])), hunt_pool_t[k:]
    if len(hunt_deck) != view.hunt_deck_count:
        raise ValueError("the view's Hunt card counts do not add up")
    # Survival cards
    surv_pool = list(SURVIVAL_NAMES)
    _remove(surv_pool, view.survival_discard, "Survival")
    for h in view.hunted:
        if h.survival is not None:
            _remove(surv_pool, h.survival, "Survival")
    if view.shelter is not None:
        _remove(surv_pool, view.shelter, "Survival")
    surv_order, rng = rng.shuffle(surv_pool)
    deal = list(surv_order)
    survivals: list[tuple[str, ...]] = []
    for h in view.hunted:
        if h.survival is not None:
            survivals.append(h.survival)
        else:
            survivals.append(tuple(sorted(deal[: h.survival_count])))
            del deal[: h.survival_count]
    shelter = view.shelter
    if shelter is None:
        shelter = tuple(sorted(deal[: view.shelter_count]))
        del deal[: view.shelter_count]
    if len(deal) != view.survival_deck_count:
        raise ValueError("the view's Survival card counts do not add up")
    # Place cards
    phobia = index(view.phobia)
    blocked = view.target_token if "force_field" in view.effects else ()
    hunted: list[Hunted] = []
    for i, h in enumerate(view.hunted):
        fixed = view.phobia_shown if i == phobia and view.phobia_shown is not None else ()
        one, rng = _hunted(h, survivals[i], fixed, blocked, rng)
        hunted.append(one)
    # who owes what (the view's to_act)
    waiting = tuple(sorted(index(s) for s in view.to_act if s != c))
    shelter_owner = -1
    owing: tuple[int, ...] = waiting
    if view.step in _RESOLVE:
        owing = ()
        drawer = waiting[0] if waiting else -1
        if shelter or not view.queue or index(view.queue[0][0]) != drawer:
            shelter_owner = drawer
    elif view.step == "hunt":
        owing = ()
    window_first = window_played = False
    if view.step in ("creature_window", "hunted_window"):
        if view.phase == 1:
            window_first = view.step == "creature_window"
        else:
            bit, rng = rng.below(4)
            window_first, window_played = bool(bit & 1), bool(bit & 2)
    fresh, rng = rng.split()
    fields: dict[str, Any] = {
        "config": NotAloneConfig(hunted=n, board=view.board, creature_seat=c),  # type: ignore[arg-type]
        "rng": fresh,
        "turn": view.turn,
        "phase": view.phase,
        "step": view.step,
        "rescue": view.rescue,
        "assimilation": view.assimilation,
        "marker": view.marker,
        "hunted": tuple(hunted),
        "reserve": view.reserve,
        "hunt_hand": hunt_hand,
        "hunt_deck": hunt_deck,
        "hunt_discard": view.hunt_discard,
        "hunt_played": view.hunt_played,
        "effects": view.effects,
        "allowance": view.allowance,
        "survival_deck": tuple(deal),
        "survival_discard": view.survival_discard,
        "creature_token": view.creature_token,
        "artemia_token": view.artemia_token,
        "target_token": view.target_token,
        "anticipation": index(view.anticipation),
        "cataclysm": view.cataclysm,
        "phobia": phobia,
        "phobia_shown": (),
        "beach_used": view.beach_used,
        "wreck_used": view.wreck_used,
        "sacrifice": view.sacrifice,
        "smokescreen": view.smokescreen,
        "owing": owing,
        "queue": tuple((index(s), p) for s, p in view.queue),
        "shelter": shelter,
        "shelter_owner": shelter_owner,
        "window_first": window_first,
        "window_played": window_played,
        "batch": 0,
        "secret_swaps": (),
        "winner": view.winner,
    }
    make = state_class(rules)
    if make is NotAloneState:  # the fields rules 1.1 added (E4, E28)
        fields.update(withdrawn=(), resolved=())
    state = make(**fields)
    if rules.window_after_survival_draw:
        state = attrs.evolve(state, resolved=_resolved(state))
    return _hidden_choices(state, view, me, rng)


#: The Reckoning's steps from step 1 (places without a token) to step 3 (Artemia).
_FROM_STEP_1: tuple[str, ...] = ("resolve_free", "scream", "toxin", "resolve_target", "artemia")


def _resolved(s: NotAloneState) -> tuple[tuple[int, int], ...]:
    """The places resolved so far this turn (1.1, E28), as the view determines them:
    every explored place that is resolvable now (effective, no effective token for its
    Hunted; from step 2 on, a targeted one too) and no longer queued, and every place whose
    played card was taken back (0). Without them a later drawer's window would queue those
    places again (a Swamp resolved twice: its taken-back marker 0 into the hand)."""
    if s.phase != 3 or s.step not in _FROM_STEP_1:
        return ()
    step_2 = s.step in ("resolve_target", "artemia")
    out = []
    for i, h in enumerate(s.hunted):
        for c, p in zip(h.played, h.places, strict=True):
            if (i, p) in s.queue:
                continue
            hit = _creature_hit(s, h, p) or _artemia_hit(s, h, p)
            free = effective(s, p) and not hit and (step_2 or not _target_on(s, p))
            if c == 0 or free:
                out.append((i, p))
    return tuple(out)


def _hunted(
    h: HuntedView,
    survival: tuple[str, ...],
    fixed: tuple[int, ...],
    blocked: tuple[int, ...],
    rng: Rng,
) -> tuple[Hunted, Rng]:
    """One Hunted: what the view shows, the rest drawn from the cards it owns."""
    pool = list(h.owned)
    if h.discard is not None:
        _remove(pool, h.discard, "Place")
    if h.played is not None:
        _remove(pool, tuple(x for x in h.played if x), "Place")
    if h.hand is not None:
        hand = h.hand
        played = h.played if h.played is not None else ()
        discard = h.discard if h.discard is not None else ()
    else:
        kept = [x for x in fixed if x in pool]
        for x in kept:
            pool.remove(x)
        if h.played is None:
            played, rng = _take(pool, h.played_count, rng, blocked)
        else:
            played = h.played
        if h.discard is None:
            discard, rng = _take(pool, h.discard_count, rng)
        else:
            discard = h.discard
        hand = tuple(sorted((*kept, *pool)))
    if len(hand) != h.hand_count or len(played) != h.played_count:
        raise ValueError(f"the view's Place card counts of seat {h.seat} do not add up")
    return Hunted(
        seat=h.seat,
        will=h.will,
        hand=hand,
        discard=discard,
        played=played,
        places=h.places,
        survival=survival,
        double=h.double,  # type: ignore[arg-type]
        next_double=h.next_double,  # type: ignore[arg-type]
        resisted=h.resisted,
        survival_used=h.survival_used,
        dodge=h.dodge,
        detector=h.detector,
        submitted=h.submitted,
        choice=h.choice if h.choice is not None else (),
        choice_card=h.choice_card if h.choice_card is not None else "",
    ), rng


def _hidden_choices(state: NotAloneState, view: NotAloneView, me: int, rng: Rng) -> NotAloneState:
    """The hidden choices of the other Hunted who have submitted, and the cards a Phobia
    target showed the Creature (for a viewer who did not see them)."""
    hunted = list(state.hunted)
    for i, h in enumerate(hunted):
        if i == me or not h.submitted or view.hunted[i].choice is not None:
            continue
        choice: tuple[int, ...] = ()
        card = ""
        if state.step == "forbidden_zone":
            choice, rng = _take(list(h.hand), 1, rng)
        elif state.step == "artemia":
            choice, rng = _take(list(h.hand), _artemia_hits(state, h), rng)
        elif state.step == "scream":
            # the viewer cannot tell "lose 1 Will" from a discard either
            options: list[tuple[int, ...]] = [(), *combinations(h.hand, 2)]
            choice, rng = rng.choice(options)
        elif state.step == "toxin" and h.survival:
            card, rng = rng.choice(h.survival)
        hunted[i] = attrs.evolve(h, choice=choice, choice_card=card)
    shown: tuple[int, ...] = ()
    if view.phobia_shown is not None:
        shown = view.phobia_shown
    elif state.phobia >= 0 and state.step != "phobia":
        hand = list(hunted[state.phobia].hand)
        shown, rng = _take(hand, max(0, len(hand) - 2), rng)
    return attrs.evolve(state, hunted=tuple(hunted), phobia_shown=shown)
