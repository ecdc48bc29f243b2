"""Forbidden Island's atomic decisions, one class each.

Tiles are named by their ids (``"fools_landing"``), cards by their ids (``"earth"``,
``"helicopter_lift"``), pawns by the seat that owns them.

Turn actions of the active player (each costs 1 of the 3 actions):
:class:`Move`, :class:`Fly` (Pilot), :class:`Navigate` (Navigator), :class:`ShoreUp`
(the Engineer may name a second tile), :class:`Give`, :class:`Capture`.
Free steps: :class:`EndActions`, :class:`DrawTreasure`, :class:`DrawFlood` (active
player), :class:`Discard` (a player over the hand limit), :class:`Swim` (the owner of
the first pawn on a sunk tile), :class:`DeclineRescue` (a Helicopter Lift holder while
a pawn has nowhere to swim). Special cards, by any holder whenever the game waits on
a decision: :class:`Sandbags`, :class:`HelicopterLift` then :class:`LiftAlso` /
:class:`LiftTo`, and :class:`LiftOff` (the win).
"""

from __future__ import annotations

import attrs

from ...core import serde

__all__ = [
    "Action",
    "Capture",
    "DeclineRescue",
    "Discard",
    "DrawFlood",
    "DrawTreasure",
    "EndActions",
    "Fly",
    "Give",
    "HelicopterLift",
    "LiftAlso",
    "LiftOff",
    "LiftTo",
    "Move",
    "Navigate",
    "Sandbags",
    "ShoreUp",
    "Swim",
]


@attrs.frozen(slots=True)
class Move:
    """Move your pawn to tile ``to`` (adjacent; Explorer also diagonal; Diver through
    flooded and missing spaces). 1 action."""

    to: str


@attrs.frozen(slots=True)
class Fly:
    """Pilot: fly to any tile an ordinary move would not reach. 1 action, once a turn."""

    to: str


@attrs.frozen(slots=True)
class Navigate:
    """Navigator: move ``pawn`` (another seat) up to 2 steps to ``to``. 1 action."""

    pawn: int
    to: str


@attrs.frozen(slots=True)
class ShoreUp:
    """Shore up ``tile`` (and, Engineer only, ``also``). 1 action."""

    tile: str
    also: str | None = None


@attrs.frozen(slots=True)
class Give:
    """Give one treasure card ``card`` to seat ``to``. 1 action."""

    card: str
    to: int


@attrs.frozen(slots=True)
class Capture:
    """Discard 4 ``treasure`` cards on one of its tiles and take the figurine. 1 action."""

    treasure: str


@attrs.frozen(slots=True)
class EndActions:
    """End the action phase (I14)."""


@attrs.frozen(slots=True)
class DrawTreasure:
    """Draw the next of the 2 treasure cards (I14)."""


@attrs.frozen(slots=True)
class DrawFlood:
    """Draw the next flood card (I14)."""


@attrs.frozen(slots=True)
class Discard:
    """Over the hand limit: discard one ``card``."""

    card: str


@attrs.frozen(slots=True)
class Swim:
    """Your pawn's tile sank: swim to ``to``."""

    to: str


@attrs.frozen(slots=True)
class DeclineRescue:
    """Do not lift the pawn that has nowhere to swim (I2)."""


@attrs.frozen(slots=True)
class Sandbags:
    """Play Sandbags: shore up any flooded ``tile``."""

    tile: str


@attrs.frozen(slots=True)
class HelicopterLift:
    """Play Helicopter Lift, starting with ``pawn``; add pawns on the same tile with
    :class:`LiftAlso`, then choose the destination with :class:`LiftTo`."""

    pawn: int


@attrs.frozen(slots=True)
class LiftAlso:
    """Add ``pawn`` (on the same tile) to the Helicopter Lift being played."""

    pawn: int


@attrs.frozen(slots=True)
class LiftTo:
    """Fly the lifted pawns to tile ``to``."""

    to: str


@attrs.frozen(slots=True)
class LiftOff:
    """Play Helicopter Lift to lift the team off Fools' Landing: the win."""


Action = (
    Move
    | Fly
    | Navigate
    | ShoreUp
    | Give
    | Capture
    | EndActions
    | DrawTreasure
    | DrawFlood
    | Discard
    | Swim
    | DeclineRescue
    | Sandbags
    | HelicopterLift
    | LiftAlso
    | LiftTo
    | LiftOff
)
serde.register_union(Action)

#: The argument-less actions, shared instances.
END_ACTIONS = EndActions()
DRAW_TREASURE = DrawTreasure()
DRAW_FLOOD = DrawFlood()
DECLINE_RESCUE = DeclineRescue()
LIFT_OFF = LiftOff()
