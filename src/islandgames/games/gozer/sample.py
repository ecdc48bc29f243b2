"""Determinization (``sample_state``): a full Gozer state from a seat's view.

The Wrath of Gozer is open information: a view's :class:`~.view.GozerTable` holds every
field of the state but the RNG. A sample is that table with a fresh RNG key drawn from
the caller's ``rng`` (future dice are the only hidden part), never the real one.
"""

from __future__ import annotations

import attrs

from ...core.rng import Rng
from .contract import GozerRules
from .rules import state_type
from .state import GozerState
from .view import GozerView, SeatView

__all__ = ["sample_state"]


def sample_state(view: GozerView, seat: int | None, rng: Rng, rules: GozerRules) -> GozerState:
    """A state ``seat`` cannot tell from the real one given its ``view``: the public
    table as it is, and a fresh RNG (future dice) drawn from ``rng``."""
    if (view.seat if isinstance(view, SeatView) else None) != seat:
        raise ValueError(f"a view of seat {seat} is needed to sample for seat {seat}")
    table = view.table
    fields = {f.name: getattr(table, f.name) for f in attrs.fields(type(table))}
    fresh, _ = rng.split()
    return state_type(rules)(rng=fresh, **fields)
