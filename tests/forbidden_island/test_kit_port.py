"""Forbidden Island on the rules kit: the rulebook, the draft, the shared reach helpers."""

from __future__ import annotations

import re
from pathlib import Path

from islandgames.core.kit import action_classes
from islandgames.games.forbidden_island import GAME, GAMES, RULES, ForbiddenIslandConfig
from islandgames.games.forbidden_island.actions import Action, Capture, ShoreUp
from islandgames.games.forbidden_island.rules import (
    _FLY,
    _GIVE,
    _MOVE,
    _NAVIGATE,
    _SHORE_UP,
    BOOK,
    _capture_option,
    _Draft,
    _give_options,
    _shore_options,
    apply,
    fly_cells,
    move_cells,
    navigate_cells,
    turn_actions,
)
from islandgames.games.forbidden_island.state import ForbiddenIslandState

DOC = Path(__file__).resolve().parents[2] / "docs" / "forbidden-island.md"


def test_one_handler_per_action_class_each_naming_rulings_the_doc_defines() -> None:
    rules = list(BOOK)
    assert [r.action for r in rules] == list(action_classes(Action))
    defined = set(re.findall(r"\bI[0-9]{1,2}\b", DOC.read_text(encoding="utf-8")))
    for rule in rules:
        assert set(rule.rulings) <= defined, rule.action.__name__
    assert BOOK.rulings() <= defined


def test_one_rules_version_and_the_draft_round_trips_its_state() -> None:
    assert [r.version for r in RULES] == ["1.0"] == [g.info.rules_version for g in GAMES]
    state = GAME.new(seed=7)
    assert type(state) is ForbiddenIslandState is GAME.state_type
    built = _Draft(state).build()
    assert type(built) is ForbiddenIslandState and built == state and built is not state


def _reference_turn_actions(s: ForbiddenIslandState, seat: int) -> list[Action]:
    # turn_actions as the public helpers spell it (turn_actions shares their parts)
    if s.actions_left <= 0:
        return []
    board = s.board
    out: list[Action] = [_MOVE[board[c]] for c in move_cells(s, seat)]
    out += [_FLY[board[c]] for c in fly_cells(s, seat)]
    if s.adventurers[seat] == "navigator":
        for q in range(len(s.pawns)):
            if q != seat:
                out += [_NAVIGATE[q][board[c]] for c in navigate_cells(s, q)]
    out += [_SHORE_UP[a] if b is None else ShoreUp(a, b) for a, b in _shore_options(s, seat)]
    out += [_GIVE[q][c] for c, q in _give_options(s, seat)]
    treasure = _capture_option(s, seat)
    if treasure is not None:
        out.append(Capture(treasure))
    return out


def test_playouts_turn_actions_match_the_helpers_and_apply_leaves_its_input() -> None:
    rules = RULES[-1]
    checked = 0
    for seed in range(12):
        config = ForbiddenIslandConfig(players=2 + seed % 3, difficulty="novice")
        state = GAME.new(seed=seed, config=config)
        x = seed + 1
        while GAME.to_act(state):
            seat = GAME.to_act(state)[0]
            if state.phase == "actions" and not state.swimmers:
                for q in range(len(state.pawns)):
                    assert turn_actions(state, q) == _reference_turn_actions(state, q)
                    checked += 1
            legal = GAME.legal_actions(state, seat)
            x = (x * 1103515245 + 12345) % (1 << 31)
            action = legal[x % len(legal)]
            before = _Draft(state).build()
            after = apply(state, seat, action, rules)
            assert state == before  # the draft never edits the input
            assert after == GAME.apply(state, seat, action)
            state = after
    assert checked > 500
