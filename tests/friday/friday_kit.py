"""Helpers for the Friday tests: cards by name and exact scenario states.

``build`` places every card the scenario does not mention in its natural zone
(starting cards in the stack, hazards in the hazard stack, aging cards in the aging
stack) unless that zone is given explicitly, in which case the unmentioned cards of
that kind are out of the game (``destroyed``). The result is checked with
``GAME.check_state`` so a scenario cannot break card conservation by accident.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from islandgames.core.rng import Rng
from islandgames.games.friday import GAME, FridayConfig
from islandgames.games.friday.actions import Action
from islandgames.games.friday.data import CARDS, cards_in_play
from islandgames.games.friday.state import (
    Fight,
    FightCard,
    FridayState,
    Pending,
    Phase,
    Result,
)


def starting(name: str) -> list[int]:
    return [c.id for c in CARDS if c.kind == "starting" and c.name == name]


def knowledge(hazard: str, name: str) -> list[int]:
    """Hazard cards by hazard-name prefix and knowledge name."""
    return [
        c.id
        for c in CARDS
        if c.kind == "knowledge" and (c.hazard or "").startswith(hazard) and c.name == name
    ]


def aging(name: str) -> list[int]:
    return [c.id for c in CARDS if c.kind == "aging" and c.name == name]


def pirate(label: str) -> int:
    return next(c.id for c in CARDS if c.kind == "pirate" and c.name == f"pirate {label}")


DISTRACTED = starting("distracted")
WEAK = starting("weak")
(EATING,) = starting("eating")
FOCUSED = starting("focused")
(GENIUS,) = starting("genius")

RAFT_FOOD = knowledge("With the raft", "food")
EQUIPMENT = knowledge("With the raft", "equipment")  # +2 cards
STRATEGY2 = knowledge("With the raft", "strategy")  # 2x exchange
(RAFT_REALIZATION,) = knowledge("With the raft", "realization")  # destroy
(RAFT_MIMICRY,) = knowledge("With the raft", "mimicry")  # copy
(RAFT_DECEPTION,) = knowledge("With the raft", "deception")  # below the pile
(BOOKS,) = knowledge("With the raft", "books")  # step -1
EXPLORING_FOOD = knowledge("Exploring", "food")
EXPLORING_WEAPON = knowledge("Exploring", "weapon")
(EXPLORING_REALIZATION,) = knowledge("Exploring", "realization")
(EXPLORING_MIMICRY,) = knowledge("Exploring", "mimicry")
(EXPLORING_DECEPTION,) = knowledge("Exploring", "deception")
(EXPLORING_REPEAT,) = knowledge("Exploring", "repeat")  # double, value 1
(FURTHER_FOOD,) = knowledge("Further", "food")
(FURTHER_REALIZATION,) = knowledge("Further", "realization")
(FURTHER_STRATEGY,) = knowledge("Further", "strategy")  # 1x exchange
(FURTHER_EXPERIENCE,) = knowledge("Further", "experience")  # +1 card
(FURTHER_REPEAT,) = knowledge("Further", "repeat")  # double, value 2
(FURTHER_VISION,) = knowledge("Further", "vision")  # sort 3
(WILD_REALIZATION,) = knowledge("Wild", "realization")
(WILD_STRATEGY,) = knowledge("Wild", "strategy")
(WILD_EXPERIENCE,) = knowledge("Wild", "experience")
(WILD_VISION,) = knowledge("Wild", "vision")
CANNIBAL_WEAPON = knowledge("Cannibals", "weapon")

(AGING_DISTRACTED,) = aging("distracted")
STUPID = aging("stupid")
(VERY_STUPID,) = aging("very stupid")
SCARED = aging("scared")  # highest card = 0
(HUNGRY,) = aging("hungry")  # -1 life
(VERY_TIRED,) = aging("very tired")  # stop
(MORONIC,) = aging("moronic")
(SUICIDAL,) = aging("suicidal")
(VERY_HUNGRY,) = aging("very hungry")  # -2 life


def fc(card: int, paid: bool = False, uses: int = 0, doubled: bool = False) -> FightCard:
    return FightCard(card, paid, uses, doubled)


def fight(
    enemy: int,
    cards: Iterable[FightCard | int] = (),
    *,
    allowance: int | None = None,
    free_drawn: int | None = None,
    step_lowered: bool = False,
    pending: Pending | None = None,
    budget: int = 0,
) -> Fight:
    """A fight; plain ints become unpaid, unused fight cards. ``allowance`` defaults to
    the enemy's free cards, ``free_drawn`` to the number of unpaid cards (capped)."""
    fcs = tuple(c if isinstance(c, FightCard) else fc(c) for c in cards)
    if allowance is None:
        allowance = CARDS[enemy].free or 0
    if free_drawn is None:
        free_drawn = min(allowance, sum(1 for c in fcs if not c.paid))
    return Fight(enemy, allowance, free_drawn, fcs, step_lowered, pending, budget)


def build(
    *,
    level: int = 1,
    empty_aging_stack: str = "defeat",
    phase: Phase | None = None,
    step: int = 0,
    life: int = 20,
    stack: Sequence[int] | None = None,
    discard: Sequence[int] = (),
    known_top: int = 0,
    known_bottom: int = 0,
    hazard_stack: Sequence[int] | None = None,
    hazard_discard: Sequence[int] = (),
    offer: Sequence[int] = (),
    aging_stack: Sequence[int] | None = None,
    pirates: tuple[int, int] = (pirate("6/20"), pirate("7/25")),
    defeated: tuple[bool, bool] = (False, False),
    the_fight: Fight | None = None,
    destroyed: Sequence[int] = (),
    result: Result | None = None,
    reason: str = "",
    seed: int = 0,
    face_down_aging: int | None = None,
    aging_looked: bool = False,
) -> FridayState:
    """An exact, checked scenario state (see the module docstring)."""
    config = FridayConfig(level=level, empty_aging_stack=empty_aging_stack)  # type: ignore[arg-type]
    placed: set[int] = set(discard) | set(hazard_discard) | set(offer) | set(destroyed)
    for zone in (stack, hazard_stack, aging_stack):
        if zone is not None:
            placed |= set(zone)
    if the_fight is not None:
        placed |= {c.card for c in the_fight.cards}
        if CARDS[the_fight.enemy].kind == "knowledge":
            placed.add(the_fight.enemy)
        looked = getattr(the_fight.pending, "looked", ())
        placed |= set(looked)
    rest = [c for c in cards_in_play(level) if c not in placed]
    out = list(destroyed)

    def fill(zone: Sequence[int] | None, kind: str) -> tuple[int, ...]:
        mine = [c for c in rest if CARDS[c].kind == kind]
        if zone is not None:
            out.extend(mine)
            return tuple(zone)
        if kind == "aging":  # normal ones on top
            mine.sort(key=lambda c: CARDS[c].aging_kind != "normal")
        return tuple(mine)

    stack_t = fill(stack, "starting")
    hazards_t = fill(hazard_stack, "knowledge")
    aging_t = fill(aging_stack, "aging")
    if phase is None:
        if result is not None:
            phase = "over"
        elif the_fight is not None:
            phase = "destroy" if the_fight.budget else "fight"
        elif offer:
            phase = "hazard"
        else:
            phase = "pirate"
    state = FridayState(
        config=config,
        rng=Rng.from_seed(seed),
        phase=phase,
        step=step,
        life=life,
        stack=stack_t,
        discard=tuple(discard),
        known_top=known_top,
        known_bottom=known_bottom,
        hazard_stack=hazards_t,
        hazard_discard=tuple(hazard_discard),
        offer=tuple(offer),
        aging_stack=aging_t,
        pirates=pirates,
        pirates_defeated=defeated,
        fight=the_fight,
        destroyed=tuple(out),
        result=result,
        reason=reason,
        face_down_aging=face_down_aging,
        aging_looked=aging_looked,
    )
    GAME.check_state(state)
    return state


def play(state: FridayState, *actions: Action) -> FridayState:
    """Apply ``actions`` in order (each checked for legality by the engine)."""
    for a in actions:
        state = GAME.apply(state, 0, a)
    return state


def legal(state: FridayState) -> tuple[Action, ...]:
    return GAME.legal_actions(state, 0)


def total(state: FridayState) -> int:
    view = GAME.view(state, 0).fight
    assert view is not None
    return view.total


def hazard_value(state: FridayState) -> int:
    view = GAME.view(state, 0).fight
    assert view is not None
    return view.hazard_value


def fight_cards(state: FridayState) -> list[int]:
    assert state.fight is not None
    return [c.card for c in state.fight.cards]
