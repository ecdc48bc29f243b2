"""The ten places: powers, take-backs, ineffective places (section 1.3; N5, N6, N19)."""

from __future__ import annotations

from typing import Any

import pytest

from islandgames import IllegalActionError
from islandgames.games.not_alone.actions import (
    Explore,
    Forgo,
    KeepSurvival,
    Pass,
    PlaceToken,
    PlayHunt,
    Resist,
    RiverKeep,
    TakeBack,
    UsePower,
)
from islandgames.games.not_alone.data import SURVIVAL_NAMES
from tests.not_alone import not_alone_kit as na


def reckon(plays: dict[int, tuple[int, ...]], creature: int, *extra: Any, **kw: Any) -> Any:
    """Build an exploration, commit ``plays``, hunt with the Creature token on
    ``creature`` (after ``extra`` Creature actions) and skip to the first decision.
    With one play given, a second Hunted (seat 2) explores the River (3) so that the
    Reckoning is still waiting for them after seat 1's decision."""
    plays = dict(plays)
    if len(plays) == 1:
        plays[2] = (3,)
    s = na.build(len(plays), **kw)
    s = na.explore(s, plays)
    return na.hunt(s, creature, *extra)


# --- 1 The Lair -----------------------------------------------------------------------


def test_lair_takes_back_the_whole_discard_pile() -> None:
    s = reckon({1: (1,)}, 9, discards={1: (2, 4)})
    assert s.step == "resolve_free" and s.queue == ((0, 1), (1, 3))
    assert na.game.to_act(s) == (1,)
    s = na.act(s, 1, UsePower(1, 1))
    h = na.h(s, 1)
    assert h.hand == (2, 3, 4, 5) and h.discard == () and h.played == (1,)


def test_lair_offers_its_copy_of_the_creature_token_place() -> None:
    s = reckon({1: (1,)}, 9, discards={1: (2, 4)})
    assert na.of(s, 1, UsePower) == [
        UsePower(1, 1),
        UsePower(1, 9, seat=-1),  # the Source's draw (nobody has lost Will)
    ]


def test_lair_copies_the_creature_token_place_even_if_ineffective_n6() -> None:
    s = reckon(
        {1: (1,)},
        8,
        PlayHunt("interference"),
        hunt_hand=("interference",),
        discards={1: (2,)},
    )
    assert UsePower(1, 8) in na.of(s, 1, UsePower)
    s = na.act(s, 1, UsePower(1, 8))
    assert s.rescue == 14 - 1 and s.wreck_used


def test_lair_cannot_copy_the_artefact() -> None:
    s = reckon({1: (1,)}, 10, discards={1: (2,)})
    assert na.of(s, 1, UsePower) == [UsePower(1, 1)]


def test_lair_copy_of_the_jungle_returns_the_lair() -> None:
    s = reckon({1: (1,)}, 2, discards={1: (3,)})
    s = na.act(s, 1, UsePower(1, 2, cards=(3,)))
    h = na.h(s, 1)
    assert h.hand == (1, 2, 3, 4, 5) and h.played == (0,)


def test_caught_on_the_lair_loses_one_extra_will_n19() -> None:
    s = reckon({1: (1,)}, 1)
    s = na.settle(s)
    assert na.h(s, 1).will == 1
    assert s.assimilation == 8 - 1


# --- 2 The Jungle / 6 The Swamp -------------------------------------------------------


def test_jungle_returns_itself_and_one_discarded_card() -> None:
    s = reckon({1: (2,)}, 9, discards={1: (4, 5)})
    opts = na.of(s, 1, UsePower)
    assert opts == [UsePower(2, 2), UsePower(2, 2, cards=(4,)), UsePower(2, 2, cards=(5,))]
    s = na.act(s, 1, UsePower(2, 2, cards=(4,)))
    h = na.h(s, 1)
    assert h.hand == (1, 2, 3, 4) and h.discard == (5,) and h.played == (0,)
    s = na.settle(s)
    assert na.h(s, 1).discard == (5,)  # the Jungle is no longer in play


def test_swamp_returns_itself_and_up_to_two_discarded_cards() -> None:
    s = reckon({1: (6,)}, 9, hands={1: (1, 6)}, discards={1: (2, 3, 4, 5)})
    opts = na.of(s, 1, UsePower)
    assert len(opts) == 1 + 4 + 6
    s = na.act(s, 1, UsePower(6, 6, cards=(2, 5)))
    h = na.h(s, 1)
    assert h.hand == (1, 2, 5, 6) and h.discard == (3, 4) and h.played == (0,)


def test_persecution_limits_the_swamp_to_one_card() -> None:
    kw: dict[str, Any] = dict(
        hunt_hand=("persecution",), hands={1: (1, 6)}, discards={1: (2, 3, 4, 5)}
    )
    s = reckon({1: (6,)}, 9, PlayHunt("persecution"), **kw)
    opts = na.of(s, 1, UsePower)
    assert opts == [UsePower(6, 6, cards=c) for c in ((), (2,), (3,), (4,), (5,))]
    s = na.act(s, 1, UsePower(6, 6, cards=(4,)))
    h = na.h(s, 1)  # the Swamp stays in play: only one card comes back
    assert h.hand == (1, 4) and h.played == (6,)


def test_persecution_limits_the_jungle_and_the_lair() -> None:
    kw: dict[str, Any] = dict(hunt_hand=("persecution",), discards={1: (4, 5)})
    s = reckon({1: (2,)}, 9, PlayHunt("persecution"), **kw)
    s = na.act(s, 1, UsePower(2, 2))  # "this card" is the one card taken back
    assert na.h(s, 1).hand == (1, 2, 3) and na.h(s, 1).discard == (4, 5)
    s = reckon({1: (1,)}, 10, PlayHunt("persecution"), **kw)
    assert na.of(s, 1, UsePower) == [UsePower(1, 1, cards=(4,)), UsePower(1, 1, cards=(5,))]
    s = na.act(s, 1, UsePower(1, 1, cards=(5,)))
    assert na.h(s, 1).hand == (2, 3, 5) and na.h(s, 1).discard == (4,)


# --- 3 The River / 10 The Artefact ----------------------------------------------------


def test_river_gives_a_double_play_with_a_hidden_keep() -> None:
    s = reckon({1: (3,)}, 9)
    s = na.act(s, 1, UsePower(3, 3))
    assert na.h(s, 1).next_double == "river"
    s = na.settle(s)
    assert s.turn == 2 and na.h(s, 1).double == "river"
    assert all(len(a.cards) == 2 for a in na.of(s, 1, Explore))
    s = na.explore(s, {1: (4, 5), 2: (1,)})
    s = na.act(s, 0, PlaceToken("creature", (4,)), Pass())
    assert s.step == "prepare" and na.game.to_act(s) == (1,)
    assert na.of(s, 1, RiverKeep) == [RiverKeep(4), RiverKeep(5)]
    s = na.act(s, 1, RiverKeep(5))
    h = na.h(s, 1)
    assert h.played == (5,) and 4 in h.hand and h.places == (5,)
    s = na.settle(s)
    assert na.h(s, 1).double == ""


def test_a_pending_double_play_needs_two_cards_in_hand_n9() -> None:
    s = na.build(1, hands={1: (2,)}, discards={1: (1, 3, 4, 5)}, extra={1: {"double": "river"}})
    assert na.of(s, 1, Explore) == []
    assert {type(a).__name__ for a in na.legal(s, 1)} == {"Resist", "GiveUp"}
    s = na.act(s, 1, Resist(1, (1, 3)))
    assert na.of(s, 1, Explore) == [Explore((1, 2)), Explore((1, 3)), Explore((2, 3))]


def test_artefact_resolves_both_places_in_the_chosen_order() -> None:
    s = na.build(1, extra={1: {"double": "artefact"}})
    s = na.explore(s, {1: (2, 4)})
    s = na.hunt(s, 9)
    assert s.queue == ((0, 2), (0, 4)) and na.h(s, 1).places == (2, 4)
    s = na.act(s, 1, UsePower(4, 4))
    assert s.marker and s.queue == ((0, 2),)
    s = na.act(s, 1, Forgo(2))
    assert s.turn == 2


def test_artefact_power_then_river_power_is_refused() -> None:
    s = na.build(1, hands={1: (1, 2, 3, 4, 5, 10)}, extra={1: {"double": "artefact"}})
    s = na.hunt(na.explore(s, {1: (3, 10)}), 9)
    s = na.act(s, 1, UsePower(10, 10))
    assert na.h(s, 1).next_double == "artefact"
    assert na.of(s, 1, UsePower) == []  # the River cannot add a second pending play
    s = na.settle(s)
    assert na.h(s, 1).double == "artefact"


def test_artefact_double_play_caught_on_two_creature_places_loses_will_for_each() -> None:
    s = na.build(
        1,
        hunt_hand=("clone",),
        hands={1: (1, 2, 3, 4, 5, 10)},
        extra={1: {"double": "artefact"}},
    )
    s = na.explore(s, {1: (2, 4)})
    s = na.hunt(s, 2, PlayHunt("clone"), PlaceToken("target", (4,)))
    s = na.settle(s)
    assert na.h(s, 1).will == 1 and s.assimilation == 7 - 1


# --- 4 The Beach / 8 The Wreck --------------------------------------------------------


def test_beach_places_the_marker_once_per_turn() -> None:
    s = reckon({1: (4,), 2: (4,)}, 9)
    s = na.act(s, 1, UsePower(4, 4))
    assert s.marker and s.beach_used and s.rescue == 14
    assert na.of(s, 2, UsePower) == []  # once per turn, for everybody


def test_beach_removes_the_marker_to_move_rescue() -> None:
    s = reckon({1: (4,)}, 9, marker=True)
    s = na.act(s, 1, UsePower(4, 4))
    assert not s.marker and s.rescue == 14 - 1


def test_wreck_moves_rescue_once_per_turn() -> None:
    s = reckon(
        {1: (8,), 2: (8,)},
        9,
        hands={1: (1, 2, 3, 4, 5, 8), 2: (1, 2, 3, 4, 5, 8)},
    )
    s = na.act(s, 1, UsePower(8, 8))
    assert s.rescue == 14 - 1 and s.wreck_used
    assert na.of(s, 2, UsePower) == []


def test_interference_beach_and_wreck_give_neither_power_nor_take_back_n5() -> None:
    s = reckon(
        {1: (8,)},
        9,
        PlayHunt("interference"),
        hunt_hand=("interference",),
        hands={1: (1, 8)},
        discards={1: (2, 3, 4, 5)},
    )
    assert s.queue == ((1, 3),)  # only the witness resolves


# --- 5 The Rover ----------------------------------------------------------------------


def test_rover_takes_an_unowned_reserve_card() -> None:
    s = reckon({1: (5,)}, 9, hands={1: (1, 2, 3, 4, 5, 7)})
    assert [a.cards for a in na.of(s, 1, UsePower)] == [(6,), (8,), (9,), (10,)]
    assert s.reserve == (2, 1, 2, 2, 2)
    s = na.act(s, 1, UsePower(5, 5, cards=(9,)))
    assert 9 in na.h(s, 1).hand and s.reserve == (2, 1, 2, 1, 2)


def test_rover_needs_a_copy_left_in_the_reserve() -> None:
    # 1 Hunted: one copy of each; the Hunted already owns 6-9, nobody else exists
    s = na.build(1, hands={1: (1, 2, 3, 4, 5, 6, 7, 8, 9)})
    s = na.hunt(na.explore(s, {1: (5,)}), 2)
    assert na.of(s, 1, UsePower) == [UsePower(5, 5, cards=(10,))]
    s = na.build(1, hands={1: tuple(range(1, 11))})
    s = na.hunt(na.explore(s, {1: (5,)}), 2)
    assert na.of(s, 1, UsePower) == []


# --- 7 The Shelter --------------------------------------------------------------------


@pytest.mark.parametrize("version", ["1.0", "1.1"])
def test_shelter_draws_two_keeps_one(version: str) -> None:
    s = reckon(
        {1: (7,)},
        9,
        hands={1: (1, 7)},
        discards={1: (2, 3, 4, 5)},
        survival_deck_top=("gate", "dodge"),
        version=version,
    )
    game = na.game_of(s)
    s = na.act(s, 1, UsePower(7, 7))
    assert s.shelter == ("dodge", "gate") and game.to_act(s) == (1,)
    assert na.legal(s, 1) == (KeepSurvival("dodge"), KeepSurvival("gate"))
    assert na.legal(s, 2) == ()
    s = na.act(s, 1, KeepSurvival("gate"))
    assert na.h(s, 1).survival == ("gate",) and s.survival_discard[-1] == "dodge"
    assert s.shelter == ()
    if version == "1.1":  # E28: a window for the drawer first (Gate is no window card)
        assert game.to_act(s) == (1,) and na.legal(s, 1) == (Pass(),)
        s = na.act(s, 1, Pass())
    assert game.to_act(s) == (2,)


def test_shelter_reshuffles_the_discard_for_its_second_card_n17() -> None:
    rest = [c for c in SURVIVAL_NAMES if c != "adrenaline"]
    s = reckon({1: (7,)}, 9, hands={1: (1, 7)}, discards={1: (2, 3, 4, 5)}, survival_discard=rest)
    s = na.act(s, 1, UsePower(7, 7))
    assert len(s.shelter) == 2 and "adrenaline" in s.shelter
    assert len(s.survival_deck) == 13 and s.survival_discard == ()


def test_shelter_with_a_single_card_available_gives_it() -> None:
    rest = tuple(c for c in SURVIVAL_NAMES if c != "adrenaline")
    s = reckon({1: (7,)}, 9, hands={1: (1, 7)}, discards={1: (2, 3, 4, 5)}, survival={2: rest})
    s = na.act(s, 1, UsePower(7, 7))
    assert s.shelter == () and na.h(s, 1).survival == ("adrenaline",)
    s = reckon(
        {1: (7,)},
        9,
        hands={1: (1, 7)},
        discards={1: (2, 3, 4, 5)},
        survival={2: (*rest, "adrenaline")},
    )
    assert na.of(s, 1, UsePower) == []


# --- 9 The Source ---------------------------------------------------------------------


def test_source_heals_a_hunted_with_one_or_two_will_or_draws() -> None:
    s = reckon(
        {1: (9,), 2: (1,)},
        3,
        hands={1: (1, 2, 3, 4, 5, 9)},
        will={2: 2},
        survival_deck_top=("drone",),
    )
    assert na.of(s, 1, UsePower) == [UsePower(9, 9, seat=2), UsePower(9, 9)]
    healed = na.act(s, 1, UsePower(9, 9, seat=2))
    assert na.h(healed, 2).will == 3
    drew = na.act(s, 1, UsePower(9, 9))
    assert na.h(drew, 1).survival == ("drone",)


# --- take-back, tokens, ineffective places --------------------------------------------


def test_a_token_free_place_allows_a_take_back_instead() -> None:
    s = reckon({1: (2,)}, 9, discards={1: (4, 5)})
    assert na.of(s, 1, TakeBack) == [TakeBack(2, 4), TakeBack(2, 5)]
    s = na.act(s, 1, TakeBack(2, 5))
    assert na.h(s, 1).hand == (1, 3, 5) and na.h(s, 1).played == (2,)


def test_a_place_with_the_creature_token_gives_nothing() -> None:
    s = reckon({1: (2,), 2: (3,)}, 2)
    assert s.queue == ((1, 3),)  # only seat 2 resolves
    with pytest.raises(IllegalActionError):
        na.act(s, 1, Forgo(2))
    s = na.settle(s)
    assert na.h(s, 1).will == 2 and s.assimilation == 7


def test_only_the_head_of_the_queue_may_resolve() -> None:
    s = reckon({1: (2,), 2: (5,)}, 9)
    assert na.game.to_act(s) == (1,) and na.legal(s, 2) == ()
