"""Friday: Robinson's solo deck-builder (Friedemann Friese, 2011).

The contract comes first (``FridayConfig``, the rules versions ``RULES`` and ``INFO``),
the rules after: ``data`` (the cards), ``state``, ``actions``, ``rules``, ``view``. The
rules as implemented, with every ruling, are in ``docs/friday.md``.

``GAMES`` holds one game per rules version, oldest first; ``GAME`` is the newest.

>>> state = GAME.new(seed=1, config=FridayConfig(level=2))
>>> len(state.stack), len(state.aging_stack), len(state.hazard_stack), len(state.offer)
(19, 9, 28, 2)
>>> [g.info.rules_version for g in GAMES]
['1.0', '1.1', '1.2']
"""

from __future__ import annotations

from typing import Literal

import attrs

from ...core.game import GameInfo


@attrs.frozen(slots=True)
class FridayConfig:
    """``level`` 1-4 (F14); what happens when Robinson's stack must be reshuffled and
    no aging card is left (F9): ``"defeat"`` (later official rule) or ``"reshuffle"``."""

    level: int = 1
    empty_aging_stack: Literal["defeat", "reshuffle"] = "defeat"


@attrs.frozen(slots=True)
class FridayRules:
    """What one rules version does where the versions differ: one flag per change, named
    after what the newer rule does (docs/friday.md, rules versions).

    ``exchange_leaves_fight_first`` (I7, F9, F11; 1.1): the exchanged card leaves the
    fight before its replacement is drawn, so a draw that ends the game (F9 defeat) does
    not discard it a second time with the fight cards (1.0 counted it twice in the score).

    ``records_face_down_aging`` (F14; 1.1): the state records the level-2 face-down aging
    card (``face_down_aging``, ``aging_looked``) and the views hide it by that record; in
    1.0 the state has neither field and the views derive it, which loses it while a sort
    holds it across a rebuild of the stack.

    ``won_fight_stays_won`` (F5, F11, I16; 1.1): a fight won and then lost to the aging
    cards' life loss settles as won (the hazard becomes Robinson's card, the pirate counts
    as beaten) before the game is lost; 1.0 ended the game as a lost fight.

    ``sort_looks_before_discard`` (I9; 1.2): as at the table, a sort looks at all its
    cards first and then discards at most one, so looking ends once a card is discarded;
    1.0 and 1.1 let a look follow the discard, and a look that rebuilt the stack could
    shuffle the discarded card back in and draw it into the same sort.
    """

    version: str
    exchange_leaves_fight_first: bool
    records_face_down_aging: bool
    won_fight_stays_won: bool
    sort_looks_before_discard: bool


#: Every rules version Friday has shipped, oldest first. Data: a shipped row is never
#: edited (logs played under it must replay forever); a change of rules is a new row.
RULES: tuple[FridayRules, ...] = (
    FridayRules(
        "1.0",
        exchange_leaves_fight_first=False,
        records_face_down_aging=False,
        won_fight_stays_won=False,
        sort_looks_before_discard=False,
    ),
    FridayRules(  # 2026-11-30
        "1.1",
        exchange_leaves_fight_first=True,
        records_face_down_aging=True,
        won_fight_stays_won=True,
        sort_looks_before_discard=False,
    ),
    FridayRules(  # 2026-12-01
        "1.2",
        exchange_leaves_fight_first=True,
        records_face_down_aging=True,
        won_fight_stays_won=True,
        sort_looks_before_discard=True,
    ),
)

#: The contract under the newest rules (each game of ``GAMES`` has its own rules_version).
INFO = GameInfo(
    id="friday",
    title="Friday",
    rules_version=RULES[-1].version,
    min_seats=1,
    max_seats=1,
    roles=("robinson",),
    chance=True,
    hidden_information=True,
    simultaneous=False,
    default_config=FridayConfig(),
    summary=(
        "Solo deck-builder: Robinson fights hazards to improve his deck, ages, "
        "and must beat two pirate ships to leave the island."
    ),
)

# The modules below import the contract above.
from ...core.errors import InvalidConfigError  # noqa: E402
from ...core.game import Game, Outcome, Result, SeatResult  # noqa: E402
from ...core.rng import Rng  # noqa: E402
from . import rules as _rules  # noqa: E402
from .actions import Action  # noqa: E402
from .state import FridayState, state_class  # noqa: E402
from .view import FridayView, resample_hidden, view  # noqa: E402


class FridayGame(Game[FridayState, Action, FridayView, FridayConfig]):
    """Friday for one seat (0, Robinson), under ``rules`` (one row of :data:`RULES`).
    Stateless: games of several versions may be used at once, from any thread."""

    info = INFO
    state_type = FridayState
    action_type = Action
    view_type = FridayView
    config_type = FridayConfig

    def __init__(self, rules: FridayRules) -> None:
        self.rules = rules
        self.info = attrs.evolve(INFO, rules_version=rules.version)
        self.state_type = state_class(rules)

    def check_config(self, config: FridayConfig) -> None:
        if type(config.level) is not int or not 1 <= config.level <= 4:
            raise InvalidConfigError(f"Friday level must be 1, 2, 3 or 4, got {config.level!r}")
        if config.empty_aging_stack not in ("defeat", "reshuffle"):
            raise InvalidConfigError(
                "empty_aging_stack must be 'defeat' or 'reshuffle', "
                f"got {config.empty_aging_stack!r}"
            )

    def _new(self, rng: Rng, config: FridayConfig) -> FridayState:
        return _rules.new_state(rng, config, self.rules)

    def seat_count(self, state: FridayState) -> int:
        return 1

    def role(self, state: FridayState, seat: int) -> str:
        return "robinson"

    def to_act(self, state: FridayState) -> tuple[int, ...]:
        return () if state.result is not None else (0,)

    def legal_actions(self, state: FridayState, seat: int) -> tuple[Action, ...]:
        return _rules.legal_actions(state, self.rules) if seat == 0 else ()

    def is_legal(self, state: FridayState, seat: int, action: Action) -> bool:
        return seat == 0 and _rules.is_legal(state, action, self.rules)

    def _apply(self, state: FridayState, seat: int, action: Action) -> FridayState:
        return _rules.apply_action(state, action, self.rules)

    def view(self, state: FridayState, seat: int | None) -> FridayView:
        return view(state, seat, self.rules)

    def outcome(self, state: FridayState) -> Outcome | None:
        if state.result is None:
            return None
        result: Result = "win" if state.result == "won" else "loss"
        return Outcome((SeatResult(0, "robinson", result, _rules.score(state)),), state.reason)

    def resample_hidden(self, state: FridayState, seat: int | None, rng: Rng) -> FridayState:
        return resample_hidden(state, seat, rng, self.rules)

    def check_state(self, state: FridayState) -> None:
        if type(state) is not self.state_type:
            raise ValueError(
                f"a rules {self.rules.version} state is a {self.state_type.__name__}, "
                f"got a {type(state).__name__}"
            )
        try:
            self.check_config(state.config)
        except InvalidConfigError as exc:
            raise ValueError(str(exc)) from exc
        _rules.check_state(state, self.rules)


#: One game per rules version, oldest first (the registry serves each by its version).
GAMES: tuple[FridayGame, ...] = tuple(FridayGame(r) for r in RULES)
GAME = GAMES[-1]

from .render import render_view  # noqa: E402 - the CLI's optional hook

__all__ = [
    "GAME",
    "GAMES",
    "INFO",
    "RULES",
    "FridayConfig",
    "FridayGame",
    "FridayRules",
    "render_view",
]
