"""The slot rewriter of a view encoder: one Python function, generated once per view
class from its compiled layout, that turns the encoding of one view into the encoding
of another in place (:meth:`~.observation.ViewEncoder.update`).

Two views in a row share most of their values, and often the very objects (the
engine's states are immutable and share what did not change), so the rewriter walks
both views together and writes only where they differ:

- a scalar (``int``, ``bool``, ``Literal``, ``str``): its slot, if the values differ;
- a record or a fixed tuple: each field or item (skipped when it is the same object);
- ``X | None``: zeros when the value went, the whole ``X`` when it came, else ``X``'s
  rewrite; a union of records: the block of the class if both are of the same class,
  else the whole union anew;
- ``tuple[X, ...]``: scalars are compared at once and written anew if they differ;
  other items are rewritten position by position, the new ones written, the slots of
  the gone ones zeroed (a length slot holds the true length, the items the first cap).

Equal values encode alike (the encoding reads values, never identities), so skipping
equal parts leaves exactly what :meth:`~.observation.ViewEncoder.encode` would write;
tests/rl checks it over random games of every config and random pairs of their views.
The generated source is kept as ``source`` on the function, for debugging.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

__all__ = ["Update", "rewriter"]

#: ``update(slots, new, old)``: ``slots`` holds the encoding of ``old``; afterwards that
#: of ``new`` (``slots``: a numpy array, or anything with item and slice assignment
#: that takes a scalar 0 for a slice)
Update = Callable[[Any, Any, Any], None]

#: tuples of scalars up to this long are written slot by slot (a slice costs more)
_SHORT = 8


class _PartLike(Protocol):
    """What the rewriter reads of a compiled part (:class:`~.observation._Part`)."""

    @property
    def node(self) -> tuple[Any, ...]: ...

    @property
    def conv(self) -> Callable[[Any], Any] | None: ...

    @property
    def low(self) -> tuple[int, ...]: ...

    @property
    def high(self) -> tuple[int, ...]: ...

    @property
    def size(self) -> int: ...


def rewriter(root: _PartLike) -> Update:
    """The generated :data:`Update` of the part ``root`` (a record: the view class)."""
    gen = _Gen()
    gen.emit(0, "def update(s, n, o):")
    gen.block(1, lambda depth: gen.diff(root, "n", "o", (None, 0), depth))
    source = "\n".join(gen.lines) + "\n"
    namespace = dict(gen.consts)
    exec(compile(source, "<view rewriter>", "exec"), namespace)
    update: Update = namespace["update"]
    update.source = source  # type: ignore[attr-defined]
    return update


Base = tuple[str | None, int]  # a slot position: a variable (or None) plus a constant


def _at(base: Base, plus: int = 0) -> str:
    var, const = base[0], base[1] + plus
    if var is None:
        return str(const)
    return var if const == 0 else f"{var} + {const}"


class _Gen:
    """The source being generated, and the constants it names."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.consts: dict[str, Any] = {}
        self._count = 0

    def name(self, hint: str) -> str:
        self._count += 1
        return f"{hint}{self._count}"

    def const(self, value: Any, hint: str) -> str:
        name = self.name(hint)
        self.consts[name] = value
        return name

    def emit(self, depth: int, line: str) -> None:
        self.lines.append("    " * depth + line)

    def block(self, depth: int, body: Callable[[int], None]) -> None:
        """The statements ``body`` emits at ``depth``, or ``pass`` if none."""
        before = len(self.lines)
        body(depth)
        if len(self.lines) == before:
            self.emit(depth, "pass")

    # --- the parts ------------------------------------------------------------------

    def scalar(self, part: _PartLike, n: str, base: Base, depth: int) -> None:
        """``n``'s slot (the caller compared it to the old value)."""
        kind = part.node[1]
        if kind == "str":
            words = self.const(part.node[2], "W")
            self.emit(depth, f's[{_at(base)}] = 0 if {n} == "" else {words}.get({n}, -1)')
        else:
            conv = self.const(part.conv, "conv")
            self.emit(depth, f"s[{_at(base)}] = {conv}({n})")

    def diff(self, part: _PartLike, n: str, o: str, base: Base, depth: int) -> None:
        """Statements rewriting ``part`` from ``o`` to ``n`` (two names bound to values
        that are not the same object)."""
        kind = part.node[0]
        if kind == "scalar":
            self.emit(depth, f"if {n} != {o}:")
            self.scalar(part, n, base, depth + 1)
        elif kind == "record":
            for field, off, sub in part.node[1]:
                self.member(sub, f"{n}.{field}", f"{o}.{field}", (base[0], base[1] + off), depth)
        elif kind == "fixed":
            items = part.node[1]
            xs = [self.name("x") for _ in items]
            ys = [self.name("y") for _ in items]
            # unpacking checks the length, as encode's zip(strict=True) does
            self.emit(depth, f"{', '.join(xs)}, = {n}")
            self.emit(depth, f"{', '.join(ys)}, = {o}")
            for (off, sub), x, y in zip(items, xs, ys, strict=True):
                self.member(sub, x, y, (base[0], base[1] + off), depth, bound=True)
        elif kind == "seq":
            self.sequence(part, n, o, base, depth)
        elif kind == "opt":
            inner = part.node[1]
            inner_at = (base[0], base[1] + 1)
            self.emit(depth, f"if {n} is None:")
            self.emit(depth + 1, f"s[{_at(base)}:{_at(base, part.size)}] = 0")
            self.emit(depth, f"elif {o} is None:")  # the slots of the absent value: zeros
            self.emit(depth + 1, f"s[{_at(base)}] = 1")
            self.block(depth + 1, lambda d: self.fresh(inner, n, inner_at, d))
            self.emit(depth, "else:")
            inner_base = (base[0], base[1] + 1)
            self.block(depth + 1, lambda d: self.diff(inner, n, o, inner_base, d))
        elif kind == "union":
            c = self.name("c")
            self.emit(depth, f"{c} = type({n})")
            word = "if"
            for cls, off, sub in part.node[1]:
                k = self.const(cls, "cls")
                self.emit(depth, f"{word} {c} is {k} and type({o}) is {k}:")
                self.block(depth + 1, self._diff_at(sub, n, o, (base[0], base[1] + 1 + off)))
                word = "elif"
            self.emit(depth, "else:" if word == "elif" else "if True:")  # another class
            self.emit(depth + 1, f"s[{_at(base)}:{_at(base, part.size)}] = 0")
            self.block(depth + 1, lambda d: self.fresh(part, n, base, d))
        else:  # pragma: no cover - every kind the encoder compiles is above
            raise TypeError(f"no rewriter for {kind!r}")

    def _diff_at(self, part: _PartLike, n: str, o: str, base: Base) -> Callable[[int], None]:
        return lambda depth: self.diff(part, n, o, base, depth)

    def _fresh_at(self, part: _PartLike, n: str, base: Base) -> Callable[[int], None]:
        return lambda depth: self.fresh(part, n, base, depth)

    def fresh(self, part: _PartLike, n: str, base: Base, depth: int) -> None:
        """Statements writing ``part``'s encoding of ``n`` onto slots that are zeros
        (those of an absent value, or past the end of a tuple): the zeros are left."""
        kind = part.node[0]
        if kind == "scalar":
            self.scalar(part, n, base, depth)
        elif kind == "record":
            for field, off, sub in part.node[1]:
                at = (base[0], base[1] + off)
                if sub.node[0] == "scalar":
                    self.scalar(sub, f"{n}.{field}", at, depth)
                else:
                    x = self.name("x")
                    self.emit(depth, f"{x} = {n}.{field}")
                    self.fresh(sub, x, at, depth)
        elif kind == "fixed":
            items = part.node[1]
            xs = [self.name("x") for _ in items]
            self.emit(depth, f"{', '.join(xs)}, = {n}")
            for (off, sub), x in zip(items, xs, strict=True):
                self.fresh(sub, x, (base[0], base[1] + off), depth)
        elif kind == "seq":
            cap, item = part.node[1], part.node[2]
            if item.node[0] == "scalar":
                f = self.const(_scalars(cap, item), "seq")
                self.emit(depth, f"{f}(s, {_at(base)}, {n}, ())")
                return
            b, xi = self.name("b"), self.name("x")
            self.emit(depth, f"s[{_at(base)}] = len({n})")
            self.emit(depth, f"{b} = {_at(base, 1)}")
            self.emit(depth, f"for {xi} in {n}[:{cap}]:")
            self.block(depth + 1, lambda d: self.fresh(item, xi, (b, 0), d))
            self.emit(depth + 1, f"{b} += {item.size}")
        elif kind == "opt":
            inner = part.node[1]
            self.emit(depth, f"if {n} is not None:")
            self.emit(depth + 1, f"s[{_at(base)}] = 1")
            inner_at = (base[0], base[1] + 1)
            self.block(depth + 1, lambda d: self.fresh(inner, n, inner_at, d))
        elif kind == "union":
            c = self.name("c")
            self.emit(depth, f"{c} = type({n})")
            self.emit(depth, f"if {n} is None:")
            self.emit(depth + 1, "pass")
            for tag, (cls, off, sub) in enumerate(part.node[1], start=1):
                k = self.const(cls, "cls")
                self.emit(depth, f"elif {c} is {k}:")
                self.emit(depth + 1, f"s[{_at(base)}] = {tag}")
                self.block(depth + 1, self._fresh_at(sub, n, (base[0], base[1] + 1 + off)))
            self.emit(depth, "else:")  # as encode's tag lookup fails
            self.emit(depth + 1, f"raise KeyError({c})")
        else:  # pragma: no cover - every kind the encoder compiles is above
            raise TypeError(f"no writer for {kind!r}")

    def member(
        self, part: _PartLike, n: str, o: str, base: Base, depth: int, bound: bool = False
    ) -> None:
        """A field or item: ``n`` and ``o`` are expressions (names if ``bound``)."""
        if part.node[0] == "scalar":
            x = n
            if not bound:
                x = self.name("x")
                self.emit(depth, f"{x} = {n}")
            self.emit(depth, f"if {x} != {o}:")
            self.scalar(part, x, base, depth + 1)
            return
        x, y = n, o
        if not bound:
            x, y = self.name("x"), self.name("y")
            self.emit(depth, f"{x} = {n}")
            self.emit(depth, f"{y} = {o}")
        if part.node[0] == "seq" and part.node[2].node[0] == "scalar":
            # fresh tuples of scalars are mostly equal ones: compared here, in one go
            self.emit(depth, f"if {x} is not {y} and {x} != {y}:")
        else:
            self.emit(depth, f"if {x} is not {y}:")
        self.block(depth + 1, lambda d: self.diff(part, x, y, base, d))

    def sequence(self, part: _PartLike, n: str, o: str, base: Base, depth: int) -> None:
        cap, item = part.node[1], part.node[2]
        if item.node[0] == "scalar":
            f = self.const(_scalars(cap, item), "seq")
            self.emit(depth, f"{f}(s, {_at(base)}, {n}, {o})")  # a rewrite in any case
            return
        size = item.size
        ln, lo, m, old, b, k = (self.name(h) for h in ("ln", "lo", "m", "old", "b", "k"))
        xi, yi = self.name("x"), self.name("y")
        self.emit(depth, f"{ln} = len({n})")
        self.emit(depth, f"{lo} = len({o})")
        self.emit(depth, f"{m} = {ln} if {ln} < {cap} else {cap}")
        self.emit(depth, f"{old} = {lo} if {lo} < {cap} else {cap}")
        self.emit(depth, f"if {ln} != {lo}:")
        self.emit(depth + 1, f"s[{_at(base)}] = {ln}")
        self.emit(depth, f"{b} = {_at(base, 1)}")
        self.emit(depth, f"for {k} in range({m} if {m} < {old} else {old}):")
        self.emit(depth + 1, f"{xi} = {n}[{k}]")
        self.emit(depth + 1, f"{yi} = {o}[{k}]")
        self.emit(depth + 1, f"if {xi} is not {yi}:")
        self.block(depth + 2, lambda d: self.diff(item, xi, yi, (b, 0), d))
        self.emit(depth + 1, f"{b} += {size}")
        self.emit(depth, f"for {k} in range({old}, {m}):")  # past the old end: zeros
        self.emit(depth + 1, f"{xi} = {n}[{k}]")
        self.block(depth + 1, lambda d: self.fresh(item, xi, (b, 0), d))
        self.emit(depth + 1, f"{b} += {size}")
        self.emit(depth, f"if {old} > {m}:")
        start = _at(base, 1)
        self.emit(depth + 1, f"s[{start} + {m} * {size}:{start} + {old} * {size}] = 0")


def _scalars(cap: int, item: _PartLike) -> Callable[[Any, int, Any, Any], None]:
    """The rewrite of a tuple of scalars capped at ``cap`` (called when the tuples
    differ): the length slot and the items anew, the slots of the items gone zeroed."""
    conv = item.conv
    assert conv is not None
    kind = item.node[1]
    # ints and bools go in as they are (numpy takes a bool as 0/1); ints out of the
    # slot's bounds are clipped one by one
    direct = kind in ("int", "bool")
    low, high = item.low[0], item.high[0]

    def rewrite(slots: Any, base: int, n: Any, o: Any) -> None:
        length = len(n)
        m = length if length < cap else cap
        old = len(o)
        if old > cap:
            old = cap
        slots[base] = length
        if m:
            items: Any = n[:m] if length > cap else n
            if not direct or (kind == "int" and (min(items) < low or max(items) > high)):
                items = [conv(x) for x in items]
            if m <= _SHORT:
                at = base + 1
                for x in items:
                    slots[at] = x
                    at += 1
            else:
                slots[base + 1 : base + 1 + m] = items
        if old > m:
            slots[base + 1 + m : base + 1 + old] = 0

    return rewrite
