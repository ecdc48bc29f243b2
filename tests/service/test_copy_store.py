"""Copying matches between stores (``islandgames copy-store``): everything arrives,
checked; a second run copies only what is new; a match that fails a check is reported and
skipped, and a destination that disagrees is never written."""

from __future__ import annotations

import io
import json
import random
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest

from islandgames import verify_log
from islandgames.cli import main
from islandgames.cli.service import cmd_copy_store
from islandgames.service import MatchService, MemoryStore, SqliteStore, StoreError
from islandgames.service.store import MatchStore
from islandgames.service.transfer import copy_matches


def play(service: MatchService, match: Any, rng: random.Random, actions: int) -> None:
    """Up to ``actions`` random legal actions, by whichever seat is to act."""
    tokens = [s.token for s in match.seats]
    for _ in range(actions):
        st = service.status(tokens[0])
        if st.over:
            return
        seat = rng.choice(st.to_act)
        legal = service.legal_actions(tokens[seat])
        service.act(tokens[seat], rng.choice(legal.actions), legal.seq)


def populate(service: MatchService) -> list[Any]:
    """Matches of every game, some finished, one untouched."""
    rng = random.Random(5)
    matches = []
    for i, (game, config) in enumerate(
        [
            ("friday", None),
            ("forbidden-island", {"players": 2}),
            ("not-alone", None),
            ("gozer", None),
            ("friday", {"level": 2}),
        ]
    ):
        m = service.create(game, config, seed=100 + i)
        matches.append(m)
        play(service, m, rng, 10_000 if i == 0 else 40 + 15 * i)
    matches.append(service.create("friday", None, seed=999))  # no action yet
    return matches


def snapshot_of(service: MatchService, matches: list[Any]) -> list[Any]:
    """What every token sees: status, view and log, per seat and spectator."""
    out = []
    for m in matches:
        for tok in [*(s.token for s in m.seats), m.spectator_token]:
            out.append((service.status(tok), service.view(tok), service.log(tok)))
    return out


def test_every_match_arrives_and_reads_the_same(tmp_path: Path) -> None:
    src = MatchService(SqliteStore(tmp_path / "src.db"), snapshot_every=16)
    matches = populate(src)
    assert src.status(matches[0].seats[0].token).over  # a finished one is among them
    before = snapshot_of(src, matches)
    dst_store = SqliteStore(tmp_path / "dst.db")
    report = copy_matches(src.store, dst_store)
    assert (report.copied, report.extended, report.up_to_date, report.failed) == (6, 0, 0, ())
    dst = MatchService(dst_store)
    assert snapshot_of(dst, matches) == before  # the same tokens work, the same answers
    assert verify_log(dst.log(matches[0].seats[0].token)).status == "verified"
    assert dst_store.match_ids() == src.store.match_ids()
    # snapshots came along: the destination's newest one is the source's
    for m in matches:
        assert dst_store.load(m.match_id).snapshot == src.store.load(m.match_id).snapshot
    src.close()
    dst.close()


def test_entries_total_is_exact(tmp_path: Path) -> None:
    src = MatchService(MemoryStore())
    matches = populate(src)
    total = sum(len(src.store.load(m.match_id).entries) for m in matches)
    assert copy_matches(src.store, MemoryStore()).entries == total


def test_a_second_run_copies_only_what_is_new(tmp_path: Path) -> None:
    src = MatchService(MemoryStore())
    matches = populate(src)
    dst = SqliteStore(tmp_path / "d.db")
    copy_matches(src.store, dst)
    again = copy_matches(src.store, dst)
    assert (again.copied, again.extended, again.up_to_date, again.entries) == (0, 0, 6, 0)
    # more play on two matches, and a new match
    rng = random.Random(8)
    seq_before = src.status(matches[5].seats[0].token).seq
    play(src, matches[5], rng, 7)
    play(src, matches[3], rng, 3)
    extra = src.create("not-alone", None, seed=77)
    play(src, extra, rng, 12)
    third = copy_matches(src.store, dst)
    added = src.status(matches[5].seats[0].token).seq - seq_before
    assert (third.copied, third.extended, third.up_to_date) == (1, 2, 4)
    assert third.entries == added + 3 + src.status(extra.seats[0].token).seq
    out = MatchService(dst)
    assert snapshot_of(out, [*matches, extra]) == snapshot_of(src, [*matches, extra])
    out.close()


def _tamper(path: Path, sql: str, *args: Any) -> None:
    with sqlite3.connect(path) as db:
        db.execute("DROP TRIGGER IF EXISTS entries_no_update")
        db.execute(sql, args)


def test_a_corrupt_match_is_reported_and_the_others_copied(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    src = MatchService(SqliteStore(path))
    matches = populate(src)
    src.close()
    bad = matches[2].match_id
    _tamper(path, "UPDATE entries SET seat = 1 - seat WHERE match_id = ? AND seq = 3", bad)
    src_store = SqliteStore(path)
    dst = MemoryStore()
    report = copy_matches(src_store, dst)
    assert not report.ok and report.copied == 5
    assert [m for m, _ in report.failed] == [bad]
    assert "entry 3" in report.failed[0][1]
    assert bad not in dst.match_ids()  # nothing of it was written
    src_store.close()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda s, m: _diverge(s, m), "not a prefix"),
        (lambda s, m: _longer(s, m), "not a prefix"),
    ],
)
def test_a_destination_that_disagrees_is_not_written(
    tmp_path: Path, change: Callable[[MatchService, Any], None], message: str
) -> None:
    src = MatchService(MemoryStore())
    m = src.create("friday", None, seed=3)
    play(src, m, random.Random(1), 5)
    dst = MatchService(MemoryStore())
    copy_matches(src.store, dst.store)
    change(dst, m)  # the destination moves on its own
    play(src, m, random.Random(2), 5)
    held = dst.store.load(m.match_id).entries
    report = copy_matches(src.store, dst.store)
    assert [x for x, _ in report.failed] == [m.match_id]
    assert message in report.failed[0][1]
    assert dst.store.load(m.match_id).entries == held


def _diverge(dst: MatchService, m: Any) -> None:
    play(dst, m, random.Random(99), 3)  # other actions than the source's


def _longer(dst: MatchService, m: Any) -> None:
    play(dst, m, random.Random(2), 9)  # the same as the source's, and more


def test_a_different_match_under_the_same_id_is_refused() -> None:
    a = MatchService(MemoryStore())
    m = a.create("friday", None, seed=1)
    b_store = MemoryStore()
    other = a.store.load(m.match_id).record
    # the same id, another seed
    b = MatchService(MemoryStore())
    n = b.create("friday", None, seed=2)
    record = b.store.load(n.match_id).record
    b_store.create(attrs.evolve(record, match_id=other.match_id), a.store.tokens(m.match_id))
    report = copy_matches(a.store, b_store)
    assert report.failed and "different match" in report.failed[0][1]
    with pytest.raises(ValueError, match="same store"):
        copy_matches(a.store, a.store)


def _copy_cli(argv: list[str]) -> tuple[int, str]:
    import argparse

    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers()
    from islandgames.cli.service import add_service_commands

    add_service_commands(sub)
    out = io.StringIO()
    return cmd_copy_store(parser.parse_args(["copy-store", *argv]), out), out.getvalue()


def test_the_command(tmp_path: Path) -> None:
    src_path = tmp_path / "a.db"
    src = MatchService(SqliteStore(src_path))
    matches = populate(src)
    total = sum(src.status(m.spectator_token).seq for m in matches)
    src.close()
    dst_path = tmp_path / "b.db"
    code, out = _copy_cli([str(src_path), str(dst_path), "--json", "--quiet"])
    assert code == 0
    assert json.loads(out) == {
        "copied": 6,
        "extended": 0,
        "up_to_date": 0,
        "entries": total,
        "failed": [],
    }
    code, out = _copy_cli([str(src_path), str(dst_path), "--quiet"])
    assert (code, out.strip()) == (
        0,
        "0 match(es) copied, 0 extended, 6 already up to date; 0 entries appended",
    )
    assert main(["copy-store", str(src_path), str(src_path)]) == 2
    assert main(["copy-store", str(tmp_path / "missing.db"), str(dst_path)]) == 2
    assert not (tmp_path / "missing.db").exists()
    held = SqliteStore(src_path)  # a served (locked) store cannot be copied from
    try:
        assert main(["copy-store", str(src_path), str(tmp_path / "c.db")]) == 2
    finally:
        held.close()


def test_sqlite_to_postgresql(tmp_path: Path, pg_schema_url: str) -> None:
    from islandgames.service.postgres import PostgresStore

    src_path = tmp_path / "p.db"
    src = MatchService(SqliteStore(src_path))
    matches = populate(src)
    before = snapshot_of(src, matches)
    src.close()
    code, _ = _copy_cli([str(src_path), pg_schema_url, "--quiet"])
    assert code == 0
    pg: MatchStore = PostgresStore(pg_schema_url)
    out = MatchService(pg)
    try:
        assert snapshot_of(out, matches) == before
        # and play goes on there
        play(out, matches[5], random.Random(4), 5)
        assert out.status(matches[5].seats[0].token).seq == 5
    finally:
        out.close()


def test_a_closed_store_is_an_error(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "z.db")
    store.close()
    with pytest.raises(StoreError, match="closed"):
        copy_matches(store, MemoryStore())
