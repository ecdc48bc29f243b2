"""A damaged SQLite store is noticed: never a match served at an older seq, never a raw
driver error, never a file that is not a store taken for an empty one (issue 13)."""

from __future__ import annotations

import random
import shutil
import sqlite3
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from islandgames import IslandGamesError
from islandgames.service import CorruptMatchError, MatchService, SqliteStore, StoreError

from .test_stores import entry, new_record, snapshot, tokens_for

ACTS = 15


def _played(path: Path) -> tuple[str, str, str]:
    """A store with one Friday match of ACTS actions, closed (all in the file); returns
    (token, chain hash at ACTS, match id)."""
    svc = MatchService(SqliteStore(path, flush_interval=None), snapshot_every=4)
    m = svc.create("friday", None, seed=3)
    token = m.seats[0].token
    rng = random.Random(3)
    for seq in range(ACTS):
        result = svc.act(token, rng.choice(svc.legal_actions(token).actions), seq)
    svc.close()
    return token, result.chain_hash, m.match_id


def test_a_lost_last_entry_is_a_corrupt_match_not_an_older_seq(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    store = SqliteStore(path, flush_interval=None)
    r = new_record()
    store.create(r, tokens_for(r))
    for seq in range(1, 6):
        store.append(r.match_id, entry(r, seq), None)
    store.close()
    with sqlite3.connect(path) as db:  # what a damaged page does: the row is gone
        db.execute("DROP TRIGGER entries_no_delete")
        db.execute("DELETE FROM entries WHERE seq = 5")
    with SqliteStore(path) as again, pytest.raises(CorruptMatchError, match="head says 5"):
        again.load(r.match_id)


def test_a_lost_middle_entry_and_a_changed_head_are_corrupt(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    store = SqliteStore(path, journal=False)
    r = new_record()
    store.create(r, tokens_for(r))
    for seq in range(1, 4):
        store.append(r.match_id, entry(r, seq), None)
    store.close()
    with sqlite3.connect(path) as db:
        db.execute("UPDATE heads SET chain_hash = 'c9z'")
    with SqliteStore(path) as again, pytest.raises(CorruptMatchError, match="chain"):
        again.load(r.match_id)
    with sqlite3.connect(path) as db:
        db.execute("UPDATE heads SET chain_hash = ?", (entry(r, 3).chain_hash,))
        db.execute("DROP TRIGGER entries_no_delete")
        db.execute("DELETE FROM entries WHERE seq = 2")
    with SqliteStore(path) as again, pytest.raises(CorruptMatchError, match="entry 2 is missing"):
        again.load(r.match_id)
    with sqlite3.connect(path) as db:
        db.execute("DELETE FROM heads")
    with SqliteStore(path) as again, pytest.raises(CorruptMatchError, match="head record"):
        again.load(r.match_id)


def test_every_single_byte_flip_is_noticed_or_harmless(tmp_path: Path) -> None:
    """Flip one byte at 400 spread positions of a store's file: each open and read either
    serves the match exactly as it was or fails with the project's own errors (a store
    error, a corrupt match; a damaged game id or rules version is an unknown game or
    rules version), never a driver's or Python's."""
    original = tmp_path / "orig.db"
    token, chain, _ = _played(original)
    data = original.read_bytes()
    positions = sorted({(i * 7919) % len(data) for i in range(400)})
    outcomes = {"same": 0, "refused": 0}
    for pos in positions:
        damaged = tmp_path / f"d{pos}.db"
        damaged.write_bytes(data[:pos] + bytes([data[pos] ^ 0x10]) + data[pos + 1 :])
        try:
            svc = MatchService(SqliteStore(damaged, journal=False))
        except StoreError:
            outcomes["refused"] += 1
            continue
        try:
            status = svc.status(token)
            log = svc.log(token)
        except IslandGamesError:
            outcomes["refused"] += 1
        else:
            # served: then exactly as it was, never at an older seq
            assert status.seq == ACTS, (pos, status.seq)
            assert log.entries[-1].chain_hash == chain, pos
            outcomes["same"] += 1
        finally:
            svc.close()
        damaged.unlink()
    assert outcomes["same"] + outcomes["refused"] == len(positions)
    assert outcomes["refused"] > 0  # the flips do reach what matters


def test_a_file_that_is_not_a_store_is_refused_unless_initialized(tmp_path: Path) -> None:
    empty = tmp_path / "empty.db"
    empty.write_bytes(b"")
    with pytest.raises(StoreError, match="empty file, not an islandgames store"):
        SqliteStore(empty)
    assert empty.read_bytes() == b""
    other = tmp_path / "other.db"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE notes (x)")
    with pytest.raises(StoreError, match="not an islandgames store"):
        SqliteStore(other)
    with sqlite3.connect(other) as db:
        assert [r[0] for r in db.execute("SELECT name FROM sqlite_master")] == ["notes"]
    text = tmp_path / "text.db"
    text.write_text("hello, this is not a database at all" * 100)
    with pytest.raises(StoreError, match="cannot open the store"):
        SqliteStore(text)
    with SqliteStore(empty, initialize=True) as store:
        assert store.match_ids() == ()
    with SqliteStore(empty) as store:  # a store now
        assert store.match_ids() == ()


def test_a_schema_1_store_gets_its_heads(tmp_path: Path) -> None:
    """Stores written by islandgames 0.2.0 (schema 1) take their heads from their last
    entries when first opened, so their matches load and stay checked."""
    golden = Path(__file__).resolve().parent.parent / "golden" / "stores" / "store-0.1.0.db"
    path = tmp_path / "old.db"
    shutil.copy(golden, path)
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == 1
        last = dict(
            db.execute("SELECT match_id, max(seq) FROM entries GROUP BY match_id").fetchall()
        )
    with SqliteStore(path) as store:
        for match_id in store.match_ids():
            assert len(store.load(match_id).entries) == last.get(match_id, 0)
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == 2
        heads = dict(db.execute("SELECT match_id, seq FROM heads").fetchall())
    assert {m: heads[m] for m in last} == last


PAGE = 4096


def test_every_byte_of_page_0_flipped_is_a_store_error_or_harmless(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Flip each byte of page 0 (the file header and the schema's text, issue 38): the
    store either refuses with its own error, naming the file, or serves the match as it
    was; no driver error escapes (a damaged schema text made SQLite's message invalid
    UTF-8, and the UnicodeDecodeError escaped), and a refused open leaves no connection
    open."""
    pristine = tmp_path / "pristine.db"
    r = new_record()
    entries = [entry(r, seq) for seq in range(1, 7)]
    with SqliteStore(pristine, journal=False, flush_interval=None) as store:
        store.create(r, tokens_for(r))
        for e in entries[:5]:
            store.append(r.match_id, e, snapshot(4) if e.seq == 4 else None)
        stored = store.load(r.match_id)
    data = pristine.read_bytes()
    assert len(data) > PAGE and b"CREATE TABLE" in data[:PAGE]  # the schema is on page 0
    connections: list[sqlite3.Connection] = []
    connect = sqlite3.connect

    def tracked(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        connections.append(connect(*args, **kwargs))
        return connections[-1]

    monkeypatch.setattr(sqlite3, "connect", tracked)
    path = tmp_path / "damaged.db"
    sidecars = [path.with_name(path.name + tail) for tail in ("-wal", "-shm", ".journal")]
    refused: Counter[str] = Counter()  # where and with what error -> positions
    served = 0
    escaped: dict[str, list[int]] = {}  # anything else -> positions (must stay empty)
    for pos in range(PAGE):
        for sidecar in sidecars:
            sidecar.unlink(missing_ok=True)
        path.write_bytes(data[:pos] + bytes([data[pos] ^ 0xFF]) + data[pos + 1 :])
        connections.clear()
        try:
            store = SqliteStore(path, journal=False, flush_interval=None)
        except IslandGamesError as exc:
            refused[f"open: {type(exc).__name__}"] += 1
            assert str(path) in str(exc), (pos, str(exc))
            assert all(_closed(c) for c in connections), pos  # no half-open store
            continue
        except Exception as exc:
            escaped.setdefault(f"open: {type(exc).__name__}", []).append(pos)
            continue
        try:
            assert store.load(r.match_id) == stored, pos  # served: then exactly as it was
            assert len(store.tokens(r.match_id)) == 2, pos
            store.append(r.match_id, entries[5], None)
            served += 1
        except IslandGamesError as exc:
            refused[f"use: {type(exc).__name__}"] += 1
        except Exception as exc:
            escaped.setdefault(f"use: {type(exc).__name__}", []).append(pos)
        finally:
            try:
                store.close()
            except Exception as exc:
                escaped.setdefault(f"close: {type(exc).__name__}", []).append(pos)
            assert all(_closed(c) for c in connections), pos
    print(f"page 0 flips: {served} served, refused {dict(refused)}")
    assert not escaped, {k: (len(v), v[:20]) for k, v in escaped.items()}
    assert served + sum(refused.values()) == PAGE
    assert refused["open: StoreError"] > 0  # the flips do reach what matters


def _closed(db: sqlite3.Connection) -> bool:
    try:
        db.total_changes  # noqa: B018 - refused on a closed connection
    except sqlite3.ProgrammingError:
        return True
    return False
