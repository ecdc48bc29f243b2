"""The envelope on gRPC: any message of :mod:`islandgames.service.envelope` to and
from its protobuf message, by its declared fields. The servicer and both clients
convert through here, so what the declaration says is what travels.

A game value (view, action, state, config, layout) is converted by the game's codecs
(:mod:`islandgames_grpc.convert`): ``game`` names the game whose value it must be, or
None on the client side (the message's oneof case says which game it is).

>>> from islandgames.service.results import SeatInfo
>>> msg = to_pb(SeatInfo(1, "pilot", "heuristic"), None)
>>> from_pb(SeatInfo, msg, None) == SeatInfo(1, "pilot", "heuristic")
True
>>> from_pb(SeatInfo, to_pb(SeatInfo(0, "diver"), None), None).bot is None
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from islandgames.core.errors import DecodeError
from islandgames.service.wiretypes import FieldSpec, GameValue, ProtoEnum, message_spec

from . import convert

__all__ = ["from_pb", "pb_class_of", "to_pb", "to_pb_kw"]

_T = TypeVar("_T")


def pb_class_of(cls: type) -> Any:
    """The generated protobuf class of the envelope message ``cls``."""
    return convert.pb_class(message_spec(cls).name)


def _get(value: Any, name: str) -> Any:
    return value[name] if isinstance(value, Mapping) else getattr(value, name)


def _elem_kw(f: FieldSpec, v: Any, game: str | None) -> Any:
    base = f.base
    if isinstance(base, GameValue):
        if base.kind == "outcome":
            return convert.outcome_codec().to_kw(v)
        if game is None:
            raise ValueError(f"{f.name}: a game value needs its game")
        return convert.game_value_kw(game, base.kind, v)
    if isinstance(base, ProtoEnum):
        return base.number(v)
    if f.is_message:
        return to_pb_kw(v, game, message_spec(base).cls)
    return v


def to_pb_kw(value: Any, game: str | None, cls: type | None = None) -> dict[str, Any]:
    """The keyword arguments of the protobuf message for ``value`` (an envelope object,
    or a mapping with its fields when ``cls`` names its class); None fields are left
    unset."""
    spec = message_spec(type(value) if cls is None else cls)
    kw: dict[str, Any] = {}
    for f in spec.fields:
        v = _get(value, f.name)
        if v is None:
            continue
        if f.repeated:
            kw[f.name] = [_elem_kw(f, item, game) for item in v]
        else:
            kw[f.name] = _elem_kw(f, v, game)
    return kw


def to_pb(value: Any, game: str | None, cls: type | None = None) -> Any:
    """The protobuf message for ``value`` (see :func:`to_pb_kw`)."""
    spec_cls = type(value) if cls is None else cls
    return pb_class_of(spec_cls)(**to_pb_kw(value, game, spec_cls))


def _elem_wire(f: FieldSpec, item: Any, game: str | None, what: str) -> Any:
    base = f.base
    if isinstance(base, GameValue):
        if base.kind == "outcome":
            return convert.outcome_codec().to_wire(item)
        return convert.game_value_wire(item, base.kind, game, what)
    if isinstance(base, ProtoEnum):
        return base.value(item)
    if f.is_message:
        return from_pb(base, item, game, what)
    return item


def _has(msg: Any, f: FieldSpec) -> bool:
    return bool(msg.HasField(f.name))


def from_pb(cls: type[_T], msg: Any, game: str | None, what: str = "") -> _T:
    """The envelope object of class ``cls`` a protobuf message holds: an unset optional
    field or message is None; :class:`DecodeError` for a game value it cannot read."""
    spec = message_spec(cls)
    where = what or spec.name
    kw: dict[str, Any] = {}
    for f in spec.fields:
        at = f"{what} {f.name}" if what else f.name
        if f.repeated:
            items = getattr(msg, f.name)
            kw[f.name] = tuple(_elem_wire(f, v, game, f"{at}[{i}]") for i, v in enumerate(items))
            continue
        # every optional field has presence (proto3 `optional`, a message, a oneof) but
        # an enum's, whose 0 (unspecified) is None
        present = f.optional or f.oneof is not None
        if present and not isinstance(f.base, ProtoEnum) and not _has(msg, f):
            kw[f.name] = None
            continue
        kw[f.name] = _elem_wire(f, getattr(msg, f.name), game, at)
    try:
        return cls(**kw)
    except (TypeError, ValueError) as exc:  # pragma: no cover - a declaration bug
        raise DecodeError(f"{where}: {exc}") from None
