"""Every transport side by side through one client interface (``MatchClient``): the
service in process, MessagePack-RPC and gRPC, per store, in one table.

    python bench/bench_clients.py [--game friday] [--transports local,msgpack,grpc]
                                  [--stores memory,sqlite] [--requests 2000]
                                  [--concurrency 1,8] [--seconds 3] [--json]

Stores: memory, sqlite (the default SQLite store, appending through the action
journal), sqlite-direct (``--no-journal``: a commit per action), sqlite-full (``--sync
full``). For msgpack and grpc a real server per store is started as a child process on
127.0.0.1 (a free port) and driven from this process, so both sides pay for their own
interpreter as in real use; ``local`` is a ``LocalClient`` on a ``MatchService`` with
the same store in this process (what the transport costs is the difference).

* latency: one blocking client, one call at a time. ``echo`` is the transport's bare
  echo (MessagePack-RPC ``echo`` with nil, gRPC ``Echo`` with an empty payload: the same
  framing, dispatch and client as every call, no service call; none in process);
  ``legal`` is one ``legal_actions`` and ``act`` one ``act`` of a seeded random game,
  each with its result decoded into the service's result class. ``engine`` is what an
  act costs the engine in process (decode, ``apply``, state hash, log entry, the acting
  seat's view in wire form), timed on the same game steps. The target of issues 5 and
  6: act p50 within 1.5x of (echo p50 + engine p50).
* throughput: N matches at once, each driven by its own thread with its own blocking
  client (its own connection), each a loop of ``legal_actions`` + ``act`` until the
  time is up (finished games are replaced by new ones; who acts next comes from the
  act's result); acknowledged actions per second.

The same code drives every transport: only how a client is made (and the echo) differs.
A measurement, not a test: nothing here asserts a speed. Loopback only, bounded in time.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table

from islandgames.service import LocalClient, MatchClient, MatchService

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:  # bench/_common.py, however this file is run
    sys.path.insert(0, _HERE)

from _common import STORES, in_process_costs, p50_p99, run_info, server_args  # noqa: E402

TRANSPORTS = ("local", "msgpack", "grpc")
LABELS = {"local": "in process", "msgpack": "MessagePack-RPC", "grpc": "gRPC"}

#: how to make a client of a running transport, and its bare echo (None: none)
Connect = Callable[[], MatchClient]
Echo = Callable[[Any], object] | None


@contextlib.contextmanager
def serving(transport: str, store: str, tmp: Path) -> Iterator[tuple[Connect, Echo]]:
    """A server of ``transport`` on ``store`` (its files in ``tmp``) for the block."""
    options = server_args(store, str(tmp))
    if transport == "local":
        from islandgames_grpc.app import add_grpc_arguments, open_store
        from islandgames_msgpackrpc.app import add_server_arguments

        parser = argparse.ArgumentParser()
        add_server_arguments(parser)
        add_grpc_arguments(parser)
        service = MatchService(open_store(parser.parse_args(list(options))))
        try:
            yield (lambda: LocalClient(service)), None
        finally:
            service.close()
    elif transport == "msgpack":
        from islandgames_msgpackrpc import Client as RpcClient
        from islandgames_msgpackrpc.process import ServerProcess as RpcProcess

        with RpcProcess(*options) as rpc:
            port = rpc.port
            yield (lambda: RpcClient(port=port)), (lambda c: c.echo(None))
    else:
        from islandgames_grpc import Client as GrpcClient
        from islandgames_grpc.process import ServerProcess as GrpcProcess

        with GrpcProcess(*options) as grpc_server:
            target = grpc_server.target
            yield (lambda: GrpcClient(target)), (lambda c: c.echo())


def latency(connect: Connect, echo: Echo, game: str, requests: int) -> dict[str, list[float]]:
    with connect() as c:
        if echo is not None:
            for _ in range(300):  # warm up
                echo(c)
        echoes: list[float] = []
        legals: list[float] = []
        acts: list[float] = []
        seed = 0
        # interleave echo, legal_actions and act, so all see the same machine state
        while len(acts) < requests:
            seed += 1
            m = c.create(game, None, seed)
            tokens = [s.token for s in m.seats]
            rng = random.Random(seed)
            to_act = m.to_act
            while to_act and len(acts) < requests:
                seat = rng.choice(to_act)
                t0 = time.perf_counter_ns()
                if echo is not None:
                    echo(c)
                t1 = time.perf_counter_ns()
                legal = c.legal_actions(tokens[seat])
                t2 = time.perf_counter_ns()
                r = c.act(tokens[seat], rng.choice(legal.actions), legal.seq)
                t3 = time.perf_counter_ns()
                if echo is not None:
                    echoes.append((t1 - t0) / 1000)
                legals.append((t2 - t1) / 1000)
                acts.append((t3 - t2) / 1000)
                to_act = r.to_act
    return {"echo": echoes, "legal": legals, "act": acts}


def throughput(connect: Connect, game: str, matches: int, seconds: float) -> float:
    clients = [connect() for _ in range(matches)]
    counts = [0] * matches
    ready = threading.Barrier(matches + 1)
    deadline = 0.0

    def drive(i: int) -> None:
        c = clients[i]
        seed = 100_000 * (i + 1)
        ready.wait()
        while time.perf_counter() < deadline:
            seed += 1
            m = c.create(game, None, seed)
            tokens = [s.token for s in m.seats]
            rng = random.Random(seed)
            to_act = m.to_act
            while to_act and time.perf_counter() < deadline:
                seat = rng.choice(to_act)
                legal = c.legal_actions(tokens[seat])
                to_act = c.act(tokens[seat], rng.choice(legal.actions), legal.seq).to_act
                counts[i] += 1

    threads = [threading.Thread(target=drive, args=(i,), daemon=True) for i in range(matches)]
    try:
        for t in threads:
            t.start()
        start = time.perf_counter()
        deadline = start + seconds
        ready.wait()
        for t in threads:
            t.join()
        return sum(counts) / (time.perf_counter() - start)
    finally:
        for c in clients:
            c.close()


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--game", default="friday")
    parser.add_argument("--transports", default=",".join(TRANSPORTS))
    parser.add_argument("--stores", default="memory,sqlite")
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--concurrency", default="1,8")
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    args.transport_list = [t for t in args.transports.split(",") if t]
    args.store_list = [s for s in args.stores.split(",") if s]
    args.levels = [int(n) for n in args.concurrency.split(",") if n]
    for t in args.transport_list:
        if t not in TRANSPORTS:
            parser.error(f"unknown transport {t!r} (choose from {', '.join(TRANSPORTS)})")
    for s in args.store_list:
        if s not in STORES:
            parser.error(f"unknown store {s!r} (choose from {', '.join(STORES)})")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    engine = in_process_costs(args.game, args.requests)
    results: dict[str, Any] = {**run_info(args.game, engine), "runs": []}
    with tempfile.TemporaryDirectory() as tmp:
        for store in args.store_list:
            for transport in args.transport_list:
                where = Path(tmp) / f"{transport}-{store}"
                where.mkdir()
                with serving(transport, store, where) as (connect, echo):
                    lat = latency(connect, echo, args.game, args.requests)
                    rates = {
                        n: throughput(connect, args.game, n, args.seconds) for n in args.levels
                    }
                results["runs"].append(
                    {
                        "store": store,
                        "transport": transport,
                        "echo_us": p50_p99(lat["echo"]) if lat["echo"] else None,
                        "legal_us": p50_p99(lat["legal"]),
                        "act_us": p50_p99(lat["act"]),
                        "actions_per_s": rates,
                    }
                )
    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    print_table(results, args.levels)
    return 0


def print_table(results: dict[str, Any], levels: list[int]) -> None:
    console = Console(width=max(140, Console().width))
    eng = results["engine_us"]
    table = Table(
        title=f"MatchClient on every transport ({results['game']}; µs per call, and "
        f"acknowledged actions/s; engine in process: act p50 {eng['p50']:.0f}, p99 "
        f"{eng['p99']:.0f}; target: act / (echo+engine) <= 1.5)",
        box=box.SIMPLE_HEAD,
    )
    table.add_column("store")
    table.add_column("transport")
    for col in ("echo p50", "legal p50", "act p50", "act p99", "act / (echo+engine)"):
        table.add_column(col, justify="right")
    for n in levels:
        table.add_column(f"{n} match{'es' if n > 1 else ''}/s", justify="right")
    for r in results["runs"]:
        echo = r["echo_us"]
        ratio = "-" if echo is None else f"{r['act_us']['p50'] / (echo['p50'] + eng['p50']):.2f}x"
        table.add_row(
            r["store"],
            LABELS[r["transport"]],
            "-" if echo is None else f"{echo['p50']:.0f}",
            f"{r['legal_us']['p50']:.0f}",
            f"{r['act_us']['p50']:.0f}",
            f"{r['act_us']['p99']:.0f}",
            ratio,
            *(f"{r['actions_per_s'][n]:,.0f}" for n in levels),
        )
    console.print(table)
    console.print(
        f"python {results['python']} on {results['machine']}; the servers are separate "
        "processes on 127.0.0.1 (in process: the same service and store in this "
        "process); each throughput action is legal_actions + act (2 calls), one thread "
        "and one blocking client per match."
    )


if __name__ == "__main__":
    sys.exit(main())
