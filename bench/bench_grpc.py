"""gRPC benchmark: Act round trip against a bare Echo in the same run, and throughput.

    python bench/bench_grpc.py [--game friday] [--stores memory,sqlite]
                               [--requests 2000] [--concurrency 1,8]
                               [--seconds 3] [--json]

For each store a real server (``python -m islandgames_grpc``) is started as a child
process on 127.0.0.1 (a free port) and driven from this process, so both sides pay for
their own interpreter as in real use.

* latency: the blocking client, one call at a time on one channel. ``echo`` is the bare
  ``Echo`` RPC with an empty payload (the same HTTP/2 transport, server dispatch and
  client as every RPC, and no service call); ``act`` is one ``Act`` of a seeded random
  game (the legal actions are fetched before, untimed). ``engine`` is what the act
  costs the engine in process (decode, ``apply``, state hash, log entry, the acting
  seat's view in wire form), timed on the same game steps; ``convert`` is what the
  adapter adds in process (the action from protobuf to wire form, the view from wire
  form to protobuf, both messages serialised and parsed). The target (issue 6): act p50
  within 1.5x of (echo p50 + engine p50).
* throughput: N matches at once, each driven by its own asyncio task on its own channel
  (``grpc.aio``), each a loop of ListLegalActions + Act until the time is up (finished
  games are replaced by new ones; who acts next comes from the Act response); the
  table shows acknowledged actions per second. Target: at least 1,000 with 8 matches.

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

from islandgames_grpc import AsyncClient, Client, convert
from islandgames_grpc._gen import match_service_pb2 as pb
from islandgames_grpc.process import ServerProcess
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


def in_process_costs(game_id: str, steps: int) -> tuple[list[float], list[float]]:
    """Microseconds per act spent in the engine, and in the adapter's conversions."""
    game = get_game(game_id)
    codecs = convert.game_codecs(game_id)
    engine: list[float] = []
    adapter: list[float] = []
    seed = 0
    while len(engine) < steps:
        seed += 1
        state = game.new(seed)
        header = make_header(game, seed, game.info.default_config, state, "bench")
        chain, rng, seq = header_chain(header), random.Random(seed), 0
        while game.outcome(state) is None and len(engine) < steps:
            seat = game.to_act(state)[0]
            action = rng.choice(game.legal_actions(state, seat))
            wire = game.encode_action(action)
            request = pb.ActRequest(
                token="igt_" + "x" * 43,
                action=convert.game_value_kw(game_id, "action", wire),
                expected_seq=seq,
            ).SerializeToString()
            t0 = time.perf_counter_ns()
            decoded = game.decode_action(wire)
            new = game.apply(state, seat, decoded)
            digest = serde.state_hash(new)
            entry = make_entry(game, seed, chain, seq + 1, seat, decoded, digest)
            view = serde.to_wire(game.view(new, seat))
            t1 = time.perf_counter_ns()
            parsed = pb.ActRequest.FromString(request)
            convert.game_value_wire(parsed.action, "action", game_id, "action")
            reply = pb.ActResponse(
                match_id="m_0123456789abcdef",
                seq=seq + 1,
                seat=seat,
                to_act=game.to_act(new),
                over=False,
                view=convert.game_value_kw(game_id, "view", view),
                state_hash=digest,
                chain_hash=entry.chain_hash,
            ).SerializeToString()
            codecs.view.to_wire(getattr(pb.ActResponse.FromString(reply).view, codecs.field))
            t2 = time.perf_counter_ns()
            engine.append((t1 - t0) / 1000)
            adapter.append((t2 - t1) / 1000)
            state, chain, seq = new, bytes.fromhex(entry.chain_hash), seq + 1
    return engine, adapter


def latency(target: str, game: str, requests: int) -> dict[str, list[float]]:
    with Client(target) as c:
        for _ in range(300):  # warm up
            c.echo()
        echo: list[float] = []
        acts: list[float] = []
        seed = 0
        # interleave echo and act, so both see the same machine state
        while len(acts) < requests:
            seed += 1
            m = c.create(game, None, seed)
            tokens = [s.token for s in m.seats]
            rng = random.Random(seed)
            to_act = m.to_act
            while to_act and len(acts) < requests:
                seat = rng.choice(to_act)
                legal = c.legal_actions(tokens[seat])
                action = rng.choice(legal.actions)
                t0 = time.perf_counter_ns()
                c.echo()
                t1 = time.perf_counter_ns()
                r = c.act(tokens[seat], action, legal.seq)
                t2 = time.perf_counter_ns()
                echo.append((t1 - t0) / 1000)
                acts.append((t2 - t1) / 1000)
                to_act = r.to_act
        return {"echo": echo, "act": acts}


async def throughput(target: str, game: str, matches: int, seconds: float) -> float:
    clients = [AsyncClient(target) for _ in range(matches)]
    for c in clients:
        await c.echo()
    deadline = time.perf_counter() + seconds
    counts = [0] * matches

    async def drive(i: int) -> None:
        c = clients[i]
        seed = 100_000 * (i + 1)
        while time.perf_counter() < deadline:
            seed += 1
            m = await c.create(game, None, seed)
            tokens = [s.token for s in m.seats]
            rng = random.Random(seed)
            to_act = m.to_act
            while to_act and time.perf_counter() < deadline:
                seat = rng.choice(to_act)
                legal = await c.legal_actions(tokens[seat])
                r = await c.act(tokens[seat], rng.choice(legal.actions), legal.seq)
                to_act = r.to_act
                counts[i] += 1

    start = time.perf_counter()
    try:
        await asyncio.gather(*(drive(i) for i in range(matches)))
    finally:
        for c in clients:
            await c.close()
    return sum(counts) / (time.perf_counter() - start)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--game", default="friday")
    parser.add_argument("--stores", default="memory,sqlite")
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--concurrency", default="1,8")
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    stores = [s for s in args.stores.split(",") if s]
    levels = [int(n) for n in args.concurrency.split(",") if n]
    engine, adapter = in_process_costs(args.game, args.requests)
    results: dict[str, Any] = {
        "game": args.game,
        "python": platform.python_version(),
        "machine": platform.machine(),
        "engine_us": {"p50": pct(engine, 0.5), "p99": pct(engine, 0.99)},
        "convert_us": {"p50": pct(adapter, 0.5), "p99": pct(adapter, 0.99)},
        "stores": {},
    }
    with tempfile.TemporaryDirectory() as tmp:
        for store in stores:
            extra = STORES[store]
            if store != "memory":
                extra = (*extra, "--store", str(Path(tmp) / f"{store}.db"))
            with ServerProcess(*extra) as server:
                lat = latency(server.target, args.game, args.requests)
                rates = {
                    n: asyncio.run(throughput(server.target, args.game, n, args.seconds))
                    for n in levels
                }
            results["stores"][store] = {
                "echo_us": {"p50": pct(lat["echo"], 0.5), "p99": pct(lat["echo"], 0.99)},
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
    eng, conv = results["engine_us"], results["convert_us"]
    lat = Table(
        title=f"Act round trip vs Echo over gRPC ({results['game']}, µs; target: "
        f"act / (echo+engine) <= 1.5; in process: engine p50 {eng['p50']:.0f}, p99 "
        f"{eng['p99']:.0f}; adapter conversions p50 {conv['p50']:.0f}, p99 {conv['p99']:.0f})",
        box=box.SIMPLE_HEAD,
    )
    for col in ("store", "echo p50", "echo p99", "act p50", "act p99", "act / (echo+engine)"):
        lat.add_column(col, justify="right")
    for store, r in results["stores"].items():
        ratio = r["act_us"]["p50"] / (r["echo_us"]["p50"] + eng["p50"])
        lat.add_row(
            store,
            f"{r['echo_us']['p50']:.0f}",
            f"{r['echo_us']['p99']:.0f}",
            f"{r['act_us']['p50']:.0f}",
            f"{r['act_us']['p99']:.0f}",
            f"{ratio:.2f}x",
        )
    console.print(lat)
    thr = Table(
        title="throughput: acknowledged actions/s (target: >= 1,000 with 8 matches)",
        box=box.SIMPLE_HEAD,
    )
    thr.add_column("store")
    for n in levels:
        thr.add_column(f"{n} match{'es' if n > 1 else ''}", justify="right")
    for store, r in results["stores"].items():
        thr.add_row(store, *(f"{r['actions_per_s'][n]:.0f}" for n in levels))
    console.print(thr)
    console.print(
        f"python {results['python']} on {results['machine']}; server and client are "
        "separate processes on 127.0.0.1; in the throughput runs each Act is preceded by "
        "ListLegalActions (2 RPCs per action)."
    )


if __name__ == "__main__":
    sys.exit(main())
