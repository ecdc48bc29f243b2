"""Knowledge and starting-card abilities (rules section 4)."""

from __future__ import annotations

import pytest

from islandgames import IllegalActionError
from islandgames.games.friday import GAME, rules
from islandgames.games.friday.actions import (
    ChooseTarget,
    DrawFree,
    Replace,
    ResolveFight,
    SortDiscard,
    SortLook,
    SortReturn,
    UseAbility,
)
from islandgames.games.friday.data import STARTING
from islandgames.games.friday.state import PendingReplacement, PendingSort, PendingTarget
from islandgames.games.friday.view import HIDDEN
from tests.friday.friday_kit import (
    DISTRACTED,
    EATING,
    EQUIPMENT,
    EXPLORING_DECEPTION,
    EXPLORING_MIMICRY,
    EXPLORING_REALIZATION,
    FOCUSED,
    FURTHER_FOOD,
    FURTHER_REPEAT,
    FURTHER_STRATEGY,
    FURTHER_VISION,
    GENIUS,
    RAFT_DECEPTION,
    RAFT_FOOD,
    RAFT_MIMICRY,
    STRATEGY2,
    STUPID,
    WEAK,
    WILD_VISION,
    build,
    fc,
    fight,
    fight_cards,
    legal,
    play,
    total,
)


def test_life_abilities() -> None:
    s = build(life=10, stack=(WEAK[0],), the_fight=fight(WILD_VISION, [EATING, RAFT_FOOD[0]]))
    s = play(s, UseAbility(0))
    assert s.life == 12
    s = play(s, UseAbility(1))
    assert s.life == 13


def test_each_ability_once_per_card() -> None:
    s = build(life=10, stack=(WEAK[0],), the_fight=fight(WILD_VISION, [RAFT_FOOD[0]]))
    s = play(s, UseAbility(0))
    assert UseAbility(0) not in legal(s)
    with pytest.raises(IllegalActionError):
        play(s, UseAbility(0))


def test_cards_without_ability_cannot_be_used() -> None:
    s = build(stack=(WEAK[0],), the_fight=fight(WILD_VISION, [GENIUS, STUPID[0]]))
    assert legal(s) == (DrawFree(), ResolveFight())


def test_destroy_removes_another_card_from_the_game() -> None:
    s = build(stack=(WEAK[0],), the_fight=fight(WILD_VISION, [EXPLORING_REALIZATION, STUPID[0]]))
    assert total(s) == 1 - 2
    s = play(s, UseAbility(0))
    assert s.fight is not None and s.fight.pending == PendingTarget("destroy", 0)
    assert legal(s) == (ChooseTarget(1),)  # not itself; nothing else meanwhile
    s = play(s, ChooseTarget(1))
    assert STUPID[0] in s.destroyed and fight_cards(s) == [EXPLORING_REALIZATION]
    assert total(s) == 1


def test_exchange_discards_a_card_and_draws_its_replacement_on_the_same_side() -> None:
    cards = [fc(FURTHER_STRATEGY), fc(STUPID[0]), fc(DISTRACTED[0], paid=True)]
    s = build(stack=(GENIUS, FOCUSED[0]), the_fight=fight(WILD_VISION, cards))
    s = play(s, UseAbility(0), ChooseTarget(2))
    assert s.fight is not None
    assert s.fight.cards[2] == fc(GENIUS, paid=True)
    assert s.discard[0] == DISTRACTED[0]
    assert UseAbility(0) not in legal(s)  # 1x exchange


def test_an_exchange_whose_draw_ends_the_game_counts_the_card_once() -> None:
    """F9 defeat during the replacement draw: the exchanged card is already on the
    discard pile and must not be discarded again with the fight cards (F11 score)."""
    others = tuple(c for c in STARTING if c != GENIUS)
    s = build(
        stack=(),
        aging_stack=(),
        discard=others,
        the_fight=fight(FURTHER_FOOD, [FURTHER_STRATEGY, GENIUS]),
    )
    before = rules.score(s)
    s = play(s, UseAbility(0), ChooseTarget(1))
    assert s.result == "lost" and "old age" in s.reason
    assert sorted(s.discard) == sorted((*others, FURTHER_STRATEGY, GENIUS))
    GAME.check_state(s)  # every card in exactly one place
    assert rules.score(s) == before


def test_two_exchanges_and_the_replacement_may_use_its_ability() -> None:
    cards = [STRATEGY2[0], STUPID[0], DISTRACTED[0]]
    s = build(stack=(RAFT_FOOD[0], GENIUS, WEAK[0]), life=10, the_fight=fight(WILD_VISION, cards))
    s = play(s, UseAbility(0), ChooseTarget(1))
    assert fight_cards(s) == [STRATEGY2[0], RAFT_FOOD[0], DISTRACTED[0]]
    assert UseAbility(0) in legal(s) and UseAbility(1) in legal(s)
    s = play(s, UseAbility(1))  # the newly drawn food
    assert s.life == 11
    s = play(s, UseAbility(0), ChooseTarget(2))
    assert fight_cards(s) == [STRATEGY2[0], RAFT_FOOD[0], GENIUS]
    assert UseAbility(0) not in legal(s)
    assert s.discard[:2] == (DISTRACTED[0], STUPID[0])


def test_below_the_pile_with_a_replacement_for_a_free_card() -> None:
    s = build(stack=(GENIUS, WEAK[0]), the_fight=fight(WILD_VISION, [RAFT_DECEPTION, STUPID[0]]))
    s = play(s, UseAbility(0), ChooseTarget(1))
    assert s.stack == (GENIUS, WEAK[0], STUPID[0])
    assert s.known_bottom == 1  # the player knows the card under the pile
    assert GAME.view(s, 0).stack_bottom == (STUPID[0],)
    assert GAME.view(s, None).stack_bottom == ()
    assert s.fight is not None and isinstance(s.fight.pending, PendingReplacement)
    assert legal(s) == (Replace(True), Replace(False))
    s = play(s, Replace(True))
    assert s.fight is not None and s.fight.cards[-1] == fc(GENIUS)
    assert s.fight.free_drawn == 2  # the replacement does not use the allowance


def test_below_the_pile_without_replacement() -> None:
    s = build(stack=(GENIUS,), the_fight=fight(WILD_VISION, [RAFT_DECEPTION, STUPID[0]]))
    s = play(s, UseAbility(0), ChooseTarget(1), Replace(False))
    assert fight_cards(s) == [RAFT_DECEPTION] and s.stack == (GENIUS, STUPID[0])


def test_below_the_pile_of_a_paid_card_has_no_replacement() -> None:
    # the allowance (3) drawn, then one paid card (I11)
    cards = [fc(EXPLORING_DECEPTION), fc(WEAK[0]), fc(WEAK[1]), fc(STUPID[0], paid=True)]
    s = build(stack=(GENIUS,), the_fight=fight(FURTHER_VISION, cards, free_drawn=3))
    s = play(s, UseAbility(0), ChooseTarget(3))
    assert s.fight is not None and s.fight.pending is None
    assert s.stack == (GENIUS, STUPID[0])


def test_copy_performs_the_copied_ability_once() -> None:
    cards = [RAFT_MIMICRY, EQUIPMENT[0], STRATEGY2[0]]
    s = build(stack=(GENIUS, FOCUSED[0], WEAK[0]), the_fight=fight(WILD_VISION, cards))
    s = play(s, UseAbility(0))
    assert legal(s) == (ChooseTarget(1), ChooseTarget(2))
    s = play(s, ChooseTarget(1))  # +2 cards, even though the equipment is unused
    assert fight_cards(s) == [*cards, GENIUS, FOCUSED[0]]
    assert UseAbility(1) in legal(s)  # the equipment itself is still available


def test_copying_a_2x_exchange_exchanges_once_with_the_copy_card_as_source() -> None:
    cards = [EXPLORING_MIMICRY, STRATEGY2[0], STUPID[0]]
    s = build(stack=(GENIUS,), the_fight=fight(WILD_VISION, cards))
    s = play(s, UseAbility(0), ChooseTarget(1))
    assert s.fight is not None and s.fight.pending == PendingTarget("exchange2", 0)
    assert legal(s) == (ChooseTarget(1), ChooseTarget(2))  # any card but the copy card
    s = play(s, ChooseTarget(2))
    assert fight_cards(s) == [EXPLORING_MIMICRY, STRATEGY2[0], GENIUS]
    assert s.fight is not None and s.fight.pending is None


def test_copy_of_double_may_double_the_double_card() -> None:
    cards = [RAFT_MIMICRY, FURTHER_REPEAT]
    s = build(stack=(GENIUS,), the_fight=fight(WILD_VISION, cards))
    s = play(s, UseAbility(0), ChooseTarget(1), ChooseTarget(1))
    assert total(s) == 4


def test_copy_needs_something_usable_to_copy() -> None:
    s = build(
        stack=(),
        discard=(),
        aging_stack=(),
        empty_aging_stack="reshuffle",
        the_fight=fight(WILD_VISION, [RAFT_MIMICRY, EQUIPMENT[0]]),
    )
    # +2 cards cannot draw anything (nothing left at all), so neither can its copy
    assert UseAbility(0) not in legal(s) and UseAbility(1) not in legal(s)


def test_sort_look_discard_return() -> None:
    stack = (STUPID[0], GENIUS, WEAK[0], FOCUSED[0])
    s = build(stack=stack, the_fight=fight(WILD_VISION, [FURTHER_VISION]))
    s = play(s, UseAbility(0))  # the first card is taken at once
    assert s.fight is not None and s.fight.pending == PendingSort(0, (STUPID[0],))
    assert legal(s) == (SortLook(), SortDiscard(0), SortReturn(0))
    s = play(s, SortLook(), SortLook())
    assert s.fight is not None and isinstance(s.fight.pending, PendingSort)
    assert s.fight.pending.looked == (STUPID[0], GENIUS, WEAK[0])
    assert SortLook() not in legal(s)  # three at most
    # the player sees the cards, a spectator only how many
    assert GAME.view(s, 0).fight.fight.pending.looked == (STUPID[0], GENIUS, WEAK[0])  # type: ignore[union-attr]
    assert GAME.view(s, None).fight.fight.pending.looked == (HIDDEN,) * 3  # type: ignore[union-attr]
    s = play(s, SortDiscard(0))
    assert s.discard == (STUPID[0],)
    assert not any(isinstance(a, SortDiscard) for a in legal(s))  # at most one
    s = play(s, SortReturn(1))  # weak first ...
    assert SortLook() not in legal(s)  # no looking once returning started
    s = play(s, SortReturn(0))  # ... genius last: on top
    assert s.stack == (GENIUS, WEAK[0], FOCUSED[0])
    assert s.known_top == 2
    assert s.fight is not None and s.fight.pending is None
    assert GAME.view(s, 0).stack_top == (GENIUS, WEAK[0])
    assert GAME.view(s, None).stack_top == ()
    s = play(s, DrawFree())
    assert fight_cards(s)[-1] == GENIUS and s.known_top == 1


def test_sort_ends_when_the_only_held_card_is_discarded() -> None:
    s = build(stack=(STUPID[0], GENIUS), the_fight=fight(WILD_VISION, [FURTHER_VISION]))
    s = play(s, UseAbility(0), SortDiscard(0))
    assert s.fight is not None and s.fight.pending is None
    assert s.stack == (GENIUS,) and s.discard == (STUPID[0],)


def test_abilities_wait_while_a_target_is_pending() -> None:
    s = build(
        stack=(WEAK[0],), the_fight=fight(WILD_VISION, [FURTHER_FOOD, FURTHER_REPEAT, GENIUS])
    )
    s = play(s, UseAbility(1))
    assert legal(s) == (ChooseTarget(0), ChooseTarget(2))
    with pytest.raises(IllegalActionError):
        play(s, ResolveFight())


def test_below_onto_an_empty_stack_is_known_from_the_top() -> None:
    s = build(
        stack=(), discard=(GENIUS,), the_fight=fight(WILD_VISION, [RAFT_DECEPTION, STUPID[0]])
    )
    s = play(s, UseAbility(0), ChooseTarget(1))
    assert s.stack == (STUPID[0],) and (s.known_top, s.known_bottom) == (1, 0)
    assert GAME.view(s, 0).stack_top == (STUPID[0],)
    s = play(s, Replace(True))  # draws the same card straight back
    assert fight_cards(s) == [RAFT_DECEPTION, STUPID[0]] and s.stack == ()
    assert (s.known_top, s.known_bottom) == (0, 0)
