"""The Wrath of Gozer's rules: one function per rule, ``_apply`` dispatches per action.

Turn structure (see ``docs/gozer.md`` for every ruling):

* A round is the castaways' turns in seat order, then Gozer's (he moves last).
* A turn begins with the die roll (chance, drawn here); a castaway dying since
  before their turn dies instead of playing it (gadgets dropped); a banished Gozer
  skips his turn.
* A move is one :class:`Step` per action until :class:`EndMove`, the roll used up or
  the boat reached (M1-M3, E1). The turn then goes on while there is something left
  to choose (shoot, trade, heal, cast off; Gozer: fireball, melee) and ends by
  :class:`EndTurn`, or by itself as soon as ending it is the only choice left.
* Trades and bridge crossings wait for the other castaway's :class:`Respond`.

Every function whose result differs between rules versions takes the version's flags
(:class:`~islandgames.games.gozer.GozerRules`) as a parameter; each difference is one
``if rules.<flag>`` naming its ruling.
"""

from __future__ import annotations

import itertools
from typing import Any

import attrs

from ...core.errors import DecodeError, InvalidConfigError
from ...core.game import Game, Outcome, Seat, SeatResult
from ...core.rng import Rng
from . import INFO, GozerConfig, GozerRules
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
    Request,
    TradeOffer,
    Winner,
)
from .view import GozerView, make_view, resample

__all__ = [
    "GozerGame",
    "attack_targets",
    "check_state",
    "fire_targets",
    "fireball_hits",
    "heal_targets",
    "held",
    "step_targets",
    "trade_offers",
    "turn_order",
]

_evolve = attrs.evolve

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

_ACCEPT = (Respond(True), Respond(False))
_END_MOVE = EndMove()
_END_TURN = EndTurn()
_CAST_OFF = CastOff()
_FIREBALLS = tuple(Fireball(i) for i in range(len(GULLIES)))
_STEPS = tuple(Step(s) for s in range(BOARD.size))

_ORDERS: dict[tuple[int, int], tuple[int, ...]] = {}


def turn_order(players: int, gozer: int) -> tuple[int, ...]:
    """Castaways in seat order, then Gozer, who always moves last."""
    key = (players, gozer)
    order = _ORDERS.get(key)
    if order is None:
        order = (*(s for s in range(players) if s != gozer), gozer)
        _ORDERS[key] = order
    return order


def held(s: GozerState, seat: int) -> tuple[Gadget, ...]:
    """The gadgets ``seat`` holds, in canonical order."""
    return tuple(g.gadget for g in s.gadgets if g.holder == seat)


def _seat_name(s: GozerState, seat: int) -> str:
    return "Gozer" if seat == s.gozer else f"castaway {seat}"


# --- what may be done now -----------------------------------------------------------


def _moving_castaway_can_stop(s: GozerState, seat: int, square: int) -> bool:
    return not OBST[square] or s.gadgets[BRIDGE].holder == seat


def _crossing_open(
    s: GozerState, m: Move, obstacle: int, holder: int | None, rules: GozerRules
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


def step_targets(s: GozerState, rules: GozerRules) -> tuple[int, ...]:
    """Squares the mover may step to now (sorted)."""
    m = s.move
    if m is None or m.ended or m.roll - len(m.path) + 1 <= 0:
        return ()
    mover = m.mover
    here = m.path[-1]
    path = m.path
    if mover == s.gozer:
        return tuple(b for b in ADJ_T[here] if not OBST[b] and b not in path)
    gadgets = s.gadgets
    bridge_holder = gadgets[BRIDGE].holder
    links = ADJ_T[here] if gadgets[KEY].holder == mover else ADJ[here]
    if bridge_holder == mover:
        return tuple(b for b in links if b not in path)
    out = []
    for b in links:
        if b in path:
            continue
        if OBST[b] and not _crossing_open(s, m, b, bridge_holder, rules):
            continue
        out.append(b)
    return tuple(out)


def _can_end_move(s: GozerState) -> bool:
    m = s.move
    if m is None or m.ended:
        return False
    return m.mover == s.gozer or _moving_castaway_can_stop(s, m.mover, m.path[-1])


def _between_steps(m: Move) -> bool:
    """Not mid-move: before the first step or after the move ended (G2, E1)."""
    return m.ended or len(m.path) == 1


def fire_targets(s: GozerState) -> tuple[int, ...]:
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


def heal_targets(s: GozerState) -> tuple[int, ...]:
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


def _trade_partners(s: GozerState) -> tuple[int, ...]:
    m = s.move
    if s.phase != "castaway" or m is None:
        return ()
    me = m.mover
    here = s.pawns[me].square
    near = ADJ[here]
    offered = s.offered
    return tuple(
        seat
        for seat, p in enumerate(s.pawns)
        if seat != me
        and seat != s.gozer
        and p.status == "well"
        and seat not in offered
        and (p.square == here or p.square in near)
    )


def _subsets(items: tuple[Gadget, ...]) -> list[tuple[Gadget, ...]]:
    return [
        tuple(g for i, g in enumerate(items) if mask >> i & 1) for mask in range(1 << len(items))
    ]


def trade_offers(s: GozerState) -> tuple[Trade, ...]:
    """Every exchange the active castaway may offer now (G4), by partner."""
    out: list[Trade] = []
    me = s.active
    mine = held(s, me)
    if OBST[s.pawns[me].square]:
        mine = tuple(g for g in mine if g != "bridge")
    for partner in _trade_partners(s):
        theirs = held(s, partner)
        if OBST[s.pawns[partner].square]:
            theirs = tuple(g for g in theirs if g != "bridge")
        for give in _subsets(mine):
            for take in _subsets(theirs):
                if give or take:
                    out.append(Trade(partner, give, take))
    return tuple(out)


def _trade_is_legal(s: GozerState, a: Trade) -> bool:
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


def _can_cast_off(s: GozerState) -> bool:
    m = s.move
    return (
        s.phase in ("castaway", "escape")
        and m is not None
        and s.pawns[m.mover].square == BOAT
        and _between_steps(m)
    )


def _fireball_open(s: GozerState) -> bool:
    return s.phase == "gozer" and not s.thrown and s.pawns[s.gozer].square == SUMMIT


def attack_targets(s: GozerState) -> tuple[int, ...]:
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


def _castaway_options(s: GozerState) -> bool:
    """Whether the castaway whose move ended has anything left to choose."""
    return bool(
        fire_targets(s) or heal_targets(s) or _can_cast_off(s) or trade_offers(s)
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
            out.extend(_STEPS[b] for b in step_targets(s, rules))
            out.append(_END_MOVE)
        else:
            out.extend(Attack(t) for t in attack_targets(s))
            out.append(_END_TURN)
        return tuple(out)
    out.extend(_STEPS[b] for b in step_targets(s, rules))
    if _can_end_move(s):
        out.append(_END_MOVE)
    out.extend(Fire(t) for t in fire_targets(s))
    out.extend(Heal(t) for t in heal_targets(s))
    if s.phase == "castaway":
        out.extend(trade_offers(s))
    if _can_cast_off(s):
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


# --- rules -------------------------------------------------------------------------------


def new_game(rng: Rng, config: GozerConfig, rules: GozerRules) -> GozerState:
    """Setup: Gozer drawn at random, on the summit; castaways on the start square."""
    gozer, rng = rng.below(config.players)
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
    ev = [f"seat {gozer} plays Gozer"]
    s = _advance(s, -1, ev, rules)
    return _evolve(s, events=tuple(ev))


def _pickup(
    gadgets: tuple[GadgetSpot, ...], seat: int, square: int, ev: list[str]
) -> tuple[GadgetSpot, ...]:
    """A castaway on (or passing over) a square picks up every gadget lying there."""
    if not any(g.square == square for g in gadgets):
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


def _begin_turn(s: GozerState, seat: int, rnd: int, ev: list[str]) -> GozerState:
    roll, rng = s.rng.die(DIE_SIDES)
    square = s.pawns[seat].square
    ev.append(f"round {rnd}: {_seat_name(s, seat)} rolls {roll}")
    move = Move(seat, roll, (square,))
    if seat == s.gozer:
        return _evolve(
            s, rng=rng, round=rnd, turn=s.turn + 1, phase="gozer", active=seat, move=move,
            thrown=False, fired=False, offered=(),
        )
    return _evolve(
        s, rng=rng, round=rnd, turn=s.turn + 1, phase="castaway", active=seat, move=move,
        gadgets=_pickup(s.gadgets, seat, square, ev), fired=False, thrown=False, offered=(),
    )


def _advance(s: GozerState, pos: int, ev: list[str], rules: GozerRules) -> GozerState:
    """Begin the turn after position ``pos`` of the turn order (-1: the round start).
    Dying castaways whose turn comes die; a banished Gozer skips; E3 after a round."""
    order = turn_order(s.config.players, s.gozer)
    rnd = s.round
    for _ in range(4 * len(order) + 4):
        pos += 1
        if pos == len(order):
            if rnd >= s.config.round_limit:
                return _finish(
                    _evolve(s, round=rnd), "gozer",
                    f"the round limit ({s.config.round_limit}) was reached (E3)", ev,
                )
            rnd += 1
            pos = 0
        seat = order[pos]
        pawn = s.pawns[seat]
        if seat == s.gozer:
            if pawn.status == "removed":
                continue
            if s.gozer_skips:
                ev.append(f"round {rnd}: Gozer, banished, skips his turn")
                s = _evolve(s, gozer_skips=False)
                continue
            return _begin_turn(s, seat, rnd, ev)
        if pawn.status == "well":
            return _begin_turn(s, seat, rnd, ev)
        if pawn.status == "dying":
            s = _die(_evolve(s, round=rnd), seat, ev, rules)
            if s.phase == "over":
                return s
    raise RuntimeError("gozer: no castaway can take a turn")  # prevented by E2 (_doom)


def _die(s: GozerState, seat: int, ev: list[str], rules: GozerRules) -> GozerState:
    """Nobody healed a dying castaway before their turn: the pawn leaves the game and
    its gadgets drop where it lay (the nearest square if that is an obstacle)."""
    pawn = s.pawns[seat]
    ev.append(f"castaway {seat} dies on square {pawn.square}")
    where = DROP[pawn.square]
    gadgets = s.gadgets
    if any(g.holder == seat for g in gadgets):
        out = []
        for g in gadgets:
            if g.holder == seat:
                ev.append(f"the {g.gadget} drops on square {where}")
                g = GadgetSpot(g.gadget, None, where)
            out.append(g)
        gadgets = tuple(out)
    if not rules.dying_holder_keeps_bridge:  # 1.0: it folded at the wound
        s = _evolve(s, pawns=_set_pawn(s.pawns, seat, Pawn(pawn.square, "dead")), gadgets=gadgets)
        return _doom(s, ev)
    deployed = s.deployed and s.gadgets[BRIDGE].holder != seat  # B1 (1.1): folds at death
    s = _evolve(
        s,
        pawns=_set_pawn(s.pawns, seat, Pawn(pawn.square, "dead")),
        gadgets=gadgets,
        deployed=deployed,
    )
    return _doom(s, ev)


def _wound(s: GozerState, seat: int, rules: GozerRules) -> GozerState:
    """A castaway becomes dying. A deployed bridge of theirs stays deployed (B1 in 1.1:
    until their next move or death), and they may still answer crossing requests; in
    1.0 it folded up."""
    pawn = s.pawns[seat]
    if rules.dying_holder_keeps_bridge:  # B1 (1.1)
        return _evolve(s, pawns=_set_pawn(s.pawns, seat, Pawn(pawn.square, "dying", s.turn)))
    deployed = s.deployed and s.gadgets[BRIDGE].holder != seat
    return _evolve(
        s,
        pawns=_set_pawn(s.pawns, seat, Pawn(pawn.square, "dying", s.turn)),
        deployed=deployed,
    )


def _destroy_armour(s: GozerState, ev: list[str]) -> GozerState:
    ev.append(f"castaway {s.gadgets[ARMOUR].holder}'s armour is destroyed")
    g = s.gadgets
    return _evolve(s, gadgets=(*g[:ARMOUR], GadgetSpot("armour"), *g[ARMOUR + 1 :]))


def _doom(s: GozerState, ev: list[str]) -> GozerState:
    """E2: Gozer wins once no castaway is alive and well (every living one dying, so
    nobody who is not dying can heal them)."""
    gozer = s.gozer
    if any(p.status == "well" for seat, p in enumerate(s.pawns) if seat != gozer):
        return s
    if any(p.status == "dying" for p in s.pawns):
        return _finish(s, "gozer", "every living castaway is dying (E2)", ev)
    return _finish(s, "gozer", "every castaway is dead (E2)", ev)


def _finish(s: GozerState, winner: Winner, reason: str, ev: list[str]) -> GozerState:
    ev.append(f"game over: {reason}")
    return _evolve(s, phase="over", winner=winner, reason=reason, move=None, pending=None)


def _settle(s: GozerState, ev: list[str], rules: GozerRules) -> GozerState:
    """End the move when the roll is used up, and the turn when ending it is the only
    choice left."""
    if s.phase == "over" or s.pending is not None:
        return s
    m = s.move
    assert m is not None
    if not m.ended:
        return s
    if s.phase == "castaway":
        return s if _castaway_options(s) else _end_castaway_turn(s, ev, rules)
    if s.phase == "gozer":
        return s if _fireball_open(s) or attack_targets(s) else _end_gozer_turn(s, ev, rules)
    return s if heal_targets(s) or _can_cast_off(s) else _end_gozer_turn(s, ev, rules)


def _end_castaway_turn(s: GozerState, ev: list[str], rules: GozerRules) -> GozerState:
    """B1: a bridge holder who did not move, next to an obstacle, deploys it."""
    seat = s.active
    m = s.move
    assert m is not None
    if (
        len(m.path) == 1
        and not s.deployed
        and s.gadgets[BRIDGE].holder == seat
        and NEAR_OBSTACLE[s.pawns[seat].square]
    ):
        ev.append(f"castaway {seat} deploys the bridge")
        s = _evolve(s, deployed=True)
    order = turn_order(s.config.players, s.gozer)
    return _advance(_evolve(s, move=None), order.index(seat), ev, rules)


def _end_gozer_turn(s: GozerState, ev: list[str], rules: GozerRules) -> GozerState:
    return _advance(_evolve(s, move=None), len(s.pawns) - 1, ev, rules)


def _walk(s: GozerState, seat: int, to: int, ev: list[str]) -> GozerState:
    m = s.move
    assert m is not None
    path = (*m.path, to)
    pawn = s.pawns[seat]
    pawns = _set_pawn(s.pawns, seat, Pawn(to, pawn.status, pawn.wounded))
    used_up = len(path) > m.roll
    if seat == s.gozer:
        return _evolve(s, pawns=pawns, move=Move(seat, m.roll, path, used_up, m.asked))
    gadgets = _pickup(s.gadgets, seat, to, ev)
    deployed = s.deployed and gadgets[BRIDGE].holder != seat
    ended = used_up or to == BOAT
    if to == BOAT:
        ev.append(f"castaway {seat} is aboard the boat")
    return _evolve(
        s, pawns=pawns, gadgets=gadgets, deployed=deployed,
        move=Move(seat, m.roll, path, ended, m.asked),
    )


def _step(s: GozerState, seat: int, to: int, ev: list[str]) -> GozerState:
    m = s.move
    assert m is not None
    if seat != s.gozer and OBST[to]:
        holder = s.gadgets[BRIDGE].holder
        if holder != seat:
            assert holder is not None
            ev.append(f"castaway {seat} asks castaway {holder} to cross square {to}")
            return _evolve(
                s,
                pending=CrossingRequest(seat, holder, to),
                move=_evolve(m, asked=(*m.asked, to)),
            )
    return _walk(s, seat, to, ev)


def _end_move(s: GozerState) -> GozerState:
    m = s.move
    assert m is not None
    return _evolve(s, move=_evolve(m, ended=True))


def _fire(
    s: GozerState, shooter: int, target: int, ev: list[str], rules: GozerRules
) -> GozerState:
    s = _evolve(s, fired=True)
    if target == s.gozer:
        if s.config.gozer_shot == "banish":
            ev.append(f"castaway {shooter} shoots Gozer: banished to the summit (G3)")
            return _evolve(
                s, pawns=_set_pawn(s.pawns, target, Pawn(SUMMIT, "gozer")), gozer_skips=True
            )
        ev.append(f"castaway {shooter} shoots Gozer: Gozer is removed (G3)")
        square = s.pawns[target].square
        return _evolve(s, pawns=_set_pawn(s.pawns, target, Pawn(square, "removed")))
    if s.gadgets[ARMOUR].holder == target:
        ev.append(f"castaway {shooter} shoots castaway {target}: the armour stops the ray")
        return s
    ev.append(f"castaway {shooter} shoots castaway {target}, who is dying")
    return _doom(_wound(s, target, rules), ev)


def _heal(s: GozerState, healer: int, target: int, ev: list[str]) -> GozerState:
    ev.append(f"castaway {healer} heals castaway {target}")
    square = s.pawns[target].square
    return _evolve(s, pawns=_set_pawn(s.pawns, target, Pawn(square, "well")))


def _offer(s: GozerState, a: Trade, ev: list[str]) -> GozerState:
    me = s.active
    ev.append(
        f"castaway {me} offers castaway {a.partner}: give {list(a.give)}, take {list(a.take)}"
    )
    return _evolve(
        s, pending=TradeOffer(me, a.partner, a.give, a.take), offered=(*s.offered, a.partner)
    )


def _respond(s: GozerState, seat: int, accept: bool, ev: list[str]) -> GozerState:
    p = s.pending
    assert p is not None
    s = _evolve(s, pending=None)
    word = "accepts" if accept else "refuses"
    if isinstance(p, TradeOffer):
        ev.append(f"castaway {seat} {word} the trade")
        if accept:
            out = []
            for g in s.gadgets:
                if g.gadget in p.give:
                    g = GadgetSpot(g.gadget, p.partner, None)
                elif g.gadget in p.take:
                    g = GadgetSpot(g.gadget, p.proposer, None)
                out.append(g)
            gadgets = tuple(out)
            deployed = s.deployed and gadgets[BRIDGE].holder == s.gadgets[BRIDGE].holder
            s = _evolve(s, gadgets=gadgets, deployed=deployed)
        return s
    ev.append(f"castaway {seat} {word} the crossing")
    if accept:
        s = _walk(s, p.mover, p.obstacle, ev)
    return s


def _cast_off(s: GozerState, seat: int, ev: list[str]) -> GozerState:
    aboard = [
        i
        for i, p in enumerate(s.pawns)
        if i != s.gozer and p.square == BOAT and p.status in ("well", "dying")
    ]
    pawns = tuple(
        Pawn(p.square, "escaped") if i in aboard else p for i, p in enumerate(s.pawns)
    )
    names = ", ".join(map(str, aboard))
    ev.append(f"castaway {seat} casts off")
    return _finish(
        _evolve(s, pawns=pawns), "castaways", f"castaway(s) {names} escaped by boat (E1)", ev
    )


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


def _fireball(s: GozerState, gully: int, ev: list[str], rules: GozerRules) -> GozerState:
    fell, absorbed = fireball_hits(s.pawns, s.gadgets, s.gozer, gully)
    ev.append(f"Gozer throws a fireball down the {GULLY_NAMES[gully]} gully")
    s = _evolve(s, thrown=True)
    if absorbed is not None:
        s = _destroy_armour(s, ev)
    for seat in fell:
        ev.append(f"castaway {seat} falls and is dying")
        s = _wound(s, seat, rules)
    if not fell and absorbed is None:
        ev.append("nobody is hit")
    return _doom(s, ev)


def _attack(s: GozerState, target: int, ev: list[str], rules: GozerRules) -> GozerState:
    """C1-C2: no armour, the castaway is dying; with armour, a roll-off (ties: the higher
    square wins, equal heights roll again)."""
    if s.gadgets[ARMOUR].holder != target:
        ev.append(f"Gozer attacks castaway {target}, who is dying")
        s = _doom(_wound(s, target, rules), ev)
        return s if s.phase == "over" else _end_gozer_turn(s, ev, rules)
    rng = s.rng
    here = ELEV[s.pawns[s.gozer].square]
    there = ELEV[s.pawns[target].square]
    while True:
        g, rng = rng.die(DIE_SIDES)
        c, rng = rng.die(DIE_SIDES)
        ev.append(f"Gozer attacks armoured castaway {target}: roll-off Gozer {g}, castaway {c}")
        if g != c:
            gozer_wins = g > c
            break
        if here != there:
            gozer_wins = here > there
            ev.append("a tie: the one standing higher wins")
            break
        ev.append("a tie at equal height: both roll again (C2)")
    s = _evolve(s, rng=rng)
    if gozer_wins:
        s = _destroy_armour(s, ev)
        ev.append(f"castaway {target} is dying")
        s = _doom(_wound(s, target, rules), ev)
        return s if s.phase == "over" else _end_gozer_turn(s, ev, rules)
    roll, rng = rng.die(DIE_SIDES)
    ev.append(f"castaway {target} wins and escapes: rolls {roll}")
    square = s.pawns[target].square
    return _evolve(s, rng=rng, phase="escape", move=Move(target, roll, (square,)))


def apply_action(s: GozerState, seat: int, a: Action, rules: GozerRules) -> GozerState:
    ev: list[str] = []
    cls = type(a)
    if cls is Step:
        assert isinstance(a, Step)
        s = _step(s, seat, a.to, ev)
    elif cls is EndMove:
        s = _end_move(s)
    elif cls is EndTurn:
        if s.phase == "castaway":
            s = _end_castaway_turn(s, ev, rules)
        else:
            s = _end_gozer_turn(s, ev, rules)
    elif cls is Fire:
        assert isinstance(a, Fire)
        s = _fire(s, seat, a.target, ev, rules)
    elif cls is Heal:
        assert isinstance(a, Heal)
        s = _heal(s, seat, a.target, ev)
    elif cls is Trade:
        assert isinstance(a, Trade)
        s = _offer(s, a, ev)
    elif cls is Respond:
        assert isinstance(a, Respond)
        s = _respond(s, seat, a.accept, ev)
    elif cls is CastOff:
        s = _cast_off(s, seat, ev)
    elif cls is Fireball:
        assert isinstance(a, Fireball)
        s = _fireball(s, a.gully, ev, rules)
    elif cls is Attack:
        assert isinstance(a, Attack)
        s = _attack(s, a.target, ev, rules)
    else:  # pragma: no cover - the base class rejects other types
        raise TypeError(f"not a gozer action: {a!r}")
    if s.phase != "over":
        s = _settle(s, ev, rules)
    return _evolve(s, events=tuple(ev))


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


# --- the game object -----------------------------------------------------------------------


class GozerGame(Game[GozerState, Action, GozerView, GozerConfig]):
    """The Wrath of Gozer on the shipped island (:data:`~.board.BOARD`), under ``rules``
    (one row of :data:`~islandgames.games.gozer.RULES`). Stateless: games of several
    versions may be used at once, from any thread."""

    info = INFO
    state_type = GozerState
    action_type = Action
    view_type = GozerView
    config_type = GozerConfig

    def __init__(self, rules: GozerRules) -> None:
        self.rules = rules
        self.info = attrs.evolve(INFO, rules_version=rules.version)

    def check_config(self, config: GozerConfig) -> None:
        check_config(config)

    def _new(self, rng: Rng, config: GozerConfig) -> GozerState:
        return new_game(rng, config, self.rules)

    def seat_count(self, state: GozerState) -> int:
        return len(state.pawns)

    def role(self, state: GozerState, seat: Seat) -> str:
        return "gozer" if seat == state.gozer else "castaway"

    def to_act(self, state: GozerState) -> tuple[Seat, ...]:
        return to_act(state)

    def legal_actions(self, state: GozerState, seat: Seat) -> tuple[Action, ...]:
        return legal_actions(state, seat, self.rules)

    def is_legal(self, state: GozerState, seat: Seat, action: Action) -> bool:
        return is_legal(state, seat, action, self.rules)

    def _apply(self, state: GozerState, seat: Seat, action: Action) -> GozerState:
        return apply_action(state, seat, action, self.rules)

    def view(self, state: GozerState, seat: Seat | None) -> GozerView:
        return make_view(state, seat)

    def outcome(self, state: GozerState) -> Outcome | None:
        return outcome(state)

    def resample_hidden(self, state: GozerState, seat: Seat | None, rng: Rng) -> GozerState:
        return resample(state, rng)

    def check_state(self, state: GozerState) -> None:
        check_state(state, self.rules)
