"""What only the PostgreSQL store does: versioned migrations, append-only enforcement in
the database, hash checks of what other writers stored, the change listener surviving a
lost connection, store selection by URL. (The store contract it shares with the other
stores is tests/service/test_stores.py.)"""

from __future__ import annotations

import random
import resource
import secrets
import threading
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import psycopg
import pytest

from islandgames.service import (
    CorruptMatchError,
    MatchService,
    MemoryStore,
    SqliteStore,
    StoreError,
    error_to_wire,
    open_store,
)
from islandgames.service.postgres import MIGRATIONS, SCHEMA_VERSION, PostgresStore, describe_url


def sql(url: str, statement: str, params: Any = None) -> list[tuple[Any, ...]]:
    with psycopg.connect(url, autocommit=True) as conn:
        cur = conn.execute(statement, params)
        return cur.fetchall() if cur.description is not None else []


def play(service: MatchService, token: str, rng: random.Random, seq: int, limit: int) -> int:
    for _ in range(limit):
        legal = service.legal_actions(token)
        if not legal.actions:
            break
        seq = service.act(token, rng.choice(legal.actions), seq).seq
    return seq


# --- migrations ----------------------------------------------------------------------------


def test_migrations_create_the_schema_once(pg_schema_url: str) -> None:
    PostgresStore(pg_schema_url).close()
    rows = sql(pg_schema_url, "SELECT version, name FROM islandgames_migrations ORDER BY version")
    assert rows == [(m.version, m.name) for m in MIGRATIONS]
    assert rows[-1][0] == SCHEMA_VERSION
    tables = {
        r[0]
        for r in sql(
            pg_schema_url,
            "SELECT table_name FROM information_schema.tables "
            "WHERE table_schema = current_schema()",
        )
    }
    assert {"matches", "tokens", "entries", "snapshots", "islandgames_migrations"} <= tables
    PostgresStore(pg_schema_url).close()  # again: nothing to do
    assert sql(pg_schema_url, "SELECT count(*) FROM islandgames_migrations") == [(len(MIGRATIONS),)]


def test_servers_starting_together_migrate_once(pg_schema_url: str) -> None:
    stores: list[PostgresStore] = []
    errors: list[BaseException] = []
    barrier = threading.Barrier(4)

    def open_one() -> None:
        try:
            barrier.wait(10)
            stores.append(PostgresStore(pg_schema_url, min_size=1, max_size=2))
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=open_one) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    for s in stores:
        s.close()
    assert not errors, errors
    assert len(stores) == 4
    assert sql(pg_schema_url, "SELECT count(*) FROM islandgames_migrations") == [(len(MIGRATIONS),)]


def test_a_newer_or_missing_schema_is_refused(pg_schema_url: str) -> None:
    with pytest.raises(StoreError, match="schema version 0"):
        PostgresStore(pg_schema_url, migrate=False)
    PostgresStore(pg_schema_url).close()
    PostgresStore(pg_schema_url, migrate=False).close()
    sql(pg_schema_url, "INSERT INTO islandgames_migrations (version, name) VALUES (999, 'later')")
    with pytest.raises(StoreError, match="schema version 999"):
        PostgresStore(pg_schema_url)


def test_a_role_that_may_only_read_and_insert_can_serve(pg_schema_url: str) -> None:
    """Once the schema exists, servers need no right to change it."""
    PostgresStore(pg_schema_url).close()
    role = "ig_" + secrets.token_hex(4)
    schema = sql(pg_schema_url, "SELECT current_schema()")[0][0]
    sql(pg_schema_url, f"CREATE ROLE {role} LOGIN")
    try:
        sql(pg_schema_url, f"GRANT USAGE ON SCHEMA {schema} TO {role}")
        sql(pg_schema_url, f"GRANT SELECT, INSERT ON ALL TABLES IN SCHEMA {schema} TO {role}")
        parts = urlsplit(pg_schema_url)
        host = parts.netloc.rpartition("@")[2]
        url = urlunsplit(parts._replace(netloc=f"{role}@{host}"))  # no password: trust
        a = MatchService(PostgresStore(url))
        b = MatchService(PostgresStore(url))
        m = a.create("friday", None, seed=2)
        tok = m.seats[0].token
        seen: list[int] = []
        b.watch(m.spectator_token, lambda u: seen.append(u.seq))
        play(a, tok, random.Random(2), 0, 5)
        assert b.status(tok).seq == 5
        a.close()
        b.close()
        assert seen == [1, 2, 3, 4, 5]
    finally:
        sql(pg_schema_url, f"DROP OWNED BY {role}")
        sql(pg_schema_url, f"DROP ROLE {role}")


def test_unreachable_database_is_a_store_error_without_the_password() -> None:
    url = "postgresql://someone:hunter2@127.0.0.1:1/none?connect_timeout=2"
    with pytest.raises(StoreError) as info:
        PostgresStore(url, timeout=1)
    assert "hunter2" not in str(info.value)
    assert "127.0.0.1:1/none" in str(info.value)
    assert describe_url(url) == "127.0.0.1:1/none"


# --- the database refuses rewriting history ------------------------------------------------


def test_entries_are_append_only_and_matches_immutable(pg_schema_url: str) -> None:
    svc = MatchService(PostgresStore(pg_schema_url))
    m = svc.create("friday", None, seed=1)
    tok = m.seats[0].token
    svc.act(tok, svc.legal_actions(tok).actions[0], 0)
    for statement, message in [
        ("DELETE FROM entries", "entries are append-only"),
        ("UPDATE entries SET seat = 0", "entries are append-only"),
        ("TRUNCATE entries CASCADE", "entries are append-only"),
        ("UPDATE matches SET game = 'x'", "matches are immutable"),
    ]:
        with pytest.raises(psycopg.errors.RaiseException, match=message):
            sql(pg_schema_url, statement)
    assert svc.status(tok).seq == 1
    svc.close()


def _tampered(url: str, statement: str) -> str:
    svc = MatchService(PostgresStore(url), snapshot_every=3)
    m = svc.create("friday", None, seed=41)
    tok = m.seats[0].token
    play(svc, tok, random.Random(41), 0, 7)
    svc.close()
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("ALTER TABLE entries DISABLE TRIGGER entries_append_only")
        conn.execute(statement)
        conn.execute("ALTER TABLE entries ENABLE TRIGGER entries_append_only")
    return tok


@pytest.mark.parametrize(
    ("statement", "seq"),
    [
        ("UPDATE snapshots SET state_hash = 'ab' || substr(state_hash, 3) WHERE seq = 6", 6),
        ("UPDATE entries SET state_hash = 'ab' || substr(state_hash, 3) WHERE seq = 7", 7),
        ("UPDATE entries SET seat = 1 WHERE seq = 2", 2),
        ("UPDATE entries SET chain_hash = 'ab' || substr(chain_hash, 3) WHERE seq = 1", 1),
        ("UPDATE snapshots SET state = '\\xc1'::bytea WHERE seq = 6", 6),
    ],
)
def test_a_tampered_database_is_refused_on_load(
    pg_schema_url: str, statement: str, seq: int
) -> None:
    tok = _tampered(pg_schema_url, statement)
    svc = MatchService(PostgresStore(pg_schema_url))
    with pytest.raises(CorruptMatchError) as info:
        svc.status(tok)
    assert info.value.seq == seq
    assert error_to_wire(info.value)["code"] == "CORRUPT_MATCH"
    svc.close()


def test_what_another_server_stored_is_checked_before_use(pg_schema_url: str) -> None:
    """Server A has the match in memory; entries that appear in the database (as if
    written by server B) are checked like a load before A uses them."""
    a = MatchService(PostgresStore(pg_schema_url), snapshot_every=100)
    b = MatchService(PostgresStore(pg_schema_url), snapshot_every=100)
    m = a.create("friday", None, seed=5)
    tok = m.seats[0].token
    play(a, tok, random.Random(5), 0, 3)
    assert b.status(tok).seq == 3  # B has it in memory now
    play(a, tok, random.Random(6), 3, 2)
    with psycopg.connect(pg_schema_url, autocommit=True) as conn:
        conn.execute("ALTER TABLE entries DISABLE TRIGGER entries_append_only")
        conn.execute("UPDATE entries SET state_hash = 'ab' || substr(state_hash, 3) WHERE seq = 5")
        conn.execute("ALTER TABLE entries ENABLE TRIGGER entries_append_only")
    with pytest.raises(CorruptMatchError) as info:
        b.view(tok)
    assert info.value.seq == 5
    a.close()
    b.close()


# --- the change listener -------------------------------------------------------------------


def test_the_listener_reconnects_and_asks_for_a_resync(pg_schema_url: str) -> None:
    """The LISTEN connection is cut by the database: the store reconnects, reports that
    changes may have been missed (None), and goes on reporting appends."""
    store = PostgresStore(pg_schema_url)
    writer = PostgresStore(pg_schema_url)
    heard: list[tuple[str | None, int]] = []
    event = threading.Condition()

    def listener(match_id: str | None, seq: int) -> None:
        with event:
            heard.append((match_id, seq))
            event.notify_all()

    def wait_for(item: tuple[str | None, int]) -> None:
        with event:
            assert event.wait_for(lambda: item in heard, 15), heard

    store.set_change_listener(listener)
    svc = MatchService(writer)
    m = svc.create("friday", None, seed=9)
    store.follow(m.match_id)
    tok = m.seats[0].token
    svc.act(tok, svc.legal_actions(tok).actions[0], 0)
    wait_for((m.match_id, 1))
    killed = sql(
        pg_schema_url,
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
        "WHERE pid <> pg_backend_pid() AND query LIKE %s",
        (f"LISTEN %{store.channel(m.match_id)}%",),
    )
    assert killed == [(True,)]
    wait_for((None, 0))
    svc.act(tok, svc.legal_actions(tok).actions[0], 1)
    wait_for((m.match_id, 2))
    store.close()
    svc.close()


def test_an_idle_listener_uses_no_cpu(pg_schema_url: str) -> None:
    store = PostgresStore(pg_schema_url)
    svc = MatchService(store)  # sets the change listener
    listener = store._listener
    assert listener is not None
    before = resource.getrusage(resource.RUSAGE_SELF)
    time.sleep(1.0)
    after = resource.getrusage(resource.RUSAGE_SELF)
    used = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    assert used < 0.1, f"{used:.3f} s of CPU in 1 s of idling"
    svc.close()


# --- choosing a store ----------------------------------------------------------------------


def test_the_store_is_chosen_by_url(pg_schema_url: str, tmp_path: Path) -> None:
    pg = open_store(pg_schema_url)
    assert isinstance(pg, PostgresStore) and pg.shared and pg.persistent
    pg.close()
    lite = open_store(str(tmp_path / "x.db"))
    assert isinstance(lite, SqliteStore) and not lite.shared
    lite.close()
    assert isinstance(open_store(None), MemoryStore)


def test_module_examples() -> None:
    import doctest

    import islandgames.service.postgres

    result = doctest.testmod(islandgames.service.postgres)
    assert result.failed == 0 and result.attempted > 0
