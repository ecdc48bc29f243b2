"""A game's RL codec, declared by the game: a fixed discrete action space (index <->
action) and the caps of its flat observation encoding.

Each game package holds its own tables (``games/<game>/rl.py``) and hands them to its
kit :class:`~islandgames.core.kit.Definition` as ``action_table(config)`` (a list of
:class:`Shape`) and ``observation(config)`` (an :class:`ObservationSpec`); the RL
environments (:mod:`islandgames.rl`, the ``rl`` extra) read them from there. This
module needs neither numpy nor PettingZoo, so a game can declare its codec without the
extra.

The space is the concatenation of *shapes*. A shape is an action class and, for some of
its fields, a finite domain (a tuple of values); the other fields keep their defaults.
A shape stands for the product of its domains, enumerated in field order with the last
field varying fastest. The domains come from each game's data and config (seat counts,
tile ids, place numbers, card names), so the space can be listed without playing:
index ``i`` is the same action in every process and on every machine for the same game,
rules version and config.

The space holds every action that can ever be legal (tests/rl prove it over many random
games) and a few that never are (a product of domains is a superset of what the rules
allow together). Repeated actions (Not Alone's Flashback, which takes the parameters of
the card it copies) keep the index of their first occurrence.

>>> @attrs.frozen
... class Move:
...     to: int
...     fast: bool = False
>>> @attrs.frozen
... class Wait:
...     pass
>>> codec = ActionCodec("toy", [shape(Move, to=range(3)), shape(Wait)])
>>> codec.size, codec.decode(3), codec.encode(Move(2))
(4, Wait(), 2)
"""

from __future__ import annotations

import itertools
import operator
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs

from . import serde
from .errors import IllegalActionError

__all__ = [
    "ActionCodec",
    "ObservationSpec",
    "Shape",
    "combos",
    "ordered_pairs",
    "shape",
    "singles",
]


@attrs.frozen(slots=True)
class Shape:
    """One action class with a domain per varying field (the others take defaults)."""

    cls: type
    domains: tuple[tuple[str, tuple[Any, ...]], ...] = ()

    def actions(self) -> Iterable[Any]:
        names = [name for name, _ in self.domains]
        for values in itertools.product(*(domain for _, domain in self.domains)):
            yield self.cls(**dict(zip(names, values, strict=True)))


def shape(cls: type, **domains: Sequence[Any]) -> Shape:
    """A :class:`Shape`; the domains in the order of the class's fields (a fixed order,
    whatever order the keywords came in)."""
    names = [f.name for f in attrs.fields(cls)]
    unknown = sorted(set(domains) - set(names))
    if unknown:
        raise TypeError(f"{cls.__name__} has no field(s) {', '.join(unknown)}")
    return Shape(cls, tuple((n, tuple(domains[n])) for n in names if n in domains))


def singles(values: Iterable[Any]) -> tuple[tuple[Any, ...], ...]:
    """Every 1-tuple of ``values``."""
    return tuple((v,) for v in values)


def combos(values: Sequence[Any], low: int, high: int) -> tuple[tuple[Any, ...], ...]:
    """Every sorted tuple of ``low``..``high`` distinct ``values`` (in their order)."""
    return tuple(c for k in range(low, high + 1) for c in itertools.combinations(values, k))


def ordered_pairs(
    values: Sequence[Any], partners: Mapping[Any, Sequence[Any]] | None = None
) -> tuple[tuple[Any, Any], ...]:
    """Every ``(a, b)`` with ``a != b`` (``b`` in ``partners[a]`` if given)."""
    if partners is None:
        return tuple(p for p in itertools.permutations(values, 2))
    return tuple((a, b) for a in values for b in partners[a] if b != a)


class ActionCodec:
    """The index <-> action table of one game and config (the environments build their
    masks from :meth:`indices`)."""

    def __init__(self, game_id: str, shapes: Sequence[Shape]) -> None:
        self.game_id = game_id
        self.shapes = tuple(shapes)
        actions: list[Any] = []
        index: dict[tuple[type, Any], int] = {}
        for s in self.shapes:
            for action in s.actions():
                key = _key(action)
                if key not in index:
                    index[key] = len(actions)
                    actions.append(action)
        self.actions: tuple[Any, ...] = tuple(actions)
        self._index = index
        # the fast path of encode: a lookup by value, then the exact field types of the
        # hit checked against the table's (value equality alone would take Step(True)
        # for Step(1)); the key above decides every other case
        by_value: dict[Any, int] = {}
        for i, action in enumerate(self.actions):
            try:
                by_value.setdefault(action, i)
            except TypeError:  # an unhashable action: the key path only
                continue
        self._by_value = by_value
        self._types = tuple(_field_types(a) for a in self.actions)
        # indices: the engines hand out the same action objects again and again, so the
        # objects already encoded are kept by identity (with the object, so that its
        # id cannot be reused while it is here), emptied when full
        self._known: dict[int, tuple[Any, int]] = {}
        self._known_cap = max(1024, 4 * len(self.actions))

    @property
    def size(self) -> int:
        """The number of indices (the Discrete space's ``n``)."""
        return len(self.actions)

    def encode(self, action: Any) -> int:
        """The index of ``action``; :class:`IllegalActionError` if it has none."""
        try:
            i = self._by_value.get(action)
        except TypeError:  # unhashable: the key path decides
            i = None
        if (
            i is not None
            and type(action) is type(self.actions[i])
            and _field_types(action) == self._types[i]
        ):
            return i  # the same class, equal values, the same field types: the same key
        i = self._index.get(_key(action))
        if i is None:
            raise IllegalActionError(
                f"{self.game_id}: {serde.to_wire(action)} is not in the RL action space "
                "(islandgames.rl.tables misses it: please report)"
            )
        return i

    def decode(self, index: int) -> Any:
        """The action at ``index``; :class:`IllegalActionError` if out of range."""
        if isinstance(index, bool) or not 0 <= index < len(self.actions):
            raise IllegalActionError(
                f"{self.game_id}: action index must be in 0..{len(self.actions) - 1}, got {index!r}"
            )
        return self.actions[index]

    def indices(self, actions: Iterable[Any]) -> tuple[int, ...]:
        """The indices of ``actions`` (the legal ones: the mask's ones), in their order."""
        known = self._known
        out: list[int] = []
        for action in actions:
            hit = known.get(id(action))
            if hit is not None and hit[0] is action:  # this very (immutable) object
                out.append(hit[1])
                continue
            i = self.encode(action)
            if len(known) >= self._known_cap:
                known.clear()
            known[id(action)] = (action, i)
            out.append(i)
        return tuple(out)

    def __repr__(self) -> str:
        return f"<ActionCodec {self.game_id!r} size={self.size}>"


def _field_types(action: Any) -> tuple[type, ...]:
    """The types of ``action``'s field values (what :func:`_key` tells apart beyond
    equality)."""
    getter = _GETTERS.get(type(action))
    if getter is None:
        getter = _GETTERS[type(action)] = _fields_getter(type(action))
    return tuple(map(type, getter(action)))


def _fields_getter(cls: type) -> Any:
    """A function from an instance of ``cls`` to the tuple of its field values."""
    names = [f.name for f in attrs.fields(cls)]
    if not names:
        return lambda a: ()
    if len(names) == 1:
        one = names[0]
        return lambda a: (getattr(a, one),)
    return operator.attrgetter(*names)


#: action class -> the getter of its field values, as a tuple (filled on first use)
_GETTERS: dict[type, Any] = {}


def _key(action: Any) -> tuple[type, Any]:
    # the class and the exact field values: Step(True) and Step(1) are equal as attrs
    # values, but only the int is ever legal, so the key tells them apart
    values = tuple((type(v), v) for v in attrs.astuple(action, recurse=False))
    return type(action), values


# --- observations ---------------------------------------------------------------------


@attrs.frozen(slots=True)
class ObservationSpec:
    """How a game's view is flattened (:class:`~islandgames.rl.observation.ViewEncoder`):
    the encoded length of its tuples by path (``default_cap`` for the others), and the
    words of its vocabulary beyond the roles and the action space's strings."""

    caps: dict[str, int]
    default_cap: int
    words: tuple[str, ...] = ()
