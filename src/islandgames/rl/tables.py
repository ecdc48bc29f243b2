"""The action-space and observation tables of every registered game, read from each
game's kit definition (docs/rl.md lists them).

Each game declares its own (``games/<game>/rl.py``): ``action_table(config)``, its
action classes with the domain of each varying field from the game's data and config,
and ``observation(config)``, the caps of its flat view encoding. A table says which
values a field can take, not when they are legal: that stays with the rules
(``legal_actions``, read for the masks). :data:`TABLES` and :data:`OBSERVATIONS` map
the id of every registered game that has one to it, so a game registered from outside
(an entry point, or :func:`islandgames.register_game`) with an ``action_table`` is an
RL problem too. This module names no game.

>>> from islandgames import get_game
>>> "gozer" in TABLES and sorted(OBSERVATIONS) == sorted(TABLES)
True
>>> config = get_game("gozer").decode_config({"players": 2})
>>> sum(1 for s in shapes("gozer", config) for _ in s.actions())
599
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, Generic, TypeVar

from ..core.actionspace import ObservationSpec, Shape
from ..core.errors import UnknownGameError
from ..core.kit import Definition
from ..core.registry import definition, game_ids

__all__ = ["OBSERVATIONS", "TABLES", "ObservationSpec", "shapes"]

T = TypeVar("T")
AnyDefinition = Definition[Any, Any, Any, Any, Any]


class _ByGame(Mapping[str, Callable[[Any], T]], Generic[T]):
    """One hook of every registered game's definition, by game id (the games without
    it left out): read afresh at every lookup, so it follows the registry."""

    def __init__(self, hook: Callable[[AnyDefinition], Callable[[Any], T] | None]) -> None:
        self._hook = hook

    def _find(self, game_id: object) -> Callable[[Any], T] | None:
        if type(game_id) is not str:
            return None
        try:
            d = definition(game_id)
        except UnknownGameError:
            return None
        return None if d is None else self._hook(d)

    def __getitem__(self, game_id: str) -> Callable[[Any], T]:
        fn = self._find(game_id)
        if fn is None:
            raise KeyError(game_id)
        return fn

    def __contains__(self, game_id: object) -> bool:
        return self._find(game_id) is not None

    def __iter__(self) -> Iterator[str]:
        return iter([g for g in game_ids() if self._find(g) is not None])

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def __repr__(self) -> str:
        return f"{{{', '.join(f'{g!r}: ...' for g in self)}}}"


def _action_table(d: AnyDefinition) -> Callable[[Any], Sequence[Shape]] | None:
    return d.action_table


def _observation(d: AnyDefinition) -> Callable[[Any], ObservationSpec] | None:
    return d.observation


#: game id -> ``action_table(config)``, the shapes of its action space
TABLES: Mapping[str, Callable[[Any], Sequence[Shape]]] = _ByGame(_action_table)
#: game id -> ``observation(config)``, its :class:`ObservationSpec`
OBSERVATIONS: Mapping[str, Callable[[Any], ObservationSpec]] = _ByGame(_observation)


def shapes(game_id: str, config: Any) -> list[Shape]:
    """The shapes of ``game_id``'s action space under ``config``."""
    try:
        table = TABLES[game_id]
    except KeyError:
        raise KeyError(f"islandgames.rl has no action table for {game_id!r}") from None
    return list(table(config))
