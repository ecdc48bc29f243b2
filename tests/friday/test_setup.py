"""Setup, levels (F14), config checks, determinism."""

from __future__ import annotations

import pytest

from islandgames import InvalidConfigError, SeatOutOfRangeError, state_hash
from islandgames.core.rng import Rng
from islandgames.games.friday import (
    GAME,
    GAMES,
    INFO,
    FridayConfig,
    FridayGame,
    FridayRules,
)
from islandgames.games.friday.actions import ChooseHazard
from islandgames.games.friday.data import (
    AGING,
    AGING_DIFFICULT,
    AGING_NORMAL,
    CARDS,
    HAZARDS,
    PIRATES,
    STARTING,
)
from islandgames.games.friday.state import FridayState, FridayState10
from tests.friday.friday_kit import VERY_STUPID

# Section 2: sizes after the first two hazards are drawn (aging, fighting stack, hazards).
SIZES = {1: (10, 18, 28), 2: (9, 19, 28), 3: (10, 19, 28), 4: (10, 19, 28)}


@pytest.mark.parametrize("level", [1, 2, 3, 4])
@pytest.mark.parametrize("seed", [0, 1, 2, 99])
def test_setup_sizes_per_level(level: int, seed: int) -> None:
    s = GAME.new(seed, FridayConfig(level=level))
    assert (len(s.aging_stack), len(s.stack), len(s.hazard_stack)) == SIZES[level]
    assert len(s.offer) == 2
    assert s.phase == "hazard" and s.step == 0
    assert s.life == (18 if level == 4 else 20)
    assert GAME.view(s, 0).max_life == (20 if level == 4 else 22)
    GAME.check_state(s)


@pytest.mark.parametrize("level", [1, 2, 3, 4])
def test_very_stupid_only_from_level_3(level: int) -> None:
    for seed in range(10):
        s = GAME.new(seed, FridayConfig(level=level))
        everywhere = s.stack + s.aging_stack
        assert (VERY_STUPID in everywhere) == (level >= 3)


@pytest.mark.parametrize("level", [1, 2, 3, 4])
def test_aging_stack_normal_cards_above_difficult(level: int) -> None:
    for seed in range(20):
        kinds = [CARDS[c].aging_kind for c in GAME.new(seed, FridayConfig(level=level)).aging_stack]
        assert kinds == sorted(kinds, key=lambda k: k != "normal")
        assert kinds.count("difficult") == 3


@pytest.mark.parametrize("level", [2, 3, 4])
def test_level_2_adds_one_normal_aging_card_to_the_stack(level: int) -> None:
    for seed in range(20):
        s = GAME.new(seed, FridayConfig(level=level))
        in_stack = [c for c in s.stack if c in AGING]
        assert len(in_stack) == 1
        assert CARDS[in_stack[0]].aging_kind == "normal"
        assert sorted(c for c in s.stack if c not in AGING) == sorted(STARTING)


def test_level_1_stack_is_the_18_starting_cards() -> None:
    s = GAME.new(5)
    assert sorted(s.stack) == sorted(STARTING)
    assert sorted(s.hazard_stack + s.offer) == sorted(HAZARDS)


def test_two_distinct_pirates_visible_from_the_start() -> None:
    # F12: both pirates are drawn at setup and shown to the player and spectators.
    seen = set()
    for seed in range(40):
        s = GAME.new(seed)
        assert len(set(s.pirates)) == 2 and set(s.pirates) <= set(PIRATES)
        assert GAME.view(s, 0).pirates == s.pirates == GAME.view(s, None).pirates
        seen |= set(s.pirates)
    assert len(seen) >= 8  # the draw is random, not fixed


def test_first_decision_is_one_of_the_two_offered_hazards() -> None:
    s = GAME.new(3)
    assert GAME.to_act(s) == (0,)
    assert GAME.legal_actions(s, 0) == (ChooseHazard(0), ChooseHazard(1))
    # Friday has one seat: another is an error, not an empty answer (issue 37)
    with pytest.raises(SeatOutOfRangeError, match="seat 1"):
        GAME.legal_actions(s, 1)


@pytest.mark.parametrize("level", [0, 5, -1])
def test_level_out_of_range_is_rejected(level: int) -> None:
    with pytest.raises(InvalidConfigError, match="level"):
        GAME.new(1, FridayConfig(level=level))


def test_bad_empty_aging_option_is_rejected() -> None:
    with pytest.raises(InvalidConfigError, match="empty_aging_stack"):
        GAME.new(1, FridayConfig(empty_aging_stack="explode"))  # type: ignore[arg-type]
    with pytest.raises(InvalidConfigError):
        GAME.decode_config({"level": 9})
    assert GAME.decode_config({"level": 3}) == FridayConfig(3, "defeat")


def test_info() -> None:
    assert INFO.id == "friday" and INFO.roles == ("robinson",)
    assert (INFO.min_seats, INFO.max_seats) == (1, 1)
    assert INFO.chance and INFO.hidden_information and not INFO.simultaneous
    assert INFO.default_config == FridayConfig(1, "defeat")


def test_same_seed_same_state_other_seed_other_state() -> None:
    for level in (1, 2, 3, 4):
        cfg = FridayConfig(level=level)
        assert GAME.new(11, cfg) == GAME.new(11, cfg)
        assert state_hash(GAME.new(11, cfg)) == state_hash(GAME.new(11, cfg))
        assert GAME.new(11, cfg).stack != GAME.new(12, cfg).stack


def _setup_by_rng_shuffle(seed: int, config: FridayConfig, rules: FridayRules) -> FridayState:
    """Setup as docs/friday.md words it, with :meth:`Rng.shuffle` (pins the order of the
    draws of ``rules.setup``)."""
    rng = Rng.from_seed(seed)
    hazards, rng = rng.shuffle(HAZARDS)
    normal = tuple(a for a in AGING_NORMAL if config.level >= 3 or a != VERY_STUPID)
    normal, rng = rng.shuffle(normal)
    difficult, rng = rng.shuffle(AGING_DIFFICULT)
    aging = normal + difficult
    pirates, rng = rng.shuffle(PIRATES)
    start, face_down = STARTING, None
    if config.level >= 2:
        face_down, aging = aging[0], aging[1:]
        start = (*start, face_down)
    stack, rng = rng.shuffle(start)
    fields = dict(
        config=config,
        rng=rng,
        phase="hazard",
        step=0,
        life=18 if config.level == 4 else 20,
        stack=stack,
        discard=(),
        known_top=0,
        known_bottom=0,
        hazard_stack=hazards[2:],
        hazard_discard=(),
        offer=hazards[:2],
        aging_stack=aging,
        pirates=pirates[:2],
        pirates_defeated=(False, False),
        fight=None,
        destroyed=(),
    )
    if rules.records_face_down_aging:
        return FridayState(**fields, face_down_aging=face_down)  # type: ignore[arg-type]
    return FridayState10(**fields)  # type: ignore[arg-type]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.info.rules_version)
@pytest.mark.parametrize("level", [1, 2, 3, 4])
def test_setup_is_the_documented_sequence_of_rng_shuffles(game: FridayGame, level: int) -> None:
    config = FridayConfig(level=level)
    for seed in range(60):
        want = _setup_by_rng_shuffle(seed, config, game.rules)
        got = game.new(seed, config)
        assert type(got) is type(want) and got == want
