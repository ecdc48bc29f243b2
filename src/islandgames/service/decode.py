"""What clients send, checked at the edge of the service.

Every value a call of :class:`~islandgames.service.MatchService` takes from a client (a
game id, a seed, a config, an action, a seq, a log, AI seats) is decoded here before
anything is looked up or stored. Clients are untrusted: each value is checked for its
type as well as its range, since the adapters pass on whatever was on the wire (a bool
where an int belongs, a float, a string of any length), and an error names the field
and what came (at most ~100 characters of it) in the game's own terms, never Python
class paths. Python callers may pass the objects instead of their wire form (a config
or action object, a :class:`~islandgames.ReplayLog`). The message of each error is part
of the protocol: clients and tests match on it.

>>> decode_seed("0xff"), decode_seed(255)
(255, 255)
>>> decode_seq(True)
Traceback (most recent call last):
...
islandgames.service.errors.InvalidArgumentError: seq must be an int, got bool
>>> time_budget("mcts:iterations=50,time_ms=20")
'time_ms'
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from typing import Any, TypeAlias

from attrs import AttrsInstance

from ..bots import get_bot
from ..core import serde
from ..core.errors import DecodeError
from ..core.game import Game
from ..core.log import MAX_BOT_SPEC, LogAiSeat, ReplayLog, parse_records, read_log
from ..core.registry import get_game
from ..core.rng import MAX_SEED, SEED_RULE, parse_seed
from .ai import DEFAULT_AI_LIMITS, AiLimits, check_spec_limits
from .errors import InvalidArgumentError

__all__ = [
    "TIME_BUDGET_KEYS",
    "WIRE_KINDS",
    "ActionInput",
    "AiSeatsInput",
    "ConfigInput",
    "LogInput",
    "WireAction",
    "WireConfig",
    "WireRecord",
    "action_problem",
    "decode_action",
    "decode_ai_seats",
    "decode_bool",
    "decode_config",
    "decode_optional_seq",
    "decode_seed",
    "decode_seq",
    "echo",
    "lookup_game",
    "parse_log",
    "time_budget",
]

AnyGame = Game[Any, Any, Any, Any]

#: An action in wire form: a map with its ``"type"`` (as ``legal_actions`` lists them).
WireAction: TypeAlias = dict[str, Any]
#: A config in wire form: a (partial) map of the game's config fields.
WireConfig: TypeAlias = dict[str, Any]
#: One record of a log file (header, entry or end) in wire form.
WireRecord: TypeAlias = dict[str, Any]
#: What ``act`` takes: a wire action or the game's action object.
ActionInput: TypeAlias = WireAction | AttrsInstance
#: What ``create`` takes as a config: a wire map, the game's config object or None.
ConfigInput: TypeAlias = WireConfig | AttrsInstance | None
#: What ``verify`` takes: a :class:`ReplayLog`, log file bytes or its list of records.
LogInput: TypeAlias = ReplayLog | bytes | list[WireRecord]
#: What ``create`` takes as ``ai_seats``: seat -> bot spec (``{1: "heuristic"}``), the
#: wire form (a list of ``{"seat": int, "bot": str}`` maps) or None (no AI seat).
AiSeatsInput: TypeAlias = Mapping[int, str] | Sequence[Mapping[str, Any]] | None

#: Bot parameters that would make a bot's play depend on the clock: refused for an AI
#: seat, whose actions must follow from the seed and the actions before them alone.
TIME_BUDGET_KEYS = frozenset(
    {"seconds", "secs", "time", "time_limit", "timeout", "deadline", "ms", "millis",
     "milliseconds"}
)  # fmt: skip

#: How an error names a wire value of the wrong kind (msgpack's names, not Python's).
WIRE_KINDS = {
    type(None): "nil",
    bool: "a bool",
    int: "an int",
    float: "a float",
    str: "a str",
    bytes: "a bin",
    list: "an array",
    dict: "a map without a 'type'",
}


def echo(value: object, limit: int = 100) -> str:
    """At most ``limit`` characters of client input, for an error message."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


# --- games, configs, seeds ---------------------------------------------------------------


def lookup_game(game: object, rules_version: object = None) -> AnyGame:
    """The game of id ``game``, under its newest rules or ``rules_version``."""
    if type(game) is not str:
        raise InvalidArgumentError(f"game must be a string id, got {type(game).__name__}")
    if rules_version is not None and type(rules_version) is not str:
        raise InvalidArgumentError(
            f"rules_version must be a string or nil, got {type(rules_version).__name__}"
        )
    return get_game(game, rules_version)


def decode_config(game: AnyGame, config: object) -> Any:
    """The config of a new match: the game's defaults for None, a config object as it
    is (checked), else decoded from its wire form."""
    if config is None:
        return game.info.default_config
    if isinstance(config, game.config_type):
        game.check_config(config)
        return config
    return game.decode_config(config)


def decode_seed(seed: object) -> int:
    """A seed: an int, or text as the one seed rule has it (decimal, or hex with 0x);
    None: 128 bits from the OS."""
    if seed is None:
        return secrets.randbits(128)
    if type(seed) is int:
        value = seed
    elif type(seed) is str:
        try:  # the one rule for seeds as text: decimal, or hex with 0x
            value = parse_seed(seed)
        except ValueError as exc:
            raise InvalidArgumentError(str(exc)) from None
    else:
        raise InvalidArgumentError(
            f"seed must be an int, a string ({SEED_RULE}) or nil, got {type(seed).__name__}"
        )
    if not 0 <= value <= MAX_SEED:
        raise InvalidArgumentError("seed must be between 0 and 2**256-1")
    return value


# --- AI seats ------------------------------------------------------------------------------


def time_budget(spec: str) -> str | None:
    """The first parameter of a bot spec (``NAME:key=value,...``) that is a time budget
    (:data:`TIME_BUDGET_KEYS`, or a key ending in ``_seconds``, ``_ms``...), or None."""
    _name, _, params = spec.partition(":")
    for part in params.split(","):
        key = part.partition("=")[0].strip().lower()
        if key in TIME_BUDGET_KEYS or key.endswith(
            ("_seconds", "_secs", "_ms", "_millis", "_time", "_timeout", "_deadline")
        ):
            return key
    return None


def decode_ai_seats(
    game: AnyGame, seats: int, ai_seats: object, limits: AiLimits = DEFAULT_AI_LIMITS
) -> dict[int, str]:
    """The AI seats of a new match, seat -> bot spec, each checked: a seat of the match
    named once, a spec of a bot the game has, without a time budget, within the
    server's ``limits``."""
    if ai_seats is None:
        return {}
    gid = game.info.id
    pairs: list[tuple[Any, Any]] = []
    if isinstance(ai_seats, Mapping):  # from Python: {seat: spec}
        pairs = list(ai_seats.items())
    elif type(ai_seats) is list or type(ai_seats) is tuple:
        for i, item in enumerate(ai_seats):
            if isinstance(item, LogAiSeat):
                pairs.append((item.seat, item.bot))
            elif type(item) is dict and len(item) == 2 and "seat" in item and "bot" in item:
                pairs.append((item["seat"], item["bot"]))
            else:
                raise InvalidArgumentError(
                    f"ai_seats[{i}] must be a map with exactly the keys seat, bot, got {echo(item)}"
                )
    else:
        got = WIRE_KINDS.get(type(ai_seats), type(ai_seats).__name__)
        raise InvalidArgumentError(
            f"ai_seats must be a list of {{seat, bot}} maps or nil, got {got}"
        )
    out: dict[int, str] = {}
    for seat, bot in pairs:
        if type(seat) is not int:  # a bool is refused too
            raise InvalidArgumentError(
                f"ai_seats: a seat must be an int, got {type(seat).__name__} {echo(seat, 40)}"
            )
        if not 0 <= seat < seats:
            raise InvalidArgumentError(
                f"ai_seats: seat {seat} is not a seat of this {gid} match (seats 0..{seats - 1})"
            )
        if seat in out:
            raise InvalidArgumentError(f"ai_seats: seat {seat} is named twice")
        if type(bot) is not str or not 0 < len(bot) <= MAX_BOT_SPEC:
            raise InvalidArgumentError(
                f"ai_seats: seat {seat}: the bot must be a non-empty string of at most "
                f"{MAX_BOT_SPEC} characters (a bot spec, NAME or NAME:key=value,...), got "
                f"{echo(bot, 60)}"
            )
        budget = time_budget(bot)
        if budget is not None:
            raise InvalidArgumentError(
                f"ai_seats: seat {seat}: bot {echo(bot, 60)} has a time budget ({budget}): "
                "an AI seat must play the same way from the same seed and actions, so its "
                "budget must be a count (such as iterations=...), not time"
            )
        try:
            made = get_bot(gid, bot)
        except (LookupError, ValueError, TypeError) as exc:
            raise InvalidArgumentError(f"ai_seats: seat {seat}: {exc}") from None
        check_spec_limits(bot, made, limits, seat)
        out[seat] = bot
    return out


# --- seqs and flags ------------------------------------------------------------------------


def decode_seq(seq: object) -> int:
    """A seq of the match (an entry's number; 0: before the first)."""
    if type(seq) is not int:  # a bool is refused too
        raise InvalidArgumentError(f"seq must be an int, got {type(seq).__name__}")
    if seq < 0:
        raise InvalidArgumentError(f"seq must be at least 0, got {seq}")
    return seq


def decode_optional_seq(name: str, value: object) -> int | None:
    """An int or None for the parameter ``name`` (``expected_seq``, ``after_seq``);
    its range is the caller's to check, against the match."""
    if value is not None and type(value) is not int:  # a bool is refused too
        raise InvalidArgumentError(f"{name} must be an int or nil, got {type(value).__name__}")
    return value


def decode_bool(name: str, value: object) -> bool:
    """A bool for the parameter ``name`` (never an int standing for one)."""
    if type(value) is not bool:
        raise InvalidArgumentError(f"{name} must be a bool, got {type(value).__name__}")
    return value


# --- actions -------------------------------------------------------------------------------


def decode_action(game: AnyGame, action: object) -> Any:
    """An action of ``game``: an action object as it is, else decoded from its wire
    form (:class:`DecodeError` saying what is wrong, :func:`action_problem`). Whether it
    is legal is the game's to say."""
    if isinstance(action, game._action_classes):
        return action
    try:
        return game.decode_action(action)
    except DecodeError as exc:
        raise DecodeError(action_problem(game, action)) from exc


def action_problem(game: AnyGame, action: object) -> str:
    """What is wrong with an action a client sent, in the game's terms (its action
    names and fields), never Python class paths; at most ~100 characters of the input."""
    gid = game.info.id
    tags = {serde.tag_of(c): c for c in game._action_classes}
    names = ", ".join(tags)
    tag = action.get("type") if type(action) is dict else None
    if type(tag) is not str:
        got = WIRE_KINDS.get(type(action), type(action).__name__)
        return f"action must be a map with a 'type' (one of the {gid} actions: {names}), got {got}"
    cls = tags.get(tag)
    if cls is None:
        return f"unknown {gid} action type {echo(tag)}; one of: {names}"
    try:
        serde.from_wire(action, cls)
    except DecodeError as exc:
        why = str(exc).removeprefix(f"cannot decode {cls.__name__}: ")
    else:  # pragma: no cover - the union refused what its member takes
        why = "not a valid action"
    if len(why) > 200:
        why = why[:197] + "..."
    return f"bad {gid} action {tag!r}: {why}"


# --- logs ----------------------------------------------------------------------------------


def parse_log(log: object) -> ReplayLog:
    """A log sent to be verified: a :class:`ReplayLog`, log file bytes or the list of
    records ``log`` returns."""
    if isinstance(log, ReplayLog):
        return log
    if isinstance(log, bytes | bytearray):
        return read_log(bytes(log))
    if type(log) is list:
        return parse_records(log)
    raise InvalidArgumentError(
        f"a log must be a list of records or log file bytes, got {type(log).__name__}"
    )
