"""What the server plays for AI seats: deterministic choices from the seed alone.

A match's AI seats (``create(..., ai_seats=...)``) are played by the server with a new
bot of the seat's spec for every decision, on a random stream keyed by the secret
seed, the seat and the entry's seq: so the same seed and actions give the same entries
in any process, after any restart, and an auditor with the revealed seed can re-run
every AI decision. These are pure functions of a game state (as is :func:`may_act`:
the seats whose clients may act, AI seats excepted); the service
(:class:`~islandgames.service.MatchService`) decides when to call them, and
:mod:`islandgames.service.ai` bounds their work and runs it on its pool.

>>> from islandgames import get_game
>>> game = get_game("friday")
>>> state = game.new(7)
>>> a = ai_action(game, state, 0, "random", seed=7, seq=1)
>>> a == ai_action(game, state, 0, "random", seed=7, seq=1)  # the same, every time
True
>>> ai_rng(7, 0, 1) == ai_rng(7, 0, 1) != ai_rng(7, 0, 2)
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..bots import get_bot, interjection
from ..core import serde
from ..core.game import Game
from ..core.rng import Rng, seed_to_bytes

__all__ = ["ai_action", "ai_interjection", "ai_interjection_rng", "ai_rng", "ai_to_act", "may_act"]

AnyGame = Game[Any, Any, Any, Any]


def may_act(
    game: AnyGame,
    state: Any,
    to_act: tuple[int, ...],
    over: bool,
    ai: Mapping[int, str] | None = None,
) -> tuple[int, ...]:
    """Every seat with a legal action in ``state``, in seat order: the seats of
    ``to_act`` (each has one: the engine contract) and every other seat whose
    ``legal_actions`` is not empty (a few microseconds per seat); never an AI seat of
    ``ai`` (the server plays those, and only when ``to_act`` lists them)."""
    if over:
        return ()
    return tuple(
        s
        for s in game.seats(state)
        if (s in to_act or game.legal_actions(state, s)) and not (ai and s in ai)
    )


def ai_to_act(game: AnyGame, state: Any, ai: Mapping[int, str]) -> int | None:
    """The lowest AI seat the game waits on in ``state`` (None: none)."""
    waiting = [s for s in game.to_act(state) if s in ai]
    return min(waiting) if waiting else None


def ai_rng(seed: int, seat: int, seq: int) -> Rng:
    """The random stream of the bot of AI seat ``seat`` for the match's entry ``seq``:
    keyed by ``H("islandgames-ai", seed32, seat, seq)`` (seat and seq as 8-byte
    big-endian), so its play follows from the secret seed, the seat and the seq alone
    (the same seed and actions give the same entries in any process, after any
    restart), and an auditor with the revealed seed can re-run the bot."""
    key = serde.digest(
        b"islandgames-ai", seed_to_bytes(seed), seat.to_bytes(8, "big"), seq.to_bytes(8, "big")
    )
    return Rng(key.hex(), 0)


def ai_interjection_rng(seed: int, seat: int, seq: int) -> Rng:
    """The random stream with which AI seat ``seat`` is offered an out-of-turn play as
    the match's entry ``seq``: keyed by ``H("islandgames-ai-interjection", seed32, seat,
    seq)`` (as :func:`ai_rng`, under its own label, so an offer the bot declines never
    shares a stream with a decision)."""
    key = serde.digest(
        b"islandgames-ai-interjection",
        seed_to_bytes(seed),
        seat.to_bytes(8, "big"),
        seq.to_bytes(8, "big"),
    )
    return Rng(key.hex(), 0)


def ai_interjection(
    game: AnyGame, state: Any, next_seat: int, ai: Mapping[int, str], seed: int, seq: int
) -> tuple[int, Any] | None:
    """The out-of-turn play, if any, that an AI seat makes as entry ``seq`` before
    ``next_seat`` (the seat the game is about to be played by) acts: the AI seats other
    than ``next_seat`` that have legal actions, in seat order, each a new bot of its spec
    asked by :func:`islandgames.bots.interjection` with :func:`ai_interjection_rng` (a
    bot without ``interject`` never interjects); the first that plays wins."""
    offered = {
        s: get_bot(game.info.id, spec)
        for s, spec in sorted(ai.items())
        if s != next_seat and game.legal_actions(state, s)
    }
    if not offered:
        return None
    rngs = {s: ai_interjection_rng(seed, s, seq) for s in offered}
    return interjection(game, state, next_seat, offered, rngs)


def ai_action(game: AnyGame, state: Any, seat: int, bot_spec: str, seed: int, seq: int) -> Any:
    """The action the server plays for AI seat ``seat`` in ``state`` as entry ``seq``:
    a new bot of ``bot_spec`` (so nothing is remembered between decisions) choosing
    from the seat's view and legal actions with :func:`ai_rng`."""
    bot = get_bot(game.info.id, bot_spec)
    legal = game.legal_actions(state, seat)
    action, _ = bot.choose(game, game.view(state, seat), legal, ai_rng(seed, seat, seq))
    return action
