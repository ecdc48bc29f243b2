"""Reading and replaying log files, and the seed file kept beside a running game's log
(``play``, ``replay`` and ``render``)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..core import serde
from ..core.errors import DecodeError, IllegalActionError, InvalidConfigError, LogFormatError
from ..core.log import LogEntry, ReplayLog, initial_state, read_log, seed_commitment
from ..core.registry import get_game
from ._common import AnyGame, CliError, _decode_config, _Diverged


def seed_file(log_path: str | os.PathLike[str]) -> Path:
    """The seed kept beside a log of a running game (``LOG.seed``: 64 hex digits), so
    that ``play --resume LOG`` can go on. As secret as the seed while the game runs."""
    path = Path(log_path)
    return path.with_name(path.name + ".seed")


def _write_seed(log_path: str | os.PathLike[str], seed: int) -> None:
    path = seed_file(log_path)
    try:
        path.write_text(f"{seed:064x}\n", encoding="ascii")
        path.chmod(0o600)
    except OSError as exc:
        raise CliError(f"cannot write {str(path)!r}: {exc.strerror}") from exc


def _read_log(path: str) -> ReplayLog:
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise CliError(f"cannot read {path!r}: {exc.strerror or exc}") from exc
    try:
        return read_log(data)
    except DecodeError as exc:
        raise CliError(f"unreadable log {path!r}: {exc}") from exc
    except LookupError as exc:  # a game or rules version this engine does not have
        raise CliError(f"{path}: {str(exc).strip(chr(34) + chr(39))}") from exc


def _log_game(log: ReplayLog) -> AnyGame:
    """The game under the rules version the log was recorded with (read_log has
    checked that this engine has it)."""
    return get_game(log.header.game, log.header.rules_version)


def read_seed_file(log_path: str, log: ReplayLog) -> int:
    """The seed in ``LOG.seed`` beside the log of a running game (``play --log`` and
    ``replay --fork`` write it), checked against the log's seed commitment; a missing,
    malformed or wrong seed file is a :class:`CliError`."""
    path = seed_file(log_path)
    try:
        text = path.read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError):
        raise CliError(
            f"{log_path}: the game is still running and there is no {path.name} beside it; "
            "pass --seed"
        ) from None
    try:
        seed = int(text, 16)
    except ValueError:
        raise CliError(f"{path}: not a hex seed") from None
    if seed_commitment(seed) != log.header.seed_commitment:
        raise CliError(f"{path}: the seed does not match the log's seed commitment")
    return seed


def _log_seed(log: ReplayLog, given: int | None, log_path: str | None = None) -> int:
    """The seed to replay ``log`` with: ``given`` (``--seed``), else the revealed one,
    else (a running game) the one in ``LOG.seed`` beside ``log_path``, as ``play
    --resume`` reads it. A given seed that is not the log's is a divergence."""
    if given is not None:
        seed = given
    elif log.end is not None:
        try:
            seed = int(log.end.seed, 16)
        except ValueError:
            raise _Diverged(f"the log's revealed seed is not hex: {log.end.seed!r}") from None
    elif log_path is not None and seed_file(log_path).exists():
        return read_seed_file(log_path, log)
    else:
        raise CliError(
            "the log has no revealed seed (the game is not over)"
            + ("" if log_path is None else f" and there is no {seed_file(log_path).name}")
            + "; pass --seed"
        )
    if seed_commitment(seed) != log.header.seed_commitment:
        raise _Diverged("the seed does not match the log's seed commitment")
    return seed


def _replay_states(
    game: AnyGame, log: ReplayLog, seed: int, upto: int | None = None
) -> Iterator[tuple[LogEntry | None, Any, Any]]:
    """(entry, state before, state after) from the initial state (entry None) onward."""
    _decode_config(game, log.header.config)  # a bad config is a user error
    setup = None if log.end is None else log.end.setup
    try:
        state = initial_state(game, log.header, seed, setup)
    except (InvalidConfigError, LogFormatError) as exc:
        raise _Diverged(f"header: {exc}") from exc
    if serde.state_hash(state) != log.header.initial_state_hash:
        raise _Diverged("header: the initial state hash does not match")
    yield None, state, state
    for e in log.entries[:upto]:
        if e.action is None:
            raise CliError(f"entry {e.seq}: the action is masked; replay the full log")
        try:
            after = game.apply(state, e.seat, game.decode_action(e.action))
        except (DecodeError, IllegalActionError) as exc:
            raise _Diverged(f"entry {e.seq}: {exc}") from exc
        if serde.state_hash(after) != e.state_hash:
            raise _Diverged(f"entry {e.seq}: the state hash does not match the log")
        yield e, state, after
        state = after
