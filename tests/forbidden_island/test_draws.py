"""The treasure draw and the flood draw (rules 3.2, 3.3; I8, I10, I14)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from islandgames import IllegalActionError
from islandgames.games.forbidden_island.actions import (
    Discard,
    DrawFlood,
    DrawTreasure,
    EndActions,
    HelicopterLift,
    Sandbags,
)
from islandgames.games.forbidden_island.data import FLOOD_DRAWS, TILE_IDS, TREASURE_DECK
from tests.forbidden_island import forbidden_island_kit as fi

FULL = [c for c, n in TREASURE_DECK for _ in range(n)]


def _without(cards: list[str], *remove: str) -> list[str]:
    rest = list(cards)
    for c in remove:
        rest.remove(c)
    return rest


def _status(s: Any, tile: str) -> str:
    return str(s.tiles[s.board.index(tile)])


# --- treasure draw -----------------------------------------------------------------


def test_each_treasure_card_is_drawn_by_its_own_explicit_action() -> None:
    s = fi.build(("pilot", "engineer"), phase="treasure", draws_left=2,
                 treasure_top=["fire", "helicopter_lift"], hands={0: ["ocean"]})  # fmt: skip
    assert fi.legal(s, 0) == (DrawTreasure(),)
    assert fi.game.to_act(s) == (0,)
    s = fi.act(s, 0, DrawTreasure())
    assert s.hands[0] == ("fire", "ocean") and s.phase == "treasure" and s.draws_left == 1
    s = fi.act(s, 0, DrawTreasure())
    assert s.hands[0] == ("fire", "ocean", "helicopter_lift")
    assert s.phase == "flood" and s.draws_left == FLOOD_DRAWS[2]
    assert fi.legal(s, 0)[0] == DrawFlood()


def test_waters_rise() -> None:
    flooded = ["watchtower", "observatory", "gold_gate"]
    s = fi.build(("pilot", "engineer"), phase="treasure", draws_left=2, water_level=2,
                 flooded=flooded, treasure_top=["waters_rise", "earth"])  # fmt: skip
    before_deck = s.flood_deck
    s = fi.act(s, 0, DrawTreasure())
    assert s.water_level == 3
    assert s.hands[0] == ()  # not kept, not replaced
    assert s.treasure_discard == ("waters_rise",)
    # the flood discard pile, shuffled, is now on top of the flood deck as a run
    assert s.flood_discard == ()
    assert sorted(s.flood_deck[:3]) == sorted(flooded)
    assert s.flood_deck[3:] == before_deck
    assert s.flood_segments == (3, len(before_deck))
    s = fi.act(s, 0, DrawTreasure())
    # the new level sets this turn's flood draw
    assert s.phase == "flood" and s.draws_left == FLOOD_DRAWS[3] == 3


def test_waters_rise_with_an_empty_flood_discard() -> None:
    s = fi.build(("pilot", "engineer"), phase="treasure", draws_left=2,
                 treasure_top=["waters_rise"])  # fmt: skip
    s2 = fi.act(s, 0, DrawTreasure())
    assert s2.water_level == 3
    assert s2.flood_deck == s.flood_deck and s2.flood_segments == s.flood_segments


def test_two_waters_rise_in_one_draw() -> None:
    """The marker goes up two ticks; the flood discard pile is shuffled back once."""
    flooded = ["watchtower", "observatory"]
    s = fi.build(("pilot", "engineer"), phase="treasure", draws_left=2, water_level=2,
                 flooded=flooded, treasure_top=["waters_rise", "waters_rise"])  # fmt: skip
    rest = s.flood_deck
    s = fi.act(s, 0, DrawTreasure(), DrawTreasure())
    assert s.water_level == 4
    assert s.treasure_discard == ("waters_rise", "waters_rise")
    assert s.flood_segments == (2, len(rest))  # one run on top, not two
    assert sorted(s.flood_deck[:2]) == sorted(flooded) and s.flood_deck[2:] == rest
    assert s.phase == "flood" and s.draws_left == FLOOD_DRAWS[4]
    assert s.hands[0] == ()


def test_waters_rise_to_the_skull_loses_at_once() -> None:
    s = fi.build(("pilot", "engineer"), phase="treasure", draws_left=2, water_level=9,
                 treasure_top=["waters_rise"])  # fmt: skip
    s = fi.act(s, 0, DrawTreasure())
    assert s.water_level == 10 and s.ended == ("water_level",)
    out = fi.game.outcome(s)
    assert out is not None and out.winners == ()
    assert [r.result for r in out.results] == ["loss", "loss"]
    assert "skull" in out.reason
    assert fi.game.to_act(s) == () and fi.legal(s, 0) == () and fi.legal(s, 1) == ()


def test_a_reshuffle_caused_by_waters_rise() -> None:
    """I10: the Waters Rise! that empties the deck is discarded before the reshuffle,
    so it is shuffled into the new deck."""
    s = fi.build(("pilot", "engineer"), phase="treasure", draws_left=2,
                 treasure_deck=["waters_rise"],
                 treasure_discard=_without(FULL, "waters_rise"))  # fmt: skip
    s = fi.act(s, 0, DrawTreasure())
    assert s.treasure_discard == ()
    assert Counter(s.treasure_deck) == Counter(FULL)  # all 28, Waters Rise! included
    assert s.treasure_deck != tuple(FULL)  # shuffled
    assert s.water_level == 3
    fi.game.check_state(s)


def test_treasure_deck_running_out_is_reshuffled_at_once() -> None:
    hands = {1: ["earth", "wind"]}
    s = fi.build(("pilot", "engineer"), phase="treasure", draws_left=2, hands=hands,
                 treasure_deck=["fire"],
                 treasure_discard=_without(FULL, "fire", "earth", "wind"))  # fmt: skip
    s = fi.act(s, 0, DrawTreasure())
    assert s.hands[0] == ("fire",)
    assert s.treasure_discard == () and len(s.treasure_deck) == 25
    top = s.treasure_deck[0]
    s = fi.act(s, 0, DrawTreasure())  # the second card comes from the new deck
    assert len(s.treasure_deck) == 24
    if top == "waters_rise":
        assert s.treasure_discard == ("waters_rise",) and s.water_level == 3
    else:
        assert top in s.hands[0] and len(s.hands[0]) == 2


def test_hand_limit_is_checked_after_the_two_card_draw() -> None:
    """I8: at 5 cards, the first draw makes 6 and the draw simply continues; after the
    second, the player discards (or plays a special card) down to 5 before the flood
    draw."""
    hand = ["earth", "earth", "wind", "fire", "ocean"]
    s = fi.build(("pilot", "engineer"), phase="treasure", draws_left=2, hands={0: hand},
                 treasure_top=["sandbags", "ocean"], flooded=["watchtower"])  # fmt: skip
    s = fi.act(s, 0, DrawTreasure())
    assert len(s.hands[0]) == 6
    assert fi.legal(s, 0)[0] == DrawTreasure()  # no discard yet
    s = fi.act(s, 0, DrawTreasure())
    assert len(s.hands[0]) == 7 and s.phase == "flood"
    assert fi.game.to_act(s) == (0,)
    legal = fi.legal(s, 0)
    assert DrawFlood() not in legal
    assert [a for a in legal if isinstance(a, Discard)] == [
        Discard("earth"),
        Discard("wind"),
        Discard("fire"),
        Discard("ocean"),
        Discard("sandbags"),
    ]
    assert Sandbags("watchtower") in legal  # play the special card instead
    s = fi.act(s, 0, Sandbags("watchtower"), Discard("earth"))
    assert len(s.hands[0]) == 5
    assert s.treasure_discard == ("sandbags", "earth")
    assert _status(s, "watchtower") == "dry"
    assert fi.legal(s, 0) == (DrawFlood(),)
    with pytest.raises(IllegalActionError):
        fi.game.apply(s, 0, Discard("wind"))


@pytest.mark.parametrize("level", range(1, 10))
def test_flood_draw_count_follows_the_water_meter(level: int) -> None:
    s = fi.build(("pilot", "engineer"), phase="treasure", draws_left=2, water_level=level,
                 treasure_top=["earth", "wind"])  # fmt: skip
    s = fi.act(s, 0, DrawTreasure(), DrawTreasure())
    assert s.draws_left == FLOOD_DRAWS[level]
    drawn = 0
    while s.active == 0:
        s = fi.act(s, 0, DrawFlood())
        drawn += 1
    assert drawn == FLOOD_DRAWS[level]
    assert s.phase == "actions" and s.actions_left == 3 and s.active == 1


# --- flood draw --------------------------------------------------------------------


def test_flood_then_sink() -> None:
    s = fi.build(("pilot", "engineer"), phase="flood", draws_left=2,
                 flooded=["observatory"], flood_top=["watchtower", "observatory"])  # fmt: skip
    assert fi.legal(s, 0) == (DrawFlood(),)
    s = fi.act(s, 0, DrawFlood())
    assert _status(s, "watchtower") == "flooded"
    assert s.flood_discard == ("watchtower",)
    assert s.active == 0 and s.draws_left == 1
    s = fi.act(s, 0, DrawFlood())
    assert _status(s, "observatory") == "sunk"
    # the card of a sunk tile leaves the game
    assert "observatory" not in s.flood_deck and "observatory" not in s.flood_discard
    assert len(s.flood_deck) + len(s.flood_discard) == 23
    # the last flood card passes the turn
    assert s.active == 1 and s.phase == "actions" and s.actions_left == 3
    fi.game.check_state(s)


def test_flood_deck_running_out_mid_draw() -> None:
    others = [t for t in TILE_IDS if t != "watchtower"]
    s = fi.build(("pilot", "engineer"), phase="flood", draws_left=2,
                 flood_deck=["watchtower"], flood_discard=others)  # fmt: skip
    s = fi.act(s, 0, DrawFlood())
    assert _status(s, "watchtower") == "flooded"
    assert s.flood_discard == ()
    assert sorted(s.flood_deck) == sorted(TILE_IDS) and s.flood_segments == (24,)
    top = s.flood_deck[0]
    s = fi.act(s, 0, DrawFlood())  # keeps drawing from the new deck
    assert _status(s, top) in ("flooded", "sunk")
    assert s.active == 1


def test_sandbags_before_the_card_is_revealed_saves_the_tile() -> None:
    """A holder may sandbag before the flood card is drawn (I1, I14); once it is drawn
    the tile sinks at once, with no window in between."""
    base: dict[str, Any] = dict(phase="flood", draws_left=1, flooded=["observatory"],
                                flood_top=["observatory"], hands={1: ["sandbags"]})  # fmt: skip
    s = fi.build(("pilot", "engineer"), **base)
    assert Sandbags("observatory") in fi.legal(s, 1)  # out of turn
    saved = fi.act(s, 1, Sandbags("observatory"))
    saved = fi.act(saved, 0, DrawFlood())
    assert _status(saved, "observatory") == "flooded"
    lost = fi.act(s, 0, DrawFlood())
    assert _status(lost, "observatory") == "sunk"


def test_special_cards_in_every_window() -> None:
    """I1: any holder may play whenever the game waits on any decision."""
    hands = {1: ["helicopter_lift", "sandbags"]}
    windows: list[dict[str, Any]] = [
        dict(phase="actions"),
        dict(phase="actions", actions_left=0),
        dict(phase="treasure", draws_left=2),
        dict(phase="treasure", draws_left=1),
        dict(phase="flood", draws_left=2),
    ]
    for w in windows:
        s = fi.build(("pilot", "engineer"), hands=hands, flooded=["watchtower"], **w)
        assert fi.game.to_act(s) == (0,)
        legal = fi.legal(s, 1)
        assert Sandbags("watchtower") in legal
        assert HelicopterLift(0) in legal and HelicopterLift(1) in legal
    # and nothing else for a seat that is not asked to decide
    s = fi.build(("pilot", "engineer"), hands={1: ["earth"]})
    assert fi.legal(s, 1) == ()


def test_end_actions_then_draws_are_explicit() -> None:
    s = fi.build(
        ("pilot", "engineer"),
        treasure_top=["earth", "wind"],
        flood_top=["watchtower", "observatory"],
    )
    s = fi.act(s, 0, EndActions())
    assert s.phase == "treasure"
    s = fi.act(s, 0, DrawTreasure(), DrawTreasure(), DrawFlood())
    assert s.phase == "flood" and s.draws_left == 1
    s = fi.act(s, 0, DrawFlood())
    assert s.active == 1 and s.phase == "actions"
