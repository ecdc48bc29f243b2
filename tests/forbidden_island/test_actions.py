"""The four actions and the six adventurer powers (rules 3.1 and 4; I3, I5, I6, I7)."""

from __future__ import annotations

import pytest

from islandgames import IllegalActionError, NotYourTurnError
from islandgames.games.forbidden_island.actions import (
    Capture,
    Discard,
    DrawTreasure,
    EndActions,
    Fly,
    Give,
    Move,
    Navigate,
    Sandbags,
    ShoreUp,
)
from tests.forbidden_island import forbidden_island_kit as fi

# --- move ---------------------------------------------------------------------------


def test_move_orthogonally_onto_flooded_but_not_sunk_tiles() -> None:
    s = fi.build(
        ("engineer", "pilot"),
        pawns={0: "misty_marsh"},
        flooded=["dunes_of_deception"],
        sunk=["lost_lagoon"],
    )
    assert fi.targets(s, 0, Move) == {"dunes_of_deception", "observatory", "temple_of_the_sun"}
    s2 = fi.act(s, 0, Move("dunes_of_deception"))
    assert s2.pawns[0] == "dunes_of_deception" and s2.actions_left == 2
    with pytest.raises(IllegalActionError):
        fi.game.apply(s, 0, Move("crimson_forest"))  # diagonal
    with pytest.raises(IllegalActionError):
        fi.game.apply(s, 0, Move("lost_lagoon"))  # sunk


def test_three_actions_then_only_end_actions() -> None:
    s = fi.build(("engineer", "pilot"), pawns={0: "misty_marsh"})
    s = fi.act(s, 0, Move("observatory"), Move("misty_marsh"), Move("observatory"))
    assert s.actions_left == 0
    assert fi.legal(s, 0) == (EndActions(),)
    s = fi.act(s, 0, EndActions())
    assert s.phase == "treasure" and s.draws_left == 2
    assert fi.legal(s, 0) == (DrawTreasure(),)


def test_end_actions_early_and_not_on_anothers_turn() -> None:
    s = fi.build(("engineer", "pilot"), active=1)
    assert fi.legal(s, 0) == ()
    with pytest.raises(NotYourTurnError):
        fi.game.apply(s, 0, EndActions())
    s = fi.act(s, 1, EndActions())
    assert s.phase == "treasure" and s.actions_left == 0


def test_explorer_moves_diagonally_even_between_missing_tiles() -> None:
    s = fi.build(
        ("explorer", "pilot"),
        pawns={0: "misty_marsh"},
        sunk=["dunes_of_deception", "observatory"],
    )
    # fools_landing is diagonal; both orthogonal tiles between are gone
    assert fi.targets(s, 0, Move) == {
        "crimson_forest",
        "fools_landing",
        "lost_lagoon",
        "temple_of_the_moon",
        "temple_of_the_sun",
        "tidal_palace",
    }


def test_diver_swims_through_flooded_and_missing_spaces() -> None:
    s = fi.build(
        ("diver", "pilot"),
        pawns={0: "misty_marsh", 1: "watchtower"},
        flooded=["observatory"],
        sunk=["phantom_rock"],
    )
    assert fi.targets(s, 0, Move) == {
        # ordinary steps
        "dunes_of_deception",
        "lost_lagoon",
        "observatory",
        "temple_of_the_sun",
        # through the flooded observatory
        "fools_landing",
        "tidal_palace",
        # and on through the missing phantom_rock, turning freely
        "gold_gate",
        "twilight_hollow",
        "silver_gate",
    }
    s2 = fi.act(s, 0, Move("silver_gate"))
    assert s2.pawns[0] == "silver_gate" and s2.actions_left == 2
    with pytest.raises(IllegalActionError):
        fi.game.apply(s, 0, Move("phantom_rock"))  # must end on a tile


def test_diver_never_crosses_the_empty_corner_cells() -> None:
    """I5: iron_gate (0,3) touches the corner (0,4), never a tile; temple_of_the_moon
    (1,4) lies beyond it."""
    s = fi.build(
        ("diver", "pilot"),
        pawns={0: "iron_gate"},
        sunk=["coral_palace"],
    )
    assert fi.targets(s, 0, Move) == {"lost_lagoon", "crimson_forest"}


def test_pilot_flies_once_per_turn_to_non_adjacent_tiles() -> None:
    """I7: the flight is offered only where an ordinary move does not go, and only the
    flight uses up the once-per-turn power."""
    s = fi.build(("pilot", "engineer"), sunk=["watchtower"])
    adjacent = {"cliffs_of_abandon", "dunes_of_deception", "gold_gate", "observatory"}
    assert fi.targets(s, 0, Move) == adjacent
    fly = fi.targets(s, 0, Fly)
    assert len(fly) == 24 - 1 - 1 - 4  # not sunk, not its own tile, not adjacent
    assert not fly & adjacent and "watchtower" not in fly
    # an adjacent move does not spend the flight
    s1 = fi.act(s, 0, Move("gold_gate"))
    assert not s1.pilot_flown and fi.of(s1, 0, Fly)
    s2 = fi.act(s1, 0, Fly("whispering_garden"))
    assert s2.pawns[0] == "whispering_garden" and s2.pilot_flown and s2.actions_left == 1
    assert fi.of(s2, 0, Fly) == []
    with pytest.raises(IllegalActionError):
        fi.game.apply(s2, 0, Fly("breakers_bridge"))
    assert fi.of(s2, 0, Move)  # ordinary moves remain


def test_pilot_flight_resets_next_turn() -> None:
    s = fi.build(
        ("pilot", "engineer"),
        pilot_flown=True,
        phase="flood",
        draws_left=1,
        flood_top=["watchtower"],
    )
    assert fi.of(s, 0, Fly) == []
    s = fi.act(s, 0, fi.legal(s, 0)[0])  # the last flood card: the turn passes
    assert s.active == 1 and not s.pilot_flown
    s = fi.act(s, 1, EndActions(), DrawTreasure(), DrawTreasure())
    while s.active == 1:
        s = fi.act(s, 1, fi.legal(s, 1)[0])
    assert s.active == 0 and s.phase == "actions" and fi.of(s, 0, Fly)


# --- navigator (I3) ----------------------------------------------------------------


def test_navigator_moves_another_pawn_up_to_two_steps() -> None:
    s = fi.build(("navigator", "engineer"), sunk=["cliffs_of_abandon"])
    # engineer on bronze_gate (3,0): breakers_bridge, then cave_of_shadows; cliffs is gone
    moves = {a.to for a in fi.of(s, 0, Navigate) if a.pawn == 1}
    assert moves == {"breakers_bridge", "cave_of_shadows"}
    # never itself: its own pawn moves only normally
    assert all(a.pawn != 0 for a in fi.of(s, 0, Navigate))
    s2 = fi.act(s, 0, Navigate(1, "cave_of_shadows"))
    assert s2.pawns[1] == "cave_of_shadows" and s2.pawns[0] == "gold_gate"
    assert s2.actions_left == 2


def test_navigator_steps_through_flooded_tiles() -> None:
    s = fi.build(("navigator", "engineer"), flooded=["breakers_bridge"], sunk=["cliffs_of_abandon"])
    moves = {a.to for a in fi.of(s, 0, Navigate) if a.pawn == 1}
    assert moves == {"breakers_bridge", "cave_of_shadows"}


def test_navigator_moves_explorer_diagonally() -> None:
    s = fi.build(("navigator", "explorer"))
    moves = {a.to for a in fi.of(s, 0, Navigate) if a.pawn == 1}
    # explorer on copper_gate (4,1): fools_landing (3,2) then misty_marsh (2,3), both diagonal
    assert "misty_marsh" in moves
    plain = fi.build(("navigator", "engineer"), pawns={1: "copper_gate"})
    assert "misty_marsh" not in {a.to for a in fi.of(plain, 0, Navigate) if a.pawn == 1}


def test_navigator_moves_diver_through_a_missing_space() -> None:
    s = fi.build(("navigator", "diver"), sunk=["lost_lagoon"])
    moves = {a.to for a in fi.of(s, 0, Navigate) if a.pawn == 1}
    # diver on iron_gate (0,3): through the missing lost_lagoon (1,3) to misty_marsh (2,3)
    assert "misty_marsh" in moves
    assert "lost_lagoon" not in moves  # must end on a tile
    assert "observatory" not in moves  # 3 steps away
    other = fi.build(("navigator", "engineer"), pawns={1: "iron_gate"}, sunk=["lost_lagoon"])
    assert "misty_marsh" not in {a.to for a in fi.of(other, 0, Navigate) if a.pawn == 1}


def test_navigator_never_makes_the_pilot_fly() -> None:
    s = fi.build(("navigator", "pilot"))
    moves = {a.to for a in fi.of(s, 0, Navigate) if a.pawn == 1}
    # pilot on fools_landing (3,2): only what 2 orthogonal steps reach
    assert moves == {
        "cliffs_of_abandon",
        "dunes_of_deception",
        "gold_gate",
        "observatory",
        "bronze_gate",
        "cave_of_shadows",
        "copper_gate",
        "crimson_forest",
        "misty_marsh",
        "howling_garden",
        "phantom_rock",
        "tidal_palace",
    }


# --- shore up (I6) -----------------------------------------------------------------


def test_shore_up_own_and_adjacent_flooded_tiles() -> None:
    s = fi.build(
        ("pilot", "navigator"),
        pawns={0: "misty_marsh"},
        flooded=["misty_marsh", "dunes_of_deception", "crimson_forest"],
        sunk=["lost_lagoon"],
    )
    assert fi.of(s, 0, ShoreUp) == [
        ShoreUp("dunes_of_deception"),
        ShoreUp("misty_marsh"),
    ]  # crimson_forest is diagonal; dry, sunk and far tiles are not offered
    s2 = fi.act(s, 0, ShoreUp("misty_marsh"))
    assert s2.tiles[s2.board.index("misty_marsh")] == "dry" and s2.actions_left == 2
    with pytest.raises(IllegalActionError):
        fi.game.apply(s, 0, ShoreUp("crimson_forest"))


def test_explorer_shores_up_diagonally() -> None:
    s = fi.build(("explorer", "pilot"), pawns={0: "misty_marsh"}, flooded=["crimson_forest"])
    assert fi.of(s, 0, ShoreUp) == [ShoreUp("crimson_forest")]


def test_engineer_shores_up_one_or_two_tiles_named_in_one_action() -> None:
    s = fi.build(
        ("engineer", "pilot"),
        pawns={0: "misty_marsh"},
        flooded=["misty_marsh", "dunes_of_deception", "observatory", "crimson_forest"],
    )
    assert fi.of(s, 0, ShoreUp) == [
        ShoreUp("dunes_of_deception"),
        ShoreUp("misty_marsh"),
        ShoreUp("observatory"),
        ShoreUp("dunes_of_deception", "misty_marsh"),
        ShoreUp("dunes_of_deception", "observatory"),
        ShoreUp("misty_marsh", "observatory"),
    ]
    s2 = fi.act(s, 0, ShoreUp("dunes_of_deception", "observatory"))
    assert s2.actions_left == 2
    assert s2.tiles[s2.board.index("dunes_of_deception")] == "dry"
    assert s2.tiles[s2.board.index("observatory")] == "dry"
    assert s2.tiles[s2.board.index("misty_marsh")] == "flooded"
    with pytest.raises(IllegalActionError):  # the canonical order only
        fi.game.apply(s, 0, ShoreUp("observatory", "dunes_of_deception"))
    with pytest.raises(IllegalActionError):
        fi.game.apply(s, 0, ShoreUp("misty_marsh", "misty_marsh"))
    other = fi.build(
        ("pilot", "engineer"), pawns={0: "misty_marsh"}, flooded=["misty_marsh", "observatory"]
    )
    assert all(a.also is None for a in fi.of(other, 0, ShoreUp))


# --- give ------------------------------------------------------------------------


def test_give_treasure_cards_on_the_same_tile_only() -> None:
    hands = {0: ["earth", "fire", "helicopter_lift", "sandbags"]}
    s = fi.build(("pilot", "engineer", "diver"), pawns={1: "fools_landing"}, hands=hands)
    assert fi.of(s, 0, Give) == [Give("earth", 1), Give("fire", 1)]  # no specials, not diver
    s2 = fi.act(s, 0, Give("fire", 1))
    assert s2.hands[0] == ("earth", "helicopter_lift", "sandbags")
    assert s2.hands[1] == ("fire",) and s2.actions_left == 2
    for bad in (Give("helicopter_lift", 1), Give("earth", 2), Give("earth", 0), Give("ocean", 1)):
        with pytest.raises(IllegalActionError):
            fi.game.apply(s, 0, bad)


def test_messenger_gives_anywhere() -> None:
    s = fi.build(("messenger", "engineer", "diver"), hands={0: ["ocean", "sandbags"]})
    assert fi.of(s, 0, Give) == [Give("ocean", 1), Give("ocean", 2)]
    # only the messenger gives from afar
    back = fi.build(("messenger", "engineer"), hands={1: ["ocean"]}, active=1)
    assert fi.of(back, 1, Give) == []


def test_giving_to_a_player_at_five_cards() -> None:
    """The receiver is over the limit at once and must discard (or play a special card)
    before the giver continues (I8)."""
    hands = {
        0: ["earth", "wind"],
        1: ["fire", "fire", "fire", "ocean", "sandbags"],
    }
    s = fi.build(("pilot", "engineer"), pawns={1: "fools_landing"}, hands=hands)
    s = fi.act(s, 0, Give("earth", 1))
    assert len(s.hands[1]) == 6
    assert fi.game.to_act(s) == (1,)
    assert fi.legal(s, 0) == ()  # the giver waits
    # nothing is flooded, so Sandbags has no target here
    assert fi.legal(s, 1) == (
        Discard("earth"),
        Discard("fire"),
        Discard("ocean"),
        Discard("sandbags"),
    )
    played = fi.build(("pilot", "engineer"), pawns={1: "fools_landing"}, hands=hands,
                      flooded=["watchtower"])  # fmt: skip
    played = fi.act(played, 0, Give("earth", 1))
    assert Sandbags("watchtower") in fi.legal(played, 1)
    played = fi.act(played, 1, Sandbags("watchtower"))  # play it instead of discarding
    assert len(played.hands[1]) == 5 and fi.game.to_act(played) == (0,)
    s = fi.act(s, 1, Discard("ocean"))
    assert s.hands[1] == ("earth", "fire", "fire", "fire", "sandbags")
    assert s.treasure_discard == ("ocean",)
    assert fi.game.to_act(s) == (0,) and s.actions_left == 2


# --- capture -----------------------------------------------------------------------


def test_capture_on_a_flooded_temple_with_five_cards() -> None:
    s = fi.build(
        ("engineer", "pilot"),
        pawns={0: "temple_of_the_sun"},
        flooded=["temple_of_the_sun"],
        hands={0: ["earth"] * 5},
    )
    assert fi.of(s, 0, Capture) == [Capture("earth")]
    s2 = fi.act(s, 0, Capture("earth"))
    assert s2.captured == ("earth",)
    assert s2.hands[0] == ("earth",)  # only 4 are discarded
    assert s2.treasure_discard == ("earth",) * 4
    assert s2.actions_left == 2
    assert fi.of(s2, 0, Capture) == []  # never twice


def test_capture_needs_four_cards_the_right_tile_and_your_turn() -> None:
    three = fi.build(("engineer", "pilot"), pawns={0: "temple_of_the_sun"},
                     hands={0: ["earth"] * 3 + ["wind"]})  # fmt: skip
    assert fi.of(three, 0, Capture) == []
    wrong_tile = fi.build(
        ("engineer", "pilot"), pawns={0: "howling_garden"}, hands={0: ["earth"] * 4}
    )
    assert fi.of(wrong_tile, 0, Capture) == []
    not_my_turn = fi.build(("engineer", "pilot"), pawns={0: "temple_of_the_moon"},
                           hands={0: ["earth"] * 4}, active=1)  # fmt: skip
    assert fi.legal(not_my_turn, 0) == ()
    with pytest.raises(IllegalActionError):
        fi.game.apply(not_my_turn, 0, Capture("earth"))
    ok = fi.build(("engineer", "pilot"), pawns={0: "temple_of_the_moon"}, hands={0: ["earth"] * 4})
    with pytest.raises(IllegalActionError):
        fi.game.apply(ok, 0, Capture("wind"))
    assert fi.act(ok, 0, Capture("earth")).captured == ("earth",)


def test_captured_treasures_are_kept_in_canonical_order() -> None:
    s = fi.build(("engineer", "pilot"), pawns={0: "temple_of_the_moon"},
                 hands={0: ["earth"] * 4}, captured=["fire", "ocean"])  # fmt: skip
    assert fi.act(s, 0, Capture("earth")).captured == ("earth", "fire", "ocean")
