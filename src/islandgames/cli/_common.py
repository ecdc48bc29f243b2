"""What the commands of :mod:`islandgames.cli` share: the exit codes, the user-error
exceptions, the consoles, the argument types, the parser class and the one lookup of a
game package's optional hooks."""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any, NoReturn

from rich.console import Console
from rich.text import Text

from ..core import rng
from ..core.errors import DecodeError, InvalidConfigError, UnknownGameError
from ..core.game import Game
from ..core.registry import get_game

SEED_RULE = rng.SEED_RULE


AnyGame = Game[Any, Any, Any, Any]

#: Exit codes.
EXIT_OK = 0
EXIT_FAILED = 1  # a divergence, an engine error during a simulation
EXIT_USAGE = 2  # a user error: bad arguments, unknown game, unreadable file
EXIT_UNFINISHED = 3  # replay --verify: chain-consistent, but no seed yet (nothing replayed)


class CliError(Exception):
    """A user error: printed as one line on stderr, exit code 2."""


class _Diverged(Exception):
    """A replay that does not reproduce its log: printed on stderr, exit code 1."""


# --- consoles ----------------------------------------------------------------------------


def _console(file: IO[str]) -> Console:
    # resolved at call time so redirected streams (tests, pipes) are honoured; off a
    # terminal, plain lines are not wrapped and tables get 120 columns (or $COLUMNS)
    console = Console(file=file, highlight=False, soft_wrap=True)
    if not console.is_terminal and "COLUMNS" not in os.environ:
        console.width = 120
    return console


def _out() -> Console:
    return _console(sys.stdout)


def _err() -> Console:
    return _console(sys.stderr)


def _t(value: object, style: str = "") -> Text:
    """Data as text, never parsed as rich markup."""
    return Text(str(value), style=style)


# --- argument helpers ----------------------------------------------------------------------


def _load_game(game_id: str) -> AnyGame:
    try:
        return get_game(game_id)
    except UnknownGameError as exc:
        raise CliError(str(exc).strip("\"'")) from exc


def parse_seed(text: str) -> int:
    """A seed as the command line takes it (:data:`SEED_RULE`, the rule of
    :func:`islandgames.core.rng.parse_seed`); anything else is an
    ``argparse.ArgumentTypeError`` saying why.

    >>> parse_seed("5"), parse_seed("0xc0ffee"), parse_seed("0XFF"), parse_seed("007")
    (5, 12648430, 255, 7)
    >>> parse_seed("c0ffee")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: not a seed: 'c0ffee' (hex needs the 0x prefix: 0xc0ffee)
    """
    try:
        return rng.parse_seed(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _int_at_least(minimum: int) -> Callable[[str], int]:
    """An argparse type: an integer of at least ``minimum``."""

    def parse(text: str) -> int:
        try:
            n = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None
        if n < minimum:
            raise argparse.ArgumentTypeError(f"must be at least {minimum}, got {n}")
        return n

    return parse


_positive = _int_at_least(1)
_non_negative = _int_at_least(0)


def _delay(text: str) -> float:
    try:
        d = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not 0 <= d <= 60 or math.isnan(d):
        raise argparse.ArgumentTypeError(f"delay must be between 0 and 60 s, got {text}")
    return d


def _config_wire(game: AnyGame, text: str | None) -> dict[str, Any] | None:
    """The ``--config`` argument: JSON text, or ``@FILE`` holding JSON; None: defaults."""
    if text is None:
        return None
    source = "--config"
    if text.startswith("@"):
        source = text[1:]
        try:
            text = Path(source).read_text(encoding="utf-8")
        except OSError as exc:
            raise CliError(f"cannot read config file {source!r}: {exc.strerror}") from exc
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CliError(f"{source} is not valid JSON: {exc}") from exc
    if type(data) is not dict:
        raise CliError(f"{source} must be a JSON object, got {type(data).__name__}")
    _decode_config(game, data)  # validate now, in the parent process
    return data


def _decode_config(game: AnyGame, wire: dict[str, Any] | None) -> Any:
    if wire is None:
        return None
    try:
        return game.decode_config(wire)
    except (DecodeError, InvalidConfigError) as exc:
        raise CliError(f"bad {game.info.id} config: {exc}") from exc


#: The help of ``--config`` (``play`` and ``simulate``).
CONFIG_HELP = "game config as a JSON object (missing fields take defaults), or @FILE"


def _print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, indent=2) + "\n")
    sys.stdout.flush()


def _seat_label(game: AnyGame, state: Any, seat: int) -> str:
    return f"seat {seat} ({game.role(state, seat)})"


# --- game hooks ------------------------------------------------------------------------------


# --- gRPC ------------------------------------------------------------------------------------


def quiet_grpc_logs() -> None:
    """gRPC core logs every failed handshake (a port scan, plaintext sent to a TLS port) at
    INFO unless told otherwise; a server's stderr gets errors only. Called when the
    modules of ``serve`` and ``demo`` are imported, before grpc is (they import it
    lazily); an explicit GRPC_VERBOSITY wins."""
    os.environ.setdefault("GRPC_VERBOSITY", "ERROR")


# --- the parser ------------------------------------------------------------------------------


class _Parser(argparse.ArgumentParser):
    """argparse that raises instead of exiting, so ``main`` returns the exit code."""

    def error(self, message: str) -> NoReturn:
        raise CliError(f"{self.prog}: {message}")
