"""Friday: Robinson's solo deck-builder (Friedemann Friese, 2011).

The contract comes first (``contract``: ``FridayConfig``, the rules versions ``RULES``
and ``INFO``), the rules after: ``data`` (the cards), ``state``, ``actions``, ``rules``
(the rulebook on the rules kit), ``view``. This module only assembles them into the
kit's :class:`~islandgames.core.kit.Definition`. The rules as implemented, with every
ruling, are in ``docs/friday.md``.

``GAMES`` holds one game per rules version, oldest first; ``GAME`` is the newest.

>>> state = GAME.new(seed=1, config=FridayConfig(level=2))
>>> len(state.stack), len(state.aging_stack), len(state.hazard_stack), len(state.offer)
(19, 9, 28, 2)
>>> [g.info.rules_version for g in GAMES]
['1.0', '1.1', '1.2']
"""

from __future__ import annotations

from ...core import kit
from . import describe, render, rl, rules
from .actions import Action
from .contract import INFO, LOG_VARIANT_RULES, RULES, FridayConfig, FridayRules, FridaySetup
from .drawing import FridayLayout, layout
from .render import render_view  # the text hook of earlier releases
from .render import svg_of as render_svg  # render_svg(state | view | None, seat)
from .sample import sample_state
from .state import FridayState, state_class
from .view import FridayView, resample_hidden, view

#: Friday under every rules version: the kit's one Game class serves it.
DEFINITION: kit.Definition[FridayState, Action, FridayView, FridayConfig, FridayRules] = (
    kit.Definition(
        info=INFO,
        config_type=FridayConfig,
        action_type=Action,
        view_type=FridayView,
        rules=RULES,
        state_type=state_class,
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
        setup_type=FridaySetup,
        render_text=render.render_text,
        render_svg=render.render_svg,
        layout=layout,
        layout_type=FridayLayout,
        bots={"heuristic": "islandgames.games.friday.bots:HeuristicBot"},
        action_table=rl.action_table,
        observation=rl.observation,
        describe_action=describe.describe_action,
        score_scale=20.0,  # mcts: a finished game's value is score / scale
    )
)

#: Friday for one seat (0, Robinson) under one rules version (``game.rules``).
FridayGame = kit.RulesGame[FridayState, Action, FridayView, FridayConfig, FridayRules]

#: One game per rules version, oldest first (the registry serves each by its version).
GAMES: tuple[FridayGame, ...] = DEFINITION.games()
GAME = GAMES[-1]

#: The historical variants (``contract.LOG_VARIANT_RULES``), each a game under the rules
#: version its logs name, chosen only by recognising a log (``registry.log_variants``).
LOG_VARIANTS: tuple[FridayGame, ...] = tuple(
    kit.RulesGame(DEFINITION, r) for r in LOG_VARIANT_RULES
)

__all__ = [
    "DEFINITION",
    "GAME",
    "GAMES",
    "INFO",
    "LOG_VARIANTS",
    "RULES",
    "FridayConfig",
    "FridayGame",
    "FridayRules",
    "FridaySetup",
    "layout",
    "render_svg",
    "render_view",
]
