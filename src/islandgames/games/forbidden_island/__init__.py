"""Forbidden Island: the co-operative treasure hunt (Matt Leacock, Gamewright 2010).

The contract comes first (``INFO`` and ``ForbiddenIslandConfig``), the rules after:
``data`` (the components), ``state``, ``actions``, ``rules``, ``view``. The rules as
implemented, with every ruling, are in ``docs/forbidden-island.md``.

>>> state = GAME.new(seed=1, config=ForbiddenIslandConfig(players=3, difficulty="elite"))
>>> len(state.pawns), state.water_level, [len(h) for h in state.hands]
(3, 3, [2, 2, 2])
>>> sum(t == "flooded" for t in state.tiles), len(state.flood_deck)
(6, 18)
"""

from __future__ import annotations

import attrs

from ...core.game import GameInfo
from .data import ADVENTURER_IDS, Difficulty


@attrs.frozen(slots=True)
class ForbiddenIslandConfig:
    """``players`` 2-4 (I17); ``difficulty`` sets the starting water level (novice 1,
    normal 2, elite 3, legendary 4); ``adventurers``: one distinct adventurer id per
    seat, or empty to deal them at random; ``first_player``: a seat, or None for a
    random one (I12); ``layout``: the island shape (I16: ``"standard"``)."""

    players: int = 4
    difficulty: Difficulty = "normal"
    adventurers: tuple[str, ...] = ()
    first_player: int | None = None
    layout: str = "standard"


INFO = GameInfo(
    id="forbidden-island",
    title="Forbidden Island",
    rules_version="1.0",
    min_seats=2,
    max_seats=4,
    roles=ADVENTURER_IDS,
    chance=True,
    hidden_information=True,
    simultaneous=False,
    default_config=ForbiddenIslandConfig(),
    summary=(
        "Co-operative: 2-4 adventurers capture four treasures from a sinking island "
        "and lift off from Fools' Landing before the water rises too high."
    ),
)

from ...core.game import Game, Outcome, Seat, SeatResult  # noqa: E402
from ...core.rng import Rng  # noqa: E402
from . import rules  # noqa: E402
from .actions import Action  # noqa: E402
from .state import ForbiddenIslandState  # noqa: E402
from .view import ForbiddenIslandView, build_view, resample_hidden  # noqa: E402


class ForbiddenIslandGame(
    Game[ForbiddenIslandState, Action, ForbiddenIslandView, ForbiddenIslandConfig]
):
    """The engine contract for Forbidden Island."""

    info = INFO
    state_type = ForbiddenIslandState
    action_type = Action
    config_type = ForbiddenIslandConfig
    view_type = ForbiddenIslandView

    def check_config(self, config: ForbiddenIslandConfig) -> None:
        rules.check_config(config)

    def _new(self, rng: Rng, config: ForbiddenIslandConfig) -> ForbiddenIslandState:
        return rules.setup(rng, config)

    def seat_count(self, state: ForbiddenIslandState) -> int:
        return len(state.adventurers)

    def role(self, state: ForbiddenIslandState, seat: Seat) -> str:
        return state.adventurers[seat]

    def to_act(self, state: ForbiddenIslandState) -> tuple[Seat, ...]:
        return rules.requirement(state)[1]

    def legal_actions(self, state: ForbiddenIslandState, seat: Seat) -> tuple[Action, ...]:
        return rules.legal_actions(state, seat)

    def is_legal(self, state: ForbiddenIslandState, seat: Seat, action: Action) -> bool:
        return rules.is_legal(state, seat, action)

    def _apply(
        self, state: ForbiddenIslandState, seat: Seat, action: Action
    ) -> ForbiddenIslandState:
        return rules.apply(state, seat, action)

    def view(self, state: ForbiddenIslandState, seat: Seat | None) -> ForbiddenIslandView:
        return build_view(state, seat, rules.requirement(state)[1])

    def outcome(self, state: ForbiddenIslandState) -> Outcome | None:
        if not state.ended:
            return None
        won = state.ended == ("won",)
        score = len(state.captured)
        results = tuple(
            SeatResult(seat, adv, "win" if won else "loss", score)
            for seat, adv in enumerate(state.adventurers)
        )
        texts = "; ".join(rules.reason_text(code, state) for code in state.ended)
        return Outcome(results, ("won: " if won else "lost: ") + texts)

    def resample_hidden(
        self, state: ForbiddenIslandState, seat: Seat | None, rng: Rng
    ) -> ForbiddenIslandState:
        return resample_hidden(state, seat, rng)

    def check_state(self, state: ForbiddenIslandState) -> None:
        rules.check_state(state)


#: One game per rules version, oldest first (one so far); GAME is the newest.
GAMES: tuple[ForbiddenIslandGame, ...] = (ForbiddenIslandGame(),)
GAME = GAMES[-1]

__all__ = ["GAME", "GAMES", "INFO", "ForbiddenIslandConfig", "ForbiddenIslandGame"]
