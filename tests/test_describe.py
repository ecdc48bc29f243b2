"""Actions in the game's own words: each game's ``describe_action`` hook (issue 37 item 8).

Over random and heuristic games of every registered game and rules version: every
legal action of every seat gets a description, the legal actions of one seat at one
state get distinct ones (a player must tell them apart), the seat's view describes them
as the full state does (the listing of ``islandgames play`` loses nothing), and an
action hidden from a viewer reads as hidden: described from that viewer's view or
from the full state, the words are the same (nothing the action does not say is filled
in from the state). A game without the hook gets the generic ``step(to=13)`` form.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import islandgames
from islandgames.bots import get_bot
from islandgames.core import registry
from islandgames.core.game import Game
from islandgames.core.notation import describe, describe_action
from islandgames.core.rng import Rng
from tests.kit_example import GAMES as PIG_GAMES
from tests.kit_example import Roll

AnyGame = Game[Any, Any, Any, Any]
GAMES = registry.game_ids()
VERSIONS = [(g, v) for g in GAMES for v in islandgames.rules_versions(g)]
#: steps per rules version: the newest plays more (a few hundred per game)
STEPS_NEWEST, STEPS_OLDER = 1500, 300
#: the words of a card hidden from its reader
HIDDEN = "(hidden)"


def _walk(game: AnyGame, steps: int) -> Iterator[tuple[Any, int, Any, Any]]:
    """(state, seat, action, next state) over random and heuristic games, until
    ``steps`` actions have been played."""
    heuristic = get_bot(game.info.id, "heuristic") if game.info.id in GAMES else None
    played = 0
    seed = 0
    while played < steps:
        state = game.new(seed)
        rng = Rng.from_seed(seed, "describe")
        bot_rng = Rng.from_seed(seed, "bot")
        smart = heuristic is not None and seed % 2 == 1
        n = 0
        while game.outcome(state) is None and n < 400 and played < steps:
            seat = game.to_act(state)[0]
            legal = game.legal_actions(state, seat)
            if smart and heuristic is not None:
                action, bot_rng = heuristic.choose(game, game.view(state, seat), legal, bot_rng)
            else:
                i, rng = rng.below(len(legal))
                action = legal[i]
            after = game.apply(state, seat, action)
            yield state, seat, action, after
            state = after
            n += 1
            played += 1
        seed += 1


@pytest.mark.parametrize(("game_id", "version"), VERSIONS)
def test_every_legal_action_has_distinct_words_from_the_view(game_id: str, version: str) -> None:
    game = islandgames.get_game(game_id, rules_version=version)
    newest = version == islandgames.rules_versions(game_id)[-1]
    kinds: set[str] = set()
    for state, _, _, _ in _walk(game, STEPS_NEWEST if newest else STEPS_OLDER):
        for seat in game.seats(state):
            legal = game.legal_actions(state, seat)
            if not legal:
                continue
            view = game.view(state, seat)
            words = [describe(game, view, seat, a) for a in legal]
            for a, w in zip(legal, words, strict=True):
                assert isinstance(w, str) and w.strip() and w == w.strip(), (a, w)
                assert "\n" not in w and HIDDEN not in w, (a, w)  # the seat sees its own
                # the seat's view says all the state would (the listing loses nothing)
                assert describe(game, state, seat, a) == w, a
                kinds.add(type(a).__name__)
            twins = {w for w in words if words.count(w) > 1}
            same = {w: [a for a, x in zip(legal, words, strict=True) if x == w] for w in twins}
            assert not twins, same
    assert len(kinds) >= 5, kinds  # the walk met many kinds of action


@pytest.mark.parametrize("game_id", GAMES)
def test_what_a_viewer_may_not_see_reads_as_hidden(game_id: str) -> None:
    """Every action as each other seat and a spectator may see it (the redaction of
    per-seat logs and of ``islandgames play``): described from that viewer's view and
    from the full state the words are the same, and a part hidden from them reads as
    hidden, never as the card it was."""
    game = islandgames.get_game(game_id)
    hidden = 0
    for before, seat, action, after in _walk(game, STEPS_NEWEST):
        for viewer in (None, *game.seats(before)):
            if viewer == seat:
                continue
            shown = game.redact_action(before, seat, action, viewer, after)
            if shown is None:  # withheld entirely: the callers print "(hidden)"
                continue
            view = game.view(before, viewer)
            words = describe(game, view, seat, shown)
            told = describe(game, before, seat, shown)  # the words of the whole state
            if shown != action:  # a redacted action: its words come from it alone
                hidden += 1
                assert words == told, (viewer, shown)
                assert HIDDEN in words, (viewer, shown, words)
                assert words != describe(game, view, seat, action), (viewer, shown)
            elif words != told:  # the view hides what the state shows (Friday's sort to
                # a spectator): the words say so, and keep to what is in view
                hidden += 1
                assert HIDDEN in words and HIDDEN not in told, (viewer, words, told)
    if game.info.hidden_information and game_id == "not-alone":
        assert hidden > 0  # the walk met hidden cards


@pytest.fixture
def pig() -> Iterator[str]:
    islandgames.register_game("pig-words", "tests.kit_example")
    try:
        yield "pig-words"
    finally:
        islandgames.unregister_game("pig-words")


def test_a_game_without_the_hook_falls_back_to_the_generic_form(pig: str) -> None:
    game = islandgames.get_game(pig)
    d = registry.definition(pig)
    assert d is not None and d.describe_action is None
    state = game.new(3)
    seat = game.to_act(state)[0]
    for action in game.legal_actions(state, seat):
        text = describe(game, game.view(state, seat), seat, action)
        assert text == describe_action(action) == d.describe(state, seat, action)
        assert game.parse_action(text) == action  # what play reads back
    assert describe(PIG_GAMES[0], state, seat, Roll()) == "roll()"


def test_a_game_not_on_the_kit_falls_back_too() -> None:
    from tests.test_cli import ODDS, Pick

    state = ODDS.new(1)
    assert registry.definition_of(ODDS) is None
    assert describe(ODDS, ODDS.view(state, 0), 0, Pick(2)) == "pick(n=2)"


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_of_this_distribution_has_the_hook(game_id: str) -> None:
    d = registry.definition(game_id)
    assert d is not None and d.describe_action is not None
    game = islandgames.get_game(game_id)
    state = game.new(1)
    seat = game.to_act(state)[0]
    action = game.legal_actions(state, seat)[0]
    assert d.describe(state, seat, action) != describe_action(action)  # its own words
