"""Forbidden Island's RL codec: its action table and its observation caps
(docs/rl.md), read by :mod:`islandgames.rl` through the game's definition.

A table says which values a field can take, not when they are legal: that stays with
the rules (``legal_actions``, read for the masks).

>>> len(action_table(ForbiddenIslandConfig(players=2)))
17
"""

from __future__ import annotations

from ...core.actionspace import ObservationSpec, Shape, shape
from . import actions as fa
from . import data as fd
from .contract import ForbiddenIslandConfig

__all__ = ["action_table", "observation"]


def action_table(config: ForbiddenIslandConfig) -> list[Shape]:
    """The shapes of Forbidden Island's action space for ``config.players`` seats."""
    seats = range(config.players)
    tiles = fd.TILE_IDS
    return [
        shape(fa.Move, to=tiles),
        shape(fa.Fly, to=tiles),
        shape(fa.Navigate, pawn=seats, to=tiles),
        shape(fa.ShoreUp, tile=tiles, also=(None, *tiles)),
        shape(fa.Give, card=fd.TREASURE_CARDS, to=seats),
        shape(fa.Capture, treasure=fd.TREASURE_IDS),
        shape(fa.EndActions),
        shape(fa.DrawTreasure),
        shape(fa.DrawFlood),
        shape(fa.Discard, card=(*fd.TREASURE_CARDS, *fd.SPECIAL_CARDS)),
        shape(fa.Swim, to=tiles),
        shape(fa.DeclineRescue),
        shape(fa.Sandbags, tile=tiles),
        shape(fa.HelicopterLift, pawn=seats),
        shape(fa.LiftAlso, pawn=seats),
        shape(fa.LiftTo, to=tiles),
        shape(fa.LiftOff),
    ]


def observation(config: ForbiddenIslandConfig) -> ObservationSpec:
    """The caps of Forbidden Island's flat observation for ``config.players`` seats."""
    seats = config.players
    tiles = len(fd.TILE_IDS)
    cards = sum(n for _, n in fd.TREASURE_DECK)
    return ObservationSpec(
        caps={
            "adventurers": seats,
            "board": tiles,
            "tiles": tiles,
            "pawns": seats,
            "hands": seats,
            "hands[]": 2 * fd.HAND_LIMIT,  # over the limit a player discards at once
            "captured": len(fd.TREASURE_IDS),
            "treasure_discard": cards,
            "flood_deck": tiles,
            "flood_deck[]": tiles,
            "flood_discard": tiles,
            "swimmers": seats,
            "declined": seats,
            "lift.pawns": seats,
            "to_act": seats,
            "ended": 4,
        },
        default_cap=tiles,
        words=(fd.WATERS_RISE, *fd.ADVENTURER_IDS, *fd.LAYOUTS),
    )
