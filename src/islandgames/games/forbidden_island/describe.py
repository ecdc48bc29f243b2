"""Forbidden Island's actions in the game's own words (the definition's
``describe_action`` hook): what ``islandgames play`` lists and the replay viewer shows.

Hands, pawns and tiles are open information, so a state and every view describe an
action alike: tiles and cards by their printed names, pawns by their adventurer and
seat.

>>> from islandgames.games.forbidden_island import GAME
>>> from islandgames.games.forbidden_island.actions import Give, ShoreUp
>>> state = GAME.new(1)
>>> describe_action(state, 0, ShoreUp("cliffs_of_abandon"))
'shore up Cliffs of Abandon'
>>> describe_action(GAME.view(state, 0), 0, Give("earth", 2))
'give an Earth Stone card to seat 2 (the Explorer)'
"""

from __future__ import annotations

from .actions import (
    Action,
    Capture,
    DeclineRescue,
    Discard,
    DrawFlood,
    DrawTreasure,
    EndActions,
    Fly,
    Give,
    HelicopterLift,
    LiftAlso,
    LiftOff,
    LiftTo,
    Move,
    Navigate,
    Sandbags,
    ShoreUp,
    Swim,
)
from .data import ADVENTURERS, CARD_NAMES, TILES, TREASURES
from .state import ForbiddenIslandState
from .view import ForbiddenIslandView

__all__ = ["describe_action"]

_TILE = {t.id: t.name for t in TILES}
_ADVENTURER = {a.id: a.name for a in ADVENTURERS}
#: the treasures by name without the article ("the Earth Stone")
_TREASURE = {t.id: t.name.removeprefix("The ") for t in TREASURES}

Subject = ForbiddenIslandState | ForbiddenIslandView


def _tile(tile: str) -> str:
    return _TILE.get(tile, tile)


def _pawn(s: Subject, seat: int) -> str:
    """``the Pilot (seat 2)``."""
    return f"the {_ADVENTURER.get(s.adventurers[seat], s.adventurers[seat])} (seat {seat})"


def _card(card: str) -> str:
    """``an Earth Stone card``, ``a Sandbags card``."""
    if card in _TREASURE:
        name = _TREASURE[card]
        return f"{'an' if name[0] in 'AEIOU' else 'a'} {name} card"
    return f"a {CARD_NAMES.get(card, card)} card"


def _names(seats: tuple[int, ...] | list[int], s: Subject) -> str:
    parts = [_pawn(s, p) for p in seats]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _to_draw(n: int) -> str:
    return f" ({n} to go)" if n > 1 else " (the last one this turn)"


def describe_action(subject: Subject, seat: int, action: Action) -> str:
    """``action`` of ``seat`` in words, as ``subject`` (a state or any view: hands and
    tiles are open) shows the table before it."""
    s = subject
    me = _ADVENTURER.get(s.adventurers[seat], s.adventurers[seat])
    if isinstance(action, Move):
        return f"move the {me} to {_tile(action.to)}"
    if isinstance(action, Fly):
        return f"fly the {me} to {_tile(action.to)} (once a turn)"
    if isinstance(action, Navigate):
        return f"move {_pawn(s, action.pawn)} to {_tile(action.to)}"
    if isinstance(action, ShoreUp):
        also = "" if action.also is None else f" and {_tile(action.also)}"
        return f"shore up {_tile(action.tile)}{also}"
    if isinstance(action, Give):
        return f"give {_card(action.card)} to seat {action.to} (the {_adv(s, action.to)})"
    if isinstance(action, Capture):
        name = _TREASURE.get(action.treasure, action.treasure)
        return f"capture the {name} (discard 4 of its cards)"
    if isinstance(action, EndActions):
        left = s.actions_left
        return "end your actions" + (f" ({left} unused)" if left else "")
    if isinstance(action, DrawTreasure):
        return "draw a treasure card" + _to_draw(s.draws_left)
    if isinstance(action, DrawFlood):
        return "draw a flood card" + _to_draw(s.draws_left)
    if isinstance(action, Discard):
        return f"discard {_card(action.card)} (over the hand limit)"
    if isinstance(action, Swim):
        return f"swim: move the {me} to {_tile(action.to)}"
    if isinstance(action, DeclineRescue):
        stranded = s.swimmers[0] if s.swimmers else None
        whom = "the stranded pawn" if stranded is None else _pawn(s, stranded)
        return f"do not rescue {whom} with your Helicopter Lift"
    if isinstance(action, Sandbags):
        return f"play Sandbags: shore up {_tile(action.tile)}"
    if isinstance(action, HelicopterLift):
        return (
            f"play Helicopter Lift: lift {_pawn(s, action.pawn)} from {_tile(s.pawns[action.pawn])}"
        )
    if isinstance(action, LiftAlso):
        return f"also lift {_pawn(s, action.pawn)}"
    if isinstance(action, LiftTo):
        lifted = () if s.lift is None else s.lift.pawns
        who = _names(lifted, s) if lifted else "the lifted pawns"
        return f"fly {who} to {_tile(action.to)} (Helicopter Lift)"
    if isinstance(action, LiftOff):
        return "play Helicopter Lift: the team lifts off from Fools' Landing and wins"
    raise TypeError(f"not a forbidden-island action: {action!r}")


def _adv(s: Subject, seat: int) -> str:
    return _ADVENTURER.get(s.adventurers[seat], s.adventurers[seat])
