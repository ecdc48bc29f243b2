"""What the commands of :mod:`islandgames.cli` share: the exit codes, the user-error
exceptions, the consoles, the argument types, the parser class and the one lookup of a
game package's optional hooks."""

from __future__ import annotations

import argparse
import difflib
import importlib.util
import json
import math
import os
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import IO, Any, NoReturn

from rich.console import Console
from rich.text import Text

from .. import _argtypes as argtypes
from ..core import rng
from ..core.errors import (
    DecodeError,
    InvalidConfigError,
    UnknownGameError,
    UnsupportedRulesVersionError,
)
from ..core.game import Game
from ..core.registry import game_ids, get_game

SEED_RULE = rng.SEED_RULE


AnyGame = Game[Any, Any, Any, Any]

#: Exit codes.
EXIT_OK = 0
EXIT_FAILED = 1  # a divergence, an engine error during a simulation
EXIT_USAGE = 2  # a user error: bad arguments, unknown game, unreadable file
EXIT_UNFINISHED = 3  # replay --verify: chain-consistent, but no seed yet (nothing replayed)


class CliError(Exception):
    """A user error: printed as one line on stderr, exit code 2."""


#: The library's own errors that, reaching :func:`islandgames.cli.main`, are user errors
#: (bad input: a game id, a config, a log file): one line on stderr, exit code 2. Any
#: other exception is a bug and keeps its traceback.
USER_ERRORS: tuple[type[Exception], ...] = (
    UnknownGameError,
    UnsupportedRulesVersionError,
    InvalidConfigError,
    DecodeError,  # LogFormatError too
)


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


def _normalised(name: str) -> str:
    return name.strip().lower().replace("_", "-").replace(" ", "-")


def did_you_mean(given: str, known: Iterable[str]) -> str:
    """``"; did you mean 'x'?"`` for the one of ``known`` that ``given`` most likely
    meant (the same but for case, ``_`` for ``-`` or spaces, else a close spelling by
    :mod:`difflib`), or ``""``.

    >>> did_you_mean("Forbidden_Island", ["friday", "forbidden-island"])
    "; did you mean 'forbidden-island'?"
    >>> did_you_mean("fridya", ["friday", "gozer"]), did_you_mean("chess", ["friday"])
    ("; did you mean 'friday'?", '')
    """
    names = list(known)
    if len(given) > 100 or not names:
        return ""
    by_form = {_normalised(n): n for n in reversed(names)}
    form = _normalised(given)
    if form in by_form and by_form[form] != given:
        return f"; did you mean {by_form[form]!r}?"
    close = difflib.get_close_matches(form, list(by_form), n=1, cutoff=0.6)
    return f"; did you mean {by_form[close[0]]!r}?" if close else ""


def _load_game(game_id: str) -> AnyGame:
    try:
        return get_game(game_id)
    except UnknownGameError as exc:
        raise CliError(str(exc).strip("\"'") + did_you_mean(game_id, game_ids())) from exc


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


# the argparse types, shared with the servers' own entry points
_int_at_least = argtypes.int_at_least
_positive = argtypes.positive_int
_non_negative = argtypes.non_negative_int
_port_or_any = argtypes.port_or_any
_seconds = argtypes.seconds
_log_level = argtypes.log_level
_shown = argtypes.shown


def _check_store(spec: str, what: str) -> None:
    """A store location as ``serve --store`` and ``copy-store`` take it (a SQLite file,
    or a ``postgresql://`` URL) that cannot be one fails here, before anything is
    opened: a URL of another scheme, a file in a directory that does not exist or
    cannot be written, a directory."""
    if "://" in spec:
        if not spec.startswith(("postgresql://", "postgres://")):
            scheme = spec.partition("://")[0]
            raise CliError(
                f"{what} {_shown(spec)}: not a store (a SQLite file, or a postgresql:// "
                f"URL; {scheme!r}:// is neither)"
            )
        return
    path = Path(spec)
    parent = path.parent
    if path.is_dir():
        raise CliError(f"{what} {_shown(spec)}: is a directory, not a SQLite file")
    if not parent.is_dir():
        raise CliError(f"{what} {_shown(spec)}: no such directory: {str(parent)!r}")
    try:  # the store writes its lock and journal files beside the database file
        with tempfile.TemporaryFile(dir=parent, prefix=".islandgames-"):
            pass
    except OSError as exc:
        raise CliError(
            f"{what} {_shown(spec)}: cannot create files in {str(parent)!r}: {exc.strerror or exc}"
        ) from None


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
    source = f"--config {_shown(text)}"
    if text.startswith("@"):
        path = text[1:]
        source = f"config file {path!r}"
        try:
            text = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) else "not UTF-8 text"
            raise CliError(f"cannot read {source}: {reason or exc}") from exc
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


def _user_error(command: str, exc: CliError) -> int:
    """Print ``exc`` as ``islandgames COMMAND: ...`` (one line on stderr); exit code 2.
    For the commands that report their own errors (``serve``, ``demo``,
    ``copy-store``: their ``cmd_*`` are called without :func:`islandgames.cli.main`
    too)."""
    print(f"islandgames {command}: {exc}", file=sys.stderr)
    return EXIT_USAGE


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


#: What to install for the gRPC server and clients (the ``grpc`` extra).
GRPC_EXTRA = "pip install 'islandgames[grpc]'"


def grpc_installed() -> bool:
    """Whether the gRPC extra (grpcio, protobuf) is installed: found, not imported."""
    return all(importlib.util.find_spec(m) is not None for m in ("grpc", "google.protobuf"))


def require_grpc(what: str) -> None:
    """A :class:`CliError` saying how to install gRPC, if it is not installed."""
    if not grpc_installed():
        raise CliError(f"{what} needs gRPC, which is not installed: {GRPC_EXTRA}")


# --- the parser ------------------------------------------------------------------------------


class _Parser(argparse.ArgumentParser):
    """argparse that raises instead of exiting, so ``main`` returns the exit code."""

    def error(self, message: str) -> NoReturn:
        raise CliError(f"{self.prog}: {message}")
