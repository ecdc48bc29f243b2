"""The binding engine rulings F1-F14 (rules file, section 11), one group each."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from islandgames import IllegalActionError
from islandgames.games.friday import GAME, FridayConfig, rules
from islandgames.games.friday.actions import (
    ChooseHazard,
    ChoosePirate,
    ChooseTarget,
    DestroyCard,
    DrawFree,
    DrawPaid,
    FinishDestroying,
    ResolveFight,
    SkipHazard,
    UseAbility,
)
from islandgames.games.friday.data import AGING, HAZARDS, STARTING, VALUE
from islandgames.games.friday.state import FightCard, FridayState
from tests.friday.friday_kit import (
    AGING_DISTRACTED,
    BOOKS,
    CANNIBAL_WEAPON,
    DISTRACTED,
    EATING,
    EQUIPMENT,
    EXPLORING_MIMICRY,
    EXPLORING_REPEAT,
    EXPLORING_WEAPON,
    FOCUSED,
    FURTHER_EXPERIENCE,
    FURTHER_FOOD,
    FURTHER_REPEAT,
    FURTHER_VISION,
    GENIUS,
    HUNGRY,
    MORONIC,
    RAFT_FOOD,
    RAFT_MIMICRY,
    SCARED,
    STUPID,
    SUICIDAL,
    VERY_HUNGRY,
    VERY_STUPID,
    VERY_TIRED,
    WEAK,
    WILD_REALIZATION,
    WILD_STRATEGY,
    WILD_VISION,
    build,
    fc,
    fight,
    fight_cards,
    hazard_value,
    legal,
    pirate,
    play,
    total,
)

# --- F1: +cards draws go to the free side, outside the allowance ---------------------------


def test_f1_cards2_draws_two_free_side_cards_without_using_the_allowance() -> None:
    s = build(stack=(GENIUS, FOCUSED[0], WEAK[0]), the_fight=fight(FURTHER_VISION, [EQUIPMENT[0]]))
    assert s.fight is not None and s.fight.free_drawn == 1
    s = play(s, UseAbility(0))
    assert s.fight is not None
    assert s.fight.cards[1:] == (fc(GENIUS), fc(FOCUSED[0]))  # unpaid: the free side
    assert s.fight.free_drawn == 1
    assert GAME.view(s, 0).fight.free_left == 2  # type: ignore[union-attr]
    s = play(s, DrawFree())
    assert fight_cards(s)[-1] == WEAK[0]


def test_f1_cards1_draws_one() -> None:
    s = build(stack=(GENIUS, WEAK[0]), the_fight=fight(FURTHER_VISION, [FURTHER_EXPERIENCE]))
    s = play(s, UseAbility(0))
    assert fight_cards(s) == [FURTHER_EXPERIENCE, GENIUS]
    assert s.fight is not None and s.fight.free_drawn == 1


def test_f1_stop_drawn_by_an_ability_stops_free_draws() -> None:
    s = build(stack=(VERY_TIRED, GENIUS, WEAK[0]), the_fight=fight(WILD_VISION, [EQUIPMENT[0]]))
    s = play(s, UseAbility(0))
    assert fight_cards(s) == [EQUIPMENT[0], VERY_TIRED, GENIUS]
    assert DrawFree() not in legal(s) and DrawPaid() in legal(s)


# --- F2: -life aging cards at resolution unless destroyed by an ability ---------------------


def test_f2_hungry_costs_life_at_resolution_not_on_draw() -> None:
    s = build(stack=(HUNGRY, GENIUS), the_fight=fight(FURTHER_VISION, [FOCUSED[0]]))
    s = play(s, DrawFree())
    assert fight_cards(s) == [FOCUSED[0], HUNGRY] and s.life == 20
    s = play(s, DrawFree(), ResolveFight())  # 1 + 0 + 2 = 3 >= 2: won
    assert s.life == 19


def test_f2_very_hungry_destroyed_by_an_ability_costs_nothing() -> None:
    s = build(stack=(GENIUS,), the_fight=fight(FURTHER_VISION, [WILD_REALIZATION, VERY_HUNGRY]))
    s = play(s, UseAbility(0), ChooseTarget(1))
    assert VERY_HUNGRY in s.destroyed
    s = play(s, ResolveFight())  # 3 >= 2
    assert s.life == 20


def test_f2_destroying_after_a_lost_fight_is_too_late() -> None:
    s = build(life=10, stack=(GENIUS,), the_fight=fight(WILD_VISION, [WEAK[0], VERY_HUNGRY]))
    s = play(s, ResolveFight())  # 0 against 4: lose 4, very hungry 2
    assert s.life == 4
    s = play(s, DestroyCard(1))
    assert s.life == 4 and VERY_HUNGRY in s.destroyed


# --- F3: each "highest card = 0" zeroes the highest remaining value > 0, after doubling -----


def test_f3_one_scared_zeroes_the_highest_card() -> None:
    s = build(stack=(WEAK[0],), the_fight=fight(WILD_VISION, [GENIUS, FOCUSED[0], SCARED[0]]))
    assert total(s) == 1


def test_f3_two_scared_zero_the_two_highest() -> None:
    cards = [CANNIBAL_WEAPON[0], GENIUS, FOCUSED[0], SCARED[0], SCARED[1]]
    s = build(stack=(WEAK[0],), the_fight=fight(CANNIBAL_WEAPON[1], cards))
    assert total(s) == 1


def test_f3_judged_after_doubling() -> None:
    # Vision 3 and a doubled food 2 (= 4): the doubled food is the highest.
    cards = [fc(WILD_VISION), fc(FURTHER_FOOD, doubled=True), fc(SCARED[0])]
    s = build(stack=(WEAK[0],), the_fight=fight(CANNIBAL_WEAPON[0], cards))
    assert total(s) == 3


def test_f3_no_effect_without_a_positive_card() -> None:
    cards = [DISTRACTED[0], WEAK[0], SCARED[0]]
    s = build(stack=(GENIUS,), the_fight=fight(FURTHER_VISION, cards))
    assert total(s) == -1
    # more scared cards than positive cards: only the positive ones are zeroed
    cards = [GENIUS, DISTRACTED[0], SCARED[0], SCARED[1]]
    s = build(stack=(WEAK[0],), the_fight=fight(WILD_VISION, cards))
    assert total(s) == -1


# --- F4: a destroyed stop card lets free drawing resume -------------------------------------


def test_f4_destroyed_stop_resumes_free_drawing() -> None:
    s = build(stack=(VERY_TIRED, GENIUS), the_fight=fight(WILD_VISION, [WILD_REALIZATION]))
    s = play(s, DrawFree())
    assert DrawFree() not in legal(s)
    s = play(s, UseAbility(0), ChooseTarget(1))
    assert VERY_TIRED in s.destroyed
    assert DrawFree() in legal(s)
    s = play(s, DrawFree())
    assert fight_cards(s) == [WILD_REALIZATION, GENIUS]


def test_f4_a_paid_stop_card_stops_nothing() -> None:
    cards = [fc(GENIUS), fc(VERY_TIRED, paid=True)]
    s = build(stack=(WEAK[0],), the_fight=fight(WILD_VISION, cards, free_drawn=1))
    assert DrawFree() in legal(s)
    assert GAME.view(s, 0).fight.stopped is False  # type: ignore[union-attr]


# --- F5: no voluntary defeat -------------------------------------------------------------


def test_f5_equal_total_wins_and_a_winning_fight_cannot_be_lost() -> None:
    s = build(stack=(WEAK[0],), the_fight=fight(FURTHER_VISION, [GENIUS]))
    assert total(s) == hazard_value(s) == 2
    after = play(s, ResolveFight())
    assert after.phase == "hazard" and after.life == 20
    assert FURTHER_VISION in after.discard  # won: a knowledge card now
    assert not any(isinstance(a, DestroyCard) for a in legal(after))


# --- F6: copy cannot copy copy; step -1 lowers by one step at most --------------------------


def test_f6_copy_cannot_copy_a_copy_card() -> None:
    s = build(stack=(WEAK[0],), the_fight=fight(WILD_VISION, [RAFT_MIMICRY, EXPLORING_MIMICRY]))
    assert UseAbility(0) not in legal(s) and UseAbility(1) not in legal(s)
    s = build(
        stack=(WEAK[0], GENIUS),
        the_fight=fight(WILD_VISION, [RAFT_MIMICRY, EXPLORING_MIMICRY, FURTHER_EXPERIENCE]),
    )
    s = play(s, UseAbility(0))
    assert legal(s) == (ChooseTarget(2),)
    s = play(s, ChooseTarget(2))  # copies +1 card
    assert fight_cards(s)[-1] == WEAK[0]


def test_f6_step_minus_once_however_many_books_and_copies() -> None:
    cards = [BOOKS, RAFT_MIMICRY, EXPLORING_MIMICRY]
    s = build(step=2, stack=(WEAK[0],), the_fight=fight(WILD_VISION, cards))
    assert hazard_value(s) == 11
    s = play(s, UseAbility(1), ChooseTarget(0))  # copy the books: red -> yellow
    assert hazard_value(s) == 7
    # neither the books themselves nor another copy can lower it further
    assert UseAbility(0) not in legal(s) and UseAbility(2) not in legal(s)
    assert hazard_value(s) == 7


def test_f6_step_minus_useless_in_green_and_against_pirates() -> None:
    s = build(step=0, stack=(WEAK[0],), the_fight=fight(WILD_VISION, [BOOKS]))
    assert UseAbility(0) not in legal(s)
    s = build(step=3, stack=(WEAK[0],), the_fight=fight(pirate("6/20"), [BOOKS]))
    assert UseAbility(0) not in legal(s)


# --- F7: double any other face-up card not already doubled ---------------------------------


def test_f7_double_a_negative_card() -> None:
    s = build(stack=(WEAK[0],), the_fight=fight(WILD_VISION, [EXPLORING_REPEAT, DISTRACTED[0]]))
    assert total(s) == 0
    s = play(s, UseAbility(0))
    assert legal(s) == (ChooseTarget(1),)  # not itself
    s = play(s, ChooseTarget(1))
    assert total(s) == 1 - 2


def test_f7_no_card_is_doubled_twice() -> None:
    cards = [EXPLORING_REPEAT, FURTHER_REPEAT, GENIUS]
    s = build(stack=(WEAK[0],), the_fight=fight(WILD_VISION, cards))
    s = play(s, UseAbility(0), ChooseTarget(2))
    assert total(s) == 1 + 2 + 4
    s = play(s, UseAbility(1))
    assert legal(s) == (ChooseTarget(0),)  # the genius is already doubled
    s = play(s, ChooseTarget(0))
    assert total(s) == 2 + 2 + 4


# --- F8: the special pirates --------------------------------------------------------------


def _pirate_fight(label: str, cards: list[int], **kw: Any) -> FridayState:
    p = pirate(label)
    other = pirate("6/20") if label != "6/20" else pirate("7/25")
    return build(step=3, pirates=(p, other), the_fight=fight(p, cards), **kw)


def test_f8_only_half_counts_aging_cards_first_then_the_highest() -> None:
    # 5 cards: ceil(5/2) = 3 count: the aging card and the two highest others.
    cards = [GENIUS, CANNIBAL_WEAPON[0], FOCUSED[0], WEAK[0], STUPID[0]]
    s = _pirate_fight("9/22", cards, stack=(WEAK[1],))
    assert total(s) == -2 + 4 + 2
    cards = [GENIUS, CANNIBAL_WEAPON[0], FOCUSED[0], WEAK[0]]
    assert total(_pirate_fight("9/22", cards, stack=(WEAK[1],))) == 6
    # more aging cards than half: they all count
    cards = [STUPID[0], STUPID[1], MORONIC, CANNIBAL_WEAPON[0]]
    assert total(_pirate_fight("9/22", cards, stack=(WEAK[1],))) == -8


def test_f8_plus_one_per_card() -> None:
    s = _pirate_fight("10/52", [GENIUS, WEAK[0], DISTRACTED[0]], stack=(WEAK[1],))
    assert total(s) == 2 + 0 - 1 + 3
    assert hazard_value(s) == 52


def test_f8_aging_pirate_counts_aging_cards_gone_from_the_aging_stack() -> None:
    # Level 1 uses 10 aging cards; 3 have left the aging stack (one even destroyed).
    gone = (AGING_DISTRACTED, STUPID[0], SUICIDAL)
    left = [c for c in AGING if c not in gone and c != VERY_STUPID]
    s = _pirate_fight(
        "5/*",
        [GENIUS],
        stack=(WEAK[0], AGING_DISTRACTED),
        aging_stack=left,
        discard=(STUPID[0],),
        destroyed=(SUICIDAL,),
    )
    assert hazard_value(s) == 2 * 3
    assert s.fight is not None and s.fight.allowance == 5


def test_f8_aging_pirate_counts_the_level_2_card() -> None:
    s = GAME.new(4, FridayConfig(level=2))
    aging_gone = 10 - len(s.aging_stack)
    assert aging_gone == 1
    # the same count as seen by the rules in a pirate fight at level 2
    p = pirate("5/*")
    t = build(
        level=2,
        step=3,
        pirates=(p, pirate("6/20")),
        aging_stack=s.aging_stack,
        stack=(WEAK[0], *(c for c in s.stack if c in AGING)),
        the_fight=fight(p, [GENIUS]),
    )
    assert hazard_value(t) == 2


def test_f8_all_hazards_pirate_sums_free_cards_and_red_values() -> None:
    p = pirate("*/*")
    s = build(
        step=3,
        phase="pirate",
        pirates=(p, pirate("6/20")),
        stack=(GENIUS, WEAK[0]),
        hazard_stack=(),
        hazard_discard=(FURTHER_VISION, WILD_VISION),
    )
    s = play(s, ChoosePirate(0))
    assert s.fight is not None and s.fight.allowance == 3 + 4
    assert hazard_value(s) == 8 + 11


def test_f8_cost2_pirate_charges_two_life_per_extra_card() -> None:
    p = pirate("7/16")
    f = fight(p, [GENIUS, *DISTRACTED[:3], *FOCUSED], free_drawn=7)  # the allowance, drawn
    s = build(step=3, life=2, pirates=(p, pirate("6/20")), stack=(WEAK[0], WEAK[1]), the_fight=f)
    assert GAME.view(s, 0).fight.paid_cost == 2  # type: ignore[union-attr]
    s = play(s, DrawPaid())
    assert s.life == 0
    assert DrawPaid() not in legal(s)


# --- F9: an empty aging stack when the stack must be rebuilt --------------------------------


def test_f9_reshuffle_adds_the_top_aging_card_and_keeps_fight_cards_out() -> None:
    aging = [c for c in AGING if c != VERY_STUPID]
    s = build(
        stack=(),
        discard=(WEAK[0], FOCUSED[0], DISTRACTED[0]),
        aging_stack=aging,
        the_fight=fight(WILD_VISION, [GENIUS]),
    )
    s = play(s, DrawFree())
    assert s.aging_stack == tuple(aging[1:])
    drawn = fight_cards(s)[1]
    assert sorted((*s.stack, drawn)) == sorted((WEAK[0], FOCUSED[0], DISTRACTED[0], aging[0]))
    assert s.discard == () and fight_cards(s)[0] == GENIUS


def test_f9_defeat_when_no_aging_card_is_left() -> None:
    s = build(stack=(), discard=(WEAK[0],), aging_stack=(), the_fight=fight(WILD_VISION, [GENIUS]))
    s = play(s, DrawFree())
    assert s.result == "lost" and "old age" in s.reason
    out = GAME.outcome(s)
    assert out is not None and out.results[0].result == "loss"


def test_f9_reshuffle_option_reshuffles_without_an_aging_card() -> None:
    s = build(
        empty_aging_stack="reshuffle",
        stack=(),
        discard=(WEAK[0], FOCUSED[0]),
        aging_stack=(),
        the_fight=fight(WILD_VISION, [GENIUS]),
    )
    s = play(s, DrawFree())
    assert s.result is None
    assert sorted((*s.stack, fight_cards(s)[1])) == sorted((WEAK[0], FOCUSED[0]))


def test_f9_reshuffle_option_with_nothing_left_to_draw() -> None:
    s = build(
        empty_aging_stack="reshuffle",
        stack=(),
        discard=(),
        aging_stack=(),
        the_fight=fight(WILD_VISION),
    )
    # nothing can be drawn: the fight may be resolved without a card
    assert legal(s) == (ResolveFight(),)
    s = play(s, ResolveFight())
    assert s.life == 16


# --- F10: life maximum, paying, death -----------------------------------------------------


@pytest.mark.parametrize(("level", "cap"), [(1, 22), (4, 20)])
def test_f10_life_gains_stop_at_the_maximum(level: int, cap: int) -> None:
    s = build(
        level=level,
        life=cap - 1,
        stack=(WEAK[0],),
        the_fight=fight(WILD_VISION, [EATING, RAFT_FOOD[0]]),
    )
    s = play(s, UseAbility(0))
    assert s.life == cap
    s = play(s, UseAbility(1))
    assert s.life == cap


def test_f10_losing_to_exactly_zero_is_survived_below_zero_is_death() -> None:
    s = build(life=4, stack=(GENIUS,), the_fight=fight(WILD_VISION, [WEAK[0]]))
    s = play(s, ResolveFight())
    assert s.life == 0 and s.result is None
    s = build(life=3, stack=(GENIUS,), the_fight=fight(WILD_VISION, [WEAK[0]]))
    s = play(s, ResolveFight())
    assert s.result == "lost" and s.life == 0 and "died" in s.reason


def test_f10_aging_life_loss_can_kill_even_in_a_won_fight() -> None:
    s = build(life=1, stack=(WEAK[0],), the_fight=fight(FURTHER_VISION, [GENIUS, VERY_HUNGRY]))
    s = play(s, ResolveFight())
    assert s.result == "lost"


# --- F11: the score, for won and lost games -----------------------------------------------

_SCORE_CARDS = (
    *CANNIBAL_WEAPON,  # 4 + 4
    44,
    42,
    43,
    45,  # wild animals knowledge: 4 x 3
    *range(36, 42),  # further exploring: 6 x 2
    *EXPLORING_WEAPON,  # 2 + 2
)


def test_f11_score_example_of_section_7() -> None:
    # P2: fighting 36 + pirates 30 + life 10 - aging 5 - hazards 24 = 47.
    assert sum(VALUE[c] for c in _SCORE_CARDS) == 36
    undefeated = tuple(h for h in HAZARDS if h not in _SCORE_CARDS)[:8]
    aging = [c for c in AGING if c not in (STUPID[0], VERY_STUPID)]
    common: dict[str, Any] = dict(
        step=3,
        stack=_SCORE_CARDS[:5],
        discard=(*_SCORE_CARDS[5:], STUPID[0]),
        hazard_stack=(),
        hazard_discard=undefeated,
        aging_stack=aging,
        destroyed=STARTING,
    )
    won = build(life=2, defeated=(True, True), result="won", reason="test", **common)
    out = GAME.outcome(won)
    assert out is not None and out.results[0].result == "win" and out.results[0].score == 47
    # A lost game is scored the same way; no life left counts nothing.
    lost = build(life=0, defeated=(True, False), result="lost", reason="test", **common)
    out = GAME.outcome(lost)
    assert out is not None and out.results[0].result == "loss"
    assert out.results[0].score == 36 + 15 + 0 - 5 - 24


def test_f5_f11_a_won_fight_counts_as_won_when_the_aging_loss_then_kills() -> None:
    """F5: total >= value wins; F2/I16: the aging loss comes at resolution and may kill.
    The beaten hazard is then Robinson's card and the beaten pirate counts 15 (F11)."""
    s = build(life=1, the_fight=fight(FURTHER_VISION, [CANNIBAL_WEAPON[0], VERY_HUNGRY]))
    assert total(s) >= hazard_value(s)
    t = play(s, ResolveFight())
    assert t.result == "lost" and t.life == 0 and "aging" in t.reason
    assert FURTHER_VISION in t.discard and FURTHER_VISION not in t.hazard_discard
    GAME.check_state(t)
    p = pirate("6/20")
    cards = [
        fc(CANNIBAL_WEAPON[0], doubled=True),
        fc(CANNIBAL_WEAPON[1], doubled=True),
        fc(EXPLORING_WEAPON[0]),
        fc(EXPLORING_WEAPON[1]),
        fc(VERY_HUNGRY),
    ]
    s = build(
        step=3, life=1, pirates=(p, pirate("7/25")), hazard_stack=(), the_fight=fight(p, cards)
    )
    assert total(s) >= hazard_value(s)
    t = play(s, ResolveFight())
    assert t.result == "lost" and t.pirates_defeated == (True, False)
    GAME.check_state(t)
    out = GAME.outcome(t)
    assert out is not None
    lost_pirate = attrs.evolve(t, pirates_defeated=(False, False))
    assert out.results[0].score == rules.score(lost_pirate) + 15


def test_f11_score_counts_cards_still_in_a_fight() -> None:
    # The view's running score: fight cards are Robinson's, the enemy an undefeated hazard.
    # Everything else is out of the game (given empty zones leave the rest destroyed).
    s = build(
        stack=(),
        aging_stack=(),
        hazard_stack=(),
        life=3,
        the_fight=fight(WILD_VISION, [GENIUS, STUPID[0]]),
    )
    # genius 2, one aging card -5, life 3 x 5, the hazard fought -3
    assert GAME.view(s, 0).score == 2 - 5 + 15 - 3


# --- F13: the lone last hazard may be fought or skipped -------------------------------------


def test_f13_last_hazard_fight_or_skip_then_the_step_advances() -> None:
    s = build(offer=(WILD_VISION,), hazard_stack=(), hazard_discard=(FURTHER_VISION, WILD_STRATEGY))
    assert legal(s) == (ChooseHazard(0), SkipHazard())
    s = play(s, SkipHazard())
    assert s.step == 1 and s.phase == "hazard"
    assert sorted(s.offer + s.hazard_stack) == sorted((WILD_VISION, FURTHER_VISION, WILD_STRATEGY))
    assert len(s.offer) == 2 and s.hazard_discard == ()


def test_f13_skip_only_for_a_lone_hazard() -> None:
    s = build(offer=(WILD_VISION, FURTHER_VISION))
    with pytest.raises(IllegalActionError):
        play(s, SkipHazard())


def test_f13_finish_destroying_then_lone_hazard() -> None:
    s = build(
        life=9,
        stack=(GENIUS,),
        hazard_stack=(FURTHER_VISION,),
        the_fight=fight(WILD_VISION, [WEAK[0]]),
    )
    s = play(s, ResolveFight(), FinishDestroying())
    assert s.offer == (FURTHER_VISION,) and SkipHazard() in legal(s)


def test_f2_an_aging_card_exchanged_away_costs_no_life() -> None:
    s = build(stack=(GENIUS,), the_fight=fight(FURTHER_VISION, [WILD_STRATEGY, HUNGRY]))
    s = play(s, UseAbility(0), ChooseTarget(1), ResolveFight())  # 3 + 2 >= 2
    assert s.life == 20 and HUNGRY in s.discard


def test_f8_all_hazards_pirate_with_no_hazard_left_is_beaten_at_once() -> None:
    # No free cards, nothing to reach: resolving without a card is allowed (I12) and wins.
    p = pirate("*/*")
    s = build(
        step=3,
        phase="pirate",
        pirates=(p, pirate("6/20")),
        life=0,
        stack=(GENIUS,),
        hazard_stack=(),
        hazard_discard=(),
    )
    s = play(s, ChoosePirate(0))
    assert legal(s) == (ResolveFight(),)
    s = play(s, ResolveFight())
    assert s.pirates_defeated == (True, False)
    assert s.fight is not None and s.fight.enemy == pirate("6/20")


def test_f10_aging_loss_after_beating_a_pirate_can_kill() -> None:
    p = pirate("6/20")
    cards: list[FightCard | int] = [
        *CANNIBAL_WEAPON,  # 4 + 4
        WILD_VISION,  # 3
        WILD_STRATEGY,  # 3
        fc(FURTHER_REPEAT, doubled=True),  # 4
        FURTHER_FOOD,  # 2
        fc(VERY_HUNGRY, paid=True),  # 0, -2 life: paid, past the allowance of 6
    ]
    s = build(
        step=3, life=1, pirates=(p, pirate("7/25")), stack=(WEAK[0],), the_fight=fight(p, cards)
    )
    assert total(s) == 20  # the pirate is beaten ...
    s = play(s, ResolveFight())
    assert s.result == "lost" and "aging" in s.reason  # ... but 2 life are not there
