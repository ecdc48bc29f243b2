"""The environments' fast paths give what the plain ones give: the same trajectories
(pinned from the code before them), the observations and infos of the reference
functions at every step, the encoder's in-place rewrite equal to a full encoding, the
codec's cached indices equal to its encode, and lazy infos that behave as dicts."""

from __future__ import annotations

import copy
import json
import pickle
import random
from collections.abc import Callable
from typing import Any

import attrs
import numpy as np
import pytest

from islandgames.core.errors import IllegalActionError
from islandgames.rl import action_codec, aec_env, gym_env, problem
from islandgames.rl.aec import observe
from islandgames.rl.lazy import LAZY, LazyInfo
from tests.rl.rl_kit import CONFIGS, config_id, get, random_states
from tests.rl.trajectories import CASES, aec_digest, gym_digest

# computed by tests/rl/trajectories.py on commit c0915d5 (before the fast paths)
PINNED_AEC = {
    ("friday", "{}", 0.0): "bf4991a32ef08cc4",
    ("friday", "{'level': 4}", 0.0): "546448ba8174177e",
    ("forbidden-island", "{'players': 2}", 0.0): "d6cb29cd364a2b84",
    ("forbidden-island", "{'players': 4}", 0.0): "f5f3477808273589",
    ("not-alone", "{'hunted': 1}", 0.0): "660b03f52525cf87",
    ("not-alone", "{'hunted': 6, 'creature_seat': 6}", 0.0): "3105e0d6a50f3911",
    ("gozer", "{'players': 2}", 0.0): "2e786337cb461afc",
    ("gozer", "{'players': 6}", 0.0): "7cb43f51cc990b54",
    ("gozer", "{'players': 3, 'max_actions': 40}", 0.0): "79dfe64d0615aa69",
    ("not-alone", "{'hunted': 2, 'max_actions': 25}", 0.0): "95e82b077a7ef35e",
    ("forbidden-island", "{'players': 3}", 0.02): "3fdeb03ee3537f24",
    ("gozer", "{'players': 4}", 0.02): "7130d8d4d975c8f4",
}
PINNED_GYM = {"{}": "8e467ebc82e49278", "{'level': 3, 'max_actions': 30}": "feaad4689913ed46"}


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{config_id((c[0], c[1]))}-{c[2]}")
def test_aec_trajectories_are_those_of_the_code_before(
    case: tuple[str, dict[str, Any], float],
) -> None:
    gid, kw, illegal = case
    assert aec_digest(gid, kw, illegal) == PINNED_AEC[(gid, repr(kw), illegal)]


@pytest.mark.parametrize("kw", [{}, {"level": 3, "max_actions": 30}], ids=repr)
def test_gym_trajectories_are_those_of_the_code_before(kw: dict[str, Any]) -> None:
    assert gym_digest(**kw) == PINNED_GYM[repr(kw)]


@pytest.mark.parametrize("case", CONFIGS, ids=config_id)
def test_every_step_observes_as_the_reference(case: tuple[str, dict[str, Any]]) -> None:
    # the observer's cached, rewritten arrays and the lazy infos against the plain
    # functions (a full encoding, a fresh mask, an eager info) for every agent
    gid, kw = case
    env = aec_env(gid, **kw)
    env.reset(seed=8)
    rng = np.random.default_rng(8)
    match = env._match
    for _ in range(250):
        if not env.agents:
            env.reset()
        for agent in env.agents:
            seat = int(agent.removeprefix("seat_"))
            got, want = env.observe(agent), observe(match, seat)
            for key in ("observation", "action_mask"):
                assert got[key].dtype == want[key].dtype
                assert np.array_equal(got[key], want[key]), (agent, key)
            assert env.infos[agent] == match.info(seat)
        obs, _, term, trunc, _ = env.last()
        env.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))


def test_observations_are_fresh_arrays() -> None:
    env = aec_env("friday")
    env.reset(seed=1)
    a, b = env.observe("seat_0"), env.observe("seat_0")
    assert a["observation"] is not b["observation"]
    a["observation"][:] = 7  # a caller's array is its own
    a["action_mask"][:] = 1
    c = env.observe("seat_0")
    assert np.array_equal(c["observation"], b["observation"])
    assert np.array_equal(c["action_mask"], b["action_mask"])


# --- the encoder's rewrite -------------------------------------------------------------


@pytest.mark.parametrize("case", CONFIGS, ids=config_id)
def test_the_rewrite_is_the_full_encoding(case: tuple[str, dict[str, Any]]) -> None:
    prob = get(case)
    game, enc = prob.game, prob.encoder
    views = [
        game.view(state, seat)
        for seed in range(3)
        for state in random_states(prob, seed, max_steps=400)
        for seat in game.seats(state)
    ]
    full = [np.array(enc.encode(v), dtype=np.int64) for v in views]
    pick = random.Random(0)
    # consecutive views (the hot path) and random pairs (any change at all: tuples
    # growing and shrinking, values appearing and going, union members switching)
    pairs = [(i, i + 1) for i in range(len(views) - 1)]
    pairs += [(pick.randrange(len(views)), pick.randrange(len(views))) for _ in range(600)]
    for i, j in pairs:
        slots = full[i].copy()
        enc.update(slots, views[j], views[i])
        assert np.array_equal(slots, full[j]), [
            enc.names[k] for k in np.flatnonzero(slots != full[j])
        ]


def test_the_rewrite_handles_truncated_tuples_and_big_ints() -> None:
    prob = problem("friday")
    enc = prob.encoder
    view = prob.game.view(prob.game.new(0), 0)
    variants = [
        view,
        attrs.evolve(view, offer=(18, 19, 20)),  # longer than its cap (2)
        attrs.evolve(view, offer=(18,)),
        attrs.evolve(view, life=2**40, discard=(2**40, -(2**40), 3)),  # clipped
        attrs.evolve(view, discard=tuple(range(40))),  # a long one, written in bulk
        attrs.evolve(view, fight=None),
    ]
    for a in variants:
        for b in variants:
            slots = np.array(enc.encode(a), dtype=np.int64)
            enc.update(slots, b, a)
            assert slots.tolist() == enc.encode(b)


def test_the_rewrite_checks_the_view_class() -> None:
    prob = problem("gozer", players=2)
    game = prob.game
    state = game.new(1, prob.config)
    seat_view, spectator = game.view(state, 0), game.view(state, None)
    slots = np.array(prob.encoder.encode(seat_view), dtype=np.int64)
    with pytest.raises(TypeError, match="expected SeatViews"):
        prob.encoder.update(slots, spectator, seat_view)


# --- the codec's indices ---------------------------------------------------------------


@pytest.mark.parametrize("case", CONFIGS[::3], ids=config_id)
def test_cached_indices_are_encode(case: tuple[str, dict[str, Any]]) -> None:
    prob = get(case)
    game, codec = prob.game, prob.codec
    for state in random_states(prob, 4, max_steps=300):
        for seat in game.seats(state):
            legal = game.legal_actions(state, seat)
            twice = (codec.indices(legal), codec.indices(legal))  # the second from the cache
            assert twice[0] == twice[1] == tuple(codec.encode(a) for a in legal)
            # an equal action that is another object takes the slow path, same answer
            assert codec.indices([attrs.evolve(a) for a in legal]) == twice[0]


def test_indices_refuse_what_encode_refuses() -> None:
    from islandgames.games.gozer.actions import Step

    codec = action_codec("gozer")
    assert codec.indices([Step(1)]) == (codec.encode(Step(1)),)
    for bad in (Step(True), Step(10_000)):  # Step(True) == Step(1), but never legal
        for _ in range(2):  # nor once another Step(1) is known
            with pytest.raises(IllegalActionError):
                codec.indices([bad])


def test_the_identity_cache_is_bounded() -> None:
    from islandgames.games.gozer.actions import Step

    codec = action_codec("gozer")
    for _ in range(codec._known_cap + 10):
        codec.indices([Step(1)])  # a new object each time
    assert len(codec._known) <= codec._known_cap


# --- lazy infos ------------------------------------------------------------------------


def _lazy() -> tuple[LazyInfo, list[str]]:
    made: list[str] = []

    def make(key: str) -> Any:
        made.append(key)
        return {"made": key}

    return LazyInfo(make, {"seat": 0, "view": LAZY, "legal": LAZY}), made


READS: dict[str, Callable[[LazyInfo], Any]] = {
    "json": lambda d: json.loads(json.dumps(d)),
    "dict": dict,
    "unpack": lambda d: {**d},
    "or": lambda d: d | {},
    "ror": lambda d: {} | d,
    "copy": copy.copy,
    "deepcopy": copy.deepcopy,
    "method copy": lambda d: d.copy(),
    "pickle": lambda d: pickle.loads(pickle.dumps(d)),
    "items": lambda d: dict(d.items()),
    "values": lambda d: dict(zip(d.keys(), d.values(), strict=True)),
    "update": lambda d: {**{}, **dict(d)},
    "iterate": lambda d: {k: d[k] for k in d},
    "get": lambda d: {k: d.get(k) for k in d},
}


@pytest.mark.parametrize("read", sorted(READS))
def test_a_lazy_info_reads_as_the_plain_dict(read: str) -> None:
    info, made = _lazy()
    plain = {"seat": 0, "view": {"made": "view"}, "legal": {"made": "legal"}}
    assert len(info) == 3 and "view" in info and list(info) == ["seat", "view", "legal"]
    assert made == []  # keys, length and membership need no value
    out = READS[read](info)
    assert out == plain and type(out) is dict
    assert info == plain and repr(info) == repr(plain)
    assert sorted(made) == ["legal", "view"]  # each made once
    assert info["view"] is info["view"]


def test_a_lazy_info_takes_writes_as_a_dict() -> None:
    info, made = _lazy()
    info["view"] = "mine"  # replaces the placeholder: never made
    info["extra"] = 1
    assert info.pop("legal") == {"made": "legal"}
    assert info.setdefault("seat", 5) == 0 and info.setdefault("new", 5) == 5
    assert info == {"seat": 0, "view": "mine", "extra": 1, "new": 5}
    assert made == ["legal"]
    assert info.popitem() == ("new", 5)
    assert info != {} and LazyInfo() == {}


def test_env_infos_are_lazy_and_keep_their_step() -> None:
    env = aec_env("forbidden-island", players=2)
    env.reset(seed=4)
    first = env.infos["seat_0"]
    assert dict.__getitem__(first, "view") is LAZY  # nothing made until read
    want = env._match.info(0)
    obs, *_ = env.last()
    env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert first == want  # read after the match moved on: still its own step's


def test_the_gym_info_holds_the_mask() -> None:
    env = gym_env("friday")
    obs, info = env.reset(seed=2)
    assert list(info)[-1] == "action_mask"
    assert np.array_equal(info["action_mask"], obs["action_mask"])
    assert info["action_mask"] is not obs["action_mask"]
