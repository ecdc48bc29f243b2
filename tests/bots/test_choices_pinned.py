"""The bots' choices on fixed seeds, pinned (issue 36: the heuristics and the search get
faster with the same choices). Each digest is the blake2b of every (seat, action) a
bot played, in order, recorded from the code before the speed work; a change that
alters any choice of any bot changes a digest. Regenerate only for a deliberate change
of a bot's play (and say so in CHANGELOG.md): ``python -m tests.bots.test_choices_pinned``.
"""

from __future__ import annotations

import hashlib
import sys
from typing import Any

import pytest

import islandgames
from islandgames.bots import get_bot, interjection
from islandgames.core.rng import Rng
from islandgames.core.serde import packb

#: (game, bot spec, seeds, decisions at most): the cases whose choices are pinned
CASES: tuple[tuple[str, str, tuple[int, ...], int], ...] = (
    ("friday", "heuristic", (0, 1, 2, 3), 10_000),
    ("forbidden-island", "heuristic", (0, 1, 2), 10_000),
    ("not-alone", "heuristic", (0, 1, 2), 10_000),
    ("gozer", "heuristic", (0, 1, 2, 3), 10_000),
    ("friday", "mcts:iterations=12", (4,), 25),
    ("forbidden-island", "mcts:iterations=3,max_rollout_decisions=8", (5,), 12),
    ("not-alone", "mcts:iterations=6,max_rollout_decisions=20", (6,), 20),
    ("gozer", "mcts:iterations=8", (7,), 25),
)


def choices_digest(game_id: str, spec: str, seed: int, limit: int) -> str:
    """The digest of every (seat, action) played from ``seed`` with ``spec`` at every
    seat (interjections included), for at most ``limit`` decisions."""
    game = islandgames.get_game(game_id)
    state = game.new(seed)
    bots = {seat: get_bot(game_id, spec) for seat in game.seats(state)}
    rngs = {seat: Rng.from_seed(seed, f"bot{seat}") for seat in game.seats(state)}
    h = hashlib.blake2b(digest_size=16)
    for _ in range(limit):
        if game.outcome(state) is not None:
            break
        seat = game.to_act(state)[0]
        hit = interjection(game, state, seat, bots, rngs)
        if hit is None:
            legal = game.legal_actions(state, seat)
            action: Any
            action, rngs[seat] = bots[seat].choose(game, game.view(state, seat), legal, rngs[seat])
            hit = (seat, action)
        h.update(packb([hit[0], game.encode_action(hit[1])]))
        state = game.apply(state, *hit)
    return h.hexdigest()


#: recorded at 8a00b07 (before the speed work of issue 36)
PINNED: dict[tuple[str, str, int], str] = {
    ("friday", "heuristic", 0): "bdfdf890e7b24a31cbf94e8ab9658876",
    ("friday", "heuristic", 1): "66e977da0247c5b197d9e70053470418",
    ("friday", "heuristic", 2): "1e7201224359547db755aa36707120d2",
    ("friday", "heuristic", 3): "d7525ec6d682aa6b420828991c063106",
    ("forbidden-island", "heuristic", 0): "1cd014a2f5f4c00526125bc392c95fb6",
    ("forbidden-island", "heuristic", 1): "59a695be5cb61420593aabfb985696c4",
    ("forbidden-island", "heuristic", 2): "ec610c52498938a7a08b51e62aabc3dd",
    ("not-alone", "heuristic", 0): "0b2b7aee7b1b90578c2b3ffc891d3e25",
    ("not-alone", "heuristic", 1): "1f4a555b3b6fc499b80a69cca6ffa4a3",
    ("not-alone", "heuristic", 2): "f6761cbff457ff80540ff7977e8db1d9",
    ("gozer", "heuristic", 0): "bb8c9222346702717d1d9bddabf6b7f1",
    ("gozer", "heuristic", 1): "2526fce93868dfc93cbdfa2d0133f5b2",
    ("gozer", "heuristic", 2): "1fc806ff0700034c2d9db2dccf624f32",
    ("gozer", "heuristic", 3): "b744013d345f86f5a18f10336a4384d9",
    ("friday", "mcts:iterations=12", 4): "831cef3d5b117bdbf755b165d8a7e6f6",
    (
        "forbidden-island",
        "mcts:iterations=3,max_rollout_decisions=8",
        5,
    ): "d33efc10742d6f4058bb34e767e99091",
    (
        "not-alone",
        "mcts:iterations=6,max_rollout_decisions=20",
        6,
    ): "1c84c9c0206f0af716f062db549ae09d",
    ("gozer", "mcts:iterations=8", 7): "854f601bafff39ad78974df22f2ea446",
}


@pytest.mark.parametrize(
    ("game_id", "spec", "seed", "limit"),
    [(g, spec, seed, limit) for g, spec, seeds, limit in CASES for seed in seeds],
    ids=lambda v: str(v),
)
def test_the_bots_choose_as_they_did(game_id: str, spec: str, seed: int, limit: int) -> None:
    assert choices_digest(game_id, spec, seed, limit) == PINNED[(game_id, spec, seed)]


def test_the_digest_sees_one_choice() -> None:
    """The check can fail: another seed, or one decision fewer, is another digest."""
    game_id, spec, seeds, _ = CASES[0]
    one = choices_digest(game_id, spec, seeds[0], 30)
    assert one != choices_digest(game_id, spec, seeds[0], 29)
    assert one != choices_digest(game_id, spec, seeds[1], 30)


if __name__ == "__main__":  # print the table to paste into PINNED
    for g, spec, seeds, limit in CASES:
        for seed in seeds:
            print(f"    ({g!r}, {spec!r}, {seed}): {choices_digest(g, spec, seed, limit)!r},")
            sys.stdout.flush()
