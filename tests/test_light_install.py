"""``pip install islandgames`` without extras: the engine, logs, CLI, bots, pictures and
MessagePack-RPC, and no gRPC (issue 37). Checked on the installed metadata, and by
running the library with grpc and protobuf made unimportable."""

from __future__ import annotations

import importlib.metadata
import re
import subprocess
import sys
import textwrap

import pytest

GRPC_DISTRIBUTIONS = (
    "grpcio",
    "grpcio-health-checking",
    "grpcio-reflection",
    "protobuf",
    "googleapis-common-protos",
)

# run before the code under test: grpc and protobuf cannot be imported (find_spec is None)
BLOCK = textwrap.dedent(
    """\
    import sys
    for name in ("grpc", "google.protobuf", "google.rpc"):
        sys.modules[name] = None
    """
)


def _run(code: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", BLOCK + textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def _requirement_name(req: str) -> str:
    m = re.match(r"[A-Za-z0-9._-]+", req)
    assert m, req
    return m.group(0).lower()


def test_the_core_install_requires_no_grpc() -> None:
    requires = importlib.metadata.requires("islandgames") or []
    core = [r for r in requires if "extra ==" not in r]
    assert {"attrs", "cattrs", "msgpack", "rich"} <= {_requirement_name(r) for r in core}
    assert not {_requirement_name(r) for r in core} & set(GRPC_DISTRIBUTIONS), core
    grpc_extra = {_requirement_name(r) for r in requires if 'extra == "grpc"' in r}
    assert grpc_extra == set(GRPC_DISTRIBUTIONS)
    assert any(r.startswith("islandgames[grpc") and 'extra == "all"' in r for r in requires)


def test_the_engine_cli_and_service_import_no_grpc() -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, islandgames, islandgames.cli, islandgames.service, "
            "islandgames.bots, islandgames.render, islandgames_msgpackrpc\n"
            "print(sorted(m for m in sys.modules if m == 'grpc' or m.startswith('google')))",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_without_grpc_the_library_plays_and_serves_msgpack() -> None:
    done = _run(
        """
        import islandgames
        from islandgames.service import LocalClient, MatchService
        from islandgames.service.demo import play_demo
        m = islandgames.Match("forbidden-island", seed=3)
        m.act(m.to_act()[0], m.legal_actions(m.to_act()[0])[0])
        from islandgames.render import render_svg
        svg = render_svg(m.state)
        client = LocalClient(MatchService())
        created = client.create("friday", seed=1)
        print("ok", m.seq, len(svg) > 1000, created.seq)
        """
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["ok", "1", "True", "0"]


def test_serve_without_grpc_says_how_to_add_it_and_serves_msgpack() -> None:
    proc = subprocess.Popen(
        [
            sys.executable,
            "-c",
            BLOCK
            + "from islandgames.cli import main\n"
            + "raise SystemExit(main(['serve', '--memory', '--port', '0']))\n",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stderr is not None and proc.stdout is not None
        notice = proc.stderr.readline()
        ready = proc.stdout.readline()
    finally:
        proc.terminate()
        proc.wait(30)
    assert "gRPC is not installed" in notice and "pip install 'islandgames[grpc]'" in notice
    assert "msgpack-rpc listening on 127.0.0.1:" in ready


@pytest.mark.parametrize(
    ("argv", "wanted"),
    [
        (["demo", "--transport", "grpc"], "pip install 'islandgames[grpc]'"),
        (["serve", "--memory", "--grpc-port", "5"], "unrecognized arguments: --grpc-port"),
    ],
)
def test_grpc_options_without_grpc_are_one_line(argv: list[str], wanted: str) -> None:
    done = _run(f"from islandgames.cli import main\nraise SystemExit(main({argv!r}))\n")
    assert done.returncode == 2, done.stderr
    assert wanted in done.stderr and "Traceback" not in done.stderr


def test_protos_without_grpc() -> None:
    done = _run("from islandgames.cli import main\nraise SystemExit(main(['protos']))\n")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().endswith("protos")
