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

On the kit (``islandgames.core.kit``): ``apply`` edits one :class:`_Draft` with the
handler :data:`BOOK` has for the action's class, then the settle step, and builds the
next state once. Each Hunt card, Survival card and place power is one entry of
:data:`HUNT_TABLE`, :data:`SURVIVAL_TABLE` or :data:`PLACE_TABLE`, holding its legality
and its effect together. The game ends the instant a counter reaches the star:
``_rescue``/``_assimilate`` raise the kit's ``GameOver`` and the draft is built as it
stands.

Every function whose result differs between rules versions reads the version's flags
(:class:`NotAloneRules`: ``rules``, on the draft ``d.rules``) and branches on one flag
with ``if rules.<flag>`` naming its rulings. ``to_act`` and ``legal_actions`` read the
state only (``legal_actions`` takes ``rules`` as every game's does): the situations 1.1 adds
(a phase-1 Creature window with Hunted still exploring, a drawer's card window in the
Reckoning) are states that 1.0 never reaches and whose 1.0 ``check_state`` refuses.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from itertools import combinations
from typing import Any, Protocol, get_args

import attrs

from ...core import kit
from ...core.errors import InvalidConfigError
from ...core.game import Outcome, SeatResult
from ...core.kit import Draft, Rulebook, Table, fixed_order
from ...core.rng import Rng
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
    Token,
    UsePower,
)
from .contract import NotAloneConfig, NotAloneRules, NotAloneSetup
from .data import (
    ADJACENT,
    ALL_PLACES,
    HUNT,
    HUNT_NAMES,
    PAIRS,
    PLACES,
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
    "BOOK",
    "HUNT_TABLE",
    "PLACE_TABLE",
    "SURVIVAL_TABLE",
    "UNCODED_RULINGS",
    "apply",
    "artemia_available",
    "check_config",
    "check_state",
    "creature_can_play",
    "creature_places",
    "effective",
    "hunted_can_play",
    "hunted_index",
    "is_legal",
    "legal_actions",
    "outcome",
    "role",
    "seat_count",
    "seat_of",
    "setup",
    "target_available",
    "to_act",
]

#: Rulings of docs/not-alone.md that no code implements, and why: none. The rulings that
#: say something does not exist are cited where it would otherwise be: N18 (no Survival
#: hand limit) at the draws, N21 (nothing special with 1 Hunted) at the setup, N23 (no
#: Artemia bonus) at the Artemia step; E26 (the rules note's other items follow the
#: rulings) is the sum of the citations in this package.
UNCODED_RULINGS: dict[str, str] = {}

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


class _Public(Protocol):
    """What the predicates below read; both the state and the draft have it."""

    @property
    def config(self) -> NotAloneConfig: ...
    @property
    def hunted(self) -> Sequence[Hunted]: ...
    @property
    def hunt_discard(self) -> tuple[str, ...]: ...
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


def _sub(cards: tuple[int, ...], gone: tuple[int, ...]) -> tuple[int, ...]:
    return tuple([c for c in cards if c not in gone])


def _add_s(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    return tuple(sorted((*cards, card)))


def _sub_s(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    i = cards.index(card)
    return cards[:i] + cards[i + 1 :]


# --- setup --------------------------------------------------------------------------


def setup(
    rng: Rng, config: NotAloneConfig, rules: NotAloneRules, fixed: NotAloneSetup | None = None
) -> NotAloneState:
    """Setup (section 2): shuffled decks, Place cards 1-5 and 1 Survival card per
    Hunted, 3 Hunt cards for the Creature, counters on their start spaces. A scenario
    setup (``fixed``) replaces the deck orders it names (the seed's shuffles are still
    drawn, so its later randomness is the same either way)."""
    n = config.hunted  # N21: 1 Hunted plays like any other number
    hunt_deck, rng = rng.shuffle(HUNT_NAMES)
    survival_deck, rng = rng.shuffle(SURVIVAL_NAMES)
    if fixed is not None:
        hunt_deck = fixed_order(fixed.hunt_deck, hunt_deck, "setup hunt_deck")
        survival_deck = fixed_order(fixed.survival_deck, survival_deck, "setup survival_deck")
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
    d = _Draft(state)
    d.rules = rules
    _start_turn(d)
    return d.build()


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


def creature_can_play(s: _Public) -> bool:
    """The Creature may still play a Hunt card this turn (public: hand count,
    allowance, Sacrifice)."""
    return bool(s.hunt_hand) and not s.sacrifice and len(s.hunt_played) < s.allowance


def hunted_can_play(s: _Public, h: Hunted) -> bool:
    """The Hunted may still play a Survival card this turn (public: card count, one
    card per turn, Despair)."""
    return bool(h.survival) and not h.survival_used and "despair" not in s.effects


def creature_places(s: _Public) -> tuple[int, ...]:
    """Places holding a Creature token: the Creature token, and the Target token
    under Clone."""
    if "clone" in s.effects:
        return s.creature_token + s.target_token
    return s.creature_token


def effective(s: _Public, p: int) -> bool:
    """Whether place ``p``'s power works this turn (ignoring tokens): not named by
    Cataclysm, not the Beach/Wreck under Interference, not targeted by Mirage/Toxin."""
    if p == s.cataclysm:
        return False
    if p in (4, 8) and "interference" in s.effects:
        return False
    return not (p in s.target_token and ("mirage" in s.effects or "toxin" in s.effects))


def artemia_available(s: _Public) -> bool:
    """The Artemia token is in play this turn (board symbol or an Artemia card)."""
    if artemia_space(s.config.board, s.rescue):
        return True
    return any(HUNT[e].symbol == "artemia" for e in s.effects)


def target_available(s: _Public) -> bool:
    """The Target token is in play this turn (a Target card was played)."""
    return any(HUNT[e].symbol == "target" for e in s.effects)


def _force_field(s: _Public) -> tuple[int, ...]:
    return s.target_token if "force_field" in s.effects else ()


def _creature_hit(s: _Public, h: Hunted, p: int) -> bool:
    return not h.dodge and p in creature_places(s)


def _artemia_hit(s: _Public, h: Hunted, p: int) -> bool:
    return not h.detector and p in s.artemia_token


def _target_on(s: _Public, p: int) -> bool:
    return p in s.target_token and "clone" not in s.effects


def _artemia_hits(s: _Public, h: Hunted) -> int:
    return sum(1 for p in h.places if _artemia_hit(s, h, p))


def _owned(h: Hunted) -> tuple[int, ...]:
    return tuple(sorted((*h.hand, *h.discard, *(c for c in h.played if c))))


# --- who acts -----------------------------------------------------------------------


def to_act(s: NotAloneState) -> tuple[int, ...]:
    """The seats the game waits on, in seat order (E1: from public information only)."""
    step = s.step
    if step == "over":  # E27
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


def legal_actions(s: NotAloneState, seat: int, rules: NotAloneRules) -> tuple[Action, ...]:
    """Every legal action of ``seat``, in a fixed order (the same under every rules
    version: the situations 1.1 adds are states 1.0 never reaches)."""
    return tuple(_legal(s, seat, None))


def is_legal(s: NotAloneState, seat: int, action: Action, rules: NotAloneRules) -> bool:
    """Exactly ``action in legal_actions(s, seat, rules)``, generating only its class
    (and refusing look-alikes such as ``True`` for ``1``, which compare equal)."""
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


# Actions are frozen values: the frequent ones are made once and shared (the same
# values in the same order as building them anew, without the allocations).
_PASS = Pass()
_EXPLORE_ONE: dict[int, Explore] = {c: Explore((c,)) for c in ALL_PLACES}
_EXPLORE_TWO: dict[tuple[int, ...], Explore] = {p: Explore(p) for p in combinations(ALL_PLACES, 2)}
_TOKENS: tuple[Token, ...] = ("creature", "artemia", "target")
_TOKEN_ONE: dict[str, tuple[PlaceToken, ...]] = {
    t: tuple(PlaceToken(t, (p,)) for p in ALL_PLACES) for t in _TOKENS
}
_TOKEN_PAIR: dict[str, tuple[PlaceToken, ...]] = {
    t: tuple(PlaceToken(t, p) for p in PAIRS) for t in _TOKENS[1:]
}
_FORGO: dict[int, Forgo] = {p: Forgo(p) for p in ALL_PLACES}
_TAKE_BACK: dict[tuple[int, int], TakeBack] = {
    (p, c): TakeBack(p, c) for p in ALL_PLACES for c in ALL_PLACES
}


def _legal(s: NotAloneState, seat: int, want: type | None) -> list[Action]:
    step = s.step
    if step == "over":  # E27: nothing is legal once the game is over
        return []
    if seat == s.config.creature_seat:
        if step == "creature_window":
            out = _hunt_card_plays(s, s.phase, want)
            if _want(want, Pass):
                out.append(_PASS)
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
    if step == "ascendancy":  # E6: the target chooses the 2 cards kept
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
        ok = [c for c in h.hand if c not in blocked] if blocked else h.hand
        if h.double:  # N9: a pending double play needs 2 playable cards
            out.extend(_EXPLORE_TWO[p] for p in combinations(ok, 2))
        else:
            out.extend(_EXPLORE_ONE[c] for c in ok)
    # N3, E24: once per turn (a Give Up earlier this turn does not count);
    # E3: 2 Will needs 3 or more discarded cards
    if _want(want, Resist) and not h.resisted and h.discard:
        n = len(h.discard)
        for w in (1, 2):
            if h.will < w or (w == 2 and n <= 2):
                break
            out.extend(Resist(w, p) for p in combinations(h.discard, min(2 * w, n)))
    if _want(want, GiveUp) and not (h.will == 3 and not h.discard):  # N4
        out.append(GiveUp())
    if _want(want, PlaySurvival) and hunted_can_play(s, h):
        for card in h.survival:
            if _SURVIVAL_PHASE[card] == 1:
                out.extend(_SURVIVAL[card].plays(s, h, card))
    return out


def _prepare_actions(s: NotAloneState, h: Hunted, want: type | None) -> list[Action]:
    # E8: the River choice first, then Vortex
    if h.double == "river" and len(h.played) == 2:
        return [RiverKeep(c) for c in h.played] if _want(want, RiverKeep) else []
    out: list[Action] = []
    if _want(want, PlaySurvival) and hunted_can_play(s, h):
        for card in h.survival:
            if _SURVIVAL_PHASE[card] == 2:
                out.extend(_SURVIVAL[card].plays(s, h, card))
    if _want(want, Pass):
        out.append(_PASS)
    return out


def _window_survival(s: NotAloneState, h: Hunted, want: type | None) -> list[Action]:
    """A Hunted card window of phase 3 or 4 (or, 1.1, a drawer's window, E28): the
    Survival cards of that phase, or ``Pass``."""
    out: list[Action] = []
    if _want(want, PlaySurvival):
        phase = s.phase
        for card in h.survival:
            if _SURVIVAL_PHASE[card] == phase:
                out.extend(_SURVIVAL[card].plays(s, h, card))
    if _want(want, Pass):
        out.append(_PASS)
    return out


#: The phase of each Survival card (``data.SURVIVAL``), for the windows' filters.
_SURVIVAL_PHASE: dict[str, int] = {name: card.phase for name, card in SURVIVAL.items()}


def _hunt_card_plays(s: NotAloneState, phase: int, want: type | None) -> list[Action]:
    if not _want(want, PlayHunt) or not creature_can_play(s):
        return []
    used = {HUNT[e].symbol for e in s.effects} if s.effects else set()
    out: list[Action] = []
    for card in s.hunt_hand:
        entry = _HUNT[card]
        eff = card
        if entry.copies is not None:  # Flashback: the card it copies (E17)
            eff = entry.copies(s)
            if not eff:
                continue
            entry = _HUNT[eff]
        info = HUNT[eff]
        if info.phase != phase or (info.symbol and info.symbol in used):  # N10
            continue
        out.extend(entry.plays(s, card))
    return out


def _hunting_actions(s: NotAloneState, want: type | None) -> list[Action]:
    out: list[Action] = []
    art = artemia_available(s)
    tgt = target_available(s)
    if _want(want, PlaceToken):  # E5: a token once placed is final
        if not s.creature_token:
            out.extend(_TOKEN_ONE["creature"])
        if art and not s.artemia_token:
            out.extend(_TOKEN_PAIR["artemia"] if "virus" in s.effects else _TOKEN_ONE["artemia"])
        if tgt and not s.target_token:
            out.extend(_TOKEN_PAIR["target"] if "mirage" in s.effects else _TOKEN_ONE["target"])
    out.extend(_hunt_card_plays(s, 2, want))
    done = s.creature_token and (s.artemia_token or not art) and (s.target_token or not tgt)
    if _want(want, Pass) and done:  # N7
        out.append(_PASS)
    return out


#: The Survival cards used while resolving a place, in the order their options are
#: listed (a fixed order, not the sorted hand's).
_POWER_CARDS = ("gate", "drone")


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
    # E20: every place of this Hunted still queued is offered (they pick the order)
    for j, at in s.queue:
        if j != i:
            continue
        if _want(want, UsePower):
            for power in _own_powers(s, at):
                out.extend(_PLACE[power].options(s, i, at, power, ""))
            if can_play:
                for card in _POWER_CARDS:
                    if card in h.survival:
                        for power in _SURVIVAL[card].powers(s, at):
                            out.extend(_PLACE[power].options(s, i, at, power, card))
        if _want(want, TakeBack):
            out.extend(_TAKE_BACK[at, c] for c in h.discard)
        if _want(want, Forgo):  # E10: always legal
            out.append(_FORGO[at])
    return out


def _lair_powers(s: _Public) -> list[int]:
    """The Lair's own power (1) and the places it may copy: a Creature-token place
    other than the Lair and the Artefact (N6: even if that place is ineffective)."""
    return [1, *sorted({p for p in creature_places(s) if p not in (1, 10)})]


def _own_powers(s: _Public, at: int) -> list[int]:
    return _lair_powers(s) if at == 1 else [at]


def _gate_powers(s: _Public, at: int) -> list[int]:
    """E14: an adjacent place's power (through the Lair, as the Lair), whether or not
    that place is effective; never the Artefact."""
    out: set[int] = set()
    for b in ADJACENT[at]:
        if b == 1:
            out.update(_lair_powers(s))
        elif b != 10:
            out.add(b)
    return sorted(out)


# --- the draft ----------------------------------------------------------------------


class _Draft(Draft[NotAloneState], state=NotAloneState):
    """The scratch copy an action edits: one attribute per state field (a Hunted is
    replaced with :meth:`set`), plus ``rules``, the version's flags, set by whoever
    makes the draft. A 1.0 state (:data:`NotAloneState10`) lacks ``withdrawn`` and
    ``resolved``: they are empty here (:meth:`defaults`) and dropped again by the
    build."""

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
    rules: NotAloneRules

    @classmethod
    def defaults(cls) -> Mapping[str, Any]:
        return {"withdrawn": (), "resolved": ()}  # the fields 1.1 added (E4, E28)

    def set(self, i: int, **changes: Any) -> Hunted:
        """Hunted ``i`` with ``changes`` (Hunted fields by name), stored and returned."""
        hunted = self.hunted
        h = _evolve_hunted(hunted[i], **changes)
        self.hunted = (*hunted[:i], h, *hunted[i + 1 :])
        return h


#: a Hunted with some fields changed (the hot path of ``apply``: no keyword parsing)
_evolve_hunted = kit.evolver(Hunted)


def apply(state: NotAloneState, seat: int, action: Action, rules: NotAloneRules) -> NotAloneState:
    """The state after a legal ``action`` of ``seat`` (legality checked by the caller),
    under ``rules``: one draft, the rulebook, one build. The game ends the instant a
    counter reaches the star: the draft is then built as it stands (no settle step)."""
    d = _Draft(state)
    d.rules = rules
    BOOK.apply(d, seat, action)  # a counter at the star stops it (kit.GameOver)
    return d.build()


# counters: the game ends the instant one reaches the star


def _rescue(d: _Draft) -> None:
    d.rescue -= 1
    if d.rescue <= 0:
        _end(d, "hunted")


def _assimilate(d: _Draft) -> None:
    d.assimilation -= 1
    if d.assimilation <= 0:
        _end(d, "creature")


def _end(d: _Draft, winner: Winner) -> None:
    d.winner = winner
    d.step = "over"  # E27
    d.owing = ()
    d.queue = ()
    raise kit.GameOver


# turn structure


def _start_turn(d: _Draft) -> None:
    d.phase = 1
    if d.rules.phase1_cards_take_back_commits:  # E2 (1.1): the window runs alongside
        d.owing = tuple(range(len(d.hunted)))
        if creature_can_play(d):
            d.step = "creature_window"
            d.window_first = True
            d.window_played = False
        else:
            d.step = "explore"
        return
    _open_window(d, "creature", True)


def _close_phase1_window(d: _Draft) -> None:
    """1.1 (E2): the Creature's phase-1 window closes (it passed, or can no longer play a
    Hunt card); the exploration goes on, or is over if every Hunted has committed."""
    d.window_first = False
    d.window_played = False
    if d.owing:
        d.step = "explore"
    else:
        _start_hunting(d)


def _start_hunting(d: _Draft) -> None:
    d.phase = 2
    d.step = "hunt"


def _withdraw_commits(d: _Draft) -> None:
    """1.1 (E4): every Hunted who has committed takes the card(s) back and chooses again
    (the reference's ``cancelExploration``); the commit is recorded in ``withdrawn``."""
    for i, h in enumerate(d.hunted):
        if h.played:
            d.set(i, hand=_add(h.hand, h.played), played=())
            d.withdrawn = (*d.withdrawn, (d.turn, i))
    d.owing = tuple(range(len(d.hunted)))


def _open_window(d: _Draft, side: str, first: bool) -> None:
    if side == "creature":
        if creature_can_play(d):
            d.step = "creature_window"
            d.owing = ()
            d.window_first = first
            d.window_played = False
            return
    elif d.phase != 1:
        owing = tuple(i for i, h in enumerate(d.hunted) if hunted_can_play(d, h))
        if owing:
            d.step = "hunted_window"
            d.owing = owing
            d.window_first = first
            d.window_played = False
            return
    _close_window(d, side, first, False)


def _close_window(d: _Draft, side: str, first: bool, played: bool) -> None:
    """E9: the windows alternate until one passes without a card (the first Creature
    window is always answered by a Hunted window)."""
    d.owing = ()
    d.window_first = False
    d.window_played = False
    if d.phase != 1 and (played or first):
        _open_window(d, "hunted" if side == "creature" else "creature", False)
    elif d.phase == 1:
        d.step = "explore"
        d.owing = tuple(range(len(d.hunted)))
    elif d.phase == 3:
        _start_resolution(d)
    else:
        _end_turn(d)


def _start_prepare(d: _Draft) -> None:
    owing = tuple(
        i
        for i, h in enumerate(d.hunted)
        if (h.double == "river" and len(h.played) == 2) or hunted_can_play(d, h)
    )
    if owing:
        d.step = "prepare"
        d.owing = owing
    else:
        _reveal(d)


def _reveal(d: _Draft) -> None:
    for i, h in enumerate(d.hunted):
        d.set(i, places=h.played)
    d.owing = ()
    d.phase = 3
    _open_window(d, "creature", True)


def _end_turn(d: _Draft) -> None:
    d.hunted = tuple(
        Hunted(
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
        for h in d.hunted
    )
    stasis = "stasis" in d.effects
    tracking = "tracking" in d.effects
    d.hunt_discard = d.hunt_discard + d.hunt_played
    d.hunt_played = ()
    d.effects = ()
    d.creature_token = d.artemia_token = d.target_token = ()
    d.anticipation = d.phobia = -1
    d.cataclysm = 0
    d.phobia_shown = ()
    d.beach_used = d.wreck_used = d.sacrifice = d.smokescreen = False
    d.owing = d.queue = ()
    d.resolved = ()  # 1.1 (E28); always empty under 1.0
    _draw_hunt(d)  # E25: the only refill of the Creature's hand
    d.allowance = 2 if tracking else 1
    if not stasis:  # N8
        _rescue(d)
    d.turn += 1
    _start_turn(d)


def _draw_hunt(d: _Draft) -> None:
    """The Creature draws up to 3 Hunt cards into its sorted hand (E21; N17: an empty
    deck is rebuilt from the shuffled discard pile)."""
    while len(d.hunt_hand) < HAND_SIZE:
        if not d.hunt_deck:
            if not d.hunt_discard:
                return
            d.hunt_deck, d.rng = d.rng.shuffle(d.hunt_discard)
            d.hunt_discard = ()
        d.hunt_hand = _add_s(d.hunt_hand, d.hunt_deck[0])
        d.hunt_deck = d.hunt_deck[1:]


def _draw_survival(d: _Draft) -> str | None:
    """One Survival card (N17: reshuffle the discard pile when the deck is empty)."""
    if not d.survival_deck:
        if not d.survival_discard:
            return None
        d.survival_deck, d.rng = d.rng.shuffle(d.survival_discard)
        d.survival_discard = ()
    card = d.survival_deck[0]
    d.survival_deck = d.survival_deck[1:]
    return card


def _index(d: _Public, seat: int) -> int:
    n = len(d.hunted) + 1
    return (seat - d.config.creature_seat - 1) % n


def _done(d: _Draft, i: int) -> None:
    d.owing = tuple([j for j in d.owing if j != i])


def _give_up(d: _Draft, i: int) -> None:
    h = d.hunted[i]
    d.set(i, will=3, hand=_add(h.hand, h.discard), discard=())  # N4
    _assimilate(d)


# --- the rulebook: one handler per action class -------------------------------------

BOOK: Rulebook[_Draft, Action] = Rulebook("not-alone", Action)


@BOOK.rule(Pass, "E2", "E9", "E28", "N7", "N16")
def pass_(d: _Draft, seat: int, action: Pass) -> None:
    """Close a card window (the Creature's, a Hunted's, a drawer's), finish the Hunting
    (N7: legal once every token is down), or decline Vortex before the reveal."""
    if seat == d.config.creature_seat:
        if d.step == "hunt":
            _start_prepare(d)
        elif d.phase == 1 and d.rules.phase1_cards_take_back_commits:  # E2 (1.1)
            _close_phase1_window(d)
        else:
            _close_window(d, "creature", d.window_first, d.window_played)
        return
    i = _index(d, seat)
    if d.step == "prepare":
        _done(d, i)
        if not d.owing:
            _reveal(d)
    elif d.step == "hunted_window":
        _done(d, i)
        if not d.owing:
            _close_window(d, "hunted", d.window_first, d.window_played)
    else:  # 1.1: the drawer's card window closes without a card (E28)
        d.shelter_owner = -1
        _continue(d)


@BOOK.rule(PlayHunt, "E2", "E4", "N10", "N12")
def play_hunt(d: _Draft, seat: int, action: PlayHunt) -> None:
    """A Hunt card: in a Creature window (1.1 phase 1: taking every commit back, E4) or
    during the Hunting; its effect is its entry in :data:`HUNT_TABLE`."""
    card = action.card
    entry = _HUNT[card]
    eff = card if entry.copies is None else entry.copies(d)  # Flashback (E17)
    d.hunt_hand = _sub_s(d.hunt_hand, card)
    d.hunt_played = (*d.hunt_played, card)
    d.effects = (*d.effects, eff)
    target = -1 if action.seat < 0 else _index(d, action.seat)
    window = d.step == "creature_window"
    _HUNT[eff].effect(d, action, target)
    if not window:  # the Hunting
        return
    d.window_played = True
    if d.phase == 1 and d.rules.phase1_cards_take_back_commits:  # E2, E4 (1.1)
        _withdraw_commits(d)  # the settle step closes the window if need be
    elif not creature_can_play(d):
        _close_window(d, "creature", d.window_first, True)


@BOOK.rule(PlaceToken, "E5", "N7")
def place_token(d: _Draft, seat: int, action: PlaceToken) -> None:
    if action.token == "creature":
        d.creature_token = action.places
    elif action.token == "artemia":
        d.artemia_token = action.places
    else:
        d.target_token = action.places


@BOOK.rule(Explore, "E2", "N9")
def explore(d: _Draft, seat: int, action: Explore) -> None:
    """Commit Place card(s) face down; the last commit starts the Hunting (1.1: once
    the Creature's window is closed too, E2)."""
    i = _index(d, seat)
    h = d.hunted[i]
    d.set(i, played=action.cards, hand=_sub(h.hand, action.cards))
    _done(d, i)
    if not d.owing and d.step == "explore":
        _start_hunting(d)


@BOOK.rule(Resist, "N3", "E3", "E24")
def resist(d: _Draft, seat: int, action: Resist) -> None:
    i = _index(d, seat)
    h = d.hunted[i]
    h = d.set(
        i,
        will=h.will - action.will,
        hand=_add(h.hand, action.cards),
        discard=_sub(h.discard, action.cards),
        resisted=True,
    )
    if h.will == 0:  # N3
        _give_up(d, i)


@BOOK.rule(GiveUp, "N4")
def give_up(d: _Draft, seat: int, action: GiveUp) -> None:
    _give_up(d, _index(d, seat))


@BOOK.rule(PlaySurvival, "E4", "E8", "E13", "E28", "N15", "N16")
def play_survival(d: _Draft, seat: int, action: PlaySurvival) -> None:
    """A Survival card, in the exploration, before the reveal (Vortex), in a Hunted
    window or (1.1) a drawer's window; its effect is its entry in
    :data:`SURVIVAL_TABLE`."""
    i = _index(d, seat)
    step = d.step
    if step == "hunted_window":
        d.window_played = True
        _done(d, i)
    _play_survival(d, i, action)
    if step in ("explore", "creature_window"):
        if action.card == "sacrifice" and d.rules.phase1_cards_take_back_commits:
            _withdraw_commits(d)  # E4, N15 (1.1)
    elif step == "prepare":
        _done(d, i)
        if not d.owing:
            _reveal(d)
    elif step == "hunted_window":
        if not d.owing:
            _close_window(d, "hunted", d.window_first, d.window_played)
    else:  # 1.1: the drawer's card window (E13, E28)
        d.shelter_owner = -1
        _requeue(d)
        _continue(d)


def _play_survival(d: _Draft, i: int, action: PlaySurvival) -> None:
    card = action.card
    h = d.set(i, survival=_sub_s(d.hunted[i].survival, card), survival_used=True)
    d.survival_discard = (*d.survival_discard, card)
    _SURVIVAL[card].effect(d, i, h, action)


@BOOK.rule(RiverKeep, "E8")
def river_keep(d: _Draft, seat: int, action: RiverKeep) -> None:
    i = _index(d, seat)
    h = d.hunted[i]
    other = [c for c in h.played if c != action.card]
    h = d.set(i, played=(action.card,), hand=_add(h.hand, other))
    if not hunted_can_play(d, h):
        _done(d, i)
    if not d.owing:
        _reveal(d)


# the hidden choices of a simultaneous step (E1: collected one seat at a time, each
# hidden until all are in), applied together once all are in


def _submit(d: _Draft, seat: int, **choice: Any) -> None:
    i = _index(d, seat)
    d.set(i, submitted=True, **choice)
    _done(d, i)
    if not d.owing:
        _complete_batch(d)


@BOOK.rule(Discard, "E1")
def discard(d: _Draft, seat: int, action: Discard) -> None:
    """Forbidden Zone, the Artemia token, or Scream's discard option."""
    _submit(d, seat, choice=action.cards)


@BOOK.rule(LoseWill, "E1")
def lose_will(d: _Draft, seat: int, action: LoseWill) -> None:
    _submit(d, seat, choice=())


@BOOK.rule(DiscardSurvival, "E1")
def discard_survival(d: _Draft, seat: int, action: DiscardSurvival) -> None:
    _submit(d, seat, choice_card=action.card)


@BOOK.rule(Keep, "E6")
def keep(d: _Draft, seat: int, action: Keep) -> None:
    """Ascendancy: the target keeps 2 Place cards and discards the others."""
    i = _index(d, seat)
    h = d.hunted[i]
    d.set(i, hand=action.cards, discard=_add(h.discard, _sub(h.hand, action.cards)))
    d.step = "hunt"
    d.owing = ()


@BOOK.rule(Conceal)
def conceal(d: _Draft, seat: int, action: Conceal) -> None:
    """Phobia: the rest of the target's hand is shown to the Creature."""
    h = d.hunted[_index(d, seat)]
    d.phobia_shown = _sub(h.hand, action.cards)
    d.step = "hunt"
    d.owing = ()


@BOOK.rule(KeepSurvival, "E13", "E28")
def keep_survival(d: _Draft, seat: int, action: KeepSurvival) -> None:
    """The Shelter: keep one of the 2 cards drawn, discard the other."""
    i = _index(d, seat)
    h = d.hunted[i]
    d.set(i, survival=_add_s(h.survival, action.card))
    d.survival_discard = d.survival_discard + tuple(c for c in d.shelter if c != action.card)
    d.shelter = ()
    d.shelter_owner = -1
    _window_after_draw(d, i)
    _continue(d)


def _resolved(d: _Draft, i: int, at: int) -> None:
    """Place ``at`` of Hunted ``i`` leaves the queue (E28, 1.1: and is resolved once)."""
    d.queue = tuple(q for q in d.queue if q != (i, at))
    if d.rules.window_after_survival_draw:
        d.resolved = (*d.resolved, (i, at))


@BOOK.rule(UsePower, "N6", "E14", "E20")
def use_power(d: _Draft, seat: int, action: UsePower) -> None:
    """Resolve a place with a place power (its own, the Lair's copy, a Gate's or the
    Drone's): the power's entry in :data:`PLACE_TABLE`."""
    i = _index(d, seat)
    _resolved(d, i, action.at)
    h = d.hunted[i]
    if action.survival:  # Gate, Drone: the turn's Survival card
        card = action.survival
        h = d.set(i, survival=_sub_s(h.survival, card), survival_used=True)
        d.survival_discard = (*d.survival_discard, card)
    _PLACE[action.power].effect(d, i, h, action)
    _continue(d)


@BOOK.rule(TakeBack, "E20")
def take_back(d: _Draft, seat: int, action: TakeBack) -> None:
    i = _index(d, seat)
    _resolved(d, i, action.at)
    h = d.hunted[i]
    d.set(i, hand=_add(h.hand, (action.card,)), discard=_sub(h.discard, (action.card,)))
    _continue(d)


@BOOK.rule(Forgo, "E10", "E20")
def forgo(d: _Draft, seat: int, action: Forgo) -> None:
    _resolved(d, _index(d, seat), action.at)
    _continue(d)


@BOOK.settle
def _settle(d: _Draft) -> None:
    """1.1 (E2): the Creature's phase-1 window closes by itself once it may no longer
    play a Hunt card (after its card, a Sacrifice, or a Strike Back emptying its hand).
    Under 1.0 and outside phase 1 a window is never left open in that case."""
    if (
        d.step == "creature_window"
        and d.phase == 1
        and d.rules.phase1_cards_take_back_commits
        and not creature_can_play(d)
    ):
        _close_phase1_window(d)


def _complete_batch(d: _Draft) -> None:
    """Every hidden choice of a simultaneous step is in: apply them all at once."""
    step = d.step
    for i, h in enumerate(d.hunted):
        if not h.submitted:
            continue
        if step == "toxin":
            d.survival_discard = (*d.survival_discard, h.choice_card)
            h = d.set(i, survival=_sub_s(h.survival, h.choice_card))
        elif step == "scream" and not h.choice:
            h = d.set(i, will=max(0, h.will - 1))
        else:
            h = d.set(i, hand=_sub(h.hand, h.choice), discard=_add(h.discard, h.choice))
        d.set(i, submitted=False, choice=(), choice_card="")
    d.batch += 1
    d.owing = ()
    if step == "forbidden_zone":
        d.step = "hunt"
    elif step == "artemia":
        _artemia_finish(d)
    else:
        _target_resolution(d)


# the Reckoning


def _start_resolution(d: _Draft) -> None:
    """Step 1: every explored place without an effective token, for each Hunted in
    turn from the Creature's left (ineffective places give nothing, N5)."""
    queue = []
    for i, h in enumerate(d.hunted):
        for p in h.places:
            if _creature_hit(d, h, p) or _artemia_hit(d, h, p) or _target_on(d, p):
                continue
            if effective(d, p):
                queue.append((i, p))
    d.queue = tuple(queue)
    d.step = "resolve_free"
    _continue(d)


def _continue(d: _Draft) -> None:
    if d.shelter_owner >= 0 or d.queue:  # a Shelter keep or (1.1) a drawer's window
        return
    if d.step == "resolve_free":
        _target_stage(d)
    else:
        _artemia_stage(d)


def _target_stage(d: _Draft) -> None:
    """Step 2: the Target card's effect on every Hunted on a targeted place (E19: a
    Hunted without a real choice is served without one)."""
    if d.target_token and "clone" not in d.effects:
        on = [i for i, h in enumerate(d.hunted) if any(p in d.target_token for p in h.places)]
        owing = []
        if "scream" in d.effects:
            for i in on:
                h = d.hunted[i]
                if len(h.hand) >= 2:
                    owing.append(i)
                else:
                    d.set(i, will=max(0, h.will - 1))
            if owing:
                d.step = "scream"
        elif "toxin" in d.effects:
            for i in on:
                h = d.hunted[i]
                if len(h.survival) == 1:
                    d.survival_discard = (*d.survival_discard, h.survival[0])
                    d.set(i, survival=())
                elif h.survival:
                    owing.append(i)
            if owing:
                d.step = "toxin"
        if owing:
            d.owing = tuple(owing)
            return
    _target_resolution(d)


def _target_resolution(d: _Draft) -> None:
    """Step 2, then: each Hunted on a targeted place resolves it as in step 1 unless it
    is ineffective or also holds an effective Creature/Artemia token."""
    queue = []
    for i, h in enumerate(d.hunted):
        for p in h.places:
            if not _target_on(d, p) or not effective(d, p):
                continue
            if _creature_hit(d, h, p) or _artemia_hit(d, h, p):
                continue
            queue.append((i, p))
    d.queue = tuple(queue)
    d.step = "resolve_target"
    _continue(d)


def _artemia_stage(d: _Draft) -> None:
    """Step 3: one Place card discarded per Artemia place explored (a simultaneous
    choice when the Hunted holds more cards than that; E19: otherwise none). N23: the
    Artemia token does nothing more (Mutation aside)."""
    owing = []
    for i, h in enumerate(d.hunted):
        n = _artemia_hits(d, h)
        if not n:
            continue
        if len(h.hand) > n:
            owing.append(i)
        elif h.hand:
            d.set(i, hand=(), discard=_add(h.discard, h.hand))
    if owing:
        d.step = "artemia"
        d.owing = tuple(owing)
        return
    _artemia_finish(d)


def _artemia_finish(d: _Draft) -> None:
    if "mutation" in d.effects:
        for i, h in enumerate(d.hunted):
            n = _artemia_hits(d, h)
            if n:
                d.set(i, will=max(0, h.will - n))
    _creature_stage(d)


def _creature_stage(d: _Draft) -> None:
    """Step 4: Will lost per Creature-token place (+1 at the Lair, N19; +1 per caught
    Hunted under Fierceness); Assimilation +1 if anyone was caught, +1 more if the
    Anticipation target was (E20: each place of a double play counts). Step 5:
    exhausted Hunted (N1, N2)."""
    cp = creature_places(d)
    caught_any = anticipated = False
    for i, h in enumerate(d.hunted):
        if h.dodge:
            continue
        caught = [p for p in h.places if p in cp]
        if not caught:
            continue
        loss = sum(2 if p == 1 else 1 for p in caught)
        if "fierceness" in d.effects:
            loss += 1
        d.set(i, will=max(0, h.will - loss))
        caught_any = True
        anticipated = anticipated or i == d.anticipation
    if caught_any:
        _assimilate(d)
    if anticipated:
        _assimilate(d)
    exhausted = False
    for i, h in enumerate(d.hunted):
        if h.will == 0:
            exhausted = True
            d.set(
                i,
                will=d.config.exhausted_will,
                hand=_add(h.hand, (*h.discard, *(c for c in h.played if c))),
                discard=(),
                played=(0,) * len(h.played),
            )
    d.queue = ()
    if exhausted:
        _assimilate(d)
    d.phase = 4
    _open_window(d, "creature", True)


def _window_after_draw(d: _Draft, i: int) -> None:
    """Hunted ``i`` has just drawn a Survival card while resolving a place. 1.1 (E13,
    E28; the reference's ``playSurvivalCardDrawn``): if they may still play a Survival
    card this turn (public, E1), a window opens for them alone (``shelter_owner`` with an
    empty ``shelter``) to play Detector, Dodge, Hologram or Wrong Track at once, or pass;
    the Creature cannot answer (N12)."""
    if d.rules.window_after_survival_draw and hunted_can_play(d, d.hunted[i]):
        d.shelter_owner = i


def _requeue(d: _Draft) -> None:
    """1.1 (E28): after a card played in a drawer's window, the places still to resolve
    are those that now hold no effective token for their Hunted, are effective, and have
    not been resolved yet this turn (the reference recomputes them from the Creature's
    left after every resolution): a place the card freed (Dodge, Detector, a token moved
    away) is resolved too, one a moved token now covers no longer is. In step 2 the
    targeted places follow."""
    done = d.resolved
    queue = []
    for i, h in enumerate(d.hunted):
        for p in h.places:
            if (i, p) in done or not effective(d, p):
                continue
            if _creature_hit(d, h, p) or _artemia_hit(d, h, p) or _target_on(d, p):
                continue
            queue.append((i, p))
    if d.step == "resolve_target":
        for i, h in enumerate(d.hunted):
            for p in h.places:
                if (i, p) in done or not _target_on(d, p) or not effective(d, p):
                    continue
                if _creature_hit(d, h, p) or _artemia_hit(d, h, p):
                    continue
                queue.append((i, p))
    d.queue = tuple(queue)


BOOK.seal()
# --- the cards and places: one table entry each, its legality beside its effect -------


@attrs.frozen(slots=True)
class HuntEntry:
    """A Hunt card. ``plays(s, card)``: its legal plays (as ``card``, which is the card
    itself or a Flashback copying it) once its phase and symbol allow it (N10).
    ``effect(d, action, target)``: what it does when played (``target``: the Hunted
    index its ``seat`` names, -1 if none); an effect read later from ``effects`` is
    cited where it is read. ``copies(s)``: Flashback only, the card it copies ("" if
    it may not be played)."""

    plays: Callable[[NotAloneState, str], list[Action]]
    effect: Callable[[_Draft, PlayHunt, int], None]
    copies: Callable[[_Public], str] | None = None


@attrs.frozen(slots=True)
class SurvivalEntry:
    """A Survival card. ``plays(s, h, card)``: its legal plays by Hunted ``h`` in a
    window of its phase (the caller checks that they may still play one: one card per
    turn, none under Despair). ``effect(d, i, h, action)``: what it does (``h``: the
    Hunted after the card left their hand). ``powers(s, at)``: Gate and Drone only, the
    place powers they let a Hunted resolving ``at`` use (§4)."""

    plays: Callable[[NotAloneState, Hunted, str], list[Action]]
    effect: Callable[[_Draft, int, Hunted, PlaySurvival], None]
    powers: Callable[[_Public, int], list[int]] = attrs.field(default=lambda s, at: [])


@attrs.frozen(slots=True)
class PlaceEntry:
    """A place's power. ``options(s, i, at, power, survival)``: the ``UsePower``
    choices of Hunted ``i`` resolving ``at`` with this power (E11: none when it could do
    nothing). ``effect(d, i, h, action)``: what it does."""

    options: Callable[[NotAloneState, int, int, int, str], list[Action]]
    effect: Callable[[_Draft, int, Hunted, UsePower], None]


def _just(s: NotAloneState, card: str) -> list[Action]:
    return [_PLAY_HUNT[card]]


def _nothing(d: _Draft, action: PlayHunt, target: int) -> None:
    """An effect in force through ``effects`` only (read where the rules apply it)."""


HUNT_TABLE: Table[str, HuntEntry] = Table("not-alone hunt cards")
_PLAY_HUNT: dict[str, PlayHunt] = {c: PlayHunt(c) for c in HUNT_NAMES}


def _force_field_plays(s: NotAloneState, card: str) -> list[Action]:
    return [PlayHunt(card, places=p) for p in PAIRS]


def _force_field_effect(d: _Draft, action: PlayHunt, target: int) -> None:
    d.target_token = action.places  # its places may not be played (_force_field)


HUNT_TABLE.add("despair", HuntEntry(_just, _nothing), "E2", "E4")  # hunted_can_play
HUNT_TABLE.add("force_field", HuntEntry(_force_field_plays, _force_field_effect), "E2", "E4")


def _anticipation_plays(s: NotAloneState, card: str) -> list[Action]:
    return [PlayHunt(card, seat=h.seat) for h in s.hunted]


def _anticipation_effect(d: _Draft, action: PlayHunt, target: int) -> None:
    d.anticipation = target  # read by the Creature-token step


HUNT_TABLE.add("anticipation", HuntEntry(_anticipation_plays, _anticipation_effect))


def _ascendancy_plays(s: NotAloneState, card: str) -> list[Action]:
    # N14: only a Hunted holding more than 2 Place cards may be named
    return [PlayHunt(card, seat=h.seat) for h in s.hunted if len(h.hand) > 2]


def _ascendancy_effect(d: _Draft, action: PlayHunt, target: int) -> None:
    d.step = "ascendancy"  # E6: the target chooses (Keep)
    d.owing = (target,)


HUNT_TABLE.add("ascendancy", HuntEntry(_ascendancy_plays, _ascendancy_effect), "N14", "E6")
HUNT_TABLE.add("fierceness", HuntEntry(_just, _nothing))  # _creature_stage


def _forbidden_zone_effect(d: _Draft, action: PlayHunt, target: int) -> None:
    # E7, E19: a Hunted holding exactly 1 card discards it without a choice, none: skips
    owing = []
    for i, h in enumerate(d.hunted):
        if len(h.hand) == 1:
            d.set(i, hand=(), discard=_add(h.discard, h.hand))
        elif h.hand:
            owing.append(i)
    if owing:
        d.step = "forbidden_zone"
        d.owing = tuple(owing)


HUNT_TABLE.add("forbidden_zone", HuntEntry(_just, _forbidden_zone_effect), "E7", "E19")
HUNT_TABLE.add("interference", HuntEntry(_just, _nothing))  # effective()
HUNT_TABLE.add("persecution", HuntEntry(_just, _nothing))  # the Lair, Jungle, Swamp entries
HUNT_TABLE.add("mutation", HuntEntry(_just, _nothing))  # _artemia_finish


def _phobia_plays(s: NotAloneState, card: str) -> list[Action]:
    out: list[Action] = [PlayHunt(card, seat=h.seat) for h in s.hunted if len(h.hand) > 2]
    if not out:  # N14: nobody qualifies, only the symbol
        out.append(PlayHunt(card))
    return out


def _phobia_effect(d: _Draft, action: PlayHunt, target: int) -> None:
    if target >= 0:
        d.phobia = target
        d.step = "phobia"
        d.owing = (target,)


HUNT_TABLE.add("phobia", HuntEntry(_phobia_plays, _phobia_effect), "N14")


def _virus_effect(d: _Draft, action: PlayHunt, target: int) -> None:
    d.artemia_token = ()  # placed again, on an adjacent pair (_hunting_actions)


HUNT_TABLE.add("virus", HuntEntry(_just, _virus_effect))
HUNT_TABLE.add("clone", HuntEntry(_just, _nothing))  # creature_places()
HUNT_TABLE.add("mirage", HuntEntry(_just, _nothing))  # effective(), a pair of places
HUNT_TABLE.add("scream", HuntEntry(_just, _nothing))  # _target_stage
HUNT_TABLE.add("toxin", HuntEntry(_just, _nothing))  # _target_stage, effective()


def _cataclysm_plays(s: NotAloneState, card: str) -> list[Action]:
    return [PlayHunt(card, places=(p,)) for p in ALL_PLACES]


def _cataclysm_effect(d: _Draft, action: PlayHunt, target: int) -> None:
    d.cataclysm = action.places[0]  # effective()


HUNT_TABLE.add("cataclysm", HuntEntry(_cataclysm_plays, _cataclysm_effect), "N12")


def _detour_plays(s: NotAloneState, card: str) -> list[Action]:
    return [
        PlayHunt(card, seat=h.seat, places=(f, t))
        for h in s.hunted
        for f in h.places
        for t in ADJACENT[f]
        if t not in h.places  # E16: not onto their other explored place
    ]


def _detour_effect(d: _Draft, action: PlayHunt, target: int) -> None:
    h = d.hunted[target]
    f, t = action.places
    d.set(target, places=tuple(t if p == f else p for p in h.places))


HUNT_TABLE.add("detour", HuntEntry(_detour_plays, _detour_effect), "N12", "E16")
HUNT_TABLE.add("stasis", HuntEntry(_just, _nothing), "N8")  # _end_turn
HUNT_TABLE.add("tracking", HuntEntry(_just, _nothing))  # _end_turn: allowance 2


def _flashback_copies(s: _Public) -> str:
    """The top of the Hunt discard pile; "" when it is empty or a Flashback (E17)."""
    if not s.hunt_discard or s.hunt_discard[-1] == "flashback":
        return ""
    return s.hunt_discard[-1]


def _flashback_plays(s: NotAloneState, card: str) -> list[Action]:
    eff = _flashback_copies(s)
    return HUNT_TABLE[eff].plays(s, card) if eff else []


def _flashback_effect(d: _Draft, action: PlayHunt, target: int) -> None:
    HUNT_TABLE[_flashback_copies(d)].effect(d, action, target)


HUNT_TABLE.add(
    "flashback", HuntEntry(_flashback_plays, _flashback_effect, _flashback_copies), "E17"
)
HUNT_TABLE.seal(HUNT_NAMES)
# the sealed tables as plain dicts, for the lookups of legal_actions and apply
_HUNT: dict[str, HuntEntry] = {k: HUNT_TABLE[k] for k in HUNT_TABLE}


SURVIVAL_TABLE: Table[str, SurvivalEntry] = Table("not-alone survival cards")


def _adrenaline_plays(s: NotAloneState, h: Hunted, card: str) -> list[Action]:
    return [PlaySurvival(card)] if h.will < 3 else []


def _adrenaline_effect(d: _Draft, i: int, h: Hunted, action: PlaySurvival) -> None:
    d.set(i, will=h.will + 1)


SURVIVAL_TABLE.add("adrenaline", SurvivalEntry(_adrenaline_plays, _adrenaline_effect))


def _ingenuity_plays(s: NotAloneState, h: Hunted, card: str) -> list[Action]:
    return [PlaySurvival(card)] if not s.marker else []


def _ingenuity_effect(d: _Draft, i: int, h: Hunted, action: PlaySurvival) -> None:
    d.marker = True


SURVIVAL_TABLE.add("ingenuity", SurvivalEntry(_ingenuity_plays, _ingenuity_effect))


def _sacrifice_plays(s: NotAloneState, h: Hunted, card: str) -> list[Action]:
    if s.hunt_played:  # N15
        return []
    return [PlaySurvival(card, (c,)) for c in h.hand]


def _sacrifice_effect(d: _Draft, i: int, h: Hunted, action: PlaySurvival) -> None:
    d.set(i, hand=_sub(h.hand, action.cards), discard=_add(h.discard, action.cards))
    d.sacrifice = True  # creature_can_play(); 1.1: the commits are taken back (E4)


SURVIVAL_TABLE.add("sacrifice", SurvivalEntry(_sacrifice_plays, _sacrifice_effect), "N15")


def _sixth_sense_plays(s: NotAloneState, h: Hunted, card: str) -> list[Action]:
    if not h.discard:
        return []
    k = min(2, len(h.discard))
    return [PlaySurvival(card, p) for p in combinations(h.discard, k)]


def _sixth_sense_effect(d: _Draft, i: int, h: Hunted, action: PlaySurvival) -> None:
    d.set(i, hand=_add(h.hand, action.cards), discard=_sub(h.discard, action.cards))


SURVIVAL_TABLE.add("sixth_sense", SurvivalEntry(_sixth_sense_plays, _sixth_sense_effect))


def _smokescreen_plays(s: NotAloneState, h: Hunted, card: str) -> list[Action]:
    return [PlaySurvival(card)]  # E23: even while already active


def _smokescreen_effect(d: _Draft, i: int, h: Hunted, action: PlaySurvival) -> None:
    d.smokescreen = True  # N22: the views and logs read it


SURVIVAL_TABLE.add(
    "smokescreen", SurvivalEntry(_smokescreen_plays, _smokescreen_effect), "E23", "N22"
)


def _strike_back_plays(s: NotAloneState, h: Hunted, card: str) -> list[Action]:
    return [PlaySurvival(card)] if s.hunt_hand else []


def _strike_back_effect(d: _Draft, i: int, h: Hunted, action: PlaySurvival) -> None:
    # E25: the Creature's hand may be left empty until the end of the turn
    for _ in range(min(2, len(d.hunt_hand))):
        k, d.rng = d.rng.below(len(d.hunt_hand))
        d.hunt_deck = (*d.hunt_deck, d.hunt_hand[k])
        d.hunt_hand = d.hunt_hand[:k] + d.hunt_hand[k + 1 :]


SURVIVAL_TABLE.add("strike_back", SurvivalEntry(_strike_back_plays, _strike_back_effect), "E25")


def _vortex_plays(s: NotAloneState, h: Hunted, card: str) -> list[Action]:
    blocked = _force_field(s)  # N16
    return [
        PlaySurvival(card, (old, new))
        for old in h.played
        for new in h.discard
        if new not in blocked
    ]


def _vortex_effect(d: _Draft, i: int, h: Hunted, action: PlaySurvival) -> None:
    old, new = action.cards
    d.set(
        i,
        played=_add(_sub(h.played, (old,)), (new,)),
        discard=_add(_sub(h.discard, (new,)), (old,)),
    )
    if d.smokescreen:  # N22: the swap stays hidden from the Creature
        d.secret_swaps = (*d.secret_swaps, (d.turn, i))


SURVIVAL_TABLE.add("vortex", SurvivalEntry(_vortex_plays, _vortex_effect), "N16", "E8")


def _detector_plays(s: NotAloneState, h: Hunted, card: str) -> list[Action]:
    ok = not h.detector and any(p in s.artemia_token for p in h.places)  # N13
    return [PlaySurvival(card)] if ok else []


def _detector_effect(d: _Draft, i: int, h: Hunted, action: PlaySurvival) -> None:
    d.set(i, detector=True)


SURVIVAL_TABLE.add("detector", SurvivalEntry(_detector_plays, _detector_effect), "N13")


def _dodge_plays(s: NotAloneState, h: Hunted, card: str) -> list[Action]:
    cp = creature_places(s)
    ok = not h.dodge and any(p in cp for p in h.places)  # N13
    return [PlaySurvival(card)] if ok else []


def _dodge_effect(d: _Draft, i: int, h: Hunted, action: PlaySurvival) -> None:
    d.set(i, dodge=True)


SURVIVAL_TABLE.add("dodge", SurvivalEntry(_dodge_plays, _dodge_effect), "N13")


def _no_plays(s: NotAloneState, h: Hunted, card: str) -> list[Action]:
    return []  # used through UsePower while resolving a place


def _no_effect(d: _Draft, i: int, h: Hunted, action: PlaySurvival) -> None:
    """Never played with PlaySurvival (``plays`` offers none)."""


def _drone_powers(s: _Public, at: int) -> list[int]:
    return [5]  # the Rover


SURVIVAL_TABLE.add("drone", SurvivalEntry(_no_plays, _no_effect, _drone_powers))
SURVIVAL_TABLE.add("gate", SurvivalEntry(_no_plays, _no_effect, _gate_powers), "E14")


def _move_plays(card: str, tokens: tuple[int, ...]) -> list[Action]:
    # E15: onto an adjacent place the token does not already cover
    return [
        PlaySurvival(card, places=(f, t)) for f in tokens for t in ADJACENT[f] if t not in tokens
    ]


def _hologram_plays(s: NotAloneState, h: Hunted, card: str) -> list[Action]:
    return _move_plays(card, s.artemia_token)  # N11: under Virus, either of the two


def _hologram_effect(d: _Draft, i: int, h: Hunted, action: PlaySurvival) -> None:
    f, t = action.places
    d.artemia_token = tuple(sorted((*(p for p in d.artemia_token if p != f), t)))


SURVIVAL_TABLE.add("hologram", SurvivalEntry(_hologram_plays, _hologram_effect), "N11", "E15")


def _wrong_track_plays(s: NotAloneState, h: Hunted, card: str) -> list[Action]:
    return _move_plays(card, tuple(sorted(set(creature_places(s)))))


def _wrong_track_effect(d: _Draft, i: int, h: Hunted, action: PlaySurvival) -> None:
    f, t = action.places
    if f in d.creature_token:
        d.creature_token = (t,)
    else:  # Clone's Target token
        d.target_token = (t,)


SURVIVAL_TABLE.add("wrong_track", SurvivalEntry(_wrong_track_plays, _wrong_track_effect), "E15")


def _amplifier_plays(s: NotAloneState, h: Hunted, card: str) -> list[Action]:
    return [PlaySurvival(card)] if s.marker else []


def _amplifier_effect(d: _Draft, i: int, h: Hunted, action: PlaySurvival) -> None:
    d.marker = False
    _rescue(d)


SURVIVAL_TABLE.add("amplifier", SurvivalEntry(_amplifier_plays, _amplifier_effect))


def _double_back_plays(s: NotAloneState, h: Hunted, card: str) -> list[Action]:
    return [PlaySurvival(card, (c,)) for c in sorted(h.played) if c]


def _double_back_effect(d: _Draft, i: int, h: Hunted, action: PlaySurvival) -> None:
    c = action.cards[0]
    d.set(i, played=tuple(0 if p == c else p for p in h.played), hand=_add(h.hand, (c,)))


SURVIVAL_TABLE.add("double_back", SurvivalEntry(_double_back_plays, _double_back_effect))
SURVIVAL_TABLE.seal(SURVIVAL_NAMES)
_SURVIVAL: dict[str, SurvivalEntry] = {k: SURVIVAL_TABLE[k] for k in SURVIVAL_TABLE}


PLACE_TABLE: Table[int, PlaceEntry] = Table("not-alone place powers")


def _lair_options(s: NotAloneState, i: int, at: int, power: int, survival: str) -> list[Action]:
    h = s.hunted[i]
    if not h.discard:
        return []
    if "persecution" in s.effects:
        return [UsePower(at, 1, survival, (c,)) for c in h.discard]
    return [UsePower(at, 1, survival)]


def _lair_effect(d: _Draft, i: int, h: Hunted, action: UsePower) -> None:
    cards = action.cards
    if "persecution" in d.effects:
        d.set(i, hand=_add(h.hand, cards), discard=_sub(h.discard, cards))
    else:
        d.set(i, hand=_add(h.hand, h.discard), discard=())


PLACE_TABLE.add(1, PlaceEntry(_lair_options, _lair_effect), "N6", "N19")


def _jungle_options(s: NotAloneState, i: int, at: int, power: int, survival: str) -> list[Action]:
    h = s.hunted[i]  # E12: the extra card is optional
    return [UsePower(at, power, survival, p) for p in ((), *((c,) for c in h.discard))]


def _take_card_back(d: _Draft, i: int, h: Hunted, action: UsePower) -> None:
    """Jungle, Swamp: this Place card back, with ``cards`` from the discard pile (under
    Persecution ``cards``, if any, instead)."""
    cards = action.cards
    if "persecution" in d.effects and cards:
        d.set(i, hand=_add(h.hand, cards), discard=_sub(h.discard, cards))
    else:
        slot = h.places.index(action.at)
        mine = h.played[slot]
        played = (*h.played[:slot], 0, *h.played[slot + 1 :])
        d.set(i, played=played, hand=_add(h.hand, (mine, *cards)), discard=_sub(h.discard, cards))


PLACE_TABLE.add(2, PlaceEntry(_jungle_options, _take_card_back), "E12")


def _double_options(s: NotAloneState, i: int, at: int, power: int, survival: str) -> list[Action]:
    # River, Artefact: not while a double play is already due next turn
    return [UsePower(at, power, survival)] if not s.hunted[i].next_double else []


def _river_effect(d: _Draft, i: int, h: Hunted, action: UsePower) -> None:
    d.set(i, next_double="river")


PLACE_TABLE.add(3, PlaceEntry(_double_options, _river_effect))


def _beach_options(s: NotAloneState, i: int, at: int, power: int, survival: str) -> list[Action]:
    return [UsePower(at, 4, survival)] if not s.beach_used else []  # once per turn


def _beach_effect(d: _Draft, i: int, h: Hunted, action: UsePower) -> None:
    d.beach_used = True
    if d.marker:
        d.marker = False
        _rescue(d)
    else:
        d.marker = True


PLACE_TABLE.add(4, PlaceEntry(_beach_options, _beach_effect))


def _rover_options(s: NotAloneState, i: int, at: int, power: int, survival: str) -> list[Action]:
    owned = _owned(s.hunted[i])
    return [
        UsePower(at, 5, survival, (r,))
        for r in RESERVE_PLACES
        if s.reserve[r - 6] > 0 and r not in owned
    ]


def _rover_effect(d: _Draft, i: int, h: Hunted, action: UsePower) -> None:
    r = action.cards[0]
    reserve = list(d.reserve)
    reserve[r - 6] -= 1
    d.reserve = tuple(reserve)
    d.set(i, hand=_add(h.hand, (r,)))


PLACE_TABLE.add(5, PlaceEntry(_rover_options, _rover_effect))


def _swamp_options(s: NotAloneState, i: int, at: int, power: int, survival: str) -> list[Action]:
    if "persecution" in s.effects:
        return _jungle_options(s, i, at, power, survival)
    h = s.hunted[i]
    picks: list[tuple[int, ...]] = [()]
    picks.extend((c,) for c in h.discard)
    picks.extend(combinations(h.discard, 2))
    return [UsePower(at, 6, survival, p) for p in picks]


PLACE_TABLE.add(6, PlaceEntry(_swamp_options, _take_card_back))


def _can_draw(s: NotAloneState) -> bool:
    """A Survival card may be drawn: not under Despair, and a card is left (N17)."""
    return "despair" not in s.effects and bool(s.survival_deck or s.survival_discard)


def _shelter_options(s: NotAloneState, i: int, at: int, power: int, survival: str) -> list[Action]:
    return [UsePower(at, 7, survival)] if _can_draw(s) else []


def _shelter_effect(d: _Draft, i: int, h: Hunted, action: UsePower) -> None:
    drawn = []
    for _ in range(2):
        c = _draw_survival(d)
        if c is not None:
            drawn.append(c)
    if len(drawn) == 2:
        d.shelter = tuple(sorted(drawn))
        d.shelter_owner = i
    elif drawn:  # N17: a single card is kept without a choice (N18: no hand limit)
        d.set(i, survival=_add_s(h.survival, drawn[0]))
        _window_after_draw(d, i)


PLACE_TABLE.add(7, PlaceEntry(_shelter_options, _shelter_effect), "N17", "E13")


def _wreck_options(s: NotAloneState, i: int, at: int, power: int, survival: str) -> list[Action]:
    return [UsePower(at, 8, survival)] if not s.wreck_used else []  # once per turn


def _wreck_effect(d: _Draft, i: int, h: Hunted, action: UsePower) -> None:
    d.wreck_used = True
    _rescue(d)


PLACE_TABLE.add(8, PlaceEntry(_wreck_options, _wreck_effect))


def _source_options(s: NotAloneState, i: int, at: int, power: int, survival: str) -> list[Action]:
    # E22: the healed Hunted is named by seat
    out: list[Action] = [
        UsePower(at, 9, survival, seat=o.seat) for o in s.hunted if 1 <= o.will <= 2
    ]
    if _can_draw(s):
        out.append(UsePower(at, 9, survival))
    return out


def _source_effect(d: _Draft, i: int, h: Hunted, action: UsePower) -> None:
    if action.seat >= 0:
        j = _index(d, action.seat)
        d.set(j, will=d.hunted[j].will + 1)
    else:
        c = _draw_survival(d)
        if c is not None:
            d.set(i, survival=_add_s(h.survival, c))
            _window_after_draw(d, i)


PLACE_TABLE.add(9, PlaceEntry(_source_options, _source_effect), "E22")


def _artefact_effect(d: _Draft, i: int, h: Hunted, action: UsePower) -> None:
    d.set(i, next_double="artefact")


PLACE_TABLE.add(10, PlaceEntry(_double_options, _artefact_effect))
PLACE_TABLE.seal(p.number for p in PLACES)
_PLACE: dict[int, PlaceEntry] = {k: PLACE_TABLE[k] for k in PLACE_TABLE}
# --- the rest of the contract -------------------------------------------------------


def check_config(config: NotAloneConfig) -> None:
    h = config.hunted
    if type(h) is not int or not 1 <= h <= 6:
        raise InvalidConfigError(f"Not Alone needs 1-6 Hunted, got {h!r}")
    if config.board not in ("a", "b"):
        raise InvalidConfigError(f"board must be 'a' or 'b', got {config.board!r}")
    c = config.creature_seat
    if type(c) is not int or not 0 <= c <= h:
        raise InvalidConfigError(f"creature_seat must be in 0..{h}, got {c!r}")
    w = config.exhausted_will
    if type(w) is not int or not 1 <= w <= 3:
        raise InvalidConfigError(f"exhausted_will must be 1, 2 or 3, got {w!r}")


def seat_count(state: NotAloneState) -> int:
    return len(state.hunted) + 1


def role(state: NotAloneState, seat: int) -> str:
    return "creature" if seat == state.config.creature_seat else "hunted"  # N25


def outcome(state: NotAloneState) -> Outcome | None:
    """E18: winners score 1, losers 0; the reason is the counter that reached the star."""
    if not state.winner:
        return None
    results = []
    for seat in range(len(state.hunted) + 1):
        r = role(state, seat)
        won = (r == "creature") == (state.winner == "creature")
        results.append(SeatResult(seat, r, "win" if won else "loss", 1 if won else 0))
    reason = "rescue" if state.winner == "hunted" else "assimilation"
    return Outcome(tuple(results), reason)


# --- consistency of a decoded state -------------------------------------------------


def _fail(message: str) -> None:
    raise ValueError(message)


def _check_sorted_places(name: str, cards: tuple[int, ...]) -> None:
    if list(cards) != sorted(set(cards)) or any(not 1 <= c <= 10 for c in cards):
        _fail(f"{name} must be sorted distinct places 1-10, got {cards}")


def check_state(s: NotAloneState, rules: NotAloneRules) -> None:
    """Raise ValueError naming the first inconsistency of ``s`` (a state of ``rules``):
    a bad config, broken card conservation or ranges, and situations that play never
    reaches."""
    try:
        check_config(s.config)
    except InvalidConfigError as exc:
        raise ValueError(str(exc)) from exc
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
        h = s.hunted[i]
        if h.played[h.places.index(p)] == 0:  # only a resolution takes a played card back
            _fail(f"queue entry {(i, p)}: its played card was taken back (0), so it was resolved")
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
    if rules.window_after_survival_draw and s.phase == 3 and s.step != "over":
        # E28: a played card taken back (0) in the Reckoning was taken back by resolving
        # its place (Jungle, Swamp, or a copy of them), which is then in ``resolved``
        for i, h in enumerate(s.hunted):
            for c, p in zip(h.played, h.places, strict=True):
                if c == 0 and (i, p) not in s.resolved:
                    _fail(f"Hunted seat {h.seat}: card taken back at place {p}, unresolved")


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
