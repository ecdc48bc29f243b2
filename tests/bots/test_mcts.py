"""The IS-MCTS bot (``mcts``): registered for every game, parameters from a bot spec,
deterministic, blind to everything its view hides, legal in every kind of decision, and
stronger than random play."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from islandgames import get_game
from islandgames.bots import RandomBot, bot_names, get_bot, parse_bot_spec, play
from islandgames.bots.mcts import MctsBot
from islandgames.cli import main
from islandgames.core.rng import Rng
from islandgames.games.gozer.actions import Respond

GAMES = ("friday", "forbidden-island", "not-alone", "gozer")
#: small and cheap: random rollouts cut short (Forbidden Island's heuristic rollouts
#: cost a tenth of a second each)
CHEAP = "mcts:iterations=6,rollout=random,max_rollout_decisions=40"


def _decisions(
    game_id: str, seed: int, limit: int = 400
) -> list[tuple[Any, int, Any, tuple[Any, ...]]]:
    """(state, seat, view, legal) at every decision with a choice, in one random game;
    every waiting seat of a simultaneous step is asked."""
    game = get_game(game_id)
    state = game.new(seed)
    rng = Rng.from_seed(seed, "test")
    out: list[tuple[Any, int, Any, tuple[Any, ...]]] = []
    while game.outcome(state) is None and len(out) < limit:
        waiting = game.to_act(state)
        for seat in waiting:
            legal = game.legal_actions(state, seat)
            if len(legal) > 1:
                out.append((state, seat, game.view(state, seat), legal))
        seat = waiting[0]
        action, rng = rng.choice(game.legal_actions(state, seat))
        state = game.apply(state, seat, action)
    return out


# --- registry and specs -------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_built_in_for_every_game(game_id: str) -> None:
    assert "mcts" in bot_names(game_id)
    bot = get_bot(game_id, "mcts")
    assert isinstance(bot, MctsBot) and bot.iterations == 200 and bot.seconds is None


def test_spec_values_are_typed() -> None:
    bot = get_bot(
        "friday",
        "mcts:iterations=400,rollout=random,exploration=0.5,max_rollout_decisions=0,"
        "score_weight=0,score_scale=5,prior=2,others=search",
    )
    assert isinstance(bot, MctsBot)
    assert (bot.iterations, bot.rollout, bot.exploration) == (400, "random", 0.5)
    assert (bot.max_rollout_decisions, bot.score_weight, bot.score_scale, bot.prior) == (
        0,
        0.0,
        5.0,
        2.0,
    )
    assert bot.others == "search" and get_bot("friday", "mcts").others == "model"  # type: ignore[attr-defined]
    timed = get_bot("friday", "mcts:seconds=0.25")
    assert isinstance(timed, MctsBot)
    assert timed.seconds == 0.25 and timed.iterations is None  # seconds alone: no cap
    assert parse_bot_spec("mcts:a=1,b=x") == ("mcts", {"a": "1", "b": "x"})


@pytest.mark.parametrize(
    ("spec", "error", "message"),
    [
        ("mcts:iterations=true", ValueError, "iterations must be an integer, got 'true'"),
        ("mcts:iterations=1.0", ValueError, "iterations must be an integer, got '1.0'"),
        ("mcts:iterations=-3", ValueError, "iterations must be at least 1, got -3"),
        ("mcts:iterations=0", ValueError, "iterations must be at least 1, got 0"),
        ("mcts:iterations=٣", ValueError, "must be an integer"),  # a non-ASCII digit
        ("mcts:seconds=0", ValueError, "seconds must be a finite number > 0"),
        ("mcts:seconds=nan", ValueError, "seconds must be a finite number, got 'nan'"),
        ("mcts:exploration=inf", ValueError, "must be a finite number"),
        ("mcts:exploration=true", ValueError, "exploration must be a number, got 'true'"),
        ("mcts:exploration=-1", ValueError, "exploration must be a finite number >= 0"),
        ("mcts:score_scale=0", ValueError, "score_scale must be a finite number > 0"),
        ("mcts:others=maybe", ValueError, "others must be one of model, search, got 'maybe'"),
        ("mcts:depth=3", LookupError, "mcts has no parameter 'depth'; its parameters: iter"),
        ("mcts:rollout=mcts", LookupError, "rollout must be a bot of friday other than mcts"),
        ("mcts:rollout=genius", LookupError, "(random, heuristic), got 'genius'"),
        ("mcts:", ValueError, "':' but no key=value parameters"),
        ("mcts:iterations", ValueError, "'iterations' is not key=value"),
        ("mcts:iterations=", ValueError, "'iterations=' is not key=value"),
        ("mcts:iterations=4,", ValueError, "'' is not key=value"),
        ("mcts:iterations=4,iterations=5", ValueError, "'iterations' given twice"),
        (":iterations=4", ValueError, "no bot name"),
        ("random:iterations=4", LookupError, "bot 'random' takes no parameters"),
        ("heuristic:x=1", LookupError, "bot 'heuristic' takes no parameters"),
        ("genius", LookupError, "no bot 'genius' for friday; available: random, heuristic, mcts"),
        ("genius:x=1", LookupError, "no bot 'genius' for friday"),
    ],
)
def test_bad_specs_say_what_is_wrong(spec: str, error: type[Exception], message: str) -> None:
    with pytest.raises(error) as info:
        get_bot("friday", spec)
    assert message in str(info.value)
    if error is ValueError:
        assert not isinstance(info.value, LookupError)


def test_the_constructor_checks_types() -> None:
    with pytest.raises(TypeError, match="iterations must be an int, got bool True"):
        MctsBot(iterations=True)
    with pytest.raises(TypeError, match="seconds must be a number, got str"):
        MctsBot(seconds="1")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="rollout must be a bot name other than mcts"):
        MctsBot(rollout="mcts")
    with pytest.raises(ValueError, match="others must be one of model, search, got 'Model'"):
        MctsBot(others="Model")


# --- behaviour ----------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_deterministic(game_id: str) -> None:
    _, _, view, legal = _decisions(game_id, 2)[5]
    game = get_game(game_id)
    rng = Rng.from_seed(11, "bot")
    a1, r1 = get_bot(game_id, CHEAP).choose(game, view, legal, rng)
    a2, r2 = get_bot(game_id, CHEAP).choose(game, view, legal, rng)
    assert a1 == a2 and r1 == r2 and r1 != rng  # the rng given back is advanced
    one = play(game_id, 4, get_bot(game_id, CHEAP))
    two = play(game_id, 4, get_bot(game_id, CHEAP))
    assert one.actions == two.actions and one.final_state == two.final_state


@pytest.mark.parametrize("game_id", ["friday", "not-alone", "forbidden-island"])
def test_sees_only_the_view(game_id: str) -> None:
    """Two states that differ only in what the seat cannot see get the same choices
    (their views are equal, and a view and the legal actions are all a bot gets)."""
    game = get_game(game_id)
    bot = get_bot(game_id, CHEAP)
    checked = 0
    for k, (state, seat, view, legal) in enumerate(_decisions(game_id, 7, limit=12)):
        other = game.resample_hidden(state, seat, Rng.from_seed(k, "hide"))
        assert other != state  # the hidden part (at least the RNG key) differs
        assert game.view(other, seat) == view
        legal2 = game.legal_actions(other, seat)
        assert legal2 == legal
        rng = Rng.from_seed(k, "bot")
        assert bot.choose(game, view, legal, rng) == bot.choose(
            game, game.view(other, seat), legal2, rng
        )
        checked += 1
    assert checked >= 5


@pytest.mark.parametrize("game_id", GAMES)
def test_legal_in_every_kind_of_decision(game_id: str) -> None:
    game = get_game(game_id)
    bot = get_bot(game_id, "mcts:iterations=4,max_rollout_decisions=30")
    kinds: set[str] = set()
    simultaneous = 0
    for k, (state, seat, view, legal) in enumerate(_decisions(game_id, 3)):
        kind = type(legal[0]).__name__
        several = len(game.to_act(state)) > 1
        if kind in kinds and not (several and seat != game.to_act(state)[0]):
            continue  # one of each kind, plus every later-seat simultaneous decision
        kinds.add(kind)
        simultaneous += several
        action, _ = bot.choose(game, view, legal, Rng.from_seed(k, "bot"))
        assert action in legal, (kind, action)
        game.apply(state, seat, action)  # and the engine agrees
    assert len(kinds) >= 2
    if game_id == "not-alone":
        assert simultaneous > 0, "no simultaneous choice met"


def test_gozer_consent_answers_are_legal() -> None:
    game = get_game("gozer")
    bot = get_bot("gozer", "mcts:iterations=8")
    answered = 0
    for seed in range(40):
        for k, (state, seat, view, legal) in enumerate(_decisions("gozer", seed, limit=300)):
            if type(legal[0]) is not Respond:
                continue
            action, _ = bot.choose(game, view, legal, Rng.from_seed(k, "bot"))
            assert action in legal
            game.apply(state, seat, action)
            answered += 1
            break
        if answered >= 2:
            break
    assert answered >= 2, "no consent request met in 40 random games"


def test_one_legal_action_needs_no_search() -> None:
    game = get_game("friday")
    state = game.new(1)
    legal = game.legal_actions(state, 0)[:1]
    rng = Rng.from_seed(1)
    assert MctsBot(iterations=10**9).choose(game, game.view(state, 0), legal, rng) == (
        legal[0],
        rng,
    )


def test_iterations_and_seconds_budgets() -> None:
    game = get_game("gozer")
    _, _, view, legal = _decisions("gozer", 5)[3]
    rng = Rng.from_seed(3)
    root = MctsBot(iterations=17, rollout="random").search(game, view, legal, rng)
    assert sum(c.visits for c in root.children.values()) == 17
    timed = MctsBot(seconds=0.2, rollout="random", max_rollout_decisions=20)
    t0 = time.perf_counter()
    root = timed.search(game, view, legal, rng)
    spent = time.perf_counter() - t0
    visits = sum(c.visits for c in root.children.values())
    assert 0.2 <= spent < 1.5 and visits > 17  # ran on to the deadline, then stopped
    capped = MctsBot(seconds=30.0, iterations=5, rollout="random")
    assert sum(c.visits for c in capped.search(game, view, legal, rng).children.values()) == 5
    action, _ = timed.choose(game, view, legal, rng)
    assert action in legal


@pytest.mark.parametrize("game_id", GAMES)
def test_small_budget_games_finish(game_id: str) -> None:
    # Forbidden Island 2 players: its heuristic (the default rollout) is costly
    spec = CHEAP if game_id == "forbidden-island" else "mcts:iterations=3"
    result = play(game_id, 9, get_bot(game_id, spec))
    assert result.outcome is not None and result.actions > 0


def test_stronger_than_random_play() -> None:
    """Friday, random rollouts (so the search alone, no heuristic), 40 iterations a
    decision: over seeds 0-4 a clearly higher score than random play, which dies early
    (about -80 at level 1; this search: about -63). Seeded, so not flaky."""
    mcts = get_bot("friday", "mcts:iterations=40,rollout=random")
    score = 0
    rnd = 0
    for seed in range(5):
        m = play("friday", seed, mcts).outcome
        r = play("friday", seed, RandomBot()).outcome
        assert m is not None and r is not None
        score += m.results[0].score
        rnd += r.results[0].score
    assert score > rnd + 5 * 12, (score, rnd)


def test_with_few_iterations_the_rollout_bots_judgement_prevails() -> None:
    """The prior: two iterations a decision are noise, so the heuristic's own choices
    stand (the same games as the heuristic bot's); with prior=0 they would not."""
    heuristic = get_bot("friday", "heuristic")
    for seed in (1,):
        mine = play("friday", seed, get_bot("friday", "mcts:iterations=2"))
        theirs = play("friday", seed, heuristic)
        assert mine.final_state == theirs.final_state


# --- the command line ---------------------------------------------------------------------


def test_simulate_takes_specs_and_times_decisions(capsys: pytest.CaptureFixture[str]) -> None:
    spec = "mcts:iterations=4,rollout=random,max_rollout_decisions=30"
    argv = ["simulate", "gozer", "-n", "2", "--seed", "5", "--bot", "heuristic"]
    argv += ["--bot", f"1={spec}", "--json", "-q"]
    assert main(argv) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["bots"] == {"default": "heuristic", "seats": {"1": spec}}
    rows = {t["bot"]: t for t in data["timing"]["bots"]}
    assert list(rows) == ["heuristic", spec]
    assert rows[spec]["decisions"] > 0 and rows[spec]["seconds_per_decision"] > 0
    # the same games with two workers: the results do not depend on timing or workers
    assert main([*argv, "--workers", "2"]) == 0
    again = json.loads(capsys.readouterr().out)
    assert again["results_digest"] == data["results_digest"]
    assert {t["bot"]: t["decisions"] for t in again["timing"]["bots"]} == {
        k: v["decisions"] for k, v in rows.items()
    }
    assert main(["simulate", "friday", "-n", "1", "--bot", "mcts:iterations=2,rollout=random"]) == 0
    assert "seconds per decision" in capsys.readouterr().out
    for bad, message in (
        ("mcts:iterations=true", "iterations must be an integer"),
        ("0=mcts:nope=1", "mcts has no parameter 'nope'"),
        ("x=mcts", "the seat must be an integer"),
    ):
        assert main(["simulate", "friday", "--bot", bad]) == 2
        assert message in capsys.readouterr().err


# --- other seats: searched or modelled; the rollout bot's beliefs ---------------------------


def _edges(node: Any) -> list[tuple[int, Any]]:
    out = []
    for key, child in node.children.items():
        out.append(key)
        out += _edges(child)
    return out


@pytest.mark.parametrize("game_id", ["gozer", "not-alone", "forbidden-island"])
def test_others_model_leaves_only_own_decisions_in_the_tree(game_id: str) -> None:
    """others=model (the default): the other seats play the rollout bot's move, so every
    edge of the tree is the searching seat's own; others=search grows their nodes too."""
    game = get_game(game_id)
    _, seat, view, legal = _decisions(game_id, 4)[6]
    rng = Rng.from_seed(6, "bot")
    kw: dict[str, Any] = {"iterations": 60, "max_rollout_decisions": 60}
    if game_id == "forbidden-island":  # its heuristic is slow; the tree's shape is the
        kw.update(rollout="random", iterations=400)  # point, and a turn is long
    model = MctsBot(**kw).search(game, view, legal, rng)
    searched = MctsBot(others="search", **kw).search(game, view, legal, rng)
    mine = {s for s, _ in _edges(model)}
    assert mine == {seat}
    assert {s for s, _ in _edges(searched)} - {seat}, "others=search grew no other seat's node"
    action, _ = MctsBot(others="model", **kw).choose(game, view, legal, rng)
    assert action in legal


class _CountingBelief:
    """A rollout bot whose beliefs are the game's own samples, counted."""

    name = "counting"

    def __init__(self) -> None:
        self.samples = 0

    def choose(self, game: Any, view: Any, legal: Any, rng: Rng) -> tuple[Any, Rng]:
        return rng.choice(legal)

    def sample_state(self, game: Any, view: Any, seat: int | None, rng: Rng) -> Any:
        self.samples += 1
        return game.sample_state(view, seat, rng)


def test_the_rollout_bots_sample_state_is_the_searchs_belief() -> None:
    game = get_game("not-alone")
    _, _, view, legal = _decisions("not-alone", 3)[4]
    bot = MctsBot(iterations=9, rollout="heuristic")
    belief = _CountingBelief()
    bot._rollout_bots["not-alone"] = belief  # the rollout bot, as get_bot would make it
    bot.search(game, view, legal, Rng.from_seed(1))
    assert belief.samples == 9  # one determinization per iteration, all of them its own


def test_out_of_turn_plays_are_the_rollout_bots() -> None:
    """MctsBot.interject: the rollout bot's out-of-turn play (Forbidden Island's
    heuristic lifts off for the team), none with a rollout bot that makes none."""
    from islandgames.bots.forbidden_island import HeuristicBot
    from islandgames.games.forbidden_island.actions import LiftOff
    from tests.forbidden_island import forbidden_island_kit as fi

    game = get_game("forbidden-island")
    home = dict.fromkeys(range(3), "fools_landing")
    all4 = ["earth", "wind", "fire", "ocean"]
    s = fi.build(("engineer", "pilot", "messenger"), pawns=home, captured=all4,
                 hands={1: ["helicopter_lift"]})  # fmt: skip
    view, legal = game.view(s, 1), game.legal_actions(s, 1)
    assert game.to_act(s) == (0,) and LiftOff() in legal
    searching = get_bot("forbidden-island", "mcts:iterations=4")
    assert isinstance(searching, MctsBot)
    searched, _ = searching.interject(game, view, legal, Rng.from_seed(1))
    own, _ = HeuristicBot().interject(game, view, legal, Rng.from_seed(1))
    assert searched == own == LiftOff()
    randomly = get_bot("forbidden-island", "mcts:iterations=4,rollout=random")
    assert isinstance(randomly, MctsBot)
    plain, _ = randomly.interject(game, view, legal, Rng.from_seed(1))
    assert plain is None
