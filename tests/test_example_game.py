"""A game in its own distribution works through every layer (issue 35).

``examples/pig`` is Pig as a separate distribution: it is installed into a temporary
directory (``pip install --target``, no network, no build isolation), and from then on
only that directory on ``PYTHONPATH`` and its entry point of the group
``islandgames.games`` tell islandgames about it. No file of islandgames names it. Each
test drives one layer as a user would, in a child process: the command line (games,
play, simulate, replay, render, replay --html), the match service over MessagePack-RPC
and gRPC (``demo``), the RL environments and the ``mcts`` bot.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PIG = ROOT / "examples" / "pig"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The directory Pig is installed into, as its own distribution."""
    target = tmp_path_factory.mktemp("pig-site")
    build = tmp_path_factory.mktemp("pig-build")
    source = build / "pig"  # a copy: the build writes beside the sources
    shutil.copytree(PIG, source, ignore=shutil.ignore_patterns("build", "*.egg-info"))
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--quiet",
            "--no-deps",
            "--no-build-isolation",
            "--no-index",
            "--target",
            str(target),
            str(source),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=build,
    )
    assert done.returncode == 0, done.stderr
    assert (target / "islandgames_pig" / "__init__.py").is_file()
    assert any(target.glob("islandgames_pig-*.dist-info/entry_points.txt"))
    yield target


def _env(site: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(site), *filter(None, [env.get("PYTHONPATH")])])
    env["COLUMNS"] = "100"
    return env


def _islandgames(site: Path, *argv: str | Path, cwd: Path, code: int = 0) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "islandgames", *map(str, argv)],
        capture_output=True,
        text=True,
        timeout=300,
        env=_env(site),
        cwd=cwd,
    )
    assert done.returncode == code, f"{argv}: exit {done.returncode}\n{done.stdout}\n{done.stderr}"
    assert "Traceback" not in done.stderr
    return done.stdout


def _python(site: Path, source: str, cwd: Path) -> str:
    done = subprocess.run(
        [sys.executable, "-c", source],
        capture_output=True,
        text=True,
        timeout=300,
        env=_env(site),
        cwd=cwd,
    )
    assert done.returncode == 0, f"{done.stdout}\n{done.stderr}"
    return done.stdout


def test_without_the_distribution_there_is_no_pig(tmp_path: Path) -> None:
    # the tests below can fail: Pig comes from the installed distribution alone
    done = subprocess.run(
        [sys.executable, "-m", "islandgames", "simulate", "pig", "--games", "1"],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
    )
    assert done.returncode == 2 and "unknown game 'pig'" in done.stderr


def test_the_game_is_registered_by_its_entry_point(site: Path, tmp_path: Path) -> None:
    listed = json.loads(_islandgames(site, "games", "--json", cwd=tmp_path))
    pig = next(g for g in listed if g["id"] == "pig")
    assert pig["title"] == "Pig" and pig["rules_version"] == "1.1"
    out = _python(
        site,
        "import islandgames\n"
        "print([g.id for g in islandgames.games()])\n"
        "print(islandgames.rules_versions('pig'))\n"
        "from islandgames.core.registry import definition\n"
        "print(sorted(definition('pig').bots))\n",
        tmp_path,
    )
    ids, versions, bots = out.splitlines()
    assert "'pig'" in ids and "'friday'" in ids
    assert versions == "('1.0', '1.1')" and bots == "['hold20']"


def test_play_replay_verify_render_and_html(site: Path, tmp_path: Path) -> None:
    log = tmp_path / "pig.iglog"
    shown = _islandgames(
        site,
        "play",
        "pig",
        "--watch",
        "--seed",
        "7",
        "--bot",
        "hold20",
        "--log",
        log,
        cwd=tmp_path,
    )
    assert "Pig is over" in shown
    assert log.is_file()
    verdict = _islandgames(site, "replay", log, "--verify", "--seed", "7", cwd=tmp_path)
    assert "VERIFIED" in verdict.upper()
    states = _islandgames(site, "replay", log, "--seat", "0", "--show-states", cwd=tmp_path)
    assert "Pig to 30: seat 1 wins with 30" in states  # the game's own text board
    svg = tmp_path / "pig.svg"
    _islandgames(
        site,
        "render",
        "pig",
        "--log",
        log,
        "--step",
        "3",
        "--seed",
        "7",
        "--out",
        svg,
        cwd=tmp_path,
    )
    assert svg.read_text().startswith("<svg") and "Pig to 30" in svg.read_text()
    page = tmp_path / "pig.html"
    _islandgames(site, "replay", log, "--seed", "7", "--html", page, cwd=tmp_path)
    html = page.read_text()
    assert html.count("\\u003csvg") >= 1 and "Pig: seat" in html  # its pictures, one per step


def test_simulate_with_its_own_bot_and_with_mcts(site: Path, tmp_path: Path) -> None:
    own = json.loads(
        _islandgames(
            site,
            "simulate",
            "pig",
            "--games",
            "20",
            "--bot",
            "hold20",
            "--json",
            "--quiet",
            cwd=tmp_path,
        )
    )
    assert own["games"] == 20 and own.get("unfinished", 0) == 0
    search = json.loads(
        _islandgames(
            site,
            "simulate",
            "pig",
            "--games",
            "2",
            "--bot",
            "mcts:iterations=20",
            "--json",
            "--quiet",
            cwd=tmp_path,
        )
    )
    assert search["games"] == 2


@pytest.mark.parametrize("transport", ["msgpack", "grpc"])
def test_the_service_serves_it_over_both_protocols(
    site: Path, tmp_path: Path, transport: str
) -> None:
    out = _islandgames(
        site,
        "demo",
        "--game",
        "pig",
        "--seed",
        "5",
        "--bot",
        "hold20",
        "--transport",
        transport,
        "--quiet",
        cwd=tmp_path,
    )
    assert "verified" in out.lower()


def test_the_rl_environment_and_the_api_test(site: Path, tmp_path: Path) -> None:
    pytest.importorskip("pettingzoo")
    out = _python(
        site,
        "from pettingzoo.test import api_test\n"
        "import islandgames.rl as rl\n"
        "env = rl.aec_env('pig', players=3)\n"
        "api_test(env, num_cycles=200)\n"
        "env.reset(seed=4)\n"
        "steps = 0\n"
        "for agent in env.agent_iter(2000):\n"
        "    obs, reward, term, trunc, info = env.last()\n"
        "    if term or trunc:\n"
        "        env.step(None)\n"
        "        continue\n"
        "    mask = obs['action_mask']\n"
        "    env.step(int(mask.nonzero()[0][0]))\n"
        "    steps += 1\n"
        "print(steps)\n",
        tmp_path,
    )
    assert int(out.split()[-1]) > 0
