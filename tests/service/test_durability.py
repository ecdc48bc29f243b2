"""Durability: a real server on a SQLite store is killed with SIGKILL while clients are
acting; after a restart every acknowledged action is there, the hashes verify, and play
goes on to the end (twice over, so the reload from snapshots is exercised)."""

from __future__ import annotations

import asyncio
import os
import random
from pathlib import Path
from typing import Any

import attrs
from islandgames_msgpackrpc import AsyncClient
from islandgames_msgpackrpc.process import ServerProcess

from islandgames import verify_log
from islandgames.core.log import ReplayLog

HERE = Path(__file__).resolve().parent
KILL_AFTER = 60  # acknowledged actions per life of the server
TIME_LIMIT = 60.0
#: What the kills caught: acts in flight that were applied (no ack) or not.
STATS = {"applied_in_flight": 0, "lost_in_flight": 0}


def child_env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(HERE), env.get("PYTHONPATH")) if p)
    return env


@attrs.define
class Driven:
    """One match and what its driver knows about it."""

    game: str
    tokens: list[str]
    rng: random.Random
    acked: dict[int, tuple[int, Any]] = attrs.field(factory=dict)  # seq -> (seat, action)
    inflight: tuple[int, int, Any] | None = None  # (seq, seat, action) sent, not acked
    over: bool = False


async def drive(port: int, match: Driven, acks: list[int], stop: asyncio.Event) -> None:
    """Act on one match over its own connection until the game ends or the server dies."""
    try:
        client = await AsyncClient.connect(port=port)
    except OSError:
        return
    try:
        while not stop.is_set():
            st = await client.status(match.tokens[0])
            if st["over"]:
                match.over = True
                return
            seat = match.rng.choice(st["to_act"])
            legal = await client.legal_actions(match.tokens[seat])
            action = match.rng.choice(legal["actions"])
            match.inflight = (st["seq"] + 1, seat, action)
            r = await client.act(match.tokens[seat], action, st["seq"])
            match.acked[r["seq"]] = (seat, action)
            match.inflight = None
            acks[0] += 1
    except (ConnectionError, OSError):
        return  # the server was killed under us
    finally:
        await client.close()


async def one_life(port: int, matches: list[Driven], kill: ServerProcess | None) -> None:
    """Drive every unfinished match; if ``kill``, SIGKILL it after KILL_AFTER acks."""
    acks = [0]
    stop = asyncio.Event()
    tasks = [asyncio.create_task(drive(port, m, acks, stop)) for m in matches if not m.over]
    if kill is not None:
        while acks[0] < KILL_AFTER and not all(t.done() for t in tasks):
            await asyncio.sleep(0.002)
        kill.kill()  # mid-flight: some acts are being processed right now
    await asyncio.wait_for(asyncio.gather(*tasks), TIME_LIMIT)


async def check_after_restart(port: int, matches: list[Driven]) -> None:
    async with await AsyncClient.connect(port=port) as c:
        for m in matches:
            st = await c.status(m.tokens[0])
            last_acked = max(m.acked, default=0)
            seq = st["seq"]
            # every acknowledged action is there; at most the one in flight was added
            assert seq >= last_acked
            assert seq <= last_acked + (1 if m.inflight is not None else 0)
            if seq == last_acked + 1:
                assert m.inflight is not None and m.inflight[0] == seq
                m.acked[seq] = m.inflight[1:]
                STATS["applied_in_flight"] += 1
            elif m.inflight is not None:
                STATS["lost_in_flight"] += 1
            m.inflight = None
            logs: dict[int, ReplayLog] = {}
            for seq_i, (seat, action) in m.acked.items():
                if seat not in logs:
                    logs[seat] = await c.log(m.tokens[seat])
                    assert verify_log(logs[seat]).status != "diverged"  # the hash chain verifies
                entry = logs[seat].entries[seq_i - 1]
                assert entry.seq == seq_i and entry.seat == seat
                assert entry.action == action
            assert sorted(m.acked) == list(range(1, seq + 1))


def test_sigkill_loses_no_acknowledged_action(tmp_path: Path) -> None:
    db = str(tmp_path / "durable.db")
    args = ("--store", db, "--snapshot-every", "7", "--import", "toygame_plugin")

    async def create(port: int) -> list[Driven]:
        async with await AsyncClient.connect(port=port) as c:
            out = []
            for i in range(4):
                m = await c.create("friday", {"level": 1 + i % 4}, 1000 + i)
                out.append(Driven("friday", [s["token"] for s in m["seats"]], random.Random(i)))
            for i in range(2):
                m = await c.create("toy-bids", {"seats": 3, "rounds": 8}, 2000 + i)
                tokens = [s["token"] for s in m["seats"]]
                out.append(Driven("toy-bids", tokens, random.Random(10 + i)))
            return out

    server = ServerProcess(*args, env=child_env()).start()
    try:
        matches = asyncio.run(create(server.port))
        asyncio.run(one_life(server.port, matches, kill=server))
        assert not server.alive()
        killed_acks = sum(len(m.acked) for m in matches)
        assert killed_acks >= KILL_AFTER
        assert any(not m.over for m in matches), "the kill should come mid-game"
        for _life in range(2):
            server = ServerProcess(*args, env=child_env()).start()
            asyncio.run(check_after_restart(server.port, matches))
            kill = server if _life == 0 else None
            asyncio.run(one_life(server.port, matches, kill=kill))
            if kill is not None:
                assert not server.alive()
        assert all(m.over for m in matches)

        async def final() -> None:
            async with await AsyncClient.connect(port=server.port) as c:
                for m in matches:
                    log = await c.log(m.tokens[0])
                    assert log.viewer == "all" and log.end is not None
                    v = verify_log(log)
                    assert v.status == "verified"
                    assert [(e.seat, e.action) for e in log.entries] == [
                        m.acked[s] for s in sorted(m.acked)
                    ]
                    assert (await c.verify(log))["status"] == "verified"

        asyncio.run(final())
        assert server.stop() == 0
        print(f"durability: {sum(len(m.acked) for m in matches)} actions, 2 kills, {STATS}")
    finally:
        server.kill()
