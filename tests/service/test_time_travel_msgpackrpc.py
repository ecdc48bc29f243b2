"""``state_at`` and ``fork`` over MessagePack-RPC (issue 17): a real server on 127.0.0.1,
the asyncio and the blocking client, the errors, and forked logs (header ``parent``)
through ``log`` and ``verify``."""

from __future__ import annotations

import asyncio
import io
import random
from collections.abc import AsyncIterator, Coroutine
from contextlib import asynccontextmanager
from typing import Any, TypeVar

import pytest
from islandgames_msgpackrpc import AsyncClient, Client, RpcServer

from islandgames import History, fork, verify_fork, verify_log, write_log
from islandgames.core import serde
from islandgames.core.log import parse_records, record_list
from islandgames.service import (
    GameNotOverError,
    InvalidArgumentError,
    InvalidTokenError,
    MatchService,
    MemoryStore,
)

TOY = "toy-bids"
T = TypeVar("T")


def run(coro: Coroutine[Any, Any, T], timeout: float = 120.0) -> T:
    async def bounded() -> T:
        return await asyncio.wait_for(coro, timeout)

    return asyncio.run(bounded())


@asynccontextmanager
async def serving() -> AsyncIterator[tuple[RpcServer, int]]:
    server = RpcServer(MatchService(MemoryStore(), snapshot_every=4))
    port = await server.start_tcp("127.0.0.1", 0)
    try:
        yield server, port
    finally:
        await server.close()
        server.service.close()


async def play_out(c: AsyncClient, tokens: dict[int, str], seed: int) -> int:
    rng = random.Random(seed)
    any_token = next(iter(tokens.values()))
    for _ in range(100_000):
        st = await c.status(any_token)
        if st["over"]:
            return int(st["seq"])
        seat = rng.choice(st["to_act"])
        legal = await c.legal_actions(tokens[seat])
        await c.act(tokens[seat], rng.choice(legal["actions"]), st["seq"])
    raise AssertionError("the game did not end")


def tokens_of(m: dict[str, Any]) -> dict[int, str]:
    return {s["seat"]: s["token"] for s in m["seats"]}


def test_state_at_and_fork_over_tcp() -> None:
    async def body() -> None:
        async with serving() as (server, port), await AsyncClient.connect(port=port) as c:
            assert {"state_at", "fork"} <= set((await c.server_info())["methods"])
            m = await c.create("not-alone", None, 19)
            tokens = tokens_of(m)
            rng = random.Random(19)
            for _ in range(25):
                st = await c.status(m["spectator_token"])
                seat = rng.choice(st["to_act"])
                legal = await c.legal_actions(tokens[seat])
                await c.act(tokens[seat], rng.choice(legal["actions"]), st["seq"])
            views: list[tuple[int | None, int, Any]] = []
            viewers: list[tuple[int | None, str]] = [*tokens.items(), (None, m["spectator_token"])]
            for seat, token in viewers:
                for seq in (0, 10, 25):
                    r = await c.state_at(token, seq)
                    assert r == server.service.state_at(token, seq).to_wire()
                    assert (r["seat"], r["seq"], r["current_seq"]) == (seat, seq, 25)
                    assert r["full"] is False and r["state"] is None
                    for h in r["view"]["hunted"]:
                        if h["seat"] != seat:
                            assert h["hand"] is None
                    views.append((seat, seq, r["view"]))
            with pytest.raises(GameNotOverError) as err:
                await c.state_at(tokens[0], 3, True)
            assert err.value.code == "GAME_NOT_OVER"  # type: ignore[attr-defined]
            with pytest.raises(GameNotOverError):
                await c.fork(tokens[0], 3)
            with pytest.raises(InvalidArgumentError, match="beyond") as beyond:
                await c.state_at(tokens[0], 26)
            assert beyond.value.details == {"current_seq": 25}
            for bad in (-1, True, 2.5, "3", None):
                with pytest.raises(InvalidArgumentError):
                    await c.state_at(tokens[0], bad)  # type: ignore[arg-type]
            with pytest.raises(InvalidArgumentError, match="full must be a bool"):
                await c.state_at(tokens[0], 1, 1)  # type: ignore[arg-type]
            with pytest.raises(InvalidArgumentError, match="state_at takes 2 to 3 params"):
                await c.call("state_at", tokens[0])
            with pytest.raises(InvalidTokenError):
                await c.state_at("nope", 0)
            with pytest.raises(InvalidTokenError):
                await c.fork("nope", 0)

            last = await play_out(c, tokens, 2)
            records = await c.log_records(m["spectator_token"])
            history = History(parse_records(records))
            for seat, seq, view in views:
                assert view == serde.to_wire(history.view_at(seq, seat))
            full = await c.state_at(m["spectator_token"], last // 2, True)
            assert full["state"] == serde.to_wire(history.state_at(last // 2))
            assert full["view"] is None

            f = await c.fork(tokens[2], last // 2)
            assert f["seq"] == last // 2 and f["over"] is False
            assert f["parent"] == {
                "match": m["match_id"],
                "seq": last // 2,
                "chain_hash": history.log.chain_hash_at(last // 2),
            }
            assert not {s["token"] for s in f["seats"]} & set(tokens.values())
            running = await c.log_records(f["spectator_token"])
            assert running[0]["parent"] == f["parent"]
            assert list(running[0])[-2:] == ["parent", "viewer"]
            assert (await c.verify(running))["status"] == "unfinished"
            await play_out(c, tokens_of(f), 8)
            fork_records = await c.log_records(f["seats"][0]["token"])
            fork_log = parse_records(fork_records)
            assert fork_log.header.parent is not None
            assert fork_log.header.parent.match == m["match_id"]
            assert verify_log(fork_log).status == "verified"
            assert (await c.verify(fork_records))["status"] == "verified"
            assert (await c.verify(fork_log))["status"] == "verified"
            assert verify_fork(fork_log, history.log).status == "verified"
            data = io.BytesIO()
            write_log(fork_log, data)
            assert (await c.verify(data.getvalue()))["status"] == "verified"
            tampered = [dict(r) for r in fork_records]
            tampered[0]["parent"] = {**tampered[0]["parent"], "seq": 1}
            assert (await c.verify(tampered))["status"] == "diverged"

    run(body())


def test_the_blocking_client_state_at_fork_and_a_library_fork() -> None:
    async def body() -> None:
        async with serving() as (_server, port):

            def blocking() -> None:
                with Client(port=port) as c:
                    m = c.create("friday", None, 37)
                    token = m.seats[0].token
                    while True:
                        legal = c.legal_actions(token)
                        if not legal.actions:
                            break
                        c.act(token, legal.actions[0], legal.seq)
                    log = c.log(token)
                    r = c.state_at(token, 2)
                    assert r.view == serde.to_wire(History(log).view_at(2, 0))
                    assert c.state_at(token, 2, True).state == serde.to_wire(
                        History(log).state_at(2)
                    )
                    f = c.fork(m.spectator_token, 2)
                    assert f.parent.match == m.match_id
                    with pytest.raises(InvalidArgumentError):
                        c.fork(token, -1)
                    # a fork made in the library, sent as records, verifies on the server
                    lib = fork(log, 5, match=m.match_id)
                    while lib.outcome() is None:
                        lib.act(0, lib.legal_actions(0)[-1])
                    records = record_list(lib.log())
                    assert records[0]["parent"]["seq"] == 5
                    assert c.verify(records).status == "verified"
                    assert c.verify(lib.log()).status == "verified"

            await asyncio.to_thread(blocking)

    run(body())
