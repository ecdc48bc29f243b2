"""What the transport benchmark (bench_clients.py) uses: the stores, percentiles and the
in-process cost of an act."""

from __future__ import annotations

import platform
import random
import time
from pathlib import Path
from typing import Any

from islandgames import get_game
from islandgames.core import serde
from islandgames.core.log import header_chain, make_entry, make_header

STORES: dict[str, tuple[str, ...]] = {
    "memory": ("--memory",),
    "sqlite": ("--sync", "normal"),  # through the action journal (the default)
    "sqlite-direct": ("--sync", "normal", "--no-journal"),  # a commit per action
    "sqlite-full": ("--sync", "full"),
}


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def p50_p99(values: list[float]) -> dict[str, float]:
    return {"p50": pct(values, 0.5), "p99": pct(values, 0.99)}


def in_process_costs(game_id: str, steps: int) -> list[float]:
    """Microseconds per act spent in the engine as the service spends them (decode,
    ``apply``, state hash, log entry, the acting seat's view in wire form), over seeded
    random games."""
    game = get_game(game_id)
    engine: list[float] = []
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
            t0 = time.perf_counter_ns()
            decoded = game.decode_action(wire)
            new = game.apply(state, seat, decoded)
            digest = serde.state_hash(new)
            entry = make_entry(game, seed, chain, seq + 1, seat, decoded, digest)
            serde.to_wire(game.view(new, seat))
            engine.append((time.perf_counter_ns() - t0) / 1000)
            state, chain, seq = new, bytes.fromhex(entry.chain_hash), seq + 1
    return engine


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
