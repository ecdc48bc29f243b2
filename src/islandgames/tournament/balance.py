"""When a game counts as *decided in its last round*, per game.

The engine contract has no notion of rounds, so each game says it from what its final
state and outcome offer; a game without a definition reports ``None`` (not defined).
The built-in definitions (also in ``docs/tournaments.md``):

* ``friday``: the game reached the pirates, its last stage (step 3, after the three
  passes through the hazards): Robinson beat both pirates, or died fighting them.
* ``forbidden-island``: the team lifted off with the water level one below the skull
  (one more Waters Rise would have drowned the island), or lost holding all four
  treasures (only the flight home was missing).
* ``not-alone``: the losing side's counter stood one space from its star (Rescue or
  Assimilation at 1): one more step and the game would have gone the other way.
* ``gozer``: the game ran to its round limit (E3); or the castaways escaped while every
  castaway left on the island was dying or dead (one more blow and Gozer would have
  won); or Gozer won while a castaway still alive waited aboard the boat (one cast-off
  from escape).

:func:`register` adds (or replaces) a game's definition.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core.game import Outcome

__all__ = ["DecidedLast", "decided_last", "definition", "register"]

#: ``(final state, outcome) -> bool``: was the game decided in its last round?
DecidedLast = Callable[[Any, Outcome], bool]

_DEFINITIONS: dict[str, tuple[str, DecidedLast]] = {}


def register(game_id: str, text: str, test: DecidedLast) -> None:
    """Define when a game of ``game_id`` was decided in its last round (``text`` says
    it in words, for the report)."""
    _DEFINITIONS[game_id] = (text, test)


def definition(game_id: str) -> str | None:
    """The definition of ``game_id`` in words, or None."""
    entry = _DEFINITIONS.get(game_id)
    return None if entry is None else entry[0]


def decided_last(game_id: str, state: Any, outcome: Outcome) -> bool | None:
    """Whether the finished game in ``state`` was decided in its last round; None if the
    game has no definition (or its state lacks what the definition reads)."""
    entry = _DEFINITIONS.get(game_id)
    if entry is None:
        return None
    try:
        return bool(entry[1](state, outcome))
    except (AttributeError, TypeError, LookupError):  # a state of another shape
        return None


def _won(outcome: Outcome) -> bool:
    return any(r.result == "win" for r in outcome.results)


def _friday(state: Any, outcome: Outcome) -> bool:
    from ..games.friday.rules import PIRATE_STEP

    return bool(state.step >= PIRATE_STEP)


def _forbidden_island(state: Any, outcome: Outcome) -> bool:
    from ..games.forbidden_island.data import SKULL_LEVEL

    if _won(outcome):
        return bool(state.water_level == SKULL_LEVEL - 1)
    return len(state.captured) == 4


def _not_alone(state: Any, outcome: Outcome) -> bool:
    loser_counter = state.rescue if state.winner == "creature" else state.assimilation
    return bool(loser_counter == 1)


def _gozer(state: Any, outcome: Outcome) -> bool:
    from ..games.gozer.rules import BOAT

    if state.round >= state.config.round_limit:
        return True
    castaways = [p for p in state.pawns if p.status not in ("gozer", "removed")]
    if state.winner == "castaways":
        left = [p for p in castaways if p.status != "escaped"]
        return all(p.status in ("dying", "dead") for p in left)
    return any(p.square == BOAT and p.status in ("well", "dying") for p in castaways)


register(
    "friday",
    "the game reached the pirates, its last stage (step 3): Robinson beat both pirates "
    "or died fighting them",
    _friday,
)
register(
    "forbidden-island",
    "won with the water level one below the skull (one more Waters Rise would have "
    "drowned the island), or lost holding all four treasures",
    _forbidden_island,
)
register(
    "not-alone",
    "the losing side's counter (Rescue or Assimilation) stood one space from its star",
    _not_alone,
)
register(
    "gozer",
    "the round limit was reached (E3); or the castaways escaped while every castaway "
    "left on the island was dying or dead; or Gozer won while a castaway waited aboard "
    "the boat",
    _gozer,
)
