"""Friday's actions: one atomic decision each.

Indices refer to the current state: ``ChooseHazard.index`` into the offer,
``ChoosePirate.index`` into the pirates, ``UseAbility.card``/``ChooseTarget.card``/
``DestroyCard.index`` into the fight's cards, ``SortDiscard``/``SortReturn`` into the
cards held by a sort.
"""

from __future__ import annotations

import attrs

from ...core import serde

__all__ = [
    "Action",
    "ChooseHazard",
    "ChoosePirate",
    "ChooseTarget",
    "DestroyCard",
    "DrawFree",
    "DrawPaid",
    "FinishDestroying",
    "Replace",
    "ResolveFight",
    "SkipHazard",
    "SortDiscard",
    "SortLook",
    "SortReturn",
    "UseAbility",
]


@attrs.frozen(slots=True)
class ChooseHazard:
    """Fight the offered hazard at ``index``; the other one is discarded."""

    index: int


@attrs.frozen(slots=True)
class SkipHazard:
    """Put the lone last hazard of a step on the hazard discard pile (F13)."""


@attrs.frozen(slots=True)
class ChoosePirate:
    """Fight the pirate at ``index`` first."""

    index: int


@attrs.frozen(slots=True)
class DrawFree:
    """Draw one free card (left side)."""


@attrs.frozen(slots=True)
class DrawPaid:
    """Pay 1 life (2 against the 7/16 pirate) and draw one extra card (right side)."""


@attrs.frozen(slots=True)
class UseAbility:
    """Use the ability of the fight card at index ``card``."""

    card: int


@attrs.frozen(slots=True)
class ChooseTarget:
    """The target (fight card index) of the pending destroy/double/exchange/below/copy."""

    card: int


@attrs.frozen(slots=True)
class SortLook:
    """Take the next card of the stack into the sort (at most three)."""


@attrs.frozen(slots=True)
class SortDiscard:
    """Put the held card at ``index`` on the discard pile (at most one per sort)."""

    index: int


@attrs.frozen(slots=True)
class SortReturn:
    """Put the held card at ``index`` back on top of the stack (the last returned is
    the new top card)."""

    index: int


@attrs.frozen(slots=True)
class Replace:
    """After a free card went below the pile: draw a replacement (``draw``) or not."""

    draw: bool


@attrs.frozen(slots=True)
class ResolveFight:
    """Stop and compare the fighting total with the hazard value."""


@attrs.frozen(slots=True)
class DestroyCard:
    """After a lost fight, destroy the fight card at ``index`` out of the life lost."""

    index: int


@attrs.frozen(slots=True)
class FinishDestroying:
    """End the destroy step; the remaining fight cards go to the discard pile."""


Action = (
    ChooseHazard
    | SkipHazard
    | ChoosePirate
    | DrawFree
    | DrawPaid
    | UseAbility
    | ChooseTarget
    | SortLook
    | SortDiscard
    | SortReturn
    | Replace
    | ResolveFight
    | DestroyCard
    | FinishDestroying
)
serde.register_union(Action)
