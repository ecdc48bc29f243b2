"""Wire form <-> protobuf, driven by the schema model (:mod:`islandgames_grpc.schema`).

The engine's wire form (plain data, see ``islandgames.core.serde``) and the protobuf
messages mirror each other field for field, so the conversion is mechanical:

* wire -> protobuf: the wire value becomes the keyword arguments of the message's
  constructor (nested messages as nested dicts, enum strings as their numbers, a union's
  ``{"type": tag, ...}`` as ``{tag: {...}}``), and protobuf builds the message in C.
  The wire values come from the engine, so a mismatch is a bug (``KeyError``).
* protobuf -> wire: a dict with the keys in field order, ``"type"`` first for union
  members, so its msgpack is the canonical bytes the engine hashes. Absent optional
  fields are left out (the engine fills in the attrs default) or are ``None``. The
  input comes from clients: an unknown enum number or an unset oneof raises
  :class:`~islandgames.core.errors.DecodeError`; the engine then checks the rest.

>>> codecs = game_codecs("friday")
>>> pb = codecs.action.to_pb({"type": "choose_hazard", "index": 1})
>>> pb.WhichOneof("action"), pb.choose_hazard.index
('choose_hazard', 1)
>>> codecs.action.to_wire(pb)
{'type': 'choose_hazard', 'index': 1}
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import attrs

from islandgames.core import serde
from islandgames.core.errors import DecodeError

from ._gen import (
    common_pb2,
    forbidden_island_pb2,
    friday_pb2,
    games_pb2,
    gozer_pb2,
    match_service_pb2,
    not_alone_pb2,
)
from .schema import (
    FALLBACK_FIELD,
    EnumNode,
    EnumType,
    Field,
    MessageNode,
    MessageType,
    Model,
    RepeatedNode,
    ScalarNode,
    build_model,
)

__all__ = [
    "Codec",
    "GameCodecs",
    "game_codecs",
    "game_of",
    "game_value_kw",
    "game_value_wire",
    "model",
    "outcome_codec",
    "pb_class",
]

_MODULES = (
    common_pb2,
    friday_pb2,
    forbidden_island_pb2,
    not_alone_pb2,
    gozer_pb2,
    games_pb2,
    match_service_pb2,
)

ToKw = Callable[[Any], Any]
ToWire = Callable[[Any], Any]


@functools.cache
def model() -> Model:
    """The schema model of the games with typed messages (built once)."""
    return build_model()


@functools.cache
def _pb_classes() -> dict[str, Any]:
    out: dict[str, Any] = {}
    for module in _MODULES:
        for name in module.DESCRIPTOR.message_types_by_name:
            out[name] = getattr(module, name)
    return out


@functools.cache
def _pb_enums() -> dict[str, Any]:
    out: dict[str, Any] = {}
    for module in _MODULES:
        out.update(module.DESCRIPTOR.enum_types_by_name)
    return out


def pb_class(name: str) -> Any:
    """The generated class of message ``name`` (``"FridayView"``)."""
    return _pb_classes()[name]


@attrs.frozen(slots=True)
class Codec:
    """Converts one message type: ``to_kw`` (wire -> constructor kwargs), ``to_pb``
    (wire -> message) and ``to_wire`` (message -> wire)."""

    name: str
    pb: Any
    to_kw: ToKw
    to_wire: ToWire

    def to_pb(self, wire: Any) -> Any:
        return self.pb(**self.to_kw(wire))


class _Builder:
    def __init__(self, m: Model) -> None:
        self.model = m
        self.kw: dict[str, ToKw] = {}
        self.wire: dict[str, ToWire] = {}

    # enums -------------------------------------------------------------------------------

    def enum_maps(self, enum: EnumType) -> tuple[dict[str, int], dict[int, str]]:
        desc = _pb_enums()[enum.name]
        names = enum.proto_names()
        to_num = {v: desc.values_by_name[names[v]].number for v in enum.values}
        to_str = {n: v for v, n in to_num.items()}
        return to_num, to_str

    # per message ---------------------------------------------------------------------------

    def message_kw(self, msg: MessageType) -> ToKw:
        """wire -> kwargs, built once per message (recursive types resolve lazily)."""
        done = self.kw.get(msg.name)
        if done is not None:
            return done
        holder: list[ToKw] = []
        self.kw[msg.name] = lambda w: holder[0](w)
        fn = self._make_kw(msg)
        holder.append(fn)
        self.kw[msg.name] = fn
        return fn

    def message_wire(self, msg: MessageType) -> ToWire:
        done = self.wire.get(msg.name)
        if done is not None:
            return done
        holder: list[ToWire] = []
        self.wire[msg.name] = lambda m: holder[0](m)
        fn = self._make_wire(msg)
        holder.append(fn)
        self.wire[msg.name] = fn
        return fn

    def _make_kw(self, msg: MessageType) -> ToKw:
        if msg.kind == "union":
            members = {f.name: self.message_kw(_msg(f)) for f in msg.fields}

            def union_kw(w: Any) -> Any:
                tag = w["type"]
                return {tag: members[tag](w)}

            return union_kw
        if msg.kind == "list":
            elem = self.elem_kw(_repeated(msg.fields[0]).elem)
            if elem is None:
                return lambda w: {"values": w}
            return lambda w: {"values": [elem(x) for x in w]}
        plan = [(f.name, self.field_kw(f)) for f in msg.fields]

        def struct_kw(w: Any) -> Any:
            out = {}
            for name, fn in plan:
                v = w[name]
                if v is not None:
                    out[name] = v if fn is None else fn(v)
            return out

        return struct_kw

    def elem_kw(self, node: ScalarNode | EnumNode | MessageNode) -> ToKw | None:
        if isinstance(node, ScalarNode):
            return None
        if isinstance(node, EnumNode):
            return self.enum_maps(node.enum)[0].__getitem__
        return self.message_kw(node.message)

    def field_kw(self, f: Field) -> ToKw | None:
        node = f.node
        if isinstance(node, RepeatedNode):
            elem = self.elem_kw(node.elem)
            if elem is None:
                return None
            return lambda v: [elem(x) for x in v]
        return self.elem_kw(node)

    def _make_wire(self, msg: MessageType) -> ToWire:
        if msg.kind == "union":
            members = {f.name: self.message_wire(_msg(f)) for f in msg.fields}
            oneof, label = msg.oneof, msg.name

            def union_wire(m: Any) -> Any:
                case = m.WhichOneof(oneof)
                if case is None:
                    raise DecodeError(f"{label}: no {oneof} is set")
                return members[case](getattr(m, case))

            return union_wire
        if msg.kind == "list":
            elem = self.elem_wire(_repeated(msg.fields[0]).elem, msg.name)
            if elem is None:
                return lambda m: list(m.values)
            return lambda m: [elem(x) for x in m.values]
        steps = [self.field_wire(f, msg.name) for f in msg.fields]
        tag = msg.tag

        def struct_wire(m: Any) -> Any:
            out: dict[str, Any] = {"type": tag} if tag else {}
            for step in steps:
                step(m, out)
            return out

        return struct_wire

    def elem_wire(self, node: ScalarNode | EnumNode | MessageNode, where: str) -> ToWire | None:
        if isinstance(node, ScalarNode):
            return None
        if isinstance(node, EnumNode):
            to_str = self.enum_maps(node.enum)[1]
            enum_name = node.enum.name

            def enum_wire(n: int) -> str:
                try:
                    return to_str[n]
                except KeyError:
                    raise DecodeError(f"{where}: {n} is not a {enum_name} value") from None

            return enum_wire
        return self.message_wire(node.message)

    def field_wire(self, f: Field, where: str) -> Callable[[Any, dict[str, Any]], None]:
        name, node = f.name, f.node
        label = f"{where}.{name}"
        if isinstance(node, RepeatedNode):
            elem = self.elem_wire(node.elem, label)
            if elem is None:

                def repeated_plain(m: Any, out: dict[str, Any]) -> None:
                    out[name] = list(getattr(m, name))

                return repeated_plain

            def repeated(m: Any, out: dict[str, Any]) -> None:
                out[name] = [elem(x) for x in getattr(m, name)]

            return repeated
        conv = self.elem_wire(node, label)
        if not f.presence:
            if conv is None:

                def plain(m: Any, out: dict[str, Any]) -> None:
                    out[name] = getattr(m, name)

                return plain

            def converted(m: Any, out: dict[str, Any]) -> None:
                out[name] = conv(getattr(m, name))

            return converted
        nullable = f.nullable

        def present(m: Any, out: dict[str, Any]) -> None:
            if m.HasField(name):
                v = getattr(m, name)
                out[name] = v if conv is None else conv(v)
            elif nullable:
                out[name] = None
            # else: left out, the engine uses the attrs default (or reports it missing)

        return present


def _msg(f: Field) -> MessageType:
    assert isinstance(f.node, MessageNode)
    return f.node.message


def _repeated(f: Field) -> RepeatedNode:
    assert isinstance(f.node, RepeatedNode)
    return f.node


@functools.cache
def _builder() -> _Builder:
    return _Builder(model())


def codec(name: str) -> Codec:
    """The codec of the model's message ``name``."""
    return _codec(name)


@functools.cache
def _codec(name: str) -> Codec:
    b = _builder()
    msg = b.model.messages[name]
    return Codec(name, pb_class(name), b.message_kw(msg), b.message_wire(msg))


@functools.cache
def outcome_codec() -> Codec:
    return codec("Outcome")


@attrs.frozen(slots=True)
class GameCodecs:
    """The codecs of one game's config, state, action (union), view and layout (None:
    the game has no layout), and its field name in the ``Game*`` messages."""

    game_id: str
    field: str
    config: Codec
    state: Codec
    action: Codec
    view: Codec
    layout: Codec | None = None

    def role(self, role: str) -> Codec:
        found = {
            "config": self.config,
            "state": self.state,
            "action": self.action,
            "layout": self.layout,
        }.get(role, self.view)
        if found is None:
            raise KeyError(f"{self.game_id} has no {role} messages")
        return found


@functools.cache
def _game_codecs(game_id: str) -> GameCodecs | None:
    entry = model().game(game_id)
    if entry is None:
        return None
    r = entry.roots
    return GameCodecs(
        game_id,
        entry.field,
        codec(r["config"].name),
        codec(r["state"].name),
        codec(r["action"].name),
        codec(r["view"].name),
        codec(r["layout"].name) if "layout" in r else None,
    )


def game_codecs(game_id: str) -> GameCodecs:
    """The codecs of a game with typed messages (``KeyError`` for any other game)."""
    codecs = _game_codecs(game_id)
    if codecs is None:
        raise KeyError(game_id)
    return codecs


def has_codecs(game_id: str) -> bool:
    return _game_codecs(game_id) is not None


@functools.cache
def _field_games() -> dict[str, str]:
    return {g.field: g.game_id for g in model().games}


def game_value_kw(game_id: str, role: str, wire: Any) -> dict[str, Any]:
    """Constructor kwargs of a ``Game<Role>`` message for ``wire`` of ``game_id``: the
    game's typed field, or ``msgpack`` for a game without typed messages."""
    codecs = _game_codecs(game_id)
    if codecs is None:
        return {FALLBACK_FIELD: serde.packb(wire)}
    return {codecs.field: codecs.role(role).to_kw(wire)}


def game_of(msg: Any) -> str | None:
    """The game id a ``Game*`` message is for (None: the msgpack fallback or unset)."""
    case = msg.WhichOneof("game")
    if case is None or case == FALLBACK_FIELD:
        return None
    return _field_games().get(case)


def game_value_wire(msg: Any, role: str, game_id: str | None, what: str) -> Any:
    """The wire form of a ``Game<Role>`` message. ``game_id``: the game it must be for
    (None: any). Raises :class:`DecodeError` for an unset message, a value of another
    game, or undecodable msgpack."""
    case = msg.WhichOneof("game")
    if case is None:
        raise DecodeError(f"{what}: no game is set")
    if case == FALLBACK_FIELD:
        if game_id is not None and has_codecs(game_id):
            raise DecodeError(
                f"{what}: {game_id} has typed messages; set its field "
                f"{game_codecs(game_id).field!r}, not {FALLBACK_FIELD!r}"
            )
        return serde.unpackb(msg.msgpack)
    found = _field_games()[case]
    if game_id is not None and found != game_id:
        raise DecodeError(f"{what}: a {found} value for a {game_id} match")
    return game_codecs(found).role(role).to_wire(getattr(msg, case))
