"""The Wrath of Gozer ("L'ira di Gozer"): one Gozer against the castaways of an island.

The contract comes first (``GozerConfig``, the rules versions ``RULES`` and ``INFO``),
the rules after: ``data``
(gadgets and numbers), ``board`` (the island file and its validating loader),
``state``, ``actions``, ``rules``, ``view`` and ``render`` (an SVG of the island).
The rules as implemented, with every ruling, are in ``docs/gozer.md``. ``GAMES`` holds
one game per rules version, oldest first; ``GAME`` is the newest.

>>> state = GAME.new(seed=1, config=GozerConfig(players=5))
>>> GAME.seat_count(state), GAME.role(state, state.gozer)
(5, 'gozer')
>>> sum(GAME.role(state, s) == "castaway" for s in GAME.seats(state))
4
>>> [g.info.rules_version for g in GAMES]
['1.0', '1.1']
"""

from __future__ import annotations

from typing import Literal

import attrs

from ...core.game import GameInfo


@attrs.frozen(slots=True)
class GozerConfig:
    """``players``: 2-6 (one of them, drawn at random, is Gozer). ``round_limit``: the
    round after which Gozer wins (E3). ``gozer_shot``: what a pistol hit does to Gozer
    (G3): ``"banish"`` (back to the summit, skips his next turn) or ``"kill"``."""

    players: int = 4
    round_limit: int = 100
    gozer_shot: Literal["banish", "kill"] = "banish"


@attrs.frozen(slots=True)
class GozerRules:
    """What one rules version does where the versions differ: one flag per change, named
    after what the newer rule does (docs/gozer.md, rules versions).

    ``dying_holder_keeps_bridge`` (B1; 1.1): a deployed bridge stays deployed while its
    holder is dying ("until their next move (or death)"), the dying holder answers
    crossing requests, and it folds when they die; 1.0 folded it when they were shot.
    """

    version: str
    dying_holder_keeps_bridge: bool


#: Every rules version Gozer has shipped, oldest first. Data: a shipped row is never
#: edited (logs played under it must replay forever); a change of rules is a new row.
RULES: tuple[GozerRules, ...] = (
    GozerRules("1.0", dying_holder_keeps_bridge=False),
    GozerRules("1.1", dying_holder_keeps_bridge=True),  # 2026-11-30
)

#: The contract under the newest rules (each game of ``GAMES`` has its own rules_version).
INFO: GameInfo = GameInfo(
    id="gozer",
    title="The Wrath of Gozer",
    rules_version=RULES[-1].version,
    min_seats=2,
    max_seats=6,
    roles=("gozer", "castaway"),
    chance=True,
    hidden_information=False,
    simultaneous=False,
    default_config=GozerConfig(),
    summary=(
        "One player is Gozer, the island's demon, throwing fireballs from the volcano and "
        "hunting in melee; the castaways race across the island, with five alien gadgets, "
        "to reach the boat."
    ),
)

from .board import BOARD, Board, BoardError, load_board, load_board_file  # noqa: E402
from .render import render_svg  # noqa: E402
from .rules import GozerGame  # noqa: E402  (the rules import the contract above)

#: One game per rules version, oldest first (the registry serves each by its version).
GAMES: tuple[GozerGame, ...] = tuple(GozerGame(r) for r in RULES)
GAME = GAMES[-1]

__all__ = [
    "BOARD",
    "GAME",
    "GAMES",
    "INFO",
    "RULES",
    "Board",
    "BoardError",
    "GozerConfig",
    "GozerGame",
    "GozerRules",
    "load_board",
    "load_board_file",
    "render_svg",
]
