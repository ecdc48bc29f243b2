"""The service's errors and their stable codes on the wire.

The service adds a few errors to the engine's tree (all under
:class:`~islandgames.core.errors.IslandGamesError`). Every error an adapter sends is
``{"code": str, "message": str, "details": map}``; :func:`error_to_wire` makes it and
:func:`error_from_wire` turns it back into the same exception class on the client side.

>>> wire = error_to_wire(StaleSeqError(3, 5))
>>> wire["code"], wire["details"]
('STALE_SEQ', {'current_seq': 5})
>>> exc = error_from_wire(wire)
>>> isinstance(exc, StaleSeqError), exc.current_seq
(True, 5)
>>> error_to_wire(KeyError("secret"))["message"]
'internal error'
"""

from __future__ import annotations

from typing import Any

import attrs

from ..core.errors import (
    DecodeError,
    GameOverError,
    IllegalActionError,
    InvalidConfigError,
    IslandGamesError,
    LogFormatError,
    NotYourTurnError,
    ReplayDivergenceError,
    UnknownGameError,
    UnsupportedRulesVersionError,
)

__all__ = [
    "ERROR_CODES",
    "CorruptMatchError",
    "ErrorCode",
    "GameNotOverError",
    "InternalError",
    "InvalidArgumentError",
    "InvalidTokenError",
    "OverloadedError",
    "PermissionDeniedError",
    "ProtocolError",
    "SeqConflictError",
    "ServiceError",
    "StaleSeqError",
    "StoreError",
    "UnknownMatchError",
    "error_code",
    "error_details",
    "error_from_wire",
    "error_to_wire",
]


class ServiceError(IslandGamesError):
    """Root of the errors the match service and its adapters add."""


class InvalidTokenError(ServiceError, PermissionError):
    """The token is not one the service issued (or is not a string)."""


class PermissionDeniedError(ServiceError, PermissionError):
    """The token is valid but its seat may not do this (a spectator acting, a seat
    asking for the full log of a running game)."""


class GameNotOverError(PermissionDeniedError):
    """The request needs a finished game: the full state at a seq (``state_at`` with
    ``full``) or a fork, while the match still runs (it would need the secret seed)."""


class UnknownMatchError(ServiceError, LookupError):
    """No match with that id is in the store."""


class StaleSeqError(IllegalActionError):
    """``expected_seq`` is not the match's current seq; nothing was applied."""

    def __init__(self, expected: int | None, current_seq: int, message: str | None = None):
        super().__init__(
            message
            if message is not None
            else f"stale expected_seq {expected}: the match is at seq {current_seq}"
        )
        self.expected = expected
        self.current_seq = current_seq


class InvalidArgumentError(ServiceError, ValueError):
    """A request parameter has the wrong type or shape. ``details`` travel with it
    (e.g. ``current_seq`` for a seq beyond the match's)."""

    def __init__(self, message: str, details: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.details: dict[str, Any] = {} if details is None else dict(details)


class StoreError(ServiceError, RuntimeError):
    """The store failed (I/O, a constraint, an unreadable record)."""


class SeqConflictError(StoreError):
    """A store refused an entry because its seq is taken (another writer appended
    first) or does not follow the last one. The service turns it into
    :class:`StaleSeqError`; ``current_seq`` is the store's seq if it was read."""

    def __init__(self, message: str, current_seq: int | None = None) -> None:
        super().__init__(message)
        self.current_seq = current_seq


class CorruptMatchError(StoreError):
    """A stored match did not reproduce its recorded hashes when loaded."""

    def __init__(self, message: str, seq: int | None = None) -> None:
        super().__init__(message)
        self.seq = seq


class ProtocolError(ServiceError, ValueError):
    """A transport-level error: bad frame, bad request, unknown method, overload."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


class OverloadedError(ProtocolError):
    """The server is at one of its bounds for the work asked (e.g. AI seats' calls in
    flight, in all or from one address): nothing was done, try again later. Code
    ``OVERLOADED`` (gRPC: RESOURCE_EXHAUSTED); ``details`` names the limit."""

    def __init__(self, message: str, details: dict[str, Any] | None = None) -> None:
        super().__init__("OVERLOADED", message)
        self.details: dict[str, Any] = {} if details is None else dict(details)


class InternalError(ServiceError, RuntimeError):
    """An unexpected failure inside the server; the message says no more."""


@attrs.frozen(slots=True)
class ErrorCode:
    """One wire error code: the exception class it stands for and the closest gRPC
    status (for adapters that need one)."""

    code: str
    exception: type[IslandGamesError]
    grpc_status: str
    meaning: str


#: Most specific first: :func:`error_code` takes the first class the error is an
#: instance of.
ERROR_CODES: tuple[ErrorCode, ...] = (
    ErrorCode("STALE_SEQ", StaleSeqError, "ABORTED", "expected_seq is not the current seq"),
    ErrorCode("GAME_OVER", GameOverError, "FAILED_PRECONDITION", "the game is over"),
    ErrorCode(
        "NOT_YOUR_TURN", NotYourTurnError, "FAILED_PRECONDITION", "the seat has no decision now"
    ),
    ErrorCode(
        "ILLEGAL_ACTION", IllegalActionError, "INVALID_ARGUMENT", "the action is not legal now"
    ),
    ErrorCode("INVALID_CONFIG", InvalidConfigError, "INVALID_ARGUMENT", "bad game config"),
    ErrorCode("UNKNOWN_GAME", UnknownGameError, "NOT_FOUND", "no game has that id"),
    ErrorCode(
        "UNSUPPORTED_RULES_VERSION",
        UnsupportedRulesVersionError,
        "FAILED_PRECONDITION",
        "this engine never had that rules version of the game",
    ),
    ErrorCode("UNKNOWN_MATCH", UnknownMatchError, "NOT_FOUND", "no match has that id"),
    ErrorCode("LOG_FORMAT", LogFormatError, "INVALID_ARGUMENT", "the log is malformed"),
    ErrorCode("DECODE_ERROR", DecodeError, "INVALID_ARGUMENT", "wire data did not decode"),
    ErrorCode(
        "REPLAY_DIVERGENCE", ReplayDivergenceError, "DATA_LOSS", "a replay did not reproduce"
    ),
    ErrorCode("UNAUTHENTICATED", InvalidTokenError, "UNAUTHENTICATED", "unknown token"),
    ErrorCode(
        "GAME_NOT_OVER",
        GameNotOverError,
        "FAILED_PRECONDITION",
        "only once the game is over (full state_at, fork)",
    ),
    ErrorCode("PERMISSION_DENIED", PermissionDeniedError, "PERMISSION_DENIED", "the seat may not"),
    ErrorCode("INVALID_ARGUMENT", InvalidArgumentError, "INVALID_ARGUMENT", "bad parameter"),
    ErrorCode("CORRUPT_MATCH", CorruptMatchError, "DATA_LOSS", "a stored match is corrupt"),
    ErrorCode("STORE_ERROR", StoreError, "UNAVAILABLE", "the store failed"),
    ErrorCode("INTERNAL", InternalError, "INTERNAL", "unexpected server failure"),
    ErrorCode("ERROR", IslandGamesError, "UNKNOWN", "any other library error"),
)

#: Transport codes, all raised client-side as :class:`ProtocolError`.
PROTOCOL_CODES: tuple[str, ...] = (
    "METHOD_NOT_FOUND",
    "INVALID_REQUEST",
    "MALFORMED_FRAME",
    "FRAME_TOO_LARGE",
    "OVERLOADED",
)

_BY_CODE: dict[str, ErrorCode] = {e.code: e for e in ERROR_CODES}


def error_code(exc: BaseException) -> str:
    """The wire code of ``exc`` (``INTERNAL`` for anything outside the tree)."""
    if isinstance(exc, ProtocolError):
        return exc.code
    for entry in ERROR_CODES:
        if isinstance(exc, entry.exception):
            return entry.code
    return "INTERNAL"


def error_details(exc: BaseException) -> dict[str, Any]:
    """The structured details of ``exc``: ``current_seq`` of a stale act, ``seq`` of a
    divergence, or what a remote error carried."""
    if isinstance(exc, StaleSeqError):
        return {"current_seq": exc.current_seq}
    if isinstance(exc, ReplayDivergenceError | CorruptMatchError) and exc.seq is not None:
        return {"seq": exc.seq}
    if isinstance(exc, UnsupportedRulesVersionError):
        return {"game": exc.game, "rules_version": exc.rules_version, "known": list(exc.known)}
    details = getattr(exc, "details", None)
    return dict(details) if isinstance(details, dict) else {}


def error_to_wire(exc: BaseException) -> dict[str, Any]:
    """``{"code", "message", "details"}`` for ``exc``. Errors outside the library's
    tree (bugs) become ``INTERNAL`` with a fixed message, so nothing leaks."""
    code = error_code(exc)
    if not isinstance(exc, IslandGamesError) or isinstance(exc, InternalError):
        return {"code": "INTERNAL", "message": "internal error", "details": {}}
    return {"code": code, "message": str(exc), "details": error_details(exc)}


def error_from_wire(data: Any) -> IslandGamesError:
    """The exception an error map stands for (the same class the server raised, as
    far as the code tells). ``details`` is kept on the exception as ``.details``."""
    if type(data) is not dict:
        return ProtocolError("INVALID_REQUEST", f"malformed error object: {data!r}")
    code = data.get("code")
    message = data.get("message")
    details = data.get("details")
    code = code if isinstance(code, str) else "ERROR"
    message = message if isinstance(message, str) else repr(data)
    details = details if isinstance(details, dict) else {}
    exc: IslandGamesError
    entry = _BY_CODE.get(code)
    if code in PROTOCOL_CODES or entry is None:
        exc = ProtocolError(code, message) if code in PROTOCOL_CODES else ServiceError(message)
    elif entry.exception is StaleSeqError:
        current = details.get("current_seq")
        exc = StaleSeqError(None, current if isinstance(current, int) else -1, message)
    elif entry.exception is ReplayDivergenceError:
        seq = details.get("seq")
        exc = ReplayDivergenceError(message, seq if isinstance(seq, int) else None)
    elif entry.exception is UnsupportedRulesVersionError:
        game, known = details.get("game"), details.get("known")
        exc = UnsupportedRulesVersionError(
            game if isinstance(game, str) else "?",
            details.get("rules_version"),
            tuple(k for k in known if isinstance(k, str)) if isinstance(known, list) else (),
            message,
        )
    elif entry.exception is CorruptMatchError:
        seq = details.get("seq")
        exc = CorruptMatchError(message, seq if isinstance(seq, int) else None)
    else:
        exc = entry.exception(message)
    exc.details = details  # type: ignore[attr-defined]
    exc.code = code  # type: ignore[attr-defined]
    return exc
