"""The RPC envelope, declared once: every operation of the match service, its
request and its result, on both protocols.

:data:`OPERATIONS` lists the operations (the MessagePack-RPC method, the gRPC RPC, their
parameters and messages); the messages are attrs classes whose fields carry their
protobuf numbers and docs (:mod:`islandgames.service.wiretypes`): the results in
:mod:`islandgames.service.results`, the requests and the log and verification messages
here. From them come ``protos/islandgames/v1/match_service.proto``
(``scripts/gen_protos.py``), the gRPC servicer's and both gRPC clients' conversions
(``islandgames_grpc.envelope``), the MessagePack-RPC server's method table and
``docs/protocol-reference.md`` (:func:`reference_markdown`); tests check that none of
them drifts from here.

>>> [op.method for op in OPERATIONS if op.rpc == "Act"]
['act']
>>> [f.name for f in fields_of(operation("create").request)]
['game', 'config', 'seed', 'rules_version', 'ai_seats']
"""

from __future__ import annotations

from typing import Annotated, Any

import attrs

from ..core.errors import DecodeError
from ..core.log import Divergence, LogParent, ReplayLog, Verification
from ..core.serde import to_wire as _serde_to_wire
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
    WatchStarted,
)
from .wiretypes import (
    ActionValue,
    ConfigValue,
    FieldSpec,
    GameValue,
    OutcomeValue,
    ProtoEnum,
    external_message,
    fields_of,
    message_spec,
    wire_field,
    wire_message,
)

__all__ = [
    "LOG_VIEWER",
    "MESSAGES",
    "OPERATIONS",
    "SERVICE_DOC",
    "VERIFY_STATUS",
    "Operation",
    "Section",
    "log_message",
    "log_records",
    "operation",
    "reference_markdown",
    "verification",
    "verification_message",
]

LOG_VIEWER = ProtoEnum(
    "LogViewer",
    "LOG_VIEWER",
    ("all", "seat", "spectator"),
    ("ALL", "SEAT", "SPECTATOR"),
    "Whom a log is for.",
    ("The full log.", "Redacted for `viewer_seat`.", "Redacted for a spectator."),
)
VERIFY_STATUS = ProtoEnum(
    "VerifyStatus",
    "VERIFY_STATUS",
    ("verified", "unfinished", "diverged"),
    ("VERIFIED", "UNFINISHED", "DIVERGED"),
    'The verdict on a log (docs/log-format.md, "Verification").',
    (
        "Every entry replayed from the revealed seed under the log's rules version; every "
        "hash, the chain and the end record's outcome equal to the replay's.",
        "Chain-consistent, but no seed yet: nothing was replayed.",
        "See `divergence`.",
    ),
)
# enum fields: None for 0 (unspecified), which protobuf sends for a field never set
LogViewerValue = Annotated[str | None, LOG_VIEWER]
VerifyStatusValue = Annotated[str | None, VERIFY_STATUS]


# --- games ------------------------------------------------------------------------------------


@wire_message("ListGamesRequest")
@attrs.frozen(slots=True)
class ListGamesRequest:
    pass


@wire_message(
    "GameInfo", "A game's contract: who plays, what kind of game it is, its config defaults."
)
@attrs.frozen(slots=True)
class GameInfo:
    """One game as ``games`` lists it (the plain form is a map of these fields)."""

    id: str = wire_field(1, 'The game id used by CreateMatch, e.g. "friday".')
    title: str = wire_field(2)
    rules_version: str = wire_field(3)
    min_seats: int = wire_field(4)
    max_seats: int = wire_field(5)
    roles: tuple[str, ...] = wire_field(6)
    chance: bool = wire_field(7)
    hidden_information: bool = wire_field(8)
    simultaneous: bool = wire_field(9)
    default_config: ConfigValue | None = wire_field(10)
    summary: str = wire_field(11)
    rules_versions: tuple[str, ...] = wire_field(
        12,
        "Every rules version the server can create, continue and verify, oldest first "
        "(`rules_version` is the newest).",
    )


@wire_message("ListGamesResponse")
@attrs.frozen(slots=True)
class ListGamesResponse:
    games: tuple[GameInfo, ...] = wire_field(1)


# --- matches ----------------------------------------------------------------------------------


@wire_message(
    "AiSeat",
    "A seat the server plays: the seat and a bot spec of the game, NAME or\n"
    'NAME:key=value,... (e.g. "heuristic", "mcts:iterations=200"), without a time budget.\n'
    "The server plays it whenever to_act lists it, deterministically from the seed.",
)
@attrs.frozen(slots=True)
class AiSeat:
    seat: int = wire_field(1)
    bot: str = wire_field(2)


@wire_message("CreateMatchRequest")
@attrs.frozen(slots=True)
class CreateMatchRequest:
    game: str = wire_field(1, "A game id from ListGames.")
    config: ConfigValue | None = wire_field(
        2,
        "The config (its oneof case must be this game); unset: the game's defaults. Fields "
        "left unset inside it take their defaults too.",
        default=None,
    )
    seed: str | None = wire_field(
        3,
        'Decimal ("5"), or hex with 0x ("0xc0ffee"); bare hex is refused. Unset: 128 bits '
        "drawn from the server's OS. The seed stays secret until the game is over.",
        default=None,
    )
    rules_version: str | None = wire_field(
        4, "One of the game's rules_versions from ListGames; unset: the newest.", default=None
    )
    ai_seats: tuple[AiSeat, ...] = wire_field(
        5,
        "Seats the server plays itself with a bot, each seat at most once (any order; all "
        "seats may be AI: a match that plays itself). Empty: every seat is a client's.",
        default=(),
    )


@wire_message("ActRequest")
@attrs.frozen(slots=True)
class ActRequest:
    token: str = wire_field(1)
    action: ActionValue | None = wire_field(
        2, "An action of the match's game; `ListLegalActions` lists the legal ones."
    )
    expected_seq: int | None = wire_field(
        3,
        "The number of actions the client knows were applied (the `seq` it last saw). If the "
        "match is elsewhere the call fails with ABORTED (STALE_SEQ, details current_seq) and "
        "nothing is applied, so a retried request never applies an action twice. Unset: no "
        "check.",
        default=None,
    )


@wire_message("GetViewRequest")
@attrs.frozen(slots=True)
class GetViewRequest:
    token: str = wire_field(1)


@wire_message("ListLegalActionsRequest")
@attrs.frozen(slots=True)
class ListLegalActionsRequest:
    token: str = wire_field(1)


@wire_message("GetStatusRequest")
@attrs.frozen(slots=True)
class GetStatusRequest:
    token: str = wire_field(1)


# --- watching ---------------------------------------------------------------------------------


@wire_message("WatchRequest")
@attrs.frozen(slots=True)
class WatchRequest:
    token: str = wire_field(1)
    after_seq: int | None = wire_field(
        2,
        "Replay the updates after this seq first (0 <= after_seq <= the current seq), so a "
        "client that reconnects misses nothing. Unset: only new updates.",
        default=None,
    )


@wire_message("WatchResponse")
@attrs.frozen(slots=True)
class WatchResponse:
    started: WatchStarted | None = wire_field(
        1, "Always the first message.", oneof="event", default=None
    )
    update: Update | None = wire_field(2, oneof="event", default=None)


# --- logs -------------------------------------------------------------------------------------


@wire_message("GetLogRequest")
@attrs.frozen(slots=True)
class GetLogRequest:
    token: str = wire_field(1)


@wire_message("LogHeader")
@attrs.frozen(slots=True)
class LogHeaderMessage:
    format: str = wire_field(1)
    format_version: int = wire_field(2)
    engine_version: str = wire_field(3)
    game: str = wire_field(4)
    rules_version: str = wire_field(5)
    config: ConfigValue | None = wire_field(
        6, "Every field set (the header's hash covers the whole config)."
    )
    seats: int = wire_field(7)
    seed_commitment: str = wire_field(8)
    initial_state_hash: str = wire_field(9)
    viewer: LogViewerValue = wire_field(10)
    viewer_seat: int | None = wire_field(11)
    parent: LogParent | None = wire_field(
        12, "Set for a forked log only (the header of a log that is not a fork has no parent)."
    )
    ai_seats: tuple[AiSeat, ...] = wire_field(
        13,
        "The seats the server played, in seat order (empty for a match without AI seats: "
        "then the log's header has no ai_seats key).",
    )


@wire_message("LogEntry")
@attrs.frozen(slots=True)
class LogEntryMessage:
    seq: int = wire_field(1)
    seat: int = wire_field(2)
    action: ActionValue | None = wire_field(
        3, "Unset when masked for this log's viewer (a partly masked action is set)."
    )
    salt: str | None = wire_field(4, "Unset when masked.")
    action_commitment: str = wire_field(5)
    state_hash: str = wire_field(6)
    chain_hash: str = wire_field(7)


@wire_message("LogEnd")
@attrs.frozen(slots=True)
class LogEndMessage:
    seed: str = wire_field(1, "The revealed seed, 64 hex digits.")
    outcome: OutcomeValue | None = wire_field(2)


@wire_message("Log", "A replay log (docs/log-format.md), record for record.")
@attrs.frozen(slots=True)
class LogMessage:
    header: LogHeaderMessage | None = wire_field(1)
    entries: tuple[LogEntryMessage, ...] = wire_field(2)
    end: LogEndMessage | None = wire_field(3, "Set once the game is over (full logs only).")


@wire_message("GetLogResponse")
@attrs.frozen(slots=True)
class GetLogResponse:
    log: LogMessage | None = wire_field(1)


@wire_message(
    "VerifyLogRequest",
    oneof_docs={
        "log": "The log to verify: as returned by GetLog, or the bytes of a log file.",
        "full_log": "Optional: check `log` as a redacted log against this full log.",
    },
)
@attrs.frozen(slots=True)
class VerifyLogRequest:
    log_records: LogMessage | None = wire_field(1, oneof="log", default=None)
    log_file: bytes | None = wire_field(2, oneof="log", default=None)
    full_records: LogMessage | None = wire_field(3, oneof="full_log", default=None)
    full_file: bytes | None = wire_field(4, oneof="full_log", default=None)


external_message(
    Divergence,
    "Divergence",
    "The first place where a log disagrees with itself or with the engine.",
    {"seq": (1, "0: the header."), "what": (2, ""), "expected": (3, ""), "found": (4, "")},
)


@wire_message(
    "VerifyLogResponse",
    reserved_numbers=(1, 2),
    reserved_names=("ok", "replayed"),
    reserved_doc="ok and replayed (before 0.2.0) could be misread; status replaces both.",
)
@attrs.frozen(slots=True)
class VerifyLogResponse:
    status: VerifyStatusValue = wire_field(6)
    entries: int = wire_field(3)
    divergence: Divergence | None = wire_field(4, "Set when diverged: the first divergent place.")
    outcome: OutcomeValue | None = wire_field(
        5, "Set when verified and the log has an end record: the replayed outcome."
    )
    viewer: LogViewerValue = wire_field(7, "Whom the verified log is for.")
    viewer_seat: int | None = wire_field(8)


# --- time travel ------------------------------------------------------------------------------


@wire_message("StateAtRequest")
@attrs.frozen(slots=True)
class StateAtRequest:
    token: str = wire_field(1)
    seq: int = wire_field(
        2,
        "0 (the initial state) to the match's current seq; a larger or negative one is "
        "INVALID_ARGUMENT (details: current_seq).",
    )
    full: bool = wire_field(
        3,
        "The whole state instead of the token's view: only once the game is over "
        "(FAILED_PRECONDITION, GAME_NOT_OVER, while it runs).",
        default=False,
    )


@wire_message("ForkRequest")
@attrs.frozen(slots=True)
class ForkRequest:
    token: str = wire_field(1, "Any token of a finished match.")
    seq: int = wire_field(2, "Fork after this entry: 0 to the match's seq.")


# --- layouts ----------------------------------------------------------------------------------


@wire_message("GetLayoutRequest")
@attrs.frozen(slots=True)
class GetLayoutRequest:
    game: str = wire_field(1, "A game id from ListGames.")
    rules_version: str | None = wire_field(
        2, "One of the game's rules_versions; unset: the newest.", default=None
    )


@wire_message("GetMatchLayoutRequest")
@attrs.frozen(slots=True)
class GetMatchLayoutRequest:
    token: str = wire_field(1, "Any token of the match (a spectator's too).")


# --- transport --------------------------------------------------------------------------------


@wire_message("EchoRequest")
@attrs.frozen(slots=True)
class EchoRequest:
    payload: bytes = wire_field(1, default=b"")


@wire_message("EchoResponse")
@attrs.frozen(slots=True)
class EchoResponse:
    payload: bytes = wire_field(1, default=b"")


# --- the operations ---------------------------------------------------------------------------


@attrs.frozen
class Section:
    """A group of messages in ``match_service.proto`` (and of the reference)."""

    title: str
    messages: tuple[type | ProtoEnum, ...]


#: Every envelope message and enum, in the order of ``match_service.proto``.
MESSAGES: tuple[Section, ...] = (
    Section("games", (ListGamesRequest, ListGamesResponse, GameInfo)),
    Section(
        "matches",
        (
            CreateMatchRequest,
            AiSeat,
            SeatToken,
            Created,
            ActRequest,
            ActResult,
            GetViewRequest,
            ViewResult,
            ListLegalActionsRequest,
            LegalActions,
            GetStatusRequest,
            SeatInfo,
            Status,
        ),
    ),
    Section("watching", (WatchRequest, WatchResponse, WatchStarted, Update)),
    Section(
        "logs",
        (
            GetLogRequest,
            GetLogResponse,
            LogMessage,
            LOG_VIEWER,
            LogParent,
            LogHeaderMessage,
            LogEntryMessage,
            LogEndMessage,
            VerifyLogRequest,
            Divergence,
            VERIFY_STATUS,
            VerifyLogResponse,
        ),
    ),
    Section("time travel", (StateAtRequest, StateAtResult, ForkRequest, Forked)),
    Section("layouts", (GetLayoutRequest, GetMatchLayoutRequest, LayoutResult)),
    Section("transport", (EchoRequest, EchoResponse)),
)


@attrs.frozen
class Operation:
    """One operation of the match service. ``method`` and ``params``: its
    MessagePack-RPC method and positional parameters (the first ``required`` of them
    must be given; ``threaded``: the server runs it in a worker thread); ``rpc``,
    ``request`` and ``response``: its gRPC RPC and messages (``streaming``: the server
    streams ``response``); ``result``: the class both Python clients return (None:
    plain data). Either side may be None: an operation of one protocol only."""

    method: str | None
    params: tuple[str, ...]
    required: int
    rpc: str | None
    request: type | None
    response: type | None
    doc: str
    result: type | None = None
    threaded: bool = False
    streaming: bool = False


#: What the service says of itself at the top of ``match_service.proto``.
SERVICE_DOC = "One RPC per operation of the islandgames MatchService."

#: Every operation, in the order of the gRPC service (then the MessagePack-RPC only ones).
OPERATIONS: tuple[Operation, ...] = (
    Operation(
        "games",
        (),
        0,
        "ListGames",
        ListGamesRequest,
        ListGamesResponse,
        "Every game this server has, with its rules version, seats and default config.",
    ),
    Operation(
        "create",
        ("game", "config", "seed", "rules_version", "ai_seats"),
        1,
        "CreateMatch",
        CreateMatchRequest,
        Created,
        "Starts a match and returns its tokens (the only time they are given).",
        Created,
    ),
    Operation(
        "act",
        ("token", "action", "expected_seq"),
        2,
        "Act",
        ActRequest,
        ActResult,
        "Applies an action for the token's seat. It is stored before the response is sent.",
        ActResult,
    ),
    Operation(
        "view",
        ("token",),
        1,
        "GetView",
        GetViewRequest,
        ViewResult,
        "The token's view of the current state.",
        ViewResult,
    ),
    Operation(
        "legal_actions",
        ("token",),
        1,
        "ListLegalActions",
        ListLegalActionsRequest,
        LegalActions,
        "The token's seat's legal actions now, in the game's fixed order.",
        LegalActions,
    ),
    Operation(
        "status",
        ("token",),
        1,
        "GetStatus",
        GetStatusRequest,
        Status,
        "Public facts about the token's match, and who the token is.",
        Status,
    ),
    Operation(
        "watch",
        ("token", "after_seq"),
        1,
        "Watch",
        WatchRequest,
        WatchResponse,
        "A `started` message, then one `update` per applied action as the token may see it,\n"
        "in seq order; the stream ends after the update with `over` set.",
        streaming=True,
    ),
    Operation(
        "log",
        ("token",),
        1,
        "GetLog",
        GetLogRequest,
        GetLogResponse,
        "The match's log: redacted for the token's seat while the game runs, the full log\n"
        "with the revealed seed for every token once it is over.",
        threaded=True,
    ),
    Operation(
        "verify",
        ("log", "full"),
        1,
        "VerifyLog",
        VerifyLogRequest,
        VerifyLogResponse,
        "Verifies a log sent by anyone (no token): hash chain, commitments, and a replay\n"
        "under the log's rules version when the seed is revealed. One of three verdicts.",
        threaded=True,
    ),
    Operation(
        "echo",
        ("value",),
        0,
        "Echo",
        EchoRequest,
        EchoResponse,
        "Returns its payload and does nothing else (measures the transport).",
    ),
    Operation(
        "state_at",
        ("token", "seq", "full"),
        2,
        "StateAt",
        StateAtRequest,
        StateAtResult,
        "The match as it was after entry `seq` (0: the initial state): the token's seat's\n"
        "view then (a spectator's for a spectator token), or, with `full` once the game is\n"
        "over, the whole state.",
        StateAtResult,
        threaded=True,
    ),
    Operation(
        "fork",
        ("token", "seq"),
        2,
        "Fork",
        ForkRequest,
        Forked,
        "A new match from a finished match's history up to `seq`, with new tokens; its log\n"
        "header names the parent.",
        Forked,
        threaded=True,
    ),
    Operation(
        "layout",
        ("game", "rules_version"),
        1,
        "GetLayout",
        GetLayoutRequest,
        LayoutResult,
        "A game's layout (no token): what a client needs to draw it, such as a board's\n"
        "squares and coordinates, the places, the cards' texts.",
        LayoutResult,
    ),
    Operation(
        "match_layout",
        ("token",),
        1,
        "GetMatchLayout",
        GetMatchLayoutRequest,
        LayoutResult,
        "The layout of the token's match: the game's, with what is fixed for this match\n"
        "(e.g. Forbidden Island's tile on each island space). The same for every token.",
        LayoutResult,
    ),
    Operation(
        "server_info",
        (),
        0,
        None,
        None,
        None,
        "The protocol, its version, the engine version, the largest message and the methods.",
    ),
    Operation(
        "unwatch",
        ("subscription",),
        1,
        None,
        None,
        None,
        "Ends a watch of this connection; false if there was no such watch.",
    ),
)


def operation(name: str) -> Operation:
    """The operation with MessagePack-RPC method or gRPC RPC ``name`` (KeyError if none)."""
    for op in OPERATIONS:
        if name in (op.method, op.rpc):
            return op
    raise KeyError(name)


# --- the log and the verdict as messages -------------------------------------------------------


def _viewer_fields(viewer: Any) -> tuple[str, int | None]:
    if viewer == "all":
        return "all", None
    if viewer is None:
        return "spectator", None
    return "seat", viewer


def _viewer(value: str | None, seat: int | None) -> Any:
    """A log's viewer from its message fields (``all``, a seat, or None: spectator)."""
    if value == "spectator":
        return None
    if value == "seat":
        return seat
    return "all"


def log_message(log: ReplayLog) -> LogMessage:
    """A log as the gRPC ``Log`` message holds it (the plain form: its records)."""
    h = log.header
    viewer, viewer_seat = _viewer_fields(log.viewer)
    ai_seats = tuple(AiSeat(a.seat, a.bot) for a in h.ai_seats or ())
    header = LogHeaderMessage(
        h.format,
        h.format_version,
        h.engine_version,
        h.game,
        h.rules_version,
        h.config,
        h.seats,
        h.seed_commitment,
        h.initial_state_hash,
        viewer,
        viewer_seat,
        h.parent,
        ai_seats,
    )
    entries = tuple(
        LogEntryMessage(
            e.seq, e.seat, e.action, e.salt, e.action_commitment, e.state_hash, e.chain_hash
        )
        for e in log.entries
    )
    end = None
    if log.end is not None:
        outcome = log.end.outcome
        end = LogEndMessage(log.end.seed, None if outcome is None else dict(outcome))
    return LogMessage(header, entries, end)


def log_records(log: LogMessage) -> list[dict[str, Any]]:
    """A ``Log`` message as the list of log records the service reads: keys in a log
    file's order (``parent`` and ``ai_seats`` only where a file has them)."""
    h = log.header
    if h is None:
        raise DecodeError("log: header is not set")
    if h.viewer is None:
        raise DecodeError("log header: viewer is not set")
    header: dict[str, Any] = {
        "type": "header",
        "format": h.format,
        "format_version": h.format_version,
        "engine_version": h.engine_version,
        "game": h.game,
        "rules_version": h.rules_version,
        "config": h.config,
        "seats": h.seats,
        "seed_commitment": h.seed_commitment,
        "initial_state_hash": h.initial_state_hash,
    }
    if h.parent is not None:  # a forked log: parent just before viewer, as in a file
        p = h.parent
        header["parent"] = {"match": p.match, "seq": p.seq, "chain_hash": p.chain_hash}
    if h.ai_seats:  # a match with AI seats: after parent, just before viewer, as in a file
        header["ai_seats"] = [{"seat": a.seat, "bot": a.bot} for a in h.ai_seats]
    header["viewer"] = _viewer(h.viewer, h.viewer_seat)
    records = [header]
    for e in log.entries:
        records.append(
            {
                "type": "entry",
                "seq": e.seq,
                "seat": e.seat,
                "action": e.action,
                "salt": e.salt,
                "action_commitment": e.action_commitment,
                "state_hash": e.state_hash,
                "chain_hash": e.chain_hash,
            }
        )
    if log.end is not None:
        records.append({"type": "end", "seed": log.end.seed, "outcome": log.end.outcome})
    return records


def verification_message(v: Verification) -> VerifyLogResponse:
    """A verdict as the gRPC ``VerifyLogResponse`` holds it."""
    viewer, viewer_seat = _viewer_fields(v.viewer)
    outcome = None if v.outcome is None else _serde_to_wire(v.outcome)
    return VerifyLogResponse(v.status, v.entries, v.divergence, outcome, viewer, viewer_seat)


def verification(m: VerifyLogResponse) -> Verification:
    """The verdict a ``VerifyLogResponse`` holds (:class:`DecodeError` for an unknown
    status)."""
    from ..core import serde
    from ..core.game import Outcome

    if m.status not in VERIFY_STATUS.values:
        raise DecodeError("the server sent an unknown verification status")
    outcome = None if m.outcome is None else serde.from_wire(m.outcome, Outcome)
    viewer = _viewer(m.viewer, m.viewer_seat)
    return Verification(m.status, m.entries, viewer, m.divergence, outcome)  # type: ignore[arg-type]


# --- the reference ----------------------------------------------------------------------

_REFERENCE_INTRO = """\
# Protocol reference

<!-- Generated from islandgames.service.envelope by `python scripts/gen_protos.py`.
     DO NOT EDIT: change the declarations and regenerate (a test fails on any drift). -->

Every operation of the match service and every field of its messages, on both protocols,
from the one declaration the servers, the clients and `match_service.proto` are made
from. How to call them: [MessagePack-RPC](protocol-msgpack.md) (positional params, results
as maps with the fields below) and [gRPC](protocol-grpc.md) (the messages below, in
package `islandgames.v1`). Game values (`GameView`, `GameAction`, `GameState`,
`GameConfig`, `GameLayout`) are each game's own messages, one oneof over the games in
`games.proto`; `Outcome` is in `common.proto` ([gRPC](protocol-grpc.md)).
"""


def _md(text: str) -> str:
    return " ".join(text.replace("|", "\\|").split())


def _type_md(f: FieldSpec) -> str:
    base = f.base
    if isinstance(base, GameValue):
        # Outcome (common.proto) or a oneof over the games (games.proto)
        return ("repeated " if f.repeated else "") + f"`{base.proto_type}`"
    if isinstance(base, ProtoEnum) or f.is_message:
        name = base.name if isinstance(base, ProtoEnum) else message_spec(base).name
        return ("repeated " if f.repeated else "") + f"[`{name}`](#{name.lower()})"
    return f"`{f.proto_type}`"


def _plain_md(f: FieldSpec) -> str:
    """How the field travels in a MessagePack-RPC result."""
    if f.oneof is not None:
        return "a key of its own when set"
    if f.omit_none:
        return "absent when unset"
    if f.optional:
        return "nil when unset"
    return "always"


def _on_msgpack() -> set[type]:
    """The messages MessagePack-RPC results are maps of (and those inside them)."""
    seen: set[type] = set()
    todo = [op.result for op in OPERATIONS if op.result is not None]
    todo += [Update, WatchStarted]
    while todo:
        cls = todo.pop()
        if cls in seen:
            continue
        seen.add(cls)
        todo += [f.base for f in fields_of(cls) if f.is_message]
    return seen


def _operations_md() -> list[str]:
    lines = [
        "## Operations",
        "",
        "| MessagePack-RPC | gRPC | what it does |",
        "|---|---|---|",
    ]
    for op in OPERATIONS:
        if op.method is None:
            msgpack = "(gRPC only)"
        else:
            params = [p if i < op.required else p + "?" for i, p in enumerate(op.params)]
            msgpack = f"`{op.method}({', '.join(params)})`"
            if op.result is not None:
                msgpack += f" → [`{op.result.__name__}`](#{message_spec(op.result).name.lower()})"
        if op.rpc is None or op.request is None or op.response is None:
            grpc = "(MessagePack-RPC only)"
        else:
            request, response = message_spec(op.request).name, message_spec(op.response).name
            stream = "stream " if op.streaming else ""
            grpc = (
                f"`{op.rpc}`([`{request}`](#{request.lower()})) → "
                f"{stream}[`{response}`](#{response.lower()})"
            )
        lines.append(f"| {msgpack} | {grpc} | {_md(op.doc)} |")
    return [*lines, ""]


def _message_md(cls: type, msgpack: bool) -> list[str]:
    spec = message_spec(cls)
    lines = [f"### {spec.name}", ""]
    if cls.__name__ != spec.name:
        lines += [f"Python: `islandgames.service.{cls.__name__}`.", ""]
    if spec.doc:
        lines += [_md(spec.doc), ""]
    if not spec.fields:
        return [*lines, "No fields.", ""]
    head = "| field | number | protobuf type | meaning |"
    rule = "|---|---|---|---|"
    if msgpack:
        head, rule = head[:-1] + "| in a MessagePack-RPC result |", rule + "---|"
    lines += [head, rule]
    for f in spec.fields:
        meaning = _md(f.doc)
        if f.oneof is not None:
            meaning = f"(oneof `{f.oneof}`) {meaning}".rstrip()
        label = f"{f.label} " if f.label else ""
        row = f"| `{f.name}` | {f.number} | {label}{_type_md(f)} | {meaning} |"
        if msgpack:
            row += f" {_plain_md(f)} |"
        lines.append(row)
    if spec.reserved_numbers:
        numbers = ", ".join(str(n) for n in spec.reserved_numbers)
        lines += ["", f"Reserved (never reused): {numbers}. {_md(spec.reserved_doc)}".rstrip()]
    return [*lines, ""]


def _enum_md(enum: ProtoEnum) -> list[str]:
    lines = [f"### {enum.name}", "", _md(enum.doc), ""] if enum.doc else [f"### {enum.name}", ""]
    lines += ["| number | protobuf | string form (Python) | meaning |", "|---|---|---|---|"]
    lines.append(f"| 0 | `{enum.prefix}_UNSPECIFIED` | | never sent |")
    docs = enum.docs or ("",) * len(enum.values)
    for i, (value, name, doc) in enumerate(zip(enum.values, enum.names, docs, strict=True)):
        lines.append(f'| {i + 1} | `{enum.prefix}_{name}` | `"{value}"` | {_md(doc)} |')
    return [*lines, ""]


def reference_markdown() -> str:
    """``docs/protocol-reference.md``: every operation and every message field of the
    envelope, on both protocols (generated; a test keeps the file equal to this).

    >>> "| `act(token, action, expected_seq?)`" in reference_markdown()
    True
    """
    lines = [_REFERENCE_INTRO, *_operations_md()]
    on_msgpack = _on_msgpack()
    for section in MESSAGES:
        lines += [f"## {section.title.capitalize()}", ""]
        for m in section.messages:
            if isinstance(m, ProtoEnum):
                lines += _enum_md(m)
            else:
                lines += _message_md(m, m in on_msgpack)
    return "\n".join(lines).rstrip("\n") + "\n"
