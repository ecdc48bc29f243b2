"""Hypothesis strategies for the wire and the log format, shared by the property tests.

- :func:`wire_values`: any value the wire form allows (nil, bools, integers within
  +/-(2**53-1), strings, binary, lists and string-keyed maps), nested.
- :func:`hostile_wire`: wire-like values a client might send instead: the above plus
  floats, huge integers, non-string keys, deep nesting.
- :func:`honest_logs`: the bytes of finished honest logs of random games of every game
  (small), with the game id.
- :func:`damaged`: a byte string with a cut, a flipped byte, an inserted or deleted run.
"""

from __future__ import annotations

import io
from typing import Any

from hypothesis import strategies as st

from islandgames import Match, game_ids, write_log
from islandgames.core.rng import Rng
from islandgames.core.serde import MAX_SAFE_INT

_leaves = (
    st.none()
    | st.booleans()
    | st.integers(-MAX_SAFE_INT, MAX_SAFE_INT)
    | st.text(max_size=12)
    | st.binary(max_size=12)
)


def wire_values(max_leaves: int = 30) -> st.SearchStrategy[Any]:
    return st.recursive(
        _leaves,
        lambda inner: st.lists(inner, max_size=5)
        | st.dictionaries(st.text(max_size=8), inner, max_size=5),
        max_leaves=max_leaves,
    )


def hostile_wire(max_leaves: int = 30) -> st.SearchStrategy[Any]:
    leaves = (
        _leaves
        | st.floats(allow_nan=False)
        | st.integers(-(1 << 64) + 1, (1 << 64) - 1)
        | st.sampled_from(["move", "type", "", "0" * 64, "friday"])
    )
    return st.recursive(
        leaves,
        lambda inner: st.lists(inner, max_size=5)
        | st.dictionaries(st.text(max_size=8) | st.integers(0, 9), inner, max_size=5)
        | st.fixed_dictionaries({"type": st.text(max_size=12)}, optional={"x": inner}),
        max_leaves=max_leaves,
    )


_LOGS: dict[tuple[str, int], bytes] = {}


def finished_log(game_id: str, seed: int) -> bytes:
    """The bytes of the finished log of one seeded random game (cached: deterministic)."""
    key = (game_id, seed)
    if key not in _LOGS:
        m = Match(game_id, seed=seed)
        rng = Rng.from_seed(seed, "hypothesis")
        while m.outcome() is None:
            choices = [(s, a) for s in m.game.seats(m.state) for a in m.legal_actions(s)]
            (seat, action), rng = rng.choice(choices)
            m.act(seat, action)
        buf = io.BytesIO()
        write_log(m.log(), buf)
        _LOGS[key] = buf.getvalue()
    return _LOGS[key]


#: Games short enough to replay hundreds of times in a property test.
SHORT_GAMES = tuple(g for g in game_ids() if g != "gozer")


def honest_logs() -> st.SearchStrategy[tuple[str, bytes]]:
    return st.tuples(st.sampled_from(SHORT_GAMES), st.integers(0, 3)).map(
        lambda gs: (gs[0], finished_log(gs[0], gs[1]))
    )


@st.composite
def damaged(draw: st.DrawFn, data: bytes) -> bytes:
    """``data`` with one kind of damage, never equal to ``data``."""
    n = len(data)
    kind = draw(st.sampled_from(["cut", "flip", "insert", "delete"]))
    at = draw(st.integers(0, n - 1))
    if kind == "cut":
        out = data[:at]
    elif kind == "flip":
        bit = draw(st.integers(1, 255))
        out = data[:at] + bytes([data[at] ^ bit]) + data[at + 1 :]
    elif kind == "insert":
        out = data[:at] + draw(st.binary(min_size=1, max_size=8)) + data[at:]
    else:
        out = data[:at] + data[at + draw(st.integers(1, 8)) :]
    return out if out != data else data[:-1]
