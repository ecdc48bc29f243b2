"""The store contract, one suite for every store: memory, SQLite and PostgreSQL (the
last needs ``ISLANDGAMES_PG_URL``: see tests/conftest.py).

Each test gets a :class:`Backend`: ``open()`` gives a store on this test's data (for a
persistent store, a new object on the same file or schema), ``close_all()`` closes what
was opened. What only some stores promise is checked where ``persistent`` (the data
outlives the store object) or ``shared`` (two store objects may write the same match at
once) says so.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from islandgames import get_game, verify_log
from islandgames.core import serde
from islandgames.core.log import (
    LogEntry,
    action_commitment,
    action_salt,
    header_chain,
    make_header,
    next_chain,
)
from islandgames.service import (
    MatchService,
    MemoryStore,
    SeqConflictError,
    SqliteStore,
    StoreError,
    UnknownMatchError,
)
from islandgames.service.store import MatchRecord, MatchStore, Snapshot, TokenRow, entry_from_row
from islandgames.service.tokens import new_match_id, token_hash

#: sqlite: the default (through the action journal); sqlite-flush3: the journal moved into
#: the database every 3 entries, so most tests cross a flush; sqlite-direct: no journal.
BACKENDS = ["memory", "sqlite", "sqlite-flush3", "sqlite-direct", "postgres"]
_SQLITE_OPTIONS: dict[str, dict[str, Any]] = {
    "sqlite": {},
    "sqlite-flush3": {"flush_every": 3},
    "sqlite-direct": {"journal": False},
}


class Backend:
    def __init__(self, name: str, opener: Callable[[], MatchStore]) -> None:
        self.name = name
        self._opener = opener
        self.opened: list[MatchStore] = []

    def open(self) -> MatchStore:
        store = self._opener()
        self.opened.append(store)
        return store

    def close_all(self) -> None:
        for store in self.opened:
            store.close()


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Backend]:
    opener: Callable[[], MatchStore]
    if request.param == "memory":
        opener = MemoryStore
    elif request.param in _SQLITE_OPTIONS:
        path = tmp_path / "stores.db"
        options = _SQLITE_OPTIONS[request.param]
        opener = lambda: SqliteStore(path, **options)  # noqa: E731
    else:
        from islandgames.service.postgres import PostgresStore

        url: str = request.getfixturevalue("pg_schema_url")
        opener = lambda: PostgresStore(url)  # noqa: E731
    b = Backend(request.param, opener)
    try:
        yield b
    finally:
        b.close_all()


def reopen(backend: Backend, store: MatchStore) -> MatchStore:
    """A new store object on the same data (SQLite: after closing the old one)."""
    if not store.shared:
        store.close()
    return backend.open()


def new_record(seed: int = 11, level: int = 1) -> MatchRecord:
    game = get_game("friday")
    config = game.decode_config({"level": level})
    header = make_header(game, seed, config, game.new(seed, config), "test")
    return MatchRecord(new_match_id(), "friday", seed, header.config, header)


def tokens_for(record: MatchRecord, seats: int = 1) -> list[TokenRow]:
    rows = [
        TokenRow(token_hash(f"tok-{record.match_id}-{s}"), record.match_id, s) for s in range(seats)
    ]
    rows.append(TokenRow(token_hash(f"tok-{record.match_id}-spec"), record.match_id, None))
    return rows


def fake_state_hash(seq: int, tag: str = "a") -> str:
    return serde.digest(b"test-state", f"{seq}/{tag}".encode()).hex()


def entry(record: MatchRecord, seq: int, tag: str = "a", prev: str | None = None) -> LogEntry:
    """A stored-form entry (salt and commitment derived from the seed, as on load),
    chained after ``prev``: the chain hash of entry ``seq - 1`` (by default, of entries
    1 to ``seq - 1`` all of tag ``"a"``), as the database stores check on load."""
    if prev is None:
        chain = header_chain(record.header)
        for s in range(1, seq):
            chain = bytes.fromhex(entry(record, s, prev=chain.hex()).chain_hash)
        prev = chain.hex()
    action = {"t": tag, "n": seq}
    salt = action_salt(record.seed, seq)
    state_hash = fake_state_hash(seq, tag)
    chain_hash = next_chain(
        bytes.fromhex(prev), 0, action_commitment(salt, action), state_hash
    ).hex()
    return entry_from_row(record.seed, seq, 0, action, state_hash, chain_hash)


def snapshot(seq: int, tag: str = "a") -> Snapshot:
    return Snapshot(seq, {"state": seq, "t": tag}, fake_state_hash(seq, tag))


# --- creating and reading ------------------------------------------------------------------


def test_create_then_read_back(backend: Backend) -> None:
    store = backend.open()
    records = [new_record(seed=s, level=1 + s % 4) for s in range(3)]
    for r in records:
        store.create(r, tokens_for(r, seats=2))
    for r in records:
        loaded = store.load(r.match_id)
        assert loaded.record == r
        assert loaded.entries == () and loaded.snapshot is None
        for row in tokens_for(r, seats=2):
            assert store.token(row.token_hash) == row
        assert store.tokens(r.match_id) == tuple(tokens_for(r, seats=2))  # seats, spectator
    assert store.token(token_hash("never issued")) is None
    assert store.match_ids() == tuple(r.match_id for r in records)
    assert store.entries_after(records[0].match_id, 0) == ()


def test_unknown_matches_are_refused(backend: Backend) -> None:
    store = backend.open()
    r = new_record()
    with pytest.raises(UnknownMatchError):
        store.load(r.match_id)
    with pytest.raises(UnknownMatchError):
        store.append(r.match_id, entry(r, 1), None)
    with pytest.raises(UnknownMatchError):
        store.tokens(r.match_id)
    assert store.match_ids() == ()


def test_duplicate_matches_and_token_collisions_store_nothing(backend: Backend) -> None:
    store = backend.open()
    r = new_record()
    store.create(r, tokens_for(r))
    with pytest.raises(StoreError):
        store.create(r, [])
    other = new_record(seed=12)
    colliding = [*tokens_for(other), TokenRow(tokens_for(r)[0].token_hash, other.match_id, 0)]
    with pytest.raises(StoreError):
        store.create(other, colliding)
    # atomic: neither the match nor any of its tokens went in
    assert store.match_ids() == (r.match_id,)
    with pytest.raises(UnknownMatchError):
        store.load(other.match_id)
    assert store.token(tokens_for(other)[0].token_hash) is None
    assert store.token(tokens_for(r)[0].token_hash) == tokens_for(r)[0]


# --- appending -----------------------------------------------------------------------------


def test_entries_and_snapshots_append_in_order(backend: Backend) -> None:
    store = backend.open()
    r = new_record()
    store.create(r, tokens_for(r))
    for seq in range(1, 11):
        store.append(r.match_id, entry(r, seq), snapshot(seq) if seq % 4 == 0 else None)
    loaded = store.load(r.match_id)
    assert loaded.entries == tuple(entry(r, s) for s in range(1, 11))
    assert loaded.snapshot == snapshot(8)
    assert store.snapshot_at_or_before(r.match_id, 7) == snapshot(4)
    assert store.snapshot_at_or_before(r.match_id, 8) == snapshot(8)
    assert store.snapshot_at_or_before(r.match_id, 3) is None
    assert store.entries_after(r.match_id, 7) == tuple(entry(r, s) for s in (8, 9, 10))
    assert store.entries_after(r.match_id, 10) == ()


@pytest.mark.parametrize("seq", [0, 1, 3, 5, 7])
def test_a_taken_or_out_of_order_seq_is_a_conflict(backend: Backend, seq: int) -> None:
    store = backend.open()
    r = new_record()
    store.create(r, tokens_for(r))
    for s in (1, 2, 3):
        store.append(r.match_id, entry(r, s), None)
    with pytest.raises(SeqConflictError, match="does not follow") as info:
        store.append(r.match_id, entry(r, seq, "b"), snapshot(seq, "b"))
    assert info.value.current_seq == 3
    loaded = store.load(r.match_id)
    assert loaded.entries == tuple(entry(r, s) for s in (1, 2, 3))
    assert loaded.snapshot is None
    store.append(r.match_id, entry(r, 4), None)  # the right seq still goes in


def test_a_snapshot_of_another_seq_is_refused_with_its_entry(backend: Backend) -> None:
    store = backend.open()
    r = new_record()
    store.create(r, tokens_for(r))
    with pytest.raises(StoreError, match="snapshot"):
        store.append(r.match_id, entry(r, 1), snapshot(2))
    assert store.load(r.match_id).entries == ()


def test_racing_appends_of_one_seq_have_exactly_one_winner(backend: Backend) -> None:
    """Threads (spread over two store objects when the store is shared, as two servers
    would be) race to append each seq of one match: one wins, the others conflict."""
    first = backend.open()
    stores = [first, backend.open()] if first.shared else [first]
    r = new_record()
    first.create(r, tokens_for(r))
    threads_count = 6
    rounds = 15
    won: dict[int, str] = {}
    chains = {0: header_chain(r.header).hex()}  # the winners' chain, seq by seq
    conflicts = [0]
    errors: list[BaseException] = []
    lock = threading.Lock()
    barrier = threading.Barrier(threads_count)

    def worker(n: int) -> None:
        store = stores[n % len(stores)]
        tag = f"w{n}"
        try:
            for seq in range(1, rounds + 1):
                barrier.wait(30)
                with lock:
                    e = entry(r, seq, tag, prev=chains[seq - 1])
                try:
                    store.append(r.match_id, e, None)
                except SeqConflictError:
                    with lock:
                        conflicts[0] += 1
                    continue
                with lock:
                    assert seq not in won, f"seq {seq} was appended twice"
                    won[seq] = tag
                    chains[seq] = e.chain_hash
        except BaseException as exc:
            errors.append(exc)
            barrier.abort()

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(threads_count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert not errors, errors
    assert sorted(won) == list(range(1, rounds + 1))
    assert conflicts[0] == rounds * (threads_count - 1)
    for store in stores:
        assert store.load(r.match_id).entries == tuple(
            entry(r, s, won[s], prev=chains[s - 1]) for s in range(1, rounds + 1)
        )


# --- persistence and sharing ---------------------------------------------------------------


def test_persistent_stores_keep_everything(backend: Backend) -> None:
    store = backend.open()
    if not store.persistent:
        pytest.skip(f"the {backend.name} store is not persistent")
    r = new_record()
    store.create(r, tokens_for(r, seats=3))
    for seq in range(1, 6):
        store.append(r.match_id, entry(r, seq), snapshot(seq) if seq == 5 else None)
    again = reopen(backend, store)
    loaded = again.load(r.match_id)
    assert loaded.record == r
    assert loaded.entries == tuple(entry(r, s) for s in range(1, 6))
    assert loaded.snapshot == snapshot(5)
    assert again.match_ids() == (r.match_id,)
    for row in tokens_for(r, seats=3):
        assert again.token(row.token_hash) == row


def test_shared_stores_see_each_others_appends(backend: Backend) -> None:
    a = backend.open()
    if not a.shared:
        pytest.skip(f"the {backend.name} store is not shared")
    b = backend.open()
    r = new_record()
    a.create(r, tokens_for(r))
    assert b.load(r.match_id).record == r
    a.append(r.match_id, entry(r, 1), None)
    assert b.entries_after(r.match_id, 0) == (entry(r, 1),)
    with pytest.raises(SeqConflictError):
        b.append(r.match_id, entry(r, 1, "b"), None)
    b.append(r.match_id, entry(r, 2, "b"), snapshot(2, "b"))
    assert a.entries_after(r.match_id, 1) == (entry(r, 2, "b"),)
    assert a.snapshot_at_or_before(r.match_id, 2) == snapshot(2, "b")


def test_shared_stores_report_appends_to_followed_matches(backend: Backend) -> None:
    a = backend.open()
    if not a.shared:
        pytest.skip(f"the {backend.name} store is not shared")
    b = backend.open()
    heard: list[tuple[str | None, int]] = []
    cond = threading.Condition()
    r, other, sentinel = new_record(1), new_record(2), new_record(3)

    def listener(match_id: str | None, seq: int) -> None:
        with cond:
            heard.append((match_id, seq))
            cond.notify_all()

    def wait_for(item: tuple[str, int]) -> None:
        with cond:
            assert cond.wait_for(lambda: item in heard, 10), heard

    a.set_change_listener(listener)
    for rec in (r, other, sentinel):
        a.create(rec, tokens_for(rec))
    a.follow(r.match_id)
    a.follow(sentinel.match_id)
    for seq in range(1, 7):
        (a if seq % 2 else b).append(r.match_id, entry(r, seq), None)
        b.append(other.match_id, entry(other, seq), None)
    b.append(sentinel.match_id, entry(sentinel, 1), None)
    wait_for((sentinel.match_id, 1))
    # every append to the followed match, in order; none of the other one
    assert [h for h in heard if h[0] != sentinel.match_id] == [(r.match_id, s) for s in range(1, 7)]
    a.unfollow(r.match_id)
    b.append(r.match_id, entry(r, 7), None)
    b.append(sentinel.match_id, entry(sentinel, 2), None)
    wait_for((sentinel.match_id, 2))  # notifications come in commit order
    assert (r.match_id, 7) not in heard
    a.set_change_listener(None)


# --- the service over each store -----------------------------------------------------------


def play(service: MatchService, token: str, rng: random.Random, seq: int, limit: int) -> int:
    """Random legal actions from ``seq`` until the game ends or ``limit`` acts."""
    for _ in range(limit):
        legal = service.legal_actions(token)
        if not legal.actions:
            break
        seq = service.act(token, rng.choice(legal.actions), seq).seq
    return seq


def test_service_reloads_from_each_store(backend: Backend) -> None:
    store = backend.open()
    if not store.persistent:
        pytest.skip(f"the {backend.name} store is not persistent")
    svc = MatchService(store, snapshot_every=5)
    m = svc.create("friday", None, seed=31)
    tok = m.seats[0].token
    rng = random.Random(31)
    play(svc, tok, rng, 0, 12)
    status, view, log = svc.status(tok), svc.view(tok), svc.log(tok)
    again = reopen(backend, store)
    svc2 = MatchService(again, snapshot_every=5)
    assert svc2.status(tok) == status
    assert svc2.view(tok) == view
    assert svc2.log(tok) == log
    snaps = [
        s for s in range(13) if (x := again.snapshot_at_or_before(m.match_id, s)) and x.seq == s
    ]
    assert snaps == [5, 10]
    play(svc2, tok, rng, 12, 10_000)
    full = svc2.log(tok)
    assert full.end is not None
    assert verify_log(full).status == "verified"
