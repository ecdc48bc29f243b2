"""The Wrath of Gozer ("L'ira di Gozer"): one Gozer against the castaways of an island.

The contract comes first (``contract``: ``GozerConfig``, the rules versions ``RULES``
and ``INFO``), the rules after: ``data`` (gadgets and numbers), ``board`` (the island
file and its validating loader), ``state``, ``actions``, ``rules`` (the rulebook on the
rules kit), ``view``, ``render`` (its text board and SVG picture), ``bots`` and ``rl``.
This module only assembles them into the kit's
:class:`~islandgames.core.kit.Definition`. The rules as implemented, with every ruling,
are in ``docs/gozer.md``. ``GAMES`` holds one game per
rules version, oldest first; ``GAME`` is the newest.

>>> state = GAME.new(seed=1, config=GozerConfig(players=5))
>>> GAME.seat_count(state), GAME.role(state, state.gozer)
(5, 'gozer')
>>> sum(GAME.role(state, s) == "castaway" for s in GAME.seats(state))
4
>>> [g.info.rules_version for g in GAMES]
['1.0', '1.1']
"""

from __future__ import annotations

from ...core import kit
from . import describe, render, rl, rules
from .actions import Action
from .board import BOARD, Board, BoardError, load_board, load_board_file
from .contract import INFO, LOG_VARIANT_RULES, RULES, GozerConfig, GozerRules, GozerSetup
from .drawing import GozerLayout, layout
from .render import svg_of as render_svg  # render_svg(state | view | None, board)
from .sample import sample_state
from .state import GozerState
from .view import GozerView, resample_hidden, view

#: The Wrath of Gozer under every rules version: the kit's one Game class serves it.
DEFINITION: kit.Definition[GozerState, Action, GozerView, GozerConfig, GozerRules] = (
    kit.Definition(
        info=INFO,
        config_type=GozerConfig,
        action_type=Action,
        view_type=GozerView,
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
        setup_type=GozerSetup,
        render_text=render.render_text,
        render_svg=render.render_svg,
        layout=layout,
        layout_type=GozerLayout,
        bots={"heuristic": "islandgames.games.gozer.bots:HeuristicBot"},
        action_table=rl.action_table,
        observation=rl.observation,
        describe_action=describe.describe_action,
    )
)

#: The Wrath of Gozer on the shipped island (:data:`~.board.BOARD`) under one rules
#: version (``game.rules``, a row of :data:`RULES`); stateless, shareable across threads.
GozerGame = kit.RulesGame[GozerState, Action, GozerView, GozerConfig, GozerRules]

#: One game per rules version, oldest first (the registry serves each by its version).
GAMES: tuple[GozerGame, ...] = DEFINITION.games()
GAME = GAMES[-1]

#: The historical variants (``contract.LOG_VARIANT_RULES``), each a game under the rules
#: version its logs name, chosen only by recognising a log (``registry.log_variants``).
LOG_VARIANTS: tuple[GozerGame, ...] = tuple(kit.RulesGame(DEFINITION, r) for r in LOG_VARIANT_RULES)

__all__ = [
    "BOARD",
    "DEFINITION",
    "GAME",
    "GAMES",
    "INFO",
    "LOG_VARIANTS",
    "RULES",
    "Board",
    "BoardError",
    "GozerConfig",
    "GozerGame",
    "GozerRules",
    "GozerSetup",
    "layout",
    "load_board",
    "load_board_file",
    "render_svg",
]
