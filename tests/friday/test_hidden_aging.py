"""The face-down aging card of levels 2-4 (F14): hidden until Robinson sees it."""

from __future__ import annotations

import pytest

from islandgames.core import serde
from islandgames.core.rng import Rng
from islandgames.games.friday import GAME, FridayConfig
from islandgames.games.friday.data import CARDS, IS_AGING
from islandgames.games.friday.state import FridayState
from islandgames.games.friday.view import HIDDEN, unseen_aging


def test_the_level_2_card_is_hidden_at_the_start() -> None:
    state = GAME.new(5, FridayConfig(level=2))
    card = next(c for c in state.stack if IS_AGING[c])
    for seat in (0, None):
        assert unseen_aging(state, seat) == card
        view = GAME.view(state, seat)
        assert card not in view.stack_cards and HIDDEN in view.stack_cards
        normal_left = [c for c in state.aging_stack if CARDS[c].aging_kind == "normal"]
        assert view.aging_stack_cards.count(HIDDEN) == len(normal_left)
        assert not any(
            CARDS[c].aging_kind == "normal" for c in view.aging_stack_cards if c != HIDDEN
        )


def test_level_1_hides_nothing() -> None:
    state = GAME.new(5, FridayConfig(level=1))
    view = GAME.view(state, 0)
    assert HIDDEN not in view.stack_cards and HIDDEN not in view.aging_stack_cards
    assert view.stack_cards == tuple(sorted(state.stack))


def test_resampling_redraws_which_aging_card_was_shuffled_in() -> None:
    state = GAME.new(9, FridayConfig(level=2))
    seen = set()
    rng = Rng.from_seed(1, "t")
    for _ in range(60):
        sub, rng = rng.split()
        other = GAME.resample_hidden(state, 0, sub)
        seen.add(next(c for c in other.stack if IS_AGING[c]))
        assert serde.canonical_bytes(GAME.view(other, 0)) == serde.canonical_bytes(
            GAME.view(state, 0)
        )
        GAME.check_state(other)
    assert len(seen) > 3, "the hidden aging card must be redrawn among the normal ones"


@pytest.mark.parametrize("level", [2, 3, 4])
def test_non_interference_at_every_step_of_random_games(level: int) -> None:
    """The conformance suite plays level 1; this covers the levels with a face-down card."""
    cfg = FridayConfig(level=level)
    for seed in range(15):
        state = GAME.new(seed, cfg)
        rng = Rng.from_seed(seed, "hidden-aging")
        while GAME.outcome(state) is None:
            for seat in (0, None):
                sub, rng = rng.split()
                other = GAME.resample_hidden(state, seat, sub)
                assert serde.canonical_bytes(GAME.view(other, seat)) == serde.canonical_bytes(
                    GAME.view(state, seat)
                ), f"level {level} seed {seed}: view of {seat} depends on hidden cards"
            action, rng = rng.choice(GAME.legal_actions(state, 0))
            state = GAME.apply(state, 0, action)


def test_the_card_is_revealed_once_drawn() -> None:
    state = GAME.new(5, FridayConfig(level=2))
    rng = Rng.from_seed(2, "draw")
    while GAME.outcome(state) is None and unseen_aging(state, 0) is not None:
        assert HIDDEN in GAME.view(state, 0).stack_cards
        action, rng = rng.choice(GAME.legal_actions(state, 0))
        state = GAME.apply(state, 0, action)
    assert GAME.outcome(state) is None, "this seed draws the card before the game ends"
    view = GAME.view(state, 0)
    assert HIDDEN not in view.stack_cards and HIDDEN not in view.aging_stack_cards


def test_a_sort_holding_the_card_across_a_rebuild_keeps_it_hidden_from_a_spectator() -> None:
    """The sort's second look rebuilds the stack while it holds the face-down card:
    Robinson has seen it, a spectator has not, and two states that differ only in which
    normal card it is must still look the same to the spectator."""
    from islandgames.games.friday.actions import SortLook, UseAbility
    from islandgames.games.friday.data import STARTING
    from tests.friday.friday_kit import (
        AGING_DISTRACTED,
        FURTHER_FOOD,
        FURTHER_VISION,
        GENIUS,
        HUNGRY,
        MORONIC,
        SCARED,
        STUPID,
        SUICIDAL,
        VERY_HUNGRY,
        VERY_TIRED,
        build,
        fight,
        play,
    )

    def make(face_down: int) -> FridayState:
        normal = [AGING_DISTRACTED, *STUPID, *SCARED, HUNGRY, VERY_TIRED]
        normal.remove(face_down)
        rest = tuple(c for c in STARTING if c != GENIUS)
        return build(
            level=2,
            stack=(face_down,),
            aging_stack=(*normal, MORONIC, SUICIDAL, VERY_HUNGRY),
            discard=rest,
            the_fight=fight(FURTHER_FOOD, [FURTHER_VISION, GENIUS]),
            face_down_aging=face_down,
        )

    a, b = make(STUPID[1]), make(HUNGRY)
    aging_before = len(a.aging_stack)
    for step in range(3):
        assert serde.canonical_bytes(GAME.view(a, None)) == serde.canonical_bytes(
            GAME.view(b, None)
        ), f"the spectator tells them apart after step {step}"
        if step == 2:
            break
        action = (UseAbility(0), SortLook())[step]
        a, b = play(a, action), play(b, action)
    assert len(a.aging_stack) == aging_before - 1  # the rebuild took an aging card
    assert unseen_aging(a, None) == STUPID[1] and unseen_aging(a, 0) is None
    assert HIDDEN not in GAME.view(a, 0).stack_cards  # Robinson looked at it
