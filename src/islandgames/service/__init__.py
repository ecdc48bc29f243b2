"""Serving matches: the :class:`MatchService`, tokens, stores and wire error codes.

See ``docs/service.md`` for the model (tokens, store, durability) and
``docs/protocol-msgpack.md`` for the MessagePack-RPC adapter built on it.
"""

from .errors import (
    ERROR_CODES,
    CorruptMatchError,
    ErrorCode,
    GameNotOverError,
    InternalError,
    InvalidArgumentError,
    InvalidTokenError,
    PermissionDeniedError,
    ProtocolError,
    SeqConflictError,
    ServiceError,
    StaleSeqError,
    StoreError,
    UnknownMatchError,
    error_code,
    error_from_wire,
    error_to_wire,
)
from .journal import JournalError
from .service import (
    ActResult,
    Created,
    Forked,
    LayoutResult,
    LegalActions,
    MatchService,
    SeatInfo,
    SeatToken,
    StateAtResult,
    Status,
    Subscription,
    Update,
    ViewResult,
)
from .sqlite import SqliteStore
from .store import MatchRecord, MatchStore, MemoryStore, Snapshot, StoredMatch, TokenRow
from .stores import open_store
from .transfer import CopyReport, copy_matches

__all__ = [
    "ERROR_CODES",
    "ActResult",
    "CorruptMatchError",
    "CopyReport",
    "Created",
    "ErrorCode",
    "Forked",
    "GameNotOverError",
    "InternalError",
    "InvalidArgumentError",
    "InvalidTokenError",
    "JournalError",
    "LayoutResult",
    "LegalActions",
    "MatchRecord",
    "MatchService",
    "MatchStore",
    "MemoryStore",
    "PermissionDeniedError",
    "ProtocolError",
    "SeatInfo",
    "SeatToken",
    "SeqConflictError",
    "ServiceError",
    "Snapshot",
    "SqliteStore",
    "StaleSeqError",
    "StateAtResult",
    "Status",
    "StoreError",
    "StoredMatch",
    "Subscription",
    "TokenRow",
    "UnknownMatchError",
    "Update",
    "ViewResult",
    "copy_matches",
    "error_code",
    "error_from_wire",
    "error_to_wire",
    "open_store",
]
