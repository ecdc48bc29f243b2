"""The results store: one SQLite file (the standard library's :mod:`sqlite3`), one row
per game, keyed by (config, seed, seating), with the tournament's spec beside them.

Tables (readable with any SQLite client):

* ``meta(key, value)``: ``format`` (``islandgames-tournament``), ``format_version``,
  ``spec`` (the spec as canonical JSON) and ``fingerprint`` (its blake2b-128);
* ``games``: ``config``, ``seed`` (64 hex digits), ``seating`` (the key), ``bots`` (the
  bot of each seat, JSON), ``actions``, ``reason`` (NULL: unfinished or an error),
  ``seats`` (JSON ``[[seat, role, bot, result, score], ...]``), ``first_seat``,
  ``decided_last`` (0, 1 or NULL), ``final_hash``, ``error``, and ``log_zlib``: the
  game's replay log as :func:`islandgames.write_log` writes it, zlib-compressed (NULL
  when logs were not kept).

A store holds one tournament: opening it for another spec raises
:class:`~islandgames.tournament.errors.SpecMismatchError`, and a file that is not a
store, or a damaged one, a :class:`~islandgames.tournament.errors.StoreError` saying
what is wrong. Rows are added with ``INSERT OR IGNORE`` in one transaction per batch,
so several processes may fill one store (a game is deterministic: a row written twice
is the same row).
"""

from __future__ import annotations

import json
import os
import sqlite3
import zlib
from collections.abc import Collection, Iterable, Iterator
from pathlib import Path
from types import TracebackType
from typing import Any

from .errors import SpecMismatchError, StoreError
from .records import GameRecord, SeatRecord
from .spec import FORMAT, FORMAT_VERSION, Key, TournamentSpec

__all__ = ["Store", "open_store"]

_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE games (
    config INTEGER NOT NULL,
    seed TEXT NOT NULL,
    seating INTEGER NOT NULL,
    bots TEXT NOT NULL,
    actions INTEGER NOT NULL,
    reason TEXT,
    seats TEXT NOT NULL,
    first_seat INTEGER,
    decided_last INTEGER,
    final_hash TEXT,
    error TEXT,
    log_zlib BLOB,
    PRIMARY KEY (config, seed, seating)
) WITHOUT ROWID;
"""
_COLUMNS = (
    "config",
    "seed",
    "seating",
    "bots",
    "actions",
    "reason",
    "seats",
    "first_seat",
    "decided_last",
    "final_hash",
    "error",
    "log_zlib",
)
_RESULT_COLUMNS = ", ".join(_COLUMNS[:-1])


def _seed_text(seed: int) -> str:
    return f"{seed:064x}"


class Store:
    """An open results store (use :func:`open_store`). Not shared between threads."""

    def __init__(self, conn: sqlite3.Connection, where: str, spec: TournamentSpec) -> None:
        self._conn = conn
        self.where = where
        self.spec = spec

    def __enter__(self) -> Store:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        self._conn.close()

    def _fail(self, what: str, exc: Exception) -> StoreError:
        return StoreError(f"store {self.where}: {what}: {exc}")

    def keys(self) -> set[Key]:
        """The keys of every stored game."""
        try:
            rows = self._conn.execute("SELECT config, seed, seating FROM games").fetchall()
        except sqlite3.DatabaseError as exc:
            raise self._fail("cannot read its games", exc) from None
        out = set()
        for c, s, k in rows:
            out.add((c, self._seed(s, (c, s, k)), k))
        return out

    def __len__(self) -> int:
        try:
            n: int = self._conn.execute("SELECT count(*) FROM games").fetchone()[0]
        except sqlite3.DatabaseError as exc:
            raise self._fail("cannot read its games", exc) from None
        return n

    def add(self, records: Iterable[GameRecord]) -> int:
        """Store ``records`` (one transaction; a game already stored is kept as it is);
        returns how many rows were new."""
        rows = [
            (
                r.config,
                _seed_text(r.seed),
                r.seating,
                json.dumps(list(r.bots)),
                r.actions,
                r.reason,
                json.dumps([[s.seat, s.role, s.bot, s.result, s.score] for s in r.seats]),
                r.first_seat,
                None if r.decided_last is None else int(r.decided_last),
                r.final_hash,
                r.error,
                r.log_zlib,
            )
            for r in records
        ]
        try:
            with self._conn:
                before = self._conn.total_changes
                self._conn.executemany(
                    f"INSERT OR IGNORE INTO games ({', '.join(_COLUMNS)}) "
                    f"VALUES ({', '.join('?' * len(_COLUMNS))})",
                    rows,
                )
                return self._conn.total_changes - before
        except sqlite3.DatabaseError as exc:
            raise self._fail("cannot write games", exc) from None

    def records(
        self, seeds: Collection[int] | None = None, *, logs: bool = False
    ) -> list[GameRecord]:
        """The stored games (of ``seeds`` only, if given), in key order; with ``logs``,
        each with its replay log's bytes."""
        cols = _RESULT_COLUMNS + (", log_zlib" if logs else "")
        try:
            rows = self._conn.execute(f"SELECT {cols} FROM games").fetchall()
        except sqlite3.DatabaseError as exc:
            raise self._fail("cannot read its games", exc) from None
        wanted = None if seeds is None else set(seeds)
        out = []
        for row in rows:
            rec = self._decode(row)
            if wanted is None or rec.seed in wanted:
                out.append(rec)
        out.sort(key=lambda r: r.key)
        return out

    def iter_logs(self, keys: Iterable[Key] | None = None) -> Iterator[GameRecord]:
        """Each stored game (of ``keys``, if given) with its log, in key order, one row
        read at a time."""
        try:
            if keys is None:
                cur = self._conn.execute(
                    f"SELECT {_RESULT_COLUMNS}, log_zlib FROM games ORDER BY config, seed, seating"
                )
                for row in cur:
                    yield self._decode(row)
                return
            for c, s, k in sorted(keys):
                row = self._conn.execute(
                    f"SELECT {_RESULT_COLUMNS}, log_zlib FROM games "
                    "WHERE config = ? AND seed = ? AND seating = ?",
                    (c, _seed_text(s), k),
                ).fetchone()
                if row is None:
                    raise StoreError(
                        f"store {self.where} has no game (config {c}, seed {s}, seating {k})"
                    )
                yield self._decode(row)
        except sqlite3.DatabaseError as exc:
            raise self._fail("cannot read its games", exc) from None

    def _seed(self, text: Any, key: Any) -> int:
        if not isinstance(text, str) or len(text) != 64:
            raise StoreError(
                f"store {self.where}: damaged row {key}: seed {text!r} is not 64 hex digits"
            )
        try:
            return int(text, 16)
        except ValueError:
            raise StoreError(
                f"store {self.where}: damaged row {key}: seed {text!r} is not hex"
            ) from None

    def _decode(self, row: tuple[Any, ...]) -> GameRecord:
        c, s, k = row[0], row[1], row[2]
        seed = self._seed(s, (c, s, k))
        where = f"store {self.where}: damaged row (config {c}, seed {seed}, seating {k})"
        spec = self.spec
        if not (isinstance(c, int) and 0 <= c < len(spec.configs)):
            raise StoreError(f"{where}: the spec has configs 0..{len(spec.configs) - 1}")
        if not (isinstance(k, int) and 0 <= k < len(spec.configs[c].seatings)):
            raise StoreError(f"{where}: config {c} has {len(spec.configs[c].seatings)} seatings")
        try:
            bots = json.loads(row[3])
            seats = json.loads(row[6])
            if not (isinstance(bots, list) and all(isinstance(b, str) for b in bots)):
                raise ValueError("bots is not a list of names")
            names = set(spec.bot_names)
            for b in bots:
                if b not in names:
                    raise ValueError(f"bot {b!r} is not a bot of the tournament")
            seat_records = tuple(SeatRecord(*x) for x in seats)
            for x in seat_records:
                if not (isinstance(x.seat, int) and isinstance(x.score, int)):
                    raise ValueError(f"seat record {x} has a non-integer seat or score")
                if x.result not in ("win", "draw", "loss") or x.bot not in names:
                    raise ValueError(f"seat record {x} has an unknown result or bot")
            actions, reason, first, last, final, error = (
                row[4],
                row[5],
                row[7],
                row[8],
                row[9],
                row[10],
            )
            if not isinstance(actions, int) or actions < 0:
                raise ValueError(f"actions is {actions!r}")
            if last not in (None, 0, 1):
                raise ValueError(f"decided_last is {last!r}")
            log = None
            if len(row) > 11 and row[11] is not None:
                log = row[11]
                if not isinstance(log, bytes):
                    raise ValueError(f"log_zlib is {type(log).__name__}, not bytes")
                zlib.decompress(log)  # damage shows here, with its row named
        except (ValueError, TypeError, zlib.error) as exc:
            raise StoreError(f"{where}: {exc}") from None
        return GameRecord(
            c,
            seed,
            k,
            tuple(bots),
            actions,
            reason,
            seat_records,
            first,
            None if last is None else bool(last),
            final,
            error,
            log,
        )


def _connect(where: str) -> sqlite3.Connection:
    try:
        conn = sqlite3.connect(where, timeout=60, isolation_level="DEFERRED")
        conn.execute("PRAGMA busy_timeout = 60000")
        return conn
    except sqlite3.Error as exc:
        raise StoreError(f"store {where}: cannot open: {exc}") from None


def _tables(conn: sqlite3.Connection, where: str) -> set[str]:
    try:
        check = conn.execute("PRAGMA quick_check").fetchall()
        if check != [("ok",)]:
            problems = "; ".join(str(r[0]) for r in check[:3])
            raise StoreError(f"store {where} is damaged (SQLite's integrity check: {problems})")
        rows = conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
    except sqlite3.DatabaseError as exc:
        raise StoreError(f"store {where} is not a readable SQLite database: {exc}") from None
    return {r[0] for r in rows}


def _read_spec(conn: sqlite3.Connection, where: str, tables: set[str]) -> TournamentSpec:
    if not {"meta", "games"} <= tables:
        shown = ", ".join(sorted(tables)) or "none"
        raise StoreError(
            f"store {where} is a SQLite database but not a tournament store (its tables: {shown})"
        )
    try:
        cols = [r[1] for r in conn.execute("PRAGMA table_info(games)").fetchall()]
        meta = dict(conn.execute("SELECT key, value FROM meta").fetchall())
    except sqlite3.DatabaseError as exc:
        raise StoreError(f"store {where} is damaged: {exc}") from None
    if meta.get("format") != FORMAT:
        raise StoreError(
            f"store {where} is not a tournament store (meta format {meta.get('format')!r})"
        )
    version = meta.get("format_version")
    if version != str(FORMAT_VERSION):
        raise StoreError(
            f"store {where} has store format {version!r}; this islandgames reads "
            f"format {FORMAT_VERSION} (a newer islandgames wrote it?)"
        )
    if tuple(cols) != _COLUMNS:
        raise StoreError(f"store {where} is damaged: table games has columns {cols}")
    text = meta.get("spec")
    if text is None:
        raise StoreError(f"store {where} is damaged: its meta table has no spec")
    try:
        spec = TournamentSpec.from_wire(json.loads(text))
    except ValueError as exc:  # JSONDecodeError too
        raise StoreError(f"store {where} is damaged: its spec cannot be read: {exc}") from None
    if spec.canonical() != text or spec.fingerprint != meta.get("fingerprint"):
        raise StoreError(f"store {where} is damaged: its spec does not match its fingerprint")
    return spec


def _differences(theirs: dict[str, Any], ours: dict[str, Any]) -> str:
    out = []
    for field in ours:
        if theirs.get(field) != ours[field]:
            store_has, run_has = _short(theirs.get(field)), _short(ours[field])
            out.append(f"{field}: the store has {store_has}, this run {run_has}")
    return "; ".join(out)


def _short(value: Any) -> str:
    text = json.dumps(value, separators=(",", ":"))
    return text if len(text) <= 160 else text[:157] + "..."


def open_store(path: str | os.PathLike[str] | None, spec: TournamentSpec | None = None) -> Store:
    """Open the store at ``path``.

    With ``spec`` (to run games): a missing (or empty) file becomes a new store for
    ``spec``; an existing one must hold ``spec``'s tournament, or
    :class:`SpecMismatchError` says how they differ. Without ``spec`` (to report): the
    store must exist, and its own spec is used. ``path`` None is a store in memory
    (``spec`` needed)."""
    if path is None:
        if spec is None:
            raise StoreError("an in-memory store needs a spec")
        conn = _connect(":memory:")
        _create(conn, spec, ":memory:")
        return Store(conn, "(in memory)", spec)
    p = Path(path)
    where = str(p)
    if p.is_dir():
        raise StoreError(f"store {where} is a directory, not a SQLite file")
    new = not p.exists() or p.stat().st_size == 0
    if new and spec is None:
        missing = "is empty" if p.exists() else "does not exist"
        raise StoreError(f"store {where} {missing}")
    if new and not p.parent.is_dir():
        raise StoreError(f"store {where}: no such directory: {str(p.parent)!r}")
    conn = _connect(where)
    try:
        if new:
            assert spec is not None
            _create(conn, spec, where)
            return Store(conn, where, spec)
        theirs = _read_spec(conn, where, _tables(conn, where))
        if spec is not None and theirs.canonical() != spec.canonical():
            a, b = theirs.to_wire(), spec.to_wire()
            if a["engine_version"] != b["engine_version"] and {
                k: v for k, v in a.items() if k != "engine_version"
            } == {k: v for k, v in b.items() if k != "engine_version"}:
                raise SpecMismatchError(
                    f"store {where} was filled by islandgames {a['engine_version']}; this "
                    f"is {b['engine_version']}: its bots or rules may play differently, so "
                    "the results are not mixed (use a new store; `islandgames tournament "
                    "report` still reads this one)"
                )
            raise SpecMismatchError(
                f"store {where} holds another tournament ({_differences(a, b)}); "
                "use a new store for this one"
            )
        return Store(conn, where, theirs)
    except BaseException:
        conn.close()
        raise


def _create(conn: sqlite3.Connection, spec: TournamentSpec, where: str) -> None:
    try:
        conn.execute("BEGIN")  # the tables and the spec in one transaction
        for statement in _SCHEMA.split(";"):
            if statement.strip():
                conn.execute(statement)
        conn.executemany(
            "INSERT INTO meta (key, value) VALUES (?, ?)",
            [
                ("format", FORMAT),
                ("format_version", str(FORMAT_VERSION)),
                ("spec", spec.canonical()),
                ("fingerprint", spec.fingerprint),
            ],
        )
        conn.commit()
    except sqlite3.DatabaseError as exc:
        conn.rollback()
        raise StoreError(f"store {where}: cannot create it: {exc}") from None
