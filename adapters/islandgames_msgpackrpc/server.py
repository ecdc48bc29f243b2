"""The MessagePack-RPC server: every :class:`~islandgames.service.MatchService`
operation over TCP (asyncio) or over stdin/stdout.

Requests on one connection are handled in the order they arrive (so pipelined acts
apply in the order sent); connections are independent. Watch updates are sent as
``[2, "update", [update]]`` notifications. A frame that is too large or is not msgpack
gets a ``[2, "error", [error]]`` notification and ends that connection only; a msgpack
value that is not a valid request gets an error response (or notification) and the
connection goes on. Client notifications are ignored.

Limits that no client can use against the others (each an :class:`RpcServer` argument
and a ``serve`` option; docs/protocol-msgpack.md, "Limits"): connections at once, in all
and per peer address; an idle timeout (a connection that sends nothing and watches
nothing is closed); a read timeout (a message begun must be complete within it, and a
reply must be taken by the peer within it); a bound on the output queued for a peer that
does not read; the frame decoder's bounds on what one message may decode to; and a
server-wide budget of bytes for large messages held at once (``decode_budget``: a large
message waits for its share, it is never refused for want of it).

With ``tls`` (an :class:`ssl.SSLContext`, :mod:`islandgames.service.tls`) every TCP
connection speaks TLS: its handshake comes first, within the read timeout, and counts
against the connection limits while it lasts.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import ssl
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, SupportsIndex

import msgpack

from islandgames import __version__
from islandgames.core.errors import IslandGamesError
from islandgames.core.log import ReplayLog, Verification, record_list
from islandgames.service import LoopFanout, MatchService, Subscription, Update
from islandgames.service.ai import Caller, call_service
from islandgames.service.envelope import OPERATIONS, Operation
from islandgames.service.errors import (
    InternalError,
    InvalidArgumentError,
    ProtocolError,
    error_to_wire,
)

from .protocol import (
    DEFAULT_DECODE_BUDGET,
    DEFAULT_MAX_FRAME,
    LARGE_MESSAGE,
    NOTIFICATION,
    PROTOCOL,
    PROTOCOL_VERSION,
    RESPONSE,
    DecodeBudget,
    FrameDecoder,
    InvalidMessage,
    Notification,
    Request,
    pack,
    parse_message,
)

__all__ = [
    "DEFAULT_DECODE_BUDGET",
    "DEFAULT_DELIVERY_SLICE",
    "DEFAULT_IDLE_TIMEOUT",
    "DEFAULT_MAX_BACKLOG",
    "DEFAULT_MAX_CONNECTIONS",
    "DEFAULT_MAX_CONNECTIONS_PER_PEER",
    "DEFAULT_MAX_OUTPUT",
    "DEFAULT_READ_TIMEOUT",
    "RpcServer",
    "log_records",
    "peer_address",
    "verification_wire",
]

_log = logging.getLogger("islandgames_msgpackrpc")

#: A connection whose unsent output exceeds this when an update is due is closed (a
#: watcher that stopped reading must not make the server hold updates without bound).
DEFAULT_MAX_OUTPUT = 4 * 1024 * 1024
MAX_OUTPUT_BUFFER = DEFAULT_MAX_OUTPUT  # the old name
#: Connections served at once, in all and from one peer address.
DEFAULT_MAX_CONNECTIONS = 256
DEFAULT_MAX_CONNECTIONS_PER_PEER = 64
#: Seconds a connection may send nothing (while it watches nothing) before it is closed.
DEFAULT_IDLE_TIMEOUT = 300.0
#: Seconds a message may take to arrive once begun, and a reply to be taken by the peer.
DEFAULT_READ_TIMEOUT = 30.0
_READ_CHUNK = 256 * 1024
#: Seconds a TLS handshake may take when there is no read timeout (asyncio's default).
_TLS_HANDSHAKE_TIMEOUT = 60.0
#: Seconds of watch delivery per turn of the event loop: a fan-out to many watchers is
#: cut into such slices, so that a request that arrives meanwhile waits at most about one.
DEFAULT_DELIVERY_SLICE = 0.0001
#: Updates due (over all watchers) beyond which delivery stops yielding to requests: the
#: backlog is bounded, and acts are slowed to the pace the watchers are served at.
DEFAULT_MAX_BACKLOG = 1024
_DELIVERY_BATCH = 8


def peer_address(peername: Any) -> str:
    """The peer key of a connection: its remote IP address (``stdio`` for none)."""
    if isinstance(peername, tuple) and peername:
        return str(peername[0])
    return "stdio" if peername is None else str(peername)


def log_records(log: ReplayLog) -> list[dict[str, Any]]:
    """A log as the list of its file records (header with ``viewer``, entries, end):
    packing each record in turn gives exactly the bytes of ``write_log``."""
    return record_list(log)


def verification_wire(v: Verification) -> dict[str, Any]:
    return v.to_wire()


#: Every MessagePack-RPC method, from the one declaration of the service's operations
#: (name, positional params, how many are required, whether it runs in a worker thread).
_METHODS: dict[str, Operation] = {op.method: op for op in OPERATIONS if op.method is not None}


def _plays_bots(service: MatchService, name: str, params: list[Any]) -> bool:
    """Whether the call may wait on the server's play of AI seats (a create with AI
    seats, an act or fork on a match that has them): then it is admitted against the
    AI limits and waits in one of the service's AI call threads
    (:func:`~islandgames.service.ai.call_service`), so other connections keep going."""
    if name == "create":
        return len(params) > 4 and bool(params[4])
    return name in ("act", "fork") and service.has_ai_seats(params[0])


#: The encoded updates of one delivery round: an update's notification bytes without
#: its subscription (:func:`_update_head`) by the update's identity; the update is kept
#: with them, so its id cannot be reused while the entry lives.
_Encoded = dict[int, tuple[Update, bytes | None]]


def _update_head(update: Update) -> bytes:
    """The bytes of ``[2, "update", [body]]`` up to the body's last key, where body is
    ``update.to_wire()`` with ``"subscription"`` added last: exactly the bytes ``pack``
    gives for that notification without its last key and value (a msgpack map is its
    header and then each key and value in order). Raises what ``pack`` raises."""
    body = update.to_wire()
    packer = msgpack.Packer(use_bin_type=True)  # what pack() uses
    parts = [
        packer.pack_array_header(3),
        packer.pack(NOTIFICATION),
        packer.pack("update"),
        packer.pack_array_header(1),
        packer.pack_map_header(len(body) + 1),
    ]
    for key, value in body.items():
        parts.append(packer.pack(key))
        parts.append(packer.pack(value))
    return b"".join(parts)


_SUBSCRIPTION_KEY = pack("subscription")


class _Reader(asyncio.StreamReader):
    """A stream reader that tells its server when input arrives (watch delivery yields
    to a connection with input not yet handled: calls go before fan-out)."""

    def __init__(self, server: RpcServer, limit: int) -> None:
        super().__init__(limit=limit)
        self._server = server
        self.unhandled = False
        #: set once the peer has closed (or reset) its side: a call waiting on AI play
        #: for it is abandoned
        self.ended = asyncio.Event()

    def feed_eof(self) -> None:
        super().feed_eof()
        self.ended.set()

    def set_exception(self, exc: Exception) -> None:
        super().set_exception(exc)
        self.ended.set()

    def feed_data(self, data: Iterable[SupportsIndex]) -> None:
        super().feed_data(data)
        if not self.unhandled:
            self.unhandled = True
            self._server._inbound += 1

    def handled(self) -> None:
        """The input so far is being (or has been) handled."""
        if self.unhandled:
            self.unhandled = False
            self._server._inbound -= 1


class _Watch:
    """One watch of one connection: buffers updates until the watch response is out."""

    def __init__(self, conn: _Connection) -> None:
        self.conn = conn
        self.sub: Subscription | None = None
        self.ready = False
        self.pending: list[Update] = []
        self.reply: dict[str, Any] = {}

    def deliver(self, update: Update, encoded: _Encoded | None = None) -> None:  # on the loop
        if not self.ready:
            self.pending.append(update)
            return
        self.send(update, encoded)

    def send(self, update: Update, encoded: _Encoded | None = None) -> None:
        """Send ``update`` as this watch's notification; its bytes up to the subscription
        come from ``encoded`` when an earlier watch of the round encoded this update (every
        watcher of one audience gets the same :class:`Update` from the service)."""
        assert self.sub is not None
        if self.conn.closed:
            return
        known = None if encoded is None else encoded.get(id(update))
        if known is not None and known[0] is update:
            head = known[1]
        else:
            try:
                head = _update_head(update)
            except (TypeError, ValueError, OverflowError) as exc:
                _log.error("%s: cannot encode an update: %s", self.conn.name, exc)
                head = None
            if encoded is not None:
                encoded[id(update)] = (update, head)
        if head is not None:
            self.conn.write_notification(head + _SUBSCRIPTION_KEY + pack(self.sub.id))

    def start(self) -> None:
        self.ready = True
        pending, self.pending = self.pending, []
        encoded: _Encoded = {}
        for update in pending:
            self.send(update, encoded)


class _Fanout(LoopFanout):
    """The server's :class:`~islandgames.service.WatchChannel` on one event loop.

    The service hands it one update per action and audience with that audience's
    watches (in the acting thread: one call, however many watch); the loop delivers
    them in order, for at most ``delivery_slice`` seconds per turn (a few only while
    some connection has input not yet handled), so that a request waits for at most
    about one slice of a fan-out, not for all of it. Past ``max_backlog`` updates due
    it no longer yields: acts then wait for the fan-out, and what is due stays bounded.
    Each distinct update is encoded once for all its watchers; each connection's own
    output bound still applies to it alone."""

    def __init__(self, server: RpcServer, loop: asyncio.AbstractEventLoop) -> None:
        super().__init__(loop)
        self.server = server
        self.encoded: _Encoded = {}

    def turn(self) -> None:  # on the loop
        server = self.server
        due = self.due
        encoded = self.encoded
        clock = time.perf_counter
        end = clock() + server.delivery_slice
        while due:
            # while a connection has input waiting, one delivery a turn: calls go first
            update, subs = self.take(1 if server._inbound else _DELIVERY_BATCH)
            for sub in subs:
                watch: _Watch = sub.tag
                try:
                    watch.deliver(update, encoded)
                except Exception:  # pragma: no cover - one connection must not stop the others
                    _log.exception("%s: delivering an update failed", watch.conn.name)
                    watch.conn.abort()
            if (server._inbound or clock() >= end) and len(due) <= server.max_backlog:
                break

    def drained(self) -> None:
        self.encoded.clear()


class _Connection:
    def __init__(
        self,
        server: RpcServer,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        name: str,
        *,
        peer: str = "stdio",
        timeouts: bool = True,
        tls: ssl.SSLContext | None = None,
    ) -> None:
        self.server = server
        #: the server's TLS context: the connection is plain TCP until :meth:`start_tls`
        self.tls = tls
        self._handshake_failed = False
        self._closing: asyncio.Future[None] | None = None
        self.reader = reader
        self.writer = writer
        self.name = name
        self.peer = peer
        self.decoder = FrameDecoder(server.max_frame)
        self.watches: dict[int, _Watch] = {}
        self.closed = False
        #: a TCP connection (stdio has no timeouts, and its end of input is not a leave:
        #: requests piped in are all answered)
        self.timeouts = timeouts
        self.idle_timeout = server.idle_timeout if timeouts else None
        self.read_timeout = server.read_timeout if timeouts else None

    # --- output ----------------------------------------------------------------------

    def _write(self, message: Any) -> None:
        if self.closed:
            return
        try:
            data = pack(message)
        except (TypeError, ValueError, OverflowError) as exc:
            _log.error("%s: cannot encode a reply: %s", self.name, exc)
            if message[0] == RESPONSE:
                data = pack([RESPONSE, message[1], error_to_wire(exc), None])
            else:
                return
        if message[0] == NOTIFICATION:
            self.write_notification(data)
        else:
            self.writer.write(data)

    def write_notification(self, data: bytes) -> None:
        """Queue an encoded notification. Replies are written one request at a time (the
        reader waits for each to drain), so only notifications (watch updates) can pile
        up: refuse to queue one behind more than max_output bytes the peer has not
        taken."""
        if self.closed:
            return
        queued = self.writer.transport.get_write_buffer_size()
        if queued > self.server.max_output:
            _log.warning("%s: peer is not reading (%d bytes queued); closing", self.name, queued)
            self.abort()
            return
        self.writer.write(data)

    def respond(self, msgid: int, error: Any, result: Any) -> None:
        self._write([RESPONSE, msgid, error, result])

    def notify(self, method: str, params: list[Any]) -> None:
        self._write([NOTIFICATION, method, params])

    def abort(self) -> None:
        if not self.closed:
            self.closed = True
            self.writer.transport.abort()
        if self.server.decode_budget is not None:
            self.server.decode_budget.drop(self)

    async def start_tls(self, timeout: float | None = None) -> bool:
        """The TLS handshake (within ``timeout``, default the read timeout); False (and
        the connection aborted) if it fails: plaintext, garbage or a silent peer."""
        assert self.tls is not None
        try:
            await self.writer.start_tls(
                self.tls,
                ssl_handshake_timeout=timeout or self.read_timeout or _TLS_HANDSHAKE_TIMEOUT,
            )
        except Exception as exc:  # ssl.SSLError, ConnectionError, TimeoutError, ...
            _log.info("%s: TLS handshake failed: %s", self.name, str(exc)[:200] or type(exc))
            self._handshake_failed = True
            self.abort()
            return False
        return True

    def _alive(self) -> bool:
        return not self.closed

    # --- input -----------------------------------------------------------------------

    def _watching(self) -> bool:
        return any(w.sub is not None and w.sub.active for w in self.watches.values())

    def _timeout(self, now: float, last: float, begun: float | None) -> float | None:
        """Seconds to wait for more input: the rest of the read timeout while a message
        is incomplete, else the rest of the idle timeout (none while watching)."""
        if begun is not None and self.read_timeout:
            return max(0.0, begun + self.read_timeout - now)
        if self.idle_timeout and not self._watching():
            return max(0.0, last + self.idle_timeout - now)
        return None

    async def _drain(self) -> bool:
        """Wait until the peer takes our output; False (connection aborted) if it does
        not within the read timeout."""
        try:
            async with asyncio.timeout(self.read_timeout or None):
                await self.writer.drain()
        except TimeoutError:
            _log.info("%s: peer takes no output; closing", self.name)
            self.abort()
            return False
        return True

    async def run(self) -> None:
        loop = asyncio.get_running_loop()
        budget = self.server.decode_budget
        begun: float | None = None  # when the incomplete message began to arrive
        try:
            if self.tls is not None and not await self.start_tls():
                return
            last = loop.time()  # when the peer last sent something
            while not self.closed:
                self._handled()
                try:
                    # asyncio.timeout, not wait_for: no task (and turn of the loop) per read
                    async with asyncio.timeout(self._timeout(loop.time(), last, begun)):
                        data = await self.reader.read(_READ_CHUNK)
                except TimeoutError:
                    what = "half a message" if begun is not None else "nothing"
                    _log.info("%s: sent %s in time; closing", self.name, what)
                    self.abort()
                    break
                if not data:
                    break
                size = self.decoder.pending + len(data)  # at most: the message's bytes
                if budget is not None and size > LARGE_MESSAGE:
                    asked = loop.time()
                    if not await budget.acquire(self, size, self._alive):
                        break
                    if begun is not None:  # the server's wait is not the peer's delay
                        begun += loop.time() - asked
                if size > LARGE_MESSAGE:  # decoded by one worker: the loop goes on meanwhile
                    frames, failure = await loop.run_in_executor(
                        self.server._decoder_thread(), self.decoder.feed, data
                    )
                else:
                    frames, failure = self.decoder.feed(data)
                for frame in frames:
                    if self.closed:
                        break
                    await self.handle(frame)
                    if not await self._drain():
                        break
                if budget is not None and budget.held(self):
                    # the large messages are handled: keep what the next one holds
                    pending = self.decoder.pending
                    budget.release(self, pending if pending > LARGE_MESSAGE else 0)
                if failure is not None:
                    self.notify("error", [error_to_wire(failure)])
                    _log.info("%s: %s; closing", self.name, failure)
                    break
                last = loop.time()
                if not self.decoder.pending:
                    begun = None
                elif frames or begun is None:
                    begun = last
        except (ConnectionError, asyncio.IncompleteReadError):
            pass
        finally:
            self._handled()
            await self.close()

    def _handled(self) -> None:
        if isinstance(self.reader, _Reader):
            self.reader.handled()

    async def close(self) -> None:
        """Close the connection; callers at the same time share one close (two waits on
        the stream's close would cancel each other's)."""
        if self._closing is None:
            self._closing = asyncio.ensure_future(self._close())
        await asyncio.shield(self._closing)

    async def _close(self) -> None:
        for w in self.watches.values():
            if w.sub is not None:
                w.sub.close()
        self.watches.clear()
        if self.server.decode_budget is not None:
            self.server.decode_budget.drop(self)
        if not self.closed:
            self.closed = True
            with contextlib.suppress(Exception):
                if self.writer.can_write_eof():
                    self.writer.write_eof()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.writer.drain(), 1.0)
            self.writer.close()
        if self._handshake_failed:
            return  # asyncio has closed the socket; the stream never hears of it
        try:
            await asyncio.wait_for(self.writer.wait_closed(), 1.0)
        except Exception:  # e.g. a TLS peer that does not answer the close: cut it
            self.writer.transport.abort()

    async def handle(self, frame: Any) -> None:
        if type(frame) is list and frame and frame[0] == NOTIFICATION and type(frame[0]) is int:
            return  # a client notification: the server defines none; ignored, never answered
        try:
            message = parse_message(frame)
        except InvalidMessage as exc:
            err = error_to_wire(exc)
            if exc.msgid is not None:
                self.respond(exc.msgid, err, None)
            else:
                self.notify("error", [err])
            return
        if isinstance(message, Notification):  # (caught above)
            return
        if not isinstance(message, Request):
            err = error_to_wire(ProtocolError("INVALID_REQUEST", "the server sent no request"))
            self.notify("error", [err])
            return
        started: _Watch | None = None
        try:
            result = await self.call(message)
            if isinstance(result, _Watch):
                started, result = result, result.reply
        except Exception as exc:
            if not isinstance(exc, IslandGamesError) or isinstance(exc, InternalError):
                _log.exception("%s: %s failed", self.name, message.method)
            self.respond(message.msgid, error_to_wire(exc), None)
            return
        self.respond(message.msgid, None, result)
        if started is not None:
            started.start()

    async def call(self, request: Request) -> Any:
        """The result of a request (a :class:`_Watch` for ``watch``), or raise."""
        method = _METHODS.get(request.method)
        if method is None:
            name = request.method if len(request.method) <= 100 else request.method[:97] + "..."
            raise ProtocolError(
                "METHOD_NOT_FOUND", f"unknown method {name!r}; methods: {', '.join(_METHODS)}"
            )
        params = request.params
        if not method.required <= len(params) <= len(method.params):
            want = (
                str(len(method.params))
                if method.required == len(method.params)
                else f"{method.required} to {len(method.params)}"
            )
            raise InvalidArgumentError(
                f"{method.method} takes {want} params ({', '.join(method.params)}), "
                f"got {len(params)}"
            )
        service = self.server.service
        name = request.method  # a key of _METHODS: the operation's method
        if name == "echo":
            return params[0] if params else None
        if name == "watch":
            return await self._watch(params)
        if name == "unwatch":
            return self._unwatch(params[0])
        if name == "server_info":
            return self.server.info()
        fn: Callable[[Caller], Any]
        if name == "games":
            fn = lambda c: service.games()  # noqa: E731
        elif name == "create":
            fn = lambda c: service.create(*params, caller=c).to_wire()  # noqa: E731
        elif name == "act":
            fn = lambda c: service.act(*params, caller=c).to_wire()  # noqa: E731
        elif name == "view":
            fn = lambda c: service.view(params[0], caller=c).to_wire()  # noqa: E731
        elif name == "legal_actions":
            fn = lambda c: service.legal_actions(params[0], caller=c).to_wire()  # noqa: E731
        elif name == "status":
            fn = lambda c: service.status(params[0], caller=c).to_wire()  # noqa: E731
        elif name == "log":
            fn = lambda c: log_records(service.log(params[0], caller=c))  # noqa: E731
        elif name == "state_at":
            fn = lambda c: service.state_at(*params, caller=c).to_wire()  # noqa: E731
        elif name == "fork":
            fn = lambda c: service.fork(*params, caller=c).to_wire()  # noqa: E731
        elif name == "layout":
            fn = lambda c: service.layout(*params).to_wire()  # noqa: E731
        elif name == "match_layout":
            fn = lambda c: service.match_layout(params[0], caller=c).to_wire()  # noqa: E731
        else:
            assert name == "verify"
            fn = lambda c: verification_wire(service.verify(*params))  # noqa: E731
        ended = self.reader.ended if isinstance(self.reader, _Reader) and self.timeouts else None
        return await call_service(
            service.ai_pool,
            fn,
            self.peer,
            ai=_plays_bots(service, name, params),
            threaded=method.threaded or self.server.offload,
            gone=ended,
        )

    async def _watch(self, params: list[Any]) -> _Watch:
        if len(self.watches) >= self.server.max_watches:
            raise InvalidArgumentError(f"at most {self.server.max_watches} watches per connection")
        watch = _Watch(self)
        fanout = self.server._fanout(asyncio.get_running_loop())
        # the catch-up comes to the callback, inside watch() (and before any live update,
        # which the channel brings to watch.deliver on the loop): it waits in pending
        # until the reply is out, as the live updates that come before that do
        after = params[1] if len(params) > 1 else None
        watch_call = functools.partial(
            self.server.service.watch,
            params[0],
            watch.pending.append,
            after,
            channel=fanout,
            tag=watch,
            caller=Caller(self.peer, may_wait=False),  # a watch never waits on AI play
        )
        if after is None and not self.server.offload:
            sub = watch_call()
        else:  # the catch-up replays: keep it off the event loop
            sub = await asyncio.to_thread(watch_call)
        watch.sub = sub
        if sub.active:
            self.watches[sub.id] = watch
        watch.reply = {
            "subscription": sub.id,
            "match_id": sub.match_id,
            "seat": sub.seat,
            "seq": sub.seq,
            "active": sub.active,
        }
        return watch

    def _unwatch(self, sid: Any) -> bool:
        if type(sid) is not int:
            raise InvalidArgumentError("subscription must be an int")
        watch = self.watches.pop(sid, None)
        if watch is None or watch.sub is None:
            return False
        watch.sub.close()
        return True


class RpcServer:
    """Serves one :class:`MatchService` over MessagePack-RPC.

    >>> async def demo() -> str:
    ...     server = RpcServer(MatchService())
    ...     port = await server.start_tcp(port=0)
    ...     await server.close()
    ...     return "ok" if port > 0 else "no port"
    >>> asyncio.run(demo())
    'ok'
    """

    def __init__(
        self,
        service: MatchService,
        *,
        max_frame: int = DEFAULT_MAX_FRAME,
        max_connections: int = DEFAULT_MAX_CONNECTIONS,
        max_connections_per_peer: int = DEFAULT_MAX_CONNECTIONS_PER_PEER,
        max_watches: int = 256,
        idle_timeout: float | None = DEFAULT_IDLE_TIMEOUT,
        read_timeout: float | None = DEFAULT_READ_TIMEOUT,
        max_output: int = DEFAULT_MAX_OUTPUT,
        peer_key: Callable[[Any], str] = peer_address,
        offload: bool | None = None,
        decode_budget: int | None = DEFAULT_DECODE_BUDGET,
        tls: ssl.SSLContext | None = None,
        delivery_slice: float = DEFAULT_DELIVERY_SLICE,
        max_backlog: int = DEFAULT_MAX_BACKLOG,
    ) -> None:
        if delivery_slice <= 0:
            raise ValueError("delivery_slice must be positive")
        if max_backlog < 1:
            raise ValueError("max_backlog must be at least 1")
        self.service = service
        #: Run every service call in a worker thread, so calls that wait for the store
        #: overlap (default: with a shared store, whose calls are database round trips).
        self.offload = service.store.shared if offload is None else offload
        self.max_frame = max_frame
        self.max_connections = max_connections
        #: connections from one peer address (``peer_key`` of the peer name) at once
        self.max_connections_per_peer = max_connections_per_peer
        self.max_watches = max_watches
        #: seconds; None or 0: no such timeout (stdio never has one)
        self.idle_timeout = idle_timeout
        self.read_timeout = read_timeout
        self.max_output = max_output
        self.peer_key = peer_key
        #: bytes of large messages decoded at once over all connections (None or 0: no
        #: such bound); see :class:`~islandgames_msgpackrpc.protocol.DecodeBudget`
        self.decode_budget = (
            DecodeBudget(decode_budget, cap=max_frame + _READ_CHUNK) if decode_budget else None
        )
        #: TCP connections speak TLS with this server context (None: plain TCP)
        self.tls = tls
        #: large messages are decoded here, one at a time, so that the event loop (the
        #: other connections) keeps running while one is (made when first needed)
        self._decode_worker: ThreadPoolExecutor | None = None
        self._server: asyncio.Server | None = None
        self._connections: set[_Connection] = set()
        self._per_peer: Counter[str] = Counter()
        self._tasks: set[asyncio.Task[Any]] = set()
        #: connections with input not yet handled (:class:`_Reader`; on the loop only)
        self._inbound = 0
        self._count = 0
        self.host: str | None = None
        self.port: int | None = None
        #: the watch channel of each event loop serving connections (:class:`_Fanout`)
        self._fanouts: dict[asyncio.AbstractEventLoop, _Fanout] = {}
        #: seconds of delivery per turn of the event loop (see :class:`_Fanout`)
        self.delivery_slice = delivery_slice
        #: updates due (one per action and audience) beyond which delivery no longer
        #: yields to requests
        self.max_backlog = max_backlog

    def _fanout(self, loop: asyncio.AbstractEventLoop) -> _Fanout:
        fanout = self._fanouts.get(loop)
        if fanout is None:
            fanout = self._fanouts[loop] = _Fanout(self, loop)
        return fanout

    def info(self) -> dict[str, Any]:
        return {
            "protocol": PROTOCOL,
            "protocol_version": PROTOCOL_VERSION,
            "engine_version": __version__,
            "max_frame": self.max_frame,
            "methods": list(_METHODS),
        }

    async def start_tcp(self, host: str = "127.0.0.1", port: int = 0) -> int:
        """Listen on ``host:port`` (0: any free port); returns the bound port."""
        loop = asyncio.get_running_loop()

        def protocol() -> asyncio.StreamReaderProtocol:  # asyncio.start_server's, our reader
            return asyncio.StreamReaderProtocol(_Reader(self, _READ_CHUNK), self._accept)

        self._server = await loop.create_server(protocol, host, port, reuse_address=True)
        sock = self._server.sockets[0]
        self.host, self.port = sock.getsockname()[:2]
        assert self.port is not None
        return self.port

    async def serve_forever(self) -> None:
        assert self._server is not None, "call start_tcp first"
        await self._server.serve_forever()

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        peername = writer.get_extra_info("peername")
        self._count += 1
        peer = self.peer_key(peername)
        conn = _Connection(
            self, reader, writer, f"conn#{self._count} {peername}", peer=peer, tls=self.tls
        )
        refusal = None
        if len(self._connections) >= self.max_connections:
            refusal = "too many connections; retry later"
        elif self._per_peer[peer] >= self.max_connections_per_peer:
            refusal = "too many connections from your address; close one or retry later"
        if refusal is not None:
            _log.info("%s: refused: %s", conn.name, refusal)
            # over TLS the refusal is said after a (short) handshake, as a client reads it
            if self.tls is None or await conn.start_tls(min(5.0, self.read_timeout or 5.0)):
                conn.notify("error", [error_to_wire(ProtocolError("OVERLOADED", refusal))])
            await conn.close()
            return
        await self._run(conn)

    async def _run(self, conn: _Connection) -> None:
        self._connections.add(conn)
        self._per_peer[conn.peer] += 1
        task = asyncio.current_task()
        if task is not None:
            self._tasks.add(task)
        try:
            await conn.run()
        except asyncio.CancelledError:
            # the server is closing: end the handler normally, or asyncio's stream
            # callback (3.11) logs the cancelled task as an error
            pass
        except Exception:
            _log.exception("%s: connection failed", conn.name)
        finally:
            self._connections.discard(conn)
            self._per_peer[conn.peer] -= 1
            if self._per_peer[conn.peer] <= 0:
                del self._per_peer[conn.peer]
            if task is not None:
                self._tasks.discard(task)

    async def serve_stdio(self) -> None:
        """Serve one connection on this process's stdin/stdout until stdin closes."""
        loop = asyncio.get_running_loop()
        reader = _Reader(self, _READ_CHUNK)
        await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
        transport, protocol = await loop.connect_write_pipe(
            asyncio.streams.FlowControlMixin, sys.stdout
        )
        writer = asyncio.StreamWriter(transport, protocol, reader, loop)
        await self._run(_Connection(self, reader, writer, "stdio", timeouts=False))

    async def close(self) -> None:
        """Stop listening and close every connection."""
        if self._server is not None:
            self._server.close()
        for conn in list(self._connections):
            conn.abort()
        for conn in list(self._connections):
            await conn.close()
        if self._server is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._server.wait_closed(), 2.0)
            self._server = None
        worker, self._decode_worker = self._decode_worker, None
        if worker is not None:
            worker.shutdown(wait=False, cancel_futures=True)

    def _decoder_thread(self) -> ThreadPoolExecutor:
        if self._decode_worker is None:
            self._decode_worker = ThreadPoolExecutor(1, thread_name_prefix="msgpackrpc-decode")
        return self._decode_worker
