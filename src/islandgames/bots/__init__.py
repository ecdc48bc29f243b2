"""Bots: players that choose from a seat's view and legal actions only.

A bot never sees the state, only what its seat may know, so a bot cannot cheat.

>>> from islandgames.bots import get_bot, play
>>> result = play("friday", seed=3, bots=get_bot("friday", "random"))
>>> result.outcome is not None and result.actions > 0
True
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

import attrs

from ..core.game import Game, Outcome, Seat
from ..core.registry import get_game
from ..core.rng import Rng

__all__ = [
    "Bot",
    "GameResult",
    "RandomBot",
    "bot_names",
    "get_bot",
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


class RandomBot:
    """Uniformly random among the legal actions."""

    name = "random"

    def choose(
        self, game: Game[Any, Any, Any, Any], view: Any, legal: Sequence[Any], rng: Rng
    ) -> tuple[Any, Rng]:
        return rng.choice(legal)


# (game id, bot name) -> "module:attribute" of a Bot class, or a factory; "random" works
# for every game.
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
    ``random`` is built in.

    >>> register_bot("friday", "random", RandomBot)
    Traceback (most recent call last):
    ...
    ValueError: bot 'random' is built in
    """
    if type(name) is not str or not name:
        raise ValueError("a bot name is a non-empty string")
    if name == "random":
        raise ValueError("bot 'random' is built in")
    if (game_id, name) in _BOTS and not replace:
        raise ValueError(f"{game_id} already has a bot {name!r}")
    _BOTS[(game_id, name)] = bot


def unregister_bot(game_id: str, name: str) -> None:
    """Forget a registered bot (an unknown one is ignored)."""
    _BOTS.pop((game_id, name), None)


def bot_names(game_id: str) -> tuple[str, ...]:
    """The bots available for a game (always including ``random``)."""
    return ("random", *sorted(name for g, name in _BOTS if g == game_id))


def get_bot(game_id: str, name: str) -> Bot:
    """A bot by name for a game, or ``LookupError`` listing the known ones."""
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

    Seats the game waits on act in seat order; each bot's RNG is derived from ``seed``
    and its seat, so a result depends only on the seed, the config and the bots."""
    g = get_game(game) if isinstance(game, str) else game
    state = g.new(seed, config)
    rngs = {s: Rng.from_seed(seed, f"bot{s}") for s in g.seats(state)}
    n = 0
    while g.outcome(state) is None and n < max_actions:
        waiting = g.to_act(state)
        if not waiting:
            raise RuntimeError(f"{g.info.id}: nobody to act but the game is not over")
        seat = waiting[0]
        bot = bots if isinstance(bots, Bot) else bots[seat]
        legal = g.legal_actions(state, seat)
        action, rngs[seat] = bot.choose(g, g.view(state, seat), legal, rngs[seat])
        state = g.apply(state, seat, action)
        n += 1
    return GameResult(seed, g.outcome(state), n, state)
