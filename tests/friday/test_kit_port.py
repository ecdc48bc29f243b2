"""Friday on the rules kit: one handler per action with its rulings, the abilities
table, and every rules version's state class through the one draft."""

from __future__ import annotations

from islandgames.core.kit import RulesGame, action_classes
from islandgames.games.friday import DEFINITION, GAMES, FridayConfig, rules
from islandgames.games.friday.actions import Action, ChooseHazard, DrawFree
from islandgames.games.friday.data import MAX_USES
from islandgames.games.friday.state import FridayState, FridayState10


def test_every_action_has_one_handler_naming_its_rulings() -> None:
    handled = [r.action for r in rules.BOOK]
    assert handled == list(action_classes(Action))
    assert all(r.rulings for r in rules.BOOK), [r.action for r in rules.BOOK if not r.rulings]


def test_the_abilities_table_holds_every_activated_ability() -> None:
    assert sorted(rules.ABILITIES) == sorted(MAX_USES) and len(rules.ABILITIES) == len(MAX_USES)
    for ability in rules.ABILITIES:
        entry = rules.ABILITIES[ability]
        assert (entry.targets is None) == (entry.hit is None), ability


def test_each_rules_version_keeps_its_state_class_through_the_draft() -> None:
    for game in GAMES:
        assert isinstance(game, RulesGame) and game.definition is DEFINITION
        want = FridayState if game.rules.records_face_down_aging else FridayState10
        s = game.new(3, FridayConfig(level=2))
        for action in (ChooseHazard(0), DrawFree()):
            s = game.apply(s, 0, action)
            assert type(s) is want
        game.check_state(s)
        # F14 (1.1): the face-down aging card stays recorded while it is face down
        if game.rules.records_face_down_aging and s.face_down_aging is not None:
            assert s.face_down_aging in s.stack
