"""The Wrath of Gozer's rules on the rules kit: what may be done now, then the
rulebook (one handler per action class, each naming its rulings) over one draft.

Turn structure (see ``docs/gozer.md`` for every ruling):

* A round is the castaways' turns in seat order, then Gozer's (he moves last).
* A turn begins with the die roll (chance, drawn here); a castaway dying since
  before their turn dies instead of playing it (gadgets dropped); a banished Gozer
  skips his turn.
* A move is one :class:`Step` per action until :class:`EndMove`, the roll used up or
  the boat reached (M1-M3, E1). The turn then goes on while there is something left
  to choose (shoot, trade, heal, cast off; Gozer: fireball, melee) and ends by
  :class:`EndTurn`, or by itself (the rulebook's settle step) as soon as ending it is
  the only choice left.
* Trades and bridge crossings wait for the other castaway's :class:`Respond`.

``apply`` copies the state into one :class:`_Draft`, runs the action's handler and the
settle step on it (every helper edits the draft in place and appends what happened to
its ``ev`` list), and builds the next state once. Every difference between rules
versions is one ``if rules.<flag>`` naming its ruling, on the version's
:class:`~islandgames.games.gozer.contract.GozerRules` (a parameter of the helpers that
answer what may be done, the draft's ``rules`` slot in the reducer).
"""

from __future__ import annotations

import itertools
from typing import Any, Protocol

from ...core.errors import DecodeError, InvalidConfigError
from ...core.game import Outcome, Seat, SeatResult
from ...core.kit import Draft, Rulebook
from ...core.rng import Rng
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
from .contract import GozerConfig, GozerRules, GozerSetup
from .data import (
    ARMOUR,
    BRIDGE,
    DIE_SIDES,
    GADGET_INDEX,
    GADGETS,
    KEY,
    KIT,
    MAX_PLAYERS,
    MAX_ROUND_LIMIT,
    MIN_PLAYERS,
    PISTOL,
    PISTOL_RANGE,
    Gadget,
)
from .state import (
    CrossingRequest,
    GadgetSpot,
    GozerState,
    Move,
    Pawn,
    Phase,
    Request,
    TradeOffer,
    Winner,
)

__all__ = [
    "BOOK",
    "apply",
    "attack_targets",
    "check_config",
    "check_state",
    "fire_targets",
    "fireball_hits",
    "heal_targets",
    "held",
    "is_legal",
    "legal_actions",
    "outcome",
    "role",
    "seat_count",
    "setup",
    "state_type",
    "step_targets",
    "to_act",
    "trade_offers",
    "turn_order",
]

#: Every ruling of docs/gozer.md is cited at the code implementing it.
UNCODED_RULINGS: dict[str, str] = {}

ADJ = BOARD.adj
ADJ_T = BOARD.adj_teleport
OBST = BOARD.obstacle
ELEV = BOARD.elevation
LOWER = BOARD.lower
DROP = BOARD.drop
SUMMIT = BOARD.summit
BOAT = BOARD.boat
START = BOARD.start
GULLIES = tuple(g.squares for g in BOARD.gullies)
GULLY_NAMES = tuple(g.name for g in BOARD.gullies)
#: squares next to an obstacle (where a bridge can be deployed, B1)
NEAR_OBSTACLE = tuple(any(OBST[b] for b in ADJ[s]) for s in range(BOARD.size))
#: the neighbours of each square that are not obstacles (in order), by path / by teleport
FREE = tuple(tuple(b for b in ADJ[s] if not OBST[b]) for s in range(BOARD.size))
FREE_T = tuple(tuple(b for b in ADJ_T[s] if not OBST[b]) for s in range(BOARD.size))

_ACCEPT = (Respond(True), Respond(False))
_END_MOVE = EndMove()
_END_TURN = EndTurn()
_CAST_OFF = CastOff()
_FIREBALLS = tuple(Fireball(i) for i in range(len(GULLIES)))
_STEPS = tuple(Step(s) for s in range(BOARD.size))
# the same (equal) actions every time, built once: seats are below MAX_PLAYERS
_FIRES = tuple(Fire(seat) for seat in range(MAX_PLAYERS))
_HEALS = tuple(Heal(seat) for seat in range(MAX_PLAYERS))
_ATTACKS = tuple(Attack(seat) for seat in range(MAX_PLAYERS))

_ORDERS: dict[tuple[int, int], tuple[int, ...]] = {}


class _Readable(Protocol):
    """What the legality helpers read: a :class:`GozerState`, or the :class:`_Draft` of
    an action in progress (the settle step asks them about the draft)."""

    @property
    def config(self) -> GozerConfig: ...
    @property
    def gozer(self) -> int: ...
    @property
    def turn(self) -> int: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def active(self) -> int: ...
    @property
    def pawns(self) -> tuple[Pawn, ...]: ...
    @property
    def gadgets(self) -> tuple[GadgetSpot, ...]: ...
    @property
    def move(self) -> Move | None: ...
    @property
    def fired(self) -> bool: ...
    @property
    def thrown(self) -> bool: ...
    @property
    def offered(self) -> tuple[int, ...]: ...
    @property
    def deployed(self) -> bool: ...
    @property
    def pending(self) -> Request | None: ...


def turn_order(players: int, gozer: int) -> tuple[int, ...]:
    """Castaways in seat order, then Gozer, who always moves last."""
    key = (players, gozer)
    order = _ORDERS.get(key)
    if order is None:
        order = (*(s for s in range(players) if s != gozer), gozer)
        _ORDERS[key] = order
    return order


def held(s: _Readable, seat: int) -> tuple[Gadget, ...]:
    """The gadgets ``seat`` holds, in canonical order."""
    return tuple([g.gadget for g in s.gadgets if g.holder == seat])


def _seat_name(s: _Readable, seat: int) -> str:
    return "Gozer" if seat == s.gozer else f"castaway {seat}"


# --- what may be done now -----------------------------------------------------------


def _moving_castaway_can_stop(s: _Readable, seat: int, square: int) -> bool:
    return not OBST[square] or s.gadgets[BRIDGE].holder == seat


def _crossing_open(
    s: _Readable, m: Move, obstacle: int, holder: int | None, rules: GozerRules
) -> bool:
    """B1: a deployed bridge next to ``obstacle`` lets ``m.mover`` ask to cross it, if
    the move can get off the obstacle again."""
    if not s.deployed or holder is None or holder == m.mover or obstacle in m.asked:
        return False
    hp = s.pawns[holder]
    if rules.dying_holder_keeps_bridge:
        # B1 (1.1): deployed "until their next move (or death)"; a dying holder has done
        # neither
        answers = hp.status in ("well", "dying")
    else:
        answers = hp.status == "well"
    if not answers or obstacle not in ADJ[hp.square] or m.steps_left < 2:
        return False
    path = m.path
    return any(not OBST[c] and c not in path for c in ADJ[obstacle])


def step_targets(s: _Readable, rules: GozerRules) -> tuple[int, ...]:
    """Squares the mover may step to now (sorted). M2: pawns never block a square (no
    pawn is looked at), so a walk may pass through or stop on occupied squares."""
    m = s.move
    if m is None or m.ended or m.roll - len(m.path) + 1 <= 0:
        return ()
    mover = m.mover
    here = m.path[-1]
    path = m.path
    if mover == s.gozer:
        return tuple([b for b in FREE_T[here] if b not in path])
    gadgets = s.gadgets
    bridge_holder = gadgets[BRIDGE].holder
    key = gadgets[KEY].holder == mover
    if bridge_holder == mover:
        return tuple([b for b in (ADJ_T[here] if key else ADJ[here]) if b not in path])
    if not s.deployed:  # no crossing is open (B1): obstacles are closed to this mover
        return tuple([b for b in (FREE_T[here] if key else FREE[here]) if b not in path])
    links = ADJ_T[here] if key else ADJ[here]
    out = []
    for b in links:
        if b in path:
            continue
        if OBST[b] and not _crossing_open(s, m, b, bridge_holder, rules):
            continue
        out.append(b)
    return tuple(out)


def _can_end_move(s: _Readable) -> bool:
    m = s.move
    if m is None or m.ended:
        return False
    return m.mover == s.gozer or _moving_castaway_can_stop(s, m.mover, m.path[-1])


def _between_steps(m: Move) -> bool:
    """Not mid-move: before the first step or after the move ended (G2, E1)."""
    return m.ended or len(m.path) == 1


def fire_targets(s: _Readable) -> tuple[int, ...]:
    """Seats the active castaway may shoot now (G1, G2)."""
    m = s.move
    if s.phase != "castaway" or s.fired or m is None or not _between_steps(m):
        return ()
    shooter = m.mover
    gadgets = s.gadgets
    if gadgets[PISTOL].holder != shooter:
        return ()
    dist = (BOARD.dist_teleport if gadgets[KEY].holder == shooter else BOARD.dist_plain)[
        s.pawns[shooter].square
    ]
    return tuple(
        seat
        for seat, p in enumerate(s.pawns)
        if seat != shooter and p.status in ("well", "gozer") and dist[p.square] <= PISTOL_RANGE
    )


def heal_targets(s: _Readable) -> tuple[int, ...]:
    """Dying castaways the mover may heal now (K1)."""
    m = s.move
    if s.phase not in ("castaway", "escape") or m is None:
        return ()
    healer = m.mover
    if s.gadgets[KIT].holder != healer:
        return ()
    here = s.pawns[healer].square
    near = ADJ[here]
    turn = s.turn
    return tuple(
        seat
        for seat, p in enumerate(s.pawns)
        if p.status == "dying"
        and seat != healer
        and p.wounded < turn
        and (p.square == here or p.square in near)
    )


def _trade_partners(s: _Readable) -> tuple[int, ...]:
    m = s.move
    if s.phase != "castaway" or m is None:
        return ()
    me = m.mover
    here = s.pawns[me].square
    near = ADJ[here]
    offered = s.offered
    gozer = s.gozer
    return tuple(
        [
            seat
            for seat, p in enumerate(s.pawns)
            if seat != me
            and seat != gozer
            and p.status == "well"
            and seat not in offered
            and (p.square == here or p.square in near)
        ]
    )


def _subsets(items: tuple[Gadget, ...]) -> list[tuple[Gadget, ...]]:
    return [
        tuple(g for i, g in enumerate(items) if mask >> i & 1) for mask in range(1 << len(items))
    ]


def _tradeable(s: _Readable, seat: int) -> tuple[Gadget, ...]:
    """What ``seat`` may hand over in a trade (G4): what they hold, but not the bridge
    while they stand on an obstacle."""
    mine = held(s, seat)
    if OBST[s.pawns[seat].square]:
        mine = tuple(g for g in mine if g != "bridge")
    return mine


def trade_offers(s: _Readable) -> tuple[Trade, ...]:
    """Every exchange the active castaway may offer now (G4), by partner."""
    partners = _trade_partners(s)
    if not partners:  # the common case: nobody near, nothing to list
        return ()
    mine = _tradeable(s, s.active)
    out: list[Trade] = []
    for partner in partners:
        key = (partner, mine, _tradeable(s, partner))
        trades = _TRADES.get(key)
        if trades is None:
            trades = _TRADES[key] = _exchanges(*key)
        out.extend(trades)
    return tuple(out)


#: the exchanges of (partner, mine, theirs), built once each (at most 6 x 32 x 32)
_TRADES: dict[tuple[int, tuple[Gadget, ...], tuple[Gadget, ...]], tuple[Trade, ...]] = {}


def _exchanges(
    partner: int, mine: tuple[Gadget, ...], theirs: tuple[Gadget, ...]
) -> tuple[Trade, ...]:
    takes = _subsets(theirs)
    return tuple(
        Trade(partner, give, take) for give in _subsets(mine) for take in takes if give or take
    )


def _can_offer_trade(s: _Readable) -> bool:
    """Exactly ``bool(trade_offers(s))``, without listing them: a partner, and a gadget
    that one side of the exchange could hand over."""
    partners = _trade_partners(s)
    if not partners:
        return False
    return bool(_tradeable(s, s.active)) or any(_tradeable(s, p) for p in partners)


def _trade_is_legal(s: _Readable, a: Trade) -> bool:
    if a.partner not in _trade_partners(s):
        return False
    if not a.give and not a.take:
        return False
    me = s.active
    for side, owner in ((a.give, me), (a.take, a.partner)):
        last = -1
        on_obstacle = OBST[s.pawns[owner].square]
        for g in side:
            i = GADGET_INDEX.get(g, -1) if isinstance(g, str) else -1
            if i <= last or s.gadgets[i].holder != owner or (on_obstacle and i == BRIDGE):
                return False
            last = i
    return True


def _can_cast_off(s: _Readable) -> bool:
    m = s.move
    return (
        s.phase in ("castaway", "escape")
        and m is not None
        and s.pawns[m.mover].square == BOAT
        and _between_steps(m)
    )


def _fireball_open(s: _Readable) -> bool:
    return s.phase == "gozer" and not s.thrown and s.pawns[s.gozer].square == SUMMIT


def attack_targets(s: _Readable) -> tuple[int, ...]:
    """Castaways Gozer may attack now: his move ended, on his square or next to it (C1)."""
    m = s.move
    if s.phase != "gozer" or m is None or not m.ended:
        return ()
    here = s.pawns[s.gozer].square
    near = ADJ[here]
    return tuple(
        seat
        for seat, p in enumerate(s.pawns)
        if p.status == "well" and (p.square == here or p.square in near)
    )


def _castaway_options(s: _Readable) -> bool:
    """Whether the castaway whose move ended has anything left to choose (each helper
    asked only if the gadget or the square its choice needs is the mover's)."""
    m = s.move
    assert m is not None
    mover = m.mover
    gadgets = s.gadgets
    return bool(
        (gadgets[PISTOL].holder == mover and fire_targets(s))
        or (gadgets[KIT].holder == mover and heal_targets(s))
        or (s.pawns[mover].square == BOAT and _can_cast_off(s))
        or _can_offer_trade(s)
    )


def to_act(s: GozerState) -> tuple[int, ...]:
    if s.phase == "over":
        return ()
    p = s.pending
    if p is not None:
        return (p.partner,) if isinstance(p, TradeOffer) else (p.holder,)
    m = s.move
    return () if m is None else (m.mover,)


def legal_actions(s: GozerState, seat: int, rules: GozerRules) -> tuple[Action, ...]:
    if s.phase == "over":
        return ()
    p = s.pending
    if p is not None:
        responder = p.partner if isinstance(p, TradeOffer) else p.holder
        return _ACCEPT if seat == responder else ()
    m = s.move
    if m is None or seat != m.mover:
        return ()
    out: list[Action] = []
    if s.phase == "gozer":
        if _fireball_open(s):
            out.extend(_FIREBALLS)
        if not m.ended:
            out.extend([_STEPS[b] for b in step_targets(s, rules)])
            out.append(_END_MOVE)
        else:
            out.extend([_ATTACKS[t] for t in attack_targets(s)])
            out.append(_END_TURN)
        return tuple(out)
    # a castaway's turn or an escape move: each helper is asked only if it may answer
    # something (the gadget its choice needs is the mover's), in the helpers' order
    mover = m.mover
    gadgets = s.gadgets
    if not m.ended:
        out.extend([_STEPS[b] for b in step_targets(s, rules)])
        if _can_end_move(s):
            out.append(_END_MOVE)
    if gadgets[PISTOL].holder == mover:
        out.extend([_FIRES[t] for t in fire_targets(s)])
    if gadgets[KIT].holder == mover:
        out.extend([_HEALS[t] for t in heal_targets(s)])
    if s.phase == "castaway":
        out.extend(trade_offers(s))
    if s.pawns[mover].square == BOAT and _can_cast_off(s):
        out.append(_CAST_OFF)
    if m.ended:
        out.append(_END_TURN)
    return tuple(out)


def is_legal(s: GozerState, seat: int, a: Any, rules: GozerRules) -> bool:
    """Exactly ``a in legal_actions(s, seat)``, answered per action kind."""
    if s.phase == "over":
        return False
    p = s.pending
    if p is not None:
        responder = p.partner if isinstance(p, TradeOffer) else p.holder
        return seat == responder and type(a) is Respond and type(a.accept) is bool
    m = s.move
    if m is None or seat != m.mover:
        return False
    cls = type(a)
    if cls is Step:
        return a.to in step_targets(s, rules)
    if cls is EndMove:
        return _can_end_move(s)
    if cls is EndTurn:
        return m.ended
    if s.phase == "gozer":
        if cls is Fireball:
            return _fireball_open(s) and a in _FIREBALLS
        if cls is Attack:
            return a.target in attack_targets(s)
        return False
    if cls is Fire:
        return a.target in fire_targets(s)
    if cls is Heal:
        return a.target in heal_targets(s)
    if cls is Trade:
        return s.phase == "castaway" and _trade_is_legal(s, a)
    if cls is CastOff:
        return _can_cast_off(s)
    return False


def fireball_hits(
    pawns: tuple[Pawn, ...], gadgets: tuple[GadgetSpot, ...], gozer: int, gully: int
) -> tuple[tuple[int, ...], int | None]:
    """F1-F2: (castaways who fall, castaway whose armour absorbs the hit).

    Castaways on the swept squares are hit; a falling castaway knocks over those on
    its square and on lower adjacent squares, and so on. An armoured castaway who is
    hit does not fall (the armour is destroyed) and knocks nobody over. Each castaway
    is hit at most once per fireball; dying castaways already lie on the ground.
    Takes the parts of a state (or of a view's table) it needs."""
    by_square: dict[int, list[int]] = {}
    for seat, p in enumerate(pawns):
        if seat != gozer and p.status == "well":
            by_square.setdefault(p.square, []).append(seat)
    if not by_square:
        return (), None
    armoured = gadgets[ARMOUR].holder
    queue: list[int] = []
    for sq in GULLIES[gully]:
        queue.extend(by_square.get(sq, ()))
    hit: list[int] = []
    fell: list[int] = []
    absorbed: int | None = None
    i = 0
    while i < len(queue):
        seat = queue[i]
        i += 1
        if seat in hit:
            continue
        hit.append(seat)
        if seat == armoured:
            absorbed = seat
            continue
        fell.append(seat)
        sq = pawns[seat].square
        queue.extend(by_square.get(sq, ()))
        for low in LOWER[sq]:
            queue.extend(by_square.get(low, ()))
    return tuple(sorted(fell)), absorbed


# --- the draft and the rulebook ------------------------------------------------------------


class _Draft(Draft[GozerState], state=GozerState):
    """The next state while an action is applied: every helper below edits it in place
    (records such as pawns and the move are replaced, never evolved); ``ev`` collects
    what happens, ``rules`` is the version's flags."""

    config: GozerConfig
    rng: Rng
    gozer: int
    round: int
    turn: int
    phase: Phase
    active: int
    pawns: tuple[Pawn, ...]
    gadgets: tuple[GadgetSpot, ...]
    move: Move | None
    fired: bool
    thrown: bool
    offered: tuple[int, ...]
    deployed: bool
    gozer_skips: bool
    pending: Request | None
    winner: Winner | None
    reason: str
    events: tuple[str, ...]
    rules: GozerRules
    ev: list[str]


BOOK: Rulebook[_Draft, Action] = Rulebook("gozer", Action)


def _draft(s: GozerState, rules: GozerRules, ev: list[str]) -> _Draft:
    d = _Draft(s)
    d.rules = rules
    d.ev = ev
    return d


def _built(d: _Draft) -> GozerState:
    d.events = tuple(d.ev)
    return d.build()


def setup(
    rng: Rng, config: GozerConfig, rules: GozerRules, fixed: GozerSetup | None = None
) -> GozerState:
    """Setup: Gozer drawn at random, on the summit; castaways on the start square. A
    scenario setup (``fixed``) may seat Gozer; the draw is still made, so the seed's
    later rolls are the same either way."""
    gozer, rng = rng.below(config.players)
    if fixed is not None and fixed.gozer is not None:
        if not 0 <= fixed.gozer < config.players:
            raise InvalidConfigError(
                f"setup gozer must be a seat 0..{config.players - 1}, got {fixed.gozer}"
            )
        gozer = fixed.gozer
    pawns = tuple(
        Pawn(SUMMIT, "gozer") if seat == gozer else Pawn(START, "well")
        for seat in range(config.players)
    )
    gadgets = tuple(
        GadgetSpot(g, None, sq) for g, sq in zip(GADGETS, BOARD.gadget_squares, strict=True)
    )
    s = GozerState(
        config=config,
        rng=rng,
        gozer=gozer,
        round=1,
        turn=0,
        phase="castaway",
        active=gozer,
        pawns=pawns,
        gadgets=gadgets,
        move=None,
    )
    d = _draft(s, rules, [f"seat {gozer} plays Gozer"])
    _advance(d, -1)
    return _built(d)


def apply(s: GozerState, seat: int, a: Action, rules: GozerRules) -> GozerState:
    """The state after ``seat`` plays the legal action ``a``: its handler and the settle
    step on one draft, built once."""
    d = _draft(s, rules, [])
    BOOK.apply(d, seat, a)
    return _built(d)


# --- what happens: helpers editing the draft -------------------------------------------------


def _pickup(
    gadgets: tuple[GadgetSpot, ...], seat: int, square: int, ev: list[str]
) -> tuple[GadgetSpot, ...]:
    """A castaway on (or passing over) a square picks up every gadget lying there (M3)."""
    for g in gadgets:
        if g.square == square:
            break
    else:
        return gadgets
    out = []
    for g in gadgets:
        if g.square == square:
            ev.append(f"castaway {seat} picks up the {g.gadget}")
            g = GadgetSpot(g.gadget, seat, None)
        out.append(g)
    return tuple(out)


def _set_pawn(pawns: tuple[Pawn, ...], seat: int, pawn: Pawn) -> tuple[Pawn, ...]:
    return (*pawns[:seat], pawn, *pawns[seat + 1 :])


def _begin_turn(d: _Draft, seat: int, rnd: int) -> None:
    roll, d.rng = d.rng.die(DIE_SIDES)
    square = d.pawns[seat].square
    d.ev.append(f"round {rnd}: {_seat_name(d, seat)} rolls {roll}")
    d.round = rnd
    d.turn += 1
    d.active = seat
    d.move = Move(seat, roll, (square,))
    d.fired = False
    d.thrown = False
    d.offered = ()
    if seat == d.gozer:
        d.phase = "gozer"
    else:
        d.phase = "castaway"
        d.gadgets = _pickup(d.gadgets, seat, square, d.ev)


def _advance(d: _Draft, pos: int) -> None:
    """Begin the turn after position ``pos`` of the turn order (-1: the round start).
    Dying castaways whose turn comes die; a banished Gozer skips (G3); E3 after a round."""
    order = turn_order(d.config.players, d.gozer)
    rnd = d.round
    for _ in range(4 * len(order) + 4):
        pos += 1
        if pos == len(order):
            if rnd >= d.config.round_limit:
                d.round = rnd
                _finish(d, "gozer", f"the round limit ({d.config.round_limit}) was reached (E3)")
                return
            rnd += 1
            pos = 0
        seat = order[pos]
        pawn = d.pawns[seat]
        if seat == d.gozer:
            if pawn.status == "removed":
                continue
            if d.gozer_skips:
                d.ev.append(f"round {rnd}: Gozer, banished, skips his turn")
                d.gozer_skips = False
                continue
            _begin_turn(d, seat, rnd)
            return
        if pawn.status == "well":
            _begin_turn(d, seat, rnd)
            return
        if pawn.status == "dying":
            d.round = rnd
            _die(d, seat)
            if d.phase == "over":
                return
    raise RuntimeError("gozer: no castaway can take a turn")  # prevented by E2 (_doom)


def _die(d: _Draft, seat: int) -> None:
    """Nobody healed a dying castaway before their turn: the pawn leaves the game and
    its gadgets drop where it lay (the nearest square if that is an obstacle)."""
    pawn = d.pawns[seat]
    d.ev.append(f"castaway {seat} dies on square {pawn.square}")
    where = DROP[pawn.square]
    gadgets = d.gadgets
    if d.rules.dying_holder_keeps_bridge:  # B1 (1.1): folds at death (1.0: at the wound)
        d.deployed = d.deployed and gadgets[BRIDGE].holder != seat
    if any(g.holder == seat for g in gadgets):
        out = []
        for g in gadgets:
            if g.holder == seat:
                d.ev.append(f"the {g.gadget} drops on square {where}")
                g = GadgetSpot(g.gadget, None, where)
            out.append(g)
        d.gadgets = tuple(out)
    d.pawns = _set_pawn(d.pawns, seat, Pawn(pawn.square, "dead"))
    _doom(d)


def _wound(d: _Draft, seat: int) -> None:
    """A castaway becomes dying. A deployed bridge of theirs stays deployed (B1 in 1.1:
    until their next move or death), and they may still answer crossing requests; in
    1.0 it folded up."""
    if not d.rules.dying_holder_keeps_bridge:  # B1 (1.0)
        d.deployed = d.deployed and d.gadgets[BRIDGE].holder != seat
    d.pawns = _set_pawn(d.pawns, seat, Pawn(d.pawns[seat].square, "dying", d.turn))


def _destroy_armour(d: _Draft) -> None:
    d.ev.append(f"castaway {d.gadgets[ARMOUR].holder}'s armour is destroyed")
    g = d.gadgets
    d.gadgets = (*g[:ARMOUR], GadgetSpot("armour"), *g[ARMOUR + 1 :])


def _doom(d: _Draft) -> None:
    """E2: Gozer wins once no castaway is alive and well (every living one dying, so
    nobody who is not dying can heal them)."""
    gozer = d.gozer
    if any(p.status == "well" for seat, p in enumerate(d.pawns) if seat != gozer):
        return
    if any(p.status == "dying" for p in d.pawns):
        _finish(d, "gozer", "every living castaway is dying (E2)")
    else:
        _finish(d, "gozer", "every castaway is dead (E2)")


def _finish(d: _Draft, winner: Winner, reason: str) -> None:
    d.ev.append(f"game over: {reason}")
    d.phase = "over"
    d.winner = winner
    d.reason = reason
    d.move = None
    d.pending = None


def _end_castaway_turn(d: _Draft) -> None:
    """B1: a bridge holder who did not move, next to an obstacle, deploys it."""
    seat = d.active
    m = d.move
    assert m is not None
    if (
        len(m.path) == 1
        and not d.deployed
        and d.gadgets[BRIDGE].holder == seat
        and NEAR_OBSTACLE[d.pawns[seat].square]
    ):
        d.ev.append(f"castaway {seat} deploys the bridge")
        d.deployed = True
    d.move = None
    _advance(d, turn_order(d.config.players, d.gozer).index(seat))


def _end_gozer_turn(d: _Draft) -> None:
    d.move = None
    _advance(d, len(d.pawns) - 1)


def _walk(d: _Draft, seat: int, to: int) -> None:
    """One step of a walk (M1, M3): picking up what lies there; a step of a bridge
    holder folds their deployed bridge (B1); the boat ends the move (E1)."""
    m = d.move
    assert m is not None
    path = (*m.path, to)
    pawn = d.pawns[seat]
    d.pawns = _set_pawn(d.pawns, seat, Pawn(to, pawn.status, pawn.wounded))
    used_up = len(path) > m.roll
    if seat == d.gozer:
        d.move = Move(seat, m.roll, path, used_up, m.asked)
        return
    d.gadgets = gadgets = _pickup(d.gadgets, seat, to, d.ev)
    d.deployed = d.deployed and gadgets[BRIDGE].holder != seat
    if to == BOAT:
        d.ev.append(f"castaway {seat} is aboard the boat")
    d.move = Move(seat, m.roll, path, used_up or to == BOAT, m.asked)


# --- the rulebook: one handler per action ---------------------------------------------------


@BOOK.rule(Step, "M1", "M3", "B1", "E1")
def _step(d: _Draft, seat: int, a: Step) -> None:
    """A step (M1-M3); onto an obstacle bridged by another castaway's deployed bridge,
    a crossing request to its holder instead (B1)."""
    m = d.move
    assert m is not None
    to = a.to
    if seat != d.gozer and OBST[to]:
        holder = d.gadgets[BRIDGE].holder
        if holder != seat:
            assert holder is not None
            d.ev.append(f"castaway {seat} asks castaway {holder} to cross square {to}")
            d.pending = CrossingRequest(seat, holder, to)
            d.move = Move(m.mover, m.roll, m.path, m.ended, (*m.asked, to))
            return
    _walk(d, seat, to)


@BOOK.rule(EndMove, "M1")
def _end_move(d: _Draft, seat: int, a: EndMove) -> None:
    """Stopping early (M1)."""
    m = d.move
    assert m is not None
    d.move = Move(m.mover, m.roll, m.path, True, m.asked)


@BOOK.rule(EndTurn, "B1")
def _end_turn(d: _Draft, seat: int, a: EndTurn) -> None:
    """The turn ends (a castaway's may deploy the bridge, B1); the next one begins."""
    if d.phase == "castaway":
        _end_castaway_turn(d)
    else:
        _end_gozer_turn(d)


@BOOK.rule(Fire, "G2", "G3")
def _fire(d: _Draft, shooter: int, a: Fire) -> None:
    """One shot per turn (G2): Gozer banished or removed (G3), the armour stops it, or
    the target is dying."""
    target = a.target
    d.fired = True
    if target == d.gozer:
        if d.config.gozer_shot == "banish":
            d.ev.append(f"castaway {shooter} shoots Gozer: banished to the summit (G3)")
            d.pawns = _set_pawn(d.pawns, target, Pawn(SUMMIT, "gozer"))
            d.gozer_skips = True
            return
        d.ev.append(f"castaway {shooter} shoots Gozer: Gozer is removed (G3)")
        d.pawns = _set_pawn(d.pawns, target, Pawn(d.pawns[target].square, "removed"))
        return
    if d.gadgets[ARMOUR].holder == target:
        d.ev.append(f"castaway {shooter} shoots castaway {target}: the armour stops the ray")
        return
    d.ev.append(f"castaway {shooter} shoots castaway {target}, who is dying")
    _wound(d, target)
    _doom(d)


@BOOK.rule(Heal, "K1")
def _heal(d: _Draft, healer: int, a: Heal) -> None:
    target = a.target
    d.ev.append(f"castaway {healer} heals castaway {target}")
    d.pawns = _set_pawn(d.pawns, target, Pawn(d.pawns[target].square, "well"))


@BOOK.rule(Trade, "G4")
def _offer(d: _Draft, seat: int, a: Trade) -> None:
    me = d.active
    d.ev.append(
        f"castaway {me} offers castaway {a.partner}: give {list(a.give)}, take {list(a.take)}"
    )
    d.pending = TradeOffer(me, a.partner, a.give, a.take)
    d.offered = (*d.offered, a.partner)


@BOOK.rule(Respond, "G4", "B1")
def _respond(d: _Draft, seat: int, a: Respond) -> None:
    """The answer to a trade offer (G4: an accepted trade hands the gadgets over, and a
    bridge changing hands folds) or to a crossing request (B1: the mover walks on)."""
    p = d.pending
    assert p is not None
    d.pending = None
    word = "accepts" if a.accept else "refuses"
    if isinstance(p, TradeOffer):
        d.ev.append(f"castaway {seat} {word} the trade")
        if a.accept:
            out = []
            for g in d.gadgets:
                if g.gadget in p.give:
                    g = GadgetSpot(g.gadget, p.partner, None)
                elif g.gadget in p.take:
                    g = GadgetSpot(g.gadget, p.proposer, None)
                out.append(g)
            d.deployed = d.deployed and out[BRIDGE].holder == d.gadgets[BRIDGE].holder
            d.gadgets = tuple(out)
        return
    d.ev.append(f"castaway {seat} {word} the crossing")
    if a.accept:
        _walk(d, p.mover, p.obstacle)


@BOOK.rule(CastOff, "E1")
def _cast_off(d: _Draft, seat: int, a: CastOff) -> None:
    """Every castaway aboard, dying ones included, escapes; the game ends (E1)."""
    aboard = [
        i
        for i, p in enumerate(d.pawns)
        if i != d.gozer and p.square == BOAT and p.status in ("well", "dying")
    ]
    d.pawns = tuple(
        Pawn(p.square, "escaped") if i in aboard else p for i, p in enumerate(d.pawns)
    )
    names = ", ".join(map(str, aboard))
    d.ev.append(f"castaway {seat} casts off")
    _finish(d, "castaways", f"castaway(s) {names} escaped by boat (E1)")


@BOOK.rule(Fireball, "F1", "F2")
def _fireball(d: _Draft, seat: int, a: Fireball) -> None:
    gully = a.gully
    fell, absorbed = fireball_hits(d.pawns, d.gadgets, d.gozer, gully)
    d.ev.append(f"Gozer throws a fireball down the {GULLY_NAMES[gully]} gully")
    d.thrown = True
    if absorbed is not None:
        _destroy_armour(d)
    for target in fell:
        d.ev.append(f"castaway {target} falls and is dying")
        _wound(d, target)
    if not fell and absorbed is None:
        d.ev.append("nobody is hit")
    _doom(d)


@BOOK.rule(Attack, "C1", "C2")
def _attack(d: _Draft, seat: int, a: Attack) -> None:
    """C1-C2: no armour, the castaway is dying; with armour, a roll-off (ties: the higher
    square wins, equal heights roll again). The attack ends Gozer's turn, unless the
    castaway wins and escapes (their move ends it)."""
    target = a.target
    if d.gadgets[ARMOUR].holder != target:
        d.ev.append(f"Gozer attacks castaway {target}, who is dying")
        _wound(d, target)
        _doom(d)
        if d.phase != "over":
            _end_gozer_turn(d)
        return
    rng = d.rng
    here = ELEV[d.pawns[d.gozer].square]
    there = ELEV[d.pawns[target].square]
    while True:
        g, rng = rng.die(DIE_SIDES)
        c, rng = rng.die(DIE_SIDES)
        d.ev.append(f"Gozer attacks armoured castaway {target}: roll-off Gozer {g}, castaway {c}")
        if g != c:
            gozer_wins = g > c
            break
        if here != there:
            gozer_wins = here > there
            d.ev.append("a tie: the one standing higher wins")
            break
        d.ev.append("a tie at equal height: both roll again (C2)")
    if gozer_wins:
        d.rng = rng
        _destroy_armour(d)
        d.ev.append(f"castaway {target} is dying")
        _wound(d, target)
        _doom(d)
        if d.phase != "over":
            _end_gozer_turn(d)
        return
    roll, d.rng = rng.die(DIE_SIDES)
    d.ev.append(f"castaway {target} wins and escapes: rolls {roll}")
    d.phase = "escape"
    d.move = Move(target, roll, (d.pawns[target].square,))


@BOOK.settle
def _settle(d: _Draft) -> None:
    """After every action: the turn ends by itself once the move is over and ending it
    is the only choice left (a move ends by itself in :func:`_walk`)."""
    if d.phase == "over" or d.pending is not None:
        return
    m = d.move
    assert m is not None
    if not m.ended:
        return
    if d.phase == "castaway":
        if not _castaway_options(d):
            _end_castaway_turn(d)
    elif d.phase == "gozer":
        if not (_fireball_open(d) or attack_targets(d)):
            _end_gozer_turn(d)
    elif not (heal_targets(d) or _can_cast_off(d)):
        _end_gozer_turn(d)


BOOK.seal()


def outcome(s: GozerState) -> Outcome | None:
    if s.winner is None:
        return None
    results = []
    for seat, p in enumerate(s.pawns):
        if seat == s.gozer:
            won = s.winner == "gozer"
            results.append(SeatResult(seat, "gozer", "win" if won else "loss", int(won)))
        else:
            won = p.status == "escaped"
            results.append(SeatResult(seat, "castaway", "win" if won else "loss", int(won)))
    return Outcome(tuple(results), s.reason)


# --- consistency of decoded states --------------------------------------------------------


def check_config(config: GozerConfig) -> None:
    if not isinstance(config.players, int) or isinstance(config.players, bool):
        raise InvalidConfigError("players must be an int")
    if not MIN_PLAYERS <= config.players <= MAX_PLAYERS:
        raise InvalidConfigError(
            f"players must be {MIN_PLAYERS}-{MAX_PLAYERS} (1 Gozer + castaways), "
            f"got {config.players}"
        )
    if not isinstance(config.round_limit, int) or isinstance(config.round_limit, bool):
        raise InvalidConfigError("round_limit must be an int")
    if not 1 <= config.round_limit <= MAX_ROUND_LIMIT:
        raise InvalidConfigError(
            f"round_limit must be 1-{MAX_ROUND_LIMIT}, got {config.round_limit}"
        )
    if config.gozer_shot not in ("banish", "kill"):
        raise InvalidConfigError(
            f"gozer_shot must be 'banish' or 'kill', got {config.gozer_shot!r}"
        )


def _bad(message: str) -> DecodeError:
    return DecodeError(f"inconsistent gozer state: {message}")


def _check_square(value: int, what: str) -> None:
    if not 0 <= value < BOARD.size:
        raise _bad(f"{what}: square {value} is not on the board (0..{BOARD.size - 1})")


def check_state(s: GozerState, rules: GozerRules) -> None:
    """Raise :class:`DecodeError` if ``s`` could not arise in a game under ``rules``."""
    try:
        check_config(s.config)
    except InvalidConfigError as exc:
        raise _bad(f"config: {exc}") from exc
    n = s.config.players
    if len(s.pawns) != n:
        raise _bad(f"{len(s.pawns)} pawns for {n} players")
    if not 0 <= s.gozer < n:
        raise _bad(f"gozer seat {s.gozer} out of range")
    if not 1 <= s.round <= s.config.round_limit:
        raise _bad(f"round {s.round} outside 1..{s.config.round_limit}")
    if s.turn < 0:
        raise _bad("turn must not be negative")
    over = s.phase == "over"
    if over != (s.winner is not None):
        raise _bad("a winner is set exactly when the phase is 'over'")
    bridge_holder = s.gadgets[BRIDGE].holder if len(s.gadgets) == len(GADGETS) else None
    for seat, p in enumerate(s.pawns):
        _check_square(p.square, f"pawn {seat}")
        if seat == s.gozer:
            if p.status not in ("gozer", "removed"):
                raise _bad(f"Gozer's pawn has status {p.status!r}")
            if OBST[p.square]:
                raise _bad("Gozer stands on an obstacle")
        elif p.status not in ("well", "dying", "dead", "escaped"):
            raise _bad(f"castaway {seat} has status {p.status!r}")
        if p.status == "dying":
            if not 0 <= p.wounded <= s.turn:
                raise _bad(f"castaway {seat} was wounded in turn {p.wounded}, after {s.turn}")
        elif p.wounded != 0:
            raise _bad(f"pawn {seat} is not dying but has a wound turn")
        if p.status == "escaped" and (s.winner != "castaways" or p.square != BOAT):
            raise _bad(f"castaway {seat} escaped but the castaways did not cast off")
        if (
            p.status in ("well", "dying")
            and seat != s.gozer
            and OBST[p.square]
            and bridge_holder != seat
            and not (s.move is not None and s.move.mover == seat and not s.move.ended)
        ):
            raise _bad(f"castaway {seat} stands on an obstacle without the bridge")
    if s.winner == "castaways" and not any(p.status == "escaped" for p in s.pawns):
        raise _bad("the castaways won but nobody escaped")
    _check_gadgets(s)
    for seat in s.offered:
        if not 0 <= seat < n or seat == s.gozer or s.offered.count(seat) > 1:
            raise _bad(f"offered lists seat {seat} wrongly")
    if s.deployed:
        if rules.dying_holder_keeps_bridge:  # B1 (1.1): a dying holder keeps it deployed
            if bridge_holder is None or s.pawns[bridge_holder].status not in ("well", "dying"):
                raise _bad("the bridge is deployed but no living castaway holds it")
        elif bridge_holder is None or s.pawns[bridge_holder].status != "well":
            raise _bad("the bridge is deployed but no well castaway holds it")
        if not NEAR_OBSTACLE[s.pawns[bridge_holder].square]:
            raise _bad("the bridge is deployed away from any obstacle")
    if over:
        if s.move is not None or s.pending is not None:
            raise _bad("a finished game has no move and no request")
        return
    _check_turn(s)


def _check_gadgets(s: GozerState) -> None:
    if tuple(g.gadget for g in s.gadgets) != GADGETS:
        raise _bad(f"gadgets must be listed once each in the order {GADGETS}")
    for g in s.gadgets:
        if g.holder is not None and g.square is not None:
            raise _bad(f"the {g.gadget} is both held and on the ground")
        if g.holder is None and g.square is None and g.gadget != "armour":
            raise _bad(f"the {g.gadget} cannot be destroyed")
        if g.holder is not None:
            if not 0 <= g.holder < len(s.pawns) or g.holder == s.gozer:
                raise _bad(f"the {g.gadget} is held by seat {g.holder}, not a castaway")
            if s.pawns[g.holder].status not in ("well", "dying", "escaped"):
                raise _bad(f"the {g.gadget} is held by a castaway who is not alive")
        if g.square is not None:
            _check_square(g.square, g.gadget)
            if OBST[g.square]:
                raise _bad(f"the {g.gadget} lies on an obstacle")


def _check_turn(s: GozerState) -> None:
    m = s.move
    if m is None:
        raise _bad("a game in progress has a move")
    n = len(s.pawns)
    if not 0 <= s.active < n or not 0 <= m.mover < n:
        raise _bad("active seat or mover out of range")
    if s.phase == "castaway":
        if s.active != m.mover or s.active == s.gozer:
            raise _bad("in a castaway's turn the active castaway moves")
    elif s.phase == "gozer":
        if s.active != s.gozer or m.mover != s.gozer:
            raise _bad("in Gozer's turn Gozer moves")
    elif s.active != s.gozer or m.mover == s.gozer:
        raise _bad("an escape is a castaway's move in Gozer's turn")
    expected = "gozer" if m.mover == s.gozer else "well"
    if s.pawns[m.mover].status != expected:
        raise _bad(f"the mover's pawn has status {s.pawns[m.mover].status!r}")
    if not 1 <= m.roll <= DIE_SIDES:
        raise _bad(f"roll {m.roll} is not a die roll")
    if not m.path or len(set(m.path)) != len(m.path) or len(m.path) - 1 > m.roll:
        raise _bad("the move's path must be a walk of at most roll steps, without repeats")
    for sq in m.path:
        _check_square(sq, "move path")
    for a, b in itertools.pairwise(m.path):
        if b not in ADJ_T[a]:
            raise _bad(f"the move steps from square {a} to square {b}, which is not adjacent")
    if m.path[-1] != s.pawns[m.mover].square:
        raise _bad("the move's path does not end where the mover stands")
    for o in m.asked:
        _check_square(o, "asked")
        if not OBST[o]:
            raise _bad(f"asked lists square {o}, which is not an obstacle")
    if not m.ended and m.roll - len(m.path) + 1 <= 0 and _can_end_move(s):
        raise _bad("a move with no step left must be ended")
    p: Request | None = s.pending
    if isinstance(p, TradeOffer):
        if s.phase != "castaway" or p.proposer != s.active or p.partner not in s.offered:
            raise _bad("a trade offer comes from the active castaway to an offered partner")
        if not 0 <= p.partner < n or p.partner == s.gozer or s.pawns[p.partner].status != "well":
            raise _bad("a trade offer goes to a well castaway")
        for side, owner in ((p.give, p.proposer), (p.take, p.partner)):
            for g in side:
                if s.gadgets[GADGET_INDEX[g]].holder != owner:
                    raise _bad(f"the trade moves the {g}, which its owner does not hold")
    elif isinstance(p, CrossingRequest):
        if p.mover != m.mover or p.holder != s.gadgets[BRIDGE].holder or not s.deployed:
            raise _bad("a crossing request goes from the mover to the deployed bridge's holder")
        if not 0 <= p.obstacle < BOARD.size or not OBST[p.obstacle] or p.obstacle not in m.asked:
            raise _bad("a crossing request names an obstacle asked in this move")


# --- the rest of the contract -------------------------------------------------------------


def state_type(rules: GozerRules) -> type[GozerState]:
    """Every rules version plays the same state class."""
    return GozerState


def seat_count(s: GozerState) -> int:
    return len(s.pawns)


def role(s: GozerState, seat: Seat) -> str:
    return "gozer" if seat == s.gozer else "castaway"
