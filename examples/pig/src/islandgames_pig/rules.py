"""Pig's rules on the kit: a draft, one handler per action citing its rulings, a settle
step, and the functions every game has (setup, to_act, legal_actions, apply, ...)."""

from __future__ import annotations

from islandgames.kit import (
    Draft,
    InvalidConfigError,
    Outcome,
    Rng,
    Rulebook,
    Seat,
    SeatResult,
)

from .actions import Action, Hold, Roll
from .contract import PigConfig, PigRules
from .state import PigState

__all__ = [
    "BOOK",
    "apply",
    "check_config",
    "check_state",
    "legal_actions",
    "outcome",
    "setup",
    "to_act",
]


class _Draft(Draft[PigState], state=PigState):
    config: PigConfig
    rng: Rng
    scores: tuple[int, ...]
    active: int
    turn_total: int
    rolled: bool
    last_roll: int
    winner: int


BOOK: Rulebook[_Draft, Action] = Rulebook("pig", Action)


def _end_turn(d: _Draft) -> None:
    d.active = (d.active + 1) % len(d.scores)
    d.turn_total = 0
    d.rolled = False


@BOOK.rule(Roll, "P1")
def roll(d: _Draft, seat: int, a: Roll) -> None:
    """P1: a 1 loses the turn's points and ends the turn; 2-6 add to them."""
    face, d.rng = d.rng.die(6)
    d.last_roll = face
    if face == 1:
        _end_turn(d)
    else:
        d.turn_total += face
        d.rolled = True


@BOOK.rule(Hold, "P2")
def hold(d: _Draft, seat: int, a: Hold) -> None:
    """P2: holding banks the turn's points."""
    scores = list(d.scores)
    scores[seat] += d.turn_total
    d.scores = tuple(scores)
    if scores[seat] < d.config.target:
        _end_turn(d)


@BOOK.settle
def settle(d: _Draft) -> None:
    """The first to reach the target wins at once."""
    for seat, score in enumerate(d.scores):
        if score >= d.config.target:
            d.winner = seat


BOOK.seal()


def setup(rng: Rng, config: PigConfig, rules: PigRules) -> PigState:
    first, rng = rng.below(config.players)
    return PigState(config, rng, (0,) * config.players, first, 0, False, 0, -1)


def seat_count(s: PigState) -> int:
    return s.config.players


def role(s: PigState, seat: Seat) -> str:
    return "player"


def to_act(s: PigState) -> tuple[Seat, ...]:
    return () if s.winner >= 0 else (s.active,)


def legal_actions(s: PigState, seat: Seat, rules: PigRules) -> tuple[Action, ...]:
    if s.winner >= 0 or seat != s.active:
        return ()
    if rules.roll_before_hold and not s.rolled:  # P3
        return (Roll(),)
    return (Roll(), Hold())


def apply(s: PigState, seat: Seat, a: Action, rules: PigRules) -> PigState:
    d = _Draft(s)
    BOOK.apply(d, seat, a)
    return d.build()


def outcome(s: PigState) -> Outcome | None:
    if s.winner < 0:
        return None
    results = tuple(
        SeatResult(seat, "player", "win" if seat == s.winner else "loss", score)
        for seat, score in enumerate(s.scores)
    )
    return Outcome(results, f"seat {s.winner} reached {s.config.target}")


def check_config(config: PigConfig) -> None:
    if type(config.players) is not int or not 2 <= config.players <= 4:
        raise InvalidConfigError(f"players must be 2-4, got {config.players!r}")
    if type(config.target) is not int or not 10 <= config.target <= 100:
        raise InvalidConfigError(f"target must be 10-100, got {config.target!r}")


def check_state(s: PigState, rules: PigRules) -> None:
    n = s.config.players
    if len(s.scores) != n or not 0 <= s.active < n or not -1 <= s.winner < n:
        raise ValueError("scores, active and winner must fit the players")
    if any(x < 0 for x in s.scores) or s.turn_total < 0 or not 0 <= s.last_roll <= 6:
        raise ValueError("scores, turn total and the last roll are within range")
    if s.rolled != (s.turn_total > 0):
        raise ValueError("a turn total exists exactly after a roll of 2-6 this turn")
