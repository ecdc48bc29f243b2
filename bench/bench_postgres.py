"""Scale-out benchmark: acknowledged actions per second with 1, 2 and 4 server
processes on one PostgreSQL database, and where the time goes.

    python bench/bench_postgres.py [--url postgresql://...] [--servers 1,2,4]
                                   [--matches 32] [--seconds 5] [--json]

The URL comes from ``--url`` or ``ISLANDGAMES_PG_URL``; with neither, a throwaway
cluster is started with ``scripts/pg-test-server.sh`` (127.0.0.1, a temporary directory,
stopped at the end). Each run gets a fresh schema.

For each number of servers N, N real ``islandgames_msgpackrpc`` processes are started on
the same schema and ``--matches`` Friday matches are played at once by asyncio clients
in this process, match i over its own connection to server i mod N. A client's loop is
``legal_actions`` then ``act`` with ``expected_seq`` (2 requests per action); a finished
game is replaced by a new one. The table shows acknowledged actions per second and the
CPU time per action spent by the servers, by PostgreSQL (the postmaster and its
children, when the cluster runs on this machine) and by this client process, from
``/proc``. A SQLite row (one server: the file is exclusive) is the reference.

``commit`` is the latency of one durable INSERT commit on the cluster (the WAL flush);
``commit, no wait`` the same with ``synchronous_commit = off``. A measurement, not a
test: nothing here asserts a speed. Loopback only, bounded in time.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import secrets
import subprocess
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any
from urllib.parse import quote

import psycopg
from islandgames_msgpackrpc import AsyncClient
from islandgames_msgpackrpc.process import ServerProcess
from psycopg.conninfo import conninfo_to_dict
from rich import box
from rich.console import Console
from rich.table import Table

ROOT = Path(__file__).resolve().parent.parent
CLK_TCK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of one process (0 if it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / CLK_TCK


def postgres_pids(port: int) -> list[int]:
    """The postmaster listening on ``port`` on this machine and its children."""
    master = None
    children: dict[int, list[int]] = {}
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            argv = (proc / "cmdline").read_bytes().split(b"\0")
            ppid = int((proc / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        children.setdefault(ppid, []).append(int(proc.name))
        if argv and argv[0].endswith(b"postgres") and str(port).encode() in argv:
            master = int(proc.name)
    if master is None:
        return []
    return [master, *children.get(master, [])]


def with_schema(url: str, schema: str) -> str:
    option = "options=" + quote(f"-csearch_path={schema}", safe="")
    return url + ("&" if "?" in url else "?") + option


def commit_latency(url: str, synchronous: bool, n: int = 200) -> float:
    """Median microseconds of one INSERT commit into an ordinary (WAL-logged) table."""
    schema = "bench_commit_" + secrets.token_hex(4)
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
        try:
            conn.execute(f"CREATE TABLE {schema}.t (i int)")
            if not synchronous:
                conn.execute("SET synchronous_commit = off")
            times = []
            for i in range(n):
                t0 = time.perf_counter_ns()
                conn.execute(f"INSERT INTO {schema}.t VALUES (%s)", (i,))
                times.append((time.perf_counter_ns() - t0) / 1000)
        finally:
            conn.execute(f"DROP SCHEMA {schema} CASCADE")
    return sorted(times)[n // 2]


async def drive(ports: list[int], matches: int, seconds: float) -> tuple[int, float]:
    """Play ``matches`` Friday matches at once for ``seconds``; acks and elapsed time."""
    clients = [await AsyncClient.connect(port=ports[i % len(ports)]) for i in range(matches)]
    counts = [0] * matches
    deadline = time.perf_counter() + seconds

    async def one(i: int) -> None:
        c = clients[i]
        seed = 1_000_000 * (i + 1) + secrets.randbelow(1000) * 1000
        while time.perf_counter() < deadline:
            seed += 1
            m = await c.create("friday", None, seed)
            token = m["seats"][0]["token"]
            rng = random.Random(seed)
            while time.perf_counter() < deadline:
                legal = await c.legal_actions(token)
                if not legal["actions"]:
                    break
                await c.act(token, rng.choice(legal["actions"]), legal["seq"])
                counts[i] += 1

    start = time.perf_counter()
    try:
        await asyncio.gather(*(one(i) for i in range(matches)))
    finally:
        for c in clients:
            await c.close()
    return sum(counts), time.perf_counter() - start


def run_case(
    store_args: list[tuple[str, ...]], pg_port: int | None, matches: int, seconds: float
) -> dict[str, Any]:
    with ExitStack() as stack:
        servers = []
        for args in store_args:
            server = ServerProcess(*args)
            stack.callback(server.kill)
            servers.append(server.start())
        ports = [s.port for s in servers]
        asyncio.run(drive(ports, matches, min(1.0, seconds)))  # warm up
        pg = postgres_pids(pg_port) if pg_port is not None else []
        server_cpu0 = sum(cpu_seconds(s.pid) for s in servers)
        pg_cpu0 = sum(cpu_seconds(p) for p in pg)
        client_cpu0 = time.process_time()
        acks, elapsed = asyncio.run(drive(ports, matches, seconds))
        client_cpu = time.process_time() - client_cpu0
        server_cpu = sum(cpu_seconds(s.pid) for s in servers) - server_cpu0
        pg_cpu: float | None = None
        if pg_port is not None and pg:
            pg_cpu = sum(cpu_seconds(p) for p in postgres_pids(pg_port)) - pg_cpu0
        for s in servers:
            s.stop()
    per = 1e6 / max(acks, 1)
    return {
        "servers": len(store_args),
        "actions": acks,
        "seconds": elapsed,
        "actions_per_s": acks / elapsed,
        "cpu_us_per_action": {
            "servers": server_cpu * per,
            "postgres": None if pg_cpu is None else pg_cpu * per,
            "client": client_cpu * per,
        },
        "cpu_cores_busy": (server_cpu + (pg_cpu or 0.0) + client_cpu) / elapsed,
    }


def start_cluster(stack: ExitStack) -> str:
    """A throwaway cluster in a new temporary directory (stopped and removed at exit)."""
    script = ROOT / "scripts" / "pg-test-server.sh"
    data = tempfile.mkdtemp(prefix="islandgames-bench-pg-")  # empty: the script takes it
    stack.callback(
        lambda: subprocess.run(
            ["bash", str(script), "stop", data], check=False, capture_output=True
        )
    )
    done = subprocess.run(["bash", str(script), "start", data], capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"cannot start PostgreSQL: {done.stderr.strip()}")
    return done.stdout.strip()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", default=os.environ.get("ISLANDGAMES_PG_URL", ""))
    parser.add_argument("--servers", default="1,2,4")
    parser.add_argument("--matches", type=int, default=32)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--no-sqlite", action="store_true", help="skip the SQLite reference")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    counts = [int(n) for n in args.servers.split(",") if n]
    results: dict[str, Any] = {
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
        "matches": args.matches,
        "seconds": args.seconds,
        "runs": [],
    }
    with ExitStack() as stack:
        url = args.url or start_cluster(stack)
        port = int(conninfo_to_dict(url).get("port") or 5432)
        results["commit_us"] = commit_latency(url, True)
        results["commit_async_us"] = commit_latency(url, False)
        with psycopg.connect(url, autocommit=True) as conn:
            row = conn.execute("SHOW server_version").fetchone()
            results["postgres"] = row[0] if row else "?"
        if not args.no_sqlite:
            with tempfile.TemporaryDirectory() as tmp:
                run = run_case(
                    [("--store", str(Path(tmp) / "b.db"))], None, args.matches, args.seconds
                )
                run["store"] = "sqlite"
                results["runs"].append(run)
        for n in counts:
            schema = "bench_" + secrets.token_hex(4)
            with psycopg.connect(url, autocommit=True) as conn:
                conn.execute(f"CREATE SCHEMA {schema}")
            try:
                store = with_schema(url, schema)
                run = run_case([("--store", store)] * n, port, args.matches, args.seconds)
                run["store"] = "postgres"
                results["runs"].append(run)
            finally:
                with psycopg.connect(url, autocommit=True) as conn:
                    conn.execute(f"DROP SCHEMA {schema} CASCADE")
    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    print_table(results)
    return 0


def print_table(results: dict[str, Any]) -> None:
    console = Console(width=max(110, Console().width))
    table = Table(
        title=(
            f"{results['matches']} Friday matches at once, {results['seconds']:.0f} s per row "
            f"(legal_actions + act per action)"
        ),
        box=box.SIMPLE_HEAD,
    )
    for col in (
        "store",
        "servers",
        "actions/s",
        "server CPU µs/action",
        "PostgreSQL CPU µs/action",
        "client CPU µs/action",
        "cores busy",
    ):
        table.add_column(col, justify="right")
    for r in results["runs"]:
        cpu = r["cpu_us_per_action"]
        table.add_row(
            r["store"],
            str(r["servers"]),
            f"{r['actions_per_s']:.0f}",
            f"{cpu['servers']:.0f}",
            "-" if cpu["postgres"] is None else f"{cpu['postgres']:.0f}",
            f"{cpu['client']:.0f}",
            f"{r['cpu_cores_busy']:.2f} of {results['cpus']}",
        )
    console.print(table)
    console.print(
        f"PostgreSQL {results['postgres']}: durable commit {results['commit_us']:.0f} µs, "
        f"commit without waiting for the disk {results['commit_async_us']:.0f} µs (medians); "
        f"python {results['python']}; servers, PostgreSQL and the client share this machine."
    )


if __name__ == "__main__":
    sys.exit(main())
