"""The MessagePack-RPC adapter: real servers on 127.0.0.1 (in process and as child
processes), the Python clients, the stdio transport, and hostile input."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import io
import os
import random
from collections.abc import AsyncIterator, Coroutine
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar

import pytest
from islandgames_msgpackrpc import AsyncClient, Client, FrameDecoder, RpcServer
from islandgames_msgpackrpc.app import main as server_main
from islandgames_msgpackrpc.process import ServerProcess
from islandgames_msgpackrpc.protocol import pack

from islandgames import IslandGamesError, NotYourTurnError, verify_log
from islandgames.cli.service import add_service_commands, cmd_demo, cmd_serve
from islandgames.core.log import parse_records
from islandgames.service import (
    InvalidArgumentError,
    InvalidTokenError,
    MatchService,
    MemoryStore,
    PermissionDeniedError,
    StaleSeqError,
)
from islandgames.service.errors import ProtocolError, error_from_wire

HERE = Path(__file__).resolve().parent
TOY = "toy-bids"
T = TypeVar("T")


def run(coro: Coroutine[Any, Any, T], timeout: float = 60.0) -> T:
    async def bounded() -> T:
        return await asyncio.wait_for(coro, timeout)

    return asyncio.run(bounded())


def child_env() -> dict[str, str]:
    """The environment of a server child process: it can import the test game."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(HERE), env.get("PYTHONPATH")) if p)
    return env


@asynccontextmanager
async def serving(**kwargs: Any) -> AsyncIterator[tuple[RpcServer, int]]:
    server = RpcServer(MatchService(MemoryStore(), snapshot_every=4), **kwargs)
    port = await server.start_tcp("127.0.0.1", 0)
    try:
        yield server, port
    finally:
        await server.close()
        server.service.close()


class Raw:
    """A raw TCP connection speaking bytes, for hostile-input tests."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.decoder = FrameDecoder()
        self.frames: list[Any] = []

    @classmethod
    async def open(cls, port: int) -> Raw:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        return cls(reader, writer)

    async def send(self, *values: Any) -> None:
        self.writer.write(b"".join(pack(v) for v in values))
        await self.writer.drain()

    async def send_bytes(self, data: bytes) -> None:
        self.writer.write(data)
        await self.writer.drain()

    async def recv(self, timeout: float = 10.0) -> Any:
        while not self.frames:
            data = await asyncio.wait_for(self.reader.read(65536), timeout)
            if not data:
                raise ConnectionError("closed")
            frames, error = self.decoder.feed(data)
            assert error is None
            self.frames.extend(frames)
        return self.frames.pop(0)

    async def closed_by_server(self, timeout: float = 10.0) -> bool:
        try:
            while True:
                data = await asyncio.wait_for(self.reader.read(65536), timeout)
                if not data:
                    return True
        except (ConnectionError, TimeoutError):
            return False

    async def close(self) -> None:
        self.writer.close()
        with contextlib.suppress(ConnectionError):
            await self.writer.wait_closed()


async def play_toy(
    client: AsyncClient, tokens: list[str], rng: random.Random, limit: int = 500
) -> int:
    for _ in range(limit):
        st = await client.status(tokens[0])
        if st["over"]:
            return int(st["seq"])
        seat = rng.choice(st["to_act"])
        legal = await client.legal_actions(tokens[seat])
        await client.act(tokens[seat], rng.choice(legal["actions"]), st["seq"])
    raise AssertionError("the game did not end")


# --- the methods ---------------------------------------------------------------------------


def test_every_method_over_tcp() -> None:
    async def body() -> None:
        async with serving() as (_server, port), await AsyncClient.connect(port=port) as c:
            info = await c.server_info()
            assert info["protocol"] == "islandgames-msgpackrpc" and "act" in info["methods"]
            assert await c.echo({"a": [1, "b", None]}) == {"a": [1, "b", None]}
            assert TOY in [g["id"] for g in await c.games()]
            m = await c.create(TOY, {"seats": 2}, "0x2a")
            assert set(m) >= {"match_id", "seats", "spectator_token", "seed_commitment"}
            tokens = [s["token"] for s in m["seats"]]
            view = await c.view(tokens[0])
            assert view["seat"] == 0 and view["seq"] == 0 and len(view["view"]["hand"]) == 2
            legal = await c.legal_actions(tokens[1])
            assert legal["seat"] == 1 and all(a["type"] == "bid" for a in legal["actions"])
            assert (await c.legal_actions(m["spectator_token"]))["actions"] == []
            st = await c.status(m["spectator_token"])
            assert st["seat"] is None and st["to_act"] == [0, 1] and st["game"] == TOY
            r = await c.act(tokens[1], legal["actions"][0], 0)
            assert r["seq"] == 1 and r["seat"] == 1 and r["to_act"] == [0]
            with pytest.raises(StaleSeqError) as stale:
                await c.act(tokens[0], (await c.legal_actions(tokens[0]))["actions"][0], 0)
            assert stale.value.current_seq == 1
            assert stale.value.code == "STALE_SEQ"  # type: ignore[attr-defined]
            with pytest.raises(NotYourTurnError):
                await c.act(tokens[1], legal["actions"][1], 1)
            with pytest.raises(PermissionDeniedError):
                await c.act(m["spectator_token"], legal["actions"][1], 1)
            with pytest.raises(InvalidTokenError):
                await c.view("igt_nope")
            with pytest.raises(InvalidArgumentError, match="act takes 2 to 3 params"):
                await c.call("act", tokens[0])
            with pytest.raises(ProtocolError) as unknown:
                await c.call("drop_tables")
            assert unknown.value.code == "METHOD_NOT_FOUND"
            seq = await play_toy(c, tokens, random.Random(1))
            records = await c.log_records(tokens[0])
            assert records[0]["type"] == "header" and records[-1]["type"] == "end"
            assert len(records) == seq + 2
            v = await c.verify(records)
            assert v["status"] == "verified" and v["entries"] == seq
            log = await c.log(tokens[1])
            assert verify_log(log).status == "verified"
            # a ReplayLog object is sent as records
            assert (await c.verify(log))["status"] == "verified"
            bad = [dict(r) for r in records]
            bad[3]["state_hash"] = "00" * 32
            v = await c.verify(bad)
            assert v["status"] == "diverged" and v["divergence"]["seq"] == 3
            assert v["divergence"]["what"] in ("chain_hash", "state_hash")

    run(body())


def test_records_pack_to_the_log_file_bytes(tmp_path: Path) -> None:
    from islandgames_msgpackrpc import log_records

    from islandgames import write_log

    svc = MatchService()
    m = svc.create("friday", None, seed=3)
    tok = m.seats[0].token
    rng = random.Random(3)
    seq = 0
    while actions := svc.legal_actions(tok).actions:
        seq = svc.act(tok, rng.choice(actions), seq).seq
    log = svc.log(tok)
    write_log(log, tmp_path / "g.log")
    assert b"".join(pack(r) for r in log_records(log)) == (tmp_path / "g.log").read_bytes()
    assert parse_records(log_records(log)) == log


# --- hostile input -------------------------------------------------------------------------


def test_invalid_messages_get_errors_and_the_connection_goes_on() -> None:
    async def body() -> None:
        async with serving() as (_server, port):
            raw = await Raw.open(port)
            await raw.send([0, 1, "echo", ["hi"]])
            assert await raw.recv() == [1, 1, None, "hi"]
            cases: list[tuple[Any, Any]] = [
                ([0, 2, "nope", []], (1, 2, "METHOD_NOT_FOUND")),
                ([0, 3, "act", ["x"]], (1, 3, "INVALID_ARGUMENT")),
                ([0, 4, "echo"], (1, 4, "INVALID_REQUEST")),
                ([0, 5, 7, []], (1, 5, "INVALID_REQUEST")),
                ([0, 6, "echo", {"a": 1}], (1, 6, "INVALID_REQUEST")),
                ([0, 7, "view", [None]], (1, 7, "UNAUTHENTICATED")),
                ([0, 8, "create", ["friday", None, "zz"]], (1, 8, "INVALID_ARGUMENT")),
                ([0, 9, "create", ["friday", {"level": "x"}]], (1, 9, "DECODE_ERROR")),
                ([0, 10, "create", ["friday", {"level": 9}]], (1, 10, "INVALID_CONFIG")),
                ([0, 11, "create", ["go"]], (1, 11, "UNKNOWN_GAME")),
                ([0, 12, "verify", [b"\x00\x01"]], (1, 12, "LOG_FORMAT")),
                ([0, "x", "echo", []], (2, "error", "INVALID_REQUEST")),
                ([0, 1 << 32, "echo", []], (2, "error", "INVALID_REQUEST")),
                ({"a": 1}, (2, "error", "INVALID_REQUEST")),
                ([], (2, "error", "INVALID_REQUEST")),
                (5, (2, "error", "INVALID_REQUEST")),
                ([1, 9, None, None], (2, "error", "INVALID_REQUEST")),
                ([7, 1, "echo", []], (2, "error", "INVALID_REQUEST")),
            ]
            for message, (kind, ident, code) in cases:
                await raw.send(message)
                reply = await raw.recv()
                assert reply[0] == kind, (message, reply)
                if kind == 1:
                    assert reply[1] == ident and reply[3] is None
                    err = reply[2]
                else:
                    assert reply[1] == ident
                    err = reply[2][0]
                assert err["code"] == code, (message, err)
                assert isinstance(err["message"], str) and isinstance(err["details"], dict)
                # what docs/protocol-msgpack.md gives pynvim users as their error_wrapper
                exc = error_from_wire(err)
                assert isinstance(exc, IslandGamesError), (err, exc)
                assert getattr(exc, "code", None) == code, (err, exc)
            # a client notification gets no answer; the next request is answered
            await raw.send([2, "hello", []], [0, 20, "echo", [20]])
            assert await raw.recv() == [1, 20, None, 20]
            # pipelined requests are answered in order
            await raw.send(*([0, 100 + i, "echo", [i]] for i in range(50)))
            assert [await raw.recv() for _ in range(50)] == [
                [1, 100 + i, None, i] for i in range(50)
            ]
            await raw.close()

    run(body())


@pytest.mark.parametrize(
    "garbage",
    [
        b"\xc1",  # a byte msgpack never uses
        pack({1: 2}),  # a map with a non-string key
        b"\xd9\x02\xff\xfe",  # a str that is not UTF-8
        b"\x91" * 5000,  # nesting deeper than the decoder allows... or simply incomplete
    ],
    ids=["never-used", "int-key", "bad-utf8", "deep"],
)
def test_malformed_bytes_end_only_that_connection(garbage: bytes) -> None:
    async def body() -> None:
        async with serving() as (_server, port):
            other = await AsyncClient.connect(port=port)
            m = await other.create("friday", None, 1)
            raw = await Raw.open(port)
            await raw.send_bytes(garbage)
            if garbage.startswith(b"\x91"):
                await raw.send_bytes(b"\x90" + b"\xc1")  # finish with junk
            reply = await raw.recv()
            assert reply[0] == 2 and reply[1] == "error"
            assert reply[2][0]["code"] in ("MALFORMED_FRAME", "FRAME_TOO_LARGE")
            assert await raw.closed_by_server()
            tok = m["seats"][0]["token"]
            legal = await other.legal_actions(tok)
            assert (await other.act(tok, legal["actions"][0], 0))["seq"] == 1
            async with await AsyncClient.connect(port=port) as fresh:
                assert await fresh.echo(1) == 1
            await other.close()

    run(body())


def test_oversized_frames_are_refused_without_harm() -> None:
    async def body() -> None:
        async with serving(max_frame=64 * 1024) as (_server, port):
            other = await AsyncClient.connect(port=port)
            # just under the limit: fine
            assert await other.echo("x" * 60_000) == "x" * 60_000
            raw = await Raw.open(port)
            await raw.send([0, 1, "echo", ["y" * 100_000]])
            reply = await raw.recv()
            assert reply[0] == 2 and reply[2][0]["code"] == "FRAME_TOO_LARGE"
            assert await raw.closed_by_server()
            # a frame that announces 1 GiB and then trickles in
            drip = await Raw.open(port)
            await drip.send_bytes(b"\x94\x00\x01\xa4echo\x91\xdb\x40\x00\x00\x00")
            for _ in range(20):
                await drip.send_bytes(b"z" * 4096)
            reply = await drip.recv()
            assert reply[2][0]["code"] == "FRAME_TOO_LARGE"
            assert await drip.closed_by_server()
            # half a frame and a hang-up
            half = await Raw.open(port)
            await half.send_bytes(pack([0, 1, "echo", ["abc"]])[:5])
            await half.close()
            assert await other.echo("still here") == "still here"
            await other.close()

    run(body())


def test_connection_limit_is_enforced_politely() -> None:
    async def body() -> None:
        async with serving(max_connections=2) as (_server, port):
            a = await AsyncClient.connect(port=port)
            b = await AsyncClient.connect(port=port)
            assert await a.echo(1) == 1 and await b.echo(2) == 2
            raw = await Raw.open(port)
            reply = await raw.recv()
            assert reply[2][0]["code"] == "OVERLOADED"
            assert await raw.closed_by_server()
            await a.close()
            await b.close()

    run(body())


# --- watch ---------------------------------------------------------------------------------


def test_watch_notifications_are_redacted_per_seat_and_ordered() -> None:
    async def body() -> None:
        async with serving() as (_server, port):
            actor = await AsyncClient.connect(port=port)
            watcher = await AsyncClient.connect(port=port)
            m = await actor.create(TOY, {"seats": 2, "rounds": 2}, 99)
            tokens = [s["token"] for s in m["seats"]]
            spect = await watcher.watch(m["spectator_token"])
            seat1 = await watcher.watch(tokens[1])
            assert spect.active and spect.seq == 0 and seat1.seat == 1
            # seat 0 bids: seat 1 and the spectator see that seat 0 acted, not the card
            bid = (await actor.legal_actions(tokens[0]))["actions"][0]
            await actor.act(tokens[0], bid, 0)
            u = await spect.next(10)
            assert u["seq"] == 1 and u["seat"] == 0 and u["action"] is None
            assert u["subscription"] == spect.subscription and u["view"]["hand"] == []
            u1 = await seat1.next(10)
            assert u1["action"] is None and u1["view"]["has_bid"] == [True, False]
            assert bid["card"] not in str(u1)
            seq = await play_toy(actor, tokens, random.Random(5))
            updates = [u] + [x async for x in spect]
            assert [x["seq"] for x in updates] == list(range(1, seq + 1))
            assert updates[-1]["over"]
            rest = [x async for x in seat1]
            assert [x["seq"] for x in rest] == list(range(2, seq + 1))
            # catch up from seq 0 after the end: everything, bids now revealed
            late = await watcher.watch(tokens[1], 0)
            assert not late.active
            caught = [await late.next(10) for _ in range(seq)]
            assert [x["seq"] for x in caught] == list(range(1, seq + 1))
            assert caught[0]["action"] == bid
            await actor.close()
            await watcher.close()

    run(body())


def test_unwatch_stops_notifications() -> None:
    async def body() -> None:
        async with serving() as (_server, port):
            c = await AsyncClient.connect(port=port)
            m = await c.create("friday", None, 4)
            tok = m["seats"][0]["token"]
            w = await c.watch(tok)
            legal = await c.legal_actions(tok)
            await c.act(tok, legal["actions"][0], 0)
            assert (await w.next(10))["seq"] == 1
            await w.close()
            assert await c.call("unwatch", w.subscription) is False
            legal = await c.legal_actions(tok)
            await c.act(tok, legal["actions"][0], 1)
            await c.echo(None)  # any update would have arrived before this response
            assert w.queue.empty()
            await c.close()

    run(body())


# --- transports and programs -----------------------------------------------------------------


def test_stdio_transport_plays_a_game() -> None:
    async def body() -> None:
        client = await AsyncClient.spawn(
            [
                *_python_m(),
                "--stdio",
                "--memory",
                "--import",
                "toygame_plugin",
            ],
            env=child_env(),
        )
        try:
            m = await client.create(TOY, {"seats": 3}, 5)
            tokens = [s["token"] for s in m["seats"]]
            w = await client.watch(m["spectator_token"])
            seq = await play_toy(client, tokens, random.Random(6))
            assert [u["seq"] async for u in w] == list(range(1, seq + 1))
            v = await client.verify(await client.log_records(tokens[0]))
            assert v["status"] == "verified"
        finally:
            await client.close()  # closes the child's stdin: it exits
        assert client.process is not None and client.process.returncode == 0

    run(body())


def _python_m() -> list[str]:
    import sys

    return [sys.executable, "-m", "islandgames_msgpackrpc"]


def test_server_program_with_the_default_sqlite_store(tmp_path: Path) -> None:
    with ServerProcess("--import", "toygame_plugin", env=child_env(), cwd=tmp_path) as server:
        with Client(port=server.port, timeout=30) as c:
            m = c.create(TOY, None, 12)
            tokens = [s.token for s in m.seats]
            watch = c.watch(tokens[0])
            legal = c.legal_actions(tokens[0])
            r = c.act(tokens[0], legal.actions[0], 0)
            assert r.seq == 1
            update = watch.next(10)
            assert update is not None and update.seq == 1 and update.seat == 0
            with pytest.raises(StaleSeqError):
                c.act(tokens[1], c.legal_actions(tokens[1]).actions[0], 0)
            # the raw forms: the watch's reply and updates as the server sent them
            raw = c.call("watch", tokens[1])
            c.act(tokens[1], c.legal_actions(tokens[1]).actions[0], 1)
            sent = c.next_update(10, raw["subscription"])
            assert sent["subscription"] == raw["subscription"] and sent["seq"] == 2
            assert c.unwatch(raw["subscription"]) is True
            assert watch.next(10) is not None  # its own update of seq 2
            watch.close()
            assert c.unwatch(watch.subscription) is False  # closed on the server
        assert server.stop() == 0
    assert (tmp_path / "islandgames.sqlite3").exists()
    # a restarted server has the match
    restarted = ServerProcess("--import", "toygame_plugin", env=child_env(), cwd=tmp_path)
    with restarted as server, Client(port=server.port, timeout=30) as c:
        assert c.status(tokens[1]).seq == 2


def test_a_second_server_on_the_same_store_is_refused(tmp_path: Path) -> None:
    db = str(tmp_path / "x.db")
    with ServerProcess("--store", db) as first:
        assert first.alive()
        with pytest.raises(RuntimeError, match="in use"):
            ServerProcess("--store", db, startup_timeout=30).start()


def test_serve_command_and_help(capsys: pytest.CaptureFixture[str]) -> None:
    parser = argparse.ArgumentParser(prog="islandgames")
    add_service_commands(parser.add_subparsers())
    args = parser.parse_args(["serve", "--memory", "--port", "0", "--sync", "full"])
    assert args.func is cmd_serve and args.memory and args.port == 0 and args.sync == "full"
    defaults = parser.parse_args(["serve"])
    assert defaults.port == 7341 and defaults.store == "islandgames.sqlite3"
    with pytest.raises(SystemExit):
        server_main(["--help"])
    assert "--stdio" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "seats"),
    [
        (["demo", "--game", "friday", "--seed", "7", "--bot", "heuristic"], 1),
        (["demo", "--game", TOY, "--seed", "0xab", "--config", '{"seats": 3}'], 3),
    ],
)
def test_demo_command_plays_through_the_server(argv: list[str], seats: int) -> None:
    parser = argparse.ArgumentParser(prog="islandgames")
    add_service_commands(parser.add_subparsers())
    args = parser.parse_args(argv)
    out = io.StringIO()
    assert cmd_demo(args, out) == 0
    text = out.getvalue()
    assert f"{seats} seat(s)" in text and "verified by replay" in text
    if seats > 1:
        assert "(hidden)" in text  # the spectator does not see pending secret bids


# --- framing -------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(20))
def test_frame_decoder_cuts_any_chunking_exactly(seed: int) -> None:
    rng = random.Random(seed)
    limit = 256
    values: list[Any] = [
        [0, i, "echo", ["x" * rng.randrange(0, 200), rng.randrange(-(2**40), 2**40)]]
        for i in range(60)
    ]
    stream = b"".join(pack(v) for v in values)
    assert all(len(pack(v)) <= limit for v in values) and len(stream) > 10 * limit
    decoder = FrameDecoder(max_frame=limit)
    got: list[Any] = []
    pos = 0
    while pos < len(stream):
        step = rng.choice([1, 2, 7, 64, 255, 256, 1000, 5000])
        frames, error = decoder.feed(stream[pos : pos + step])
        assert error is None
        got.extend(frames)
        pos += step
    assert got == values


def test_frame_decoder_refuses_a_value_one_byte_too_large() -> None:
    value = ["y" * 300]
    size = len(pack(value))
    frames, error = FrameDecoder(max_frame=size).feed(pack(value) + pack([1]))
    assert frames == [value, [1]] and error is None
    frames, error = FrameDecoder(max_frame=size - 1).feed(pack(value))
    assert frames == [] and error is not None and error.code == "FRAME_TOO_LARGE"


def test_module_examples() -> None:
    import doctest

    import islandgames_msgpackrpc.protocol
    import islandgames_msgpackrpc.server

    import islandgames.service.errors
    import islandgames.service.service
    import islandgames.service.store
    import islandgames.service.tokens

    for module in (
        islandgames_msgpackrpc.protocol,
        islandgames_msgpackrpc.server,
        islandgames.service.errors,
        islandgames.service.service,
        islandgames.service.store,
        islandgames.service.tokens,
    ):
        result = doctest.testmod(module)
        assert result.failed == 0 and result.attempted > 0, module.__name__
