"""Not Alone (Ghislain Masson, Geek Attitude Games 2016): 1 Creature vs 1-6 Hunted.

The contract comes first (``NotAloneConfig``, the rules versions ``RULES`` and ``INFO``),
the rules after: ``data`` (places, cards, tracks), ``state``, ``actions``, ``rules``,
``view``. The rules as implemented, with every ruling, are in ``docs/not-alone.md``.

``GAMES`` holds one game per rules version, oldest first; ``GAME`` is the newest.

Seat ``creature_seat`` (default 0) is the Creature; the Hunted sit at the following
seats clockwise, so with the default config the Hunted are seats 1..hunted.

>>> state = GAME.new(seed=1)
>>> GAME.seat_count(state), GAME.role(state, 0), GAME.role(state, 1)
(4, 'creature', 'hunted')
>>> state.rescue, state.assimilation, [h.hand for h in state.hunted][0]
(15, 9, (1, 2, 3, 4, 5))
>>> [g.info.rules_version for g in GAMES]
['1.0', '1.1']
"""

from __future__ import annotations

from typing import Literal

import attrs

from ...core.game import GameInfo


@attrs.frozen(slots=True)
class NotAloneConfig:
    """``hunted``: number of Hunted (1-6; seats = hunted + 1). ``board``: the board side,
    ``"a"`` (Artemia symbols 1-6 spaces from the star) or ``"b"`` (1, 3, 5, 7, 9, 11)
    (N20). ``creature_seat``: the Creature's seat (N25). ``exhausted_will``: the Will a
    Hunted exhausted in the Reckoning returns to (3; the designer's expert variant
    uses 2)."""

    hunted: int = 3
    board: Literal["a", "b"] = "a"
    creature_seat: int = 0
    exhausted_will: int = 3


@attrs.frozen(slots=True)
class NotAloneRules:
    """What one rules version does where the versions differ: one flag per change, named
    after what the newer rule does (docs/not-alone.md, rules versions).

    ``window_after_survival_draw`` (E13, E28, rules note 1.3 Shelter; 1.1): a Hunted who
    draws a Survival card while resolving a place in the Reckoning (the Shelter, the
    Source, or a copy of them) may at once play a phase-3 Survival card (Detector, Dodge,
    Hologram, Wrong Track) before the resolution goes on, as the reference implementation
    does (``playSurvivalCardDrawn``); the places the card frees are then resolved too. In
    1.0 no card window opens once the resolution has started.

    ``phase1_cards_take_back_commits`` (E2, E4, N15, rules note 3.1; 1.1): the Creature's
    phase-1 window stays open while the Hunted explore, and Despair, Force Field (or a
    Flashback of them) and Sacrifice played after some Hunted committed make every
    committed Hunted take their card(s) back and choose again, as the reference
    implementation does (``cancelExploration``); the withdrawn commit stays masked in
    per-seat logs (``withdrawn``). In 1.0 the Creature's window comes first and a commit
    is final, even under a later Sacrifice.
    """

    version: str
    window_after_survival_draw: bool
    phase1_cards_take_back_commits: bool


#: Every rules version Not Alone has shipped, oldest first. Data: a shipped row is never
#: edited (logs played under it must replay forever); a change of rules is a new row.
RULES: tuple[NotAloneRules, ...] = (
    NotAloneRules(
        "1.0",
        window_after_survival_draw=False,
        phase1_cards_take_back_commits=False,
    ),
    NotAloneRules(  # 2026-12-01
        "1.1",
        window_after_survival_draw=True,
        phase1_cards_take_back_commits=True,
    ),
)

#: The contract under the newest rules (each game of ``GAMES`` has its own rules_version).
INFO = GameInfo(
    id="not-alone",
    title="Not Alone",
    rules_version=RULES[-1].version,
    min_seats=2,
    max_seats=7,
    roles=("creature", "hunted"),
    chance=True,
    hidden_information=True,
    simultaneous=True,
    default_config=NotAloneConfig(),
    summary=(
        "Hidden-movement duel on the planet Artemia: the Hunted secretly pick places to "
        "explore while the Creature guesses where to hunt; Rescue races Assimilation."
    ),
)

# The modules below import the contract above.
from ...core.errors import InvalidConfigError  # noqa: E402
from ...core.game import Game, Outcome, SeatResult  # noqa: E402
from ...core.rng import Rng  # noqa: E402
from . import rules  # noqa: E402
from .actions import Action  # noqa: E402
from .state import NotAloneState, state_class  # noqa: E402
from .view import NotAloneView, redact_action, resample_hidden, view  # noqa: E402


class NotAloneGame(Game[NotAloneState, Action, NotAloneView, NotAloneConfig]):
    """Not Alone for 2-7 seats: one Creature, the other seats Hunted, under ``rules`` (one
    row of :data:`RULES`). Stateless: games of several versions may be used at once, from
    any thread."""

    info = INFO
    state_type = NotAloneState
    action_type = Action
    view_type = NotAloneView
    config_type = NotAloneConfig

    def __init__(self, rules: NotAloneRules) -> None:
        self.rules = rules
        self.info = attrs.evolve(INFO, rules_version=rules.version)
        self.state_type = state_class(rules)

    def check_config(self, config: NotAloneConfig) -> None:
        h = config.hunted
        if type(h) is not int or not 1 <= h <= 6:
            raise InvalidConfigError(f"Not Alone needs 1-6 Hunted, got {h!r}")
        if config.board not in ("a", "b"):
            raise InvalidConfigError(f"board must be 'a' or 'b', got {config.board!r}")
        c = config.creature_seat
        if type(c) is not int or not 0 <= c <= h:
            raise InvalidConfigError(f"creature_seat must be in 0..{h}, got {c!r}")
        w = config.exhausted_will
        if type(w) is not int or not 1 <= w <= 3:
            raise InvalidConfigError(f"exhausted_will must be 1, 2 or 3, got {w!r}")

    def _new(self, rng: Rng, config: NotAloneConfig) -> NotAloneState:
        return rules.new_state(rng, config, self.rules)

    def seat_count(self, state: NotAloneState) -> int:
        return len(state.hunted) + 1

    def role(self, state: NotAloneState, seat: int) -> str:
        return "creature" if seat == state.config.creature_seat else "hunted"

    def to_act(self, state: NotAloneState) -> tuple[int, ...]:
        return rules.to_act(state)

    def legal_actions(self, state: NotAloneState, seat: int) -> tuple[Action, ...]:
        return tuple(rules.legal_actions(state, seat))

    def is_legal(self, state: NotAloneState, seat: int, action: Action) -> bool:
        return rules.is_legal(state, seat, action)

    def _apply(self, state: NotAloneState, seat: int, action: Action) -> NotAloneState:
        return rules.apply_action(state, seat, action, self.rules)

    def view(self, state: NotAloneState, seat: int | None) -> NotAloneView:
        return view(state, seat)

    def outcome(self, state: NotAloneState) -> Outcome | None:
        if not state.winner:
            return None
        results = []
        for seat in range(len(state.hunted) + 1):
            role = self.role(state, seat)
            won = (role == "creature") == (state.winner == "creature")
            results.append(SeatResult(seat, role, "win" if won else "loss", 1 if won else 0))
        reason = "rescue" if state.winner == "hunted" else "assimilation"
        return Outcome(tuple(results), reason)

    def resample_hidden(self, state: NotAloneState, seat: int | None, rng: Rng) -> NotAloneState:
        return resample_hidden(state, seat, rng)

    def redact_action(
        self,
        before: NotAloneState,
        seat: int,
        action: Action,
        viewer: int | None,
        now: NotAloneState,
    ) -> Action | None:
        return redact_action(before, seat, action, viewer, now, self.rules)

    def check_state(self, state: NotAloneState) -> None:
        if type(state) is not self.state_type:
            raise ValueError(
                f"a rules {self.rules.version} state is a {self.state_type.__name__}, "
                f"got a {type(state).__name__}"
            )
        try:
            self.check_config(state.config)
        except InvalidConfigError as exc:
            raise ValueError(str(exc)) from exc
        rules.check_state(state, self.rules)


#: One game per rules version, oldest first (the registry serves each by its version).
GAMES: tuple[NotAloneGame, ...] = tuple(NotAloneGame(r) for r in RULES)
GAME = GAMES[-1]

__all__ = ["GAME", "GAMES", "INFO", "RULES", "NotAloneConfig", "NotAloneGame", "NotAloneRules"]
