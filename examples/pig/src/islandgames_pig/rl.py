"""Pig's RL codec: its fixed action space (two actions, no parameters) and how its
view is flattened (every tuple holds at most one entry per seat)."""

from __future__ import annotations

from islandgames.kit import ObservationSpec, Shape, shape

from .actions import Hold, Roll
from .contract import PigConfig

__all__ = ["action_table", "observation"]


def action_table(config: PigConfig) -> list[Shape]:
    return [shape(Roll), shape(Hold)]


def observation(config: PigConfig) -> ObservationSpec:
    return ObservationSpec(caps={"scores": config.players}, default_cap=config.players)
