"""Heads in the PostgreSQL store (issue 13, "stores that notice damage"): each match's
last seq and chain hash, moved in the transaction of every append; a load (and a
server's catching up) checks that the entries reach the head through an intact chain.
Damage done by SQL is CORRUPT_MATCH for that match only, naming it and the first bad
seq; a database of schema 1 gets its heads, checked, when a newer server opens it."""

from __future__ import annotations

import random
from typing import Any

import psycopg
import pytest

from islandgames.core import serde
from islandgames.core.log import LogEntry
from islandgames.service import (
    CorruptMatchError,
    MatchService,
    MemoryStore,
    error_to_wire,
)
from islandgames.service.postgres import MIGRATIONS, PostgresStore, migrate_schema
from islandgames.service.store import match_row

ACTS = 7


def sql(url: str, statement: str, params: Any = None) -> list[tuple[Any, ...]]:
    with psycopg.connect(url, autocommit=True) as conn:
        cur = conn.execute(statement, params)
        return cur.fetchall() if cur.description is not None else []


def damage(url: str, *statements: str) -> None:
    """Run statements as a damaged disk or a careless operator would, past the
    append-only triggers."""
    with psycopg.connect(url, autocommit=True) as conn, conn.transaction():
        conn.execute("ALTER TABLE entries DISABLE TRIGGER entries_append_only")
        for statement in statements:
            conn.execute(statement)
        conn.execute("ALTER TABLE entries ENABLE TRIGGER entries_append_only")


def play(service: MatchService, token: str, rng: random.Random, seq: int, limit: int) -> int:
    for _ in range(limit):
        legal = service.legal_actions(token)
        if not legal.actions:
            break
        seq = service.act(token, rng.choice(legal.actions), seq).seq
    return seq


def two_matches(url: str) -> tuple[str, str, str]:
    """Two Friday matches of ACTS actions (snapshots at 3 and 6); returns (the match to
    damage, its token, the other match's token)."""
    svc = MatchService(PostgresStore(url), snapshot_every=3)
    tokens = []
    for seed in (41, 42):
        m = svc.create("friday", None, seed=seed)
        tok = m.seats[0].token
        assert play(svc, tok, random.Random(seed), 0, ACTS) == ACTS
        tokens.append((m.match_id, tok))
    svc.close()
    return tokens[0][0], tokens[0][1], tokens[1][1]


def _chain_at(url: str, match_id: str, seq: int) -> str:
    return str(
        sql(
            url,
            "SELECT chain_hash FROM entries WHERE match_id = %s AND seq = %s",
            (match_id, seq),
        )[0][0]
    )


# --- every append moves the head -----------------------------------------------------------


def test_every_append_moves_the_head(pg_schema_url: str) -> None:
    svc = MatchService(PostgresStore(pg_schema_url))
    m = svc.create("friday", None, seed=3)
    assert sql(pg_schema_url, "SELECT seq, chain_hash, broken FROM heads") == [(0, "", None)]
    tok = m.seats[0].token
    for seq in range(1, 4):
        result = svc.act(tok, svc.legal_actions(tok).actions[0], seq - 1)
        assert sql(pg_schema_url, "SELECT seq, chain_hash FROM heads") == [(seq, result.chain_hash)]
    svc.close()


# --- damage by SQL -------------------------------------------------------------------------

TAIL = "DELETE FROM snapshots WHERE match_id = '{m}' AND seq >= 6; " \
    "DELETE FROM entries WHERE match_id = '{m}' AND seq >= 6"  # fmt: skip


@pytest.mark.parametrize(
    ("statements", "seq", "message"),
    [
        # rows deleted: the lost tail (the snapshot of 6 goes with its entry)
        (TAIL.split("; "), 6, "entries 6 to 7 are missing"),
        (["DELETE FROM entries WHERE match_id = '{m}' AND seq = 7"], 7, "entry 7 is missing"),
        (["DELETE FROM entries WHERE match_id = '{m}' AND seq = 4"], 4, "entry 4 is missing"),
        # a changed row breaks the chain at that entry
        (
            [
                "UPDATE entries SET state_hash = 'ab' || substr(state_hash, 3) "
                "WHERE match_id = '{m}' AND seq = 4"
            ],
            4,
            "chain breaks at entry 4",
        ),
        (
            [
                "UPDATE entries SET chain_hash = 'ab' || substr(chain_hash, 3) "
                "WHERE match_id = '{m}' AND seq = 3"
            ],
            3,
            "chain breaks at entry 3",
        ),
        (
            [
                "UPDATE entries SET action = (SELECT action FROM entries "
                "WHERE match_id = '{m}' AND seq = 1) WHERE match_id = '{m}' AND seq = 2"
            ],
            2,
            "chain breaks at entry 2",
        ),
        (["UPDATE entries SET seat = 1 WHERE match_id = '{m}' AND seq = 5"], 5, "entry 5"),
        # a changed head: past the entries, before them, another chain hash, none
        (["UPDATE heads SET seq = 9 WHERE match_id = '{m}'"], 8, "entries 8 to 9 are missing"),
        (["UPDATE heads SET seq = 5 WHERE match_id = '{m}'"], 6, "entry 6 is past the head"),
        (
            ["UPDATE heads SET chain_hash = 'ab' || substr(chain_hash, 3) WHERE match_id = '{m}'"],
            7,
            "entry 7 does not match its head's chain hash",
        ),
        (["DELETE FROM heads WHERE match_id = '{m}'"], 0, "head record is missing"),
    ],
)
def test_damage_by_sql_is_a_corrupt_match_and_the_others_are_served(
    pg_schema_url: str, statements: list[str], seq: int, message: str
) -> None:
    match_id, tok, other = two_matches(pg_schema_url)
    damage(pg_schema_url, *(s.format(m=match_id) for s in statements))
    store = PostgresStore(pg_schema_url)
    with pytest.raises(CorruptMatchError) as info:
        store.load(match_id)
    assert info.value.seq == seq
    assert f"match {match_id}: " in str(info.value) and message in str(info.value)
    svc = MatchService(store)
    with pytest.raises(CorruptMatchError) as served:
        svc.status(tok)
    assert served.value.seq == seq
    assert error_to_wire(served.value)["code"] == "CORRUPT_MATCH"
    # the other match: served, and it goes on
    assert svc.status(other).seq == ACTS
    assert play(svc, other, random.Random(1), ACTS, 2) == ACTS + 2
    svc.close()


def test_a_lost_tail_is_noticed_by_a_server_that_holds_the_match(pg_schema_url: str) -> None:
    """Server A has the match in memory at seq 7 when rows 6 and 7 disappear: its next
    call reads the entries after 7 with the head, sees the tail gone and refuses."""
    match_id, tok, other = two_matches(pg_schema_url)
    a = MatchService(PostgresStore(pg_schema_url))
    assert a.status(tok).seq == ACTS
    damage(pg_schema_url, *(s.format(m=match_id) for s in TAIL.split("; ")))
    with pytest.raises(CorruptMatchError, match="entries 6 to 7 are missing") as info:
        a.view(tok)
    assert info.value.seq == 6
    with pytest.raises(CorruptMatchError):
        a.status(tok)  # and still refused when loaded again
    assert a.status(other).seq == ACTS
    a.close()


def test_an_append_after_a_changed_head_is_refused(pg_schema_url: str) -> None:
    """The head no longer at the last entry (set back by hand) while a server holds the
    match: its next act is refused, the database refuses any append after it (never
    healing the head silently), and the match stays refused."""
    match_id, tok, other = two_matches(pg_schema_url)
    store = PostgresStore(pg_schema_url)
    svc = MatchService(store)
    action = svc.legal_actions(tok).actions[0]  # the match is in memory now
    sql(pg_schema_url, "UPDATE heads SET seq = 5 WHERE match_id = %s", (match_id,))
    with pytest.raises(CorruptMatchError, match=f"match {match_id}: "):
        svc.act(tok, action, ACTS)
    # straight to the store: the head's trigger refuses the entry after 7
    entry = LogEntry(ACTS + 1, 0, {"type": "x"}, "00" * 32, "00" * 32, "00" * 32, "00" * 32)
    with pytest.raises(CorruptMatchError, match="entry 8 does not follow its head") as info:
        store.append(match_id, entry, None)
    assert info.value.seq == ACTS + 1
    assert sql(pg_schema_url, "SELECT seq FROM heads WHERE match_id = %s", (match_id,)) == [(5,)]
    assert sql(pg_schema_url, "SELECT max(seq) FROM entries WHERE match_id = %s", (match_id,)) == [
        (ACTS,)
    ]
    with pytest.raises(CorruptMatchError):
        svc.status(tok)
    assert play(svc, other, random.Random(2), ACTS, 1) == ACTS + 1
    svc.close()


# --- schema 1 to 2 -------------------------------------------------------------------------


def _copy_into_schema_1(url: str, source: MemoryStore, damaged: dict[str, str]) -> None:
    """Write the matches of ``source`` as islandgames 0.2 (schema 1, no heads) did; the
    entries of the matches in ``damaged`` get that UPDATE afterwards."""
    with psycopg.connect(url, autocommit=True) as conn:
        assert migrate_schema(conn, 1) == 1
        for match_id in source.match_ids():
            stored = source.load(match_id)
            conn.execute(
                "INSERT INTO matches (match_id, game, seed, config, header) "
                "VALUES (%s, %s, %s, %s, %s)",
                match_row(stored.record),
            )
            for t in source.tokens(match_id):
                conn.execute(
                    "INSERT INTO tokens (token_hash, match_id, seat) VALUES (%s, %s, %s)",
                    (t.token_hash, t.match_id, t.seat),
                )
            for e in stored.entries:
                conn.execute(
                    "INSERT INTO entries (match_id, seq, seat, action, state_hash, chain_hash) "
                    "VALUES (%s, %s, %s, %s, %s, %s)",
                    (match_id, e.seq, e.seat, serde.packb(e.action), e.state_hash, e.chain_hash),
                )
                snap = source.snapshot_at_or_before(match_id, e.seq)
                if snap is not None and snap.seq == e.seq:
                    conn.execute(
                        "INSERT INTO snapshots (match_id, seq, state, state_hash) "
                        "VALUES (%s, %s, %s, %s)",
                        (match_id, snap.seq, serde.packb(snap.state), snap.state_hash),
                    )
        assert conn.execute("SELECT to_regclass('heads')").fetchone() == (None,)
    damage(url, *(s.format(m=m) for m, s in damaged.items()))


def test_a_schema_1_database_gets_checked_heads(pg_schema_url: str) -> None:
    memory = MemoryStore()
    source = MatchService(memory, snapshot_every=3)
    played: dict[str, tuple[str, int]] = {}
    for seed, acts in ((1, ACTS), (2, 0), (3, ACTS), (4, ACTS), (5, 4)):
        created = source.create("friday", None, seed=seed)
        tok = created.seats[0].token
        played[created.match_id] = (tok, play(source, tok, random.Random(seed), 0, acts))
    ids = list(played)
    intact, empty, changed, gap, short = ids
    statuses = {m: source.status(tok) for m, (tok, _) in played.items()}
    _copy_into_schema_1(
        pg_schema_url,
        memory,
        {
            changed: "UPDATE entries SET state_hash = 'ab' || substr(state_hash, 3) "
            "WHERE match_id = '{m}' AND seq = 3",
            gap: "DELETE FROM entries WHERE match_id = '{m}' AND seq = 5",
        },
    )
    svc = MatchService(PostgresStore(pg_schema_url))  # migrates to 2
    versions = sql(pg_schema_url, "SELECT version FROM islandgames_migrations ORDER BY version")
    assert versions == [(m.version,) for m in MIGRATIONS]
    heads = {
        r[0]: r[1:]
        for r in sql(pg_schema_url, "SELECT match_id, seq, broken_seq, broken FROM heads")
    }
    assert set(heads) == set(ids)
    assert heads[intact][:2] == (ACTS, None)
    assert heads[empty] == (0, None, None)
    assert heads[short][:2] == (4, None)
    assert heads[changed][:2] == (ACTS, 3)
    assert heads[gap][:2] == (ACTS, 5)
    assert f"match {gap}: entry 5 is missing" in str(heads[gap][2])
    # the intact ones are served as they were, and go on
    for match_id in (intact, empty, short):
        tok, seq = played[match_id]
        assert svc.status(tok) == statuses[match_id]
        assert play(svc, tok, random.Random(9), seq, 2) == seq + 2
    # the damaged ones are refused, naming the match and the first bad seq
    for match_id, seq in ((changed, 3), (gap, 5)):
        with pytest.raises(CorruptMatchError, match=f"match {match_id}: ") as info:
            svc.status(played[match_id][0])
        assert info.value.seq == seq
        assert "upgrade to schema 2" in str(info.value)
    svc.close()
    PostgresStore(pg_schema_url).close()  # nothing more to migrate
    assert len(sql(pg_schema_url, "SELECT * FROM islandgames_migrations")) == len(MIGRATIONS)
