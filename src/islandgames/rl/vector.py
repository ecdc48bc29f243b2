"""Many matches of one game stepped as one batch (docs/rl.md, "Vector environments").

:func:`vector_env` gives a Gymnasium :class:`~gymnasium.vector.VectorEnv` for a one-seat
game (Friday) and an :class:`IslandGamesBatchEnv`, the same shape with a reward per seat
and the seat to act per match, for the games of several seats. Both keep their batches
in numpy arrays they rewrite in place: each match's observation row is rewritten where
its view changed (:meth:`~.observation.ViewEncoder.update`), the masks set from the
legal indices, and a finished match resets by itself (Gymnasium's autoreset modes).

Each match plays exactly as the single environment would with the same seed: match
``i`` after ``reset(seed=s)`` is ``gym_env``/``aec_env`` after ``reset(seed=s + i)``,
and an autoreset is that environment's ``reset()`` without a seed (tests/rl checks the
observations, masks, rewards, terminations and truncations step by step).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from ..core import serde
from ..core.errors import InvalidConfigError
from .aec import Obs, observation_space, seed_from
from .spaces import Match, Problem, split

__all__ = ["IslandGamesBatchEnv", "IslandGamesVectorEnv", "vector_env"]

Array = np.ndarray[Any, Any]


class _Batch:
    """The matches, their batches and their stepping (shared by both vector forms)."""

    def __init__(
        self,
        problem: Problem,
        num_envs: int,
        *,
        max_actions: int | None = None,
        illegal_action: str = "lose",
        autoreset_mode: AutoresetMode | str = AutoresetMode.NEXT_STEP,
        copy: bool = True,
    ) -> None:
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise InvalidConfigError(f"num_envs must be a positive int, got {num_envs!r}")
        mode = AutoresetMode(autoreset_mode)
        if mode is AutoresetMode.DISABLED:
            raise InvalidConfigError("autoreset_mode must be NEXT_STEP or SAME_STEP")
        self.problem = problem
        self.num_envs = num_envs
        self.autoreset_mode = mode
        self.copy = copy
        self.seat_count = problem.seats
        self._matches = [Match(problem, max_actions, illegal_action) for _ in range(num_envs)]
        self._rngs: list[np.random.Generator | None] = [None] * num_envs
        self._encoder = problem.encoder
        # the encoder's rewrite without its class check: every row's views are views
        # of a seat, the encoder's class (Problem takes it from one)
        self._update = problem.encoder._diff
        self._obs: Array = np.zeros((num_envs, problem.encoder.size), dtype=np.int64)
        self._mask: Array = np.zeros((num_envs, problem.codec.size), dtype=np.int8)
        self._rows = list(self._obs)  # a view of each row, made once
        self._views: list[Any] = [None] * num_envs  # the view each row encodes
        self._seat_of: list[int] = [0] * num_envs  # whose row it is
        self._set: tuple[list[int], list[int]] = ([], [])  # the mask's ones: rows, columns
        self._terminations: Array = np.zeros(num_envs, dtype=np.bool_)
        self._truncations: Array = np.zeros(num_envs, dtype=np.bool_)
        self._autoreset: Array = np.zeros(num_envs, dtype=np.bool_)
        self._rewards: Array = np.zeros((num_envs, self.seat_count), dtype=np.float64)
        self.single_observation_space: spaces.Dict = observation_space(problem)
        self.single_action_space: spaces.Discrete = spaces.Discrete(problem.codec.size)
        self.observation_space = cast(
            spaces.Dict, batch_space(self.single_observation_space, num_envs)
        )
        self.action_space = batch_space(self.single_action_space, num_envs)

    # --- what callers read ----------------------------------------------------------

    @property
    def states(self) -> tuple[Any, ...]:
        """The engine state of every match (for debugging and bots; not observations)."""
        return tuple(m.state for m in self._matches)

    @property
    def game_seeds(self) -> tuple[int, ...]:
        """The seed each current match was created with."""
        return tuple(m.seed for m in self._matches)

    @property
    def seats(self) -> Array:
        """The seat each observation row belongs to: the seat to act, or, in a match
        that just ended, the seat that made the last move (a copy)."""
        return np.array(self._seat_of, dtype=np.int64)

    def match(self, index: int) -> Match:
        """Match ``index`` (its state, legal actions and infos: :class:`Match`)."""
        return self._matches[index]

    # --- stepping -------------------------------------------------------------------

    def _reset_one(self, i: int, seed: int | None) -> None:
        rng = self._rngs[i]
        if seed is not None or rng is None:
            # Gymnasium's convention, as in the single environments
            rng, _ = seeding.np_random(seed)
            self._rngs[i] = rng
        self._matches[i].reset(seed_from(rng))

    def _reset_all(self, seed: int | Sequence[int | None] | None) -> None:
        n = self.num_envs
        if seed is None:
            seeds: list[int | None] = [None] * n
        elif isinstance(seed, int):
            seeds = [seed + i for i in range(n)]
        else:
            seeds = list(seed)
            if len(seeds) != n:
                raise ValueError(f"{len(seeds)} seeds for {n} environments")
        for i, s in enumerate(seeds):
            self._reset_one(i, s)
        self._terminations[:] = False
        self._truncations[:] = False
        self._autoreset[:] = False
        self._rewards[:] = 0.0
        self._mask[:] = 0
        rows: list[int] = []
        cols: list[int] = []
        for i in range(n):
            self._row(i, rows, cols)
        self._mask[rows, cols] = 1
        self._set = (rows, cols)

    def _row(self, i: int, rows: list[int], cols: list[int], mover: int = 0) -> None:
        """Rewrite observation row ``i`` for the seat to act (``mover`` if nobody), and
        add its legal indices to ``rows``/``cols``."""
        m = self._matches[i]
        seat = m.current()
        if seat is None or m.truncated:
            seat = mover  # as the AEC environment, whose selection stays on the mover
        indices = m.mask(seat)  # (a truncated match: its legal actions, as in aec_env)
        if indices:
            rows.extend([i] * len(indices))
            cols.extend(indices)
        view = m.game.view(m.state, seat)
        previous = self._views[i]
        if previous is None:
            self._obs[i] = self._encoder.encode(view)
        else:
            self._update(self._rows[i], view, previous)
        self._views[i] = view
        self._seat_of[i] = seat

    def _step(self, actions: Any) -> dict[str, Any]:
        acts = np.asarray(actions)
        if acts.shape != (self.num_envs,):
            raise ValueError(f"expected {self.num_envs} actions, got shape {acts.shape}")
        if acts.dtype.kind not in "iu":
            raise TypeError(f"actions are integer indices, got dtype {acts.dtype}")
        infos: dict[str, Any] = {}
        rows: list[int] = []
        cols: list[int] = []
        rewards, terms, truncs = self._rewards, self._terminations, self._truncations
        rewards[:] = 0.0
        terms[:] = False
        truncs[:] = False
        ended: list[int] = []
        autoreset = self._autoreset.tolist()
        seats = self._seat_of
        row = self._row
        for i, (m, index) in enumerate(zip(self._matches, acts.tolist(), strict=True)):
            if autoreset[i]:  # NEXT_STEP: the step after the end resets
                self._reset_one(i, None)
                row(i, rows, cols)
                continue
            seat = seats[i]
            m.play(seat, index)
            if m.over:
                r = m.rewards()
                rewards[i] = [r[s] for s in range(self.seat_count)]
                terms[i] = True
                ended.append(i)
            elif m.truncated:
                truncs[i] = True
                ended.append(i)
            row(i, rows, cols, seat)
        mask = self._mask
        mask[self._set] = 0  # the ones set last time (cheaper than the whole batch)
        mask[rows, cols] = 1
        for i in ended:
            infos = self._ended(infos, i)
        if self.autoreset_mode is AutoresetMode.SAME_STEP:
            if ended:
                more_rows: list[int] = []
                more_cols: list[int] = []
                for i in ended:
                    self._reset_one(i, None)
                    row(i, more_rows, more_cols)
                    mask[i] = 0  # a truncated row had a mask (its final one, in infos)
                mask[more_rows, more_cols] = 1
                rows += more_rows
                cols += more_cols
        else:
            np.logical_or(terms, truncs, out=self._autoreset)
        self._set = (rows, cols)
        return infos

    def _ended(self, infos: dict[str, Any], i: int) -> dict[str, Any]:
        """The infos of a match that ended at this step: its outcome (wire form; absent
        if truncated) and, under SAME_STEP, its final observation and info."""
        m = self._matches[i]
        found: dict[str, Any] = {}
        if m.outcome is not None:
            found["outcome"] = serde.to_wire(m.outcome)
        if self.autoreset_mode is AutoresetMode.SAME_STEP:
            obs: Obs = {"observation": self._obs[i].copy(), "action_mask": self._mask[i].copy()}
            found["final_obs"] = obs
            info = m.info(self._seat_of[i])
            if self.seat_count == 1:  # as gym_env's info
                info["action_mask"] = obs["action_mask"].copy()
            found["final_info"] = info
        return _add_info(infos, found, i, self.num_envs)

    def _observations(self) -> Obs:
        if self.copy:
            return {"observation": self._obs.copy(), "action_mask": self._mask.copy()}
        return {"observation": self._obs, "action_mask": self._mask}


def _add_info(infos: dict[str, Any], found: dict[str, Any], i: int, n: int) -> dict[str, Any]:
    """Gymnasium's vector info convention: ``infos[key]`` an array over the
    environments (objects for dicts and the final observations), ``infos["_" + key]``
    which of them have it."""
    for key, value in found.items():
        array = infos.get(key)
        if array is None:
            array = np.full(n, None, dtype=object)
        array[i] = value
        present = infos.get(f"_{key}")
        if present is None:
            present = np.zeros(n, dtype=np.bool_)
        present[i] = True
        infos[key], infos[f"_{key}"] = array, present
    return infos


class IslandGamesVectorEnv(VectorEnv[Obs, Array, Array]):
    """``num_envs`` matches of a one-seat game (Friday) as a Gymnasium vector
    environment: batched ``{"observation", "action_mask"}``, rewards, terminations and
    truncations as arrays over the matches, autoreset (``NEXT_STEP``, Gymnasium's
    default, or ``SAME_STEP``). See :func:`vector_env`."""

    def __init__(self, problem: Problem, num_envs: int, **options: Any) -> None:
        if problem.seats != 1:
            raise InvalidConfigError(
                f"{problem.game.info.id} has {problem.seats} seats: use the batch form "
                "(islandgames.rl.vector_env gives it)"
            )
        self._batch = b = _Batch(problem, num_envs, **options)
        self.problem = problem
        self.num_envs = num_envs
        self.metadata = {"autoreset_mode": b.autoreset_mode}
        self.render_mode = None
        self.single_observation_space = b.single_observation_space
        self.single_action_space = b.single_action_space
        self.observation_space = b.observation_space
        self.action_space = b.action_space

    @property
    def states(self) -> tuple[Any, ...]:
        """The engine state of every match."""
        return self._batch.states

    @property
    def game_seeds(self) -> tuple[int, ...]:
        """The seed each current match was created with."""
        return self._batch.game_seeds

    def match(self, index: int) -> Match:
        """Match ``index`` (its state, legal actions and infos)."""
        return self._batch.match(index)

    def reset(
        self,
        *,
        seed: int | list[int | None] | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[Obs, dict[str, Any]]:
        self._batch._reset_all(seed)
        return self._batch._observations(), {}

    def step(self, actions: Any) -> tuple[Obs, Array, Array, Array, dict[str, Any]]:
        b = self._batch
        infos = b._step(actions)
        return (
            b._observations(),
            b._rewards[:, 0].copy(),
            b._terminations.copy(),
            b._truncations.copy(),
            infos,
        )

    def close_extras(self, **kwargs: Any) -> None:
        """Nothing to release."""


class IslandGamesBatchEnv:
    """``num_envs`` matches of a game of several seats, stepped as one batch. Each row
    is the match's next decision: the observation and mask of the seat to act
    (``seats``); :meth:`step` takes one action per match, for that seat, and returns
    the new rows, every seat's reward for the step (``(num_envs, seat_count)``),
    terminations and truncations; a finished match resets by itself as in Gymnasium
    (``NEXT_STEP``: the next step's action is ignored and the row is the new match's
    first; ``SAME_STEP``: at once, the final row in ``infos["final_obs"]``). At the
    step a match ends, its row is that of the seat that made the last move, with an
    empty mask. See :func:`vector_env` and docs/rl.md."""

    metadata: dict[str, Any] = {}  # noqa: RUF012 - set per instance in __init__

    def __init__(self, problem: Problem, num_envs: int, **options: Any) -> None:
        self._batch = b = _Batch(problem, num_envs, **options)
        self.problem = problem
        self.num_envs = num_envs
        self.seat_count = b.seat_count
        self.metadata = {"autoreset_mode": b.autoreset_mode}
        self.single_observation_space = b.single_observation_space
        self.single_action_space = b.single_action_space
        self.observation_space = b.observation_space
        self.action_space = b.action_space

    @property
    def seats(self) -> Array:
        """The seat of each row: the seat to act (a match that just ended: the seat
        that made the last move)."""
        return self._batch.seats

    @property
    def states(self) -> tuple[Any, ...]:
        """The engine state of every match."""
        return self._batch.states

    @property
    def game_seeds(self) -> tuple[int, ...]:
        """The seed each current match was created with."""
        return self._batch.game_seeds

    def match(self, index: int) -> Match:
        """Match ``index`` (its state, legal actions and infos)."""
        return self._batch.match(index)

    def reset(
        self,
        *,
        seed: int | list[int | None] | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[Obs, dict[str, Any]]:
        """Reset every match (``seed``: an int gives ``seed + i`` to match ``i``; a
        list, one each; None: each match's generator goes on); the first rows and
        ``{"seat": seats}``."""
        self._batch._reset_all(seed)
        return self._batch._observations(), {"seat": self._batch.seats}

    def step(self, actions: Any) -> tuple[Obs, Array, Array, Array, dict[str, Any]]:
        """Play ``actions[i]`` for the seat of row ``i`` of each match: the new rows,
        the rewards ``(num_envs, seat_count)``, terminations, truncations and infos
        (``"seat"``: the seat of each new row; ``"outcome"`` for the matches that
        ended, with the Gymnasium ``"_outcome"`` mask)."""
        b = self._batch
        infos = b._step(actions)
        infos["seat"] = b.seats
        return (
            b._observations(),
            b._rewards.copy(),
            b._terminations.copy(),
            b._truncations.copy(),
            infos,
        )

    def close(self) -> None:
        """Nothing to release."""


def vector_env(
    game_id: str, num_envs: int, **config: Any
) -> IslandGamesVectorEnv | IslandGamesBatchEnv:
    """``num_envs`` matches of ``game_id`` stepped as one batch: a Gymnasium
    :class:`~gymnasium.vector.VectorEnv` for a one-seat game (Friday), an
    :class:`IslandGamesBatchEnv` for the others.

    Keywords: the game's config fields and the options of :func:`~.aec.aec_env`
    (``rules_version``, ``max_actions``, ``illegal_action``; not ``render_mode``), and
    ``autoreset_mode`` (``"NextStep"``, the default, or ``"SameStep"``; or Gymnasium's
    :class:`~gymnasium.vector.AutoresetMode`) and ``copy`` (True: the observations
    returned are fresh arrays; False: the environment's own, rewritten by the next
    step).

    >>> envs = vector_env("friday", 4, level=2)
    >>> obs, _ = envs.reset(seed=0)
    >>> obs["observation"].shape, obs["action_mask"].shape
    ((4, 844), (4, 195))
    """
    vector_options: dict[str, Any] = {
        k: config.pop(k) for k in ("autoreset_mode", "copy") if k in config
    }
    game, cfg, options = split(game_id, config)
    if options.get("render_mode") is not None:
        raise InvalidConfigError("a vector environment does not render")
    problem = Problem(game, cfg)
    kwargs: dict[str, Any] = {
        "max_actions": options.get("max_actions"),
        "illegal_action": options.get("illegal_action", "lose"),
        **vector_options,
    }
    if problem.seats == 1:
        return IslandGamesVectorEnv(problem, num_envs, **kwargs)
    return IslandGamesBatchEnv(problem, num_envs, **kwargs)
