"""Seatings: which bot plays each *slot* (a seat, or a role) of one game.

A seating is a tuple of bot indices, one per slot. With ``rotation="cyclic"`` (the
default) the seatings are the rotations of the bot list over the slots: seating ``k``
gives slot ``i`` the bot ``(i + k) mod n`` of the ``n`` bots, for ``k = 0..n-1``, so
over the ``n`` seatings of a seed every bot plays every slot exactly once, on the same
seed (with more slots than bots a bot holds several slots of one seating). With more
bots than slots a bot meets only some of the others in each slot (with three bots on
two roles, A plays the first role against B but never against C);
``rotation="permutations"`` is every assignment of *distinct* bots to the slots (each
ordered matchup once, ``n! / (n - slots)!`` seatings), and ``rotation="all"`` every
assignment at all (``n ** slots`` seatings, mirror matches included).

>>> cyclic(2, 3)
((0, 1, 0), (1, 0, 1))
>>> cyclic(3, 2)
((0, 1), (1, 2), (2, 0))
>>> permutations(3, 2)
((0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1))
>>> every(2, 2)
((0, 0), (0, 1), (1, 0), (1, 1))
"""

from __future__ import annotations

import itertools
import math
from typing import Literal

__all__ = ["MAX_SEATINGS", "ROTATIONS", "Rotation", "cyclic", "every", "permutations", "seatings"]

Rotation = Literal["cyclic", "permutations", "all"]
ROTATIONS: tuple[Rotation, ...] = ("cyclic", "permutations", "all")

#: The most seatings one config may have (``rotation="all"`` grows as bots ** slots).
MAX_SEATINGS = 1024


def cyclic(bots: int, slots: int) -> tuple[tuple[int, ...], ...]:
    """The ``bots`` rotations of the bot list over ``slots`` slots."""
    return tuple(tuple((i + k) % bots for i in range(slots)) for k in range(bots))


def every(bots: int, slots: int) -> tuple[tuple[int, ...], ...]:
    """Every assignment of ``bots`` bots to ``slots`` slots, in lexicographic order."""
    return tuple(itertools.product(range(bots), repeat=slots))


def permutations(bots: int, slots: int) -> tuple[tuple[int, ...], ...]:
    """Every assignment of distinct bots to the slots, in lexicographic order."""
    return tuple(itertools.permutations(range(bots), slots))


def seatings(rotation: str, bots: int, slots: int) -> tuple[tuple[int, ...], ...]:
    """The seatings of ``rotation`` (a ``ValueError`` for an unknown rotation, for
    ``permutations`` with fewer bots than slots, and beyond :data:`MAX_SEATINGS`)."""
    if rotation == "cyclic":
        return cyclic(bots, slots)
    if rotation == "permutations":
        if bots < slots:
            raise ValueError(
                f"rotation 'permutations' needs a bot per slot: {bots} bots, {slots} slots "
                "(use rotation 'cyclic' or 'all')"
            )
        count = math.perm(bots, slots)
    elif rotation == "all":
        count = bots**slots
    else:
        raise ValueError(f"rotation must be one of {', '.join(ROTATIONS)}, got {rotation!r}")
    if count > MAX_SEATINGS:
        raise ValueError(
            f"rotation {rotation!r} with {bots} bots over {slots} slots makes {count} "
            f"seatings per seed (at most {MAX_SEATINGS}); use rotation 'cyclic'"
        )
    return permutations(bots, slots) if rotation == "permutations" else every(bots, slots)
