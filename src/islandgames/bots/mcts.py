"""Information-set Monte Carlo tree search (single-observer IS-MCTS), for every game.

The bot sees what any bot sees, its seat's view and the legal actions, and searches
over determinizations of that view (Cowling, Powley and Whitehouse, "Information Set
Monte Carlo Tree Search", 2012). Each iteration

1. draws a full state consistent with the view: the rollout bot's own belief if it
   has one (``rollout.sample_state(game, view, seat, rng)``: e.g. Not Alone's heuristic
   draws a Hunted's face-down card by the value it sees in each place), else the
   game's uniform ``game.sample_state(view, seat, rng)`` (hidden cards and the future
   chance, i.e. the RNG key, drawn afresh);
2. descends one tree shared by all determinizations: a node is reached by a path of
   ``(seat, action)`` edges from the root, and at each node only the actions legal in
   *this* determinization compete, by UCB1 with availability counts (an action's
   exploration term counts the iterations in which it was available, not the parent's
   visits); the seat acting at a node maximises its own reward. With ``others=model``
   (the default) the other seats play the rollout bot's move and have no nodes, so
   every iteration refines the searching seat's own choices and no node is keyed by a
   move the seat could not see; with ``others=search`` opponents, partners and the
   other seats of a simultaneous choice are nodes of their seats too (better when the
   rollout bot is ``random``, a poor model of anyone). Forced moves (one legal action)
   are played without a node;
3. adds one node, plays the game out with the rollout bot (``heuristic`` where the
   game has one, else ``random``), cut after ``max_rollout_decisions`` decisions
   (forced moves are free);
4. adds the per-seat reward vector to every node on the path, each node taking the
   component of the seat that chose its edge.

Rewards, per seat, from the game's :class:`~islandgames.core.game.Outcome`: win 1,
draw 0.5, loss 0, plus ``score_weight * score / (|score| + score_scale)`` (within
``+-score_weight``; it ranks losses, which is most of what a hard game's rollouts
return, and never outweighs a result). ``score_scale`` defaults to the size of a
typical score of the game, its definition's ``score_scale`` (20 for Friday, 2 for
Forbidden Island, else 1). A cut rollout is worth the rollout bot's own estimate to
each searching seat if it has one (``rollout.evaluate(game, view)``, a win chance from
that seat's view: Friday's heuristic has a fitted model), else 0.5: "unknown", neither
good nor bad.

The move played is the most visited root child (ties: the higher mean reward, then
the first in legal order). All randomness comes from the ``rng`` given to
:meth:`MctsBot.choose`, and the tree is walked in legal-action order, so the same view,
legal actions, rng and parameters give the same action, in any process. ``seconds``
adds a wall-clock budget: the search stops when it runs out (or after ``iterations``,
if that is also given), so its choices depend on the machine's speed and are not
reproducible. A :class:`~islandgames.bots.Budget` around the decision (CPU time,
cancellation) is checked before every iteration: it can stop a search, never change
what it chooses.

>>> from islandgames.bots import get_bot, play
>>> bot = get_bot("friday", "mcts:iterations=8,rollout=random")
>>> play("friday", seed=3, bots=bot).outcome is not None
True
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping, Sequence
from typing import Any

from ..core.game import Game, Outcome
from ..core.registry import definition_of
from ..core.rng import Rng
from ._base import interjection
from ._budget import current_budget
from ._lookup import bot_names, get_bot

__all__ = ["PARAMETERS", "MctsBot", "SearchNode"]

#: The parameters of ``mcts`` (a bot spec's keys) and their types: ``int``, ``float``,
#: ``choice`` (one of a fixed set of words) or ``bot`` (a bot name of the game, not
#: ``mcts``).
PARAMETERS: Mapping[str, str] = {
    "iterations": "int",
    "seconds": "float",
    "rollout": "bot",
    "exploration": "float",
    "max_rollout_decisions": "int",
    "score_weight": "float",
    "score_scale": "float",
    "prior": "float",
    "others": "choice",
}

#: the values of ``others``: ``model`` (other seats play the rollout bot's move, in the
#: tree too) or ``search`` (every seat's decisions are tree nodes)
OTHERS = ("model", "search")

DEFAULT_ITERATIONS = 200
_RESULT_REWARD: Mapping[str, float] = {"win": 1.0, "draw": 0.5, "loss": 0.0}
#: what a rollout cut at the action limit is worth to every seat
CUT_REWARD = 0.5


class SearchNode:
    """One edge (seat, action) of the search tree and the node it leads to: ``visits``,
    ``available`` (iterations in which the action was legal), ``reward`` (summed over
    visits, for the seat that chose the edge) and ``children`` by (seat, action);
    ``hint`` is set on the root only."""

    __slots__ = ("available", "children", "hint", "reward", "visits")

    def __init__(self) -> None:
        self.hint: Any = None  # the root only: the rollout bot's choice from the view
        self.visits = 0
        self.available = 0
        self.reward = 0.0  # summed over visits, for the seat that chose this edge
        self.children: dict[tuple[int, Any], SearchNode] = {}


def _check_int(name: str, value: Any, minimum: int) -> int:
    # bool is an int subclass: iterations=True would silently mean 1
    if type(value) is not int:
        raise TypeError(f"mcts {name} must be an int, got {type(value).__name__} {value!r}")
    if value < minimum:
        raise ValueError(f"mcts {name} must be at least {minimum}, got {value}")
    return value


def _check_float(name: str, value: Any, minimum: float, *, strict: bool = False) -> float:
    if type(value) not in (int, float):
        raise TypeError(f"mcts {name} must be a number, got {type(value).__name__} {value!r}")
    x = float(value)
    if not math.isfinite(x) or x < minimum or (strict and x == minimum):
        op = ">" if strict else ">="
        raise ValueError(f"mcts {name} must be a finite number {op} {minimum}, got {value!r}")
    return x


class MctsBot:
    """Single-observer IS-MCTS (see the module docstring for the algorithm).

    :param iterations: determinizations searched per decision (default 200; if only
        ``seconds`` is given, unlimited).
    :param seconds: a wall-clock budget per decision (None: none). Not deterministic.
    :param rollout: the bot name that plays rollouts out (None: ``heuristic`` if the
        game has one, else ``random``).
    :param exploration: the UCB1 constant c in ``mean + c * sqrt(ln(available) / visits)``.
    :param max_rollout_decisions: a rollout is cut at its decision after this many
        (forced moves are free), and scored by the rollout bot's ``evaluate`` or 0.5.
    :param score_weight: the weight of the score term of a reward (0: results only).
    :param score_scale: the score at which the score term is half its weight (None: the
        game's typical score size).
    :param prior: trust in the rollout bot's own choice: at a tree node that child is
        expanded first and its selection value gains ``prior * spread / (visits + 1)``
        (spread: the range of rewards seen); at the root it counts
        ``prior * sqrt(iterations)`` extra visits when the move is picked (0: plain
        IS-MCTS; ignored for ``random`` rollouts).
    :param others: ``model`` (the other seats play the rollout bot's move; only this
        seat's decisions are searched) or ``search`` (every seat's are tree nodes)."""

    name = "mcts"

    def __init__(
        self,
        *,
        iterations: int | None = None,
        seconds: float | None = None,
        rollout: str | None = None,
        exploration: float = 0.7,
        max_rollout_decisions: int = 400,
        score_weight: float = 0.1,
        score_scale: float | None = None,
        prior: float = 1.0,
        others: str = "model",
    ) -> None:
        if iterations is None and seconds is None:
            iterations = DEFAULT_ITERATIONS
        self.iterations = None if iterations is None else _check_int("iterations", iterations, 1)
        self.seconds = None if seconds is None else _check_float("seconds", seconds, 0, strict=True)
        if rollout is not None and (type(rollout) is not str or rollout == "mcts"):
            raise ValueError(f"mcts rollout must be a bot name other than mcts, got {rollout!r}")
        self.rollout = rollout
        self.exploration = _check_float("exploration", exploration, 0)
        self.max_rollout_decisions = _check_int("max_rollout_decisions", max_rollout_decisions, 0)
        self.score_weight = _check_float("score_weight", score_weight, 0)
        self.score_scale = (
            None
            if score_scale is None
            else _check_float("score_scale", score_scale, 0, strict=True)
        )
        self.prior = _check_float("prior", prior, 0)
        if others not in OTHERS:
            raise ValueError(f"mcts others must be one of {', '.join(OTHERS)}, got {others!r}")
        self.others = others
        self._rollout_bots: dict[str, Any] = {}  # game id -> rollout bot (bots are stateless)
        self._score_scales: dict[str, float] = {}  # game id -> the game's score_scale

    def __repr__(self) -> str:
        return (
            f"MctsBot(iterations={self.iterations}, seconds={self.seconds}, "
            f"rollout={self.rollout}, exploration={self.exploration}, "
            f"max_rollout_decisions={self.max_rollout_decisions}, "
            f"score_weight={self.score_weight}, score_scale={self.score_scale}, "
            f"prior={self.prior}, others={self.others})"
        )

    # --- the search ----------------------------------------------------------------------

    def choose(
        self, game: Game[Any, Any, Any, Any], view: Any, legal: Sequence[Any], rng: Rng
    ) -> tuple[Any, Rng]:
        if len(legal) == 1:
            return legal[0], rng
        search, rng = rng.split()
        root = self.search(game, view, legal, search)
        seat = self._root_seat(game, view, root)
        # the rollout bot's own choice counts prior * sqrt(iterations) visits more: with
        # few iterations the visit counts are mostly noise, and a good rollout bot's
        # judgement beats noise; with many, clear evidence overrides it
        total = sum(c.visits for c in root.children.values())
        extra = self.prior * math.sqrt(total) if root.hint is not None else 0.0
        best = 0
        best_key: tuple[float, float] = (-1.0, -math.inf)
        for i, action in enumerate(legal):
            child = root.children.get((seat, action))
            if child is None or not child.visits:
                key = (0.0, -math.inf)
            else:
                key = (
                    child.visits + (extra if action == root.hint else 0.0),
                    child.reward / child.visits,
                )
            if key > best_key:
                best, best_key = i, key
        return legal[best], rng

    def interject(
        self, game: Game[Any, Any, Any, Any], view: Any, legal: Sequence[Any], rng: Rng
    ) -> tuple[Any | None, Rng]:
        """Out-of-turn plays are the rollout bot's (if it makes any): the search spends
        its budget on the decisions the game waits on."""
        interject = getattr(self._rollout_bot(game), "interject", None)
        if interject is None:
            return None, rng
        result: tuple[Any | None, Rng] = interject(game, view, legal, rng)
        return result

    def _root_seat(self, game: Game[Any, Any, Any, Any], view: Any, root: SearchNode) -> int:
        seat = getattr(view, "seat", None)
        if seat is not None:
            return int(seat)
        # a spectator's view: the root's edges name the seat the samples had acting
        return next(iter(root.children))[0] if root.children else -1

    def search(
        self, game: Game[Any, Any, Any, Any], view: Any, legal: Sequence[Any], rng: Rng
    ) -> SearchNode:
        """The search tree's root after the budget is spent (exposed for tests/tools)."""
        seat: int | None = getattr(view, "seat", None)
        rollout = self._rollout_bot(game)
        plain_random = getattr(rollout, "name", None) == "random"
        scale = self.score_scale
        if scale is None:
            scale = self._game_score_scale(game)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        root_hint = None
        if self.prior > 0 and not plain_random:
            root_hint, rng = rollout.choose(game, view, legal, rng)
        root = SearchNode()
        root.hint = root_hint
        spread = [math.inf, -math.inf]  # lowest and highest reward seen in this search
        done = 0
        # a caller's bound on this decision (the match server's AI seats): it may stop
        # the search, never change its result
        budget = current_budget()
        while self.iterations is None or done < self.iterations:
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            if budget is not None:
                budget.check()
            it, rng = rng.split()
            self._iterate(
                game, view, seat, root, root_hint, it, rollout, plain_random, scale, spread
            )
            done += 1
        return root

    def _iterate(
        self,
        game: Game[Any, Any, Any, Any],
        view: Any,
        seat: int | None,
        root: SearchNode,
        root_hint: Any,
        rng: Rng,
        rollout: Any,
        plain_random: bool,
        scale: float,
        spread: list[float],
    ) -> None:
        sample_rng, rng = rng.split()
        belief = getattr(rollout, "sample_state", None)
        if belief is not None:  # the rollout bot's model of what is hidden
            state = belief(game, view, seat, sample_rng)
        else:
            state = game.sample_state(view, seat, sample_rng)
        path: list[tuple[SearchNode, int]] = []
        node = root
        mover = seat
        # exploration in units of the rewards actually seen: in a game the rollouts
        # almost always lose, only the score term varies, and a fixed c would drown it
        width = spread[1] - spread[0] if spread[1] > spread[0] else 1.0
        c = self.exploration * width
        bias = self.prior * width
        use_hint = bias > 0 and not plain_random
        model_others = self.others == "model" and seat is not None
        outcome: Outcome | None = game.outcome(state)
        interjecting = not plain_random and hasattr(rollout, "interject")
        expanded = False
        # selection and expansion
        while outcome is None and not expanded:
            if mover is None:
                mover = game.to_act(state)[0]
                if interjecting:  # the model's out-of-turn plays, as in a real game
                    state, rng, hit = self._interject(game, state, mover, rollout, rng)
                    if hit:
                        outcome = game.outcome(state)
                        mover = None
                        continue
            acts = game.legal_actions(state, mover)
            if not acts:  # the root seat is not asked in this sample (cannot happen for
                # a view-consistent sample; the usual mover keeps the search going)
                mover = game.to_act(state)[0]
                acts = game.legal_actions(state, mover)
            if len(acts) == 1:  # forced: no decision, no node
                state = game.apply(state, mover, acts[0])
            elif model_others and mover != seat:  # another seat: the model's move, no node
                if plain_random:
                    a, rng = rng.choice(acts)
                else:
                    a, rng = rollout.choose(game, game.view(state, mover), acts, rng)
                state = game.apply(state, mover, a)
            else:
                hint = None
                if use_hint:
                    if node is root:
                        hint = root_hint
                    else:
                        hint, rng = rollout.choose(game, game.view(state, mover), acts, rng)
                children = node.children
                untried = []
                best: Any = None
                best_value = -math.inf
                best_child: SearchNode | None = None
                for a in acts:
                    child = children.get((mover, a))
                    if child is None:
                        untried.append(a)
                        continue
                    child.available += 1
                    if not untried:
                        value = child.reward / child.visits + c * math.sqrt(
                            math.log(child.available) / child.visits
                        )
                        if a == hint:
                            value += bias / (child.visits + 1)
                        if value > best_value:
                            best, best_value, best_child = a, value, child
                if untried:
                    if hint is not None and hint in untried:
                        best = hint
                    else:
                        best, rng = rng.choice(untried)
                    best_child = SearchNode()
                    best_child.available = 1
                    children[(mover, best)] = best_child
                    expanded = True
                assert best_child is not None
                path.append((best_child, mover))
                node = best_child
                state = game.apply(state, mover, best)
            outcome = game.outcome(state)
            mover = None
        # rollout: forced moves are free; it is cut at a decision (a choice to make)
        decisions = 0
        limit = self.max_rollout_decisions
        while outcome is None:
            s = game.to_act(state)[0]
            if interjecting:
                state, rng, hit = self._interject(game, state, s, rollout, rng)
                if hit:
                    outcome = game.outcome(state)
                    continue
            acts = game.legal_actions(state, s)
            if len(acts) == 1:
                a = acts[0]
            elif decisions == limit:
                break
            else:
                decisions += 1
                if plain_random:
                    a, rng = rng.choice(acts)
                else:
                    a, rng = rollout.choose(game, game.view(state, s), acts, rng)
            state = game.apply(state, s, a)
            outcome = game.outcome(state)
        rewards = self._rewards(outcome, game.seat_count(state), scale)
        if outcome is None and path:
            judge = getattr(rollout, "evaluate", None)
            if judge is not None:  # the rollout bot's estimate of a cut rollout
                for who in {w for _, w in path}:
                    rewards[who] = judge(game, game.view(state, who))
        spread[0] = min(spread[0], *rewards)
        spread[1] = max(spread[1], *rewards)
        for n, who in path:
            n.visits += 1
            n.reward += rewards[who]

    @staticmethod
    def _interject(
        game: Game[Any, Any, Any, Any], state: Any, next_seat: int, rollout: Any, rng: Rng
    ) -> tuple[Any, Rng, bool]:
        """Applies the rollout bot's interjection by a seat other than ``next_seat``, if it
        makes one (see :func:`islandgames.bots.interjection`)."""
        ask, rng = rng.split()
        hit = interjection(game, state, next_seat, rollout, dict.fromkeys(game.seats(state), ask))
        if hit is None:
            return state, rng, False
        return game.apply(state, *hit), rng, True

    def _rewards(self, outcome: Outcome | None, seats: int, scale: float) -> list[float]:
        if outcome is None:
            return [CUT_REWARD] * seats
        out = [CUT_REWARD] * seats
        w = self.score_weight
        for r in outcome.results:
            out[r.seat] = _RESULT_REWARD[r.result] + w * r.score / (abs(r.score) + scale)
        return out

    def _rollout_bot(self, game: Game[Any, Any, Any, Any]) -> Any:
        gid = game.info.id
        bot = self._rollout_bots.get(gid)
        if bot is None:
            name = self.rollout
            if name is None:
                name = "heuristic" if "heuristic" in bot_names(gid) else "random"
            bot = self._rollout_bots[gid] = get_bot(gid, name)
        return bot

    def _game_score_scale(self, game: Game[Any, Any, Any, Any]) -> float:
        """The size of a typical score of ``game``: its definition's ``score_scale``
        (1.0 for a game without a definition), looked up once per game."""
        gid = game.info.id
        scale = self._score_scales.get(gid)
        if scale is None:
            scale = self._score_scales[gid] = _scale_of(game)
        return scale


def _scale_of(game: Game[Any, Any, Any, Any]) -> float:
    """What a point of a seat's score is worth to the search in ``game``: the
    ``score_scale`` of its kit definition (a kit game's own, else the one registered
    under its id), 1.0 for a game without one.

    >>> from islandgames import get_game
    >>> _scale_of(get_game("friday")), _scale_of(get_game("gozer"))
    (20.0, 1.0)
    """
    d = definition_of(game)
    return 1.0 if d is None else float(d.score_scale)
