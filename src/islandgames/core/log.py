"""Replay logs: record, write, read, verify, redact (DESIGN section 5).

A log is a msgpack stream of records, each a map with a ``"type"`` key:

* ``header``: format, format_version, engine_version, game, rules_version, config,
  seats, seed_commitment, initial_state_hash;
* ``entry`` per applied action: seq (1, 2, ...), seat, action (wire form, or None when
  masked), salt, action_commitment, state_hash, chain_hash;
* ``end`` once the game is over: the revealed seed and the outcome.

Hashes are blake2b-256 over length-prefixed parts (:func:`serde.digest`):
``commitment = H("islandgames-seed", seed)``, ``salt_i = H("islandgames-salt", seed, seq)``,
``action_commitment = H(salt_i, canonical(action))``, ``chain_0 = H(canonical(header))``,
``chain_i = H(chain_{i-1}, seat, action_commitment, state_hash)``. The per-entry salt keeps a
masked action from being guessed from its commitment; a redacted log keeps every
commitment and hash, so it verifies against the full log.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO, Any, Literal

import attrs
import msgpack

from . import serde
from .errors import DecodeError, IllegalActionError, LogFormatError
from .game import Game, Outcome, Seat
from .rng import seed_to_bytes

__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "Divergence",
    "LogEnd",
    "LogEntry",
    "LogHeader",
    "ReplayLog",
    "Verification",
    "action_salt",
    "read_log",
    "seed_commitment",
    "verify_log",
    "verify_redacted",
    "write_log",
]

FORMAT = "islandgames-log"
FORMAT_VERSION = 1


@attrs.frozen(slots=True)
class LogHeader:
    format: str
    format_version: int
    engine_version: str
    game: str
    rules_version: str
    config: dict[str, Any]
    seats: int
    seed_commitment: str
    initial_state_hash: str


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
    seed: str
    outcome: dict[str, Any]


@attrs.frozen(slots=True)
class ReplayLog:
    """A whole log. ``viewer`` is ``"all"`` for the full log, else the seat (or None for
    a spectator) it was redacted for."""

    header: LogHeader
    entries: tuple[LogEntry, ...]
    end: LogEnd | None
    viewer: int | Literal["all"] | None = "all"

    @property
    def chain_hash(self) -> str:
        """The newest chain hash (the header's when there are no entries)."""
        return self.entries[-1].chain_hash if self.entries else header_chain(self.header).hex()


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
    """What :func:`verify_log` established.

    ``ok``: no divergence. ``replayed``: the seed was known and every action was
    re-applied by the engine (otherwise only the hash chain and the visible actions'
    commitments were checked)."""

    ok: bool
    replayed: bool
    entries: int
    divergence: Divergence | None
    outcome: Outcome | None


# --- hashing ----------------------------------------------------------------------------


def seed_commitment(seed: int) -> str:
    return serde.digest(b"islandgames-seed", seed_to_bytes(seed)).hex()


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
    game: Game[Any, Any, Any, Any], seed: int, config: Any, initial_state: Any, engine_version: str
) -> LogHeader:
    cfg = serde.to_wire(config)
    cfg.pop("type", None)
    return LogHeader(
        format=FORMAT,
        format_version=FORMAT_VERSION,
        engine_version=engine_version,
        game=game.info.id,
        rules_version=game.info.rules_version,
        config=cfg,
        seats=game.seat_count(initial_state),
        seed_commitment=seed_commitment(seed),
        initial_state_hash=serde.state_hash(initial_state),
    )


def make_entry(
    game: Game[Any, Any, Any, Any],
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


def _records(log: ReplayLog) -> Iterator[dict[str, Any]]:
    head = serde.to_wire(log.header)
    yield {"type": "header", **head, "viewer": log.viewer}
    for e in log.entries:
        yield {"type": "entry", **serde.to_wire(e)}
    if log.end is not None:
        yield {"type": "end", **serde.to_wire(log.end)}


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
    for rec in _records(log):
        fh.write(serde.packb(rec))


def encode_record(kind: str, obj: Any, **extra: Any) -> bytes:
    return serde.packb({"type": kind, **serde.to_wire(obj), **extra})


def read_log(source: str | os.PathLike[str] | IO[bytes] | bytes) -> ReplayLog:
    """Read a log written by :func:`write_log` (or streamed by a :class:`Match`)."""
    if isinstance(source, bytes):
        data = source
    elif isinstance(source, str | os.PathLike):
        try:
            data = Path(source).read_bytes()
        except OSError as exc:
            raise LogFormatError(f"cannot read log {os.fspath(source)!r}: {exc}") from exc
    else:
        data = source.read()
    return parse_records(_unpack_stream(data))


def _unpack_stream(data: bytes) -> list[Any]:
    unpacker = msgpack.Unpacker(raw=False, strict_map_key=True, max_buffer_size=len(data) + 1)
    unpacker.feed(data)
    out: list[Any] = []
    try:
        out.extend(unpacker)
    except Exception as exc:
        raise LogFormatError(f"malformed msgpack after record {len(out)}: {exc}") from exc
    if unpacker.tell() != len(data):
        raise LogFormatError(
            f"truncated log: record {len(out)} is incomplete "
            f"({len(data) - unpacker.tell()} trailing bytes)"
        )
    return out


def parse_records(records: Iterable[Any]) -> ReplayLog:
    """Build a :class:`ReplayLog` from decoded records, checking their framing."""
    header: LogHeader | None = None
    viewer: Any = "all"
    entries: list[LogEntry] = []
    end: LogEnd | None = None
    for i, rec in enumerate(records):
        if type(rec) is not dict or type(rec.get("type")) is not str:
            raise LogFormatError(f"record {i} is not a map with a 'type' key")
        body = {k: v for k, v in rec.items() if k != "type"}
        kind = rec["type"]
        try:
            if kind == "header":
                if i != 0:
                    raise LogFormatError(f"record {i}: header must come first")
                viewer = body.pop("viewer", "all")
                if not (viewer == "all" or viewer is None or type(viewer) is int):
                    raise LogFormatError(f"record {i}: bad viewer {viewer!r}")
                header = serde.from_wire(body, LogHeader)
                if header.format != FORMAT:
                    raise LogFormatError(f"not an islandgames log (format {header.format!r})")
                if header.format_version != FORMAT_VERSION:
                    raise LogFormatError(
                        f"unsupported log format_version {header.format_version} "
                        f"(this engine reads {FORMAT_VERSION})"
                    )
            elif header is None:
                raise LogFormatError(f"record {i}: the log does not start with a header")
            elif end is not None:
                raise LogFormatError(f"record {i}: nothing may follow the end record")
            elif kind == "entry":
                entries.append(serde.from_wire(body, LogEntry))
            elif kind == "end":
                end = serde.from_wire(body, LogEnd)
            else:
                raise LogFormatError(f"record {i}: unknown record type {kind!r}")
        except LogFormatError:
            raise
        except DecodeError as exc:
            raise LogFormatError(f"record {i} ({kind}): {exc}") from exc
    if header is None:
        raise LogFormatError("empty log: no header record")
    return ReplayLog(header, tuple(entries), end, viewer)


# --- verification -----------------------------------------------------------------------


def _fail(n: int, div: Divergence) -> Verification:
    return Verification(False, False, n, div, None)


def verify_log(log: ReplayLog) -> Verification:
    """Check a log: the hash chain and commitments always; with the revealed seed, also
    the seed commitment and a full replay (every state hash, the outcome).

    Returns a :class:`Verification` naming the first divergence; never raises for a
    log that parsed.
    """
    from .registry import get_game  # late: the registry imports the games

    h = log.header
    n = len(log.entries)
    try:
        game = get_game(h.game)
    except LookupError:
        return _fail(n, Divergence(0, "unknown game", "a registered game", h.game))
    if h.rules_version != game.info.rules_version:
        return _fail(n, Divergence(0, "rules_version", game.info.rules_version, h.rules_version))
    chain = header_chain(h)
    for i, e in enumerate(log.entries, start=1):
        if e.seq != i:
            return _fail(n, Divergence(i, "seq", str(i), str(e.seq)))
        if e.action is not None and e.salt is not None:
            try:
                found = action_commitment(e.salt, e.action)
            except ValueError:
                found = "unreadable salt"
            if found != e.action_commitment:
                return _fail(n, Divergence(i, "action_commitment", found, e.action_commitment))
        try:
            chain = next_chain(chain, e.seat, e.action_commitment, e.state_hash)
        except (ValueError, OverflowError):
            return _fail(n, Divergence(i, "hash format", "hex digests", "non-hex"))
        if chain.hex() != e.chain_hash:
            return _fail(n, Divergence(i, "chain_hash", chain.hex(), e.chain_hash))
    if log.end is None:
        return Verification(True, False, n, None, None)
    return _replay(game, log)


def _replay(game: Game[Any, Any, Any, Any], log: ReplayLog) -> Verification:
    h, end = log.header, log.end
    assert end is not None
    n = len(log.entries)
    try:
        seed = int(end.seed, 16)
        seed_to_bytes(seed)
    except ValueError:
        return _fail(n, Divergence(n + 1, "seed", "64 hex digits", end.seed))
    if seed_commitment(seed) != h.seed_commitment:
        return _fail(n, Divergence(0, "seed_commitment", seed_commitment(seed), h.seed_commitment))
    try:
        config = game.decode_config(h.config)
        state = game.new(seed, config)
    except (DecodeError, ValueError) as exc:
        return _fail(n, Divergence(0, "config", "a valid config", str(exc)))
    if serde.state_hash(state) != h.initial_state_hash:
        return _fail(
            n, Divergence(0, "initial_state_hash", serde.state_hash(state), h.initial_state_hash)
        )
    for e in log.entries:
        if e.action is None:
            return Verification(True, False, n, None, None)
        if e.salt != action_salt(seed, e.seq):
            return _fail(n, Divergence(e.seq, "salt", action_salt(seed, e.seq), str(e.salt)))
        try:
            action = game.decode_action(e.action)
            state = game.apply(state, e.seat, action)
        except (DecodeError, IllegalActionError) as exc:
            return _fail(n, Divergence(e.seq, "action", "a legal action", str(exc)))
        found = serde.state_hash(state)
        if found != e.state_hash:
            return _fail(n, Divergence(e.seq, "state_hash", found, e.state_hash))
    outcome = game.outcome(state)
    if outcome is None:
        return _fail(n, Divergence(n, "end", "a finished game", "the game is not over"))
    wire = serde.to_wire(outcome)
    if wire != end.outcome:
        return _fail(n, Divergence(n, "outcome", repr(wire), repr(end.outcome)))
    return Verification(True, True, n, None, outcome)


def verify_redacted(redacted: ReplayLog, full: ReplayLog) -> Verification:
    """Check a per-seat log against the full log: same header, same hashes entry by
    entry, and every action it shows matches the full log's commitment."""
    own = verify_log(attrs.evolve(redacted, end=None))
    if not own.ok:
        return own
    n = len(redacted.entries)
    if serde.canonical_bytes(redacted.header) != serde.canonical_bytes(full.header):
        return _fail(n, Divergence(0, "header", "the full log's header", "a different header"))
    if n > len(full.entries):
        return _fail(n, Divergence(len(full.entries) + 1, "entry", "no entry", "an extra entry"))
    for r, f in zip(redacted.entries, full.entries, strict=False):
        for what in ("seat", "action_commitment", "state_hash", "chain_hash"):
            if getattr(r, what) != getattr(f, what):
                return _fail(
                    n, Divergence(r.seq, what, str(getattr(f, what)), str(getattr(r, what)))
                )
        if r.action is not None and r.salt is None and r.action != f.action:
            # a partly masked action: allowed only as a redaction, never as a different one
            continue
    return Verification(True, False, n, None, None)
