"""The Wrath of Gozer's actions in the game's own words (the definition's
``describe_action`` hook): what ``islandgames play`` lists and the replay viewer shows.

Everything on the island is public, so a state and every view describe an action
alike; the words name the squares by number and kind, the gullies by name (with whom
a fireball would knock down) and the seats by number and role.

>>> from islandgames.games.gozer import GAME
>>> from islandgames.games.gozer.actions import EndMove, Fireball, Step
>>> state = GAME.new(1)
>>> view = GAME.view(state, 1)
>>> describe_action(view, 1, Step(1)), describe_action(view, 1, EndMove())
('move to square 1 (path)', 'end your move here (4 steps unused)')
>>> describe_action(state, 0, Fireball(3))
'throw a fireball down gully 3 (west): it hits nobody'
"""

from __future__ import annotations

from .actions import (
    Action,
    Attack,
    CastOff,
    EndMove,
    EndTurn,
    Fire,
    Fireball,
    Heal,
    Respond,
    Step,
    Trade,
)
from .board import BOARD
from .data import ARMOUR, BRIDGE, OBSTACLE_KINDS
from .rules import GULLY_NAMES, NEAR_OBSTACLE, fireball_hits
from .state import CrossingRequest, GozerState, TradeOffer
from .view import GozerTable, GozerView, SeatView, SpectatorView, table

__all__ = ["describe_action"]

_KIND = {
    "path": "path",
    "river": "river",
    "precipice": "precipice",
    "cabin": "teleport cabin",
    "summit": "the summit, a teleport cabin",
    "start": "the start, by the wreck",
    "boat": "the boat",
}


def _table(subject: GozerState | GozerView) -> GozerTable:
    return subject.table if isinstance(subject, SeatView | SpectatorView) else table(subject)


def _square(square: int) -> str:
    kind = BOARD.kind(square)
    return f"square {square} ({_KIND.get(kind, kind)})"


def _seat(t: GozerTable, seat: int) -> str:
    return f"seat {seat} ({'Gozer' if seat == t.gozer else 'a castaway'})"


def _gadgets(gadgets: tuple[str, ...], whose: str) -> str:
    if not gadgets:
        return "nothing"
    return " and ".join(f"{whose} {g}" for g in gadgets)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _step(t: GozerTable, seat: int, to: int) -> str:
    m = t.move
    here = m.path[-1] if m is not None else t.pawns[seat].square
    if BOARD.kind(to) in OBSTACLE_KINDS and seat != t.gozer:
        holder = t.gadgets[BRIDGE].holder
        if holder is not None and holder != seat:  # B1: the holder is asked first
            return (
                f"ask seat {holder} to let you cross the {BOARD.kind(to)} at square {to} on "
                "their bridge"
            )
        return f"cross the {BOARD.kind(to)} at square {to} on your bridge"
    if to not in BOARD.adj[here]:  # only the cabins' teleport links join squares apart
        return f"teleport from {_square(here)} to {_square(to)}"
    return f"move to {_square(to)}"


def _fireball(t: GozerTable, gully: int) -> str:
    fell, absorbed = fireball_hits(t.pawns, t.gadgets, t.gozer, gully)
    hits = [f"knocks down {', '.join(f'seat {s}' for s in fell)}"] if fell else []
    if absorbed is not None:
        hits.append(f"seat {absorbed}'s armour takes the hit")
    effect = " and ".join(hits) if hits else "hits nobody"
    return f"throw a fireball down gully {gully} ({GULLY_NAMES[gully]}): it {effect}"


def _respond(t: GozerTable, seat: int, accept: bool) -> str:
    p = t.pending
    yes = "accept" if accept else "refuse"
    if isinstance(p, TradeOffer):
        return (
            f"{yes} the trade seat {p.proposer} offers: {_gadgets(p.give, 'their')} for "
            f"{_gadgets(p.take, 'your')}"
        )
    if isinstance(p, CrossingRequest):
        let = "let" if accept else "do not let"
        return (
            f"{yes}: {let} seat {p.mover} cross the {BOARD.kind(p.obstacle)} at square "
            f"{p.obstacle} on your bridge"
        )
    return "accept" if accept else "refuse"


def _end_turn(t: GozerTable, seat: int) -> str:
    if t.phase == "escape":
        return "finish your escape"
    if seat == t.gozer:
        return "end your turn without attacking"
    m = t.move
    if (
        m is not None
        and len(m.path) == 1
        and not t.deployed
        and t.gadgets[BRIDGE].holder == seat
        and NEAR_OBSTACLE[t.pawns[seat].square]
    ):  # B1: a holder who did not move deploys the bridge
        return "end your turn, deploying the bridge"
    return "end your turn"


def describe_action(subject: GozerState | GozerView, seat: int, action: Action) -> str:
    """``action`` of ``seat`` in words, as ``subject`` (a state or any view: the
    island is public) shows the table before it."""
    t = _table(subject)
    if isinstance(action, Step):
        return _step(t, seat, action.to)
    if isinstance(action, EndMove):
        m = t.move
        left = 0 if m is None else m.steps_left
        return "end your move here" + (f" ({_plural(left, 'step')} unused)" if left else "")
    if isinstance(action, EndTurn):
        return _end_turn(t, seat)
    if isinstance(action, Fire):
        return f"shoot the pistol at {_seat(t, action.target)}"
    if isinstance(action, Heal):
        return f"heal seat {action.target} with the medical kit"
    if isinstance(action, Trade):
        return (
            f"offer seat {action.partner} a trade: {_gadgets(action.give, 'your')} for "
            f"{_gadgets(action.take, 'their')}"
        )
    if isinstance(action, CastOff):
        aboard = [s for s, p in enumerate(t.pawns) if s != t.gozer and p.square == BOARD.boat]
        who = ", ".join(f"seat {s}" for s in aboard) or "nobody"
        return f"cast off: the boat leaves the island with {who} aboard"
    if isinstance(action, Fireball):
        return _fireball(t, action.gully)
    if isinstance(action, Attack):
        armour = t.gadgets[ARMOUR].holder == action.target  # C2: a roll-off
        return f"attack seat {action.target}" + (" (armoured: a roll-off)" if armour else "")
    if isinstance(action, Respond):
        return _respond(t, seat, action.accept)
    raise TypeError(f"not a gozer action: {action!r}")
