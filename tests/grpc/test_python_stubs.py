"""The recipe of docs/cli.md for a Python client's own stubs: ``islandgames protos --out
DIR --python-package islandgames_pb``, then ``grpc_tools.protoc``, gives the importable
package ``islandgames_pb.v1`` beside the installed ``islandgames``, speaking to the
server under the wire names ``islandgames.v1.*`` (issue 37)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from islandgames.cli import main
from tests.grpc.grpc_kit import Served

pytest.importorskip("grpc_tools", reason="grpcio-tools (the dev extra) makes the stubs")


def _stubs(tmp_path: Path, package: str) -> Path:
    protos, gen = tmp_path / "protos", tmp_path / "gen"
    gen.mkdir()
    assert main(["protos", "--out", str(protos), "--python-package", package]) == 0
    sources = sorted(str(p) for p in (protos / package / "v1").glob("*.proto"))
    assert len(sources) == 7
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "grpc_tools.protoc",
            f"-I{protos}",
            f"--python_out={gen}",
            f"--grpc_python_out={gen}",
            *sources,
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    return gen


def test_the_stubs_import_beside_islandgames_and_call_the_server(
    tmp_path: Path, served: Served
) -> None:
    gen = _stubs(tmp_path, "islandgames_pb")
    client = textwrap.dedent(
        f"""
        import grpc, islandgames
        from islandgames_pb.v1 import match_service_pb2 as pb, match_service_pb2_grpc
        assert hasattr(islandgames, "get_game")  # the real package, not hidden
        service = pb.DESCRIPTOR.services_by_name["MatchService"]
        assert service.full_name == "islandgames.v1.MatchService", service.full_name
        with grpc.insecure_channel("{served.target}") as channel:
            stub = match_service_pb2_grpc.MatchServiceStub(channel)
            created = stub.CreateMatch(pb.CreateMatchRequest(game="friday", seed="7"))
            legal = stub.ListLegalActions(pb.ListLegalActionsRequest(token=created.seats[0].token))
            acted = stub.Act(pb.ActRequest(token=created.seats[0].token, action=legal.actions[0]))
        print(created.game, len(legal.actions) > 0, acted.seq)
        """
    )
    env = {**os.environ, "PYTHONPATH": str(gen)}
    done = subprocess.run(
        [sys.executable, "-c", client],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
        env=env,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["friday", "True", "1"]


def test_without_a_package_the_stubs_are_islandgames_v1_as_before(tmp_path: Path) -> None:
    protos = tmp_path / "protos"
    assert main(["protos", "--out", str(protos)]) == 0
    text = (protos / "islandgames" / "v1" / "games.proto").read_text()
    assert 'import "islandgames/v1/friday.proto";' in text


@pytest.mark.parametrize("bad", ["islandgames", "1pb", "a.b", "pb-x"])
def test_a_bad_package_name_is_refused(
    tmp_path: Path, bad: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["protos", "--out", str(tmp_path), "--python-package", bad]) == 2
    assert "--python-package" in capsys.readouterr().err
    assert not any(tmp_path.iterdir())
