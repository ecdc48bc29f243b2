"""A dict whose costly values are made when first read (the environments' ``info``).

An environment hands every agent an ``info`` dict at every step; its view and legal
actions in wire form cost far more than the step itself, and most loops never read
them. :class:`LazyInfo` is a real ``dict`` with every key in place from the start, in
its order, and :data:`LAZY` standing for the values not made yet: reading one (by key,
``get``, ``items``, ``values``, a copy, a comparison, ``repr``, pickling, ``json``...)
makes it then, once, from a snapshot of the step (the engine's states are immutable, so
a late read sees the step it belongs to). Keys, ``len`` and ``in`` never need the values.

>>> info = LazyInfo(lambda key: key.upper(), {"seat": 0, "view": LAZY})
>>> dict.__getitem__(info, "view") is LAZY, info["view"], info
(True, 'VIEW', {'seat': 0, 'view': 'VIEW'})
"""

from __future__ import annotations

from collections.abc import Callable, ItemsView, Iterator, ValuesView
from typing import Any

__all__ = ["LAZY", "LazyInfo"]


class _Lazy:
    """The placeholder of a value not made yet."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<not made yet>"

    def __reduce__(self) -> str:
        return "LAZY"


#: Stands in a :class:`LazyInfo` for a value not made yet.
LAZY = _Lazy()


class LazyInfo(dict[str, Any]):
    """A dict whose :data:`LAZY` values are made by ``make(key)`` when first read.

    Every way to read a value goes through :meth:`__getitem__` (or makes them all
    first), so no caller can tell it from the plain dict it stands for; writing a key
    replaces its placeholder as in any dict. Pickled or copied, it is a plain dict."""

    __slots__ = ("_make",)

    def __init__(
        self, make: Callable[[str], Any] | None = None, items: dict[str, Any] | None = None
    ) -> None:
        super().__init__(() if items is None else items)
        self._make = make

    def _made(self) -> LazyInfo:
        """Make every value left (once)."""
        make = self._make
        if make is not None:
            for key, value in dict.items(self):
                if value is LAZY:
                    dict.__setitem__(self, key, make(key))
            self._make = None
        return self

    def __getitem__(self, key: str) -> Any:
        value = dict.__getitem__(self, key)
        if value is LAZY and self._make is not None:
            value = self._make(key)
            dict.__setitem__(self, key, value)
        return value

    def get(self, key: str, default: Any = None) -> Any:
        if not dict.__contains__(self, key):
            return default
        return self[key]

    def __iter__(self) -> Iterator[str]:
        # overridden so that dict(info), {**info} and update(info) read through
        # __getitem__ (CPython copies a dict's storage directly otherwise)
        return dict.__iter__(self)

    def items(self) -> ItemsView[str, Any]:  # type: ignore[override]
        return dict.items(self._made())

    def values(self) -> ValuesView[Any]:  # type: ignore[override]
        return dict.values(self._made())

    def copy(self) -> dict[str, Any]:
        return dict(self._made())

    def __copy__(self) -> dict[str, Any]:
        return self.copy()

    def __deepcopy__(self, memo: dict[int, Any]) -> dict[str, Any]:
        import copy

        return copy.deepcopy(dict(self._made()), memo)

    def __reduce__(self) -> tuple[Any, ...]:
        return (dict, (dict(self._made()),))

    def __or__(self, other: Any) -> Any:
        return dict.__or__(self._made(), other)

    def __ror__(self, other: Any) -> Any:
        return dict.__ror__(self._made(), other)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LazyInfo):
            other._made()
        return dict.__eq__(self._made(), other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = None

    def __repr__(self) -> str:
        return dict.__repr__(self._made())

    def pop(self, key: str, *default: Any) -> Any:
        if dict.__contains__(self, key):
            value = self[key]
            dict.__delitem__(self, key)
            return value
        return dict.pop(self, key, *default)

    def popitem(self) -> tuple[str, Any]:
        return dict.popitem(self._made())

    def setdefault(self, key: str, default: Any = None) -> Any:
        if dict.__contains__(self, key):
            return self[key]
        dict.__setitem__(self, key, default)
        return default

    def __reversed__(self) -> Iterator[str]:
        return dict.__reversed__(self)
