"""Forbidden Island components as data (rules spec section 1, canonical ids per I15).

Tables only: the 24 tiles, the 4 treasures, the 6 adventurers, the 28-card treasure
deck, the water meter and the standard island layout. Geometry derived from a layout
(neighbours, distances) lives in :mod:`.rules`.

>>> len(TILES), sum(n for _, n in TREASURE_DECK), len(LAYOUTS["standard"].cells)
(24, 28, 24)
>>> FLOOD_DRAWS[1], FLOOD_DRAWS[9], SKULL_LEVEL
(2, 5, 10)
"""

from __future__ import annotations

from typing import Literal

import attrs

__all__ = [
    "ADVENTURERS",
    "ACTIONS_PER_TURN",
    "ADVENTURER_IDS",
    "CARDS_DEALT",
    "CARD_NAMES",
    "CARD_RANK",
    "DIFFICULTY_LEVELS",
    "FLOOD_DRAWS",
    "FOOLS_LANDING",
    "HAND_LIMIT",
    "HELICOPTER_LIFT",
    "INITIAL_FLOODS",
    "LAYOUTS",
    "SANDBAGS",
    "SKULL_LEVEL",
    "SPECIAL_CARDS",
    "TILES",
    "TILE_IDS",
    "TREASURES",
    "TREASURE_CARDS",
    "TREASURE_DECK",
    "TREASURE_DRAWS_PER_TURN",
    "TREASURE_IDS",
    "WATERS_RISE",
    "Adventurer",
    "Difficulty",
    "Layout",
    "Tile",
    "Treasure",
]

Difficulty = Literal["novice", "normal", "elite", "legendary"]


@attrs.frozen(slots=True)
class Tile:
    """One island tile: id, printed name, the treasure it yields (if any), and the
    adventurer whose pawn starts on it (if any)."""

    id: str
    name: str
    treasure: str | None
    start_of: str | None


@attrs.frozen(slots=True)
class Treasure:
    id: str
    name: str
    pickup: tuple[str, str]


@attrs.frozen(slots=True)
class Adventurer:
    id: str
    name: str
    colour: str
    start: str
    ability: str


@attrs.frozen(slots=True)
class Layout:
    """An island shape: ``cells[i]`` is the (x, y) of island space ``i`` in a
    6x6 box (x = column left to right, y = row top to bottom)."""

    id: str
    name: str
    cells: tuple[tuple[int, int], ...]


#: The 24 tiles in the order of the rules table (alphabetical by printed name).
TILES: tuple[Tile, ...] = (
    Tile("breakers_bridge", "Breakers Bridge", None, None),
    Tile("bronze_gate", "Bronze Gate", None, "engineer"),
    Tile("cave_of_embers", "Cave of Embers", "fire", None),
    Tile("cave_of_shadows", "Cave of Shadows", "fire", None),
    Tile("cliffs_of_abandon", "Cliffs of Abandon", None, None),
    Tile("copper_gate", "Copper Gate", None, "explorer"),
    Tile("coral_palace", "Coral Palace", "ocean", None),
    Tile("crimson_forest", "Crimson Forest", None, None),
    Tile("dunes_of_deception", "Dunes of Deception", None, None),
    Tile("fools_landing", "Fools' Landing", None, "pilot"),
    Tile("gold_gate", "Gold Gate", None, "navigator"),
    Tile("howling_garden", "Howling Garden", "wind", None),
    Tile("iron_gate", "Iron Gate", None, "diver"),
    Tile("lost_lagoon", "Lost Lagoon", None, None),
    Tile("misty_marsh", "Misty Marsh", None, None),
    Tile("observatory", "Observatory", None, None),
    Tile("phantom_rock", "Phantom Rock", None, None),
    Tile("silver_gate", "Silver Gate", None, "messenger"),
    Tile("temple_of_the_moon", "Temple of the Moon", "earth", None),
    Tile("temple_of_the_sun", "Temple of the Sun", "earth", None),
    Tile("tidal_palace", "Tidal Palace", "ocean", None),
    Tile("twilight_hollow", "Twilight Hollow", None, None),
    Tile("watchtower", "Watchtower", None, None),
    Tile("whispering_garden", "Whispering Garden", "wind", None),
)
TILE_IDS: tuple[str, ...] = tuple(t.id for t in TILES)
FOOLS_LANDING = "fools_landing"

TREASURES: tuple[Treasure, ...] = (
    Treasure("earth", "The Earth Stone", ("temple_of_the_moon", "temple_of_the_sun")),
    Treasure("wind", "The Statue of the Wind", ("howling_garden", "whispering_garden")),
    Treasure("fire", "The Crystal of Fire", ("cave_of_embers", "cave_of_shadows")),
    Treasure("ocean", "The Ocean's Chalice", ("coral_palace", "tidal_palace")),
)
TREASURE_IDS: tuple[str, ...] = tuple(t.id for t in TREASURES)

ADVENTURERS: tuple[Adventurer, ...] = (
    Adventurer(
        "diver",
        "Diver",
        "black",
        "iron_gate",
        "Move through 1 or more adjacent flooded and/or missing tiles for 1 action. "
        "(Must end your turn on a tile.)",
    ),
    Adventurer("engineer", "Engineer", "red", "bronze_gate", "Shore up 2 tiles for 1 action."),
    Adventurer("explorer", "Explorer", "green", "copper_gate", "Move and/or shore up diagonally."),
    Adventurer(
        "messenger",
        "Messenger",
        "grey",
        "silver_gate",
        "Give Treasure cards to a player anywhere on the island for 1 action per card.",
    ),
    Adventurer(
        "navigator",
        "Navigator",
        "yellow",
        "gold_gate",
        "Move another player up to 2 adjacent tiles for 1 action.",
    ),
    Adventurer(
        "pilot",
        "Pilot",
        "blue",
        "fools_landing",
        "Once per turn, fly to any tile on the island for 1 action.",
    ),
)
ADVENTURER_IDS: tuple[str, ...] = tuple(a.id for a in ADVENTURERS)

HELICOPTER_LIFT = "helicopter_lift"
SANDBAGS = "sandbags"
WATERS_RISE = "waters_rise"
#: Cards a player may hold, in the canonical order hands are kept sorted in.
TREASURE_CARDS: tuple[str, ...] = TREASURE_IDS
SPECIAL_CARDS: tuple[str, ...] = (HELICOPTER_LIFT, SANDBAGS)
CARD_RANK: dict[str, int] = {
    c: i for i, c in enumerate((*TREASURE_CARDS, *SPECIAL_CARDS, WATERS_RISE))
}
CARD_NAMES: dict[str, str] = {
    "earth": "The Earth Stone",
    "wind": "The Statue of the Wind",
    "fire": "The Crystal of Fire",
    "ocean": "The Ocean's Chalice",
    HELICOPTER_LIFT: "Helicopter Lift",
    SANDBAGS: "Sandbags",
    WATERS_RISE: "Waters Rise!",
}

#: The 28-card treasure deck: (card, copies).
TREASURE_DECK: tuple[tuple[str, int], ...] = (
    ("earth", 5),
    ("wind", 5),
    ("fire", 5),
    ("ocean", 5),
    (HELICOPTER_LIFT, 3),
    (SANDBAGS, 2),
    (WATERS_RISE, 3),
)

#: Water meter: flood cards drawn per turn at each tick 1..9 (index 0 unused).
FLOOD_DRAWS: tuple[int, ...] = (0, 2, 2, 3, 3, 3, 4, 4, 5, 5)
#: Tick 10 is the skull and crossbones: the game is lost.
SKULL_LEVEL = 10
DIFFICULTY_LEVELS: dict[str, int] = {"novice": 1, "normal": 2, "elite": 3, "legendary": 4}

HAND_LIMIT = 5
ACTIONS_PER_TURN = 3
TREASURE_DRAWS_PER_TURN = 2
INITIAL_FLOODS = 6
CARDS_DEALT = 2

#: Island layouts (I16: only the standard one is required). The standard island: a
#: 6x6 box minus the three cells nearest each corner, cells in row-major order.
LAYOUTS: dict[str, Layout] = {
    "standard": Layout(
        "standard",
        "The standard island",
        (
            (2, 0), (3, 0),
            (1, 1), (2, 1), (3, 1), (4, 1),
            (0, 2), (1, 2), (2, 2), (3, 2), (4, 2), (5, 2),
            (0, 3), (1, 3), (2, 3), (3, 3), (4, 3), (5, 3),
            (1, 4), (2, 4), (3, 4), (4, 4),
            (2, 5), (3, 5),
        ),
    ),
}  # fmt: skip
