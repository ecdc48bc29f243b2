"""What a rollout bot adds to the search: fitted win chances (``evaluate``) for cut
rollouts, cuts that fall on decisions, and the fitting tool that makes the tables."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from islandgames import get_game
from islandgames.bots import forbidden_island as fi_bot
from islandgames.bots import friday as friday_bot
from islandgames.bots import get_bot, play
from islandgames.bots import not_alone as na_bot
from islandgames.bots.mcts import MctsBot
from islandgames.core.rng import Rng

MODULES = {"friday": friday_bot, "forbidden-island": fi_bot, "not-alone": na_bot}


def _views(game_id: str, seed: int, config: Any = None, limit: int = 60) -> list[Any]:
    """The views of the seat to act, at every decision of one heuristic game."""
    game = get_game(game_id)
    bot = get_bot(game_id, "heuristic")
    state = game.new(seed, game.decode_config(config) if config else None)
    rng = Rng.from_seed(seed, "t")
    out: list[Any] = []
    while game.outcome(state) is None and len(out) < limit:
        seat = game.to_act(state)[0]
        view = game.view(state, seat)
        legal = game.legal_actions(state, seat)
        out.append(view)
        action, rng = bot.choose(game, view, legal, rng)
        state = game.apply(state, seat, action)
    return out


@pytest.mark.parametrize("game_id", sorted(MODULES))
def test_each_fitted_table_matches_its_features(game_id: str) -> None:
    module = MODULES[game_id]
    assert len(module.VALUE_WEIGHTS) == len(module.VALUE_FEATURES)
    assert any(module.VALUE_WEIGHTS), "an unfitted (all-zero) table"
    game = get_game(game_id)
    bot = get_bot(game_id, "heuristic")
    chances = []
    for view in _views(game_id, 1):
        assert len(module.value_features(view)) == len(module.VALUE_FEATURES)
        chance = bot.evaluate(game, view)  # type: ignore[attr-defined]
        assert 0.0 < chance < 1.0
        chances.append(chance)
    assert len(set(chances)) > 1, "the model never moves"


def test_a_finished_game_is_won_or_lost_outright() -> None:
    for game_id in sorted(MODULES):
        game = get_game(game_id)
        final = play(game, 2, get_bot(game_id, "heuristic")).final_state
        outcome = game.outcome(final)
        assert outcome is not None
        bot = get_bot(game_id, "heuristic")
        for r in outcome.results:
            expected = 1.0 if r.result == "win" else 0.0
            assert bot.evaluate(game, game.view(final, r.seat)) == expected  # type: ignore[attr-defined]


def test_not_alone_chances_of_the_two_sides_add_up_to_one() -> None:
    game = get_game("not-alone")
    bot = na_bot.HeuristicBot()
    state = game.new(4)
    rng = Rng.from_seed(4, "t")
    for _ in range(80):
        if game.outcome(state) is not None:
            break
        creature = game.view(state, 0)
        c = creature.creature_seat
        creature = game.view(state, c)
        for h in creature.hunted:
            hunted = game.view(state, h.seat)
            total = bot.evaluate(game, creature) + bot.evaluate(game, hunted)
            assert total == pytest.approx(1.0, abs=1e-12)
        seat = game.to_act(state)[0]
        action, rng = bot.choose(game, game.view(state, seat), game.legal_actions(state, seat), rng)
        state = game.apply(state, seat, action)


def test_friday_more_life_is_a_better_chance() -> None:
    game = get_game("friday")
    bot = friday_bot.HeuristicBot()
    for view in _views("friday", 3, limit=30)[::5]:
        richer = attrs.evolve(view, life=view.life + 4)
        assert bot.evaluate(game, richer) > bot.evaluate(game, view)


def test_forbidden_island_a_captured_treasure_is_a_better_chance() -> None:
    game = get_game("forbidden-island")
    bot = fi_bot.HeuristicBot()
    config = {"players": 4, "difficulty": "novice"}
    view = _views("forbidden-island", 5, config, limit=20)[-1]
    assert not view.captured
    taken = next(t for t in ("earth", "wind", "fire", "ocean"))
    hands = tuple(tuple(c for c in h if c != taken) for h in view.hands)
    after = attrs.evolve(view, captured=(taken,), hands=hands)
    assert bot.evaluate(game, after) > bot.evaluate(game, view)


# --- the search's use of them ---------------------------------------------------------------


class _Judge:
    """A rollout bot that plays at random and judges every cut position at 0.9."""

    name = "judge"

    def __init__(self) -> None:
        self.choices = 0
        self.judged = 0

    def choose(self, game: Any, view: Any, legal: Any, rng: Rng) -> tuple[Any, Rng]:
        self.choices += 1
        return rng.choice(legal)

    def evaluate(self, game: Any, view: Any) -> float:
        self.judged += 1
        return 0.9


@pytest.mark.parametrize("depth", [0, 3])
def test_a_cut_rollout_is_scored_by_the_rollout_bots_evaluate(depth: int) -> None:
    """With max_rollout_decisions=k every rollout that does not end the game asks the
    rollout bot for exactly k decisions (forced moves are free) and is scored by its
    evaluate: Friday mid-game, 30 iterations, every reward 0.9 (nothing ends)."""
    game = get_game("friday")
    view = _views("friday", 6, limit=12)[-1]
    judge = _Judge()
    bot = MctsBot(iterations=30, max_rollout_decisions=depth, prior=0.0)
    bot._rollout_bots["friday"] = judge
    legal = _legal_at(view)
    root = bot.search(game, view, legal, Rng.from_seed(2))
    visits = sum(c.visits for c in root.children.values())
    reward = sum(c.reward for c in root.children.values())
    assert visits == 30 and judge.judged == 30
    assert reward == pytest.approx(0.9 * 30)
    assert judge.choices == 30 * depth  # prior=0: no hints, only rollout decisions


def _legal_at(view: Any) -> tuple[Any, ...]:
    """The legal actions at a Friday view (the game's own, from a sample of it)."""
    game = get_game("friday")
    sample = game.sample_state(view, 0, Rng.from_seed(0))
    return game.legal_actions(sample, 0)


def test_the_fitting_tool_runs_and_prints_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    fit_values = pytest.importorskip("bench.fit_values")
    assert fit_values.main(["friday", "--games", "12"]) == 0
    out = capsys.readouterr().out
    assert "held-out log-loss" in out and "VALUE_WEIGHTS: tuple[float, ...] = (" in out
    assert out.count("  # ") == len(friday_bot.VALUE_FEATURES)
