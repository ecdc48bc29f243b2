"""Pig, a whole islandgames game in its own distribution (docs/writing-a-game.md).

The same modules as every game package: ``contract`` (config, rules versions, INFO),
``state``, ``actions``, ``rules`` (the rulebook on the kit), ``view``, ``sample`` (a
full state from a view, for search), ``render`` (its text board and picture), ``bots``
(its own bot), ``rl`` (its action table and observation caps). This module only
assembles them into one kit ``Definition``, which the entry point in pyproject.toml
names: installing the distribution registers the game.

>>> state = GAME.new(seed=1, config=PigConfig(players=3))
>>> GAME.seat_count(state), GAME.to_act(state)
(3, (0,))
>>> [g.info.rules_version for g in GAMES]
['1.0', '1.1']
"""

from __future__ import annotations

from islandgames.kit import Definition, RulesGame

from . import rules
from .actions import Action, Hold, Roll
from .contract import INFO, RULES, PigConfig, PigRules
from .render import render_svg, render_text
from .rl import action_table, observation
from .sample import sample_state
from .state import PigState
from .view import PigView, resample_hidden, view

__all__ = [
    "DEFINITION",
    "GAME",
    "GAMES",
    "INFO",
    "RULES",
    "Action",
    "Hold",
    "PigConfig",
    "PigRules",
    "PigState",
    "PigView",
    "Roll",
]

DEFINITION: Definition[PigState, Action, PigView, PigConfig, PigRules] = Definition(
    info=INFO,
    config_type=PigConfig,
    action_type=Action,
    view_type=PigView,
    rules=RULES,
    state_type=lambda rules: PigState,
    setup=rules.setup,
    seat_count=rules.seat_count,
    role=rules.role,
    to_act=rules.to_act,
    legal_actions=rules.legal_actions,
    apply=rules.apply,
    view=view,
    outcome=rules.outcome,
    resample_hidden=resample_hidden,
    check_config=rules.check_config,
    check_state=rules.check_state,
    sample_state=sample_state,
    # the extras every other layer reaches the game through
    render_text=render_text,
    render_svg=render_svg,
    bots={"hold20": "islandgames_pig.bots:HoldAtTwenty"},
    action_table=action_table,
    observation=observation,
    score_scale=30.0,  # mcts values a finished game by score / 30
)

GAMES: tuple[RulesGame[PigState, Action, PigView, PigConfig, PigRules], ...] = (
    DEFINITION.games()
)
GAME = GAMES[-1]
