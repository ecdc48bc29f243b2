"""Python clients: :class:`AsyncClient` (asyncio, TCP or a stdio child process; results
in wire form, as the server sends them) and :class:`Client` (blocking, TCP; a
:class:`~islandgames.service.MatchClient` returning the service's result classes).

Errors come back as the same exception classes the server raised (``StaleSeqError``
with ``current_seq``, ``NotYourTurnError``, ...), each with ``.code`` and ``.details``.
Actions and configs may be given as wire maps or as the game's attrs objects.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import math
import socket
import sys
import time
from collections.abc import AsyncIterator, Iterator, Sequence
from typing import Any

import attrs

from islandgames.core import serde
from islandgames.core.log import ReplayLog, Verification, parse_records
from islandgames.service import (
    ActResult,
    Created,
    Forked,
    LayoutResult,
    LegalActions,
    StateAtResult,
    Status,
    Update,
    ViewResult,
)
from islandgames.service.client import (
    ActionInput,
    AiSeatsInput,
    ConfigInput,
    LogInput,
    WatchStarted,
    WireGameInfo,
    ai_seats_wire,
)
from islandgames.service.errors import ProtocolError, error_from_wire
from islandgames.service.tls import ClientTls, client_tls

from .protocol import (
    DEFAULT_MAX_FRAME,
    DEFAULT_PORT,
    MAX_MSGID,
    REQUEST,
    FrameDecoder,
    InvalidMessage,
    Notification,
    Response,
    pack,
    parse_message,
)
from .server import log_records

__all__ = ["AsyncClient", "BlockingWatch", "Client", "Watch"]

_READ_CHUNK = 256 * 1024
_MAX_UINT64 = 2**64 - 1


def _wire(value: Any) -> Any:
    """Wire form of an action/config object; plain data passes through."""
    if isinstance(value, ReplayLog):
        return log_records(value)
    if attrs.has(type(value)):
        return serde.to_wire(value)
    return value


class Watch:
    """The updates of one ``watch``: ``await w.next()`` or ``async for update in w``
    (the iteration ends after the update of a finished game)."""

    def __init__(self, client: AsyncClient, reply: dict[str, Any]) -> None:
        self.client = client
        self.subscription: int = reply["subscription"]
        self.match_id: str = reply["match_id"]
        self.seat: int | None = reply["seat"]
        self.seq: int = reply["seq"]
        self.active: bool = reply["active"]
        self.queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self._done = False

    async def next(self, timeout: float | None = None) -> dict[str, Any]:
        """The next update; ``ConnectionError`` if the connection ended first."""
        item = await asyncio.wait_for(self.queue.get(), timeout)
        if item is None:
            self.queue.put_nowait(None)
            raise ConnectionError("the connection closed")
        return item

    def __aiter__(self) -> AsyncIterator[dict[str, Any]]:
        return self._iterate()

    async def _iterate(self) -> AsyncIterator[dict[str, Any]]:
        while not self._done:
            item = await self.queue.get()
            if item is None:
                return
            if item.get("over"):
                self._done = True
            yield item

    async def close(self) -> None:
        """Stop the watch on the server."""
        self.client._watches.pop(self.subscription, None)
        if not self.client.closed:
            await self.client.call("unwatch", self.subscription)


class AsyncClient:
    """A MessagePack-RPC client for the islandgames server (asyncio).

    Calls may be issued concurrently; the server answers one connection's requests in
    the order sent.
    """

    def __init__(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        *,
        max_frame: int = DEFAULT_MAX_FRAME,
        process: asyncio.subprocess.Process | None = None,
    ) -> None:
        self._reader = reader
        self._writer = writer
        self._decoder = FrameDecoder(max_frame)
        self._pending: dict[int, asyncio.Future[Any]] = {}
        self._watches: dict[int, Watch] = {}
        self._orphans: dict[int, list[dict[str, Any]]] = {}
        self._next_id = 0
        self.process = process
        self.closed = False
        #: The last ``error`` notification the server sent (it then closes).
        self.last_error: Exception | None = None
        self._task = asyncio.get_running_loop().create_task(self._read_loop())

    @classmethod
    async def connect(
        cls,
        host: str = "127.0.0.1",
        port: int = DEFAULT_PORT,
        *,
        max_frame: int = DEFAULT_MAX_FRAME,
        timeout: float = 10.0,
        tls: ClientTls = None,
    ) -> AsyncClient:
        """Connect over TCP; ``tls``: True (the system's CAs), a CA file or an
        :class:`ssl.SSLContext` for a server started with ``--tls-cert``
        (:mod:`islandgames.service.tls`)."""
        context = client_tls(tls)
        reader, writer = await asyncio.wait_for(
            asyncio.open_connection(host, port, limit=_READ_CHUNK, ssl=context), timeout
        )
        sock = writer.get_extra_info("socket")
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return cls(reader, writer, max_frame=max_frame)

    @classmethod
    async def spawn(
        cls,
        argv: Sequence[str] | None = None,
        *,
        max_frame: int = DEFAULT_MAX_FRAME,
        env: dict[str, str] | None = None,
    ) -> AsyncClient:
        """Start a server as a child process speaking over its stdin/stdout (default:
        ``python -m islandgames_msgpackrpc --stdio --memory``)."""
        args = list(argv or [sys.executable, "-m", "islandgames_msgpackrpc", "--stdio", "--memory"])
        proc = await asyncio.create_subprocess_exec(
            *args,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            env=env,
            limit=_READ_CHUNK,
        )
        assert proc.stdin is not None and proc.stdout is not None
        # the child's stdin pipe is our writer; its stdout is our reader
        return cls(proc.stdout, proc.stdin, max_frame=max_frame, process=proc)

    # --- plumbing -----------------------------------------------------------------------

    async def call(self, method: str, *params: Any) -> Any:
        """Send a request and wait for its response; raises the server's error."""
        if self.closed:
            raise ConnectionError("the client is closed")
        self._next_id = (self._next_id + 1) & MAX_MSGID
        msgid = self._next_id
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._pending[msgid] = future
        try:
            self._writer.write(pack([REQUEST, msgid, method, [_wire(p) for p in params]]))
            await self._writer.drain()
            return await future
        finally:
            self._pending.pop(msgid, None)

    async def _read_loop(self) -> None:
        failure: Exception = ConnectionError("the server closed the connection")
        try:
            while True:
                data = await self._reader.read(_READ_CHUNK)
                if not data:
                    break
                frames, error = self._decoder.feed(data)
                for frame in frames:
                    self._dispatch(frame)
                if error is not None:
                    failure = error
                    break
        except (ConnectionError, OSError) as exc:
            failure = exc
        finally:
            self.closed = True
            if self.last_error is not None:
                failure = self.last_error
            for fut in self._pending.values():
                if not fut.done():
                    fut.set_exception(failure)
            for w in self._watches.values():
                w.queue.put_nowait(None)

    def _dispatch(self, frame: Any) -> None:
        try:
            message = parse_message(frame)
        except InvalidMessage:
            return
        if isinstance(message, Response):
            fut = self._pending.get(message.msgid)
            if fut is None or fut.done():
                return
            if message.error is not None:
                fut.set_exception(error_from_wire(message.error))
            else:
                fut.set_result(message.result)
        elif isinstance(message, Notification):
            if message.method == "update" and message.params:
                update = message.params[0]
                sid = update.get("subscription") if isinstance(update, dict) else None
                if not isinstance(sid, int):
                    return
                watch = self._watches.get(sid)
                if watch is not None:
                    watch.queue.put_nowait(update)
                else:
                    self._orphans.setdefault(sid, []).append(update)
            elif message.method == "error" and message.params:
                self.last_error = error_from_wire(message.params[0])

    async def close(self) -> None:
        """Close the connection (and wait for a spawned child to exit)."""
        self.closed = True
        with contextlib.suppress(Exception):
            self._writer.close()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self._writer.wait_closed(), 2.0)
        if self.process is not None:
            try:
                await asyncio.wait_for(self.process.wait(), 10.0)
            except TimeoutError:
                self.process.kill()
                await self.process.wait()
        self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await self._task

    async def __aenter__(self) -> AsyncClient:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # --- the methods ----------------------------------------------------------------------

    async def echo(self, value: Any = None) -> Any:
        return await self.call("echo", value)

    async def server_info(self) -> dict[str, Any]:
        result: dict[str, Any] = await self.call("server_info")
        return result

    async def games(self) -> list[dict[str, Any]]:
        result: list[dict[str, Any]] = await self.call("games")
        return result

    async def create(
        self,
        game: str,
        config: Any = None,
        seed: int | str | None = None,
        rules_version: str | None = None,
        ai_seats: AiSeatsInput = None,
    ) -> Any:
        if ai_seats is not None:
            wire = ai_seats_wire(ai_seats)
            return await self.call("create", game, config, seed, rules_version, wire)
        if rules_version is None:
            return await self.call("create", game, config, seed)
        return await self.call("create", game, config, seed, rules_version)

    async def act(self, token: str, action: Any, expected_seq: int | None = None) -> Any:
        return await self.call("act", token, action, expected_seq)

    async def view(self, token: str) -> Any:
        return await self.call("view", token)

    async def legal_actions(self, token: str) -> Any:
        return await self.call("legal_actions", token)

    async def status(self, token: str) -> Any:
        return await self.call("status", token)

    async def log_records(self, token: str) -> list[Any]:
        result: list[Any] = await self.call("log", token)
        return result

    async def log(self, token: str) -> ReplayLog:
        """The log as the token may see it, parsed."""
        return parse_records(await self.log_records(token))

    async def verify(self, log: Any, full: Any = None) -> Any:
        return await self.call("verify", log, full)

    async def state_at(self, token: str, seq: int, full: bool = False) -> Any:
        """The token's view after entry ``seq`` (with ``full``, once the game is over:
        the whole state), as the ``state_at`` result map."""
        return await self.call("state_at", token, seq, full)

    async def fork(self, token: str, seq: int) -> Any:
        """A new match from the token's finished match after entry ``seq`` (new tokens,
        ``parent``), as the ``fork`` result map."""
        return await self.call("fork", token, seq)

    async def layout(self, game: str, rules_version: str | None = None) -> Any:
        """The game's layout (what a client needs to draw it), as the ``layout`` result
        map: ``{"game", "rules_version", "match_id": nil, "layout"}``."""
        return await self.call("layout", game, rules_version)

    async def match_layout(self, token: str) -> Any:
        """The layout of the token's match, as the ``match_layout`` result map."""
        return await self.call("match_layout", token)

    async def watch(self, token: str, after_seq: int | None = None) -> Watch:
        reply = await self.call("watch", token, after_seq)
        watch = Watch(self, reply)
        for update in self._orphans.pop(watch.subscription, []):
            watch.queue.put_nowait(update)
        if watch.active:
            self._watches[watch.subscription] = watch
        elif self.closed:
            watch.queue.put_nowait(None)
        return watch


class Client:
    """A blocking MessagePack-RPC client over TCP (one request at a time): a
    :class:`~islandgames.service.MatchClient`, returning the service's result classes
    (:class:`~islandgames.service.Created`, :class:`~islandgames.service.ActResult`,
    ...) as :class:`~islandgames_grpc.Client` and the service in process do.

    Watch updates that arrive while waiting for a response are queued; a
    :class:`BlockingWatch` from :meth:`watch` reads its own. :meth:`call` is the raw
    method call (the result as the server sent it, in wire form).
    """

    def __init__(
        self,
        host: str = "127.0.0.1",
        port: int = DEFAULT_PORT,
        *,
        timeout: float = 30.0,
        max_frame: int = DEFAULT_MAX_FRAME,
        tls: ClientTls = None,
    ) -> None:
        context = client_tls(tls)  # tls: as for AsyncClient.connect
        self._sock = socket.create_connection((host, port), timeout=timeout)
        self._sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        if context is not None:
            try:
                self._sock = context.wrap_socket(self._sock, server_hostname=host)
            except BaseException:
                self._sock.close()
                raise
        self._decoder = FrameDecoder(max_frame)
        self._frames: collections.deque[Any] = collections.deque()
        self._updates: collections.deque[dict[str, Any]] = collections.deque()
        self._next_id = 0
        self.timeout = timeout
        self.closed = False

    def close(self) -> None:
        self.closed = True
        self._sock.close()

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _read_frame(self, deadline: float) -> Any:
        while not self._frames:
            if deadline == math.inf:
                self._sock.settimeout(None)
            else:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise TimeoutError("no message from the server in time")
                self._sock.settimeout(remaining)
            data = self._sock.recv(_READ_CHUNK)
            if not data:
                raise ConnectionError("the server closed the connection")
            frames, error = self._decoder.feed(data)
            self._frames.extend(frames)
            if error is not None and not self._frames:
                raise error
        return self._frames.popleft()

    def _handle_notification(self, message: Notification) -> None:
        if message.method == "update" and message.params:
            self._updates.append(message.params[0])
        elif message.method == "error" and message.params:
            raise error_from_wire(message.params[0])

    def call(self, method: str, *params: Any) -> Any:
        """Send a request and wait for its response (in wire form); raises the
        server's error."""
        self._next_id = (self._next_id + 1) & MAX_MSGID
        msgid = self._next_id
        self._sock.sendall(pack([REQUEST, msgid, method, [_wire(p) for p in params]]))
        deadline = time.monotonic() + self.timeout
        while True:
            message = parse_message(self._read_frame(deadline))
            if isinstance(message, Notification):
                self._handle_notification(message)
            elif isinstance(message, Response) and message.msgid == msgid:
                if message.error is not None:
                    raise error_from_wire(message.error)
                return message.result
            else:
                raise ProtocolError("INVALID_REQUEST", f"unexpected message {message!r}")

    def next_update(
        self, timeout: float | None = None, subscription: int | None = None
    ) -> dict[str, Any]:
        """The next watch update as the server sent it (a map with its
        ``subscription``; only that subscription's with ``subscription``), waiting up
        to ``timeout`` seconds (default: the client's timeout). The raw form of
        :meth:`BlockingWatch.next`."""
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        return self._next_update(deadline, subscription)

    def _next_update(self, deadline: float, subscription: int | None) -> dict[str, Any]:
        while True:
            for i, update in enumerate(self._updates):
                if subscription is None or update.get("subscription") == subscription:
                    del self._updates[i]
                    return update
            message = parse_message(self._read_frame(deadline))
            if isinstance(message, Notification):
                self._handle_notification(message)

    def _drop_updates(self, subscription: int) -> None:
        kept = [u for u in self._updates if u.get("subscription") != subscription]
        self._updates = collections.deque(kept)

    # --- the methods ----------------------------------------------------------------------

    def echo(self, value: Any = None) -> Any:
        return self.call("echo", value)

    def server_info(self) -> dict[str, Any]:
        result: dict[str, Any] = self.call("server_info")
        return result

    def games(self) -> list[WireGameInfo]:
        result: list[WireGameInfo] = self.call("games")
        return result

    def create(
        self,
        game: str,
        config: ConfigInput = None,
        seed: int | str | None = None,
        rules_version: str | None = None,
        ai_seats: AiSeatsInput = None,
    ) -> Created:
        if type(seed) is int and seed > _MAX_UINT64:
            seed = f"0x{seed:x}"  # past msgpack's integers: the seed rule's hex text
        if ai_seats is not None:
            wire = ai_seats_wire(ai_seats)
            return Created.from_wire(self.call("create", game, config, seed, rules_version, wire))
        if rules_version is None:
            return Created.from_wire(self.call("create", game, config, seed))
        return Created.from_wire(self.call("create", game, config, seed, rules_version))

    def act(self, token: str, action: ActionInput, expected_seq: int | None = None) -> ActResult:
        return ActResult.from_wire(self.call("act", token, action, expected_seq))

    def view(self, token: str) -> ViewResult:
        return ViewResult.from_wire(self.call("view", token))

    def legal_actions(self, token: str) -> LegalActions:
        return LegalActions.from_wire(self.call("legal_actions", token))

    def status(self, token: str) -> Status:
        return Status.from_wire(self.call("status", token))

    def log(self, token: str) -> ReplayLog:
        return parse_records(self.call("log", token))

    def verify(self, log: LogInput, full: LogInput | None = None) -> Verification:
        return Verification.from_wire(self.call("verify", log, full))

    def state_at(self, token: str, seq: int, full: bool = False) -> StateAtResult:
        return StateAtResult.from_wire(self.call("state_at", token, seq, full))

    def fork(self, token: str, seq: int) -> Forked:
        return Forked.from_wire(self.call("fork", token, seq))

    def layout(self, game: str, rules_version: str | None = None) -> LayoutResult:
        return LayoutResult.from_wire(self.call("layout", game, rules_version))

    def match_layout(self, token: str) -> LayoutResult:
        return LayoutResult.from_wire(self.call("match_layout", token))

    def watch(self, token: str, after_seq: int | None = None) -> BlockingWatch:
        """Start a watch: its updates (first those after ``after_seq``) come from
        :meth:`BlockingWatch.next` or by iterating it."""
        return BlockingWatch(self, self.call("watch", token, after_seq), after_seq)

    def unwatch(self, subscription: int) -> bool:
        """Stop a watch by its subscription id (True if it was running)."""
        return bool(self.call("unwatch", subscription))


class BlockingWatch:
    """A watch of the blocking :class:`Client` (a
    :class:`~islandgames.service.MatchWatch`): :attr:`started`, then :meth:`next` or
    iteration gives the updates as :class:`~islandgames.service.Update`; the stream
    ends after the update of a finished game. :meth:`close` stops it on the server."""

    def __init__(self, client: Client, reply: dict[str, Any], after_seq: int | None) -> None:
        self.client = client
        self.subscription: int = reply["subscription"]
        self._started = WatchStarted(
            reply["match_id"], reply["seat"], reply["seq"], reply["active"]
        )
        # a finished game: only the catch-up (if any) follows, ending with its final update
        self._ended = not self._started.active and (
            after_seq is None or after_seq >= self._started.seq
        )
        self._closed = False

    @property
    def started(self) -> WatchStarted:
        return self._started

    def next(self, timeout: float | None = 30.0) -> Update | None:
        """The next update; None once the stream has ended. :class:`TimeoutError` if
        none comes within ``timeout`` seconds (None: no limit)."""
        if self._ended:
            return None
        deadline = math.inf if timeout is None else time.monotonic() + timeout
        body = dict(self.client._next_update(deadline, self.subscription))
        body.pop("subscription", None)
        update = Update.from_wire(body)
        if update.over:
            self._ended = True
        return update

    def __iter__(self) -> Iterator[Update]:
        while (update := self.next(None)) is not None:
            yield update

    def close(self) -> None:
        """Stop the watch (idempotent); updates not read yet are dropped."""
        if self._closed:
            return
        self._closed = True
        live = not self._ended
        self._ended = True
        if live and not self.client.closed:
            with contextlib.suppress(ConnectionError, OSError):
                self.client.unwatch(self.subscription)
        self.client._drop_updates(self.subscription)

    def __enter__(self) -> BlockingWatch:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
