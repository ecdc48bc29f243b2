"""What bench_grpc.py and bench_msgpackrpc.py share: the stores, percentiles, the
in-process cost of an act, the command line and the throughput table."""

from __future__ import annotations

import argparse
import platform
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich import box
from rich.table import Table

from islandgames import get_game
from islandgames.core import serde
from islandgames.core.log import LogEntry, header_chain, make_entry, make_header

STORES: dict[str, tuple[str, ...]] = {
    "memory": ("--memory",),
    "sqlite": ("--sync", "normal"),  # through the action journal (the default)
    "sqlite-direct": ("--sync", "normal", "--no-journal"),  # a commit per action
    "sqlite-full": ("--sync", "full"),
}

# an adapter's own work for one act, timed apart from the engine's: given (seq, seat,
# wire action) before the act (untimed), it returns what to time once the engine has
# acted, called with (new state, the seat's view in wire form, state hash, log entry)
AdapterCost = Callable[[int, int, Any], Callable[[Any, Any, str, LogEntry], None]]


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def p50_p99(values: list[float]) -> dict[str, float]:
    return {"p50": pct(values, 0.5), "p99": pct(values, 0.99)}


def in_process_costs(
    game_id: str, steps: int, adapter: AdapterCost | None = None
) -> tuple[list[float], list[float]]:
    """Microseconds per act spent in the engine as the service spends them (decode,
    ``apply``, state hash, log entry, the acting seat's view in wire form), and in
    ``adapter`` (none without one), over seeded random games."""
    game = get_game(game_id)
    engine: list[float] = []
    converts: list[float] = []
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
            convert = None if adapter is None else adapter(seq, seat, wire)
            t0 = time.perf_counter_ns()
            decoded = game.decode_action(wire)
            new = game.apply(state, seat, decoded)
            digest = serde.state_hash(new)
            entry = make_entry(game, seed, chain, seq + 1, seat, decoded, digest)
            view = serde.to_wire(game.view(new, seat))
            t1 = time.perf_counter_ns()
            if convert is not None:
                convert(new, view, digest, entry)
                converts.append((time.perf_counter_ns() - t1) / 1000)
            engine.append((t1 - t0) / 1000)
            state, chain, seq = new, bytes.fromhex(entry.chain_hash), seq + 1
    return engine, converts


def parse_args(
    doc: str | None, stores: str, concurrency: str, argv: list[str] | None
) -> tuple[argparse.Namespace, list[str], list[int]]:
    """The options both benchmarks take; also the stores and concurrency levels as lists."""
    parser = argparse.ArgumentParser(description=(doc or "").split("\n\n")[0])
    parser.add_argument("--game", default="friday")
    parser.add_argument("--stores", default=stores)
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--concurrency", default=concurrency)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    return (
        args,
        [s for s in args.stores.split(",") if s],
        [int(n) for n in args.concurrency.split(",") if n],
    )


def run_info(game: str, engine: list[float]) -> dict[str, Any]:
    """The head of the results: game, Python, machine, engine cost."""
    return {
        "game": game,
        "python": platform.python_version(),
        "machine": platform.machine(),
        "engine_us": p50_p99(engine),
    }


def server_args(store: str, tmp: str) -> tuple[str, ...]:
    """The server options for ``store``, its database (if any) in directory ``tmp``."""
    extra = STORES[store]
    if store != "memory":
        extra = (*extra, "--store", str(Path(tmp) / f"{store}.db"))
    return extra


def throughput_table(results: dict[str, Any], levels: list[int], title: str) -> Table:
    thr = Table(title=title, box=box.SIMPLE_HEAD)
    thr.add_column("store")
    for n in levels:
        thr.add_column(f"{n} match{'es' if n > 1 else ''}", justify="right")
    for store, r in results["stores"].items():
        thr.add_row(store, *(f"{r['actions_per_s'][n]:.0f}" for n in levels))
    return thr
