from . import common_pb2 as _common_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class GozerShot(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    GOZER_SHOT_UNSPECIFIED: _ClassVar[GozerShot]
    GOZER_SHOT_BANISH: _ClassVar[GozerShot]
    GOZER_SHOT_KILL: _ClassVar[GozerShot]

class GozerPhase(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    GOZER_PHASE_UNSPECIFIED: _ClassVar[GozerPhase]
    GOZER_PHASE_CASTAWAY: _ClassVar[GozerPhase]
    GOZER_PHASE_GOZER: _ClassVar[GozerPhase]
    GOZER_PHASE_ESCAPE: _ClassVar[GozerPhase]
    GOZER_PHASE_OVER: _ClassVar[GozerPhase]

class GozerStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    GOZER_STATUS_UNSPECIFIED: _ClassVar[GozerStatus]
    GOZER_STATUS_GOZER: _ClassVar[GozerStatus]
    GOZER_STATUS_REMOVED: _ClassVar[GozerStatus]
    GOZER_STATUS_WELL: _ClassVar[GozerStatus]
    GOZER_STATUS_DYING: _ClassVar[GozerStatus]
    GOZER_STATUS_DEAD: _ClassVar[GozerStatus]
    GOZER_STATUS_ESCAPED: _ClassVar[GozerStatus]

class GozerGadget(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    GOZER_GADGET_UNSPECIFIED: _ClassVar[GozerGadget]
    GOZER_GADGET_PISTOL: _ClassVar[GozerGadget]
    GOZER_GADGET_ARMOUR: _ClassVar[GozerGadget]
    GOZER_GADGET_KEY: _ClassVar[GozerGadget]
    GOZER_GADGET_BRIDGE: _ClassVar[GozerGadget]
    GOZER_GADGET_KIT: _ClassVar[GozerGadget]

class GozerWinner(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    GOZER_WINNER_UNSPECIFIED: _ClassVar[GozerWinner]
    GOZER_WINNER_CASTAWAYS: _ClassVar[GozerWinner]
    GOZER_WINNER_GOZER: _ClassVar[GozerWinner]

class GozerKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    GOZER_KIND_UNSPECIFIED: _ClassVar[GozerKind]
    GOZER_KIND_PATH: _ClassVar[GozerKind]
    GOZER_KIND_RIVER: _ClassVar[GozerKind]
    GOZER_KIND_PRECIPICE: _ClassVar[GozerKind]
    GOZER_KIND_CABIN: _ClassVar[GozerKind]
    GOZER_KIND_SUMMIT: _ClassVar[GozerKind]
    GOZER_KIND_START: _ClassVar[GozerKind]
    GOZER_KIND_BOAT: _ClassVar[GozerKind]
GOZER_SHOT_UNSPECIFIED: GozerShot
GOZER_SHOT_BANISH: GozerShot
GOZER_SHOT_KILL: GozerShot
GOZER_PHASE_UNSPECIFIED: GozerPhase
GOZER_PHASE_CASTAWAY: GozerPhase
GOZER_PHASE_GOZER: GozerPhase
GOZER_PHASE_ESCAPE: GozerPhase
GOZER_PHASE_OVER: GozerPhase
GOZER_STATUS_UNSPECIFIED: GozerStatus
GOZER_STATUS_GOZER: GozerStatus
GOZER_STATUS_REMOVED: GozerStatus
GOZER_STATUS_WELL: GozerStatus
GOZER_STATUS_DYING: GozerStatus
GOZER_STATUS_DEAD: GozerStatus
GOZER_STATUS_ESCAPED: GozerStatus
GOZER_GADGET_UNSPECIFIED: GozerGadget
GOZER_GADGET_PISTOL: GozerGadget
GOZER_GADGET_ARMOUR: GozerGadget
GOZER_GADGET_KEY: GozerGadget
GOZER_GADGET_BRIDGE: GozerGadget
GOZER_GADGET_KIT: GozerGadget
GOZER_WINNER_UNSPECIFIED: GozerWinner
GOZER_WINNER_CASTAWAYS: GozerWinner
GOZER_WINNER_GOZER: GozerWinner
GOZER_KIND_UNSPECIFIED: GozerKind
GOZER_KIND_PATH: GozerKind
GOZER_KIND_RIVER: GozerKind
GOZER_KIND_PRECIPICE: GozerKind
GOZER_KIND_CABIN: GozerKind
GOZER_KIND_SUMMIT: GozerKind
GOZER_KIND_START: GozerKind
GOZER_KIND_BOAT: GozerKind

class GozerConfig(_message.Message):
    __slots__ = ("players", "round_limit", "gozer_shot")
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    ROUND_LIMIT_FIELD_NUMBER: _ClassVar[int]
    GOZER_SHOT_FIELD_NUMBER: _ClassVar[int]
    players: int
    round_limit: int
    gozer_shot: GozerShot
    def __init__(self, players: _Optional[int] = ..., round_limit: _Optional[int] = ..., gozer_shot: _Optional[_Union[GozerShot, str]] = ...) -> None: ...

class GozerState(_message.Message):
    __slots__ = ("config", "rng", "gozer", "round", "turn", "phase", "active", "pawns", "gadgets", "move", "fired", "thrown", "offered", "deployed", "gozer_skips", "pending", "winner", "reason", "events")
    CONFIG_FIELD_NUMBER: _ClassVar[int]
    RNG_FIELD_NUMBER: _ClassVar[int]
    GOZER_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_FIELD_NUMBER: _ClassVar[int]
    PAWNS_FIELD_NUMBER: _ClassVar[int]
    GADGETS_FIELD_NUMBER: _ClassVar[int]
    MOVE_FIELD_NUMBER: _ClassVar[int]
    FIRED_FIELD_NUMBER: _ClassVar[int]
    THROWN_FIELD_NUMBER: _ClassVar[int]
    OFFERED_FIELD_NUMBER: _ClassVar[int]
    DEPLOYED_FIELD_NUMBER: _ClassVar[int]
    GOZER_SKIPS_FIELD_NUMBER: _ClassVar[int]
    PENDING_FIELD_NUMBER: _ClassVar[int]
    WINNER_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    config: GozerConfig
    rng: _common_pb2.Rng
    gozer: int
    round: int
    turn: int
    phase: GozerPhase
    active: int
    pawns: _containers.RepeatedCompositeFieldContainer[GozerPawn]
    gadgets: _containers.RepeatedCompositeFieldContainer[GozerGadgetSpot]
    move: GozerMove
    fired: bool
    thrown: bool
    offered: _containers.RepeatedScalarFieldContainer[int]
    deployed: bool
    gozer_skips: bool
    pending: GozerRequest
    winner: GozerWinner
    reason: str
    events: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, config: _Optional[_Union[GozerConfig, _Mapping]] = ..., rng: _Optional[_Union[_common_pb2.Rng, _Mapping]] = ..., gozer: _Optional[int] = ..., round: _Optional[int] = ..., turn: _Optional[int] = ..., phase: _Optional[_Union[GozerPhase, str]] = ..., active: _Optional[int] = ..., pawns: _Optional[_Iterable[_Union[GozerPawn, _Mapping]]] = ..., gadgets: _Optional[_Iterable[_Union[GozerGadgetSpot, _Mapping]]] = ..., move: _Optional[_Union[GozerMove, _Mapping]] = ..., fired: _Optional[bool] = ..., thrown: _Optional[bool] = ..., offered: _Optional[_Iterable[int]] = ..., deployed: _Optional[bool] = ..., gozer_skips: _Optional[bool] = ..., pending: _Optional[_Union[GozerRequest, _Mapping]] = ..., winner: _Optional[_Union[GozerWinner, str]] = ..., reason: _Optional[str] = ..., events: _Optional[_Iterable[str]] = ...) -> None: ...

class GozerPawn(_message.Message):
    __slots__ = ("square", "status", "wounded")
    SQUARE_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    WOUNDED_FIELD_NUMBER: _ClassVar[int]
    square: int
    status: GozerStatus
    wounded: int
    def __init__(self, square: _Optional[int] = ..., status: _Optional[_Union[GozerStatus, str]] = ..., wounded: _Optional[int] = ...) -> None: ...

class GozerGadgetSpot(_message.Message):
    __slots__ = ("gadget", "holder", "square")
    GADGET_FIELD_NUMBER: _ClassVar[int]
    HOLDER_FIELD_NUMBER: _ClassVar[int]
    SQUARE_FIELD_NUMBER: _ClassVar[int]
    gadget: GozerGadget
    holder: int
    square: int
    def __init__(self, gadget: _Optional[_Union[GozerGadget, str]] = ..., holder: _Optional[int] = ..., square: _Optional[int] = ...) -> None: ...

class GozerMove(_message.Message):
    __slots__ = ("mover", "roll", "path", "ended", "asked")
    MOVER_FIELD_NUMBER: _ClassVar[int]
    ROLL_FIELD_NUMBER: _ClassVar[int]
    PATH_FIELD_NUMBER: _ClassVar[int]
    ENDED_FIELD_NUMBER: _ClassVar[int]
    ASKED_FIELD_NUMBER: _ClassVar[int]
    mover: int
    roll: int
    path: _containers.RepeatedScalarFieldContainer[int]
    ended: bool
    asked: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, mover: _Optional[int] = ..., roll: _Optional[int] = ..., path: _Optional[_Iterable[int]] = ..., ended: _Optional[bool] = ..., asked: _Optional[_Iterable[int]] = ...) -> None: ...

class GozerRequest(_message.Message):
    __slots__ = ("trade_offer", "crossing_request")
    TRADE_OFFER_FIELD_NUMBER: _ClassVar[int]
    CROSSING_REQUEST_FIELD_NUMBER: _ClassVar[int]
    trade_offer: GozerTradeOffer
    crossing_request: GozerCrossingRequest
    def __init__(self, trade_offer: _Optional[_Union[GozerTradeOffer, _Mapping]] = ..., crossing_request: _Optional[_Union[GozerCrossingRequest, _Mapping]] = ...) -> None: ...

class GozerTradeOffer(_message.Message):
    __slots__ = ("proposer", "partner", "give", "take")
    PROPOSER_FIELD_NUMBER: _ClassVar[int]
    PARTNER_FIELD_NUMBER: _ClassVar[int]
    GIVE_FIELD_NUMBER: _ClassVar[int]
    TAKE_FIELD_NUMBER: _ClassVar[int]
    proposer: int
    partner: int
    give: _containers.RepeatedScalarFieldContainer[GozerGadget]
    take: _containers.RepeatedScalarFieldContainer[GozerGadget]
    def __init__(self, proposer: _Optional[int] = ..., partner: _Optional[int] = ..., give: _Optional[_Iterable[_Union[GozerGadget, str]]] = ..., take: _Optional[_Iterable[_Union[GozerGadget, str]]] = ...) -> None: ...

class GozerCrossingRequest(_message.Message):
    __slots__ = ("mover", "holder", "obstacle")
    MOVER_FIELD_NUMBER: _ClassVar[int]
    HOLDER_FIELD_NUMBER: _ClassVar[int]
    OBSTACLE_FIELD_NUMBER: _ClassVar[int]
    mover: int
    holder: int
    obstacle: int
    def __init__(self, mover: _Optional[int] = ..., holder: _Optional[int] = ..., obstacle: _Optional[int] = ...) -> None: ...

class GozerAction(_message.Message):
    __slots__ = ("step", "end_move", "end_turn", "fire", "heal", "trade", "cast_off", "fireball", "attack", "respond")
    STEP_FIELD_NUMBER: _ClassVar[int]
    END_MOVE_FIELD_NUMBER: _ClassVar[int]
    END_TURN_FIELD_NUMBER: _ClassVar[int]
    FIRE_FIELD_NUMBER: _ClassVar[int]
    HEAL_FIELD_NUMBER: _ClassVar[int]
    TRADE_FIELD_NUMBER: _ClassVar[int]
    CAST_OFF_FIELD_NUMBER: _ClassVar[int]
    FIREBALL_FIELD_NUMBER: _ClassVar[int]
    ATTACK_FIELD_NUMBER: _ClassVar[int]
    RESPOND_FIELD_NUMBER: _ClassVar[int]
    step: GozerStep
    end_move: GozerEndMove
    end_turn: GozerEndTurn
    fire: GozerFire
    heal: GozerHeal
    trade: GozerTrade
    cast_off: GozerCastOff
    fireball: GozerFireball
    attack: GozerAttack
    respond: GozerRespond
    def __init__(self, step: _Optional[_Union[GozerStep, _Mapping]] = ..., end_move: _Optional[_Union[GozerEndMove, _Mapping]] = ..., end_turn: _Optional[_Union[GozerEndTurn, _Mapping]] = ..., fire: _Optional[_Union[GozerFire, _Mapping]] = ..., heal: _Optional[_Union[GozerHeal, _Mapping]] = ..., trade: _Optional[_Union[GozerTrade, _Mapping]] = ..., cast_off: _Optional[_Union[GozerCastOff, _Mapping]] = ..., fireball: _Optional[_Union[GozerFireball, _Mapping]] = ..., attack: _Optional[_Union[GozerAttack, _Mapping]] = ..., respond: _Optional[_Union[GozerRespond, _Mapping]] = ...) -> None: ...

class GozerStep(_message.Message):
    __slots__ = ("to",)
    TO_FIELD_NUMBER: _ClassVar[int]
    to: int
    def __init__(self, to: _Optional[int] = ...) -> None: ...

class GozerEndMove(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class GozerEndTurn(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class GozerFire(_message.Message):
    __slots__ = ("target",)
    TARGET_FIELD_NUMBER: _ClassVar[int]
    target: int
    def __init__(self, target: _Optional[int] = ...) -> None: ...

class GozerHeal(_message.Message):
    __slots__ = ("target",)
    TARGET_FIELD_NUMBER: _ClassVar[int]
    target: int
    def __init__(self, target: _Optional[int] = ...) -> None: ...

class GozerTrade(_message.Message):
    __slots__ = ("partner", "give", "take")
    PARTNER_FIELD_NUMBER: _ClassVar[int]
    GIVE_FIELD_NUMBER: _ClassVar[int]
    TAKE_FIELD_NUMBER: _ClassVar[int]
    partner: int
    give: _containers.RepeatedScalarFieldContainer[GozerGadget]
    take: _containers.RepeatedScalarFieldContainer[GozerGadget]
    def __init__(self, partner: _Optional[int] = ..., give: _Optional[_Iterable[_Union[GozerGadget, str]]] = ..., take: _Optional[_Iterable[_Union[GozerGadget, str]]] = ...) -> None: ...

class GozerCastOff(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class GozerFireball(_message.Message):
    __slots__ = ("gully",)
    GULLY_FIELD_NUMBER: _ClassVar[int]
    gully: int
    def __init__(self, gully: _Optional[int] = ...) -> None: ...

class GozerAttack(_message.Message):
    __slots__ = ("target",)
    TARGET_FIELD_NUMBER: _ClassVar[int]
    target: int
    def __init__(self, target: _Optional[int] = ...) -> None: ...

class GozerRespond(_message.Message):
    __slots__ = ("accept",)
    ACCEPT_FIELD_NUMBER: _ClassVar[int]
    accept: bool
    def __init__(self, accept: _Optional[bool] = ...) -> None: ...

class GozerView(_message.Message):
    __slots__ = ("seat_view", "spectator_view")
    SEAT_VIEW_FIELD_NUMBER: _ClassVar[int]
    SPECTATOR_VIEW_FIELD_NUMBER: _ClassVar[int]
    seat_view: GozerSeatView
    spectator_view: GozerSpectatorView
    def __init__(self, seat_view: _Optional[_Union[GozerSeatView, _Mapping]] = ..., spectator_view: _Optional[_Union[GozerSpectatorView, _Mapping]] = ...) -> None: ...

class GozerSeatView(_message.Message):
    __slots__ = ("seat", "role", "table")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    ROLE_FIELD_NUMBER: _ClassVar[int]
    TABLE_FIELD_NUMBER: _ClassVar[int]
    seat: int
    role: str
    table: GozerTable
    def __init__(self, seat: _Optional[int] = ..., role: _Optional[str] = ..., table: _Optional[_Union[GozerTable, _Mapping]] = ...) -> None: ...

class GozerTable(_message.Message):
    __slots__ = ("config", "gozer", "round", "turn", "phase", "active", "pawns", "gadgets", "move", "fired", "thrown", "offered", "deployed", "gozer_skips", "pending", "winner", "reason", "events")
    CONFIG_FIELD_NUMBER: _ClassVar[int]
    GOZER_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_FIELD_NUMBER: _ClassVar[int]
    PAWNS_FIELD_NUMBER: _ClassVar[int]
    GADGETS_FIELD_NUMBER: _ClassVar[int]
    MOVE_FIELD_NUMBER: _ClassVar[int]
    FIRED_FIELD_NUMBER: _ClassVar[int]
    THROWN_FIELD_NUMBER: _ClassVar[int]
    OFFERED_FIELD_NUMBER: _ClassVar[int]
    DEPLOYED_FIELD_NUMBER: _ClassVar[int]
    GOZER_SKIPS_FIELD_NUMBER: _ClassVar[int]
    PENDING_FIELD_NUMBER: _ClassVar[int]
    WINNER_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    config: GozerConfig
    gozer: int
    round: int
    turn: int
    phase: GozerPhase
    active: int
    pawns: _containers.RepeatedCompositeFieldContainer[GozerPawn]
    gadgets: _containers.RepeatedCompositeFieldContainer[GozerGadgetSpot]
    move: GozerMove
    fired: bool
    thrown: bool
    offered: _containers.RepeatedScalarFieldContainer[int]
    deployed: bool
    gozer_skips: bool
    pending: GozerRequest
    winner: GozerWinner
    reason: str
    events: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, config: _Optional[_Union[GozerConfig, _Mapping]] = ..., gozer: _Optional[int] = ..., round: _Optional[int] = ..., turn: _Optional[int] = ..., phase: _Optional[_Union[GozerPhase, str]] = ..., active: _Optional[int] = ..., pawns: _Optional[_Iterable[_Union[GozerPawn, _Mapping]]] = ..., gadgets: _Optional[_Iterable[_Union[GozerGadgetSpot, _Mapping]]] = ..., move: _Optional[_Union[GozerMove, _Mapping]] = ..., fired: _Optional[bool] = ..., thrown: _Optional[bool] = ..., offered: _Optional[_Iterable[int]] = ..., deployed: _Optional[bool] = ..., gozer_skips: _Optional[bool] = ..., pending: _Optional[_Union[GozerRequest, _Mapping]] = ..., winner: _Optional[_Union[GozerWinner, str]] = ..., reason: _Optional[str] = ..., events: _Optional[_Iterable[str]] = ...) -> None: ...

class GozerSpectatorView(_message.Message):
    __slots__ = ("table",)
    TABLE_FIELD_NUMBER: _ClassVar[int]
    table: GozerTable
    def __init__(self, table: _Optional[_Union[GozerTable, _Mapping]] = ...) -> None: ...

class GozerLayout(_message.Message):
    __slots__ = ("name", "squares", "paths", "gullies", "gadgets", "start", "boat", "summit", "cabins", "obstacles")
    NAME_FIELD_NUMBER: _ClassVar[int]
    SQUARES_FIELD_NUMBER: _ClassVar[int]
    PATHS_FIELD_NUMBER: _ClassVar[int]
    GULLIES_FIELD_NUMBER: _ClassVar[int]
    GADGETS_FIELD_NUMBER: _ClassVar[int]
    START_FIELD_NUMBER: _ClassVar[int]
    BOAT_FIELD_NUMBER: _ClassVar[int]
    SUMMIT_FIELD_NUMBER: _ClassVar[int]
    CABINS_FIELD_NUMBER: _ClassVar[int]
    OBSTACLES_FIELD_NUMBER: _ClassVar[int]
    name: str
    squares: _containers.RepeatedCompositeFieldContainer[GozerSquare]
    paths: _containers.RepeatedCompositeFieldContainer[GozerPath]
    gullies: _containers.RepeatedCompositeFieldContainer[GozerGully]
    gadgets: _containers.RepeatedCompositeFieldContainer[GozerGadgetStart]
    start: int
    boat: int
    summit: int
    cabins: _containers.RepeatedScalarFieldContainer[int]
    obstacles: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, name: _Optional[str] = ..., squares: _Optional[_Iterable[_Union[GozerSquare, _Mapping]]] = ..., paths: _Optional[_Iterable[_Union[GozerPath, _Mapping]]] = ..., gullies: _Optional[_Iterable[_Union[GozerGully, _Mapping]]] = ..., gadgets: _Optional[_Iterable[_Union[GozerGadgetStart, _Mapping]]] = ..., start: _Optional[int] = ..., boat: _Optional[int] = ..., summit: _Optional[int] = ..., cabins: _Optional[_Iterable[int]] = ..., obstacles: _Optional[_Iterable[int]] = ...) -> None: ...

class GozerSquare(_message.Message):
    __slots__ = ("id", "kind", "elevation", "x", "y")
    ID_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    ELEVATION_FIELD_NUMBER: _ClassVar[int]
    X_FIELD_NUMBER: _ClassVar[int]
    Y_FIELD_NUMBER: _ClassVar[int]
    id: int
    kind: GozerKind
    elevation: int
    x: int
    y: int
    def __init__(self, id: _Optional[int] = ..., kind: _Optional[_Union[GozerKind, str]] = ..., elevation: _Optional[int] = ..., x: _Optional[int] = ..., y: _Optional[int] = ...) -> None: ...

class GozerPath(_message.Message):
    __slots__ = ("a", "b")
    A_FIELD_NUMBER: _ClassVar[int]
    B_FIELD_NUMBER: _ClassVar[int]
    a: int
    b: int
    def __init__(self, a: _Optional[int] = ..., b: _Optional[int] = ...) -> None: ...

class GozerGully(_message.Message):
    __slots__ = ("name", "squares")
    NAME_FIELD_NUMBER: _ClassVar[int]
    SQUARES_FIELD_NUMBER: _ClassVar[int]
    name: str
    squares: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, name: _Optional[str] = ..., squares: _Optional[_Iterable[int]] = ...) -> None: ...

class GozerGadgetStart(_message.Message):
    __slots__ = ("gadget", "square")
    GADGET_FIELD_NUMBER: _ClassVar[int]
    SQUARE_FIELD_NUMBER: _ClassVar[int]
    gadget: GozerGadget
    square: int
    def __init__(self, gadget: _Optional[_Union[GozerGadget, str]] = ..., square: _Optional[int] = ...) -> None: ...
