"""Friday: Robinson's solo deck-builder (Friedemann Friese, 2011).

The contract comes first (``INFO`` and ``FridayConfig``), the rules after:
``data`` (the cards), ``state``, ``actions``, ``rules``, ``view``. The rules as
implemented, with every ruling, are in ``docs/friday.md``.

>>> state = GAME.new(seed=1, config=FridayConfig(level=2))
>>> len(state.stack), len(state.aging_stack), len(state.hazard_stack), len(state.offer)
(19, 9, 28, 2)
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


INFO = GameInfo(
    id="friday",
    title="Friday",
    rules_version="1.1",  # 1.1: see docs/friday.md, rules versions
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
from . import rules  # noqa: E402
from .actions import Action  # noqa: E402
from .state import FridayState  # noqa: E402
from .view import FridayView, resample_hidden, view  # noqa: E402


class FridayGame(Game[FridayState, Action, FridayView, FridayConfig]):
    """Friday for one seat (0, Robinson)."""

    info = INFO
    state_type = FridayState
    action_type = Action
    view_type = FridayView
    config_type = FridayConfig

    def check_config(self, config: FridayConfig) -> None:
        if type(config.level) is not int or not 1 <= config.level <= 4:
            raise InvalidConfigError(f"Friday level must be 1, 2, 3 or 4, got {config.level!r}")
        if config.empty_aging_stack not in ("defeat", "reshuffle"):
            raise InvalidConfigError(
                "empty_aging_stack must be 'defeat' or 'reshuffle', "
                f"got {config.empty_aging_stack!r}"
            )

    def _new(self, rng: Rng, config: FridayConfig) -> FridayState:
        return rules.new_state(rng, config)

    def seat_count(self, state: FridayState) -> int:
        return 1

    def role(self, state: FridayState, seat: int) -> str:
        return "robinson"

    def to_act(self, state: FridayState) -> tuple[int, ...]:
        return () if state.result is not None else (0,)

    def legal_actions(self, state: FridayState, seat: int) -> tuple[Action, ...]:
        return rules.legal_actions(state) if seat == 0 else ()

    def is_legal(self, state: FridayState, seat: int, action: Action) -> bool:
        return seat == 0 and rules.is_legal(state, action)

    def _apply(self, state: FridayState, seat: int, action: Action) -> FridayState:
        return rules.apply_action(state, action)

    def view(self, state: FridayState, seat: int | None) -> FridayView:
        return view(state, seat)

    def outcome(self, state: FridayState) -> Outcome | None:
        if state.result is None:
            return None
        result: Result = "win" if state.result == "won" else "loss"
        return Outcome((SeatResult(0, "robinson", result, rules.score(state)),), state.reason)

    def resample_hidden(self, state: FridayState, seat: int | None, rng: Rng) -> FridayState:
        return resample_hidden(state, seat, rng)

    def check_state(self, state: FridayState) -> None:
        try:
            self.check_config(state.config)
        except InvalidConfigError as exc:
            raise ValueError(str(exc)) from exc
        rules.check_state(state)


GAME = FridayGame()

from .render import render_view  # noqa: E402 - the CLI's optional hook

__all__ = ["GAME", "INFO", "FridayConfig", "FridayGame", "render_view"]
