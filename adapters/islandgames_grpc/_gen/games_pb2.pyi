from . import friday_pb2 as _friday_pb2
from . import forbidden_island_pb2 as _forbidden_island_pb2
from . import not_alone_pb2 as _not_alone_pb2
from . import gozer_pb2 as _gozer_pb2
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class GameConfig(_message.Message):
    __slots__ = ("friday", "forbidden_island", "not_alone", "gozer", "msgpack")
    FRIDAY_FIELD_NUMBER: _ClassVar[int]
    FORBIDDEN_ISLAND_FIELD_NUMBER: _ClassVar[int]
    NOT_ALONE_FIELD_NUMBER: _ClassVar[int]
    GOZER_FIELD_NUMBER: _ClassVar[int]
    MSGPACK_FIELD_NUMBER: _ClassVar[int]
    friday: _friday_pb2.FridayConfig
    forbidden_island: _forbidden_island_pb2.ForbiddenIslandConfig
    not_alone: _not_alone_pb2.NotAloneConfig
    gozer: _gozer_pb2.GozerConfig
    msgpack: bytes
    def __init__(self, friday: _Optional[_Union[_friday_pb2.FridayConfig, _Mapping]] = ..., forbidden_island: _Optional[_Union[_forbidden_island_pb2.ForbiddenIslandConfig, _Mapping]] = ..., not_alone: _Optional[_Union[_not_alone_pb2.NotAloneConfig, _Mapping]] = ..., gozer: _Optional[_Union[_gozer_pb2.GozerConfig, _Mapping]] = ..., msgpack: _Optional[bytes] = ...) -> None: ...

class GameState(_message.Message):
    __slots__ = ("friday", "forbidden_island", "not_alone", "gozer", "msgpack")
    FRIDAY_FIELD_NUMBER: _ClassVar[int]
    FORBIDDEN_ISLAND_FIELD_NUMBER: _ClassVar[int]
    NOT_ALONE_FIELD_NUMBER: _ClassVar[int]
    GOZER_FIELD_NUMBER: _ClassVar[int]
    MSGPACK_FIELD_NUMBER: _ClassVar[int]
    friday: _friday_pb2.FridayState
    forbidden_island: _forbidden_island_pb2.ForbiddenIslandState
    not_alone: _not_alone_pb2.NotAloneState
    gozer: _gozer_pb2.GozerState
    msgpack: bytes
    def __init__(self, friday: _Optional[_Union[_friday_pb2.FridayState, _Mapping]] = ..., forbidden_island: _Optional[_Union[_forbidden_island_pb2.ForbiddenIslandState, _Mapping]] = ..., not_alone: _Optional[_Union[_not_alone_pb2.NotAloneState, _Mapping]] = ..., gozer: _Optional[_Union[_gozer_pb2.GozerState, _Mapping]] = ..., msgpack: _Optional[bytes] = ...) -> None: ...

class GameAction(_message.Message):
    __slots__ = ("friday", "forbidden_island", "not_alone", "gozer", "msgpack")
    FRIDAY_FIELD_NUMBER: _ClassVar[int]
    FORBIDDEN_ISLAND_FIELD_NUMBER: _ClassVar[int]
    NOT_ALONE_FIELD_NUMBER: _ClassVar[int]
    GOZER_FIELD_NUMBER: _ClassVar[int]
    MSGPACK_FIELD_NUMBER: _ClassVar[int]
    friday: _friday_pb2.FridayAction
    forbidden_island: _forbidden_island_pb2.ForbiddenIslandAction
    not_alone: _not_alone_pb2.NotAloneAction
    gozer: _gozer_pb2.GozerAction
    msgpack: bytes
    def __init__(self, friday: _Optional[_Union[_friday_pb2.FridayAction, _Mapping]] = ..., forbidden_island: _Optional[_Union[_forbidden_island_pb2.ForbiddenIslandAction, _Mapping]] = ..., not_alone: _Optional[_Union[_not_alone_pb2.NotAloneAction, _Mapping]] = ..., gozer: _Optional[_Union[_gozer_pb2.GozerAction, _Mapping]] = ..., msgpack: _Optional[bytes] = ...) -> None: ...

class GameView(_message.Message):
    __slots__ = ("friday", "forbidden_island", "not_alone", "gozer", "msgpack")
    FRIDAY_FIELD_NUMBER: _ClassVar[int]
    FORBIDDEN_ISLAND_FIELD_NUMBER: _ClassVar[int]
    NOT_ALONE_FIELD_NUMBER: _ClassVar[int]
    GOZER_FIELD_NUMBER: _ClassVar[int]
    MSGPACK_FIELD_NUMBER: _ClassVar[int]
    friday: _friday_pb2.FridayView
    forbidden_island: _forbidden_island_pb2.ForbiddenIslandView
    not_alone: _not_alone_pb2.NotAloneView
    gozer: _gozer_pb2.GozerView
    msgpack: bytes
    def __init__(self, friday: _Optional[_Union[_friday_pb2.FridayView, _Mapping]] = ..., forbidden_island: _Optional[_Union[_forbidden_island_pb2.ForbiddenIslandView, _Mapping]] = ..., not_alone: _Optional[_Union[_not_alone_pb2.NotAloneView, _Mapping]] = ..., gozer: _Optional[_Union[_gozer_pb2.GozerView, _Mapping]] = ..., msgpack: _Optional[bytes] = ...) -> None: ...

class GameLayout(_message.Message):
    __slots__ = ("friday", "forbidden_island", "not_alone", "gozer", "msgpack")
    FRIDAY_FIELD_NUMBER: _ClassVar[int]
    FORBIDDEN_ISLAND_FIELD_NUMBER: _ClassVar[int]
    NOT_ALONE_FIELD_NUMBER: _ClassVar[int]
    GOZER_FIELD_NUMBER: _ClassVar[int]
    MSGPACK_FIELD_NUMBER: _ClassVar[int]
    friday: _friday_pb2.FridayLayout
    forbidden_island: _forbidden_island_pb2.ForbiddenIslandLayout
    not_alone: _not_alone_pb2.NotAloneLayout
    gozer: _gozer_pb2.GozerLayout
    msgpack: bytes
    def __init__(self, friday: _Optional[_Union[_friday_pb2.FridayLayout, _Mapping]] = ..., forbidden_island: _Optional[_Union[_forbidden_island_pb2.ForbiddenIslandLayout, _Mapping]] = ..., not_alone: _Optional[_Union[_not_alone_pb2.NotAloneLayout, _Mapping]] = ..., gozer: _Optional[_Union[_gozer_pb2.GozerLayout, _Mapping]] = ..., msgpack: _Optional[bytes] = ...) -> None: ...
