"""The MessagePack-RPC server's limits against hostile clients (issue 13): per-peer
connection limits, idle and read timeouts, decoding bounded by the frame size, bounded
output to a peer that does not read, and the wire details (bin method names, ignored
notifications, short errors). Real servers on 127.0.0.1, small limits, fast."""

from __future__ import annotations

import asyncio
import contextlib
import random
import socket
import struct
import time
import tracemalloc
from collections.abc import AsyncIterator, Coroutine
from contextlib import asynccontextmanager
from typing import Any, TypeVar

import pytest
from islandgames_msgpackrpc import AsyncClient, FrameDecoder, RpcServer
from islandgames_msgpackrpc.app import add_server_arguments, rpc_server_options
from islandgames_msgpackrpc.protocol import pack

from islandgames.service import MatchService, MemoryStore

T = TypeVar("T")


def run(coro: Coroutine[Any, Any, T], timeout: float = 60.0) -> T:
    async def bounded() -> T:
        return await asyncio.wait_for(coro, timeout)

    return asyncio.run(bounded())


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
    """A raw TCP connection (optionally from another loopback address, another peer)."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.decoder = FrameDecoder()
        self.frames: list[Any] = []

    @classmethod
    async def open(cls, port: int, source: str = "127.0.0.1", rcvbuf: int | None = None) -> Raw:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        if rcvbuf is not None:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
        sock.bind((source, 0))
        sock.setblocking(False)
        await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", port))
        reader, writer = await asyncio.open_connection(sock=sock)
        return cls(reader, writer)

    async def send(self, *values: Any) -> None:
        await self.send_bytes(b"".join(pack(v) for v in values))

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
        except ConnectionError:
            return True
        except TimeoutError:
            return False

    async def close(self) -> None:
        self.writer.close()
        with contextlib.suppress(ConnectionError):
            await self.writer.wait_closed()


async def echo_from(port: int, source: str, value: Any = "hi") -> Any:
    raw = await Raw.open(port, source)
    try:
        await raw.send([0, 1, "echo", [value]])
        return await raw.recv()
    finally:
        await raw.close()


async def wait_for(predicate: Any, what: str, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.02)


# --- connections ---------------------------------------------------------------------------


def test_idle_connections_from_one_peer_do_not_lock_out_another() -> None:
    async def body() -> None:
        async with serving(max_connections=8, max_connections_per_peer=4) as (server, port):
            # one peer opens as many idle connections as the whole server allows
            hogs = [await Raw.open(port, "127.0.0.1") for _ in range(8)]
            await wait_for(lambda: len(server._connections) == 4, "4 connections held")
            refused = 0
            for hog in hogs:
                with contextlib.suppress(TimeoutError):
                    reply = await hog.recv(timeout=0.5)
                    assert reply[0] == 2 and reply[2][0]["code"] == "OVERLOADED"
                    assert "your address" in reply[2][0]["message"]
                    refused += 1
            assert refused == 4
            # another peer is served
            assert await echo_from(port, "127.0.0.2") == [1, 1, None, "hi"]
            assert await echo_from(port, "127.0.0.3") == [1, 1, None, "hi"]
            # the first peer gets a slot back when it closes one
            await hogs[0].close()
            await wait_for(lambda: len(server._connections) == 3, "a slot freed")
            assert await echo_from(port, "127.0.0.1") == [1, 1, None, "hi"]
            for hog in hogs[1:]:
                await hog.close()

    run(body())


def test_the_global_limit_still_holds_across_peers() -> None:
    async def body() -> None:
        async with serving(max_connections=3, max_connections_per_peer=2) as (server, port):
            held = [await Raw.open(port, src) for src in ("127.0.0.1", "127.0.0.1", "127.0.0.2")]
            await wait_for(lambda: len(server._connections) == 3, "3 connections held")
            late = await Raw.open(port, "127.0.0.3")
            reply = await late.recv()
            assert reply[2][0]["code"] == "OVERLOADED"
            assert await late.closed_by_server()
            for r in held:
                await r.close()

    run(body())


def test_an_idle_connection_is_closed_but_a_watching_one_is_not() -> None:
    async def body() -> None:
        async with serving(idle_timeout=0.3) as (server, port):
            idle = await Raw.open(port)
            started = time.monotonic()  # (the idle time runs from the connection's start)
            watcher = await AsyncClient.connect(port=port)
            m = await watcher.create("friday", None, 3)
            await watcher.watch(m["spectator_token"])
            assert await idle.closed_by_server(timeout=5)
            assert 0.2 < time.monotonic() - started < 5
            await asyncio.sleep(0.6)  # twice the idle timeout: the watcher stays
            assert len(server._connections) == 1
            assert await watcher.echo(5) == 5
            # a connection that keeps talking is never idle
            talker = await Raw.open(port)
            for i in range(6):
                await talker.send([0, i, "echo", [i]])
                assert (await talker.recv())[3] == i
                await asyncio.sleep(0.1)
            await talker.close()
            await watcher.close()

    run(body())


# --- read timeout --------------------------------------------------------------------------


def test_half_a_frame_is_dropped_after_the_read_timeout() -> None:
    async def body() -> None:
        async with serving(read_timeout=0.3, idle_timeout=None) as (_server, port):
            other = await AsyncClient.connect(port=port)
            half = await Raw.open(port)
            await half.send_bytes(pack([0, 1, "echo", ["abcdef"]])[:6])
            started = time.monotonic()
            assert await half.closed_by_server(timeout=5)
            assert time.monotonic() - started < 5
            # a frame trickled in a byte at a time is dropped too, though bytes keep coming
            drip = await Raw.open(port)
            data = pack([0, 2, "echo", ["x" * 200]])
            started = time.monotonic()
            with contextlib.suppress(ConnectionError):
                for byte in data:
                    await drip.send_bytes(bytes([byte]))
                    await asyncio.sleep(0.02)
                    if drip.reader.at_eof():
                        break
            assert await drip.closed_by_server(timeout=5)
            assert time.monotonic() - started < 4  # 200 bytes at 50/s would take 4 s
            # without idle timeout, a quiet connection between frames stays open
            quiet = await Raw.open(port)
            await asyncio.sleep(0.6)
            await quiet.send([0, 3, "echo", [3]])
            assert await quiet.recv() == [1, 3, None, 3]
            await quiet.close()
            assert await other.echo("still here") == "still here"
            await other.close()

    run(body())


# --- decoding bounded by the frame size ----------------------------------------------------


def _array(n: int) -> bytes:
    return b"\xdc" + struct.pack(">H", n) if n < 65536 else b"\xdd" + struct.pack(">I", n)


def _bombs() -> dict[str, bytes]:
    """4 MiB messages that decode to as many Python objects as their bytes allow."""
    return {
        "empty-arrays": _array(63) + (_array(65535) + b"\x90" * 65535) * 63,
        "empty-maps": _array(63) + (_array(65535) + b"\x80" * 65535) * 63,
        "small-ints": _array(63) + (_array(32767) + b"\xd0\x80" * 32767) * 63,
        "flat-empty-arrays": _array(4_000_000) + b"\x90" * 4_000_000,
    }


def test_a_message_is_built_only_once_it_is_complete() -> None:
    # 1,000 nested array headers, each declaring 262,144 elements: 5 KB that took 66 MB
    # while the decoder built the arrays as the headers came; now they cost their bytes
    headers = (b"\xdd" + struct.pack(">I", 262_144)) * 1000
    decoder = FrameDecoder()
    tracemalloc.start()
    try:
        assert decoder.feed(headers) == ([], None)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert decoder.pending == len(headers) and peak < 1024 * 1024, peak
    # messages split anywhere still come out whole, in order
    data = b"".join(pack([0, i, "echo", [{"x": [i] * i}]]) for i in range(50))
    decoder = FrameDecoder()
    out: list[Any] = []
    for cut in range(0, len(data), 7):
        frames, error = decoder.feed(data[cut : cut + 7])
        assert error is None
        out += frames
    assert out == [[0, i, "echo", [{"x": [i] * i}]] for i in range(50)]


@pytest.mark.parametrize("kind", list(_bombs()))
def test_a_memory_bomb_frame_is_refused_within_a_bound(kind: str) -> None:
    data = _bombs()[kind]
    assert len(data) <= 4 * 1024 * 1024
    tracemalloc.start()
    try:
        frames, error = FrameDecoder().feed(data)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert frames == [] and error is not None and error.code == "FRAME_TOO_LARGE"
    # before the limits: 260-300 MB for the first two; now a few dozen MB at most
    assert peak < 80 * 1024 * 1024, f"{kind}: {peak / 1e6:.0f} MB"


def test_the_decoder_limits_follow_the_frame_limit() -> None:
    small = FrameDecoder(max_frame=64 * 1024)
    assert small.max_values == 16 * 1024 and small.max_len == 4096
    # an array longer than the limit costs only its bytes until its message is complete,
    # and is refused by its header then, before its elements are built
    decoder = FrameDecoder(max_frame=64 * 1024)
    assert decoder.feed(_array(5000)) == ([], None) and decoder.pending == 3
    frames, error = decoder.feed(b"\x90" * 5000)
    assert error is not None and error.code == "FRAME_TOO_LARGE"

    # as many values as allowed decode (each array counts 1 plus its length); more do not
    def nested(empties: int) -> list[Any]:  # 2 * empties + 2 * 3 + 1 values
        chunk = -(-empties // 3)
        return [[[] for _ in range(len(part))] for part in (range(chunk),) * 2] + [
            [[] for _ in range(empties - 2 * chunk)]
        ]

    frames, error = FrameDecoder(max_frame=64 * 1024).feed(pack(nested(8188)))  # 16383
    assert error is None and len(frames) == 1
    frames, error = FrameDecoder(max_frame=64 * 1024).feed(pack(nested(8189)))  # 16385
    assert frames == [] and error is not None and error.code == "FRAME_TOO_LARGE"
    assert "values" in str(error) and len(str(error)) < 120


def test_a_bomb_over_the_wire_ends_only_its_connection_and_a_real_log_still_verifies() -> None:
    async def body() -> None:
        async with serving() as (_server, port):
            c = await AsyncClient.connect(port=port)
            m = await c.create("friday", {"level": 1}, 11)
            token = m["seats"][0]["token"]
            rng = random.Random(5)
            seq = 0
            while seq < 60:
                legal = await c.legal_actions(token)
                if not legal["actions"]:
                    break
                seq = (await c.act(token, rng.choice(legal["actions"]), seq))["seq"]
            log = await c.log(token)
            bomb = await Raw.open(port)
            await bomb.send_bytes(_bombs()["empty-arrays"])
            reply = await bomb.recv()
            assert reply[0] == 2 and reply[2][0]["code"] == "FRAME_TOO_LARGE"
            assert await bomb.closed_by_server()
            verdict = await c.verify(log)
            assert verdict["status"] in ("verified", "unfinished")
            await c.close()

    run(body())


# --- output to a peer that does not read ---------------------------------------------------


def test_a_watcher_that_does_not_read_is_disconnected_and_others_are_served() -> None:
    async def body() -> None:
        async with serving(max_output=32 * 1024, idle_timeout=None) as (server, port):
            player = await AsyncClient.connect(port=port)
            m = await player.create("friday", {"level": 1}, 21)
            token = m["seats"][0]["token"]
            sleeper = await Raw.open(port, rcvbuf=4096)
            # many watches on one connection: every act queues that many updates
            await sleeper.send(*([0, i, "watch", [m["spectator_token"]]] for i in range(200)))
            await wait_for(lambda: server.service.status(token).seq == 0, "the match")
            await asyncio.sleep(0.3)
            assert len(server._connections) == 2
            rng = random.Random(2)
            seq = 0
            for _ in range(200):
                if len(server._connections) == 1:
                    break
                legal = await player.legal_actions(token)
                if not legal["actions"]:
                    break
                seq = (await player.act(token, rng.choice(legal["actions"]), seq))["seq"]
            await wait_for(lambda: len(server._connections) == 1, "the sleeper to be cut off")
            assert await player.echo("served") == "served"
            await sleeper.close()
            await player.close()

    run(body())


def test_a_client_that_pipelines_and_never_reads_is_disconnected() -> None:
    async def body() -> None:
        async with serving(read_timeout=0.5, idle_timeout=None) as (server, port):
            other = await AsyncClient.connect(port=port)
            hog = await Raw.open(port, rcvbuf=4096)
            payload = "p" * 200_000
            hog.writer.write(b"".join(pack([0, i, "echo", [payload]]) for i in range(40)))
            await wait_for(lambda: len(server._connections) == 1, "the hog to be cut off")
            assert await other.echo(1) == 1
            hog.writer.transport.abort()
            await other.close()

    run(body())


# --- wire details --------------------------------------------------------------------------


def test_bin_method_names_work_and_notifications_get_no_reply() -> None:
    async def body() -> None:
        async with serving() as (_server, port):
            raw = await Raw.open(port)
            await raw.send([0, 1, b"echo", [5]])
            assert await raw.recv() == [1, 1, None, 5]
            await raw.send([0, 2, b"server_info", []])
            assert (await raw.recv())[3]["protocol"] == "islandgames-msgpackrpc"
            await raw.send([0, 3, b"\xff\xfe", []])  # bin that is not UTF-8
            reply = await raw.recv()
            assert reply[1] == 3 and reply[2]["code"] == "INVALID_REQUEST"
            # notifications of any shape are ignored, never answered
            await raw.send(
                [2, "hello", []],
                [2, b"nvim_subscribe", ["x"]],
                [2, "no params"],
                [2, 7, 8, 9],
                [0, 4, "echo", [4]],
            )
            assert await raw.recv() == [1, 4, None, 4]
            with pytest.raises(TimeoutError):
                await raw.recv(timeout=0.3)
            await raw.close()

    run(body())


def test_errors_are_short_and_in_the_projects_terms() -> None:
    async def body() -> None:
        async with serving() as (_server, port):
            raw = await Raw.open(port)
            c = await AsyncClient.connect(port=port)
            m = await c.create("friday", None, 1)
            token = m["seats"][0]["token"]
            long_id = "g" * 100_000
            requests = [
                ([0, 1, "act", [token, None, 0]], "DECODE_ERROR"),
                ([0, 2, "act", [token, {"type": "t" * 10_000}, 0]], "DECODE_ERROR"),
                (
                    [0, 3, "act", [token, {"type": "choose_hazard", "index": "x" * 5000}, 0]],
                    "DECODE_ERROR",
                ),
                ([0, 4, "create", [long_id]], "UNKNOWN_GAME"),
                ([0, 5, "m" * 50_000, []], "METHOD_NOT_FOUND"),
                ([0, 6, "create", ["friday", None, 1, "v" * 10_000]], "UNSUPPORTED_RULES_VERSION"),
            ]
            for request, code in requests:
                await raw.send(request)
                reply = await raw.recv()
                err = reply[2]
                assert err["code"] == code, (request[:3], err)
                message = err["message"]
                assert len(message) <= 400, (code, len(message), message[:200])
                assert "islandgames." not in message and "<class" not in message, message
            await raw.send([0, 1, "act", [token, None, 0]])
            nil_message = (await raw.recv())[2]["message"]
            assert nil_message.startswith("action must be a map with a 'type'")
            assert "friday" in nil_message and "choose_hazard" in nil_message
            assert nil_message.endswith("got nil")
            await raw.close()
            await c.close()

    run(body())


# --- options -------------------------------------------------------------------------------


def test_every_limit_is_a_serve_option() -> None:
    import argparse

    parser = argparse.ArgumentParser()
    add_server_arguments(parser)
    defaults = rpc_server_options(parser.parse_args([]))
    assert defaults == {
        "max_frame": 4 * 1024 * 1024,
        "max_connections": 256,
        "max_connections_per_peer": 64,
        "idle_timeout": 300.0,
        "read_timeout": 30.0,
        "max_output": 4 * 1024 * 1024,
        "max_backlog": 1024,
        "decode_budget": 32 * 1024 * 1024,
    }
    args = parser.parse_args(
        [
            "--max-connections=10",
            "--max-connections-per-peer=3",
            "--idle-timeout=0",
            "--read-timeout=2.5",
            "--max-output=1000",
            "--max-backlog=5",
            "--decode-budget=0",
        ]
    )
    options = rpc_server_options(args)
    assert options["decode_budget"] is None
    assert options["max_connections"] == 10 and options["max_connections_per_peer"] == 3
    assert options["idle_timeout"] is None and options["read_timeout"] == 2.5
    assert options["max_output"] == 1000
    server = RpcServer(MatchService(MemoryStore()), **options)
    assert server.max_connections_per_peer == 3 and server.max_backlog == 5
    server.service.close()


# --- a server-wide budget for large messages -----------------------------------------------


def test_the_decode_budget_never_deadlocks_and_gives_everything_back() -> None:
    from islandgames_msgpackrpc.protocol import DecodeBudget

    async def body() -> None:
        budget = DecodeBudget(1000, cap=400)
        rng = random.Random(3)
        lowest = budget.free

        async def message(owner: int, size: int) -> int:
            nonlocal lowest
            got = 0
            while got < size:  # the message arrives piece by piece
                got = min(size, got + rng.choice((10, 50, 120)))
                assert await budget.acquire(owner, got)
                lowest = min(lowest, budget.free)
                await asyncio.sleep(0)
            await asyncio.sleep(0.001 * rng.random())  # handled
            budget.release(owner)
            return owner

        sizes = [rng.randrange(100, 401) for _ in range(40)]
        done = await asyncio.wait_for(
            asyncio.gather(*(message(i, n) for i, n in enumerate(sizes))), 20
        )
        assert done == list(range(40)) and budget.free == 1000 and lowest >= 0
        # a dropped owner stops waiting
        await budget.acquire("a", 400)
        await budget.acquire("b", 400)
        alive = True
        waiting = asyncio.ensure_future(budget.acquire("c", 300, lambda: alive))
        await asyncio.sleep(0)
        assert budget.waiting == 1
        alive = False
        budget.drop("c")
        assert await waiting is False and budget.waiting == 0

    run(body())


def test_large_messages_wait_for_the_decode_budget_small_ones_do_not() -> None:
    async def body() -> None:
        total = 1024 * 1024
        async with serving(decode_budget=total, max_frame=512 * 1024) as (server, port):
            budget = server.decode_budget
            assert budget is not None and budget.cap == total * 3 // 4
            payloads = [bytes([65 + i]) * 450_000 for i in range(2)]
            frames = [pack([0, i, "echo", [p]]) for i, p in enumerate(payloads)]
            a, b = await Raw.open(port), await Raw.open(port)
            await a.send_bytes(frames[0][:400_000])
            await wait_for(lambda: budget.free <= total - 400_000, "a holds budget")
            await b.send_bytes(frames[1][:400_000])
            await wait_for(lambda: budget.waiting == 1, "b waits")
            # small messages never wait
            assert await echo_from(port, "127.0.0.1", "small") == [1, 1, None, "small"]
            await asyncio.sleep(0.2)
            assert budget.waiting == 1  # (still)
            await b.send_bytes(frames[1][400_000:])  # b's rest waits in the socket
            await a.send_bytes(frames[0][400_000:])
            assert await a.recv() == [1, 0, None, payloads[0]]
            assert await b.recv() == [1, 1, None, payloads[1]]  # then b's turn came
            await wait_for(lambda: budget.free == total, "all given back")
            await a.close()
            await b.close()

    run(body())
