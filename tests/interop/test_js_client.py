"""Interop: a client written in JavaScript (node + @msgpack/msgpack, see client.mjs) plays
complete seeded games through the TCP server with legal actions, then fetches the log and
verifies it (on its own: seed commitment, salts, action commitments, hash chain; and by
asking the server to replay it).

Skipped only when ``node`` is not installed, and never under CI (``CI`` set): there a
missing node is a failure. ``npm ci`` installs the pinned dependency when it is missing.
"""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from islandgames_msgpackrpc.process import ServerProcess

from tests.node_kit import install_dependencies, node

HERE = Path(__file__).resolve().parent
MARKERS = ("@msgpack/msgpack/package.json",)
SERVICE_TESTS = HERE.parent / "service"  # home of the test game "toy-bids"


def _node() -> str:
    return node("JavaScript interop test")


def _install_dependencies() -> None:
    install_dependencies(HERE, MARKERS, "@msgpack/msgpack")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    _node()
    _install_dependencies()
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(SERVICE_TESTS), env.get("PYTHONPATH")) if p)
    cwd = tmp_path_factory.mktemp("interop")  # the default SQLite store is created here
    with ServerProcess("--import", "toygame_plugin", env=env, cwd=cwd) as proc:
        yield proc
        assert proc.stop() == 0, proc.stderr_text()
    assert (cwd / "islandgames.sqlite3").exists()


def _run_client(server: ServerProcess, *args: str) -> dict[str, object]:
    result = subprocess.run(
        [_node(), "client.mjs", str(server.port), *args],
        cwd=HERE,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, (
        f"the JavaScript client failed ({result.returncode}):\n{result.stdout}\n{result.stderr}"
        f"\n--- server stderr ---\n{server.stderr_text()}"
    )
    summary: dict[str, object] = json.loads(result.stdout.strip().splitlines()[-1])
    return summary


def test_javascript_client_plays_a_seeded_friday_game(server: ServerProcess) -> None:
    summary = _run_client(server, "friday", "c0ffee15deadbeef", '{"level": 2}')
    assert summary["ok"] is True and summary["game"] == "friday"
    assert isinstance(summary["actions"], int) and summary["actions"] > 10
    assert summary["updates"] == summary["actions"]
    # seeded: the same game again gives the same hash chain
    again = _run_client(server, "friday", "c0ffee15deadbeef", '{"level": 2}')
    assert again["chain_hash"] == summary["chain_hash"]


def test_javascript_client_plays_a_multi_seat_hidden_information_game(
    server: ServerProcess,
) -> None:
    summary = _run_client(server, "toy-bids", "2a", '{"seats": 4, "rounds": 5}')
    assert summary["ok"] is True and summary["seats"] == 4
