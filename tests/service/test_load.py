"""Load (bounded, 127.0.0.1 only): 50 concurrent Friday matches, driven over 25
connections by concurrent clients, played to the end against a real server on a SQLite
store, with zero lost or duplicated actions. Prints actions per second."""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path
from typing import Any

import pytest
from islandgames_msgpackrpc import AsyncClient
from islandgames_msgpackrpc.process import ServerProcess

from islandgames import verify_log

MATCHES = 50
CONNECTIONS = 25
MAX_ACTIONS_PER_MATCH = 2_000
TIME_LIMIT = 90.0


async def drive(client: AsyncClient, token: str, seed: int) -> list[Any]:
    """Play one match to the end with random legal actions; the acknowledged actions."""
    rng = random.Random(seed)
    acked: list[Any] = []
    for _ in range(MAX_ACTIONS_PER_MATCH):
        legal = await client.legal_actions(token)
        if not legal["actions"]:
            return acked
        action = rng.choice(legal["actions"])
        r = await client.act(token, action, legal["seq"])
        assert r["seq"] == len(acked) + 1, "an acknowledged seq was skipped or repeated"
        acked.append(action)
    raise AssertionError("a match did not end within the action limit")


async def load(port: int) -> tuple[int, float, list[tuple[str, list[Any]]]]:
    clients = [await AsyncClient.connect(port=port) for _ in range(CONNECTIONS)]
    try:
        tokens = []
        for i in range(MATCHES):
            m = await clients[i % CONNECTIONS].create("friday", {"level": 1 + i % 4}, 7000 + i)
            tokens.append(m["seats"][0]["token"])
        start = time.perf_counter()
        results = await asyncio.wait_for(
            asyncio.gather(
                *(drive(clients[i % CONNECTIONS], tokens[i], i) for i in range(MATCHES))
            ),
            TIME_LIMIT,
        )
        elapsed = time.perf_counter() - start
        total = sum(len(r) for r in results)
        return total, elapsed, list(zip(tokens, results, strict=True))
    finally:
        for c in clients:
            await c.close()


async def audit(port: int, played: list[tuple[str, list[Any]]]) -> None:
    async with await AsyncClient.connect(port=port) as c:
        for token, acked in played:
            log = await c.log(token)
            assert log.end is not None
            assert [e.action for e in log.entries] == acked, "lost or duplicated actions"
            v = verify_log(log)
            assert v.status == "verified"


def test_fifty_concurrent_matches_to_completion(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with ServerProcess("--store", str(tmp_path / "load.db")) as server:
        total, elapsed, played = asyncio.run(load(server.port))
        asyncio.run(audit(server.port, played))
        assert server.stop() == 0
    assert len(played) == MATCHES and total >= MATCHES
    with capsys.disabled():
        print(
            f"\nload: {MATCHES} matches over {CONNECTIONS} connections, {total} actions "
            f"in {elapsed:.2f} s = {total / elapsed:.0f} actions/s "
            f"({2 * total / elapsed:.0f} requests/s)"
        )
