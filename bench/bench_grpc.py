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

import asyncio
import json
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from islandgames_grpc import AsyncClient, Client, convert
from islandgames_grpc._gen import match_service_pb2 as pb
from islandgames_grpc.process import ServerProcess
from rich import box
from rich.console import Console
from rich.table import Table

from islandgames import get_game
from islandgames.core.log import LogEntry

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:  # bench/_common.py, however this file is run
    sys.path.insert(0, _HERE)

from _common import (  # noqa: E402
    AdapterCost,
    in_process_costs,
    p50_p99,
    parse_args,
    run_info,
    server_args,
    throughput_table,
)


def grpc_conversions(game_id: str) -> AdapterCost:
    """What the adapter adds to an act in process: the action from protobuf to wire form,
    the view from wire form to protobuf, both messages serialised and parsed."""
    game = get_game(game_id)
    codecs = convert.game_codecs(game_id)

    def prepare(seq: int, seat: int, wire: Any) -> Callable[[Any, Any, str, LogEntry], None]:
        request = pb.ActRequest(
            token="igt_" + "x" * 43,
            action=convert.game_value_kw(game_id, "action", wire),
            expected_seq=seq,
        ).SerializeToString()

        def timed(new: Any, view: Any, digest: str, entry: LogEntry) -> None:
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

        return timed

    return prepare


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
    args, stores, levels = parse_args(__doc__, "memory,sqlite", "1,8", argv)
    engine, adapter = in_process_costs(args.game, args.requests, grpc_conversions(args.game))
    results: dict[str, Any] = {
        **run_info(args.game, engine),
        "convert_us": p50_p99(adapter),
        "stores": {},
    }
    with tempfile.TemporaryDirectory() as tmp:
        for store in stores:
            with ServerProcess(*server_args(store, tmp)) as server:
                lat = latency(server.target, args.game, args.requests)
                rates = {
                    n: asyncio.run(throughput(server.target, args.game, n, args.seconds))
                    for n in levels
                }
            results["stores"][store] = {
                "echo_us": p50_p99(lat["echo"]),
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
    thr = throughput_table(
        results, levels, "throughput: acknowledged actions/s (target: >= 1,000 with 8 matches)"
    )
    console.print(thr)
    console.print(
        f"python {results['python']} on {results['machine']}; server and client are "
        "separate processes on 127.0.0.1; in the throughput runs each Act is preceded by "
        "ListLegalActions (2 RPCs per action)."
    )


if __name__ == "__main__":
    sys.exit(main())
