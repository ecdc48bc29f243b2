"""Which bots a game has, and a new bot from its spec (re-exported by
:mod:`islandgames.bots`).

A game's own bots are on its kit :class:`~islandgames.core.kit.Definition`
(``definition(game_id).bots``); :func:`register_bot` adds more at run time (a user's
bots). ``random`` is built in, and so is every bot that takes parameters (``mcts``):
:mod:`islandgames.bots` hands those to :func:`built_in` when it is imported, so that
this module needs no search bot and the search bot can look its rollout bot up here.
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Callable, Mapping
from typing import Any, cast

from ..core.errors import UnknownGameError
from ..core.registry import definition
from ._base import Bot, RandomBot

__all__ = [
    "bot_names",
    "built_in",
    "get_bot",
    "parse_bot_spec",
    "register_bot",
    "unregister_bot",
]

Target = str | Callable[[], object]

# (game id, bot name) -> "module:attribute" of a Bot class, or a factory: the bots
# registered at run time (a game's own are on its definition); "random" and "mcts"
# (built in) work for every game
_BOTS: dict[tuple[str, str], Target] = {}

_BUILT_IN = frozenset({"random", "mcts"})

# the built-in bots that take parameters: name -> (each parameter's kind, the class)
_PARAMETERISED: dict[str, tuple[Mapping[str, str], Callable[..., Bot]]] = {}


def built_in(name: str, parameters: Mapping[str, str], factory: Callable[..., Bot]) -> None:
    """Make ``name`` (one of the built-in names) the bot ``factory(**values)``, whose
    spec takes ``parameters`` (key -> ``int``, ``float``, ``choice`` or ``bot``)."""
    if name not in _BUILT_IN:
        raise ValueError(f"bot {name!r} is not a built-in name")
    _PARAMETERISED[name] = (parameters, factory)


def _own(game_id: str) -> Mapping[str, Target]:
    """The game's own bots, from its definition (none for a game without one, or for an
    id that names no game)."""
    try:
        d = definition(game_id)
    except UnknownGameError:
        return {}
    return {} if d is None else d.bots


def _target(game_id: str, name: str) -> Target | None:
    """Where bot ``name`` of ``game_id`` comes from: a run-time registration first (it
    may replace a game's own bot), then the game's definition."""
    target = _BOTS.get((game_id, name))
    return _own(game_id).get(name) if target is None else target


def register_bot(
    game_id: str, name: str, bot: str | Callable[[], Bot], *, replace: bool = False
) -> None:
    """Register a bot for ``game_id`` under ``name``: ``"module:attribute"`` of a Bot
    class (imported when first asked for) or a factory returning a new Bot. A name
    the game already has raises ValueError unless ``replace`` is set (the registration
    then comes first); ``random`` and ``mcts`` are built in; a name cannot hold ``:``,
    ``,`` or ``=`` (they delimit a bot spec's parameters).

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
    if ((game_id, name) in _BOTS or name in _own(game_id)) and not replace:
        raise ValueError(f"{game_id} already has a bot {name!r}")
    _BOTS[(game_id, name)] = bot


def unregister_bot(game_id: str, name: str) -> None:
    """Forget a bot registered at run time (an unknown one is ignored; a game's own
    bots, on its definition, stay)."""
    _BOTS.pop((game_id, name), None)


def bot_names(game_id: str) -> tuple[str, ...]:
    """The bots available for a game (always including ``random`` and ``mcts``)."""
    registered = (name for g, name in _BOTS if g == game_id)
    return ("random", *sorted({"mcts", *_own(game_id), *registered}))


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
        # digits with an optional minus ("1.0", "1e3", "true", "+5" are mistakes, not
        # ints); a negative value is then refused by the bot's own range check
        digits = text.removeprefix("-")
        if not digits.isascii() or not digits.isdigit():
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
    parameterised = _PARAMETERISED.get(name)
    if parameterised is not None:
        parameters, make = parameterised
        values: dict[str, Any] = {}
        for key, text in params.items():
            kind = parameters.get(key)
            if kind is None:
                raise LookupError(
                    f"bot spec {spec!r}: {name} has no parameter {key!r}; "
                    f"its parameters: {', '.join(parameters)}"
                )
            values[key] = _spec_value(spec, game_id, key, kind, text)
        try:
            return make(**values)
        except (TypeError, ValueError) as exc:
            raise ValueError(f"bot spec {spec!r}: {exc}") from None
    if params:
        known = name in _BUILT_IN or _target(game_id, name) is not None
        if known:
            raise LookupError(f"bot spec {spec!r}: bot {name!r} takes no parameters")
    if name == "random":
        return RandomBot()
    target = _target(game_id, name)
    if target is None:
        raise LookupError(
            f"no bot {name!r} for {game_id}; available: {', '.join(bot_names(game_id))}"
        )
    if not isinstance(target, str):
        return cast(Bot, target())
    module, attr = target.split(":")
    bot: Bot = getattr(importlib.import_module(module), attr)()
    return bot
