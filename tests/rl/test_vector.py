"""The vector environments (islandgames.rl.vector): each match plays as the single
environment with the same seed, step by step, through its ends and autoresets."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest
from gymnasium.vector import AutoresetMode, VectorEnv

from islandgames.core.errors import InvalidConfigError
from islandgames.rl import (
    IslandGamesAEC,
    IslandGamesBatchEnv,
    IslandGamesVectorEnv,
    aec_env,
    gym_env,
    vector_env,
)
from tests.rl.rl_kit import config_id

N = 4  # matches per vector environment
STEPS = 160


class _Policy:
    """A random legal action per match (an illegal one now and then, if asked), from
    one generator per match; nothing drawn for a row with no legal action."""

    def __init__(self, n: int, illegal: float = 0.0) -> None:
        self.rngs = [np.random.default_rng(100 + i) for i in range(n)]
        self.illegal = illegal

    def one(self, i: int, mask: np.ndarray[Any, Any]) -> int:
        legal = np.flatnonzero(mask)
        if not len(legal):
            return 0
        rng = self.rngs[i]
        if self.illegal and rng.random() < self.illegal:
            return int(rng.choice(np.flatnonzero(mask == 0)))
        return int(rng.choice(legal))


def _same(a: dict[str, Any], b: dict[str, Any], where: str) -> None:
    for key in ("observation", "action_mask"):
        assert a[key].dtype == b[key].dtype, where
        assert np.array_equal(a[key], b[key]), (where, key)


def _row(obs: dict[str, Any], i: int) -> dict[str, Any]:
    return {k: v[i] for k, v in obs.items()}


FRIDAY = [
    {},
    {"level": 4},
    {"level": 2, "max_actions": 15},
    {"illegal": 0.05},
]


@pytest.mark.parametrize("mode", ["NextStep", "SameStep"])
@pytest.mark.parametrize("kw", FRIDAY, ids=repr)
def test_friday_vector_plays_as_the_gym_env(kw: dict[str, Any], mode: str) -> None:
    kw = dict(kw)
    policy = _Policy(N, kw.pop("illegal", 0.0))
    twin = _Policy(N, policy.illegal)
    envs = vector_env("friday", N, autoreset_mode=mode, **kw)
    assert isinstance(envs, IslandGamesVectorEnv) and isinstance(envs, VectorEnv)
    singles = [gym_env("friday", **kw) for _ in range(N)]
    obs, infos = envs.reset(seed=30)
    assert infos == {}
    now = [env.reset(seed=30 + i)[0] for i, env in enumerate(singles)]
    restart = [False] * N  # NEXT_STEP: the single env resets at this step
    ended = 0
    for step in range(STEPS):
        for i in range(N):
            _same(_row(obs, i), now[i], f"step {step} env {i}")
        actions = np.array([policy.one(i, obs["action_mask"][i]) for i in range(N)])
        obs, rewards, terms, truncs, infos = envs.step(actions)
        assert rewards.dtype == np.float64 and terms.dtype == truncs.dtype == np.bool_
        for i, env in enumerate(singles):
            if restart[i]:  # (the action drawn for the old row is ignored, as there)
                twin.one(i, now[i]["action_mask"])
                now[i], _ = env.reset()
                want = (0.0, False, False)
                restart[i] = False
            else:
                now[i], r, te, tr, info = env.step(twin.one(i, now[i]["action_mask"]))
                want = (float(r), te, tr)
                if te or tr:
                    ended += 1
                    outcome = info.get("outcome")
                    if outcome is not None:
                        assert infos["_outcome"][i] and infos["outcome"][i] == outcome
                    if mode == "SameStep":
                        _same(infos["final_obs"][i], now[i], "final")
                        final_info = dict(infos["final_info"][i])
                        assert np.array_equal(final_info.pop("action_mask"), info["action_mask"])
                        assert final_info == {k: v for k, v in info.items() if k != "action_mask"}
                        now[i], _ = env.reset()
                    else:
                        restart[i] = True
            assert (float(rewards[i]), bool(terms[i]), bool(truncs[i])) == want, (step, i)
        assert envs.game_seeds == tuple(env.game_seed for env in singles)
    assert ended >= N  # the run went through ends and resets


MULTI = [
    ("forbidden-island", {"players": 3}),
    ("not-alone", {"hunted": 2}),
    ("not-alone", {"hunted": 4, "max_actions": 30}),
    ("gozer", {"players": 3, "max_actions": 60}),
    ("gozer", {"players": 2, "illegal": 0.03}),
]


def _walk_off(env: IslandGamesAEC) -> None:
    while env.agents:
        env.step(None)


@pytest.mark.parametrize("mode", ["NextStep", "SameStep"])
@pytest.mark.parametrize("case", MULTI, ids=config_id)
def test_the_batch_plays_as_the_aec_env(case: tuple[str, dict[str, Any]], mode: str) -> None:
    gid, kw = case
    kw = dict(kw)
    policy = _Policy(N, kw.pop("illegal", 0.0))
    twin = _Policy(N, policy.illegal)
    envs = vector_env(gid, N, autoreset_mode=mode, **kw)
    assert isinstance(envs, IslandGamesBatchEnv)
    singles = [aec_env(gid, **kw) for _ in range(N)]
    obs, infos = envs.reset(seed=[50 + i for i in range(N)])
    for i, env in enumerate(singles):
        env.reset(seed=50 + i)
    agents = singles[0].possible_agents
    restart = [False] * N
    ended = 0
    for step in range(STEPS):
        seats = envs.seats
        assert np.array_equal(infos["seat"], seats)
        for i, env in enumerate(singles):
            assert agents[seats[i]] == env.agent_selection, (step, i)
            _same(_row(obs, i), env.observe(env.agent_selection), f"step {step} env {i}")
        actions = np.array([policy.one(i, obs["action_mask"][i]) for i in range(N)])
        obs, rewards, terms, truncs, infos = envs.step(actions)
        assert rewards.shape == (N, len(agents))
        for i, env in enumerate(singles):
            if restart[i]:  # (the action drawn for the old row is ignored, as there)
                twin.one(i, env.observe(env.agent_selection)["action_mask"])
                _walk_off(env)
                env.reset()
                want = ([0.0] * len(agents), False, False)
                restart[i] = False
            else:
                mask = env.observe(env.agent_selection)["action_mask"]
                env.step(twin.one(i, mask))
                te, tr = all(env.terminations.values()), all(env.truncations.values())
                want = ([float(env.rewards[a]) for a in agents], te, tr)
                if te or tr:
                    ended += 1
                    if mode == "SameStep":
                        final = env.observe(env.agent_selection)
                        _same(infos["final_obs"][i], final, "final")
                        _walk_off(env)
                        env.reset()
                    else:
                        restart[i] = True
            got = (rewards[i].tolist(), bool(terms[i]), bool(truncs[i]))
            assert got == want, (step, i)
    assert ended >= 1


def test_vector_spaces_and_buffers() -> None:
    envs = vector_env("gozer", 3, players=4)
    assert isinstance(envs, IslandGamesBatchEnv)
    assert envs.single_observation_space == aec_env("gozer", players=4).observation_space("seat_0")
    assert envs.observation_space["observation"].shape == (3, 106)
    assert envs.action_space.shape == (3,)
    obs, _ = envs.reset(seed=0)
    assert envs.observation_space.contains(obs)
    assert envs.metadata["autoreset_mode"] is AutoresetMode.NEXT_STEP
    again, *_ = envs.step(np.array([int(np.flatnonzero(m)[0]) for m in obs["action_mask"]]))
    assert again["observation"] is not obs["observation"]  # copies by default
    shared = vector_env("friday", 2, copy=False)
    first, _ = shared.reset(seed=0)
    second, *_ = shared.step(np.array([int(np.flatnonzero(m)[0]) for m in first["action_mask"]]))
    assert second["observation"] is first["observation"]  # its own buffers, rewritten


def test_vector_arguments_are_checked() -> None:
    envs = vector_env("friday", 2)
    envs.reset(seed=1)
    with pytest.raises(ValueError, match="2 actions"):
        envs.step(np.array([0, 0, 0]))
    with pytest.raises(TypeError, match="integer"):
        envs.step(np.array([0.0, 1.0]))
    with pytest.raises(ValueError, match="seeds"):
        envs.reset(seed=[1, 2, 3])
    for bad in (0, True, 2.0):
        with pytest.raises(InvalidConfigError, match="num_envs"):
            vector_env("friday", bad)  # type: ignore[arg-type]
    with pytest.raises(InvalidConfigError, match="autoreset_mode"):
        vector_env("friday", 2, autoreset_mode=AutoresetMode.DISABLED)
    with pytest.raises(InvalidConfigError, match="render"):
        vector_env("gozer", 2, render_mode="ansi")
    with pytest.raises(InvalidConfigError):
        vector_env("gozer", 2, players=9)


def test_a_gymnasium_vector_wrapper_runs_on_friday() -> None:
    from gymnasium.wrappers.vector import RecordEpisodeStatistics

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        friday = vector_env("friday", 3)
        assert isinstance(friday, IslandGamesVectorEnv)
        envs = RecordEpisodeStatistics(friday)
    obs, _ = envs.reset(seed=3)
    rng = np.random.default_rng(0)
    episodes = 0
    for _ in range(400):
        noise = rng.random(obs["action_mask"].shape)
        noise[obs["action_mask"] == 0] = -1
        obs, _, _, _, infos = envs.step(noise.argmax(axis=1))
        if "episode" in infos:
            episodes += int(infos["_episode"].sum())
    assert episodes >= 3
