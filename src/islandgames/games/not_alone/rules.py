"""Not Alone's rules: setup, who acts, the legal actions, and ``apply``.

A turn is four phases (section 3 of the rules note; rulings N1-N25 in
``docs/not-alone.md``):

1. Exploration: a Creature card window (Despair, Force Field), then (1.0) or
   alongside it (1.1) every Hunted plays Survival cards, Resists, Gives Up and commits
   Place card(s) face down, all collected one seat at a time and hidden until the
   reveal.
2. Hunting: the Creature plays phase-2 Hunt cards and places every available token;
   then River choices and Vortex.
3. Reckoning: reveal; alternating card windows (Creature, Hunted, ...) until one side
   passes; steps 1-5 of the resolution.
4. End of turn: alternating card windows, then discards, refill, Rescue +1.

The game ends the instant a counter reaches the star: ``_rescue``/``_assimilate``
raise ``_GameOver`` and the scratch state is frozen as it stands.

Every function whose result differs between rules versions takes the version's flags
(:class:`NotAloneRules`) and branches on one flag with ``if rules.<flag>`` naming its
rulings. ``to_act`` and ``legal_actions`` read the state only: the situations 1.1 adds
(a phase-1 Creature window with Hunted still exploring, a drawer's card window in the
Reckoning) are states that 1.0 never reaches and whose 1.0 ``check_state`` refuses.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations
from typing import Any, Protocol, get_args

import attrs

from ...core.rng import Rng
from . import NotAloneConfig, NotAloneRules
from .actions import (
    Action,
    Conceal,
    Discard,
    DiscardSurvival,
    Explore,
    Forgo,
    GiveUp,
    Keep,
    KeepSurvival,
    LoseWill,
    Pass,
    PlaceToken,
    PlayHunt,
    PlaySurvival,
    Resist,
    RiverKeep,
    TakeBack,
    UsePower,
)
from .data import (
    ADJACENT,
    ALL_PLACES,
    HUNT,
    HUNT_NAMES,
    PAIRS,
    RESERVE_PLACES,
    STARTING_HAND,
    SURVIVAL,
    SURVIVAL_NAMES,
    artemia_space,
    assimilation_start,
    rescue_start,
    reserve_copies,
)
from .state import Double, Hunted, NotAloneState, Step, Winner, state_class

__all__ = [
    "apply_action",
    "artemia_available",
    "check_state",
    "creature_can_play",
    "creature_places",
    "effective",
    "hunted_can_play",
    "hunted_index",
    "is_legal",
    "legal_actions",
    "new_state",
    "seat_of",
    "target_available",
    "to_act",
]

HAND_SIZE = 3
_SIMULTANEOUS: tuple[Step, ...] = ("forbidden_zone", "scream", "toxin", "artemia")
_OWING_STEPS: tuple[Step, ...] = (
    "explore",
    "prepare",
    "hunted_window",
    "ascendancy",
    "phobia",
    *_SIMULTANEOUS,
)
_RESOLVE: tuple[Step, ...] = ("resolve_free", "resolve_target")


class _Table(Protocol):
    """What the predicates below read; both the state and the scratch copy have it."""

    @property
    def config(self) -> NotAloneConfig: ...
    @property
    def rescue(self) -> int: ...
    @property
    def effects(self) -> tuple[str, ...]: ...
    @property
    def hunt_hand(self) -> tuple[str, ...]: ...
    @property
    def hunt_played(self) -> tuple[str, ...]: ...
    @property
    def allowance(self) -> int: ...
    @property
    def sacrifice(self) -> bool: ...
    @property
    def creature_token(self) -> tuple[int, ...]: ...
    @property
    def artemia_token(self) -> tuple[int, ...]: ...
    @property
    def target_token(self) -> tuple[int, ...]: ...
    @property
    def cataclysm(self) -> int: ...


# --- seats --------------------------------------------------------------------------


def seat_of(state: NotAloneState, i: int) -> int:
    """The seat of Hunted index ``i``."""
    return state.hunted[i].seat


def hunted_index(state: NotAloneState, seat: int) -> int:
    """The Hunted index of ``seat`` (-1 for the Creature or a seat out of range)."""
    n = len(state.hunted) + 1
    c = state.config.creature_seat
    if not 0 <= seat < n or seat == c:
        return -1
    return (seat - c - 1) % n


# --- small helpers on sorted tuples -------------------------------------------------


def _add(cards: tuple[int, ...], more: Iterable[int]) -> tuple[int, ...]:
    return tuple(sorted((*cards, *more)))


def _sub(cards: tuple[int, ...], gone: Iterable[int]) -> tuple[int, ...]:
    g = tuple(gone)
    return tuple(c for c in cards if c not in g)


def _add_s(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    return tuple(sorted((*cards, card)))


def _sub_s(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    i = cards.index(card)
    return cards[:i] + cards[i + 1 :]


# --- setup --------------------------------------------------------------------------


def new_state(rng: Rng, config: NotAloneConfig, rules: NotAloneRules) -> NotAloneState:
    """Setup (section 2): shuffled decks, Place cards 1-5 and 1 Survival card per
    Hunted, 3 Hunt cards for the Creature, counters on their start spaces."""
    n = config.hunted
    hunt_deck, rng = rng.shuffle(HUNT_NAMES)
    survival_deck, rng = rng.shuffle(SURVIVAL_NAMES)
    seats = n + 1
    hunted = tuple(
        _fresh_hunted((config.creature_seat + 1 + i) % seats, (survival_deck[i],)) for i in range(n)
    )
    copies = reserve_copies(n)
    make = state_class(rules)
    added: dict[str, Any] = {}
    if make is NotAloneState:  # the fields rules 1.1 added (E4, E28)
        added = {"withdrawn": (), "resolved": ()}
    state = make(
        config=config,
        rng=rng,
        turn=1,
        phase=1,
        step="explore",
        rescue=rescue_start(n),
        assimilation=assimilation_start(n),
        marker=False,
        hunted=hunted,
        reserve=(copies,) * len(RESERVE_PLACES),
        hunt_hand=tuple(sorted(hunt_deck[:HAND_SIZE])),
        hunt_deck=hunt_deck[HAND_SIZE:],
        hunt_discard=(),
        hunt_played=(),
        effects=(),
        allowance=1,
        survival_deck=survival_deck[n:],
        survival_discard=(),
        creature_token=(),
        artemia_token=(),
        target_token=(),
        anticipation=-1,
        cataclysm=0,
        phobia=-1,
        phobia_shown=(),
        beach_used=False,
        wreck_used=False,
        sacrifice=False,
        smokescreen=False,
        owing=(),
        queue=(),
        shelter=(),
        shelter_owner=-1,
        window_first=False,
        window_played=False,
        batch=0,
        secret_swaps=(),
        winner="",
        **added,
    )
    tx = _Tx(state, rules)
    _start_turn(tx)
    return tx.build()


def _fresh_hunted(seat: int, survival: tuple[str, ...]) -> Hunted:
    return Hunted(
        seat=seat,
        will=3,
        hand=STARTING_HAND,
        discard=(),
        played=(),
        places=(),
        survival=survival,
        double="",
        next_double="",
        resisted=False,
        survival_used=False,
        dodge=False,
        detector=False,
        submitted=False,
        choice=(),
        choice_card="",
    )


# --- predicates (public information only) -------------------------------------------


def creature_can_play(s: _Table) -> bool:
    """The Creature may still play a Hunt card this turn (public: hand count,
    allowance, Sacrifice)."""
    return bool(s.hunt_hand) and not s.sacrifice and len(s.hunt_played) < s.allowance


def hunted_can_play(s: _Table, h: Hunted) -> bool:
    """The Hunted may still play a Survival card this turn (public: card count, one
    card per turn, Despair)."""
    return bool(h.survival) and not h.survival_used and "despair" not in s.effects


def creature_places(s: _Table) -> tuple[int, ...]:
    """Places holding a Creature token: the Creature token, and the Target token
    under Clone."""
    if "clone" in s.effects:
        return s.creature_token + s.target_token
    return s.creature_token


def effective(s: _Table, p: int) -> bool:
    """Whether place ``p``'s power works this turn (ignoring tokens): not named by
    Cataclysm, not the Beach/Wreck under Interference, not targeted by Mirage/Toxin."""
    if p == s.cataclysm:
        return False
    if p in (4, 8) and "interference" in s.effects:
        return False
    return not (p in s.target_token and ("mirage" in s.effects or "toxin" in s.effects))


def artemia_available(s: _Table) -> bool:
    """The Artemia token is in play this turn (board symbol or an Artemia card)."""
    if artemia_space(s.config.board, s.rescue):
        return True
    return any(HUNT[e].symbol == "artemia" for e in s.effects)


def target_available(s: _Table) -> bool:
    """The Target token is in play this turn (a Target card was played)."""
    return any(HUNT[e].symbol == "target" for e in s.effects)


def _force_field(s: _Table) -> tuple[int, ...]:
    return s.target_token if "force_field" in s.effects else ()


def _creature_hit(s: _Table, h: Hunted, p: int) -> bool:
    return not h.dodge and p in creature_places(s)


def _artemia_hit(s: _Table, h: Hunted, p: int) -> bool:
    return not h.detector and p in s.artemia_token


def _target_on(s: _Table, p: int) -> bool:
    return p in s.target_token and "clone" not in s.effects


def _artemia_hits(s: _Table, h: Hunted) -> int:
    return sum(1 for p in h.places if _artemia_hit(s, h, p))


def _owned(h: Hunted) -> tuple[int, ...]:
    return tuple(sorted((*h.hand, *h.discard, *(c for c in h.played if c))))


# --- who acts -----------------------------------------------------------------------


def to_act(s: NotAloneState) -> tuple[int, ...]:
    """The seats the game waits on, in seat order."""
    step = s.step
    if step == "over":
        return ()
    if step == "hunt":
        return (s.config.creature_seat,)
    if step == "creature_window":
        # 1.1 phase 1 (E2): the Hunted still exploring act alongside the Creature
        return tuple(sorted((s.config.creature_seat, *(s.hunted[i].seat for i in s.owing))))
    if step in _RESOLVE:
        # the Shelter's keep, or (1.1, E28) the drawer's card window, comes first
        i = s.shelter_owner if s.shelter_owner >= 0 else s.queue[0][0]
        return (s.hunted[i].seat,)
    return tuple(sorted(s.hunted[i].seat for i in s.owing))


# --- legal actions ------------------------------------------------------------------


def legal_actions(s: NotAloneState, seat: int) -> list[Action]:
    """Every legal action of ``seat``, in a fixed order."""
    return _legal(s, seat, None)


def is_legal(s: NotAloneState, seat: int, action: Action) -> bool:
    """Exactly ``action in legal_actions(s, seat)``, generating only its class (and
    refusing look-alikes such as ``True`` for ``1``, which compare equal)."""
    return _well_typed(action) and action in _legal(s, seat, type(action))


def _well_typed(action: Action) -> bool:
    for name in _FIELDS.get(type(action), ()):
        v = getattr(action, name)
        t = type(v)
        if t is tuple:
            if any(type(x) is not int for x in v):
                return False
        elif t is not int and t is not str:
            return False
    return True


_FIELDS: dict[type, tuple[str, ...]] = {
    cls: tuple(f.name for f in attrs.fields(cls)) for cls in get_args(Action)
}


def _want(want: type | None, cls: type) -> bool:
    return want is None or want is cls


def _legal(s: NotAloneState, seat: int, want: type | None) -> list[Action]:
    step = s.step
    if step == "over":
        return []
    if seat == s.config.creature_seat:
        if step == "creature_window":
            out = _hunt_card_plays(s, s.phase, want)
            if _want(want, Pass):
                out.append(Pass())
            return out
        if step == "hunt":
            return _hunting_actions(s, want)
        return []
    i = hunted_index(s, seat)
    if i < 0:
        return []
    if step in _RESOLVE:
        return _resolve_actions(s, i, want)
    if i not in s.owing:
        return []
    h = s.hunted[i]
    if step in ("explore", "creature_window"):  # creature_window: 1.1 phase 1 (E2)
        return _explore_actions(s, h, want)
    if step == "prepare":
        return _prepare_actions(s, h, want)
    if step == "hunted_window":
        return _window_survival(s, h, want)
    if step == "ascendancy":
        return [Keep(p) for p in combinations(h.hand, 2)] if _want(want, Keep) else []
    if step == "phobia":
        return [Conceal(p) for p in combinations(h.hand, 2)] if _want(want, Conceal) else []
    if step == "forbidden_zone":
        return [Discard((c,)) for c in h.hand] if _want(want, Discard) else []
    if step == "scream":
        out = [Discard(p) for p in combinations(h.hand, 2)] if _want(want, Discard) else []
        if _want(want, LoseWill):
            out.append(LoseWill())
        return out
    if step == "toxin":
        if not _want(want, DiscardSurvival):
            return []
        return [DiscardSurvival(c) for c in h.survival]
    if step == "artemia":
        if not _want(want, Discard):
            return []
        return [Discard(p) for p in combinations(h.hand, _artemia_hits(s, h))]
    return []  # pragma: no cover - every step is handled above


def _explore_actions(s: NotAloneState, h: Hunted, want: type | None) -> list[Action]:
    out: list[Action] = []
    if _want(want, Explore):
        blocked = _force_field(s)
        ok = [c for c in h.hand if c not in blocked]
        if h.double:
            out.extend(Explore(p) for p in combinations(ok, 2))
        else:
            out.extend(Explore((c,)) for c in ok)
    if _want(want, Resist) and not h.resisted and h.discard:
        n = len(h.discard)
        for w in (1, 2):
            if h.will < w or (w == 2 and n <= 2):
                break
            out.extend(Resist(w, p) for p in combinations(h.discard, min(2 * w, n)))
    if _want(want, GiveUp) and not (h.will == 3 and not h.discard):
        out.append(GiveUp())
    if _want(want, PlaySurvival) and hunted_can_play(s, h):
        for card in h.survival:
            out.extend(_phase1_survival(s, h, card))
    return out


def _phase1_survival(s: NotAloneState, h: Hunted, card: str) -> list[Action]:
    if card == "adrenaline":
        return [PlaySurvival(card)] if h.will < 3 else []
    if card == "ingenuity":
        return [PlaySurvival(card)] if not s.marker else []
    if card == "sacrifice":
        if s.hunt_played:  # N15
            return []
        return [PlaySurvival(card, (c,)) for c in h.hand]
    if card == "sixth_sense":
        if not h.discard:
            return []
        k = min(2, len(h.discard))
        return [PlaySurvival(card, p) for p in combinations(h.discard, k)]
    if card == "smokescreen":
        return [PlaySurvival(card)]
    if card == "strike_back":
        return [PlaySurvival(card)] if s.hunt_hand else []
    return []


def _prepare_actions(s: NotAloneState, h: Hunted, want: type | None) -> list[Action]:
    if h.double == "river" and len(h.played) == 2:
        return [RiverKeep(c) for c in h.played] if _want(want, RiverKeep) else []
    out: list[Action] = []
    if _want(want, PlaySurvival) and hunted_can_play(s, h) and "vortex" in h.survival:
        blocked = _force_field(s)  # N16
        for old in h.played:
            out.extend(
                PlaySurvival("vortex", (old, new)) for new in h.discard if new not in blocked
            )
    if _want(want, Pass):
        out.append(Pass())
    return out


def _window_survival(s: NotAloneState, h: Hunted, want: type | None) -> list[Action]:
    out: list[Action] = []
    if _want(want, PlaySurvival):
        for card in h.survival:
            out.extend(_window_card(s, h, card))
    if _want(want, Pass):
        out.append(Pass())
    return out


def _window_card(s: NotAloneState, h: Hunted, card: str) -> list[Action]:
    if s.phase == 3:
        if card == "detector":  # N13
            ok = not h.detector and any(p in s.artemia_token for p in h.places)
            return [PlaySurvival(card)] if ok else []
        if card == "dodge":  # N13
            cp = creature_places(s)
            ok = not h.dodge and any(p in cp for p in h.places)
            return [PlaySurvival(card)] if ok else []
        if card == "hologram":
            tokens = s.artemia_token
        elif card == "wrong_track":
            tokens = tuple(sorted(set(creature_places(s))))
        else:
            return []
        return [
            PlaySurvival(card, places=(f, t))
            for f in tokens
            for t in ADJACENT[f]
            if t not in tokens
        ]
    if s.phase == 4:
        if card == "amplifier":
            return [PlaySurvival(card)] if s.marker else []
        if card == "double_back":
            return [PlaySurvival(card, (c,)) for c in sorted(h.played) if c]
    return []


def _hunt_card_plays(s: NotAloneState, phase: int, want: type | None) -> list[Action]:
    if not _want(want, PlayHunt) or not creature_can_play(s):
        return []
    used = {HUNT[e].symbol for e in s.effects}
    out: list[Action] = []
    for card in s.hunt_hand:
        eff = card
        if card == "flashback":
            if not s.hunt_discard or s.hunt_discard[-1] == "flashback":
                continue
            eff = s.hunt_discard[-1]
        info = HUNT[eff]
        if info.phase != phase or (info.symbol and info.symbol in used):  # N10
            continue
        out.extend(_hunt_params(s, card, eff))
    return out


def _hunt_params(s: NotAloneState, card: str, eff: str) -> list[Action]:
    if eff == "force_field":
        return [PlayHunt(card, places=p) for p in PAIRS]
    if eff == "anticipation":
        return [PlayHunt(card, seat=h.seat) for h in s.hunted]
    if eff in ("ascendancy", "phobia"):
        out: list[Action] = [PlayHunt(card, seat=h.seat) for h in s.hunted if len(h.hand) > 2]
        if not out and eff == "phobia":  # N14
            out.append(PlayHunt(card))
        return out
    if eff == "cataclysm":
        return [PlayHunt(card, places=(p,)) for p in ALL_PLACES]
    if eff == "detour":
        return [
            PlayHunt(card, seat=h.seat, places=(f, t))
            for h in s.hunted
            for f in h.places
            for t in ADJACENT[f]
            if t not in h.places
        ]
    return [PlayHunt(card)]


def _hunting_actions(s: NotAloneState, want: type | None) -> list[Action]:
    out: list[Action] = []
    art = artemia_available(s)
    tgt = target_available(s)
    if _want(want, PlaceToken):
        if not s.creature_token:
            out.extend(PlaceToken("creature", (p,)) for p in ALL_PLACES)
        if art and not s.artemia_token:
            if "virus" in s.effects:
                out.extend(PlaceToken("artemia", p) for p in PAIRS)
            else:
                out.extend(PlaceToken("artemia", (p,)) for p in ALL_PLACES)
        if tgt and not s.target_token:
            if "mirage" in s.effects:
                out.extend(PlaceToken("target", p) for p in PAIRS)
            else:
                out.extend(PlaceToken("target", (p,)) for p in ALL_PLACES)
    out.extend(_hunt_card_plays(s, 2, want))
    done = s.creature_token and (s.artemia_token or not art) and (s.target_token or not tgt)
    if _want(want, Pass) and done:  # N7
        out.append(Pass())
    return out


def _resolve_actions(s: NotAloneState, i: int, want: type | None) -> list[Action]:
    h = s.hunted[i]
    if s.shelter:
        if s.shelter_owner != i or not _want(want, KeepSurvival):
            return []
        return [KeepSurvival(c) for c in s.shelter]
    if s.shelter_owner >= 0:  # 1.1: the drawer's card window (E28)
        return _window_survival(s, h, want) if s.shelter_owner == i else []
    if not s.queue or s.queue[0][0] != i:
        return []
    out: list[Action] = []
    can_play = hunted_can_play(s, h)
    for j, at in s.queue:
        if j != i:
            continue
        if _want(want, UsePower):
            for power in _own_powers(s, at):
                out.extend(_power_options(s, i, at, power, ""))
            if can_play and "gate" in h.survival:
                for power in _gate_powers(s, at):
                    out.extend(_power_options(s, i, at, power, "gate"))
            if can_play and "drone" in h.survival:
                out.extend(_power_options(s, i, at, 5, "drone"))
        if _want(want, TakeBack):
            out.extend(TakeBack(at, c) for c in h.discard)
        if _want(want, Forgo):
            out.append(Forgo(at))
    return out


def _lair_powers(s: NotAloneState) -> list[int]:
    """The Lair's own power (1) and the places it may copy: a Creature-token place
    other than the Lair and the Artefact (N6: even if that place is ineffective)."""
    return [1, *sorted({p for p in creature_places(s) if p not in (1, 10)})]


def _own_powers(s: NotAloneState, at: int) -> list[int]:
    return _lair_powers(s) if at == 1 else [at]


def _gate_powers(s: NotAloneState, at: int) -> list[int]:
    out: set[int] = set()
    for b in ADJACENT[at]:
        if b == 1:
            out.update(_lair_powers(s))
        elif b != 10:
            out.add(b)
    return sorted(out)


def _power_options(s: NotAloneState, i: int, at: int, power: int, survival: str) -> list[UsePower]:
    h = s.hunted[i]
    persecution = "persecution" in s.effects
    despair = "despair" in s.effects
    if power == 1:
        if not h.discard:
            return []
        if persecution:
            return [UsePower(at, 1, survival, (c,)) for c in h.discard]
        return [UsePower(at, 1, survival)]
    if power == 2 or (power == 6 and persecution):
        return [UsePower(at, power, survival, p) for p in ((), *((c,) for c in h.discard))]
    if power == 6:
        picks: list[tuple[int, ...]] = [()]
        picks.extend((c,) for c in h.discard)
        picks.extend(combinations(h.discard, 2))
        return [UsePower(at, 6, survival, p) for p in picks]
    if power in (3, 10):
        return [UsePower(at, power, survival)] if not h.next_double else []
    if power == 4:
        return [UsePower(at, 4, survival)] if not s.beach_used else []
    if power == 5:
        owned = _owned(h)
        return [
            UsePower(at, 5, survival, (r,))
            for r in RESERVE_PLACES
            if s.reserve[r - 6] > 0 and r not in owned
        ]
    if power == 7:
        ok = not despair and bool(s.survival_deck or s.survival_discard)
        return [UsePower(at, 7, survival)] if ok else []
    if power == 8:
        return [UsePower(at, 8, survival)] if not s.wreck_used else []
    if power == 9:
        out = [UsePower(at, 9, survival, seat=o.seat) for o in s.hunted if 1 <= o.will <= 2]
        if not despair and (s.survival_deck or s.survival_discard):
            out.append(UsePower(at, 9, survival))
        return out
    return []  # pragma: no cover - powers are 1-10


# --- applying actions ---------------------------------------------------------------


class _GameOver(Exception):
    """A counter reached the star: the scratch copy is final."""


class _Tx:
    """A mutable scratch copy of a state; ``hunted`` is a list of frozen records.
    ``rules``: the version's flags; ``make``: its state class (1.0 states lack the last
    two fields, ``withdrawn`` and ``resolved``, which stay empty here)."""

    __slots__ = (
        "allowance",
        "anticipation",
        "artemia_token",
        "assimilation",
        "batch",
        "beach_used",
        "cataclysm",
        "config",
        "creature_token",
        "effects",
        "hunt_deck",
        "hunt_discard",
        "hunt_hand",
        "hunt_played",
        "hunted",
        "make",
        "marker",
        "owing",
        "phase",
        "phobia",
        "phobia_shown",
        "queue",
        "rescue",
        "reserve",
        "resolved",
        "rng",
        "rules",
        "sacrifice",
        "secret_swaps",
        "shelter",
        "shelter_owner",
        "smokescreen",
        "step",
        "survival_deck",
        "survival_discard",
        "target_token",
        "turn",
        "window_first",
        "window_played",
        "winner",
        "withdrawn",
        "wreck_used",
    )

    def __init__(self, s: NotAloneState, rules: NotAloneRules) -> None:
        self.rules = rules
        self.make = state_class(rules)
        self.config = s.config
        self.rng = s.rng
        self.turn = s.turn
        self.phase = s.phase
        self.step: Step = s.step
        self.rescue = s.rescue
        self.assimilation = s.assimilation
        self.marker = s.marker
        self.hunted = list(s.hunted)
        self.reserve = s.reserve
        self.hunt_hand = s.hunt_hand
        self.hunt_deck = s.hunt_deck
        self.hunt_discard = s.hunt_discard
        self.hunt_played = s.hunt_played
        self.effects = s.effects
        self.allowance = s.allowance
        self.survival_deck = s.survival_deck
        self.survival_discard = s.survival_discard
        self.creature_token = s.creature_token
        self.artemia_token = s.artemia_token
        self.target_token = s.target_token
        self.anticipation = s.anticipation
        self.cataclysm = s.cataclysm
        self.phobia = s.phobia
        self.phobia_shown = s.phobia_shown
        self.beach_used = s.beach_used
        self.wreck_used = s.wreck_used
        self.sacrifice = s.sacrifice
        self.smokescreen = s.smokescreen
        self.owing = s.owing
        self.queue = s.queue
        self.shelter = s.shelter
        self.shelter_owner = s.shelter_owner
        self.window_first = s.window_first
        self.window_played = s.window_played
        self.batch = s.batch
        self.secret_swaps = s.secret_swaps
        self.winner: Winner = s.winner
        full = self.make is NotAloneState
        self.withdrawn: tuple[tuple[int, int], ...] = s.withdrawn if full else ()
        self.resolved: tuple[tuple[int, int], ...] = s.resolved if full else ()

    def build(self) -> NotAloneState:
        added = (self.withdrawn, self.resolved) if self.make is NotAloneState else ()
        return self.make(
            self.config,
            self.rng,
            self.turn,
            self.phase,
            self.step,
            self.rescue,
            self.assimilation,
            self.marker,
            tuple(self.hunted),
            self.reserve,
            self.hunt_hand,
            self.hunt_deck,
            self.hunt_discard,
            self.hunt_played,
            self.effects,
            self.allowance,
            self.survival_deck,
            self.survival_discard,
            self.creature_token,
            self.artemia_token,
            self.target_token,
            self.anticipation,
            self.cataclysm,
            self.phobia,
            self.phobia_shown,
            self.beach_used,
            self.wreck_used,
            self.sacrifice,
            self.smokescreen,
            self.owing,
            self.queue,
            self.shelter,
            self.shelter_owner,
            self.window_first,
            self.window_played,
            self.batch,
            self.secret_swaps,
            self.winner,
            *added,
        )

    def set(self, i: int, **changes: Any) -> Hunted:
        h = attrs.evolve(self.hunted[i], **changes)
        self.hunted[i] = h
        return h


def apply_action(
    state: NotAloneState, seat: int, action: Action, rules: NotAloneRules
) -> NotAloneState:
    """The state after a legal ``action`` of ``seat`` (legality checked by the caller),
    under ``rules``."""
    tx = _Tx(state, rules)
    try:
        if seat == state.config.creature_seat:
            _creature_action(tx, action)
        else:
            _hunted_action(tx, hunted_index(state, seat), action)
    except _GameOver:
        pass
    return tx.build()


# counters: the game ends the instant one reaches the star


def _rescue(tx: _Tx) -> None:
    tx.rescue -= 1
    if tx.rescue <= 0:
        _end(tx, "hunted")


def _assimilate(tx: _Tx) -> None:
    tx.assimilation -= 1
    if tx.assimilation <= 0:
        _end(tx, "creature")


def _end(tx: _Tx, winner: Winner) -> None:
    tx.winner = winner
    tx.step = "over"
    tx.owing = ()
    tx.queue = ()
    raise _GameOver


# turn structure


def _start_turn(tx: _Tx) -> None:
    tx.phase = 1
    if tx.rules.phase1_cards_take_back_commits:  # E2 (1.1): the window runs alongside
        tx.owing = tuple(range(len(tx.hunted)))
        if creature_can_play(tx):
            tx.step = "creature_window"
            tx.window_first = True
            tx.window_played = False
        else:
            tx.step = "explore"
        return
    _open_window(tx, "creature", True)


def _close_phase1_window(tx: _Tx) -> None:
    """1.1 (E2): the Creature's phase-1 window closes (it passed, or can no longer play a
    Hunt card); the exploration goes on, or is over if every Hunted has committed."""
    tx.window_first = False
    tx.window_played = False
    if tx.owing:
        tx.step = "explore"
    else:
        _start_hunting(tx)


def _start_hunting(tx: _Tx) -> None:
    tx.phase = 2
    tx.step = "hunt"


def _withdraw_commits(tx: _Tx) -> None:
    """1.1 (E4): every Hunted who has committed takes the card(s) back and chooses again
    (the reference's ``cancelExploration``); the commit is recorded in ``withdrawn``."""
    for i, h in enumerate(tx.hunted):
        if h.played:
            tx.set(i, hand=_add(h.hand, h.played), played=())
            tx.withdrawn = (*tx.withdrawn, (tx.turn, i))
    tx.owing = tuple(range(len(tx.hunted)))


def _open_window(tx: _Tx, side: str, first: bool) -> None:
    if side == "creature":
        if creature_can_play(tx):
            tx.step = "creature_window"
            tx.owing = ()
            tx.window_first = first
            tx.window_played = False
            return
    elif tx.phase != 1:
        owing = tuple(i for i, h in enumerate(tx.hunted) if hunted_can_play(tx, h))
        if owing:
            tx.step = "hunted_window"
            tx.owing = owing
            tx.window_first = first
            tx.window_played = False
            return
    _close_window(tx, side, first, False)


def _close_window(tx: _Tx, side: str, first: bool, played: bool) -> None:
    tx.owing = ()
    tx.window_first = False
    tx.window_played = False
    if tx.phase != 1 and (played or first):
        _open_window(tx, "hunted" if side == "creature" else "creature", False)
    elif tx.phase == 1:
        tx.step = "explore"
        tx.owing = tuple(range(len(tx.hunted)))
    elif tx.phase == 3:
        _start_resolution(tx)
    else:
        _end_turn(tx)


def _start_prepare(tx: _Tx) -> None:
    owing = tuple(
        i
        for i, h in enumerate(tx.hunted)
        if (h.double == "river" and len(h.played) == 2) or hunted_can_play(tx, h)
    )
    if owing:
        tx.step = "prepare"
        tx.owing = owing
    else:
        _reveal(tx)


def _reveal(tx: _Tx) -> None:
    for i, h in enumerate(tx.hunted):
        tx.set(i, places=h.played)
    tx.owing = ()
    tx.phase = 3
    _open_window(tx, "creature", True)


def _end_turn(tx: _Tx) -> None:
    for i, h in enumerate(tx.hunted):
        tx.hunted[i] = Hunted(
            seat=h.seat,
            will=h.will,
            hand=h.hand,
            discard=_add(h.discard, (c for c in h.played if c)),
            played=(),
            places=(),
            survival=h.survival,
            double=h.next_double,
            next_double="",
            resisted=False,
            survival_used=False,
            dodge=False,
            detector=False,
            submitted=False,
            choice=(),
            choice_card="",
        )
    stasis = "stasis" in tx.effects
    tracking = "tracking" in tx.effects
    tx.hunt_discard = tx.hunt_discard + tx.hunt_played
    tx.hunt_played = ()
    tx.effects = ()
    tx.creature_token = tx.artemia_token = tx.target_token = ()
    tx.anticipation = tx.phobia = -1
    tx.cataclysm = 0
    tx.phobia_shown = ()
    tx.beach_used = tx.wreck_used = tx.sacrifice = tx.smokescreen = False
    tx.owing = tx.queue = ()
    tx.resolved = ()  # 1.1 (E28); always empty under 1.0
    _draw_hunt(tx)
    tx.allowance = 2 if tracking else 1
    if not stasis:  # N8
        _rescue(tx)
    tx.turn += 1
    _start_turn(tx)


def _draw_hunt(tx: _Tx) -> None:
    """The Creature draws up to 3 Hunt cards (N17: an empty deck is rebuilt from the
    shuffled discard pile)."""
    while len(tx.hunt_hand) < HAND_SIZE:
        if not tx.hunt_deck:
            if not tx.hunt_discard:
                return
            tx.hunt_deck, tx.rng = tx.rng.shuffle(tx.hunt_discard)
            tx.hunt_discard = ()
        tx.hunt_hand = _add_s(tx.hunt_hand, tx.hunt_deck[0])
        tx.hunt_deck = tx.hunt_deck[1:]


def _draw_survival(tx: _Tx) -> str | None:
    """One Survival card (N17: reshuffle the discard pile when the deck is empty)."""
    if not tx.survival_deck:
        if not tx.survival_discard:
            return None
        tx.survival_deck, tx.rng = tx.rng.shuffle(tx.survival_discard)
        tx.survival_discard = ()
    card = tx.survival_deck[0]
    tx.survival_deck = tx.survival_deck[1:]
    return card


# the Creature


def _creature_action(tx: _Tx, action: Action) -> None:
    if tx.step == "creature_window":
        phase1 = tx.phase == 1 and tx.rules.phase1_cards_take_back_commits
        if isinstance(action, PlayHunt):
            _play_hunt(tx, action)
            tx.window_played = True
            if phase1:  # E2, E4 (1.1): Despair, Force Field take every commit back
                _withdraw_commits(tx)
                if not creature_can_play(tx):
                    _close_phase1_window(tx)
            elif not creature_can_play(tx):
                _close_window(tx, "creature", tx.window_first, True)
        elif phase1:  # E2 (1.1)
            _close_phase1_window(tx)
        else:
            _close_window(tx, "creature", tx.window_first, tx.window_played)
        return
    # hunting
    if isinstance(action, PlaceToken):
        if action.token == "creature":
            tx.creature_token = action.places
        elif action.token == "artemia":
            tx.artemia_token = action.places
        else:
            tx.target_token = action.places
    elif isinstance(action, PlayHunt):
        _play_hunt(tx, action)
    else:
        _start_prepare(tx)


def _play_hunt(tx: _Tx, action: PlayHunt) -> None:
    card = action.card
    eff = tx.hunt_discard[-1] if card == "flashback" else card
    tx.hunt_hand = _sub_s(tx.hunt_hand, card)
    tx.hunt_played = (*tx.hunt_played, card)
    tx.effects = (*tx.effects, eff)
    target = -1 if action.seat < 0 else _index(tx, action.seat)
    if eff == "force_field":
        tx.target_token = action.places
    elif eff == "anticipation":
        tx.anticipation = target
    elif eff == "ascendancy":
        tx.step = "ascendancy"
        tx.owing = (target,)
    elif eff == "phobia":
        if target >= 0:
            tx.phobia = target
            tx.step = "phobia"
            tx.owing = (target,)
    elif eff == "forbidden_zone":
        owing = []
        for i, h in enumerate(tx.hunted):
            if len(h.hand) == 1:
                tx.set(i, hand=(), discard=_add(h.discard, h.hand))
            elif h.hand:
                owing.append(i)
        if owing:
            tx.step = "forbidden_zone"
            tx.owing = tuple(owing)
    elif eff == "virus":
        tx.artemia_token = ()
    elif eff == "cataclysm":
        tx.cataclysm = action.places[0]
    elif eff == "detour":
        h = tx.hunted[target]
        f, t = action.places
        tx.set(target, places=tuple(t if p == f else p for p in h.places))


def _index(tx: _Tx, seat: int) -> int:
    n = len(tx.hunted) + 1
    return (seat - tx.config.creature_seat - 1) % n


# the Hunted


def _hunted_action(tx: _Tx, i: int, action: Action) -> None:
    step = tx.step
    h = tx.hunted[i]
    if step in ("explore", "creature_window"):  # creature_window: 1.1 phase 1 (E2)
        if isinstance(action, Explore):
            tx.set(i, played=action.cards, hand=_sub(h.hand, action.cards))
            _done(tx, i)
            if not tx.owing and step == "explore":
                _start_hunting(tx)
        elif isinstance(action, Resist):
            h = tx.set(
                i,
                will=h.will - action.will,
                hand=_add(h.hand, action.cards),
                discard=_sub(h.discard, action.cards),
                resisted=True,
            )
            if h.will == 0:  # N3
                _give_up(tx, i)
        elif isinstance(action, GiveUp):
            _give_up(tx, i)
        elif isinstance(action, PlaySurvival):
            _play_survival(tx, i, action)
            if action.card == "sacrifice" and tx.rules.phase1_cards_take_back_commits:
                _withdraw_commits(tx)  # E4, N15 (1.1)
        if tx.step == "creature_window" and not creature_can_play(tx):
            _close_phase1_window(tx)  # 1.1: after Sacrifice, or Strike Back emptying the hand
    elif step == "prepare":
        if isinstance(action, RiverKeep):
            other = [c for c in h.played if c != action.card]
            h = tx.set(i, played=(action.card,), hand=_add(h.hand, other))
            if not hunted_can_play(tx, h):
                _done(tx, i)
        else:
            if isinstance(action, PlaySurvival):
                _play_survival(tx, i, action)
            _done(tx, i)
        if not tx.owing:
            _reveal(tx)
    elif step == "hunted_window":
        if isinstance(action, PlaySurvival):
            tx.window_played = True
            _done(tx, i)
            _play_survival(tx, i, action)
        else:
            _done(tx, i)
        if not tx.owing:
            _close_window(tx, "hunted", tx.window_first, tx.window_played)
    elif step == "ascendancy":
        assert isinstance(action, Keep)
        tx.set(i, hand=action.cards, discard=_add(h.discard, _sub(h.hand, action.cards)))
        tx.step = "hunt"
        tx.owing = ()
    elif step == "phobia":
        assert isinstance(action, Conceal)
        tx.phobia_shown = _sub(h.hand, action.cards)
        tx.step = "hunt"
        tx.owing = ()
    elif step in _SIMULTANEOUS:
        if isinstance(action, Discard):
            tx.set(i, submitted=True, choice=action.cards)
        elif isinstance(action, DiscardSurvival):
            tx.set(i, submitted=True, choice_card=action.card)
        else:
            tx.set(i, submitted=True, choice=())
        _done(tx, i)
        if not tx.owing:
            _complete_batch(tx)
    else:
        _resolve(tx, i, action)


def _done(tx: _Tx, i: int) -> None:
    tx.owing = tuple(j for j in tx.owing if j != i)


def _give_up(tx: _Tx, i: int) -> None:
    h = tx.hunted[i]
    tx.set(i, will=3, hand=_add(h.hand, h.discard), discard=())
    _assimilate(tx)


def _play_survival(tx: _Tx, i: int, action: PlaySurvival) -> None:
    card = action.card
    h = tx.set(i, survival=_sub_s(tx.hunted[i].survival, card), survival_used=True)
    tx.survival_discard = (*tx.survival_discard, card)
    if card == "adrenaline":
        tx.set(i, will=h.will + 1)
    elif card == "ingenuity":
        tx.marker = True
    elif card == "sacrifice":
        tx.set(i, hand=_sub(h.hand, action.cards), discard=_add(h.discard, action.cards))
        tx.sacrifice = True
    elif card == "sixth_sense":
        tx.set(i, hand=_add(h.hand, action.cards), discard=_sub(h.discard, action.cards))
    elif card == "smokescreen":
        tx.smokescreen = True
    elif card == "strike_back":
        for _ in range(min(2, len(tx.hunt_hand))):
            k, tx.rng = tx.rng.below(len(tx.hunt_hand))
            tx.hunt_deck = (*tx.hunt_deck, tx.hunt_hand[k])
            tx.hunt_hand = tx.hunt_hand[:k] + tx.hunt_hand[k + 1 :]
    elif card == "vortex":
        old, new = action.cards
        tx.set(
            i,
            played=_add(_sub(h.played, (old,)), (new,)),
            discard=_add(_sub(h.discard, (new,)), (old,)),
        )
        if tx.smokescreen:
            tx.secret_swaps = (*tx.secret_swaps, (tx.turn, i))
    elif card == "detector":
        tx.set(i, detector=True)
    elif card == "dodge":
        tx.set(i, dodge=True)
    elif card == "hologram":
        f, t = action.places
        tx.artemia_token = tuple(sorted((*(p for p in tx.artemia_token if p != f), t)))
    elif card == "wrong_track":
        f, t = action.places
        if f in tx.creature_token:
            tx.creature_token = (t,)
        else:
            tx.target_token = (t,)
    elif card == "amplifier":
        tx.marker = False
        _rescue(tx)
    elif card == "double_back":
        c = action.cards[0]
        tx.set(i, played=tuple(0 if p == c else p for p in h.played), hand=_add(h.hand, (c,)))


def _complete_batch(tx: _Tx) -> None:
    """Every hidden choice of a simultaneous step is in: apply them all at once."""
    step = tx.step
    for i, h in enumerate(tx.hunted):
        if not h.submitted:
            continue
        if step == "toxin":
            tx.survival_discard = (*tx.survival_discard, h.choice_card)
            h = tx.set(i, survival=_sub_s(h.survival, h.choice_card))
        elif step == "scream" and not h.choice:
            h = tx.set(i, will=max(0, h.will - 1))
        else:
            h = tx.set(i, hand=_sub(h.hand, h.choice), discard=_add(h.discard, h.choice))
        tx.set(i, submitted=False, choice=(), choice_card="")
    tx.batch += 1
    tx.owing = ()
    if step == "forbidden_zone":
        tx.step = "hunt"
    elif step == "artemia":
        _artemia_finish(tx)
    else:
        _target_resolution(tx)


# the Reckoning


def _start_resolution(tx: _Tx) -> None:
    """Step 1: every explored place without an effective token, for each Hunted in
    turn from the Creature's left (ineffective places give nothing, N5)."""
    queue = []
    for i, h in enumerate(tx.hunted):
        for p in h.places:
            if _creature_hit(tx, h, p) or _artemia_hit(tx, h, p) or _target_on(tx, p):
                continue
            if effective(tx, p):
                queue.append((i, p))
    tx.queue = tuple(queue)
    tx.step = "resolve_free"
    _continue(tx)


def _continue(tx: _Tx) -> None:
    if tx.shelter_owner >= 0 or tx.queue:  # a Shelter keep or (1.1) a drawer's window
        return
    if tx.step == "resolve_free":
        _target_stage(tx)
    else:
        _artemia_stage(tx)


def _target_stage(tx: _Tx) -> None:
    """Step 2: the Target card's effect on every Hunted on a targeted place."""
    if tx.target_token and "clone" not in tx.effects:
        on = [i for i, h in enumerate(tx.hunted) if any(p in tx.target_token for p in h.places)]
        owing = []
        if "scream" in tx.effects:
            for i in on:
                h = tx.hunted[i]
                if len(h.hand) >= 2:
                    owing.append(i)
                else:
                    tx.set(i, will=max(0, h.will - 1))
            if owing:
                tx.step = "scream"
        elif "toxin" in tx.effects:
            for i in on:
                h = tx.hunted[i]
                if len(h.survival) == 1:
                    tx.survival_discard = (*tx.survival_discard, h.survival[0])
                    tx.set(i, survival=())
                elif h.survival:
                    owing.append(i)
            if owing:
                tx.step = "toxin"
        if owing:
            tx.owing = tuple(owing)
            return
    _target_resolution(tx)


def _target_resolution(tx: _Tx) -> None:
    """Step 2, then: each Hunted on a targeted place resolves it as in step 1 unless it
    is ineffective or also holds an effective Creature/Artemia token."""
    queue = []
    for i, h in enumerate(tx.hunted):
        for p in h.places:
            if not _target_on(tx, p) or not effective(tx, p):
                continue
            if _creature_hit(tx, h, p) or _artemia_hit(tx, h, p):
                continue
            queue.append((i, p))
    tx.queue = tuple(queue)
    tx.step = "resolve_target"
    _continue(tx)


def _artemia_stage(tx: _Tx) -> None:
    """Step 3: one Place card discarded per Artemia place explored (a simultaneous
    choice when the Hunted holds more cards than that)."""
    owing = []
    for i, h in enumerate(tx.hunted):
        n = _artemia_hits(tx, h)
        if not n:
            continue
        if len(h.hand) > n:
            owing.append(i)
        elif h.hand:
            tx.set(i, hand=(), discard=_add(h.discard, h.hand))
    if owing:
        tx.step = "artemia"
        tx.owing = tuple(owing)
        return
    _artemia_finish(tx)


def _artemia_finish(tx: _Tx) -> None:
    if "mutation" in tx.effects:
        for i, h in enumerate(tx.hunted):
            n = _artemia_hits(tx, h)
            if n:
                tx.set(i, will=max(0, h.will - n))
    _creature_stage(tx)


def _creature_stage(tx: _Tx) -> None:
    """Step 4: Will lost per Creature-token place (+1 at the Lair, N19; +1 per caught
    Hunted under Fierceness); Assimilation +1 if anyone was caught, +1 more if the
    Anticipation target was. Step 5: exhausted Hunted (N1, N2)."""
    cp = creature_places(tx)
    caught_any = anticipated = False
    for i, h in enumerate(tx.hunted):
        if h.dodge:
            continue
        caught = [p for p in h.places if p in cp]
        if not caught:
            continue
        loss = sum(2 if p == 1 else 1 for p in caught)
        if "fierceness" in tx.effects:
            loss += 1
        tx.set(i, will=max(0, h.will - loss))
        caught_any = True
        anticipated = anticipated or i == tx.anticipation
    if caught_any:
        _assimilate(tx)
    if anticipated:
        _assimilate(tx)
    exhausted = False
    for i, h in enumerate(tx.hunted):
        if h.will == 0:
            exhausted = True
            tx.set(
                i,
                will=tx.config.exhausted_will,
                hand=_add(h.hand, (*h.discard, *(c for c in h.played if c))),
                discard=(),
                played=(0,) * len(h.played),
            )
    tx.queue = ()
    if exhausted:
        _assimilate(tx)
    tx.phase = 4
    _open_window(tx, "creature", True)


def _resolve(tx: _Tx, i: int, action: Action) -> None:
    if isinstance(action, KeepSurvival):
        h = tx.hunted[i]
        tx.set(i, survival=_add_s(h.survival, action.card))
        tx.survival_discard = tx.survival_discard + tuple(c for c in tx.shelter if c != action.card)
        tx.shelter = ()
        tx.shelter_owner = -1
        _window_after_draw(tx, i)
        _continue(tx)
        return
    if tx.shelter_owner >= 0:  # 1.1: the drawer's card window (E13, E28)
        tx.shelter_owner = -1
        if isinstance(action, PlaySurvival):
            _play_survival(tx, i, action)
            _requeue(tx)
        _continue(tx)
        return
    assert isinstance(action, UsePower | TakeBack | Forgo)
    at = action.at
    tx.queue = tuple(q for q in tx.queue if q != (i, at))
    if tx.rules.window_after_survival_draw:  # E28 (1.1): each place is resolved once
        tx.resolved = (*tx.resolved, (i, at))
    if isinstance(action, UsePower):
        _use_power(tx, i, action)
    elif isinstance(action, TakeBack):
        h = tx.hunted[i]
        tx.set(i, hand=_add(h.hand, (action.card,)), discard=_sub(h.discard, (action.card,)))
    _continue(tx)


def _use_power(tx: _Tx, i: int, action: UsePower) -> None:
    h = tx.hunted[i]
    if action.survival:
        card = action.survival
        h = tx.set(i, survival=_sub_s(h.survival, card), survival_used=True)
        tx.survival_discard = (*tx.survival_discard, card)
    power = action.power
    cards = action.cards
    if power == 1:
        if "persecution" in tx.effects:
            tx.set(i, hand=_add(h.hand, cards), discard=_sub(h.discard, cards))
        else:
            tx.set(i, hand=_add(h.hand, h.discard), discard=())
    elif power in (2, 6):
        if "persecution" in tx.effects and cards:
            tx.set(i, hand=_add(h.hand, cards), discard=_sub(h.discard, cards))
        else:
            slot = h.places.index(action.at)
            mine = h.played[slot]
            played = (*h.played[:slot], 0, *h.played[slot + 1 :])
            tx.set(
                i,
                played=played,
                hand=_add(h.hand, (mine, *cards)),
                discard=_sub(h.discard, cards),
            )
    elif power == 3:
        tx.set(i, next_double="river")
    elif power == 10:
        tx.set(i, next_double="artefact")
    elif power == 4:
        tx.beach_used = True
        if tx.marker:
            tx.marker = False
            _rescue(tx)
        else:
            tx.marker = True
    elif power == 5:
        r = cards[0]
        reserve = list(tx.reserve)
        reserve[r - 6] -= 1
        tx.reserve = tuple(reserve)
        tx.set(i, hand=_add(h.hand, (r,)))
    elif power == 7:
        drawn = []
        for _ in range(2):
            c = _draw_survival(tx)
            if c is not None:
                drawn.append(c)
        if len(drawn) == 2:
            tx.shelter = tuple(sorted(drawn))
            tx.shelter_owner = i
        elif drawn:
            tx.set(i, survival=_add_s(h.survival, drawn[0]))
            _window_after_draw(tx, i)
    elif power == 8:
        tx.wreck_used = True
        _rescue(tx)
    elif power == 9:
        if action.seat >= 0:
            j = _index(tx, action.seat)
            tx.set(j, will=tx.hunted[j].will + 1)
        else:
            c = _draw_survival(tx)
            if c is not None:
                tx.set(i, survival=_add_s(h.survival, c))
                _window_after_draw(tx, i)


def _window_after_draw(tx: _Tx, i: int) -> None:
    """Hunted ``i`` has just drawn a Survival card while resolving a place. 1.1 (E13,
    E28; the reference's ``playSurvivalCardDrawn``): if they may still play a Survival
    card this turn (public, E1), a window opens for them alone (``shelter_owner`` with an
    empty ``shelter``) to play Detector, Dodge, Hologram or Wrong Track at once, or pass;
    the Creature cannot answer (N12)."""
    if tx.rules.window_after_survival_draw and hunted_can_play(tx, tx.hunted[i]):
        tx.shelter_owner = i


def _requeue(tx: _Tx) -> None:
    """1.1 (E28): after a card played in a drawer's window, the places still to resolve
    are those that now hold no effective token for their Hunted, are effective, and have
    not been resolved yet this turn (the reference recomputes them from the Creature's
    left after every resolution): a place the card freed (Dodge, Detector, a token moved
    away) is resolved too, one a moved token now covers no longer is. In step 2 the
    targeted places follow."""
    done = tx.resolved
    queue = []
    for i, h in enumerate(tx.hunted):
        for p in h.places:
            if (i, p) in done or not effective(tx, p):
                continue
            if _creature_hit(tx, h, p) or _artemia_hit(tx, h, p) or _target_on(tx, p):
                continue
            queue.append((i, p))
    if tx.step == "resolve_target":
        for i, h in enumerate(tx.hunted):
            for p in h.places:
                if (i, p) in done or not _target_on(tx, p) or not effective(tx, p):
                    continue
                if _creature_hit(tx, h, p) or _artemia_hit(tx, h, p):
                    continue
                queue.append((i, p))
    tx.queue = tuple(queue)


# --- consistency of a decoded state -------------------------------------------------


def _fail(message: str) -> None:
    raise ValueError(message)


def _check_sorted_places(name: str, cards: tuple[int, ...]) -> None:
    if list(cards) != sorted(set(cards)) or any(not 1 <= c <= 10 for c in cards):
        _fail(f"{name} must be sorted distinct places 1-10, got {cards}")


def check_state(s: NotAloneState, rules: NotAloneRules) -> None:
    """Raise ValueError naming the first inconsistency of ``s`` (a state of ``rules``):
    broken card conservation or ranges, and situations that play never reaches."""
    cfg = s.config
    n = cfg.hunted
    if len(s.hunted) != n:
        _fail(f"{n} Hunted configured but {len(s.hunted)} in the state")
    seats = [h.seat for h in s.hunted]
    if seats != [(cfg.creature_seat + 1 + i) % (n + 1) for i in range(n)]:
        _fail(f"Hunted seats {seats} do not follow the Creature's seat {cfg.creature_seat}")
    if s.turn < 1 or not 1 <= s.phase <= 4:
        _fail(f"turn {s.turn} / phase {s.phase} out of range")
    if not 0 <= s.rescue <= rescue_start(n) or not 0 <= s.assimilation <= assimilation_start(n):
        _fail(f"counters out of range: rescue {s.rescue}, assimilation {s.assimilation}")
    over = s.step == "over"
    if over != bool(s.winner):
        _fail("winner must be set exactly when the step is over")
    if (s.winner == "hunted" and s.rescue != 0) or (s.winner == "creature" and s.assimilation != 0):
        _fail("the winner's counter must stand on the star")
    if not over and (s.rescue == 0 or s.assimilation == 0):
        _fail("a counter stands on the star but the game is not over")
    copies = reserve_copies(n)
    if len(s.reserve) != 5:
        _fail("reserve must hold 5 counts (places 6-10)")
    for k, r in enumerate(RESERVE_PLACES):
        owners = sum(1 for h in s.hunted if r in _owned(h))
        if s.reserve[k] < 0 or s.reserve[k] + owners != copies:
            _fail(f"place {r}: reserve {s.reserve[k]} + {owners} owners != {copies} copies")
    for i, h in enumerate(s.hunted):
        _check_hunted(s, i, h)
    survival = [*s.survival_deck, *s.survival_discard, *s.shelter]
    for h in s.hunted:
        survival.extend(h.survival)
        if list(h.survival) != sorted(h.survival):
            _fail(f"seat {h.seat}: Survival hand must be sorted")
    if sorted(survival) != sorted(SURVIVAL_NAMES):
        _fail("the 15 Survival cards are not each in exactly one place")
    hunt = [*s.hunt_hand, *s.hunt_deck, *s.hunt_discard, *s.hunt_played]
    if sorted(hunt) != sorted(HUNT_NAMES):
        _fail("the 20 Hunt cards are not each in exactly one place")
    if list(s.hunt_hand) != sorted(s.hunt_hand) or len(s.hunt_hand) > HAND_SIZE:
        _fail("the Creature's hand must be sorted and hold at most 3 cards")
    if len(s.effects) != len(s.hunt_played) or any(e not in HUNT for e in s.effects):
        _fail("effects must name one Hunt effect per Hunt card played")
    if s.allowance not in (1, 2) or len(s.hunt_played) > s.allowance:
        _fail(f"allowance {s.allowance} with {len(s.hunt_played)} Hunt cards played")
    for name, token, most in (
        ("creature_token", s.creature_token, 1),
        ("artemia_token", s.artemia_token, 2),
        ("target_token", s.target_token, 2),
    ):
        if len(token) > most:
            _fail(f"{name} covers at most {most} place(s)")
        _check_sorted_places(name, token)
    if s.cataclysm and not 1 <= s.cataclysm <= 10:
        _fail(f"cataclysm must be a place or 0, got {s.cataclysm}")
    for name, idx in (("anticipation", s.anticipation), ("phobia", s.phobia)):
        if not -1 <= idx < n:
            _fail(f"{name} must be a Hunted index or -1, got {idx}")
    if s.phobia_shown:
        if s.phobia < 0:
            _fail("phobia_shown without a Phobia target")
        _check_sorted_places("phobia_shown", s.phobia_shown)
        if any(c not in _owned(s.hunted[s.phobia]) for c in s.phobia_shown):
            _fail("phobia_shown holds cards the target does not own")
    if any(not 0 <= i < n for i in s.owing) or list(s.owing) != sorted(set(s.owing)):
        _fail(f"owing must be sorted distinct Hunted indices, got {s.owing}")
    for i, p in s.queue:
        if not 0 <= i < n or p not in s.hunted[i].places:
            _fail(f"queue entry {(i, p)} is not an explored place")
    if s.step in _RESOLVE and not over and not s.queue and s.shelter_owner < 0:
        _fail("a resolution step with nothing to resolve")
    if s.step in _OWING_STEPS and not s.owing:
        _fail(f"step {s.step} with nobody owing a decision")
    if s.shelter_owner >= n:
        _fail(f"shelter_owner {s.shelter_owner} out of range")
    if len(s.shelter) > 2 or (s.shelter and s.shelter_owner < 0):
        _fail("shelter and shelter_owner disagree")
    if s.shelter_owner >= 0 and not s.shelter:
        if not rules.window_after_survival_draw:  # 1.0 opens no window after a draw
            _fail("shelter and shelter_owner disagree")
        if s.step not in _RESOLVE:  # E28 (1.1)
            _fail(f"a drawer's card window (shelter_owner) in step {s.step}")
        _check_window_seat(s, s.shelter_owner, "a drawer's card window")
    if s.batch < 0:
        _fail("batch must be >= 0")
    _check_reachable(s, rules)
    if type(s) is NotAloneState:  # the fields rules 1.1 added
        _check_added(s, rules)


def _check_window_seat(s: NotAloneState, i: int, what: str) -> None:
    """A card window only ever waits on a Hunted who may play a Survival card (E1)."""
    h = s.hunted[i]
    if not h.survival:
        _fail(f"{what} waits on Hunted seat {h.seat}, who holds no Survival card")
    if h.survival_used:
        _fail(f"{what} waits on Hunted seat {h.seat}, who has played a Survival card")
    if "despair" in s.effects:
        _fail(f"{what} waits on Hunted seat {h.seat} under Despair")


def _check_reachable(s: NotAloneState, rules: NotAloneRules) -> None:
    """States that play never reaches (under every rules version unless noted)."""
    if s.phase == 3 and not s.creature_token:
        # N7: the Hunting cannot end before the Creature token is down, and only a
        # Survival card moves it afterwards
        _fail("a phase-3 state without the Creature token (N7: it is placed every turn)")
    hunted_done = s.phase == 3 or s.step == "prepare"
    if hunted_done and not s.artemia_token and _artemia_required(s):
        _fail(
            "the Artemia token was required this turn but never placed (N7: an Artemia "
            "symbol under the Rescue counter at the Hunting, or an Artemia card played)"
        )
    if hunted_done and not s.target_token and target_available(s):
        _fail("the Target token was required this turn but never placed (N7)")
    if s.step == "hunted_window":
        for i in s.owing:
            _check_window_seat(s, i, "a Hunted card window")
    if s.step == "prepare":
        for i in s.owing:
            h = s.hunted[i]
            if not (h.double == "river" and len(h.played) == 2):
                _check_window_seat(s, i, "the step before the reveal (no River choice left)")
    if s.step == "creature_window" and not creature_can_play(s):
        _fail("a Creature card window while the Creature may not play a Hunt card")
    if s.step == "creature_window" and s.owing:
        if not rules.phase1_cards_take_back_commits:  # 1.0: the window comes first (E2)
            _fail("a Creature card window with Hunted owing a decision (1.0: E2)")
        if s.phase != 1:
            _fail(f"a phase-{s.phase} Creature card window with Hunted owing a decision")
    exploring = s.step == "explore" or (
        s.step == "creature_window" and s.phase == 1 and rules.phase1_cards_take_back_commits
    )
    if exploring:
        for i, h in enumerate(s.hunted):
            if (i in s.owing) == bool(h.played):
                done = "has committed and owes" if h.played else "has not committed nor owes"
                _fail(f"Hunted seat {h.seat} {done} a decision in the exploration")


def _artemia_required(s: NotAloneState) -> bool:
    """The Artemia token had to be placed this turn: an Artemia card was played, or the
    Rescue counter stood on an Artemia space at the Hunting. In phase 3 only the Wreck and
    the Beach (removing the Marker) have moved it since, each at most once, flagged."""
    if any(HUNT[e].symbol == "artemia" for e in s.effects):
        return True
    back = 0
    if s.phase == 3:
        back = int(s.wreck_used) + int(s.beach_used and not s.marker)
    return artemia_space(s.config.board, s.rescue + back)


def _check_added(s: NotAloneState, rules: NotAloneRules) -> None:
    """``withdrawn`` and ``resolved`` (rules 1.1, E4 and E28)."""
    n = len(s.hunted)
    last = 0
    for t, i in s.withdrawn:
        if not 1 <= t <= s.turn or not 0 <= i < n or t < last:
            _fail(f"withdrawn entry {(t, i)} is not a (turn, Hunted index) in turn order")
        last = t
    if s.withdrawn and not rules.phase1_cards_take_back_commits:
        _fail("withdrawn commits under rules that never take a commit back")
    if s.resolved and (s.phase < 3 or not rules.window_after_survival_draw):
        _fail("resolved places outside the Reckoning and the end of its turn")
    if len(set(s.resolved)) != len(s.resolved):
        _fail("a place resolved twice")
    for i, p in s.resolved:
        if not 0 <= i < n or p not in s.hunted[i].places:
            _fail(f"resolved entry {(i, p)} is not an explored place")
        if (i, p) in s.queue:
            _fail(f"resolved entry {(i, p)} is still in the queue")


def _check_hunted(s: NotAloneState, i: int, h: Hunted) -> None:
    who = f"Hunted seat {h.seat}"
    if not 0 <= h.will <= 3:
        _fail(f"{who}: Will {h.will} out of 0..3")
    _check_sorted_places(f"{who} hand", h.hand)
    _check_sorted_places(f"{who} discard", h.discard)
    played = [c for c in h.played if c]
    if any(not 0 <= c <= 10 for c in h.played) or len(h.played) > 2:
        _fail(f"{who}: played {h.played} invalid")
    owned = [*h.hand, *h.discard, *played]
    if len(owned) != len(set(owned)):
        _fail(f"{who}: a Place card is in two places at once")
    if any(c not in owned for c in STARTING_HAND):
        _fail(f"{who}: lost one of Place cards 1-5")
    if h.places and len(h.places) != len(h.played):
        _fail(f"{who}: explored places do not match played cards")
    if any(not 1 <= p <= 10 for p in h.places) or len(set(h.places)) != len(h.places):
        _fail(f"{who}: explored places invalid: {h.places}")
    if h.places and s.phase < 3:
        _fail(f"{who}: places explored before the reveal")
    if s.phase == 3 and s.step != "over" and len(h.places) != len(h.played):
        _fail(f"{who}: the Reckoning needs every played card revealed")
    if any(c not in SURVIVAL for c in h.survival):
        _fail(f"{who}: unknown Survival card")
    doubles: tuple[Double, ...] = ("", "river", "artefact")
    if h.double not in doubles or h.next_double not in doubles:
        _fail(f"{who}: bad double play")
    bad_card = h.choice_card and h.choice_card not in h.survival
    if any(c not in h.hand for c in h.choice) or bad_card:
        _fail(f"{who}: a hidden choice names cards not in hand")
    if h.submitted and s.step not in _SIMULTANEOUS:
        _fail(f"{who}: a submitted choice outside a simultaneous step")
    if h.submitted and i in s.owing:
        _fail(f"{who}: submitted yet still owing")
