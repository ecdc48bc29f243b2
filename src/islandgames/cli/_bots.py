"""``--bot`` specs: which bot plays each seat (``play`` and ``simulate``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from ..bots import Bot, bot_names, get_bot, parse_bot_spec
from ._common import AnyGame, CliError, did_you_mean


@attrs.frozen
class _BotPlan:
    """Which bot spec plays each seat: ``--bot SEAT=SPEC`` first, then ``--bot
    ROLE=SPEC`` (the seat's role in the match at hand: a game may draw roles per seed),
    then the default ``--bot SPEC``."""

    default: str = "random"
    seats: Mapping[int, str] = attrs.Factory(dict)
    roles: Mapping[str, str] = attrs.Factory(dict)  # in the game's role order

    def spec_for(self, seat: int, role: str) -> str:
        if seat in self.seats:
            return self.seats[seat]
        return self.roles.get(role, self.default)

    def specs(self) -> list[str]:
        """Every spec given, once each: the default, then per seat, then per role."""
        order = [self.default, *(self.seats[k] for k in sorted(self.seats))]
        return list(dict.fromkeys([*order, *self.roles.values()]))

    def wire(self) -> dict[str, Any]:
        """The summary's ``bots``: ``roles`` only when some ROLE=SPEC was given (a
        summary without it reads as before)."""
        out: dict[str, Any] = {
            "default": self.default,
            "seats": {str(k): v for k, v in sorted(self.seats.items())},
        }
        if self.roles:
            out["roles"] = dict(self.roles)
        return out


def _parse_bots(game: AnyGame, specs: Sequence[str] | None) -> _BotPlan:
    """``--bot SPEC`` (every seat), ``--bot SEAT=SPEC`` (one seat) and ``--bot
    ROLE=SPEC`` (the seats of one of ``game.info.roles``) into a :class:`_BotPlan`; a
    spec is a bot name or ``NAME:key=value,...`` (``mcts:iterations=400``), each
    checked by building the bot once."""
    default = "random"
    per_seat: dict[int, str] = {}
    per_role: dict[str, str] = {}
    plain = 0
    roles = game.info.roles
    for spec in specs or ():
        key, eq, name = spec.partition("=")
        if not eq or ":" in key:  # "mcts:iterations=9" is a spec, not ROLE=SPEC
            name, plain = spec, plain + 1
            if plain > 1:
                raise CliError(
                    "give at most one --bot SPEC (use --bot SEAT=SPEC or ROLE=SPEC for some seats)"
                )
            default = name
            continue
        if key in roles:
            if key in per_role:
                raise CliError(f"--bot {spec!r}: role {key} is given twice")
            per_role[key] = name
            continue
        try:
            seat = int(key)
        except ValueError:
            raise CliError(
                f"--bot {spec!r}: the seat must be an integer or a role of "
                f"{game.info.id} (its roles: {', '.join(roles)})"
            ) from None
        if not 0 <= seat < game.info.max_seats:
            raise CliError(f"--bot {spec!r}: {game.info.id} has seats 0..{game.info.max_seats - 1}")
        if seat in per_seat:
            raise CliError(f"--bot {spec!r}: seat {seat} is given twice")
        per_seat[seat] = name
    for name in (default, *per_seat.values(), *per_role.values()):
        check_bot(game, name)
    return _BotPlan(default, per_seat, {r: per_role[r] for r in roles if r in per_role})


def check_bot(game: AnyGame, spec: str) -> None:
    """Build the bot of ``spec`` once: a bad spec is a :class:`CliError` saying what
    is wrong (an unknown bot with the name it most likely meant)."""
    try:
        get_bot(game.info.id, spec)
    except (LookupError, ValueError, TypeError) as exc:
        raise CliError(_bot_problem(game, spec, exc)) from None


def _bot_problem(game: AnyGame, spec: str, exc: Exception) -> str:
    message = str(exc)
    try:
        name, _ = parse_bot_spec(spec)
    except (ValueError, TypeError):
        return message
    if name not in bot_names(game.info.id):
        return message + did_you_mean(name, bot_names(game.info.id))
    return message


def _bots_for(game: AnyGame, plan: _BotPlan, state: Any) -> dict[int, Bot]:
    """One bot per seat of the match in ``state`` (one instance per spec)."""
    cache: dict[str, Bot] = {}
    out: dict[int, Bot] = {}
    for s in game.seats(state):
        name = plan.spec_for(s, game.role(state, s))
        if name not in cache:
            cache[name] = get_bot(game.info.id, name)
        out[s] = cache[name]
    return out
