"""Where matches live: the store interface and the in-memory store.

A stored match is an append-only action log (one :class:`~islandgames.core.log.LogEntry`
per applied action) plus periodic snapshots of the state. The service rebuilds a match
from the newest snapshot and replays the entries after it, checking every hash
(:meth:`islandgames.service.MatchService` does the checking; a store only keeps data).

Every method of a store is thread-safe. ``append`` is atomic: after it returns the entry
(and its snapshot, if any) is durable as far as the store promises durability; if it
raises, nothing was stored (except after a lost connection, when the outcome is unknown:
the service then reloads the match from the store).

A *shared* store (``shared = True``, e.g. PostgreSQL) may be written by other processes
at any moment: the service then treats what it holds in memory as a cache, validated
against the store (:meth:`MatchStore.entries_after`) before it answers or acts, and a
store's append of a seq that another writer took raises :class:`SeqConflictError`. The
store tells the service about entries other writers append to the matches it follows
(:meth:`MatchStore.follow`) through the listener given to
:meth:`MatchStore.set_change_listener`.
"""

from __future__ import annotations

import threading
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import attrs

from ..core import serde
from ..core.errors import DecodeError
from ..core.log import (
    LogEntry,
    LogHeader,
    action_commitment,
    action_salt,
    next_chain,
)
from .errors import CorruptMatchError, SeqConflictError, StoreError, UnknownMatchError

__all__ = [
    "MatchRecord",
    "MatchStore",
    "ChangeListener",
    "MemoryStore",
    "Snapshot",
    "StoredMatch",
    "TokenRow",
    "check_history",
    "entries_from_rows",
    "entry_from_row",
    "match_row",
    "token_order",
]

#: ``listener(match_id, seq)``: an entry ``seq`` was appended to ``match_id`` (by any
#: writer); ``listener(None, 0)``: changes may have been missed (after a reconnect), so
#: whatever the listener follows must be re-read.
ChangeListener = Callable[[str | None, int], None]


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


def match_row(record: MatchRecord) -> tuple[str, str, str, bytes, bytes]:
    """A match's stored columns, the same in every database store: match_id, game, the
    seed as 64 hex digits, the config's msgpack, the header's canonical bytes."""
    return (
        record.match_id,
        record.game,
        f"{record.seed:064x}",
        serde.packb(record.config),
        serde.canonical_bytes(record.header),
    )


def token_order(rows: Sequence[TokenRow]) -> tuple[TokenRow, ...]:
    """Token rows in a fixed order: by seat, the spectator (None) last, then by hash."""
    return tuple(
        sorted(rows, key=lambda t: (t.seat is None, -1 if t.seat is None else t.seat, t.token_hash))
    )


def entry_from_row(
    seed: int, seq: int, seat: int, action: Any, state_hash: str, chain_hash: str
) -> LogEntry:
    """A full log entry from its stored columns: salt and commitment are derived from
    the seed (the chain hash, checked on load, binds them)."""
    salt = action_salt(seed, seq)
    return LogEntry(
        seq, seat, action, salt, action_commitment(salt, action), state_hash, chain_hash
    )


def entries_from_rows(
    match_id: str, seed: int, rows: Iterable[Sequence[Any]]
) -> tuple[LogEntry, ...]:
    """Log entries from stored ``(seq, seat, action msgpack, state_hash, chain_hash)``
    rows, the same in every database store; a value of the wrong type or an undecodable
    action (a damaged database) is :class:`CorruptMatchError` naming its seq."""
    out: list[LogEntry] = []
    for seq, seat, action, state_hash, chain_hash in rows:
        where = seq if type(seq) is int else 0
        if not (
            type(seq) is int
            and type(seat) is int
            and isinstance(action, bytes | bytearray | memoryview)
            and type(state_hash) is str
            and type(chain_hash) is str
        ):
            raise CorruptMatchError(f"match {match_id}: entry {where} is damaged", where)
        try:
            wire = serde.unpackb(bytes(action))
            out.append(entry_from_row(seed, seq, seat, wire, state_hash, chain_hash))
        except (DecodeError, TypeError, ValueError, OverflowError) as exc:
            raise CorruptMatchError(
                f"match {match_id}: entry {seq} is unreadable: {exc}", seq
            ) from exc
    return tuple(out)


def check_history(
    match_id: str,
    entries: Sequence[LogEntry],
    head: Sequence[Any] | None,
    *,
    start: bytes | None,
    after: int = 0,
) -> None:
    """Check that stored ``entries`` reach the match's ``head`` ``(seq, chain_hash)``,
    which a database store writes in the transaction of every append, through an intact
    chain; else :class:`CorruptMatchError` naming the match and the first bad seq (a
    damaged store never serves a match at an older seq, nor a changed history).

    ``entries`` are the stored ones after seq ``after`` (all of them when 0), and
    ``start`` is the chain hash after entry ``after`` (for a whole match, the header's:
    ``header_chain(record.header)``): each entry's chain hash is recomputed from the one
    before, its seat, action commitment and state hash. ``start=None``: the links are
    not recomputed (the caller does, e.g. the service on entries other writers added),
    only the seqs and the head.

    A head with seq 0 has chain hash ``""`` or the header's."""
    if head is None:
        raise CorruptMatchError(f"match {match_id}: its head record is missing", 0)
    head_seq, head_chain = head
    if type(head_seq) is not int or head_seq < 0 or type(head_chain) is not str:
        raise CorruptMatchError(f"match {match_id}: its head record is damaged", 0)
    chain = start
    for i, e in enumerate(entries, start=after + 1):
        if e.seq != i:
            raise CorruptMatchError(f"match {match_id}: entry {i} is missing", i)
        if chain is not None:
            try:
                chain = next_chain(chain, e.seat, e.action_commitment, e.state_hash)
            except (TypeError, ValueError, OverflowError):  # a damaged column
                raise CorruptMatchError(f"match {match_id}: entry {i} is damaged", i) from None
            if chain.hex() != e.chain_hash:
                raise CorruptMatchError(
                    f"match {match_id}: the chain breaks at entry {i} (its seat, action, "
                    "state hash or chain hash was changed)",
                    i,
                )
    n = after + len(entries)
    held = f"the store holds entries up to {n}, its head says {head_seq}"
    if after > head_seq:
        raise CorruptMatchError(
            f"match {match_id}: its head says {head_seq}, but entries up to {after} were "
            "stored before: the store lost or changed them",
            head_seq + 1,
        )
    if n < head_seq:
        missing = f"entry {n + 1} is" if n + 1 == head_seq else f"entries {n + 1} to {head_seq} are"
        raise CorruptMatchError(f"match {match_id}: {missing} missing ({held})", n + 1)
    if n > head_seq:
        raise CorruptMatchError(
            f"match {match_id}: entry {head_seq + 1} is past the head ({held})", head_seq + 1
        )
    if entries:
        last = entries[-1].chain_hash
    elif n == 0:
        last = head_chain if head_chain == "" else (chain or b"").hex()
    else:
        return  # nothing after ``after`` and no chain to compare: the caller's
    if last != head_chain:
        raise CorruptMatchError(
            f"match {match_id}: entry {n} does not match its head's chain hash "
            f"({head_chain[:12]!r}): {held}",
            n,
        )


class MatchStore(ABC):
    """The storage interface the :class:`~islandgames.service.MatchService` uses."""

    #: Whether matches survive the process (the service may then evict idle ones).
    persistent: bool = False
    #: Whether other processes may append to the same matches (the service then
    #: validates its in-memory matches against the store before using them).
    shared: bool = False

    @abstractmethod
    def create(self, record: MatchRecord, tokens: Sequence[TokenRow]) -> None:
        """Store a new match and its token hashes, atomically."""

    @abstractmethod
    def append(self, match_id: str, entry: LogEntry, snapshot: Snapshot | None) -> None:
        """Append ``entry`` (its seq must be the next one) and maybe a snapshot,
        atomically. Raises :class:`SeqConflictError` (a :class:`StoreError`) if the seq
        is taken or does not follow the last one: of two writers appending the same seq,
        at most one succeeds."""

    @abstractmethod
    def load(self, match_id: str) -> StoredMatch:
        """The match, or :class:`UnknownMatchError`."""

    def entries_after(self, match_id: str, seq: int) -> tuple[LogEntry, ...]:
        """The stored entries whose seq is greater than ``seq``, in order (a shared
        store answers from one query; this default loads the whole match)."""
        return self.load(match_id).entries[seq:]

    @abstractmethod
    def snapshot_at_or_before(self, match_id: str, seq: int) -> Snapshot | None:
        """The newest snapshot whose seq is at most ``seq``."""

    @abstractmethod
    def token(self, token_hash: bytes) -> TokenRow | None:
        """The row for a token hash, if any."""

    @abstractmethod
    def match_ids(self) -> tuple[str, ...]:
        """Every stored match id, oldest first."""

    @abstractmethod
    def tokens(self, match_id: str) -> tuple[TokenRow, ...]:
        """The token rows of a match (seats in order, the spectator last), or
        :class:`UnknownMatchError`."""

    def set_change_listener(self, listener: ChangeListener | None) -> None:
        """Call ``listener`` from a thread of the store's for every entry any writer
        appends to a followed match (a shared store must; the others have no other
        writers and ignore it). None: stop."""
        return None

    def follow(self, match_id: str) -> None:
        """Start reporting appends to ``match_id`` to the change listener (counted: as
        many :meth:`unfollow` calls undo it). When this returns, every later append is
        reported, or a resync (``listener(None, 0)``) comes after any that was missed.
        May block for a database round trip; must not be called holding a lock that the
        listener takes."""
        return None

    def unfollow(self, match_id: str) -> None:
        """Undo one :meth:`follow` (never blocks)."""
        return None

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
                raise SeqConflictError(
                    f"match {match_id}: entry {entry.seq} does not follow {len(entries)}",
                    len(entries),
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

    def tokens(self, match_id: str) -> tuple[TokenRow, ...]:
        with self._lock:
            if match_id not in self._records:
                raise UnknownMatchError(f"unknown match {match_id!r}")
            rows = [t for t in self._tokens.values() if t.match_id == match_id]
        return token_order(rows)
