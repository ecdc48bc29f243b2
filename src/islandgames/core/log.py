"""Replay logs: record, write, read, verify, redact (DESIGN section 5).

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

Reading is strict: every byte of a file belongs to exactly one record, every record is
the canonical encoding of its typed value (so there is one spelling of every log), and
sizes and nesting are bounded. Whatever is hashed is re-encoded from its typed value, so
records that arrive as structured data (msgpack maps, protobuf, JSON) in any key order
verify alike. A verification is one of three verdicts (:class:`Verification`).
"""

from __future__ import annotations

import os
import typing
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO, Any, Literal

import attrs
import msgpack
from cattrs.gen import make_dict_unstructure_fn

from . import serde
from .errors import DecodeError, IllegalActionError, InvalidConfigError, LogFormatError
from .game import Game, Outcome, Seat
from .rng import seed_to_bytes

__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "MAX_DEPTH",
    "MAX_RECORD_BYTES",
    "Divergence",
    "LogAiSeat",
    "LogEnd",
    "LogEntry",
    "LogHeader",
    "LogParent",
    "ReplayLog",
    "Verdict",
    "Verification",
    "Viewer",
    "action_salt",
    "initial_state",
    "parse_records",
    "read_log",
    "record_list",
    "seed_commitment",
    "setup_commitment",
    "setup_wire",
    "verify_fork",
    "verify_log",
    "verify_redacted",
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
#: ``verified``: every entry replayed from the revealed seed under the header's rules
#: version, every hash, the chain and the end record's outcome equal to the replay's.
#: ``unfinished``: no seed yet (or only a per-seat log of a running game): the chain and
#: every visible action's commitment hold, nothing was replayed. ``diverged``: the first
#: disagreement is in ``divergence``.
Verdict = Literal["verified", "unfinished", "diverged"]

AnyGame = Game[Any, Any, Any, Any]



def _is_hex64(value: Any) -> bool:
    """Exactly 64 lower-case hex digits (a digest or a seed). Faster than a regex: 64
    characters without upper case that decode to 32 bytes leave room for nothing else
    (bytes.fromhex skips spaces, which would leave fewer bytes)."""
    if type(value) is not str or len(value) != 64 or value != value.lower():
        return False
    try:
        return len(bytes.fromhex(value)) == 32
    except ValueError:
        return False


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
        from .history import replay_states  # late: history imports this module

        return replay_states(self, seed, setup=setup)


@attrs.frozen(slots=True)
class Divergence:
    """The first place where a log disagrees with itself or with the engine."""

    seq: int
    what: str
    expected: str
    found: str

    def __str__(self) -> str:
        where = "header" if self.seq == 0 else f"entry {self.seq}"
        return f"{where}: {self.what} (expected {self.expected}, found {self.found})"


@attrs.frozen(slots=True)
class Verification:
    """The verdict on a log: ``status`` is ``verified``, ``unfinished`` or ``diverged``
    (see :data:`Verdict`); ``entries`` in the log; ``viewer`` it is for; the first
    ``divergence`` (diverged only); the replayed ``outcome`` (verified, finished only).
    """

    status: Verdict
    entries: int
    viewer: Viewer
    divergence: Divergence | None
    outcome: Outcome | None

    @property
    def verified(self) -> bool:
        """Only a full replay from the revealed seed makes a log verified."""
        return self.status == "verified"

    def __str__(self) -> str:
        if self.status == "diverged":
            return f"diverged at {self.divergence}"
        return f"{self.status} ({self.entries} entries)"

    def to_wire(self) -> dict[str, Any]:
        """The verdict as both protocols send it: ``status``, ``entries``, ``viewer``,
        ``divergence`` (a map or nil) and ``outcome`` (a map or nil)."""
        return {
            "status": self.status,
            "entries": self.entries,
            "viewer": self.viewer,
            "divergence": None if self.divergence is None else serde.to_wire(self.divergence),
            "outcome": None if self.outcome is None else serde.to_wire(self.outcome),
        }

    @classmethod
    def from_wire(cls, data: Any) -> Verification:
        """The verdict a server sent (:class:`DecodeError` if it is not one)."""
        if type(data) is not dict or set(data) != {
            "status", "entries", "viewer", "divergence", "outcome"
        }:
            raise DecodeError(f"not a verification: {_shown(data)}")
        status = data["status"]
        if status not in ("verified", "unfinished", "diverged") or type(status) is not str:
            raise DecodeError(f"unknown verification status {_shown(status)}")
        viewer = data["viewer"]
        if not (viewer is None or viewer == "all" or type(viewer) is int):
            raise DecodeError(f"bad viewer {_shown(viewer)}")
        entries = data["entries"]
        if type(entries) is not int:
            raise DecodeError(f"entries must be an int, got {_shown(entries)}")
        div, out = data["divergence"], data["outcome"]
        return cls(
            typing.cast(Verdict, status),
            entries,
            viewer,
            None if div is None else serde.from_wire(div, Divergence),
            None if out is None else serde.from_wire(out, Outcome),
        )


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


def read_log(source: str | os.PathLike[str] | IO[bytes] | bytes) -> ReplayLog:
    """Read a log written by :func:`write_log` (or streamed by a :class:`Match`).

    Every byte must belong to a record in canonical form: a cut inside a record, a length
    that runs past the end, trailing bytes, a non-canonical spelling, a record too large
    or nested too deeply is a :class:`LogFormatError` naming the byte offset. A file cut
    exactly between two records is a valid log of a game still running. A log of a game
    or rules version this engine does not have raises :class:`UnknownGameError` or
    :class:`UnsupportedRulesVersionError`.
    """
    if isinstance(source, bytes | bytearray | memoryview):
        data = bytes(source)
    elif isinstance(source, str | os.PathLike):
        try:
            data = Path(source).read_bytes()
        except OSError as exc:
            raise LogFormatError(f"cannot read {os.fspath(source)!r}: {exc}") from exc
    else:
        data = source.read()
    if not data:
        raise LogFormatError("empty file: no header record at byte 0")
    builder = _Builder()
    for i, start, end in _frames(data):
        chunk = data[start:end]
        where = f"record {i} (bytes {start}..{end})"
        record = _unpack_record(chunk, where)
        canonical = builder.add(record, where)
        if canonical != chunk:
            at = next(
                (k for k, (a, b) in enumerate(zip(canonical, chunk, strict=False)) if a != b),
                min(len(canonical), len(chunk)),
            )
            raise LogFormatError(
                f"{where} is not in canonical form: its canonical encoding differs from "
                f"byte {start + at} on (one spelling per log: hex in lower case, keys in "
                "field order, the smallest integer encodings, text as str)"
            )
    return builder.finish()


def _frames(data: bytes) -> Iterator[tuple[int, int, int]]:
    """(index, start, end) of each top-level msgpack object of ``data``, found without
    building any of them."""
    unpacker = msgpack.Unpacker(raw=False, max_buffer_size=max(len(data), 1))
    unpacker.feed(data)
    start, i = 0, 0
    while start < len(data):
        try:
            unpacker.skip()
        except msgpack.OutOfData:
            raise LogFormatError(
                f"record {i} (from byte {start}) is cut off: it runs past the end of the "
                f"file at byte {len(data)} (a cut inside a record, or a length that overruns)"
            ) from None
        except msgpack.StackError:
            raise LogFormatError(f"record {i} (from byte {start}) is nested too deeply") from None
        except Exception as exc:
            raise LogFormatError(
                f"record {i} (from byte {start}) is not valid msgpack: "
                f"{type(exc).__name__}{': ' + str(exc) if str(exc) else ''}"
            ) from None
        end = unpacker.tell()
        if end - start > MAX_RECORD_BYTES:
            raise LogFormatError(
                f"record {i} (bytes {start}..{end}) is {end - start} bytes; "
                f"a record may have at most {MAX_RECORD_BYTES}"
            )
        yield i, start, end
        start, i = end, i + 1


def _unpack_record(chunk: bytes, where: str) -> Any:
    try:
        return msgpack.unpackb(chunk, raw=False, strict_map_key=True, use_list=True)
    except Exception as exc:
        raise LogFormatError(f"{where}: {type(exc).__name__}: {exc}") from None


def parse_records(records: Iterable[Any]) -> ReplayLog:
    """A :class:`ReplayLog` from records given as structured data (maps in any key
    order: msgpack, JSON, protobuf converted), checked as strictly as :func:`read_log`
    checks a file, and held in canonical form (so hashes never depend on key order)."""
    builder = _Builder()
    for i, record in enumerate(records):
        builder.add(record, f"record {i}")
    return builder.finish()


def _check_depth(value: Any, where: str, depth: int = 1) -> None:
    """Refuse nesting deeper than MAX_DEPTH (``value`` being at ``depth``), without
    recursion."""
    stack: list[tuple[Any, int]] = [(value, depth)]
    while stack:
        item, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise LogFormatError(f"{where} is nested more than {MAX_DEPTH} levels deep")
        for child in item.values() if type(item) is dict else item:
            kind = type(child)
            if kind is dict or kind is list or kind is tuple:
                stack.append((child, depth + 1))


#: The keys a header record always has; ``parent`` (a fork), ``setup_commitment`` (a
#: scenario setup) and ``ai_seats`` (seats the server played) come just before
#: ``viewer``, in that order, when present.
_OPTIONAL_HEADER_KEYS = ("parent", "setup_commitment", "ai_seats")
_HEADER_KEYS = (
    "type",
    *(f.name for f in attrs.fields(LogHeader) if f.name not in _OPTIONAL_HEADER_KEYS),
    "viewer",
)
_PARENT_KEYS = tuple(f.name for f in attrs.fields(LogParent))
_AI_SEAT_KEYS = tuple(f.name for f in attrs.fields(LogAiSeat))
_ENTRY_KEYS = ("type", *(f.name for f in attrs.fields(LogEntry)))
_END_KEYS = ("type", "seed", "outcome")
_SETUP_END_KEYS = (*_END_KEYS, "setup")


def _header_keys(record: dict[str, Any]) -> tuple[str, ...]:
    present = tuple(k for k in _OPTIONAL_HEADER_KEYS if k in record)
    return (*_HEADER_KEYS[:-1], *present, "viewer") if present else _HEADER_KEYS


class _Actions:
    """A game's actions decoded from wire data, with their canonical bytes, remembered
    for one read or verification (a log repeats its actions a lot). Keyed by the msgpack
    of the wire data as given, which tells apart every value msgpack does (1, true and
    1.0 alike): the typed actions are immutable, so nothing depends on the memo."""

    def __init__(self, game: AnyGame) -> None:
        self.game = game
        self.seen: dict[bytes, tuple[Any, bytes]] = {}

    def decode(self, wire: Any) -> tuple[Any, bytes]:
        """(the typed action, its canonical bytes); :class:`DecodeError` if it is none."""
        try:
            key = serde.packb(wire)
        except (TypeError, ValueError, OverflowError) as exc:  # only from Python callers
            raise DecodeError(f"not wire data: {exc}") from exc
        hit = self.seen.get(key)
        if hit is None:
            action = self.game.decode_action(wire)
            hit = self.seen[key] = (action, serde.packb(self.game.encode_action(action)))
        return hit


class _Builder:
    """Typed, canonical records one at a time, in order; the header decides the game."""

    def __init__(self) -> None:
        self.header: LogHeader | None = None
        self.viewer: Viewer = "all"
        self.actions: _Actions | None = None
        self.entries: list[LogEntry] = []
        self.end: LogEnd | None = None
        self.count = 0

    def add(self, record: Any, where: str) -> bytes:
        """Check ``record``; return its canonical bytes."""
        if self.end is not None:
            raise LogFormatError(f"{where}: nothing may follow the end record")
        if type(record) is not dict or type(record.get("type")) is not str:
            raise LogFormatError(f"{where} is not a map with a string 'type' key")
        kind = record["type"]
        if kind == "entry" and tuple(record) == _ENTRY_KEYS:
            # the common case, kept cheap: only the action can nest (one level down)
            action = record["action"]
            if type(action) is dict:
                _check_depth(action, where, 2)
        else:
            _check_depth(record, where)
        first = self.count == 0
        self.count += 1
        if kind == "header":
            if not first:
                raise LogFormatError(f"{where}: a header may only come first")
            return self._header(record, where)
        if self.header is None:
            raise LogFormatError(f"{where}: the log does not start with a header")
        if kind == "entry":
            return self._entry(record, where)
        if kind == "end":
            return self._end(record, where)
        raise LogFormatError(f"{where}: unknown record type {_shown(kind)}")

    def _setup(self, value: Any, where: str) -> dict[str, Any]:
        assert self.header is not None and self.actions is not None
        if self.header.setup_commitment is None:
            raise LogFormatError(
                f"{where}: a setup in the end record of a log whose header commits to none"
            )
        problem = _setup_problem(self.actions.game, value)
        if problem is not None:
            raise LogFormatError(f"{where}: setup: {problem}")
        return dict(value)

    def finish(self) -> ReplayLog:
        if self.header is None:
            raise LogFormatError("empty log: no header record")
        return ReplayLog(self.header, tuple(self.entries), self.end, self.viewer)

    def _header(self, record: dict[str, Any], where: str) -> bytes:
        from .registry import get_game  # late: the registry imports the games

        keys = _header_keys(record)
        _keys(record, keys, where)
        fmt = record["format"]
        if fmt != FORMAT:
            raise LogFormatError(f"{where}: not an islandgames log (format {_shown(fmt)})")
        version = record["format_version"]
        if type(version) is not int or version != FORMAT_VERSION:
            raise LogFormatError(
                f"{where}: unsupported log format_version {_shown(version)} "
                f"(this engine reads {FORMAT_VERSION})"
            )
        body = {k: record[k] for k in keys[1:-1]}
        if "parent" in body:
            _parent(body["parent"], where)
        if "ai_seats" in body and type(record["seats"]) is int:  # else: seats is refused
            _ai_seats(body["ai_seats"], record["seats"], where)
        header = _typed(body, LogHeader, where)
        for name in ("seed_commitment", "initial_state_hash"):
            _hex(getattr(header, name), f"{where}: {name}")
        if "setup_commitment" in body:
            _hex(header.setup_commitment, f"{where}: setup_commitment")
        if len(header.engine_version) > 64:
            raise LogFormatError(f"{where}: engine_version is longer than 64 characters")
        game = get_game(header.game, header.rules_version)
        try:
            config = game.decode_config(header.config)
        except (DecodeError, InvalidConfigError) as exc:
            raise LogFormatError(f"{where}: config: {exc}") from exc
        canonical = canonical_config(config)
        if header.config != canonical:
            raise LogFormatError(
                f"{where}: the config must list every field of the {game.info.id} config "
                f"exactly once ({', '.join(canonical)})"
            )
        if not game.info.min_seats <= header.seats <= game.info.max_seats:
            raise LogFormatError(
                f"{where}: seats {header.seats} outside {game.info.min_seats}.."
                f"{game.info.max_seats}"
            )
        viewer = record["viewer"]
        if not _viewer_ok(viewer, header.seats):
            raise LogFormatError(
                f"{where}: viewer must be 'all', nil or a seat 0..{header.seats - 1}, "
                f"got {_shown(viewer)}"
            )
        header = attrs.evolve(header, config=canonical)
        self.header, self.viewer, self.actions = header, viewer, _Actions(game)
        return serde.packb(_header_record(header, viewer))

    def _entry(self, record: dict[str, Any], where: str) -> bytes:
        # checked field by field (the hot part of reading a log)
        _keys(record, _ENTRY_KEYS, where)
        for name in ("seq", "seat"):
            value = record[name]
            if type(value) is not int or not -serde.MAX_SAFE_INT <= value <= serde.MAX_SAFE_INT:
                raise LogFormatError(f"{where}: {name} must be an int, got {_shown(value)}")
        salt = record["salt"]
        digests = (record["action_commitment"], record["state_hash"], record["chain_hash"])
        if not all(map(_is_hex64, digests)) or (salt is not None and not _is_hex64(salt)):
            for name in ("action_commitment", "state_hash", "chain_hash", "salt"):
                if record[name] is not None or name != "salt":
                    _hex(record[name], f"{where}: {name}")
        action = record["action"]
        if action is not None:
            assert self.actions is not None
            try:
                _, canonical = self.actions.decode(action)
            except DecodeError as exc:
                raise LogFormatError(f"{where}: action: {exc}") from exc
            action = serde.unpackb(canonical)  # a map of its own for this entry
        entry = LogEntry(
            record["seq"], record["seat"], action, salt, record["action_commitment"],
            record["state_hash"], record["chain_hash"],
        )  # fmt: skip
        self.entries.append(entry)
        return serde.packb(_entry_record(entry))

    def _end(self, record: dict[str, Any], where: str) -> bytes:
        _keys(record, _SETUP_END_KEYS if "setup" in record else _END_KEYS, where)
        seed = record["seed"]
        if not _is_hex64(seed):
            raise LogFormatError(
                f"{where}: seed must be exactly 64 lower-case hex digits, got {_shown(seed)}"
            )
        outcome = _typed(record["outcome"], Outcome, f"{where}: outcome")
        setup = None
        if "setup" in record:
            setup = self._setup(record["setup"], where)
        end = LogEnd(seed, serde.to_wire(outcome), setup)
        self.end = end
        return serde.packb(_end_record(end))


def _setup_problem(game: AnyGame, value: Any) -> str | None:
    """Why ``value`` is not a scenario setup of ``game`` in canonical wire form."""
    try:
        typed = game.decode_setup(value)
    except DecodeError as exc:
        return str(exc)
    if serde.to_wire(typed) != value:
        return "the setup must list every field of the setup exactly once, in wire form"
    return None


def _parent(value: Any, where: str) -> None:
    """A header's ``parent``: a map of exactly match (str), seq (int >= 0), chain_hash."""
    if type(value) is not dict or len(value) != 3 or any(k not in value for k in _PARENT_KEYS):
        raise LogFormatError(
            f"{where}: parent must be a map with exactly the keys {', '.join(_PARENT_KEYS)}, "
            f"got {_shown(value)}"
        )
    match, seq = value["match"], value["seq"]
    if type(match) is not str or len(match) > MAX_MATCH_ID:
        raise LogFormatError(
            f"{where}: parent.match must be a str of at most {MAX_MATCH_ID} characters, "
            f"got {_shown(match)}"
        )
    if type(seq) is not int or not 0 <= seq <= serde.MAX_SAFE_INT:
        raise LogFormatError(f"{where}: parent.seq must be an int >= 0, got {_shown(seq)}")
    _hex(value["chain_hash"], f"{where}: parent.chain_hash")


def _ai_seats(value: Any, seats: int, where: str) -> None:
    """A header's ``ai_seats``: a non-empty list of maps of exactly seat (an int in
    0..seats-1) and bot (a non-empty str of at most MAX_BOT_SPEC characters), in
    strictly increasing seat order."""
    if type(value) is not list or not value:
        raise LogFormatError(
            f"{where}: ai_seats must be a non-empty list of {{seat, bot}} maps (absent when "
            f"the server played no seat), got {_shown(value)}"
        )
    last = -1
    for i, item in enumerate(value):
        at = f"{where}: ai_seats[{i}]"
        if type(item) is not dict or len(item) != 2 or any(k not in item for k in _AI_SEAT_KEYS):
            raise LogFormatError(
                f"{at} must be a map with exactly the keys {', '.join(_AI_SEAT_KEYS)}, "
                f"got {_shown(item)}"
            )
        seat, bot = item["seat"], item["bot"]
        if type(seat) is not int or not 0 <= seat < seats:
            raise LogFormatError(f"{at}.seat must be a seat 0..{seats - 1}, got {_shown(seat)}")
        if seat <= last:
            raise LogFormatError(
                f"{at}.seat {seat} is out of order: ai_seats lists each seat once, in seat order"
            )
        if type(bot) is not str or not 0 < len(bot) <= MAX_BOT_SPEC:
            raise LogFormatError(
                f"{at}.bot must be a non-empty str of at most {MAX_BOT_SPEC} characters, "
                f"got {_shown(bot)}"
            )
        last = seat


def _viewer_ok(viewer: Any, seats: int) -> bool:
    return (
        (type(viewer) is str and viewer == "all")
        or viewer is None
        or (type(viewer) is int and 0 <= viewer < seats)
    )


def _keys(record: dict[str, Any], expected: tuple[str, ...], where: str) -> None:
    if tuple(record) == expected:  # as a file has them (any order is checked below)
        return
    if len(record) != len(expected) or any(k not in record for k in expected):
        missing = [k for k in expected if k not in record]
        extra = sorted(map(str, set(record) - set(expected)))[:5]
        raise LogFormatError(
            f"{where}: a {record['type']} record has exactly the keys {', '.join(expected)}"
            + (f"; missing {', '.join(missing)}" if missing else "")
            + (f"; unknown {', '.join(map(_shown, extra))}" if extra else "")
        )


def _typed(data: Any, cls: Any, where: str) -> Any:
    try:
        return serde.from_wire(data, cls)
    except DecodeError as exc:
        raise LogFormatError(f"{where}: {exc}") from exc


def _hex(value: Any, where: str) -> None:
    if not _is_hex64(value):
        raise LogFormatError(f"{where} must be 64 lower-case hex digits, got {_shown(value)}")


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


# --- verification -----------------------------------------------------------------------


def _diverged(log: ReplayLog, seq: int, what: str, expected: str, found: str) -> Verification:
    return Verification(
        "diverged", len(log.entries), log.viewer, Divergence(seq, what, expected, found), None
    )


def verify_log(log: ReplayLog) -> Verification:
    """The verdict on ``log`` (:class:`Verification`), never raising for a log that was
    read or parsed, except for a game or rules version this engine does not have
    (:class:`UnknownGameError`, :class:`UnsupportedRulesVersionError`).

    Always: ``seq`` runs 1..n, every seat is in range, every visible action matches its
    commitment (re-encoded canonically), the chain holds; a full log masks nothing.
    Without an end record that is all (``unfinished``). With it, the seed must match the
    commitment and the header must be the one its seed and config give; every action is
    replayed under the header's rules version (a masked action of a per-seat log is the
    legal action its commitment names, found with the revealed salt), every state hash
    and the outcome must match, and for a per-seat log every entry must show exactly
    what its viewer may see of that action. Only then is the log ``verified``.
    """
    from .registry import get_game  # late: the registry imports the games

    h = log.header
    game = get_game(h.game, h.rules_version)
    full = log.viewer == "all"
    if not _viewer_ok(log.viewer, h.seats):
        return _diverged(
            log, 0, "viewer", f"'all', None or a seat 0..{h.seats - 1}", _shown(log.viewer)
        )
    if h.parent is not None:
        try:
            _parent(serde.to_wire(h.parent), "header")
        except (LogFormatError, TypeError) as exc:
            return _diverged(log, 0, "parent", "a parent of match, seq, chain_hash", str(exc))
    if h.ai_seats is not None:
        try:
            _ai_seats(serde.to_wire(h.ai_seats), h.seats, "header")
        except (LogFormatError, TypeError) as exc:
            return _diverged(log, 0, "ai_seats", "seats in order, each with its bot", str(exc))
    try:
        chain = header_chain(h)
    except Exception as exc:  # a header built in Python with values the wire cannot hold
        return _diverged(log, 0, "header", "a header in wire form", str(exc))
    shown: list[Any] = []  # each visible action, typed (None: masked or partial)
    actions = _Actions(game)
    for i, e in enumerate(log.entries, start=1):
        if type(e.seq) is not int or e.seq != i:
            return _diverged(log, i, "seq", str(i), str(e.seq))
        if type(e.seat) is not int or not 0 <= e.seat < h.seats:
            return _diverged(log, i, "seat", f"a seat 0..{h.seats - 1}", str(e.seat))
        for name in ("action_commitment", "state_hash", "chain_hash", "salt"):
            value = getattr(e, name)
            if not (value is None and name == "salt") and not _is_hex64(value):
                return _diverged(log, i, name, "64 lower-case hex digits", _shown(value))
        if e.action is None:
            if full:
                return _diverged(
                    log, i, "action", "every action, with its salt (a full log masks nothing)",
                    "a masked action",
                )
            if e.salt is not None:
                return _diverged(log, i, "salt", "no salt for a masked action", "a salt")
        elif e.salt is not None:
            try:
                typed, canonical = actions.decode(e.action)
            except DecodeError as exc:
                return _diverged(log, i, "action", "an action of the game", str(exc))
            found = serde.digest(bytes.fromhex(e.salt), canonical).hex()
            if found != e.action_commitment:
                return _diverged(log, i, "action_commitment", found, e.action_commitment)
            shown.append(typed)
        elif full:
            return _diverged(
                log, i, "salt", "every action's salt (a full log masks nothing)", "no salt"
            )
        if len(shown) < i:
            shown.append(None)
        chain = next_chain(chain, e.seat, e.action_commitment, e.state_hash)
        if chain.hex() != e.chain_hash:
            return _diverged(log, i, "chain_hash", chain.hex(), e.chain_hash)
    if log.end is None:
        return Verification("unfinished", len(log.entries), log.viewer, None, None)
    return _replay(game, log, shown)


def _replay(game: AnyGame, log: ReplayLog, shown: list[Any]) -> Verification:
    h, end = log.header, log.end
    assert end is not None
    n = len(log.entries)
    if not _is_hex64(end.seed):
        return _diverged(log, n, "seed", "64 lower-case hex digits", _shown(end.seed))
    seed = int(end.seed, 16)
    if seed_commitment(seed) != h.seed_commitment:
        return _diverged(log, 0, "seed_commitment", seed_commitment(seed), h.seed_commitment)
    try:
        config = game.decode_config(h.config)
    except (DecodeError, InvalidConfigError) as exc:
        return _diverged(log, 0, "config", "a valid config", str(exc))
    setup = end.setup
    if (setup is None) != (h.setup_commitment is None):
        return _diverged(
            log, n, "setup", "the scenario setup the header commits to" if setup is None
            else "no setup (the header commits to none)", _shown(setup),
        )  # fmt: skip
    typed_setup = None
    if setup is not None:
        problem = _setup_problem(game, setup)
        if problem is not None:
            return _diverged(log, n, "setup", f"a {game.info.id} scenario setup", problem)
        found = setup_commitment(seed, setup)
        if found != h.setup_commitment:
            return _diverged(log, 0, "setup_commitment", found, _shown(h.setup_commitment))
        typed_setup = game.decode_setup(setup)
    try:
        state = game.new(seed, config, typed_setup)
    except InvalidConfigError as exc:
        return _diverged(log, n, "setup", "a setup the game accepts", str(exc))
    expected = make_header(
        game, seed, config, state, h.engine_version, h.parent, setup, h.ai_seats
    )
    if expected != h:
        for f in attrs.fields(LogHeader):
            mine, theirs = getattr(expected, f.name), getattr(h, f.name)
            if mine != theirs:
                return _diverged(log, 0, f.name, _shown(mine), _shown(theirs))
    steps: list[tuple[Any, LogEntry, Any]] = []  # per-seat logs: checked once the end is known
    for e, visible in zip(log.entries, shown, strict=True):
        salt = action_salt(seed, e.seq)
        if e.salt is not None and e.salt != salt:
            return _diverged(log, e.seq, "salt", salt, e.salt)
        if visible is not None:
            action = visible
        else:
            action = _recover(game, state, e.seat, salt, e.action_commitment)
            if action is None:
                return _diverged(
                    log, e.seq, "action_commitment",
                    "the commitment of a legal action of that seat", e.action_commitment,
                )  # fmt: skip
        try:
            after = game.apply(state, e.seat, action)
        except IllegalActionError as exc:
            return _diverged(log, e.seq, "action", "a legal action", str(exc))
        found = serde.state_hash(after)
        if found != e.state_hash:
            return _diverged(log, e.seq, "state_hash", found, e.state_hash)
        if log.viewer != "all":
            steps.append((state, e, action))
        state = after
    outcome = game.outcome(state)
    if outcome is None:
        return _diverged(log, n, "end", "a finished game", "the game is not over")
    wire = serde.to_wire(outcome)
    if wire != end.outcome:
        return _diverged(log, n, "outcome", _shown(wire), _shown(end.outcome))
    for before, e, action in steps:
        redaction = _redaction_problem(game, before, e, action, log.viewer, state)
        if redaction is not None:
            return _diverged(log, e.seq, "redaction", *redaction)
    return Verification("verified", n, log.viewer, None, outcome)


def _recover(game: AnyGame, state: Any, seat: int, salt: str, commitment: str) -> Any:
    """The legal action of ``seat`` whose commitment under ``salt`` is ``commitment``."""
    key = bytes.fromhex(salt)
    for action in game.legal_actions(state, seat):
        if serde.digest(key, serde.packb(game.encode_action(action))).hex() == commitment:
            return action
    return None


def _redaction_problem(
    game: AnyGame, before: Any, e: LogEntry, action: Any, viewer: Viewer, now: Any
) -> tuple[str, str] | None:
    """(expected, found) if ``e`` does not show exactly what ``viewer`` may see of
    ``action`` once the match has reached ``now``."""
    assert viewer != "all"
    shown = game.redact_action(before, e.seat, action, viewer, now)
    who = "a spectator" if viewer is None else f"seat {viewer}"
    if shown == action:
        if e.salt is None:
            return f"the whole action, as {who} sees it", "a masked action"
        return None
    wire = None if shown is None else game.encode_action(shown)
    if e.salt is not None:
        return f"the action masked for {who}", "the whole action with its salt"
    if e.action != wire:
        return f"{_shown(wire)} (as {who} sees it)", _shown(e.action)
    return None


def verify_redacted(redacted: ReplayLog, full: ReplayLog) -> Verification:
    """The verdict on a per-seat log checked against the full log: the same header,
    every entry's seat and hashes equal to the full log's, and every visible part of every
    entry (partial forms included) exactly the true action's redaction for the per-seat
    log's viewer. ``verified`` needs a verified full log; while the full log is
    ``unfinished`` (no seed), masked and partial forms cannot be checked and the verdict
    is at most ``unfinished``. A divergence of the full log itself is reported with
    ``what`` starting with ``"full log: "``."""
    n = len(redacted.entries)
    if redacted.viewer == "all":
        return _diverged(redacted, 0, "viewer", "a per-seat log (a seat, or None)", "'all'")
    if full.viewer != "all":
        return _diverged(redacted, 0, "full log: viewer", "'all'", str(full.viewer))
    whole = verify_log(full)
    if whole.status == "diverged":
        assert whole.divergence is not None
        div = attrs.evolve(whole.divergence, what="full log: " + whole.divergence.what)
        return Verification("diverged", n, redacted.viewer, div, None)
    own = verify_log(redacted)
    if own.status == "diverged":
        return own
    if serde.canonical_bytes(redacted.header) != serde.canonical_bytes(full.header):
        return _diverged(redacted, 0, "header", "the full log's header", "a different header")
    if n > len(full.entries):
        return _diverged(
            redacted, len(full.entries) + 1, "entry", "no entry (the full log ends here)",
            "an extra entry",
        )  # fmt: skip
    for r, f in zip(redacted.entries, full.entries, strict=False):
        for what in ("seat", "action_commitment", "state_hash", "chain_hash"):
            if getattr(r, what) != getattr(f, what):
                return _diverged(
                    redacted, r.seq, what, str(getattr(f, what)), str(getattr(r, what))
                )
    if redacted.end is not None and (n != len(full.entries) or redacted.end != full.end):
        return _diverged(redacted, n, "end", "the full log's end record", "another one")
    if whole.status == "unfinished":
        for r, f in zip(redacted.entries, full.entries, strict=False):
            if r.salt is not None and (r.salt != f.salt or r.action != f.action):
                return _diverged(redacted, r.seq, "action", _shown(f.action), _shown(r.action))
        return Verification("unfinished", n, redacted.viewer, None, None)
    from .registry import get_game

    game = get_game(full.header.game, full.header.rules_version)
    assert full.end is not None
    seed = int(full.end.seed, 16)
    states = list(_states(game, seed, full, n))
    now = states[-1][1] if states else initial_state(game, full.header, seed, full.end.setup)
    for (before, _), r, f in zip(states, redacted.entries, full.entries[:n], strict=True):
        assert f.action is not None
        action = game.decode_action(f.action)
        problem = _redaction_problem(game, before, r, action, redacted.viewer, now)
        if problem is not None:
            return _diverged(redacted, r.seq, "redaction", *problem)
    outcome = whole.outcome if redacted.end is not None else None
    return Verification("verified", n, redacted.viewer, None, outcome)


def verify_fork(fork: ReplayLog, parent: ReplayLog) -> Verification:
    """The verdict on a forked log checked against the log it was forked from.

    Both logs must verify on their own (a divergence of the parent is reported with
    ``what`` starting with ``"parent log: "``). Then the lineage: the fork's header
    names a parent (``header.parent``), it is the parent's header in every field but
    ``engine_version`` and ``parent`` (same game, rules version, config, seats, seed
    commitment and initial state), the parent's chain hash after entry ``parent.seq``
    is the one named, and the fork's first ``parent.seq`` entries carry the parent's
    seats, action commitments and state hashes (and, where both show them, the same
    actions and salts). A lineage divergence has ``what`` starting with ``"lineage: "``
    (seq 0 for the header). Otherwise the verdict is the fork's own: ``verified``, or
    ``unfinished`` while the fork's game is still running."""
    n = len(fork.entries)
    link = fork.header.parent
    if link is None:
        return _diverged(fork, 0, "lineage: parent", "a header naming its parent", "none")
    whole = verify_log(parent)
    if whole.status == "diverged":
        assert whole.divergence is not None
        div = attrs.evolve(whole.divergence, what="parent log: " + whole.divergence.what)
        return Verification("diverged", n, fork.viewer, div, None)
    own = verify_log(fork)
    if own.status == "diverged":
        return own
    for f in attrs.fields(LogHeader):
        if f.name in ("engine_version", "parent"):
            continue
        mine, theirs = getattr(fork.header, f.name), getattr(parent.header, f.name)
        if mine != theirs:
            return _diverged(fork, 0, f"lineage: {f.name}", _shown(theirs), _shown(mine))
    if link.seq > len(parent.entries):
        return _diverged(
            fork, 0, "lineage: parent.seq", f"at most {len(parent.entries)} (the parent's "
            "entries)", str(link.seq),
        )  # fmt: skip
    at = parent.chain_hash_at(link.seq)
    if at != link.chain_hash:
        return _diverged(fork, 0, "lineage: parent.chain_hash", at, link.chain_hash)
    if link.seq > n:
        return _diverged(
            fork, n + 1, "lineage: entry", "the parent's entry (a fork holds the parent's "
            "first parent.seq entries)", "none",
        )  # fmt: skip
    for mine_e, theirs_e in zip(fork.entries[: link.seq], parent.entries, strict=False):
        for name in ("seat", "action_commitment", "state_hash"):
            if getattr(mine_e, name) != getattr(theirs_e, name):
                return _diverged(
                    fork, mine_e.seq, f"lineage: {name}", str(getattr(theirs_e, name)),
                    str(getattr(mine_e, name)),
                )  # fmt: skip
        if mine_e.salt is not None and theirs_e.salt is not None:
            for name in ("salt", "action"):
                if getattr(mine_e, name) != getattr(theirs_e, name):
                    return _diverged(
                        fork, mine_e.seq, f"lineage: {name}", _shown(getattr(theirs_e, name)),
                        _shown(getattr(mine_e, name)),
                    )  # fmt: skip
    return own


def _states(game: AnyGame, seed: int, full: ReplayLog, upto: int) -> Iterator[tuple[Any, Any]]:
    """(before, after) for the first ``upto`` entries of a verified full log."""
    assert full.end is not None
    state = initial_state(game, full.header, seed, full.end.setup)
    for e in full.entries[:upto]:
        assert e.action is not None
        after = game.apply(state, e.seat, game.decode_action(e.action))
        yield state, after
        state = after
