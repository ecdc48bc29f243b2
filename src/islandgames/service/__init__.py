"""Serving matches: the :class:`MatchService`, tokens, stores and wire error codes.

See ``docs/service.md`` for the model (tokens, store, durability) and
``docs/protocol-msgpack.md`` for the MessagePack-RPC adapter built on it.
:class:`MatchClient` is the one client interface of every transport (in process:
:class:`LocalClient`).
"""

from .client import (
    ActionInput,
    ConfigInput,
    LocalClient,
    LocalWatch,
    LogInput,
    MatchClient,
    MatchWatch,
    WatchStarted,
    WireAction,
    WireConfig,
    WireGameInfo,
    WireRecord,
)
from .errors import (
    ERROR_CODES,
    CorruptMatchError,
    ErrorCode,
    GameNotOverError,
    InternalError,
    InvalidArgumentError,
    InvalidTokenError,
    OverloadedError,
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
from .results import (
    ActResult,
    Created,
    Forked,
    LayoutResult,
    LegalActions,
    SeatInfo,
    SeatToken,
    StateAtResult,
    Status,
    Update,
    ViewResult,
)
from .service import MatchService
from .sqlite import SqliteStore
from .store import MatchRecord, MatchStore, MemoryStore, Snapshot, StoredMatch, TokenRow
from .stores import open_store
from .transfer import CopyReport, copy_matches
from .watch import LoopFanout, Subscription, WatchChannel

__all__ = [
    "ERROR_CODES",
    "ActResult",
    "ActionInput",
    "ConfigInput",
    "CopyReport",
    "CorruptMatchError",
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
    "LoopFanout",
    "LocalClient",
    "LocalWatch",
    "LogInput",
    "OverloadedError",
    "MatchClient",
    "MatchRecord",
    "MatchService",
    "MatchStore",
    "MatchWatch",
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
    "WatchChannel",
    "WatchStarted",
    "WireAction",
    "WireConfig",
    "WireGameInfo",
    "WireRecord",
    "copy_matches",
    "error_code",
    "error_from_wire",
    "error_to_wire",
    "open_store",
]
