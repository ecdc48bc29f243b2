"""Friday's contract, declared before any rules code: the config, the rules versions
(one row per shipped version, one flag per change) and ``INFO``. The state, the rules
and the views import it from here (never from the package ``__init__``)."""

from __future__ import annotations

from typing import Literal

import attrs

from ...core import kit
from ...core.game import GameInfo

__all__ = [
    "INFO",
    "LOG_VARIANT_RULES",
    "RULES",
    "FridayConfig",
    "FridayRules",
    "FridayRulesVariant",
    "FridaySetup",
]


@attrs.frozen(slots=True)
class FridayConfig:
    """``level`` 1-4 (F14); what happens when Robinson's stack must be reshuffled and
    no aging card is left (F9): ``"defeat"`` (later official rule) or ``"reshuffle"``."""

    level: int = 1
    empty_aging_stack: Literal["defeat", "reshuffle"] = "defeat"


@attrs.frozen(slots=True)
class FridaySetup:
    """A scenario setup (``game.new(seed, config, setup=FridaySetup(...))``): each field
    that is not None replaces what the seed draws; card ids as in ``data.CARDS``.

    ``hazards``: the hazard stack, top first (all 30 knowledge cards; the first two are
    the first offer). ``aging``: the aging stack, top first (the level's aging cards,
    every normal one above every difficult one; at level 2+ its top card is the one
    shuffled face down into Robinson's stack, F14). ``pirates``: the two pirates drawn
    (F12). ``stack``: Robinson's stack, top first (the starting cards, and at level 2+
    the face-down aging card: so fixing it at level 2+ needs ``aging`` fixed too)."""

    hazards: tuple[int, ...] | None = None
    aging: tuple[int, ...] | None = None
    pirates: tuple[int, ...] | None = None
    stack: tuple[int, ...] | None = None


@attrs.frozen(slots=True)
class FridayRules(kit.RulesVersion):
    """What one rules version does where the versions differ: one flag per change, named
    after what the newer rule does (docs/friday.md, rules versions).

    ``exchange_leaves_fight_first`` (I7, F9, F11; 1.1): the exchanged card leaves the
    fight before its replacement is drawn, so a draw that ends the game (F9 defeat) does
    not discard it a second time with the fight cards (1.0 counted it twice in the score).

    ``records_face_down_aging`` (F14; 1.1): the state records the level-2 face-down aging
    card (``face_down_aging``, ``aging_looked``) and the views hide it by that record; in
    1.0 the state has neither field and the views derive it, which loses it while a sort
    holds it across a rebuild of the stack.

    ``won_fight_stays_won`` (F5, F11, I16; 1.1): a fight won and then lost to the aging
    cards' life loss settles as won (the hazard becomes Robinson's card, the pirate counts
    as beaten) before the game is lost; 1.0 ended the game as a lost fight.

    ``sort_looks_before_discard`` (I9; 1.2): as at the table, a sort looks at all its
    cards first and then discards at most one, so looking ends once a card is discarded;
    1.0 and 1.1 let a look follow the discard, and a look that rebuilt the stack could
    shuffle the discarded card back in and draw it into the same sort.
    """

    exchange_leaves_fight_first: bool
    records_face_down_aging: bool
    won_fight_stays_won: bool
    sort_looks_before_discard: bool


#: Every rules version Friday has shipped, oldest first. Data: a shipped row is never
#: edited (logs played under it must replay forever); a change of rules is a new row.
RULES: tuple[FridayRules, ...] = (
    FridayRules(
        "1.0",
        exchange_leaves_fight_first=False,
        records_face_down_aging=False,
        won_fight_stays_won=False,
        sort_looks_before_discard=False,
    ),
    FridayRules(  # 2026-11-30
        "1.1",
        exchange_leaves_fight_first=True,
        records_face_down_aging=True,
        won_fight_stays_won=True,
        sort_looks_before_discard=False,
    ),
    FridayRules(  # 2026-12-01
        "1.2",
        exchange_leaves_fight_first=True,
        records_face_down_aging=True,
        won_fight_stays_won=True,
        sort_looks_before_discard=True,
    ),
)


@attrs.frozen(slots=True)
class FridayRulesVariant(FridayRules):
    """A historical variant of the rules version ``version``: its flags are the rules
    that logs naming ``version`` were once played under. ``variant`` names it (the
    last commit of main that wrote such logs; shown as ``"<version>+<variant>"``)."""

    variant: str


#: Historical variants: the rules that main's logs of a shipped version were once played
#: under while their header named that version (a change landed before its version
#: was bumped). Never offered for a new match and never listed by ``rules_versions``;
#: a log is replayed under one only when the rules its header names do not verify it
#: and the variant does (``registry.log_variants``; docs/friday.md, rules versions).
#: Data, like ``RULES``: a row is never edited.
LOG_VARIANT_RULES: tuple[FridayRulesVariant, ...] = (
    # "1.0+f270b20": the logs main wrote from 6234976 up to f270b20 say "1.0" and were
    # played with two of the 1.1 changes (the state records the face-down aging card,
    # so the initial state's shape differs from 1.0's) and without won_fight_stays_won.
    FridayRulesVariant(
        "1.0",
        exchange_leaves_fight_first=True,
        records_face_down_aging=True,
        won_fight_stays_won=False,
        sort_looks_before_discard=False,
        variant="f270b20",
    ),
    # "1.1+92c7546": the logs main wrote at 92c7546 say "1.1" and were played without
    # won_fight_stays_won (a636536 added it to 1.1 without a new version); the same
    # initial state as 1.1, so only a replay tells them apart.
    FridayRulesVariant(
        "1.1",
        exchange_leaves_fight_first=True,
        records_face_down_aging=True,
        won_fight_stays_won=False,
        sort_looks_before_discard=False,
        variant="92c7546",
    ),
)

#: The contract under the newest rules (each game of ``GAMES`` has its own rules_version).
INFO = GameInfo(
    id="friday",
    title="Friday",
    rules_version=RULES[-1].version,
    min_seats=1,
    max_seats=1,
    roles=("robinson",),
    chance=True,
    hidden_information=True,
    simultaneous=False,
    default_config=FridayConfig(),
    summary=(
        "Solo deck-builder: Robinson fights hazards to improve his deck, ages, "
        "and must beat two pirate ships to leave the island."
    ),
)
