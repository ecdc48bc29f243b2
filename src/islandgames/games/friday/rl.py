"""Friday's RL codec: its action table and its observation caps (docs/rl.md), read by
:mod:`islandgames.rl` through the game's definition.

A table says which values a field can take, not when they are legal: that stays with
the rules (``legal_actions``, read for the masks).

>>> len(action_table(FridayConfig()))
14
"""

from __future__ import annotations

from ...core.actionspace import ObservationSpec, Shape, shape
from . import actions as ra
from . import data as rd
from .contract import FridayConfig

__all__ = ["action_table", "observation"]

BOOLS = (False, True)


def action_table(config: FridayConfig) -> list[Shape]:
    """The shapes of Friday's action space (the same under every config)."""
    # a fight can hold at most every card Robinson can own (F: starting, knowledge and
    # aging cards; pirates and hazard sides never fight for him)
    fight = range(len(rd.STARTING) + len(rd.HAZARDS) + len(rd.AGING))
    offer = range(2)  # F: two hazards offered, two pirates drawn
    sort = range(3)  # the sort3 ability holds at most three cards
    return [
        shape(ra.ChooseHazard, index=offer),
        shape(ra.SkipHazard),
        shape(ra.ChoosePirate, index=offer),
        shape(ra.DrawFree),
        shape(ra.DrawPaid),
        shape(ra.UseAbility, card=fight),
        shape(ra.ChooseTarget, card=fight),
        shape(ra.SortLook),
        shape(ra.SortDiscard, index=sort),
        shape(ra.SortReturn, index=sort),
        shape(ra.Replace, draw=BOOLS),
        shape(ra.ResolveFight),
        shape(ra.DestroyCard, index=fight),
        shape(ra.FinishDestroying),
    ]


def observation(config: FridayConfig) -> ObservationSpec:
    """The caps of Friday's flat observation."""
    robinson = len(rd.STARTING) + len(rd.HAZARDS) + len(rd.AGING)
    return ObservationSpec(
        # every pile is capped at the whole card table: nothing is ever truncated
        caps={
            "offer": 2,
            "pirates": 2,
            "pirates_defeated": 2,
            "fight.fight.cards": robinson,
            "fight.fight.pending<PendingSort>.looked": 3,
        },
        default_cap=len(rd.CARDS),
    )
