"""Where matches live: the store interface and the in-memory store.

A stored match is an append-only action log (one :class:`~islandgames.core.log.LogEntry`
per applied action) plus periodic snapshots of the state. The service rebuilds a match
from the newest snapshot and replays the entries after it, checking every hash
(:meth:`islandgames.service.MatchService` does the checking; a store only keeps data).

Every method of a store is thread-safe. ``append`` is atomic: after it returns the entry
(and its snapshot, if any) is durable as far as the store promises durability; if it
raises, nothing was stored.
"""

from __future__ import annotations

import threading
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any

import attrs

from ..core.log import LogEntry, LogHeader, action_commitment, action_salt
from .errors import StoreError, UnknownMatchError

__all__ = [
    "MatchRecord",
    "MatchStore",
    "MemoryStore",
    "Snapshot",
    "StoredMatch",
    "TokenRow",
    "entry_from_row",
]


@attrs.frozen(slots=True)
class MatchRecord:
    """What a match was created with. ``seed`` is secret until the game is over;
    ``config`` is the config's wire form (defaults filled in)."""

    match_id: str
    game: str
    seed: int
    config: dict[str, Any]
    header: LogHeader


@attrs.frozen(slots=True)
class Snapshot:
    """The state's wire form after entry ``seq`` (its hash must equal that entry's)."""

    seq: int
    state: Any
    state_hash: str


@attrs.frozen(slots=True)
class TokenRow:
    """A token as stored: its hash, the match and the seat (None: spectator)."""

    token_hash: bytes
    match_id: str
    seat: int | None


@attrs.frozen(slots=True)
class StoredMatch:
    """A match as loaded: its record, every entry, and the newest snapshot."""

    record: MatchRecord
    entries: tuple[LogEntry, ...]
    snapshot: Snapshot | None


def entry_from_row(
    seed: int, seq: int, seat: int, action: Any, state_hash: str, chain_hash: str
) -> LogEntry:
    """A full log entry from its stored columns: salt and commitment are derived from
    the seed (the chain hash, checked on load, binds them)."""
    salt = action_salt(seed, seq)
    return LogEntry(
        seq, seat, action, salt, action_commitment(salt, action), state_hash, chain_hash
    )


class MatchStore(ABC):
    """The storage interface the :class:`~islandgames.service.MatchService` uses."""

    #: Whether matches survive the process (the service may then evict idle ones).
    persistent: bool = False

    @abstractmethod
    def create(self, record: MatchRecord, tokens: Sequence[TokenRow]) -> None:
        """Store a new match and its token hashes, atomically."""

    @abstractmethod
    def append(self, match_id: str, entry: LogEntry, snapshot: Snapshot | None) -> None:
        """Append ``entry`` (its seq must be the next one) and maybe a snapshot,
        atomically. Raises :class:`StoreError` if the seq is taken."""

    @abstractmethod
    def load(self, match_id: str) -> StoredMatch:
        """The match, or :class:`UnknownMatchError`."""

    @abstractmethod
    def snapshot_at_or_before(self, match_id: str, seq: int) -> Snapshot | None:
        """The newest snapshot whose seq is at most ``seq``."""

    @abstractmethod
    def token(self, token_hash: bytes) -> TokenRow | None:
        """The row for a token hash, if any."""

    @abstractmethod
    def match_ids(self) -> tuple[str, ...]:
        """Every stored match id, oldest first."""

    def close(self) -> None:
        """Release resources (the store is unusable afterwards)."""
        return None


class MemoryStore(MatchStore):
    """Matches in process memory: fast, and gone when the process ends.

    >>> MemoryStore().match_ids()
    ()
    """

    persistent = False

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._records: dict[str, MatchRecord] = {}
        self._entries: dict[str, list[LogEntry]] = {}
        self._snapshots: dict[str, list[Snapshot]] = {}
        self._tokens: dict[bytes, TokenRow] = {}

    def create(self, record: MatchRecord, tokens: Sequence[TokenRow]) -> None:
        with self._lock:
            if record.match_id in self._records:
                raise StoreError(f"match {record.match_id} already exists")
            if any(t.token_hash in self._tokens for t in tokens):
                raise StoreError("token collision")
            self._records[record.match_id] = record
            self._entries[record.match_id] = []
            self._snapshots[record.match_id] = []
            for t in tokens:
                self._tokens[t.token_hash] = t

    def append(self, match_id: str, entry: LogEntry, snapshot: Snapshot | None) -> None:
        with self._lock:
            entries = self._entries.get(match_id)
            if entries is None:
                raise UnknownMatchError(f"unknown match {match_id!r}")
            if entry.seq != len(entries) + 1:
                raise StoreError(
                    f"match {match_id}: entry {entry.seq} does not follow {len(entries)}"
                )
            if snapshot is not None and snapshot.seq != entry.seq:
                raise StoreError("a snapshot must be of the appended entry's state")
            entries.append(entry)
            if snapshot is not None:
                self._snapshots[match_id].append(snapshot)

    def load(self, match_id: str) -> StoredMatch:
        with self._lock:
            record = self._records.get(match_id) if isinstance(match_id, str) else None
            if record is None:
                raise UnknownMatchError(f"unknown match {match_id!r}")
            snaps = self._snapshots[match_id]
            return StoredMatch(record, tuple(self._entries[match_id]), snaps[-1] if snaps else None)

    def snapshot_at_or_before(self, match_id: str, seq: int) -> Snapshot | None:
        with self._lock:
            best = None
            for s in self._snapshots.get(match_id, ()):
                if s.seq <= seq:
                    best = s
            return best

    def token(self, token_hash: bytes) -> TokenRow | None:
        with self._lock:
            return self._tokens.get(token_hash)

    def match_ids(self) -> tuple[str, ...]:
        with self._lock:
            return tuple(self._records)
