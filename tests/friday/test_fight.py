"""Choosing hazards, drawing, resolving, and the destroy step (rules 3.1-3.4)."""

from __future__ import annotations

import pytest

from islandgames import IllegalActionError
from islandgames.games.friday.actions import (
    ChooseHazard,
    DestroyCard,
    DrawFree,
    DrawPaid,
    FinishDestroying,
    ResolveFight,
)
from tests.friday.friday_kit import (
    CANNIBAL_WEAPON,
    DISTRACTED,
    EXPLORING_WEAPON,
    FOCUSED,
    FURTHER_FOOD,
    FURTHER_VISION,
    GENIUS,
    HUNGRY,
    STUPID,
    WEAK,
    WILD_VISION,
    build,
    fc,
    fight,
    fight_cards,
    hazard_value,
    legal,
    play,
    total,
)


def test_choose_hazard_discards_the_other_and_starts_the_fight() -> None:
    s = build(offer=(FURTHER_VISION, WILD_VISION), hazard_stack=(CANNIBAL_WEAPON[0],))
    s = play(s, ChooseHazard(1))
    assert s.phase == "fight" and s.fight is not None
    assert s.fight.enemy == WILD_VISION
    assert s.fight.allowance == 4  # wild animals: 4 free cards
    assert s.hazard_discard == (FURTHER_VISION,)
    assert s.offer == ()
    assert legal(s) == (DrawFree(),)  # at least one card before resolving


def test_hazard_value_follows_the_step() -> None:
    for step, value in ((0, 4), (1, 7), (2, 11)):
        s = build(step=step, stack=(GENIUS,), the_fight=fight(WILD_VISION))
        assert hazard_value(s) == value


def test_free_cards_up_to_the_allowance_then_paid_ones() -> None:
    stack = (FOCUSED[0], WEAK[0], GENIUS, FOCUSED[1])
    s = build(stack=stack, the_fight=fight(FURTHER_VISION))  # 3 free cards
    s = play(s, DrawFree(), DrawFree())
    assert DrawPaid() not in legal(s)  # a free card is still available
    s = play(s, DrawFree())
    assert DrawFree() not in legal(s)
    assert s.fight is not None and s.fight.free_drawn == 3
    assert fight_cards(s) == [FOCUSED[0], WEAK[0], GENIUS]
    assert total(s) == 3
    s = play(s, DrawPaid())
    assert s.life == 19
    assert s.fight is not None and s.fight.cards[-1] == fc(FOCUSED[1], paid=True)
    assert total(s) == 4


def test_paid_draw_needs_the_life_it_costs() -> None:
    # F10: paying needs at least that many life points; 0 life cannot pay.
    s = build(
        life=0, stack=(GENIUS, WEAK[0]), the_fight=fight(FURTHER_VISION, WEAK[1:4], free_drawn=3)
    )
    assert legal(s) == (ResolveFight(),)
    s1 = build(
        life=1, stack=(GENIUS, WEAK[0]), the_fight=fight(FURTHER_VISION, WEAK[1:4], free_drawn=3)
    )
    assert play(s1, DrawPaid()).life == 0


def test_resolving_needs_a_card() -> None:
    s = build(stack=(GENIUS,), the_fight=fight(FURTHER_VISION))
    with pytest.raises(IllegalActionError):
        play(s, ResolveFight())


def test_win_turns_the_hazard_into_a_knowledge_card_on_the_discard_pile() -> None:
    s = build(
        stack=(FOCUSED[0],),
        offer=(),
        hazard_stack=(CANNIBAL_WEAPON[0], CANNIBAL_WEAPON[1], EXPLORING_WEAPON[0]),
        the_fight=fight(FURTHER_VISION, [GENIUS], free_drawn=1),
    )
    # 2 >= green value 2: won (equal is enough)
    s = play(s, ResolveFight())
    assert s.life == 20
    assert s.discard[0] == FURTHER_VISION and GENIUS in s.discard
    assert s.phase == "hazard"
    assert s.offer == (CANNIBAL_WEAPON[0], CANNIBAL_WEAPON[1])
    assert s.hazard_stack == (EXPLORING_WEAPON[0],)
    assert s.fight is None


def test_loss_costs_the_difference_and_opens_the_destroy_step() -> None:
    cards = [WEAK[0], DISTRACTED[0], STUPID[0]]
    s = build(life=10, stack=(GENIUS,), the_fight=fight(WILD_VISION, cards))
    # total 0 - 1 - 2 = -3 against 4: lose 7
    assert total(s) == -3
    s = play(s, ResolveFight())
    assert s.life == 3
    assert s.phase == "destroy" and s.fight is not None and s.fight.budget == 7
    # every card is affordable: 1 for starting cards, 2 for aging cards
    assert legal(s) == (DestroyCard(0), DestroyCard(1), DestroyCard(2), FinishDestroying())
    s = play(s, DestroyCard(2))
    assert s.destroyed[-1] == STUPID[0] and s.fight is not None and s.fight.budget == 5
    s = play(s, DestroyCard(0), FinishDestroying())
    assert set(s.destroyed) >= {STUPID[0], WEAK[0]}
    assert DISTRACTED[0] in s.discard
    assert s.hazard_discard[0] == WILD_VISION  # an undefeated hazard returns later
    assert s.phase == "hazard"


def test_destroy_budget_is_only_the_difference() -> None:
    # Paid life and aging life do not add to the budget (3.4).
    s = build(
        life=10,
        stack=(GENIUS,),
        the_fight=fight(FURTHER_VISION, [WEAK[0], fc(HUNGRY), fc(WEAK[1], paid=True)]),
    )
    s = play(s, ResolveFight())
    assert s.life == 10 - 2 - 1  # difference 2, hungry 1
    assert s.fight is not None and s.fight.budget == 2
    # the hungry card (2) fits, then nothing is left to pay with: the step ends
    s = play(s, DestroyCard(1))
    assert s.phase == "hazard" and HUNGRY in s.destroyed


def test_destroy_step_ends_by_itself_when_nothing_is_affordable() -> None:
    # Budget 1, only aging cards (cost 2): nothing to decide.
    s = build(
        life=10, stack=(GENIUS,), the_fight=fight(EXPLORING_WEAPON[0], [fc(FOCUSED[0]), fc(HUNGRY)])
    )
    # green value 1 against total 1: won, no destroy step at all
    assert play(s, ResolveFight()).phase == "hazard"
    s = build(life=10, stack=(GENIUS,), the_fight=fight(FURTHER_FOOD, [FOCUSED[0], HUNGRY]))
    s = play(s, ResolveFight())  # 1 against 2: lose 1; the focused card costs 1
    assert legal(s) == (DestroyCard(0), FinishDestroying())
    s = play(s, DestroyCard(0))
    assert s.phase == "hazard"  # the aging card would cost 2


def test_destroy_over_budget_is_illegal() -> None:
    s = build(life=10, stack=(GENIUS,), the_fight=fight(FURTHER_FOOD, [FOCUSED[0], HUNGRY]))
    s = play(s, ResolveFight())  # 1 against 2: lose 1
    assert s.fight is not None and s.fight.budget == 1
    with pytest.raises(IllegalActionError, match="not legal"):
        play(s, DestroyCard(1))  # an aging card costs 2
