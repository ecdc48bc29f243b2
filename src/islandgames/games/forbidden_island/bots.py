"""A rule-of-thumb Forbidden Island player that sees only its seat's view.

Every candidate decision is applied to a copy of the public position rebuilt from the
view (draw piles never need to be known, since a draw is never a choice) and the result
is scored by :func:`evaluate`, which rewards captured treasures and collected cards and
penalises flooded tiles that matter (weighted by how soon their flood cards come up,
which the view's flood-pile runs reveal), the distance of each treasure's collector to
its temple, and, once all four treasures are held, the team's distance to Fools'
Landing. In the action phase it plans the rest of its turn with a small beam search over
sequences of up to 3 actions; swims and discards are chosen one step ahead. Special
cards follow fixed priorities: lift off when possible, always rescue a stranded pawn,
keep one Helicopter Lift for the end, sandbag a vital tile before its card can come up.

The bot only decides when the game asks its seat (``islandgames.bots.play`` asks the
first seat in ``to_act``), so it plays special cards out of turn only in a window where
it is asked to decide anyway (a swim, a discard, a rescue).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from ...bots import win_chance
from ...core import kit
from ...core.game import Game
from ...core.rng import Rng
from . import rules
from .actions import (
    Action,
    DeclineRescue,
    Discard,
    EndActions,
    HelicopterLift,
    LiftAlso,
    LiftOff,
    LiftTo,
    Sandbags,
    Swim,
)
from .contract import RULES
from .data import (
    FLOOD_DRAWS,
    FOOLS_LANDING,
    HELICOPTER_LIFT,
    SANDBAGS,
    TREASURE_IDS,
    WATERS_RISE,
)
from .state import ForbiddenIslandState
from .view import ForbiddenIslandView

__all__ = ["HeuristicBot", "evaluate", "position_from_view"]

_DUMMY_RNG = Rng("0" * 64, 0)
#: how much a Sandbags play must raise :func:`evaluate` to be worth the card
_BAG_GAIN = 400
#: how much better than walking a Helicopter Lift of the active pawn must be
_LIFT_GAIN = 100
#: how many landing tiles of such a lift are looked at beyond where they land
_LIFT_SHORTLIST = 8
#: the worth of each card of a treasure in its collector's hand (the one holding most),
#: and the cost per card and step of one held elsewhere: gathering the cards in one hand
#: fast is what wins the race against the water (seeds 0-399, 4 players novice: 143 wins
#: against 109 with 160 and 40)
_GATHERED = 600
_SPREAD = 100
_WON = 1e9
_LOST = -1e9


def position_from_view(v: ForbiddenIslandView) -> ForbiddenIslandState:
    """A state with the view's public facts (draw piles in an arbitrary order): good
    for trying out any decision that is not a draw."""
    runs = v.flood_deck
    return ForbiddenIslandState(
        adventurers=v.adventurers,
        layout=v.layout,
        board=v.board,
        tiles=v.tiles,
        pawns=v.pawns,
        hands=v.hands,
        water_level=v.water_level,
        captured=v.captured,
        treasure_deck=("earth",) * max(1, v.treasure_deck_size),
        treasure_discard=v.treasure_discard,
        flood_deck=tuple(c for run in runs for c in run),
        flood_segments=tuple(len(run) for run in runs),
        flood_discard=v.flood_discard,
        active=v.active,
        phase=v.phase,
        actions_left=v.actions_left,
        draws_left=v.draws_left,
        pilot_flown=v.pilot_flown,
        swimmers=v.swimmers,
        declined=v.declined,
        lift=v.lift,
        ended=v.ended,
        rng=_DUMMY_RNG,
    )


def _waters_rise_chance(s: ForbiddenIslandState) -> float:
    """The chance that the coming treasure draw holds a Waters Rise! (the cards not in
    the discard pile are in the draw pile; its order is unknown)."""
    if s.phase != "actions":
        return 0.0 if s.phase == "flood" else min(1.0, s.draws_left * 3 / 28)
    n = len(s.treasure_deck)
    w = 3 - s.treasure_discard.count(WATERS_RISE)
    if n < 2 or w <= 0:
        return 3 / 14
    return 1.0 - (n - w) * (n - w - 1) / (n * (n - 1))


def _draw_pile_chance(s: ForbiddenIslandState, tile: str) -> float | None:
    """How likely ``tile``'s flood card comes up from the draw pile in this turn's flood
    draw (0.0 when it lies deeper than the draws reach); None when it is in the discard
    pile."""
    draws = FLOOD_DRAWS[min(s.water_level, 9)]
    if s.phase == "flood":
        draws = s.draws_left
    seen = 0
    for n in s.flood_segments:
        if tile in s.flood_deck[seen : seen + n]:
            return 0.0 if seen >= draws else min(1.0, (draws - seen) / n)
        seen += n
    return None


def _risk(s: ForbiddenIslandState, tile: str) -> float:
    """How likely ``tile``'s flood card comes up in the next flood draw (roughly)."""
    chance = _draw_pile_chance(s, tile)
    if chance is None:
        return 0.25  # in the discard pile: back on top after a Waters Rise!
    return chance or 0.05


def _sink_chance(s: ForbiddenIslandState, tile: str) -> float:
    """How likely the flooded ``tile`` sinks in this turn's flood draw: its card comes
    up from the draw pile, or it is in the discard pile and a Waters Rise! puts that
    pile on top first."""
    chance = _draw_pile_chance(s, tile)
    if chance is not None:
        return chance or 0.02
    m = len(s.flood_discard)
    after = FLOOD_DRAWS[min(s.water_level + 1, 9)]
    return _waters_rise_chance(s) * min(1.0, after / max(m, 1)) + 0.02


def _distances(s: ForbiddenIslandState, seat: int) -> tuple[int, ...]:
    """Moves ``seat``'s pawn needs to reach each cell (99: unreachable)."""
    adv = s.adventurers[seat]
    kind = adv if adv in ("explorer", "pilot", "diver") else "walker"
    start = _cells(s.board)[s.pawns[seat]]
    tables = _tables_of(s.tiles)
    key = (s.layout, start, kind)
    table = tables.get(key)
    if table is None:
        sunk = tuple(map(_SUNK.__eq__, s.tiles))  # (st == "sunk" for st in tiles), in C
        table = tables[key] = _distance_table(s.layout, sunk, start, kind)
    return table


_SUNK = "sunk"


@kit.remember_last
def _tables_of(tiles: tuple[str, ...]) -> dict[tuple[str, int, str], tuple[int, ...]]:
    """The distance tables found for one ``tiles`` tuple, by (layout, start, kind). The
    states a decision and a search look at share their ``tiles`` until a tile floods or
    sinks, so most lookups are one identity test and one small dict lookup; every
    table comes from :func:`_distance_table`, so the answers are the same without it."""
    return {}


@functools.lru_cache(maxsize=64)
def _cells(board: tuple[str, ...]) -> dict[str, int]:
    """Tile name -> cell of a board (a game's board never changes)."""
    return {tile: c for c, tile in enumerate(board)}


@functools.lru_cache(maxsize=1 << 16)
def _distance_table(layout: str, sunk: tuple[bool, ...], start: int, kind: str) -> tuple[int, ...]:
    # a distance depends only on which tiles are sunk, so the tables are shared by every
    # position the bot and the search look at (the search spends most of its time here)
    geo = rules.GEOMETRY[layout]
    nbrs = geo.king if kind == "explorer" else geo.ortho
    dist = [99] * len(sunk)
    dist[start] = 0
    queue = [start]
    for c in queue:
        for n in nbrs[c]:
            if dist[n] == 99 and (not sunk[n] or kind == "diver"):
                dist[n] = dist[c] + 1
                queue.append(n)
    if kind == "pilot":
        dist = [min(d, 1) if not sunk[c] else d for c, d in enumerate(dist)]
    if kind == "diver":
        dist = [d if not sunk[c] else 99 for c, d in enumerate(dist)]
        dist[start] = 0
    return tuple(dist)


def evaluate(s: ForbiddenIslandState) -> float:
    """A score of the position for the team (higher is better)."""
    if s.ended:
        return _WON if s.ended == ("won",) else _LOST
    board, tiles = s.board, s.tiles
    cell_of = _cells(board)
    n = len(s.pawns)
    score = 0.0
    dists: dict[int, tuple[int, ...]] = {}

    def dist(seat: int) -> tuple[int, ...]:
        d = dists.get(seat)
        if d is None:
            d = dists[seat] = _distances(s, seat)
        return d

    def vital(cell: int, weight: float) -> float:
        """The cost of a flooded tile the team cannot lose, and of nobody being near."""
        near = 6
        for q in range(n):
            d = dist(q)[cell]
            if d < near:
                near = d
        return weight * (0.5 + _risk(s, board[cell])) + weight * 0.08 * max(0, near - 1)

    fl = cell_of[FOOLS_LANDING]
    if tiles[fl] == "flooded":
        score -= vital(fl, 2500)
    geo = rules.GEOMETRY[s.layout]
    for q, tile in enumerate(s.pawns):
        c = cell_of[tile]
        adv = s.adventurers[q]
        if tiles[c] == "flooded" and adv not in ("diver", "pilot"):
            around = geo.king[c] if adv == "explorer" else geo.ortho[c]
            if all(tiles[x] == "sunk" for x in around):
                score -= 1500 * (0.3 + _risk(s, tile))
    score -= 15 * tiles.count("flooded")
    lifts = bags = 0
    for h in s.hands:
        lifts += h.count(HELICOPTER_LIFT)
        bags += h.count(SANDBAGS)
    score += 900 * min(lifts, 1) + 150 * max(0, lifts - 1)
    score += 120 * bags
    score += 100000 * len(s.captured)
    for t in TREASURE_IDS:
        if t in s.captured:
            continue
        cells = [cell_of[p] for p in rules.PICKUP[t]]
        alive = [c for c in cells if tiles[c] != "sunk"]
        if not alive:
            return _LOST
        for c in alive:
            if tiles[c] == "flooded":
                score -= vital(c, 2500 if len(alive) == 1 else 500)
        if len(alive) == 1:
            score -= 1200
        counts = [h.count(t) for h in s.hands]
        total = sum(counts)
        best = max(counts)
        collector = counts.index(best)
        score += 220 * min(total, 4) + _GATHERED * min(best, 4)
        if best >= 4:
            d = min(dist(collector)[c] for c in alive)
            score += 2000 - 220 * min(d, 8)
        else:
            for q in range(n):
                if q != collector and counts[q] and s.adventurers[q] != "messenger":
                    d = dist(q)[cell_of[s.pawns[collector]]]
                    score -= _SPREAD * min(d, 8) * counts[q]
    if len(s.captured) == len(TREASURE_IDS):
        for q in range(n):
            score -= 1500 * min(dist(q)[fl], 10)
    # cards that can never help any more are worth less than nothing in a full hand
    captured = s.captured
    for h in s.hands:
        if captured:  # (subtracting 0 leaves a float as it is)
            score -= 30 * sum(1 for c in h if c in captured)
        if len(h) > 5:
            score -= 300 * (len(h) - 5)
    return score


def _after(s: ForbiddenIslandState, seat: int, action: Any) -> float:
    try:
        return evaluate(rules.apply(s, seat, action, RULES[-1]))
    except (ValueError, IndexError, AssertionError):  # pragma: no cover - defensive
        return _LOST


def _plan(
    s: ForbiddenIslandState, seat: int, end: Action, width: int = 10
) -> tuple[Action, float]:
    """Beam search over the active player's remaining actions: the first action of the
    best sequence found, or ``end`` if no sequence beats stopping now, and its value."""
    best_first = end
    best_value = evaluate(s) + 1.0
    beam: list[tuple[ForbiddenIslandState, Action | None]] = [(s, None)]
    for _ in range(s.actions_left):
        children: list[tuple[float, ForbiddenIslandState, Action]] = []
        for state, first in beam:
            for a in rules.turn_actions(state, seat):
                after = rules.apply(state, seat, a, RULES[-1])
                value = evaluate(after)
                f = a if first is None else first
                children.append((value, after, f))
                if value > best_value:
                    best_first, best_value = f, value
        children.sort(key=lambda c: -c[0])
        beam = [
            (after, f)
            for _, after, f in children[:width]
            if not after.ended and rules.over_limit(after) is None
        ]
        if not beam:
            break
    return best_first, best_value


def _landing(s: ForbiddenIslandState, seat: int) -> float:
    """The value of a position the active player's pawn was just lifted to: the best of
    stopping there and of one more action."""
    best = evaluate(s)
    for a in rules.turn_actions(s, seat):
        best = max(best, evaluate(rules.apply(s, seat, a, RULES[-1])))
    return best


def _lift_targets(lifted: ForbiddenIslandState, seat: int) -> list[tuple[float, str]]:
    """The tiles the active player, lifting its own pawn alone (``lifted``: the card is
    played), could best land on: the :data:`_LIFT_SHORTLIST` best by :func:`evaluate`
    on landing, each valued by :func:`_landing` (valuing every tile so is most of what
    the bot spends on a turn, and the search asks it for most moves)."""
    s = lifted
    landed = []
    for c, st in enumerate(s.tiles):
        tile = s.board[c]
        if st != "sunk" and tile != s.pawns[seat]:
            there = rules.apply(lifted, seat, LiftTo(tile), RULES[-1])
            landed.append((evaluate(there), c, tile, there))
    landed.sort(key=lambda x: (-x[0], x[1]))
    return [(_landing(there, seat), tile) for _, _, tile, there in landed[:_LIFT_SHORTLIST]]


#: the names of :func:`value_features`, in order
VALUE_FEATURES = (
    "bias", "cap1", "cap2", "cap3", "cap4", "water", "sunk", "flooded", "fl_flooded",
    "fl_risk", "fl_far", "fl_exits", "last_temples", "last_risk", "last_far",
    "temple_risk", "best", "extra", "ready", "ready_dist", "spread", "blocked", "lifts1",
    "lifts2", "bags", "end_dist", "end_off", "end_nolift", "wr_chance", "flooded_discard",
    "stranded", "junk", "deck", "excess",
)  # fmt: skip

#: the weights of the win-chance model: ``python bench/fit_values.py forbidden-island
#: --games 1000`` (4 players, novice; 100,391 decisions; held-out log-loss 0.544, a
#: constant 0.637)
VALUE_WEIGHTS: tuple[float, ...] = (
    -0.7243, 1.3025, 1.7923, 1.8815, 3.9930, -0.4552, -3.6463, -0.1131, 0.0395, -0.8064,
    -0.4777, 0.2510, -0.1484, -1.0153, -2.0253, -0.1881, 0.1925, -0.1607, 0.5580,
    -0.1139, -0.0287, -1.0455, -0.1742, 0.2067, 0.0800, -0.1708, 0.4796, -1.5145,
    -0.1759, -0.0049, -0.4349, -0.0023, -0.1983, -0.4190,
)  # fmt: skip


def value_features(v: ForbiddenIslandView) -> tuple[float, ...]:
    """What the win-chance model reads off the island (see VALUE_FEATURES): treasures
    held, the water, what has sunk, the chance that Fools' Landing or a temple sinks in
    this turn's flood draw and how far the nearest pawn is, the cards gathered per
    treasure and how far they are from their collector, the endgame's distances."""
    s = position_from_view(v)
    board, tiles = s.board, s.tiles
    n = len(s.pawns)
    d = [_distances(s, q) for q in range(n)]
    cells = [board.index(p) for p in s.pawns]
    geo = rules.GEOMETRY[s.layout]
    cap = len(s.captured)
    fl = board.index(FOOLS_LANDING)
    flooded_fl = tiles[fl] == "flooded"
    near_fl = min(min(d[q][fl] for q in range(n)), 9)
    last = last_risk = last_far = temple_risk = 0.0
    best_sum = extra = ready = ready_dist = spread = blocked = 0.0
    for t in TREASURE_IDS:
        if t in s.captured:
            continue
        alive = [c for c in (board.index(p) for p in rules.PICKUP[t]) if tiles[c] != "sunk"]
        if not alive:
            continue
        for c in alive:
            if tiles[c] == "flooded":
                chance = _sink_chance(s, board[c])
                if len(alive) == 1:
                    last_risk += chance
                    last_far += max(0, min(min(d[q][c] for q in range(n)), 9) - 3)
                else:
                    temple_risk += chance
        last += len(alive) == 1
        counts = [h.count(t) for h in s.hands]
        best = max(counts)
        collector = counts.index(best)
        best_sum += min(best, 4)
        extra += min(sum(counts), 4) - min(best, 4)
        if best >= 4:
            ready += 1
            ready_dist += min(min(d[collector][c] for c in alive), 10)
        else:
            for q in range(n):
                if q != collector and counts[q]:
                    far = 1 if s.adventurers[q] == "messenger" else min(d[q][cells[collector]], 10)
                    spread += counts[q] * far
        blocked += 5 - s.treasure_discard.count(t) < 4
    lifts = sum(h.count(HELICOPTER_LIFT) for h in s.hands)
    end = cap == len(TREASURE_IDS)
    stranded = 0
    for q, c in enumerate(cells):
        adv = s.adventurers[q]
        if tiles[c] == "flooded" and adv not in ("diver", "pilot"):
            around = geo.king[c] if adv == "explorer" else geo.ortho[c]
            stranded += all(tiles[x] == "sunk" for x in around)
    discarded = set(s.flood_discard)
    return (
        1.0,
        float(cap >= 1),
        float(cap >= 2),
        float(cap >= 3),
        float(cap >= 4),
        float(s.water_level),
        tiles.count("sunk") / 24,
        float(tiles.count("flooded")),
        float(flooded_fl),
        _sink_chance(s, FOOLS_LANDING) if flooded_fl else 0.0,
        max(0, near_fl - 3) if flooded_fl else 0.0,
        float(sum(1 for x in geo.ortho[fl] if tiles[x] != "sunk")),
        last,
        last_risk,
        last_far,
        temple_risk,
        best_sum,
        extra,
        ready,
        ready_dist,
        spread,
        blocked,
        float(lifts >= 1),
        float(lifts >= 2),
        float(sum(h.count(SANDBAGS) for h in s.hands)),
        float(sum(min(d[q][fl], 10) for q in range(n))) if end else 0.0,
        float(sum(1 for c in cells if c != fl)) if end else 0.0,
        float(end and not lifts),
        _waters_rise_chance(s) if s.phase == "actions" else 0.0,
        float(sum(1 for c, st in enumerate(tiles) if st == "flooded" and board[c] in discarded)),
        float(stranded),
        float(sum(1 for h in s.hands for c in h if c in s.captured)),
        v.treasure_deck_size / 28,
        float(sum(max(0, len(h) - 5) for h in s.hands)),
    )


class HeuristicBot:
    """Beam-search turn planner with fixed priorities for special cards."""

    name = "heuristic"

    def choose(
        self, game: Game[Any, Any, Any, Any], view: Any, legal: Sequence[Any], rng: Rng
    ) -> tuple[Any, Rng]:
        assert isinstance(view, ForbiddenIslandView)
        seat = view.seat if view.seat is not None else view.to_act[0]
        return self._choose(view, seat, list(legal)), rng

    def evaluate(self, game: Game[Any, Any, Any, Any], view: Any) -> float:
        """The chance that the team wins from ``view``, by a logistic model of
        :func:`value_features` fitted to this bot's games (``bench/fit_values.py``):
        what a search bot (``mcts``) scores a rollout it cuts short."""
        v: ForbiddenIslandView = view
        if v.ended:
            return 1.0 if v.ended == ("won",) else 0.0
        return win_chance(VALUE_WEIGHTS, value_features(v))

    def interject(
        self, game: Game[Any, Any, Any, Any], view: Any, legal: Sequence[Any], rng: Rng
    ) -> tuple[Action | None, Rng]:
        """Out of turn (I1: a holder may play a special card whenever the game waits):
        lift off when possible, sandbag a vital tile at risk, and once all four
        treasures are held fly the team to Fools' Landing when its lifts suffice."""
        assert isinstance(view, ForbiddenIslandView)
        if view.seat is None:
            return None, rng
        acts = list(legal)
        for a in acts:
            if isinstance(a, LiftOff):
                return a, rng
        s = position_from_view(view)
        bag = self._sandbag(s, view.seat, acts)
        if bag is not None:
            return bag, rng
        if len(s.captured) == len(TREASURE_IDS):
            return self._team_lift_home(s, view.seat, acts), rng
        return None, rng

    def _sandbag(self, s: ForbiddenIslandState, seat: int, legal: list[Action]) -> Action | None:
        """The Sandbags play that raises :func:`evaluate` most, if it is worth the card."""
        bags = [a for a in legal if isinstance(a, Sandbags)]
        if not bags:
            return None
        best = max(bags, key=lambda a: _after(s, seat, a))
        return best if _after(s, seat, best) - evaluate(s) > _BAG_GAIN else None

    def _team_lift_home(
        self, s: ForbiddenIslandState, seat: int, legal: list[Action]
    ) -> Action | None:
        """All four treasures held: if the team's Helicopter Lifts can fly every group of
        pawns away from Fools' Landing there and keep one for the lift-off, this holder
        flies the largest group now (any holder may, out of turn)."""
        if HELICOPTER_LIFT not in s.hands[seat]:
            return None
        team = sum(h.count(HELICOPTER_LIFT) for h in s.hands)
        fl = s.board.index(FOOLS_LANDING)
        away = {c for c in (s.board.index(p) for p in s.pawns) if c != fl}
        return _fly_largest_group(s, legal, away, team)

    def _choose(self, v: ForbiddenIslandView, seat: int, legal: list[Action]) -> Action:
        for a in legal:
            if isinstance(a, LiftOff):
                return a
        s = position_from_view(v)
        if any(isinstance(a, LiftTo | LiftAlso) for a in legal):
            return self._steer_lift(s, seat, legal)
        if any(isinstance(a, DeclineRescue) for a in legal):
            stranded = s.swimmers[0]
            if HelicopterLift(stranded) in legal:
                return HelicopterLift(stranded)
            return next(a for a in legal if isinstance(a, DeclineRescue))
        special = self._special(s, seat, legal)
        if special is not None:
            return special
        required = [a for a in legal if not isinstance(a, Sandbags | HelicopterLift)]
        if len(required) == 1:
            return required[0]
        if any(isinstance(a, Swim | Discard) for a in required):
            return max(required, key=lambda a: _after(s, seat, a))
        # the action phase: the first step of the best plan for the actions left
        end = next(a for a in required if isinstance(a, EndActions))
        first, value = _plan(s, seat, end)
        lift = HelicopterLift(seat)
        if lift in legal and s.actions_left and len(s.captured) < len(TREASURE_IDS):
            # a lift of its own pawn is a free move: worth the card when it saves more
            # than walking does (a flooded Fools' Landing or temple out of reach)
            lifted = rules.apply(s, seat, lift, RULES[-1])
            if max(_lift_targets(lifted, seat))[0] > value + _LIFT_GAIN:
                return lift
        return first

    def _steer_lift(self, s: ForbiddenIslandState, seat: int, legal: list[Action]) -> Action:
        assert s.lift is not None
        everyone_home = len(s.captured) == len(TREASURE_IDS)
        for a in legal:
            if isinstance(a, LiftAlso) and (everyone_home or a.pawn in s.swimmers):
                return a
        targets = [a for a in legal if isinstance(a, LiftTo)]
        if s.lift.pawns == (seat,) and seat == s.active and s.phase == "actions":
            # the active player flies itself (see _choose): where it can do most
            best_tile = max(_lift_targets(s, seat))[1]
            return LiftTo(best_tile)
        if everyone_home:
            for a in targets:
                if a.to == FOOLS_LANDING:
                    return a
        return max(targets, key=lambda a: _after(s, seat, a))

    def _special(self, s: ForbiddenIslandState, seat: int, legal: list[Action]) -> Action | None:
        """Sandbags on a vital tile at risk; a spare Helicopter Lift toward a capture or
        toward Fools' Landing at the end."""
        bag = self._sandbag(s, seat, legal)
        if bag is not None:
            return bag
        if not any(isinstance(a, HelicopterLift) for a in legal):
            return None
        lifts = sum(h.count(HELICOPTER_LIFT) for h in s.hands)
        if s.phase != "actions" or seat != s.active:
            return None
        board = s.board
        if len(s.captured) == len(TREASURE_IDS):
            fl = board.index(FOOLS_LANDING)
            home = self._lift_home(s, seat, legal, fl)
            if home is not None:
                return home
            # the team's last card lifts it off: spare ones fly the pawn (and whoever
            # shares its tile) farthest from Fools' Landing there
            if lifts < 2:
                return None
            far = [(_distances(s, q)[fl], q) for q in range(len(s.pawns))]
            d, q = max(far)
            if d >= 2 and HelicopterLift(q) in legal:
                return HelicopterLift(q)
            return None
        # fly a collector with 4 cards to its treasure's tile unless it can walk there
        # and capture in one turn of its own; a card for the lift-off is drawn later
        last = len(s.captured) == len(TREASURE_IDS) - 1
        if last and lifts < 2:
            return None
        for t in TREASURE_IDS:
            if t in s.captured:
                continue
            for q, hand in enumerate(s.hands):
                if hand.count(t) >= 4 and HelicopterLift(q) in legal:
                    steps = _distances(s, q)
                    cells = [board.index(p) for p in rules.PICKUP[t]]
                    if min(steps[c] for c in cells) > 2:
                        return HelicopterLift(q)
        return None

    def _lift_home(
        self, s: ForbiddenIslandState, seat: int, legal: list[Action], fl: int
    ) -> Action | None:
        """All four treasures held and this seat's turn: if its own Helicopter Lifts
        can fly every group away from Fools' Landing there and keep one for the
        lift-off (its own pawn may walk instead), start with the largest group. Only
        the active seat is sure to be asked, so the lift-off must fit in one turn."""
        mine = s.hands[seat].count(HELICOPTER_LIFT)
        if not mine:
            return None
        board = s.board
        cells = [board.index(p) for p in s.pawns]
        away = {c for c in cells if c != fl}
        own = cells[seat]
        if own in away and cells.count(own) == 1 and _distances(s, seat)[fl] <= s.actions_left:
            away.discard(own)
        return _fly_largest_group(s, legal, away, mine)


def _fly_largest_group(
    s: ForbiddenIslandState, legal: list[Action], away: set[int], lifts: int
) -> Action | None:
    """All four treasures held: if ``lifts`` Helicopter Lifts can fly every group of
    pawns on the cells ``away`` to Fools' Landing and keep one for the lift-off, the
    lift of the largest group (the lowest cell on a tie), when it is legal."""
    if not away or len(away) > lifts - 1:
        return None
    cells = [s.board.index(p) for p in s.pawns]
    group = max(sorted(away), key=cells.count)
    lift = HelicopterLift(cells.index(group))
    return lift if lift in legal else None
