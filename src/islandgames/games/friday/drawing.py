"""Friday's layout: the cards' printed texts, in wire form, so a client in any language
can draw them.

:func:`layout` (the game package's ``layout`` hook, found by
:func:`islandgames.layout`) gives every card of :data:`~.data.CARDS` (ids as in states
and views: the fighting side's name, value and ability, a hazard card's hazard side, a
pirate's values and rule), the text of each ability and pirate rule, and the names of the
hazard steps. The same in every match and under every rules version so far.

>>> lay = layout()
>>> len(lay.cards), lay.cards[20].hazard, lay.steps
(69, 'With the raft to the wreck', ('green', 'yellow', 'red'))
>>> next(a.text for a in lay.abilities if a.ability == "sort3")
'sort 3 cards'
"""

from __future__ import annotations

from typing import Any, get_args

import attrs

from .data import CARDS, MAX_USES, Ability, Card, PirateRule

__all__ = ["ABILITY_TEXT", "PIRATE_RULE_TEXT", "FridayAbilityText", "FridayLayout", "layout"]

#: What each ability does, as the cards print it (docs/friday.md, the card table).
ABILITY_TEXT: dict[str, str] = {
    "life1": "+1 life",
    "life2": "+2 life",
    "cards1": "+1 card",
    "cards2": "+2 cards",
    "destroy": "destroy 1x",
    "double": "double 1x",
    "copy": "copy 1x",
    "step_minus": "step -1",
    "sort3": "sort 3 cards",
    "exchange1": "exchange 1x",
    "exchange2": "exchange 2x",
    "below": "1x below the pile",
    "stop": "stop",
    "highest_zero": "highest card = 0",
    "life_minus1": "-1 life",
    "life_minus2": "-2 life",
}

#: What each pirate's special rule does (docs/friday.md, the pirate table).
PIRATE_RULE_TEXT: dict[str, str] = {
    "cost2": "each extra card costs 2 life",
    "half": "only half the face-up cards count",
    "plus1": "+1 hazard value per face-up card",
    "aging": "hazard value: 2 per aging card gone from the aging stack",
    "all": "fight every undefeated hazard at once",
}


@attrs.frozen(slots=True)
class FridayAbilityText:
    """An ability's printed ``text`` and how often one card may use it in a fight
    (``uses``; 0: an aging card's ability, which acts by itself)."""

    ability: Ability
    text: str
    uses: int


@attrs.frozen(slots=True)
class FridayPirateRuleText:
    """A pirate rule's printed ``text``."""

    rule: PirateRule
    text: str


@attrs.frozen(slots=True)
class FridayLayout:
    """``cards``: every card, by id (``cards[i].id == i``); ``abilities`` and
    ``pirate_rules``: their texts, in declaration order; ``steps``: the hazard steps by
    index (a hazard card's ``hazard_values`` are per step; the state's ``step`` 3 is the
    pirates)."""

    cards: tuple[Card, ...]
    abilities: tuple[FridayAbilityText, ...]
    pirate_rules: tuple[FridayPirateRuleText, ...]
    steps: tuple[str, ...]


_LAYOUT = FridayLayout(
    cards=CARDS,
    abilities=tuple(
        FridayAbilityText(a, ABILITY_TEXT[a], MAX_USES.get(a, 0)) for a in get_args(Ability)
    ),
    pirate_rules=tuple(FridayPirateRuleText(r, PIRATE_RULE_TEXT[r]) for r in get_args(PirateRule)),
    steps=("green", "yellow", "red"),
)


def layout(game: Any = None, state: Any = None) -> FridayLayout:
    """The layout (the ``layout`` hook); the same for every rules version (``game``) and
    every match (``state``)."""
    return _LAYOUT
