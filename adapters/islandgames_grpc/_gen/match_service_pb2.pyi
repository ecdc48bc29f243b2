from . import common_pb2 as _common_pb2
from . import games_pb2 as _games_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class LogViewer(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    LOG_VIEWER_UNSPECIFIED: _ClassVar[LogViewer]
    LOG_VIEWER_ALL: _ClassVar[LogViewer]
    LOG_VIEWER_SEAT: _ClassVar[LogViewer]
    LOG_VIEWER_SPECTATOR: _ClassVar[LogViewer]

class VerifyStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    VERIFY_STATUS_UNSPECIFIED: _ClassVar[VerifyStatus]
    VERIFY_STATUS_VERIFIED: _ClassVar[VerifyStatus]
    VERIFY_STATUS_UNFINISHED: _ClassVar[VerifyStatus]
    VERIFY_STATUS_DIVERGED: _ClassVar[VerifyStatus]
LOG_VIEWER_UNSPECIFIED: LogViewer
LOG_VIEWER_ALL: LogViewer
LOG_VIEWER_SEAT: LogViewer
LOG_VIEWER_SPECTATOR: LogViewer
VERIFY_STATUS_UNSPECIFIED: VerifyStatus
VERIFY_STATUS_VERIFIED: VerifyStatus
VERIFY_STATUS_UNFINISHED: VerifyStatus
VERIFY_STATUS_DIVERGED: VerifyStatus

class ListGamesRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ListGamesResponse(_message.Message):
    __slots__ = ("games",)
    GAMES_FIELD_NUMBER: _ClassVar[int]
    games: _containers.RepeatedCompositeFieldContainer[GameInfo]
    def __init__(self, games: _Optional[_Iterable[_Union[GameInfo, _Mapping]]] = ...) -> None: ...

class GameInfo(_message.Message):
    __slots__ = ("id", "title", "rules_version", "min_seats", "max_seats", "roles", "chance", "hidden_information", "simultaneous", "default_config", "summary", "rules_versions")
    ID_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    RULES_VERSION_FIELD_NUMBER: _ClassVar[int]
    MIN_SEATS_FIELD_NUMBER: _ClassVar[int]
    MAX_SEATS_FIELD_NUMBER: _ClassVar[int]
    ROLES_FIELD_NUMBER: _ClassVar[int]
    CHANCE_FIELD_NUMBER: _ClassVar[int]
    HIDDEN_INFORMATION_FIELD_NUMBER: _ClassVar[int]
    SIMULTANEOUS_FIELD_NUMBER: _ClassVar[int]
    DEFAULT_CONFIG_FIELD_NUMBER: _ClassVar[int]
    SUMMARY_FIELD_NUMBER: _ClassVar[int]
    RULES_VERSIONS_FIELD_NUMBER: _ClassVar[int]
    id: str
    title: str
    rules_version: str
    min_seats: int
    max_seats: int
    roles: _containers.RepeatedScalarFieldContainer[str]
    chance: bool
    hidden_information: bool
    simultaneous: bool
    default_config: _games_pb2.GameConfig
    summary: str
    rules_versions: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, id: _Optional[str] = ..., title: _Optional[str] = ..., rules_version: _Optional[str] = ..., min_seats: _Optional[int] = ..., max_seats: _Optional[int] = ..., roles: _Optional[_Iterable[str]] = ..., chance: _Optional[bool] = ..., hidden_information: _Optional[bool] = ..., simultaneous: _Optional[bool] = ..., default_config: _Optional[_Union[_games_pb2.GameConfig, _Mapping]] = ..., summary: _Optional[str] = ..., rules_versions: _Optional[_Iterable[str]] = ...) -> None: ...

class CreateMatchRequest(_message.Message):
    __slots__ = ("game", "config", "seed", "rules_version", "ai_seats")
    GAME_FIELD_NUMBER: _ClassVar[int]
    CONFIG_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    RULES_VERSION_FIELD_NUMBER: _ClassVar[int]
    AI_SEATS_FIELD_NUMBER: _ClassVar[int]
    game: str
    config: _games_pb2.GameConfig
    seed: str
    rules_version: str
    ai_seats: _containers.RepeatedCompositeFieldContainer[AiSeat]
    def __init__(self, game: _Optional[str] = ..., config: _Optional[_Union[_games_pb2.GameConfig, _Mapping]] = ..., seed: _Optional[str] = ..., rules_version: _Optional[str] = ..., ai_seats: _Optional[_Iterable[_Union[AiSeat, _Mapping]]] = ...) -> None: ...

class AiSeat(_message.Message):
    __slots__ = ("seat", "bot")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    BOT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    bot: str
    def __init__(self, seat: _Optional[int] = ..., bot: _Optional[str] = ...) -> None: ...

class SeatToken(_message.Message):
    __slots__ = ("seat", "role", "token", "bot")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    ROLE_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    BOT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    role: str
    token: str
    bot: str
    def __init__(self, seat: _Optional[int] = ..., role: _Optional[str] = ..., token: _Optional[str] = ..., bot: _Optional[str] = ...) -> None: ...

class CreateMatchResponse(_message.Message):
    __slots__ = ("match_id", "game", "seats", "spectator_token", "seed_commitment", "seq", "to_act")
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    SPECTATOR_TOKEN_FIELD_NUMBER: _ClassVar[int]
    SEED_COMMITMENT_FIELD_NUMBER: _ClassVar[int]
    SEQ_FIELD_NUMBER: _ClassVar[int]
    TO_ACT_FIELD_NUMBER: _ClassVar[int]
    match_id: str
    game: str
    seats: _containers.RepeatedCompositeFieldContainer[SeatToken]
    spectator_token: str
    seed_commitment: str
    seq: int
    to_act: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, match_id: _Optional[str] = ..., game: _Optional[str] = ..., seats: _Optional[_Iterable[_Union[SeatToken, _Mapping]]] = ..., spectator_token: _Optional[str] = ..., seed_commitment: _Optional[str] = ..., seq: _Optional[int] = ..., to_act: _Optional[_Iterable[int]] = ...) -> None: ...

class ActRequest(_message.Message):
    __slots__ = ("token", "action", "expected_seq")
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    EXPECTED_SEQ_FIELD_NUMBER: _ClassVar[int]
    token: str
    action: _games_pb2.GameAction
    expected_seq: int
    def __init__(self, token: _Optional[str] = ..., action: _Optional[_Union[_games_pb2.GameAction, _Mapping]] = ..., expected_seq: _Optional[int] = ...) -> None: ...

class ActResponse(_message.Message):
    __slots__ = ("match_id", "seq", "seat", "to_act", "over", "outcome", "view", "state_hash", "chain_hash")
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    SEQ_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TO_ACT_FIELD_NUMBER: _ClassVar[int]
    OVER_FIELD_NUMBER: _ClassVar[int]
    OUTCOME_FIELD_NUMBER: _ClassVar[int]
    VIEW_FIELD_NUMBER: _ClassVar[int]
    STATE_HASH_FIELD_NUMBER: _ClassVar[int]
    CHAIN_HASH_FIELD_NUMBER: _ClassVar[int]
    match_id: str
    seq: int
    seat: int
    to_act: _containers.RepeatedScalarFieldContainer[int]
    over: bool
    outcome: _common_pb2.Outcome
    view: _games_pb2.GameView
    state_hash: str
    chain_hash: str
    def __init__(self, match_id: _Optional[str] = ..., seq: _Optional[int] = ..., seat: _Optional[int] = ..., to_act: _Optional[_Iterable[int]] = ..., over: _Optional[bool] = ..., outcome: _Optional[_Union[_common_pb2.Outcome, _Mapping]] = ..., view: _Optional[_Union[_games_pb2.GameView, _Mapping]] = ..., state_hash: _Optional[str] = ..., chain_hash: _Optional[str] = ...) -> None: ...

class GetViewRequest(_message.Message):
    __slots__ = ("token",)
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    token: str
    def __init__(self, token: _Optional[str] = ...) -> None: ...

class GetViewResponse(_message.Message):
    __slots__ = ("match_id", "seat", "seq", "to_act", "over", "outcome", "view")
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    SEQ_FIELD_NUMBER: _ClassVar[int]
    TO_ACT_FIELD_NUMBER: _ClassVar[int]
    OVER_FIELD_NUMBER: _ClassVar[int]
    OUTCOME_FIELD_NUMBER: _ClassVar[int]
    VIEW_FIELD_NUMBER: _ClassVar[int]
    match_id: str
    seat: int
    seq: int
    to_act: _containers.RepeatedScalarFieldContainer[int]
    over: bool
    outcome: _common_pb2.Outcome
    view: _games_pb2.GameView
    def __init__(self, match_id: _Optional[str] = ..., seat: _Optional[int] = ..., seq: _Optional[int] = ..., to_act: _Optional[_Iterable[int]] = ..., over: _Optional[bool] = ..., outcome: _Optional[_Union[_common_pb2.Outcome, _Mapping]] = ..., view: _Optional[_Union[_games_pb2.GameView, _Mapping]] = ...) -> None: ...

class ListLegalActionsRequest(_message.Message):
    __slots__ = ("token",)
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    token: str
    def __init__(self, token: _Optional[str] = ...) -> None: ...

class ListLegalActionsResponse(_message.Message):
    __slots__ = ("match_id", "seat", "seq", "actions")
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    SEQ_FIELD_NUMBER: _ClassVar[int]
    ACTIONS_FIELD_NUMBER: _ClassVar[int]
    match_id: str
    seat: int
    seq: int
    actions: _containers.RepeatedCompositeFieldContainer[_games_pb2.GameAction]
    def __init__(self, match_id: _Optional[str] = ..., seat: _Optional[int] = ..., seq: _Optional[int] = ..., actions: _Optional[_Iterable[_Union[_games_pb2.GameAction, _Mapping]]] = ...) -> None: ...

class GetStatusRequest(_message.Message):
    __slots__ = ("token",)
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    token: str
    def __init__(self, token: _Optional[str] = ...) -> None: ...

class SeatInfo(_message.Message):
    __slots__ = ("seat", "role", "bot")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    ROLE_FIELD_NUMBER: _ClassVar[int]
    BOT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    role: str
    bot: str
    def __init__(self, seat: _Optional[int] = ..., role: _Optional[str] = ..., bot: _Optional[str] = ...) -> None: ...

class GetStatusResponse(_message.Message):
    __slots__ = ("match_id", "game", "rules_version", "seat", "role", "seats", "seq", "to_act", "over", "outcome", "seed_commitment", "chain_hash", "may_act")
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    RULES_VERSION_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    ROLE_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    SEQ_FIELD_NUMBER: _ClassVar[int]
    TO_ACT_FIELD_NUMBER: _ClassVar[int]
    OVER_FIELD_NUMBER: _ClassVar[int]
    OUTCOME_FIELD_NUMBER: _ClassVar[int]
    SEED_COMMITMENT_FIELD_NUMBER: _ClassVar[int]
    CHAIN_HASH_FIELD_NUMBER: _ClassVar[int]
    MAY_ACT_FIELD_NUMBER: _ClassVar[int]
    match_id: str
    game: str
    rules_version: str
    seat: int
    role: str
    seats: _containers.RepeatedCompositeFieldContainer[SeatInfo]
    seq: int
    to_act: _containers.RepeatedScalarFieldContainer[int]
    over: bool
    outcome: _common_pb2.Outcome
    seed_commitment: str
    chain_hash: str
    may_act: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, match_id: _Optional[str] = ..., game: _Optional[str] = ..., rules_version: _Optional[str] = ..., seat: _Optional[int] = ..., role: _Optional[str] = ..., seats: _Optional[_Iterable[_Union[SeatInfo, _Mapping]]] = ..., seq: _Optional[int] = ..., to_act: _Optional[_Iterable[int]] = ..., over: _Optional[bool] = ..., outcome: _Optional[_Union[_common_pb2.Outcome, _Mapping]] = ..., seed_commitment: _Optional[str] = ..., chain_hash: _Optional[str] = ..., may_act: _Optional[_Iterable[int]] = ...) -> None: ...

class WatchRequest(_message.Message):
    __slots__ = ("token", "after_seq")
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    AFTER_SEQ_FIELD_NUMBER: _ClassVar[int]
    token: str
    after_seq: int
    def __init__(self, token: _Optional[str] = ..., after_seq: _Optional[int] = ...) -> None: ...

class WatchResponse(_message.Message):
    __slots__ = ("started", "update")
    STARTED_FIELD_NUMBER: _ClassVar[int]
    UPDATE_FIELD_NUMBER: _ClassVar[int]
    started: WatchStarted
    update: Update
    def __init__(self, started: _Optional[_Union[WatchStarted, _Mapping]] = ..., update: _Optional[_Union[Update, _Mapping]] = ...) -> None: ...

class WatchStarted(_message.Message):
    __slots__ = ("match_id", "seat", "seq", "active")
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    SEQ_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_FIELD_NUMBER: _ClassVar[int]
    match_id: str
    seat: int
    seq: int
    active: bool
    def __init__(self, match_id: _Optional[str] = ..., seat: _Optional[int] = ..., seq: _Optional[int] = ..., active: _Optional[bool] = ...) -> None: ...

class Update(_message.Message):
    __slots__ = ("match_id", "seq", "seat", "action", "view", "to_act", "over", "outcome", "may_act")
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    SEQ_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    VIEW_FIELD_NUMBER: _ClassVar[int]
    TO_ACT_FIELD_NUMBER: _ClassVar[int]
    OVER_FIELD_NUMBER: _ClassVar[int]
    OUTCOME_FIELD_NUMBER: _ClassVar[int]
    MAY_ACT_FIELD_NUMBER: _ClassVar[int]
    match_id: str
    seq: int
    seat: int
    action: _games_pb2.GameAction
    view: _games_pb2.GameView
    to_act: _containers.RepeatedScalarFieldContainer[int]
    over: bool
    outcome: _common_pb2.Outcome
    may_act: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, match_id: _Optional[str] = ..., seq: _Optional[int] = ..., seat: _Optional[int] = ..., action: _Optional[_Union[_games_pb2.GameAction, _Mapping]] = ..., view: _Optional[_Union[_games_pb2.GameView, _Mapping]] = ..., to_act: _Optional[_Iterable[int]] = ..., over: _Optional[bool] = ..., outcome: _Optional[_Union[_common_pb2.Outcome, _Mapping]] = ..., may_act: _Optional[_Iterable[int]] = ...) -> None: ...

class GetLogRequest(_message.Message):
    __slots__ = ("token",)
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    token: str
    def __init__(self, token: _Optional[str] = ...) -> None: ...

class GetLogResponse(_message.Message):
    __slots__ = ("log",)
    LOG_FIELD_NUMBER: _ClassVar[int]
    log: Log
    def __init__(self, log: _Optional[_Union[Log, _Mapping]] = ...) -> None: ...

class Log(_message.Message):
    __slots__ = ("header", "entries", "end")
    HEADER_FIELD_NUMBER: _ClassVar[int]
    ENTRIES_FIELD_NUMBER: _ClassVar[int]
    END_FIELD_NUMBER: _ClassVar[int]
    header: LogHeader
    entries: _containers.RepeatedCompositeFieldContainer[LogEntry]
    end: LogEnd
    def __init__(self, header: _Optional[_Union[LogHeader, _Mapping]] = ..., entries: _Optional[_Iterable[_Union[LogEntry, _Mapping]]] = ..., end: _Optional[_Union[LogEnd, _Mapping]] = ...) -> None: ...

class LogParent(_message.Message):
    __slots__ = ("match", "seq", "chain_hash")
    MATCH_FIELD_NUMBER: _ClassVar[int]
    SEQ_FIELD_NUMBER: _ClassVar[int]
    CHAIN_HASH_FIELD_NUMBER: _ClassVar[int]
    match: str
    seq: int
    chain_hash: str
    def __init__(self, match: _Optional[str] = ..., seq: _Optional[int] = ..., chain_hash: _Optional[str] = ...) -> None: ...

class LogHeader(_message.Message):
    __slots__ = ("format", "format_version", "engine_version", "game", "rules_version", "config", "seats", "seed_commitment", "initial_state_hash", "viewer", "viewer_seat", "parent", "ai_seats")
    FORMAT_FIELD_NUMBER: _ClassVar[int]
    FORMAT_VERSION_FIELD_NUMBER: _ClassVar[int]
    ENGINE_VERSION_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    RULES_VERSION_FIELD_NUMBER: _ClassVar[int]
    CONFIG_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    SEED_COMMITMENT_FIELD_NUMBER: _ClassVar[int]
    INITIAL_STATE_HASH_FIELD_NUMBER: _ClassVar[int]
    VIEWER_FIELD_NUMBER: _ClassVar[int]
    VIEWER_SEAT_FIELD_NUMBER: _ClassVar[int]
    PARENT_FIELD_NUMBER: _ClassVar[int]
    AI_SEATS_FIELD_NUMBER: _ClassVar[int]
    format: str
    format_version: int
    engine_version: str
    game: str
    rules_version: str
    config: _games_pb2.GameConfig
    seats: int
    seed_commitment: str
    initial_state_hash: str
    viewer: LogViewer
    viewer_seat: int
    parent: LogParent
    ai_seats: _containers.RepeatedCompositeFieldContainer[AiSeat]
    def __init__(self, format: _Optional[str] = ..., format_version: _Optional[int] = ..., engine_version: _Optional[str] = ..., game: _Optional[str] = ..., rules_version: _Optional[str] = ..., config: _Optional[_Union[_games_pb2.GameConfig, _Mapping]] = ..., seats: _Optional[int] = ..., seed_commitment: _Optional[str] = ..., initial_state_hash: _Optional[str] = ..., viewer: _Optional[_Union[LogViewer, str]] = ..., viewer_seat: _Optional[int] = ..., parent: _Optional[_Union[LogParent, _Mapping]] = ..., ai_seats: _Optional[_Iterable[_Union[AiSeat, _Mapping]]] = ...) -> None: ...

class LogEntry(_message.Message):
    __slots__ = ("seq", "seat", "action", "salt", "action_commitment", "state_hash", "chain_hash")
    SEQ_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    SALT_FIELD_NUMBER: _ClassVar[int]
    ACTION_COMMITMENT_FIELD_NUMBER: _ClassVar[int]
    STATE_HASH_FIELD_NUMBER: _ClassVar[int]
    CHAIN_HASH_FIELD_NUMBER: _ClassVar[int]
    seq: int
    seat: int
    action: _games_pb2.GameAction
    salt: str
    action_commitment: str
    state_hash: str
    chain_hash: str
    def __init__(self, seq: _Optional[int] = ..., seat: _Optional[int] = ..., action: _Optional[_Union[_games_pb2.GameAction, _Mapping]] = ..., salt: _Optional[str] = ..., action_commitment: _Optional[str] = ..., state_hash: _Optional[str] = ..., chain_hash: _Optional[str] = ...) -> None: ...

class LogEnd(_message.Message):
    __slots__ = ("seed", "outcome")
    SEED_FIELD_NUMBER: _ClassVar[int]
    OUTCOME_FIELD_NUMBER: _ClassVar[int]
    seed: str
    outcome: _common_pb2.Outcome
    def __init__(self, seed: _Optional[str] = ..., outcome: _Optional[_Union[_common_pb2.Outcome, _Mapping]] = ...) -> None: ...

class VerifyLogRequest(_message.Message):
    __slots__ = ("log_records", "log_file", "full_records", "full_file")
    LOG_RECORDS_FIELD_NUMBER: _ClassVar[int]
    LOG_FILE_FIELD_NUMBER: _ClassVar[int]
    FULL_RECORDS_FIELD_NUMBER: _ClassVar[int]
    FULL_FILE_FIELD_NUMBER: _ClassVar[int]
    log_records: Log
    log_file: bytes
    full_records: Log
    full_file: bytes
    def __init__(self, log_records: _Optional[_Union[Log, _Mapping]] = ..., log_file: _Optional[bytes] = ..., full_records: _Optional[_Union[Log, _Mapping]] = ..., full_file: _Optional[bytes] = ...) -> None: ...

class Divergence(_message.Message):
    __slots__ = ("seq", "what", "expected", "found")
    SEQ_FIELD_NUMBER: _ClassVar[int]
    WHAT_FIELD_NUMBER: _ClassVar[int]
    EXPECTED_FIELD_NUMBER: _ClassVar[int]
    FOUND_FIELD_NUMBER: _ClassVar[int]
    seq: int
    what: str
    expected: str
    found: str
    def __init__(self, seq: _Optional[int] = ..., what: _Optional[str] = ..., expected: _Optional[str] = ..., found: _Optional[str] = ...) -> None: ...

class VerifyLogResponse(_message.Message):
    __slots__ = ("status", "entries", "divergence", "outcome", "viewer", "viewer_seat")
    STATUS_FIELD_NUMBER: _ClassVar[int]
    ENTRIES_FIELD_NUMBER: _ClassVar[int]
    DIVERGENCE_FIELD_NUMBER: _ClassVar[int]
    OUTCOME_FIELD_NUMBER: _ClassVar[int]
    VIEWER_FIELD_NUMBER: _ClassVar[int]
    VIEWER_SEAT_FIELD_NUMBER: _ClassVar[int]
    status: VerifyStatus
    entries: int
    divergence: Divergence
    outcome: _common_pb2.Outcome
    viewer: LogViewer
    viewer_seat: int
    def __init__(self, status: _Optional[_Union[VerifyStatus, str]] = ..., entries: _Optional[int] = ..., divergence: _Optional[_Union[Divergence, _Mapping]] = ..., outcome: _Optional[_Union[_common_pb2.Outcome, _Mapping]] = ..., viewer: _Optional[_Union[LogViewer, str]] = ..., viewer_seat: _Optional[int] = ...) -> None: ...

class StateAtRequest(_message.Message):
    __slots__ = ("token", "seq", "full")
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    SEQ_FIELD_NUMBER: _ClassVar[int]
    FULL_FIELD_NUMBER: _ClassVar[int]
    token: str
    seq: int
    full: bool
    def __init__(self, token: _Optional[str] = ..., seq: _Optional[int] = ..., full: _Optional[bool] = ...) -> None: ...

class StateAtResponse(_message.Message):
    __slots__ = ("match_id", "seat", "seq", "current_seq", "to_act", "over", "outcome", "full", "view", "state", "state_hash", "chain_hash")
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    SEQ_FIELD_NUMBER: _ClassVar[int]
    CURRENT_SEQ_FIELD_NUMBER: _ClassVar[int]
    TO_ACT_FIELD_NUMBER: _ClassVar[int]
    OVER_FIELD_NUMBER: _ClassVar[int]
    OUTCOME_FIELD_NUMBER: _ClassVar[int]
    FULL_FIELD_NUMBER: _ClassVar[int]
    VIEW_FIELD_NUMBER: _ClassVar[int]
    STATE_FIELD_NUMBER: _ClassVar[int]
    STATE_HASH_FIELD_NUMBER: _ClassVar[int]
    CHAIN_HASH_FIELD_NUMBER: _ClassVar[int]
    match_id: str
    seat: int
    seq: int
    current_seq: int
    to_act: _containers.RepeatedScalarFieldContainer[int]
    over: bool
    outcome: _common_pb2.Outcome
    full: bool
    view: _games_pb2.GameView
    state: _games_pb2.GameState
    state_hash: str
    chain_hash: str
    def __init__(self, match_id: _Optional[str] = ..., seat: _Optional[int] = ..., seq: _Optional[int] = ..., current_seq: _Optional[int] = ..., to_act: _Optional[_Iterable[int]] = ..., over: _Optional[bool] = ..., outcome: _Optional[_Union[_common_pb2.Outcome, _Mapping]] = ..., full: _Optional[bool] = ..., view: _Optional[_Union[_games_pb2.GameView, _Mapping]] = ..., state: _Optional[_Union[_games_pb2.GameState, _Mapping]] = ..., state_hash: _Optional[str] = ..., chain_hash: _Optional[str] = ...) -> None: ...

class ForkRequest(_message.Message):
    __slots__ = ("token", "seq")
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    SEQ_FIELD_NUMBER: _ClassVar[int]
    token: str
    seq: int
    def __init__(self, token: _Optional[str] = ..., seq: _Optional[int] = ...) -> None: ...

class ForkResponse(_message.Message):
    __slots__ = ("match_id", "game", "seats", "spectator_token", "seed_commitment", "seq", "to_act", "over", "parent")
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    SPECTATOR_TOKEN_FIELD_NUMBER: _ClassVar[int]
    SEED_COMMITMENT_FIELD_NUMBER: _ClassVar[int]
    SEQ_FIELD_NUMBER: _ClassVar[int]
    TO_ACT_FIELD_NUMBER: _ClassVar[int]
    OVER_FIELD_NUMBER: _ClassVar[int]
    PARENT_FIELD_NUMBER: _ClassVar[int]
    match_id: str
    game: str
    seats: _containers.RepeatedCompositeFieldContainer[SeatToken]
    spectator_token: str
    seed_commitment: str
    seq: int
    to_act: _containers.RepeatedScalarFieldContainer[int]
    over: bool
    parent: LogParent
    def __init__(self, match_id: _Optional[str] = ..., game: _Optional[str] = ..., seats: _Optional[_Iterable[_Union[SeatToken, _Mapping]]] = ..., spectator_token: _Optional[str] = ..., seed_commitment: _Optional[str] = ..., seq: _Optional[int] = ..., to_act: _Optional[_Iterable[int]] = ..., over: _Optional[bool] = ..., parent: _Optional[_Union[LogParent, _Mapping]] = ...) -> None: ...

class GetLayoutRequest(_message.Message):
    __slots__ = ("game", "rules_version")
    GAME_FIELD_NUMBER: _ClassVar[int]
    RULES_VERSION_FIELD_NUMBER: _ClassVar[int]
    game: str
    rules_version: str
    def __init__(self, game: _Optional[str] = ..., rules_version: _Optional[str] = ...) -> None: ...

class GetMatchLayoutRequest(_message.Message):
    __slots__ = ("token",)
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    token: str
    def __init__(self, token: _Optional[str] = ...) -> None: ...

class GetLayoutResponse(_message.Message):
    __slots__ = ("game", "rules_version", "match_id", "layout")
    GAME_FIELD_NUMBER: _ClassVar[int]
    RULES_VERSION_FIELD_NUMBER: _ClassVar[int]
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    LAYOUT_FIELD_NUMBER: _ClassVar[int]
    game: str
    rules_version: str
    match_id: str
    layout: _games_pb2.GameLayout
    def __init__(self, game: _Optional[str] = ..., rules_version: _Optional[str] = ..., match_id: _Optional[str] = ..., layout: _Optional[_Union[_games_pb2.GameLayout, _Mapping]] = ...) -> None: ...

class EchoRequest(_message.Message):
    __slots__ = ("payload",)
    PAYLOAD_FIELD_NUMBER: _ClassVar[int]
    payload: bytes
    def __init__(self, payload: _Optional[bytes] = ...) -> None: ...

class EchoResponse(_message.Message):
    __slots__ = ("payload",)
    PAYLOAD_FIELD_NUMBER: _ClassVar[int]
    payload: bytes
    def __init__(self, payload: _Optional[bytes] = ...) -> None: ...
