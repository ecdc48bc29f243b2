"""What a seat may know (N24), the hidden-part resampler, and per-seat log redaction.

Hidden from everybody but the owner: a Hunted's Place-card hand, their played cards
until the reveal, their Survival hand, their hidden choices in a simultaneous step and
the Survival cards a Shelter drew; the Creature's Hunt hand. Hidden from everybody:
deck orders and the RNG. Counts are public. Discard piles are public, except that
Smokescreen hides them from the Creature until the end of the turn (N22). The cards a
Phobia target shows are seen by the Creature (and the target) only.
"""

from __future__ import annotations

from itertools import combinations
from typing import TypeVar

import attrs

from ...core.rng import Rng
from .actions import (
    Action,
    Conceal,
    Discard,
    DiscardSurvival,
    Explore,
    Keep,
    KeepSurvival,
    LoseWill,
    PlaySurvival,
    Resist,
    RiverKeep,
    TakeBack,
    UsePower,
)
from .contract import NotAloneRules
from .data import artemia_space
from .rules import hunted_index, to_act
from .state import Hunted, NotAloneState, Step, Winner

__all__ = [
    "HuntedView",
    "NotAloneView",
    "redact_action",
    "resample_hidden",
    "view",
]

T = TypeVar("T")


@attrs.frozen(slots=True)
class HuntedView:
    """One Hunted as the viewer sees them. ``None`` marks what the viewer may not see.

    ``owned``: every Place card this Hunted owns (public: 1-5 and the reserve cards
    taken). ``played``: the cards in play (own cards, everybody's after the reveal; 0:
    taken back). ``places``: the explored places after the reveal. ``submitted``: the
    Hunted has made their hidden choice in the current simultaneous step; ``choice``/
    ``choice_card``: that choice (own seat only)."""

    seat: int
    will: int
    hand_count: int
    hand: tuple[int, ...] | None
    discard_count: int
    discard: tuple[int, ...] | None
    owned: tuple[int, ...]
    played_count: int
    played: tuple[int, ...] | None
    places: tuple[int, ...]
    survival_count: int
    survival: tuple[str, ...] | None
    double: str
    next_double: str
    resisted: bool
    survival_used: bool
    dodge: bool
    detector: bool
    submitted: bool
    choice: tuple[int, ...] | None
    choice_card: str | None


@attrs.frozen(slots=True)
class NotAloneView:
    """The table as ``seat`` sees it (``role``: creature, hunted or spectator).

    Counters are spaces left to the star; ``artemia_space``: the Rescue counter is on
    an Artemia symbol. ``hunt_hand`` is the Creature's own; ``phobia_shown`` the cards
    a Phobia target showed (Creature and target only); ``shelter`` the Survival cards
    a Shelter drew (their owner only). ``queue``: (seat, place) still to resolve.
    ``anticipation``/``phobia``: the named Hunted's seat, or -1."""

    seat: int | None
    role: str
    creature_seat: int
    board: str
    turn: int
    phase: int
    step: Step
    to_act: tuple[int, ...]
    rescue: int
    assimilation: int
    marker: bool
    artemia_space: bool
    reserve: tuple[int, ...]
    hunted: tuple[HuntedView, ...]
    hunt_hand_count: int
    hunt_hand: tuple[str, ...] | None
    hunt_deck_count: int
    hunt_discard: tuple[str, ...]
    hunt_played: tuple[str, ...]
    effects: tuple[str, ...]
    allowance: int
    survival_deck_count: int
    survival_discard: tuple[str, ...]
    creature_token: tuple[int, ...]
    artemia_token: tuple[int, ...]
    target_token: tuple[int, ...]
    anticipation: int
    cataclysm: int
    phobia: int
    phobia_shown: tuple[int, ...] | None
    beach_used: bool
    wreck_used: bool
    sacrifice: bool
    smokescreen: bool
    queue: tuple[tuple[int, int], ...]
    shelter_count: int
    shelter: tuple[str, ...] | None
    winner: Winner


def _revealed(s: NotAloneState) -> bool:
    return s.phase >= 3


def _hunted_view(s: NotAloneState, h: Hunted, own: bool, creature: bool) -> HuntedView:
    discard_seen = not (creature and s.smokescreen)
    played_seen = own or _revealed(s)
    return HuntedView(
        seat=h.seat,
        will=h.will,
        hand_count=len(h.hand),
        hand=h.hand if own else None,
        discard_count=len(h.discard),
        discard=h.discard if discard_seen else None,
        owned=tuple(sorted((*h.hand, *h.discard, *(c for c in h.played if c)))),
        played_count=len(h.played),
        played=h.played if played_seen else None,
        places=h.places,
        survival_count=len(h.survival),
        survival=h.survival if own else None,
        double=h.double,
        next_double=h.next_double,
        resisted=h.resisted,
        survival_used=h.survival_used,
        dodge=h.dodge,
        detector=h.detector,
        submitted=h.submitted,
        choice=h.choice if own else None,
        choice_card=h.choice_card if own else None,
    )


def view(s: NotAloneState, seat: int | None, rules: NotAloneRules) -> NotAloneView:
    """The view of ``seat`` (None: a spectator); the same under every rules version."""
    c = s.config.creature_seat
    creature = seat == c
    me = -1 if seat is None else hunted_index(s, seat)
    role = "creature" if creature else ("hunted" if me >= 0 else "spectator")
    shelter_own = s.shelter_owner >= 0 and s.shelter_owner == me
    phobia_seen = creature or (me >= 0 and me == s.phobia)

    def seat_or_none(i: int) -> int:
        return s.hunted[i].seat if i >= 0 else -1

    return NotAloneView(
        seat=seat,
        role=role,
        creature_seat=c,
        board=s.config.board,
        turn=s.turn,
        phase=s.phase,
        step=s.step,
        to_act=to_act(s),
        rescue=s.rescue,
        assimilation=s.assimilation,
        marker=s.marker,
        artemia_space=artemia_space(s.config.board, s.rescue),
        reserve=s.reserve,
        hunted=tuple(_hunted_view(s, h, i == me, creature) for i, h in enumerate(s.hunted)),
        hunt_hand_count=len(s.hunt_hand),
        hunt_hand=s.hunt_hand if creature else None,
        hunt_deck_count=len(s.hunt_deck),
        hunt_discard=s.hunt_discard,
        hunt_played=s.hunt_played,
        effects=s.effects,
        allowance=s.allowance,
        survival_deck_count=len(s.survival_deck),
        survival_discard=s.survival_discard,
        creature_token=s.creature_token,
        artemia_token=s.artemia_token,
        target_token=s.target_token,
        anticipation=seat_or_none(s.anticipation),
        cataclysm=s.cataclysm,
        phobia=seat_or_none(s.phobia),
        phobia_shown=s.phobia_shown if phobia_seen else None,
        beach_used=s.beach_used,
        wreck_used=s.wreck_used,
        sacrifice=s.sacrifice,
        smokescreen=s.smokescreen,
        queue=tuple((s.hunted[i].seat, p) for i, p in s.queue),
        shelter_count=len(s.shelter),
        shelter=s.shelter if shelter_own else None,
        winner=s.winner,
    )


# --- resampling -----------------------------------------------------------------------


class _Draw:
    """A small xorshift64* stream seeded from the state's Rng: the resampler needs
    many uniform draws and no reproducibility beyond determinism."""

    __slots__ = ("x",)

    def __init__(self, seed: int) -> None:
        self.x = seed or 0x9E3779B97F4A7C15

    def below(self, n: int) -> int:
        x = self.x
        x ^= x >> 12
        x ^= (x << 25) & 0xFFFFFFFFFFFFFFFF
        x ^= x >> 27
        self.x = x
        return (((x * 0x2545F4914F6CDD1D) & 0xFFFFFFFFFFFFFFFF) >> 11) % n

    def shuffle(self, items: list[T]) -> list[T]:
        for k in range(len(items) - 1, 0, -1):
            j = self.below(k + 1)
            items[k], items[j] = items[j], items[k]
        return items

    def take(self, pool: list[int], k: int, allowed: tuple[int, ...] | None = None) -> list[int]:
        """Remove ``k`` random cards from ``pool`` (only cards in ``allowed`` if given)."""
        out = []
        for _ in range(k):
            cands = pool if allowed is None else [c for c in pool if c in allowed]
            c = cands[self.below(len(cands))]
            pool.remove(c)
            out.append(c)
        return sorted(out)


def resample_hidden(s: NotAloneState, seat: int | None, rng: Rng) -> NotAloneState:
    """``s`` with everything ``seat`` cannot see redrawn: the Hunt deck (with the
    Creature's hand unless ``seat`` is the Creature), the Survival deck with every
    Survival hand and Shelter draw ``seat`` does not see, each other Hunted's hand and
    unrevealed played cards (and, for the Creature under Smokescreen, discard pile),
    their hidden simultaneous choices, and the RNG key. Public counts, the Force Field
    ban on played cards and the cards Phobia showed the viewer are kept."""
    seed, rng = rng.u64()
    key, rng = rng.u64()
    d = _Draw(seed)
    c = s.config.creature_seat
    creature = seat == c
    me = -1 if seat is None else hunted_index(s, seat)
    # Hunt cards
    if creature:
        hunt_hand = s.hunt_hand
        hunt_deck = tuple(d.shuffle(list(s.hunt_deck)))
    else:
        pool_h = d.shuffle([*s.hunt_hand, *s.hunt_deck])
        k = len(s.hunt_hand)
        hunt_hand, hunt_deck = tuple(sorted(pool_h[:k])), tuple(pool_h[k:])
    # Survival cards
    hidden_s = [i for i in range(len(s.hunted)) if i != me]
    pool_s = list(s.survival_deck)
    for i in hidden_s:
        pool_s.extend(s.hunted[i].survival)
    shelter_hidden = s.shelter_owner >= 0 and s.shelter_owner != me
    if shelter_hidden:
        pool_s.extend(s.shelter)
    d.shuffle(pool_s)
    hunted = list(s.hunted)
    for i in hidden_s:
        h = hunted[i]
        k = len(h.survival)
        surv = tuple(sorted(pool_s[:k]))
        del pool_s[:k]
        choice_card = surv[d.below(k)] if h.choice_card else ""
        hunted[i] = attrs.evolve(h, survival=surv, choice_card=choice_card)
    shelter = s.shelter
    if shelter_hidden:
        shelter = tuple(sorted(pool_s[: len(s.shelter)]))
        del pool_s[: len(s.shelter)]
    # Place cards
    blocked = s.target_token if "force_field" in s.effects else ()
    for i in hidden_s:
        hunted[i] = _resample_places(s, i, hunted[i], creature, blocked, d)
    return attrs.evolve(
        s,
        rng=Rng.from_seed(key),
        hunted=tuple(hunted),
        hunt_hand=hunt_hand,
        hunt_deck=hunt_deck,
        survival_deck=tuple(pool_s),
        shelter=shelter,
    )


def _resample_places(
    s: NotAloneState, i: int, h: Hunted, creature: bool, blocked: tuple[int, ...], d: _Draw
) -> Hunted:
    smoke = creature and s.smokescreen
    played_hidden = not _revealed(s)
    pool = list(h.hand)
    if played_hidden:
        pool.extend(h.played)
    if smoke:
        pool.extend(h.discard)
    pool.sort()
    fixed = [c for c in h.hand if creature and i == s.phobia and c in s.phobia_shown]
    for c in fixed:
        pool.remove(c)
    played = h.played
    if played_hidden:
        allowed = tuple(c for c in pool if c not in blocked)
        played = tuple(d.take(pool, len(h.played), allowed))
    discard = tuple(d.take(pool, len(h.discard))) if smoke else h.discard
    hand = tuple(sorted((*fixed, *pool)))
    choice = h.choice
    if h.submitted:
        if s.step == "scream":
            # the viewer cannot tell "lose 1 Will" from a discard either
            options: list[tuple[int, ...]] = [(), *combinations(hand, 2)]
            choice = options[d.below(len(options))]
        else:
            choice = tuple(d.take(list(hand), len(h.choice)))
    return attrs.evolve(h, hand=hand, discard=discard, played=played, choice=choice)


# --- per-seat logs --------------------------------------------------------------------


def _zeros(cards: tuple[int, ...]) -> tuple[int, ...]:
    return (0,) * len(cards)


def _withdrawn(before: NotAloneState, i: int, now: NotAloneState, rules: NotAloneRules) -> bool:
    """1.1 (E4): the commit Hunted ``i`` made in ``before`` was taken back later (the
    next take-back of that turn naming ``i`` is the one that withdrew it)."""
    if not rules.phase1_cards_take_back_commits:
        return False
    mark = (before.turn, i)
    return now.withdrawn.count(mark) > before.withdrawn.count(mark)


def redact_action(
    before: NotAloneState,
    seat: int,
    action: Action,
    viewer: int | None,
    now: NotAloneState,
    rules: NotAloneRules,
) -> Action | None:
    """``action`` (by ``seat`` in ``before``) as ``viewer`` may see it once the match
    has reached ``now``, under ``rules``. Hidden cards show as 0 (Survival cards as
    ``""``); a hidden simultaneous choice is withheld entirely (None) until every choice
    is in. A commit taken back (1.1, E4) is never revealed: it stays masked."""
    if viewer == seat:
        return action
    creature = viewer == before.config.creature_seat
    smoke = creature and before.smokescreen
    i = hunted_index(before, seat)
    if isinstance(action, Explore | RiverKeep):
        revealed = now.turn > before.turn or (now.turn == before.turn and now.phase >= 3)
        river = isinstance(action, Explore) and before.hunted[i].double == "river"
        swapped = creature and (before.turn, i) in now.secret_swaps
        if revealed and not river and not swapped and not _withdrawn(before, i, now, rules):
            return action
        if isinstance(action, Explore):
            return Explore(_zeros(action.cards))
        return RiverKeep(0)
    if isinstance(action, Discard | LoseWill | DiscardSurvival):
        if now.batch <= before.batch:
            return None
        if isinstance(action, Discard) and smoke:
            return Discard(_zeros(action.cards))
        return action
    if isinstance(action, Keep):
        return Keep(_zeros(action.cards))
    if isinstance(action, Conceal):
        return Conceal(_zeros(action.cards))
    if isinstance(action, KeepSurvival):
        return KeepSurvival("")
    if not smoke:
        return action
    # under Smokescreen the Creature does not see cards going to or from discard piles
    if isinstance(action, Resist):
        return Resist(action.will, _zeros(action.cards))
    if isinstance(action, PlaySurvival) and action.card in ("sacrifice", "sixth_sense", "vortex"):
        return PlaySurvival(action.card, _zeros(action.cards), action.places)
    if isinstance(action, TakeBack):
        return TakeBack(action.at, 0)
    if isinstance(action, UsePower) and action.power in (1, 2, 6) and action.cards:
        return attrs.evolve(action, cards=_zeros(action.cards))
    return action
