"""Gadgets (G1-G4, K1), fireballs (F1-F2), melee (C1-C2), dying and death, E2-E3."""

from __future__ import annotations

from typing import Any

import pytest

from islandgames.games.gozer import GAME, GozerConfig
from islandgames.games.gozer.actions import (
    Attack,
    EndMove,
    EndTurn,
    Fire,
    Fireball,
    Heal,
    Respond,
    Step,
    Trade,
)
from islandgames.games.gozer.state import TradeOffer
from tests.gozer import gozer_kit as sc
from tests.gozer.gozer_kit import rolling

START, WB, MW, BRIDGE_SQ, RIVER = 0, 1, 12, 60, 61
CABIN_N, CABIN_S, SUMMIT, UN = 13, 15, 20, 17
NORTH, EAST, NORTH_EAST = 0, 2, 4  # gully indices
# a descending run beside the north-east gully: 36 (swept, elevation 3) -> 35 (2) -> 4 (1)
SWEPT, BELOW, LOWEST, ABOVE = 36, 35, 4, 8


def _fire_targets(state: Any, seat: int) -> set[int]:
    return {a.target for a in GAME.legal_actions(state, seat) if type(a) is Fire}


# --- pistol --------------------------------------------------------------------------------


def test_pistol_range_counts_teleports_only_with_the_key() -> None:
    assert sc.board.dist_plain[UN][CABIN_S] > 6 >= sc.board.dist_teleport[UN][CABIN_S]
    pawns = [(UN, "well"), (CABIN_S, "well"), (START, "well"), (SUMMIT, "gozer")]
    plain = sc.state(pawns, gozer=3, active=0, gadgets=sc.gadgets(pistol=("held", 0)))
    assert _fire_targets(plain, 0) == {3}  # Gozer next to the shooter; castaway 1 too far
    keyed = sc.state(
        pawns, gozer=3, active=0, gadgets=sc.gadgets(pistol=("held", 0), key=("held", 0))
    )
    assert _fire_targets(keyed, 0) == {1, 3}  # G1: cabins adjacent for the key holder


def test_pistol_before_or_after_moving_never_mid_move_once_per_turn() -> None:
    s = sc.state(
        [(WB, "well"), (76, "well"), (START, "well"), (SUMMIT, "gozer")],
        gozer=3,
        active=0,
        roll=3,
        gadgets=sc.gadgets(pistol=("held", 0)),
    )
    assert 1 in _fire_targets(s, 0)
    moving = sc.play(s, (0, Step(39)))
    assert _fire_targets(moving, 0) == set()  # G2: not mid-move
    stopped = sc.play(moving, (0, EndMove()))
    assert 1 in _fire_targets(stopped, 0)
    shot = sc.play(s, (0, Fire(1)))
    assert shot.pawns[1].status == "dying" and shot.pawns[1].wounded == shot.turn
    assert _fire_targets(shot, 0) == set() and Step(39) in GAME.legal_actions(shot, 0)


def test_the_armour_stops_the_ray() -> None:
    s = sc.state(
        [(WB, "well"), (76, "well"), (START, "well"), (SUMMIT, "gozer")],
        gozer=3,
        active=0,
        gadgets=sc.gadgets(pistol=("held", 0), armour=("held", 1)),
    )
    s = sc.play(s, (0, Fire(1)))
    assert s.pawns[1].status == "well" and s.gadgets[1].holder == 1


def test_shooting_gozer_banishes_him_for_one_turn() -> None:
    s = sc.state(
        [(UN, "well"), (START, "well"), (89, "gozer")],
        gozer=2,
        active=0,
        round=3,
        gadgets=sc.gadgets(pistol=("held", 0)),
    )
    s = sc.play(s, (0, Fire(2)), (0, EndMove()))
    assert s.pawns[2].square == SUMMIT and s.gozer_skips
    assert s.active == 1
    s = sc.play(s, (1, EndMove()))
    assert s.round == 4 and s.active == 0 and not s.gozer_skips  # G3: turn skipped
    assert _fire_targets(s, 0) == {2}  # he could be shot again from here
    s = sc.play(s, (0, EndMove()), (0, EndTurn()), (1, EndMove()))
    assert s.active == 2 and s.phase == "gozer"  # and back the round after


def test_shooting_gozer_removes_him_in_the_kill_variant() -> None:
    s = sc.state(
        [(UN, "well"), (START, "well"), (89, "gozer")],
        gozer=2,
        active=0,
        config=GozerConfig(players=3, gozer_shot="kill"),
        gadgets=sc.gadgets(pistol=("held", 0)),
    )
    s = sc.play(s, (0, Fire(2)), (0, EndMove()), (1, EndMove()))
    assert s.pawns[2].status == "removed" and s.active == 0 and s.round == 4
    assert GAME.outcome(s) is None  # the castaways still have to reach the boat


# --- medical kit -------------------------------------------------------------------------------


def test_healing_window_and_never_oneself() -> None:
    pawns: list[tuple[int, str] | tuple[int, str, int]] = [
        (WB, "well"), (76, "dying", 9), (39, "dying", 10), (SUMMIT, "gozer"),
    ]  # fmt: skip
    s = sc.state(pawns, gozer=3, active=0, turn=10, gadgets=sc.gadgets(kit=("held", 0)))
    heals = {a.target for a in GAME.legal_actions(s, 0) if type(a) is Heal}
    assert heals == {1}  # K1: 2 was wounded in this very turn
    healed = sc.play(s, (0, Heal(1)))
    assert healed.pawns[1].status == "well" and healed.pawns[1].wounded == 0
    far = sc.state(
        [(START, "well"), (77, "dying", 9), (SUMMIT, "gozer")],
        gozer=2,
        active=0,
        roll=2,
        turn=10,
        gadgets=sc.gadgets(kit=("held", 0)),
    )
    assert not any(type(a) is Heal for a in GAME.legal_actions(far, 0))
    far = sc.play(far, (0, Step(WB)), (0, Step(76)))  # passing next to the dying one
    assert Heal(1) in GAME.legal_actions(far, 0)


def test_the_dying_die_at_their_turn_and_drop_their_gadgets() -> None:
    s = sc.state(
        [(WB, "well"), (76, "dying", 9), (START, "well"), (SUMMIT, "gozer")],
        gozer=3,
        active=0,
        gadgets=sc.gadgets(pistol=("held", 1), armour=None, kit=("held", 1)),
    )
    s = sc.play(s, (0, EndMove()))
    assert s.pawns[1].status == "dead" and s.active == 2
    assert s.gadgets[0].square == 76 and s.gadgets[4].square == 76
    assert s.gadgets[1].square is None and s.gadgets[1].holder is None  # destroyed stays so
    s = sc.play(s, (2, Step(WB)), (2, Step(76)))
    assert s.gadgets[0].holder == 2  # dropped gadgets are picked up like any other


def test_gadgets_of_someone_dying_on_an_obstacle_drop_beside_it() -> None:
    s = sc.state(
        [(WB, "well"), (RIVER, "dying", 9), (SUMMIT, "gozer")],
        gozer=2,
        active=0,
        gadgets=sc.gadgets(bridge=("held", 1)),
    )
    s = sc.play(s, (0, EndMove()))
    assert s.pawns[1].status == "dead" and s.gadgets[3].square == BRIDGE_SQ


# --- trades -------------------------------------------------------------------------------------


def test_trades_wait_for_consent() -> None:
    s = sc.state(
        [(WB, "well"), (76, "well"), (SUMMIT, "gozer")],
        gozer=2,
        active=0,
        gadgets=sc.gadgets(pistol=("held", 0), kit=("held", 1)),
    )
    offers = [a for a in GAME.legal_actions(s, 0) if type(a) is Trade]
    assert offers == [
        Trade(1, (), ("kit",)),
        Trade(1, ("pistol",), ()),
        Trade(1, ("pistol",), ("kit",)),
    ]
    asked = sc.play(s, (0, Trade(1, ("pistol",), ("kit",))))
    assert asked.pending == TradeOffer(0, 1, ("pistol",), ("kit",))
    assert GAME.to_act(asked) == (1,) and GAME.legal_actions(asked, 0) == ()
    done = sc.play(asked, (1, Respond(True)))
    assert done.gadgets[0].holder == 1 and done.gadgets[4].holder == 0
    assert not any(type(a) is Trade for a in GAME.legal_actions(done, 0))  # once per partner
    kept = sc.play(asked, (1, Respond(False)))
    assert kept.gadgets[0].holder == 0 and kept.gadgets[4].holder == 1


def test_no_trade_with_the_dying_far_away_or_giving_the_bridge_on_an_obstacle() -> None:
    s = sc.state(
        [(WB, "well"), (76, "dying", 9), (40, "well"), (SUMMIT, "gozer")],
        gozer=3,
        active=0,
        gadgets=sc.gadgets(pistol=("held", 0)),
    )
    assert not any(type(a) is Trade for a in GAME.legal_actions(s, 0))
    s = sc.state(
        [(RIVER, "well"), (BRIDGE_SQ, "well"), (SUMMIT, "gozer")],
        gozer=2,
        active=0,
        gadgets=sc.gadgets(bridge=("held", 0), kit=("held", 0)),
    )
    offers = [a for a in GAME.legal_actions(s, 0) if type(a) is Trade]
    assert offers == [Trade(1, ("kit",), ())]


# --- fireballs ----------------------------------------------------------------------------------


def _gozer_on_summit(castaways: list[tuple[int, str]], **kw: Any) -> Any:
    pawns = [*castaways, (SUMMIT, "gozer")]
    g = len(castaways)
    return sc.state(pawns, gozer=g, active=g, phase="gozer", **kw)


def test_fireball_sweep_and_chain_fall_downhill_only() -> None:
    s = _gozer_on_summit(
        [(SWEPT, "well"), (BELOW, "well"), (LOWEST, "well"), (ABOVE, "well"), (34, "well")]
    )
    assert Fireball(NORTH_EAST) in GAME.legal_actions(s, 5)
    s = sc.play(s, (5, Fireball(NORTH_EAST)))
    status = [p.status for p in s.pawns[:5]]
    # 36 is swept; 35 and 4 fall in a chain (F2); 8 is swept too; 34 is level with 4
    assert status == ["dying", "dying", "dying", "dying", "well"]
    assert Fireball(EAST) not in GAME.legal_actions(s, 5)  # one fireball per turn


def test_no_chain_without_a_hit_above() -> None:
    s = _gozer_on_summit([(BELOW, "well"), (LOWEST, "well")])
    s = sc.play(s, (2, Fireball(NORTH_EAST)))
    assert [p.status for p in s.pawns[:2]] == ["well", "well"]


def test_armour_absorbs_one_fireball_and_does_not_chain() -> None:
    s = _gozer_on_summit(
        [(SWEPT, "well"), (SWEPT, "well"), (BELOW, "well")],
        gadgets=sc.gadgets(armour=("held", 0)),
    )
    s = sc.play(s, (3, Fireball(NORTH_EAST)))
    # 1 falls and knocks 0 (same square, armour absorbs) and 2 (lower, falls)
    assert [p.status for p in s.pawns[:3]] == ["well", "dying", "dying"]
    assert s.gadgets[1].holder is None and s.gadgets[1].square is None
    alone = _gozer_on_summit(
        [(SWEPT, "well"), (BELOW, "well")], gadgets=sc.gadgets(armour=("held", 0))
    )
    alone = sc.play(alone, (2, Fireball(NORTH_EAST)))
    assert [p.status for p in alone.pawns[:2]] == ["well", "well"]  # no fall, no chain


def test_fireballs_only_from_the_summit_also_on_the_way() -> None:
    s = sc.state([(3, "well"), (UN, "gozer")], gozer=1, active=1, phase="gozer", roll=3)
    assert not any(type(a) is Fireball for a in GAME.legal_actions(s, 1))
    s = sc.play(s, (1, Step(SUMMIT)))
    assert Fireball(NORTH) in GAME.legal_actions(s, 1)
    s = sc.play(s, (1, Fireball(NORTH)))
    # castaway 0 on square 3 was swept: every castaway is dying, Gozer wins at once (E2)
    assert s.winner == "gozer" and "dying" in s.reason


def test_gozer_may_throw_and_move_on() -> None:
    s = _gozer_on_summit([(3, "well"), (START, "well")], roll=2)
    s = sc.play(s, (2, Fireball(NORTH)), (2, Step(UN)))
    assert s.pawns[2].square == UN and s.pawns[0].status == "dying"


# --- melee -----------------------------------------------------------------------------------


def _melee(gozer_sq: int, victim_sq: int, rng: Any = None, armour: bool = False) -> Any:
    """Gozer (seat 2) has ended his move; castaway 1 is the possible victim."""
    return sc.state(
        [(START, "well"), (victim_sq, "well"), (gozer_sq, "gozer")],
        gozer=2,
        active=2,
        phase="gozer",
        ended=True,
        rng=rng,
        gadgets=sc.gadgets(armour=("held", 1)) if armour else sc.gadgets(),
    )


def test_melee_without_armour_wounds_and_ends_gozers_turn() -> None:
    for victim in (76, 77):  # C1: the same square or an adjacent one
        s = _melee(76, victim)
        assert Attack(1) in GAME.legal_actions(s, 2)
        s = sc.play(s, (2, Attack(1)))
        assert s.pawns[1].status == "dying" and s.round == 4 and s.active == 0
    far = _melee(76, 39)
    assert not any(type(a) is Attack for a in GAME.legal_actions(far, 2))


@pytest.mark.parametrize(
    ("rolls", "gozer_sq", "victim_sq", "gozer_wins"),
    [
        ((6, 2), 76, 77, True),
        ((2, 6, 4), 76, 77, False),
        ((3, 3, 5), 76, 77, False),  # tie: castaway on 77 (elevation 3) stands higher
        ((3, 3), 77, 76, True),  # tie: Gozer stands higher
        ((4, 4, 5, 1), 22, 23, True),  # C2: equal heights roll again
    ],
)
def test_armour_roll_off(
    rolls: tuple[int, ...],
    gozer_sq: int,
    victim_sq: int,
    gozer_wins: bool,
) -> None:
    s = _melee(gozer_sq, victim_sq, rng=rolling(*rolls), armour=True)
    s = sc.play(s, (2, Attack(1)))
    if gozer_wins:
        assert s.pawns[1].status == "dying" and s.gadgets[1].square is None
        assert s.gadgets[1].holder is None
    else:
        assert s.phase == "escape" and GAME.to_act(s) == (1,) and s.gadgets[1].holder == 1
        assert s.move is not None and s.move.mover == 1 and s.move.roll == rolls[-1]


def test_the_escape_move_is_a_normal_move_in_gozers_turn() -> None:
    s = sc.state(
        [(77, "well"), (START, "well"), (76, "gozer")],
        gozer=2,
        active=2,
        phase="gozer",
        ended=True,
        rng=rolling(1, 6, 3),
        gadgets=sc.gadgets(armour=("held", 0), pistol=("held", 0)),
    )
    s = sc.play(s, (2, Attack(0)))
    assert s.move is not None and s.move.roll == 3
    assert not any(type(a) in (Fire, Trade) for a in GAME.legal_actions(s, 0))  # G2
    s = sc.play(s, (0, Step(MW)), (0, Step(75)), (0, Step(74)))
    assert s.round == 4 and s.active == 0 and s.phase == "castaway"  # Gozer's turn over


# --- end of the game -----------------------------------------------------------------


def test_e2_all_dying_or_dead() -> None:
    s = _melee(76, 77)
    s = sc.evolve(s, pawns=(s.pawns[0].__class__(START, "dead"), s.pawns[1], s.pawns[2]))
    s = sc.play(s, (2, Attack(1)))
    out = GAME.outcome(s)
    assert s.winner == "gozer" and out is not None and "every living castaway" in out.reason
    assert [r.result for r in out.results] == ["loss", "loss", "win"]


def test_e3_round_limit() -> None:
    s = sc.state(
        [(START, "well"), (UN, "gozer")],
        gozer=1,
        active=1,
        phase="gozer",
        round=3,
        config=GozerConfig(players=2, round_limit=3),
    )
    s = sc.play(s, (1, EndMove()))
    assert s.winner == "gozer" and "round limit" in s.reason


def test_end_turn_when_gozer_declines_to_attack() -> None:
    s = _melee(76, 77)
    s = sc.play(s, (2, EndTurn()))
    assert s.pawns[1].status == "well" and s.round == 4
