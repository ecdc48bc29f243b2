"""Run the server as a child process on 127.0.0.1 (for tests, benchmarks, embedding).

>>> with ServerProcess("--memory") as server:  # doctest: +SKIP
...     client = Client(port=server.port)
"""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping, Sequence
from typing import IO

from .app import READY_PREFIX

__all__ = ["ServerProcess"]


class ServerProcess:
    """``python -m islandgames_msgpackrpc --port 0 ARGS...``: started by :meth:`start`
    (or ``with``), which waits for the ready line and sets :attr:`port`; stopped by
    :meth:`stop` (SIGTERM, then SIGKILL after ``timeout``) or :meth:`kill` (SIGKILL at
    once). Its stderr goes to a temporary file, readable with :meth:`stderr_text`."""

    def __init__(
        self,
        *args: str,
        env: Mapping[str, str] | None = None,
        cwd: str | os.PathLike[str] | None = None,
        python: str = sys.executable,
        startup_timeout: float = 60.0,
    ) -> None:
        self.args: Sequence[str] = args
        self.env = None if env is None else dict(env)
        self.cwd = cwd
        self.python = python
        self.startup_timeout = startup_timeout
        self.host = "127.0.0.1"
        self.port = 0
        self.proc: subprocess.Popen[bytes] | None = None
        self._stderr: IO[bytes] | None = None

    def start(self) -> ServerProcess:
        if self.proc is not None:
            raise RuntimeError("already started")
        self._stderr = tempfile.TemporaryFile()  # noqa: SIM115 - kept for stderr_text()
        self.proc = subprocess.Popen(
            [self.python, "-m", "islandgames_msgpackrpc", "--port", "0", *self.args],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=self._stderr,
            env=self.env,
            cwd=self.cwd,
        )
        try:
            self.port = self._wait_ready()
        except BaseException:
            self.kill()
            raise
        return self

    def _wait_ready(self) -> int:
        assert self.proc is not None and self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        deadline = time.monotonic() + self.startup_timeout
        buf = b""
        while True:
            if b"\n" in buf:
                line, _, buf = buf.partition(b"\n")
                text = line.decode("utf-8", "replace").strip()
                if text.startswith(READY_PREFIX):
                    return int(text.rsplit(":", 1)[1])
                continue
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError(f"the server did not start in time: {self.stderr_text()}")
            ready, _, _ = select.select([fd], [], [], min(remaining, 0.5))
            if ready:
                chunk = os.read(fd, 4096)
                if not chunk:
                    self.proc.wait(5)
                    raise RuntimeError(
                        f"the server exited with {self.proc.returncode}: {self.stderr_text()}"
                    )
                buf += chunk

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def kill(self) -> None:
        """SIGKILL: no shutdown at all (what a crash looks like)."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(30)
        self._close_pipes()

    def stop(self, timeout: float = 10.0) -> int | None:
        """Ask the server to stop (SIGTERM); SIGKILL if it has not after ``timeout``."""
        if self.proc is None:
            return None
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(30)
        self._close_pipes()
        return self.proc.returncode

    def _close_pipes(self) -> None:
        if self.proc is not None and self.proc.stdout is not None:
            self.proc.stdout.close()

    def stderr_text(self) -> str:
        if self._stderr is None:
            return ""
        self._stderr.seek(0)
        return self._stderr.read().decode("utf-8", "replace")[-20_000:]

    def __enter__(self) -> ServerProcess:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
