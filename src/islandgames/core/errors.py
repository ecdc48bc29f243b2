"""The exception tree: one root, each error also a matching builtin.

>>> issubclass(IllegalActionError, ValueError)
True
>>> issubclass(UnknownGameError, LookupError)
True
"""

from __future__ import annotations

__all__ = [
    "ActionParseError",
    "DecodeError",
    "GameOverError",
    "IllegalActionError",
    "InvalidConfigError",
    "IslandGamesError",
    "LogFormatError",
    "NotYourTurnError",
    "ReplayDivergenceError",
    "SeatOutOfRangeError",
    "UnknownGameError",
    "UnsupportedRulesVersionError",
]


class IslandGamesError(Exception):
    """Root of every error this library raises on purpose."""


class IllegalActionError(IslandGamesError, ValueError):
    """The action is not legal in this state for this seat. The state is unchanged."""


class NotYourTurnError(IllegalActionError):
    """The seat is not among those the game is waiting on (and has no optional action)."""


class GameOverError(IllegalActionError):
    """The game is over; no further action is accepted."""


class InvalidConfigError(IslandGamesError, ValueError):
    """A game configuration is out of range or of the wrong type."""


class UnknownGameError(IslandGamesError, LookupError):
    """No game is registered under that id."""


class UnsupportedRulesVersionError(IslandGamesError, LookupError):
    """The game exists, but this engine never had that rules version of it (a log or a
    match from a newer engine, or a made-up version). Every version a game has shipped
    stays in the engine, so this never happens to a log the engine wrote itself."""

    def __init__(
        self,
        game: str,
        rules_version: object,
        known: tuple[str, ...],
        message: str | None = None,
    ) -> None:
        shown = rules_version if type(rules_version) is str and len(rules_version) <= 32 else (
            "(not shown)"
        )
        super().__init__(
            message
            if message is not None
            else f"{game} has no rules version {shown!r} (this engine has {', '.join(known)})"
        )
        self.game = game
        self.rules_version = shown
        self.known = known


class DecodeError(IslandGamesError, ValueError):
    """Bytes or wire data could not be decoded into the requested type."""


class ActionParseError(DecodeError):
    """An action's text or wire map names no action of the game, or gives it wrong
    fields (:meth:`Game.parse_action <islandgames.core.game.Game.parse_action>`)."""


class SeatOutOfRangeError(IslandGamesError, ValueError):
    """The seat is no seat of the state (an int 0..n-1, or None for a spectator where a
    spectator is allowed), or a view is drawn for a seat other than its own."""


class LogFormatError(DecodeError):
    """A replay log file is malformed (bad framing, missing header, wrong format)."""


class ReplayDivergenceError(IslandGamesError, ValueError):
    """Replaying a log did not reproduce what the log records."""

    def __init__(self, message: str, seq: int | None = None) -> None:
        super().__init__(message)
        self.seq = seq
