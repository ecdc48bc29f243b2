"""A Gymnasium environment for the one-seat game, Friday (docs/rl.md)."""

from __future__ import annotations

from typing import Any, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces

from ..core.errors import InvalidConfigError
from .aec import Obs, Observer, action_index, observation_space, seed_from
from .spaces import Match, Problem, ansi, split

__all__ = ["IslandGamesEnv", "gym_env"]


class IslandGamesEnv(gymnasium.Env[Obs, np.int64]):
    """A one-seat game as a Gymnasium environment. Observations as in the AEC
    environment (``{"observation", "action_mask"}``); ``info`` holds the structured
    view, the legal actions and their indices, and ``action_mask`` too (the
    convention of masked Gymnasium agents)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012 - Gymnasium's

    def __init__(
        self,
        problem: Problem,
        *,
        max_actions: int | None = None,
        illegal_action: str = "lose",
        render_mode: str | None = None,
    ) -> None:
        if problem.seats != 1:
            raise InvalidConfigError(
                f"{problem.game.info.id} has {problem.seats} seats: use islandgames.rl.aec_env"
            )
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        self.problem = problem
        self.render_mode = render_mode
        self._match = Match(problem, max_actions, illegal_action)
        self._observer = Observer(self._match)
        self.observation_space = observation_space(problem)
        self.action_space = spaces.Discrete(problem.codec.size)

    @property
    def state_now(self) -> Any:
        """The engine state of the match (for debugging; not an observation)."""
        return self._match.state

    @property
    def game_seed(self) -> int:
        """The seed the current match was created with."""
        return self._match.seed

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
        super().reset(seed=seed)  # seeds self.np_random (Gymnasium's convention)
        self._match.reset(seed_from(self.np_random))
        return self._observe()

    def step(
        self, action: int | np.integer[Any]
    ) -> tuple[Obs, SupportsFloat, bool, bool, dict[str, Any]]:
        m = self._match
        if m.over or m.truncated:
            raise RuntimeError("the episode is over: call reset()")
        m.play(0, action_index(action))
        obs, info = self._observe()
        return obs, float(m.rewards()[0]), m.over, m.truncated, info

    def _observe(self) -> tuple[Obs, dict[str, Any]]:
        obs = self._observer.observe(0)
        info = self._match.moment().info(0)  # its values made when first read
        info["action_mask"] = obs["action_mask"].copy()
        return obs, info

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        m = self._match
        return ansi(m.game, m.state, 0, m.actions, "")


def gym_env(game_id: str = "friday", **config: Any) -> IslandGamesEnv:
    """The Gymnasium environment of a one-seat game (Friday); keywords as
    :func:`~islandgames.rl.aec_env`'s.

    >>> env = gym_env("friday", level=2)
    >>> obs, info = env.reset(seed=1)
    >>> int(env.action_space.n), obs["observation"].shape == (env.problem.encoder.size,)
    (195, True)
    """
    game, cfg, options = split(game_id, config)
    return IslandGamesEnv(
        Problem(game, cfg),
        max_actions=options.get("max_actions"),
        illegal_action=options.get("illegal_action", "lose"),
        render_mode=options.get("render_mode"),
    )
