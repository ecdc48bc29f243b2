"""A played card taken back in the Reckoning (the 0 marker of ``Hunted.played``).

Only resolving a place takes a played card back before step 5 (Jungle, Swamp, or a copy
of them): that place has left the queue and, from 1.1 (E28), is in ``resolved``, so play
never resolves it again. The MCTS bot once crashed on a determinization that had lost
``resolved`` (``sample_state`` left it empty): a later drawer's window (E28) queued the
resolved Swamp again, and its power moved the 0 marker into the hand. Now samples derive
``resolved`` from the view, and ``check_state`` refuses such states in every version.
"""

from __future__ import annotations

import random

import attrs
import pytest

from islandgames import get_game
from islandgames.core.rng import Rng
from islandgames.games.not_alone.state import NotAloneState

VERSIONS = ["1.0", "1.1"]


def _taken_back(version: str) -> tuple[NotAloneState, int, int]:
    """The first state of seeded random play in Reckoning step 1 where Hunted ``i``'s
    card at place ``p`` was taken back (0) and other places are still to resolve."""
    game = get_game("not-alone", rules_version=version)
    for seed in range(200):
        rng = random.Random(seed)
        state = game.new(seed)
        while game.outcome(state) is None:
            seat = game.to_act(state)[0]
            state = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
            if state.step != "resolve_free" or not state.queue:
                continue
            for i, h in enumerate(state.hunted):
                for c, p in zip(h.played, h.places, strict=True):
                    if c == 0:
                        return state, i, p
    raise AssertionError("no taken-back card in 200 games")


@pytest.mark.parametrize("version", VERSIONS)
def test_a_taken_back_card_has_left_the_queue(version: str) -> None:
    game = get_game("not-alone", rules_version=version)
    state, i, p = _taken_back(version)
    game.check_state(state)
    assert (i, p) not in state.queue
    if version == "1.1":
        assert (i, p) in state.resolved
    back = (i, p)
    again = attrs.evolve(state, queue=(back, *state.queue))
    if version == "1.1":
        again = attrs.evolve(again, resolved=tuple(r for r in state.resolved if r != back))
    with pytest.raises(ValueError, match="taken back"):
        game.check_state(again)


def test_1_1_a_taken_back_card_was_resolved() -> None:
    game = get_game("not-alone", rules_version="1.1")
    state, i, p = _taken_back("1.1")
    lost = attrs.evolve(state, resolved=tuple(r for r in state.resolved if r != (i, p)))
    with pytest.raises(ValueError, match="taken back at place"):
        game.check_state(lost)


def test_the_crash_state_is_refused() -> None:
    """The shape of the determinization the bot crashed on: a Jungle/Swamp resolved, its
    card back in hand (0 in play), the place queued again with ``resolved`` lost."""
    game = get_game("not-alone", rules_version="1.1")
    state, i, p = _taken_back("1.1")
    game.check_state(state)
    bad = attrs.evolve(state, queue=((i, p), *state.queue), resolved=())
    with pytest.raises(ValueError):
        game.check_state(bad)


@pytest.mark.parametrize("version", VERSIONS)
def test_samples_keep_the_places_resolved(version: str) -> None:
    game = get_game("not-alone", rules_version=version)
    state, i, p = _taken_back(version)
    assert state.hunted[i].played[state.hunted[i].places.index(p)] == 0
    for seat in game.seats(state):
        sample = game.sample_state(game.view(state, seat), seat, Rng.from_seed(seat, "t"))
        game.check_state(sample)
        if version == "1.1":
            assert set(sample.resolved) == set(state.resolved)


def test_samples_mid_reckoning_play_on_to_the_end() -> None:
    """From samples of every seat at every Reckoning step of a few 1.1 games, random
    legal play reaches the end through states check_state accepts (a resolved place is
    never queued again)."""
    game = get_game("not-alone", rules_version="1.1")
    checked = 0
    for seed in range(4):
        rng = random.Random(seed)
        state = game.new(seed)
        while game.outcome(state) is None:
            seat = game.to_act(state)[0]
            state = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
            if state.phase != 3 or state.step not in ("resolve_free", "resolve_target"):
                continue
            for viewer in game.seats(state):
                x = game.sample_state(game.view(state, viewer), viewer, Rng.from_seed(seed, "s"))
                for _ in range(60):  # to the end of the turn at least
                    if game.outcome(x) is not None or x.phase == 1:
                        break
                    game.check_state(x)
                    who = game.to_act(x)[0]
                    x = game.apply(x, who, rng.choice(game.legal_actions(x, who)))
                checked += 1
    assert checked > 20
