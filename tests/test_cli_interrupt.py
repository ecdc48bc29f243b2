"""Ctrl-C in ``islandgames simulate -j K``: one line, exit 130, nothing from the workers.

The terminal sends SIGINT to the whole process group, so the pool's workers get it too;
each used to print ``Process SpawnPoolWorker-1:`` and a traceback under the parent's
``interrupted``."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest


def _children(pid: int) -> list[int]:
    out = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        # the ppid is the 2nd field after the parenthesised command name
        if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
            out.append(int(entry.name))
    return out


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="needs /proc to find the workers")
def test_ctrl_c_in_a_parallel_simulate_prints_one_line() -> None:
    command = [sys.executable, "-m", "islandgames", "simulate", "friday", "-n", "200000"]
    proc = subprocess.Popen(
        [*command, "-j", "2", "--quiet"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # a process group of its own, as a terminal's job is
    )
    try:
        deadline = time.monotonic() + 60
        while len(_children(proc.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert len(_children(proc.pid)) >= 2, "the pool's workers never started"
        time.sleep(3)  # the workers import the games and take their first jobs
        os.killpg(proc.pid, signal.SIGINT)  # what Ctrl-C does: the whole group
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 130
    assert err == "interrupted\n", err
    assert out == ""
