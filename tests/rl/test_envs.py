"""The environments: PettingZoo's and Gymnasium's own checkers, seeding, masks,
rewards, truncation and illegal actions (islandgames.rl.aec, islandgames.rl.single)."""

from __future__ import annotations

import subprocess
import sys
import warnings
from typing import Any

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from islandgames.core import serde
from islandgames.core.errors import IllegalActionError, InvalidConfigError
from islandgames.core.registry import rules_versions
from islandgames.rl import REWARDS, IslandGamesAEC, action_codec, aec_env, gym_env
from tests.rl.rl_kit import CONFIGS, config_id

# the warnings PettingZoo's api_test gives every dict observation (it checks the dict
# where it expects the array), not a fault of these environments
pytestmark = pytest.mark.filterwarnings(
    "ignore:Observation is not a NumPy array",
    "ignore:Observation space for each agent probably should be",
)


@pytest.mark.parametrize("case", CONFIGS, ids=config_id)
def test_pettingzoo_api_test(case: tuple[str, dict[str, Any]]) -> None:
    gid, kw = case
    api_test(aec_env(gid, **kw), num_cycles=1000)


@pytest.mark.parametrize("case", CONFIGS, ids=config_id)
def test_pettingzoo_seed_test(case: tuple[str, dict[str, Any]]) -> None:
    gid, kw = case
    seed_test(lambda: aec_env(gid, **kw), num_cycles=200)


@pytest.mark.parametrize("level", [1, 4])
def test_gymnasium_check_env_on_friday(level: int) -> None:
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=".*not having a spec")
        check_env(gym_env("friday", level=level))


def _play(env: IslandGamesAEC, seed: int, policy_seed: int) -> dict[str, float]:
    """One episode with random legal actions; every agent's final cumulative reward."""
    rng = np.random.default_rng(policy_seed)
    env.reset(seed=seed)
    final: dict[str, float] = {}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            final[agent] = float(reward)
            env.step(None)
            continue
        mask = obs["action_mask"]
        legal = np.flatnonzero(mask)
        # the mask is exactly the legal actions, in the engine's order
        assert list(legal) == sorted(info["legal_indices"])
        codec = env.problem.codec
        assert [serde.to_wire(codec.decode(i)) for i in info["legal_indices"]] == [
            {**a} for a in info["legal_actions"]
        ]
        env.step(int(rng.choice(legal)))
    return final


@pytest.mark.parametrize("case", CONFIGS, ids=config_id)
def test_a_random_episode_ends_with_the_outcome_as_rewards(
    case: tuple[str, dict[str, Any]],
) -> None:
    gid, kw = case
    env = aec_env(gid, **kw)
    final = _play(env, seed=5, policy_seed=1)
    outcome = env.problem.game.outcome(env.state_now)
    assert outcome is not None
    assert final == {f"seat_{r.seat}": REWARDS[r.result] for r in outcome.results}
    assert not env.agents  # every agent was walked off


def test_the_same_seed_plays_the_same_episode() -> None:
    a, b = aec_env("not-alone", hunted=2), aec_env("not-alone", hunted=2)
    a.reset(seed=11)
    b.reset(seed=11)
    assert a.game_seed == b.game_seed
    assert serde.state_hash(a.state_now) == serde.state_hash(b.state_now)
    # without a seed, the environment's own generator goes on: the same for both
    a.reset()
    b.reset()
    assert a.game_seed == b.game_seed != 0
    a.reset(seed=12)
    assert a.game_seed != b.game_seed
    first = a.game_seed
    a.reset(seed=12)
    assert a.game_seed == first


def test_max_actions_truncates() -> None:
    env = aec_env("gozer", players=3, max_actions=4)
    env.reset(seed=0)
    for _ in range(4):
        obs, *_ = env.last()
        assert not env.truncations[env.agent_selection]
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert all(env.truncations.values()) and not any(env.terminations.values())
    assert set(env.rewards.values()) == {0}
    while env.agents:
        assert env.last()[3]
        env.step(None)


def test_an_illegal_action_loses_by_default() -> None:
    env = aec_env("forbidden-island", players=3)
    env.reset(seed=3)
    obs, *_ = env.last()
    agent = env.agent_selection
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    env.step(illegal)
    assert all(env.terminations.values())
    assert env.rewards == {a: -1 if a == agent else 0 for a in env.agents}
    assert env.infos[agent]["illegal_action"] is True


def test_an_action_is_an_integer() -> None:
    env = aec_env("friday")
    env.reset(seed=0)
    for bad in (0.0, True, "0"):
        with pytest.raises(TypeError, match="integer index"):
            env.step(bad)  # type: ignore[arg-type]
    env.step(np.int32(0))  # what a space samples is fine


def test_an_illegal_action_can_raise() -> None:
    env = aec_env("forbidden-island", players=3, illegal_action="raise")
    env.reset(seed=3)
    obs, *_ = env.last()
    with pytest.raises(IllegalActionError):
        env.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    with pytest.raises(IllegalActionError, match="action index"):
        env.step(env.problem.codec.size)


def test_only_the_selected_agent_has_legal_actions() -> None:
    # Forbidden Island: Sandbags and Helicopter Lift may be played by any holder; in
    # the AEC environment they are offered when the holder is the agent to act
    env = aec_env("forbidden-island", players=4)
    env.reset(seed=0)
    for agent in env.agents:
        mask = env.observe(agent)["action_mask"]
        assert mask.any() == (agent == env.agent_selection)
        assert bool(env.infos[agent]["legal_actions"]) == (agent == env.agent_selection)


def test_infos_hold_the_view_and_role() -> None:
    env = aec_env("gozer", players=3)
    env.reset(seed=2)
    roles = sorted(env.infos[a]["role"] for a in env.agents)
    assert roles == ["castaway", "castaway", "gozer"]
    game = env.problem.game
    for agent in env.agents:
        seat = int(agent.removeprefix("seat_"))
        assert env.infos[agent]["view"] == serde.to_wire(game.view(env.state_now, seat))


def test_the_gym_env_is_seeded_and_ends_with_the_outcome() -> None:
    env = gym_env("friday")
    obs, info = env.reset(seed=4)
    again, _ = gym_env("friday").reset(seed=4)
    assert np.array_equal(obs["observation"], again["observation"])
    rng = np.random.default_rng(0)
    total, done = 0.0, False
    while not done:
        legal = np.flatnonzero(info["action_mask"])
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(legal)))
        total += float(reward)
        done = terminated or truncated
    outcome = env.problem.game.outcome(env.state_now)
    assert outcome is not None and total == REWARDS[outcome.results[0].result]
    assert info["outcome"] == serde.to_wire(outcome)
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)


def test_the_gym_env_is_for_one_seat_games() -> None:
    with pytest.raises(InvalidConfigError, match="aec_env"):
        gym_env("gozer")


def test_config_and_options_are_checked() -> None:
    with pytest.raises(InvalidConfigError):
        aec_env("forbidden-island", players=9)
    with pytest.raises(InvalidConfigError, match="max_actions"):
        aec_env("friday", max_actions=0)
    with pytest.raises(InvalidConfigError, match="illegal_action"):
        aec_env("friday", illegal_action="ignore")
    env = aec_env("not-alone", hunted=2, board="b", rules_version=None)
    assert env.problem.config.board == "b" and len(env.possible_agents) == 3


def test_render_ansi() -> None:
    env = aec_env("friday", render_mode="ansi")
    env.reset(seed=0)
    text = env.render()
    assert isinstance(text, str) and text.startswith("friday after 0 actions")
    # the game's text view, as `islandgames play` shows it, not a repr dump
    assert "FridayView(" not in text and "life 20/22" in text
    assert max(len(line) for line in text.splitlines()) <= 80


_BLOCK = """
import sys
class Block:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {"numpy", "pettingzoo", "gymnasium"}:
            raise ImportError(f"No module named {name!r}", name=name)
sys.meta_path.insert(0, Block())
import islandgames
game = islandgames.get_game("gozer")
game.new(1)
import islandgames.bots, islandgames.service
try:
    import islandgames.rl
except ImportError as exc:
    print(exc)
"""


def test_the_engine_runs_without_the_extra() -> None:
    out = subprocess.run(
        [sys.executable, "-c", _BLOCK], capture_output=True, text=True, timeout=120, check=True
    )
    assert "pip install 'islandgames[rl]'" in out.stdout, out.stderr


@pytest.mark.parametrize(
    "version",
    [
        (g, v)
        for g in ("friday", "forbidden-island", "not-alone", "gozer")
        for v in rules_versions(g)
    ],
    ids=lambda gv: f"{gv[0]}-{gv[1]}",
)
def test_every_rules_version_plays_in_the_same_space(version: tuple[str, str]) -> None:
    gid, v = version
    env = aec_env(gid, rules_version=v)
    assert env.problem.game.info.rules_version == v
    # one table per game: the rules versions differ in rulings, not in their actions
    assert env.problem.codec.actions == action_codec(gid).actions
    final = _play(env, seed=9, policy_seed=2)
    outcome = env.problem.game.outcome(env.state_now)
    assert outcome is not None
    assert final == {f"seat_{r.seat}": REWARDS[r.result] for r in outcome.results}
