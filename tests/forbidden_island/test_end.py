"""Win and loss conditions, checked at the moments of I13, with their reasons."""

from __future__ import annotations

from typing import Any

import pytest

from islandgames import GameOverError
from islandgames.games.forbidden_island.actions import DrawFlood, EndActions, LiftOff
from tests.forbidden_island import forbidden_island_kit as fi


def _sink(adventurers: tuple[str, ...], tile: str, **kw: Any) -> Any:
    flooded = [tile, *kw.pop("flooded", [])]
    s = fi.build(adventurers, phase="flood", draws_left=2, flooded=flooded,
                 flood_top=[tile], **kw)  # fmt: skip
    return fi.act(s, s.active, DrawFlood())


def test_losing_one_temple_is_not_a_loss() -> None:
    s = _sink(("engineer", "pilot"), "temple_of_the_sun")
    assert s.ended == () and fi.game.outcome(s) is None


def test_losing_both_temples_of_an_uncaptured_treasure() -> None:
    s = _sink(("engineer", "pilot"), "temple_of_the_sun", sunk=["temple_of_the_moon"])
    assert s.ended == ("treasure_lost:earth",)
    out = fi.game.outcome(s)
    assert out is not None
    assert [(r.seat, r.role, r.result, r.score) for r in out.results] == [
        (0, "engineer", "loss", 0),
        (1, "pilot", "loss", 0),
    ]
    assert out.reason == "lost: both tiles of The Earth Stone sank before it was captured"


def test_losing_both_temples_of_a_captured_treasure_is_harmless() -> None:
    s = _sink(("engineer", "pilot"), "temple_of_the_sun", sunk=["temple_of_the_moon"],
              captured=["earth"])  # fmt: skip
    assert s.ended == () and fi.game.outcome(s) is None
    assert fi.legal(s, 0) == (DrawFlood(),)


@pytest.mark.parametrize(
    ("treasure", "tiles"),
    [
        ("wind", ("howling_garden", "whispering_garden")),
        ("fire", ("cave_of_embers", "cave_of_shadows")),
        ("ocean", ("coral_palace", "tidal_palace")),
    ],
)
def test_every_treasure_can_be_lost(treasure: str, tiles: tuple[str, str]) -> None:
    s = _sink(("engineer", "pilot"), tiles[1], sunk=[tiles[0]])
    assert s.ended == (f"treasure_lost:{treasure}",)


def test_fools_landing_sinks() -> None:
    all4 = ["earth", "wind", "fire", "ocean"]
    s = _sink(("engineer", "navigator"), "fools_landing", captured=all4,
              hands={0: ["helicopter_lift"]})  # fmt: skip
    assert s.ended == ("fools_landing_sunk",)
    out = fi.game.outcome(s)
    assert out is not None and out.winners == () and "Fools' Landing sank" in out.reason
    assert [r.score for r in out.results] == [4, 4]


_AROUND_FL = ["cliffs_of_abandon", "dunes_of_deception", "gold_gate", "observatory"]


def test_several_reasons_at_once() -> None:
    """I13: every reason that holds; the stranded engineer counts, as no lift is left."""
    s = _sink(("engineer", "pilot"), "fools_landing", pawns={0: "fools_landing",
              1: "watchtower"}, sunk=_AROUND_FL)  # fmt: skip
    assert s.ended == ("fools_landing_sunk", "pawn_drowned:0")
    out = fi.game.outcome(s)
    assert out is not None
    assert out.reason == "lost: Fools' Landing sank; the Engineer (seat 0) had nowhere to swim"


def test_a_loss_does_not_wait_for_a_rescue_that_cannot_save_the_game() -> None:
    s = _sink(("engineer", "pilot"), "fools_landing", pawns={0: "fools_landing",
              1: "watchtower"}, sunk=_AROUND_FL, hands={1: ["helicopter_lift"]})  # fmt: skip
    assert s.ended == ("fools_landing_sunk",)  # the drowning was not certain
    assert fi.game.to_act(s) == ()


def test_a_finished_game_accepts_nothing() -> None:
    s = _sink(("engineer", "pilot"), "fools_landing", hands={1: ["sandbags"]},
              flooded=["watchtower"])  # fmt: skip
    assert fi.game.outcome(s) is not None
    for seat in (0, 1):
        assert fi.legal(s, seat) == ()
        with pytest.raises(GameOverError):
            fi.game.apply(s, seat, EndActions())
    assert fi.game.to_act(s) == ()


def test_won_outcome_and_nothing_after() -> None:
    all4 = ["earth", "wind", "fire", "ocean"]
    s = fi.build(("engineer", "pilot"), pawns={0: "fools_landing"}, captured=all4,
                 hands={0: ["helicopter_lift", "helicopter_lift"]})  # fmt: skip
    s = fi.act(s, 0, LiftOff())
    out = fi.game.outcome(s)
    assert out is not None and out.winners == (0, 1)
    assert out.reason == "won: the team lifted off Fools' Landing with all four treasures"
    assert s.hands[0] == ("helicopter_lift",)
    with pytest.raises(GameOverError):
        fi.game.apply(s, 0, LiftOff())


def test_standing_on_fools_landing_is_not_enough() -> None:
    all4 = ["earth", "wind", "fire", "ocean"]
    s = fi.build(("engineer", "pilot"), pawns={0: "fools_landing"}, captured=all4)
    assert fi.game.outcome(s) is None
    assert LiftOff() not in fi.legal(s, 0)
