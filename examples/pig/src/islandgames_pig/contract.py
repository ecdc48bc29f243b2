"""Pig's contract: its config, its rules versions and its metadata, before any rule.

Two to four players take turns; on a turn a player rolls a die as often as they like:
a 1 loses the turn's points and ends the turn (P1), any other roll adds to them;
holding banks them (P2). The first to ``target`` wins. Rules 1.1 adds P3: a player
must roll at least once before holding.
"""

from __future__ import annotations

import attrs

from islandgames.kit import GameInfo, RulesVersion

__all__ = ["INFO", "RULES", "PigConfig", "PigRules"]


@attrs.frozen(slots=True)
class PigConfig:
    """``players`` 2-4; ``target``: the score that wins (10-100)."""

    players: int = 2
    target: int = 30


@attrs.frozen(slots=True)
class PigRules(RulesVersion):
    """``roll_before_hold`` (P3, 1.1): holding needs a roll this turn first."""

    roll_before_hold: bool


RULES = (PigRules("1.0", roll_before_hold=False), PigRules("1.1", roll_before_hold=True))

INFO = GameInfo(
    id="pig",
    title="Pig",
    rules_version=RULES[-1].version,
    min_seats=2,
    max_seats=4,
    roles=("player",),
    chance=True,
    hidden_information=False,
    simultaneous=False,
    default_config=PigConfig(),
    summary="Roll or hold: the dice game of pushing your luck (an example game package).",
)
