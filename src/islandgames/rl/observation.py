"""A fixed-length integer encoding of a game's view, derived from the view's types.

The encoder walks the view class's type annotations once and lays out slots; each
value then fills them in field order, depth first:

- ``int``: one slot, the value clipped to the int32 range; ``bool``: one slot, 0/1.
- ``Literal[...]``: one slot, the index of the value among the literal's values.
- ``str``: one slot: 0 for ``""``, ``1 + i`` for the ``i``-th word of the game's
  vocabulary (tile ids, card names, roles... :func:`vocabulary`), -1 for any other
  text (free text such as a game-end reason).
- ``X | None``: a presence slot (0/1), then the slots of ``X`` (zeros when None).
- a union of attrs classes (``A | B | None``): a tag slot (0: None, ``1 + i``: the
  ``i``-th class), then the slots of every class in turn (zeros but the present one).
- ``tuple[X, ...]``: a length slot with the true length, then ``cap`` times the slots
  of ``X``: the first ``cap`` items, zero-padded; longer tuples are truncated (the
  length slot still tells). ``cap`` comes from the game's cap table by the field's path
  (``hunted[].hand``), else the game's default cap.
- ``tuple[X, Y]``: the slots of each item; an attrs class: the slots of its fields.

:meth:`ViewEncoder.layout` names every slot (its path), for docs and debugging.
:meth:`ViewEncoder.update` turns the slots of one view into those of another in place,
rewriting only the slots of the fields that differ (the environments' hot path: two
views in a row share most of their values); it writes exactly what :meth:`encode` would.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Literal, Union

import attrs

from .rewrite import rewriter

__all__ = ["INT_HIGH", "INT_LOW", "ViewEncoder"]

INT_LOW = -(2**31)
INT_HIGH = 2**31 - 1

Fill = Callable[[Any, list[int]], None]
#: the one slot of a scalar value (an int, a bool, a literal, a string)
Conv = Callable[[Any], Any]


@attrs.frozen(slots=True)
class _Part:
    """The compiled encoder of one type: its slot names and bounds, and its filler."""

    names: tuple[str, ...]
    low: tuple[int, ...]
    high: tuple[int, ...]
    fill: Fill
    #: (offset of a tuple's length slot, its cap), for every tuple inside
    lengths: tuple[tuple[int, int], ...] = ()
    #: the structure, for the rewriter (:mod:`.rewrite`): ``("scalar", kind, ...)``,
    #: ``("record", ((field, offset, part), ...))``, ``("fixed", ((offset, part), ...))``,
    #: ``("seq", cap, item part)``, ``("opt", part)``, ``("union", ((cls, offset, part), ...))``
    node: tuple[Any, ...] = ("scalar",)
    #: a one-slot scalar: its value -> its slot
    conv: Conv | None = None

    @property
    def size(self) -> int:
        return len(self.names)


def _clip(v: int) -> int:
    return INT_LOW if v < INT_LOW else INT_HIGH if v > INT_HIGH else v


class ViewEncoder:
    """The flat encoding of views of class ``view_cls``.

    ``caps`` maps a tuple field's path (``"fight.fight.cards"``; ``[]`` for the items
    of a tuple) to how many items are encoded; other tuples get ``default_cap``.
    ``vocabulary`` numbers the strings.
    """

    def __init__(
        self,
        view_cls: type,
        vocabulary: Sequence[str],
        caps: Mapping[str, int],
        default_cap: int,
    ) -> None:
        self.view_cls = view_cls
        self.vocabulary = tuple(vocabulary)
        self._words = {w: i + 1 for i, w in enumerate(self.vocabulary) if w}
        self._caps = dict(caps)
        self._default_cap = default_cap
        self._used_caps: set[str] = set()
        part = self._compile(view_cls, "")
        unused = sorted(set(self._caps) - self._used_caps)
        if unused:  # a misspelt path would silently fall back to the default cap
            raise ValueError(f"caps name no tuple field of {view_cls.__name__}: {unused}")
        self._part = part
        self._diff = rewriter(part)
        self.names = part.names
        self.low = part.low
        self.high = part.high
        self.lengths = part.lengths

    @property
    def size(self) -> int:
        return self._part.size

    def encode(self, view: Any) -> list[int]:
        """The slots of ``view`` (a list of ``size`` ints within ``low``..``high``)."""
        if type(view) is not self.view_cls:
            raise TypeError(f"expected a {self.view_cls.__name__}, got {type(view).__name__}")
        out: list[int] = []
        self._part.fill(view, out)
        return out

    def update(self, slots: Any, view: Any, previous: Any) -> None:
        """Turn ``slots``, the encoding of ``previous`` (a mutable array of ``size``
        slots: a numpy array), into the encoding of ``view``: the slots of every value
        that differs are rewritten, the others are left (equal values encode alike). The
        result is exactly ``encode(view)``."""
        cls = self.view_cls
        if type(view) is not cls or type(previous) is not cls:
            raise TypeError(
                f"expected {cls.__name__}s, got a {type(view).__name__} "
                f"and a {type(previous).__name__}"
            )
        self._diff(slots, view, previous)

    def layout(self) -> tuple[str, ...]:
        """The path of every slot, in order."""
        return self.names

    def truncated(self, slots: Sequence[int]) -> tuple[str, ...]:
        """The tuples of an encoded view (``slots``) cut to their cap: their paths."""
        return tuple(self.names[i][:-1] for i, cap in self.lengths if slots[i] > cap)

    # --- compiling ------------------------------------------------------------------

    def _compile(self, tp: Any, path: str) -> _Part:
        origin = typing.get_origin(tp)
        if tp is bool:
            return _Part(
                (path,),
                (0,),
                (1,),
                lambda v, out: out.append(int(v)),
                node=("scalar", "bool"),
                conv=int,
            )
        if tp is int:
            return _Part(
                (path,),
                (INT_LOW,),
                (INT_HIGH,),
                lambda v, out: out.append(_clip(v)),
                node=("scalar", "int"),
                conv=_clip,
            )
        if tp is str:
            words = self._words
            n = len(self.vocabulary)

            def conv_str(v: Any) -> int:
                return 0 if v == "" else words.get(v, -1)

            def fill_str(v: Any, out: list[int]) -> None:
                out.append(0 if v == "" else words.get(v, -1))

            return _Part(
                (path,), (-1,), (n,), fill_str, node=("scalar", "str", words), conv=conv_str
            )
        if origin is Literal:
            values = typing.get_args(tp)
            at = {v: i for i, v in enumerate(values)}
            return _Part(
                (path,),
                (0,),
                (len(values) - 1,),
                lambda v, out: out.append(at[v]),
                node=("scalar", "literal"),
                conv=at.__getitem__,
            )
        if origin in (Union, types.UnionType):
            return self._union(typing.get_args(tp), path)
        if origin is tuple:
            args = typing.get_args(tp)
            if len(args) == 2 and args[1] is Ellipsis:
                return self._sequence(args[0], path)
            return self._fixed(args, path)
        if isinstance(tp, type) and attrs.has(tp):
            return self._record(tp, path)
        raise TypeError(f"cannot encode {tp!r} at {path or 'the view'}")

    def _record(self, cls: type, path: str) -> _Part:
        hints = typing.get_type_hints(cls)
        names = [f.name for f in attrs.fields(cls)]
        parts = [self._compile(hints[n], f"{path}.{n}" if path else n) for n in names]
        fills = [(n, p.fill) for n, p in zip(names, parts, strict=True)]

        def fill(v: Any, out: list[int]) -> None:
            for name, f in fills:
                f(getattr(v, name), out)

        fields = tuple(zip(names, _offsets(parts), parts, strict=True))
        return attrs.evolve(_joined(parts, fill), node=("record", fields))

    def _fixed(self, args: Sequence[Any], path: str) -> _Part:
        parts = [self._compile(a, f"{path}[{i}]") for i, a in enumerate(args)]
        fills = [p.fill for p in parts]

        def fill(v: Any, out: list[int]) -> None:
            for f, item in zip(fills, v, strict=True):
                f(item, out)

        items = tuple(zip(_offsets(parts), parts, strict=True))
        return attrs.evolve(_joined(parts, fill), node=("fixed", items))

    def _sequence(self, item: Any, path: str) -> _Part:
        cap = self._caps.get(path, self._default_cap)
        self._used_caps.add(path)
        one = self._compile(item, f"{path}[]")
        pad = [0] * one.size
        # an item's slot names start with "<path>[]": number that "[]" (outer tuples
        # number theirs, earlier in the name, in turn)
        at = len(path) + 2
        names = (f"{path}#", *(f"{path}[{i}]{n[at:]}" for i in range(cap) for n in one.names))
        low = (0, *one.low * cap)
        high = (INT_HIGH, *one.high * cap)
        f = one.fill

        def fill(v: Any, out: list[int]) -> None:
            out.append(len(v))
            for x in v[:cap]:
                f(x, out)
            out.extend(pad * (cap - min(cap, len(v))))

        inner = tuple((1 + k * one.size + off, c) for k in range(cap) for off, c in one.lengths)
        return _Part(names, low, high, fill, ((0, cap), *inner), ("seq", cap, one))

    def _union(self, args: Sequence[Any], path: str) -> _Part:
        members = [a for a in args if a is not type(None)]
        optional = len(members) < len(args)
        if len(members) == 1 and optional:
            inner = self._compile(members[0], path)
            pad = [0] * inner.size
            f = inner.fill

            def fill_opt(v: Any, out: list[int]) -> None:
                if v is None:
                    out.append(0)
                    out.extend(pad)
                else:
                    out.append(1)
                    f(v, out)

            return _Part(
                (f"{path}?", *inner.names),
                (0, *inner.low),
                (1, *inner.high),
                fill_opt,
                _shifted(inner.lengths, 1),
                ("opt", inner),
            )
        if not all(isinstance(m, type) and attrs.has(m) for m in members):
            raise TypeError(f"cannot encode the union {args!r} at {path}")
        parts = [self._record(m, f"{path}<{m.__name__}>") for m in members]
        tag = {m: i + 1 for i, m in enumerate(members)}
        blocks = [(m, p.fill, [0] * p.size) for m, p in zip(members, parts, strict=True)]

        def fill_union(v: Any, out: list[int]) -> None:
            out.append(0 if v is None else tag[type(v)])
            for m, f, pad in blocks:
                if type(v) is m:
                    f(v, out)
                else:
                    out.extend(pad)

        joined = _joined(parts, fill_union)
        return _Part(
            (f"{path}?", *joined.names),
            (0, *joined.low),
            (len(members), *joined.high),
            fill_union,
            _shifted(joined.lengths, 1),
            ("union", tuple(zip(members, _offsets(parts), parts, strict=True))),
        )


def _offsets(parts: Sequence[_Part]) -> list[int]:
    """Where each of ``parts`` starts when they are laid end to end."""
    out, at = [], 0
    for p in parts:
        out.append(at)
        at += p.size
    return out


def _joined(parts: Sequence[_Part], fill: Fill) -> _Part:
    lengths: list[tuple[int, int]] = []
    at = 0
    for p in parts:
        lengths.extend(_shifted(p.lengths, at))
        at += p.size
    return _Part(
        tuple(n for p in parts for n in p.names),
        tuple(x for p in parts for x in p.low),
        tuple(x for p in parts for x in p.high),
        fill,
        tuple(lengths),
    )


def _shifted(lengths: Sequence[tuple[int, int]], by: int) -> tuple[tuple[int, int], ...]:
    return tuple((off + by, cap) for off, cap in lengths)
