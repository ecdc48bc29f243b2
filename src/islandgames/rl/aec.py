"""A PettingZoo AEC environment for every game (docs/rl.md)."""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv

from .lazy import LAZY, LazyInfo
from .spaces import Match, Problem, ansi, split

__all__ = ["IslandGamesAEC", "Observer", "aec_env", "agent_name", "observation_space"]

Obs = dict[str, Any]  # {"observation": int64 array, "action_mask": int8 array}


def agent_name(seat: int) -> str:
    """The agent of ``seat``: ``seat_<n>`` (the role, which Gozer draws per match, is in
    ``infos[agent]["role"]``)."""
    return f"seat_{seat}"


def observation_space(problem: Problem) -> spaces.Dict:
    """``{"observation": Box(int64), "action_mask": Box(int8, 0..1)}``."""
    enc = problem.encoder
    return spaces.Dict(
        {
            "observation": spaces.Box(
                low=np.array(enc.low, dtype=np.int64),
                high=np.array(enc.high, dtype=np.int64),
                dtype=np.int64,
            ),
            "action_mask": spaces.Box(0, 1, shape=(problem.codec.size,), dtype=np.int8),
        }
    )


def observe(match: Match, seat: int) -> Obs:
    """A fresh observation of ``seat`` (new arrays each time: callers may keep them),
    the reference the environments' :class:`Observer` matches."""
    mask = np.zeros(match.problem.codec.size, dtype=np.int8)
    mask[list(match.mask(seat))] = 1
    return {
        "observation": np.array(match.observation(seat), dtype=np.int64),
        "action_mask": mask,
    }


class Observer:
    """The observations of a match's seats as numpy arrays, each worked out once per
    state: the view encoded by rewriting the previous encoding of the same seat where
    the view changed (:meth:`ViewEncoder.update`; the first one in full), the mask from
    the match's legal indices. The arrays it keeps are never handed out: :meth:`observe`
    returns copies, as :func:`observe` does."""

    def __init__(self, match: Match) -> None:
        self.match = match
        self._encoder = match.problem.encoder
        self._none = np.zeros(match.problem.codec.size, dtype=np.int8)
        # seat -> (state, view, its encoding): the last view encoded for that seat
        self._encoded: dict[int, tuple[Any, Any, np.ndarray[Any, Any]]] = {}
        self._mask_of: tuple[int, ...] = ()
        self._mask = self._none

    def observation(self, seat: int) -> np.ndarray[Any, Any]:
        """The encoded view of ``seat`` now (kept: do not modify it)."""
        m = self.match
        state = m.state
        kept = self._encoded.get(seat)
        if kept is not None and kept[0] is state:
            return kept[2]
        view = m.view(seat)
        if kept is None:
            slots = np.array(self._encoder.encode(view), dtype=np.int64)
        else:
            slots = kept[2].copy()
            self._encoder.update(slots, view, kept[1])
        self._encoded[seat] = (state, view, slots)
        return slots

    def mask(self, seat: int) -> np.ndarray[Any, Any]:
        """The legal-action mask of ``seat`` now (kept: do not modify it)."""
        indices = self.match.mask(seat)
        if not indices:
            return self._none
        if indices is not self._mask_of:
            mask = np.zeros(self._none.shape, dtype=np.int8)
            mask[list(indices)] = 1
            self._mask_of, self._mask = indices, mask
        return self._mask

    def observe(self, seat: int) -> Obs:
        """A fresh observation of ``seat`` (new arrays: callers may keep them)."""
        return {
            "observation": self.observation(seat).copy(),
            "action_mask": self.mask(seat).copy(),
        }


def action_index(action: Any) -> int:
    """``action`` as an index: an int or a numpy integer (what spaces sample), nothing
    that would silently round (a float) or is only an int by inheritance (a bool)."""
    if isinstance(action, bool | np.bool_) or not isinstance(action, int | np.integer):
        raise TypeError(f"an action is an integer index, got {type(action).__name__}")
    return int(action)


def seed_from(rng: np.random.Generator) -> int:
    """A game seed drawn from the environment's generator (the only draw it makes)."""
    return int(rng.integers(0, 2**63, dtype=np.int64))


class IslandGamesAEC(AECEnv[str, Obs, int]):
    """One game as an AEC environment: agents ``seat_0``.. in seat order; the agent to
    act is the first seat ``to_act`` lists. See :func:`aec_env`."""

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo reads a class attribute
        "name": "islandgames",
        "render_modes": ["ansi"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        problem: Problem,
        *,
        max_actions: int | None = None,
        illegal_action: str = "lose",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        self.problem = problem
        self.render_mode = render_mode
        self.metadata = {**type(self).metadata, "name": f"islandgames_{problem.game.info.id}"}
        self._match = Match(problem, max_actions, illegal_action)
        self._observer = Observer(self._match)
        self.possible_agents = [agent_name(s) for s in range(problem.seats)]
        self._seats = {a: s for s, a in enumerate(self.possible_agents)}
        # one space object per kind, shared by the agents: api_test asks for identity
        self._observation_space = observation_space(problem)
        self._action_space = spaces.Discrete(problem.codec.size)
        self._np_random: np.random.Generator | None = None
        self.agents: list[str] = []
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}
        self.agent_selection = self.possible_agents[0]

    # --- spaces ---------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_space

    @property
    def state_now(self) -> Any:
        """The engine state of the match (for debugging and bots; not an observation)."""
        return self._match.state

    @property
    def game_seed(self) -> int:
        """The seed the current match was created with."""
        return self._match.seed

    # --- the AEC protocol -----------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None or self._np_random is None:
            # Gymnasium's convention: a seed (re)seeds the generator; without one, the
            # generator goes on (seeded from fresh entropy if it never was)
            self._np_random, _ = seeding.np_random(seed)
        self._match.reset(seed_from(self._np_random))
        self._skip_agent_selection = None  # a reset mid-walk must not leak into this one
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self._refresh()

    def observe(self, agent: str) -> Obs:
        return self._observer.observe(self._seats[agent])

    def step(self, action: int | np.integer[Any] | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to act: None is only for a finished agent")
        self._cumulative_rewards[agent] = 0
        self._match.play(self._seats[agent], action_index(action))
        rewards = self._match.rewards()
        self.rewards = {a: rewards[self._seats[a]] for a in self.agents}
        if self._match.over:
            self.terminations = dict.fromkeys(self.agents, True)
        elif self._match.truncated:
            self.truncations = dict.fromkeys(self.agents, True)
        self._refresh()
        self._accumulate_rewards()

    def _refresh(self) -> None:
        m = self._match
        # the infos of this step: each agent's made when first read, and in it each
        # value (Match.info's, of this step whenever it is read)
        moment = m.moment()
        seats = self._seats
        self.infos = LazyInfo(
            lambda agent: moment.info(seats[agent]), dict.fromkeys(self.agents, LAZY)
        )
        seat = moment.seat
        if seat is not None and not m.truncated:
            self.agent_selection = self.possible_agents[seat]
        # over or truncated: the agent that just acted stays selected and sees its
        # final reward first; _was_dead_step then walks the other agents

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        m = self._match
        seat = m.current()
        return ansi(m.game, m.state, seat, m.actions, f", to act: {seat}")

    def close(self) -> None:
        """Nothing to release."""


def aec_env(game_id: str, **config: Any) -> IslandGamesAEC:
    """The PettingZoo AEC environment of ``game_id``.

    Keywords: the game's config fields (``players=2``, ``hunted=3``, ``level=2``...;
    missing ones take the defaults) and the environment options ``rules_version``,
    ``max_actions`` (truncate after that many actions; None: play to the end),
    ``illegal_action`` (``"lose"``: an illegal index ends the game, -1 for its agent,
    0 for the others; ``"raise"``: the engine's error) and ``render_mode`` (``"ansi"``).

    >>> env = aec_env("forbidden-island", players=2)
    >>> env.reset(seed=7)
    >>> env.possible_agents, int(env.action_space("seat_0").n)
    (['seat_0', 'seat_1'], 795)
    """
    game, cfg, options = split(game_id, config)
    return IslandGamesAEC(
        Problem(game, cfg),
        max_actions=options.get("max_actions"),
        illegal_action=options.get("illegal_action", "lose"),
        render_mode=options.get("render_mode"),
    )
