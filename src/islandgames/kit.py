"""The public rules kit: everything a game needs, for games inside and outside this
package (docs/writing-a-game.md; ``tests/kit_example.py`` is a whole game written with
this module alone).

- the contract: :class:`GameInfo`, :class:`RulesVersion` rows, :class:`Outcome`,
  :class:`SeatResult`;
- the rules: :class:`Draft`, :class:`Rulebook`, :class:`Table`;
- the game: :class:`Definition` and :class:`RulesGame` (``Definition(...).games()``
  gives one game per rules version), registered with
  :func:`islandgames.register_game`;
- randomness and the wire: :class:`Rng`, :func:`register_union`;
- errors a game raises: :class:`InvalidConfigError` (a config out of range),
  :class:`KitError` (a game wired wrongly, at import).
"""

from .core.errors import InvalidConfigError
from .core.game import GameInfo, Outcome, Seat, SeatResult
from .core.kit import (
    Definition,
    Draft,
    KitError,
    Rule,
    Rulebook,
    RulesGame,
    RulesVersion,
    Table,
    action_classes,
)
from .core.rng import Rng
from .core.serde import register_union

__all__ = [
    "Definition",
    "Draft",
    "GameInfo",
    "InvalidConfigError",
    "KitError",
    "Outcome",
    "Rng",
    "Rule",
    "Rulebook",
    "RulesGame",
    "RulesVersion",
    "Seat",
    "SeatResult",
    "Table",
    "action_classes",
    "register_union",
]
