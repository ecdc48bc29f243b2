"""The public API is typed end to end: ``mypy --strict`` (run on tests/ in CI) checks the
``assert_type`` lines here; at run time the same objects are checked by class."""

from __future__ import annotations

from typing import Any, assert_type

from islandgames import Game, get_game
from islandgames.games.forbidden_island import ForbiddenIslandGame
from islandgames.games.friday import FridayGame
from islandgames.games.friday.state import FridayState
from islandgames.games.gozer import GozerGame
from islandgames.games.not_alone import NotAloneGame


def test_get_game_is_typed_per_game_id() -> None:
    friday = assert_type(get_game("friday"), FridayGame)
    state = friday.new(seed=1)
    assert_type(state, FridayState)
    assert type(state).__name__ == "FridayState"
    assert_type(get_game("forbidden-island"), ForbiddenIslandGame)
    assert_type(get_game("not-alone", "1.0"), NotAloneGame)
    assert_type(get_game("gozer"), GozerGame)
    game_id: str = "friday"
    other = assert_type(get_game(game_id), Game[Any, Any, Any, Any])
    assert other.info.id == "friday"
    for gid in ("friday", "forbidden-island", "not-alone", "gozer"):
        assert isinstance(get_game(gid), Game)
