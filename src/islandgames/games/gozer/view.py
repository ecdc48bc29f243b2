"""What a seat may know: everything on the island, never the RNG.

The Wrath of Gozer is open information: every pawn, gadget, move and request is on
the table. Only the RNG key and counter (future dice) are hidden. The spectator's
view and a seat's view are still separate types (:class:`SpectatorView`,
:class:`SeatView`) around the same public :class:`GozerTable`, so a future hidden variant
changes only what goes into them.
"""

from __future__ import annotations

import attrs

from ...core import serde
from ...core.rng import Rng
from .contract import GozerConfig, GozerRules
from .state import GadgetSpot, GozerState, Move, Pawn, Phase, Request, Winner

__all__ = [
    "GozerTable",
    "GozerView",
    "SeatView",
    "SpectatorView",
    "Table",
    "resample_hidden",
    "view",
]


@attrs.frozen(slots=True)
class GozerTable:
    """The public part of the state: every field except ``rng``."""

    config: GozerConfig
    gozer: int
    round: int
    turn: int
    phase: Phase
    active: int
    pawns: tuple[Pawn, ...]
    gadgets: tuple[GadgetSpot, ...]
    move: Move | None
    fired: bool
    thrown: bool
    offered: tuple[int, ...]
    deployed: bool
    gozer_skips: bool
    pending: Request | None
    winner: Winner | None
    reason: str
    events: tuple[str, ...]


@attrs.frozen(slots=True)
class SpectatorView:
    """What a spectator sees."""

    table: GozerTable


@attrs.frozen(slots=True)
class SeatView:
    """What the player of ``seat`` sees; ``role`` is ``gozer`` or ``castaway``."""

    seat: int
    role: str
    table: GozerTable


GozerView = SeatView | SpectatorView
serde.register_union(GozerView)


#: The earlier name of :class:`GozerTable` (it read like the kit's ``Table``), kept so
#: that code importing it goes on working.
Table = GozerTable


def table(s: GozerState) -> GozerTable:
    return GozerTable(
        config=s.config,
        gozer=s.gozer,
        round=s.round,
        turn=s.turn,
        phase=s.phase,
        active=s.active,
        pawns=s.pawns,
        gadgets=s.gadgets,
        move=s.move,
        fired=s.fired,
        thrown=s.thrown,
        offered=s.offered,
        deployed=s.deployed,
        gozer_skips=s.gozer_skips,
        pending=s.pending,
        winner=s.winner,
        reason=s.reason,
        events=s.events,
    )


def view(s: GozerState, seat: int | None, rules: GozerRules) -> GozerView:
    """What ``seat`` (None: a spectator) sees: the same table under every version."""
    if seat is None:
        return SpectatorView(table(s))
    return SeatView(seat, "gozer" if seat == s.gozer else "castaway", table(s))


def resample_hidden(s: GozerState, seat: int | None, rng: Rng) -> GozerState:
    """Everything hidden from every seat is the RNG: draw a fresh key (and counter),
    whoever ``seat`` is."""
    parts = []
    for _ in range(4):
        x, rng = rng.u64()
        parts.append(f"{x:016x}")
    counter, rng = rng.below(1 << 32)
    return attrs.evolve(s, rng=Rng("".join(parts), counter))
