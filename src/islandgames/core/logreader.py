"""Reading a log: the strict decoding of log bytes and records (DESIGN section 5).

Reading is strict: every byte of a file belongs to exactly one record, every record is
the canonical encoding of its typed value (so there is one spelling of every log), and
sizes and nesting are bounded. Whatever is hashed is re-encoded from its typed value, so
records that arrive as structured data (msgpack maps, protobuf, JSON) in any key order
verify alike. The records themselves are in :mod:`.logrecords`; the checks of single
values here (``_parent``, ``_ai_seats``, ``_viewer_ok``, ...) serve :mod:`.logverify`
too.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO, Any

import attrs
import msgpack

from . import serde
from .errors import DecodeError, InvalidConfigError, LogFormatError
from .game import Outcome
from .logrecords import (
    FORMAT,
    FORMAT_VERSION,
    MAX_BOT_SPEC,
    MAX_DEPTH,
    MAX_MATCH_ID,
    MAX_RECORD_BYTES,
    AnyGame,
    LogAiSeat,
    LogEnd,
    LogEntry,
    LogHeader,
    LogParent,
    ReplayLog,
    Viewer,
    _end_record,
    _entry_record,
    _header_record,
    canonical_config,
)

__all__ = ["parse_records", "read_log"]


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
