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

Format (little-endian): the 8-byte magic ``IGJRNL01``, then one frame per entry:

* ``u32`` length of the body, ``u32`` CRC-32 of the body (``zlib.crc32``);
* the body, a msgpack array ``[match_id, seq, seat, action, state_hash, chain_hash,
  snapshot_state, snapshot_hash]``: exactly the columns of the ``entries`` row (``action``
  is the msgpack of the action's wire form) and, when a snapshot was taken with the entry,
  of its ``snapshots`` row (``snapshot_state`` is the msgpack of the state's wire form);
  both nil otherwise.

Reading stops at a *torn tail*, a last frame shorter than its header says: that write
never returned, so its entry was never acknowledged and is dropped. Anything else that is
not a valid frame is :class:`JournalError`, with the offset, and nothing is changed.
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

__all__ = ["MAGIC", "EntryRow", "Journal", "JournalError", "JournalRecord", "SnapshotRow"]

MAGIC = b"IGJRNL01"
_HEAD = struct.Struct("<II")
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
        >>> frame = rec.encode()
        >>> Journal.parse(MAGIC + frame) == ([rec], 0)
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
        return _HEAD.pack(len(body), zlib.crc32(body)) + body

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


class Journal:
    """The journal file, open for appending (created with its magic if missing).
    Not thread-safe: the store calls it under its lock."""

    def __init__(self, path: str | os.PathLike[str], *, sync: bool = False) -> None:
        self.path = Path(path)
        self.sync = sync
        self._fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_APPEND, 0o600)
        try:
            self.size = os.fstat(self._fd).st_size
            if self.size == 0:
                self._write(MAGIC)
                if sync:  # the new file's name must survive a power loss too
                    _sync_directory(self.path.parent)
        except BaseException:
            os.close(self._fd)
            raise

    # --- reading -------------------------------------------------------------------------

    def read(self) -> tuple[list[JournalRecord], int]:
        """Every record in the file, and how many bytes of a torn tail follow them."""
        with open(self.path, "rb") as fh:
            data = fh.read()
        try:
            return self.parse(data)
        except JournalError as exc:
            raise JournalError(f"the journal {str(self.path)!r}: {exc}", exc.offset) from None

    @staticmethod
    def parse(data: bytes) -> tuple[list[JournalRecord], int]:
        """The records in a journal's bytes, and the length of a torn tail (0: none).

        >>> Journal.parse(MAGIC)
        ([], 0)
        >>> Journal.parse(b"NOTMAGIC")
        Traceback (most recent call last):
        ...
        islandgames.service.journal.JournalError: not a journal (bad magic)
        """
        if data[: len(MAGIC)] != MAGIC:
            if len(data) < len(MAGIC) and MAGIC.startswith(data):
                return [], len(data)  # died while writing the magic: nothing in it
            raise JournalError("not a journal (bad magic)", 0)
        records: list[JournalRecord] = []
        pos = len(MAGIC)
        while pos < len(data):
            if len(data) - pos < _HEAD.size:
                return records, len(data) - pos
            length, crc = _HEAD.unpack_from(data, pos)
            if length == 0 or length > MAX_BODY:
                raise JournalError(f"bad frame length {length} at offset {pos}", pos)
            end = pos + _HEAD.size + length
            if end > len(data):
                return records, len(data) - pos
            body = data[pos + _HEAD.size : end]
            if zlib.crc32(body) != crc:
                raise JournalError(f"checksum mismatch in the frame at offset {pos}", pos)
            try:
                records.append(JournalRecord.decode(body))
            except ValueError as exc:
                raise JournalError(f"bad frame at offset {pos}: {exc}", pos) from None
            pos = end
        return records, 0

    # --- writing -------------------------------------------------------------------------

    def append(self, frame: bytes) -> None:
        """Append one frame, whole or not at all (OSError; the file is cut back)."""
        self._write(frame)

    def _write(self, data: bytes) -> None:
        size = self.size
        try:
            written = os.write(self._fd, data)
            if written != len(data):
                raise OSError(f"short write ({written} of {len(data)} bytes)")
            if self.sync:
                os.fdatasync(self._fd)
        except BaseException:
            # a partial frame followed by later ones would read as corruption
            with contextlib.suppress(OSError):
                os.ftruncate(self._fd, size)
            raise
        self.size = size + len(data)

    def reset(self) -> None:
        """Empty the journal (its entries are in the database)."""
        os.ftruncate(self._fd, 0)  # a crash now leaves an empty file: a valid journal
        self.size = 0
        self._write(MAGIC)

    def close(self, *, remove: bool) -> None:
        os.close(self._fd)
        if remove:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(self.path)


def _sync_directory(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
