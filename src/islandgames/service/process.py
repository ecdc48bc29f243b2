"""A server as a child process on 127.0.0.1 (for tests, benchmarks, embedding): the
machinery under each adapter's ``ServerProcess``."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import tempfile
import time
from collections.abc import Mapping, Sequence
from typing import IO, Self

__all__ = ["ChildServer"]

_LISTENING = " listening on "


class ChildServer:
    """``argv`` as a child process. :meth:`start` (or ``with``) waits until every
    transport named in ``expect`` printed its ready line on stdout (``islandgames NAME
    listening on 127.0.0.1:PORT``) and fills :attr:`ports` (``{NAME: PORT}``);
    :meth:`stop` sends SIGTERM (SIGKILL after ``timeout``); :meth:`kill` SIGKILL at once.
    Its stderr goes to a temporary file (:meth:`stderr_text`)."""

    def __init__(
        self,
        argv: Sequence[str],
        *,
        expect: Sequence[str],
        env: Mapping[str, str] | None = None,
        cwd: str | os.PathLike[str] | None = None,
        startup_timeout: float = 60.0,
    ) -> None:
        self.argv = list(argv)
        self.expect = tuple(expect)
        self.env = None if env is None else dict(env)
        self.cwd = cwd
        self.startup_timeout = startup_timeout
        self.host = "127.0.0.1"
        self.ports: dict[str, int] = {}
        self.proc: subprocess.Popen[bytes] | None = None
        self._stderr: IO[bytes] | None = None

    def start(self) -> Self:
        if self.proc is not None:
            raise RuntimeError("already started")
        self._stderr = tempfile.TemporaryFile()  # noqa: SIM115 - kept for stderr_text()
        self.proc = subprocess.Popen(
            self.argv,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=self._stderr,
            env=self.env,
            cwd=self.cwd,
        )
        try:
            self._wait_ready()
        except BaseException:
            self.kill()
            raise
        return self

    def _wait_ready(self) -> None:
        assert self.proc is not None and self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        deadline = time.monotonic() + self.startup_timeout
        buf = b""
        while not all(name in self.ports for name in self.expect):
            if b"\n" in buf:
                line, _, buf = buf.partition(b"\n")
                text = line.decode("utf-8", "replace").strip()
                if text.startswith("islandgames ") and _LISTENING in text:
                    name = text.removeprefix("islandgames ").split(_LISTENING)[0]
                    self.ports[name] = int(text.rsplit(":", 1)[1])
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
        """SIGTERM, then SIGKILL if it has not stopped after ``timeout`` seconds."""
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
        """The last 20,000 characters the child wrote to stderr."""
        if self._stderr is None:
            return ""
        self._stderr.seek(0)
        return self._stderr.read().decode("utf-8", "replace")[-20_000:]

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
