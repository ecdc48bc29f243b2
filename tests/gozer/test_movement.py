"""Setup, movement (M1-M3), teleports, pick-ups, the boat (E1), the bridge (B1), the key."""

from __future__ import annotations

import pytest

from islandgames import IllegalActionError, InvalidConfigError, NotYourTurnError
from islandgames.games.gozer import BOARD, GAME, GozerConfig
from islandgames.games.gozer.actions import (
    CastOff,
    EndMove,
    EndTurn,
    Fire,
    Heal,
    Respond,
    Step,
)
from islandgames.games.gozer.data import GADGETS
from islandgames.games.gozer.state import CrossingRequest, Move
from tests.gozer import gozer_kit as sc

# Squares of the shipped island used below (see docs/gozer-board.svg).
START, WB, MW, BRIDGE_SQ, RIVER, KIT_SQ = 0, 1, 12, 60, 61, 63
CABIN_N, CABIN_S, CABIN_E, SUMMIT = 13, 15, 18, 20
CV, TRAIL, BOAT = 10, (57, 58, 59), 11


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_setup(players: int) -> None:
    s = GAME.new(11, GozerConfig(players=players))
    assert GAME.seat_count(s) == players
    assert [GAME.role(s, i) for i in range(players)].count("gozer") == 1
    assert s.pawns[s.gozer].square == BOARD.summit and s.pawns[s.gozer].status == "gozer"
    for seat, p in enumerate(s.pawns):
        if seat != s.gozer:
            assert (p.square, p.status) == (BOARD.start, "well")
    assert [g.square for g in s.gadgets] == list(BOARD.gadget_squares)
    first = min(i for i in range(players) if i != s.gozer)
    assert GAME.to_act(s) == (first,) and s.round == 1 and s.turn == 1
    assert s.move is not None and 1 <= s.move.roll <= 6


def test_gozer_is_drawn_by_the_seed() -> None:
    drawn = {GAME.new(seed, GozerConfig(players=6)).gozer for seed in range(40)}
    assert len(drawn) > 3
    assert GAME.new(5).gozer == GAME.new(5).gozer


@pytest.mark.parametrize(
    "config",
    [
        GozerConfig(players=1),
        GozerConfig(players=7),
        GozerConfig(round_limit=0),
        GozerConfig(gozer_shot="maim"),  # type: ignore[arg-type]
    ],
)
def test_bad_configs(config: GozerConfig) -> None:
    with pytest.raises(InvalidConfigError):
        GAME.new(1, config)


def test_walk_one_step_at_a_time_without_revisiting() -> None:
    s = sc.state([(WB, "well"), (START, "well"), (SUMMIT, "gozer")], gozer=2, active=0, roll=3)
    assert set(a.to for a in GAME.legal_actions(s, 0) if type(a) is Step) == set(BOARD.adj[WB])
    s = sc.play(s, (0, Step(76)))
    steps = [a.to for a in GAME.legal_actions(s, 0) if type(a) is Step]
    assert WB not in steps and 77 in steps  # M1: never the same square twice
    with pytest.raises(NotYourTurnError):
        GAME.apply(s, 1, Step(1))
    with pytest.raises(IllegalActionError):
        GAME.apply(s, 0, Step(WB))


def test_stopping_early_and_using_up_the_roll() -> None:
    s = sc.state([(WB, "well"), (START, "well"), (SUMMIT, "gozer")], gozer=2, active=0, roll=2)
    stopped = sc.play(s, (0, EndMove()))
    assert stopped.pawns[0].square == WB and stopped.active == 1  # 0 steps is a move (M1)
    walked = sc.play(s, (0, Step(76)), (0, Step(77)))
    assert walked.pawns[0].square == 77 and walked.active == 1  # roll used up: turn over


def test_pawns_share_squares_and_pass_through_each_other() -> None:
    s = sc.state(
        [(WB, "well"), (76, "well"), (77, "well"), (SUMMIT, "gozer")], gozer=3, active=0, roll=2
    )
    s = sc.play(s, (0, Step(76)), (0, Step(77)))  # M2
    assert s.pawns[0].square == s.pawns[2].square == 77


def test_obstacles_need_the_bridge_picked_up_on_the_way() -> None:
    s = sc.state([(MW, "well"), (START, "well"), (SUMMIT, "gozer")], gozer=2, active=0, roll=4)
    s = sc.play(s, (0, Step(BRIDGE_SQ)))
    assert s.gadgets[3].holder == 0  # the bridge, picked up while passing
    assert Step(RIVER) in GAME.legal_actions(s, 0)  # M3: usable in the same move
    s = sc.play(s, (0, Step(RIVER)))
    assert EndMove() in GAME.legal_actions(s, 0)  # the holder may stop on the obstacle
    without = sc.state(
        [(BRIDGE_SQ, "well"), (START, "well"), (SUMMIT, "gozer")],
        gozer=2,
        active=0,
        gadgets=sc.gadgets(bridge=("held", 1)),
    )
    assert Step(RIVER) not in GAME.legal_actions(without, 0)


def test_gozer_teleports_and_never_enters_obstacles() -> None:
    s = sc.state([(START, "well"), (CABIN_N, "gozer")], gozer=1, active=1, phase="gozer", roll=3)
    steps = {a.to for a in GAME.legal_actions(s, 1) if type(a) is Step}
    assert {CABIN_S, CABIN_E, SUMMIT} <= steps
    s = sc.state([(START, "well"), (BRIDGE_SQ, "gozer")], gozer=1, active=1, phase="gozer")
    assert Step(RIVER) not in GAME.legal_actions(s, 1)


def test_the_key_opens_the_cabins_to_its_holder_only() -> None:
    pawns = [(CABIN_N, "well"), (START, "well"), (SUMMIT, "gozer")]
    plain = sc.state(pawns, gozer=2, active=0)
    assert Step(CABIN_S) not in GAME.legal_actions(plain, 0)
    keyed = sc.state(pawns, gozer=2, active=0, gadgets=sc.gadgets(key=("held", 0)))
    assert {Step(CABIN_S), Step(CABIN_E), Step(SUMMIT)} <= set(GAME.legal_actions(keyed, 0))


def test_reaching_the_boat_ends_the_move_then_cast_off_or_wait() -> None:
    s = sc.state(
        [(TRAIL[2], "well"), (BOAT, "dying", 9), (START, "well"), (SUMMIT, "gozer")],
        gozer=3,
        active=0,
        roll=5,
    )
    s = sc.play(s, (0, Step(BOAT)))
    assert s.move is not None and s.move.ended and s.active == 0  # E1: the move ends
    assert CastOff() in GAME.legal_actions(s, 0) and EndTurn() in GAME.legal_actions(s, 0)
    waited = sc.play(s, (0, EndTurn()))
    assert waited.pawns[0].square == BOAT and waited.active == 2
    over = sc.play(s, (0, CastOff()))
    out = GAME.outcome(over)
    assert out is not None
    assert {r.seat: r.result for r in out.results} == {0: "win", 1: "win", 2: "loss", 3: "loss"}
    assert over.pawns[1].status == "escaped"  # a dying castaway aboard sails too
    assert GAME.to_act(over) == ()


def test_casting_off_from_aboard_at_the_start_of_a_later_turn() -> None:
    s = sc.state([(BOAT, "well"), (START, "well"), (SUMMIT, "gozer")], gozer=2, active=0)
    assert CastOff() in GAME.legal_actions(s, 0)
    s = sc.play(s, (0, Step(TRAIL[2])))
    assert CastOff() not in GAME.legal_actions(s, 0)  # not mid-move


def test_bridge_deployment_and_consented_crossing() -> None:
    # castaway 0 holds the bridge next to the river and ends the turn without moving
    s = sc.state(
        [(BRIDGE_SQ, "well"), (MW, "well"), (START, "well"), (SUMMIT, "gozer")],
        gozer=3,
        active=0,
        roll=4,
        gadgets=sc.gadgets(bridge=("held", 0)),
    )
    s = sc.play(s, (0, EndMove()))
    assert not s.deployed and s.active == 0  # a trade with castaway 1 is still possible
    s = sc.play(s, (0, EndTurn()))
    assert s.deployed and s.active == 1
    assert s.move is not None
    s = sc.evolve(s, move=Move(1, 4, (MW,)))
    s = sc.play(s, (1, Step(BRIDGE_SQ)))
    assert Step(RIVER) in GAME.legal_actions(s, 1)
    asked = sc.play(s, (1, Step(RIVER)))
    assert asked.pending == CrossingRequest(1, 0, RIVER)
    assert GAME.to_act(asked) == (0,) and asked.pawns[1].square == BRIDGE_SQ
    assert GAME.legal_actions(asked, 0) == (Respond(True), Respond(False))
    refused = sc.play(asked, (0, Respond(False)))
    assert refused.pawns[1].square == BRIDGE_SQ and refused.pending is None
    assert Step(RIVER) not in GAME.legal_actions(refused, 1)  # asked once per move
    crossed = sc.play(asked, (0, Respond(True)))
    assert crossed.pawns[1].square == RIVER
    assert EndMove() not in GAME.legal_actions(crossed, 1)  # must step off again
    crossed = sc.play(crossed, (1, Step(62)))
    assert crossed.pawns[1].square == 62


def test_crossing_needs_a_step_to_get_off() -> None:
    s = sc.state(
        [(BRIDGE_SQ, "well"), (MW, "well"), (START, "well"), (SUMMIT, "gozer")],
        gozer=3,
        active=1,
        roll=2,
        path=(MW,),
        deployed=True,
        gadgets=sc.gadgets(bridge=("held", 0)),
    )
    s = sc.play(s, (1, Step(BRIDGE_SQ)))
    assert Step(RIVER) not in GAME.legal_actions(s, 1)  # 1 step left: could not get off
    s = sc.evolve(s, move=Move(1, 3, (MW, BRIDGE_SQ)))
    assert Step(RIVER) in GAME.legal_actions(s, 1)


def test_the_deployment_ends_when_the_holder_moves() -> None:
    s = sc.state(
        [(BRIDGE_SQ, "well"), (START, "well"), (SUMMIT, "gozer")],
        gozer=2,
        active=0,
        roll=3,
        deployed=True,
        gadgets=sc.gadgets(bridge=("held", 0)),
    )
    s = sc.play(s, (0, Step(MW)))
    assert not s.deployed


def test_b1_a_dying_holder_keeps_the_bridge_deployed_until_death() -> None:
    """B1: deployed "until their next move (or death)": being shot (dying) and healed
    are neither, so the bridge stays deployed, and the dying holder answers requests."""
    s = sc.state(
        [(BRIDGE_SQ, "well"), (MW, "well"), (MW, "well"), (77, "well"), (SUMMIT, "gozer")],
        gozer=4,
        active=1,
        roll=1,
        deployed=True,
        gadgets=sc.gadgets(bridge=("held", 0), pistol=("held", 1), kit=("held", 2)),
    )
    s = sc.play(s, (1, Fire(0)))
    assert s.pawns[0].status == "dying" and s.deployed
    # a crossing while the holder is dying: asked, and answered by the dying holder
    mover = sc.evolve(s, active=3, move=Move(3, 4, (77,)))
    mover = sc.play(mover, (3, Step(MW)), (3, Step(BRIDGE_SQ)))
    asked = sc.play(mover, (3, Step(RIVER)))
    assert asked.pending == CrossingRequest(3, 0, RIVER) and GAME.to_act(asked) == (0,)
    assert sc.play(asked, (0, Respond(True))).pawns[3].square == RIVER
    # healed: still never moved, so still deployed
    s = sc.play(s, (1, EndMove()))
    if s.active == 1:
        s = sc.play(s, (1, EndTurn()))
    s = sc.play(s, (2, Heal(0)))
    assert s.pawns[0].status == "well" and s.deployed
    # not healed: the holder dies at the start of their turn, and the bridge folds
    dying = sc.state(
        [(BRIDGE_SQ, "dying", 9), (START, "well"), (SUMMIT, "gozer")],
        gozer=2,
        active=2,
        phase="gozer",
        roll=1,
        ended=True,
        deployed=True,
        gadgets=sc.gadgets(bridge=("held", 0)),
    )
    dead = sc.play(dying, (2, EndTurn()))
    assert dead.pawns[0].status == "dead" and not dead.deployed
    assert dead.gadgets[GADGETS.index("bridge")].holder is None
