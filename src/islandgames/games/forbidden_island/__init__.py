"""Forbidden Island: the co-operative treasure hunt (Matt Leacock, Gamewright 2010).

The contract comes first (``contract``: ``ForbiddenIslandConfig``, the rules versions
``RULES`` and ``INFO``), the rules after: ``data`` (the components), ``state``,
``actions``, ``rules`` (the rulebook on the rules kit), ``view``. This module only
assembles them into the kit's :class:`~islandgames.core.kit.Definition`. The rules as
implemented, with every ruling, are in ``docs/forbidden-island.md``.

``GAMES`` holds one game per rules version, oldest first; ``GAME`` is the newest.

>>> state = GAME.new(seed=1, config=ForbiddenIslandConfig(players=3, difficulty="elite"))
>>> len(state.pawns), state.water_level, [len(h) for h in state.hands]
(3, 3, [2, 2, 2])
>>> sum(t == "flooded" for t in state.tiles), len(state.flood_deck)
(6, 18)
>>> [g.info.rules_version for g in GAMES]
['1.0']
"""

from __future__ import annotations

from ...core import kit
from . import describe, render, rl, rules
from .actions import Action
from .contract import (
    INFO,
    RULES,
    ForbiddenIslandConfig,
    ForbiddenIslandRules,
    ForbiddenIslandSetup,
)
from .drawing import ForbiddenIslandLayout, layout
from .render import render_view  # the text hook of earlier releases
from .render import svg_of as render_svg  # render_svg(state | view | None, seat)
from .sample import sample_state
from .state import ForbiddenIslandState
from .view import ForbiddenIslandView, resample_hidden, view

#: Forbidden Island under every rules version: the kit's one Game class serves it.
DEFINITION: kit.Definition[
    ForbiddenIslandState, Action, ForbiddenIslandView, ForbiddenIslandConfig, ForbiddenIslandRules
] = kit.Definition(
    info=INFO,
    config_type=ForbiddenIslandConfig,
    action_type=Action,
    view_type=ForbiddenIslandView,
    rules=RULES,
    state_type=rules.state_type,
    setup=rules.setup,
    seat_count=rules.seat_count,
    role=rules.role,
    to_act=rules.to_act,
    legal_actions=rules.legal_actions,
    is_legal=rules.is_legal,
    apply=rules.apply,
    view=view,
    outcome=rules.outcome,
    resample_hidden=resample_hidden,
    check_config=rules.check_config,
    check_state=rules.check_state,
    sample_state=sample_state,
    setup_type=ForbiddenIslandSetup,
    render_text=render.render_text,
    render_svg=render.render_svg,
    layout=layout,
    layout_type=ForbiddenIslandLayout,
    bots={"heuristic": "islandgames.games.forbidden_island.bots:HeuristicBot"},
    action_table=rl.action_table,
    observation=rl.observation,
    describe_action=describe.describe_action,
    score_scale=2.0,  # mcts: a finished game's value is score / scale
)

#: Forbidden Island for 2-4 seats under one rules version (``game.rules``).
ForbiddenIslandGame = kit.RulesGame[
    ForbiddenIslandState, Action, ForbiddenIslandView, ForbiddenIslandConfig, ForbiddenIslandRules
]

#: One game per rules version, oldest first (one so far); GAME is the newest.
GAMES: tuple[ForbiddenIslandGame, ...] = DEFINITION.games()
GAME = GAMES[-1]

__all__ = [
    "DEFINITION",
    "GAME",
    "GAMES",
    "INFO",
    "RULES",
    "ForbiddenIslandConfig",
    "ForbiddenIslandGame",
    "ForbiddenIslandRules",
    "ForbiddenIslandSetup",
    "layout",
    "render_svg",
    "render_view",
]
