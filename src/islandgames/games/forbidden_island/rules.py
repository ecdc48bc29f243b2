"""Forbidden Island's rules: setup, who acts, what is legal, and what each action does.

An action edits a draft (:class:`_Draft`) of the input state through its one handler
of :data:`BOOK` (one rule per function, named from the rulebook), then the settle step
:func:`settle` runs the automatic steps (drowning checks, the end of the turn); the
draft is built into the new state once. The rulings I1-I17 of the rules specification
are cited where they decide something; ``docs/forbidden-island.md`` lists them all.

Cells are indices into the layout's cells; tiles are named by id. A cell whose tile
sank keeps its tile id in ``board`` with status ``"sunk"``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

import attrs

from ...core.errors import DecodeError, InvalidConfigError
from ...core.game import Outcome, Seat, SeatResult
from ...core.kit import Draft, Rulebook, fixed_order, remember_last
from ...core.rng import Rng
from .actions import (
    DECLINE_RESCUE,
    DRAW_FLOOD,
    DRAW_TREASURE,
    END_ACTIONS,
    LIFT_OFF,
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
from .contract import ForbiddenIslandConfig, ForbiddenIslandRules, ForbiddenIslandSetup
from .data import (
    ACTIONS_PER_TURN,
    ADVENTURER_IDS,
    ADVENTURERS,
    CARD_RANK,
    CARDS_DEALT,
    DIFFICULTY_LEVELS,
    FLOOD_DRAWS,
    FOOLS_LANDING,
    HAND_LIMIT,
    HELICOPTER_LIFT,
    INITIAL_FLOODS,
    LAYOUTS,
    SANDBAGS,
    SKULL_LEVEL,
    TILE_IDS,
    TILES,
    TREASURE_CARDS,
    TREASURE_DECK,
    TREASURE_DRAWS_PER_TURN,
    TREASURE_IDS,
    TREASURES,
    WATERS_RISE,
    Layout,
)
from .state import ForbiddenIslandState, Lift, Phase, TileStatus

__all__ = [
    "BOOK",
    "GEOMETRY",
    "Geometry",
    "lost_reasons",
    "move_cells",
    "navigate_cells",
    "reason_text",
    "shuffle",
    "shore_cells",
    "swim_cells",
    "turn_actions",
]

State = ForbiddenIslandState
T = TypeVar("T")


class _Draft(Draft[ForbiddenIslandState], state=ForbiddenIslandState):
    """A mutable scratch copy of a state (every field, as the kit copies it): a
    handler replaces the fields it changes (tuples stay tuples), the settle step reads
    the draft, and :func:`apply` builds it once."""

    adventurers: tuple[str, ...]
    layout: str
    board: tuple[str, ...]
    tiles: tuple[TileStatus, ...]
    pawns: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    water_level: int
    captured: tuple[str, ...]
    treasure_deck: tuple[str, ...]
    treasure_discard: tuple[str, ...]
    flood_deck: tuple[str, ...]
    flood_segments: tuple[int, ...]
    flood_discard: tuple[str, ...]
    active: int
    phase: Phase
    actions_left: int
    draws_left: int
    pilot_flown: bool
    swimmers: tuple[int, ...]
    declined: tuple[int, ...]
    lift: Lift | None
    ended: tuple[str, ...]
    rng: Rng


#: What the read-only helpers (reach, losses, who holds a card) accept: a state, or
#: the draft an action is editing (the settle step asks them about the draft).
Board = State | _Draft

#: One handler per action class, each naming the rulings it implements; sealed below
#: the handlers, after the settle step.
BOOK: Rulebook[_Draft, Action] = Rulebook("forbidden-island", Action)

_CHUNK = 1 << 60


def _shuffle_plan(n: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """The draws of a shuffle of ``n`` items: (product, radices) per ``rng.below``,
    the radices from ``n`` down to 2, as many per draw as fit below ``_CHUNK``."""
    plan = []
    k = n
    while k > 1:
        radices = []
        product = 1
        while k > 1 and product * k <= _CHUNK:
            product *= k
            radices.append(k)
            k -= 1
        plan.append((product, tuple(radices)))
    return tuple(plan)


# plans depend on the length only: made once per length (shuffles are hot)
_PLANS: dict[int, tuple[tuple[int, tuple[int, ...]], ...]] = {}


def shuffle(rng: Rng, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
    """A uniform shuffle (Fisher-Yates) drawing several swap indices from one
    ``rng.below``: the indices are the mixed-radix digits of one uniform number below
    the product of their ranges, so a 24-card shuffle costs 2 draws instead of 23."""
    out = list(items)
    n = len(out)
    plan = _PLANS.get(n)
    if plan is None:
        plan = _PLANS[n] = _shuffle_plan(n)
    i = n - 1
    for product, radices in plan:
        x, rng = rng.below(product)
        for r in radices:
            j = x % r
            x //= r
            out[i], out[j] = out[j], out[i]
            i -= 1
    return tuple(out), rng


# --- geometry (derived from the layout data) -------------------------------------------


@attrs.frozen(slots=True)
class Geometry:
    """Neighbours and distances of one layout's cells. ``ortho[c]``: the island cells
    orthogonally adjacent to ``c``; ``king[c]``: also the diagonal ones (Explorer);
    ``dist[a][b]``: orthogonal steps from ``a`` to ``b`` over island cells only (I4, I5)."""

    ortho: tuple[tuple[int, ...], ...]
    king: tuple[tuple[int, ...], ...]
    dist: tuple[tuple[int, ...], ...]


def _geometry(layout: Layout) -> Geometry:
    index = {xy: i for i, xy in enumerate(layout.cells)}

    def around(cell: tuple[int, int], deltas: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
        x, y = cell
        return tuple(sorted(index[p] for dx, dy in deltas if (p := (x + dx, y + dy)) in index))

    orth_d = ((0, -1), (-1, 0), (1, 0), (0, 1))
    king_d = (*orth_d, (-1, -1), (1, -1), (-1, 1), (1, 1))
    ortho = tuple(around(c, orth_d) for c in layout.cells)
    king = tuple(around(c, king_d) for c in layout.cells)
    dist: list[tuple[int, ...]] = []
    for start in range(len(layout.cells)):
        d = [-1] * len(layout.cells)
        d[start] = 0
        queue = [start]
        for c in queue:
            for n in ortho[c]:
                if d[n] < 0:
                    d[n] = d[c] + 1
                    queue.append(n)
        dist.append(tuple(d))
    return Geometry(ortho, king, tuple(dist))


GEOMETRY: dict[str, Geometry] = {name: _geometry(lay) for name, lay in LAYOUTS.items()}

TILE_TREASURE: dict[str, str] = {t.id: t.treasure for t in TILES if t.treasure is not None}
PICKUP: dict[str, tuple[str, str]] = {t.id: t.pickup for t in TREASURES}
TREASURE_NAME: dict[str, str] = {t.id: t.name for t in TREASURES}
START_TILE: dict[str, str] = {a.id: a.start for a in ADVENTURERS}
ADVENTURER_NAME: dict[str, str] = {a.id: a.name for a in ADVENTURERS}
FULL_TREASURE_DECK: tuple[str, ...] = tuple(c for c, n in TREASURE_DECK for _ in range(n))
SUNK: TileStatus = "sunk"
DRY: TileStatus = "dry"
FLOODED: TileStatus = "flooded"


def _sorted_hand(cards: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    return tuple(sorted(cards, key=CARD_RANK.__getitem__))


def _add_card(hand: tuple[str, ...], card: str) -> tuple[str, ...]:
    rank = CARD_RANK[card]
    i = 0
    while i < len(hand) and CARD_RANK[hand[i]] <= rank:
        i += 1
    return (*hand[:i], card, *hand[i:])


def _remove_card(hand: tuple[str, ...], card: str, count: int = 1) -> tuple[str, ...]:
    i = hand.index(card)
    return hand[:i] + hand[i + count :]


def _set(items: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    return (*items[:i], value, *items[i + 1 :])


def _distinct(hand: tuple[str, ...]) -> list[str]:
    out: list[str] = []
    for c in hand:
        if not out or out[-1] != c:
            out.append(c)
    return out


# --- movement ------------------------------------------------------------------------


def _diver_reach(geo: Geometry, tiles: tuple[TileStatus, ...], start: int) -> list[int]:
    """Diver's move: walk orthogonally through flooded tiles and missing spaces (never a
    corner cell, I5); every existing tile reached is a destination; a dry tile ends the
    walk. The start cell is never a destination."""
    seen = [False] * len(tiles)
    seen[start] = True
    stack = [start]
    out: list[int] = []
    ortho = geo.ortho
    while stack:
        c = stack.pop()
        for n in ortho[c]:
            if not seen[n]:
                seen[n] = True
                st = tiles[n]
                if st != SUNK:
                    out.append(n)
                if st != DRY:
                    stack.append(n)
    out.sort()
    return out


def move_cells(s: State, seat: int) -> list[int]:
    """Cells ``seat``'s pawn may move to with one Move action."""
    cell = s.board.index(s.pawns[seat])
    return _move_from(GEOMETRY[s.layout], s.tiles, cell, s.adventurers[seat])


def _move_from(geo: Geometry, tiles: tuple[TileStatus, ...], cell: int, adv: str) -> list[int]:
    if adv == "diver":
        return _diver_reach(geo, tiles, cell)
    around = geo.king[cell] if adv == "explorer" else geo.ortho[cell]
    return [n for n in around if tiles[n] != SUNK]


def fly_cells(s: State, seat: int) -> list[int]:
    """Pilot's flight (I7): every existing tile an ordinary move would not reach."""
    if s.adventurers[seat] != "pilot" or s.pilot_flown:
        return []
    cell = s.board.index(s.pawns[seat])
    near = GEOMETRY[s.layout].ortho[cell]
    return [c for c, st in enumerate(s.tiles) if st != SUNK and c != cell and c not in near]


def navigate_cells(s: State, pawn: int) -> list[int]:
    """Where the Navigator may move ``pawn`` (I3): up to 2 steps by that pawn's own
    stepping (Explorer diagonal; Diver also through flooded/missing spaces; the Pilot
    never flies), ending on an existing tile other than its start."""
    geo = GEOMETRY[s.layout]
    start = s.board.index(s.pawns[pawn])
    adv = s.adventurers[pawn]
    tiles = s.tiles
    nbrs = geo.king if adv == "explorer" else geo.ortho
    through_water = adv == "diver"
    reach = [False] * len(tiles)
    for m in nbrs[start]:
        if tiles[m] != SUNK:
            reach[m] = True
        elif not through_water:
            continue
        for n in nbrs[m]:
            if tiles[n] != SUNK:
                reach[n] = True
    reach[start] = False
    return [c for c, r in enumerate(reach) if r]


def swim_cells(s: Board, seat: int) -> list[int]:
    """Where ``seat``'s pawn may swim from its sunk tile (rules 3.4, I4)."""
    geo = GEOMETRY[s.layout]
    cell = s.board.index(s.pawns[seat])
    adv = s.adventurers[seat]
    tiles = s.tiles
    if adv == "pilot":
        return [c for c, st in enumerate(tiles) if st != SUNK and c != cell]
    if adv == "diver":
        dist = geo.dist[cell]
        best = min((dist[c] for c, st in enumerate(tiles) if st != SUNK), default=-1)
        return [c for c, st in enumerate(tiles) if st != SUNK and dist[c] == best]
    around = geo.king[cell] if adv == "explorer" else geo.ortho[cell]
    return [n for n in around if tiles[n] != SUNK]


def shore_cells(s: State, seat: int) -> list[int]:
    """Flooded cells ``seat`` may shore up: its own and the adjacent ones (Explorer:
    diagonal too)."""
    cell = s.board.index(s.pawns[seat])
    return _shore_from(GEOMETRY[s.layout], s.tiles, cell, s.adventurers[seat])


def _shore_from(geo: Geometry, tiles: tuple[TileStatus, ...], cell: int, adv: str) -> list[int]:
    around = geo.king[cell] if adv == "explorer" else geo.ortho[cell]
    out = [n for n in around if tiles[n] == FLOODED]
    if tiles[cell] == FLOODED:
        out.append(cell)
        out.sort()
    return out


def _shore_options(s: State, seat: int) -> list[tuple[str, str | None]]:
    """(tile, also) of every ShoreUp: single tiles, then (Engineer, I6) pairs."""
    return _shore_pairs(s.board, shore_cells(s, seat), s.adventurers[seat])


def _shore_pairs(
    board: tuple[str, ...], cells: list[int], adv: str
) -> list[tuple[str, str | None]]:
    out: list[tuple[str, str | None]] = [(board[c], None) for c in cells]
    if adv == "engineer":
        for i, a in enumerate(cells):
            for b in cells[i + 1 :]:
                out.append((board[a], board[b]))
    return out


def _give_options(s: State, seat: int) -> list[tuple[str, int]]:
    """(card, receiver) of every Give: treasure cards only; same tile unless Messenger."""
    kinds = [c for c in _distinct(s.hands[seat]) if c in TREASURE_PICK]
    if not kinds:
        return []
    here = s.pawns[seat]
    anywhere = s.adventurers[seat] == "messenger"
    out: list[tuple[str, int]] = []
    for other, tile in enumerate(s.pawns):
        if other != seat and (anywhere or tile == here):
            out.extend((c, other) for c in kinds)
    return out


TREASURE_PICK = frozenset(TREASURE_CARDS)


def _capture_option(s: State, seat: int) -> str | None:
    """The treasure ``seat`` can capture where it stands, if any."""
    treasure = TILE_TREASURE.get(s.pawns[seat])
    if treasure is None or treasure in s.captured:
        return None
    if s.hands[seat].count(treasure) < 4:
        return None
    return treasure


# Shared action instances (frozen, so sharing is safe): building legal_actions is hot.
_MOVE = {t: Move(t) for t in TILE_IDS}
_FLY = {t: Fly(t) for t in TILE_IDS}
_SWIM = {t: Swim(t) for t in TILE_IDS}
_LIFT_TO = {t: LiftTo(t) for t in TILE_IDS}
_SANDBAGS = {t: Sandbags(t) for t in TILE_IDS}
_SHORE_UP = {t: ShoreUp(t) for t in TILE_IDS}
_DISCARD = {c: Discard(c) for c in CARD_RANK}
_SEATS = range(4)
_NAVIGATE = [{t: Navigate(q, t) for t in TILE_IDS} for q in _SEATS]
_GIVE = [{c: Give(c, q) for c in TREASURE_CARDS} for q in _SEATS]
_HELICOPTER_LIFT = [HelicopterLift(q) for q in _SEATS]
_LIFT_ALSO = [LiftAlso(q) for q in _SEATS]


# --- who must decide -----------------------------------------------------------------


def lift_holders(s: Board) -> list[int]:
    return [seat for seat, hand in enumerate(s.hands) if HELICOPTER_LIFT in hand]


def over_limit(s: State) -> int | None:
    """The seat that must discard down to the hand limit now (I8), if any."""
    if s.phase == "treasure":
        return None  # checked once the 2-card draw is complete
    for seat, hand in enumerate(s.hands):
        if len(hand) > HAND_LIMIT:
            return seat
    return None


# What the game waits for. ("lift", holder) / ("swim", seat) / ("rescue", seats) /
# ("discard", seat) / ("actions" | "treasure" | "flood", active).
@remember_last  # to_act, legal_actions and apply all ask it of the same state
def requirement(s: State) -> tuple[str, tuple[int, ...]]:
    """What the game waits for (the kind of decision) and from whom."""
    if s.ended:
        return "over", ()
    if s.lift is not None:
        return "lift", (s.lift.holder,)
    if s.swimmers:
        first = s.swimmers[0]
        if swim_cells(s, first):
            return "swim", (first,)
        return "rescue", tuple(h for h in lift_holders(s) if h not in s.declined)
    seat = over_limit(s)
    if seat is not None:
        return "discard", (seat,)
    return s.phase, (s.active,)


def _lift_off_ready(s: State) -> bool:
    if len(s.captured) != len(TREASURE_IDS):
        return False
    if s.tiles[s.board.index(FOOLS_LANDING)] == SUNK:
        return False
    return all(p == FOOLS_LANDING for p in s.pawns)


def _lift_sources(s: State) -> list[int]:
    """Pawns a Helicopter Lift may start with: any pawn, if some other tile exists."""
    existing = sum(1 for st in s.tiles if st != SUNK)
    out = []
    for pawn, tile in enumerate(s.pawns):
        here = s.tiles[s.board.index(tile)] != SUNK
        if existing > (1 if here else 0):
            out.append(pawn)
    return out


def _lift_targets(s: State) -> list[int]:
    assert s.lift is not None
    cell = s.board.index(s.pawns[s.lift.pawns[0]])
    return [c for c, st in enumerate(s.tiles) if st != SUNK and c != cell]


def _lift_also(s: State) -> list[int]:
    assert s.lift is not None
    lift = s.lift
    tile = s.pawns[lift.pawns[0]]
    return [q for q, t in enumerate(s.pawns) if t == tile and q not in lift.pawns]


def _special_actions(s: State, seat: int) -> list[Action]:
    """I1: a holder may play Sandbags or Helicopter Lift whenever the game waits."""
    hand = s.hands[seat]
    out: list[Action] = []
    if HELICOPTER_LIFT in hand:
        if _lift_off_ready(s):
            out.append(LIFT_OFF)
        out.extend(_HELICOPTER_LIFT[q] for q in _lift_sources(s))
    if SANDBAGS in hand:
        board = s.board
        out.extend(_SANDBAGS[board[c]] for c, st in enumerate(s.tiles) if st == FLOODED)
    return out


def turn_actions(s: State, seat: int) -> list[Action]:
    """The actions (each costing 1 of the 3) ``seat`` could take in the action phase."""
    if s.actions_left <= 0:
        return []
    board = s.board
    adv = s.adventurers[seat]
    geo = GEOMETRY[s.layout]
    tiles = s.tiles
    cell = board.index(s.pawns[seat])  # found once for the move, shore-up and the rest
    out: list[Action] = [_MOVE[board[c]] for c in _move_from(geo, tiles, cell, adv)]
    if adv == "pilot":
        out += [_FLY[board[c]] for c in fly_cells(s, seat)]
    elif adv == "navigator":
        for q in range(len(s.pawns)):
            if q != seat:
                nav = _NAVIGATE[q]
                out += [nav[board[c]] for c in navigate_cells(s, q)]
    shore = _shore_pairs(board, _shore_from(geo, tiles, cell, adv), adv)
    out += [_SHORE_UP[a] if b is None else ShoreUp(a, b) for a, b in shore]
    out += [_GIVE[q][c] for c, q in _give_options(s, seat)]
    treasure = _capture_option(s, seat)
    if treasure is not None:
        out.append(Capture(treasure))
    return out


def legal_actions(s: State, seat: int, rules: ForbiddenIslandRules) -> tuple[Action, ...]:
    """Every legal action of ``seat``: its required decision (if the game waits on it),
    then the special cards it may play (I1). Order: see docs/forbidden-island.md."""
    kind, waiting = requirement(s)
    if kind == "over" or not 0 <= seat < len(s.hands):
        return ()
    if kind == "lift":
        if seat not in waiting:
            return ()
        board = s.board
        also: list[Action] = [_LIFT_ALSO[q] for q in _lift_also(s)]
        return (*also, *(_LIFT_TO[board[c]] for c in _lift_targets(s)))
    hand = s.hands[seat]
    specials = HELICOPTER_LIFT in hand or SANDBAGS in hand
    out: list[Action] = []
    if seat in waiting:
        if kind == "actions":
            out = turn_actions(s, seat)
            out.append(END_ACTIONS)
        elif kind == "treasure":
            if not specials:
                return _ONLY_DRAW_TREASURE
            out.append(DRAW_TREASURE)
        elif kind == "flood":
            if not specials:
                return _ONLY_DRAW_FLOOD
            out.append(DRAW_FLOOD)
        elif kind == "discard":
            out = [_DISCARD[c] for c in _distinct(hand)]
        elif kind == "swim":
            board = s.board
            out = [_SWIM[board[c]] for c in swim_cells(s, seat)]
        else:  # rescue
            out.append(DECLINE_RESCUE)
    if specials:
        out += _special_actions(s, seat)
    return tuple(out)


# the commonest answers, shared (tuples of shared frozen actions)
_ONLY_DRAW_TREASURE: tuple[Action, ...] = (DRAW_TREASURE,)
_ONLY_DRAW_FLOOD: tuple[Action, ...] = (DRAW_FLOOD,)


def _tiles_of(s: State, cells: list[int]) -> list[str]:
    board = s.board
    return [board[c] for c in cells]


def is_legal(s: State, seat: int, a: Any, rules: ForbiddenIslandRules) -> bool:
    """Exactly ``a in legal_actions(s, seat)``, computing only the relevant part."""
    kind, waiting = requirement(s)
    if kind == "over" or not 0 <= seat < len(s.hands):
        return False
    cls = type(a)
    if kind == "lift":
        if seat not in waiting:
            return False
        if cls is LiftAlso:
            return bool(a.pawn in _lift_also(s))
        if cls is LiftTo:
            return a.to in _tiles_of(s, _lift_targets(s))
        return False
    if cls is Sandbags or cls is HelicopterLift or cls is LiftOff:
        hand = s.hands[seat]
        if cls is Sandbags:
            return SANDBAGS in hand and a.tile in [
                s.board[c] for c, st in enumerate(s.tiles) if st == FLOODED
            ]
        if HELICOPTER_LIFT not in hand:
            return False
        if cls is LiftOff:
            return _lift_off_ready(s)
        return bool(a.pawn in _lift_sources(s))
    if seat not in waiting:
        return False
    if kind == "actions":
        if cls is EndActions:
            return True
        if s.actions_left <= 0:
            return False
        if cls is Move:
            return a.to in _tiles_of(s, move_cells(s, seat))
        if cls is ShoreUp:
            return (a.tile, a.also) in _shore_options(s, seat)
        if cls is Give:
            return (a.card, a.to) in _give_options(s, seat)
        if cls is Fly:
            return a.to in _tiles_of(s, fly_cells(s, seat))
        if cls is Navigate:
            if s.adventurers[seat] != "navigator":
                return False
            others = [q for q in range(len(s.pawns)) if q != seat]
            if a.pawn not in others:
                return False
            return a.to in _tiles_of(s, navigate_cells(s, a.pawn))
        if cls is Capture:
            treasure = _capture_option(s, seat)
            return treasure is not None and a.treasure == treasure
        return False
    if kind == "treasure":
        return cls is DrawTreasure
    if kind == "flood":
        return cls is DrawFlood
    if kind == "discard":
        return cls is Discard and a.card in s.hands[seat]
    if kind == "swim":
        return cls is Swim and a.to in _tiles_of(s, swim_cells(s, seat))
    return cls is DeclineRescue


# --- effects -----------------------------------------------------------------------


def _spend(d: _Draft) -> None:
    d.actions_left -= 1


@BOOK.rule(Move)
def do_move(d: _Draft, seat: int, a: Move) -> None:
    d.pawns = _set(d.pawns, seat, a.to)
    _spend(d)


@BOOK.rule(Fly, "I7")
def do_fly(d: _Draft, seat: int, a: Fly) -> None:
    # I7: only a real flight (to a tile a move would not reach) spends the turn's flight
    d.pawns = _set(d.pawns, seat, a.to)
    d.pilot_flown = True
    _spend(d)


@BOOK.rule(Navigate)
def do_navigate(d: _Draft, seat: int, a: Navigate) -> None:
    d.pawns = _set(d.pawns, a.pawn, a.to)
    _spend(d)


@BOOK.rule(ShoreUp, "I6")
def do_shore_up(d: _Draft, seat: int, a: ShoreUp) -> None:
    """Shore up one tile, or (Engineer, I6) two named in the one action."""
    tiles = list(d.tiles)
    tiles[d.board.index(a.tile)] = DRY
    if a.also is not None:
        tiles[d.board.index(a.also)] = DRY
    d.tiles = tuple(tiles)
    _spend(d)


@BOOK.rule(Give)
def do_give(d: _Draft, seat: int, a: Give) -> None:
    hands = list(d.hands)
    hands[seat] = _remove_card(hands[seat], a.card)
    hands[a.to] = _add_card(hands[a.to], a.card)
    d.hands = tuple(hands)
    _spend(d)


@BOOK.rule(Capture)
def do_capture(d: _Draft, seat: int, a: Capture) -> None:
    t = a.treasure
    d.hands = _set(d.hands, seat, _remove_card(d.hands[seat], t, 4))
    d.treasure_discard = (*d.treasure_discard, t, t, t, t)
    captured = d.captured
    d.captured = tuple(x for x in TREASURE_IDS if x in captured or x == t)
    _spend(d)


@BOOK.rule(EndActions, "I14")
def do_end_actions(d: _Draft, seat: int, a: EndActions) -> None:
    d.phase = "treasure"
    d.draws_left = TREASURE_DRAWS_PER_TURN
    d.actions_left = 0


@BOOK.rule(DrawTreasure, "I10", "I14")
def do_draw_treasure(d: _Draft, seat: int, a: DrawTreasure) -> None:
    """Draw one treasure card: Waters Rise! (level up, flood discard shuffled on top of
    the flood deck, card discarded, I10) or into the hand; an emptied deck is
    reshuffled at once from the discard pile."""
    card = d.treasure_deck[0]
    deck = d.treasure_deck[1:]
    discard = d.treasure_discard
    if card == WATERS_RISE:
        d.water_level += 1
        discard = (*discard, card)
        if d.flood_discard:
            top, d.rng = shuffle(d.rng, d.flood_discard)
            d.flood_deck = top + d.flood_deck
            d.flood_segments = (len(top), *d.flood_segments)
            d.flood_discard = ()
        if d.water_level >= SKULL_LEVEL:
            d.ended = ("water_level",)
    else:
        d.hands = _set(d.hands, seat, _add_card(d.hands[seat], card))
    if not deck:
        deck, d.rng = shuffle(d.rng, discard)
        discard = ()
    d.treasure_deck = deck
    d.treasure_discard = discard
    d.draws_left -= 1
    if d.draws_left == 0:
        d.phase = "flood"
        d.draws_left = FLOOD_DRAWS[min(d.water_level, SKULL_LEVEL - 1)]


def _swim_order(s: Board, cell_tile: str) -> tuple[int, ...]:
    """Seats on ``cell_tile``, the active player first, then in turn order (I11)."""
    n = len(s.pawns)
    return tuple(q for q in ((s.active + i) % n for i in range(n)) if s.pawns[q] == cell_tile)


def lost_reasons(s: Board, sunk_tile: str | None) -> list[str]:
    """Loss codes that hold now (I13), ``sunk_tile`` being the tile that just sank.
    A pawn with nowhere to swim counts only once no Helicopter Lift is left (I2)."""
    out: list[str] = []
    if s.water_level >= SKULL_LEVEL:
        out.append("water_level")
    if sunk_tile == FOOLS_LANDING:
        out.append("fools_landing_sunk")
    if sunk_tile is not None:
        treasure = TILE_TREASURE.get(sunk_tile)
        if treasure is not None and treasure not in s.captured:
            a, b = PICKUP[treasure]
            board, tiles = s.board, s.tiles
            if tiles[board.index(a)] == SUNK and tiles[board.index(b)] == SUNK:
                out.append(f"treasure_lost:{treasure}")
    if s.swimmers and s.lift is None and not lift_holders(s):
        out.extend(f"pawn_drowned:{q}" for q in sorted(s.swimmers) if not swim_cells(s, q))
    return out


@BOOK.rule(DrawFlood, "I11", "I13", "I14")
def do_draw_flood(d: _Draft, seat: int, a: DrawFlood) -> None:
    """Draw one flood card: a dry tile floods (card to the discard pile), a flooded
    tile sinks (card out of the game) and its pawns must swim (in the order of I11);
    an emptied flood deck is reshuffled at once from the discard pile. The last card
    with nothing to resolve passes the turn (in :func:`settle`)."""
    card = d.flood_deck[0]
    deck = d.flood_deck[1:]
    first = d.flood_segments[0] - 1
    segments = (first, *d.flood_segments[1:]) if first else d.flood_segments[1:]
    discard = d.flood_discard
    cell = d.board.index(card)
    sunk: str | None = None
    if d.tiles[cell] == DRY:
        d.tiles = _set(d.tiles, cell, FLOODED)
        discard = (*discard, card)
        d.swimmers = ()
    else:
        d.tiles = _set(d.tiles, cell, SUNK)
        sunk = card
        d.swimmers = _swim_order(d, card)
    if not deck and discard:
        deck, d.rng = shuffle(d.rng, discard)
        segments = (len(deck),)
        discard = ()
    d.flood_deck = deck
    d.flood_segments = segments
    d.flood_discard = discard
    d.draws_left -= 1
    d.declined = ()
    if sunk is not None:
        reasons = lost_reasons(d, sunk)  # I13: a loss the sinking causes
        if reasons:
            d.ended = tuple(reasons)


@BOOK.rule(Discard, "I8")
def do_discard(d: _Draft, seat: int, a: Discard) -> None:
    d.hands = _set(d.hands, seat, _remove_card(d.hands[seat], a.card))
    d.treasure_discard = (*d.treasure_discard, a.card)


def _leave_swimmers(d: _Draft, pawns: tuple[int, ...]) -> None:
    """``pawns`` have left the sunk tile: off the swim queue; the declines concerned
    the first swimmer, so they lapse when it changes."""
    left = tuple(q for q in d.swimmers if q not in pawns)
    if left != d.swimmers:
        if not (left and d.swimmers[0] == left[0]):
            d.declined = ()
        d.swimmers = left


@BOOK.rule(Swim)
def do_swim(d: _Draft, seat: int, a: Swim) -> None:
    d.pawns = _set(d.pawns, seat, a.to)
    _leave_swimmers(d, (seat,))


@BOOK.rule(DeclineRescue, "I2")
def do_decline(d: _Draft, seat: int, a: DeclineRescue) -> None:
    """A holder declines to lift the stranded pawn; once every holder has, it drowns
    (see :func:`settle`)."""
    d.declined = tuple(sorted((*d.declined, seat)))


def _play_card(d: _Draft, seat: int, card: str) -> None:
    d.hands = _set(d.hands, seat, _remove_card(d.hands[seat], card))
    d.treasure_discard = (*d.treasure_discard, card)


@BOOK.rule(Sandbags, "I1")
def do_sandbags(d: _Draft, seat: int, a: Sandbags) -> None:
    d.tiles = _set(d.tiles, d.board.index(a.tile), DRY)
    _play_card(d, seat, SANDBAGS)


@BOOK.rule(HelicopterLift, "I1")
def do_helicopter_lift(d: _Draft, seat: int, a: HelicopterLift) -> None:
    d.lift = Lift(seat, (a.pawn,))
    _play_card(d, seat, HELICOPTER_LIFT)


@BOOK.rule(LiftAlso)
def do_lift_also(d: _Draft, seat: int, a: LiftAlso) -> None:
    assert d.lift is not None
    d.lift = Lift(d.lift.holder, tuple(sorted((*d.lift.pawns, a.pawn))))


@BOOK.rule(LiftTo, "I2")
def do_lift_to(d: _Draft, seat: int, a: LiftTo) -> None:
    """The lifted pawns land; a lifted swimmer is rescued (I2) and leaves the queue."""
    assert d.lift is not None
    lifted = d.lift.pawns
    d.pawns = tuple(a.to if q in lifted else t for q, t in enumerate(d.pawns))
    d.lift = None
    _leave_swimmers(d, lifted)


@BOOK.rule(LiftOff, "I13")
def do_lift_off(d: _Draft, seat: int, a: LiftOff) -> None:
    d.ended = ("won",)
    _play_card(d, seat, HELICOPTER_LIFT)


def next_turn(d: _Draft) -> None:
    d.active = (d.active + 1) % len(d.pawns)
    d.phase = "actions"
    d.actions_left = ACTIONS_PER_TURN
    d.draws_left = 0
    d.pilot_flown = False


@BOOK.settle
def settle(d: _Draft) -> None:
    """The automatic steps after every action: a certain drowning ends the game (I2,
    I13); after the last flood card and its swims the turn passes."""
    if d.ended or d.lift is not None:
        return
    if d.swimmers:
        reasons = lost_reasons(d, None)
        if not reasons:
            first = d.swimmers[0]
            if not swim_cells(d, first) and all(h in d.declined for h in lift_holders(d)):
                reasons = [f"pawn_drowned:{first}"]
        if reasons:
            d.ended = tuple(reasons)
        return
    if d.phase == "flood" and d.draws_left == 0:
        next_turn(d)


BOOK.seal()


def apply(s: State, seat: int, a: Action, rules: ForbiddenIslandRules) -> State:
    """The state after ``seat`` plays the legal action ``a``: its handler and the settle
    step edit one draft, built once."""
    d = _Draft(s)
    BOOK.apply(d, seat, a)
    return d.build()


# --- who acts, the end ------------------------------------------------------------


def state_type(rules: ForbiddenIslandRules) -> type[State]:
    """The state class of a rules version (one so far)."""
    return ForbiddenIslandState


def seat_count(s: State) -> int:
    return len(s.adventurers)


def role(s: State, seat: Seat) -> str:
    return s.adventurers[seat]


def to_act(s: State) -> tuple[Seat, ...]:
    return requirement(s)[1]


def outcome(s: State) -> Outcome | None:
    """All seats win or lose together (I13); each scores the treasures captured."""
    if not s.ended:
        return None
    won = s.ended == ("won",)
    score = len(s.captured)
    results = tuple(
        SeatResult(seat, adv, "win" if won else "loss", score)
        for seat, adv in enumerate(s.adventurers)
    )
    texts = "; ".join(reason_text(code, s) for code in s.ended)
    return Outcome(results, ("won: " if won else "lost: ") + texts)


# --- setup ---------------------------------------------------------------------------


def setup(
    rng: Rng,
    config: ForbiddenIslandConfig,
    rules: ForbiddenIslandRules,
    fixed: ForbiddenIslandSetup | None = None,
) -> State:
    """Section 2: island, 6 initial floods, adventurers, 2 cards each (Waters Rise! set
    aside and shuffled back once, I9), water level, first player (I12). A scenario setup
    (``fixed``) replaces the orders it names; the draws it replaces are still made, so
    the seed's later randomness is the same either way."""
    layout = LAYOUTS[config.layout]
    n = config.players
    board, rng = shuffle(rng, TILE_IDS[: len(layout.cells)])
    flood, rng = shuffle(rng, board)
    if fixed is not None:
        board = fixed_order(fixed.board, board, "setup board")
        flood = fixed_order(fixed.flood_deck, flood, "setup flood_deck")
    tiles: list[TileStatus] = [DRY] * len(board)
    for card in flood[:INITIAL_FLOODS]:
        tiles[board.index(card)] = FLOODED
    if config.adventurers:
        adventurers = tuple(config.adventurers)
    else:
        dealt, rng = shuffle(rng, ADVENTURER_IDS)
        adventurers = dealt[:n]
    deck, rng = shuffle(rng, FULL_TREASURE_DECK)
    if fixed is not None:
        deck = fixed_order(fixed.treasure_deck, deck, "setup treasure_deck")
    pile = list(deck)
    aside: list[str] = []
    hands: list[tuple[str, ...]] = []
    for _ in range(n):
        hand: list[str] = []
        while len(hand) < CARDS_DEALT:
            card = pile.pop(0)
            (aside if card == WATERS_RISE else hand).append(card)
        hands.append(_sorted_hand(hand))
    if aside:
        deck, rng = shuffle(rng, pile + aside)
    else:
        deck = tuple(pile)
    if config.first_player is None:
        first, rng = rng.below(n)
    else:
        first = config.first_player
    flood_deck = flood[INITIAL_FLOODS:]
    return ForbiddenIslandState(
        adventurers=adventurers,
        layout=layout.id,
        board=board,
        tiles=tuple(tiles),
        pawns=tuple(START_TILE[a] for a in adventurers),
        hands=tuple(hands),
        water_level=DIFFICULTY_LEVELS[config.difficulty],
        captured=(),
        treasure_deck=deck,
        treasure_discard=(),
        flood_deck=flood_deck,
        flood_segments=(len(flood_deck),),
        flood_discard=flood[:INITIAL_FLOODS],
        active=first,
        phase="actions",
        actions_left=ACTIONS_PER_TURN,
        draws_left=0,
        pilot_flown=False,
        swimmers=(),
        declined=(),
        lift=None,
        ended=(),
        rng=rng,
    )


def check_config(config: ForbiddenIslandConfig) -> None:
    n = config.players
    if isinstance(n, bool) or not isinstance(n, int) or not 2 <= n <= 4:
        raise InvalidConfigError(f"players must be 2, 3 or 4 (I17), got {n!r}")
    if config.difficulty not in DIFFICULTY_LEVELS:
        raise InvalidConfigError(
            f"difficulty must be one of {', '.join(DIFFICULTY_LEVELS)}, got {config.difficulty!r}"
        )
    if config.layout not in LAYOUTS:
        raise InvalidConfigError(
            f"layout must be one of {', '.join(LAYOUTS)}, got {config.layout!r}"
        )
    advs = config.adventurers
    if not isinstance(advs, tuple):
        raise InvalidConfigError("adventurers must be a tuple of adventurer ids")
    if advs:
        if len(advs) != n:
            raise InvalidConfigError(
                f"adventurers: expected {n} ids (one per seat), got {len(advs)}"
            )
        for a in advs:
            if a not in ADVENTURER_IDS:
                raise InvalidConfigError(
                    f"unknown adventurer {a!r}; one of {', '.join(ADVENTURER_IDS)}"
                )
        if len(set(advs)) != len(advs):
            raise InvalidConfigError(f"adventurers must be distinct, got {advs!r}")
    fp = config.first_player
    if fp is not None and (isinstance(fp, bool) or not isinstance(fp, int) or not 0 <= fp < n):
        raise InvalidConfigError(f"first_player must be None or a seat 0..{n - 1}, got {fp!r}")


# --- consistency of a decoded state ----------------------------------------------------


def check_state(s: State, rules: ForbiddenIslandRules) -> None:
    """Raise :class:`DecodeError` unless ``s`` is a state the rules could reach in kind:
    ranges, card conservation, pawns on tiles, phase bookkeeping."""

    def need(cond: bool, what: str) -> None:
        if not cond:
            raise DecodeError(f"inconsistent forbidden-island state: {what}")

    n = len(s.adventurers)
    need(2 <= n <= 4, f"{n} adventurers (2-4 players)")
    need(all(a in ADVENTURER_IDS for a in s.adventurers), "unknown adventurer")
    need(len(set(s.adventurers)) == n, "adventurers repeat")
    need(s.layout in LAYOUTS, f"unknown layout {s.layout!r}")
    cells = len(LAYOUTS[s.layout].cells) if s.layout in LAYOUTS else 0
    need(sorted(s.board) == sorted(TILE_IDS[:cells]) and len(s.board) == cells,
         "board is not a permutation of the tiles")  # fmt: skip
    need(len(s.tiles) == cells and all(t in (DRY, FLOODED, SUNK) for t in s.tiles),
         "tile statuses")  # fmt: skip
    need(len(s.pawns) == n and len(s.hands) == n, "one pawn and one hand per seat")
    need(all(p in s.board for p in s.pawns), "pawn on an unknown tile")
    for q, p in enumerate(s.pawns):
        on_sunk = s.tiles[s.board.index(p)] == SUNK
        need(on_sunk == (q in s.swimmers), f"seat {q}: on a sunk tile iff swimming")
    # cards
    for h in s.hands:
        need(all(c in CARD_RANK and c != WATERS_RISE for c in h), "bad card in a hand")
        need(tuple(h) == _sorted_hand(h), "hand not in canonical order")
    cards = [c for h in s.hands for c in h] + list(s.treasure_deck) + list(s.treasure_discard)
    need(sorted(cards) == sorted(FULL_TREASURE_DECK), "treasure cards not conserved")
    need(bool(s.treasure_deck), "empty treasure deck")
    need(all(c in TILE_IDS[:cells] for c in s.flood_deck + s.flood_discard), "bad flood card")
    unsunk = sorted(s.board[c] for c, st in enumerate(s.tiles) if st != SUNK)
    need(sorted(s.flood_deck + s.flood_discard) == unsunk,
         "flood cards are not exactly one per unsunk tile")  # fmt: skip
    need(all(x > 0 for x in s.flood_segments) and sum(s.flood_segments) == len(s.flood_deck),
         "flood segments")  # fmt: skip
    need(1 <= s.water_level <= SKULL_LEVEL, "water level")
    need(s.captured == tuple(t for t in TREASURE_IDS if t in s.captured), "captured order")
    # turn bookkeeping
    need(0 <= s.active < n, "active seat")
    need(s.phase in ("actions", "treasure", "flood"), "phase")
    need(0 <= s.actions_left <= ACTIONS_PER_TURN, "actions left")
    need(s.phase == "actions" or s.actions_left == 0, "actions left outside the action phase")
    if s.phase == "actions":
        need(s.draws_left == 0, "draws left in the action phase")
    elif s.phase == "treasure":
        need(1 <= s.draws_left <= TREASURE_DRAWS_PER_TURN, "treasure draws left")
    else:
        need(0 <= s.draws_left <= FLOOD_DRAWS[-1], "flood draws left")
        need(s.draws_left > 0 or bool(s.swimmers) or bool(s.ended), "flood phase finished")
    need(not s.pilot_flown or "pilot" in s.adventurers, "pilot flight without a pilot")
    need(len(set(s.swimmers)) == len(s.swimmers) and all(0 <= q < n for q in s.swimmers),
         "swimmers")  # fmt: skip
    need(len({s.pawns[q] for q in s.swimmers}) <= 1, "swimmers on different tiles")
    need(not s.swimmers or s.phase == "flood", "swimmers outside the flood draw")
    need(s.declined == tuple(sorted(set(s.declined))) and all(0 <= q < n for q in s.declined),
         "declined")  # fmt: skip
    need(not s.declined or bool(s.swimmers), "declined without a swimmer")
    limit = HAND_LIMIT + TREASURE_DRAWS_PER_TURN
    need(all(len(h) <= limit for h in s.hands), "hand too large")
    over = [q for q, h in enumerate(s.hands) if len(h) > HAND_LIMIT]
    need(len(over) <= 1, "more than one hand over the limit")
    need(s.phase != "treasure" or all(q == s.active for q in over),
         "a hand other than the active player's is over the limit during the draw")  # fmt: skip
    need(not over or not s.swimmers, "a hand over the limit while pawns swim")
    if s.lift is not None:
        lift = s.lift
        need(0 <= lift.holder < n, "lift holder")
        need(bool(lift.pawns) and lift.pawns == tuple(sorted(set(lift.pawns))), "lift pawns")
        need(all(0 <= q < n for q in lift.pawns), "lift pawns")
        need(len({s.pawns[q] for q in lift.pawns}) == 1, "lifted pawns on different tiles")
    need(all(isinstance(r, str) and r for r in s.ended), "ended reasons")
    need((s.water_level >= SKULL_LEVEL) == ("water_level" in s.ended), "skull level vs end")
    if not s.ended:
        need(not standing_losses(s), "a loss condition holds but the game is not over")
        need(bool(requirement(s)[1]), "nobody to act but the game is not over")
    else:
        need(s.lift is None, "a Helicopter Lift in progress after the end")
        codes = ("won", "water_level", "fools_landing_sunk")
        for code in s.ended:
            head, _, arg = code.partition(":")
            need(
                code in codes
                or (head == "treasure_lost" and arg in TREASURE_IDS)
                or (head == "pawn_drowned" and arg in [str(q) for q in range(n)]),
                f"unknown end reason {code!r}",
            )
        need(s.ended == ("won",) or "won" not in s.ended, "won and lost at once")
    key = s.rng.key
    need(len(key) == 64 and all(ch in "0123456789abcdef" for ch in key), "rng key")
    need(0 <= s.rng.counter <= (1 << 53) - 1, "rng counter")


def standing_losses(s: State) -> list[str]:
    """Every loss condition that holds in ``s`` regardless of what just happened."""
    out = lost_reasons(s, None)
    if s.tiles[s.board.index(FOOLS_LANDING)] == SUNK:
        out.append("fools_landing_sunk")
    for t in TREASURE_IDS:
        a, b = PICKUP[t]
        if t not in s.captured and s.tiles[s.board.index(a)] == SUNK == s.tiles[s.board.index(b)]:
            out.append(f"treasure_lost:{t}")
    return out


# --- outcome -----------------------------------------------------------------------------


def reason_text(code: str, s: State) -> str:
    """A sentence for one end code."""
    if code == "won":
        return "the team lifted off Fools' Landing with all four treasures"
    if code == "water_level":
        return "the water level reached the skull and crossbones"
    if code == "fools_landing_sunk":
        return "Fools' Landing sank"
    head, _, arg = code.partition(":")
    if head == "treasure_lost":
        return f"both tiles of {TREASURE_NAME.get(arg, arg)} sank before it was captured"
    if head == "pawn_drowned" and arg.isdigit() and int(arg) < len(s.adventurers):
        seat = int(arg)
        name = ADVENTURER_NAME.get(s.adventurers[seat], s.adventurers[seat])
        return f"the {name} (seat {seat}) had nowhere to swim"
    return code
