"""Pig, a whole game written with the public rules kit (``islandgames.kit``) alone.

The example docs/writing-a-game.md walks through. 2-4 seats take turns; on a turn the
player rolls a die as often as they like: a 1 loses the turn's points and ends the
turn, any other roll adds to them; holding banks them. The first to ``target`` wins.
Rules 1.1 (a flag, to show versions): a player must roll at least once before holding.

The shape every game has: the contract (config, rules versions, INFO), then the state,
the actions, the rules (a draft, a rulebook of one handler per action with the rulings
they implement, a settle step), and the definition that makes one game per version.
"""

from __future__ import annotations

import attrs

from islandgames.kit import (
    Definition,
    Draft,
    GameInfo,
    InvalidConfigError,
    Outcome,
    Rng,
    Rulebook,
    RulesGame,
    RulesVersion,
    Seat,
    SeatResult,
    register_union,
)

# --- the contract ------------------------------------------------------------------------


@attrs.frozen(slots=True)
class PigConfig:
    """``players`` 2-4; ``target``: the score that wins (10-100)."""

    players: int = 2
    target: int = 30


@attrs.frozen(slots=True)
class PigRules(RulesVersion):
    """``roll_before_hold`` (P3, 1.1): holding needs a roll this turn first."""

    roll_before_hold: bool


RULES = (PigRules("1.0", roll_before_hold=False), PigRules("1.1", roll_before_hold=True))

INFO = GameInfo(
    id="pig",
    title="Pig",
    rules_version=RULES[-1].version,
    min_seats=2,
    max_seats=4,
    roles=("player",),
    chance=True,
    hidden_information=False,
    simultaneous=False,
    default_config=PigConfig(),
    summary="Roll or hold: the dice game of pushing your luck (the kit's example).",
)

# --- state and actions -------------------------------------------------------------------


@attrs.frozen(slots=True)
class PigState:
    config: PigConfig
    rng: Rng
    scores: tuple[int, ...]
    active: int
    turn_total: int
    rolled: bool
    last_roll: int
    winner: int  # -1 while the game runs


@attrs.frozen(slots=True)
class Roll:
    pass


@attrs.frozen(slots=True)
class Hold:
    pass


Action = Roll | Hold
register_union(Action)

# --- rules -------------------------------------------------------------------------------


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


DEFINITION: Definition[PigState, Action, PigState, PigConfig, PigRules] = Definition(
    info=INFO,
    config_type=PigConfig,
    action_type=Action,
    view_type=PigState,  # nothing is hidden: a seat's view is the state without its RNG
    rules=RULES,
    state_type=lambda rules: PigState,
    setup=setup,
    seat_count=lambda s: s.config.players,
    role=lambda s, seat: "player",
    to_act=to_act,
    legal_actions=legal_actions,
    apply=apply,
    view=lambda s, seat, rules: attrs.evolve(s, rng=Rng("00" * 32, 0)),
    outcome=outcome,
    resample_hidden=lambda s, seat, rng: attrs.evolve(s, rng=Rng(rng.split()[0].key, 0)),
    check_config=check_config,
    check_state=check_state,
)

GAMES: tuple[RulesGame[PigState, Action, PigState, PigConfig, PigRules], ...] = (
    DEFINITION.games()
)
GAME = GAMES[-1]
