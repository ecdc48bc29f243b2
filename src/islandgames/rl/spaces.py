"""One game and config as an RL problem: its action codec, its observation encoder,
and a running match (numpy-free: the environments wrap it in their spaces)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from ..core import serde
from ..core.errors import InvalidConfigError
from ..core.game import Game, Outcome
from ..core.registry import get_game
from .codec import ActionCodec
from .observation import ViewEncoder
from .tables import OBSERVATIONS, shapes

__all__ = ["ENV_OPTIONS", "REWARDS", "Match", "Problem", "action_codec", "problem"]

AnyGame = Game[Any, Any, Any, Any]
IllegalPolicy = Literal["lose", "raise"]

#: The reward of each result at the end of a game (0 on every other step).
REWARDS: dict[str, int] = {"win": 1, "loss": -1, "draw": 0}
#: The keywords of ``aec_env``/``gym_env`` that configure the environment, not the game.
ENV_OPTIONS = ("rules_version", "max_actions", "illegal_action", "render_mode")


class Problem:
    """A game under one config: its action space and its observation encoding."""

    def __init__(self, game: AnyGame, config: Any) -> None:
        self.game = game
        self.config = config
        gid = game.info.id
        self.codec = ActionCodec(gid, shapes(gid, config))
        spec = OBSERVATIONS[gid](config)
        # the class of a seat's views, from a first state (Gozer's views are a union of
        # a seat's and a spectator's; environments only ever encode a seat's)
        view_cls = type(game.view(game.new(0, config), 0))
        self.vocabulary = _vocabulary(game, self.codec, spec.words)
        self.encoder = ViewEncoder(view_cls, self.vocabulary, spec.caps, spec.default_cap)

    @property
    def seats(self) -> int:
        """The number of seats of a match under this config."""
        return self.game.seat_count(self.game.new(0, self.config))

    def __repr__(self) -> str:
        return (
            f"<Problem {self.game.info.id!r} actions={self.codec.size} "
            f"observation={self.encoder.size}>"
        )


def _vocabulary(game: AnyGame, codec: ActionCodec, words: tuple[str, ...]) -> tuple[str, ...]:
    """The roles, the strings of the action space (in its order) and ``words``."""
    found: dict[str, None] = {}  # insertion-ordered: the first occurrence fixes the number

    def add(value: Any) -> None:
        if isinstance(value, str):
            if value:
                found.setdefault(value)
        elif isinstance(value, tuple):
            for v in value:
                add(v)

    add(game.info.roles)
    for s in codec.shapes:
        for _, domain in s.domains:
            add(domain)
    add(words)
    return tuple(found)


def problem(game_id: str, **config: Any) -> Problem:
    """The :class:`Problem` of ``game_id`` with config fields ``config`` (missing ones
    take the game's defaults; ``rules_version`` picks a rules version)."""
    game, cfg, _ = split(game_id, config)
    return Problem(game, cfg)


def action_codec(game_id: str, **config: Any) -> ActionCodec:
    """The action space of ``game_id`` under ``config`` (as :func:`problem`)."""
    return problem(game_id, **config).codec


def split(game_id: str, kwargs: Mapping[str, Any]) -> tuple[AnyGame, Any, dict[str, Any]]:
    """The game, its config, and the environment options among ``kwargs``."""
    options = {k: v for k, v in kwargs.items() if k in ENV_OPTIONS}
    fields = {k: v for k, v in kwargs.items() if k not in ENV_OPTIONS}
    game = get_game(game_id, options.get("rules_version"))
    # decode_config fills the defaults and checks the values (lists become tuples)
    config = game.decode_config(serde.to_wire(fields))
    return game, config, options


class Match:
    """A match being played through an environment: the state, the actions taken, and
    what the environments read from it."""

    def __init__(self, problem: Problem, max_actions: int | None, illegal: str) -> None:
        if max_actions is not None and (
            isinstance(max_actions, bool) or not isinstance(max_actions, int) or max_actions < 1
        ):
            raise InvalidConfigError(
                f"max_actions must be a positive int or None, got {max_actions!r}"
            )
        if illegal not in ("lose", "raise"):
            raise InvalidConfigError(f"illegal_action must be 'lose' or 'raise', got {illegal!r}")
        self.problem = problem
        self.game = problem.game
        self.max_actions = max_actions
        self.illegal = illegal
        self.state: Any = None
        self.seed = 0
        self.actions = 0
        self.illegal_by: int | None = None

    def reset(self, seed: int) -> None:
        self.seed = seed
        self.state = self.game.new(seed, self.problem.config)
        self.actions = 0
        self.illegal_by = None

    @property
    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.state)

    @property
    def over(self) -> bool:
        """Ended by the rules, or by an illegal action under ``illegal_action="lose"``."""
        return self.illegal_by is not None or self.outcome is not None

    @property
    def truncated(self) -> bool:
        return not self.over and self.max_actions is not None and self.actions >= self.max_actions

    def current(self) -> int | None:
        """The seat that acts next: the first the game waits on (None: nobody)."""
        if self.over:
            return None
        waiting = self.game.to_act(self.state)
        return waiting[0] if waiting else None

    def legal(self, seat: int) -> tuple[Any, ...]:
        """``seat``'s legal actions if it acts next, else none (an optional interjection
        by another seat is only offered once that seat is the one to act)."""
        if self.current() != seat:
            return ()
        return self.game.legal_actions(self.state, seat)

    def mask(self, seat: int) -> tuple[int, ...]:
        """The indices of ``seat``'s legal actions."""
        return self.problem.codec.indices(self.legal(seat))

    def play(self, seat: int, index: int) -> bool:
        """Play action ``index`` for ``seat``; False (and the game lost for ``seat``,
        under ``illegal_action="lose"``) if it is not legal now."""
        codec = self.problem.codec
        legal = self.legal(seat)
        action = codec.actions[index] if 0 <= index < codec.size else None
        if action is None or index not in codec.indices(legal):
            if self.illegal == "raise":
                # the engine's own error says what was wrong
                self.game.apply(self.state, seat, codec.decode(index))
                raise AssertionError("unreachable: the engine accepted an illegal action")
            self.illegal_by = seat
            return False
        self.state = self.game.apply(self.state, seat, action)
        self.actions += 1
        return True

    def rewards(self) -> dict[int, int]:
        """Every seat's reward for the last step: the results once the game is over
        (an illegal action: -1 for its seat, 0 for the others), else 0."""
        seats = self.game.seats(self.state)
        if self.illegal_by is not None:
            return {s: -1 if s == self.illegal_by else 0 for s in seats}
        out = self.outcome
        if out is None:
            return dict.fromkeys(seats, 0)
        by_seat = {r.seat: REWARDS[r.result] for r in out.results}
        return {s: by_seat.get(s, 0) for s in seats}

    def observation(self, seat: int) -> list[int]:
        return self.problem.encoder.encode(self.game.view(self.state, seat))

    def info(self, seat: int) -> dict[str, Any]:
        """What ``infos[agent]`` holds: the structured view and the legal actions in
        wire form, the role, and the outcome once the game is over."""
        legal = self.legal(seat)
        out: dict[str, Any] = {
            "seat": seat,
            "role": self.game.role(self.state, seat),
            "view": serde.to_wire(self.game.view(self.state, seat)),
            "legal_actions": [serde.to_wire(a, self.game.action_type) for a in legal],
            "legal_indices": list(self.problem.codec.indices(legal)),
        }
        outcome = self.outcome
        if outcome is not None:
            out["outcome"] = serde.to_wire(outcome)
        if self.illegal_by is not None:
            out["illegal_action"] = self.illegal_by == seat
        return out
