"""The engine contract every game implements (DESIGN section 3).

A :class:`Game` holds no game state (at most a one-entry cache, invisible in results);
states are immutable attrs values. The base class supplies the checks that must be
identical for every game (seat range, game over, action type, legality) so that a game
only writes its rules.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, Generic, Literal, TypeVar, get_args

import attrs

from . import serde
from .errors import (
    DecodeError,
    GameOverError,
    IllegalActionError,
    InvalidConfigError,
    NotYourTurnError,
    SeatOutOfRangeError,
)
from .notation import describe_action, parse_action
from .rng import Rng

__all__ = [
    "Game",
    "GameInfo",
    "Outcome",
    "Result",
    "Seat",
    "SeatResult",
    "describe_action",
    "seat_error",
]

#: Seats are numbered from 0.
Seat = int
Result = Literal["win", "loss", "draw"]

S = TypeVar("S")
A = TypeVar("A")
V = TypeVar("V")
C = TypeVar("C")


@attrs.frozen(slots=True)
class SeatResult:
    """How one seat ended: ``win``, ``loss`` or ``draw``, with its score."""

    seat: int
    role: str
    result: Result
    score: int


@attrs.frozen(slots=True)
class Outcome:
    """The result of a finished game, per seat, and why it ended."""

    results: tuple[SeatResult, ...]
    reason: str

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats that won (empty if nobody did)."""
        return tuple(r.seat for r in self.results if r.result == "win")


@attrs.frozen(slots=True)
class GameInfo:
    """A game's contract: who plays, what kind of game it is, its config defaults."""

    id: str
    title: str
    rules_version: str
    min_seats: int
    max_seats: int
    roles: tuple[str, ...]
    chance: bool
    hidden_information: bool
    simultaneous: bool
    default_config: Any
    summary: str


def _unstructure_info(info: GameInfo) -> dict[str, Any]:
    out = {f.name: getattr(info, f.name) for f in attrs.fields(GameInfo)}
    out["roles"] = list(info.roles)
    out["default_config"] = serde.to_wire(info.default_config)
    return out


serde.converter.register_unstructure_hook(GameInfo, _unstructure_info)


class Game(ABC, Generic[S, A, V, C]):
    """One game's rules. Subclasses set the class attributes and the abstract methods.

    ``apply`` is a template: it rejects a finished game, an out-of-range seat, a
    non-action and an illegal action with precise errors before calling
    :meth:`_apply`, which may then assume the action is legal.
    """

    info: GameInfo
    state_type: type[S]
    action_type: Any  # the union of action classes
    view_type: Any  # the view class (or union of view classes)
    config_type: type[C]
    #: The game's scenario-setup class (None: it has none): an attrs class whose fields,
    #: all optional, fix parts of the setup that are otherwise drawn from the seed.
    setup_type: Any = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "action_type" in cls.__dict__:
            cls._action_classes = tuple(get_args(cls.action_type)) or (cls.action_type,)

    _action_classes: tuple[type, ...] = ()

    # --- life cycle ------------------------------------------------------------------

    def new(
        self, seed: int, config: C | Mapping[str, Any] | None = None, setup: Any = None
    ) -> S:
        """The initial state for ``seed`` and ``config``: the game's config object, a
        plain dict of some of its fields (the others take their defaults; see
        :meth:`make_config`), or None (the defaults).

        ``setup`` (an instance of :attr:`setup_type`; None: none) fixes parts of the
        setup, for tutorials, puzzles and tests: each of its fields that is not None
        replaces what the seed would draw (a deck order, a layout, a seating); the rest
        is drawn as usual. An impossible setup (not a permutation of the right cards,
        say) is an :class:`InvalidConfigError` saying why."""
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise InvalidConfigError(f"seed must be an int, got {type(seed).__name__}")
        if not 0 <= seed < 1 << 256:
            raise InvalidConfigError(f"seed must be in [0, 2**256), got {seed}")
        cfg = self.make_config(config)
        if setup is None:
            return self._new(Rng.from_seed(seed), cfg)
        if self.setup_type is None:
            raise InvalidConfigError(f"{self.info.id} has no scenario setups")
        if type(setup) is not self.setup_type:
            raise InvalidConfigError(
                f"{self.info.id} expects a {self.setup_type.__name__} setup, "
                f"got {type(setup).__name__}"
            )
        problem = serde.check_exact(setup)
        if problem is not None:
            raise InvalidConfigError(f"malformed {self.setup_type.__name__}: {problem}")
        return self._new_with_setup(Rng.from_seed(seed), cfg, setup)

    def make_config(self, config: C | Mapping[str, Any] | None = None) -> C:
        """The game's config object from ``config``, checked: None gives the defaults,
        a config object is itself, and a plain dict (or other mapping) of field names
        to wire values is decoded as the command line's ``--config``, the service and
        the RL environments decode one (:meth:`decode_config`: the missing fields take
        their defaults, lists become tuples). Anything wrong is an
        :class:`InvalidConfigError` naming it.

        >>> from islandgames import get_game
        >>> get_game("gozer").make_config({"players": 3})
        GozerConfig(players=3, round_limit=100, gozer_shot='banish')
        >>> try:
        ...     get_game("gozer").make_config({"player": 3})
        ... except InvalidConfigError as exc:
        ...     print(exc)
        gozer config has no field 'player' (its fields: players, round_limit, gozer_shot)
        """
        if config is None:
            cfg: Any = self.info.default_config
        elif isinstance(config, Mapping) and not isinstance(config, self.config_type):
            return self._config_from_map(config)
        else:
            cfg = config
        if not isinstance(cfg, self.config_type):
            raise InvalidConfigError(
                f"{self.info.id} expects a {self.config_type.__name__} config or a dict "
                f"of its fields, got {type(cfg).__name__}"
            )
        self.check_config(cfg)
        return cfg

    def _config_from_map(self, config: Mapping[Any, Any]) -> C:
        names = (
            tuple(f.name for f in attrs.fields(self.config_type))
            if attrs.has(self.config_type)
            else ()
        )
        unknown = [k for k in config if k not in names] if names else []
        if unknown:
            s = "s" if len(unknown) > 1 else ""
            shown = ", ".join(_short(k) for k in unknown[:6])
            more = f" and {len(unknown) - 6} more" if len(unknown) > 6 else ""
            raise InvalidConfigError(
                f"{self.info.id} config has no field{s} {shown}{more} "
                f"(its fields: {', '.join(names)})"
            )
        try:
            return self.decode_config(dict(config))
        except DecodeError as exc:
            why = str(exc).removeprefix(f"cannot decode {self.config_type.__name__}: ")
            raise InvalidConfigError(f"bad {self.info.id} config: {why}") from exc

    def check_config(self, config: C) -> None:
        """Raise :class:`InvalidConfigError` if ``config`` is out of range."""

    @abstractmethod
    def _new(self, rng: Rng, config: C) -> S: ...

    def _new_with_setup(self, rng: Rng, config: C, setup: Any) -> S:
        """The initial state with ``setup`` applied (games with a :attr:`setup_type`)."""
        raise InvalidConfigError(f"{self.info.id} has no scenario setups")

    @abstractmethod
    def seat_count(self, state: S) -> int:
        """How many seats this match has."""

    def seats(self, state: S) -> tuple[Seat, ...]:
        return tuple(range(self.seat_count(state)))

    @abstractmethod
    def role(self, state: S, seat: Seat) -> str:
        """The role name of ``seat`` in this match."""

    @abstractmethod
    def to_act(self, state: S) -> tuple[Seat, ...]:
        """Seats whose decision the game is waiting on (empty when over)."""

    @abstractmethod
    def legal_actions(self, state: S, seat: Seat) -> tuple[A, ...]:
        """Every legal action of ``seat``, in a fixed deterministic order."""

    def apply(self, state: S, seat: Seat, action: A) -> S:
        """The state after ``seat`` plays ``action``. Pure; raises on anything illegal."""
        if self.outcome(state) is not None:
            raise GameOverError(f"the {self.info.title} game is over; no action is accepted")
        n = self.seat_count(state)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise NotYourTurnError(f"seat must be an int in 0..{n - 1}, got {seat!r}")
        if type(action) not in self._action_classes:
            raise IllegalActionError(
                f"expected a {self.info.title} action "
                f"({', '.join(c.__name__ for c in self._action_classes)}), "
                f"got {type(action).__name__}"
            )
        # exactly the declared field types: Step(True) equals Step(1), so a legality
        # check alone would let it in, with a state that no log can reproduce
        problem = serde.check_exact(action)
        if problem is not None:
            raise IllegalActionError(f"malformed {serde.tag_of(type(action))} action: {problem}")
        if not self.is_legal(state, seat, action):
            legal = self.legal_actions(state, seat)
            if not legal:
                waiting = ", ".join(map(str, self.to_act(state))) or "nobody"
                raise NotYourTurnError(
                    f"seat {seat} has no decision to make now; waiting on seat(s) {waiting}"
                )
            raise IllegalActionError(
                f"{describe_action(action)} is not legal now for seat {seat}; legal: "
                + _list_actions(legal)
            )
        return self._apply(state, seat, action)

    def is_legal(self, state: S, seat: Seat, action: A) -> bool:
        """Whether ``action`` is among ``legal_actions`` (games may answer faster)."""
        return action in self.legal_actions(state, seat)

    @abstractmethod
    def _apply(self, state: S, seat: Seat, action: A) -> S: ...

    @abstractmethod
    def view(self, state: S, seat: Seat | None) -> V:
        """What ``seat`` may know (None: a spectator). Never contains RNG material."""

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """Per-seat results once the game is over, else None."""

    # --- hidden information ------------------------------------------------------------

    @abstractmethod
    def resample_hidden(self, state: S, seat: Seat | None, rng: Rng) -> S:
        """A state that ``seat`` cannot tell from ``state``: everything hidden from it
        redrawn at random. Used by the non-interference tests: the view must not change.
        """

    def sample_state(self, view: V, seat: Seat | None, rng: Rng) -> S:
        """A determinization of ``view`` (``seat``'s view; None: a spectator's): a full
        state, of this rules version's state class, that ``seat`` cannot tell from the
        real one (``self.view(sample, seat) == view``), every part hidden from it (deck
        orders, other seats' hands, the RNG key and so future chance) drawn at random
        from ``rng``, never from the real state: OpenSpiel's ResampleFromInfostate, for
        search bots (IS-MCTS). Counts match the view; drawn cards are exactly those the
        seat cannot account for. Raises NotImplementedError for a game without one."""
        raise NotImplementedError(
            f"{self.info.id} (rules {self.info.rules_version}) provides no sample_state: "
            "it cannot draw a full state from a view"
        )

    def redact_action(
        self, before: S, seat: Seat, action: A, viewer: Seat | None, now: S
    ) -> A | None:
        """The action as ``viewer`` may see it (None: entirely hidden) given the match
        has reached ``now``. Default: every action is public."""
        return action

    def check_state(self, state: S) -> None:
        """Raise :class:`DecodeError` if a decoded state is internally inconsistent."""

    # --- wire form ---------------------------------------------------------------------

    def decode_state(self, data: Any) -> S:
        """A state from its wire form; checked for type errors and consistency."""
        state: S = serde.from_wire(data, self.state_type)
        try:
            self.check_state(state)
        except DecodeError:
            raise
        except (ValueError, TypeError, IndexError, KeyError) as exc:
            raise DecodeError(f"inconsistent {self.info.id} state: {exc}") from exc
        return state

    def decode_action(self, data: Any) -> A:
        return serde.from_wire(data, self.action_type)  # type: ignore[no-any-return]

    def decode_view(self, data: Any) -> V:
        return serde.from_wire(data, self.view_type)  # type: ignore[no-any-return]

    def decode_config(self, data: Any) -> C:
        """A config from wire data; missing fields take their defaults."""
        if type(data) is not dict:
            raise DecodeError(f"config must be a map, got {type(data).__name__}")
        merged = dict(serde.to_wire(self.info.default_config))
        merged.pop("type", None)
        merged.update(data)
        config: C = serde.from_wire(merged, self.config_type)
        self.check_config(config)
        return config

    def decode_setup(self, data: Any) -> Any:
        """A scenario setup from its wire form (a map; missing fields are None)."""
        if self.setup_type is None:
            raise DecodeError(f"{self.info.id} has no scenario setups")
        if type(data) is not dict:
            raise DecodeError(f"setup must be a map, got {type(data).__name__}")
        return serde.from_wire(data, self.setup_type)

    def encode_action(self, action: A) -> Any:
        return serde.to_wire(action, self.action_type)

    # --- actions as text ---------------------------------------------------------------

    def parse_action(self, data: str | Mapping[str, Any] | A) -> A:
        """The typed action ``data`` names: its text as :meth:`format_action` writes it
        and ``islandgames play`` lists it (``"step(to=13)"``), its wire map
        (``{"type": "step", "to": 13}``, as in logs and over RPC), or an action of the
        game (returned as it is). :class:`ActionParseError` (a :class:`DecodeError`)
        names what is wrong; legality is checked by :meth:`apply`, not here. See
        :mod:`islandgames.core.notation`.

        >>> from islandgames import get_game
        >>> get_game("gozer").parse_action("step(to=13)")
        Step(to=13)
        """
        action: A = parse_action(self, data)
        return action

    def format_action(self, action: A) -> str:
        """The text of ``action`` that :meth:`parse_action` reads back (the command
        line's, the replay viewer's): its wire tag and its fields by name.

        >>> from islandgames import get_game
        >>> game = get_game("gozer")
        >>> game.format_action(game.parse_action({"type": "step", "to": 13}))
        'step(to=13)'
        """
        return describe_action(action)

    def __repr__(self) -> str:
        return f"<Game {self.info.id!r}>"


def _short(value: object, limit: int = 40) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def seat_error(
    game: Game[Any, Any, Any, Any], state: Any, seat: object, *, spectator: bool
) -> SeatOutOfRangeError | None:
    """None if ``seat`` is a seat of ``state`` (an int 0..n-1; also None, a spectator,
    if ``spectator``), else the :class:`SeatOutOfRangeError` saying why. The games'
    ``legal_actions`` and ``view`` make one int comparison on their hot path and ask
    here only when it fails (a seat of an int subclass, an IntEnum, is a seat too).

    >>> from islandgames import get_game
    >>> game = get_game("gozer")
    >>> print(seat_error(game, game.new(1), 9, spectator=True))
    gozer: seat 9 is out of range (this match has seats 0..3; None is a spectator)
    >>> print(seat_error(game, game.new(1), None, spectator=True))
    None
    """
    n = game.seat_count(state)
    seats = "only seat 0" if n == 1 else f"seats 0..{n - 1}"
    if seat is None:
        if spectator:
            return None
        return SeatOutOfRangeError(
            f"{game.info.id}: a spectator (None) has no actions; this match has {seats}"
        )
    if isinstance(seat, bool) or not isinstance(seat, int):
        also = " (or None: a spectator)" if spectator else ""
        return SeatOutOfRangeError(
            f"{game.info.id}: a seat is an int{also}, not {_short(seat)}; this match has "
            f"{seats}"
        )
    if 0 <= seat < n:
        return None
    also = "; None is a spectator" if spectator else ""
    return SeatOutOfRangeError(
        f"{game.info.id}: seat {seat} is out of range (this match has {seats}{also})"
    )


def _list_actions(actions: Sequence[Any], limit: int = 12) -> str:
    shown = [describe_action(a) for a in actions[:limit]]
    more = len(actions) - limit
    return ", ".join(shown) + (f" and {more} more" if more > 0 else "")
