"""The records of a replay log, their hashes and the file form (DESIGN section 5).

A log is a msgpack stream of records, each a map with a ``"type"`` key:

* ``header``: format, format_version, engine_version, game, rules_version, config,
  seats, seed_commitment, initial_state_hash, then viewer;
* ``entry`` per applied action: seq (1, 2, ...), seat, action (wire form, or None when
  masked), salt, action_commitment, state_hash, chain_hash;
* ``end`` once the game is over: the revealed seed and the outcome.

Hashes are blake2b-256 over length-prefixed parts (:func:`serde.digest`):
``commitment = H("islandgames-seed", seed)``, ``salt_i = H("islandgames-salt", seed, seq)``,
``action_commitment = H(salt_i, canonical(action))``, ``chain_0 = H(canonical(header))``,
``chain_i = H(chain_{i-1}, seat, action_commitment, state_hash)``. The per-entry salt keeps a
masked action from being guessed from its commitment; a redacted log keeps every
commitment and hash, so it verifies against the full log.

This is the bottom of the log modules: :mod:`.logreader` reads these records strictly,
:mod:`.logverify` gives the verdicts, :mod:`.history` and :mod:`.match` build on them,
and :mod:`.log` gathers their public names. The replay of a full log's states
(:func:`replay_states`, behind :meth:`ReplayLog.states`) is here, beside the log it
replays, so that nothing here imports the modules above.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any, Literal

import attrs
from cattrs.gen import make_dict_unstructure_fn

from . import serde
from .errors import LogFormatError, ReplayDivergenceError
from .game import Game, Seat
from .rng import seed_to_bytes

__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "MAX_BOT_SPEC",
    "MAX_DEPTH",
    "MAX_MATCH_ID",
    "MAX_RECORD_BYTES",
    "LogAiSeat",
    "LogEnd",
    "LogEntry",
    "LogHeader",
    "LogParent",
    "ReplayLog",
    "Viewer",
    "action_commitment",
    "action_salt",
    "canonical_config",
    "header_chain",
    "initial_state",
    "make_entry",
    "make_header",
    "next_chain",
    "record_list",
    "replay_states",
    "seed_commitment",
    "setup_commitment",
    "setup_wire",
    "write_log",
]

FORMAT = "islandgames-log"
FORMAT_VERSION = 1
#: The largest record a reader accepts (a header, an entry or an end record is far
#: smaller): so that no file can make the reader build more than a few MB at once.
MAX_RECORD_BYTES = 256 * 1024
#: The deepest nesting of maps and lists a record may have (entries use 4).
MAX_DEPTH = 32

#: ``"all"`` for a full log; else the seat (None: a spectator) it was redacted for.
Viewer = int | Literal["all"] | None

AnyGame = Game[Any, Any, Any, Any]


#: The longest ``parent.match`` id a reader accepts.
MAX_MATCH_ID = 128


@attrs.frozen(slots=True)
class LogParent:
    """Where a forked log comes from: the parent's ``match`` id (``""`` for a log forked
    in the library, with no service match id), the ``seq`` it was forked after and the
    parent's ``chain_hash`` at that seq (its header chain for seq 0)."""

    match: str
    seq: int
    chain_hash: str


#: The longest bot spec (``LogAiSeat.bot``) a reader accepts.
MAX_BOT_SPEC = 128


@attrs.frozen(slots=True)
class LogAiSeat:
    """A seat the server played itself (an AI seat): the ``seat`` and the ``bot`` spec
    it was played by (``"heuristic"``, ``"mcts:iterations=200"``, ...)."""

    seat: int
    bot: str


@attrs.frozen(slots=True)
class LogHeader:
    """The header of a log. ``parent`` names the log it was forked from (None for a log
    that is not a fork: then the key is absent from the record, so such headers keep the
    bytes they always had). ``setup_commitment`` commits to a scenario setup
    (:func:`setup_commitment`; None, and the key absent, for a match without one): the
    setup itself stays out of the header, which every per-seat log shows, and is
    revealed with the seed in the end record. ``ai_seats`` names the seats the server
    played with a bot, in seat order (None, and the key absent, for a match without
    any): a fact for the auditor; verifying the log replays the entries as for any
    seat."""

    format: str
    format_version: int
    engine_version: str
    game: str
    rules_version: str
    config: dict[str, Any]
    seats: int
    seed_commitment: str
    initial_state_hash: str
    parent: LogParent | None = None
    setup_commitment: str | None = None
    ai_seats: tuple[LogAiSeat, ...] | None = None


def _unstructure_header(header: LogHeader) -> dict[str, Any]:
    out = _header_base(header)
    if header.parent is None:
        del out["parent"]
    if header.setup_commitment is None:
        del out["setup_commitment"]
    if header.ai_seats is None:
        del out["ai_seats"]
    return out


_header_base = make_dict_unstructure_fn(LogHeader, serde.converter)
serde.converter.register_unstructure_hook(LogHeader, _unstructure_header)


@attrs.frozen(slots=True)
class LogEntry:
    seq: int
    seat: int
    action: dict[str, Any] | None
    salt: str | None
    action_commitment: str
    state_hash: str
    chain_hash: str


@attrs.frozen(slots=True)
class LogEnd:
    """The end record: the revealed seed, the outcome and, for a match with a scenario
    setup, the setup's wire form (None, and the key absent, without one)."""

    seed: str
    outcome: dict[str, Any]
    setup: dict[str, Any] | None = None


def _unstructure_end(end: LogEnd) -> dict[str, Any]:
    out = _end_base(end)
    if end.setup is None:
        del out["setup"]
    return out


_end_base = make_dict_unstructure_fn(LogEnd, serde.converter)
serde.converter.register_unstructure_hook(LogEnd, _unstructure_end)


@attrs.frozen(slots=True)
class ReplayLog:
    """A whole log. ``viewer`` is ``"all"`` for the full log, else the seat (or None for
    a spectator) it was redacted for."""

    header: LogHeader
    entries: tuple[LogEntry, ...]
    end: LogEnd | None
    viewer: Viewer = "all"

    @property
    def chain_hash(self) -> str:
        """The newest chain hash (the header's when there are no entries)."""
        return self.chain_hash_at(len(self.entries))

    def chain_hash_at(self, seq: int) -> str:
        """The chain hash after entry ``seq`` (0: the header's)."""
        if not 0 <= seq <= len(self.entries):
            raise IndexError(f"seq {seq} outside 0..{len(self.entries)}")
        return self.entries[seq - 1].chain_hash if seq else header_chain(self.header).hex()

    def states(self, seed: int | None = None, *, setup: Any = None) -> Iterator[Any]:
        """Every state of a full log in order: the initial state, then the state after
        each entry (``len(entries) + 1`` states), replayed under the header's rules
        version. The seed (and a scenario setup the header commits to) come from the end
        record, or must be given for a game still running. Each state's hash is checked
        against the log as it is replayed (:class:`ReplayDivergenceError` at the first
        that differs)."""
        return replay_states(self, seed, setup=setup)


# --- hashing ----------------------------------------------------------------------------


def seed_commitment(seed: int) -> str:
    return serde.digest(b"islandgames-seed", seed_to_bytes(seed)).hex()


def setup_commitment(seed: int, setup_wire: dict[str, Any]) -> str:
    """``H("islandgames-setup", seed, canonical(setup))``: keyed by the seed, so that a
    setup drawn from few choices cannot be guessed from the header before the end."""
    return serde.digest(b"islandgames-setup", seed_to_bytes(seed), serde.packb(setup_wire)).hex()


def setup_wire(setup: Any) -> dict[str, Any] | None:
    """A scenario setup's wire form as the end record holds it (None: no setup)."""
    return None if setup is None else dict(serde.to_wire(setup))


def initial_state(game: AnyGame, header: LogHeader, seed: int, setup: dict[str, Any] | None) -> Any:
    """The state a log starts from: its seed, its header's config and, if the header
    commits to one, its scenario setup (the end record's ``setup``, or one given for a
    running log). Raises ``InvalidConfigError``/``DecodeError`` for a config or setup
    the game refuses, and ``LogFormatError`` for a setup the header does not commit to."""
    config = game.decode_config(header.config)
    if (setup is None) != (header.setup_commitment is None):
        raise LogFormatError(
            "the header commits to a scenario setup; the setup is needed"
            if setup is None
            else "a scenario setup for a log whose header commits to none"
        )
    if setup is None:
        return game.new(seed, config)
    typed = game.decode_setup(setup)
    wire = serde.to_wire(typed)
    if wire != setup or setup_commitment(seed, wire) != header.setup_commitment:
        raise LogFormatError("the scenario setup is not the one the header commits to")
    return game.new(seed, config, typed)


def action_salt(seed: int, seq: int) -> str:
    return serde.digest(b"islandgames-salt", seed_to_bytes(seed), seq.to_bytes(8, "big")).hex()


def action_commitment(salt: str, action_wire: Any) -> str:
    return serde.digest(bytes.fromhex(salt), serde.packb(action_wire)).hex()


def header_chain(header: LogHeader) -> bytes:
    return serde.digest(b"islandgames-chain", serde.canonical_bytes(header))


def next_chain(prev: bytes, seat: int, commitment: str, state_hash: str) -> bytes:
    return serde.digest(
        prev, seat.to_bytes(8, "big", signed=True), bytes.fromhex(commitment),
        bytes.fromhex(state_hash),
    )


def make_header(
    game: AnyGame,
    seed: int,
    config: Any,
    initial_state: Any,
    engine_version: str,
    parent: LogParent | None = None,
    setup: dict[str, Any] | None = None,
    ai_seats: tuple[LogAiSeat, ...] | None = None,
) -> LogHeader:
    """The header of a match (``setup``: its scenario setup's wire form, or None;
    ``ai_seats``: the seats the server plays, in seat order; None or empty: none)."""
    return LogHeader(
        format=FORMAT,
        format_version=FORMAT_VERSION,
        engine_version=engine_version,
        game=game.info.id,
        rules_version=game.info.rules_version,
        config=canonical_config(config),
        seats=game.seat_count(initial_state),
        seed_commitment=seed_commitment(seed),
        initial_state_hash=serde.state_hash(initial_state),
        parent=parent,
        setup_commitment=None if setup is None else setup_commitment(seed, setup),
        ai_seats=ai_seats or None,
    )


def canonical_config(config: Any) -> dict[str, Any]:
    """A config's wire form as the header holds it: every field, in field order."""
    cfg: dict[str, Any] = serde.to_wire(config)
    cfg.pop("type", None)
    return cfg


def make_entry(
    game: AnyGame,
    seed: int,
    prev_chain: bytes,
    seq: int,
    seat: Seat,
    action: Any,
    state_hash: str,
) -> LogEntry:
    wire = game.encode_action(action)
    salt = action_salt(seed, seq)
    commitment = action_commitment(salt, wire)
    chain = next_chain(prev_chain, seat, commitment, state_hash)
    return LogEntry(seq, seat, wire, salt, commitment, state_hash, chain.hex())


# --- files ------------------------------------------------------------------------------
# (the file form of each record, and writing; reading is in logreader)


def _header_record(header: LogHeader, viewer: Viewer) -> dict[str, Any]:
    return {"type": "header", **serde.to_wire(header), "viewer": viewer}


def _entry_record(entry: LogEntry) -> dict[str, Any]:
    # built by hand: this runs for every entry read or written
    return {
        "type": "entry",
        "seq": entry.seq,
        "seat": entry.seat,
        "action": entry.action,
        "salt": entry.salt,
        "action_commitment": entry.action_commitment,
        "state_hash": entry.state_hash,
        "chain_hash": entry.chain_hash,
    }


def _end_record(end: LogEnd) -> dict[str, Any]:
    return {"type": "end", **serde.to_wire(end)}


def record_list(log: ReplayLog) -> list[dict[str, Any]]:
    """The log as the list of its file records (header with ``viewer``, entries, end):
    packing each record in turn gives exactly the bytes of :func:`write_log`."""
    records = [_header_record(log.header, log.viewer)]
    records.extend(_entry_record(e) for e in log.entries)
    if log.end is not None:
        records.append(_end_record(log.end))
    return records


def write_log(log: ReplayLog, target: str | os.PathLike[str] | IO[bytes]) -> None:
    """Write ``log`` as a msgpack record stream to a path or binary file."""
    if isinstance(target, str | os.PathLike):
        path = Path(target)
        tmp = path.with_name(path.name + ".tmp")
        with open(tmp, "wb") as fh:
            _write(log, fh)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    else:
        _write(log, target)


def _write(log: ReplayLog, fh: IO[bytes]) -> None:
    for rec in record_list(log):
        fh.write(serde.packb(rec))


# --- replaying ---------------------------------------------------------------------------
# (every state of a full log, for ReplayLog.states; history's time travel reuses the steps)


def _game(log: ReplayLog) -> AnyGame:
    from .registry import get_game  # late: the registry imports the games

    return get_game(log.header.game, log.header.rules_version)


def _seed(log: ReplayLog, seed: int | None) -> int:
    """The seed: given, or the end record's; it must match the commitment."""
    if seed is None:
        if log.end is None:
            raise ReplayDivergenceError(
                "the log has no revealed seed (the game is still running); pass seed="
            )
        seed = int(log.end.seed, 16)
    if seed_commitment(seed) != log.header.seed_commitment:
        raise ReplayDivergenceError("the seed does not match the log's seed commitment", 0)
    return seed


def _setup(game: AnyGame, log: ReplayLog, setup: Any) -> Any:
    """The scenario setup (typed): given, or the end record's; None without one."""
    if setup is None and log.end is not None and log.end.setup is not None:
        return game.decode_setup(log.end.setup)
    return setup


def _initial(game: AnyGame, log: ReplayLog, seed: int, setup: Any) -> Any:
    try:
        state = initial_state(game, log.header, seed, setup_wire(setup))
    except LogFormatError as exc:
        hint = "; pass setup=" if setup is None and log.end is None else ""
        raise ReplayDivergenceError(f"header: {exc}{hint}", 0) from exc
    if serde.state_hash(state) != log.header.initial_state_hash:
        raise ReplayDivergenceError("header: the initial state hash does not match", 0)
    return state


def _actions(game: AnyGame, log: ReplayLog) -> tuple[Any, ...]:
    out: list[Any] = []
    memo: dict[bytes, Any] = {}
    for e in log.entries:
        if e.action is None:
            raise ReplayDivergenceError(
                f"entry {e.seq}: the action is masked (time travel needs the full log)", e.seq
            )
        key = serde.packb(e.action)
        if key not in memo:
            memo[key] = game.decode_action(e.action)
        out.append(memo[key])
    return tuple(out)


def _step(game: AnyGame, log: ReplayLog, state: Any, seq: int, action: Any) -> Any:
    """The state after entry ``seq`` (1-based), checked against the log's hash."""
    e = log.entries[seq - 1]
    try:
        after = game.apply(state, e.seat, action)
    except ValueError as exc:  # IllegalActionError, NotYourTurnError, GameOverError
        raise ReplayDivergenceError(f"entry {seq}: {exc}", seq) from exc
    if serde.state_hash(after) != e.state_hash:
        raise ReplayDivergenceError(f"entry {seq}: the state hash differs from the log", seq)
    return after


def replay_states(
    log: ReplayLog, seed: int | None = None, *, setup: Any = None
) -> Iterator[Any]:
    """Every state of a full log in order (see :meth:`ReplayLog.states`). ``seed`` and
    ``setup`` (a scenario setup the header commits to) are the end record's unless
    given, for a running game."""
    game = _game(log)
    seed = _seed(log, seed)
    actions = _actions(game, log)
    state = _initial(game, log, seed, _setup(game, log, setup))
    yield state
    for seq, action in enumerate(actions, start=1):
        state = _step(game, log, state, seq, action)
        yield state
