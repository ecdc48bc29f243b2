"""Not Alone's contract: the config, the rules versions and ``INFO``, declared before
the rules (``state``, ``rules`` and ``view`` import them from here)."""

from __future__ import annotations

from typing import Literal

import attrs

from ...core import kit
from ...core.game import GameInfo

__all__ = ["INFO", "RULES", "NotAloneConfig", "NotAloneRules", "NotAloneSetup"]


@attrs.frozen(slots=True)
class NotAloneConfig:
    """``hunted``: number of Hunted (1-6; seats = hunted + 1). ``board``: the board side,
    ``"a"`` (Artemia symbols 1-6 spaces from the star) or ``"b"`` (1, 3, 5, 7, 9, 11)
    (N20). ``creature_seat``: the Creature's seat (N25). ``exhausted_will``: the Will a
    Hunted exhausted in the Reckoning returns to (3; the designer's expert variant
    uses 2)."""

    hunted: int = 3
    board: Literal["a", "b"] = "a"
    creature_seat: int = 0
    exhausted_will: int = 3


@attrs.frozen(slots=True)
class NotAloneSetup:
    """A scenario setup (``game.new(seed, config, setup=NotAloneSetup(...))``): each
    field that is not None replaces what the seed draws; card names as in ``data``.

    ``hunt_deck``: the Hunt deck, top first (every Hunt card once): the Creature's hand
    is its first 3 cards. ``survival_deck``: the Survival deck, top first (every Survival
    card once): each Hunted is dealt one, in seat order after the Creature's seat."""

    hunt_deck: tuple[str, ...] | None = None
    survival_deck: tuple[str, ...] | None = None


@attrs.frozen(slots=True)
class NotAloneRules(kit.RulesVersion):
    """What one rules version does where the versions differ: one flag per change, named
    after what the newer rule does (docs/not-alone.md, rules versions).

    ``window_after_survival_draw`` (E13, E28, rules note 1.3 Shelter; 1.1): a Hunted who
    draws a Survival card while resolving a place in the Reckoning (the Shelter, the
    Source, or a copy of them) may at once play a phase-3 Survival card (Detector, Dodge,
    Hologram, Wrong Track) before the resolution goes on, as the reference implementation
    does (``playSurvivalCardDrawn``); the places the card frees are then resolved too. In
    1.0 no card window opens once the resolution has started.

    ``phase1_cards_take_back_commits`` (E2, E4, N15, rules note 3.1; 1.1): the Creature's
    phase-1 window stays open while the Hunted explore, and Despair, Force Field (or a
    Flashback of them) and Sacrifice played after some Hunted committed make every
    committed Hunted take their card(s) back and choose again, as the reference
    implementation does (``cancelExploration``); the withdrawn commit stays masked in
    per-seat logs (``withdrawn``). In 1.0 the Creature's window comes first and a commit
    is final, even under a later Sacrifice.
    """

    window_after_survival_draw: bool
    phase1_cards_take_back_commits: bool


#: Every rules version Not Alone has shipped, oldest first. Data: a shipped row is never
#: edited (logs played under it must replay forever); a change of rules is a new row.
RULES: tuple[NotAloneRules, ...] = (
    NotAloneRules(
        "1.0",
        window_after_survival_draw=False,
        phase1_cards_take_back_commits=False,
    ),
    NotAloneRules(  # 2026-12-01
        "1.1",
        window_after_survival_draw=True,
        phase1_cards_take_back_commits=True,
    ),
)

#: The contract under the newest rules (each game of ``GAMES`` has its own rules_version).
INFO = GameInfo(
    id="not-alone",
    title="Not Alone",
    rules_version=RULES[-1].version,
    min_seats=2,
    max_seats=7,
    roles=("creature", "hunted"),
    chance=True,
    hidden_information=True,
    simultaneous=True,
    default_config=NotAloneConfig(),
    summary=(
        "Hidden-movement duel on the planet Artemia: the Hunted secretly pick places to "
        "explore while the Creature guesses where to hunt; Rescue races Assimilation."
    ),
)
