"""How an envelope class declares its wire form: field numbers, kinds and docs.

The service's requests and results (:mod:`islandgames.service.results`,
:mod:`islandgames.service.envelope`) are attrs classes whose fields say, once, what
every protocol needs: a protobuf field number (:func:`wire_field`), the kind of value
(a scalar, a game value such as a view, an enum, another envelope message, repeated or
optional) and a line of documentation. From that come the plain (MessagePack-RPC) form
(:func:`to_wire`), the ``.proto`` messages of ``match_service.proto``, the gRPC
servicer's and clients' conversions (``islandgames_grpc.envelope``) and the protocol
reference tables (``docs/protocol-reference.md``).

>>> import attrs
>>> @wire_message("Point", doc="A point.")
... @attrs.frozen
... class Point:
...     x: int = wire_field(1, "Across.")
...     label: str | None = wire_field(2, omit_none=True)
>>> [(f.name, f.number, f.proto_type, f.optional) for f in fields_of(Point)]
[('x', 1, 'int64', False), ('label', 2, 'string', True)]
>>> to_wire(Point(3, None))
{'x': 3}
"""

from __future__ import annotations

import sys
import types
import typing
from collections.abc import Callable
from typing import Annotated, Any, TypeVar, Union

import attrs

__all__ = [
    "ActionValue",
    "ConfigValue",
    "FieldSpec",
    "GameValue",
    "LayoutValue",
    "MessageSpec",
    "OutcomeValue",
    "ProtoEnum",
    "StateValue",
    "ViewValue",
    "external_message",
    "fields_of",
    "message_spec",
    "to_wire",
    "wire_field",
    "wire_message",
]

_C = TypeVar("_C")
_NUMBER = "islandgames.wire.number"
_DOC = "islandgames.wire.doc"
_OMIT_NONE = "islandgames.wire.omit_none"
_ONEOF = "islandgames.wire.oneof"


@attrs.frozen
class GameValue:
    """A game value in its wire form (plain data on MessagePack-RPC; the game's typed
    message over gRPC, e.g. ``GameView``). ``kind`` is one of ``view``, ``action``,
    ``state``, ``config``, ``layout``, or ``outcome`` (the same for every game)."""

    kind: str

    @property
    def proto_type(self) -> str:
        return "Outcome" if self.kind == "outcome" else "Game" + self.kind.capitalize()


@attrs.frozen
class ProtoEnum:
    """A string field that is a protobuf enum: ``values`` are the wire strings of
    numbers 1, 2, ... (0 is ``<PREFIX>_UNSPECIFIED``), ``names`` their proto names
    after the prefix, ``docs`` a comment per value."""

    name: str
    prefix: str
    values: tuple[str, ...]
    names: tuple[str, ...]
    doc: str = ""
    docs: tuple[str, ...] = ()

    def number(self, value: str) -> int:
        return self.values.index(value) + 1

    def value(self, number: int) -> str | None:
        return self.values[number - 1] if 1 <= number <= len(self.values) else None


# the game values, as results hold them (wire form: plain data)
ViewValue = Annotated[Any, GameValue("view")]
ActionValue = Annotated[Any, GameValue("action")]
StateValue = Annotated[Any, GameValue("state")]
ConfigValue = Annotated[Any, GameValue("config")]
LayoutValue = Annotated[Any, GameValue("layout")]
OutcomeValue = Annotated[dict[str, Any], GameValue("outcome")]


def wire_field(
    number: int,
    doc: str = "",
    *,
    omit_none: bool = False,
    oneof: str | None = None,
    default: Any = attrs.NOTHING,
) -> Any:
    """An attrs field with its protobuf ``number`` and one line of ``doc``;
    ``omit_none``: absent from the plain form when None (a key added later, so that
    older results keep their form); ``oneof``: the protobuf oneof it belongs to."""
    metadata = {_NUMBER: number, _DOC: doc, _OMIT_NONE: omit_none, _ONEOF: oneof}
    return attrs.field(default=default, metadata=metadata)


_SCALARS: dict[type, str] = {str: "string", int: "int64", bool: "bool", bytes: "bytes"}


@attrs.frozen
class FieldSpec:
    """One field of an envelope message, as every protocol sees it. ``base`` is a
    scalar type, a :class:`GameValue`, a :class:`ProtoEnum` or an envelope class."""

    name: str
    number: int
    doc: str
    base: Any
    repeated: bool = False
    optional: bool = False
    omit_none: bool = False
    oneof: str | None = None

    @property
    def is_message(self) -> bool:
        return isinstance(self.base, type) and self.base not in _SCALARS

    @property
    def proto_type(self) -> str:
        base = self.base
        if isinstance(base, GameValue):
            name = base.proto_type
        elif isinstance(base, ProtoEnum):
            name = base.name
        elif base in _SCALARS:
            name = _SCALARS[base]
        else:
            name = message_spec(base).name
        return ("repeated " if self.repeated else "") + name

    @property
    def label(self) -> str:
        """``optional`` for a scalar (or enum) with presence, else empty."""
        scalar = not self.is_message and not isinstance(self.base, GameValue)
        return "optional" if self.optional and scalar and not self.oneof else ""


@attrs.frozen
class MessageSpec:
    """An envelope message: its protobuf name, comment, fields and reserved slots."""

    name: str
    cls: type
    doc: str
    fields: tuple[FieldSpec, ...]
    reserved_numbers: tuple[int, ...] = ()
    reserved_names: tuple[str, ...] = ()
    reserved_doc: str = ""
    oneof_docs: tuple[tuple[str, str], ...] = ()


@attrs.frozen
class _Declared:
    name: str
    doc: str
    reserved_numbers: tuple[int, ...] = ()
    reserved_names: tuple[str, ...] = ()
    reserved_doc: str = ""
    oneof_docs: tuple[tuple[str, str], ...] = ()


_DECLARED: dict[type, _Declared] = {}
_EXTERNAL: dict[type, dict[str, tuple[int, str]]] = {}
_SPECS: dict[type, MessageSpec] = {}


def wire_message(
    name: str,
    doc: str = "",
    *,
    reserved_numbers: tuple[int, ...] = (),
    reserved_names: tuple[str, ...] = (),
    reserved_doc: str = "",
    oneof_docs: dict[str, str] | None = None,
) -> Callable[[type[_C]], type[_C]]:
    """Class decorator (above ``@attrs.frozen``): the class is the envelope message
    ``name`` (``doc``: its comment); its fields are declared with :func:`wire_field`.
    ``reserved_*``: numbers and names of removed fields, never to be reused;
    ``oneof_docs``: a comment per oneof."""
    oneofs = tuple((oneof_docs or {}).items())

    def register(cls: type[_C]) -> type[_C]:
        _DECLARED[cls] = _Declared(
            name, doc, reserved_numbers, reserved_names, reserved_doc, oneofs
        )
        return cls

    return register


def external_message(cls: type, name: str, doc: str, numbers: dict[str, tuple[int, str]]) -> None:
    """Declare an attrs class from outside the service (e.g. :class:`LogParent`) as the
    envelope message ``name``: ``numbers`` maps each of its fields to (number, doc)."""
    _DECLARED[cls] = _Declared(name, doc)
    _EXTERNAL[cls] = numbers


def _unwrap(hint: Any) -> tuple[Any, bool, bool]:
    """(base, repeated, optional) of a field's type hint."""
    optional = False
    origin = typing.get_origin(hint)
    if origin in (Union, types.UnionType):
        args = [a for a in typing.get_args(hint) if a is not type(None)]
        if len(args) != 1:
            raise TypeError(f"an envelope field may be X | None, not {hint!r}")
        optional, hint = True, args[0]
        origin = typing.get_origin(hint)
    if origin is Annotated:
        for extra in hint.__metadata__:
            if isinstance(extra, GameValue | ProtoEnum):
                return extra, False, optional
        hint = typing.get_args(hint)[0]
        origin = typing.get_origin(hint)
    if origin is tuple:
        elems = typing.get_args(hint)
        if len(elems) != 2 or elems[1] is not Ellipsis:
            raise TypeError(f"an envelope field may be tuple[X, ...], not {hint!r}")
        elem, _, _ = _unwrap(elems[0])
        return elem, True, optional
    if hint in _SCALARS or (isinstance(hint, type) and hint in _DECLARED):
        return hint, False, optional
    raise TypeError(f"not an envelope field type: {hint!r}")


def message_spec(cls: type) -> MessageSpec:
    """The envelope message ``cls`` declares (TypeError for a class that is not one)."""
    spec = _SPECS.get(cls)
    if spec is not None:
        return spec
    if cls not in _DECLARED:
        raise TypeError(f"{cls.__qualname__} is not an envelope message")
    d = _DECLARED[cls]
    module = sys.modules[cls.__module__]
    hints = typing.get_type_hints(cls, vars(module), include_extras=True)
    external = _EXTERNAL.get(cls)
    fields = []
    for a in attrs.fields(cls):
        if external is not None:
            if a.name not in external:
                continue
            number, fdoc = external[a.name]
            omit, oneof = False, None
        else:
            if _NUMBER not in a.metadata:
                raise TypeError(f"{cls.__qualname__}.{a.name} has no wire number")
            number, fdoc = a.metadata[_NUMBER], a.metadata[_DOC]
            omit, oneof = a.metadata[_OMIT_NONE], a.metadata[_ONEOF]
        base, repeated, optional = _unwrap(hints[a.name])
        fields.append(FieldSpec(a.name, number, fdoc, base, repeated, optional, omit, oneof))
    numbers = [f.number for f in fields]
    if len(set(numbers)) != len(numbers) or set(numbers) & set(d.reserved_numbers):
        raise TypeError(f"{cls.__qualname__}: field numbers are not unique: {numbers}")
    spec = MessageSpec(
        d.name,
        cls,
        d.doc,
        tuple(fields),
        d.reserved_numbers,
        d.reserved_names,
        d.reserved_doc,
        d.oneof_docs,
    )
    _SPECS[cls] = spec
    return spec


def fields_of(cls: type) -> tuple[FieldSpec, ...]:
    """The fields of the envelope message ``cls``, in declaration order."""
    return message_spec(cls).fields


def _plain(value: Any, f: FieldSpec) -> Any:
    if f.repeated:
        if f.is_message:
            return [to_wire(v) for v in value]
        return list(value)
    if value is not None and f.is_message:
        return to_wire(value)
    return value


def to_wire(obj: Any) -> dict[str, Any]:
    """The plain form of an envelope message (MessagePack-RPC's): a map of its fields in
    declaration order, tuples as lists, messages as maps; a field with ``omit_none`` is
    absent while None."""
    out: dict[str, Any] = {}
    for f in fields_of(type(obj)):
        value = getattr(obj, f.name)
        if value is None and f.omit_none:
            continue
        out[f.name] = _plain(value, f)
    return out
