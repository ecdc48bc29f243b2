"""Bots: players that choose from a seat's view and legal actions only.

A bot never sees the state, only what its seat may know, so a bot cannot cheat.

>>> from islandgames.bots import get_bot, play
>>> result = play("friday", seed=3, bots=get_bot("friday", "random"))
>>> result.outcome is not None and result.actions > 0
True

A bot is asked for by a *spec*: its name, or its name and parameters,
``NAME:key=value,key=value`` (``random`` and ``mcts`` exist for every game; only
``mcts`` takes parameters, see :mod:`islandgames.bots.mcts`):

>>> get_bot("gozer", "mcts:iterations=50,rollout=random").iterations
50
>>> parse_bot_spec("mcts:iterations=400,exploration=0.5")
('mcts', {'iterations': '400', 'exploration': '0.5'})
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

import attrs

from ..core.game import Game, Outcome, Seat
from ..core.registry import get_game
from ..core.rng import Rng
from ._budget import (
    Budget,
    BudgetExceededError,
    SearchCancelledError,
    SearchStoppedError,
    current_budget,
)

__all__ = [
    "Bot",
    "Budget",
    "BudgetExceededError",
    "GameResult",
    "Interjector",
    "RandomBot",
    "SearchCancelledError",
    "SearchStoppedError",
    "bot_names",
    "current_budget",
    "get_bot",
    "interjection",
    "parse_bot_spec",
    "play",
    "register_bot",
    "unregister_bot",
]


@runtime_checkable
class Bot(Protocol):
    """Chooses one of ``legal`` for ``seat`` from its ``view``; returns it and the
    advanced RNG (bots draw randomness only from the ``rng`` they are given)."""

    name: str

    def choose(
        self, game: Game[Any, Any, Any, Any], view: Any, legal: Sequence[Any], rng: Rng
    ) -> tuple[Any, Rng]: ...


@runtime_checkable
class Interjector(Protocol):
    """A bot that may also act when the game is not waiting on its seat: the optional
    interjections a game allows out of turn (Forbidden Island's special cards, DESIGN
    section 3) appear as legal actions of a seat that ``to_act`` does not list.
    ``interject`` returns one of ``legal`` to play now, or None to let the game go on."""

    def interject(
        self, game: Game[Any, Any, Any, Any], view: Any, legal: Sequence[Any], rng: Rng
    ) -> tuple[Any | None, Rng]: ...


def interjection(
    game: Game[Any, Any, Any, Any],
    state: Any,
    next_seat: Seat,
    bots: Bot | Mapping[Seat, Bot],
    rngs: dict[Seat, Rng],
) -> tuple[Seat, Any] | None:
    """The interjection, if any, that a seat other than ``next_seat`` (the one about to
    be asked) plays now: seats are offered in seat order, only those whose bot is an
    :class:`Interjector` and that have legal actions; the first that plays one wins
    (``rngs`` holds each seat's RNG and is advanced for each seat asked)."""
    for seat in game.seats(state):
        if seat == next_seat:
            continue
        bot = bots if isinstance(bots, Bot) else bots.get(seat)
        interject = getattr(bot, "interject", None)
        if interject is None:
            continue
        legal = game.legal_actions(state, seat)
        if not legal:
            continue
        action, rngs[seat] = interject(game, game.view(state, seat), legal, rngs[seat])
        if action is not None:
            return seat, action
    return None


class RandomBot:
    """Uniformly random among the legal actions."""

    name = "random"

    def choose(
        self, game: Game[Any, Any, Any, Any], view: Any, legal: Sequence[Any], rng: Rng
    ) -> tuple[Any, Rng]:
        return rng.choice(legal)


# (game id, bot name) -> "module:attribute" of a Bot class, or a factory; "random" and
# "mcts" (built in) work for every game.
_BOTS: dict[tuple[str, str], str | Callable[[], Bot]] = {
    ("friday", "heuristic"): "islandgames.bots.friday:HeuristicBot",
    ("forbidden-island", "heuristic"): "islandgames.bots.forbidden_island:HeuristicBot",
    ("not-alone", "heuristic"): "islandgames.bots.not_alone:HeuristicBot",
    ("gozer", "heuristic"): "islandgames.bots.gozer:HeuristicBot",
}


def register_bot(
    game_id: str, name: str, bot: str | Callable[[], Bot], *, replace: bool = False
) -> None:
    """Register a bot for ``game_id`` under ``name``: ``"module:attribute"`` of a Bot
    class (imported when first asked for) or a factory returning a new Bot. A name
    already registered for that game raises ValueError unless ``replace`` is set;
    ``random`` and ``mcts`` are built in; a name cannot hold ``:``, ``,`` or ``=``
    (they delimit a bot spec's parameters).

    >>> register_bot("friday", "random", RandomBot)
    Traceback (most recent call last):
    ...
    ValueError: bot 'random' is built in
    """
    if type(name) is not str or not name:
        raise ValueError("a bot name is a non-empty string")
    if any(c in name for c in ":,="):
        raise ValueError(f"a bot name cannot hold ':', ',' or '=', got {name!r}")
    if name in _BUILT_IN:
        raise ValueError(f"bot {name!r} is built in")
    if (game_id, name) in _BOTS and not replace:
        raise ValueError(f"{game_id} already has a bot {name!r}")
    _BOTS[(game_id, name)] = bot


def unregister_bot(game_id: str, name: str) -> None:
    """Forget a registered bot (an unknown one is ignored)."""
    _BOTS.pop((game_id, name), None)


def bot_names(game_id: str) -> tuple[str, ...]:
    """The bots available for a game (always including ``random`` and ``mcts``)."""
    return ("random", *sorted({"mcts", *(name for g, name in _BOTS if g == game_id)}))


_BUILT_IN = frozenset({"random", "mcts"})


def parse_bot_spec(spec: str) -> tuple[str, dict[str, str]]:
    """Split a bot spec, ``NAME`` or ``NAME:key=value,key=value``, into the name and
    its parameters as text (in spec order); ``ValueError`` says what is malformed.

    >>> parse_bot_spec("heuristic")
    ('heuristic', {})
    >>> parse_bot_spec("mcts:iterations=4,iterations=5")
    Traceback (most recent call last):
    ...
    ValueError: bot spec 'mcts:iterations=4,iterations=5': parameter 'iterations' given twice
    """
    if type(spec) is not str:
        raise TypeError(f"a bot spec is a string, got {type(spec).__name__}")
    name, colon, rest = spec.partition(":")
    if not name or name != name.strip():
        raise ValueError(f"bot spec {spec!r}: no bot name before the parameters")
    params: dict[str, str] = {}
    if not colon:
        return name, params
    if not rest:
        raise ValueError(f"bot spec {spec!r}: ':' but no key=value parameters after it")
    for item in rest.split(","):
        key, eq, value = item.partition("=")
        if not eq or not key or not value:
            raise ValueError(f"bot spec {spec!r}: {item!r} is not key=value")
        if key in params:
            raise ValueError(f"bot spec {spec!r}: parameter {key!r} given twice")
        params[key] = value
    return name, params


def _spec_value(spec: str, game_id: str, key: str, kind: str, text: str) -> Any:
    """A spec parameter's text as its declared ``kind`` (int, float, choice or bot)."""
    if kind == "int":
        # digits only: "1.0", "1e3", "true", "+5" are mistakes, not ints
        if not text.isascii() or not text.isdigit():
            raise ValueError(f"bot spec {spec!r}: {key} must be an integer, got {text!r}")
        return int(text)
    if kind == "float":
        if text.lower() in ("true", "false"):
            raise ValueError(f"bot spec {spec!r}: {key} must be a number, got {text!r}")
        try:
            x = float(text)
        except ValueError:
            raise ValueError(f"bot spec {spec!r}: {key} must be a number, got {text!r}") from None
        if not math.isfinite(x):
            raise ValueError(f"bot spec {spec!r}: {key} must be a finite number, got {text!r}")
        return x
    if kind == "choice":  # one of a fixed set of words; the bot checks which
        return text
    names = [n for n in bot_names(game_id) if n != "mcts"]
    if text not in names:
        raise LookupError(
            f"bot spec {spec!r}: {key} must be a bot of {game_id} other than mcts "
            f"({', '.join(names)}), got {text!r}"
        )
    return text


def get_bot(game_id: str, spec: str) -> Bot:
    """A new bot for a game from its spec, ``NAME`` or ``NAME:key=value,...`` (see
    :func:`parse_bot_spec`): ``LookupError`` for an unknown bot (listing the known ones)
    or parameter (listing the bot's), ``ValueError`` for a malformed spec or a bad
    value (an int parameter takes digits only, a float a finite number, a ``bot``
    parameter a bot name of the game).

    >>> get_bot("friday", "mcts:iterations=ten")
    Traceback (most recent call last):
    ...
    ValueError: bot spec 'mcts:iterations=ten': iterations must be an integer, got 'ten'
    >>> get_bot("friday", "random:iterations=3")
    Traceback (most recent call last):
    ...
    LookupError: bot spec 'random:iterations=3': bot 'random' takes no parameters
    """
    name, params = parse_bot_spec(spec)
    if name == "mcts":
        from .mcts import PARAMETERS, MctsBot

        values: dict[str, Any] = {}
        for key, text in params.items():
            kind = PARAMETERS.get(key)
            if kind is None:
                raise LookupError(
                    f"bot spec {spec!r}: mcts has no parameter {key!r}; "
                    f"its parameters: {', '.join(PARAMETERS)}"
                )
            values[key] = _spec_value(spec, game_id, key, kind, text)
        try:
            return MctsBot(**values)
        except (TypeError, ValueError) as exc:
            raise ValueError(f"bot spec {spec!r}: {exc}") from None
    if params:
        known = name in _BUILT_IN or (game_id, name) in _BOTS
        if known:
            raise LookupError(f"bot spec {spec!r}: bot {name!r} takes no parameters")
    if name == "random":
        return RandomBot()
    target = _BOTS.get((game_id, name))
    if target is None:
        raise LookupError(
            f"no bot {name!r} for {game_id}; available: {', '.join(bot_names(game_id))}"
        )
    if not isinstance(target, str):
        return target()
    module, attr = target.split(":")
    bot: Bot = getattr(importlib.import_module(module), attr)()
    return bot


@attrs.frozen
class GameResult:
    """The end of one simulated game."""

    seed: int
    outcome: Outcome | None
    actions: int
    final_state: Any


def play(
    game: str | Game[Any, Any, Any, Any],
    seed: int,
    bots: Bot | Mapping[Seat, Bot],
    config: Any = None,
    max_actions: int = 100_000,
) -> GameResult:
    """Play one game to its end with ``bots`` (one bot for all seats, or one per seat).

    The first seat the game waits on acts; before it is asked, the other seats' bots that
    are :class:`Interjector` may play an optional action out of turn (see
    :func:`interjection`). Each bot's RNG is derived from ``seed`` and its seat, so a
    result depends only on the seed, the config and the bots."""
    g = get_game(game) if isinstance(game, str) else game
    state = g.new(seed, config)
    rngs = {s: Rng.from_seed(seed, f"bot{s}") for s in g.seats(state)}
    n = 0
    while g.outcome(state) is None and n < max_actions:
        waiting = g.to_act(state)
        if not waiting:
            raise RuntimeError(f"{g.info.id}: nobody to act but the game is not over")
        seat = waiting[0]
        hit = interjection(g, state, seat, bots, rngs)
        if hit is not None:
            state = g.apply(state, *hit)
            n += 1
            continue
        bot = bots if isinstance(bots, Bot) else bots[seat]
        legal = g.legal_actions(state, seat)
        action, rngs[seat] = bot.choose(g, g.view(state, seat), legal, rngs[seat])
        state = g.apply(state, seat, action)
        n += 1
    return GameResult(seed, g.outcome(state), n, state)
