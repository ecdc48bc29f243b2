"""The SQLite store's action journal: appended entries are in ``<db>.journal`` before
they reach the database, move there in batches, and are replayed after a crash; a
damaged journal is refused with nothing changed. (The store contract in test_stores.py
also runs with the journal, with small batches, and without it.)"""

from __future__ import annotations

import json
import logging
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
import zlib
from pathlib import Path
from typing import Any

import pytest

from islandgames import verify_log
from islandgames.service import MatchService, SqliteStore, StoreError
from islandgames.service.journal import (
    HEADER_SIZE,
    MAGIC_V1,
    Journal,
    JournalError,
    JournalRecord,
)
from islandgames.service.store import MatchRecord

from .test_stores import entry, new_record, snapshot, tokens_for


def db_entries(path: Path) -> list[tuple[str, int, str]]:
    """What the database file itself holds (another connection, as any reader)."""
    with sqlite3.connect(path) as db:
        rows = db.execute("SELECT match_id, seq, chain_hash FROM entries ORDER BY match_id, seq")
        return [(m, s, c) for m, s, c in rows]


def die(store: SqliteStore) -> None:
    """What the process's death leaves: no flush, no cleanup (the OS closes the files)."""
    with store._lock:
        store._abandon()


def store_with(path: Path, n: int, **options: Any) -> tuple[SqliteStore, MatchRecord]:
    """A store with one match of ``n`` entries (no periodic flush unless asked: these
    tests look at exactly when entries reach the database)."""
    store = SqliteStore(path, **{"flush_interval": None, **options})
    r = new_record()
    store.create(r, tokens_for(r))
    for seq in range(1, n + 1):
        store.append(r.match_id, entry(r, seq), snapshot(seq) if seq % 4 == 0 else None)
    return store, r


def journal_of(path: Path) -> Path:
    return path.with_name(path.name + ".journal")


# --- the normal path -------------------------------------------------------------------------


def test_entries_reach_the_database_in_batches(tmp_path: Path) -> None:
    path = tmp_path / "j.db"
    store, r = store_with(path, 3, flush_every=4)
    assert db_entries(path) == []  # journaled only
    assert journal_of(path).stat().st_size > HEADER_SIZE
    store.append(r.match_id, entry(r, 4), snapshot(4))
    assert db_entries(path) == []
    store.append(r.match_id, entry(r, 5), None)  # the batch of 4 goes in first
    assert [s for _, s, _ in db_entries(path)] == [1, 2, 3, 4]
    assert store.snapshot_at_or_before(r.match_id, 5) == snapshot(4)
    assert [s for _, s, _ in db_entries(path)] == [1, 2, 3, 4, 5]  # a read flushes
    assert journal_of(path).stat().st_size == HEADER_SIZE
    store.close()
    assert not journal_of(path).exists()  # closed clean: nothing left to replay


def test_an_idle_journal_is_flushed_after_flush_interval(tmp_path: Path) -> None:
    path = tmp_path / "i.db"
    store, _ = store_with(path, 3, flush_interval=0.05)
    deadline = time.monotonic() + 30
    while len(db_entries(path)) < 3 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert [s for _, s, _ in db_entries(path)] == [1, 2, 3]
    assert journal_of(path).stat().st_size == HEADER_SIZE
    store.close()
    assert store._flusher is not None and not store._flusher.is_alive()


def test_close_moves_everything_into_the_database(tmp_path: Path) -> None:
    path = tmp_path / "c.db"
    store, r = store_with(path, 6)
    store.close()
    assert [s for _, s, _ in db_entries(path)] == list(range(1, 7))
    with SqliteStore(path) as again:
        assert again.load(r.match_id).entries == tuple(entry(r, s) for s in range(1, 7))
    with pytest.raises(StoreError, match="closed"):
        store.append(r.match_id, entry(r, 7), None)


def test_synchronous_full_journals_too(tmp_path: Path) -> None:
    path = tmp_path / "full.db"
    store, r = store_with(path, 5, synchronous="full", flush_every=4)
    assert [s for _, s, _ in db_entries(path)] == [1, 2, 3, 4]
    die(store)
    with SqliteStore(path, synchronous="full") as again:
        assert again.load(r.match_id).entries == tuple(entry(r, s) for s in range(1, 6))


def test_without_the_journal_every_append_is_committed(tmp_path: Path) -> None:
    path = tmp_path / "d.db"
    store, _ = store_with(path, 2, journal=False)
    assert [s for _, s, _ in db_entries(path)] == [1, 2]
    assert not journal_of(path).exists()
    store.close()


# --- after a crash ---------------------------------------------------------------------------


def test_acknowledged_entries_survive_sigkill(tmp_path: Path) -> None:
    """A real process appends through a MatchService and is SIGKILLed: its entries were
    only in the journal, and the next open puts every one of them in the database."""
    path = tmp_path / "k.db"
    child = textwrap.dedent(
        f"""
        import json, os, random, signal, sys
        from islandgames.service import MatchService, SqliteStore
        svc = MatchService(SqliteStore({str(path)!r}), snapshot_every=5)
        m = svc.create("friday", None, seed=7)
        tok = m.seats[0].token
        rng = random.Random(7)
        acked = []
        for seq in range(12):
            r = svc.act(tok, rng.choice(svc.legal_actions(tok).actions), seq)
            acked.append(r.chain_hash)
        print(json.dumps({{"match": m.match_id, "token": tok, "acked": acked}}), flush=True)
        os.kill(os.getpid(), signal.SIGKILL)
        """
    )
    proc = subprocess.run([sys.executable, "-c", child], capture_output=True, timeout=60)
    assert proc.returncode == -signal.SIGKILL, proc.stderr.decode()
    told = json.loads(proc.stdout)
    assert db_entries(path) == []  # so the journal is what carries them
    svc = MatchService(SqliteStore(path), snapshot_every=5)
    assert [c for _, _, c in db_entries(path)] == told["acked"]
    assert journal_of(path).stat().st_size == HEADER_SIZE
    assert svc.status(told["token"]).seq == 12
    assert verify_log(svc.log(told["token"])).status == "unfinished"
    svc.close()


def test_a_replay_skips_what_the_database_already_has(tmp_path: Path) -> None:
    """Death between the flush's commit and emptying the journal."""
    path = tmp_path / "r.db"
    store, r = store_with(path, 5)
    assert store._journal is not None
    stale = journal_of(path).read_bytes()
    store.flush()
    journal_of(path).write_bytes(stale)  # as if the journal had not been emptied
    die(store)
    with SqliteStore(path) as again:
        assert again.load(r.match_id).entries == tuple(entry(r, s) for s in range(1, 6))
        again.append(r.match_id, entry(r, 6), None)
    assert [s for _, s, _ in db_entries(path)] == list(range(1, 7))


def _set_count(data: bytes, count: int) -> bytes:
    """The journal's bytes with its header's count replaced."""
    return data[:16] + count.to_bytes(8, "little") + data[24:]


def _count(data: bytes) -> int:
    return int.from_bytes(data[16:24], "little")


def test_a_torn_last_frame_is_dropped(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """A write that never returned was never acknowledged: its partial frame goes. (The
    count is written after the frame, so a torn frame is one more than the count.)"""
    path = tmp_path / "t.db"
    store, r = store_with(path, 3)
    die(store)
    data = journal_of(path).read_bytes()
    assert _count(data) == 3
    journal_of(path).write_bytes(_set_count(data[:-5], 2))
    with caplog.at_level(logging.WARNING), SqliteStore(path) as again:
        assert again.load(r.match_id).entries == tuple(entry(r, s) for s in (1, 2))
        again.append(r.match_id, entry(r, 3), None)
        assert again.load(r.match_id).entries[-1] == entry(r, 3)
    assert "torn last frame" in caplog.text


def test_a_frame_whose_count_was_not_written_is_kept(tmp_path: Path) -> None:
    """Death between a frame and its count: the frame is whole, so it is kept."""
    path = tmp_path / "n.db"
    store, r = store_with(path, 3)
    die(store)
    data = journal_of(path).read_bytes()
    journal_of(path).write_bytes(_set_count(data, 2))
    with SqliteStore(path) as again:
        assert again.load(r.match_id).entries == tuple(entry(r, s) for s in (1, 2, 3))


def _frame_starts(data: bytes) -> list[int]:
    starts, pos = [], HEADER_SIZE
    while pos < len(data):
        starts.append(pos)
        pos += 12 + int.from_bytes(data[pos : pos + 4], "little")
    return starts


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda b: b"XXXXXXXX" + b[8:], "bad magic"),
        # a flipped bit in the first frame's body
        (lambda b: b[:40] + bytes([b[40] ^ 1]) + b[41:], "checksum mismatch"),
        # a flipped bit in the second frame's length (which would swallow the rest)
        (
            lambda b: b[: _frame_starts(b)[1] + 2]
            + bytes([b[_frame_starts(b)[1] + 2] ^ 1])
            + b[_frame_starts(b)[1] + 3 :],
            "damaged frame length",
        ),
        # a zero length, with its own checksum, where the second frame starts
        (
            lambda b: b[: _frame_starts(b)[1]]
            + b"\0" * 4
            + zlib.crc32(b"\0" * 4).to_bytes(4, "little")
            + b[_frame_starts(b)[1] + 8 :],
            "length 0",
        ),
        # a frame with valid checksums around a body that is not a record
        (lambda b: b + _frame(b"\x93\x01\x02\x03"), "not an 8-field array"),
        # cut at a frame boundary: the header says 3 entries were written
        (lambda b: b[: _frame_starts(b)[2]], "holds 2 entries but its header says 3"),
        # cut inside the last frame, which was acknowledged (its count is written)
        (lambda b: b[:-5], "holds 2 entries but its header says 3"),
        # cut inside the header
        (lambda b: b[:20], "cut inside its 24-byte header"),
    ],
)
def test_a_damaged_journal_is_refused_and_nothing_changes(
    tmp_path: Path, damage: Any, message: str
) -> None:
    path = tmp_path / "x.db"
    store, r = store_with(path, 3)
    die(store)
    bad = damage(journal_of(path).read_bytes())
    journal_of(path).write_bytes(bad)
    with pytest.raises(JournalError, match=message) as info:
        SqliteStore(path)
    assert info.value.offset is not None and str(journal_of(path)) in str(info.value)
    assert journal_of(path).read_bytes() == bad
    assert db_entries(path) == []
    journal_of(path).unlink()  # the operator's call, then an explicit choice to go on:
    with pytest.raises(JournalError, match="missing or empty"):
        SqliteStore(path)  # the database knows a journal was in use
    with sqlite3.connect(path) as db:
        db.execute("UPDATE journal_state SET open = 0")
    with SqliteStore(path) as again:
        assert again.load(r.match_id).entries == ()


def test_a_missing_or_emptied_journal_is_refused(tmp_path: Path) -> None:
    """Entries acknowledged since the last flush live only in the journal: a store that
    was not closed and has no journal (or an empty one) has lost them."""
    path = tmp_path / "m.db"
    store, _ = store_with(path, 3)
    die(store)
    journal_of(path).write_bytes(b"")
    with pytest.raises(JournalError, match="missing or empty"):
        SqliteStore(path)
    journal_of(path).unlink()
    with pytest.raises(JournalError, match="missing or empty"):
        SqliteStore(path)
    assert db_entries(path) == []


@pytest.mark.parametrize("behind", [1, 2])
def test_a_journal_of_another_generation_is_refused(tmp_path: Path, behind: int) -> None:
    """An older journal put back in place of the current one would drop entry 5."""
    path = tmp_path / "o.db"
    store, r = store_with(path, 2)
    store.flush()
    old = journal_of(path).read_bytes()  # a new, empty generation
    for seq in (3, 4)[:behind]:
        store.append(r.match_id, entry(r, seq), None)
        store.flush()
    store.append(r.match_id, entry(r, 4 if behind == 1 else 5), None)
    die(store)
    journal_of(path).write_bytes(old)
    with pytest.raises(JournalError, match="generation"):
        SqliteStore(path)
    assert journal_of(path).read_bytes() == old


def test_a_version_1_journal_is_still_replayed(tmp_path: Path) -> None:
    """A journal left by islandgames 0.2.0 (IGJRNL01) is read, so nothing it holds is lost."""
    path = tmp_path / "v1.db"
    store, r = store_with(path, 1)
    store.flush()
    die(store)
    v1 = MAGIC_V1 + b"".join(_frame_v1(JournalRecord(_row(r, s)).encode()) for s in (2, 3))
    journal_of(path).write_bytes(v1)
    with sqlite3.connect(path) as db:  # what 0.2.0 left: no journal state
        db.execute("UPDATE journal_state SET open = 0")
    with SqliteStore(path) as again:
        assert again.load(r.match_id).entries == tuple(entry(r, s) for s in (1, 2, 3))
    assert not journal_of(path).exists()


def _row(r: MatchRecord, seq: int) -> Any:
    from islandgames.core import serde

    e = entry(r, seq)
    return (r.match_id, seq, e.seat, serde.packb(e.action), e.state_hash, e.chain_hash)


def _frame_v1(frame_v2: bytes) -> bytes:
    body = frame_v2[12:]
    return len(body).to_bytes(4, "little") + zlib.crc32(body).to_bytes(4, "little") + body


def _frame(body: bytes) -> bytes:
    length = len(body).to_bytes(4, "little")
    return (
        length
        + zlib.crc32(length).to_bytes(4, "little")
        + zlib.crc32(body).to_bytes(4, "little")
        + body
    )


def test_a_journal_that_contradicts_the_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "y.db"
    store, r = store_with(path, 2)
    store.flush()
    forged = JournalRecord((r.match_id, 2, 0, b"\x80", "00" * 32, "forged"))
    journal_of(path).write_bytes(Journal.image(store._generation, [forged]))
    die(store)
    with pytest.raises(StoreError, match="differs from the database"):
        SqliteStore(path)
    assert [s for _, s, _ in db_entries(path)] == [1, 2]


def test_a_journal_with_a_gap_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "g.db"
    store, r = store_with(path, 1)
    store.flush()
    skipped = JournalRecord((r.match_id, 3, 0, b"\x80", "00" * 32, "c3"))
    journal_of(path).write_bytes(Journal.image(store._generation, [skipped]))
    die(store)
    with pytest.raises(StoreError, match=r"does not fit the database.*does not follow 1"):
        SqliteStore(path)
    assert [s for _, s, _ in db_entries(path)] == [1]


# --- failures while running ------------------------------------------------------------------


def test_a_failed_journal_write_stores_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "w.db"
    store, r = store_with(path, 2)
    size = journal_of(path).stat().st_size
    real_pwrite = os.pwrite
    assert store._journal is not None
    journal_fd = store._journal._fd

    def half_then_full(fd: int, data: bytes, offset: int) -> int:
        if fd != journal_fd:
            return real_pwrite(fd, data, offset)
        real_pwrite(fd, data[: len(data) // 2], offset)
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "pwrite", half_then_full)
    with pytest.raises(StoreError, match=r"cannot write the journal.*No space"):
        store.append(r.match_id, entry(r, 3), None)
    monkeypatch.undo()
    assert journal_of(path).stat().st_size == size  # the partial frame was cut off
    store.append(r.match_id, entry(r, 3, "b"), None)  # the seq is still free
    die(store)
    with SqliteStore(path) as again:
        assert again.load(r.match_id).entries == (entry(r, 1), entry(r, 2), entry(r, 3, "b"))


def test_a_failed_flush_keeps_the_entries(tmp_path: Path) -> None:
    path = tmp_path / "f.db"
    store, r = store_with(path, 2, flush_every=2)
    with sqlite3.connect(path) as db:
        db.execute(
            "CREATE TRIGGER no_entries BEFORE INSERT ON entries "
            "BEGIN SELECT RAISE(ABORT, 'disk says no'); END"
        )
    with pytest.raises(StoreError, match="disk says no"):
        store.append(r.match_id, entry(r, 3), None)  # its batch cannot go in
    assert db_entries(path) == []
    with sqlite3.connect(path) as db:
        db.execute("DROP TRIGGER no_entries")
    store.append(r.match_id, entry(r, 3), None)  # nothing of the failed call was kept
    store.close()
    assert [s for _, s, _ in db_entries(path)] == [1, 2, 3]


def test_a_leftover_journal_is_replayed_even_without_journaling(tmp_path: Path) -> None:
    path = tmp_path / "l.db"
    store, r = store_with(path, 3)
    die(store)
    with SqliteStore(path, journal=False) as again:
        assert [s for _, s, _ in db_entries(path)] == [1, 2, 3]
        assert not journal_of(path).exists()
        again.append(r.match_id, entry(r, 4), None)
        assert [s for _, s, _ in db_entries(path)] == [1, 2, 3, 4]


# --- the format -------------------------------------------------------------------------------


def test_records_round_trip_and_bad_bodies_are_refused() -> None:
    with_snap = JournalRecord(("m", 4, 1, b"\x81", "aa", "bb"), ("m", 4, b"\x90", "aa"))
    plain = JournalRecord(("m", 5, 0, b"\x82", "cc", "dd"))
    data = Journal.image(9, [with_snap, plain])
    got = Journal.parse(data)
    assert (got.generation, got.count, got.records, got.torn) == (9, 2, (with_snap, plain), 0)
    torn = Journal.parse(Journal.image(9, [with_snap, plain], count=1)[:-1])
    assert torn.records == (with_snap,) and torn.torn == len(plain.encode()) - 1
    import msgpack

    for body in (
        ["m", 1, 0, "not bytes", "a", "b", None, None],
        ["m", 0, 0, b"", "a", "b", None, None],
        ["m", 1, 0, b"", "a", "b", b"", None],
        ["m", True, 0, b"", "a", "b", None, None],
    ):
        with pytest.raises(JournalError, match=f"bad frame at offset {HEADER_SIZE}"):
            Journal.parse(Journal.image(1, [], count=1) + _frame(msgpack.packb(body)))


def test_bad_options_are_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="flush_every"):
        SqliteStore(tmp_path / "o.db", flush_every=0)
    with pytest.raises(ValueError, match="flush_interval"):
        SqliteStore(tmp_path / "o.db", flush_interval=0)
    SqliteStore(tmp_path / "o.db").close()  # neither took the lock


def test_a_database_changed_behind_the_store_is_caught_at_flush(tmp_path: Path) -> None:
    path = tmp_path / "b.db"
    store, r = store_with(path, 2)
    with sqlite3.connect(path) as db:  # another writer, which the lock file should stop
        db.execute("INSERT INTO entries VALUES (?, 1, 0, x'80', 'aa', 'intruder')", (r.match_id,))
    with pytest.raises(StoreError, match=r"does not fit them.*entry 1 does not follow 1"):
        store.flush()
    assert [c for _, _, c in db_entries(path)] == ["intruder"]  # nothing of the batch
    die(store)
    with pytest.raises(StoreError, match="differs from the database"):
        SqliteStore(path)  # and the journal still holds the batch


@pytest.mark.parametrize("journal", [True, False])
def test_the_server_option(tmp_path: Path, journal: bool) -> None:
    """``--no-journal`` makes a server commit each action to the database itself."""
    from islandgames_msgpackrpc import Client
    from islandgames_msgpackrpc.process import ServerProcess

    path = tmp_path / "s.db"
    options = [] if journal else ["--no-journal"]
    with ServerProcess("--store", str(path), *options) as server, Client(port=server.port) as c:
        m = c.create("friday", None, 3)
        tok = m.seats[0].token
        c.act(tok, c.legal_actions(tok).actions[0], 0)
        assert len(db_entries(path)) == (0 if journal else 1)
        assert journal_of(path).exists() == journal
    assert len(db_entries(path)) == 1
    assert not journal_of(path).exists()


def test_remembered_last_seqs_are_bounded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The store remembers a bounded number of matches' last seqs (never forgetting one
    with journaled entries); a forgotten one is read back from the database."""
    from islandgames.service import sqlite as sqlite_module

    monkeypatch.setattr(sqlite_module, "_LAST_SEQS", 8)
    store, busy = store_with(tmp_path / "n.db", 2, flush_every=1000)
    others = []
    for seed in range(20, 40):
        r = new_record(seed=seed)
        store.create(r, tokens_for(r))
        others.append(r)
    assert len(store._last) <= 8 and busy.match_id in store._last
    first = others[0]
    assert first.match_id not in store._last  # forgotten ...
    store.append(first.match_id, entry(first, 1), None)  # ... and read back
    with pytest.raises(StoreError, match="does not follow 1"):
        store.append(first.match_id, entry(first, 1), None)
    store.append(busy.match_id, entry(busy, 3), None)
    store.close()
    assert len(db_entries(tmp_path / "n.db")) == 4


def test_a_clean_close_leaves_only_the_database(tmp_path: Path) -> None:
    path = tmp_path / "clean.db"
    store, r = store_with(path, 3)
    assert {p.name for p in tmp_path.iterdir()} >= {"clean.db.lock", "clean.db.journal"}
    with pytest.raises(StoreError, match="in use by another process"):
        SqliteStore(path)
    store.close()
    assert [p.name for p in tmp_path.iterdir()] == ["clean.db"]
    with SqliteStore(path) as again:  # and it opens again, locked as before
        assert len(again.load(r.match_id).entries) == 3
        with pytest.raises(StoreError, match="in use by another process"):
            SqliteStore(path)
    assert [p.name for p in tmp_path.iterdir()] == ["clean.db"]
