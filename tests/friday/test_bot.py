"""The heuristic bot: legal, deterministic, and clearly better than random play."""

from __future__ import annotations

from islandgames.bots import RandomBot, get_bot, play
from islandgames.bots.friday import HeuristicBot


def test_registered() -> None:
    assert isinstance(get_bot("friday", "heuristic"), HeuristicBot)


def test_deterministic() -> None:
    a = play("friday", 5, HeuristicBot())
    b = play("friday", 5, HeuristicBot())
    assert a.actions == b.actions and a.final_state == b.final_state


def test_beats_random_play() -> None:
    # 100 seeded games each (the 1,000-game measurement is in docs/friday.md).
    bot_wins = bot_score = rnd_wins = rnd_score = 0
    for seed in range(100):
        r = play("friday", seed, HeuristicBot())
        assert r.outcome is not None
        bot_wins += r.outcome.results[0].result == "win"
        bot_score += r.outcome.results[0].score
        r = play("friday", seed, RandomBot())
        assert r.outcome is not None
        rnd_wins += r.outcome.results[0].result == "win"
        rnd_score += r.outcome.results[0].score
    assert bot_wins >= rnd_wins + 5
    assert bot_score > rnd_score + 100 * 10
