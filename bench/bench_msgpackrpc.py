"""MessagePack-RPC benchmark: act round trip against a bare echo, and throughput.

    python bench/bench_msgpackrpc.py [--game friday] [--stores memory,sqlite,sqlite-full]
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

import argparse
import asyncio
import json
import platform
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

from islandgames import get_game
from islandgames.core import serde
from islandgames.core.log import header_chain, make_entry, make_header

STORES: dict[str, tuple[str, ...]] = {
    "memory": ("--memory",),
    "sqlite": ("--sync", "normal"),
    "sqlite-full": ("--sync", "full"),
}


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def engine_cost(game_id: str, steps: int) -> list[float]:
    """Microseconds per act spent in the engine, as the service spends them."""
    game = get_game(game_id)
    out: list[float] = []
    seed = 0
    while len(out) < steps:
        seed += 1
        state = game.new(seed)
        header = make_header(game, seed, game.info.default_config, state, "bench")
        chain, rng, seq = header_chain(header), random.Random(seed), 0
        while game.outcome(state) is None and len(out) < steps:
            seat = game.to_act(state)[0]
            action = rng.choice(game.legal_actions(state, seat))
            wire = game.encode_action(action)
            t0 = time.perf_counter_ns()
            decoded = game.decode_action(wire)
            new = game.apply(state, seat, decoded)
            digest = serde.state_hash(new)
            entry = make_entry(game, seed, chain, seq + 1, seat, decoded, digest)
            serde.to_wire(game.view(new, seat))
            out.append((time.perf_counter_ns() - t0) / 1000)
            state, chain, seq = new, bytes.fromhex(entry.chain_hash), seq + 1
    return out


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
        token = m["seats"][0]["token"]
        sample = await c.act(token, (await c.legal_actions(token))["actions"][0], 0)
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
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="friday")
    parser.add_argument("--stores", default="memory,sqlite,sqlite-full")
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--concurrency", default="1,8,32,50")
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    stores = [s for s in args.stores.split(",") if s]
    levels = [int(n) for n in args.concurrency.split(",") if n]
    engine = engine_cost(args.game, args.requests)
    results: dict[str, Any] = {
        "game": args.game,
        "python": platform.python_version(),
        "machine": platform.machine(),
        "engine_us": {"p50": pct(engine, 0.5), "p99": pct(engine, 0.99)},
        "stores": {},
    }
    with tempfile.TemporaryDirectory() as tmp:
        for store in stores:
            extra = STORES[store]
            if store != "memory":
                extra = (*extra, "--store", str(Path(tmp) / f"{store}.db"))
            with ServerProcess(*extra) as server:
                lat = asyncio.run(latency(server.port, args.game, args.requests))
                rates = {
                    n: asyncio.run(throughput(server.port, args.game, n, args.seconds))
                    for n in levels
                }
            results["stores"][store] = {
                "echo_us": {"p50": pct(lat["echo"], 0.5), "p99": pct(lat["echo"], 0.99)},
                "echo_sized_us": {
                    "p50": pct(lat["echo_sized"], 0.5),
                    "p99": pct(lat["echo_sized"], 0.99),
                },
                "act_us": {"p50": pct(lat["act"], 0.5), "p99": pct(lat["act"], 0.99)},
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
    thr = Table(title="throughput: acknowledged actions/s", box=box.SIMPLE_HEAD)
    thr.add_column("store")
    for n in levels:
        thr.add_column(f"{n} match{'es' if n > 1 else ''}", justify="right")
    for store, r in results["stores"].items():
        thr.add_row(store, *(f"{r['actions_per_s'][n]:.0f}" for n in levels))
    console.print(thr)
    console.print(
        f"python {results['python']} on {results['machine']}; server and client are "
        "separate processes on 127.0.0.1; each act is preceded by status + legal_actions "
        "in the throughput runs (3 requests per action)."
    )


if __name__ == "__main__":
    sys.exit(main())
