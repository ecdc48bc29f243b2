"""A seed given to ``replay`` and ``render`` is used or refused, never ignored; the seed
file beside a running game's log (``LOG.seed``) is read as ``play --resume`` reads it;
``replay --verify --quiet`` and ``--json`` print the verdict alone (issue 37)."""

from __future__ import annotations

import json
from pathlib import Path

import attrs
import pytest

from islandgames import get_game
from islandgames.cli import main, seed_file
from islandgames.core.log import next_chain, read_log, verify_log, write_log
from islandgames.core.match import Match

SEED = 7


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    capsys.readouterr()
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def running(tmp_path: Path) -> Path:
    """A friday log of a game not over (3 actions), with its LOG.seed."""
    path = tmp_path / "running.iglog"
    m = Match(get_game("friday"), SEED, log_path=path)
    for _ in range(3):
        seat = m.to_act()[0]
        m.act(seat, m.legal_actions(seat)[0])
    m.close()
    seed_file(path).write_text(f"{SEED:064x}\n", encoding="ascii")
    return path


@pytest.fixture
def done(tmp_path: Path) -> Path:
    path = tmp_path / "done.iglog"
    assert main(["play", "friday", "--watch", "--seed", str(SEED), "--log", str(path)]) == 0
    return path


# --- replay --verify --seed ------------------------------------------------------------------


def test_a_wrong_seed_is_refused(
    capsys: pytest.CaptureFixture[str], running: Path, done: Path
) -> None:
    for log in (running, done):
        code, out, err = _run(capsys, "replay", str(log), "--verify", "--seed", str(SEED + 1))
        assert code == 1, (log, out, err)
        verdict = out.strip().splitlines()[-1]
        assert verdict.startswith("REFUSED: --seed 0x8 does not match the log's seed commitment")
        assert "UNFINISHED" not in out and "VERIFIED" not in out


def test_the_right_seed_replays_a_running_game(
    capsys: pytest.CaptureFixture[str], running: Path
) -> None:
    code, out, _ = _run(capsys, "replay", str(running), "--verify", "--quiet")
    assert code == 3 and "nothing was replayed" in out
    code, out, _ = _run(capsys, "replay", str(running), "--verify", "--quiet", "--seed", str(SEED))
    assert code == 3, out
    assert out.startswith("UNFINISHED: chain-consistent, and all 3 entries replayed from the given")
    assert "nothing was replayed" not in out


def test_the_given_seed_is_replayed_not_only_checked(
    capsys: pytest.CaptureFixture[str], running: Path, tmp_path: Path
) -> None:
    """A running log whose last state hash is forged, its chain recomputed: the chain
    holds (UNFINISHED without a seed), the replay from the given seed does not."""
    log = read_log(running)
    *before, last = log.entries
    forged_hash = "ab" * 32
    chain = next_chain(
        bytes.fromhex(before[-1].chain_hash), last.seat, last.action_commitment, forged_hash
    )
    forged = attrs.evolve(last, state_hash=forged_hash, chain_hash=chain.hex())
    path = tmp_path / "forged.iglog"
    write_log(attrs.evolve(log, entries=(*before, forged)), path)
    assert verify_log(read_log(path)).status == "unfinished"
    code, out, _ = _run(capsys, "replay", str(path), "--verify", "--quiet")
    assert code == 3 and out.startswith("UNFINISHED")
    code, out, _ = _run(capsys, "replay", str(path), "--verify", "--quiet", "--seed", str(SEED))
    assert code == 1, out
    assert out.startswith("DIVERGED replaying from the given seed: entry 3: the state hash")
    code, out, _ = _run(capsys, "replay", str(path), "--verify", "--json", "--seed", str(SEED))
    assert code == 1 and json.loads(out)["status"] == "diverged"


def test_the_right_seed_of_a_finished_log_verifies(
    capsys: pytest.CaptureFixture[str], done: Path
) -> None:
    code, out, _ = _run(capsys, "replay", str(done), "--verify", "--quiet", "--seed", hex(SEED))
    assert code == 0 and out.startswith("VERIFIED: all")


def test_verify_quiet_prints_the_verdict_alone(
    capsys: pytest.CaptureFixture[str], running: Path, done: Path
) -> None:
    for log, seed, code, word in (
        (done, None, 0, "VERIFIED"),
        (running, None, 3, "UNFINISHED"),
        (running, SEED, 3, "UNFINISHED"),
        (running, SEED + 1, 1, "REFUSED"),
    ):
        argv = ["replay", str(log), "--verify", "--quiet"]
        argv += [] if seed is None else ["--seed", str(seed)]
        got, out, err = _run(capsys, *argv)
        assert got == code, (argv, out, err)
        [line] = out.splitlines()
        assert line.startswith(word + ": "), line
        assert err == ""


def test_verify_json_is_one_object(
    capsys: pytest.CaptureFixture[str], running: Path, done: Path
) -> None:
    for log, seed, code, status, source in (
        (done, None, 0, "verified", "revealed"),
        (running, None, 3, "unfinished", None),
        (running, SEED, 3, "unfinished", "given"),
        (running, SEED + 1, 1, "refused", "given"),
        (done, SEED + 1, 1, "refused", "given"),
    ):
        argv = ["replay", str(log), "--verify", "--json"]
        argv += [] if seed is None else ["--seed", str(seed)]
        got, out, _ = _run(capsys, *argv)
        assert got == code, (argv, out)
        data = json.loads(out)  # the whole of stdout: one JSON object
        assert type(data) is dict
        assert data["status"] == status and data["seed"] == source, data
        if log == running:
            assert data["entries"] == 3
        assert data["message"].startswith(status.upper() + ":"), data
    _, out, _ = _run(capsys, "replay", str(done), "--verify", "--json")
    assert json.loads(out)["outcome"]["results"][0]["seat"] == 0


# --- LOG.seed: replay --at, render --log -----------------------------------------------------


def test_replay_at_reads_the_seed_file(capsys: pytest.CaptureFixture[str], running: Path) -> None:
    code, with_file, _ = _run(capsys, "replay", str(running), "--at", "2", "--json")
    assert code == 0
    code, with_seed, _ = _run(
        capsys, "replay", str(running), "--at", "2", "--json", "--seed", str(SEED)
    )
    assert code == 0 and json.loads(with_file) == json.loads(with_seed)
    seed_file(running).write_text(f"{SEED + 1:064x}\n", encoding="ascii")
    code, _, err = _run(capsys, "replay", str(running), "--at", "2")
    assert code == 2 and "running.iglog.seed: the seed does not match" in err
    seed_file(running).unlink()
    code, _, err = _run(capsys, "replay", str(running), "--at", "2")
    assert code == 2 and "no running.iglog.seed; pass --seed" in err


def test_render_log_reads_the_seed_file(capsys: pytest.CaptureFixture[str], running: Path) -> None:
    code, with_file, _ = _run(capsys, "render", "friday", "--log", str(running))
    assert code == 0 and with_file.startswith("<svg")
    code, with_seed, _ = _run(capsys, "render", "friday", "--log", str(running), "--seed", "7")
    assert code == 0 and with_file == with_seed
    code, at_1, _ = _run(capsys, "render", "friday", "--log", str(running), "--step", "1")
    assert code == 0 and at_1 != with_file
    code, _, err = _run(capsys, "render", "friday", "--log", str(running), "--seed", "8")
    assert code == 1 and "seed commitment" in err


# --- render GAME --seed N --config JSON ------------------------------------------------------


@pytest.mark.parametrize("game_id", ["friday", "forbidden-island"])
def test_render_draws_the_deal_of_the_seed(
    capsys: pytest.CaptureFixture[str], game_id: str
) -> None:
    pictures = {}
    for seed in ("1", "2", "0x1"):
        code, out, _ = _run(capsys, "render", game_id, "--seed", seed)
        assert code == 0
        pictures[seed] = out
    assert pictures["1"] == pictures["0x1"]
    assert pictures["1"] != pictures["2"]  # these games deal differently per seed
    code, default, _ = _run(capsys, "render", game_id)
    code, zero, _ = _run(capsys, "render", game_id, "--seed", "0")
    assert default == zero


def test_render_takes_a_config(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, four, _ = _run(capsys, "render", "forbidden-island", "--seed", "3")
    assert code == 0
    code, two, _ = _run(
        capsys, "render", "forbidden-island", "--seed", "3", "--config", '{"players": 2}'
    )
    assert code == 0 and two != four
    config = tmp_path / "two.json"
    config.write_text('{"players": 2}', encoding="utf-8")
    code, from_file, _ = _run(
        capsys, "render", "forbidden-island", "--seed", "3", "--config", f"@{config}"
    )
    assert code == 0 and from_file == two
    code, _, err = _run(capsys, "render", "forbidden-island", "--config", '{"players": 9}')
    assert code == 2 and "bad forbidden-island config" in err and "9" in err
