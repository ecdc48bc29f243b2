"""A heuristic bot for The Wrath of Gozer that plays either role from its seat's view.

Castaways: cast off at once, heal whoever can be healed, shoot Gozer whenever he is
in range, accept every bridge crossing and every trade that does not make them
poorer, and walk each move to the reachable square with the best balance of
progress to the boat, gadgets picked up on the way and danger (Gozer's melee reach
next turn, fireball gullies while he can reach the summit, crowding).

Gozer: throws the fireball down the gully that fells the most castaways, attacks the
castaway closest to escaping (unarmoured first), and walks to a square from which he
can attack, else towards the castaway closest to the boat.

Every choice is deterministic (ties broken by square and seat numbers); the bot's
RNG is returned untouched.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...core.game import Game
from ...core.rng import Rng
from .actions import (
    Attack,
    CastOff,
    EndMove,
    EndTurn,
    Fire,
    Fireball,
    Heal,
    Respond,
    Step,
)
from .board import BOARD, bfs
from .data import ARMOUR, BRIDGE, KEY
from .rules import fireball_hits
from .state import CrossingRequest, TradeOffer
from .view import GozerTable

__all__ = ["HeuristicBot"]

N = BOARD.size
ADJ = BOARD.adj
ADJ_T = BOARD.adj_teleport
OBST = BOARD.obstacle
BOAT = BOARD.boat
SUMMIT = BOARD.summit
GULLY_SQUARES = frozenset(sq for g in BOARD.gullies for sq in g.squares)

#: castaways' steps to the boat, by (holds the bridge, holds the key)
BOAT_DIST = {
    (bridge, key): bfs(ADJ_T if key else ADJ, (BOAT,), None if bridge else OBST)
    for bridge in (False, True)
    for key in (False, True)
}
_FAR = 99
_NOT_OBSTACLE = tuple(not o for o in OBST)

#: Gozer's steps between squares (no obstacles, teleport cabins linked)
GOZER_DIST = tuple(bfs(ADJ_T, (s,), OBST) for s in range(N))
_MELEE_CACHE: dict[int, tuple[int, ...]] = {}

#: what each gadget is worth to a castaway (trades and pick-ups)
GADGET_VALUE = {"pistol": 40, "armour": 30, "kit": 25, "key": 15, "bridge": 15}


def melee_reach(gozer_square: int) -> tuple[int, ...]:
    """Steps Gozer needs from ``gozer_square`` to be able to attack each square."""
    cached = _MELEE_CACHE.get(gozer_square)
    if cached is None:
        dist = GOZER_DIST[gozer_square]
        out = []
        for d in range(N):
            options = [dist[x] for x in (d, *ADJ[d]) if dist[x] >= 0]
            out.append(min(options) if options else _FAR)
        cached = tuple(out)
        _MELEE_CACHE[gozer_square] = cached
    return cached


def _chance_roll_at_least(k: int) -> float:
    if k <= 0:
        return 1.0
    if k > 6:
        return 0.0
    return (7 - k) / 6


def _boat_distance(t: GozerTable, seat: int, square: int) -> int:
    g = t.gadgets
    d = BOAT_DIST[(g[BRIDGE].holder == seat, g[KEY].holder == seat)][square]
    return _FAR if d < 0 else d


def _reachable(
    here: int, left: int, path: Sequence[int], links: Sequence[Sequence[int]],
    passable: Sequence[bool] | None, stop: int | None,
) -> dict[int, int]:
    """Squares reachable in ``left`` steps without revisiting ``path``: square -> the
    square it was reached from (``here`` -> -1)."""
    parent = {here: -1}
    visited = set(path)
    frontier = [here]
    for _ in range(left):
        nxt = []
        for a in frontier:
            if a == stop and a != here:
                continue
            for b in links[a]:
                if b in parent or b in visited or (passable is not None and not passable[b]):
                    continue
                parent[b] = a
                nxt.append(b)
        frontier = nxt
    return parent


def _first_step(parent: dict[int, int], here: int, dest: int) -> int:
    while parent[dest] != here:
        dest = parent[dest]
    return dest


class HeuristicBot:
    """Plays Gozer or a castaway (see the module docstring)."""

    name = "heuristic"

    def choose(
        self, game: Game[Any, Any, Any, Any], view: Any, legal: Sequence[Any], rng: Rng
    ) -> tuple[Any, Rng]:
        t: GozerTable = view.table
        seat: int = view.seat
        if type(legal[0]) is Respond:
            return self._respond(t, seat, legal), rng
        if seat == t.gozer:
            return self._gozer(t, legal), rng
        return self._castaway(t, seat, legal), rng

    # --- answers -----------------------------------------------------------------------

    def _respond(self, t: GozerTable, seat: int, legal: Sequence[Any]) -> Any:
        p = t.pending
        if isinstance(p, CrossingRequest):
            return Respond(True)
        if isinstance(p, TradeOffer):
            gain = sum(GADGET_VALUE[g] for g in p.give) - sum(GADGET_VALUE[g] for g in p.take)
            return Respond(gain >= 0)
        return legal[0]

    # --- castaways ---------------------------------------------------------------------

    def _castaway(self, t: GozerTable, me: int, legal: Sequence[Any]) -> Any:
        steps: list[int] = []
        can_end = False
        for a in legal:
            cls = type(a)
            if cls is CastOff:
                return a
            if cls is Heal:
                return a
            if cls is Fire and a.target == t.gozer:
                return a
            if cls is Step:
                steps.append(a.to)
            elif cls is EndMove:
                can_end = True
        if steps or can_end:
            return self._castaway_move(t, me, steps, can_end)
        return EndTurn()

    def _castaway_move(self, t: GozerTable, me: int, steps: list[int], can_end: bool) -> Any:
        m = t.move
        assert m is not None
        here = m.path[-1]
        left = m.roll - len(m.path) + 1
        g = t.gadgets
        bridge = g[BRIDGE].holder == me
        key = g[KEY].holder == me
        links = ADJ_T if key else ADJ
        passable = None if bridge else tuple(not o for o in OBST)
        parent = _reachable(here, left, m.path, links, passable, BOAT)
        if not can_end:
            # mid-crossing of a deployed bridge: step off the obstacle first
            legal_first = set(steps)
            parent = {
                d: p for d, p in parent.items()
                if d != here and _first_step(parent, here, d) in legal_first
            } | {here: -1}
        ground = {spot.square: spot.gadget for spot in g if spot.square is not None}
        gozer = t.pawns[t.gozer]
        danger_on = gozer.status == "gozer" and not t.gozer_skips
        reach = melee_reach(gozer.square) if danger_on else ()
        summit_chance = (
            _chance_roll_at_least(GOZER_DIST[gozer.square][SUMMIT]) if danger_on else 0.0
        )
        armoured = g[ARMOUR].holder == me
        others = [
            p.square for s, p in enumerate(t.pawns)
            if s != me and s != t.gozer and p.status == "well"
        ]
        best: tuple[float, int] | None = None
        for d in sorted(parent):
            if d == here and not can_end:
                continue
            score = self._square_score(
                t, me, d, here, parent, ground, bridge, key, reach, summit_chance,
                armoured, others,
            )
            if best is None or score > best[0]:
                best = (score, d)
        if best is None or best[1] == here:
            return EndMove() if can_end else Step(steps[0])
        return Step(_first_step(parent, here, best[1]))

    def _square_score(
        self, t: GozerTable, me: int, d: int, here: int, parent: dict[int, int],
        ground: Mapping[int, str], bridge: bool, key: bool, reach: Sequence[int],
        summit_chance: float, armoured: bool, others: list[int],
    ) -> float:
        if d == BOAT:
            return 1e6
        gained = []
        x = d
        while x != -1 and x != here:
            if x in ground:
                gained.append(ground[x])
            x = parent[x]
        has_bridge = bridge or "bridge" in gained
        has_key = key or "key" in gained
        bd = BOAT_DIST[(has_bridge, has_key)][d]
        score = -10.0 * (bd if bd >= 0 else _FAR)
        score += sum(GADGET_VALUE[gad] for gad in gained)
        if reach:
            melee = _chance_roll_at_least(reach[d])
            if armoured or "armour" in gained:
                melee *= 0.5
            score -= 60.0 * melee
            if d in GULLY_SQUARES:
                score -= 40.0 * summit_chance * (0.3 if armoured else 1.0)
        for o in others:
            if o == d or o in ADJ[d]:
                score -= 5.0
        return score

    # --- Gozer ----------------------------------------------------------------------------

    def _urgency(self, t: GozerTable, seat: int) -> int:
        """Higher for castaways closer to the boat."""
        return 100 - _boat_distance(t, seat, t.pawns[seat].square)

    def _gozer(self, t: GozerTable, legal: Sequence[Any]) -> Any:
        fireballs = [a for a in legal if type(a) is Fireball]
        if fireballs:
            best_value, best = 0.0, None
            for a in fireballs:
                fell, absorbed = fireball_hits(t.pawns, t.gadgets, t.gozer, a.gully)
                value = sum(1.0 + self._urgency(t, s) / 1000 for s in fell)
                value += 0.3 if absorbed is not None else 0.0
                if value > best_value:
                    best_value, best = value, a
            if best is not None:
                return best
        attacks = [a.target for a in legal if type(a) is Attack]
        if attacks:
            armour = t.gadgets[ARMOUR].holder
            return Attack(max(attacks, key=lambda s: (s != armour, self._urgency(t, s), -s)))
        steps = [a.to for a in legal if type(a) is Step]
        if steps or any(type(a) is EndMove for a in legal):
            return self._gozer_move(t)
        return EndTurn()

    def _fireball_value(self, t: GozerTable) -> float:
        """What the best fireball would be worth now (0: nobody would fall)."""
        best = 0.0
        for gully in range(len(BOARD.gullies)):
            fell, absorbed = fireball_hits(t.pawns, t.gadgets, t.gozer, gully)
            value = sum(1.0 + self._urgency(t, s) / 1000 for s in fell)
            value += 0.3 if absorbed is not None else 0.0
            best = max(best, value)
        return best

    def _ahead(self, t: GozerTable, seat: int, steps: int) -> int:
        """Where castaway ``seat`` will probably be after ``steps`` steps to the boat."""
        g = t.gadgets
        dist = BOAT_DIST[(g[BRIDGE].holder == seat, g[KEY].holder == seat)]
        links = ADJ_T if g[KEY].holder == seat else ADJ
        sq = t.pawns[seat].square
        for _ in range(steps):
            if dist[sq] <= 1:
                break
            options = [b for b in links[sq] if 0 <= dist[b] < dist[sq]]
            if not options:
                break
            sq = min(options)
        return sq

    def _gozer_move(self, t: GozerTable) -> Any:
        m = t.move
        assert m is not None
        here = m.path[-1]
        left = m.roll - len(m.path) + 1
        parent = _reachable(here, left, m.path, ADJ_T, _NOT_OBSTACLE, None)
        armour = t.gadgets[ARMOUR].holder
        victims = [s for s, p in enumerate(t.pawns) if s != t.gozer and p.status == "well"]
        if not victims:
            return EndMove()

        def attack_value(square: int) -> float:
            near = (square, *ADJ[square])
            values = [
                self._urgency(t, s) + (30 if s != armour else 0)
                for s in victims
                if t.pawns[s].square in near
            ]
            return 1000.0 + max(values) if values else 0.0

        urgent = max(victims, key=lambda s: (self._urgency(t, s), -s))
        goal = self._ahead(t, urgent, 3)
        best: tuple[float, int] | None = None
        for d in sorted(parent):
            score = attack_value(d)
            if not score:
                dist = GOZER_DIST[d][goal]
                score = -float(dist if dist >= 0 else _FAR)
            if best is None or score > best[0]:
                best = (score, d)
        assert best is not None
        # a detour over the summit for a fireball, then on to an attack if possible
        if not t.thrown and SUMMIT in parent and here != SUMMIT:
            fire = self._fireball_value(t)
            if fire > 0:
                k = GOZER_DIST[here][SUMMIT]
                after = _reachable(SUMMIT, left - k, (*m.path, SUMMIT), ADJ_T, _NOT_OBSTACLE, None)
                follow = max(attack_value(d) for d in after)
                if 2000.0 * fire + follow > best[0]:
                    return Step(_first_step(parent, here, SUMMIT))
        if best[1] == here:
            return EndMove()
        return Step(_first_step(parent, here, best[1]))
