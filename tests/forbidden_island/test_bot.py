"""The heuristic bot: legal, deterministic, sensible in key spots, better than random.

The 1,000-game win-rate measurement is not a test (it takes minutes); see the report
in the issue. Here a few seeded games only."""

from __future__ import annotations

from typing import Any

from islandgames.bots import RandomBot, interjection, play
from islandgames.bots.forbidden_island import HeuristicBot
from islandgames.core.rng import Rng
from islandgames.games.forbidden_island import GAME, ForbiddenIslandConfig
from islandgames.games.forbidden_island.actions import (
    Capture,
    DrawFlood,
    Give,
    HelicopterLift,
    LiftAlso,
    LiftOff,
    LiftTo,
    Sandbags,
    ShoreUp,
)
from tests.forbidden_island import forbidden_island_kit as fi

NOVICE4 = ForbiddenIslandConfig(players=4, difficulty="novice")


def _choose(state: Any, seat: int) -> Any:
    legal = GAME.legal_actions(state, seat)
    action, _ = HeuristicBot().choose(GAME, GAME.view(state, seat), legal, Rng.from_seed(0))
    assert action in legal
    return action


def test_heuristic_beats_random() -> None:
    seeds = range(8)
    heuristic = [play(GAME, s, HeuristicBot(), NOVICE4) for s in seeds]
    randomly = [play(GAME, s, RandomBot(), NOVICE4) for s in seeds]
    h = sum(len(r.final_state.captured) for r in heuristic)
    r = sum(len(r.final_state.captured) for r in randomly)
    assert all(g.outcome is not None for g in heuristic + randomly)
    assert h >= r + len(seeds), (h, r)


def test_heuristic_is_deterministic() -> None:
    a = play(GAME, 3, HeuristicBot(), NOVICE4)
    b = play(GAME, 3, HeuristicBot(), NOVICE4)
    assert a.final_state == b.final_state and a.actions == b.actions


def test_bot_lifts_off_when_it_can() -> None:
    all4 = ["earth", "wind", "fire", "ocean"]
    s = fi.build(("engineer", "pilot"), pawns={0: "fools_landing"}, captured=all4,
                 hands={0: ["helicopter_lift", "earth"]})  # fmt: skip
    assert _choose(s, 0) == LiftOff()


def test_bot_captures_when_it_can() -> None:
    s = fi.build(("engineer", "pilot"), pawns={0: "temple_of_the_moon"},
                 hands={0: ["earth"] * 4}, flooded=["observatory", "gold_gate"])  # fmt: skip
    assert _choose(s, 0) == Capture("earth")


def test_bot_rescues_a_stranded_pawn() -> None:
    around = ["crimson_forest", "iron_gate", "misty_marsh", "temple_of_the_moon"]
    s = fi.build(("engineer", "pilot", "messenger"), phase="flood", draws_left=2,
                 pawns={0: "lost_lagoon", 2: "lost_lagoon"}, sunk=around,
                 flooded=["lost_lagoon"], flood_top=["lost_lagoon"],
                 hands={1: ["helicopter_lift"]})  # fmt: skip
    s = fi.act(s, 0, DrawFlood())
    assert GAME.to_act(s) == (1,)
    a = _choose(s, 1)
    assert isinstance(a, HelicopterLift)
    s = fi.act(s, 1, a)
    a = _choose(s, 1)
    assert a == LiftAlso(2)  # the other pawn stranded there too
    s = fi.act(s, 1, a)
    a = _choose(s, 1)
    assert isinstance(a, LiftTo)
    s = fi.act(s, 1, a)
    assert s.ended == () and s.swimmers == ()


def test_bot_shores_up_fools_landing_about_to_sink() -> None:
    s = fi.build(("engineer", "pilot"), pawns={0: "observatory"},
                 flooded=["fools_landing", "watchtower"],
                 flood_top=["fools_landing", "watchtower"])  # fmt: skip
    assert _choose(s, 0) in (
        ShoreUp("fools_landing"),
        ShoreUp("fools_landing", "observatory"),
    )


def test_bot_walks_a_card_to_its_collector_before_shoring_a_safe_temple() -> None:
    # the engineer gathers fire (2 cards); the diver's one card is worth a turn of
    # walking to hand it over, more than shoring a temple with another tile standing
    # and its flood card deep in the pile (the old weights shored it)
    s = fi.build(("diver", "engineer"), pawns={0: "cave_of_embers", 1: "breakers_bridge"},
                 hands={0: ["fire"], 1: ["fire", "fire"]}, flooded=["coral_palace"])  # fmt: skip
    turn = []
    while s.active == 0 and s.phase == "actions":
        action = _choose(s, 0)
        turn.append(action)
        s = fi.act(s, 0, action)
    assert Give("fire", 1) in turn and s.hands[1] == ("fire", "fire", "fire")


# Out-of-turn play (ruling I1: a special card may be played whenever the game waits).


def _interject(state: Any, seat: int) -> Any:
    legal = GAME.legal_actions(state, seat)
    action, _ = HeuristicBot().interject(GAME, GAME.view(state, seat), legal, Rng.from_seed(0))
    assert action is None or action in legal
    return action


ALL4 = ["earth", "wind", "fire", "ocean"]
TEAM4 = ("engineer", "pilot", "messenger", "navigator")


def test_a_holder_lifts_off_out_of_turn() -> None:
    everyone_home = dict.fromkeys(range(4), "fools_landing")
    s = fi.build(TEAM4, pawns=everyone_home, captured=ALL4, hands={2: ["helicopter_lift"]})
    assert GAME.to_act(s) == (0,)
    assert _interject(s, 2) == LiftOff()
    rngs = {q: Rng.from_seed(0) for q in range(4)}
    assert interjection(GAME, s, 0, HeuristicBot(), rngs) == (2, LiftOff())


def test_a_holder_sandbags_fools_landing_out_of_turn() -> None:
    # Fools' Landing is flooded and the next flood card would sink it
    s = fi.build(TEAM4, phase="flood", draws_left=2, flooded=["fools_landing"],
                 flood_top=["fools_landing"], hands={3: ["sandbags"]})  # fmt: skip
    assert GAME.to_act(s) == (0,)
    assert _interject(s, 3) == Sandbags("fools_landing")


def test_no_interjection_without_reason() -> None:
    s = fi.build(TEAM4, hands={1: ["sandbags", "helicopter_lift"]})
    assert _interject(s, 1) is None
    rngs = {q: Rng.from_seed(0) for q in range(4)}
    assert interjection(GAME, s, 0, HeuristicBot(), rngs) is None
    # bots that never act out of turn are not asked
    s = fi.build(TEAM4, pawns=dict.fromkeys(range(4), "fools_landing"), captured=ALL4,
                 hands={2: ["helicopter_lift"]})  # fmt: skip
    assert interjection(GAME, s, 0, RandomBot(), rngs) is None


def test_the_team_is_flown_home_when_its_lifts_suffice() -> None:
    pawns = {0: "fools_landing", 1: "fools_landing", 2: "observatory", 3: "observatory"}
    s = fi.build(TEAM4, pawns=pawns, captured=ALL4, hands={1: ["helicopter_lift"] * 2})
    a = _interject(s, 1)
    assert a in (HelicopterLift(2), HelicopterLift(3))
    # the one lift left is kept for the lift-off, not spent on a flight
    s = fi.build(TEAM4, pawns=pawns, captured=ALL4, hands={1: ["helicopter_lift"]})
    assert _interject(s, 1) is None
    # two groups away need three lifts
    pawns[3] = "watchtower"
    s = fi.build(TEAM4, pawns=pawns, captured=ALL4, hands={1: ["helicopter_lift"] * 2})
    assert _interject(s, 1) is None


def test_play_offers_interjections_before_the_next_seat_acts() -> None:
    everyone_home = dict.fromkeys(range(4), "fools_landing")
    s = fi.build(TEAM4, pawns=everyone_home, captured=ALL4, hands={2: ["helicopter_lift"]})

    class FromState:  # play() from a built state: the game's new() replaced
        info = GAME.info

        def __getattr__(self, name: str) -> Any:
            return getattr(GAME, name)

        def new(self, seed: int, config: Any = None) -> Any:
            return s

    r = play(FromState(), 0, HeuristicBot(), NOVICE4)  # type: ignore[arg-type]
    assert r.actions == 1 and r.final_state.ended == ("won",)


def test_the_active_pawn_lifts_itself_to_save_fools_landing() -> None:
    # Fools' Landing sinks at the next flood card and no walk reaches it in time
    s = fi.build(TEAM4, pawns={0: "coral_palace"}, actions_left=1, flooded=["fools_landing"],
                 flood_top=["fools_landing"], hands={0: ["helicopter_lift"]})  # fmt: skip
    assert _choose(s, 0) == HelicopterLift(0)
    s = fi.act(s, 0, HelicopterLift(0))
    a = _choose(s, 0)
    assert isinstance(a, LiftTo)
    s = fi.act(s, 0, a)
    assert _choose(s, 0) == ShoreUp("fools_landing")
