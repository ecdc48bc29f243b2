"""Every command's bad input: exit status 2 and one line on stderr naming what is wrong,
never a traceback (issue 37).

A table of bad invocations covers every command ``islandgames --help`` lists, at least
three each; they run in process (``main(argv)``). ``serve`` and ``demo`` must refuse
before any server listens: here the functions that would listen raise, so a bad input
that got through fails its test at once instead of serving forever. A few run as the
installed command too (a subprocess, with a timeout).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from islandgames import get_game
from islandgames.cli import build_parser, main, seed_file
from islandgames.core.match import Match

SEED = 7

# (argv, what stderr must mention); {name} is a file of the ``files`` fixture
CASES: list[tuple[list[str], str]] = [
    # the top level
    (["frobnicate"], "'frobnicate'"),
    (["--bogus"], "--bogus"),
    # games
    (["games", "--bogus"], "--bogus"),
    (["games", "friday"], "friday"),
    (["games", "--json=yes"], "'yes'"),
    # play
    (["play", "chess"], "unknown game 'chess'; known games: "),
    (["play", "Friday"], "did you mean 'friday'?"),
    (["play", "forbidden_island"], "did you mean 'forbidden-island'?"),
    (["play"], "give a GAME"),
    (["play", "friday", "--config", "nonjson"], "--config 'nonjson' is not valid JSON"),
    (["play", "friday", "--config", '{"level": 9}'], "got 9"),
    (["play", "friday", "--config", "@{missing}"], "missing.iglog"),
    (["play", "friday", "--bot", "alphazero"], "no bot 'alphazero' for friday"),
    (["play", "friday", "--bot", "mcts:iterations=-5"], "iterations must be at least 1, got -5"),
    (["play", "friday", "--seed", "c0ffee"], "'c0ffee'"),
    (["play", "friday", "--seat", "3"], "--seat 3"),
    (["play", "friday", "--delay", "99"], "got 99"),
    (["play", "friday", "--log", "/nonexistent/dir/x.iglog"], "/nonexistent/dir/x.iglog"),
    (["play", "--resume", "{missing}"], "missing.iglog"),
    (["play", "--resume", "{garbage}"], "unreadable log"),
    (["play", "--resume", "{done}"], "the game is over"),
    (["play", "--resume", "{wrong_seed}"], "does not match the log's seed commitment"),
    (["play", "--resume", "{unseeded}"], "unseeded.iglog.seed"),
    # simulate
    (["simulate", "chess"], "unknown game 'chess'"),
    (["simulate", "Gozer"], "did you mean 'gozer'?"),
    (["simulate", "friday", "--games", "0"], "must be at least 1, got 0"),
    (["simulate", "friday", "--workers", "-1"], "got -1"),
    (["simulate", "friday", "--max-actions", "none"], "'none'"),
    (["simulate", "friday", "--seed", "0xzz"], "'0xzz'"),
    (["simulate", "friday", "--bot", "mcts:iterations=-5"], "at least 1, got -5"),
    (["simulate", "friday", "--bot", "Random"], "did you mean 'random'?"),
    (["simulate", "friday", "--bot", "3=random"], "'3=random'"),
    (["simulate", "friday", "--bot", "mcts:bogus=1"], "no parameter 'bogus'"),
    (["simulate", "friday", "--config", "[1]"], "--config '[1]' must be a JSON object"),
    (["simulate", "friday", "--config", '{"levle": 2}'], "'levle'"),
    # replay
    (["replay", "{missing}"], "missing.iglog"),
    (["replay", "{garbage}"], "unreadable log"),
    (["replay", "{empty}"], "empty.iglog"),
    (["replay", "{folder}"], "folder"),
    (["replay", "{done}", "--at", "999"], "--at 999"),
    (["replay", "{done}", "--at", "-1"], "got -1"),
    (["replay", "{done}", "--seat", "9"], "--seat 9"),
    (["replay", "{done}", "--seed", "xyz"], "'xyz'"),
    (["replay", "{done}", "--json"], "--json needs"),
    (["replay", "{done}", "--quiet"], "--quiet needs --verify"),
    (["replay", "{done}", "--verify", "--json", "--show-states"], "--show-states"),
    (["replay", "{done}", "--fork", "1"], "--out"),
    (["replay", "{unseeded}", "--at", "1"], "no unseeded.iglog.seed; pass --seed"),
    (["replay", "{wrong_seed}", "--at", "1"], "does not match the log's seed commitment"),
    # render
    (["render", "chess"], "unknown game 'chess'"),
    (["render", "Not_Alone"], "did you mean 'not-alone'?"),
    (["render", "friday", "--seed", "-1"], "got -1"),
    (["render", "friday", "--seat", "5"], "--seat 5"),
    (["render", "friday", "--step", "3"], "--step needs --log"),
    (["render", "friday", "--config", "nonjson"], "'nonjson'"),
    (["render", "friday", "--config", '{"level": 9}'], "got 9"),
    (["render", "friday", "--log", "{done}", "--config", "{}"], "--config goes without --log"),
    (["render", "friday", "--log", "{missing}"], "missing.iglog"),
    (["render", "friday", "--log", "{done}", "--step", "999"], "--step 999"),
    (["render", "gozer", "--log", "{done}"], "is a friday log, not gozer"),
    (["render", "friday", "--log", "{unseeded}"], "pass --seed"),
    (["render", "friday", "--log", "{wrong_seed}"], "does not match the log's seed commitment"),
    (["render", "friday", "--out", "/nonexistent/dir/x.svg"], "/nonexistent/dir/x.svg"),
    # protos
    (["protos", "--out", "{garbage}/sub"], "garbage.iglog"),
    (["protos", "--out", "/proc/islandgames"], "/proc/islandgames"),
    (["protos", "extra"], "extra"),
    (["protos", "--bogus"], "--bogus"),
    # serve (a port is 0..65535: 0 is "any free port", as --port and --grpc-port say)
    (["serve", "--no-grpc", "--port", "70000"], "a port is 0..65535 (0: any free port), got 70000"),
    (["serve", "--no-grpc", "--port", "-1"], "got -1"),
    (["serve", "--port", "abc"], "not a port number: 'abc'"),
    (["serve", "--grpc-port", "70000"], "--grpc-port: a port is 0..65535"),
    (["serve", "--grpc-port", "-5"], "got -5"),
    (["serve", "--store", "/nonexistent/dir/x.sqlite3"], "no such directory: '/nonexistent/dir'"),
    (["serve", "--store", "nosuch://x"], "'nosuch://x'"),
    (["serve", "--store", "{folder}"], "is a directory"),
    (["serve", "--store", "{garbage}", "--port", "0", "--grpc-port", "0"], "not a database"),
    (["serve", "--memory", "--snapshot-every", "0"], "--snapshot-every: must be at least 1"),
    (["serve", "--memory", "--max-frame", "-1"], "--max-frame"),
    (["serve", "--memory", "--idle-timeout", "nan"], "'nan'"),
    (["serve", "--memory", "--grpc-max-watches", "-3"], "got -3"),
    (["serve", "--memory", "--log-level", "bogus"], "not a logging level: 'bogus'"),
    (["serve", "--memory", "--import", "nosuchmodule"], "no module named 'nosuchmodule'"),
    (["serve", "--memory", "--sync", "fast"], "'fast'"),
    (["serve", "--memory", "--no-grpc", "--no-msgpack"], "nothing to serve"),
    (["serve", "--memory", "--tls-cert", "{missing}", "--tls-key", "{missing}"], "missing.iglog"),
    # demo
    (["demo", "--game", "chess"], "islandgames demo: unknown game 'chess'; known games: "),
    (["demo", "--game", "Friday"], "did you mean 'friday'?"),
    (["demo", "--bot", "alphazero"], "no bot 'alphazero'"),
    (["demo", "--bot", "mcts:iterations=-5"], "at least 1, got -5"),
    (["demo", "--config", '{"level":9}'], "got 9"),
    (["demo", "--config", "nonjson"], "'nonjson'"),
    (["demo", "--seed", "-3"], "got -3"),
    (["demo", "--transport", "pigeon"], "'pigeon'"),
    (["demo", "--connect", "7341"], "'7341'"),
    (["demo", "--connect", "127.0.0.1:70000"], "'127.0.0.1:70000'"),
    (["demo", "--tls-ca", "{missing}"], "--tls-ca goes with --connect"),
    (["demo", "--connect", "127.0.0.1:9", "--tls-ca", "{missing}"], "missing.iglog"),
    # copy-store
    (["copy-store", "{missing}", "{tmp}/new.sqlite3"], "no such store file"),
    (["copy-store", "{garbage}", "{tmp}/new.sqlite3"], "not a database"),
    (["copy-store", "{store}", "{store}"], "the source and the destination are one"),
    (["copy-store", "{store}", "/nonexistent/dir/x.sqlite3"], "'/nonexistent/dir'"),
    (["copy-store", "{store}", "nosuch://x"], "'nosuch://x'"),
    (["copy-store", "{store}", "{folder}"], "is a directory"),
    (["copy-store", "{store}"], "DESTINATION"),
    # tournament
    (
        ["tournament", "run", "chess", "--bot", "random", "--store", "{tmp}/t.sqlite"],
        "unknown game 'chess'",
    ),
    (
        ["tournament", "run", "friday", "--bot", "Random", "--store", "{tmp}/t.sqlite"],
        "did you mean 'random'?",
    ),
    (["tournament", "report", "{store}"], "not a tournament store"),
    (["tournament", "report", "{garbage}"], "file is not a database"),
    (["tournament", "report", "{folder}"], "is a directory"),
    (["tournament", "logs", "{missing}", "--verify"], "does not exist"),
]


def _commands() -> set[str]:
    parser = build_parser()
    [sub] = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return set(sub.choices)


def test_the_table_covers_every_command() -> None:
    counts: dict[str, int] = {}
    for argv, _ in CASES:
        counts[argv[0]] = counts.get(argv[0], 0) + 1
    commands = _commands()
    assert {"games", "play", "simulate", "replay", "render", "demo", "serve"} <= commands
    for command in commands:
        assert counts.get(command, 0) >= 3, f"{command}: {counts.get(command, 0)} bad inputs"


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The files the table names: logs (finished, running with and without its seed
    file, with a wrong one), bad files, a folder, a store."""
    tmp = tmp_path_factory.mktemp("bad-input")
    game = get_game("friday")
    running = tmp / "running.iglog"
    m = Match(game, SEED, log_path=running)
    for _ in range(2):
        seat = m.to_act()[0]
        m.act(seat, m.legal_actions(seat)[0])
    m.close()
    seed_file(running).write_text(f"{SEED:064x}\n", encoding="ascii")
    unseeded = tmp / "unseeded.iglog"
    unseeded.write_bytes(running.read_bytes())
    wrong = tmp / "wrong_seed.iglog"
    wrong.write_bytes(running.read_bytes())
    seed_file(wrong).write_text(f"{SEED + 1:064x}\n", encoding="ascii")
    done = tmp / "done.iglog"
    assert main(["play", "friday", "--watch", "--seed", str(SEED), "--log", str(done)]) == 0
    (tmp / "garbage.iglog").write_bytes(b"\xc1\x00not a log at all")
    (tmp / "empty.iglog").write_bytes(b"")
    (tmp / "folder").mkdir()
    from islandgames.service.stores import open_store

    open_store(str(tmp / "store.sqlite3")).close()
    names = ("running", "unseeded", "wrong_seed", "done", "garbage", "empty", "missing")
    return {
        "tmp": str(tmp),
        "folder": str(tmp / "folder"),
        "store": str(tmp / "store.sqlite3"),
        **{name: str(tmp / f"{name}.iglog") for name in names},
    }


def _filled(text: str, files: dict[str, str]) -> str:
    for name, path in files.items():
        text = text.replace("{" + name + "}", path)
    return text


@pytest.fixture
def no_server(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    """What would listen (the servers of ``serve``, the one of ``demo``) raises."""
    import islandgames_grpc.app
    import islandgames_msgpackrpc.app

    from islandgames.cli import demo

    def listening(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a server was about to listen")

    monkeypatch.setattr(islandgames_grpc.app, "run_servers", listening)
    monkeypatch.setattr(islandgames_msgpackrpc.app, "_serve", listening)
    monkeypatch.setattr(demo, "_server", listening)
    monkeypatch.chdir(tmp_path)  # serve's default store, if any, lands here
    yield


@pytest.mark.usefixtures("no_server")
@pytest.mark.parametrize(
    ("argv", "mentions"), CASES, ids=[" ".join(argv)[:60] for argv, _ in CASES]
)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], files: dict[str, str], argv: list[str], mentions: str
) -> None:
    args = [_filled(a, files) for a in argv]
    capsys.readouterr()
    code = main(args)
    out, err = capsys.readouterr()
    assert "Traceback" not in err, err
    assert code == 2, (code, out, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert _filled(mentions, files) in err, err
    prog = "islandgames" if argv[0].startswith("-") or argv[0] == "frobnicate" else argv[0]
    assert lines[0].startswith(f"islandgames {prog}: " if prog != "islandgames" else prog), err
    assert out == "", out  # nothing else was done


# --- as the installed command ----------------------------------------------------------------

COMMAND_CASES: list[tuple[list[str], str]] = [
    (["demo", "--game", "chess"], "islandgames demo: unknown game 'chess'"),
    (["demo", "--bot", "alphazero"], "no bot 'alphazero'"),
    (["demo", "--config", "nonjson"], "'nonjson'"),
    (["serve", "--no-grpc", "--port", "70000"], "got 70000"),
    (["serve", "--grpc-port", "-5", "--port", "0"], "got -5"),
    (
        ["serve", "--store", "/nonexistent/dir/x.sqlite3", "--port", "0", "--grpc-port", "0"],
        "'/nonexistent/dir'",
    ),
    (["serve", "--memory", "--no-grpc", "--no-msgpack"], "nothing to serve"),
    (["simulate", "friday", "--bot", "mcts:iterations=-5"], "at least 1, got -5"),
]


@pytest.mark.parametrize(
    ("argv", "mentions"), COMMAND_CASES, ids=[" ".join(a) for a, _ in COMMAND_CASES]
)
def test_bad_input_to_the_command(tmp_path: Path, argv: list[str], mentions: str) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "islandgames", *argv],
        capture_output=True,
        text=True,
        timeout=60,  # a server that started anyway would serve until this
        cwd=tmp_path,
    )
    assert proc.returncode == 2, proc
    assert "Traceback" not in proc.stderr, proc.stderr
    [line] = proc.stderr.splitlines()
    assert mentions in line, line
    assert proc.stdout == "", proc.stdout
