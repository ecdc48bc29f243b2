"""MessagePack-RPC benchmark: act round trip against a bare echo, and throughput.

    python bench/bench_msgpackrpc.py [--game friday]
                                     [--stores memory,sqlite,sqlite-direct,sqlite-full]
                                     [--requests 2000] [--concurrency 1,8,32,50]
                                     [--seconds 3] [--json]

For each store a real server is started as a child process on 127.0.0.1 (a free port)
and driven by the asyncio client from this process, so both sides pay for their own
interpreter as in real use.

* latency: one connection, one request at a time. ``echo`` is the bare ``echo`` method
  (the same framing, dispatch and client as every method, and no service call) with nil;
  ``echo act-sized`` echoes an act result (about 0.7 KB for Friday, view included) both
  ways, to show what the act's payload costs on the wire; ``act``
  is one act of a seeded random game (the legal actions are fetched before, untimed).
  ``engine`` is what the act costs the engine in process: ``apply`` + ``state_hash`` +
  the log entry + the acting seat's view, timed on the same game steps. The act target
  (DESIGN/issue 5): act p50 within 1.5x of (echo p50 + engine p50).
* throughput: N matches at once, each on its own connection, each a loop of
  legal_actions + act until the time is up (finished games are replaced by new ones);
  the table shows acknowledged actions per second.

A measurement, not a test: nothing here asserts a speed. Loopback only, bounded in time.
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from islandgames_msgpackrpc import AsyncClient
from islandgames_msgpackrpc.process import ServerProcess
from rich import box
from rich.console import Console
from rich.table import Table

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:  # bench/_common.py, however this file is run
    sys.path.insert(0, _HERE)

from _common import (  # noqa: E402
    in_process_costs,
    p50_p99,
    parse_args,
    run_info,
    server_args,
    throughput_table,
)


async def latency(port: int, game: str, requests: int) -> dict[str, list[float]]:
    async with await AsyncClient.connect(port=port) as c:
        for _ in range(200):  # warm up
            await c.echo(None)
        echo: list[float] = []
        for _ in range(requests):
            t0 = time.perf_counter_ns()
            await c.echo(None)
            echo.append((time.perf_counter_ns() - t0) / 1000)
        # the same echo carrying an act result each way: what the act's payload costs
        m = await c.create(game, None, 1)
        tokens = [s["token"] for s in m["seats"]]
        st = await c.status(tokens[0])
        token = tokens[st["to_act"][0]]  # not always seat 0 (e.g. Gozer's Gozer)
        sample = await c.act(token, (await c.legal_actions(token))["actions"][0], st["seq"])
        sized: list[float] = []
        for _ in range(requests):
            t0 = time.perf_counter_ns()
            await c.echo(sample)
            sized.append((time.perf_counter_ns() - t0) / 1000)
        acts: list[float] = []
        seed = 0
        while len(acts) < requests:
            seed += 1
            m = await c.create(game, None, seed)
            tokens = [s["token"] for s in m["seats"]]
            rng = random.Random(seed)
            while len(acts) < requests:
                st = await c.status(tokens[0])
                if st["over"]:
                    break
                seat = rng.choice(st["to_act"])
                legal = await c.legal_actions(tokens[seat])
                action = rng.choice(legal["actions"])
                t0 = time.perf_counter_ns()
                await c.act(tokens[seat], action, legal["seq"])
                acts.append((time.perf_counter_ns() - t0) / 1000)
        return {"echo": echo, "echo_sized": sized, "act": acts}


async def throughput(port: int, game: str, matches: int, seconds: float) -> float:
    clients = [await AsyncClient.connect(port=port) for _ in range(matches)]
    deadline = time.perf_counter() + seconds
    counts = [0] * matches

    async def drive(i: int) -> None:
        c = clients[i]
        seed = 100_000 * (i + 1)
        while time.perf_counter() < deadline:
            seed += 1
            m = await c.create(game, None, seed)
            token = m["seats"][0]["token"]
            tokens = [s["token"] for s in m["seats"]]
            rng = random.Random(seed)
            while time.perf_counter() < deadline:
                st = await c.status(token)
                if st["over"]:
                    break
                seat = rng.choice(st["to_act"])
                legal = await c.legal_actions(tokens[seat])
                await c.act(tokens[seat], rng.choice(legal["actions"]), legal["seq"])
                counts[i] += 1

    start = time.perf_counter()
    try:
        await asyncio.gather(*(drive(i) for i in range(matches)))
    finally:
        for c in clients:
            await c.close()
    return sum(counts) / (time.perf_counter() - start)


def main(argv: list[str] | None = None) -> int:
    args, stores, levels = parse_args(
        __doc__, "memory,sqlite,sqlite-direct,sqlite-full", "1,8,32,50", argv
    )
    engine, _ = in_process_costs(args.game, args.requests)
    results: dict[str, Any] = {**run_info(args.game, engine), "stores": {}}
    with tempfile.TemporaryDirectory() as tmp:
        for store in stores:
            with ServerProcess(*server_args(store, tmp)) as server:
                lat = asyncio.run(latency(server.port, args.game, args.requests))
                rates = {
                    n: asyncio.run(throughput(server.port, args.game, n, args.seconds))
                    for n in levels
                }
            results["stores"][store] = {
                "echo_us": p50_p99(lat["echo"]),
                "echo_sized_us": p50_p99(lat["echo_sized"]),
                "act_us": p50_p99(lat["act"]),
                "actions_per_s": rates,
            }
    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    print_tables(results, levels)
    return 0


def print_tables(results: dict[str, Any], levels: list[int]) -> None:
    console = Console(width=max(120, Console().width))
    eng = results["engine_us"]
    lat = Table(
        title=f"act round trip vs echo over TCP ({results['game']}, µs; target: act / (echo+engine)"
        f" <= 1.5; engine p50 "
        f"{eng['p50']:.0f}, p99 {eng['p99']:.0f})",
        box=box.SIMPLE_HEAD,
    )
    for col in (
        "store",
        "echo p50",
        "echo p99",
        "echo act-sized p50",
        "act p50",
        "act p99",
        "act / (echo+engine)",
    ):
        lat.add_column(col, justify="right")
    for store, r in results["stores"].items():
        ratio = r["act_us"]["p50"] / (r["echo_us"]["p50"] + eng["p50"])
        lat.add_row(
            store,
            f"{r['echo_us']['p50']:.0f}",
            f"{r['echo_us']['p99']:.0f}",
            f"{r['echo_sized_us']['p50']:.0f}",
            f"{r['act_us']['p50']:.0f}",
            f"{r['act_us']['p99']:.0f}",
            f"{ratio:.2f}x",
        )
    console.print(lat)
    thr = throughput_table(results, levels, "throughput: acknowledged actions/s")
    console.print(thr)
    console.print(
        f"python {results['python']} on {results['machine']}; server and client are "
        "separate processes on 127.0.0.1; each act is preceded by status + legal_actions "
        "in the throughput runs (3 requests per action)."
    )


if __name__ == "__main__":
    sys.exit(main())
