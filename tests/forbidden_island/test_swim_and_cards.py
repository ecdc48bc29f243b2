"""Swimming (rules 3.4; I2, I4, I11) and the special cards (rules 5; I1)."""

from __future__ import annotations

from typing import Any

import pytest

from islandgames import IllegalActionError, NotYourTurnError
from islandgames.games.forbidden_island.actions import (
    DeclineRescue,
    DrawFlood,
    EndActions,
    HelicopterLift,
    LiftAlso,
    LiftOff,
    LiftTo,
    Move,
    Sandbags,
    Swim,
)
from tests.forbidden_island import forbidden_island_kit as fi


def _sink(adventurers: tuple[str, ...], tile: str, **kw: Any) -> Any:
    """A flood draw about to sink ``tile`` (flooded, its card on top); then draw it."""
    flooded = [tile, *kw.pop("flooded", [])]
    s = fi.build(adventurers, phase="flood", draws_left=kw.pop("draws_left", 2),
                 flooded=flooded, flood_top=[tile], **kw)  # fmt: skip
    return fi.act(s, s.active, DrawFlood())


# --- swimming per adventurer ---------------------------------------------------------


def test_pawn_on_a_flooded_tile_stays() -> None:
    s = fi.build(("engineer", "pilot"), phase="flood", draws_left=2,
                 pawns={0: "observatory"}, flood_top=["observatory"])  # fmt: skip
    s = fi.act(s, 0, DrawFlood())
    assert s.pawns[0] == "observatory" and s.swimmers == ()


def test_swim_to_an_adjacent_tile() -> None:
    s = _sink(("engineer", "pilot"), "observatory", pawns={0: "observatory"},
              sunk=["phantom_rock"])  # fmt: skip
    assert s.swimmers == (0,) and fi.game.to_act(s) == (0,)
    assert fi.targets(s, 0, Swim) == {"fools_landing", "misty_marsh", "tidal_palace"}
    assert fi.of(s, 0, DrawFlood) == []  # the swim comes first
    with pytest.raises(IllegalActionError):
        fi.game.apply(s, 0, Swim("gold_gate"))
    s = fi.act(s, 0, Swim("tidal_palace"))
    assert s.pawns[0] == "tidal_palace" and s.swimmers == ()
    assert s.actions_left == 0 and s.draws_left == 1 and fi.legal(s, 0)[0] == DrawFlood()


def test_explorer_swims_diagonally() -> None:
    s = _sink(("explorer", "pilot"), "observatory", pawns={0: "observatory"})
    assert fi.targets(s, 0, Swim) == {
        "fools_landing", "misty_marsh", "phantom_rock", "tidal_palace",
        "dunes_of_deception", "gold_gate", "temple_of_the_sun", "twilight_hollow",
    }  # fmt: skip


def test_pilot_swims_anywhere_without_using_its_flight() -> None:
    s = _sink(("pilot", "engineer"), "observatory", pawns={0: "observatory"},
              sunk=["watchtower"])  # fmt: skip
    assert len(fi.targets(s, 0, Swim)) == 22
    s = fi.act(s, 0, Swim("whispering_garden"))
    assert not s.pilot_flown


def test_diver_swims_to_the_nearest_tile_and_chooses_on_a_tie() -> None:
    """I4: orthogonal steps over the island spaces, sunk ones included."""
    gone = ["dunes_of_deception", "lost_lagoon", "observatory", "temple_of_the_sun",
            "crimson_forest", "cave_of_shadows", "iron_gate", "phantom_rock",
            "watchtower"]  # fmt: skip
    s = _sink(("diver", "pilot"), "misty_marsh", pawns={0: "misty_marsh"}, sunk=gone)
    # every tile at distance 1 is gone; at distance 2 these remain, the owner chooses
    assert fi.targets(s, 0, Swim) == {"fools_landing", "temple_of_the_moon", "tidal_palace"}
    fewer = _sink(("diver", "pilot"), "misty_marsh", pawns={0: "misty_marsh"},
                  sunk=[*gone, "tidal_palace"])  # fmt: skip
    assert fi.targets(fewer, 0, Swim) == {"fools_landing", "temple_of_the_moon"}
    s = fi.act(s, 0, Swim("tidal_palace"))
    assert s.pawns[0] == "tidal_palace"


def test_several_pawns_swim_off_one_tile_in_turn_order() -> None:
    """I11: the active player first, then in turn order; each owner chooses."""
    s = _sink(("engineer", "pilot", "navigator", "messenger"), "observatory",
              pawns={0: "observatory", 1: "observatory", 3: "observatory"},
              active=2)  # fmt: skip
    assert s.swimmers == (3, 0, 1)
    assert fi.game.to_act(s) == (3,)
    assert fi.legal(s, 0) == ()  # seat 0 waits its turn to swim
    with pytest.raises(NotYourTurnError):
        fi.game.apply(s, 0, Swim("misty_marsh"))
    s = fi.act(s, 3, Swim("misty_marsh"))
    assert fi.game.to_act(s) == (0,)
    s = fi.act(s, 0, Swim("tidal_palace"))
    assert fi.game.to_act(s) == (1,)
    s = fi.act(s, 1, Swim("howling_garden"))
    assert s.pawns == ("tidal_palace", "howling_garden", "gold_gate", "misty_marsh")
    assert s.swimmers == () and fi.game.to_act(s) == (2,) and s.draws_left == 1


def test_after_the_last_flood_card_swims_come_before_the_turn_passes() -> None:
    s = _sink(("engineer", "pilot"), "observatory", pawns={0: "observatory"}, draws_left=1)
    assert s.active == 0 and s.draws_left == 0 and s.phase == "flood"
    s = fi.act(s, 0, Swim("misty_marsh"))
    assert s.active == 1 and s.phase == "actions" and s.actions_left == 3


# --- a pawn that cannot swim (I2, I13) ---------------------------------------------------

_AROUND_LAGOON = ["crimson_forest", "iron_gate", "misty_marsh", "temple_of_the_moon"]


def test_a_pawn_that_cannot_swim_and_no_helicopter_lift_anywhere() -> None:
    s = _sink(("engineer", "pilot", "messenger"), "lost_lagoon",
              pawns={0: "lost_lagoon"}, sunk=_AROUND_LAGOON,
              hands={1: ["sandbags", "earth"]})  # fmt: skip
    assert s.ended == ("pawn_drowned:0",)
    out = fi.game.outcome(s)
    assert out is not None and out.winners == ()
    assert "Engineer (seat 0) had nowhere to swim" in out.reason
    assert fi.game.to_act(s) == ()


def test_a_pawn_that_cannot_swim_waits_for_a_helicopter_lift_holder() -> None:
    s = _sink(("engineer", "pilot", "messenger"), "lost_lagoon", active=1,
              pawns={0: "lost_lagoon"}, sunk=_AROUND_LAGOON,
              hands={2: ["helicopter_lift"]})  # fmt: skip
    assert s.ended == ()
    assert fi.game.to_act(s) == (2,)
    legal = fi.legal(s, 2)
    assert DeclineRescue() in legal and HelicopterLift(0) in legal
    assert fi.legal(s, 0) == () and fi.legal(s, 1) == ()
    # declining: the pawn drowns
    lost = fi.act(s, 2, DeclineRescue())
    assert lost.ended == ("pawn_drowned:0",)
    # lifting: the pawn is rescued and the flood draw goes on
    saved = fi.act(s, 2, HelicopterLift(0), LiftTo("watchtower"))
    assert saved.ended == () and saved.swimmers == ()
    assert saved.pawns[0] == "watchtower" and saved.hands[2] == ()
    assert saved.treasure_discard == ("helicopter_lift",)
    assert fi.game.to_act(saved) == (1,) and fi.legal(saved, 1)[0] == DrawFlood()


def test_every_holder_may_decline_or_rescue() -> None:
    s = _sink(("engineer", "pilot", "messenger"), "lost_lagoon",
              pawns={0: "lost_lagoon"}, sunk=_AROUND_LAGOON,
              hands={0: ["helicopter_lift"], 2: ["helicopter_lift"]})  # fmt: skip
    assert fi.game.to_act(s) == (0, 2)  # the stranded pawn's owner holds one too
    s = fi.act(s, 2, DeclineRescue())
    assert fi.game.to_act(s) == (0,) and s.declined == (2,)
    with pytest.raises(IllegalActionError):
        fi.game.apply(s, 2, DeclineRescue())
    assert HelicopterLift(0) in fi.legal(s, 2)  # declining does not take the card away
    s2 = fi.act(s, 0, DeclineRescue())
    assert s2.ended == ("pawn_drowned:0",)
    s3 = fi.act(s, 0, HelicopterLift(0), LiftTo("fools_landing"))
    assert s3.ended == () and s3.pawns[0] == "fools_landing" and s3.declined == ()


def test_a_rescue_lift_takes_several_pawns_off_the_sinking_tile() -> None:
    s = _sink(("engineer", "navigator", "messenger"), "lost_lagoon",
              pawns={0: "lost_lagoon", 1: "lost_lagoon"}, sunk=_AROUND_LAGOON,
              hands={2: ["helicopter_lift"]})  # fmt: skip
    assert s.swimmers == (0, 1) and fi.game.to_act(s) == (2,)
    s = fi.act(s, 2, HelicopterLift(0))
    assert fi.game.to_act(s) == (2,)
    assert fi.legal(s, 2)[0] == LiftAlso(1)
    assert LiftTo("lost_lagoon") not in fi.legal(s, 2)
    s = fi.act(s, 2, LiftAlso(1), LiftTo("silver_gate"))
    assert s.pawns[:2] == ("silver_gate", "silver_gate") and s.swimmers == ()


def test_using_the_last_lift_elsewhere_drowns_a_stranded_pawn_at_once() -> None:
    s = _sink(("pilot", "engineer", "messenger"), "lost_lagoon",
              pawns={0: "lost_lagoon", 1: "lost_lagoon"}, sunk=_AROUND_LAGOON,
              hands={2: ["helicopter_lift"]})  # fmt: skip
    assert s.swimmers == (0, 1) and fi.game.to_act(s) == (0,)  # the pilot swims first
    s2 = fi.act(s, 2, HelicopterLift(2), LiftTo("watchtower"))
    assert s2.ended == ("pawn_drowned:1",)
    # swimming normally first, then the engineer waits for the holder
    s3 = fi.act(s, 0, Swim("watchtower"))
    assert fi.game.to_act(s3) == (2,) and s3.ended == ()


# --- Helicopter Lift --------------------------------------------------------------------


def test_helicopter_lift_moves_pawns_sharing_a_tile_anywhere() -> None:
    s = fi.build(("engineer", "pilot", "diver"), pawns={0: "observatory", 2: "observatory"},
                 hands={1: ["helicopter_lift", "earth"]}, sunk=["watchtower"])  # fmt: skip
    assert [a for a in fi.legal(s, 1) if isinstance(a, HelicopterLift)] == [
        HelicopterLift(0), HelicopterLift(1), HelicopterLift(2),
    ]  # fmt: skip
    s = fi.act(s, 1, HelicopterLift(2))  # out of turn: seat 0 is active
    assert s.hands[1] == ("earth",) and s.treasure_discard == ("helicopter_lift",)
    assert fi.game.to_act(s) == (1,)
    assert fi.legal(s, 0) == ()  # nobody else acts during the lift
    legal = fi.legal(s, 1)
    assert legal[0] == LiftAlso(0)
    dest = {a.to for a in legal if isinstance(a, LiftTo)}
    assert len(dest) == 22 and "observatory" not in dest and "watchtower" not in dest
    s = fi.act(s, 1, LiftAlso(0))
    assert s.lift is not None and s.lift.pawns == (0, 2)
    assert LiftAlso(0) not in fi.legal(s, 1)
    s = fi.act(s, 1, LiftTo("whispering_garden"))
    assert s.pawns == ("whispering_garden", "fools_landing", "whispering_garden")
    assert s.lift is None and s.actions_left == 3  # not an action
    assert fi.game.to_act(s) == (0,)


def test_helicopter_lift_of_a_single_pawn_and_not_pawns_elsewhere() -> None:
    s = fi.build(("engineer", "pilot"), hands={0: ["helicopter_lift"]})
    s = fi.act(s, 0, HelicopterLift(1))
    assert not [a for a in fi.legal(s, 0) if isinstance(a, LiftAlso)]
    with pytest.raises(IllegalActionError):
        fi.game.apply(s, 0, LiftAlso(0))
    with pytest.raises(IllegalActionError):
        fi.game.apply(s, 0, Move("observatory"))
    s = fi.act(s, 0, LiftTo("bronze_gate"))
    assert s.pawns == ("bronze_gate", "bronze_gate")
    assert not s.pilot_flown


def test_lift_off_wins() -> None:
    all4 = ["earth", "wind", "fire", "ocean"]
    home = {0: "fools_landing", 1: "fools_landing", 2: "fools_landing"}
    s = fi.build(("engineer", "pilot", "diver"), pawns=home, captured=all4,
                 hands={2: ["helicopter_lift"]}, flooded=["fools_landing"])  # fmt: skip
    assert LiftOff() in fi.legal(s, 2)  # out of turn, on a flooded Fools' Landing
    s = fi.act(s, 2, LiftOff())
    assert s.ended == ("won",)
    out = fi.game.outcome(s)
    assert out is not None and out.winners == (0, 1, 2)
    assert [r.score for r in out.results] == [4, 4, 4]
    assert out.reason.startswith("won")


@pytest.mark.parametrize(
    ("captured", "pawns"),
    [
        (["earth", "wind", "fire"], {0: "fools_landing", 1: "fools_landing"}),
        (["earth", "wind", "fire", "ocean"], {0: "fools_landing", 1: "gold_gate"}),
    ],
)
def test_no_lift_off_before_all_treasures_and_all_pawns(
    captured: list[str], pawns: dict[int, str]
) -> None:
    s = fi.build(("engineer", "pilot"), pawns=pawns, captured=captured,
                 hands={0: ["helicopter_lift"]})  # fmt: skip
    assert LiftOff() not in fi.legal(s, 0)
    with pytest.raises(IllegalActionError):
        fi.game.apply(s, 0, LiftOff())


def test_lift_off_in_a_discard_window() -> None:
    all4 = ["earth", "wind", "fire", "ocean"]
    home = {0: "fools_landing", 1: "fools_landing"}
    s = fi.build(("engineer", "pilot"), pawns=home, captured=all4, phase="flood",
                 draws_left=2, hands={1: ["helicopter_lift", "earth", "earth", "earth",
                                          "wind", "fire"]})  # fmt: skip
    assert fi.game.to_act(s) == (1,)  # seat 1 must discard
    assert LiftOff() in fi.legal(s, 1)
    assert fi.act(s, 1, LiftOff()).ended == ("won",)


# --- Sandbags --------------------------------------------------------------------------


def test_sandbags_shores_up_any_flooded_tile() -> None:
    s = fi.build(("engineer", "pilot"), hands={1: ["sandbags"]},
                 flooded=["watchtower", "howling_garden"], sunk=["coral_palace"])  # fmt: skip
    bags = [a for a in fi.legal(s, 1) if isinstance(a, Sandbags)]
    assert bags == [Sandbags("howling_garden"), Sandbags("watchtower")]
    for bad in ("coral_palace", "gold_gate"):
        with pytest.raises(IllegalActionError):
            fi.game.apply(s, 1, Sandbags(bad))
    s2 = fi.act(s, 1, Sandbags("watchtower"))
    assert s2.tiles[s2.board.index("watchtower")] == "dry"
    assert s2.hands[1] == () and s2.treasure_discard == ("sandbags",)
    assert s2.actions_left == 3 and fi.game.to_act(s2) == (0,)


def test_special_cards_during_a_swim() -> None:
    s = _sink(("engineer", "pilot"), "observatory", pawns={0: "observatory"},
              flooded=["watchtower"], hands={1: ["sandbags", "helicopter_lift"]})  # fmt: skip
    assert fi.game.to_act(s) == (0,)
    legal = fi.legal(s, 1)
    assert Sandbags("watchtower") in legal and HelicopterLift(0) in legal
    s = fi.act(s, 1, Sandbags("watchtower"))
    assert fi.game.to_act(s) == (0,) and s.swimmers == (0,)
    # lifting the swimmer instead of swimming
    s = fi.act(s, 1, HelicopterLift(0), LiftTo("bronze_gate"))
    assert s.pawns[0] == "bronze_gate" and s.swimmers == ()


def test_specials_are_not_actions_and_give_no_turn() -> None:
    s = fi.build(("engineer", "pilot"), hands={1: ["earth"]})
    assert fi.legal(s, 1) == ()
    with pytest.raises(NotYourTurnError):
        fi.game.apply(s, 1, EndActions())
