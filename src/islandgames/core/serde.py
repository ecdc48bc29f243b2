"""One converter for every state, action, view and config: wire form, msgpack, hashes.

The wire form is plain data (dicts with string keys, lists, ints, strings, bools,
None). Members of a registered union carry their tag under ``"type"`` (snake_case
of the class name) as the first key. Canonical bytes are the msgpack of the wire
form; ``state_hash`` is blake2b-256 of them, as hex.

>>> import attrs
>>> @attrs.frozen
... class Point:
...     x: int
...     y: int
>>> to_wire(Point(1, 2))
{'x': 1, 'y': 2}
>>> from_wire({'x': 1, 'y': 2}, Point)
Point(x=1, y=2)
>>> try:
...     from_wire({'x': '1', 'y': 2}, Point)
... except DecodeError as exc:
...     print(exc)
cannot decode Point: x: expected int, got str
"""

from __future__ import annotations

import hashlib
import re
import types
import typing
from collections.abc import Callable
from typing import Any, TypeVar, get_args, get_origin

import attrs
import cattrs
import msgpack
from cattrs.errors import ClassValidationError, IterableValidationError
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn

from .errors import DecodeError

__all__ = [
    "MAX_SAFE_INT",
    "MAX_MESSAGE_BYTES",
    "canonical_bytes",
    "check_exact",
    "converter",
    "digest",
    "from_wire",
    "packb",
    "register_union",
    "state_hash",
    "tag_of",
    "to_wire",
    "unpackb",
]

T = TypeVar("T")

#: Integers on the wire stay within what a JavaScript number holds exactly.
MAX_SAFE_INT = (1 << 53) - 1
#: The largest msgpack document ``unpackb`` accepts.
MAX_MESSAGE_BYTES = 64 * 1024 * 1024

converter = cattrs.Converter(forbid_extra_keys=True, detailed_validation=True)

_TAGS: dict[type, str] = {}


def tag_of(cls: type) -> str:
    """The wire tag of a class: its name in snake_case (``DrawFree`` -> ``draw_free``)."""
    tag = _TAGS.get(cls)
    if tag is None:
        tag = re.sub(r"(?<!^)(?=[A-Z])", "_", cls.__name__).lower()
    return tag


# --- strict primitives: the wire is typed; "5" is not 5 and True is not 1 -------------


def _structure_int(value: Any, _: type) -> int:
    if type(value) is not int:
        raise TypeError(f"expected int, got {type(value).__name__}")
    if not -MAX_SAFE_INT <= value <= MAX_SAFE_INT:
        raise ValueError(f"integer {value} is outside +/-(2**53-1)")
    return value


def _structure_str(value: Any, _: type) -> str:
    if type(value) is not str:
        raise TypeError(f"expected str, got {type(value).__name__}")
    return value


def _structure_bool(value: Any, _: type) -> bool:
    if type(value) is not bool:
        raise TypeError(f"expected bool, got {type(value).__name__}")
    return value


converter.register_structure_hook(int, _structure_int)
converter.register_structure_hook(str, _structure_str)
converter.register_structure_hook(bool, _structure_bool)


def _is_tuple(t: Any) -> bool:
    return get_origin(t) is tuple


def _tuple_structure_factory(t: Any) -> Callable[[Any, Any], tuple[Any, ...]]:
    args = get_args(t)
    if len(args) == 2 and args[1] is Ellipsis:
        elem = converter.get_structure_hook(args[0])
        inner = args[0]

        def structure_homogeneous(value: Any, _: Any) -> tuple[Any, ...]:
            if type(value) is not list and type(value) is not tuple:
                raise TypeError(f"expected list, got {type(value).__name__}")
            return tuple([elem(v, inner) for v in value])

        return structure_homogeneous
    hooks = [(converter.get_structure_hook(a), a) for a in args]

    def structure_fixed(value: Any, _: Any) -> tuple[Any, ...]:
        if type(value) is not list and type(value) is not tuple:
            raise TypeError(f"expected list, got {type(value).__name__}")
        if len(value) != len(hooks):
            raise ValueError(f"expected {len(hooks)} items, got {len(value)}")
        return tuple([h(v, a) for (h, a), v in zip(hooks, value, strict=True)])

    return structure_fixed


def _tuple_unstructure_factory(t: Any) -> Callable[[Any], list[Any]]:
    args = get_args(t)
    if len(args) == 2 and args[1] is Ellipsis:
        if args[0] in (int, str, bool):
            return list
        elem = converter.get_unstructure_hook(args[0])
        return lambda value: [elem(v) for v in value]
    hooks = [converter.get_unstructure_hook(a) for a in args]
    return lambda value: [h(v) for h, v in zip(hooks, value, strict=True)]


converter.register_structure_hook_factory(_is_tuple, _tuple_structure_factory)
converter.register_unstructure_hook_factory(_is_tuple, _tuple_unstructure_factory)


def register_union(union: Any) -> None:
    """Make ``union`` (``A | B | ...`` of attrs classes) a tagged union on the wire.

    Each member is also given its tag when unstructured on its own, so the wire form
    of an action is the same whether or not the caller names the union.
    """
    members: tuple[type, ...] = get_args(union)
    if not members:
        members = (union,)
    by_tag: dict[str, tuple[type, Callable[[Any, Any], Any]]] = {}
    by_cls: dict[type, Callable[[Any], dict[str, Any]]] = {}
    for cls in members:
        if not attrs.has(cls):
            raise TypeError(f"union member {cls!r} is not an attrs class")
        tag = tag_of(cls)
        _TAGS[cls] = tag
        base_un = make_dict_unstructure_fn(cls, converter)
        base_st = make_dict_structure_fn(cls, converter, _cattrs_forbid_extra_keys=True)

        def un(value: Any, _tag: str = tag, _base: Any = base_un) -> dict[str, Any]:
            out: dict[str, Any] = {"type": _tag}
            out.update(_base(value))
            return out

        def st(value: Any, cl: Any, _tag: str = tag, _base: Any = base_st) -> Any:
            if type(value) is not dict:
                raise TypeError(f"expected a map, got {type(value).__name__}")
            if "type" in value:
                if value["type"] != _tag:
                    raise ValueError(f"expected type {_tag!r}, got {value['type']!r}")
                value = {k: v for k, v in value.items() if k != "type"}
            return _base(value, cl)

        converter.register_unstructure_hook(cls, un)
        converter.register_structure_hook(cls, st)
        by_tag[tag] = (cls, st)
        by_cls[cls] = un
    if len(members) < 2:
        return
    known = ", ".join(sorted(by_tag))

    def un_union(value: Any) -> dict[str, Any]:
        return by_cls[value.__class__](value)

    def st_union(value: Any, _: Any) -> Any:
        if type(value) is not dict:
            raise TypeError(f"expected a map with a 'type' key, got {type(value).__name__}")
        tag = value.get("type")
        if type(tag) is not str:
            raise ValueError(f"missing or non-string 'type' key (one of: {known})")
        entry = by_tag.get(tag)
        if entry is None:
            raise ValueError(f"unknown type {tag!r} (one of: {known})")
        cls, st = entry
        return st(value, cls)

    converter.register_unstructure_hook(union, un_union)
    converter.register_structure_hook(union, st_union)

    # ``union | None`` is a different type to cattrs (it would guess the member by its
    # fields); route it through the tagged hooks too.
    def un_optional(value: Any) -> dict[str, Any] | None:
        return None if value is None else un_union(value)

    def st_optional(value: Any, _: Any) -> Any:
        return None if value is None else st_union(value, union)

    optional = typing.Optional[union]  # noqa: UP045 - the runtime type object is needed
    converter.register_unstructure_hook(optional, un_optional)
    converter.register_structure_hook(optional, st_optional)


# --- exact types of values built in Python ---------------------------------------------
#
# The wire is strict (above), but a Python caller can build ``Step(True)`` or
# ``Give("x", to=2**60)``: attrs does not check annotations, and ``True == 1`` lets such a
# value pass a comparison with a legal action. check_exact holds a value to exactly the
# types its class declares, as the wire would: compiled once per class, so it is cheap
# enough for every apply.

_Check = Callable[[Any], str | None]
_CHECKS: dict[Any, _Check] = {}


def _got(value: Any) -> str:
    return type(value).__name__


def _compile(tp: Any) -> _Check:
    if tp is int:

        def check_int(v: Any) -> str | None:
            if type(v) is not int:
                return f"expected int, got {_got(v)}"
            if not -MAX_SAFE_INT <= v <= MAX_SAFE_INT:
                return f"integer {v} is outside +/-(2**53-1)"
            return None

        return check_int
    if tp is str or tp is bool:
        name = tp.__name__
        return lambda v: None if type(v) is tp else f"expected {name}, got {_got(v)}"
    if tp is type(None) or tp is None:
        return lambda v: None if v is None else f"expected None, got {_got(v)}"
    origin = get_origin(tp)
    args = get_args(tp)
    if origin is typing.Literal:
        allowed = {(type(a), a) for a in args}
        kinds = {type(a) for a in args}  # literals are hashable; a probe may not be
        shown = ", ".join(map(repr, args))
        return lambda v: (
            None
            if type(v) in kinds and (type(v), v) in allowed
            else f"expected one of {shown}, got {_got(v) if type(v) not in kinds else repr(v)}"
        )
    if origin is typing.Union or origin is types.UnionType:
        options = [_compile(a) for a in args]

        def check_union(v: Any) -> str | None:
            problems = [c(v) for c in options]
            if None in problems:
                return None
            return " or ".join(p for p in problems if p is not None)

        return check_union
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            elem = _compile(args[0])

            def check_tuple(v: Any) -> str | None:
                if type(v) is not tuple:
                    return f"expected tuple, got {_got(v)}"
                for i, item in enumerate(v):
                    problem = elem(item)
                    if problem is not None:
                        return f"[{i}]: {problem}"
                return None

            return check_tuple
        items = [_compile(a) for a in args]

        def check_fixed(v: Any) -> str | None:
            if type(v) is not tuple or len(v) != len(items):
                return f"expected a tuple of {len(items)}, got {_got(v)}"
            for i, (c, item) in enumerate(zip(items, v, strict=True)):
                problem = c(item)
                if problem is not None:
                    return f"[{i}]: {problem}"
            return None

        return check_fixed
    if isinstance(tp, type) and attrs.has(tp):
        return _compile_class(tp)
    raise TypeError(f"check_exact does not support the annotation {tp!r}")


def _compile_class(cls: type) -> _Check:
    check = _CHECKS.get(cls)
    if check is not None:
        return check
    fields: list[tuple[str, _Check]] = []

    def check_class(v: Any) -> str | None:
        if type(v) is not cls:
            return f"expected {cls.__name__}, got {_got(v)}"
        for name, c in fields:
            problem = c(getattr(v, name))
            if problem is not None:
                return f"{name}: {problem}" if problem[0] != "[" else f"{name}{problem}"
        return None

    _CHECKS[cls] = check_class  # before the fields: a class may contain itself
    hints = typing.get_type_hints(cls)
    fields.extend((f.name, _compile(hints[f.name])) for f in attrs.fields(cls))
    return check_class


def check_exact(value: Any) -> str | None:
    """None if every field of the attrs value ``value`` holds exactly its declared type
    (``bool`` is not ``int``, a list is not a tuple, integers within +/-(2**53-1),
    literals among their values), else what is wrong.

    >>> @attrs.frozen
    ... class Step:
    ...     to: int
    >>> check_exact(Step(3)) is None
    True
    >>> check_exact(Step(True))
    'to: expected int, got bool'
    """
    return _compile_class(type(value))(value)


def to_wire(obj: Any, as_type: Any = None) -> Any:
    """The wire form (plain data) of ``obj``."""
    if as_type is None:
        return converter.unstructure(obj)
    return converter.unstructure(obj, unstructure_as=as_type)


def _leaf_message(exc: BaseException, _type: Any) -> str:
    if isinstance(exc, KeyError):
        return "required field missing"
    if type(exc).__name__ == "ForbiddenExtraKeysError":
        # keys of any type (a hostile map may mix them), each shown short, a few at most
        shown = sorted(_short(k) for k in getattr(exc, "extra_fields", ()))
        more = f" and {len(shown) - 8} more" if len(shown) > 8 else ""
        return f"unknown field(s) {', '.join(shown[:8])}{more}"
    text = str(exc)
    return text if text else type(exc).__name__


def _short(value: Any, limit: int = 40) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _describe(exc: BaseException) -> str:
    if isinstance(exc, ClassValidationError | IterableValidationError):
        msgs = cattrs.transform_error(exc, path="$", format_exception=_leaf_message)
        out = []
        for m in msgs:
            text, _, path = m.rpartition(" @ ")
            path = path.removeprefix("$").removeprefix(".")
            out.append(f"{path}: {text}" if path else text)
        return "; ".join(out)
    return _leaf_message(exc, None)


def from_wire(data: Any, cls: type[T] | Any) -> T:
    """Build ``cls`` from wire data, or raise :class:`DecodeError` saying what is wrong."""
    if attrs.has(cls) and type(data) is not dict:
        got = type(data).__name__
        raise DecodeError(f"cannot decode {cls.__name__}: expected a map, got {got}")
    try:
        return typing.cast(T, converter.structure(data, cls))
    except DecodeError:
        raise
    except Exception as exc:  # cattrs raises a variety; all mean "not a valid cls"
        name = getattr(cls, "__name__", None) or repr(cls)
        try:
            why = _describe(exc)
        except Exception:  # a message about hostile data must not fail on that data
            why = type(exc).__name__
        raise DecodeError(f"cannot decode {name}: {why}") from exc


def packb(wire: Any) -> bytes:
    """msgpack bytes of wire data (deterministic: dict order is preserved)."""
    return typing.cast(bytes, msgpack.packb(wire, use_bin_type=True))


def unpackb(data: bytes) -> Any:
    """Wire data from msgpack bytes, or :class:`DecodeError`."""
    if not isinstance(data, bytes | bytearray | memoryview):
        raise DecodeError(f"expected bytes, got {type(data).__name__}")
    if len(data) > MAX_MESSAGE_BYTES:
        raise DecodeError(f"message of {len(data)} bytes exceeds {MAX_MESSAGE_BYTES}")
    try:
        return msgpack.unpackb(data, raw=False, strict_map_key=True, use_list=True)
    except Exception as exc:
        raise DecodeError(f"malformed msgpack: {type(exc).__name__}: {exc}") from exc


def canonical_bytes(obj: Any, as_type: Any = None) -> bytes:
    """The canonical bytes of an attrs object: msgpack of its wire form."""
    return packb(to_wire(obj, as_type))


def digest(*parts: bytes) -> bytes:
    """blake2b-256 over the length-prefixed parts (unambiguous concatenation)."""
    h = hashlib.blake2b(digest_size=32)
    for p in parts:
        h.update(len(p).to_bytes(8, "big"))
        h.update(p)
    return h.digest()


def state_hash(state: Any) -> str:
    """blake2b-256 of the canonical bytes, as 64 hex digits."""
    return hashlib.blake2b(canonical_bytes(state), digest_size=32).hexdigest()
