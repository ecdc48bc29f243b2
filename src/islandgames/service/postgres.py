"""The PostgreSQL store: many stateless servers on one database.

Any number of ``islandgames serve --store postgresql://...`` processes may share one
database; any of them can serve any match at any moment. The schema is the SQLite
store's (an immutable ``matches`` row, token hashes, an append-only ``entries`` log and
``snapshots``), created and upgraded by the versioned :data:`MIGRATIONS` when a store is
opened (under an advisory lock, so servers starting together do not race), recorded in
``islandgames_migrations``. Tables live in the connection's current schema (the first of
its ``search_path``: ``public`` unless the URL says otherwise, e.g.
``?options=-csearch_path%3Dgames``).

Correctness across servers does not depend on any lock in a server: an entry is inserted
by one statement that succeeds only if its seq follows the last stored one, and the
primary key ``(match_id, seq)`` makes a second insert of the same seq fail. So of two
servers acting on one match at once, exactly one commits; the other gets
:class:`~islandgames.service.errors.SeqConflictError`, which the service turns into the
stale-seq error carrying the current seq. The entry and its snapshot, if any, are one
statement, so one transaction. Triggers refuse UPDATE, DELETE and TRUNCATE of entries and
UPDATE of matches.

Damage is noticed (schema 2): a ``heads`` row per match holds its last seq and chain
hash, moved by a trigger in the transaction of every append (and refusing an entry that
does not follow the head). Loading a match reads the head and the entries in one
statement and checks that the entries run from 1 to the head through an intact chain
(:func:`~islandgames.service.store.check_history`, shared with the SQLite store); a
server catching up on entries other servers added checks that they reach the head and
that none it already holds is gone. Else :class:`CorruptMatchError` for that match
alone, naming it and the first bad seq: rows deleted, a row or the head changed. The
migration that added heads took each existing match's from its entries, checking their
chain; a match found damaged then is marked so and stays refused.

Watching across servers: after an entry is committed, the same connection sends
``pg_notify`` on the match's channel (``islandgames.<schema>.<match_id>``, see
:meth:`PostgresStore.channel`; payload ``"<seq> <match_id>"``) in a second, tiny
transaction. Not in the entry's own transaction on purpose: PostgreSQL holds one
database-wide lock from the start of a notifying commit until its end, including the WAL
flush, so notifying commits cannot share a flush and the whole cluster would be limited to
one act per disk flush (measured here while a flush took 4 ms: 270 to 320 notifying
commits per second from 1 to 16 connections, against 8,800 plain ones from 16). The
notification's transaction commits without waiting for the disk (``synchronous_commit =
off`` for it alone: it has nothing to keep), so the entries' commits group freely. The
price: if a server dies in the instant between an entry's commit and its notification,
watchers on other servers get that update with the match's next action or their
server's next read of the match (nothing is lost from the store, and a watcher that
re-subscribes with ``after_seq`` always catches up).

Each store that has a change listener holds one extra connection that runs ``LISTEN`` on
the channels of the matches it follows (those with watchers on this server: a server
hears nothing about the others); its thread sleeps in ``select`` on the connection's
socket and a wake-up pipe (no polling: an idle server costs no CPU). If that connection
is lost it reconnects (with back-off), listens again and tells the listener that changes
may have been missed, so the service re-reads every watched match.

Durability is PostgreSQL's: with its default ``synchronous_commit = on`` a committed
append (acknowledged by the service only after the commit) survives the server process
and PostgreSQL crashing. Connections come from a :mod:`psycopg_pool` pool, in autocommit
mode (each store call is one short transaction).
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import select
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

import attrs
import psycopg
from psycopg import errors as pg_errors
from psycopg import sql
from psycopg.conninfo import conninfo_to_dict
from psycopg_pool import ConnectionPool, PoolTimeout

from ..core import serde
from ..core.errors import DecodeError
from ..core.log import LogEntry, LogHeader, header_chain
from .errors import CorruptMatchError, SeqConflictError, StoreError, UnknownMatchError
from .store import (
    ChangeListener,
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

__all__ = [
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "Migration",
    "PostgresStore",
    "describe_url",
    "migrate_schema",
]

_log = logging.getLogger("islandgames.service.postgres")

T = TypeVar("T")
Conn = psycopg.Connection[tuple[Any, ...]]


@attrs.frozen(slots=True)
class Migration:
    """One schema version: applied once, in order, in one transaction: ``sql``, then
    ``run`` (if any) on the same connection, in the same transaction (for what SQL alone
    cannot do, e.g. a backfill that checks hash chains)."""

    version: int
    name: str
    sql: str
    run: Callable[[Conn], None] | None = None


MIGRATIONS: tuple[Migration, ...] = (
    Migration(
        1,
        "matches, tokens, append-only entries, snapshots",
        """
CREATE TABLE matches (
    match_id text PRIMARY KEY,
    created  bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
    game     text NOT NULL,
    seed     text NOT NULL,
    config   bytea NOT NULL,
    header   bytea NOT NULL
);
CREATE TABLE tokens (
    token_hash bytea PRIMARY KEY,
    match_id   text NOT NULL REFERENCES matches (match_id),
    seat       integer
);
CREATE TABLE entries (
    match_id   text NOT NULL REFERENCES matches (match_id),
    seq        integer NOT NULL CHECK (seq >= 1),
    seat       integer NOT NULL,
    action     bytea NOT NULL,
    state_hash text NOT NULL,
    chain_hash text NOT NULL,
    PRIMARY KEY (match_id, seq)
);
CREATE TABLE snapshots (
    match_id   text NOT NULL,
    seq        integer NOT NULL,
    state      bytea NOT NULL,
    state_hash text NOT NULL,
    PRIMARY KEY (match_id, seq),
    FOREIGN KEY (match_id, seq) REFERENCES entries (match_id, seq)
);
CREATE FUNCTION islandgames_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION '% are %', TG_TABLE_NAME, TG_ARGV[0];
END
$$;
CREATE TRIGGER entries_append_only BEFORE UPDATE OR DELETE ON entries
    FOR EACH ROW EXECUTE FUNCTION islandgames_refuse('append-only');
CREATE TRIGGER entries_no_truncate BEFORE TRUNCATE ON entries
    FOR EACH STATEMENT EXECUTE FUNCTION islandgames_refuse('append-only');
CREATE TRIGGER matches_immutable BEFORE UPDATE ON matches
    FOR EACH ROW EXECUTE FUNCTION islandgames_refuse('immutable');
""",
    ),
    Migration(
        2,
        "heads: each match's last seq and chain hash, moved by every append",
        """
CREATE TABLE heads (
    match_id   text PRIMARY KEY REFERENCES matches (match_id),
    seq        integer NOT NULL CHECK (seq >= 0),
    chain_hash text NOT NULL,
    broken_seq integer,
    broken     text
);
""",
        lambda conn: _heads_migration(conn),
    ),
)

#: The newest schema version this engine knows.
SCHEMA_VERSION = MIGRATIONS[-1].version

#: First key of the advisory lock taken while migrating (the second is the schema's).
_LOCK_KEY = 0x6967  # "ig"

_INSERT_ENTRY = """
INSERT INTO entries (match_id, seq, seat, action, state_hash, chain_hash)
SELECT %(m)s, %(seq)s, %(seat)s, %(action)s, %(sh)s, %(ch)s
WHERE (SELECT coalesce(max(seq), 0) FROM entries WHERE match_id = %(m)s) = %(prev)s
"""

_INSERT_ENTRY_AND_SNAPSHOT = f"""
WITH e AS ({_INSERT_ENTRY} RETURNING match_id, seq)
INSERT INTO snapshots (match_id, seq, state, state_hash)
SELECT match_id, seq, %(state)s, %(snap_hash)s FROM e
"""

# a match's head and its entries after %(after)s, in one statement (so one snapshot of
# the database: the head is that of these entries): one row per entry, or one with the
# entry columns NULL if there is none; no row if there is no such match
_SELECT_HEAD_AND_ENTRIES = """
SELECT m.seed, h.seq, h.chain_hash, h.broken_seq, h.broken,
    (SELECT coalesce(max(seq), 0) FROM entries WHERE match_id = %(m)s),
    e.seq, e.seat, e.action, e.state_hash, e.chain_hash
FROM matches m
LEFT JOIN heads h ON h.match_id = m.match_id
LEFT JOIN entries e ON e.match_id = m.match_id AND e.seq > %(after)s
WHERE m.match_id = %(m)s
ORDER BY e.seq
"""

_NOTIFY = "SELECT set_config('synchronous_commit', 'off', true), pg_notify(%s, %s)"

_SELECT_SNAPSHOT = (
    "SELECT seq, state, state_hash FROM snapshots WHERE match_id = %s AND seq <= %s "
    "ORDER BY seq DESC LIMIT 1"
)


def describe_url(url: str) -> str:
    """``host:port/dbname`` of a connection URL, for messages (never the password).

    >>> describe_url("postgresql://u:secret@127.0.0.1:5433/games")
    '127.0.0.1:5433/games'
    """
    try:
        params = conninfo_to_dict(url)
    except psycopg.Error:
        return "(unparsable URL)"
    host = params.get("host") or params.get("hostaddr") or "localhost"
    return f"{host}:{params.get('port') or 5432}/{params.get('dbname') or ''}"


def _connect_kwargs(url: str) -> dict[str, Any]:
    """Connection settings not in the URL: a connect timeout and an application name."""
    params = conninfo_to_dict(url)
    extra: dict[str, Any] = {}
    if "connect_timeout" not in params:
        extra["connect_timeout"] = 10
    if "application_name" not in params:
        extra["application_name"] = "islandgames"
    return extra


# Heads are moved by triggers, in the transaction of the insert, so that every writer
# keeps them (a server of any version, copy-store), and by the table owner (SECURITY
# DEFINER), so that servers need no right but to read and insert. An entry whose seq
# does not follow its match's head is refused: the history was changed underneath.
_HEAD_TRIGGERS = """
CREATE FUNCTION islandgames_head_created() RETURNS trigger LANGUAGE plpgsql
SECURITY DEFINER SET search_path = {schema}, pg_temp AS $fn$
BEGIN
    INSERT INTO heads (match_id, seq, chain_hash) VALUES (NEW.match_id, 0, '');
    RETURN NULL;
END
$fn$;
CREATE FUNCTION islandgames_head_moved() RETURNS trigger LANGUAGE plpgsql
SECURITY DEFINER SET search_path = {schema}, pg_temp AS $fn$
DECLARE
    head integer;
BEGIN
    UPDATE heads SET seq = NEW.seq, chain_hash = NEW.chain_hash
        WHERE match_id = NEW.match_id AND seq = NEW.seq - 1;
    IF NOT FOUND THEN
        SELECT h.seq INTO head FROM heads h WHERE h.match_id = NEW.match_id;
        RAISE EXCEPTION USING ERRCODE = 'data_corrupted', MESSAGE = format(
            'match %s: entry %s does not follow its head (%s): the stored history was changed',
            NEW.match_id, NEW.seq, coalesce('seq ' || head, 'missing'));
    END IF;
    RETURN NULL;
END
$fn$;
CREATE TRIGGER matches_head AFTER INSERT ON matches
    FOR EACH ROW EXECUTE FUNCTION islandgames_head_created();
CREATE TRIGGER entries_head AFTER INSERT ON entries
    FOR EACH ROW EXECUTE FUNCTION islandgames_head_moved();
"""


def _heads_migration(conn: Conn) -> None:
    """Migration 2 after its table: the head triggers, then a head for every existing
    match, from its stored entries (the creating triggers lock both tables first, so no
    writer adds entries meanwhile). Each match's history is checked on the way
    (:func:`~islandgames.service.store.check_history`); one that is already damaged gets
    its head all the same, marked ``broken`` (loading it is then
    :class:`CorruptMatchError`), and the migration goes on."""
    schema = conn.execute("SELECT current_schema()").fetchone()
    if schema is None or schema[0] is None:
        raise StoreError("no current schema (check the search_path)")
    conn.execute(sql.SQL(_HEAD_TRIGGERS).format(schema=sql.Identifier(schema[0])))
    matches = conn.execute(
        "SELECT match_id, seed, header FROM matches m "
        "WHERE NOT EXISTS (SELECT 1 FROM heads h WHERE h.match_id = m.match_id) "
        "ORDER BY created"
    ).fetchall()
    broken = 0
    for match_id, seed_hex, header in matches:
        rows = conn.execute(
            "SELECT seq, seat, action, state_hash, chain_hash FROM entries "
            "WHERE match_id = %s ORDER BY seq",
            (match_id,),
        ).fetchall()
        seq, chain = (rows[-1][0], rows[-1][4]) if rows else (0, "")
        problem: CorruptMatchError | None = None
        try:
            try:
                seed = int(seed_hex, 16)
                start = header_chain(serde.from_wire(serde.unpackb(bytes(header)), LogHeader))
            except (DecodeError, TypeError, ValueError) as exc:
                raise CorruptMatchError(f"match {match_id}: unreadable record: {exc}", 0) from exc
            entries = entries_from_rows(match_id, seed, rows)
            check_history(match_id, entries, (seq, chain), start=start)
        except CorruptMatchError as exc:
            problem = exc
            broken += 1
            _log.error("schema migration 2: %s", exc)
        conn.execute(
            "INSERT INTO heads (match_id, seq, chain_hash, broken_seq, broken) "
            "VALUES (%s, %s, %s, %s, %s)",
            (
                match_id,
                seq,
                chain,
                None if problem is None else (problem.seq or 0),
                None if problem is None else f"{problem} (found at the upgrade to schema 2)",
            ),
        )
    _log.info("schema migration 2: heads of %d matches (%d damaged)", len(matches), broken)


def migrate_schema(conn: Conn, target: int | None = None) -> int:
    """Bring the schema of ``conn``'s current schema up to ``target`` (default:
    :data:`SCHEMA_VERSION`), creating it if empty; returns the version it is at. Safe to
    run from many servers at once. (An older ``target`` makes a database as an older
    engine would have: for tests of the migrations.)"""
    target = SCHEMA_VERSION if target is None else target
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s, hashtext(current_schema()))", (_LOCK_KEY,))
        found = conn.execute("SELECT to_regclass('islandgames_migrations')").fetchone()
        if found is None or found[0] is None:  # (no DDL at all when up to date)
            conn.execute(
                "CREATE TABLE islandgames_migrations ("
                " version integer PRIMARY KEY,"
                " name text NOT NULL,"
                " applied_at timestamptz NOT NULL DEFAULT now())"
            )
        row = conn.execute(
            "SELECT coalesce(max(version), 0) FROM islandgames_migrations"
        ).fetchone()
        current = int(row[0]) if row is not None else 0
        if current > SCHEMA_VERSION:
            raise StoreError(
                f"the database has schema version {current}; this engine knows "
                f"{SCHEMA_VERSION} (upgrade islandgames)"
            )
        for m in MIGRATIONS:
            if current < m.version <= target:
                _log.info("applying schema migration %d: %s", m.version, m.name)
                conn.execute(m.sql.encode())
                if m.run is not None:
                    m.run(conn)
                conn.execute(
                    "INSERT INTO islandgames_migrations (version, name) VALUES (%s, %s)",
                    (m.version, m.name),
                )
    return max(current, target)


class PostgresStore(MatchStore):
    """Matches in a PostgreSQL database, shared by any number of servers.

    ``url``: a libpq connection URL (``postgresql://user@host:port/dbname?...``).
    ``min_size``/``max_size``: the connection pool's bounds; ``timeout``: seconds to wait
    for a connection (at open and for each call) before failing with
    :class:`StoreError`. ``migrate``: create or upgrade the schema (default).
    """

    persistent = True
    shared = True

    def __init__(
        self,
        url: str,
        *,
        min_size: int = 1,
        max_size: int = 8,
        timeout: float = 10.0,
        migrate: bool = True,
    ) -> None:
        self.url = url
        self.where = describe_url(url)
        self.timeout = timeout
        self._closed = False
        self._listener: _Listener | None = None
        self._listener_lock = threading.Lock()
        try:
            self._kwargs = _connect_kwargs(url)
        except psycopg.Error as exc:
            raise StoreError(f"bad PostgreSQL URL: {exc}") from None
        self._pool: ConnectionPool[Conn] = ConnectionPool(
            url,
            kwargs={"autocommit": True, **self._kwargs},
            min_size=min_size,
            max_size=max_size,
            timeout=timeout,
            open=False,
            name="islandgames",
        )
        try:
            self._pool.open(wait=True, timeout=timeout)
            with self._pool.connection() as conn:
                if migrate:
                    migrate_schema(conn)
                else:
                    self._check_version(conn)
                row = conn.execute("SELECT current_schema()").fetchone()
            if row is None or row[0] is None:
                raise StoreError("no current schema (check the search_path)")
            self.schema: str = row[0]
        except (psycopg.Error, PoolTimeout) as exc:
            self._pool.close()
            raise StoreError(f"cannot open the PostgreSQL store {self.where}: {exc}") from exc
        except BaseException:
            self._pool.close()
            raise

    @staticmethod
    def _check_version(conn: Conn) -> None:
        version = 0
        found = conn.execute("SELECT to_regclass('islandgames_migrations')").fetchone()
        if found is not None and found[0] is not None:
            row = conn.execute(
                "SELECT coalesce(max(version), 0) FROM islandgames_migrations"
            ).fetchone()
            version = 0 if row is None else int(row[0])
        if version != SCHEMA_VERSION:
            raise StoreError(
                f"the database has schema version {version}; this engine needs "
                f"{SCHEMA_VERSION} (open it once with migrations on)"
            )

    # --- plumbing ------------------------------------------------------------------------

    @contextlib.contextmanager
    def _conn(self, what: str) -> Iterator[Conn]:
        """A pooled connection; database failures become :class:`StoreError`."""
        if self._closed:
            raise StoreError(f"{what}: the store is closed")
        try:
            with self._pool.connection() as conn:
                yield conn
        except (PoolTimeout, psycopg.OperationalError, psycopg.InterfaceError) as exc:
            raise StoreError(f"{what}: the database is unavailable: {exc}") from exc
        except psycopg.Error as exc:
            raise StoreError(f"{what}: {exc}") from exc

    def _read(self, what: str, body: Callable[[Conn], T]) -> T:
        """Run a read; once more on a fresh connection if the first one had failed (a
        pooled connection may have been cut since it was last used)."""
        for attempt in (1, 2):
            try:
                with self._conn(what) as conn:
                    return body(conn)
            except StoreError as exc:
                retry = isinstance(exc.__cause__, psycopg.OperationalError | psycopg.InterfaceError)
                if attempt == 2 or not retry or self._closed:
                    raise
                _log.info("%s: retrying after %s", what, exc)
        raise AssertionError("unreachable")  # pragma: no cover

    # --- writing -------------------------------------------------------------------------

    def create(self, record: MatchRecord, tokens: Sequence[TokenRow]) -> None:
        what = f"create {record.match_id}"
        try:
            with self._conn(what) as conn, conn.transaction(), conn.cursor() as cur:
                cur.execute(
                    "INSERT INTO matches (match_id, game, seed, config, header) "
                    "VALUES (%s, %s, %s, %s, %s)",
                    match_row(record),
                )
                cur.executemany(
                    "INSERT INTO tokens (token_hash, match_id, seat) VALUES (%s, %s, %s)",
                    [(t.token_hash, t.match_id, t.seat) for t in tokens],
                )
        except StoreError as exc:
            cause = exc.__cause__
            if isinstance(cause, pg_errors.UniqueViolation):
                constraint = cause.diag.constraint_name or ""
                if constraint.startswith("matches"):
                    raise StoreError(f"match {record.match_id} already exists") from None
                raise StoreError("token collision") from None
            raise

    def append(self, match_id: str, entry: LogEntry, snapshot: Snapshot | None) -> None:
        if snapshot is not None and snapshot.seq != entry.seq:
            raise StoreError("a snapshot must be of the appended entry's state")
        what = f"append {match_id} #{entry.seq}"
        params: dict[str, Any] = {
            "m": match_id,
            "seq": entry.seq,
            "prev": entry.seq - 1,
            "seat": entry.seat,
            "action": serde.packb(entry.action),
            "sh": entry.state_hash,
            "ch": entry.chain_hash,
        }
        query = _INSERT_ENTRY
        if snapshot is not None:
            query = _INSERT_ENTRY_AND_SNAPSHOT
            params["state"] = serde.packb(snapshot.state)
            params["snap_hash"] = snapshot.state_hash
        try:
            with self._conn(what) as conn:
                # two transactions: the entry (a durable commit, which PostgreSQL can
                # group with other servers' commits), then, once it is committed, the
                # notification, whose commit need not wait for the disk (see the module
                # documentation)
                inserted = conn.execute(query, params).rowcount == 1
                if inserted:
                    try:
                        conn.execute(_NOTIFY, (self.channel(match_id), f"{entry.seq} {match_id}"))
                    except psycopg.Error as exc:  # the entry is committed all the same
                        _log.warning("%s: stored, but not notified: %s", what, exc)
        except StoreError as exc:
            cause = exc.__cause__
            if isinstance(cause, pg_errors.UniqueViolation):
                inserted = False  # another writer committed this seq first
            elif isinstance(cause, pg_errors.DataCorrupted):  # from the head's trigger
                message = cause.diag.message_primary or f"match {match_id}: damaged"
                raise CorruptMatchError(message, entry.seq) from None
            elif isinstance(cause, pg_errors.ForeignKeyViolation):
                raise UnknownMatchError(f"unknown match {match_id!r}") from None
            else:
                raise
        if not inserted:
            self._refuse(match_id, entry)

    def _refuse(self, match_id: str, entry: LogEntry) -> None:
        def body(conn: Conn) -> tuple[Any, ...] | None:
            return conn.execute(
                "SELECT (SELECT coalesce(max(seq), 0) FROM entries WHERE match_id = %(m)s),"
                " EXISTS (SELECT 1 FROM matches WHERE match_id = %(m)s),"
                " (SELECT seq FROM heads WHERE match_id = %(m)s)",
                {"m": match_id},
            ).fetchone()

        row = self._read(f"append {match_id} #{entry.seq}", body)
        assert row is not None
        last, known, head = int(row[0]), bool(row[1]), row[2]
        if not known:
            raise UnknownMatchError(f"unknown match {match_id!r}")
        if head != last:  # lost entries (or a changed head): never append after them
            check_history(match_id, (), (head, ""), start=None, after=last)
            raise CorruptMatchError(f"match {match_id}: its head does not match its entries", last)
        raise SeqConflictError(f"match {match_id}: entry {entry.seq} does not follow {last}", last)

    # --- reading -------------------------------------------------------------------------

    def load(self, match_id: str) -> StoredMatch:
        if not isinstance(match_id, str):
            raise UnknownMatchError(f"unknown match {match_id!r}")

        def body(conn: Conn) -> StoredMatch:
            row = conn.execute(
                "SELECT game, seed, config, header FROM matches WHERE match_id = %s",
                (match_id,),
            ).fetchone()
            if row is None:
                raise UnknownMatchError(f"unknown match {match_id!r}")
            # the snapshot before the entries: entries only grow, so every entry up to the
            # snapshot's seq is in what is read next
            snap = conn.execute(_SELECT_SNAPSHOT, (match_id, 2**31 - 1)).fetchone()
            # the head and the entries in one statement (one snapshot of the database)
            rows = conn.execute(_SELECT_HEAD_AND_ENTRIES, {"m": match_id, "after": 0}).fetchall()
            game, seed_hex, config, header = row
            try:
                seed = int(seed_hex, 16)
                record = MatchRecord(
                    match_id,
                    game,
                    seed,
                    serde.unpackb(bytes(config)),
                    serde.from_wire(serde.unpackb(bytes(header)), LogHeader),
                )
            except (DecodeError, TypeError, ValueError) as exc:
                raise CorruptMatchError(f"match {match_id}: unreadable record: {exc}", 0) from exc
            head, entries = _head_and_entries(match_id, seed, rows)
            check_history(match_id, entries, head, start=header_chain(record.header))
            return StoredMatch(record, entries, _snapshot(match_id, snap))

        return self._read(f"load {match_id}", body)

    def entries_after(self, match_id: str, seq: int) -> tuple[LogEntry, ...]:
        """The entries after ``seq``, checked against the match's head: they run from
        ``seq + 1`` to the head, and every stored entry is still there (the chain of the
        new ones is the caller's to check: it knows the chain hash at ``seq``)."""
        rows = self._read(
            f"read {match_id} after #{seq}",
            lambda conn: conn.execute(
                _SELECT_HEAD_AND_ENTRIES, {"m": match_id, "after": seq}
            ).fetchall(),
        )
        if not rows:
            return ()  # no such match
        try:
            seed = int(rows[0][0], 16)
        except (TypeError, ValueError):
            raise CorruptMatchError(f"match {match_id}: its seed is damaged", 0) from None
        head, entries = _head_and_entries(match_id, seed, rows)
        last = rows[0][5]
        if head is not None and last != head[0]:
            # entries at or before ``seq`` were lost: what the caller holds is not stored
            check_history(match_id, (), head, start=None, after=last)
        check_history(match_id, entries, head, start=None, after=seq)
        return entries

    def snapshot_at_or_before(self, match_id: str, seq: int) -> Snapshot | None:
        row = self._read(
            f"snapshot of {match_id}",
            lambda conn: conn.execute(_SELECT_SNAPSHOT, (match_id, seq)).fetchone(),
        )
        return _snapshot(match_id, row)

    def token(self, token_hash: bytes) -> TokenRow | None:
        row = self._read(
            "token",
            lambda conn: conn.execute(
                "SELECT match_id, seat FROM tokens WHERE token_hash = %s", (token_hash,)
            ).fetchone(),
        )
        return None if row is None else TokenRow(token_hash, row[0], row[1])

    def match_ids(self) -> tuple[str, ...]:
        rows = self._read(
            "match ids",
            lambda conn: conn.execute("SELECT match_id FROM matches ORDER BY created").fetchall(),
        )
        return tuple(r[0] for r in rows)

    def tokens(self, match_id: str) -> tuple[TokenRow, ...]:
        def body(conn: Conn) -> tuple[Any, list[tuple[Any, ...]]]:
            known = conn.execute(
                "SELECT 1 FROM matches WHERE match_id = %s", (match_id,)
            ).fetchone()
            rows = conn.execute(
                "SELECT token_hash, seat FROM tokens WHERE match_id = %s", (match_id,)
            ).fetchall()
            return known, rows

        known, rows = self._read(f"tokens of {match_id}", body)
        if known is None:
            raise UnknownMatchError(f"unknown match {match_id!r}")
        return token_order([TokenRow(bytes(h), match_id, seat) for h, seat in rows])

    # --- change notification ---------------------------------------------------------------

    def channel(self, match_id: str) -> str:
        """The notification channel of a match (at most 63 bytes, as PostgreSQL wants)."""
        name = f"islandgames.{self.schema}.{match_id}"
        if len(name.encode()) <= 63:
            return name
        return "islandgames." + hashlib.sha256(name.encode()).hexdigest()[:40]

    def set_change_listener(self, listener: ChangeListener | None) -> None:
        with self._listener_lock:
            old, self._listener = self._listener, None
            if old is not None:
                old.stop()
            if listener is None or self._closed:
                return
            new = _Listener(self.url, self._kwargs, listener, self.where)
            new.start_and_wait(self.timeout)
            self._listener = new

    def follow(self, match_id: str) -> None:
        listener = self._listener
        if listener is not None:
            listener.follow(self.channel(match_id), self.timeout)

    def unfollow(self, match_id: str) -> None:
        listener = self._listener
        if listener is not None:
            listener.unfollow(self.channel(match_id))

    # --- closing -------------------------------------------------------------------------

    def close(self) -> None:
        if self._closed:
            return
        self.set_change_listener(None)
        self._closed = True
        self._pool.close()

    def __enter__(self) -> PostgresStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _head_and_entries(
    match_id: str, seed: int, rows: list[tuple[Any, ...]]
) -> tuple[tuple[Any, Any] | None, tuple[LogEntry, ...]]:
    """The head ``(seq, chain_hash)`` (None if missing) and the entries of rows of
    :data:`_SELECT_HEAD_AND_ENTRIES`; a head marked broken (by the migration that
    added heads) is :class:`CorruptMatchError`."""
    first = rows[0]
    head_seq, head_chain, broken_seq, broken = first[1:5]
    if broken is not None:
        raise CorruptMatchError(str(broken), broken_seq if type(broken_seq) is int else 0)
    head = None if head_seq is None and head_chain is None else (head_seq, head_chain)
    entries = entries_from_rows(match_id, seed, [r[6:] for r in rows if r[6] is not None])
    return head, entries


def _snapshot(match_id: str, row: Any) -> Snapshot | None:
    if row is None:
        return None
    seq, state, state_hash = row
    try:
        return Snapshot(seq, serde.unpackb(bytes(state)), state_hash)
    except DecodeError as exc:
        raise CorruptMatchError(f"match {match_id}: unreadable snapshot {seq}", seq) from exc


class _Listener:
    """A thread holding one connection that LISTENs on the channels of the followed
    matches and calls the listener for each notification. It blocks in ``select`` on the
    connection's socket and a wake-up pipe, so it costs nothing while nothing happens.

    ``follow``/``unfollow`` count per channel; the thread makes the connection's LISTENs
    match the channels whose count is positive whenever it is woken, and after every
    (re)connection, which is followed by a resync call (``listener(None, 0)``)."""

    #: Seconds between reconnection attempts: doubling from the first to the last.
    BACKOFF = (0.1, 5.0)

    def __init__(
        self, url: str, kwargs: dict[str, Any], listener: ChangeListener, where: str
    ) -> None:
        self.url = url
        # keepalives: a dead peer is noticed while idle without any traffic of ours
        self.kwargs = {
            "keepalives": 1,
            "keepalives_idle": 30,
            "keepalives_interval": 10,
            "keepalives_count": 3,
            **kwargs,
            "autocommit": True,
        }
        self.listener = listener
        self.where = where
        self._lock = threading.Lock()
        self._counts: dict[str, int] = {}
        #: follows waiting for their LISTEN: set once it is in effect (or once the
        #: connection is lost, as a resync will follow the reconnection)
        self._waiters: list[threading.Event] = []
        self._connected = False
        self._stopping = False
        self._wake_r, self._wake_w = os.pipe()
        os.set_blocking(self._wake_r, False)
        os.set_blocking(self._wake_w, False)
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name="islandgames-listen", daemon=True)

    # --- called by other threads ----------------------------------------------------------

    def start_and_wait(self, timeout: float) -> None:
        """Start; return once connected (or raise :class:`StoreError`)."""
        self._thread.start()
        if not self._ready.wait(timeout) or self._error is not None:
            error = self._error
            self.stop()
            raise StoreError(
                f"cannot listen for changes on {self.where}: {error or 'timed out'}"
            ) from error

    def follow(self, channel: str, timeout: float) -> None:
        done = threading.Event()
        with self._lock:
            count = self._counts.get(channel, 0)
            self._counts[channel] = count + 1
            if not self._connected:
                return  # the reconnection LISTENs and then asks for a resync
            self._waiters.append(done)
        self._wake()
        if not done.wait(timeout):
            self.unfollow(channel)
            raise StoreError(f"cannot follow changes on {self.where}: timed out")

    def unfollow(self, channel: str) -> None:
        with self._lock:
            count = self._counts.get(channel, 0)
            if count <= 1:
                self._counts.pop(channel, None)
            else:
                self._counts[channel] = count - 1
        self._wake()

    def stop(self) -> None:
        self._stopping = True
        self._wake()
        if self._thread.is_alive() and self._thread is not threading.current_thread():
            self._thread.join(10)
        if not self._thread.is_alive():
            for fd in (self._wake_r, self._wake_w):
                with contextlib.suppress(OSError):
                    os.close(fd)

    def _wake(self) -> None:
        with contextlib.suppress(OSError):  # a full pipe wakes the thread all the same
            os.write(self._wake_w, b"x")

    # --- the thread ---------------------------------------------------------------------------

    def _release_waiters(self) -> None:
        with self._lock:
            waiters, self._waiters = self._waiters, []
        for event in waiters:
            event.set()

    def _run(self) -> None:
        delay = self.BACKOFF[0]
        connected_before = False
        while not self._stopping:
            try:
                conn = psycopg.connect(self.url, **self.kwargs)
            except psycopg.Error as exc:
                if not self._ready.is_set():
                    self._error = exc
                    self._ready.set()
                    return
                _log.warning("change listener: cannot reconnect to %s: %s", self.where, exc)
                select.select([self._wake_r], [], [], delay)  # or until stop() wakes us
                delay = min(delay * 2, self.BACKOFF[1])
                continue
            try:
                delay = self.BACKOFF[0]
                conn.add_notify_handler(lambda n: self._deliver(n.channel, n.payload))
                self._listen(conn, resync=connected_before)
            except psycopg.Error as exc:
                if not self._stopping:
                    _log.warning("change listener: lost %s: %s", self.where, exc)
            finally:
                with self._lock:
                    self._connected = False
                self._release_waiters()
                with contextlib.suppress(Exception):
                    conn.close()
            connected_before = True

    def _listen(self, conn: Conn, resync: bool) -> None:
        pgconn = conn.pgconn
        sock = pgconn.socket
        listening: set[str] = set()
        with self._lock:
            self._connected = True
        self._ready.set()
        first = True
        while not self._stopping:
            # make the LISTENs match the followed channels, then release the follows
            # that were waiting for that
            with self._lock:
                wanted = {c for c, n in self._counts.items() if n > 0}
                waiters, self._waiters = self._waiters, []
            for channel in sorted(wanted - listening):
                conn.execute(sql.SQL("LISTEN {}").format(sql.Identifier(channel)))
                listening.add(channel)
            for channel in sorted(listening - wanted):
                conn.execute(sql.SQL("UNLISTEN {}").format(sql.Identifier(channel)))
                listening.discard(channel)
            for event in waiters:
                event.set()
            if first:
                first = False
                if resync:
                    _log.warning("change listener: reconnected to %s", self.where)
                    self._call(None, 0)  # whatever happened meanwhile must be re-read
            # libpq may hold notifications it has read already: take them before waiting
            while (note := pgconn.notifies()) is not None:
                self._deliver(note.relname.decode(), note.extra.decode())
            ready, _, _ = select.select([sock, self._wake_r], [], [])
            if self._wake_r in ready:
                with contextlib.suppress(BlockingIOError):
                    os.read(self._wake_r, 4096)
            if sock in ready:
                pgconn.consume_input()  # raises if the connection is gone

    def _deliver(self, channel: str, payload: str) -> None:
        # an unfollow takes effect at once, though its UNLISTEN may still be on its way
        with self._lock:
            if self._counts.get(channel, 0) <= 0:
                return
        seq_text, _, match_id = payload.partition(" ")
        if seq_text.isdigit() and match_id:
            self._call(match_id, int(seq_text))

    def _call(self, match_id: str | None, seq: int) -> None:
        try:
            self.listener(match_id, seq)
        except Exception:
            _log.exception("change listener failed on %s #%d", match_id, seq)
