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

from collections.abc import Sequence
from typing import Any

from ..core.game import Game
from ..core.rng import Rng
from ..games.forbidden_island import rules
from ..games.forbidden_island.actions import (
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
from ..games.forbidden_island.contract import RULES
from ..games.forbidden_island.data import (
    FLOOD_DRAWS,
    FOOLS_LANDING,
    HELICOPTER_LIFT,
    SANDBAGS,
    TREASURE_IDS,
)
from ..games.forbidden_island.state import ForbiddenIslandState
from ..games.forbidden_island.view import ForbiddenIslandView

__all__ = ["HeuristicBot", "evaluate", "position_from_view"]

_DUMMY_RNG = Rng("0" * 64, 0)
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


def _risk(s: ForbiddenIslandState, tile: str) -> float:
    """How likely ``tile``'s flood card comes up in the next flood draw (roughly)."""
    draws = FLOOD_DRAWS[min(s.water_level, 9)]
    if s.phase == "flood":
        draws = s.draws_left
    seen = 0
    i = 0
    for n in s.flood_segments:
        run = s.flood_deck[i : i + n]
        if tile in run:
            if seen >= draws:
                return 0.05
            return min(1.0, (draws - seen) / n)
        seen += n
        i += n
    return 0.25  # in the discard pile: back on top after a Waters Rise!


def _distances(s: ForbiddenIslandState, seat: int) -> list[int]:
    """Moves ``seat``'s pawn needs to reach each cell (99: unreachable)."""
    geo = rules.GEOMETRY[s.layout]
    adv = s.adventurers[seat]
    tiles = s.tiles
    start = s.board.index(s.pawns[seat])
    nbrs = geo.king if adv == "explorer" else geo.ortho
    dist = [99] * len(tiles)
    dist[start] = 0
    queue = [start]
    for c in queue:
        for n in nbrs[c]:
            if dist[n] == 99 and (tiles[n] != "sunk" or adv == "diver"):
                dist[n] = dist[c] + 1
                queue.append(n)
    if adv == "pilot":
        dist = [min(d, 1) if tiles[c] != "sunk" else d for c, d in enumerate(dist)]
    if adv == "diver":
        dist = [d if tiles[c] != "sunk" else 99 for c, d in enumerate(dist)]
        dist[start] = 0
    return dist


def evaluate(s: ForbiddenIslandState) -> float:
    """A score of the position for the team (higher is better)."""
    if s.ended:
        return _WON if s.ended == ("won",) else _LOST
    board, tiles = s.board, s.tiles
    n = len(s.pawns)
    score = 0.0
    dists: dict[int, list[int]] = {}

    def dist(seat: int) -> list[int]:
        d = dists.get(seat)
        if d is None:
            d = dists[seat] = _distances(s, seat)
        return d

    def vital(cell: int, weight: float) -> float:
        """The cost of a flooded tile the team cannot lose, and of nobody being near."""
        near = min(min(dist(q)[cell] for q in range(n)), 6)
        return weight * (0.5 + _risk(s, board[cell])) + weight * 0.08 * max(0, near - 1)

    fl = board.index(FOOLS_LANDING)
    if tiles[fl] == "flooded":
        score -= vital(fl, 2500)
    geo = rules.GEOMETRY[s.layout]
    for q, tile in enumerate(s.pawns):
        c = board.index(tile)
        adv = s.adventurers[q]
        if tiles[c] == "flooded" and adv not in ("diver", "pilot"):
            around = geo.king[c] if adv == "explorer" else geo.ortho[c]
            if all(tiles[x] == "sunk" for x in around):
                score -= 1500 * (0.3 + _risk(s, tile))
    score -= 15 * tiles.count("flooded")
    lifts = sum(h.count(HELICOPTER_LIFT) for h in s.hands)
    score += 900 * min(lifts, 1) + 150 * max(0, lifts - 1)
    score += 120 * sum(h.count(SANDBAGS) for h in s.hands)
    score += 100000 * len(s.captured)
    for t in TREASURE_IDS:
        if t in s.captured:
            continue
        cells = [board.index(p) for p in rules.PICKUP[t]]
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
        score += 220 * min(total, 4) + 160 * min(best, 4)
        if best >= 4:
            d = min(dist(collector)[c] for c in alive)
            score += 2000 - 220 * min(d, 8)
        else:
            for q in range(n):
                if q != collector and counts[q] and s.adventurers[q] != "messenger":
                    d = dist(q)[board.index(s.pawns[collector])]
                    score -= 40 * min(d, 8) * counts[q]
    if len(s.captured) == len(TREASURE_IDS):
        for q in range(n):
            score -= 1500 * min(dist(q)[fl], 10)
    # cards that can never help any more are worth less than nothing in a full hand
    for h in s.hands:
        score -= 30 * sum(1 for c in h if c in s.captured)
        if len(h) > 5:
            score -= 300 * (len(h) - 5)
    return score


def _after(s: ForbiddenIslandState, seat: int, action: Any) -> float:
    try:
        return evaluate(rules.apply(s, seat, action, RULES[-1]))
    except (ValueError, IndexError, AssertionError):  # pragma: no cover - defensive
        return _LOST


def _plan(s: ForbiddenIslandState, seat: int, end: Action, width: int = 10) -> Action:
    """Beam search over the active player's remaining actions: the first action of the
    best sequence found, or ``end`` if no sequence beats stopping now."""
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
    return best_first


class HeuristicBot:
    """Beam-search turn planner with fixed priorities for special cards."""

    name = "heuristic"

    def choose(
        self, game: Game[Any, Any, Any, Any], view: Any, legal: Sequence[Any], rng: Rng
    ) -> tuple[Any, Rng]:
        assert isinstance(view, ForbiddenIslandView)
        seat = view.seat if view.seat is not None else view.to_act[0]
        return self._choose(view, seat, list(legal)), rng

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
        return _plan(s, seat, end)

    def _steer_lift(self, s: ForbiddenIslandState, seat: int, legal: list[Action]) -> Action:
        assert s.lift is not None
        everyone_home = len(s.captured) == len(TREASURE_IDS)
        for a in legal:
            if isinstance(a, LiftAlso) and (everyone_home or a.pawn in s.swimmers):
                return a
        targets = [a for a in legal if isinstance(a, LiftTo)]
        if everyone_home:
            for a in targets:
                if a.to == FOOLS_LANDING:
                    return a
        return max(targets, key=lambda a: _after(s, seat, a))

    def _special(self, s: ForbiddenIslandState, seat: int, legal: list[Action]) -> Action | None:
        """Sandbags on a vital tile at risk; a spare Helicopter Lift toward a capture or
        toward Fools' Landing at the end."""
        now = evaluate(s)
        bags = [a for a in legal if isinstance(a, Sandbags)]
        if bags:
            best = max(bags, key=lambda a: _after(s, seat, a))
            if _after(s, seat, best) - now > 400:
                return best
        if not any(isinstance(a, HelicopterLift) for a in legal):
            return None
        lifts = sum(h.count(HELICOPTER_LIFT) for h in s.hands)
        if lifts < 2 or s.phase != "actions" or seat != s.active:
            return None
        board = s.board
        if len(s.captured) == len(TREASURE_IDS):
            fl = board.index(FOOLS_LANDING)
            far = [(_distances(s, q)[fl], q) for q in range(len(s.pawns))]
            d, q = max(far)
            if d >= 3 and HelicopterLift(q) in legal:
                return HelicopterLift(q)
            return None
        # fly a collector with 4 cards to its treasure's tile if it is far away
        for t in TREASURE_IDS:
            if t in s.captured:
                continue
            for q, hand in enumerate(s.hands):
                if hand.count(t) >= 4 and HelicopterLift(q) in legal:
                    steps = _distances(s, q)
                    cells = [board.index(p) for p in rules.PICKUP[t]]
                    if min(steps[c] for c in cells) > 3 and board.index(s.pawns[q]) not in cells:
                        return HelicopterLift(q)
        return None
