"""The Wrath of Gozer ("L'ira di Gozer"): one Gozer against the castaways of an island.

The contract comes first (``INFO`` and ``GozerConfig``), the rules after: ``data``
(gadgets and numbers), ``board`` (the island file and its validating loader),
``state``, ``actions``, ``rules``, ``view`` and ``render`` (an SVG of the island).
The rules as implemented, with every ruling, are in ``docs/gozer.md``.

>>> state = GAME.new(seed=1, config=GozerConfig(players=5))
>>> GAME.seat_count(state), GAME.role(state, state.gozer)
(5, 'gozer')
>>> sum(GAME.role(state, s) == "castaway" for s in GAME.seats(state))
4
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


INFO: GameInfo = GameInfo(
    id="gozer",
    title="The Wrath of Gozer",
    rules_version="1.1",  # 1.1: see docs/gozer.md, rules versions
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
from .rules import GAME, GozerGame  # noqa: E402  (the rules import the contract above)

__all__ = [
    "BOARD",
    "GAME",
    "INFO",
    "Board",
    "BoardError",
    "GozerConfig",
    "GozerGame",
    "load_board",
    "load_board_file",
    "render_svg",
]
