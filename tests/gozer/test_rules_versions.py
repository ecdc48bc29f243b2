"""Gozer's rules versions: 1.0 and 1.1 side by side, differing exactly in B1 (a dying
holder's deployed bridge)."""

from __future__ import annotations

import attrs
import pytest

from islandgames import get_game
from islandgames.core import serde
from islandgames.core.errors import DecodeError, UnsupportedRulesVersionError
from islandgames.core.registry import rules_versions
from islandgames.games.gozer import GAME, GAMES, RULES, GozerConfig, GozerGame
from islandgames.games.gozer.actions import Fire, Respond, Step
from islandgames.games.gozer.state import CrossingRequest, GozerState, Move
from tests.gozer import gozer_kit as sc

V10, V11 = GAMES
START, MW, BRIDGE_SQ, RIVER, SUMMIT = 0, 12, 60, 61, 20


def test_both_versions_are_served() -> None:
    assert rules_versions("gozer") == ("1.0", "1.1")
    assert get_game("gozer", rules_version="1.0") is V10
    assert get_game("gozer", rules_version="1.1") is V11 is GAME
    assert [g.rules for g in GAMES] == list(RULES)
    assert [(r.version, r.dying_holder_keeps_bridge) for r in RULES] == [
        ("1.0", False),
        ("1.1", True),
    ]
    assert V10.info == attrs.evolve(V11.info, rules_version="1.0")
    assert V10.state_type is V11.state_type is GozerState  # the state did not change
    with pytest.raises(UnsupportedRulesVersionError, match=r"9\.9"):
        get_game("gozer", rules_version="9.9")


def test_the_versions_agree_on_a_game_without_a_deployed_bridge() -> None:
    for seed in range(3):
        a, b = V10.new(seed, GozerConfig(players=5)), V11.new(seed, GozerConfig(players=5))
        assert serde.canonical_bytes(a) == serde.canonical_bytes(b)


def _shot_holder(game: GozerGame) -> GozerState:
    """Castaway 0 holds the bridge, deployed next to the river; castaway 1 shoots them."""
    s = sc.state(
        [(BRIDGE_SQ, "well"), (MW, "well"), (MW, "well"), (77, "well"), (SUMMIT, "gozer")],
        gozer=4, active=1, roll=1, deployed=True,
        gadgets=sc.gadgets(bridge=("held", 0), pistol=("held", 1), kit=("held", 2)),
    )
    s = game.decode_state(serde.to_wire(s))
    return game.apply(s, 1, Fire(0))


def _walk_to_the_river(game: GozerGame, s: GozerState) -> GozerState:
    mover = game.decode_state(serde.to_wire(attrs.evolve(s, active=3, move=Move(3, 4, (77,)))))
    mover = game.apply(mover, 3, Step(MW))
    return game.apply(mover, 3, Step(BRIDGE_SQ))


def test_b1_1_1_a_shot_holder_keeps_the_bridge_and_answers() -> None:
    s = _shot_holder(V11)
    assert s.pawns[0].status == "dying" and s.deployed
    at = _walk_to_the_river(V11, s)
    assert Step(RIVER) in V11.legal_actions(at, 3)
    asked = V11.apply(at, 3, Step(RIVER))
    assert asked.pending == CrossingRequest(3, 0, RIVER)
    assert V11.apply(asked, 0, Respond(True)).pawns[3].square == RIVER


def test_b1_1_0_a_shot_holder_folds_the_bridge() -> None:
    s = _shot_holder(V10)
    assert s.pawns[0].status == "dying" and not s.deployed
    at = _walk_to_the_river(V10, s)
    assert Step(RIVER) not in V10.legal_actions(at, 3)


def test_b1_a_deployed_bridge_of_a_dying_holder_is_a_state_of_1_1_only() -> None:
    s = _shot_holder(V11)
    at = _walk_to_the_river(V11, s)
    wire = serde.to_wire(at)
    assert V11.decode_state(wire) == at
    with pytest.raises(DecodeError, match="no well castaway holds it"):
        V10.decode_state(wire)
    # and the 1.0 rules never let the dying holder be asked
    assert Step(RIVER) in V11.legal_actions(at, 3)
    assert Step(RIVER) not in V10.legal_actions(at, 3)
    assert not V10.is_legal(at, 3, Step(RIVER))
