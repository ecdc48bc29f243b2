"""Watch fan-out: act latency and server CPU per act against the number of spectators.

    python bench/bench_watch.py [--game friday] [--spectators 0,1,100,1000]
                                [--transports msgpack,grpc] [--rounds 3] [--gap 0]
                                [--per-channel 100] [--json]

For each transport a real server (``--memory``, its connection and watch limits raised
above the largest spectator count) is started as a child process on 127.0.0.1. For each
spectator count and round, one match is created with a fixed seed and N spectators watch
it from another child process (this script with ``--spectate``): each MessagePack-RPC
spectator is its own TCP connection, gRPC spectators are Watch streams, ``--per-channel``
(100) to a channel (a connection); every spectator reads and decodes every update. Then
one acting client in this process plays the whole game, one act at a time (the actions
are chosen by the engine in process on the same seed, so the server sees acts only),
``--gap`` ms apart (0: back to back), and waits until every spectator has the final
update.

* act p50, p90: the act round trip as the acting client sees it (µs);
* CPU/act: the server process's CPU time (every thread, from /proc/PID/task/*/schedstat)
  from the first act until every spectator has the final update, over the acts (µs);
* x none: act p50 over the act p50 without spectators (the issue's target: <= 3x with
  1,000 spectators);
* dropped: spectators whose watch ended before the final update (the server's output
  bounds drop a watcher that falls behind).

To measure another checkout with the same script, put its ``src`` and ``adapters`` first
on PYTHONPATH (the servers are child processes and inherit it). A measurement, not a
test: nothing here asserts a speed. Loopback only, bounded in time.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import msgpack
from rich import box
from rich.console import Console
from rich.table import Table

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:  # bench/_common.py, however this file is run
    sys.path.insert(0, _HERE)

from _common import pct  # noqa: E402

_LIMIT = "4096"  # connections and watches the bench's server admits


# --- the server's CPU ----------------------------------------------------------------------


def cpu_ns(pid: int) -> int:
    """CPU time of every live thread of process ``pid`` in ns (Linux schedstat), or of the
    process from /proc/PID/stat (10 ms ticks) where schedstat is missing."""
    total, seen = 0, False
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            try:
                with open(f"/proc/{pid}/task/{task}/schedstat") as f:
                    total += int(f.read().split()[0])
                    seen = True
            except (OSError, ValueError, IndexError):
                continue
    except OSError:
        pass
    if seen:
        return total
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) * 1_000_000_000 // os.sysconf("SC_CLK_TCK")


# --- a bare MessagePack-RPC client (the wire protocol only, so any checkout works) ---------


class _RpcProtocol(asyncio.Protocol):
    """One connection: requests by msgid, notifications to ``on_notify``."""

    def __init__(self) -> None:
        self.unpacker = msgpack.Unpacker(raw=False)
        self.transport: asyncio.Transport | None = None
        self.waiting: dict[int, asyncio.Future[Any]] = {}
        self.next_id = 0
        self.closed = asyncio.get_running_loop().create_future()

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport

    def data_received(self, data: bytes) -> None:
        self.unpacker.feed(data)
        for msg in self.unpacker:
            if msg[0] == 1:
                fut = self.waiting.pop(msg[1])
                if msg[2] is not None:
                    fut.set_exception(RuntimeError(str(msg[2])))
                else:
                    fut.set_result(msg[3])
            elif msg[0] == 2:
                self.on_notify(msg[1], msg[2])

    def on_notify(self, method: str, params: list[Any]) -> None:
        pass

    def connection_lost(self, exc: Exception | None) -> None:
        for fut in self.waiting.values():
            if not fut.done():
                fut.set_exception(ConnectionError("closed"))
        if not self.closed.done():
            self.closed.set_result(None)

    def call(self, method: str, *params: Any) -> asyncio.Future[Any]:
        assert self.transport is not None
        self.next_id += 1
        fut = asyncio.get_running_loop().create_future()
        self.waiting[self.next_id] = fut
        self.transport.write(msgpack.packb([0, self.next_id, method, list(params)]))
        return fut


async def _rpc_connect(port: int, cls: type[_RpcProtocol] = _RpcProtocol) -> _RpcProtocol:
    _, proto = await asyncio.get_running_loop().create_connection(cls, "127.0.0.1", port)
    return proto


# --- spectators (a child process) ----------------------------------------------------------


async def _spectate_msgpack(port: int, token: str, n: int) -> int:
    finished: list[bool] = []

    class Spectator(_RpcProtocol):
        over = False

        def on_notify(self, method: str, params: list[Any]) -> None:
            if method == "update" and params[0]["over"]:
                self.over = True
                assert self.transport is not None
                self.transport.close()

    specs: list[Spectator] = []
    for start in range(0, n, 50):  # a listen backlog's worth at a time
        batch = await asyncio.gather(
            *(_rpc_connect(port, Spectator) for _ in range(start, min(n, start + 50)))
        )
        await asyncio.gather(*(s.call("watch", token) for s in batch))
        specs.extend(batch)  # type: ignore[arg-type]
    print("ready", flush=True)
    await asyncio.gather(*(s.closed for s in specs))
    finished.extend(s.over for s in specs)
    return finished.count(False)


async def _spectate_grpc(port: int, token: str, n: int, per_channel: int) -> int:
    import grpc
    from islandgames_grpc._gen import match_service_pb2 as pb
    from islandgames_grpc._gen import match_service_pb2_grpc as pb_grpc

    # a local subchannel pool: each channel its own connection (else they share one)
    options = [("grpc.use_local_subchannel_pool", 1)]
    channels = [
        grpc.aio.insecure_channel(f"127.0.0.1:{port}", options=options)
        for _ in range(0, n, per_channel)
    ]
    started: list[asyncio.Future[None]] = []
    loop = asyncio.get_running_loop()
    errors: Counter[str] = Counter()

    async def one(i: int, ready: asyncio.Future[None]) -> bool:
        stub = pb_grpc.MatchServiceStub(channels[i // per_channel])
        try:
            async for msg in stub.Watch(pb.WatchRequest(token=token)):
                if msg.HasField("started"):
                    ready.set_result(None)
                elif msg.update.over:
                    return True
        except grpc.aio.AioRpcError as exc:
            if not ready.done():
                ready.set_result(None)
            errors[f"{exc.code().name}: {exc.details()}"] += 1
        return False

    tasks = []
    for i in range(n):
        ready = loop.create_future()
        started.append(ready)
        tasks.append(asyncio.ensure_future(one(i, ready)))
        if len(started) % 50 == 0:
            await asyncio.gather(*started[-50:])
    await asyncio.gather(*started)
    print("ready", flush=True)
    done = await asyncio.gather(*tasks)
    for ch in channels:
        await ch.close()
    for what, count in errors.most_common():
        print(f"spectators: {count} x {what}", file=sys.stderr)
    return done.count(False)


def spectate(transport: str, port: int, token: str, n: int, per_channel: int) -> int:
    if transport == "msgpack":
        dropped = asyncio.run(_spectate_msgpack(port, token, n))
    else:
        dropped = asyncio.run(_spectate_grpc(port, token, n, per_channel))
    print(f"done {dropped}", flush=True)
    return 0


# --- the acting client ---------------------------------------------------------------------


class _Actor:
    """Creates matches and acts over one transport."""

    async def create(self, game: str, seed: int) -> tuple[list[str], str]:
        raise NotImplementedError

    async def act(self, token: str, action: Any, seq: int) -> None:
        raise NotImplementedError

    async def close(self) -> None:
        pass


class _MsgpackActor(_Actor):
    def __init__(self, conn: _RpcProtocol) -> None:
        self.conn = conn

    async def create(self, game: str, seed: int) -> tuple[list[str], str]:
        m = await self.conn.call("create", game, None, seed)
        return [s["token"] for s in m["seats"]], m["spectator_token"]

    async def act(self, token: str, action: Any, seq: int) -> None:
        await self.conn.call("act", token, action, seq)

    async def close(self) -> None:
        assert self.conn.transport is not None
        self.conn.transport.close()


class _GrpcActor(_Actor):
    def __init__(self, port: int, game: str) -> None:
        import grpc
        from islandgames_grpc import convert
        from islandgames_grpc._gen import match_service_pb2 as pb
        from islandgames_grpc._gen import match_service_pb2_grpc as pb_grpc

        self.channel = grpc.aio.insecure_channel(f"127.0.0.1:{port}")
        self.stub = pb_grpc.MatchServiceStub(self.channel)
        self.pb, self.convert, self.game = pb, convert, game

    async def create(self, game: str, seed: int) -> tuple[list[str], str]:
        m = await self.stub.CreateMatch(self.pb.CreateMatchRequest(game=game, seed=str(seed)))
        return [s.token for s in m.seats], m.spectator_token

    async def act(self, token: str, action: Any, seq: int) -> None:
        kw = self.convert.game_value_kw(self.game, "action", action)
        await self.stub.Act(self.pb.ActRequest(token=token, action=kw, expected_seq=seq))

    async def close(self) -> None:
        await self.channel.close()


async def _round(
    args: argparse.Namespace, transport: str, port: int, pid: int, n: int, seed: int
) -> dict[str, Any]:
    from islandgames import get_game

    game = get_game(args.game)
    actor: _Actor
    if transport == "msgpack":
        actor = _MsgpackActor(await _rpc_connect(port))
    else:
        actor = _GrpcActor(port, args.game)
    try:
        tokens, spectator = await actor.create(args.game, seed)
        child = None
        if n:
            child = subprocess.Popen(
                [sys.executable, __file__, "--spectate", transport, str(port), spectator,
                 str(n), "--per-channel", str(args.per_channel)],
                stdout=subprocess.PIPE, text=True,
            )  # fmt: skip
            assert child.stdout is not None
            line = await asyncio.to_thread(child.stdout.readline)
            if line.strip() != "ready":
                raise RuntimeError(f"spectators did not start: {line!r}")
        state, rng, seq = game.new(seed), random.Random(seed), 0
        acts: list[float] = []
        cpu0, t_start = cpu_ns(pid), time.perf_counter()
        while game.outcome(state) is None:
            seat = rng.choice(game.to_act(state))
            action = rng.choice(game.legal_actions(state, seat))
            wire = game.encode_action(action)
            t0 = time.perf_counter_ns()
            await actor.act(tokens[seat], wire, seq)
            acts.append((time.perf_counter_ns() - t0) / 1000)
            state, seq = game.apply(state, seat, action), seq + 1
            if args.gap:
                await asyncio.sleep(args.gap / 1000)
        dropped = 0
        if child is not None:
            assert child.stdout is not None
            line = await asyncio.to_thread(child.stdout.readline)
            child.wait(60)
            if not line.startswith("done "):
                raise RuntimeError(f"spectators failed: {line!r}")
            dropped = int(line.split()[1])
        cpu1, t_end = cpu_ns(pid), time.perf_counter()
        return {
            "acts": acts,
            "cpu_ns": cpu1 - cpu0,
            "wall_s": t_end - t_start,
            "dropped": dropped,
        }
    finally:
        await actor.close()


def _server(transport: str) -> Any:
    if transport == "msgpack":
        from islandgames_msgpackrpc.process import ServerProcess as MsgpackServer

        return MsgpackServer(
            "--memory",
            "--max-connections", _LIMIT, "--max-connections-per-peer", _LIMIT,
            "--idle-timeout", "0",
        )  # fmt: skip
    from islandgames_grpc.process import ServerProcess as GrpcServer

    return GrpcServer(
        "--memory", "--max-watches", _LIMIT, "--max-watches-per-peer", _LIMIT,
    )  # fmt: skip


def measure(args: argparse.Namespace) -> dict[str, Any]:
    transports = [t for t in args.transports.split(",") if t]
    counts = [int(n) for n in args.spectators.split(",") if n]
    results: dict[str, Any] = {
        "game": args.game,
        "python": platform.python_version(),
        "machine": platform.machine(),
        "gap_ms": args.gap,
        "rounds": args.rounds,
        "transports": {},
    }
    for transport in transports:
        rows: dict[int, Any] = {}
        with _server(transport) as server:
            # warm up: a round without spectators, not counted
            asyncio.run(_round(args, transport, server.port, server.pid, 0, 1))
            for n in counts:
                acts: list[float] = []
                cpu = dropped = 0
                for r in range(args.rounds):
                    got = asyncio.run(_round(args, transport, server.port, server.pid, n, 2 + r))
                    acts += got["acts"]
                    cpu += got["cpu_ns"]
                    dropped += got["dropped"]
                rows[n] = {
                    "acts": len(acts),
                    "act_p50_us": pct(acts, 0.5),
                    "act_p90_us": pct(acts, 0.9),
                    "cpu_per_act_us": cpu / len(acts) / 1000,
                    "dropped": dropped,
                }
                print(f"{transport} {n} spectators: {rows[n]}", file=sys.stderr, flush=True)
        results["transports"][transport] = rows
    return results


def print_table(results: dict[str, Any]) -> None:
    console = Console(width=max(120, Console().width))
    table = Table(
        title=f"act with N spectators on one match ({results['game']}, µs; "
        f"gap {results['gap_ms']:g} ms; target: act p50 <= 3x none with 1,000)",
        box=box.SIMPLE_HEAD,
    )
    for col in ("transport", "spectators", "acts", "act p50", "act p90", "CPU/act",
                "x none", "dropped"):  # fmt: skip
        table.add_column(col, justify="right")
    for transport, rows in results["transports"].items():
        base = rows.get(0, rows.get("0"))
        for n, r in rows.items():
            ratio = "" if base is None else f"{r['act_p50_us'] / base['act_p50_us']:.2f}x"
            table.add_row(
                transport, f"{int(n):,}", str(r["acts"]), f"{r['act_p50_us']:,.0f}",
                f"{r['act_p90_us']:,.0f}", f"{r['cpu_per_act_us']:,.0f}", ratio,
                str(r["dropped"]),
            )  # fmt: skip
    console.print(table)
    console.print(
        f"python {results['python']} on {results['machine']}; {results['rounds']} rounds "
        "(a whole seeded game each); server, acting client and spectators are separate "
        "processes on 127.0.0.1."
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--game", default="friday")
    parser.add_argument("--spectators", default="0,1,100,1000")
    parser.add_argument("--transports", default="msgpack,grpc")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--gap", type=float, default=0.0, help="ms between acts")
    parser.add_argument("--per-channel", type=int, default=100)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--spectate", nargs=4, metavar=("TRANSPORT", "PORT", "TOKEN", "N"))
    args = parser.parse_args(argv)
    if args.spectate:
        transport, port, token, n = args.spectate
        return spectate(transport, int(port), token, int(n), args.per_channel)
    results = measure(args)
    if args.json:
        print(json.dumps(results, indent=2))
    else:
        print_table(results)
    return 0


if __name__ == "__main__":
    sys.exit(main())
