"""The Wrath of Gozer's state: one frozen record of plain data.

Seats are players; ``pawns[seat]`` is that player's pawn (Gozer's included, status
``gozer`` or ``removed``). The five gadgets are ``gadgets[i]`` in the order of
:data:`~.data.GADGETS`: each is held by a castaway, lies on a square, or (armour
only) has been destroyed. A move in progress is ``move``; a consent request (a
trade offer, G4, or a bridge crossing, B1) waiting for the other castaway's answer
is ``pending``.
"""

from __future__ import annotations

from typing import Literal

import attrs

from ...core import serde
from ...core.rng import Rng
from .contract import GozerConfig
from .data import Gadget

__all__ = [
    "CrossingRequest",
    "GadgetSpot",
    "GozerState",
    "Move",
    "Pawn",
    "Phase",
    "Request",
    "Status",
    "TradeOffer",
    "Winner",
]

#: ``gozer``: Gozer in play; ``removed``: Gozer shot under ``gozer_shot="kill"``;
#: ``well``/``dying``/``dead``: castaways; ``escaped``: cast off aboard the boat.
Status = Literal["gozer", "removed", "well", "dying", "dead", "escaped"]
#: ``castaway``: a castaway's own turn; ``gozer``: Gozer's turn (moving, then his
#: fireball/melee choices once ``move.ended``); ``escape``: a castaway who won a melee
#: roll-off moves during Gozer's turn (C2); ``over``: the game has ended.
Phase = Literal["castaway", "gozer", "escape", "over"]
Winner = Literal["castaways", "gozer"]


@attrs.frozen(slots=True)
class Pawn:
    """A player's pawn. ``wounded`` is the number of the turn in which a dying
    castaway was wounded (0 otherwise): healing is possible in later turns only."""

    square: int
    status: Status
    wounded: int = 0


@attrs.frozen(slots=True)
class GadgetSpot:
    """Where a gadget is: ``holder`` (a castaway's seat) or ``square`` (on the ground);
    both None once destroyed (only the armour can be)."""

    gadget: Gadget
    holder: int | None = None
    square: int | None = None


@attrs.frozen(slots=True)
class Move:
    """A move in progress (M1-M3): ``mover`` rolled ``roll``; ``path`` lists the squares
    visited, starting square first; ``ended`` once the walk is over (the turn may go
    on: shooting, trading, healing, casting off, or Gozer's fireball and melee).
    ``asked``: obstacles whose crossing was already requested in this move (B1)."""

    mover: int
    roll: int
    path: tuple[int, ...]
    ended: bool = False
    asked: tuple[int, ...] = ()

    @property
    def steps_left(self) -> int:
        return self.roll - len(self.path) + 1


@attrs.frozen(slots=True)
class TradeOffer:
    """``proposer`` offers ``partner`` to hand over ``give`` and receive ``take`` (G4)."""

    proposer: int
    partner: int
    give: tuple[Gadget, ...]
    take: tuple[Gadget, ...]


@attrs.frozen(slots=True)
class CrossingRequest:
    """``mover`` asks ``holder`` (whose bridge is deployed) to cross ``obstacle`` (B1)."""

    mover: int
    holder: int
    obstacle: int


Request = TradeOffer | CrossingRequest
serde.register_union(Request)


@attrs.frozen(slots=True)
class GozerState:
    """The whole game.

    ``gozer``: Gozer's seat. ``round`` counts from 1; ``turn`` counts every turn begun
    (castaways' and Gozer's), for the healing window. ``active``: whose turn it is
    (during an escape move it is still Gozer's turn; ``move.mover`` is the castaway).
    ``fired``: the active castaway has used the pistol this turn (G2); ``thrown``:
    Gozer has thrown this turn's fireball; ``offered``: partners already offered a
    trade this turn. ``deployed``: the bridge is deployed by its holder (B1).
    ``gozer_skips``: a banished Gozer skips his next turn (G3). ``winner``/``reason``
    once the game is over. ``events``: what the last action caused (dice, hits,
    deaths), for people reading a view.
    """

    config: GozerConfig
    rng: Rng
    gozer: int
    round: int
    turn: int
    phase: Phase
    active: int
    pawns: tuple[Pawn, ...]
    gadgets: tuple[GadgetSpot, ...]
    move: Move | None
    fired: bool = False
    thrown: bool = False
    offered: tuple[int, ...] = ()
    deployed: bool = False
    gozer_skips: bool = False
    pending: Request | None = None
    winner: Winner | None = None
    reason: str = ""
    events: tuple[str, ...] = ()
