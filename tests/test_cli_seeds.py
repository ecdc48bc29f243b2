"""One rule for seeds on the command line: decimal (``5``) or hex with ``0x``
(``0xc0ffee``), ``0 <= seed < 2**256``, nothing else, for ``play``, ``simulate``,
``replay --seed`` and ``render --seed`` (:func:`islandgames.cli.parse_seed`)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from islandgames.cli import main, parse_seed

MAX = 2**256 - 1


@pytest.mark.parametrize(
    ("text", "seed"),
    [
        ("0", 0),
        ("5", 5),
        ("007", 7),
        ("10", 10),  # decimal, never hex
        ("0x10", 16),
        ("0xc0ffee", 0xC0FFEE),
        ("0XC0FFEE", 0xC0FFEE),
        ("0x0", 0),
        (str(MAX), MAX),
        ("0x" + "f" * 64, MAX),
        ("0x" + "0" * 70 + "1", 1),  # leading zeros do not count against the range
    ],
)
def test_accepted_seeds(text: str, seed: int) -> None:
    assert parse_seed(text) == seed


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("c0ffee", "hex needs the 0x prefix: 0xc0ffee"),
        ("1e3", "hex needs the 0x prefix"),
        ("-5", "seed must be in [0, 2**256), got -5"),
        (str(MAX + 1), "seed must be in [0, 2**256)"),
        ("0x1" + "0" * 64, "seed must be in [0, 2**256)"),
        ("9" * 5000, "(5000 characters)"),  # no int() of huge text, a short message
        ("", "not a seed: ''"),
        ("0x", "not a seed: '0x'"),
        ("+5", "not a seed"),
        (" 5", "not a seed"),
        ("5 ", "not a seed"),
        ("1_000", "not a seed"),
        ("0o17", "not a seed"),
        ("0b101", "not a seed"),
        ("-0x5", "not a seed"),
        ("0xg", "not a seed"),
        ("\u0665", "not a seed"),  # a non-ASCII digit
    ],
)
def test_refused_seeds(text: str, message: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError) as info:
        parse_seed(text)
    assert message in str(info.value)
    if message.startswith("not a seed") and "hex needs" not in str(info.value):
        assert "decimal (5) or hex with 0x (0xc0ffee)" in str(info.value)


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_play_reads_hex_and_decimal_alike(capsys: pytest.CaptureFixture[str]) -> None:
    code, hex_out, _ = _run(capsys, "play", "friday", "--watch", "--seed", "0x2a")
    assert code == 0
    code, dec_out, _ = _run(capsys, "play", "friday", "--watch", "--seed", "42")
    assert code == 0 and dec_out == hex_out and "seed 42" in dec_out


def test_simulate_reads_hex(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "simulate", "gozer", "-n", "2", "--seed", "0x10", "-q", "--json")
    assert code == 0 and json.loads(out)["seed"] == 16


@pytest.mark.parametrize("command", ["play", "simulate"])
def test_bare_hex_is_refused_with_a_hint(capsys: pytest.CaptureFixture[str], command: str) -> None:
    code, _, err = _run(capsys, command, "friday", "--seed", "c0ffee")
    assert code == 2
    assert "argument --seed: not a seed: 'c0ffee' (hex needs the 0x prefix: 0xc0ffee)" in err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1


def _running_log(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A log of a game left early (no revealed seed), played with seed 0x2a."""
    path = tmp_path / "running.iglog"
    code = main(["play", "friday", "--seed", "0x2a", "--log", str(path)])
    capsys.readouterr()
    assert code == 0
    return path


def test_replay_and_render_take_the_seed_in_either_form(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("1\n1\nq\n"))
    path = _running_log(tmp_path, capsys)
    path.with_name(path.name + ".seed").unlink()  # only --seed can give it now
    for seed in ("42", "0x2a"):
        code, out, err = _run(capsys, "replay", str(path), "--seed", seed, "--at", "1", "--json")
        assert code == 0, err
        code, out, err = _run(capsys, "render", "friday", "--log", str(path), "--seed", seed)
        assert code == 0 and out.startswith("<svg"), err
    code, _, err = _run(capsys, "replay", str(path), "--seed", "2a", "--at", "1")
    assert code == 2 and "hex needs the 0x prefix: 0x2a" in err
    code, _, err = _run(capsys, "render", "friday", "--log", str(path), "--seed", "4_2")
    assert code == 2 and "not a seed: '4_2'" in err
