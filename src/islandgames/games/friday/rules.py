"""Friday's rules on the rules kit: setup, the derived quantities of a fight, the
abilities, legality, the rulebook and the consistency check of a decoded state.

Rulings F1-F14 and interpretations I1-I18 are cited by id where they are implemented;
``docs/friday.md`` lists them.

Every function whose result differs between rules versions takes the version's flags
(:class:`~islandgames.games.friday.contract.FridayRules`) as a parameter; each
difference is one ``if rules.<flag>`` naming its rulings.

An action edits a draft (:class:`_Draft`) of the input state through its one handler
of :data:`BOOK`, then the settle step runs; the draft is built into the new state once,
so the input is never touched and a half-applied action cannot escape. The game
ending in the middle of an action (Robinson dies of old age while drawing) unwinds
with :class:`_GameOver`. The activated abilities are the table :data:`ABILITIES`: each
one's legality and effect together.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import attrs

from ...core.errors import InvalidConfigError
from ...core.game import Outcome, SeatResult
from ...core.game import Result as GameResult
from ...core.kit import Draft, Rulebook, Table, constructor, fixed_order
from ...core.rng import Rng
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
from .contract import FridayConfig, FridayRules, FridaySetup
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
    "ABILITIES",
    "BOOK",
    "UNCODED_RULINGS",
    "AbilityRule",
    "apply",
    "can_draw",
    "check_config",
    "check_state",
    "enemy_value",
    "fight_total",
    "free_left",
    "is_legal",
    "is_pirate",
    "legal_actions",
    "max_life",
    "outcome",
    "paid_cost",
    "role",
    "score",
    "seat_count",
    "setup",
    "start_life",
    "stopped",
    "to_act",
]

FIRST_PIRATE = PIRATES[0]
#: Hazard steps are 0-2; step 3 is the pirate stage.
PIRATE_STEP = 3
#: The most cards a sort may take from the stack.
SORT_MAX = 3

#: Rulings that no code implements (id -> why): none, every one is cited where it is.
UNCODED_RULINGS: dict[str, str] = {}


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


#: The normal aging cards of levels 1-2 (without "very stupid", F14).
_AGING_NORMAL_12 = tuple(a for a in AGING_NORMAL if a != VERY_STUPID)


def setup(
    rng: Rng, config: FridayConfig, rules: FridayRules, fixed: FridaySetup | None = None
) -> FridayState:
    """Shuffle everything, draw the two pirates and the first two hazards. A scenario
    setup (``fixed``) replaces the orders it names; the seed still draws the others (the
    draws it replaces are made and set aside, so the game's later randomness is the
    seed's either way).

    >>> from islandgames.games.friday import RULES
    >>> s = setup(Rng.from_seed(5), FridayConfig(), RULES[-1])
    >>> len(s.stack), len(s.aging_stack), len(s.hazard_stack), s.offer != ()
    (18, 10, 28, True)
    """
    hazards, rng = rng.shuffle(HAZARDS)
    # F14: "very stupid" joins the normal aging cards from level 3 on
    normal, rng = rng.shuffle(AGING_NORMAL if config.level >= 3 else _AGING_NORMAL_12)
    difficult, rng = rng.shuffle(AGING_DIFFICULT)
    aging = normal + difficult
    pirates, rng = rng.shuffle(PIRATES)  # F12: both drawn now, visible
    if fixed is not None:
        hazards = fixed_order(fixed.hazards, hazards, "setup hazards")
        aging = _fixed_aging(fixed.aging, aging, len(normal))
        pirates = _fixed_pirates(fixed.pirates, pirates)
    start = STARTING
    face_down = None
    if config.level >= 2:
        # F14, I1: level 2+ shuffles the top aging card (a normal one) into the start
        face_down, aging = aging[0], aging[1:]
        start = (*start, face_down)
    stack, rng = rng.shuffle(start)
    if fixed is not None:
        stack = fixed_order(fixed.stack, stack, "setup stack")
    phase: Phase = "hazard"
    fields = (
        config,
        rng,
        phase,
        0,
        start_life(config),
        stack,
        (),
        0,
        0,
        hazards[2:],
        (),
        hazards[:2],
        aging,
        pirates[:2],
        (False, False),
        None,
        (),
    )
    if rules.records_face_down_aging:  # F14 (1.1): recorded in the state
        return FridayState(*fields, None, "", face_down)
    return state_class(rules)(*fields)


def _fixed_aging(
    given: tuple[int, ...] | None, drawn: tuple[int, ...], normal: int
) -> tuple[int, ...]:
    aging = fixed_order(given, drawn, "setup aging")
    if any(CARDS[c].aging_kind != "normal" for c in aging[:normal]):
        raise InvalidConfigError(
            "setup aging: every normal aging card lies above every difficult one (F14)"
        )
    return aging


def _fixed_pirates(given: tuple[int, ...] | None, drawn: tuple[int, ...]) -> tuple[int, ...]:
    if given is None:
        return drawn
    if len(given) != 2 or len(set(given)) != 2 or any(p not in PIRATES for p in given):
        raise InvalidConfigError(
            f"setup pirates: two different pirates of {', '.join(map(str, PIRATES))}, "
            f"got {given!r}"
        )
    return given


# --- derived quantities (the view shows these too) ----------------------------------------


def is_pirate(card: int) -> bool:
    """Whether ``card`` is a pirate (an enemy of the pirate stage)."""
    return card >= FIRST_PIRATE


def stopped(fight: Fight) -> bool:
    """A face-up free-side ``stop`` card ends free drawing (F1, F4); derived from the
    cards face up, so any stop leaving the fight lets free drawing resume (I3)."""
    for c in fight.cards:  # noqa: SIM110 - a loop: any(generator) costs more, per call
        if _IS_STOP[c.card] and not c.paid:
            return True
    return False


_IS_STOP = tuple(a == "stop" for a in ABILITY)


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
    the highest values (F8; more aging cards than that: all of them, I4); pirate
    10/52: +1 per face-up card.
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
    and a hazard being fought are undefeated hazards still in the game (I15).
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


# --- the draft ------------------------------------------------------------------------------


# The fight's records are rebuilt on most actions: the kit's positional constructors
# (all fields, in order) build them faster than their classes do.
_new_fight = constructor(Fight)
_new_fight_card = constructor(FightCard)
#: A card newly face up in a fight, by side (paid) and card id: fight cards are values,
#: so each draw shares one of these instead of building its own.
_FACE_UP: dict[bool, tuple[FightCard, ...]] = {
    paid: tuple(FightCard(c, paid) for c in range(len(CARDS))) for paid in (False, True)
}


class _GameOver(Exception):
    """Raised inside an action once the game has ended; the draft is final."""


class _Draft(Draft[FridayState], state=FridayState):
    """A mutable scratch copy of a state: the kit copies the state's fields; the fight
    is flattened into the extra slots below (its cards a list edited in place) and
    rebuilt by :meth:`build`. A 1.0 state (:class:`FridayState10`) goes through the
    same draft: its two missing fields take :meth:`defaults` and are dropped again."""

    # the state fields the rules edit (the kit derives slots, copy and build)
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
    result: Result | None
    reason: str
    face_down_aging: int | None
    aging_looked: bool
    # extra slots: the rules, the state the action started from, the flattened fight
    rules: FridayRules
    before: FridayState
    in_fight: bool
    enemy: int
    allowance: int
    free_drawn: int
    cards: list[FightCard]
    step_lowered: bool
    pending: Pending | None
    budget: int

    @classmethod
    def defaults(cls) -> dict[str, object]:
        # F14: the fields rules 1.1 added, absent from a 1.0 state
        return {"face_down_aging": None, "aging_looked": False}

    def __init__(self, state: FridayState, rules: FridayRules) -> None:
        Draft.__init__(self, state)  # (no super(): this runs once per action)
        self.rules = rules
        self.before = state
        f = state.fight
        self.in_fight = f is not None
        if f is not None:
            self.enemy = f.enemy
            self.allowance = f.allowance
            self.free_drawn = f.free_drawn
            self.cards = list(f.cards)
            self.step_lowered = f.step_lowered
            self.pending = f.pending
            self.budget = f.budget

    def build(self) -> FridayState:
        self.fight = (
            _new_fight(
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
        return Draft.build(self)


def _end_game(d: _Draft, result: Result, reason: str) -> None:
    """The game ends (I14): fight cards (and cards held by a sort) go to Robinson's
    discard pile, a hazard being fought to the hazard discard pile, so the score (F11)
    sees every card in a pile. Life below 0 is recorded as 0."""
    if d.in_fight:
        held = d.pending.looked if isinstance(d.pending, PendingSort) else ()
        d.discard = tuple(c.card for c in d.cards) + held + d.discard
        if not is_pirate(d.enemy):
            d.hazard_discard = (d.enemy, *d.hazard_discard)
        d.in_fight = False
    d.phase = "over"
    d.result = result
    d.reason = reason
    d.life = max(d.life, 0)
    raise _GameOver


def _normalise_known(d: _Draft) -> None:
    # Known cards covering the whole stack are all counted from the top.
    n = len(d.stack)
    if d.known_top + d.known_bottom >= n:
        d.known_top, d.known_bottom = n, 0


def _draw(d: _Draft) -> int | None:
    """The top card of Robinson's stack. An empty stack is first rebuilt (F9): the top
    aging card joins the discard pile, which is shuffled into the new stack (3.5); with
    no aging card left the game is lost (``defeat``) or the discard pile alone is
    shuffled (``reshuffle``; None if it is empty too). Every draw comes here: free,
    paid, ability draws, replacements and sort looks."""
    if not d.stack:
        if d.aging_stack:
            d.discard = (d.aging_stack[0], *d.discard)
            d.aging_stack = d.aging_stack[1:]
        elif d.config.empty_aging_stack == "defeat":
            _end_game(
                d, "lost", "Robinson died of old age: his stack ran out with no aging card left"
            )
        if not d.discard:
            return None
        d.stack, d.rng = d.rng.shuffle(d.discard)
        d.discard = ()
        d.known_top = d.known_bottom = 0
    card = d.stack[0]
    d.stack = stack = d.stack[1:]
    if d.known_top:
        d.known_top -= 1
    if d.known_top + d.known_bottom >= len(stack):  # _normalise_known (inlined: hot)
        d.known_top, d.known_bottom = len(stack), 0
    return card


def _draw_to_fight(d: _Draft, paid: bool) -> None:
    card = _draw(d)
    if card is not None:
        d.cards.append(_FACE_UP[paid][card])


def _start_fight(d: _Draft, enemy: int, allowance: int) -> None:
    d.phase = "fight"
    d.in_fight = True
    d.enemy = enemy
    d.allowance = allowance
    d.free_drawn = 0
    d.cards = []
    d.step_lowered = False
    d.pending = None
    d.budget = 0


def _start_pirate_fight(d: _Draft, index: int) -> None:
    pirate = d.pirates[index]
    card = CARDS[pirate]
    if card.pirate_rule == "all":  # F8 */*: the allowance is fixed when the fight starts
        allowance = sum(HAZARD_FREE[h] for h in d.hazard_stack + d.hazard_discard)
    else:
        assert card.free is not None
        allowance = card.free
    _start_fight(d, pirate, allowance)


def _pirate_stage(d: _Draft) -> None:
    """Choose the order when both pirates remain; fight the last one at once."""
    left = [i for i, beaten in enumerate(d.pirates_defeated) if not beaten]
    if not left:
        _end_game(d, "won", "Robinson beat both pirates and leaves the island")
    if len(left) == 1:
        _start_pirate_fight(d, left[0])
    else:
        d.phase = "pirate"


def _next_encounter(d: _Draft) -> None:
    """Offer the next hazards: two, or the lone last one (F13). An exhausted hazard
    stack advances the step and the hazard discard pile becomes the new stack; after
    red come the pirates."""
    while d.step < PIRATE_STEP and not d.hazard_stack:
        d.step += 1
        if d.step < PIRATE_STEP and d.hazard_discard:
            d.hazard_stack, d.rng = d.rng.shuffle(d.hazard_discard)
            d.hazard_discard = ()
    if d.step >= PIRATE_STEP:
        _pirate_stage(d)
        return
    d.phase = "hazard"
    d.offer = d.hazard_stack[:2]
    d.hazard_stack = d.hazard_stack[2:]


def _close_fight(d: _Draft, won: bool) -> None:
    """Settle the fight, then the next encounter."""
    _settle_fight(d, won)
    if is_pirate(d.enemy):
        _pirate_stage(d)
    else:
        _next_encounter(d)


def _settle_fight(d: _Draft, won: bool) -> None:
    """Fight cards to the discard pile. A beaten hazard joins them on top (I17; now a
    knowledge card), an unbeaten one goes to the hazard discard pile; a pirate fight
    that ends here was won, and the pirate is marked beaten."""
    cards = tuple(c.card for c in d.cards)
    d.in_fight = False
    d.cards = []
    if is_pirate(d.enemy):
        d.discard = cards + d.discard
        defeated = list(d.pirates_defeated)
        defeated[d.pirates.index(d.enemy)] = True
        d.pirates_defeated = tuple(defeated)
    elif won:
        d.discard = (d.enemy, *cards, *d.discard)
    else:
        d.discard = cards + d.discard
        d.hazard_discard = (d.enemy, *d.hazard_discard)


def _sort_look(d: _Draft) -> None:
    # I9: looking is drawing (an empty stack is rebuilt, F9)
    p = d.pending
    assert isinstance(p, PendingSort)
    card = _draw(d)
    if card is not None:
        d.pending = PendingSort(p.source, (*p.looked, card), p.discarded, p.returning)


# --- the abilities: when each is offered and what it does --------------------------------


@attrs.frozen(slots=True)
class AbilityRule:
    """One activated ability. ``usable(state, fight, source)``: whether it can do
    something now with the card at ``source`` as its source (I5; the use count is
    checked apart). ``use(draft, source)``: what using it does. A targeted ability
    also has ``targets(state, fight, source)`` (the fight cards it may target) and
    ``hit(draft, source, target)`` (its effect on the chosen target); using it waits
    for the target (``PendingTarget``)."""

    usable: Callable[[FridayState, Fight, int], bool]
    use: Callable[[_Draft, int], None]
    targets: Callable[[FridayState, Fight, int], list[int]] | None = None
    hit: Callable[[_Draft, int, int], None] | None = None


#: Every activated ability (data.MAX_USES): its legality and its effect together.
ABILITIES: Table[Ability, AbilityRule] = Table("friday abilities")


def _always(state: FridayState, fight: Fight, source: int) -> bool:
    return True  # I5: life abilities are always offered, even at the maximum


def _drawable(state: FridayState, fight: Fight, source: int) -> bool:
    # I5: draws and sort need a drawable card (can_draw; its common case first)
    return bool(state.stack) or can_draw(state)


def _step_minus_ok(state: FridayState, fight: Fight, source: int) -> bool:
    # F6, I5: useless in green and against pirates; never more than one step
    return not fight.step_lowered and 0 < state.step < PIRATE_STEP and not is_pirate(fight.enemy)


def _gain(n: int) -> Callable[[_Draft, int], None]:
    def gain(d: _Draft, source: int) -> None:
        # F10: gains above the maximum are lost
        d.life = min(max_life(d.config), d.life + n)

    return gain


def _draw_cards(n: int) -> Callable[[_Draft, int], None]:
    def draw_cards(d: _Draft, source: int) -> None:
        # F1: at once, free side, outside the allowance
        for _ in range(n):
            _draw_to_fight(d, paid=False)

    return draw_cards


def _lower_step(d: _Draft, source: int) -> None:
    d.step_lowered = True  # F6, I2: stays lowered when its source leaves the fight


def _start_sort(d: _Draft, source: int) -> None:
    # I9: using the ability takes the first card at once
    d.pending = PendingSort(source)
    _sort_look(d)


ABILITIES.add("life1", AbilityRule(_always, _gain(1)), "I5", "F10")
ABILITIES.add("life2", AbilityRule(_always, _gain(2)), "I5", "F10")
ABILITIES.add("cards1", AbilityRule(_drawable, _draw_cards(1)), "F1", "I5")
ABILITIES.add("cards2", AbilityRule(_drawable, _draw_cards(2)), "F1", "I5")
ABILITIES.add("step_minus", AbilityRule(_step_minus_ok, _lower_step), "F6", "I2", "I5")
ABILITIES.add("sort3", AbilityRule(_drawable, _start_sort), "I5", "I9")


def _others(state: FridayState, fight: Fight, source: int) -> list[int]:
    # I5: destroy, exchange and below need another face-up card
    return [j for j in range(len(fight.cards)) if j != source]


def _not_doubled(state: FridayState, fight: Fight, source: int) -> list[int]:
    # F7: any other card not doubled yet, negative values included
    return [j for j, c in enumerate(fight.cards) if j != source and not c.doubled]


def _copyable(state: FridayState, fight: Fight, source: int) -> list[int]:
    # F6, I5: any other card with a usable ability that is not copy (nor aging)
    return [
        j
        for j, c in enumerate(fight.cards)
        if j != source
        and (usable := _COPYABLE_USABLE[c.card]) is not None
        and usable(state, fight, source)
    ]


def _destroy(d: _Draft, source: int, j: int) -> None:
    # F2, F4, I18: a destroyed card is no longer face up (no aging loss, no stop)
    d.destroyed = (*d.destroyed, d.cards.pop(j).card)


def _double(d: _Draft, source: int, j: int) -> None:
    old = d.cards[j]
    d.cards[j] = _new_fight_card(old.card, old.paid, old.uses, True)  # I2: stays doubled


def _exchange(d: _Draft, source: int, j: int) -> None:
    # I7: the exchanged card goes to the discard pile first, then the replacement is
    # drawn onto the same place and side (a new face-up card, I10)
    if d.rules.exchange_leaves_fight_first:
        # I7, F9, F11 (1.1): it leaves the fight before the draw, which may end the
        # game (F9) and discard the fight cards: it must not be counted twice.
        old = d.cards.pop(j)
        d.discard = (old.card, *d.discard)
        card = _draw(d)
        if card is not None:
            d.cards.insert(j, _FACE_UP[old.paid][card])
    else:
        # 1.0: it stays in the fight during the draw
        old = d.cards[j]
        d.discard = (old.card, *d.discard)
        card = _draw(d)
        if card is None:
            del d.cards[j]
        else:
            d.cards[j] = _FACE_UP[old.paid][card]


def _below(d: _Draft, source: int, j: int) -> None:
    # I8: under Robinson's stack, known to the player; a free-side card may be replaced
    old = d.cards.pop(j)
    d.stack = (*d.stack, old.card)
    d.known_bottom += 1
    _normalise_known(d)
    if not old.paid:
        d.pending = PendingReplacement(source - (j < source))


def _copy(d: _Draft, source: int, j: int) -> None:
    # F6, I6: the copied ability, once, with the copy card as its source; the copied
    # card's own use is not consumed
    copied = ABILITY[d.cards[j].card]
    assert copied is not None
    ABILITIES[copied].use(d, source)


def _targeted(
    ability: Ability,
    targets: Callable[[FridayState, Fight, int], list[int]],
    hit: Callable[[_Draft, int, int], None],
    *rulings: str,
) -> None:
    def usable(state: FridayState, fight: Fight, source: int) -> bool:
        return bool(targets(state, fight, source))

    def use(d: _Draft, source: int) -> None:
        d.pending = PendingTarget(ability, source)

    ABILITIES.add(ability, AbilityRule(usable, use, targets, hit), *rulings)


_targeted("destroy", _others, _destroy, "F2", "F4", "I5", "I18")
_targeted("double", _not_doubled, _double, "F7", "I2")
_targeted("exchange1", _others, _exchange, "I7", "I10")
_targeted("exchange2", _others, _exchange, "I7", "I10")
_targeted("below", _others, _below, "I8")
_targeted("copy", _copyable, _copy, "F6", "I6")
ABILITIES.seal(MAX_USES)

# Per card id, for the hot path: its ability's legality (None: nothing to activate)
# and how often it may be used in a fight.
_USABLE: tuple[Callable[[FridayState, Fight, int], bool] | None, ...] = tuple(
    ABILITIES[a].usable if a is not None and a in ABILITIES else None for a in ABILITY
)
_MOST_USES: tuple[int, ...] = tuple(MAX_USES.get(a, 0) if a is not None else 0 for a in ABILITY)
#: The same legality for what a copy card may copy (F6: not copy itself).
_COPYABLE_USABLE = tuple(
    u if a in COPYABLE else None for a, u in zip(ABILITY, _USABLE, strict=True)
)


# --- legality ----------------------------------------------------------------------------


def _can_use(state: FridayState, fight: Fight, index: int) -> bool:
    # I2: activated by the player, at most MAX_USES times per fight (I10: a card back
    # in the fight is a new card with fresh uses)
    card = fight.cards[index]
    usable = _USABLE[card.card]
    return usable is not None and card.uses < _MOST_USES[card.card] and usable(state, fight, index)


def _targets(state: FridayState, fight: Fight, p: PendingTarget) -> list[int]:
    targets = ABILITIES[p.ability].targets
    assert targets is not None
    return targets(state, fight, p.source)


def _can_draw_free(state: FridayState, fight: Fight) -> bool:
    return free_left(fight) > 0 and can_draw(state)


def _can_draw_paid(state: FridayState, fight: Fight) -> bool:
    # I11: only once no free card is available; F10: a paid draw never kills
    return free_left(fight) == 0 and state.life >= paid_cost(state) and can_draw(state)


def _can_resolve(state: FridayState, fight: Fight) -> bool:
    # I12: at least one card must be drawn, unless no card can be drawn at all
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


def legal_actions(state: FridayState, seat: int, rules: FridayRules) -> tuple[Action, ...]:
    """Every legal action of ``seat`` (only seat 0 plays) under ``rules``, in a fixed
    order."""
    if seat != 0:
        return ()
    phase = state.phase
    fight = state.fight
    if phase == "fight" and fight is not None and fight.pending is None:
        # the commonest case first: _can_draw_free, _can_draw_paid, _can_use and
        # _can_resolve, each figure computed once
        out: list[Action] = []
        if state.stack or can_draw(state):
            free = 0 if stopped(fight) else fight.allowance - fight.free_drawn  # free_left
            if free > 0:
                out.append(_DRAW_FREE)
            elif free == 0 and state.life >= paid_cost(state):
                out.append(_DRAW_PAID)
        drawing = bool(out)
        cards = fight.cards
        for i, c in enumerate(cards):
            usable = _USABLE[c.card]
            if usable is not None and c.uses < _MOST_USES[c.card] and usable(state, fight, i):
                out.append(_USE[i])
        if cards or not drawing:
            out.append(_RESOLVE)
        return tuple(out)
    if phase == "hazard":
        # F13: the lone last hazard of a step may be fought or skipped
        return (_CHOOSE_HAZARD[0], _SKIP) if len(state.offer) == 1 else _CHOOSE_HAZARD
    if phase == "pirate":
        return tuple(
            _CHOOSE_PIRATE[i] for i, beaten in enumerate(state.pirates_defeated) if not beaten
        )
    if fight is None:
        return ()
    if phase == "destroy":
        out = [
            _DESTROY[i] for i, c in enumerate(fight.cards) if DESTROY_COST[c.card] <= fight.budget
        ]
        out.append(_FINISH)
        return tuple(out)
    pending = fight.pending
    if isinstance(pending, PendingTarget):
        return tuple(_TARGET[j] for j in _targets(state, fight, pending))
    if isinstance(pending, PendingSort):
        out = [_LOOK] if _can_sort_look(state, pending, rules) else []
        n = len(pending.looked)
        if not pending.discarded and not pending.returning:
            out.extend(_SORT_DISCARD[:n])
        out.extend(_SORT_RETURN[:n])
        return tuple(out)
    return _REPLACE


def is_legal(state: FridayState, seat: int, action: Action, rules: FridayRules) -> bool:
    """Exactly ``action in legal_actions(state, seat, rules)``, without listing them."""
    if seat != 0:
        return False
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
            and action.card in _targets(state, fight, pending)
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


# --- the rulebook: one handler per action -------------------------------------------------

BOOK: Rulebook[_Draft, Action] = Rulebook("friday", Action)


@BOOK.rule(ChooseHazard, "F13")
def choose_hazard(d: _Draft, seat: int, a: ChooseHazard) -> None:
    """Fight one offered hazard; the other one goes to the hazard discard pile."""
    chosen = d.offer[a.index]
    d.hazard_discard = d.offer[1 - a.index : 2 - a.index] + d.hazard_discard
    d.offer = ()
    _start_fight(d, chosen, HAZARD_FREE[chosen])


@BOOK.rule(SkipHazard, "F13")
def skip_hazard(d: _Draft, seat: int, a: SkipHazard) -> None:
    """The lone last hazard of a step goes to the hazard discard pile."""
    d.hazard_discard = d.offer + d.hazard_discard
    d.offer = ()
    _next_encounter(d)


@BOOK.rule(ChoosePirate, "F8", "F12")
def choose_pirate(d: _Draft, seat: int, a: ChoosePirate) -> None:
    """Fight the chosen one of the two visible pirates first."""
    _start_pirate_fight(d, a.index)


@BOOK.rule(DrawFree, "F1", "F4", "F9", "I3")
def draw_free(d: _Draft, seat: int, a: DrawFree) -> None:
    """One free card onto the free side (while no free-side stop card lies face up)."""
    d.free_drawn += 1
    _draw_to_fight(d, paid=False)


@BOOK.rule(DrawPaid, "F9", "F10", "I11")
def draw_paid(d: _Draft, seat: int, a: DrawPaid) -> None:
    """Pay 1 life (2 against the 7/16 pirate) for an extra card onto the paid side."""
    d.life -= 2 if CARDS[d.enemy].pirate_rule == "cost2" else 1  # paid_cost
    _draw_to_fight(d, paid=True)


@BOOK.rule(UseAbility, "I2", "I5", "I10")
def use_ability(d: _Draft, seat: int, a: UseAbility) -> None:
    """Count the use, then perform the card's ability (see :data:`ABILITIES`)."""
    old = d.cards[a.card]
    d.cards[a.card] = _new_fight_card(old.card, old.paid, old.uses + 1, old.doubled)
    ability = ABILITY[old.card]
    assert ability is not None
    ABILITIES[ability].use(d, a.card)


@BOOK.rule(ChooseTarget, "F6", "F7", "I6", "I7", "I8")
def choose_target(d: _Draft, seat: int, a: ChooseTarget) -> None:
    """The targeted part of destroy, double, exchange, below the pile and copy."""
    p = d.pending
    assert isinstance(p, PendingTarget)
    d.pending = None
    hit = ABILITIES[p.ability].hit
    assert hit is not None
    hit(d, p.source, a.card)


@BOOK.rule(SortLook, "I9", "F9")
def sort_look(d: _Draft, seat: int, a: SortLook) -> None:
    """Take the next card of the stack into the sort."""
    _sort_look(d)


@BOOK.rule(SortDiscard, "I9")
def sort_discard(d: _Draft, seat: int, a: SortDiscard) -> None:
    """One held card onto the discard pile (at most one per sort); the sort ends when
    no card is held."""
    p = d.pending
    assert isinstance(p, PendingSort)
    looked = list(p.looked)
    d.discard = (looked.pop(a.index), *d.discard)
    d.pending = PendingSort(p.source, tuple(looked), True, False) if looked else None


@BOOK.rule(SortReturn, "I9")
def sort_return(d: _Draft, seat: int, a: SortReturn) -> None:
    """A held card back on top of the stack, known to the player; no more looking or
    discarding after; the sort ends when no card is held."""
    p = d.pending
    assert isinstance(p, PendingSort)
    looked = list(p.looked)
    d.stack = (looked.pop(a.index), *d.stack)
    d.known_top += 1
    _normalise_known(d)
    d.pending = PendingSort(p.source, tuple(looked), p.discarded, True) if looked else None


@BOOK.rule(Replace, "I8")
def replace(d: _Draft, seat: int, a: Replace) -> None:
    """After a free card went below the pile: a replacement onto the free side, without
    using the allowance, or none."""
    d.pending = None
    if a.draw:
        _draw_to_fight(d, paid=False)


@BOOK.rule(ResolveFight, "F2", "F5", "F8", "F10", "I12", "I13", "I16", "I18")
def resolve_fight(d: _Draft, seat: int, a: ResolveFight) -> None:
    """Compare the fighting total with the hazard value (of the cards face up now:
    I18). Total >= value wins (F5). Every face-up aging card costs its life (F2, I16).
    A lost hazard fight costs the difference, which becomes the destroy budget (I13);
    a lost pirate fight loses the game; life below 0 kills (F10)."""
    total = fight_total(d.before)
    value = enemy_value(d.before)
    aging_loss = sum(LIFE_LOSS[c.card] for c in d.cards)
    if is_pirate(d.enemy):
        if total < value:
            _end_game(d, "lost", "Robinson lost a pirate fight")
        d.life -= aging_loss
        if d.life < 0:
            if d.rules.won_fight_stays_won:  # F5, F11, I16 (1.1)
                _beaten_then_dead(d, "Robinson died: an aging card cost more life than he had")
            _end_game(d, "lost", "Robinson died: an aging card cost more life than he had")
        _close_fight(d, won=True)
        return
    diff = max(0, value - total)
    d.life -= aging_loss + diff
    if d.life < 0:
        if diff == 0 and d.rules.won_fight_stays_won:  # F5, F11, I16 (1.1)
            _beaten_then_dead(d, "Robinson died: an aging card cost more life than he had")
        _end_game(d, "lost", "Robinson died fighting a hazard")
    if diff == 0:
        _close_fight(d, won=True)
        return
    d.phase = "destroy"  # the settle step ends it at once if nothing is affordable
    d.budget = diff


def _beaten_then_dead(d: _Draft, reason: str) -> None:
    """The fight is won (F5): the hazard becomes Robinson's card, a pirate is beaten,
    and both count so in the score (F11); then the aging cards' life loss (F2, I16)
    kills Robinson."""
    _settle_fight(d, won=True)
    _end_game(d, "lost", reason)


@BOOK.rule(DestroyCard, "I13")
def destroy_card(d: _Draft, seat: int, a: DestroyCard) -> None:
    """Destroy a fight card out of the life lost to the hazard (too late for its aging
    loss, F2)."""
    card = d.cards.pop(a.index).card
    d.destroyed = (*d.destroyed, card)
    d.budget -= DESTROY_COST[card]


@BOOK.rule(FinishDestroying, "I13", "I17")
def finish_destroying(d: _Draft, seat: int, a: FinishDestroying) -> None:
    """End the destroy step: the fight cards to the discard pile, the hazard to the
    hazard discard pile."""
    _close_fight(d, won=False)


@BOOK.settle
def settle(d: _Draft) -> None:
    """What follows any action by itself: the destroy step ends once no remaining card
    is affordable (I13); the face-down aging card's record follows it (F14, 1.1)."""
    if d.phase == "destroy" and not any(DESTROY_COST[c.card] <= d.budget for c in d.cards):
        _close_fight(d, won=False)
    if d.rules.records_face_down_aging:  # F14 (1.1)
        if d.face_down_aging is None:
            d.aging_looked = False
        else:
            _track_face_down(d, d.face_down_aging)


def _track_face_down(d: _Draft, card: int) -> None:
    """Carry the face-down aging card (F14) over: it stays face down until it is face
    up in a fight or on the discard pile; a sort that holds it shows it to Robinson."""
    if (
        card in d.discard
        or card in d.destroyed
        or (d.in_fight and any(c.card == card for c in d.cards))
    ):
        d.face_down_aging = None
        d.aging_looked = False
        return
    if not d.aging_looked:
        p = d.pending if d.in_fight else None
        d.aging_looked = isinstance(p, PendingSort) and card in p.looked


BOOK.seal()
_book_apply = BOOK.apply


def apply(state: FridayState, seat: int, action: Action, rules: FridayRules) -> FridayState:
    """The state after the legal ``action`` of ``seat`` (legality is checked by the
    caller) under ``rules``: one draft, its handler and the settle step, one build."""
    d = _Draft(state, rules)
    try:
        _book_apply(d, seat, action)
    except _GameOver:
        # the game ended part-way through the handler (a draw with no aging card left,
        # F9; a lost fight): the draft is final, and what follows by itself still does
        settle(d)
    return d.build()


# --- seats and the outcome ----------------------------------------------------------------


def seat_count(state: FridayState) -> int:
    return 1  # Robinson alone


def role(state: FridayState, seat: int) -> str:
    return "robinson"


def to_act(state: FridayState) -> tuple[int, ...]:
    return () if state.result is not None else _ROBINSON


_ROBINSON = (0,)


def outcome(state: FridayState) -> Outcome | None:
    """Won or lost, with the score of section 7 (F11) for both."""
    if state.result is None:
        return None
    result: GameResult = "win" if state.result == "won" else "loss"
    return Outcome((SeatResult(0, "robinson", result, score(state)),), state.reason)


# --- consistency of a decoded state --------------------------------------------------------


def _fail(message: str) -> None:
    raise ValueError(message)


def check_config(config: FridayConfig) -> None:
    """Raise InvalidConfigError unless ``config`` is a level 1-4 (F14) with a known
    empty-aging-stack rule (F9)."""
    if type(config.level) is not int or not 1 <= config.level <= 4:
        raise InvalidConfigError(f"Friday level must be 1, 2, 3 or 4, got {config.level!r}")
    if config.empty_aging_stack not in ("defeat", "reshuffle"):
        raise InvalidConfigError(
            f"empty_aging_stack must be 'defeat' or 'reshuffle', got {config.empty_aging_stack!r}"
        )


def check_state(state: FridayState, rules: FridayRules) -> None:
    """Raise ValueError naming the first inconsistency of ``state`` (a state of ``rules``;
    its class is checked by the game)."""
    try:
        check_config(state.config)
    except InvalidConfigError as exc:
        raise ValueError(str(exc)) from exc
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
