"""The Wrath of Gozer's components as data: gadgets, square kinds, fixed numbers.

The island itself is a data file (``island.json``) read by :mod:`.board`.

>>> GADGETS
('pistol', 'armour', 'key', 'bridge', 'kit')
>>> GADGET_INDEX["bridge"], PISTOL_RANGE
(3, 6)
"""

from __future__ import annotations

from typing import Literal

__all__ = [
    "ARMOUR",
    "BRIDGE",
    "DIE_SIDES",
    "GADGETS",
    "GADGET_INDEX",
    "KEY",
    "KINDS",
    "KIT",
    "MAX_PLAYERS",
    "MAX_ROUND_LIMIT",
    "MIN_PLAYERS",
    "OBSTACLE_KINDS",
    "PISTOL",
    "PISTOL_RANGE",
    "Gadget",
    "Kind",
]

#: The five gadgets, in their canonical order (trades list them in this order).
Gadget = Literal["pistol", "armour", "key", "bridge", "kit"]
GADGETS: tuple[Gadget, ...] = ("pistol", "armour", "key", "bridge", "kit")
GADGET_INDEX: dict[str, int] = {g: i for i, g in enumerate(GADGETS)}
PISTOL, ARMOUR, KEY, BRIDGE, KIT = range(5)

#: Square kinds of the board file. ``start`` is the square next to the wreck; the
#: summit holds one of the four teleport cabins; rivers and precipices are obstacles.
Kind = Literal["path", "river", "precipice", "cabin", "summit", "start", "boat"]
KINDS: tuple[Kind, ...] = ("path", "river", "precipice", "cabin", "summit", "start", "boat")
OBSTACLE_KINDS: tuple[Kind, ...] = ("river", "precipice")

#: The pistol reaches targets at most this many steps away (G1).
PISTOL_RANGE = 6
#: Movement and melee dice.
DIE_SIDES = 6
#: 1 Gozer + 1..5 castaways.
MIN_PLAYERS = 2
MAX_PLAYERS = 6
#: Upper bound of the configurable round limit (E3).
MAX_ROUND_LIMIT = 10_000
