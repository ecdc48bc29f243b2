"""The protobuf schema of the game types, derived from the engine's attrs classes.

This module is the single source of truth that ties ``protos/`` to the engine: it walks
the attrs classes of every game with typed messages (:func:`typed_games`: config, state,
action union, view, layout) and of the core types they use, and builds a small model of
protobuf messages and enums. The generator (:mod:`islandgames_grpc.protogen`) renders
the model as ``.proto`` files, and the converter (:mod:`islandgames_grpc.convert`) uses
the same model at run time to turn wire form into protobuf messages and back. So a field
added to a game shows up in both, and a test fails until the ``.proto`` files are
regenerated.

Mapping (Python annotation -> protobuf):

* ``int`` -> ``int64``; ``str`` -> ``string``; ``bool`` -> ``bool``
* ``Literal["a", "b"]`` -> an enum ``<Prefix><Name>`` whose values are
  ``<PREFIX>_<NAME>_A``...; the zero value ``..._UNSPECIFIED`` stands for ``""`` when
  the literal has it, else it is invalid
* an attrs class -> a message ``<Prefix><Class>``, fields in declaration order
* a union of attrs classes -> a message with one ``oneof``; each member is a field
  named by its wire tag (``choose_hazard``)
* ``tuple[X, ...]`` -> ``repeated X``; ``tuple[X, X]`` (fixed length) -> a list message;
  a tuple inside a tuple or an optional tuple -> a list message ``<X>List``
* ``X | None`` and fields with a default -> ``optional`` (explicit presence); an absent
  field takes the attrs default (``None`` for ``X | None``)

``<Prefix>`` is the game's name in CamelCase (``Friday``, ``ForbiddenIsland``...); core
types (``Rng``, ``Outcome``...) have none.

>>> model = build_model()
>>> model.messages["FridayConfig"].fields[0].name
'level'
>>> [v for v in model.enums["FridayPhase"].values][:2]
['hazard', 'pirate']
"""

from __future__ import annotations

import importlib.metadata
import inspect
import re
import types
import typing
from collections.abc import Sequence
from typing import Any, Literal, Union, get_args, get_origin

import attrs

from islandgames.core import serde
from islandgames.core.game import Game, Outcome
from islandgames.core.layout import layout_type
from islandgames.core.registry import ENTRY_POINT_GROUP, get_game

__all__ = [
    "DISTRIBUTION",
    "COMMON_FILE",
    "FALLBACK_FIELD",
    "FALLBACK_NUMBER",
    "GAMES_FILE",
    "PACKAGE",
    "EnumNode",
    "EnumType",
    "Field",
    "GameEntry",
    "MessageNode",
    "MessageType",
    "Model",
    "RepeatedNode",
    "ScalarNode",
    "SchemaError",
    "build_model",
    "camel",
    "enum_value_name",
    "game_field",
    "typed_games",
]

#: The protobuf package of every islandgames message.
PACKAGE = "islandgames.v1"
#: File (without ``.proto``) of the core types and the scalar list messages.
COMMON_FILE = "common"
#: File of the ``Game*`` messages (one ``oneof`` over every game).
GAMES_FILE = "games"
#: The distribution whose games have typed messages (``typed_games``).
DISTRIBUTION = "islandgames"
#: In the ``Game*`` messages: the field that carries a game without typed messages
#: (one registered at run time) as the msgpack bytes of its wire form.
FALLBACK_FIELD = "msgpack"
FALLBACK_NUMBER = 100

#: The roles of a game's types, as the ``Game*`` message names use them. ``layout`` is
#: the class its package's ``layout`` hook returns (:mod:`islandgames.core.layout`), for
#: the games that have one.
ROLES: tuple[str, ...] = ("config", "state", "action", "view", "layout")


class SchemaError(TypeError):
    """An attrs field whose type has no protobuf form (extend this module)."""


# --- the model -----------------------------------------------------------------------------


@attrs.frozen(slots=True)
class ScalarNode:
    proto: str  # int64, string, bool
    py: type


@attrs.frozen(slots=True, eq=False)
class EnumType:
    """A ``Literal`` of strings. ``values`` are the wire strings, in declaration order."""

    name: str
    file: str
    values: tuple[str, ...]
    doc: str = ""

    def proto_names(self) -> dict[str, str]:
        """wire string -> enum value name (``""`` -> ``..._UNSPECIFIED``)."""
        return {v: enum_value_name(self.name, v) for v in self.values}


@attrs.frozen(slots=True)
class EnumNode:
    enum: EnumType


@attrs.frozen(slots=True)
class MessageNode:
    message: MessageType


@attrs.frozen(slots=True)
class RepeatedNode:
    elem: ScalarNode | EnumNode | MessageNode


Node = ScalarNode | EnumNode | MessageNode | RepeatedNode


@attrs.frozen(slots=True)
class Field:
    """One field. ``nullable``: the Python type admits None; ``has_default``: the attrs
    field has a default (an absent field is left out of the wire form)."""

    name: str
    node: Node
    nullable: bool = False
    has_default: bool = False

    @property
    def presence(self) -> bool:
        """Whether the proto field tracks presence (``optional`` or a message)."""
        if isinstance(self.node, MessageNode):
            return True
        if isinstance(self.node, RepeatedNode):
            return False
        return self.nullable or self.has_default


@attrs.define(slots=True, eq=False)
class MessageType:
    """A message: ``struct`` (an attrs class), ``union`` (one oneof named ``oneof``
    over members named by their wire tags), ``list`` (``repeated values``) or
    ``games`` (a oneof over games, see :class:`GameEntry`)."""

    name: str
    file: str
    kind: Literal["struct", "union", "list", "games"]
    cls: type | None = None
    fields: list[Field] = attrs.Factory(list)
    oneof: str = ""
    #: the wire tag a struct carries as ``"type"`` (union members), else ""
    tag: str = ""
    doc: str = ""


@attrs.frozen(slots=True)
class GameEntry:
    """One game in the ``Game*`` messages: its field name and its root types (config,
    state, action, view, and layout if its package has a ``layout`` hook)."""

    game_id: str
    field: str
    file: str
    prefix: str
    roots: dict[str, MessageType]


@attrs.define(slots=True)
class Model:
    messages: dict[str, MessageType] = attrs.Factory(dict)
    enums: dict[str, EnumType] = attrs.Factory(dict)
    games: list[GameEntry] = attrs.Factory(list)
    #: message or enum name -> order of discovery (for rendering)
    order: dict[str, int] = attrs.Factory(dict)
    by_class: dict[type, MessageType] = attrs.Factory(dict)

    def files(self) -> list[str]:
        names = [COMMON_FILE, *(g.file for g in self.games), GAMES_FILE]
        return list(dict.fromkeys(names))

    def in_file(self, file: str) -> tuple[list[EnumType], list[MessageType]]:
        enums = sorted((e for e in self.enums.values() if e.file == file), key=self._pos)
        msgs = sorted((m for m in self.messages.values() if m.file == file), key=self._pos)
        return enums, msgs

    def _pos(self, t: EnumType | MessageType) -> int:
        return self.order[t.name]

    def game(self, game_id: str) -> GameEntry | None:
        for g in self.games:
            if g.game_id == game_id:
                return g
        return None


# --- naming ------------------------------------------------------------------------------


def camel(text: str) -> str:
    """``forbidden-island`` / ``empty_aging_stack`` -> ``ForbiddenIsland`` / ``EmptyAgingStack``."""
    return "".join(p[:1].upper() + p[1:] for p in re.split(r"[-_ ]+", text) if p)


def _upper_snake(name: str) -> str:
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", name).upper()


def enum_value_name(enum_name: str, value: str) -> str:
    """The protobuf name of a literal value: ``FridayPhase``/``"over"`` ->
    ``FRIDAY_PHASE_OVER``; ``""`` -> ``..._UNSPECIFIED``."""
    suffix = re.sub(r"[^A-Za-z0-9]+", "_", value).strip("_").upper() if value else "UNSPECIFIED"
    if not suffix or suffix[0].isdigit():
        suffix = "V_" + suffix
    return f"{_upper_snake(enum_name)}_{suffix}"


def game_field(game_id: str) -> str:
    """The field name of a game in the ``Game*`` messages (``not-alone`` -> ``not_alone``)."""
    return re.sub(r"[^a-z0-9]+", "_", game_id.lower()).strip("_")


def _doc(obj: Any) -> str:
    doc = inspect.getdoc(obj) if obj is not None else None
    return doc.strip() if doc else ""


# --- the walk ----------------------------------------------------------------------------


_NONE = type(None)


def _is_union(tp: Any) -> bool:
    return get_origin(tp) in (Union, types.UnionType)


def _split_optional(tp: Any) -> tuple[Any, bool]:
    if _is_union(tp):
        args = get_args(tp)
        if _NONE in args:
            rest = tuple(a for a in args if a is not _NONE)
            inner = rest[0] if len(rest) == 1 else Union[rest]  # noqa: UP007
            return inner, True
    return tp, False


def _annotation_name(text: str | None) -> str | None:
    """``"Phase"`` / ``"Pending | None"`` / ``"Optional[Phase]"`` -> the alias name."""
    if not isinstance(text, str):
        return None
    parts = [p.strip() for p in text.split("|")]
    parts = [p for p in parts if p != "None"]
    if len(parts) != 1:
        return None
    m = re.fullmatch(r"(?:Optional\[)?([A-Za-z_][A-Za-z0-9_]*)\]?", parts[0])
    return m.group(1) if m else None


class _Walker:
    def __init__(self) -> None:
        self.model = Model()
        self._count = 0

    def _note(self, name: str) -> None:
        if name not in self.model.order:
            self.model.order[name] = self._count
            self._count += 1

    # where a type lives --------------------------------------------------------------

    @staticmethod
    def _place(module: str) -> tuple[str, str]:
        """(file, prefix) for a module: a game's file and CamelCase name, or common."""
        m = re.match(r"islandgames\.games\.([a-z0-9_]+)", module)
        if m:
            return m.group(1), camel(m.group(1))
        if module.startswith("islandgames.core"):
            return COMMON_FILE, ""
        raise SchemaError(f"types from module {module} have no place in the schema")

    @staticmethod
    def _prefixed(prefix: str, name: str) -> str:
        return name if name.startswith(prefix) else prefix + name

    # types -----------------------------------------------------------------------------

    def message_for_class(self, cls: type) -> MessageType:
        known = self.model.by_class.get(cls)
        if known is not None:
            return known
        if not attrs.has(cls):
            raise SchemaError(f"{cls!r} is not an attrs class")
        file, prefix = self._place(cls.__module__)
        name = self._prefixed(prefix, cls.__name__)
        tag = serde._TAGS.get(cls, "")
        msg = MessageType(name, file, "struct", cls=cls, tag=tag, doc=_doc(cls))
        self._add_message(msg)
        self.model.by_class[cls] = msg
        hints = typing.get_type_hints(cls)
        texts = _annotations(cls)
        for f in attrs.fields(cls):
            tp = hints.get(f.name, f.type)
            has_default = f.default is not attrs.NOTHING
            field = self.field(
                f.name, tp, texts.get(f.name), owner=cls, prefix=prefix, has_default=has_default
            )
            if has_default:
                _check_default(cls, f, field)
            msg.fields.append(field)
        return msg

    def _add_message(self, msg: MessageType) -> None:
        old = self.model.messages.get(msg.name)
        if old is not None:
            raise SchemaError(f"two types map to the message name {msg.name}")
        if msg.name in self.model.enums:
            raise SchemaError(f"{msg.name} is both an enum and a message")
        self.model.messages[msg.name] = msg
        self._note(msg.name)

    def union(self, tp: Any, name_hint: str | None, prefix: str, file: str) -> MessageType:
        members = get_args(tp)
        for cls in members:
            if not attrs.has(cls) or cls not in serde._TAGS:
                raise SchemaError(f"union {tp!r}: {cls!r} is not a registered union member")
        if not name_hint:
            raise SchemaError(f"union {tp!r} has no name (annotate it with an alias)")
        name = self._prefixed(prefix, name_hint)
        known = self.model.messages.get(name)
        if known is not None:
            if known.kind != "union" or [f.name for f in known.fields] != [
                serde._TAGS[c] for c in members
            ]:
                raise SchemaError(f"two different unions map to {name}")
            return known
        msg = MessageType(
            name,
            file,
            "union",
            oneof=_snake(name_hint),
            doc=f"One of the {name_hint} types (the oneof case is the wire tag).",
        )
        self._add_message(msg)
        for cls in members:
            member = self.message_for_class(cls)
            msg.fields.append(Field(serde._TAGS[cls], MessageNode(member)))
        return msg

    def enum(self, tp: Any, name: str, file: str) -> EnumType:
        values = get_args(tp)
        if not values or not all(type(v) is str for v in values):
            raise SchemaError(f"{tp!r}: only Literals of strings map to enums")
        if len(set(values)) != len(values):
            raise SchemaError(f"{tp!r} repeats a value")
        known = self.model.enums.get(name)
        if known is not None:
            if known.values != values:
                raise SchemaError(f"two different Literals map to the enum {name}")
            return known
        if name in self.model.messages:
            raise SchemaError(f"{name} is both an enum and a message")
        enum = EnumType(name, file, values)
        names = list(enum.proto_names().values())
        if len(set(names)) != len(names) or (
            "" not in values and enum_value_name(name, "") in names
        ):
            raise SchemaError(f"the values of {name} collide as enum value names")
        self.model.enums[name] = enum
        self._note(name)
        return enum

    def list_message(self, elem: ScalarNode | EnumNode | MessageNode) -> MessageType:
        if isinstance(elem, ScalarNode):
            base, file = camel(elem.proto), COMMON_FILE
        elif isinstance(elem, EnumNode):
            base, file = elem.enum.name, elem.enum.file
        else:
            base, file = elem.message.name, elem.message.file
        name = f"{base}List"
        known = self.model.messages.get(name)
        if known is not None:
            return known
        msg = MessageType(
            name, file, "list", doc="A list (used where a list is optional or nested)."
        )
        msg.fields.append(Field("values", RepeatedNode(elem)))
        self._add_message(msg)
        return msg

    def field(
        self,
        name: str,
        tp: Any,
        text: str | None,
        *,
        owner: type,
        prefix: str,
        has_default: bool = False,
    ) -> Field:
        inner, nullable = _split_optional(tp)
        node = self.node(inner, text, owner=owner, prefix=prefix, field_name=name)
        if nullable and isinstance(node, RepeatedNode):
            node = MessageNode(self.list_message(node.elem))
        return Field(name, node, nullable=nullable, has_default=has_default)

    def node(self, tp: Any, text: str | None, *, owner: type, prefix: str, field_name: str) -> Node:
        file = self._place(owner.__module__)[0]
        if tp is bool:
            return ScalarNode("bool", bool)
        if tp is int:
            return ScalarNode("int64", int)
        if tp is str:
            return ScalarNode("string", str)
        if get_origin(tp) is Literal:
            alias = _annotation_name(text)
            base = alias if alias and alias != "Literal" else camel(field_name)
            return EnumNode(self.enum(tp, self._prefixed(prefix, base), file))
        if attrs.has(tp):
            return MessageNode(self.message_for_class(tp))
        if _is_union(tp):
            if _NONE in get_args(tp):
                raise SchemaError(f"{owner.__name__}.{field_name}: nested optional {tp!r}")
            return MessageNode(self.union(tp, _annotation_name(text), prefix, file))
        if get_origin(tp) is tuple:
            args = get_args(tp)
            if len(args) == 2 and args[1] is Ellipsis:
                elem_tp = args[0]
            elif args and all(a == args[0] for a in args):
                elem_tp = args[0]  # fixed length: a list message (cattrs checks the length)
                elem = self._elem(elem_tp, owner, prefix, field_name, None)
                return MessageNode(self.list_message(elem))
            else:
                raise SchemaError(
                    f"{owner.__name__}.{field_name}: mixed fixed tuple {tp!r} is not supported"
                )
            return RepeatedNode(
                self._elem(elem_tp, owner, prefix, field_name, _tuple_item_text(text))
            )
        raise SchemaError(f"{owner.__name__}.{field_name}: no protobuf form for {tp!r}")

    def _elem(
        self, tp: Any, owner: type, prefix: str, field_name: str, text: str | None
    ) -> ScalarNode | EnumNode | MessageNode:
        if _is_union(tp) and _NONE in get_args(tp):
            raise SchemaError(f"{owner.__name__}.{field_name}: optional list items")
        node = self.node(tp, text, owner=owner, prefix=prefix, field_name=field_name)
        if isinstance(node, RepeatedNode):
            return MessageNode(self.list_message(node.elem))
        return node


def _tuple_item_text(text: str | None) -> str | None:
    """``"tuple[Gadget, ...]"`` (or ``"... | None"``) -> ``"Gadget"``."""
    if not isinstance(text, str):
        return None
    m = re.fullmatch(r"\s*(?:tuple|Tuple)\[\s*(.+?)\s*,\s*\.\.\.\s*\](?:\s*\|\s*None)?\s*", text)
    return m.group(1) if m else None


def _snake(name: str) -> str:
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", name).lower()


def _annotations(cls: type) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for klass in reversed(cls.__mro__):
        out.update(getattr(klass, "__annotations__", {}) or {})
    return out


def _check_default(cls: type, f: attrs.Attribute[Any], field: Field) -> None:
    default: Any = f.default
    factory = getattr(default, "factory", None)
    if factory is not None and hasattr(default, "takes_self"):  # an attrs.Factory
        default = factory(None) if default.takes_self else factory()
    if isinstance(field.node, RepeatedNode) and default != ():
        raise SchemaError(f"{cls.__name__}.{f.name}: a list field's default must be empty")
    if field.nullable and default is not None and not isinstance(field.node, RepeatedNode):
        raise SchemaError(
            f"{cls.__name__}.{f.name}: an optional field's default must be None "
            "(absent could not tell None from the default)"
        )


def _root_union(walker: _Walker, tp: Any, role: str, prefix: str, file: str) -> MessageType:
    if attrs.has(tp):
        return walker.message_for_class(tp)
    return walker.union(tp, camel(role), prefix, file)


def _oneof_numbers() -> dict[str, int]:
    """Field name -> number in the compiled ``GameConfig`` oneof (empty before the first
    generation): the order the typed games keep."""
    try:
        from ._gen import games_pb2
    except ImportError:  # pragma: no cover - no generated code yet
        return {}
    oneof = games_pb2.GameConfig.DESCRIPTOR.oneofs_by_name["game"]
    return {f.name: f.number for f in oneof.fields}


def typed_games() -> tuple[str, ...]:
    """The games that have typed messages: those this distribution registers through
    its own entry points (``pyproject.toml``), nothing named here, in the order their
    ``Game*`` oneof fields are numbered (a game new to them comes last, by id). A game
    of another distribution travels as ``msgpack`` bytes.

    >>> typed_games()
    ('friday', 'forbidden-island', 'not-alone', 'gozer')
    """
    dist = importlib.metadata.distribution(DISTRIBUTION)
    shipped = {ep.name for ep in dist.entry_points if ep.group == ENTRY_POINT_GROUP}
    numbers = _oneof_numbers()
    return tuple(sorted(shipped, key=lambda g: (numbers.get(game_field(g), 1 << 30), g)))


def build_model(game_ids: Sequence[str] | None = None) -> Model:
    """The schema model of ``game_ids`` (default: :func:`typed_games`) and core types."""
    if game_ids is None:
        game_ids = typed_games()
    walker = _Walker()
    walker.message_for_class(Outcome)
    for game_id in game_ids:
        game: Game[Any, Any, Any, Any] = get_game(game_id)
        # the game's package: its state class's (the Game class may be the kit's RulesGame)
        module = game.state_type.__module__
        file, prefix = walker._place(module)
        roots = {
            "config": walker.message_for_class(game.config_type),
            "state": walker.message_for_class(game.state_type),
            "action": _root_union(walker, game.action_type, "action", prefix, file),
            "view": _root_union(walker, game.view_type, "view", prefix, file),
        }
        walker.model.games.append(GameEntry(game_id, game_field(game_id), file, prefix, roots))
    # layouts after every game's other roots: a type they share keeps its place
    for entry in walker.model.games:
        layout_cls = layout_type(entry.game_id)
        if layout_cls is not None:
            entry.roots["layout"] = walker.message_for_class(layout_cls)
    model = walker.model
    for role in ROLES:
        name = f"Game{camel(role)}"
        msg = MessageType(
            name,
            GAMES_FILE,
            "games",
            oneof="game",
            doc=(
                f"A game's {role}: one field per game with typed messages, or "
                f"`{FALLBACK_FIELD}` (the msgpack bytes of the wire form) for any other game."
            ),
        )
        for g in model.games:
            if role in g.roots:
                msg.fields.append(Field(g.field, MessageNode(g.roots[role])))
        walker._add_message(msg)
    return model
