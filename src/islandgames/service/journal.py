"""The action journal: acknowledged entries on their way into the SQLite store.

Why it exists: one SQLite commit costs 5-10 µs when SQLite's code and pages are in the
CPU caches, but 35-50 µs in a server that sleeps between requests, which is what an act
sees (``bench/README.md``). The journal makes an append one ``write()`` of a small
checksummed frame to ``<database>.journal``: in the OS once the call returns, so it
survives the process being killed at any moment, as a committed WAL transaction does
(``synchronous="full"`` also ``fdatasync``\\ s it, as SQLite's FULL does). The store moves
the journaled entries into the database in one transaction every ``flush_every``
entries, before any read, and on close, then empties the journal; a store that opens
with a non-empty journal (after a crash) replays it first.

Format (little-endian), version 2:

* a 24-byte header: the magic ``IGJRNL02``, ``u64`` *generation* and ``u64`` *count*;
* one frame per entry: ``u32`` length of the body, ``u32`` CRC-32 of those four length
  bytes, ``u32`` CRC-32 of the body (``zlib.crc32``), then the body, a msgpack array
  ``[match_id, seq, seat, action, state_hash, chain_hash, snapshot_state,
  snapshot_hash]``: exactly the columns of the ``entries`` row (``action`` is the msgpack
  of the action's wire form) and, when a snapshot was taken with the entry, of its
  ``snapshots`` row (``snapshot_state`` is the msgpack of the state's wire form); both nil
  otherwise.

Why the header: *count* is rewritten after every appended frame, so a journal cut at a
frame boundary (which would otherwise read as a shorter valid journal) holds fewer
frames than it says were written; *generation* is the one the database recorded when it
last took in the journal's entries (:class:`~islandgames.service.SqliteStore`), so a
journal from another time, or none where the database says there is one, is noticed.
The length's own checksum makes a damaged length damage, not a torn write.

Reading stops at a *torn tail*, a last frame shorter than its header says: that write
never returned, so its entry was never acknowledged and is dropped. A journal is
*complete* when it holds exactly *count* frames (a torn tail may follow) or one more
(the process died between a frame and its count). Anything else that is not a valid
frame is :class:`JournalError`, with the offset, and nothing is changed. Version 1
(magic ``IGJRNL01``, frames of ``u32`` length and ``u32`` CRC-32 of the body, no header
fields), written by islandgames 0.2.0, is still read, so its entries are never lost.
"""

from __future__ import annotations

import contextlib
import os
import struct
import zlib
from pathlib import Path

import attrs
import msgpack

from .errors import StoreError

__all__ = [
    "MAGIC",
    "MAGIC_V1",
    "EntryRow",
    "Journal",
    "JournalContents",
    "JournalError",
    "JournalRecord",
    "SnapshotRow",
]

MAGIC = b"IGJRNL02"
#: The format islandgames 0.2.0 wrote (read, never written).
MAGIC_V1 = b"IGJRNL01"
_FILE_HEAD = struct.Struct("<8sQQ")  # magic, generation, count
HEADER_SIZE = _FILE_HEAD.size
_COUNT = struct.Struct("<Q")
_COUNT_AT = 16
_HEAD = struct.Struct("<III")  # body length, CRC-32 of the length, CRC-32 of the body
_HEAD_V1 = struct.Struct("<II")
#: A frame larger than this is corrupt (a snapshot of the largest game is ~20 KB).
MAX_BODY = 16 * 1024 * 1024

#: ``(match_id, seq, seat, action, state_hash, chain_hash)``: an ``entries`` row.
EntryRow = tuple[str, int, int, bytes, str, str]
#: ``(match_id, seq, state, state_hash)``: a ``snapshots`` row.
SnapshotRow = tuple[str, int, bytes, str]


class JournalError(StoreError):
    """The journal file is not a valid journal (``offset``: where, in bytes)."""

    def __init__(self, message: str, offset: int | None = None) -> None:
        super().__init__(message)
        self.offset = offset


@attrs.frozen(slots=True)
class JournalRecord:
    """One journaled entry, and its snapshot's row if one was taken with it."""

    entry: EntryRow
    snapshot: SnapshotRow | None = None

    def encode(self) -> bytes:
        """The frame (header and body).

        >>> rec = JournalRecord(("m_1", 1, 0, b"\\x80", "ab", "cd"))
        >>> Journal.parse(Journal.image(7, [rec])).records == (rec,)
        True
        """
        m, seq, seat, action, state_hash, chain_hash = self.entry
        snap = self.snapshot
        body: bytes = msgpack.packb(
            [
                m,
                seq,
                seat,
                action,
                state_hash,
                chain_hash,
                None if snap is None else snap[2],
                None if snap is None else snap[3],
            ],
            use_bin_type=True,
        )
        length = len(body).to_bytes(4, "little")
        return length + _HEAD.pack(len(body), zlib.crc32(length), zlib.crc32(body))[4:] + body

    @classmethod
    def decode(cls, body: bytes) -> JournalRecord:
        """The record a frame's body holds; ValueError if it is not one."""
        try:
            fields = msgpack.unpackb(body, raw=False, strict_map_key=True)
        except Exception as exc:  # msgpack raises several unrelated types
            raise ValueError(f"not msgpack: {exc}") from None
        if type(fields) is not list or len(fields) != 8:
            raise ValueError("not an 8-field array")
        m, seq, seat, action, state_hash, chain_hash, snap_state, snap_hash = fields
        types = (str, int, int, bytes, str, str)
        if not all(type(v) is t for v, t in zip(fields[:6], types, strict=True)):
            raise ValueError("a field of the entry has the wrong type")
        if seq < 1 or seat < 0:
            raise ValueError(f"bad seq {seq} or seat {seat}")
        entry: EntryRow = (m, seq, seat, action, state_hash, chain_hash)
        if snap_state is None and snap_hash is None:
            return cls(entry)
        if type(snap_state) is not bytes or type(snap_hash) is not str:
            raise ValueError("a field of the snapshot has the wrong type")
        return cls(entry, (m, seq, snap_state, snap_hash))


@attrs.frozen(slots=True)
class JournalContents:
    """What a journal file holds: its ``generation`` and ``count`` (None for a version-1
    journal, which has neither), its intact ``records``, and the length of a torn tail
    (0: none). ``end`` is where the intact records end (the offset of a torn tail)."""

    generation: int | None
    count: int | None
    records: tuple[JournalRecord, ...]
    torn: int
    end: int

    @property
    def complete(self) -> bool:
        """Every frame the header says was written is here (or one more, whose count
        the process did not live to write; then nothing is torn)."""
        if self.count is None:
            return True  # version 1: nothing to tell a cut from a shorter journal
        n = len(self.records)
        return n == self.count or (n == self.count + 1 and self.torn == 0)


class Journal:
    """The journal file, open for appending. Not thread-safe: the store calls it under
    its lock. ``Journal.create`` makes a new one; the constructor opens an existing one
    (:meth:`read` tells what it holds; :meth:`reset` starts a new generation)."""

    def __init__(self, path: str | os.PathLike[str], *, sync: bool = False) -> None:
        self.path = Path(path)
        self.sync = sync
        self._fd = os.open(self.path, os.O_RDWR)
        self.size = os.fstat(self._fd).st_size
        self.count = 0
        self.generation: int | None = None

    @classmethod
    def create(
        cls, path: str | os.PathLike[str], generation: int, *, sync: bool = False
    ) -> Journal:
        """A new, empty journal of ``generation`` at ``path``, in place of any file there
        (written aside and renamed over, so a crash leaves the old file or the new one)."""
        _replace(Path(path), _FILE_HEAD.pack(MAGIC, generation, 0), sync)
        journal = cls(path, sync=sync)
        journal.generation = generation
        return journal

    # --- reading -------------------------------------------------------------------------

    def read(self) -> JournalContents:
        """What the file holds (:class:`JournalError` naming the file if it is damaged).
        Appends go on after its intact frames, with its generation and count."""
        with open(self.path, "rb") as fh:
            data = fh.read()
        try:
            contents = self.parse(data)
        except JournalError as exc:
            raise JournalError(f"the journal {str(self.path)!r}: {exc}", exc.offset) from None
        self.generation = contents.generation
        self.count = len(contents.records)
        return contents

    @staticmethod
    def image(generation: int, records: list[JournalRecord], count: int | None = None) -> bytes:
        """The bytes of a journal holding ``records`` (``count``: what its header says,
        by default ``len(records)``): for tests and tools.

        >>> Journal.parse(Journal.image(3, [])).generation
        3
        """
        n = len(records) if count is None else count
        return _FILE_HEAD.pack(MAGIC, generation, n) + b"".join(r.encode() for r in records)

    @staticmethod
    def parse(data: bytes) -> JournalContents:
        """The contents of a journal's bytes.

        >>> Journal.parse(Journal.image(1, [])).records
        ()
        >>> Journal.parse(b"NOTMAGIC")
        Traceback (most recent call last):
        ...
        islandgames.service.journal.JournalError: not a journal (bad magic)
        """
        if data[: len(MAGIC_V1)] == MAGIC_V1:
            return _parse_v1(data)
        if data[: len(MAGIC)] != MAGIC:
            raise JournalError("not a journal (bad magic)", 0)
        if len(data) < HEADER_SIZE:
            raise JournalError(f"cut inside its {HEADER_SIZE}-byte header", 0)
        _, generation, count = _FILE_HEAD.unpack_from(data, 0)
        records: list[JournalRecord] = []
        pos = HEADER_SIZE
        while pos < len(data):
            if len(data) - pos < _HEAD.size:
                break
            length, length_crc, crc = _HEAD.unpack_from(data, pos)
            if zlib.crc32(data[pos : pos + 4]) != length_crc:
                raise JournalError(f"damaged frame length at offset {pos}", pos)
            if length == 0 or length > MAX_BODY:
                raise JournalError(f"bad frame length {length} at offset {pos}", pos)
            end = pos + _HEAD.size + length
            if end > len(data):
                break
            body = data[pos + _HEAD.size : end]
            if zlib.crc32(body) != crc:
                raise JournalError(f"checksum mismatch in the frame at offset {pos}", pos)
            records.append(_decode(body, pos))
            pos = end
        contents = JournalContents(generation, count, tuple(records), len(data) - pos, pos)
        if not contents.complete:
            raise JournalError(
                f"holds {len(records)} entries but its header says {count} were written "
                f"(cut at offset {pos}?)",
                pos,
            )
        return contents

    # --- writing -------------------------------------------------------------------------

    def append(self, frame: bytes) -> None:
        """Append one frame, then its count; whole or not at all (OSError; the file is
        cut back). With ``sync``, the frame is on disk when this returns (its count at
        the latest with the next append: a journal may hold one frame more than it says)."""
        size, count = self.size, self.count
        try:
            written = os.pwrite(self._fd, frame, size)
            if written != len(frame):
                raise OSError(f"short write ({written} of {len(frame)} bytes)")
            if self.sync:
                os.fdatasync(self._fd)
            os.pwrite(self._fd, _COUNT.pack(count + 1), _COUNT_AT)
        except BaseException:
            # a partial frame followed by later ones would read as corruption
            with contextlib.suppress(OSError):
                os.ftruncate(self._fd, size)
                os.pwrite(self._fd, _COUNT.pack(count), _COUNT_AT)
            raise
        self.size = size + len(frame)
        self.count = count + 1

    def reset(self, generation: int) -> None:
        """Start ``generation``, empty (its entries are in the database): a new file
        renamed over this one, so a crash leaves the whole old journal or the new one."""
        _replace(self.path, _FILE_HEAD.pack(MAGIC, generation, 0), self.sync)
        old = self._fd
        self._fd = os.open(self.path, os.O_RDWR)
        os.close(old)
        self.size, self.count, self.generation = HEADER_SIZE, 0, generation

    def close(self, *, remove: bool) -> None:
        os.close(self._fd)
        if remove:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(self.path)


def _decode(body: bytes, pos: int) -> JournalRecord:
    try:
        return JournalRecord.decode(body)
    except ValueError as exc:
        raise JournalError(f"bad frame at offset {pos}: {exc}", pos) from None


def _parse_v1(data: bytes) -> JournalContents:
    """A version-1 journal (islandgames 0.2.0): frames of length and body checksum."""
    records: list[JournalRecord] = []
    pos = len(MAGIC_V1)
    while pos < len(data):
        if len(data) - pos < _HEAD_V1.size:
            break
        length, crc = _HEAD_V1.unpack_from(data, pos)
        if length == 0 or length > MAX_BODY:
            raise JournalError(f"bad frame length {length} at offset {pos}", pos)
        end = pos + _HEAD_V1.size + length
        if end > len(data):
            break
        body = data[pos + _HEAD_V1.size : end]
        if zlib.crc32(body) != crc:
            raise JournalError(f"checksum mismatch in the frame at offset {pos}", pos)
        records.append(_decode(body, pos))
        pos = end
    return JournalContents(None, None, tuple(records), len(data) - pos, pos)


def _replace(path: Path, data: bytes, sync: bool) -> None:
    """Write ``data`` to ``path`` atomically: aside, then renamed over it."""
    aside = path.with_name(path.name + ".new")
    fd = os.open(aside, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        if os.write(fd, data) != len(data):
            raise OSError(f"short write to {aside}")
        if sync:
            os.fdatasync(fd)
    finally:
        os.close(fd)
    os.replace(aside, path)
    if sync:  # the new name must survive a power loss too
        _sync_directory(path.parent)


def _sync_directory(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
