"""Shared helpers of the gRPC adapter tests: a real server on 127.0.0.1 (a free port) on
an event loop in a background thread, so the tests can use the blocking client."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Coroutine, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

from islandgames_grpc import Client, GrpcServer

from islandgames.service import MatchService, MemoryStore

T = TypeVar("T")


class Served:
    """A running in-process server: its service, its loop thread, and a client."""

    def __init__(self, service: MatchService, server: GrpcServer, loop: asyncio.AbstractEventLoop):
        self.service = service
        self.server = server
        self.loop = loop

    @property
    def target(self) -> str:
        return f"127.0.0.1:{self.server.port}"

    def run(self, coro: Coroutine[Any, Any, T], timeout: float = 30.0) -> T:
        """Run ``coro`` on the server's loop and wait for its result."""
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def client(self, **kwargs: Any) -> Client:
        return Client(self.target, **kwargs)

    def subscriptions(self, match_id: str) -> int:
        """How many watches the service holds on a match (0 if it is not loaded)."""
        live = self.service._cache.get(match_id)
        return 0 if live is None else len(live.subs)


@contextmanager
def serving(service: MatchService | None = None, **kwargs: Any) -> Iterator[Served]:
    """A server on a free port for the duration of the block; always stopped."""
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, name="grpc-test-loop", daemon=True)
    thread.start()
    svc = MatchService(MemoryStore(), snapshot_every=4) if service is None else service
    server = GrpcServer(svc, **kwargs)
    served = Served(svc, server, loop)
    try:
        served.run(server.start("127.0.0.1", 0))
        yield served
    finally:
        try:
            served.run(server.stop(1.0))
        finally:
            loop.call_soon_threadsafe(loop.stop)
            thread.join(10)
            loop.close()
            svc.close()
