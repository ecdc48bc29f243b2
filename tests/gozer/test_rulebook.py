"""The Wrath of Gozer on the rules kit: the rulebook's wiring, one draft per action, and
the shortcuts of the legality helpers checked against their plain formulations."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import attrs

from islandgames.core.kit import RulesGame, action_classes
from islandgames.core.rng import Rng
from islandgames.games.gozer import DEFINITION, GAMES, GozerConfig
from islandgames.games.gozer import rules as R
from islandgames.games.gozer.actions import (
    Action,
    Attack,
    CastOff,
    EndMove,
    EndTurn,
    Fire,
    Fireball,
    Heal,
    Step,
)
from islandgames.games.gozer.data import BRIDGE, KEY
from islandgames.games.gozer.state import GozerState
from tests.gozer import gozer_kit as sc

DOC = Path(__file__).resolve().parents[2] / "docs" / "gozer.md"


def _states(game: Any, seeds: range, players: int) -> list[GozerState]:
    out: list[GozerState] = []
    for seed in seeds:
        s = game.new(seed, GozerConfig(players=players))
        rng = Rng.from_seed(seed, "rulebook")
        while game.outcome(s) is None:
            out.append(s)
            seat = game.to_act(s)[0]
            action, rng = rng.choice(game.legal_actions(s, seat))
            s = game.apply(s, seat, action)
        out.append(s)
    return out


STATES = [
    (game, s) for game in GAMES for p in (3, 6) for s in _states(game, range(3), p)[::3]
]


def test_the_rulebook_has_one_handler_per_action_naming_rulings_of_the_doc() -> None:
    doc = set(re.findall(r"\*\*([A-Z][0-9]{1,2})\b", DOC.read_text(encoding="utf-8")))
    assert [rule.action for rule in R.BOOK] == list(action_classes(Action))
    for rule in R.BOOK:
        assert rule.rulings and set(rule.rulings) <= doc, rule
    assert all(isinstance(g, RulesGame) and g.definition is DEFINITION for g in GAMES)


def test_apply_builds_the_next_state_without_evolve() -> None:
    game = GAMES[-1]
    s = game.new(3, GozerConfig(players=4))
    evolve = attrs.evolve.__code__
    calls: list[str] = []

    def watch(frame: Any, event: str, arg: Any) -> None:
        if event == "call" and frame.f_code is evolve:  # however the function was bound
            calls.append(frame.f_back.f_code.co_name)

    rng = Rng.from_seed(3, "evolve")
    sys.setprofile(watch)
    try:
        for _ in range(300):
            if game.outcome(s) is not None:
                break
            seat = game.to_act(s)[0]
            action, rng = rng.choice(game.legal_actions(s, seat))
            s = game.apply(s, seat, action)
    finally:
        sys.setprofile(None)
    assert calls == []


def _plain_step_targets(s: GozerState, rules: Any) -> tuple[int, ...]:
    """step_targets without its shortcuts (the walk over every link)."""
    m = s.move
    if m is None or m.ended or m.roll - len(m.path) + 1 <= 0:
        return ()
    here, path = m.path[-1], m.path
    if m.mover == s.gozer:
        return tuple(b for b in R.ADJ_T[here] if not R.OBST[b] and b not in path)
    bridge = s.gadgets[BRIDGE].holder
    links = R.ADJ_T[here] if s.gadgets[KEY].holder == m.mover else R.ADJ[here]
    if bridge == m.mover:
        return tuple(b for b in links if b not in path)
    return tuple(
        b
        for b in links
        if b not in path and (not R.OBST[b] or R._crossing_open(s, m, b, bridge, rules))
    )


def _plain_legal_actions(s: GozerState, seat: int, rules: Any) -> tuple[Any, ...]:
    """legal_actions as every helper answers it, none skipped."""
    if s.phase == "over" or s.pending is not None:
        return R.legal_actions(s, seat, rules)
    m = s.move
    if m is None or seat != m.mover:
        return ()
    out: list[Any] = []
    if s.phase == "gozer":
        if R._fireball_open(s):
            out += [Fireball(i) for i in range(len(R.GULLIES))]
        if not m.ended:
            out += [Step(b) for b in _plain_step_targets(s, rules)] + [EndMove()]
        else:
            out += [Attack(t) for t in R.attack_targets(s)] + [EndTurn()]
        return tuple(out)
    out += [Step(b) for b in _plain_step_targets(s, rules)]
    out += [EndMove()] if R._can_end_move(s) else []
    out += [Fire(t) for t in R.fire_targets(s)] + [Heal(t) for t in R.heal_targets(s)]
    out += list(R.trade_offers(s)) if s.phase == "castaway" else []
    out += [CastOff()] if R._can_cast_off(s) else []
    out += [EndTurn()] if m.ended else []
    return tuple(out)


def test_the_shortcuts_answer_exactly_what_the_plain_helpers_answer() -> None:
    assert len(STATES) > 500
    deployed = 0
    for game, s in STATES:
        deployed += s.deployed
        assert R.step_targets(s, game.rules) == _plain_step_targets(s, game.rules)
        assert R._can_offer_trade(s) == bool(R.trade_offers(s))
        if s.move is not None and s.phase == "castaway":
            plain = bool(
                R.fire_targets(s) or R.heal_targets(s) or R._can_cast_off(s) or R.trade_offers(s)
            )
            assert R._castaway_options(s) == plain
        for seat in range(len(s.pawns)):
            assert R.legal_actions(s, seat, game.rules) == _plain_legal_actions(
                s, seat, game.rules
            )
    assert deployed, "no state with a deployed bridge: the crossing path went untested"


def test_the_shortcuts_agree_where_a_deployed_bridge_opens_a_crossing() -> None:
    bridge_sq, river, mw = 60, 61, 12  # a square by the river, the river, on the way
    for game in GAMES:
        s = sc.state(
            [(bridge_sq, "well"), (mw, "well"), (mw, "well"), (77, "well"), (20, "gozer")],
            gozer=4, active=3, roll=4, deployed=True,
            gadgets=sc.gadgets(bridge=("held", 0), key=("held", 3)),
        )
        seen = [s]
        for to in (mw, bridge_sq):
            s = game.apply(s, 3, Step(to))
            seen.append(s)
        assert river in R.step_targets(s, game.rules)  # the crossing is open
        for t in seen:
            assert R.step_targets(t, game.rules) == _plain_step_targets(t, game.rules)
            for seat in range(len(t.pawns)):
                assert R.legal_actions(t, seat, game.rules) == _plain_legal_actions(
                    t, seat, game.rules
                )
