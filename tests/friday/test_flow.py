"""Steps, the pirate stage, the end of the game."""

from __future__ import annotations

import pytest

from islandgames import GameOverError
from islandgames.games.friday import GAME
from islandgames.games.friday.actions import (
    ChooseHazard,
    ChoosePirate,
    DrawFree,
    DrawPaid,
    FinishDestroying,
    ResolveFight,
    UseAbility,
)
from islandgames.games.friday.data import AGING, VERY_STUPID
from islandgames.games.friday.state import FightCard
from tests.friday.friday_kit import (
    CANNIBAL_WEAPON,
    EQUIPMENT,
    FOCUSED,
    FURTHER_VISION,
    GENIUS,
    WEAK,
    WILD_STRATEGY,
    WILD_VISION,
    build,
    fc,
    fight,
    fight_cards,
    legal,
    pirate,
    play,
)


def test_two_hazards_are_offered_while_the_hazard_stack_has_two() -> None:
    s = build(
        stack=(FOCUSED[0],),
        hazard_stack=(WILD_VISION, FURTHER_VISION, WILD_STRATEGY),
        the_fight=fight(CANNIBAL_WEAPON[0], [GENIUS]),
        hazard_discard=(CANNIBAL_WEAPON[1],),
    )
    s = play(s, ResolveFight(), FinishDestroying())
    assert s.offer == (WILD_VISION, FURTHER_VISION) and s.hazard_stack == (WILD_STRATEGY,)
    assert s.step == 0


def test_exhausted_hazard_stack_advances_the_step_with_the_discarded_hazards() -> None:
    s = build(
        stack=(FOCUSED[0],),
        hazard_stack=(),
        hazard_discard=(WILD_VISION, WILD_STRATEGY),
        the_fight=fight(FURTHER_VISION, [GENIUS]),
    )
    s = play(s, ResolveFight())  # won in green
    assert s.step == 1
    assert sorted(s.offer) == sorted((WILD_VISION, WILD_STRATEGY))
    assert s.hazard_discard == () and s.hazard_stack == ()


def test_a_lost_last_hazard_returns_in_the_next_step() -> None:
    s = build(
        life=10,
        stack=(FOCUSED[0],),
        hazard_stack=(),
        hazard_discard=(WILD_STRATEGY,),
        the_fight=fight(WILD_VISION, [GENIUS]),
    )
    s = play(s, ResolveFight(), FinishDestroying())
    assert s.step == 1 and sorted(s.offer) == sorted((WILD_VISION, WILD_STRATEGY))


def test_no_hazard_left_goes_straight_to_the_pirates() -> None:
    s = build(
        step=1,
        stack=(FOCUSED[0],),
        hazard_stack=(),
        the_fight=fight(FURTHER_VISION, [GENIUS, FOCUSED[1], FOCUSED[2]]),
    )
    assert len(s.hazard_discard) == 0
    s = play(s, ResolveFight())  # genius 2 + 1 + 1 = 4 against yellow 5: lost
    assert s.phase == "destroy"
    s = play(s, FinishDestroying())
    # the lost hazard is the only one left: red step with it alone
    assert s.step == 2 and s.offer == (FURTHER_VISION,)
    s = build(
        step=1,
        stack=(WEAK[0],),
        hazard_stack=(),
        # three free cards (the allowance) and one paid
        the_fight=fight(FURTHER_VISION, [GENIUS, FOCUSED[1], FOCUSED[2], fc(FOCUSED[0], True)]),
    )
    s = play(s, ResolveFight())  # won: nothing left at all
    assert s.step == 3 and s.phase == "pirate"
    assert legal(s) == (ChoosePirate(0), ChoosePirate(1))


def test_pirates_in_the_chosen_order_then_victory() -> None:
    p1, p2 = pirate("6/20"), pirate("7/25")
    s = build(step=3, phase="pirate", pirates=(p1, p2), hazard_stack=(), stack=(GENIUS, FOCUSED[0]))
    s = play(s, ChoosePirate(1))
    assert s.fight is not None and s.fight.enemy == p2 and s.fight.allowance == 7
    # beat the 7/25 pirate: put it in a winning position directly
    cards = list(range(36, 48))  # knowledge worth 2+2+2+2+2+2+3+3+3+3+4+4 = 32

    def drawn(allowance: int) -> list[FightCard | int]:
        """The cards as drawn: the allowance free, the rest paid."""
        return [*cards[:allowance], *(fc(c, paid=True) for c in cards[allowance:])]

    s = build(
        step=3,
        pirates=(p1, p2),
        hazard_stack=(),
        stack=(GENIUS, FOCUSED[0]),
        the_fight=fight(p2, drawn(7), free_drawn=7),
    )
    s = play(s, ResolveFight())
    assert s.pirates_defeated == (False, True)
    assert s.fight is not None and s.fight.enemy == p1  # the other one follows at once
    assert set(cards) <= set(s.discard)
    s = build(
        step=3,
        pirates=(p1, p2),
        defeated=(False, True),
        hazard_stack=(),
        stack=(GENIUS,),
        the_fight=fight(p1, drawn(6)),
    )
    s = play(s, ResolveFight())
    assert s.result == "won" and s.phase == "over" and s.fight is None
    out = GAME.outcome(s)
    assert out is not None and out.results[0].result == "win" and out.winners == (0,)
    assert GAME.to_act(s) == () and GAME.legal_actions(s, 0) == ()
    with pytest.raises(GameOverError):
        GAME.apply(s, 0, DrawFree())


def test_losing_a_pirate_fight_loses_the_game() -> None:
    p1, p2 = pirate("6/20"), pirate("7/25")
    s = build(
        step=3, pirates=(p1, p2), hazard_stack=(), stack=(WEAK[0],), the_fight=fight(p1, [GENIUS])
    )
    s = play(s, ResolveFight())
    assert s.result == "lost" and s.reason == "Robinson lost a pirate fight"
    assert s.pirates_defeated == (False, False)
    assert s.life == 20  # no life is paid for the difference
    assert GENIUS in s.discard and s.fight is None


def test_stack_runs_out_during_an_ability_draw() -> None:
    aging = [c for c in AGING if c != VERY_STUPID]
    s = build(
        stack=(GENIUS,),
        discard=(WEAK[0], WEAK[1]),
        aging_stack=aging,
        the_fight=fight(WILD_VISION, [EQUIPMENT[0]]),
    )
    s = play(s, UseAbility(0))  # draws the genius, then rebuilds the stack
    assert fight_cards(s)[:2] == [EQUIPMENT[0], GENIUS]
    assert len(s.aging_stack) == len(aging) - 1
    assert sorted((*s.stack, fight_cards(s)[2])) == sorted((WEAK[0], WEAK[1], aging[0]))


def test_death_by_old_age_during_an_ability_draw_ends_the_game_at_once() -> None:
    s = build(
        stack=(GENIUS,),
        discard=(WEAK[0],),
        aging_stack=(),
        the_fight=fight(WILD_VISION, [EQUIPMENT[0]]),
    )
    s = play(s, UseAbility(0))
    assert s.result == "lost" and "old age" in s.reason
    assert s.fight is None
    # the fight's cards went back to Robinson, the hazard to the hazard discard pile
    assert {EQUIPMENT[0], GENIUS, WEAK[0]} <= set(s.discard)
    assert s.hazard_discard[0] == WILD_VISION
    GAME.check_state(s)


def test_paid_draw_cannot_kill() -> None:
    s = build(
        life=1,
        stack=(WEAK[0], WEAK[1]),
        the_fight=fight(FURTHER_VISION, [FOCUSED[0], FOCUSED[1], FOCUSED[2]], free_drawn=3),
    )
    s = play(s, DrawPaid())
    assert s.life == 0 and s.result is None
    assert legal(s) == (ResolveFight(),)


def test_full_game_choose_hazard_flow() -> None:
    s = GAME.new(7)
    first, second = s.offer
    s = play(s, ChooseHazard(0))
    assert s.fight is not None and s.fight.enemy == first
    assert s.hazard_discard == (second,)
