"""A game's own bots and its score scale are found on its definition; bots registered
at run time come first, and the lookup names no game."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import islandgames
from islandgames.bots import RandomBot, bot_names, get_bot, play, register_bot, unregister_bot
from islandgames.bots.mcts import MctsBot, _scale_of
from islandgames.core.registry import definition
from tests.rl.outside_game import GAME_ID, AlwaysRoll


@pytest.fixture
def outside() -> Iterator[str]:
    islandgames.register_game(GAME_ID, "tests.rl.outside_game:OUTSIDE")
    try:
        yield GAME_ID
    finally:
        islandgames.unregister_game(GAME_ID)


@pytest.mark.parametrize("gid", ["friday", "forbidden-island", "not-alone", "gozer"])
def test_each_game_names_its_heuristic_on_its_definition(gid: str) -> None:
    d = definition(gid)
    assert d is not None
    package = gid.replace("-", "_")
    assert d.bots == {"heuristic": f"islandgames.games.{package}.bots:HeuristicBot"}
    assert bot_names(gid) == ("random", "heuristic", "mcts")
    bot = get_bot(gid, "heuristic")
    assert type(bot).__module__ == f"islandgames.games.{package}.bots"
    # the old module path still names the same class
    old = __import__(f"islandgames.bots.{package}", fromlist=["HeuristicBot"])
    assert type(bot) is old.HeuristicBot


def test_a_game_from_outside_brings_its_bots_and_score_scale(outside: str) -> None:
    assert bot_names(outside) == ("random", "mcts", "roller")
    assert isinstance(get_bot(outside, "roller"), AlwaysRoll)
    with pytest.raises(LookupError, match="bot 'roller' takes no parameters"):
        get_bot(outside, "roller:x=1")
    with pytest.raises(ValueError, match="pig-outside already has a bot 'roller'"):
        register_bot(outside, "roller", RandomBot)
    assert _scale_of(islandgames.get_game(outside)) == 30.0
    mcts = get_bot(outside, "mcts:iterations=4,rollout=random")
    assert isinstance(mcts, MctsBot)
    assert play(outside, 1, mcts, max_actions=60).actions > 0


def test_a_registration_replaces_a_games_own_bot_until_it_is_forgotten() -> None:
    with pytest.raises(ValueError, match="friday already has a bot 'heuristic'"):
        register_bot("friday", "heuristic", RandomBot)
    register_bot("friday", "heuristic", RandomBot, replace=True)
    try:
        assert isinstance(get_bot("friday", "heuristic"), RandomBot)
        assert bot_names("friday") == ("random", "heuristic", "mcts")
    finally:
        unregister_bot("friday", "heuristic")
    assert type(get_bot("friday", "heuristic")).__name__ == "HeuristicBot"


def test_an_unknown_game_has_only_the_built_in_bots() -> None:
    assert bot_names("chess") == ("random", "mcts")
    with pytest.raises(LookupError, match="no bot 'heuristic' for chess; available: random, mcts"):
        get_bot("chess", "heuristic")


def test_the_score_scale_is_the_definitions() -> None:
    assert [_scale_of(islandgames.get_game(g)) for g in ("friday", "forbidden-island")] == [
        20.0,
        2.0,
    ]
    assert _scale_of(islandgames.get_game("not-alone")) == 1.0
