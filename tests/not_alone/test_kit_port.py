"""Not Alone on the rules kit: the rulebook, the three tables, the draft."""

from __future__ import annotations

import re
from pathlib import Path

import attrs

from islandgames.core.kit import action_classes
from islandgames.games.not_alone import GAMES
from islandgames.games.not_alone.actions import Action
from islandgames.games.not_alone.data import HUNT_NAMES, PLACES, SURVIVAL_NAMES
from islandgames.games.not_alone.rules import (
    BOOK,
    HUNT_TABLE,
    PLACE_TABLE,
    SURVIVAL_TABLE,
    _Draft,
)
from islandgames.games.not_alone.state import NotAloneState, NotAloneState10

DOC = Path(__file__).resolve().parents[2] / "docs" / "not-alone.md"


def test_one_handler_per_action_class_each_naming_rulings_the_doc_defines() -> None:
    rules = list(BOOK)
    assert [r.action for r in rules] == list(action_classes(Action))
    defined = set(re.findall(r"\b[NE][0-9]{1,2}\b", DOC.read_text(encoding="utf-8")))
    for rule in rules:
        assert set(rule.rulings) <= defined, rule.action.__name__
    assert BOOK.rulings() | HUNT_TABLE.rulings() | SURVIVAL_TABLE.rulings() <= defined


def test_every_card_and_place_has_exactly_one_entry() -> None:
    assert sorted(HUNT_TABLE) == sorted(HUNT_NAMES)
    assert sorted(SURVIVAL_TABLE) == sorted(SURVIVAL_NAMES)
    assert sorted(PLACE_TABLE) == [p.number for p in PLACES]


def test_the_draft_round_trips_the_state_of_each_rules_version() -> None:
    for game in GAMES:
        state = game.new(seed=7)
        assert type(state) is game.state_type
        built = _Draft(state).build()
        assert type(built) is type(state) and built == state
    old = GAMES[0].new(seed=7)
    assert type(old) is NotAloneState10
    assert not hasattr(old, "withdrawn")
    assert {f.name for f in attrs.fields(NotAloneState)} - {
        f.name for f in attrs.fields(NotAloneState10)
    } == {"withdrawn", "resolved"}
