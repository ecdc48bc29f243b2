"""RL environments for the four games (the ``rl`` extra: ``pip install 'islandgames[rl]'``).

- :func:`aec_env` — a PettingZoo AEC environment for every game;
- :func:`gym_env` — a Gymnasium environment for Friday;
- :func:`vector_env` — many matches as one batch: a Gymnasium ``VectorEnv`` for Friday,
  an :class:`IslandGamesBatchEnv` (a reward per seat, the seat to act per row) for the
  others;
- :func:`action_codec` / :func:`problem` — the fixed discrete action space (index <->
  action) and the flat observation encoding of a game and config.

The engine never imports this package (nor numpy, Gymnasium or PettingZoo). docs/rl.md
describes the spaces, the encodings, the rewards and the seeding.
"""

from __future__ import annotations

try:  # the environments need the extra; say which one, not just a module name
    import gymnasium  # noqa: F401
    import numpy  # noqa: F401
    import pettingzoo  # noqa: F401
except ImportError as exc:  # pragma: no cover - the test environment has the extra
    raise ImportError(
        f"islandgames.rl needs the 'rl' extra ({exc.name} is missing): "
        "pip install 'islandgames[rl]'"
    ) from exc

from .aec import IslandGamesAEC, aec_env, agent_name
from .codec import ActionCodec, Shape
from .observation import ViewEncoder
from .single import IslandGamesEnv, gym_env
from .spaces import REWARDS, Match, Problem, action_codec, problem
from .vector import IslandGamesBatchEnv, IslandGamesVectorEnv, vector_env

__all__ = [
    "REWARDS",
    "ActionCodec",
    "IslandGamesAEC",
    "IslandGamesBatchEnv",
    "IslandGamesEnv",
    "IslandGamesVectorEnv",
    "Match",
    "Problem",
    "Shape",
    "ViewEncoder",
    "action_codec",
    "aec_env",
    "agent_name",
    "gym_env",
    "problem",
    "vector_env",
]
