"""Node.js for the interop tests (``tests/interop``, ``tests/grpc_interop``): find
``node`` (skip without it, except under CI, ``CI`` set, where that is a failure) and
install a directory's pinned npm dependencies."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Sequence
from pathlib import Path

import pytest


def node(test: str) -> str:
    """The ``node`` executable; ``test`` names the test in the failure under CI."""
    found = shutil.which("node")
    if found is None:
        if os.environ.get("CI"):
            pytest.fail(f"node is not installed; the {test} must run in CI")
        pytest.skip("node is not installed (install Node.js >= 18 to run the interop test)")
    return found


def install_dependencies(here: Path, markers: Sequence[str], packages: str) -> None:
    """``npm ci`` (the committed package-lock.json) in ``here`` unless every one of
    ``markers`` (paths under node_modules) exists; serialised with a lock file so parallel
    test workers do not race. ``packages`` names what is installed, for the message when
    npm is missing."""
    import fcntl

    with open(here / ".npm-install.lock", "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if all((here / "node_modules" / m).exists() for m in markers):
            return
        npm = shutil.which("npm")
        if npm is None:
            pytest.fail(f"node is installed but npm is not; cannot install {packages}")
        command = "ci" if (here / "package-lock.json").exists() else "install"
        result = subprocess.run(
            [npm, command, "--no-audit", "--no-fund"],
            cwd=here,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert result.returncode == 0, f"npm {command} failed:\n{result.stdout}\n{result.stderr}"
