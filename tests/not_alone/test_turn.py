"""Setup, Exploration (Resist, Give Up), the Reckoning's order, exhaustion, the end of
the turn and the instant end of the game (sections 2-5; N1-N4, N17, N20, N25)."""

from __future__ import annotations

import pytest

from islandgames import IllegalActionError, InvalidConfigError, get_game
from islandgames.games.not_alone import GAME, NotAloneConfig
from islandgames.games.not_alone.actions import (
    Explore,
    Forgo,
    GiveUp,
    Pass,
    PlaceToken,
    Resist,
    TakeBack,
    UsePower,
)
from tests.not_alone import not_alone_kit as na

# --- setup ------------------------------------------------------------------------------


@pytest.mark.parametrize("version", ["1.0", "1.1"])
@pytest.mark.parametrize("hunted", [1, 2, 3, 4, 5, 6])
def test_setup_for_every_player_count(hunted: int, version: str) -> None:
    game = get_game("not-alone", rules_version=version)
    s = game.new(7, NotAloneConfig(hunted=hunted))
    players = hunted + 1
    assert GAME.seat_count(s) == players
    assert s.rescue == 11 + players and s.assimilation == 5 + players
    copies = 1 if players < 3 else (2 if players < 5 else 3)
    assert s.reserve == (copies,) * 5
    assert all(h.hand == (1, 2, 3, 4, 5) and h.will == 3 for h in s.hunted)
    assert all(len(h.survival) == 1 for h in s.hunted)
    assert len(s.survival_deck) == 15 - hunted
    assert len(s.hunt_hand) == 3 and len(s.hunt_deck) == 17
    assert not s.marker and s.turn == 1 and s.phase == 1
    assert s.step == "creature_window"
    # E2: 1.0 waits on the Creature's window first; from 1.1 the Hunted explore alongside
    assert game.to_act(s) == ((0,) if version == "1.0" else tuple(range(players)))
    assert [game.role(s, k) for k in range(players)] == ["creature"] + ["hunted"] * hunted


def test_the_creature_seat_is_configurable_and_order_starts_at_its_left_n25() -> None:
    s = GAME.new(3, NotAloneConfig(hunted=3, creature_seat=2))
    assert GAME.role(s, 2) == "creature" and GAME.role(s, 0) == "hunted"
    assert [h.seat for h in s.hunted] == [3, 0, 1]  # resolution order


@pytest.mark.parametrize(
    "config",
    [
        NotAloneConfig(hunted=0),
        NotAloneConfig(hunted=7),
        NotAloneConfig(board="c"),  # type: ignore[arg-type]
        NotAloneConfig(creature_seat=4),
        NotAloneConfig(exhausted_will=0),
    ],
)
def test_bad_configs_are_refused(config: NotAloneConfig) -> None:
    with pytest.raises(InvalidConfigError):
        GAME.new(1, config)


def test_phase1_window_then_exploration_1_0_e2() -> None:
    s = na.build(2, step="creature_window", hunt_hand=("stasis",), version="1.0")
    assert na.legal(s, 0) == (Pass(),) and na.V10.to_act(s) == (0,)
    assert na.legal(s, 1) == ()
    s = na.act(s, 0, Pass())
    assert s.step == "explore" and na.V10.to_act(s) == (1, 2)


def test_phase1_window_alongside_the_exploration_1_1_e2() -> None:
    s = na.build(2, step="creature_window", hunt_hand=("stasis",))
    assert na.legal(s, 0) == (Pass(),) and na.game.to_act(s) == (0, 1, 2)
    assert Explore((1,)) in na.legal(s, 1)
    s = na.act(s, 1, Explore((1,)))
    assert s.step == "creature_window" and na.game.to_act(s) == (0, 2)
    s = na.act(s, 0, Pass())
    assert s.step == "explore" and na.game.to_act(s) == (2,)
    s = na.act(s, 2, Explore((4,)))
    assert s.step == "hunt" and s.phase == 2


# --- Resist and Give Up -----------------------------------------------------------------


def test_resist_pays_one_will_for_two_cards_or_two_for_four_n3() -> None:
    s = na.build(2, hands={1: (1,)}, discards={1: (2, 3, 4, 5)})
    resists = na.of(s, 1, Resist)
    assert len(resists) == 6 + 1 and Resist(2, (2, 3, 4, 5)) in resists
    s1 = na.act(s, 1, Resist(1, (3, 5)))
    h = na.h(s1, 1)
    assert h.will == 2 and h.hand == (1, 3, 5) and h.discard == (2, 4) and h.resisted
    assert na.of(s1, 1, Resist) == []  # once per turn
    s2 = na.act(s, 1, Resist(2, (2, 3, 4, 5)))
    assert na.h(s2, 1).will == 1 and na.h(s2, 1).hand == (1, 2, 3, 4, 5)


def test_resist_takes_fewer_cards_from_a_small_discard_pile() -> None:
    s = na.build(2, hands={1: (1, 2, 3, 4)}, discards={1: (5,)})
    assert na.of(s, 1, Resist) == [Resist(1, (5,))]
    s = na.build(2, hands={1: (1, 2)}, discards={1: (3, 4, 5)})
    assert Resist(2, (3, 4, 5)) in na.of(s, 1, Resist)


def test_resisting_to_zero_will_forces_a_give_up() -> None:
    s = na.build(2, will={1: 1}, hands={1: (1,)}, discards={1: (2, 3, 4, 5)})
    s = na.act(s, 1, Resist(1, (2, 3)))
    h = na.h(s, 1)
    assert h.will == 3 and h.hand == (1, 2, 3, 4, 5) and h.discard == ()
    assert s.assimilation == 8 - 1


def test_give_up_restores_will_and_cards_for_an_assimilation_step_n4() -> None:
    s = na.build(2, will={1: 2}, hands={1: (1, 2)}, discards={1: (3, 4, 5)})
    s = na.act(s, 1, GiveUp())
    assert na.h(s, 1).will == 3 and na.h(s, 1).hand == (1, 2, 3, 4, 5)
    assert s.assimilation == 8 - 1 and s.step == "explore"
    assert GiveUp() not in na.legal(s, 1)  # 3 Will and an empty discard pile


def test_give_up_is_refused_after_playing() -> None:
    s = na.build(2, discards={1: (5,)})
    s = na.act(s, 1, Explore((1,)))
    with pytest.raises(IllegalActionError):
        na.act(s, 1, GiveUp())


def test_give_up_can_end_the_game_at_once() -> None:
    s = na.build(2, assimilation=1, discards={1: (5,)})
    s = na.act(s, 1, GiveUp())
    assert s.winner == "creature" and s.step == "over" and na.game.to_act(s) == ()
    out = na.game.outcome(s)
    assert out is not None and out.winners == (0,) and out.reason == "assimilation"
    with pytest.raises(IllegalActionError):
        na.act(s, 2, Explore((1,)))


def test_exploration_needs_every_hunted() -> None:
    s = na.build(3)
    s = na.explore(s, {2: (1,), 1: (4,)})
    assert s.step == "explore" and na.game.to_act(s) == (3,)
    s = na.explore(s, {3: (5,)})
    assert s.step == "hunt" and s.phase == 2


# --- the Reckoning --------------------------------------------------------------------


def test_resolution_starts_at_the_creatures_left() -> None:
    s = na.build(3)
    s = na.hunt(na.explore(s, {3: (2,), 1: (4,), 2: (5,)}), 9)
    assert [q[0] + 1 for q in s.queue] == [1, 2, 3]
    t = GAME.new(1, NotAloneConfig(hunted=2, creature_seat=1))
    t = na.skip(t)
    t = GAME.apply(GAME.apply(t, 0, Explore((2,))), 2, Explore((4,)))
    t = GAME.apply(GAME.apply(t, 1, PlaceToken("creature", (9,))), 1, Pass())
    t = na.skip(t)
    assert [t.hunted[i].seat for i, _ in t.queue] == [2, 0]


def test_exhausted_hunted_move_assimilation_once_and_take_everything_back_n1_n2() -> None:
    s = na.build(3, will={1: 1, 2: 1}, discards={1: (5,), 2: (4,)})
    s = na.hunt(na.explore(s, {1: (2,), 2: (2,), 3: (1,)}), 2)
    s = na.settle(s)
    for seat in (1, 2):
        h = na.h(s, seat)
        assert h.will == 3 and h.hand == (1, 2, 3, 4, 5) and h.discard == ()
    assert s.assimilation == 9 - 1 - 1  # caught, then exhausted (once for both)


def test_the_expert_variant_returns_exhausted_hunted_to_two_will() -> None:
    s = GAME.new(4, NotAloneConfig(hunted=1, exhausted_will=2))
    s = na.skip(s)
    from islandgames.core import serde

    wire = serde.to_wire(s)
    wire["hunted"][0]["will"] = 1
    s = GAME.decode_state(wire)
    s = GAME.apply(s, 1, Explore((2,)))
    s = GAME.apply(GAME.apply(s, 0, PlaceToken("creature", (2,))), 0, Pass())
    s = na.skip(s)
    assert s.hunted[0].will == 2


def test_the_game_ends_the_instant_the_wreck_reaches_the_star() -> None:
    s = na.build(2, rescue=1, assimilation=1, hands={1: (1, 2, 3, 4, 5, 8)})
    # (1 space from the star is an Artemia space: that token goes far away)
    s = na.hunt(na.explore(s, {1: (8,), 2: (2,)}), 2, PlaceToken("artemia", (10,)))
    assert s.queue == ((0, 8),)
    s = na.act(s, 1, UsePower(8, 8))
    # the Creature token on seat 2 never resolves
    assert s.winner == "hunted" and s.rescue == 0 and s.assimilation == 1
    assert na.h(s, 2).will == 3
    out = na.game.outcome(s)
    assert out is not None and out.winners == (1, 2) and out.reason == "rescue"
    assert all(not na.legal(s, k) for k in range(3))


def test_without_the_wreck_the_creature_token_wins_the_race() -> None:
    s = na.build(2, rescue=1, assimilation=1, hands={1: (1, 2, 3, 4, 5, 8)})
    s = na.hunt(na.explore(s, {1: (8,), 2: (2,)}), 2, PlaceToken("artemia", (10,)))
    s = na.act(s, 1, Forgo(8))
    assert s.winner == "creature" and s.rescue == 1


# --- end of the turn ---------------------------------------------------------------------


def test_end_of_turn_discards_refills_and_moves_rescue() -> None:
    s = na.build(2, hunt_hand=("clone",), hunt_deck_top=("virus", "mirage"))
    s = na.hunt(na.explore(s, {1: (2,), 2: (3,)}), 9)
    s = na.settle(s)
    assert s.turn == 2 and s.rescue == 14 - 1
    assert na.h(s, 1).discard == (2,) and na.h(s, 2).discard == (3,)
    assert s.hunt_hand == ("clone", "mirage", "virus")
    assert s.creature_token == () and s.effects == () and not s.beach_used


def test_an_empty_hunt_deck_is_rebuilt_from_the_discard_pile_n17() -> None:
    from islandgames.games.not_alone.data import HUNT_NAMES

    discard = tuple(c for c in HUNT_NAMES if c not in ("clone", "virus"))
    s = na.build(2, hunt_hand=("clone", "virus"), hunt_discard=discard)
    assert s.hunt_deck == ()
    s = na.settle(na.hunt(na.explore(s, {1: (2,), 2: (3,)}), 9))
    assert len(s.hunt_hand) == 3 and len(s.hunt_deck) == 17 and s.hunt_discard == ()


def test_the_end_of_turn_rescue_move_can_win() -> None:
    s = na.build(2, rescue=1)
    s = na.hunt(na.explore(s, {1: (2,), 2: (3,)}), 9, PlaceToken("artemia", (10,)))
    s = na.settle(s)
    assert s.winner == "hunted" and s.rescue == 0 and s.turn == 1


def test_take_back_returns_one_card() -> None:
    s = na.build(2, discards={1: (4, 5)})
    s = na.hunt(na.explore(s, {1: (2,), 2: (3,)}), 9)
    s = na.act(s, 1, TakeBack(2, 4))
    assert na.h(s, 1).hand == (1, 3, 4) and na.h(s, 1).discard == (5,)
