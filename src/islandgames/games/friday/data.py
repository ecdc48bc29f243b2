"""Friday's cards as data: one table, indexed by card id.

Ids: 0-17 Robinson's starting cards, 18-47 the hazard/knowledge cards (each id has
a hazard side and a knowledge side), 48-58 the aging cards (the eight normal ones
first), 59-68 the pirates. Rules read the flat per-id tuples below (``VALUE``,
``ABILITY``...) built once from :data:`CARDS`.

>>> CARDS[17].name, CARDS[17].value
('genius', 2)
>>> CARDS[20].hazard, CARDS[20].hazard_values, CARDS[20].name, CARDS[20].ability
('With the raft to the wreck', (0, 1, 3), 'equipment', 'cards2')
>>> len(STARTING), len(HAZARDS), len(AGING), len(PIRATES)
(18, 30, 11, 10)
"""

from __future__ import annotations

from typing import Literal

import attrs

__all__ = [
    "ABILITY",
    "ACTIVATED",
    "AGING",
    "AGING_DIFFICULT",
    "AGING_NORMAL",
    "CARDS",
    "COPYABLE",
    "DESTROY_COST",
    "HAZARDS",
    "HAZARD_FREE",
    "HAZARD_VALUES",
    "IS_AGING",
    "LIFE_LOSS",
    "MAX_USES",
    "PIRATES",
    "STARTING",
    "VALUE",
    "VERY_STUPID",
    "Ability",
    "Card",
    "CardKind",
    "PirateRule",
    "cards_in_play",
]

Ability = Literal[
    "life1",
    "life2",
    "cards1",
    "cards2",
    "destroy",
    "double",
    "copy",
    "step_minus",
    "sort3",
    "exchange1",
    "exchange2",
    "below",
    "stop",
    "highest_zero",
    "life_minus1",
    "life_minus2",
]
CardKind = Literal["starting", "knowledge", "aging", "pirate"]
#: Pirate special rules: paid cards cost 2 life; only half the cards count; +1 per
#: card; value from aging cards taken; fight every remaining hazard.
PirateRule = Literal["cost2", "half", "plus1", "aging", "all"]


@attrs.frozen(slots=True)
class Card:
    """One physical card. Fields that do not apply to its kind are None/0/empty.

    ``name``/``value``/``ability`` are the fighting side (the knowledge half of a
    hazard card); ``hazard``/``free``/``hazard_values`` its hazard side. For a pirate,
    ``free`` and ``pirate_value`` are None where the card prints ``*``.
    """

    id: int
    kind: CardKind
    name: str
    value: int = 0
    ability: Ability | None = None
    destroy_cost: int = 0
    aging_kind: Literal["normal", "difficult"] | None = None
    hazard: str | None = None
    free: int | None = None
    hazard_values: tuple[int, int, int] = (0, 0, 0)
    pirate_value: int | None = None
    pirate_rule: PirateRule | None = None


# (name, value, ability, copies)
_STARTING: tuple[tuple[str, int, Ability | None, int], ...] = (
    ("distracted", -1, None, 5),
    ("weak", 0, None, 8),
    ("eating", 0, "life2", 1),
    ("focused", 1, None, 3),
    ("genius", 2, None, 1),
)

# (hazard name, free cards, (green, yellow, red), ((knowledge, value, ability, copies), ...))
_HAZARDS: tuple[
    tuple[str, int, tuple[int, int, int], tuple[tuple[str, int, Ability | None, int], ...]], ...
] = (
    (
        "With the raft to the wreck",
        1,
        (0, 1, 3),
        (
            ("food", 0, "life1", 2),
            ("equipment", 0, "cards2", 2),
            ("strategy", 0, "exchange2", 2),
            ("realization", 0, "destroy", 1),
            ("mimicry", 0, "copy", 1),
            ("deception", 0, "below", 1),
            ("books", 0, "step_minus", 1),
        ),
    ),
    (
        "Exploring the island",
        2,
        (1, 3, 6),
        (
            ("food", 1, "life1", 2),
            ("weapon", 2, None, 2),
            ("realization", 1, "destroy", 1),
            ("mimicry", 1, "copy", 1),
            ("deception", 1, "below", 1),
            ("repeat", 1, "double", 1),
        ),
    ),
    (
        "Further exploring the island",
        3,
        (2, 5, 8),
        (
            ("food", 2, "life1", 1),
            ("realization", 2, "destroy", 1),
            ("strategy", 2, "exchange1", 1),
            ("experience", 2, "cards1", 1),
            ("repeat", 2, "double", 1),
            ("vision", 2, "sort3", 1),
        ),
    ),
    (
        "Wild animals",
        4,
        (4, 7, 11),
        (
            ("realization", 3, "destroy", 1),
            ("strategy", 3, "exchange1", 1),
            ("experience", 3, "cards1", 1),
            ("vision", 3, "sort3", 1),
        ),
    ),
    ("Cannibals", 5, (5, 9, 14), (("weapon", 4, None, 2),)),
)

# (name, kind, value, ability, copies): normal ones first, "very stupid" fourth.
_AGING: tuple[tuple[str, Literal["normal", "difficult"], int, Ability | None, int], ...] = (
    ("distracted", "normal", -1, None, 1),
    ("stupid", "normal", -2, None, 2),
    ("very stupid", "normal", -3, None, 1),
    ("scared", "normal", 0, "highest_zero", 2),
    ("hungry", "normal", 0, "life_minus1", 1),
    ("very tired", "normal", 0, "stop", 1),
    ("moronic", "difficult", -4, None, 1),
    ("suicidal", "difficult", -5, None, 1),
    ("very hungry", "difficult", 0, "life_minus2", 1),
)

# (free cards, hazard value, special rule); None = "*"
_PIRATES: tuple[tuple[int | None, int | None, PirateRule | None], ...] = (
    (6, 20, None),
    (7, 25, None),
    (8, 30, None),
    (9, 35, None),
    (10, 40, None),
    (7, 16, "cost2"),
    (9, 22, "half"),
    (10, 52, "plus1"),
    (5, None, "aging"),
    (None, None, "all"),
)


def _build() -> tuple[Card, ...]:
    cards: list[Card] = []
    for name, value, ability, n in _STARTING:
        for _ in range(n):
            cards.append(Card(len(cards), "starting", name, value, ability, 1))
    for hazard, free, values, sides in _HAZARDS:
        for name, value, ability, n in sides:
            for _ in range(n):
                cards.append(
                    Card(
                        len(cards),
                        "knowledge",
                        name,
                        value,
                        ability,
                        1,
                        hazard=hazard,
                        free=free,
                        hazard_values=values,
                    )
                )
    for name, kind, value, ability, n in _AGING:
        for _ in range(n):
            cards.append(Card(len(cards), "aging", name, value, ability, 2, aging_kind=kind))
    for pfree, pvalue, rule in _PIRATES:
        label = f"pirate {'*' if pfree is None else pfree}/{'*' if pvalue is None else pvalue}"
        cards.append(
            Card(len(cards), "pirate", label, free=pfree, pirate_value=pvalue, pirate_rule=rule)
        )
    return tuple(cards)


#: Every card, indexed by id.
CARDS: tuple[Card, ...] = _build()

STARTING: tuple[int, ...] = tuple(c.id for c in CARDS if c.kind == "starting")
HAZARDS: tuple[int, ...] = tuple(c.id for c in CARDS if c.kind == "knowledge")
AGING: tuple[int, ...] = tuple(c.id for c in CARDS if c.kind == "aging")
AGING_NORMAL: tuple[int, ...] = tuple(c.id for c in CARDS if c.aging_kind == "normal")
AGING_DIFFICULT: tuple[int, ...] = tuple(c.id for c in CARDS if c.aging_kind == "difficult")
PIRATES: tuple[int, ...] = tuple(c.id for c in CARDS if c.kind == "pirate")
#: The aging card left out at levels 1 and 2.
VERY_STUPID: int = next(c.id for c in CARDS if c.name == "very stupid")

# Flat per-id columns for the hot paths.
VALUE: tuple[int, ...] = tuple(c.value for c in CARDS)
ABILITY: tuple[Ability | None, ...] = tuple(c.ability for c in CARDS)
DESTROY_COST: tuple[int, ...] = tuple(c.destroy_cost for c in CARDS)
IS_AGING: tuple[bool, ...] = tuple(c.kind == "aging" for c in CARDS)
HAZARD_FREE: tuple[int, ...] = tuple(c.free or 0 for c in CARDS)
HAZARD_VALUES: tuple[tuple[int, int, int], ...] = tuple(c.hazard_values for c in CARDS)
#: Life lost at resolution by a face-up aging card (F2).
LIFE_LOSS: tuple[int, ...] = tuple(
    {"life_minus1": 1, "life_minus2": 2}.get(c.ability or "", 0) for c in CARDS
)

#: Abilities the player uses (once per fight; "2x exchange" twice). Aging abilities
#: act by themselves and are not listed.
MAX_USES: dict[Ability, int] = {
    "life1": 1,
    "life2": 1,
    "cards1": 1,
    "cards2": 1,
    "destroy": 1,
    "double": 1,
    "copy": 1,
    "step_minus": 1,
    "sort3": 1,
    "exchange1": 1,
    "exchange2": 2,
    "below": 1,
}
ACTIVATED: frozenset[Ability] = frozenset(MAX_USES)
#: What a copy card may copy: any activated ability except copy itself (F6).
COPYABLE: frozenset[Ability] = ACTIVATED - {"copy"}


def cards_in_play(level: int) -> tuple[int, ...]:
    """The ids of the fighting cards (starting, hazard, aging) used at ``level``.

    >>> len(cards_in_play(1)), len(cards_in_play(3))
    (58, 59)
    """
    if level >= 3:
        return STARTING + HAZARDS + AGING
    return STARTING + HAZARDS + tuple(a for a in AGING if a != VERY_STUPID)
