"""``islandgames serve`` starts all or nothing (issue 19): its ready lines come only once
both listeners are bound, and a port already taken (either one) is one clear line on
stderr and exit status 2, with no ready line and none of gRPC core's own log. And
``demo --seed`` follows the command line's one seed rule (decimal, or hex with 0x)."""

from __future__ import annotations

import argparse
import io
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from islandgames.cli.service import add_service_commands, cmd_demo
from islandgames.service import SqliteStore


def islandgames(*args: str) -> list[str]:
    code = "from islandgames.cli import main; raise SystemExit(main())"
    return [sys.executable, "-c", code, *args]


def _env() -> dict[str, str]:
    """A user's environment: no GRPC_VERBOSITY (gRPC core's default logging)."""
    env = dict(os.environ)
    env.pop("GRPC_VERBOSITY", None)
    return env


@pytest.mark.parametrize("taken", ["grpc", "msgpack"])
def test_serve_fails_with_one_line_when_a_port_is_taken(taken: str) -> None:
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        port = holder.getsockname()[1]
        grpc_port, msgpack_port = (port, 0) if taken == "grpc" else (0, port)
        proc = subprocess.run(
            islandgames(
                "serve", "--memory", "--grpc-port", str(grpc_port), "--port", str(msgpack_port)
            ),
            capture_output=True,
            text=True,
            timeout=60,
            env=_env(),
        )
    assert proc.returncode == 2, proc
    assert proc.stdout == "", proc.stdout  # no ready line of the listener that was bound
    expected = (
        f"islandgames serve: gRPC cannot listen on 127.0.0.1:{port} (in use?)"
        if taken == "grpc"
        else f"islandgames serve: MessagePack-RPC cannot listen on 127.0.0.1:{port}: "
        "Address already in use"
    )
    assert proc.stderr.splitlines() == [expected], proc.stderr


def test_the_single_transport_servers_fail_with_one_line_too() -> None:
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        port = str(holder.getsockname()[1])
        for module in ("islandgames_grpc", "islandgames_msgpackrpc"):
            proc = subprocess.run(
                [sys.executable, "-m", module, "--memory", "--port", port],
                capture_output=True,
                text=True,
                timeout=60,
                env=_env(),
            )
            assert proc.returncode == 2 and proc.stdout == "", (module, proc)
            assert len(proc.stderr.splitlines()) == 1, (module, proc.stderr)
            assert f"cannot listen on 127.0.0.1:{port}" in proc.stderr


def test_serve_announces_both_listeners_once_both_are_bound() -> None:
    from islandgames_grpc.process import ServerProcess

    command = islandgames("serve", "--memory", "--port", "0", "--grpc-port", "0")
    with ServerProcess(command=command, expect=("grpc", "msgpack-rpc"), env=_env()) as server:
        for port in server.ports.values():  # each announced port is already accepting
            socket.create_connection(("127.0.0.1", port), timeout=5).close()
        assert server.stop() == 0
        assert server.stderr_text() == ""


def test_serve_refuses_a_store_with_a_damaged_schema_in_one_line(tmp_path: Path) -> None:
    """A byte of page 0's schema text flipped so that SQLite's message quotes invalid
    UTF-8 (issue 38): one line naming the file and exit status 2, not a traceback."""
    path = tmp_path / "damaged.db"
    SqliteStore(path, journal=False).close()
    data = bytearray(path.read_bytes())
    pos = data.index(b"triggermatches_no_update") + len(b"trigger")  # the trigger's name
    assert pos < 4096
    data[pos] ^= 0xFF  # "matches_no_update" -> "\x92atches_no_update"
    path.write_bytes(bytes(data))
    proc = subprocess.run(
        islandgames("serve", "--store", str(path), "--no-grpc", "--port", "0"),
        capture_output=True,
        text=True,
        timeout=60,
        env=_env(),
    )
    assert proc.returncode == 2, proc
    assert proc.stdout == "", proc.stdout
    assert "Traceback" not in proc.stderr, proc.stderr
    [line] = proc.stderr.splitlines()
    assert line.startswith(f"islandgames serve: cannot open the store {str(path)!r}: "), line
    assert "malformed database schema" in line, line


# --- demo --seed ---------------------------------------------------------------------------


def _demo(*argv: str) -> tuple[int, str]:
    parser = argparse.ArgumentParser(prog="islandgames")
    add_service_commands(parser.add_subparsers())
    out = io.StringIO()
    code = cmd_demo(parser.parse_args(["demo", *argv]), out)
    return code, out.getvalue()


def test_demo_seed_is_decimal_or_hex_with_0x() -> None:
    code, hexed = _demo("--game", "friday", "--seed", "0x2a")
    assert code == 0
    code, decimal = _demo("--game", "friday", "--seed", "42")
    assert code == 0
    revealed = f"seed {42:064x} revealed"  # the log's hex form
    assert revealed in hexed and revealed in decimal
    assert hexed.splitlines()[1:] == decimal.splitlines()[1:]  # (line 1: the match id)
    code, over_grpc = _demo("--game", "friday", "--seed", "0x2A", "--transport", "grpc")
    assert code == 0 and revealed in over_grpc
    big = 2**255 + 7  # past msgpack's 64-bit integers: sent as hex text
    code, text = _demo("--game", "friday", "--seed", hex(big), "--quiet")
    assert code == 0 and f"seed {big:064x} revealed" in text


@pytest.mark.parametrize(
    ("seed", "message"),
    [
        ("c0ffee", "hex needs the 0x prefix: 0xc0ffee"),
        ("-1", "seed must be in [0, 2**256)"),
        ("1e3", "hex needs the 0x prefix"),
        ("0o17", "not a seed"),
    ],
)
def test_demo_refuses_other_seeds(
    seed: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    parser = argparse.ArgumentParser(prog="islandgames")
    add_service_commands(parser.add_subparsers())
    with pytest.raises(SystemExit) as exit_info:
        parser.parse_args(["demo", "--seed", seed])
    assert exit_info.value.code == 2
    assert message in capsys.readouterr().err
