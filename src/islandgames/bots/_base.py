"""The bots' base: the :class:`Bot` and :class:`Interjector` protocols, the offering of
interjections, and :class:`RandomBot` (re-exported by :mod:`islandgames.bots`; below
everything else in this package, so that the search bot and the bot lookup build on it
without an import circle)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from ..core.game import Game, Seat
from ..core.rng import Rng

__all__ = ["Bot", "Interjector", "RandomBot", "interjection"]


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
        # a Mapping test, not isinstance(bots, Bot): a runtime-checkable Protocol check
        # inspects the class's attributes on every call, and this runs at every step
        bot = bots.get(seat) if isinstance(bots, Mapping) else bots
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
