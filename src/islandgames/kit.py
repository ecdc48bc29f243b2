"""The public rules kit: everything a game needs, for games inside and outside this
package (docs/writing-a-game.md; ``tests/kit_example.py`` is a whole game written with
this module alone).

- the contract: :class:`GameInfo`, :class:`RulesVersion` rows, :class:`Outcome`,
  :class:`SeatResult`;
- the rules: :class:`Draft`, :class:`Rulebook`, :class:`Table`, :class:`GameOver` (a
  rule ends the game at once), :func:`evolver` (a record with some fields changed, on a
  hot path), :func:`remember_last` (an explicit one-entry cache by identity);
- the game: :class:`Definition` and :class:`RulesGame` (``Definition(...).games()``
  gives one game per rules version) with its extras (text view, picture, layout, bots,
  RL codec, score scale), registered by an entry point of the group
  ``islandgames.games`` (or :func:`islandgames.register_game` at run time);
- randomness and the wire: :class:`Rng`, :func:`register_union`;
- the RL codec: :func:`shape` (and :func:`singles`, :func:`combos`,
  :func:`ordered_pairs`) for a game's action table, :class:`ObservationSpec` for its
  observation caps;
- errors a game raises: :class:`InvalidConfigError` (a config out of range),
  :class:`KitError` (a game wired wrongly, at import).
"""

from .core.actionspace import ObservationSpec, Shape, combos, ordered_pairs, shape, singles
from .core.errors import InvalidConfigError
from .core.game import GameInfo, Outcome, Seat, SeatResult
from .core.kit import (
    Definition,
    Draft,
    GameOver,
    KitError,
    Rule,
    Rulebook,
    RulesGame,
    RulesVersion,
    Table,
    action_classes,
    evolver,
    remember_last,
)
from .core.rng import Rng
from .core.serde import register_union

__all__ = [
    "Definition",
    "Draft",
    "GameInfo",
    "GameOver",
    "InvalidConfigError",
    "KitError",
    "ObservationSpec",
    "Outcome",
    "Rng",
    "Rule",
    "Rulebook",
    "RulesGame",
    "RulesVersion",
    "Seat",
    "SeatResult",
    "Shape",
    "Table",
    "action_classes",
    "combos",
    "evolver",
    "ordered_pairs",
    "register_union",
    "remember_last",
    "shape",
    "singles",
]
