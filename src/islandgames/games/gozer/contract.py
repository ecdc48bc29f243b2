"""The Wrath of Gozer's contract, declared before any rules code: the config, the rules
versions (one row per shipped version, one flag per change) and ``INFO``. The state,
the rules and the views import it from here (never from the package ``__init__``)."""

from __future__ import annotations

from typing import Literal

import attrs

from ...core import kit
from ...core.game import GameInfo

__all__ = [
    "INFO",
    "LOG_VARIANT_RULES",
    "RULES",
    "GozerConfig",
    "GozerRules",
    "GozerRulesVariant",
    "GozerSetup",
]


@attrs.frozen(slots=True)
class GozerConfig:
    """``players``: 2-6 (one of them, drawn at random, is Gozer). ``round_limit``: the
    round after which Gozer wins (E3). ``gozer_shot``: what a pistol hit does to Gozer
    (G3): ``"banish"`` (back to the summit, skips his next turn) or ``"kill"``."""

    players: int = 4
    round_limit: int = 100
    gozer_shot: Literal["banish", "kill"] = "banish"


@attrs.frozen(slots=True)
class GozerSetup:
    """A scenario setup (``game.new(seed, config, setup=GozerSetup(...))``): ``gozer``,
    the seat that plays Gozer (0..players-1; None: drawn by the seed, as always)."""

    gozer: int | None = None


@attrs.frozen(slots=True)
class GozerRules(kit.RulesVersion):
    """What one rules version does where the versions differ: one flag per change, named
    after what the newer rule does (docs/gozer.md, rules versions).

    ``dying_holder_keeps_bridge`` (B1; 1.1): a deployed bridge stays deployed while its
    holder is dying ("until their next move (or death)"), the dying holder answers
    crossing requests, and it folds when they die; 1.0 folded it when they were shot.
    """

    dying_holder_keeps_bridge: bool


#: Every rules version Gozer has shipped, oldest first. Data: a shipped row is never
#: edited (logs played under it must replay forever); a change of rules is a new row.
RULES: tuple[GozerRules, ...] = (
    GozerRules("1.0", dying_holder_keeps_bridge=False),
    GozerRules("1.1", dying_holder_keeps_bridge=True),  # 2026-11-30
)


@attrs.frozen(slots=True)
class GozerRulesVariant(GozerRules):
    """A historical variant of the rules version ``version``: its flags are the rules
    that logs naming ``version`` were once played under. ``variant`` names it (the
    last commit of main that wrote such logs; shown as ``"<version>+<variant>"``)."""

    variant: str


#: Historical variants: the rules that main's logs of a shipped version were once played
#: under while their header named that version. Never offered for a new match and never
#: listed by ``rules_versions``; a log is replayed under one only when the rules its
#: header names do not verify it and the variant does (``registry.log_variants``;
#: docs/gozer.md, rules versions). Data, like ``RULES``: a row is never edited.
LOG_VARIANT_RULES: tuple[GozerRulesVariant, ...] = (
    # "1.0+f270b20": the logs main wrote from 6234976 up to f270b20 say "1.0" and were
    # played with B1 of 1.1 (the same initial state as 1.0: only a replay tells them apart)
    GozerRulesVariant("1.0", dying_holder_keeps_bridge=True, variant="f270b20"),
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
