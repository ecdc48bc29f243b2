"""Interop: a Node.js client (@grpc/grpc-js + @grpc/proto-loader, see client.mjs) loads the
schema from protos/, plays a complete seeded game of each of the four games through a
gRPC server process with legal actions, receives the watch streams, checks the
structured errors, and verifies the final log (against what it saw, and by having the
server replay it after the log went through its own protobuf decoding and encoding).

Skipped only when ``node`` is not installed, and never under CI (``CI`` set): there a
missing node is a failure. ``npm ci`` installs the pinned dependencies when missing.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from islandgames_grpc.process import ServerProcess

from tests.node_kit import install_dependencies, node

HERE = Path(__file__).resolve().parent
MARKERS = ("@grpc/grpc-js/package.json", "@grpc/proto-loader/package.json")


def _node() -> str:
    return node("gRPC interop test")


def _install_dependencies() -> None:
    install_dependencies(HERE, MARKERS, "@grpc/grpc-js")


@pytest.fixture(scope="module")
def server() -> Iterator[ServerProcess]:
    _node()
    _install_dependencies()
    with ServerProcess("--memory") as proc:
        yield proc
        assert proc.stop() == 0, proc.stderr_text()


def _run_client(server: ServerProcess, *args: str) -> dict[str, object]:
    result = subprocess.run(
        [_node(), "client.mjs", server.target, *args],
        cwd=HERE,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, (
        f"the Node.js client failed ({result.returncode}):\n{result.stdout}\n{result.stderr}"
        f"\n--- server stderr ---\n{server.stderr_text()}"
    )
    summary: dict[str, object] = json.loads(result.stdout.strip().splitlines()[-1])
    return summary


@pytest.mark.parametrize(
    ("game", "seed", "config", "seats"),
    [
        ("friday", "c0ffee15deadbeef", '{"level": 2}', 1),
        (
            "forbidden-island",
            "2a",
            '{"players": 3, "difficulty": "FORBIDDEN_ISLAND_DIFFICULTY_ELITE"}',
            3,
        ),
        ("not-alone", "5eed", '{"hunted": 2}', 3),
        ("gozer", "77", '{"players": 5}', 5),
    ],
)
def test_node_client_plays_a_seeded_game(
    server: ServerProcess, game: str, seed: str, config: str, seats: int
) -> None:
    summary = _run_client(server, game, seed, config)
    assert summary["ok"] is True and summary["game"] == game and summary["seats"] == seats
    assert isinstance(summary["actions"], int) and summary["actions"] > 5
    assert summary["updates"] == summary["actions"]


def test_the_same_seed_gives_the_same_game(server: ServerProcess) -> None:
    first = _run_client(server, "friday", "1234", "")
    again = _run_client(server, "friday", "1234", "")
    assert first["chain_hash"] == again["chain_hash"] and first["actions"] == again["actions"]
