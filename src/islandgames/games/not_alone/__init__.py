"""Not Alone (Ghislain Masson, Geek Attitude Games 2016): 1 Creature vs 1-6 Hunted.

The contract comes first (``contract``: ``NotAloneConfig``, the rules versions ``RULES``
and ``INFO``), the rules after: ``data`` (places, cards, tracks), ``state``, ``actions``,
``rules``, ``view``; this module only gathers them into ``DEFINITION``. The rules as
implemented, with every ruling, are in ``docs/not-alone.md``.

``GAMES`` holds one game per rules version, oldest first; ``GAME`` is the newest.

Seat ``creature_seat`` (default 0) is the Creature; the Hunted sit at the following
seats clockwise, so with the default config the Hunted are seats 1..hunted.

>>> state = GAME.new(seed=1)
>>> GAME.seat_count(state), GAME.role(state, 0), GAME.role(state, 1)
(4, 'creature', 'hunted')
>>> state.rescue, state.assimilation, [h.hand for h in state.hunted][0]
(15, 9, (1, 2, 3, 4, 5))
>>> [g.info.rules_version for g in GAMES]
['1.0', '1.1']
"""

from __future__ import annotations

from ...core import kit
from . import describe, render, rl, rules
from .actions import Action
from .contract import INFO, RULES, NotAloneConfig, NotAloneRules, NotAloneSetup
from .drawing import NotAloneLayout, layout
from .render import render_view  # the text hook of earlier releases
from .render import svg_of as render_svg  # render_svg(state | view | None, seat)
from .sample import sample_state
from .state import NotAloneState, state_class
from .view import NotAloneView, redact_action, resample_hidden, view

#: Not Alone on the rules kit: every step under its kit name.
DEFINITION: kit.Definition[NotAloneState, Action, NotAloneView, NotAloneConfig, NotAloneRules]
DEFINITION = kit.Definition(
    info=INFO,
    config_type=NotAloneConfig,
    action_type=Action,
    view_type=NotAloneView,
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
    redact_action=redact_action,
    check_config=rules.check_config,
    check_state=rules.check_state,
    sample_state=sample_state,
    setup_type=NotAloneSetup,
    render_text=render.render_text,
    render_svg=render.render_svg,
    layout=layout,
    layout_type=NotAloneLayout,
    bots={"heuristic": "islandgames.games.not_alone.bots:HeuristicBot"},
    action_table=rl.action_table,
    observation=rl.observation,
    describe_action=describe.describe_action,
)

#: Not Alone for 2-7 seats under one rules version (one row of :data:`RULES`): one
#: Creature, the other seats Hunted. Stateless: games of several versions may be used
#: at once, from any thread.
NotAloneGame = kit.RulesGame[NotAloneState, Action, NotAloneView, NotAloneConfig, NotAloneRules]

#: One game per rules version, oldest first (the registry serves each by its version).
GAMES: tuple[NotAloneGame, ...] = DEFINITION.games()
GAME = GAMES[-1]

__all__ = [
    "DEFINITION",
    "GAME",
    "GAMES",
    "INFO",
    "RULES",
    "NotAloneConfig",
    "NotAloneGame",
    "NotAloneRules",
    "NotAloneSetup",
    "layout",
    "render_svg",
    "render_view",
]
