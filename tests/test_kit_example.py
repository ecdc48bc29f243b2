"""The kit's example game (tests/kit_example.py) is a game like any other: registered
publicly, it passes the generic conformance checks, plays, logs and verifies."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import islandgames
from islandgames import Match, get_game, verify_log
from tests.kit_example import GAMES, Hold, Roll
from tests.test_conformance import _play_checked


@pytest.fixture
def pig() -> Iterator[str]:
    islandgames.register_game("pig", "tests.kit_example")
    try:
        yield "pig"
    finally:
        islandgames.unregister_game("pig")


def test_registered_it_is_served_by_id_and_version(pig: str) -> None:
    assert islandgames.rules_versions(pig) == ("1.0", "1.1")
    assert get_game(pig) is GAMES[-1] and get_game(pig, "1.0") is GAMES[0]
    assert pig in [info.id for info in islandgames.games()]


@pytest.mark.parametrize("version", ["1.0", "1.1"])
def test_random_games_pass_every_conformance_check(pig: str, version: str) -> None:
    assert sum(_play_checked(pig, seed, rules_version=version) for seed in range(40)) > 0


def test_the_versions_differ_where_their_flag_says(pig: str) -> None:
    old, new = (get_game(pig, v) for v in ("1.0", "1.1"))
    s = new.new(3)
    seat = new.to_act(s)[0]
    assert new.legal_actions(s, seat) == (Roll(),)  # P3: roll before holding
    assert old.legal_actions(old.new(3), seat) == (Roll(), Hold())
    with pytest.raises(islandgames.IllegalActionError, match="not legal"):
        new.apply(s, seat, Hold())


def test_a_played_match_verifies(pig: str) -> None:
    m = Match(pig, seed=9)
    while m.outcome() is None:
        seat = m.game.to_act(m.state)[0]
        legal = m.legal_actions(seat)
        m.act(seat, legal[-1] if m.state.turn_total >= 8 else legal[0])
    assert verify_log(m.log()).status == "verified"
    assert m.outcome() is not None and max(m.state.scores) >= m.state.config.target
