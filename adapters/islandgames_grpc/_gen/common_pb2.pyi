from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Result(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    RESULT_UNSPECIFIED: _ClassVar[Result]
    RESULT_WIN: _ClassVar[Result]
    RESULT_LOSS: _ClassVar[Result]
    RESULT_DRAW: _ClassVar[Result]
RESULT_UNSPECIFIED: Result
RESULT_WIN: Result
RESULT_LOSS: Result
RESULT_DRAW: Result

class Outcome(_message.Message):
    __slots__ = ("results", "reason")
    RESULTS_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    results: _containers.RepeatedCompositeFieldContainer[SeatResult]
    reason: str
    def __init__(self, results: _Optional[_Iterable[_Union[SeatResult, _Mapping]]] = ..., reason: _Optional[str] = ...) -> None: ...

class SeatResult(_message.Message):
    __slots__ = ("seat", "role", "result", "score")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    ROLE_FIELD_NUMBER: _ClassVar[int]
    RESULT_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    seat: int
    role: str
    result: Result
    score: int
    def __init__(self, seat: _Optional[int] = ..., role: _Optional[str] = ..., result: _Optional[_Union[Result, str]] = ..., score: _Optional[int] = ...) -> None: ...

class Rng(_message.Message):
    __slots__ = ("key", "counter")
    KEY_FIELD_NUMBER: _ClassVar[int]
    COUNTER_FIELD_NUMBER: _ClassVar[int]
    key: str
    counter: int
    def __init__(self, key: _Optional[str] = ..., counter: _Optional[int] = ...) -> None: ...

class StringList(_message.Message):
    __slots__ = ("values",)
    VALUES_FIELD_NUMBER: _ClassVar[int]
    values: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, values: _Optional[_Iterable[str]] = ...) -> None: ...

class Int64List(_message.Message):
    __slots__ = ("values",)
    VALUES_FIELD_NUMBER: _ClassVar[int]
    values: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, values: _Optional[_Iterable[int]] = ...) -> None: ...
