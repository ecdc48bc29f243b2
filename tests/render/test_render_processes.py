"""The pictures are the same bytes in every process: no dependence on string hashing
(set or dict order), the clock or anything else outside the view."""

from __future__ import annotations

import os
import subprocess
import sys

_SCRIPT = """
import hashlib
from islandgames import get_game
from islandgames.core.rng import Rng
from islandgames.render import forbidden_island, not_alone
for game_id, module in (("forbidden-island", forbidden_island), ("not-alone", not_alone)):
    game = get_game(game_id)
    state = game.new(7)
    rng = Rng.from_seed(7, "processes")
    for _ in range(60):
        if game.outcome(state) is not None:
            break
        seat = game.to_act(state)[0]
        action, rng = rng.choice(game.legal_actions(state, seat))
        state = game.apply(state, seat, action)
    for seat in (None, 0, 1):
        view = game.view(state, seat)
        svg = module.render_svg(view).encode()
        text = module.render_text(view).encode()
        print(game_id, seat, hashlib.sha256(svg + b"|" + text).hexdigest())
"""


def _run(hash_seed: str) -> str:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    done = subprocess.run(
        [sys.executable, "-c", _SCRIPT], env=env, capture_output=True, text=True, check=True
    )
    return done.stdout


def test_two_processes_with_different_string_hashing_draw_the_same_bytes() -> None:
    first, second = _run("1"), _run("2024")
    assert len(first.splitlines()) == 6
    assert first == second
    assert len({line.split()[-1] for line in first.splitlines()}) == 6, "six pictures"
