"""The programs in examples/, run as a user runs them (so CI runs every one), and the
packaging they rely on: the .proto files shipped as package data and ``islandgames
protos``.

The Node.js clients are skipped only when ``node`` is not installed, and never under CI
(``CI`` set); they use the npm modules the interop tests install (tests/interop,
tests/grpc_interop), each example copied beside them, as ``npm install`` in
examples/node would place it.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest

import islandgames
from islandgames.cli import main, proto_root
from tests.node_kit import install_dependencies, node

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
PROTOS = ROOT / "protos" / "islandgames" / "v1"


def _run(*argv: str | Path, cwd: Path | None = None, timeout: float = 180) -> list[str]:
    """Run a command; its stdout lines (it must exit 0)."""
    result = subprocess.run(
        [str(a) for a in argv], cwd=cwd, capture_output=True, text=True, timeout=timeout
    )
    assert result.returncode == 0, (
        f"{argv} exited {result.returncode}:\n{result.stdout}\n{result.stderr}"
    )
    return result.stdout.splitlines()


# --- Python -------------------------------------------------------------------------------


def test_embedding_example_plays_writes_and_verifies_a_log(tmp_path: Path) -> None:
    lines = _run(
        sys.executable, EXAMPLES / "embed_forbidden_island.py", tmp_path, "--seed", "0xc0ffee"
    )
    assert lines[-1] == "verified"
    assert lines[0].startswith("Forbidden Island, 3 players, seed 12648430: ")
    log = islandgames.read_log(tmp_path / "forbidden-island-12648430.iglog")
    assert islandgames.verify_log(log).verified and log.end is not None
    seat0 = islandgames.read_log(tmp_path / "forbidden-island-12648430.seat0.iglog")
    assert islandgames.verify_redacted(seat0, log).verified
    # seeded: the same seed, written in decimal, plays the same game
    again = tmp_path / "again"
    _run(sys.executable, EXAMPLES / "embed_forbidden_island.py", again, "--seed", "12648430")
    same = islandgames.read_log(again / "forbidden-island-12648430.iglog")
    assert same.entries[-1].chain_hash == log.entries[-1].chain_hash


@pytest.mark.parametrize(
    ("game", "seats"), [("forbidden-island", 2), ("not-alone", 2), ("friday", 2), ("gozer", 1)]
)
def test_render_example_writes_svg_pictures(tmp_path: Path, game: str, seats: int) -> None:
    lines = _run(sys.executable, EXAMPLES / "render_match.py", tmp_path, "--game", game)
    svgs = [Path(line) for line in lines if line.endswith(".svg")]
    assert len(svgs) == 3 * seats  # the first, middle and last step, per viewer
    for path in svgs:
        assert ET.parse(path).getroot().tag == "{http://www.w3.org/2000/svg}svg"
    index = (tmp_path / "index.html").read_text()
    assert all(p.name in index for p in svgs)
    # from the log it wrote: the same pictures
    again = tmp_path / "again"
    _run(sys.executable, EXAMPLES / "render_match.py", again, "--log", tmp_path / "match.iglog")
    for path in svgs:
        assert (again / path.name).read_bytes() == path.read_bytes()


# --- Node.js --------------------------------------------------------------------------------


def _node_example(tmp_path: Path, name: str, modules: Path, markers: tuple[str, ...]) -> Path:
    """examples/node/NAME copied into a directory whose node_modules are ``modules``'."""
    node("Node.js example test")
    install_dependencies(modules, markers, ", ".join(markers))
    home = tmp_path / "node"
    home.mkdir(parents=True)
    shutil.copy(EXAMPLES / "node" / "package.json", home)
    shutil.copy(EXAMPLES / "node" / name, home)
    (home / "node_modules").symlink_to(modules / "node_modules", target_is_directory=True)
    return home / name


@pytest.fixture(scope="module")
def msgpack_server() -> Iterator[int]:
    from islandgames_msgpackrpc.process import ServerProcess

    with ServerProcess("--memory") as server:
        yield server.port
        assert server.stop() == 0, server.stderr_text()


@pytest.fixture(scope="module")
def grpc_server() -> Iterator[str]:
    from islandgames_grpc.process import ServerProcess

    with ServerProcess("--memory") as server:
        yield server.target
        assert server.stop() == 0, server.stderr_text()


@pytest.mark.parametrize(
    ("game", "seed", "config"),
    [("friday", "0xc0ffee", '{"level": 2}'), ("forbidden-island", "42", '{"players": 2}')],
)
def test_node_msgpack_example_plays_and_verifies(
    tmp_path: Path, msgpack_server: int, game: str, seed: str, config: str
) -> None:
    script = _node_example(
        tmp_path, "msgpack_client.mjs", ROOT / "tests" / "interop", ("@msgpack/msgpack",)
    )
    lines = _run(node("Node.js example test"), script, str(msgpack_server), game, seed, config)
    assert lines[-1] == "verified"
    assert lines[0].startswith("match ") and f": {game}, " in lines[0]
    assert lines[1].startswith("over after ")


@pytest.mark.parametrize(
    ("game", "seed", "config"),
    [("friday", "0xc0ffee", '{"level": 2}'), ("not-alone", "5", '{"hunted": 2}')],
)
def test_node_grpc_example_plays_and_verifies_with_exported_protos(
    tmp_path: Path, grpc_server: str, game: str, seed: str, config: str
) -> None:
    script = _node_example(
        tmp_path,
        "grpc_client.mjs",
        ROOT / "tests" / "grpc_interop",
        ("@grpc/grpc-js/package.json", "@grpc/proto-loader/package.json"),
    )
    protos = tmp_path / "protos"
    assert main(["protos", "--out", str(protos)]) == 0  # the schema as a user gets it
    lines = _run(node("Node.js example test"), script, protos, grpc_server, game, seed, config)
    assert lines[-1] == "verified"
    assert lines[0].startswith("match ") and f": {game}, " in lines[0]


def test_both_node_examples_play_the_same_game(
    tmp_path: Path, msgpack_server: int, grpc_server: str
) -> None:
    """Same game, seed and choices over either protocol: the same hash chain."""
    msgpack = _node_example(
        tmp_path / "m", "msgpack_client.mjs", ROOT / "tests" / "interop", ("@msgpack/msgpack",)
    )
    grpc = _node_example(
        tmp_path / "g",
        "grpc_client.mjs",
        ROOT / "tests" / "grpc_interop",
        ("@grpc/grpc-js/package.json", "@grpc/proto-loader/package.json"),
    )
    exe = node("Node.js example test")
    a = _run(exe, msgpack, str(msgpack_server), "friday", "0x2a")
    b = _run(exe, grpc, ROOT / "protos", grpc_server, "friday", "42")
    assert a[1:] == b[1:] and a[-1] == "verified"


# --- the .proto files as package data ---------------------------------------------------------


def test_protos_command_writes_the_schema(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["protos", "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out.splitlines()
    written = sorted((tmp_path / "islandgames" / "v1").iterdir())
    assert [Path(line) for line in out] == written
    assert [p.name for p in written] == sorted(p.name for p in PROTOS.glob("*.proto"))
    for path in written:
        assert path.read_bytes() == (PROTOS / path.name).read_bytes()
    # again: the files are overwritten, nothing else changes
    assert main(["protos", "--out", str(tmp_path)]) == 0
    assert sorted((tmp_path / "islandgames" / "v1").iterdir()) == written


def test_protos_command_without_out_prints_the_import_root(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["protos"]) == 0
    root = Path(capsys.readouterr().out.strip())
    assert root == proto_root()
    assert (root / "islandgames" / "v1" / "match_service.proto").is_file()


def test_protos_command_reports_an_unwritable_directory(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    assert main(["protos", "--out", str(blocker)]) == 2
    err = capsys.readouterr().err
    assert "cannot write" in err and "Traceback" not in err


def _setuptools() -> dict[str, object]:
    config: dict[str, object] = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"][
        "setuptools"
    ]
    return config


def test_the_package_list_names_every_package() -> None:
    """pyproject.toml lists the packages (to map protos/ in as package data): a new
    package must be added there, or the wheel would leave it out."""
    config = _setuptools()
    listed = set(config["packages"])  # type: ignore[call-overload]
    dirs: dict[str, str] = config["package-dir"]  # type: ignore[assignment]
    found = {"islandgames_grpc.protos"}
    for top, where in dirs.items():
        if "." in top:
            continue
        base = ROOT / where
        for init in base.rglob("__init__.py"):
            rel = init.parent.relative_to(base)
            found.add(".".join((top, *rel.parts)))
    assert listed == found


def test_the_protos_ship_as_package_data_of_islandgames_grpc() -> None:
    config = _setuptools()
    dirs: dict[str, str] = config["package-dir"]  # type: ignore[assignment]
    data: dict[str, list[str]] = config["package-data"]  # type: ignore[assignment]
    assert dirs["islandgames_grpc.protos"] == "protos"
    (pattern,) = data["islandgames_grpc.protos"]
    shipped = sorted(p.name for p in (ROOT / "protos").glob(pattern))
    assert shipped == sorted(p.name for p in PROTOS.glob("*.proto")) and shipped
    # in an installed package they sit in islandgames_grpc/protos/islandgames/v1/
    import islandgames_grpc

    installed = Path(islandgames_grpc.__file__).parent / "protos"
    assert proto_root() in (installed, ROOT / "protos")


def test_the_sdist_manifest_carries_what_the_tests_need() -> None:
    manifest = (ROOT / "MANIFEST.in").read_text().split()
    for tree in ("docs", "protos", "scripts", "bench", "examples", "tests"):
        assert tree in manifest, tree
    for name in ("LICENSE", "README.md", "CHANGELOG.md", "mkdocs.yml"):
        assert name in manifest, name
