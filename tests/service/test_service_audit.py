"""The service and both transports after the log audit: stored matches of every rules
version, exact-typed actions stored canonically, and one set of verdicts everywhere.

``tests/golden/stores/store-0.1.0.db`` was written by islandgames 0.1.0 (commit ec5d216,
Friday and Gozer rules 1.0, before rules 1.1 existed): two running and two finished
matches, with their tokens in the JSON file beside it.
"""

from __future__ import annotations

import asyncio
import json
import random
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest
from islandgames_msgpackrpc import AsyncClient, RpcServer

from islandgames import (
    IllegalActionError,
    Match,
    UnsupportedRulesVersionError,
    get_game,
    verify_log,
)
from islandgames.core.errors import DecodeError
from islandgames.core.log import record_list
from islandgames.core.registry import rules_versions
from islandgames.core.rng import Rng
from islandgames.service import MatchService, MemoryStore, SqliteStore
from islandgames.service.transfer import copy_matches
from tests.grpc.grpc_kit import serving as grpc_serving

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "stores"
GAMES = ("friday", "forbidden-island", "not-alone", "gozer")


@pytest.fixture
def old_store(tmp_path: Path) -> Iterator[tuple[Path, list[dict[str, Any]]]]:
    db = tmp_path / "store.db"
    shutil.copyfile(GOLDEN / "store-0.1.0.db", db)
    yield db, json.loads((GOLDEN / "store-0.1.0.json").read_text())


def _finish(svc: MatchService, tokens: list[str], seed: int) -> int:
    rng = random.Random(seed)
    while True:
        st = svc.status(tokens[0])
        if st.over:
            return st.seq
        seat = st.to_act[0]
        action = rng.choice(svc.legal_actions(tokens[seat]).actions)
        svc.act(tokens[seat], action, expected_seq=st.seq)


# --- stored matches of an earlier rules version -------------------------------------------


def test_matches_stored_by_0_1_0_load_play_on_and_verify_under_rules_1_0(
    old_store: tuple[Path, list[dict[str, Any]]],
) -> None:
    db, matches = old_store
    for load_from_snapshot in (True, False):
        svc = MatchService(SqliteStore(db), load_from_snapshot=load_from_snapshot)
        for m in matches:
            st = svc.status(m["tokens"][0])
            assert st.rules_version == m["rules_version"] == "1.0"
            assert (st.seq, st.over, st.chain_hash) == (m["seq"], m["over"], m["chain_hash"])
            if not st.over:
                assert svc.legal_actions(m["tokens"][st.to_act[0]]).actions
            log = svc.log(m["spectator"])
            assert log.header.rules_version == "1.0" and log.header.engine_version == "0.1.0"
            assert verify_log(log).status == ("verified" if m["over"] else "unfinished")
        svc.close()
    svc = MatchService(SqliteStore(db))
    for m in matches:
        if not m["over"]:
            seq = _finish(svc, m["tokens"], m["seed"])  # finished under its own rules
            assert seq > m["seq"]
        v = verify_log(svc.log(m["tokens"][0]))
        assert v.status == "verified", v
        assert svc.status(m["tokens"][0]).rules_version == "1.0"
    dst = MemoryStore()
    report = copy_matches(svc.store, dst)
    assert report.ok and report.copied == len(matches), report.failed
    svc.close()


def test_a_stored_match_of_a_version_this_engine_never_had_is_its_own_error() -> None:
    store = MemoryStore()
    svc = MatchService(store)
    m = svc.create("gozer", {"players": 2}, seed=3)
    record = store.load(m.match_id).record
    # the same match as a newer engine (rules "9.9") might have stored it
    future = attrs.evolve(
        record, match_id="m-future", header=attrs.evolve(record.header, rules_version="9.9")
    )
    token_rows = store.tokens(m.match_id)
    store2 = MemoryStore()
    store2.create(future, [attrs.evolve(t, match_id="m-future") for t in token_rows])
    svc2 = MatchService(store2)
    with pytest.raises(UnsupportedRulesVersionError, match=r"9\.9"):
        svc2.status(m.seats[0].token)
    report = copy_matches(store2, MemoryStore())
    assert not report.ok and "9.9" in report.failed[0][1]


def test_create_under_an_earlier_rules_version() -> None:
    svc = MatchService()
    m = svc.create("friday", {"level": 2}, seed=5, rules_version="1.0")
    assert svc.status(m.seats[0].token).rules_version == "1.0"
    with pytest.raises(UnsupportedRulesVersionError):
        svc.create("friday", None, seed=5, rules_version="0.9")
    games = {g["id"]: g for g in svc.games()}
    assert games["friday"]["rules_versions"] == ["1.0", "1.1", "1.2"]
    assert games["friday"]["rules_version"] == "1.2"


# --- exact types, canonical storage -------------------------------------------------------------


def test_a_bool_for_an_int_is_never_acknowledged(tmp_path: Path) -> None:
    from islandgames.games.gozer.actions import Step

    svc = MatchService(SqliteStore(tmp_path / "s.db"))
    m = svc.create("gozer", {"players": 2}, seed=1)
    token = m.seats[m.to_act[0]].token
    legal = svc.legal_actions(token).actions
    step = next(a for a in legal if a["type"] == "step")
    with pytest.raises(IllegalActionError, match="expected int, got bool"):
        svc.act(token, Step(True), expected_seq=0)
    with pytest.raises(DecodeError, match="expected int, got bool"):
        svc.act(token, {**step, "to": True}, expected_seq=0)
    assert svc.status(token).seq == 0 and svc.store.load(m.match_id).entries == ()


@pytest.mark.parametrize("game_id", GAMES)
def test_every_acknowledged_action_reloads_to_the_same_state(tmp_path: Path, game_id: str) -> None:
    """Two matches share a cache of one: every act reloads its match from the store,
    replaying every stored entry from the seed, and must reach the acknowledged hashes."""
    svc = MatchService(
        SqliteStore(tmp_path / "s.db"), cache_size=1, load_from_snapshot=False, snapshot_every=3
    )
    game = get_game(game_id)
    made = [svc.create(game_id, None, seed=s) for s in (1, 2)]
    rngs = [Rng.from_seed(s, "reload") for s in (1, 2)]
    acked = [0, 0]
    for step in range(120):
        i = step % 2
        tokens = [s.token for s in made[i].seats]
        st = svc.status(tokens[0])  # reloaded (the other match was used last)
        if st.over:
            continue
        seat = st.to_act[0]
        legal = svc.legal_actions(tokens[seat]).actions
        wire, rngs[i] = rngs[i].choice(legal)
        # half the acts as typed objects, half as wire maps
        action = game.decode_action(wire) if step % 4 < 2 else wire
        result = svc.act(tokens[seat], action, expected_seq=st.seq)
        acked[i] += 1
        stored = svc.store.load(made[i].match_id).entries[-1]
        assert stored.action == game.encode_action(game.decode_action(wire))
        assert (stored.state_hash, stored.chain_hash) == (result.state_hash, result.chain_hash)
    for i in (0, 1):
        svc2 = MatchService(svc.store, load_from_snapshot=False)
        st = svc2.status(made[i].seats[0].token)
        assert st.seq == acked[i] > 0
        assert st.chain_hash == svc.status(made[i].seats[0].token).chain_hash


# --- the same verdicts over both transports -------------------------------------------------------


def _finished_log(game_id: str = "not-alone", seed: int = 4, upto: int | None = None) -> Any:
    """A random game, played to its end (or to ``upto`` entries)."""
    game = get_game(game_id)
    m = Match(game, seed=seed)
    rng = Rng.from_seed(seed, "audit")
    while m.outcome() is None and (upto is None or m.seq < upto):
        choices = [(s, a) for s in game.seats(m.state) for a in m.legal_actions(s)]
        (seat, action), rng = rng.choice(choices)
        m.act(seat, action)
    return m


def _tampered(m: Match) -> list[dict[str, Any]]:
    """The audit's first log: one entry masked, the outcome rewritten."""
    records = record_list(m.log())
    records[5]["action"] = records[5]["salt"] = None
    for r in records[-1]["outcome"]["results"]:
        r["result"], r["score"] = "win", 999
    return records


def _shuffled(value: Any, rng: random.Random) -> Any:
    if isinstance(value, dict):
        items = [(k, _shuffled(v, rng)) for k, v in value.items()]
        rng.shuffle(items)
        return dict(items)
    if isinstance(value, list):
        return [_shuffled(v, rng) for v in value]
    return value


def test_verdicts_over_messagepack_rpc() -> None:
    m = _finished_log()
    honest = record_list(m.log())
    # a per-seat log of the game half-way: running (made then, not cut from the final
    # one: a Not Alone per-seat log reveals a commit only once the reveal has happened)
    running = record_list(_finished_log(upto=len(honest) // 2 - 1).log(1))
    future = record_list(m.log())
    future[0]["rules_version"] = "9.9"

    async def go() -> None:
        server = RpcServer(MatchService(MemoryStore()))
        port = await server.start_tcp("127.0.0.1", 0)
        try:
            async with await AsyncClient.connect(port=port) as c:
                v = await c.verify(honest)
                assert v == verify_log(m.log()).to_wire() and v["status"] == "verified"
                # a client whose maps have no order (Go, many JSON libraries)
                rng = random.Random(1)
                shuffled = [_shuffled(r, rng) for r in honest]
                assert (await c.verify(shuffled))["status"] == "verified"
                bad = await c.verify(_tampered(m))
                assert bad["status"] == "diverged" and bad["divergence"]["seq"] == 5
                assert bad["outcome"] is None
                v = await c.verify(running)
                assert v["status"] == "unfinished" and v["viewer"] == 1
                v = await c.verify(running, honest)
                assert v["status"] == "verified" and v["viewer"] == 1
                with pytest.raises(UnsupportedRulesVersionError) as info:
                    await c.verify(future)
                assert info.value.code == "UNSUPPORTED_RULES_VERSION"  # type: ignore[attr-defined]
                assert info.value.known == rules_versions("not-alone")
        finally:
            await server.close()
            server.service.close()

    asyncio.run(asyncio.wait_for(go(), 60))


def test_verdicts_over_grpc() -> None:
    m = _finished_log()
    with grpc_serving() as served:
        client = served.client()
        try:
            v = client.verify(m.log())
            assert v == verify_log(m.log()) and v.status == "verified"
            bad = client.verify(_tampered(m))
            assert bad.status == "diverged" and bad.divergence is not None
            assert bad.divergence.seq == 5 and bad.outcome is None
            cut = attrs.evolve(m.log(1), end=None)
            cut = attrs.evolve(cut, entries=cut.entries[:20])
            v = client.verify(cut)
            assert v.status == "unfinished" and v.viewer == 1
            assert client.verify(cut, m.log()).status == "verified"
            future = m.log()
            future = attrs.evolve(future, header=attrs.evolve(future.header, rules_version="9.9"))
            with pytest.raises(UnsupportedRulesVersionError) as info:
                client.verify(future)
            assert info.value.code == "UNSUPPORTED_RULES_VERSION"  # type: ignore[attr-defined]
        finally:
            client.close()

