"""Digests of seeded trajectories through the environments: every observation, mask,
reward, termination, truncation and info (every agent's) of a run of random steps.

Only the environments' public API is used, so the digests can be computed by any
version of islandgames.rl: the pins in test_fast_paths.py were computed with the code
from before the fast paths (commit c0915d5) and must not move.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import numpy as np

from islandgames.rl import aec_env, gym_env

#: (game id, keywords, illegal-action rate): the configs under test, truncations and
#: the illegal-action ending
CASES: list[tuple[str, dict[str, Any], float]] = [
    ("friday", {}, 0.0),
    ("friday", {"level": 4}, 0.0),
    ("forbidden-island", {"players": 2}, 0.0),
    ("forbidden-island", {"players": 4}, 0.0),
    ("not-alone", {"hunted": 1}, 0.0),
    ("not-alone", {"hunted": 6, "creature_seat": 6}, 0.0),
    ("gozer", {"players": 2}, 0.0),
    ("gozer", {"players": 6}, 0.0),
    ("gozer", {"players": 3, "max_actions": 40}, 0.0),
    ("not-alone", {"hunted": 2, "max_actions": 25}, 0.0),
    ("forbidden-island", {"players": 3}, 0.02),
    ("gozer", {"players": 4}, 0.02),
]


def aec_digest(
    gid: str, kw: dict[str, Any], illegal: float, seed: int = 3, steps: int = 600
) -> str:
    """The digest of ``steps`` AEC steps (resets included) with random actions."""
    env = aec_env(gid, **kw)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    h = hashlib.blake2b(digest_size=8)
    for _ in range(steps):
        if not env.agents:
            env.reset()
        agent = env.agent_selection
        obs, reward, term, trunc, info = env.last()
        everyone = {a: env.infos[a] for a in env.agents}
        record = [agent, float(reward), bool(term), bool(trunc), info, everyone, env.rewards]
        h.update(json.dumps(record, sort_keys=True).encode())
        h.update(obs["observation"].tobytes())
        h.update(obs["action_mask"].tobytes())
        h.update(str((obs["observation"].dtype, obs["action_mask"].dtype)).encode())
        mask = obs["action_mask"]
        if term or trunc:
            action = None
        elif illegal and rng.random() < illegal:
            action = int(rng.choice(np.flatnonzero(mask == 0)))
        else:
            action = int(rng.choice(np.flatnonzero(mask)))
        env.step(action)
    return h.hexdigest()


def gym_digest(seed: int = 3, steps: int = 600, **kw: Any) -> str:
    """The digest of ``steps`` Gymnasium steps on Friday (resets included)."""
    env = gym_env("friday", **kw)
    rng = np.random.default_rng(seed)
    h = hashlib.blake2b(digest_size=8)
    obs, info = env.reset(seed=seed)
    for _ in range(steps):
        h.update(obs["observation"].tobytes())
        h.update(obs["action_mask"].tobytes())
        rest = {k: v for k, v in info.items() if k != "action_mask"}
        h.update(json.dumps(rest, sort_keys=True).encode())
        h.update(info["action_mask"].tobytes())
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, term, trunc, info = env.step(action)
        h.update(json.dumps([float(reward), term, trunc]).encode())
        if term or trunc:
            h.update(obs["observation"].tobytes())
            obs, info = env.reset()
    return h.hexdigest()


if __name__ == "__main__":  # print the digests of the islandgames on sys.path
    for gid, kw, illegal in CASES:
        print(f"{gid!r}, {kw!r}, {illegal!r}: {aec_digest(gid, kw, illegal)!r}")
    print("gym", gym_digest(), gym_digest(level=3, max_actions=30))
