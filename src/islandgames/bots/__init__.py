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

A game's own bots (its ``heuristic``) live in its package and are named on its kit
definition (``Definition.bots``); :func:`register_bot` adds more at run time. The
names a game's bots build on (:class:`Bot`, :class:`Interjector`, :func:`win_chance`)
are here, and this package imports no game.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from ..core.game import Game, Outcome, Seat
from ..core.registry import get_game
from ..core.rng import Rng
from . import _lookup
from ._base import Bot, Interjector, RandomBot, interjection
from ._budget import (
    Budget,
    BudgetExceededError,
    SearchCancelledError,
    SearchStoppedError,
    current_budget,
)
from ._lookup import bot_names, get_bot, parse_bot_spec, register_bot, unregister_bot
from ._model import win_chance
from .mcts import PARAMETERS, MctsBot

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
    "win_chance",
]

# the built-in search bot, for every game (the lookup below it needs no search bot)
_lookup.built_in("mcts", PARAMETERS, MctsBot)


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
        bot = bots[seat] if isinstance(bots, Mapping) else bots
        legal = g.legal_actions(state, seat)
        action, rngs[seat] = bot.choose(g, g.view(state, seat), legal, rngs[seat])
        state = g.apply(state, seat, action)
        n += 1
    return GameResult(seed, g.outcome(state), n, state)
