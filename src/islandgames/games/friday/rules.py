"""Friday's rules: setup, the derived quantities of a fight, legality and the reducer.

Rulings F1-F14 of the rules file are referred to by number; ``docs/friday.md`` lists
them with every interpretation made here.

Every function whose result differs between rules versions takes the version's flags
(:class:`~islandgames.games.friday.FridayRules`) as a parameter; each difference is one
``if rules.<flag>`` naming its rulings.

The reducer works on a mutable scratch copy (:class:`_Tx`) of the input state and
builds one new state at the end, so the input is never touched and a half-applied
action cannot escape. The game ending in the middle of an action (Robinson dies of
old age while drawing) unwinds with :class:`_GameOver`.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from ...core.rng import Rng
from . import FridayConfig, FridayRules
from .actions import (
    Action,
    ChooseHazard,
    ChoosePirate,
    ChooseTarget,
    DestroyCard,
    DrawFree,
    DrawPaid,
    FinishDestroying,
    Replace,
    ResolveFight,
    SkipHazard,
    SortDiscard,
    SortLook,
    SortReturn,
    UseAbility,
)
from .data import (
    ABILITY,
    AGING,
    AGING_DIFFICULT,
    AGING_NORMAL,
    CARDS,
    COPYABLE,
    DESTROY_COST,
    HAZARD_FREE,
    HAZARD_VALUES,
    HAZARDS,
    IS_AGING,
    LIFE_LOSS,
    MAX_USES,
    PIRATES,
    STARTING,
    VALUE,
    VERY_STUPID,
    Ability,
    cards_in_play,
)
from .state import (
    Fight,
    FightCard,
    FridayState,
    Pending,
    PendingReplacement,
    PendingSort,
    PendingTarget,
    Phase,
    Result,
    state_class,
)

__all__ = [
    "apply_action",
    "can_draw",
    "check_state",
    "enemy_value",
    "fight_total",
    "free_left",
    "is_legal",
    "is_pirate",
    "legal_actions",
    "max_life",
    "new_state",
    "paid_cost",
    "score",
    "start_life",
    "stopped",
]

FIRST_PIRATE = PIRATES[0]
#: Hazard steps are 0-2; step 3 is the pirate stage.
PIRATE_STEP = 3
#: The most cards a sort may take from the stack.
SORT_MAX = 3


# --- levels (F10, F14) --------------------------------------------------------------------


def max_life(config: FridayConfig) -> int:
    """22 life points at most; 20 at level 4 (F10).

    >>> max_life(FridayConfig(level=4))
    20
    """
    return 20 if config.level >= 4 else 22


def start_life(config: FridayConfig) -> int:
    """20 life points to start with; 18 at level 4 (F14)."""
    return 18 if config.level >= 4 else 20


def initial_aging(config: FridayConfig) -> int:
    """How many aging cards take part (the level-2 starting one included)."""
    return len(AGING) if config.level >= 3 else len(AGING) - 1


# --- setup -----------------------------------------------------------------------------


def new_state(rng: Rng, config: FridayConfig, rules: FridayRules) -> FridayState:
    """Shuffle everything, draw the two pirates and the first two hazards.

    >>> from islandgames.games.friday import RULES
    >>> s = new_state(Rng.from_seed(5), FridayConfig(), RULES[-1])
    >>> len(s.stack), len(s.aging_stack), len(s.hazard_stack), s.offer != ()
    (18, 10, 28, True)
    """
    hazards, rng = rng.shuffle(HAZARDS)
    normal = (
        AGING_NORMAL if config.level >= 3 else tuple(a for a in AGING_NORMAL if a != VERY_STUPID)
    )
    normal, rng = rng.shuffle(normal)
    difficult, rng = rng.shuffle(AGING_DIFFICULT)
    aging = normal + difficult
    pirates, rng = rng.shuffle(PIRATES)
    start = STARTING
    aging_in_start: tuple[int, ...] = ()
    if config.level >= 2:
        # Level 2+: the top aging card is shuffled into the starting cards.
        aging_in_start, aging = aging[:1], aging[1:]
        start = start + aging_in_start
    stack, rng = rng.shuffle(start)
    state = state_class(rules)(
        config=config,
        rng=rng,
        phase="hazard",
        step=0,
        life=start_life(config),
        stack=stack,
        discard=(),
        known_top=0,
        known_bottom=0,
        hazard_stack=hazards[2:],
        hazard_discard=(),
        offer=hazards[:2],
        aging_stack=aging,
        pirates=pirates[:2],
        pirates_defeated=(False, False),
        fight=None,
        destroyed=(),
    )
    if rules.records_face_down_aging and aging_in_start:  # F14 (1.1): recorded in the state
        state = attrs.evolve(state, face_down_aging=aging_in_start[0])
    return state


# --- derived quantities (the view shows these too) ----------------------------------------


def is_pirate(card: int) -> bool:
    """Whether ``card`` is a pirate (an enemy of the pirate stage)."""
    return card >= FIRST_PIRATE


def stopped(fight: Fight) -> bool:
    """A face-up free-side ``stop`` card ends free drawing (F1, F4)."""
    return any(not c.paid and ABILITY[c.card] == "stop" for c in fight.cards)


def free_left(fight: Fight) -> int:
    """How many free cards may still be drawn."""
    if stopped(fight):
        return 0
    return fight.allowance - fight.free_drawn


def paid_cost(state: FridayState) -> int:
    """Life per extra card: 1, or 2 against the 7/16 pirate."""
    fight = state.fight
    if fight is not None and CARDS[fight.enemy].pirate_rule == "cost2":
        return 2
    return 1


def can_draw(state: FridayState) -> bool:
    """Whether drawing a card is possible: in ``defeat`` mode always (an empty aging
    stack then ends the game, F9); in ``reshuffle`` mode while any card is left to
    form a stack."""
    if state.stack or state.config.empty_aging_stack == "defeat":
        return True
    return bool(state.discard or state.aging_stack)


def enemy_value(state: FridayState) -> int:
    """The hazard value to reach in the current fight.

    A hazard's value for the step (the previous step once step -1 was used, F6);
    pirate 5/*: 2 x aging cards gone from the aging stack since setup (F8); pirate
    */*: the red values of every undefeated hazard left.
    """
    fight = state.fight
    if fight is None:
        return 0
    enemy = fight.enemy
    if not is_pirate(enemy):
        step = state.step - 1 if fight.step_lowered else state.step
        return HAZARD_VALUES[enemy][step]
    card = CARDS[enemy]
    if card.pirate_rule == "aging":
        return 2 * (initial_aging(state.config) - len(state.aging_stack))
    if card.pirate_rule == "all":
        return sum(HAZARD_VALUES[h][2] for h in state.hazard_stack + state.hazard_discard)
    assert card.pirate_value is not None
    return card.pirate_value


def card_values(cards: Sequence[FightCard]) -> list[int]:
    """Each face-up card's value after doubling and ``highest card = 0`` (F3, F7)."""
    vals = [VALUE[c.card] * 2 if c.doubled else VALUE[c.card] for c in cards]
    zeroes = sum(1 for c in cards if ABILITY[c.card] == "highest_zero")
    for _ in range(zeroes):
        best = max(vals, default=0)
        if best <= 0:
            break
        vals[vals.index(best)] = 0
    return vals


def fight_total(state: FridayState) -> int:
    """The fighting total of the current fight.

    Pirate 9/22: ceil(n/2) of the n cards count, every aging card among them, the rest
    the highest values (F8); pirate 10/52: +1 per face-up card.
    """
    fight = state.fight
    if fight is None:
        return 0
    cards = fight.cards
    vals = card_values(cards)
    rule = CARDS[fight.enemy].pirate_rule
    if rule == "half":
        forced = [v for v, c in zip(vals, cards, strict=True) if IS_AGING[c.card]]
        rest = sorted(
            (v for v, c in zip(vals, cards, strict=True) if not IS_AGING[c.card]),
            reverse=True,
        )
        room = max(0, (len(cards) + 1) // 2 - len(forced))
        return sum(forced) + sum(rest[:room])
    total = sum(vals)
    if rule == "plus1":
        total += len(cards)
    return total


def score(state: FridayState) -> int:
    """Section 7 (F11): the values of Robinson's non-aging cards, -5 per aging card,
    +15 per pirate beaten, +5 per life point above 0, -3 per undefeated hazard.

    Cards in a running fight and held by a sort are Robinson's; the offered hazards
    and a hazard being fought are undefeated hazards still in the game.
    """
    owned = state.stack + state.discard
    undefeated = len(state.hazard_stack) + len(state.hazard_discard) + len(state.offer)
    fight = state.fight
    if fight is not None:
        owned += tuple(c.card for c in fight.cards)
        if isinstance(fight.pending, PendingSort):
            owned += fight.pending.looked
        if not is_pirate(fight.enemy):
            undefeated += 1
    total = sum(-5 if IS_AGING[c] else VALUE[c] for c in owned)
    total += 15 * sum(state.pirates_defeated)
    total += 5 * max(state.life, 0)
    return total - 3 * undefeated


# --- legality ----------------------------------------------------------------------------


def _step_minus_ok(state: FridayState, fight: Fight) -> bool:
    # Useless in green and against pirates; never more than one step (F6).
    return not fight.step_lowered and 0 < state.step < PIRATE_STEP and not is_pirate(fight.enemy)


def _targets(state: FridayState, fight: Fight, ability: Ability, source: int) -> list[int]:
    """The fight cards ``ability`` of the card at ``source`` may target."""
    cards = fight.cards
    if ability == "double":  # F7: any other card not doubled yet
        return [j for j, c in enumerate(cards) if j != source and not c.doubled]
    if ability == "copy":  # F6: any other card with a usable ability that is not copy
        return [
            j
            for j, c in enumerate(cards)
            if j != source
            and (a := ABILITY[c.card]) in COPYABLE
            and _usable(state, fight, a, source)
        ]
    return [j for j in range(len(cards)) if j != source]


def _usable(state: FridayState, fight: Fight, ability: Ability, source: int) -> bool:
    """Whether ``ability`` could be used now with the card at ``source`` as its source
    (ignoring how often that card was used)."""
    if ability in ("cards1", "cards2", "sort3"):
        return can_draw(state)
    if ability == "step_minus":
        return _step_minus_ok(state, fight)
    if ability in ("life1", "life2"):
        return True
    return bool(_targets(state, fight, ability, source))


def _can_use(state: FridayState, fight: Fight, index: int) -> bool:
    card = fight.cards[index]
    ability = ABILITY[card.card]
    if ability is None or card.uses >= MAX_USES.get(ability, 0):
        return False
    return _usable(state, fight, ability, index)


def _can_draw_free(state: FridayState, fight: Fight) -> bool:
    return free_left(fight) > 0 and can_draw(state)


def _can_draw_paid(state: FridayState, fight: Fight) -> bool:
    return free_left(fight) == 0 and state.life >= paid_cost(state) and can_draw(state)


def _can_resolve(state: FridayState, fight: Fight) -> bool:
    # At least one card must be drawn, unless no card can be drawn at all.
    if fight.cards:
        return True
    return not (_can_draw_free(state, fight) or _can_draw_paid(state, fight))


def _can_sort_look(state: FridayState, p: PendingSort, rules: FridayRules) -> bool:
    if p.discarded and rules.sort_looks_before_discard:  # I9 (1.2): look first, then discard
        return False
    return not p.returning and len(p.looked) + p.discarded < SORT_MAX and can_draw(state)


def _ok_index(i: object, n: int) -> bool:
    return type(i) is int and 0 <= i < n


# Shared action instances: legal_actions allocates nothing per call. A fight never
# holds more cards than there are fighting cards (59).
_N = 64
_CHOOSE_HAZARD = tuple(ChooseHazard(i) for i in range(2))
_CHOOSE_PIRATE = tuple(ChoosePirate(i) for i in range(2))
_USE = tuple(UseAbility(i) for i in range(_N))
_TARGET = tuple(ChooseTarget(i) for i in range(_N))
_DESTROY = tuple(DestroyCard(i) for i in range(_N))
_SORT_DISCARD = tuple(SortDiscard(i) for i in range(SORT_MAX))
_SORT_RETURN = tuple(SortReturn(i) for i in range(SORT_MAX))
_SKIP = SkipHazard()
_DRAW_FREE = DrawFree()
_DRAW_PAID = DrawPaid()
_LOOK = SortLook()
_REPLACE = (Replace(True), Replace(False))
_RESOLVE = ResolveFight()
_FINISH = FinishDestroying()


def legal_actions(state: FridayState, rules: FridayRules) -> tuple[Action, ...]:
    """Every legal action under ``rules``, in a fixed order."""
    phase = state.phase
    if phase == "hazard":
        return (_CHOOSE_HAZARD[0], _SKIP) if len(state.offer) == 1 else _CHOOSE_HAZARD
    if phase == "pirate":
        return tuple(
            _CHOOSE_PIRATE[i] for i, beaten in enumerate(state.pirates_defeated) if not beaten
        )
    fight = state.fight
    if fight is None:
        return ()
    if phase == "destroy":
        out: list[Action] = [
            _DESTROY[i] for i, c in enumerate(fight.cards) if DESTROY_COST[c.card] <= fight.budget
        ]
        out.append(_FINISH)
        return tuple(out)
    pending = fight.pending
    if pending is None:
        out = []
        if _can_draw_free(state, fight):
            out.append(_DRAW_FREE)
        elif _can_draw_paid(state, fight):
            out.append(_DRAW_PAID)
        out.extend(_USE[i] for i in range(len(fight.cards)) if _can_use(state, fight, i))
        if _can_resolve(state, fight):
            out.append(_RESOLVE)
        return tuple(out)
    if isinstance(pending, PendingTarget):
        return tuple(_TARGET[j] for j in _targets(state, fight, pending.ability, pending.source))
    if isinstance(pending, PendingSort):
        out = [_LOOK] if _can_sort_look(state, pending, rules) else []
        n = len(pending.looked)
        if not pending.discarded and not pending.returning:
            out.extend(_SORT_DISCARD[:n])
        out.extend(_SORT_RETURN[:n])
        return tuple(out)
    return _REPLACE


def is_legal(state: FridayState, action: Action, rules: FridayRules) -> bool:
    """Exactly ``action in legal_actions(state, rules)``, without listing them."""
    phase = state.phase
    if phase == "hazard":
        if isinstance(action, ChooseHazard):
            return _ok_index(action.index, len(state.offer))
        return isinstance(action, SkipHazard) and len(state.offer) == 1
    if phase == "pirate":
        return (
            isinstance(action, ChoosePirate)
            and _ok_index(action.index, len(state.pirates))
            and not state.pirates_defeated[action.index]
        )
    fight = state.fight
    if fight is None:
        return False
    if phase == "destroy":
        if isinstance(action, DestroyCard):
            i = action.index
            return _ok_index(i, len(fight.cards)) and (
                DESTROY_COST[fight.cards[i].card] <= fight.budget
            )
        return isinstance(action, FinishDestroying)
    pending = fight.pending
    if pending is None:
        if isinstance(action, DrawFree):
            return _can_draw_free(state, fight)
        if isinstance(action, DrawPaid):
            return _can_draw_paid(state, fight)
        if isinstance(action, UseAbility):
            return _ok_index(action.card, len(fight.cards)) and _can_use(state, fight, action.card)
        return isinstance(action, ResolveFight) and _can_resolve(state, fight)
    if isinstance(pending, PendingTarget):
        return (
            isinstance(action, ChooseTarget)
            and _ok_index(action.card, len(fight.cards))
            and action.card in _targets(state, fight, pending.ability, pending.source)
        )
    if isinstance(pending, PendingSort):
        if isinstance(action, SortLook):
            return _can_sort_look(state, pending, rules)
        if isinstance(action, SortDiscard):
            return (
                not pending.discarded
                and not pending.returning
                and _ok_index(action.index, len(pending.looked))
            )
        return isinstance(action, SortReturn) and _ok_index(action.index, len(pending.looked))
    return isinstance(action, Replace) and type(action.draw) is bool


# --- the reducer -------------------------------------------------------------------------


class _GameOver(Exception):
    """Raised inside an action once the game has ended; the scratch copy is final."""


class _Tx:
    """A mutable scratch copy of a state (fight fields flattened, fight cards a list)."""

    __slots__ = (
        "aging_stack",
        "allowance",
        "budget",
        "cards",
        "config",
        "destroyed",
        "discard",
        "enemy",
        "free_drawn",
        "hazard_discard",
        "hazard_stack",
        "in_fight",
        "known_bottom",
        "known_top",
        "life",
        "make",
        "offer",
        "pending",
        "phase",
        "pirates",
        "pirates_defeated",
        "reason",
        "result",
        "rng",
        "rules",
        "stack",
        "step",
        "step_lowered",
    )

    def __init__(self, s: FridayState, rules: FridayRules) -> None:
        self.rules = rules
        self.make = state_class(rules)
        self.config = s.config
        self.rng = s.rng
        self.phase: Phase = s.phase
        self.step = s.step
        self.life = s.life
        self.stack = s.stack
        self.discard = s.discard
        self.known_top = s.known_top
        self.known_bottom = s.known_bottom
        self.hazard_stack = s.hazard_stack
        self.hazard_discard = s.hazard_discard
        self.offer = s.offer
        self.aging_stack = s.aging_stack
        self.pirates = s.pirates
        self.pirates_defeated = s.pirates_defeated
        self.destroyed = s.destroyed
        self.result: Result | None = s.result
        self.reason = s.reason
        f = s.fight
        self.in_fight = f is not None
        if f is not None:
            self.enemy = f.enemy
            self.allowance = f.allowance
            self.free_drawn = f.free_drawn
            self.cards = list(f.cards)
            self.step_lowered = f.step_lowered
            self.pending: Pending | None = f.pending
            self.budget = f.budget

    def build(self) -> FridayState:
        fight = (
            Fight(
                self.enemy,
                self.allowance,
                self.free_drawn,
                tuple(self.cards),
                self.step_lowered,
                self.pending,
                self.budget,
            )
            if self.in_fight
            else None
        )
        return self.make(
            self.config,
            self.rng,
            self.phase,
            self.step,
            self.life,
            self.stack,
            self.discard,
            self.known_top,
            self.known_bottom,
            self.hazard_stack,
            self.hazard_discard,
            self.offer,
            self.aging_stack,
            self.pirates,
            self.pirates_defeated,
            fight,
            self.destroyed,
            self.result,
            self.reason,
        )


def _end_game(tx: _Tx, result: Result, reason: str) -> None:
    """The game ends: fight cards (and cards held by a sort) go to Robinson's discard
    pile, a hazard being fought to the hazard discard pile. Life below 0 is shown as 0."""
    if tx.in_fight:
        held = tx.pending.looked if isinstance(tx.pending, PendingSort) else ()
        tx.discard = tuple(c.card for c in tx.cards) + held + tx.discard
        if not is_pirate(tx.enemy):
            tx.hazard_discard = (tx.enemy, *tx.hazard_discard)
        tx.in_fight = False
    tx.phase = "over"
    tx.result = result
    tx.reason = reason
    tx.life = max(tx.life, 0)
    raise _GameOver


def _normalise_known(tx: _Tx) -> None:
    # Known cards covering the whole stack are all counted from the top.
    n = len(tx.stack)
    if tx.known_top + tx.known_bottom >= n:
        tx.known_top, tx.known_bottom = n, 0


def _draw(tx: _Tx) -> int | None:
    """The top card of Robinson's stack. An empty stack is first rebuilt: the top aging
    card joins the discard pile, which is shuffled into the new stack (3.5); with no
    aging card left the game is lost (F9 ``defeat``) or the discard pile alone is
    shuffled (``reshuffle``; None if it is empty too)."""
    if not tx.stack:
        if tx.aging_stack:
            tx.discard = (tx.aging_stack[0], *tx.discard)
            tx.aging_stack = tx.aging_stack[1:]
        elif tx.config.empty_aging_stack == "defeat":
            _end_game(
                tx, "lost", "Robinson died of old age: his stack ran out with no aging card left"
            )
        if not tx.discard:
            return None
        tx.stack, tx.rng = tx.rng.shuffle(tx.discard)
        tx.discard = ()
        tx.known_top = tx.known_bottom = 0
    card = tx.stack[0]
    tx.stack = tx.stack[1:]
    if tx.known_top:
        tx.known_top -= 1
    _normalise_known(tx)
    return card


def _draw_to_fight(tx: _Tx, paid: bool) -> None:
    card = _draw(tx)
    if card is not None:
        tx.cards.append(FightCard(card, paid))


def _start_fight(tx: _Tx, enemy: int, allowance: int) -> None:
    tx.phase = "fight"
    tx.in_fight = True
    tx.enemy = enemy
    tx.allowance = allowance
    tx.free_drawn = 0
    tx.cards = []
    tx.step_lowered = False
    tx.pending = None
    tx.budget = 0


def _start_pirate_fight(tx: _Tx, index: int) -> None:
    pirate = tx.pirates[index]
    card = CARDS[pirate]
    if card.pirate_rule == "all":
        allowance = sum(HAZARD_FREE[h] for h in tx.hazard_stack + tx.hazard_discard)
    else:
        assert card.free is not None
        allowance = card.free
    _start_fight(tx, pirate, allowance)


def _pirate_stage(tx: _Tx) -> None:
    """Choose the order when both pirates remain; fight the last one at once."""
    left = [i for i, beaten in enumerate(tx.pirates_defeated) if not beaten]
    if not left:
        _end_game(tx, "won", "Robinson beat both pirates and leaves the island")
    if len(left) == 1:
        _start_pirate_fight(tx, left[0])
    else:
        tx.phase = "pirate"


def _next_encounter(tx: _Tx) -> None:
    """Offer the next hazards: two, or the lone last one (F13). An exhausted hazard
    stack advances the step and the hazard discard pile becomes the new stack; after
    red come the pirates."""
    while tx.step < PIRATE_STEP and not tx.hazard_stack:
        tx.step += 1
        if tx.step < PIRATE_STEP and tx.hazard_discard:
            tx.hazard_stack, tx.rng = tx.rng.shuffle(tx.hazard_discard)
            tx.hazard_discard = ()
    if tx.step >= PIRATE_STEP:
        _pirate_stage(tx)
        return
    tx.phase = "hazard"
    tx.offer = tx.hazard_stack[:2]
    tx.hazard_stack = tx.hazard_stack[2:]


def _close_fight(tx: _Tx, won: bool) -> None:
    """Settle the fight, then the next encounter."""
    _settle_fight(tx, won)
    if is_pirate(tx.enemy):
        _pirate_stage(tx)
    else:
        _next_encounter(tx)


def _settle_fight(tx: _Tx, won: bool) -> None:
    """Fight cards to the discard pile. A beaten hazard joins them (now a knowledge
    card), an unbeaten one goes to the hazard discard pile; a pirate fight that ends
    here was won, and the pirate is marked beaten."""
    cards = tuple(c.card for c in tx.cards)
    tx.in_fight = False
    tx.cards = []
    if is_pirate(tx.enemy):
        tx.discard = cards + tx.discard
        defeated = list(tx.pirates_defeated)
        defeated[tx.pirates.index(tx.enemy)] = True
        tx.pirates_defeated = tuple(defeated)
    elif won:
        tx.discard = (tx.enemy, *cards, *tx.discard)
    else:
        tx.discard = cards + tx.discard
        tx.hazard_discard = (tx.enemy, *tx.hazard_discard)


def _check_destroy_done(tx: _Tx) -> None:
    # Nothing left that the budget pays for: the destroy step ends by itself.
    if not any(DESTROY_COST[c.card] <= tx.budget for c in tx.cards):
        _close_fight(tx, won=False)


def _start_ability(tx: _Tx, ability: Ability, source: int) -> None:
    """Perform ``ability`` with the card at ``source`` as its source (also for copy)."""
    if ability == "life1" or ability == "life2":
        tx.life = min(max_life(tx.config), tx.life + (1 if ability == "life1" else 2))
    elif ability == "cards1" or ability == "cards2":
        # F1: free side, outside the allowance.
        for _ in range(1 if ability == "cards1" else 2):
            _draw_to_fight(tx, paid=False)
    elif ability == "step_minus":
        tx.step_lowered = True
    elif ability == "sort3":
        tx.pending = PendingSort(source)
        _sort_look(tx)
    else:
        tx.pending = PendingTarget(ability, source)


def _sort_look(tx: _Tx) -> None:
    p = tx.pending
    assert isinstance(p, PendingSort)
    card = _draw(tx)
    if card is not None:
        tx.pending = PendingSort(p.source, (*p.looked, card), p.discarded, p.returning)


def _target(tx: _Tx, ability: Ability, source: int, j: int) -> None:
    """The targeted part of destroy, double, exchange, below the pile and copy."""
    if ability == "destroy":
        tx.destroyed = (*tx.destroyed, tx.cards.pop(j).card)
    elif ability == "double":
        old = tx.cards[j]
        tx.cards[j] = FightCard(old.card, old.paid, old.uses, True)
    elif ability == "exchange1" or ability == "exchange2":
        # The exchanged card goes to the discard pile first, then the replacement is
        # drawn onto the same side (I7).
        if tx.rules.exchange_leaves_fight_first:
            # I7, F9, F11 (1.1): it leaves the fight before the draw, which may end the
            # game (F9) and discard the fight cards: it must not be counted twice.
            old = tx.cards.pop(j)
            tx.discard = (old.card, *tx.discard)
            card = _draw(tx)
            if card is not None:
                tx.cards.insert(j, FightCard(card, old.paid))
        else:
            # 1.0: it stays in the fight during the draw
            old = tx.cards[j]
            tx.discard = (old.card, *tx.discard)
            card = _draw(tx)
            if card is None:
                del tx.cards[j]
            else:
                tx.cards[j] = FightCard(card, old.paid)
    elif ability == "below":
        old = tx.cards.pop(j)
        tx.stack = (*tx.stack, old.card)
        tx.known_bottom += 1
        _normalise_known(tx)
        if not old.paid:
            tx.pending = PendingReplacement(source - (j < source))
    else:  # copy: the copied ability, once, with the copy card as its source (F6)
        copied = ABILITY[tx.cards[j].card]
        assert copied is not None
        _start_ability(tx, copied, source)


def _resolve(state: FridayState, tx: _Tx) -> None:
    total = fight_total(state)
    value = enemy_value(state)
    aging_loss = sum(LIFE_LOSS[c.card] for c in tx.cards)  # F2
    if is_pirate(tx.enemy):
        if total < value:
            _end_game(tx, "lost", "Robinson lost a pirate fight")
        tx.life -= aging_loss
        if tx.life < 0:
            if tx.rules.won_fight_stays_won:  # F5, F11, I16 (1.1)
                _beaten_then_dead(tx, "Robinson died: an aging card cost more life than he had")
            _end_game(tx, "lost", "Robinson died: an aging card cost more life than he had")
        _close_fight(tx, won=True)
        return
    diff = max(0, value - total)  # F5: total >= value wins
    tx.life -= aging_loss + diff
    if tx.life < 0:
        if diff == 0 and tx.rules.won_fight_stays_won:  # F5, F11, I16 (1.1)
            _beaten_then_dead(tx, "Robinson died: an aging card cost more life than he had")
        _end_game(tx, "lost", "Robinson died fighting a hazard")
    if diff == 0:
        _close_fight(tx, won=True)
        return
    tx.phase = "destroy"
    tx.budget = diff
    _check_destroy_done(tx)


def _beaten_then_dead(tx: _Tx, reason: str) -> None:
    """The fight is won (F5): the hazard becomes Robinson's card, a pirate is beaten,
    and both count so in the score (F11); then the aging cards' life loss (F2, I16)
    kills Robinson."""
    _settle_fight(tx, won=True)
    _end_game(tx, "lost", reason)


def _apply_pending(tx: _Tx, action: Action) -> None:
    p = tx.pending
    if isinstance(action, ChooseTarget):
        assert isinstance(p, PendingTarget)
        tx.pending = None
        _target(tx, p.ability, p.source, action.card)
    elif isinstance(action, SortLook):
        _sort_look(tx)
    elif isinstance(action, SortDiscard | SortReturn):
        assert isinstance(p, PendingSort)
        looked = list(p.looked)
        card = looked.pop(action.index)
        if isinstance(action, SortDiscard):
            tx.discard = (card, *tx.discard)
            tx.pending = PendingSort(p.source, tuple(looked), True, False)
        else:
            tx.stack = (card, *tx.stack)
            tx.known_top += 1
            _normalise_known(tx)
            tx.pending = PendingSort(p.source, tuple(looked), p.discarded, True)
        if not looked:
            tx.pending = None
    else:
        assert isinstance(action, Replace)
        tx.pending = None
        if action.draw:
            _draw_to_fight(tx, paid=False)


def apply_action(state: FridayState, action: Action, rules: FridayRules) -> FridayState:
    """The state after a legal ``action`` (legality is checked by the caller) under
    ``rules``."""
    tx = _Tx(state, rules)
    try:
        if isinstance(action, ChooseHazard):
            chosen = tx.offer[action.index]
            tx.hazard_discard = tx.offer[1 - action.index : 2 - action.index] + tx.hazard_discard
            tx.offer = ()
            _start_fight(tx, chosen, HAZARD_FREE[chosen])
        elif isinstance(action, SkipHazard):
            tx.hazard_discard = tx.offer + tx.hazard_discard
            tx.offer = ()
            _next_encounter(tx)
        elif isinstance(action, ChoosePirate):
            _start_pirate_fight(tx, action.index)
        elif isinstance(action, DrawFree):
            tx.free_drawn += 1
            _draw_to_fight(tx, paid=False)
        elif isinstance(action, DrawPaid):
            tx.life -= paid_cost(state)
            _draw_to_fight(tx, paid=True)
        elif isinstance(action, UseAbility):
            old = tx.cards[action.card]
            tx.cards[action.card] = FightCard(old.card, old.paid, old.uses + 1, old.doubled)
            ability = ABILITY[old.card]
            assert ability is not None
            _start_ability(tx, ability, action.card)
        elif isinstance(action, ResolveFight):
            _resolve(state, tx)
        elif isinstance(action, DestroyCard):
            card = tx.cards.pop(action.index).card
            tx.destroyed = (*tx.destroyed, card)
            tx.budget -= DESTROY_COST[card]
            _check_destroy_done(tx)
        elif isinstance(action, FinishDestroying):
            _close_fight(tx, won=False)
        else:
            _apply_pending(tx, action)
    except _GameOver:
        pass
    if rules.records_face_down_aging:  # F14 (1.1)
        return _track_face_down(state, tx.build())
    return tx.build()


def _track_face_down(before: FridayState, after: FridayState) -> FridayState:
    """Carry the face-down aging card (F14) over: it stays face down until it is face
    up in a fight or on the discard pile; a sort that holds it shows it to Robinson."""
    card = before.face_down_aging
    if card is None:
        return after
    fight = after.fight
    if card in after.discard or card in after.destroyed:
        return after
    if fight is not None and any(c.card == card for c in fight.cards):
        return after
    looked = before.aging_looked or (
        fight is not None
        and isinstance(fight.pending, PendingSort)
        and card in fight.pending.looked
    )
    return attrs.evolve(after, face_down_aging=card, aging_looked=looked)


# --- consistency of a decoded state --------------------------------------------------------


def _fail(message: str) -> None:
    raise ValueError(message)


def check_state(state: FridayState, rules: FridayRules) -> None:
    """Raise ValueError naming the first inconsistency of ``state`` (a state of ``rules``)."""
    cfg = state.config
    if not 1 <= cfg.level <= 4:
        _fail(f"config.level must be 1..4, got {cfg.level}")
    if not 0 <= state.step <= PIRATE_STEP:
        _fail(f"step must be 0..3, got {state.step}")
    if not 0 <= state.life <= max_life(cfg):
        _fail(f"life must be 0..{max_life(cfg)}, got {state.life}")
    over = state.phase == "over"
    if over != (state.result is not None):
        _fail(f"result must be set exactly when the phase is over (phase {state.phase})")
    if not over and state.reason:
        _fail("reason must be empty while the game runs")
    fight = state.fight
    if (fight is not None) != (state.phase in ("fight", "destroy")):
        _fail(f"a fight must exist exactly in the fight and destroy phases (phase {state.phase})")
    if (state.phase == "hazard") != bool(state.offer):
        _fail(f"hazards are offered exactly in the hazard phase (phase {state.phase})")
    if len(state.offer) > 2:
        _fail(f"at most 2 hazards are offered, got {len(state.offer)}")
    if state.phase == "hazard" and state.step >= PIRATE_STEP:
        _fail("no hazard is offered in the pirate stage")
    if state.phase == "pirate" and (state.step != PIRATE_STEP or any(state.pirates_defeated)):
        _fail("choosing a pirate needs step 3 and both pirates undefeated")
    if len(state.pirates) != 2 or len(set(state.pirates)) != 2:
        _fail(f"exactly 2 distinct pirates are needed, got {list(state.pirates)}")
    for p in state.pirates:
        if p not in PIRATES:
            _fail(f"card {p} is not a pirate")
    if len(state.pirates_defeated) != 2:
        _fail("pirates_defeated must have 2 flags")
    if any(state.pirates_defeated) and state.step != PIRATE_STEP:
        _fail("a pirate can be defeated only in the pirate stage")
    n = len(state.stack)
    if state.known_top < 0 or state.known_bottom < 0:
        _fail("known_top and known_bottom must be >= 0")
    if state.known_top + state.known_bottom > n or (
        state.known_bottom and state.known_top + state.known_bottom == n
    ):
        _fail(
            f"known_top {state.known_top} + known_bottom {state.known_bottom} must be below "
            f"the stack size {n} (or known_top == size, known_bottom == 0)"
        )
    zones: list[tuple[str, tuple[int, ...]]] = [
        ("stack", state.stack),
        ("discard", state.discard),
        ("hazard_stack", state.hazard_stack),
        ("hazard_discard", state.hazard_discard),
        ("offer", state.offer),
        ("aging_stack", state.aging_stack),
        ("destroyed", state.destroyed),
    ]
    if fight is not None:
        _check_fight(state, fight)
        zones.append(("fight", tuple(c.card for c in fight.cards)))
        if not is_pirate(fight.enemy):
            zones.append(("fight enemy", (fight.enemy,)))
        if isinstance(fight.pending, PendingSort):
            zones.append(("sort", fight.pending.looked))
    for name in ("hazard_stack", "hazard_discard", "offer"):
        for c in dict(zones)[name]:
            if not 0 <= c < len(CARDS) or CARDS[c].kind != "knowledge":
                _fail(f"{name} holds card {c}, which is not a hazard card")
    aging = state.aging_stack
    for i, c in enumerate(aging):
        if not 0 <= c < len(CARDS) or not IS_AGING[c]:
            _fail(f"aging_stack holds card {c}, which is not an aging card")
        if i and CARDS[c].aging_kind == "normal" and CARDS[aging[i - 1]].aging_kind != "normal":
            _fail("aging_stack must hold the normal aging cards above the difficult ones")
    seen: dict[int, str] = {}
    for name, cards in zones:
        for c in cards:
            if type(c) is not int or not 0 <= c < FIRST_PIRATE:
                _fail(f"{name} holds {c!r}, which is not a fighting card id")
            if c in seen:
                _fail(f"card {c} is both in {seen[c]} and in {name}")
            seen[c] = name
    expected = cards_in_play(cfg.level)
    missing = [c for c in expected if c not in seen]
    if missing:
        _fail(f"cards missing from every zone: {missing}")
    if len(seen) != len(expected):
        extra = sorted(set(seen) - set(expected))
        _fail(f"cards not used at level {cfg.level}: {extra}")
    if not rules.records_face_down_aging:  # F14: 1.0 states do not record the card
        return
    face_down = state.face_down_aging
    if face_down is not None:
        if cfg.level < 2:
            _fail("face_down_aging is set, but only levels 2-4 shuffle an aging card in")
        if type(face_down) is not int or seen.get(face_down) not in ("stack", "sort"):
            _fail(f"face_down_aging {face_down!r} must be a card in the stack or held by a sort")
        if not IS_AGING[face_down] or CARDS[face_down].aging_kind != "normal":
            _fail(f"face_down_aging {face_down} must be a normal aging card")
    elif state.aging_looked:
        _fail("aging_looked is set without a face-down aging card")


def _check_fight(state: FridayState, fight: Fight) -> None:
    if is_pirate(fight.enemy):
        if fight.enemy not in state.pirates:
            _fail(f"the fight's pirate {fight.enemy} is not one of the drawn pirates")
        if state.pirates_defeated[state.pirates.index(fight.enemy)]:
            _fail(f"the fight's pirate {fight.enemy} is already defeated")
        if state.step != PIRATE_STEP:
            _fail("pirates are fought only in step 3")
    elif not 0 <= fight.enemy < len(CARDS) or CARDS[fight.enemy].kind != "knowledge":
        _fail(f"the fight's enemy {fight.enemy} is neither a hazard nor a pirate")
    elif state.step >= PIRATE_STEP:
        _fail("no hazard is fought in the pirate stage")
    if not 0 <= fight.free_drawn <= fight.allowance:
        _fail(f"free_drawn {fight.free_drawn} must be within 0..{fight.allowance}")
    if state.phase != "destroy" and all(c.uses == 0 for c in fight.cards):
        # With no ability used, nothing left the free side and nothing joined it outside
        # the allowance (every removal or extra draw is an ability of a card that stays in
        # the fight, used: it never targets itself), so the free side holds exactly the
        # free draws. Not in the destroy step: destroying a used card erases the evidence.
        free = sum(not c.paid for c in fight.cards)
        if free != fight.free_drawn:
            _fail(
                f"the free side holds {free} card(s) but free_drawn is {fight.free_drawn}, "
                "and no ability was used that could explain the difference"
            )
    if fight.step_lowered and not (0 < state.step < PIRATE_STEP):
        _fail("step -1 can only have been used in the yellow or red step")
    for i, c in enumerate(fight.cards):
        ability = ABILITY[c.card] if 0 <= c.card < len(CARDS) else None
        most = MAX_USES.get(ability, 0) if ability is not None else 0
        if not 0 <= c.uses <= most:
            _fail(f"fight card {i} (card {c.card}) has an impossible use count {c.uses}")
    n = len(fight.cards)
    if state.phase == "destroy":
        if fight.pending is not None or fight.budget <= 0:
            _fail("the destroy step needs a positive budget and nothing pending")
    elif fight.budget != 0:
        _fail("a destroy budget exists only in the destroy step")
    p = fight.pending
    if isinstance(p, PendingTarget | PendingReplacement | PendingSort) and not 0 <= p.source < n:
        _fail(f"pending ability source {p.source} is not a fight card index (0..{n - 1})")
    if isinstance(p, PendingTarget) and p.ability not in (
        "destroy",
        "double",
        "exchange1",
        "exchange2",
        "below",
        "copy",
    ):
        _fail(f"ability {p.ability} takes no target")
    if isinstance(p, PendingSort) and (len(p.looked) + p.discarded > SORT_MAX or not p.looked):
        _fail("a sort holds 1 to 3 cards (fewer if one was discarded)")
