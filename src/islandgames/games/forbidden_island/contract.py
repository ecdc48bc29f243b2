"""Forbidden Island's contract, declared before any rules code: the config, the rules
versions (one row per shipped version) and ``INFO``. The state, the rules and the view
import it from here (never from the package ``__init__``)."""

from __future__ import annotations

import attrs

from ...core import kit
from ...core.game import GameInfo
from .data import ADVENTURER_IDS, Difficulty

__all__ = [
    "INFO",
    "RULES",
    "ForbiddenIslandConfig",
    "ForbiddenIslandRules",
    "ForbiddenIslandSetup",
]


@attrs.frozen(slots=True)
class ForbiddenIslandConfig:
    """``players`` 2-4 (I17); ``difficulty`` sets the starting water level (novice 1,
    normal 2, elite 3, legendary 4); ``adventurers``: one distinct adventurer id per
    seat, or empty to deal them at random; ``first_player``: a seat, or None for a
    random one (I12); ``layout``: the island shape (I16: ``"standard"``)."""

    players: int = 4
    difficulty: Difficulty = "normal"
    adventurers: tuple[str, ...] = ()
    first_player: int | None = None
    layout: str = "standard"


@attrs.frozen(slots=True)
class ForbiddenIslandSetup:
    """A scenario setup (``game.new(seed, config, setup=ForbiddenIslandSetup(...))``):
    each field that is not None replaces what the seed draws; tile and card ids as in
    ``data``. The adventurers and the first player are config fields already.

    ``board``: the island, a tile id per cell of the layout in the layout's cell order
    (all the layout's tiles once each; the state's ``board``). ``flood_deck``: the flood
    deck, top first (one card per tile): its first 6 cards are the initial floods.
    ``treasure_deck``: the treasure deck, top first (all 28 cards): dealt two per player
    in seat order, a Waters Rise! drawn in the deal set aside and shuffled back in with
    the rest (I9), so a deck with none among the first cards dealt stays as given."""

    board: tuple[str, ...] | None = None
    flood_deck: tuple[str, ...] | None = None
    treasure_deck: tuple[str, ...] | None = None


@attrs.frozen(slots=True)
class ForbiddenIslandRules(kit.RulesVersion):
    """One rules version of Forbidden Island. Only 1.0 has shipped, so there is no
    flag yet: a change of rules adds one (named after what the newer rule does) and a
    new row of :data:`RULES`."""


#: Every rules version Forbidden Island has shipped, oldest first. Data: a shipped row
#: is never edited (logs played under it must replay forever).
RULES: tuple[ForbiddenIslandRules, ...] = (ForbiddenIslandRules("1.0"),)

#: The contract under the newest rules (each game of ``GAMES`` has its own rules_version).
INFO = GameInfo(
    id="forbidden-island",
    title="Forbidden Island",
    rules_version=RULES[-1].version,
    min_seats=2,
    max_seats=4,
    roles=ADVENTURER_IDS,
    chance=True,
    hidden_information=True,
    simultaneous=False,
    default_config=ForbiddenIslandConfig(),
    summary=(
        "Co-operative: 2-4 adventurers capture four treasures from a sinking island "
        "and lift off from Fools' Landing before the water rises too high."
    ),
)
