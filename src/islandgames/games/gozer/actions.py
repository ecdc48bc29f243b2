"""The Wrath of Gozer's actions: one atomic decision each.

Squares are board square ids, targets and partners are seats, gullies are indices
into the board's gully list. A die roll is never an action: it is chance, drawn
inside ``apply`` from the state's RNG when a move or a melee roll-off begins.
"""

from __future__ import annotations

import attrs

from ...core import serde
from .data import Gadget

__all__ = [
    "Action",
    "Attack",
    "CastOff",
    "EndMove",
    "EndTurn",
    "Fire",
    "Fireball",
    "Heal",
    "Respond",
    "Step",
    "Trade",
]


@attrs.frozen(slots=True)
class Step:
    """Walk one step to an adjacent square (a cabin, by teleport, for Gozer and the key
    holder). Onto an obstacle whose bridge another castaway has deployed, the step is a
    crossing request that waits for the holder's answer (B1)."""

    to: int


@attrs.frozen(slots=True)
class EndMove:
    """Stop walking (M1: 0..N steps)."""


@attrs.frozen(slots=True)
class EndTurn:
    """Finish the turn after the move (Gozer: without attacking; an escaping castaway:
    finish the escape)."""


@attrs.frozen(slots=True)
class Fire:
    """Shoot the pistol at the pawn of seat ``target`` (G1-G3)."""

    target: int


@attrs.frozen(slots=True)
class Heal:
    """Heal the dying castaway of seat ``target`` with the medical kit (K1)."""

    target: int


@attrs.frozen(slots=True)
class Trade:
    """Offer castaway ``partner`` an exchange: hand over ``give``, receive ``take`` (G4).
    Both in the canonical gadget order; the partner accepts or refuses."""

    partner: int
    give: tuple[Gadget, ...]
    take: tuple[Gadget, ...]


@attrs.frozen(slots=True)
class CastOff:
    """Leave the island: every castaway aboard escapes and the game ends (E1)."""


@attrs.frozen(slots=True)
class Fireball:
    """Gozer, on the summit, throws this turn's fireball down gully ``gully`` (F1-F2)."""

    gully: int


@attrs.frozen(slots=True)
class Attack:
    """Gozer, his move ended, attacks the castaway of seat ``target`` (C1-C2)."""

    target: int


@attrs.frozen(slots=True)
class Respond:
    """Answer the pending trade offer or crossing request addressed to this seat."""

    accept: bool


Action = Step | EndMove | EndTurn | Fire | Heal | Trade | CastOff | Fireball | Attack | Respond
serde.register_union(Action)
