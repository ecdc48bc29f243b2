"""Run the server as a child process on 127.0.0.1 (for tests, benchmarks, embedding).

>>> with ServerProcess("--memory") as server:  # doctest: +SKIP
...     client = Client(port=server.port)
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping, Sequence

from islandgames.service.process import ChildServer

from .app import READY_PREFIX

__all__ = ["ServerProcess"]

# the transport's name in its ready line: "islandgames msgpack-rpc listening on HOST:PORT"
_NAME = READY_PREFIX.removeprefix("islandgames ").removesuffix(" listening on ")


class ServerProcess(ChildServer):
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
        self.python = python
        super().__init__(
            [python, "-m", "islandgames_msgpackrpc", "--port", "0", *args],
            expect=(_NAME,),
            env=env,
            cwd=cwd,
            startup_timeout=startup_timeout,
        )

    @property
    def port(self) -> int:
        """The TCP port once started (0 before)."""
        return self.ports.get(_NAME, 0)
