"""Views (open hands, hidden deck orders), resampling, decoded-state checks, and the
fast legality check agreeing with ``legal_actions`` over random games."""

from __future__ import annotations

import itertools
from typing import Any

import attrs
import pytest

from islandgames import DecodeError
from islandgames.core import serde
from islandgames.core.rng import Rng
from islandgames.games.forbidden_island import GAME, ForbiddenIslandConfig
from islandgames.games.forbidden_island.actions import (
    Capture,
    DeclineRescue,
    Discard,
    DrawFlood,
    DrawTreasure,
    EndActions,
    Fly,
    Give,
    HelicopterLift,
    LiftAlso,
    LiftOff,
    LiftTo,
    Move,
    Navigate,
    Sandbags,
    ShoreUp,
    Swim,
)
from islandgames.games.forbidden_island.data import TILE_IDS
from islandgames.games.forbidden_island.state import ForbiddenIslandState
from islandgames.games.forbidden_island.view import ForbiddenIslandView
from tests.forbidden_island import forbidden_island_kit as fi

# --- views ---------------------------------------------------------------------------


def test_view_shows_hands_discards_and_flood_runs_but_no_order() -> None:
    s = fi.build(("pilot", "engineer"), phase="treasure", draws_left=2,
                 hands={0: ["earth", "sandbags"], 1: ["fire"]},
                 flooded=["watchtower", "observatory", "gold_gate"],
                 treasure_top=["waters_rise"], treasure_discard=["wind"])  # fmt: skip
    s = fi.act(s, 0, DrawTreasure())
    for viewer in (0, 1, None):
        v = GAME.view(s, viewer)
        assert isinstance(v, ForbiddenIslandView) and v.seat == viewer
        assert v.hands == (("earth", "sandbags"), ("fire",))  # open information
        assert v.treasure_discard == ("wind", "waters_rise")
        assert v.treasure_deck_size == len(s.treasure_deck)
        # the shuffled-back flood cards are known as a group, sorted, not in order
        assert v.flood_deck[0] == ("gold_gate", "observatory", "watchtower")
        assert sum(len(r) for r in v.flood_deck) == len(s.flood_deck)
        assert v.flood_discard == () and v.water_level == 3 and v.flood_draws == 3
        assert v.to_act == (0,)
        raw = serde.packb(serde.to_wire(v))
        assert s.rng.key.encode() not in raw
        assert GAME.decode_view(serde.unpackb(raw)) == v
    fields = {f.name for f in attrs.fields(ForbiddenIslandView)}
    assert "rng" not in fields and "treasure_deck" not in fields


def test_views_ignore_deck_orders() -> None:
    a = fi.build(("pilot", "engineer"), treasure_top=["earth", "wind"],
                 flood_top=["watchtower", "observatory"])  # fmt: skip
    b = fi.build(("pilot", "engineer"), treasure_top=["wind", "earth"],
                 flood_top=["observatory", "watchtower"])  # fmt: skip
    assert a != b
    for viewer in (0, 1, None):
        assert GAME.view(a, viewer) == GAME.view(b, viewer)


def test_resample_hidden_keeps_every_view_and_the_known_runs() -> None:
    s = fi.build(("pilot", "engineer", "diver"), phase="treasure", draws_left=2,
                 flooded=["watchtower", "observatory", "gold_gate"],
                 treasure_top=["waters_rise"])  # fmt: skip
    s = fi.act(s, 0, DrawTreasure())
    rng = Rng.from_seed(5)
    changed = False
    for i in range(10):
        sub, rng = rng.split()
        other = GAME.resample_hidden(s, i % 3, sub)
        GAME.check_state(other)
        assert serde.state_hash(other) != serde.state_hash(s)
        assert other.rng.key != s.rng.key
        for viewer in (0, 1, 2, None):
            assert GAME.view(other, viewer) == GAME.view(s, viewer)
        assert sorted(other.flood_deck[:3]) == sorted(s.flood_deck[:3])
        assert sorted(other.treasure_deck) == sorted(s.treasure_deck)
        changed |= other.flood_deck != s.flood_deck and other.treasure_deck != s.treasure_deck
        assert other.hands == s.hands and other.tiles == s.tiles
    assert changed


# --- decoded states ------------------------------------------------------------------


def _mutations() -> list[tuple[str, Any]]:
    def setf(**kw: Any) -> Any:
        return lambda w: w.update(kw)

    def edit(fn: Any) -> Any:
        return fn

    return [
        ("extra card", edit(lambda w: w["hands"][0].append("ocean"))),
        ("missing card", edit(lambda w: w["treasure_deck"].pop())),
        ("waters rise held", edit(lambda w: w["hands"][0].__setitem__(0, "waters_rise"))),
        ("unsorted hand", setf(hands=[["wind", "earth"], []])),
        ("unknown card", edit(lambda w: w["hands"][1].append("gold"))),
        ("pawn on sunk tile", edit(lambda w: w["tiles"].__setitem__(9, "sunk"))),
        ("pawn on unknown tile", edit(lambda w: w["pawns"].__setitem__(1, "atlantis"))),
        ("flood card twice", edit(lambda w: w["flood_discard"].append(w["flood_deck"][0]))),
        ("flood card missing", edit(lambda w: w["flood_deck"].pop())),
        ("segments", setf(flood_segments=[3])),
        ("water 0", setf(water_level=0)),
        ("water 11", setf(water_level=11)),
        ("active", setf(active=2)),
        ("phase", setf(phase="lunch")),
        ("actions left", setf(actions_left=4)),
        ("status", edit(lambda w: w["tiles"].__setitem__(0, "wet"))),
        ("board", edit(lambda w: w["board"].__setitem__(0, "bronze_gate"))),
        ("adventurer", setf(adventurers=["pilot", "chef"])),
        ("same adventurers", setf(adventurers=["pilot", "pilot"])),
        (
            "one player",
            setf(adventurers=["pilot"], pawns=["fools_landing"], hands=[["earth", "wind"]]),
        ),
        ("captured order", setf(captured=["wind", "earth"])),
        ("swimmer on a tile", setf(swimmers=[0])),
        ("declined alone", setf(declined=[1])),
        ("draws in actions", setf(draws_left=1)),
        ("rng key", setf(rng={"key": "zz" * 32, "counter": 0})),
        ("ended reason", setf(ended=["bored"])),
        ("skull not ended", setf(water_level=10)),
        ("lift", setf(lift={"holder": 0, "pawns": [0, 1]})),
    ]


@pytest.mark.parametrize(("name", "mutate"), _mutations(), ids=[m[0] for m in _mutations()])
def test_check_state_rejects_inconsistent_states(name: str, mutate: Any) -> None:
    s = fi.build(("pilot", "engineer"), hands={0: ["earth", "wind"]}, pawns={1: "watchtower"},
                 flooded=["observatory"])  # fmt: skip
    wire = serde.to_wire(s)
    GAME.decode_state(wire)  # the unmutated state is fine
    mutate(wire)
    with pytest.raises(DecodeError):
        GAME.decode_state(wire)


def test_check_state_rejects_unfinished_losses() -> None:
    with pytest.raises(DecodeError, match="loss condition"):
        fi.build(("pilot", "engineer"), pawns={0: "watchtower"}, sunk=["fools_landing"])
    with pytest.raises(DecodeError, match="loss condition"):
        fi.build(("pilot", "engineer"), sunk=["cave_of_embers", "cave_of_shadows"])
    fi.build(("pilot", "engineer"), sunk=["cave_of_embers", "cave_of_shadows"], captured=["fire"])
    with pytest.raises(DecodeError, match="over the limit"):
        fi.build(
            ("pilot", "engineer"),
            hands={0: ["earth"] * 5 + ["wind"], 1: ["wind"] * 4 + ["fire"] * 2},
        )


# --- random games: invariants and the fast legality check ---------------------------------


def _universe(s: ForbiddenIslandState) -> list[Any]:
    """Every action shape over every tile, seat and card (and some nonsense)."""
    seats = range(len(s.adventurers) + 1)
    cards = ["earth", "wind", "fire", "ocean", "helicopter_lift", "sandbags", "waters_rise"]
    out: list[Any] = [EndActions(), DrawTreasure(), DrawFlood(), DeclineRescue(), LiftOff()]
    for t in (*TILE_IDS, "atlantis"):
        out += [Move(t), Fly(t), Swim(t), LiftTo(t), Sandbags(t), ShoreUp(t)]
    flooded = [s.board[c] for c, st in enumerate(s.tiles) if st == "flooded"]
    out += [ShoreUp(a, b) for a, b in itertools.permutations(flooded[:6], 2)]
    out += [ShoreUp(t, t) for t in flooded[:2]]
    for q in seats:
        out += [HelicopterLift(q), LiftAlso(q)]
        out += [Navigate(q, t) for t in TILE_IDS]
        out += [Give(c, q) for c in cards]
    out += [Discard(c) for c in cards] + [
        Capture(t) for t in ("earth", "wind", "fire", "ocean", "x")
    ]
    return out


def test_random_games_keep_every_invariant() -> None:
    """Random play (all seats' legal actions, as the conformance suite chooses) from
    several configs: states stay consistent, round-trip, are never mutated, and
    ``is_legal`` agrees with ``legal_actions`` on a universe of candidate actions."""
    configs = [
        ForbiddenIslandConfig(),
        ForbiddenIslandConfig(players=2, difficulty="legendary"),
        ForbiddenIslandConfig(
            players=3, difficulty="novice", adventurers=("diver", "navigator", "explorer")
        ),
    ]
    steps = 0
    seen_kinds: set[str] = set()
    for i, cfg in enumerate(configs * 10):
        s = GAME.new(100 + i, cfg)
        rng = Rng.from_seed(i, "fi-test")
        while GAME.outcome(s) is None:
            GAME.check_state(s)
            wire = serde.to_wire(s)
            assert GAME.decode_state(serde.unpackb(serde.packb(wire))) == s
            legal = {q: GAME.legal_actions(s, q) for q in range(len(s.adventurers))}
            waiting = GAME.to_act(s)
            assert waiting and all(legal[q] for q in waiting)
            if steps % 3 == 0:
                universe = _universe(s)
                for q in (*legal, len(legal)):
                    acts = set(legal.get(q, ()))
                    for a in universe:
                        assert GAME.is_legal(s, q, a) == (a in acts), (q, a)
            choices = [(q, a) for q in legal for a in legal[q]]
            (seat, action), rng = rng.choice(choices)
            seen_kinds.add(type(action).__name__)
            s = GAME.apply(s, seat, action)
            assert serde.to_wire(GAME.decode_state(wire)) == wire  # input untouched
            steps += 1
        assert GAME.to_act(s) == ()
    assert steps > 500
    assert {"Move", "ShoreUp", "Give", "DrawFlood", "Swim", "Sandbags", "LiftTo"} <= seen_kinds


def test_same_seed_same_game() -> None:
    def run(seed: int) -> list[str]:
        s = GAME.new(seed)
        rng = Rng.from_seed(seed, "again")
        hashes = []
        while GAME.outcome(s) is None:
            seat = GAME.to_act(s)[0]
            a, rng = rng.choice(GAME.legal_actions(s, seat))
            s = GAME.apply(s, seat, a)
            hashes.append(serde.state_hash(s))
        return hashes

    assert run(11) == run(11)
    assert run(11) != run(12)
