"""The fixed action spaces and observation encodings (islandgames.rl.codec,
islandgames.rl.observation): complete, exact and stable."""

from __future__ import annotations

import hashlib
from typing import Any

import attrs
import pytest

from islandgames.core import serde
from islandgames.core.errors import IllegalActionError
from islandgames.rl import action_codec, problem
from islandgames.rl.codec import shape
from islandgames.rl.tables import OBSERVATIONS
from tests.rl.rl_kit import CONFIGS, config_id, get, random_states

GAMES = 40  # random games per config for the round trips

# (game, config, action space size, observation length, digest of the whole action
# list): a change to any of these renumbers the space and breaks trained agents, so it
# must be deliberate (docs/rl.md, and a new version of the table)
PINNED: list[tuple[str, dict[str, Any], int, int, str]] = [
    ("friday", {}, 195, 844, "482f36203074c7eb"),
    ("friday", {"level": 4}, 195, 844, "482f36203074c7eb"),
    ("forbidden-island", {"players": 2}, 795, 769, "9e85e6526880b9e0"),
    ("forbidden-island", {"players": 3}, 825, 786, "267b41f95378c841"),
    ("forbidden-island", {"players": 4}, 855, 803, "40be0ab3318bd721"),
    ("not-alone", {"hunted": 1}, 2985, 203, "16eeb5394f4cb5c3"),
    ("not-alone", {"hunted": 3}, 3137, 359, "1771b1d631112f0f"),
    ("not-alone", {"hunted": 6, "creature_seat": 6}, 3365, 593, "fd7bfef9e602fa7b"),
    ("gozer", {"players": 2}, 599, 96, "62c3f855cea77b9e"),
    ("gozer", {"players": 4}, 1089, 106, "d64715111b67faf5"),
    ("gozer", {"players": 6}, 1579, 116, "dbc44199a2553f0a"),
]

# the only strings outside the vocabulary: free text (encoded -1; read it in the view)
FREE_TEXT = {"reason", "table.reason", "table.events[]", "ended[]"}


@pytest.mark.parametrize("pin", PINNED, ids=lambda p: config_id((p[0], p[1])))
def test_the_spaces_are_pinned(pin: tuple[str, dict[str, Any], int, int, str]) -> None:
    gid, kw, size, length, digest = pin
    prob = problem(gid, **kw)
    wire = b"".join(serde.canonical_bytes(a, prob.game.action_type) for a in prob.codec.actions)
    assert prob.codec.size == size
    assert prob.encoder.size == length
    assert hashlib.blake2b(wire, digest_size=8).hexdigest() == digest


def test_every_config_under_test_is_pinned() -> None:
    assert [(g, k) for g, k, *_ in PINNED] == CONFIGS


@pytest.mark.parametrize("case", CONFIGS, ids=config_id)
def test_every_legal_action_has_an_index_and_back(case: tuple[str, dict[str, Any]]) -> None:
    prob = get(case)
    game, codec = prob.game, prob.codec
    met: set[int] = set()
    for seed in range(GAMES):
        for state in random_states(prob, seed):
            # every seat, interjections included: the space must hold them all
            for seat in game.seats(state):
                legal = game.legal_actions(state, seat)
                indices = codec.indices(legal)
                assert len(set(indices)) == len(legal)
                for action, i in zip(legal, indices, strict=True):
                    back = codec.decode(i)
                    assert back == action and type(back) is type(action)
                    assert serde.to_wire(back) == serde.to_wire(action)
                    assert serde.check_exact(back) is None
                met.update(indices)
    assert len(met) > 10


@pytest.mark.parametrize("case", CONFIGS, ids=config_id)
def test_the_observation_is_fixed_length_and_in_bounds(case: tuple[str, dict[str, Any]]) -> None:
    prob = get(case)
    game, enc = prob.game, prob.encoder
    outside: set[str] = set()
    assert all(enc.names[i].endswith("#") for i, _ in enc.lengths)
    for seed in range(3):
        for state in random_states(prob, seed):
            for seat in game.seats(state):
                slots = enc.encode(game.view(state, seat))
                assert len(slots) == enc.size
                # the caps are large enough for random games: nothing is ever cut
                assert enc.truncated(slots) == ()
                for name, v, lo, hi in zip(enc.names, slots, enc.low, enc.high, strict=True):
                    assert lo <= v <= hi, name
                    if v == -1 and lo == -1:  # a string slot out of the vocabulary
                        outside.add(_generic(name))
    assert outside <= FREE_TEXT


def _generic(name: str) -> str:
    """The slot's path with the tuple positions left out: ``hands[]`` for ``hands[2]``."""
    out, depth = [], 0
    for ch in name:
        if ch == "[":
            depth += 1
            out.append("[]")
        elif ch == "]":
            depth -= 1
        elif depth == 0:
            out.append(ch)
    return "".join(out)


def test_the_layout_names_every_slot() -> None:
    enc = problem("friday").encoder
    assert len(enc.layout()) == enc.size == len(set(enc.layout()))
    assert enc.layout()[:3] == ("seat?", "seat", "config.level")
    # nested tuples: each level numbers its own items
    names = problem("forbidden-island", players=2).encoder.layout()
    at = names.index("hands#")
    assert names[at : at + 4] == ("hands#", "hands[0]#", "hands[0][0]", "hands[0][1]")
    assert "hunted[1].hand[3]" in problem("not-alone", hunted=2).encoder.layout()


def test_a_truncated_tuple_is_reported() -> None:
    from islandgames.games.friday.view import FridayView

    enc = problem("friday").encoder
    view = problem("friday").game.view(problem("friday").game.new(0), 0)
    assert isinstance(view, FridayView)
    long = attrs.evolve(view, offer=(18, 19, 20))  # 3 offered hazards: the cap is 2
    slots = enc.encode(long)
    assert enc.truncated(slots) == ("offer",)
    assert slots[enc.names.index("offer#")] == 3 and "offer[2]" not in enc.names


def test_a_decoded_index_is_checked() -> None:
    codec = action_codec("friday")
    for bad in (-1, codec.size, True):
        with pytest.raises(IllegalActionError, match="action index"):
            codec.decode(bad)


def test_an_action_outside_the_space_is_refused() -> None:
    from islandgames.games.gozer.actions import Step

    codec = action_codec("gozer")
    with pytest.raises(IllegalActionError, match="not in the RL action space"):
        codec.encode(Step(10_000))
    with pytest.raises(IllegalActionError):
        codec.encode(Step(True))  # equal to Step(1) as a value, but never legal


def test_shapes_enumerate_in_field_order() -> None:
    from islandgames.games.forbidden_island.actions import Give

    s = shape(Give, to=(0, 1), card=("earth", "fire"))
    assert [(a.card, a.to) for a in s.actions()] == [
        ("earth", 0),
        ("earth", 1),
        ("fire", 0),
        ("fire", 1),
    ]
    with pytest.raises(TypeError, match="no field"):
        shape(Give, seat=(0,))


def test_every_game_has_tables() -> None:
    import islandgames

    assert sorted(OBSERVATIONS) == sorted(g.id for g in islandgames.games())


def test_a_game_registered_from_outside_is_an_rl_problem() -> None:
    import islandgames
    from islandgames.rl.tables import TABLES, shapes
    from tests.rl.outside_game import GAME_ID

    assert GAME_ID not in TABLES and GAME_ID not in OBSERVATIONS
    with pytest.raises(KeyError, match="no action table for 'pig-outside'"):
        shapes(GAME_ID, None)
    islandgames.register_game(GAME_ID, "tests.rl.outside_game:OUTSIDE")
    try:
        assert GAME_ID in TABLES and GAME_ID in list(OBSERVATIONS)
        prob = problem(GAME_ID, players=3)
        assert [type(a).__name__ for a in prob.codec.actions] == ["Roll", "Hold"]
        game = prob.game
        state = game.new(1, prob.config)
        assert prob.codec.indices(game.legal_actions(state, game.to_act(state)[0])) == (0,)
        assert len(prob.encoder.encode(game.view(state, 0))) == prob.encoder.size
    finally:
        islandgames.unregister_game(GAME_ID)
    assert GAME_ID not in TABLES


def test_the_tables_are_the_definitions_hooks() -> None:
    from islandgames.core.registry import definition
    from islandgames.rl.tables import TABLES

    for gid in TABLES:
        d = definition(gid)
        assert d is not None and TABLES[gid] is d.action_table
        assert OBSERVATIONS[gid] is d.observation
    with pytest.raises(KeyError):
        TABLES["chess"]
