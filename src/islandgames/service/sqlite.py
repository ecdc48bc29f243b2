"""The SQLite store: the embedded, durable default.

One database file in WAL mode holds every match: an immutable ``matches`` row (game,
secret seed, config, log header), the token hashes, an append-only ``entries`` table
(triggers refuse UPDATE and DELETE; the primary key and an in-transaction check refuse a
duplicate or a gap) and ``snapshots`` of the state every so many actions.

Durability: when :meth:`SqliteStore.append` returns, the entry is in the OS, before the
service acknowledges the action. By default (``journal=True``) it is a checksummed frame
appended to ``<path>.journal`` with one ``write()`` (:mod:`.journal`); the journaled
entries move into the database in one transaction every ``flush_every`` entries, before
any read of entries or snapshots, on close, and from a background thread once entries
have waited ``flush_interval`` seconds; a store opened after a crash replays the
journal first. With ``journal=False`` every append is one committed transaction instead
(slower in a server: see the journal's docstring). With ``synchronous="normal"`` (the
default) an appended entry survives the process being killed at any moment;
``synchronous="full"`` also fsyncs every append (and every commit), so it survives power
loss, at roughly 0.3 ms per action on an ordinary disk.

A sidecar ``<path>.lock`` file is held with ``flock`` while the store is open, so two
servers cannot share a database by mistake (the OS releases it if the process dies).
"""

from __future__ import annotations

import contextlib
import logging
import os
import sqlite3
import threading
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import IO, Any, Literal

from ..core import serde
from ..core.errors import DecodeError, IslandGamesError
from ..core.log import LogEntry, LogHeader, header_chain
from .errors import CorruptMatchError, SeqConflictError, StoreError, UnknownMatchError
from .journal import EntryRow, Journal, JournalError, JournalRecord, SnapshotRow
from .store import (
    MatchRecord,
    MatchStore,
    Snapshot,
    StoredMatch,
    TokenRow,
    check_history,
    entries_from_rows,
    match_row,
    token_order,
)

__all__ = ["SCHEMA_VERSION", "SqliteStore"]

SCHEMA_VERSION = 2
#: How many matches' last seqs the store remembers (those with journaled entries always).
_LAST_SEQS = 4096

_log = logging.getLogger(__name__)

#: What the driver raises on a damaged file: its own errors, and Python's where it cannot
#: decode what SQLite hands it (a message quoting a damaged schema's text is not UTF-8:
#: a UnicodeDecodeError). :meth:`SqliteStore._driver_errors` makes each a StoreError.
_DRIVER_ERRORS: tuple[type[Exception], ...] = (sqlite3.Error, ValueError, TypeError, OverflowError)

_SCHEMA = """
CREATE TABLE IF NOT EXISTS matches (
    match_id TEXT PRIMARY KEY,
    game     TEXT NOT NULL,
    seed     TEXT NOT NULL,
    config   BLOB NOT NULL,
    header   BLOB NOT NULL
);
CREATE TABLE IF NOT EXISTS tokens (
    token_hash BLOB PRIMARY KEY,
    match_id   TEXT NOT NULL REFERENCES matches(match_id),
    seat       INTEGER
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS entries (
    match_id   TEXT NOT NULL REFERENCES matches(match_id),
    seq        INTEGER NOT NULL,
    seat       INTEGER NOT NULL,
    action     BLOB NOT NULL,
    state_hash TEXT NOT NULL,
    chain_hash TEXT NOT NULL,
    PRIMARY KEY (match_id, seq)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS snapshots (
    match_id   TEXT NOT NULL REFERENCES matches(match_id),
    seq        INTEGER NOT NULL,
    state      BLOB NOT NULL,
    state_hash TEXT NOT NULL,
    PRIMARY KEY (match_id, seq)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS heads (
    match_id   TEXT PRIMARY KEY REFERENCES matches(match_id),
    seq        INTEGER NOT NULL,
    chain_hash TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS journal_state (
    id         INTEGER PRIMARY KEY CHECK (id = 1),
    generation INTEGER NOT NULL,
    open       INTEGER NOT NULL,
    taken      INTEGER NOT NULL
);
INSERT OR IGNORE INTO journal_state (id, generation, open, taken) VALUES (1, 0, 0, 0);
CREATE TRIGGER IF NOT EXISTS entries_no_update BEFORE UPDATE ON entries
BEGIN SELECT RAISE(ABORT, 'entries are append-only'); END;
CREATE TRIGGER IF NOT EXISTS entries_no_delete BEFORE DELETE ON entries
BEGIN SELECT RAISE(ABORT, 'entries are append-only'); END;
CREATE TRIGGER IF NOT EXISTS matches_no_update BEFORE UPDATE ON matches
BEGIN SELECT RAISE(ABORT, 'matches are immutable'); END;
"""


# schema 1 (islandgames 0.2.0) had no heads: each match's is its last stored entry
_HEADS_FROM_ENTRIES = """
INSERT OR IGNORE INTO heads (match_id, seq, chain_hash)
SELECT m.match_id, coalesce(e.seq, 0), coalesce(e.chain_hash, '')
FROM matches m LEFT JOIN entries e ON e.match_id = m.match_id
    AND e.seq = (SELECT max(seq) FROM entries WHERE match_id = m.match_id);
"""
# the head moves with every append, in the same transaction
_SET_HEAD = (
    "INSERT INTO heads (match_id, seq, chain_hash) VALUES (?, ?, ?) "
    "ON CONFLICT (match_id) DO UPDATE SET seq = excluded.seq, chain_hash = excluded.chain_hash"
)


class SqliteStore(MatchStore):
    """Matches in a SQLite database file (created if missing).

    ``journal``: append through the action journal ``<path>.journal`` (the default; see
    the module docstring), moving ``flush_every`` entries at a time into the database.
    A journal left by a crashed process is replayed when the store opens, whatever
    ``journal`` says; :class:`~islandgames.service.journal.JournalError` if it is damaged,
    from another generation than the database records, or missing where the database
    says one was in use (the store then does not open, and nothing is changed).

    A path that does not exist becomes a new store. An existing file that is not an
    islandgames store (an empty file included) is refused with :class:`StoreError`
    unless ``initialize`` is true. Each match's head (last seq and chain hash) is written
    in the transaction that appends, and :meth:`load` checks that the stored entries
    reach it (:class:`CorruptMatchError` if not: a damaged file never serves a match at
    an older seq)."""

    persistent = True

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        synchronous: Literal["normal", "full"] = "normal",
        timeout: float = 10.0,
        journal: bool = True,
        flush_every: int = 64,
        flush_interval: float | None = 1.0,
        initialize: bool = False,
    ) -> None:
        if synchronous not in ("normal", "full"):
            raise ValueError(f"synchronous must be 'normal' or 'full', got {synchronous!r}")
        if type(flush_every) is not int or flush_every < 1:
            raise ValueError(f"flush_every must be a positive int, got {flush_every!r}")
        if flush_interval is not None and not flush_interval > 0:
            raise ValueError(f"flush_interval must be positive or None, got {flush_interval!r}")
        self.path = Path(path)
        self.synchronous = synchronous
        self.flush_every = flush_every
        self.flush_interval = flush_interval
        self._stopping = threading.Event()
        self._flusher: threading.Thread | None = None
        self._lock = threading.Lock()
        self._closed = False
        self._journal: Journal | None = None
        self._pending: list[JournalRecord] = []
        # match -> its last seq, stored or journaled (this process is the only writer)
        self._last: OrderedDict[str, int] = OrderedDict()
        self._generation = 0  # the journal's, as the database records it
        self._reset_failed = False
        existed = self.path.exists()
        self._lockfile = _acquire_lockfile(self.path)
        try:
            if existed and not initialize and self.path.stat().st_size == 0:
                raise StoreError(
                    f"{str(self.path)!r} is an empty file, not an islandgames store "
                    "(initialize it to make it one)"
                )
            with self._driver_errors("cannot open the store"):
                self._db = sqlite3.connect(
                    self.path, isolation_level=None, check_same_thread=False, timeout=timeout
                )
                self._setup(existed and not initialize)
                self._recover(keep=journal)
        except BaseException:
            self._abandon()  # closes the connection: no half-open store
            raise
        if self._journal is not None and flush_interval is not None:
            self._flusher = threading.Thread(
                target=self._flush_periodically,
                args=(flush_interval,),
                name=f"islandgames-sqlite-flush:{self.path.name}",
                daemon=True,
            )
            self._flusher.start()

    @property
    def journal_path(self) -> Path:
        """Where the action journal lives: ``<path>.journal``."""
        return self.path.with_name(self.path.name + ".journal")

    def _setup(self, must_be_a_store: bool) -> None:
        db = self._db
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if must_be_a_store and version == 0:
            # a SQLite file of something else: never add tables to it by mistake
            raise StoreError(
                f"{str(self.path)!r} is a SQLite database but not an islandgames store "
                "(initialize it to make it one)"
            )
        if version > SCHEMA_VERSION:
            raise StoreError(
                f"the store {str(self.path)!r} has schema version {version}; "
                f"this engine knows {SCHEMA_VERSION}"
            )
        mode = db.execute("PRAGMA journal_mode=WAL").fetchone()[0]
        if str(mode).lower() != "wal":
            raise StoreError(f"the store {str(self.path)!r} cannot use WAL (got {mode})")
        db.execute(f"PRAGMA synchronous={self.synchronous.upper()}")
        db.execute("PRAGMA foreign_keys=ON")
        migrate = _HEADS_FROM_ENTRIES if version == 1 else ""
        db.executescript(
            "BEGIN IMMEDIATE;" + _SCHEMA + migrate + f"PRAGMA user_version={SCHEMA_VERSION};COMMIT;"
        )

    def _recover(self, *, keep: bool) -> None:
        """Replay a journal left by a process that did not close the store, then keep
        the journal open (``keep``, a new generation) or remove it.

        The database records the journal's generation and whether it is in use. The
        order of the steps below is what makes every crash between them recoverable:
        the database takes in the journal's entries and the next generation in one
        transaction, and only then is the journal replaced by an empty one of that
        generation (a journal one generation behind the database is one whose entries
        are all in it already)."""
        path = self.journal_path
        sync = self.synchronous == "full"
        state = self._db.execute(
            "SELECT generation, open, taken FROM journal_state WHERE id = 1"
        ).fetchone()
        if state is None or any(type(v) is not int for v in state):
            raise StoreError(
                f"the store {str(self.path)!r} is damaged: its journal state is unreadable"
            )
        generation, in_use, taken = state
        if not path.exists() or path.stat().st_size == 0:
            if in_use:
                raise JournalError(
                    f"the journal {str(path)!r} is missing or empty, but the store was not "
                    "closed: entries acknowledged since its last flush would be lost"
                )
            if not keep:
                return
            Journal.create(path, generation, sync=sync).close(remove=False)
        journal = Journal(path, sync=sync)
        try:
            contents = journal.read()
            if contents.generation is not None and contents.generation not in (
                generation,
                generation - 1,
            ):
                raise JournalError(
                    f"the journal {str(path)!r} is of generation {contents.generation}, the "
                    f"database expects {generation}: it belongs to another copy of the store",
                    0,
                )
            if contents.generation == generation - 1 and len(contents.records) != taken:
                # the previous generation, whose entries the database took in: all of them
                raise JournalError(
                    f"the journal {str(path)!r} of the previous generation holds "
                    f"{len(contents.records)} entries; the database took in {taken}",
                    contents.end,
                )
            if contents.torn:
                _log.warning(
                    "%s: dropped a torn last frame (%d bytes) of an entry never acknowledged",
                    path,
                    contents.torn,
                )
            records = list(contents.records)
            self._write(
                lambda db: self._replay_and_open(db, records, generation + 1, keep),
                f"replay the journal {path}",
            )
            self._generation = generation + 1
            if records:
                _log.info("%s: replayed %d journaled entries", path, len(records))
            if keep:
                journal.reset(self._generation)
        except BaseException:
            journal.close(remove=False)
            raise
        if keep:
            self._journal = journal
        else:
            journal.close(remove=True)

    @classmethod
    def _replay_and_open(
        cls, db: sqlite3.Connection, records: list[JournalRecord], generation: int, keep: bool
    ) -> None:
        cls._replay(db, records)
        db.execute(
            "UPDATE journal_state SET generation = ?, open = ?, taken = ? WHERE id = 1",
            (generation, int(keep), len(records)),
        )

    @classmethod
    def _replay(cls, db: sqlite3.Connection, records: list[JournalRecord]) -> None:
        for rec in records:
            match_id, seq = rec.entry[0], rec.entry[1]
            row = db.execute(
                "SELECT chain_hash FROM entries WHERE match_id = ? AND seq = ?", (match_id, seq)
            ).fetchone()
            if row is not None:
                # flushed before the crash, with its snapshot (one transaction)
                if row[0] != rec.entry[5]:
                    raise StoreError(
                        f"the journal's entry {seq} of match {match_id} differs from the database's"
                    )
                continue
            try:
                cls._insert(db, rec)
            except (SeqConflictError, UnknownMatchError) as exc:
                raise StoreError(f"the journal does not fit the database: {exc}") from None

    # --- writing -----------------------------------------------------------------------

    def create(self, record: MatchRecord, tokens: Sequence[TokenRow]) -> None:
        row = match_row(record)  # (a record that cannot be packed is the caller's error)
        token_rows = [(t.token_hash, t.match_id, t.seat) for t in tokens]
        with self._lock:
            self._check_open()
            self._write(lambda db: self._create(db, row, token_rows), f"create {record.match_id}")
            self._remember(record.match_id, 0)

    @staticmethod
    def _create(
        db: sqlite3.Connection,
        row: tuple[str, str, str, bytes, bytes],
        token_rows: list[tuple[bytes, str, int | None]],
    ) -> None:
        db.execute(
            "INSERT INTO matches (match_id, game, seed, config, header) VALUES (?,?,?,?,?)", row
        )
        db.executemany("INSERT INTO tokens (token_hash, match_id, seat) VALUES (?,?,?)", token_rows)
        db.execute(_SET_HEAD, (row[0], 0, ""))

    def append(self, match_id: str, entry: LogEntry, snapshot: Snapshot | None) -> None:
        if snapshot is not None and snapshot.seq != entry.seq:
            raise StoreError("a snapshot must be of the appended entry's state")
        what = f"append {match_id} #{entry.seq}"
        row: EntryRow = (
            match_id,
            entry.seq,
            entry.seat,
            serde.packb(entry.action),
            entry.state_hash,
            entry.chain_hash,
        )
        snap: SnapshotRow | None = None
        if snapshot is not None:
            snap = (match_id, snapshot.seq, serde.packb(snapshot.state), snapshot.state_hash)
        rec = JournalRecord(row, snap)
        with self._lock:
            self._check_open()
            if self._journal is None:
                self._write(lambda db: self._insert(db, rec), what)
                return
            last = self._last_seq(match_id)
            if entry.seq != last + 1:
                raise SeqConflictError(
                    f"match {match_id}: entry {entry.seq} does not follow {last}", last
                )
            if len(self._pending) >= self.flush_every:
                self._flush()  # first: if it fails, nothing of this entry is stored
            try:
                if self._reset_failed:  # never append to a generation the database took in
                    self._journal.reset(self._generation)
                    self._reset_failed = False
                self._journal.append(rec.encode())
            except OSError as exc:
                raise StoreError(f"{what}: cannot write the journal: {exc}") from exc
            self._pending.append(rec)
            self._remember(match_id, entry.seq)

    def flush(self) -> None:
        """Move the journaled entries into the database now (reads and close do it too;
        e.g. before copying the database file)."""
        with self._lock:
            self._check_open()
            self._flush()

    def _flush(self) -> None:
        if not self._pending or self._journal is None:
            return
        batch = self._pending
        what = f"flush {len(batch)} journaled entries"
        generation = self._generation + 1

        def take_in(db: sqlite3.Connection) -> None:
            self._insert_all(db, batch)
            db.execute(
                "UPDATE journal_state SET generation = ?, taken = ? WHERE id = 1",
                (generation, len(batch)),
            )

        try:
            self._write(take_in, what)
        except (SeqConflictError, UnknownMatchError) as exc:
            # only this process writes: the database was changed behind the store's back
            raise StoreError(f"{what}: the database does not fit them: {exc}") from None
        self._pending = []
        self._generation = generation
        try:
            self._journal.reset(generation)
        except OSError as exc:
            # the entries are safe in the database; the next append retries the reset
            self._reset_failed = True
            _log.warning("%s: cannot start a new journal: %s", self._journal.path, exc)

    def _flush_periodically(self, interval: float) -> None:
        """Bound how far the database file lags behind the journal (for an online
        backup of the file, or an idle match's last entries) to about ``interval``."""
        while not self._stopping.wait(interval):
            if not self._pending:
                continue
            with self._lock:
                if self._closed:
                    return
                try:
                    self._flush()
                except StoreError as exc:  # the entries stay journaled; the next try retries
                    _log.warning("%s: flushing the journal failed: %s", self.path, exc)

    @classmethod
    def _insert_all(cls, db: sqlite3.Connection, batch: list[JournalRecord]) -> None:
        """Insert a batch in one go: each match's entries must follow one another and
        its last stored one (checked first), else nothing goes in."""
        first: dict[str, int] = {}
        last: dict[str, int] = {}
        for rec in batch:
            match_id, seq = rec.entry[0], rec.entry[1]
            if match_id not in first:
                first[match_id] = seq
            elif seq != last[match_id] + 1:
                raise SeqConflictError(
                    f"match {match_id}: entry {seq} does not follow {last[match_id]}",
                    last[match_id],
                )
            last[match_id] = seq
        for match_id in sorted(first):
            seq = first[match_id]
            stored = db.execute(
                "SELECT coalesce(max(seq), 0) FROM entries WHERE match_id = ?", (match_id,)
            ).fetchone()[0]
            if stored != seq - 1:
                cls._refuse(db, match_id, seq)
        try:
            db.executemany(
                "INSERT INTO entries (match_id, seq, seat, action, state_hash, chain_hash) "
                "VALUES (?,?,?,?,?,?)",
                [rec.entry for rec in batch],
            )
        except sqlite3.IntegrityError as exc:
            if "FOREIGN KEY" in str(exc):
                raise UnknownMatchError(f"unknown match in {sorted(first)}") from None
            raise
        db.executemany(
            "INSERT INTO snapshots (match_id, seq, state, state_hash) VALUES (?,?,?,?)",
            [rec.snapshot for rec in batch if rec.snapshot is not None],
        )
        heads = {rec.entry[0]: (rec.entry[0], rec.entry[1], rec.entry[5]) for rec in batch}
        db.executemany(_SET_HEAD, [heads[m] for m in sorted(heads)])

    @classmethod
    def _insert(cls, db: sqlite3.Connection, rec: JournalRecord) -> None:
        """Insert the entry (and its snapshot) if and only if it follows the last one;
        else :class:`SeqConflictError` or :class:`UnknownMatchError`."""
        match_id, seq = rec.entry[0], rec.entry[1]
        try:
            cursor = db.execute(
                "INSERT INTO entries (match_id, seq, seat, action, state_hash, chain_hash) "
                "SELECT ?, ?, ?, ?, ?, ? WHERE "
                "(SELECT coalesce(max(seq), 0) FROM entries WHERE match_id = ?) = ?",
                (*rec.entry, match_id, seq - 1),
            )
        except sqlite3.IntegrityError as exc:
            if "FOREIGN KEY" in str(exc):
                raise UnknownMatchError(f"unknown match {match_id!r}") from None
            raise
        if cursor.rowcount != 1:
            cls._refuse(db, match_id, seq)
        db.execute(_SET_HEAD, (match_id, seq, rec.entry[5]))
        if rec.snapshot is not None:
            db.execute(
                "INSERT INTO snapshots (match_id, seq, state, state_hash) VALUES (?,?,?,?)",
                rec.snapshot,
            )

    @staticmethod
    def _refuse(db: sqlite3.Connection, match_id: str, seq: int) -> None:
        known = db.execute("SELECT 1 FROM matches WHERE match_id = ?", (match_id,)).fetchone()
        if known is None:
            raise UnknownMatchError(f"unknown match {match_id!r}")
        last = db.execute(
            "SELECT coalesce(max(seq), 0) FROM entries WHERE match_id = ?", (match_id,)
        ).fetchone()[0]
        raise SeqConflictError(f"match {match_id}: entry {seq} does not follow {last}", last)

    def _last_seq(self, match_id: str) -> int:
        last = self._last.get(match_id)
        if last is not None:
            self._last.move_to_end(match_id)
            return last
        # not journaled since the last flush (those are all remembered): the database's
        with self._driver_errors(f"cannot read {match_id} from the store"):
            known, last = self._db.execute(
                "SELECT EXISTS (SELECT 1 FROM matches WHERE match_id = ?), "
                "(SELECT coalesce(max(seq), 0) FROM entries WHERE match_id = ?)",
                (match_id, match_id),
            ).fetchone()
        if not known:
            raise UnknownMatchError(f"unknown match {match_id!r}")
        if type(last) is not int:
            raise CorruptMatchError(f"match {match_id}: its last seq is unreadable", 0)
        self._remember(match_id, last)
        return int(last)

    def _remember(self, match_id: str, last: int) -> None:
        if self._journal is None:
            return  # only the journal's appends use it
        self._last[match_id] = last
        self._last.move_to_end(match_id)
        if len(self._last) > _LAST_SEQS:
            # forget the least recently used half, except matches with journaled entries
            busy = {rec.entry[0] for rec in self._pending}
            for m in list(self._last)[: len(self._last) - _LAST_SEQS // 2]:
                if m not in busy:
                    del self._last[m]

    def _write(self, body: Any, what: str) -> None:
        """Run ``body(db)`` in one transaction (``what``: what it does, for the error)."""
        db = self._db
        with self._driver_errors(f"cannot begin a transaction to {what} in the store"):
            db.execute("BEGIN IMMEDIATE")
        try:
            with self._driver_errors(f"cannot {what} in the store"):
                body(db)
                db.execute("COMMIT")
        except BaseException:
            with contextlib.suppress(*_DRIVER_ERRORS):
                db.execute("ROLLBACK")
            raise

    @contextlib.contextmanager
    def _driver_errors(self, what: str) -> Iterator[None]:
        """The one boundary between the store and the sqlite3 driver: whatever the driver
        raises in the block (its own errors; a message of SQLite's that is not UTF-8 on a
        damaged file; any value it cannot convert) leaves it as a :class:`StoreError`
        ``"<what> '<path>': <reason>"``. The project's own errors pass unchanged."""
        try:
            yield
        except IslandGamesError:
            raise
        except _DRIVER_ERRORS as exc:
            raise StoreError(f"{what} {str(self.path)!r}: {_reason(exc)}") from exc

    def _check_open(self) -> None:
        if self._closed:
            raise StoreError(f"the store {str(self.path)!r} is closed")

    # --- reading -----------------------------------------------------------------------

    def load(self, match_id: str) -> StoredMatch:
        with self._lock:
            self._check_open()
            self._flush()
            try:
                loaded = self._load(match_id)  # (its driver calls raise StoreError)
            except (TypeError, OverflowError, ValueError) as exc:
                # a damaged file can hold a value of any type in any column
                raise CorruptMatchError(f"match {match_id}: unreadable record: {exc}", 0) from exc
            self._remember(match_id, loaded.entries[-1].seq if loaded.entries else 0)
            return loaded

    def _load(self, match_id: str) -> StoredMatch:
        db = self._db
        reading = f"cannot load {match_id} from the store"
        with self._driver_errors(reading):
            row = db.execute(
                "SELECT game, seed, config, header FROM matches WHERE match_id = ?", (match_id,)
            ).fetchone()
        if row is None:
            raise UnknownMatchError(f"unknown match {match_id!r}")
        game, seed_hex, config, header = row
        try:
            seed = int(seed_hex, 16)
            record = MatchRecord(
                match_id,
                game,
                seed,
                serde.unpackb(config),
                serde.from_wire(serde.unpackb(header), LogHeader),
            )
        except (DecodeError, ValueError) as exc:
            raise CorruptMatchError(f"match {match_id}: unreadable record: {exc}", 0) from exc
        with self._driver_errors(reading):
            rows = db.execute(
                "SELECT seq, seat, action, state_hash, chain_hash FROM entries "
                "WHERE match_id = ? ORDER BY seq",
                (match_id,),
            ).fetchall()
            head = db.execute(
                "SELECT seq, chain_hash FROM heads WHERE match_id = ?", (match_id,)
            ).fetchone()
        entries = entries_from_rows(match_id, seed, rows)
        check_history(match_id, entries, head, start=header_chain(record.header))
        with self._driver_errors(reading):
            snap = db.execute(
                "SELECT seq, state, state_hash FROM snapshots WHERE match_id = ? "
                "ORDER BY seq DESC LIMIT 1",
                (match_id,),
            ).fetchone()
        return StoredMatch(record, entries, self._snapshot(match_id, snap))

    @staticmethod
    def _snapshot(match_id: str, row: Any) -> Snapshot | None:
        if row is None:
            return None
        seq, state, state_hash = row
        try:
            return Snapshot(seq, serde.unpackb(state), state_hash)
        except (DecodeError, TypeError, ValueError) as exc:
            raise CorruptMatchError(f"match {match_id}: unreadable snapshot {seq}", seq) from exc

    def snapshot_at_or_before(self, match_id: str, seq: int) -> Snapshot | None:
        what = f"cannot read the snapshots of {match_id} from the store"
        with self._lock, self._driver_errors(what):
            self._check_open()
            self._flush()
            row = self._db.execute(
                "SELECT seq, state, state_hash FROM snapshots WHERE match_id = ? AND seq <= ? "
                "ORDER BY seq DESC LIMIT 1",
                (match_id, seq),
            ).fetchone()
            return self._snapshot(match_id, row)

    def token(self, token_hash: bytes) -> TokenRow | None:
        with self._lock, self._driver_errors("cannot read a token from the store"):
            self._check_open()
            row = self._db.execute(
                "SELECT match_id, seat FROM tokens WHERE token_hash = ?", (token_hash,)
            ).fetchone()
        if row is None:
            return None
        return TokenRow(token_hash, *_token_columns(row[0], row[1]))

    def match_ids(self) -> tuple[str, ...]:
        with self._lock, self._driver_errors("cannot list the matches of the store"):
            self._check_open()
            rows = self._db.execute("SELECT match_id FROM matches ORDER BY rowid").fetchall()
        if any(type(r[0]) is not str for r in rows):
            raise StoreError(f"the store {str(self.path)!r} is damaged: a match id is not text")
        return tuple(r[0] for r in rows)

    def tokens(self, match_id: str) -> tuple[TokenRow, ...]:
        what = f"cannot read the tokens of {match_id} from the store"
        with self._lock, self._driver_errors(what):
            self._check_open()
            known = self._db.execute(
                "SELECT 1 FROM matches WHERE match_id = ?", (match_id,)
            ).fetchone()
            if known is None:
                raise UnknownMatchError(f"unknown match {match_id!r}")
            rows = self._db.execute(
                "SELECT token_hash, seat FROM tokens WHERE match_id = ?", (match_id,)
            ).fetchall()
        if any(type(h) is not bytes for h, _ in rows):
            raise CorruptMatchError(f"match {match_id}: a token hash is damaged", 0)
        return token_order([TokenRow(h, *_token_columns(match_id, seat)) for h, seat in rows])

    # --- closing -----------------------------------------------------------------------

    def close(self) -> None:
        self._stopping.set()
        flusher = self._flusher
        if flusher is not None and flusher is not threading.current_thread():
            flusher.join()
        with self._lock:
            if self._closed:
                return
            self._closed = True
            flushed = True
            try:
                self._flush()
            except StoreError as exc:
                flushed = False  # the journal keeps them: the next open replays it
                _log.error(
                    "%s: closed with %d entries left in the journal: %s",
                    self.path,
                    len(self._pending),
                    exc,
                )
            if flushed and self._journal is not None:
                try:
                    self._write(
                        lambda db: db.execute("UPDATE journal_state SET open = 0 WHERE id = 1"),
                        "close the journal",
                    )
                except StoreError as exc:
                    flushed = False  # the journal stays: the next open checks it
                    _log.error("%s: %s", self.path, exc)
            with contextlib.suppress(*_DRIVER_ERRORS):
                self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            try:
                with self._driver_errors("cannot close the store"):
                    self._db.close()
            finally:
                if self._journal is not None:
                    self._journal.close(remove=flushed)
                    self._journal = None
                self._release_lockfile(remove=True)

    def _abandon(self) -> None:
        """Let go of everything without writing (a failed open; tests: a death)."""
        self._stopping.set()
        self._closed = True
        with contextlib.suppress(Exception):
            self._db.close()
        if self._journal is not None:
            self._journal.close(remove=False)
            self._journal = None
        self._release_lockfile()

    def _release_lockfile(self, *, remove: bool = False) -> None:
        if self._lockfile is not None:
            if remove:  # a clean close leaves no file behind (see _acquire_lockfile)
                with contextlib.suppress(OSError):
                    os.unlink(self._lockfile.name)
            self._lockfile.close()  # closing the descriptor releases the flock
            self._lockfile = None

    def __enter__(self) -> SqliteStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _reason(exc: Exception) -> str:
    """What went wrong in the driver, in words: SQLite's message (the one that was not
    UTF-8 recovered, its bad bytes escaped), else the Python error's type and text."""
    if isinstance(exc, sqlite3.Error):
        return str(exc)
    if isinstance(exc, UnicodeDecodeError) and isinstance(exc.object, bytes):
        text = exc.object.decode("utf-8", "backslashreplace")
        return f"{text} (not valid UTF-8: the file is damaged)"
    return f"{type(exc).__name__}: {exc}"


def _token_columns(match_id: Any, seat: Any) -> tuple[str, int | None]:
    if type(match_id) is not str or not (seat is None or type(seat) is int):
        raise StoreError(f"a damaged token row ({type(match_id).__name__}, {type(seat).__name__})")
    return match_id, seat


def _acquire_lockfile(path: Path) -> IO[bytes] | None:
    """Hold ``<path>.lock`` with ``flock``. A clean close removes the file, so a lock won
    on a file that has meanwhile been removed (or replaced) is not the lock: try again."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not on POSIX: no cross-process guard
        return None
    lock = path.with_name(path.name + ".lock")
    for _ in range(100):
        fh = open(lock, "ab")  # noqa: SIM115 - held open
        try:
            fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            fh.close()
            raise StoreError(f"the store {str(path)!r} is in use by another process") from exc
        try:
            same = os.stat(lock).st_ino == os.fstat(fh.fileno()).st_ino
        except FileNotFoundError:
            same = False
        if same:
            return fh
        fh.close()  # pragma: no cover - lost a race with a closing store
    raise StoreError(f"cannot lock the store {str(path)!r}: its lock file keeps changing")
