"""Properties of the wire form and the log format, over values Hypothesis generates.

The examples in the other tests pin known cases; these look for the unknown ones: any
wire value round-trips with one canonical spelling whatever its maps' key order, any
hostile value a client may send is refused with the project's own error, and no damage
to an honest log's bytes reads as a verified log."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from islandgames import (
    DecodeError,
    LogFormatError,
    UnknownGameError,
    UnsupportedRulesVersionError,
    get_game,
    read_log,
    verify_log,
)
from islandgames.core import serde
from islandgames.core.log import record_list
from tests.strategies import damaged, honest_logs, hostile_wire, wire_values

# derandomized: every run tries the same examples (no flaky CI, no example database)
_COMMON: dict[str, Any] = {
    "deadline": None,
    "derandomize": True,
    "database": None,
    "suppress_health_check": [HealthCheck.too_slow],
}
PROFILE = settings(max_examples=150, **_COMMON)


def _reordered(value: Any, rng: random.Random) -> Any:
    if isinstance(value, dict):
        items = list(value.items())
        rng.shuffle(items)
        return {k: _reordered(v, rng) for k, v in items}
    if isinstance(value, list):
        return [_reordered(v, rng) for v in value]
    return value


@PROFILE
@given(wire_values())
def test_any_wire_value_round_trips(value: Any) -> None:
    assert serde.unpackb(serde.packb(value)) == value


@pytest.mark.parametrize("game_id", ["friday", "forbidden-island", "not-alone", "gozer"])
@PROFILE
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 40), order=st.integers(0, 2**32))
def test_an_action_has_one_canonical_spelling_whatever_its_key_order(
    game_id: str, seed: int, steps: int, order: int
) -> None:
    """What a log hashes: the typed action, not the client's map (issue 12, item 6)."""
    game = get_game(game_id)
    state = game.new(seed)
    pick = random.Random(seed)
    for _ in range(steps):
        if game.outcome(state) is not None:
            break
        seat = game.to_act(state)[0]
        state = game.apply(state, seat, pick.choice(game.legal_actions(state, seat)))
    for seat in game.to_act(state):
        for action in game.legal_actions(state, seat):
            wire = game.encode_action(action)
            decoded = game.decode_action(_reordered(wire, random.Random(order)))
            assert decoded == action
            assert serde.canonical_bytes(decoded, game.action_type) == serde.packb(wire)


@pytest.mark.parametrize("game_id", ["friday", "forbidden-island", "not-alone", "gozer"])
@PROFILE
@given(value=hostile_wire())
@example(value={"": None, 0: None})  # found: mixed key types made the message raise TypeError
@example(value={f"k{i}": i for i in range(1000)})  # the message names a few keys, not all
def test_a_hostile_action_or_state_is_refused_with_a_decode_error(game_id: str, value: Any) -> None:
    game = get_game(game_id)
    for decode in (game.decode_action, game.decode_state, game.decode_config, game.decode_view):
        try:
            decode(value)
        except DecodeError as exc:  # precise and ours; anything else fails the test
            assert len(str(exc)) < 2000, "an error never echoes unbounded input"


@settings(max_examples=300, **_COMMON)
@given(st.data())
def test_no_damage_to_an_honest_log_reads_as_verified(data: st.DataObject) -> None:
    game_id, honest = data.draw(honest_logs())
    bad = data.draw(damaged(honest))
    try:
        log = read_log(bad)
    except LogFormatError:
        return  # unreadable: refused, with the offset
    try:
        verdict = verify_log(log)
    except (UnknownGameError, UnsupportedRulesVersionError):
        return  # a damaged game id or rules version names no game: refused as such
    # a cut exactly between records reads as a shorter log: never a verified one
    assert verdict.status != "verified", (game_id, len(honest), len(bad))
    if verdict.status == "unfinished":
        assert record_list(log) == record_list(read_log(honest))[: len(record_list(log))]
