"""The Wrath of Gozer's RL codec: its action table and its observation caps
(docs/rl.md), read by :mod:`islandgames.rl` through the game's definition.

A table says which values a field can take, not when they are legal: that stays with
the rules (``legal_actions``, read for the masks).

>>> sum(1 for s in action_table(GozerConfig(players=2)) for _ in s.actions())
599
"""

from __future__ import annotations

from ...core.actionspace import ObservationSpec, Shape, combos, shape
from . import actions as ga
from . import data as gd
from .board import BOARD
from .contract import GozerConfig

__all__ = ["action_table", "observation"]

BOOLS = (False, True)


def action_table(config: GozerConfig) -> list[Shape]:
    """The shapes of Gozer's action space for ``config.players`` seats."""
    seats = range(config.players)
    # a trade hands over and receives disjoint sets of gadgets (each exists once), in
    # the canonical gadget order, and is never empty both ways
    exchanges = [
        (give, take)
        for give in combos(gd.GADGETS, 0, len(gd.GADGETS))
        for take in combos(gd.GADGETS, 0, len(gd.GADGETS))
        if (give or take) and not set(give) & set(take)
    ]
    trades = [
        Shape(ga.Trade, (("partner", (p,)), ("give", (g,)), ("take", (t,))))
        for p in seats
        for g, t in exchanges
    ]
    return [
        shape(ga.Step, to=range(BOARD.size)),
        shape(ga.EndMove),
        shape(ga.EndTurn),
        shape(ga.Fire, target=seats),
        shape(ga.Heal, target=seats),
        *trades,
        shape(ga.CastOff),
        shape(ga.Fireball, gully=range(len(BOARD.gullies))),
        shape(ga.Attack, target=seats),
        shape(ga.Respond, accept=BOOLS),
    ]


def observation(config: GozerConfig) -> ObservationSpec:
    """The caps of Gozer's flat observation for ``config.players`` seats."""
    seats = config.players
    gadgets = len(gd.GADGETS)
    return ObservationSpec(
        caps={
            "table.pawns": seats,
            "table.gadgets": gadgets,
            "table.move.path": 8,  # a die roll's steps and the start
            "table.move.asked": seats,
            "table.offered": seats,
            "table.pending<TradeOffer>.give": gadgets,
            "table.pending<TradeOffer>.take": gadgets,
            "table.events": 8,  # free text, read from the view in info instead
        },
        default_cap=8,
        words=(*gd.GADGETS, *gd.KINDS),
    )
