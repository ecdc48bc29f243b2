"""Real server processes on one PostgreSQL database (127.0.0.1 only, bounded in count
and time): clients spread over two servers race to play 50 matches to the end with no
action lost or applied twice; a server killed with SIGKILL mid-play loses nothing and its
matches go on through the other; a watcher on one server gets, in order, every action
made through the other."""

from __future__ import annotations

import asyncio
import os
import random
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import attrs
import pytest
from islandgames_msgpackrpc import AsyncClient
from islandgames_msgpackrpc.client import Watch
from islandgames_msgpackrpc.process import ServerProcess

from islandgames import verify_log
from islandgames.service import StaleSeqError

SERVICE_TESTS = Path(__file__).resolve().parent.parent / "service"
MAX_ACTS_PER_DRIVER = 2_000
TIME_LIMIT = 90.0


def child_env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(SERVICE_TESTS), env.get("PYTHONPATH")) if p)
    return env


@pytest.fixture
def servers(pg_schema_url: str) -> Iterator[list[ServerProcess]]:
    """Two servers on one fresh schema (stopped, or killed, at the end)."""
    args = ("--store", pg_schema_url, "--snapshot-every", "7", "--import", "toygame_plugin")
    with ExitStack() as stack:
        procs = []
        for _ in range(2):
            proc = ServerProcess(*args, env=child_env())
            stack.callback(proc.kill)
            procs.append(proc.start())
        yield procs
        for proc in procs:
            if proc.alive():
                assert proc.stop() == 0, proc.stderr_text()


@attrs.define
class Played:
    """One match and what its clients know about it."""

    game: str
    tokens: list[str]
    acked: dict[int, tuple[int, Any]] = attrs.field(factory=dict)  # seq -> (seat, action)
    stale: int = 0


async def audit(client: AsyncClient, played: list[Played]) -> None:
    """Every match is over and its log holds exactly the acknowledged actions."""
    for p in played:
        log = await client.log(p.tokens[0])
        assert log.end is not None, "the match should be over"
        assert sorted(p.acked) == list(range(1, len(log.entries) + 1)), "lost or extra seqs"
        assert [(e.seat, e.action) for e in log.entries] == [p.acked[s] for s in sorted(p.acked)]
        v = verify_log(log)
        assert v.status == "verified"


# --- 50 matches, clients on both servers racing ---------------------------------------------


async def race(client: AsyncClient, match: Played, rng: random.Random) -> None:
    """Act on ``match`` until it ends, with expected_seq; another client on the other
    server does the same at the same time, so many acts lose with STALE_SEQ."""
    for _ in range(MAX_ACTS_PER_DRIVER):
        status = await client.status(match.tokens[0])
        if status["over"]:
            return
        seat = rng.choice(status["to_act"])
        legal = await client.legal_actions(match.tokens[seat])
        if not legal["actions"] or legal["seq"] != status["seq"]:
            continue
        action = rng.choice(legal["actions"])
        try:
            r = await client.act(match.tokens[seat], action, legal["seq"])
        except StaleSeqError as exc:
            assert exc.current_seq > legal["seq"]
            match.stale += 1
            continue
        assert r["seq"] == legal["seq"] + 1
        assert r["seq"] not in match.acked, f"seq {r['seq']} acknowledged twice"
        match.acked[r["seq"]] = (seat, action)
    raise AssertionError("a match did not end within the action limit")


def test_fifty_matches_over_two_servers_lose_and_duplicate_nothing(
    servers: list[ServerProcess], capsys: pytest.CaptureFixture[str]
) -> None:
    per_server = 8

    async def main() -> tuple[list[Played], int]:
        pools = [
            [await AsyncClient.connect(port=s.port) for _ in range(per_server)] for s in servers
        ]
        try:
            played = []
            for i in range(50):
                creator = pools[i % 2][i % per_server]
                if i % 5 == 4:
                    m = await creator.create("toy-bids", {"seats": 3, "rounds": 6}, 500 + i)
                    game = "toy-bids"
                else:
                    m = await creator.create("friday", {"level": 1 + i % 4}, 500 + i)
                    game = "friday"
                played.append(Played(game, [s["token"] for s in m["seats"]]))
            drivers = [
                race(pools[side][(i + side) % per_server], p, random.Random(i * 2 + side))
                for i, p in enumerate(played)
                for side in (0, 1)
            ]
            await asyncio.wait_for(asyncio.gather(*drivers), TIME_LIMIT)
            for pool in pools:  # both servers tell the same story
                await audit(pool[0], played)
            return played, sum(p.stale for p in played)
        finally:
            for pool in pools:
                for c in pool:
                    await c.close()

    played, stale = asyncio.run(main())
    total = sum(len(p.acked) for p in played)
    assert stale > 0, "the two servers should have raced for some seqs"
    with capsys.disabled():
        print(f"\npostgres: 50 matches on 2 servers, {total} actions, {stale} lost races")


# --- SIGKILL of one server mid-play ----------------------------------------------------------


@attrs.define
class Failover:
    """A driver that acts through its server until it dies, then through the other."""

    match: Played
    rng: random.Random
    inflight: tuple[int, int, Any] | None = None  # (seq, seat, action) sent, not acked
    switched: bool = False
    in_flight_at_kill: str = ""  # "applied" or "lost": what became of the act in flight


async def drive_with_failover(
    ports: list[int], first: int, d: Failover, acks: list[int], died: asyncio.Event
) -> None:
    side = first
    client = await AsyncClient.connect(port=ports[side])
    try:
        for _ in range(MAX_ACTS_PER_DRIVER):
            try:
                status = await client.status(d.match.tokens[0])
                if d.inflight is not None:
                    await settle(client, d, status["seq"])
                if status["over"]:
                    return
                seat = d.rng.choice(status["to_act"])
                legal = await client.legal_actions(d.match.tokens[seat])
                action = d.rng.choice(legal["actions"])
                d.inflight = (legal["seq"] + 1, seat, action)
                r = await client.act(d.match.tokens[seat], action, legal["seq"])
                d.match.acked[r["seq"]] = (seat, action)
                d.inflight = None
                acks[0] += 1
            except (ConnectionError, OSError):
                assert side == 0 and died.is_set(), "only the killed server may fail"
                await client.close()
                side = 1
                d.switched = True
                client = await AsyncClient.connect(port=ports[side])
        raise AssertionError("a match did not end within the action limit")
    finally:
        await client.close()


async def settle(client: AsyncClient, d: Failover, seq: int) -> None:
    """After a failover: the act in flight when the server died is wholly there (at its
    seq) or wholly absent; every acknowledged act is there."""
    assert d.inflight is not None
    at, seat, action = d.inflight
    last = max(d.match.acked, default=0)
    assert last <= seq <= last + 1
    if seq == last + 1:
        log = await client.log(d.match.tokens[seat])
        entry = log.entries[at - 1]
        assert (entry.seq, entry.seat, entry.action) == (at, seat, action)
        d.match.acked[at] = (seat, action)
        d.in_flight_at_kill = "applied"
    else:
        d.in_flight_at_kill = "lost"
    d.inflight = None


def test_sigkill_of_one_server_loses_nothing(
    servers: list[ServerProcess], capsys: pytest.CaptureFixture[str]
) -> None:
    kill_after = 80
    ports = [s.port for s in servers]

    async def main() -> list[Failover]:
        async with await AsyncClient.connect(port=ports[1]) as c:
            drivers = []
            for i in range(6):
                if i % 3 == 2:
                    m = await c.create("toy-bids", {"seats": 3, "rounds": 8}, 900 + i)
                    game = "toy-bids"
                else:
                    m = await c.create("friday", {"level": 1 + i % 4}, 900 + i)
                    game = "friday"
                played = Played(game, [s["token"] for s in m["seats"]])
                drivers.append(Failover(played, random.Random(i)))
            acks = [0]
            died = asyncio.Event()
            # most matches are played through server 0, the one that will be killed
            tasks = [
                asyncio.create_task(drive_with_failover(ports, 0 if i < 5 else 1, d, acks, died))
                for i, d in enumerate(drivers)
            ]
            for _ in range(int(TIME_LIMIT / 0.002)):
                if acks[0] >= kill_after or all(t.done() for t in tasks):
                    break
                await asyncio.sleep(0.002)
            died.set()
            servers[0].kill()  # mid-flight: some acts are being processed right now
            await asyncio.wait_for(asyncio.gather(*tasks), TIME_LIMIT)
            await audit(c, [d.match for d in drivers])
            return drivers

    drivers = asyncio.run(main())
    assert not servers[0].alive()
    assert sum(d.switched for d in drivers) >= 3, "the kill should come mid-game"
    fates = [d.in_flight_at_kill for d in drivers if d.in_flight_at_kill]
    with capsys.disabled():
        print(
            f"\npostgres SIGKILL: {sum(len(d.match.acked) for d in drivers)} actions, "
            f"{sum(d.switched for d in drivers)} matches moved to the other server, acts in "
            f"flight: {fates.count('applied')} applied, {fates.count('lost')} not applied"
        )


# --- watching across servers ----------------------------------------------------------------


async def collect(watch: Watch, into: list[dict[str, Any]]) -> None:
    async for update in watch:
        into.append(update)


def test_watchers_on_one_server_get_every_action_made_through_the_other(
    servers: list[ServerProcess],
) -> None:
    a, b = servers

    async def main() -> None:
        watcher_a = await AsyncClient.connect(port=a.port)
        watcher_b = await AsyncClient.connect(port=b.port)
        actor = await AsyncClient.connect(port=b.port)
        try:
            games = [
                await actor.create("toy-bids", {"seats": 3, "rounds": 8}, 77),
                await actor.create("friday", {"level": 2}, 78),
            ]
            streams: list[tuple[list[dict[str, Any]], list[dict[str, Any]]]] = []
            tasks = []
            for m in games:
                for token in [*(s["token"] for s in m["seats"]), m["spectator_token"]]:
                    got_a: list[dict[str, Any]] = []
                    got_b: list[dict[str, Any]] = []
                    streams.append((got_a, got_b))
                    tasks.append(asyncio.create_task(collect(await watcher_a.watch(token), got_a)))
                    tasks.append(asyncio.create_task(collect(await watcher_b.watch(token), got_b)))
            rng = random.Random(7)
            finals = []
            for m in games:
                tokens = [s["token"] for s in m["seats"]]
                for _ in range(MAX_ACTS_PER_DRIVER):
                    status = await actor.status(tokens[0])
                    if status["over"]:
                        break
                    seat = rng.choice(status["to_act"])
                    legal = await actor.legal_actions(tokens[seat])
                    await actor.act(tokens[seat], rng.choice(legal["actions"]), legal["seq"])
                finals.append(status["seq"])
            await asyncio.wait_for(asyncio.gather(*tasks), 30)
            i = 0
            for m, final in zip(games, finals, strict=True):
                for _ in range(len(m["seats"]) + 1):
                    got_a, got_b = streams[i]
                    i += 1
                    assert [u["seq"] for u in got_a] == list(range(1, final + 1))
                    assert got_a[-1]["over"]
                    # the same updates as on the server that made the acts (but for the
                    # subscription number of each connection)
                    strip = [{k: v for k, v in u.items() if k != "subscription"} for u in got_a]
                    assert strip == [
                        {k: v for k, v in u.items() if k != "subscription"} for u in got_b
                    ]
        finally:
            for c in (watcher_a, watcher_b, actor):
                await c.close()

    asyncio.run(main())
