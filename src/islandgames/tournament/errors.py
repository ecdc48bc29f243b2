"""The errors of :mod:`islandgames.tournament`: each says what was wrong, in one line."""

from __future__ import annotations

from ..core.errors import IslandGamesError

__all__ = ["SpecMismatchError", "StoreError", "TournamentError"]


class TournamentError(IslandGamesError, ValueError):
    """A tournament that cannot be run as asked: an unknown bot or a bad spec, an empty
    or out-of-range set of seeds, a bad config, seating or backend."""


class StoreError(TournamentError):
    """A results store that cannot be used: not a tournament store, damaged, written by
    a newer format, or not writable."""


class SpecMismatchError(StoreError):
    """The store holds the results of a different tournament (another game, rules,
    engine version, bots, seating, configs or action limit): its results are never
    mixed with another tournament's."""
