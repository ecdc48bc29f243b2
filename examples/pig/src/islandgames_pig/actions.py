"""Pig's two actions, registered as one union for the wire."""

from __future__ import annotations

import attrs

from islandgames.kit import register_union

__all__ = ["Action", "Hold", "Roll"]


@attrs.frozen(slots=True)
class Roll:
    """Roll the die (P1)."""


@attrs.frozen(slots=True)
class Hold:
    """Bank this turn's points (P2)."""


Action = Roll | Hold
register_union(Action)
