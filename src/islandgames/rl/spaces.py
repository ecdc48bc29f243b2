"""One game and config as an RL problem: its action codec, its observation encoder,
and a running match (numpy-free: the environments wrap it in their spaces)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from ..core import serde
from ..core.errors import InvalidConfigError
from ..core.game import Game, Outcome
from ..core.kit import RulesGame
from ..core.registry import get_game
from .codec import ActionCodec
from .lazy import LAZY, LazyInfo
from .observation import ViewEncoder
from .tables import OBSERVATIONS, shapes

__all__ = ["ENV_OPTIONS", "REWARDS", "Match", "Moment", "Problem", "action_codec", "problem"]

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
    what the environments read from it.

    What the environments read about the current state (its outcome, the seat to act,
    that seat's legal actions and their indices, the views) is worked out once per
    state and kept until the state changes: one entry each, held with the state object
    itself (states are immutable, so it cannot change under the entry). A step that
    plays an index plays the very legal action object found for it, with no second
    legality check (the index was checked against the legal actions just listed)."""

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
        self._seat_list: tuple[int, ...] = ()
        # a legal action the rules listed for this very state and seat needs no
        # re-check: a RulesGame's apply skips it for that very object (it remembers the
        # last legal_actions answer); other games get the full apply
        game = self.game
        self._apply = game._apply if isinstance(game, RulesGame) else game.apply
        # the facts of one state (see the class doc); _at: the state they are of
        self._at: Any = _NONE
        self._outcome: Outcome | None = None
        self._seat: int | None = None
        self._legal: tuple[Any, ...] | None = None
        self._indices: tuple[int, ...] = ()
        self._views: dict[int | None, tuple[Any, Any]] = {}

    def reset(self, seed: int) -> None:
        self.seed = seed
        self.state = self.game.new(seed, self.problem.config)
        self.actions = 0
        self.illegal_by = None
        self._seat_list = self.game.seats(self.state)

    def _sync(self) -> None:
        """Work out the outcome and the seat to act of a new state."""
        state = self.state
        outcome = self.game.outcome(state)
        seat = None
        if outcome is None:
            waiting = self.game.to_act(state)
            seat = waiting[0] if waiting else None
        self._outcome, self._seat, self._legal, self._at = outcome, seat, None, state

    @property
    def outcome(self) -> Outcome | None:
        if self.state is not self._at:
            self._sync()
        return self._outcome

    @property
    def over(self) -> bool:
        """Ended by the rules, or by an illegal action under ``illegal_action="lose"``."""
        if self.illegal_by is not None:
            return True
        if self.state is not self._at:
            self._sync()
        return self._outcome is not None

    @property
    def truncated(self) -> bool:
        limit = self.max_actions
        return limit is not None and self.actions >= limit and not self.over

    def current(self) -> int | None:
        """The seat that acts next: the first the game waits on (None: nobody)."""
        if self.illegal_by is not None:
            return None
        if self.state is not self._at:
            self._sync()
        return self._seat

    def _legal_now(self) -> tuple[Any, ...]:
        """The legal actions of the seat to act (the state synced), with their indices."""
        legal = self._legal
        if legal is None:
            seat = self._seat
            legal = () if seat is None else self.game.legal_actions(self.state, seat)
            self._indices = self.problem.codec.indices(legal)
            self._legal = legal
        return legal

    def legal(self, seat: int) -> tuple[Any, ...]:
        """``seat``'s legal actions if it acts next, else none (an optional interjection
        by another seat is only offered once that seat is the one to act)."""
        if self.current() != seat:
            return ()
        return self._legal_now()

    def mask(self, seat: int) -> tuple[int, ...]:
        """The indices of ``seat``'s legal actions."""
        if self.current() != seat:
            return ()
        self._legal_now()
        return self._indices

    def play(self, seat: int, index: int) -> bool:
        """Play action ``index`` for ``seat``; False (and the game lost for ``seat``,
        under ``illegal_action="lose"``) if it is not legal now."""
        legal = self.legal(seat)
        try:  # the legal action at that index (the first, if the rules list it twice)
            action = legal[self._indices.index(index)] if legal else None
        except ValueError:
            action = None
        if action is None:
            if self.illegal == "raise":
                # the engine's own error says what was wrong
                self.game.apply(self.state, seat, self.problem.codec.decode(index))
                raise AssertionError("unreachable: the engine accepted an illegal action")
            self.illegal_by = seat
            return False
        self.state = self._apply(self.state, seat, action)
        self.actions += 1
        return True

    def rewards(self) -> dict[int, int]:
        """Every seat's reward for the last step: the results once the game is over
        (an illegal action: -1 for its seat, 0 for the others), else 0."""
        seats = self._seat_list
        if self.illegal_by is not None:
            return {s: -1 if s == self.illegal_by else 0 for s in seats}
        out = self.outcome
        if out is None:
            return dict.fromkeys(seats, 0)
        by_seat = {r.seat: REWARDS[r.result] for r in out.results}
        return {s: by_seat.get(s, 0) for s in seats}

    def view(self, seat: int | None) -> Any:
        """``game.view(state, seat)``, kept for the state (one entry per seat)."""
        state = self.state
        kept = self._views.get(seat)
        if kept is not None and kept[0] is state:
            return kept[1]
        view = self.game.view(state, seat)
        self._views[seat] = (state, view)
        return view

    def observation(self, seat: int) -> list[int]:
        return self.problem.encoder.encode(self.view(seat))

    def info(self, seat: int) -> dict[str, Any]:
        """What ``infos[agent]`` holds: the structured view and the legal actions in
        wire form, the role, and the outcome once the game is over."""
        legal = self.legal(seat)
        out: dict[str, Any] = {
            "seat": seat,
            "role": self.game.role(self.state, seat),
            "view": serde.to_wire(self.view(seat)),
            "legal_actions": [serde.to_wire(a, self.game.action_type) for a in legal],
            "legal_indices": list(self.mask(seat)),
        }
        outcome = self.outcome
        if outcome is not None:
            out["outcome"] = serde.to_wire(outcome)
        if self.illegal_by is not None:
            out["illegal_action"] = self.illegal_by == seat
        return out

    def moment(self) -> Moment:
        """The facts of the current step, for infos read later (:meth:`Moment.info`)."""
        seat = self.current()
        legal = self._legal_now() if seat is not None else ()
        return Moment(self, self.state, seat, legal, self._indices, self.illegal_by)


class Moment:
    """One step of a match as the infos of that step read it, whenever they are read:
    :meth:`info` is :meth:`Match.info` made lazily (:class:`~.lazy.LazyInfo`)."""

    __slots__ = ("illegal_by", "indices", "legal", "match", "outcome", "seat", "state")

    def __init__(
        self,
        match: Match,
        state: Any,
        seat: int | None,
        legal: tuple[Any, ...],
        indices: tuple[int, ...],
        illegal_by: int | None,
    ) -> None:
        self.match = match
        self.state = state
        self.seat = seat  # the seat to act (None: nobody)
        self.legal = legal
        self.indices = indices if legal else ()
        self.illegal_by = illegal_by
        self.outcome = match.outcome

    def info(self, seat: int) -> LazyInfo:
        """``seat``'s info: the same keys and values as :meth:`Match.info` at this step,
        each value made when first read."""
        items: dict[str, Any] = {
            "seat": seat,
            "role": LAZY,
            "view": LAZY,
            "legal_actions": LAZY,
            "legal_indices": LAZY,
        }
        if self.outcome is not None:
            items["outcome"] = LAZY
        if self.illegal_by is not None:
            items["illegal_action"] = self.illegal_by == seat
        return LazyInfo(lambda key: self.make(seat, key), items)

    def make(self, seat: int, key: str) -> Any:
        """The value of ``key`` in ``seat``'s info."""
        game = self.match.game
        if key == "view":
            kept = self.match._views.get(seat)
            view = kept[1] if kept is not None and kept[0] is self.state else None
            return serde.to_wire(game.view(self.state, seat) if view is None else view)
        if key == "legal_actions":
            legal = self.legal if seat == self.seat else ()
            return [serde.to_wire(a, game.action_type) for a in legal]
        if key == "legal_indices":
            return list(self.indices) if seat == self.seat else []
        if key == "role":
            return game.role(self.state, seat)
        if key == "outcome":
            return serde.to_wire(self.outcome)
        raise KeyError(key)  # pragma: no cover - info() makes only these lazy


#: stands for "no state yet" in a match's facts
_NONE: Any = object()


def ansi(game: Any, state: Any, seat: int | None, actions: int, head: str) -> str:
    """The ``ansi`` render of an environment: a heading line, then the game's text view
    of ``seat`` (its ``render_text`` hook, as ``islandgames play`` shows it), or the
    view's repr for a game that has none."""
    from ..render import NoRendererError, render_text

    view = game.view(state, seat)
    try:
        body = render_text(view, game=game)
    except NoRendererError:
        body = repr(view)
    return f"{game.info.id} after {actions} actions{head}\n{body}"
