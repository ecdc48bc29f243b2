"""Run a server as a child process on 127.0.0.1 (for tests, benchmarks, embedding).

>>> with ServerProcess("--memory") as server:  # doctest: +SKIP
...     client = Client(server.target)
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping, Sequence

from islandgames.service.process import ChildServer

__all__ = ["ServerProcess"]


class ServerProcess(ChildServer):
    """A server child process: by default ``python -m islandgames_grpc --port 0 ARGS...``;
    ``command`` replaces ``python -m islandgames_grpc --port 0`` (e.g. ``islandgames
    serve``). :meth:`start` (or ``with``) waits until every transport in ``expect``
    printed its ready line (``islandgames grpc listening on 127.0.0.1:PORT``) and fills
    :attr:`ports` (``{"grpc": PORT, "msgpack-rpc": PORT}``); :meth:`stop` sends SIGTERM
    (SIGKILL after ``timeout``); :meth:`kill` SIGKILL at once. Its stderr goes to a
    temporary file (:meth:`stderr_text`)."""

    def __init__(
        self,
        *args: str,
        command: Sequence[str] | None = None,
        expect: Sequence[str] = ("grpc",),
        env: Mapping[str, str] | None = None,
        cwd: str | os.PathLike[str] | None = None,
        startup_timeout: float = 60.0,
    ) -> None:
        base = (
            [sys.executable, "-m", "islandgames_grpc", "--port", "0"]
            if command is None
            else list(command)
        )
        super().__init__(
            [*base, *args], expect=expect, env=env, cwd=cwd, startup_timeout=startup_timeout
        )

    @property
    def port(self) -> int:
        """The gRPC port."""
        return self.ports["grpc"]

    @property
    def target(self) -> str:
        """``127.0.0.1:PORT`` of the gRPC server."""
        return f"127.0.0.1:{self.port}"
