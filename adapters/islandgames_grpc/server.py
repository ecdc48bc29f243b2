"""The gRPC server: every :class:`~islandgames.service.MatchService` operation as one RPC
of ``islandgames.v1.MatchService`` (``protos/islandgames/v1/match_service.proto``),
with the standard health and reflection services (reflection ``v1`` and ``v1alpha``).

A thin translation: requests are parsed here (so a request that is not valid protobuf
gets INVALID_ARGUMENT, not a transport error), their game values converted to wire form
(:mod:`islandgames_grpc.convert`), the service called, and its results converted back.
Errors of the service become gRPC statuses (:data:`GRPC_STATUS`, from
``islandgames.service.errors``) with a ``google.rpc.ErrorInfo`` detail.

It runs on ``grpc.aio``: unary calls run on the event loop (except the CPU-heavy log
calls, in a worker thread); a Watch is a coroutine fed by the service's callback, so
many watchers cost no threads. Watch streams are limited per connection, per peer
address and in all, so one client cannot take every other client's watches.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import functools
import hashlib
import logging
from collections import Counter
from collections.abc import AsyncGenerator, AsyncIterator, Awaitable, Callable
from typing import Any, TypeVar

import grpc
from google.protobuf import any_pb2, descriptor_pb2, descriptor_pool
from google.protobuf import message as protobuf_message
from google.rpc import error_details_pb2, status_pb2
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection
from grpc_reflection.v1alpha import reflection_pb2 as reflection_v1alpha_pb2

from islandgames.core.errors import IslandGamesError, LogFormatError
from islandgames.core.log import ReplayLog
from islandgames.core.registry import get_game
from islandgames.service import (
    Forked,
    LoopFanout,
    MatchService,
    Subscription,
    Update,
    WatchStarted,
    envelope,
)
from islandgames.service.ai import Caller, call_service
from islandgames.service.errors import (
    ERROR_CODES,
    InternalError,
    InvalidArgumentError,
    ProtocolError,
    StoreError,
    error_to_wire,
)

from . import convert
from ._gen import match_service_pb2 as pb
from .envelope import from_pb, to_pb, to_pb_kw

_T = TypeVar("_T")

__all__ = [
    "DEFAULT_HANDSHAKE_TIMEOUT",
    "DEFAULT_IDLE_TIMEOUT",
    "DEFAULT_KEEPALIVE",
    "DEFAULT_MAX_CONCURRENT_STREAMS",
    "DEFAULT_MAX_CONNECTIONS",
    "DEFAULT_MAX_CONNECTIONS_PER_PEER",
    "DEFAULT_MAX_MESSAGE",
    "DEFAULT_MAX_SEND",
    "DEFAULT_MAX_WATCHES",
    "DEFAULT_MAX_WATCHES_PER_CONNECTION",
    "DEFAULT_MAX_WATCHES_PER_PEER",
    "DEFAULT_MIN_PING_INTERVAL",
    "DEFAULT_PORT",
    "ERROR_DOMAIN",
    "REFLECTION_V1",
    "GRPC_STATUS",
    "SERVICE_NAME",
    "GrpcServer",
    "log_to_pb",
    "peer_address",
    "status_for",
]

_log = logging.getLogger("islandgames_grpc")

SERVICE_NAME = "islandgames.v1.MatchService"
DEFAULT_PORT = 50051
#: The largest request accepted (bytes); a larger one gets RESOURCE_EXHAUSTED.
DEFAULT_MAX_MESSAGE = 4 * 1024 * 1024
#: The largest response sent (a long game's log is the biggest).
DEFAULT_MAX_SEND = 64 * 1024 * 1024
#: The ``domain`` of the ``google.rpc.ErrorInfo`` detail of every error.
ERROR_DOMAIN = "islandgames.v1"
#: Serialized Watch updates kept for the watchers still to send them (LRU; a miss costs
#: one more serialization, never a different byte).
_ENCODED_UPDATES = 256
#: Watch streams woken per turn of the event loop in a fan-out (each then sends one
#: message, tens of microseconds in grpc): calls wait for about one such turn of it
DEFAULT_WAKES_PER_TURN = 1
#: Watch streams at once: in all, from one peer address, on one connection.
DEFAULT_MAX_WATCHES = 1024
#: gRPC connections at once (gRPC core's own cap; a connection over it is refused at
#: once), and connections with calls in progress from one IP address (counted by this
#: server: a call on one more connection from that address is OVERLOADED)
DEFAULT_MAX_CONNECTIONS = 1024
DEFAULT_MAX_CONNECTIONS_PER_PEER = 256
DEFAULT_MAX_WATCHES_PER_PEER = 256
DEFAULT_MAX_WATCHES_PER_CONNECTION = 128
#: Connection limits (seconds), as on MessagePack-RPC: a connection with no call in
#: progress for ``idle`` is closed (GOAWAY; a Watch is a call in progress); a new one
#: must finish its (TLS and) HTTP/2 handshake within ``handshake``; the server pings a
#: connection quiet for ``keepalive`` (no answer in 20 s: closed, with its calls); a
#: client may ping without data at most once per ``min_ping_interval`` (more often
#: twice: GOAWAY "too_many_pings"). Calls in progress on one connection at once:
#: ``max_concurrent_streams`` (above the Watch limit per connection, so a connection
#: full of watches still has room for calls).
DEFAULT_IDLE_TIMEOUT = 300.0
DEFAULT_HANDSHAKE_TIMEOUT = 30.0
DEFAULT_KEEPALIVE = 60.0
DEFAULT_MIN_PING_INTERVAL = 60.0
DEFAULT_MAX_CONCURRENT_STREAMS = 256
#: Seconds the calls of a connection past ``max_connection_age`` get to finish.
_AGE_GRACE = 30.0
#: The reflection service of ``grpc/reflection/v1/reflection.proto``; its messages are
#: those of v1alpha under another package (same fields, same numbers, same bytes).
REFLECTION_V1 = "grpc.reflection.v1.ServerReflection"

#: islandgames error code -> gRPC status code.
GRPC_STATUS: dict[str, grpc.StatusCode] = {
    e.code: grpc.StatusCode[e.grpc_status] for e in ERROR_CODES
} | {
    "INTERNAL": grpc.StatusCode.INTERNAL,
    "METHOD_NOT_FOUND": grpc.StatusCode.UNIMPLEMENTED,
    "INVALID_REQUEST": grpc.StatusCode.INVALID_ARGUMENT,
    "MALFORMED_FRAME": grpc.StatusCode.INVALID_ARGUMENT,
    "FRAME_TOO_LARGE": grpc.StatusCode.RESOURCE_EXHAUSTED,
    "OVERLOADED": grpc.StatusCode.RESOURCE_EXHAUSTED,
}

def status_for(exc: BaseException) -> tuple[grpc.StatusCode, str, tuple[tuple[str, Any], ...]]:
    """(status code, message, trailing metadata) for an error: the code mapped from the
    islandgames error code, the message, and the code and details both as a
    ``google.rpc.Status`` (``grpc-status-details-bin``) and as ASCII trailers."""
    wire = error_to_wire(exc)
    code = GRPC_STATUS.get(wire["code"], grpc.StatusCode.UNKNOWN)
    details = {k: str(v) for k, v in wire["details"].items()}
    info = error_details_pb2.ErrorInfo(reason=wire["code"], domain=ERROR_DOMAIN, metadata=details)
    packed = any_pb2.Any()
    packed.Pack(info)
    status = status_pb2.Status(code=code.value[0], message=wire["message"], details=[packed])
    trailers: list[tuple[str, Any]] = [
        ("grpc-status-details-bin", status.SerializeToString()),
        ("islandgames-error-code", wire["code"]),
    ]
    trailers.extend(("islandgames-" + k.replace("_", "-"), v) for k, v in details.items())
    return code, wire["message"], tuple(trailers)


# --- the log and the verdict ----------------------------------------------------------------


def log_to_pb(log: ReplayLog) -> Any:
    """A :class:`~islandgames.core.log.ReplayLog` as an ``islandgames.v1.Log``."""
    return to_pb(envelope.log_message(log), log.header.game)


def log_records(log: Any) -> list[dict[str, Any]]:
    """An ``islandgames.v1.Log`` as the list of log records the service reads (raises
    :class:`DecodeError` for a value it cannot convert, or a value of another game than
    its header's)."""
    game = log.header.game
    return envelope.log_records(from_pb(envelope.LogMessage, log, game, "log"))


def _is_log_message(data: bytes) -> bool:
    """Whether ``data`` reads as a serialized ``islandgames.v1.Log`` with a header."""
    try:
        msg = pb.Log.FromString(data)
    except protobuf_message.DecodeError:
        return False
    return msg.HasField("header") and bool(msg.header.game)


def _log_file_problem(req: Any, exc: LogFormatError) -> LogFormatError:
    """A LogFormatError of a ``*_file`` field that says what the field takes, when the
    bytes are a serialized ``Log`` message (which belongs in ``*_records``)."""
    for case, records in (("log", "log_records"), ("full_log", "full_records")):
        field = req.WhichOneof(case)
        if field is not None and field.endswith("_file") and _is_log_message(getattr(req, field)):
            return LogFormatError(
                f"{field} holds a serialized islandgames.v1.Log message; send that as "
                f"{records} ({field} takes the log file's own bytes: the msgpack records "
                f"of docs/log-format.md, as written by write_log or `play --log`)"
            )
    return exc


# --- reflection v1 -----------------------------------------------------------------------------


def _add_reflection_v1_descriptor() -> None:
    """Put ``grpc/reflection/v1/reflection.proto`` into the default descriptor pool (made
    from v1alpha's, which grpcio-reflection ships alone), so reflection can describe it."""
    pool = descriptor_pool.Default()
    try:
        pool.FindServiceByName(REFLECTION_V1)
        return
    except KeyError:
        pass
    proto = descriptor_pb2.FileDescriptorProto()
    reflection_v1alpha_pb2.DESCRIPTOR.CopyToProto(proto)
    old, new = ".grpc.reflection.v1alpha.", ".grpc.reflection.v1."
    proto.name = "grpc/reflection/v1/reflection.proto"
    proto.package = "grpc.reflection.v1"
    proto.ClearField("options")
    for message in proto.message_type:
        for field in message.field:
            if field.type_name.startswith(old):
                field.type_name = new + field.type_name[len(old) :]
    for service in proto.service:
        for method in service.method:
            method.input_type = new + method.input_type[len(old) :]
            method.output_type = new + method.output_type[len(old) :]
    pool.AddSerializedFile(proto.SerializeToString())


def _reflection_v1_handler(service_names: tuple[str, ...]) -> Any:
    """``grpc.reflection.v1.ServerReflection``, served by the v1alpha servicer (the two
    are the same on the wire)."""
    _add_reflection_v1_descriptor()
    servicer = reflection.aio.ReflectionServicer(service_names)
    handler = grpc.stream_stream_rpc_method_handler(
        servicer.ServerReflectionInfo,
        request_deserializer=reflection_v1alpha_pb2.ServerReflectionRequest.FromString,
        response_serializer=reflection_v1alpha_pb2.ServerReflectionResponse.SerializeToString,
    )
    return grpc.method_handlers_generic_handler(REFLECTION_V1, {"ServerReflectionInfo": handler})


# --- the servicer ------------------------------------------------------------------------------


class _TokenGames:
    """token -> game id of its match (learnt from create, or from one status call), so
    game values can be converted without asking the service again. Keyed by a hash of
    the token: the adapter keeps no token in memory."""

    LIMIT = 100_000

    def __init__(self, service: MatchService) -> None:
        self.service = service
        self._games: dict[bytes, str] = {}

    @staticmethod
    def _key(token: str) -> bytes:
        return hashlib.blake2b(token.encode("utf-8", "replace"), digest_size=16).digest()

    def remember(self, token: str, game: str) -> None:
        if len(self._games) >= self.LIMIT:
            self._games.clear()
        self._games[self._key(token)] = game

    def game(self, token: str) -> str:
        key = self._key(token)
        found = self._games.get(key)
        if found is None:
            found = self.service.status(token).game  # raises for a bad token
            if len(self._games) >= self.LIMIT:
                self._games.clear()
            self._games[key] = found
        return found


Handler = Callable[[Any, Any], Awaitable[Any]]


class _Servicer:
    def __init__(self, server: GrpcServer) -> None:
        self.server = server
        self.service = server.service
        self.tokens = _TokenGames(server.service)

    async def _call(
        self, context: Any, fn: Callable[[Caller], _T], *, ai: bool = False, threaded: bool = False
    ) -> _T:
        """Run a service call for ``context``'s client: one that may wait on AI play
        (``ai``, or one that finds it must) admitted against the AI limits, in the
        service's AI call threads, abandoned if the RPC is cancelled
        (:func:`~islandgames.service.ai.call_service`)."""
        peer = self.server.peer_key(context)
        return await call_service(self.service.ai_pool, fn, peer, ai=ai, threaded=threaded)

    # --- unary ------------------------------------------------------------------------------

    async def ListGames(self, req: Any, context: Any) -> Any:
        games = [to_pb_kw(i, i["id"], envelope.GameInfo) for i in self.service.games()]
        return pb.ListGamesResponse(games=games)

    async def CreateMatch(self, req: Any, context: Any) -> Any:
        if req.HasField("config"):
            get_game(req.game)  # an unknown game is NOT_FOUND before its config is looked at
        r = from_pb(envelope.CreateMatchRequest, req, req.game, "")
        ai_seats = [{"seat": a.seat, "bot": a.bot} for a in r.ai_seats] or None
        m = await self._call(
            context,
            lambda c: self.service.create(
                r.game, r.config, r.seed, r.rules_version, ai_seats, caller=c
            ),
            ai=ai_seats is not None,  # the AI seats to act at the start play now
        )
        for s in m.seats:
            self.tokens.remember(s.token, m.game)
        self.tokens.remember(m.spectator_token, m.game)
        return to_pb(m, m.game)

    async def Act(self, req: Any, context: Any) -> Any:
        game = self.tokens.game(req.token)
        r = from_pb(envelope.ActRequest, req, game, "")
        action = r.action
        if action is None:
            raise InvalidArgumentError("action is not set")
        m = await self._call(
            context,
            lambda c: self.service.act(r.token, action, r.expected_seq, caller=c),
            ai=self.service.has_ai_seats(r.token),  # the server may then play bots
        )
        return to_pb(m, game)

    async def GetView(self, req: Any, context: Any) -> Any:
        game = self.tokens.game(req.token)
        r = await self._call(context, lambda c: self.service.view(req.token, caller=c))
        return to_pb(r, game)

    async def ListLegalActions(self, req: Any, context: Any) -> Any:
        game = self.tokens.game(req.token)
        r = await self._call(context, lambda c: self.service.legal_actions(req.token, caller=c))
        return to_pb(r, game)

    async def GetStatus(self, req: Any, context: Any) -> Any:
        r = await self._call(context, lambda c: self.service.status(req.token, caller=c))
        self.tokens.remember(req.token, r.game)
        return to_pb(r, r.game)

    async def GetLayout(self, req: Any, context: Any) -> Any:
        r = from_pb(envelope.GetLayoutRequest, req, None, "")
        layout = self.service.layout(r.game, r.rules_version)
        return to_pb(layout, layout.game)

    async def GetMatchLayout(self, req: Any, context: Any) -> Any:
        r = await self._call(context, lambda c: self.service.match_layout(req.token, caller=c))
        self.tokens.remember(req.token, r.game)
        return to_pb(r, r.game)

    async def GetLog(self, req: Any, context: Any) -> Any:
        token = req.token

        def work(c: Caller) -> Any:
            return pb.GetLogResponse(log=log_to_pb(self.service.log(token, caller=c)))

        return await self._call(context, work, threaded=True)

    async def VerifyLog(self, req: Any, context: Any) -> Any:
        def source(case: str | None) -> Any:
            if case is None:
                return None
            value = getattr(req, case)
            if isinstance(value, bytes):
                return value
            return log_records(value)

        def work() -> Any:
            log = source(req.WhichOneof("log"))
            if log is None:
                raise InvalidArgumentError("log is not set (log_records or log_file)")
            full = source(req.WhichOneof("full_log"))
            try:
                verdict = self.service.verify(log, full)
            except LogFormatError as exc:
                raise _log_file_problem(req, exc) from None
            return to_pb(envelope.verification_message(verdict), None)

        return await asyncio.to_thread(work)

    async def StateAt(self, req: Any, context: Any) -> Any:
        game = self.tokens.game(req.token)
        r = from_pb(envelope.StateAtRequest, req, game, "")

        def work(c: Caller) -> Any:  # may replay the match once: off the event loop
            return to_pb(self.service.state_at(r.token, r.seq, r.full, caller=c), game)

        return await self._call(context, work, threaded=True)

    async def Fork(self, req: Any, context: Any) -> Any:
        r = from_pb(envelope.ForkRequest, req, None, "")

        def work(c: Caller) -> Forked:
            return self.service.fork(r.token, r.seq, caller=c)

        m = await self._call(context, work, ai=self.service.has_ai_seats(r.token), threaded=True)
        for s in m.seats:
            self.tokens.remember(s.token, m.game)
        self.tokens.remember(m.spectator_token, m.game)
        return to_pb(m, m.game)

    async def Echo(self, req: Any, context: Any) -> Any:
        return to_pb(envelope.EchoResponse(req.payload), None)

    # --- streaming --------------------------------------------------------------------------

    async def Watch(self, req: Any, context: Any) -> AsyncGenerator[Any, None]:
        server = self.server
        token = req.token
        after = req.after_seq if req.HasField("after_seq") else None
        game = self.tokens.game(token)
        connection = str(context.peer())
        peer = server.peer_key(context)
        server._admit_watch(connection, peer)
        watch = _StreamWatch(server.max_backlog)
        fanout = server._fanout(asyncio.get_running_loop())
        pending = watch.pending
        server._watches += 1
        server._watches_by_peer[peer] += 1
        server._watches_by_connection[connection] += 1
        sub = None
        try:
            # the catch-up comes to the callback inside watch(), the live updates through
            # the channel on the loop, after it
            watch_call = functools.partial(
                self.service.watch,
                token,
                watch.catch_up,
                after,
                channel=fanout,
                tag=watch,
                caller=Caller(peer, may_wait=False),  # a watch never waits on AI play
            )
            if after is None:
                sub = watch_call()
            else:  # the catch-up replays: keep them off the event loop
                sub = await asyncio.to_thread(watch_call)
            live = sub.active
            started = WatchStarted(sub.match_id, sub.seat, sub.seq, sub.active)
            yield to_pb(envelope.WatchResponse(started=started), game)
            limit = server.max_backlog
            while True:
                if watch.overflow:
                    raise ProtocolError(
                        "OVERLOADED",
                        f"the watcher fell more than {limit} updates behind; "
                        "watch again with after_seq",
                    )
                if not pending:
                    if not sub.active and not fanout.holds(sub):
                        if live:  # ended without its final update: dropped by the service
                            raise StoreError(
                                "the server ended this watch; watch again with after_seq"
                            )
                        return  # a finished game: the catch-up was all
                    watch.wake.clear()
                    # asyncio.timeout, not wait_for: no task per wait; the timeout only
                    # notices a watch the service ended (it has no update to send)
                    with contextlib.suppress(TimeoutError):
                        async with asyncio.timeout(server.watch_poll):
                            await watch.wake.wait()
                    continue
                update = pending.popleft()
                yield server._update_message(game, update)
                if update.over:
                    return
        finally:
            server._watches -= 1
            for counter, key in (
                (server._watches_by_peer, peer),
                (server._watches_by_connection, connection),
            ):
                counter[key] -= 1
                if counter[key] <= 0:
                    del counter[key]
            if sub is not None:
                sub.close()


class _StreamWatch:
    """What one Watch stream has been handed and not yet sent (on the event loop, but
    for the catch-up, pushed inside ``MatchService.watch`` before any live update)."""

    __slots__ = ("limit", "overflow", "pending", "wake")

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.pending: collections.deque[Update] = collections.deque()
        self.wake = asyncio.Event()
        self.overflow = False

    def catch_up(self, update: Update) -> None:
        """An update of the catch-up (in whatever thread runs the watch call, before the
        stream waits: no wake-up)."""
        if len(self.pending) >= self.limit:
            self.overflow = True
        elif not self.overflow:
            self.pending.append(update)

    def push(self, update: Update) -> None:  # on the loop
        if self.overflow:
            return
        if len(self.pending) >= self.limit:
            self.overflow = True
        else:
            self.pending.append(update)
        self.wake.set()


class _Fanout(LoopFanout):
    """The server's :class:`~islandgames.service.WatchChannel` on one event loop: the
    service hands it one update per action and audience with that audience's streams
    (one call in the acting thread, however many watch); the loop hands them on, at
    most ``wakes_per_turn`` streams woken per turn of the loop, so that each turn runs
    a bounded part of the fan-out (every woken stream then sends its message) and the
    calls that arrived meanwhile are served in between, not after all of it. What is
    due is bounded by the streams' own backlog limit (each update is one entry, its
    watchers shared)."""

    def __init__(self, server: GrpcServer, loop: asyncio.AbstractEventLoop) -> None:
        super().__init__(loop)
        self.server = server

    def holds(self, sub: Subscription) -> bool:
        """Whether an update for ``sub`` is still due (its final one, say, after the
        service ended it). On the loop; rare: a stream asks only once its watch ended."""
        for i, (_update, subs) in enumerate(list(self.due)):  # a copy: others append
            if sub in (subs[self.served :] if i == 0 else subs):
                return True
        return False

    def turn(self) -> None:  # on the loop
        # one stream a turn while calls are being handled: they go first
        budget = 1 if self.server._in_flight else self.server.wakes_per_turn
        while self.due and budget > 0:
            update, subs = self.take(budget)
            for sub in subs:
                watch: _StreamWatch = sub.tag
                watch.push(update)
            budget -= len(subs)


def peer_address(peer: str) -> str:
    """The address part of a gRPC peer string (``ipv4:127.0.0.1:5000`` -> ``ipv4:127.0.0.1``;
    ``ipv6:[::1]:5000`` -> ``ipv6:[::1]``); the peer string itself names the connection."""
    kind, sep, rest = peer.partition(":")
    if not sep or kind not in ("ipv4", "ipv6"):
        return peer
    host, colon, port = rest.rpartition(":")
    return f"{kind}:{host}" if colon and port.isdigit() else peer


def _peer_of(context: Any) -> str:
    return peer_address(str(context.peer()))


async def _abort(context: Any, exc: BaseException, method: str) -> None:
    if not isinstance(exc, IslandGamesError) or isinstance(exc, InternalError):
        _log.error("%s failed", method, exc_info=exc)
    code, message, trailers = status_for(exc)
    await context.abort(code, message, trailing_metadata=trailers)


def _parse(cls: Any, data: bytes, method: str) -> Any:
    try:
        return cls.FromString(data)
    except Exception as exc:  # protobuf raises DecodeError (and others on bad UTF-8)
        raise ProtocolError(
            "MALFORMED_FRAME", f"{method}: the request is not a valid {cls.DESCRIPTOR.full_name}"
        ) from exc


def _unary(name: str, fn: Handler, request_cls: Any, server: GrpcServer) -> Any:
    async def handle(data: bytes, context: Any) -> Any:
        server._in_flight += 1  # a fan-out yields to calls (see _Fanout)
        entered = None
        try:
            entered = server._enter_call(context)
            return await fn(_parse(request_cls, data, name), context)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            await _abort(context, exc, name)
        finally:
            server._in_flight -= 1
            if entered is not None:
                server._leave_call(entered)

    return grpc.unary_unary_rpc_method_handler(
        handle, response_serializer=lambda m: m.SerializeToString()
    )


def _stream(
    name: str,
    fn: Callable[[Any, Any], AsyncGenerator[Any, None]],
    request_cls: Any,
    server: GrpcServer,
) -> Any:
    async def handle(data: bytes, context: Any) -> AsyncIterator[Any]:
        entered = None
        try:
            entered = server._enter_call(context)
            request = _parse(request_cls, data, name)
            # aclosing: a cancelled stream ends the inner generator (and its watch) now
            async with contextlib.aclosing(fn(request, context)) as messages:
                async for message in messages:
                    yield message
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            await _abort(context, exc, name)
        finally:
            if entered is not None:
                server._leave_call(entered)

    return grpc.unary_stream_rpc_method_handler(handle, response_serializer=_serialized)


def _serialized(message: Any) -> bytes:
    """A stream message's bytes: a message serialized, or bytes serialized before (a Watch
    update, encoded once for every watcher of its audience)."""
    if type(message) is bytes:
        return message
    data: bytes = message.SerializeToString()
    return data


class GrpcServer:
    """Serves one :class:`MatchService` over gRPC on 127.0.0.1 (``grpc.aio``).

    ``max_message``: the largest request (bytes); ``max_send``: the largest response;
    ``max_watches``: Watch streams at once, of which ``max_watches_per_peer`` from one
    peer address and ``max_watches_per_connection`` on one connection (one more is
    RESOURCE_EXHAUSTED, code OVERLOADED); ``max_backlog``: updates a watcher may fall
    behind before its stream is ended (RESOURCE_EXHAUSTED; it can watch again with
    ``after_seq``). ``credentials``: TLS server credentials (:mod:`islandgames_grpc.tls`;
    None: plaintext); ``idle_timeout``, ``handshake_timeout``, ``keepalive``,
    ``min_ping_interval``, ``max_connection_age`` and ``max_concurrent_streams``: the
    connection limits (:data:`DEFAULT_IDLE_TIMEOUT`). Must be started and stopped on one
    running event loop.

    >>> async def demo() -> bool:
    ...     server = GrpcServer(MatchService())
    ...     port = await server.start(port=0)
    ...     await server.stop()
    ...     return port > 0
    >>> asyncio.run(demo())
    True
    """

    def __init__(
        self,
        service: MatchService,
        *,
        max_message: int = DEFAULT_MAX_MESSAGE,
        max_send: int = DEFAULT_MAX_SEND,
        max_watches: int = DEFAULT_MAX_WATCHES,
        max_watches_per_peer: int = DEFAULT_MAX_WATCHES_PER_PEER,
        max_watches_per_connection: int = DEFAULT_MAX_WATCHES_PER_CONNECTION,
        max_backlog: int = 10_000,
        watch_poll: float = 5.0,
        wakes_per_turn: int = DEFAULT_WAKES_PER_TURN,
        peer_key: Callable[[Any], str] | None = None,
        credentials: grpc.ServerCredentials | None = None,
        idle_timeout: float | None = DEFAULT_IDLE_TIMEOUT,
        handshake_timeout: float | None = DEFAULT_HANDSHAKE_TIMEOUT,
        keepalive: float | None = DEFAULT_KEEPALIVE,
        min_ping_interval: float = DEFAULT_MIN_PING_INTERVAL,
        max_connection_age: float | None = None,
        max_concurrent_streams: int = DEFAULT_MAX_CONCURRENT_STREAMS,
        max_connections: int = DEFAULT_MAX_CONNECTIONS,
        max_connections_per_peer: int = DEFAULT_MAX_CONNECTIONS_PER_PEER,
    ) -> None:
        if wakes_per_turn < 1:
            raise ValueError("wakes_per_turn must be at least 1")
        self.service = service
        #: TLS server credentials (None: plaintext); see :mod:`islandgames_grpc.tls`
        self.credentials = credentials
        #: connection limits in seconds (None or 0: none), see DEFAULT_IDLE_TIMEOUT
        self.idle_timeout = idle_timeout
        self.handshake_timeout = handshake_timeout
        self.keepalive = keepalive
        self.min_ping_interval = min_ping_interval
        self.max_connection_age = max_connection_age
        self.max_concurrent_streams = max_concurrent_streams
        self.max_message = max_message
        self.max_send = max_send
        self.max_watches = max_watches
        self.max_watches_per_peer = max_watches_per_peer
        self.max_watches_per_connection = max_watches_per_connection
        #: the peer a call comes from (for the per-peer limit), from its servicer context:
        #: by default the address part of ``context.peer()``
        self.peer_key: Callable[[Any], str] = peer_key or _peer_of
        self.max_backlog = max_backlog
        self.watch_poll = watch_poll
        self.host: str | None = None
        self.port: int | None = None
        self._server: Any = None
        self._health: Any = None
        self._watches = 0
        self._watches_by_peer: Counter[str] = Counter()
        self._watches_by_connection: Counter[str] = Counter()
        self._stopping = False
        #: serialized WatchResponse updates by the Update's identity (the service hands
        #: every watcher of one audience the same Update), the Update kept with its bytes
        #: so its id is not reused while the entry lives; the newest few only, touched
        #: on the event loop only (:meth:`_update_message`)
        self._encoded: collections.OrderedDict[int, tuple[Update, bytes]] = (
            collections.OrderedDict()
        )
        #: the watch channel of each event loop serving streams (:class:`_Fanout`)
        self._fanouts: dict[asyncio.AbstractEventLoop, _Fanout] = {}
        #: Watch streams woken per turn of the event loop (see :class:`_Fanout`)
        self.wakes_per_turn = wakes_per_turn
        #: unary calls being handled (on the loop only)
        self._in_flight = 0
        self.max_connections = max_connections
        self.max_connections_per_peer = max_connections_per_peer
        #: calls in progress by connection (its peer string), and the connections with
        #: calls in progress by peer address (on the loop only)
        self._calls_by_connection: Counter[str] = Counter()
        self._busy_connections_by_peer: Counter[str] = Counter()

    def _update_message(self, game: str, update: Update) -> bytes:
        """The serialized ``WatchResponse`` of ``update``: built and serialized once per
        Update object (one per audience and action), the same bytes for every watcher."""
        key = id(update)
        known = self._encoded.get(key)
        if known is not None and known[0] is update:
            self._encoded.move_to_end(key)
            return known[1]
        message = to_pb(envelope.WatchResponse(update=update), game)
        data: bytes = message.SerializeToString()
        self._encoded[key] = (update, data)
        while len(self._encoded) > _ENCODED_UPDATES:
            self._encoded.popitem(last=False)
        return data

    def _fanout(self, loop: asyncio.AbstractEventLoop) -> _Fanout:
        fanout = self._fanouts.get(loop)
        if fanout is None:
            fanout = self._fanouts[loop] = _Fanout(self, loop)
        return fanout

    def _enter_call(self, context: Any) -> tuple[str, str]:
        """Count a call of ``context``'s connection; OVERLOADED if it is a connection
        from an address that already has ``max_connections_per_peer`` with calls in
        progress (gRPC core caps connections in all, not by address, and shows this
        server a connection only through its calls; one that makes none is closed by
        the idle timeout)."""
        connection = str(context.peer())
        peer = self.peer_key(context)
        if not self._calls_by_connection[connection]:
            if self._busy_connections_by_peer[peer] >= self.max_connections_per_peer:
                raise ProtocolError(
                    "OVERLOADED",
                    f"at most {self.max_connections_per_peer} connections with calls in "
                    "progress from one client address; use fewer connections",
                )
            self._busy_connections_by_peer[peer] += 1
        self._calls_by_connection[connection] += 1
        return connection, peer

    def _leave_call(self, entered: tuple[str, str]) -> None:
        connection, peer = entered
        self._calls_by_connection[connection] -= 1
        if self._calls_by_connection[connection] <= 0:
            del self._calls_by_connection[connection]
            self._busy_connections_by_peer[peer] -= 1
            if self._busy_connections_by_peer[peer] <= 0:
                del self._busy_connections_by_peer[peer]

    def _admit_watch(self, connection: str, peer: str) -> None:
        """Raise OVERLOADED if one more Watch on ``connection`` (from ``peer``) would pass a
        limit. The per-peer limit is checked first: one peer filling its share is told
        so, and the global cap stays out of its reach while other peers need it."""
        if self._watches_by_connection[connection] >= self.max_watches_per_connection:
            raise ProtocolError(
                "OVERLOADED", f"at most {self.max_watches_per_connection} watches per connection"
            )
        if self._watches_by_peer[peer] >= self.max_watches_per_peer:
            raise ProtocolError(
                "OVERLOADED", f"at most {self.max_watches_per_peer} watches per client address"
            )
        if self._watches >= self.max_watches:
            raise ProtocolError("OVERLOADED", f"at most {self.max_watches} watches at once")

    def _handlers(self) -> Any:
        servicer = _Servicer(self)
        methods = pb.DESCRIPTOR.services_by_name["MatchService"].methods
        handlers = {}
        for method in methods:
            request_cls = convert.pb_class(method.input_type.name)
            fn = getattr(servicer, method.name)
            if method.server_streaming:
                handlers[method.name] = _stream(method.name, fn, request_cls, self)
            else:
                handlers[method.name] = _unary(method.name, fn, request_cls, self)
        return grpc.method_handlers_generic_handler(SERVICE_NAME, handlers)

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> int:
        """Listen on ``host:port`` (0: any free port); returns the bound port."""
        if self._server is not None:
            raise RuntimeError("already started")
        server = grpc.aio.server(options=self.channel_options())
        server.add_generic_rpc_handlers((self._handlers(),))
        self._health = health.aio.HealthServicer()
        health_pb2_grpc.add_HealthServicer_to_server(self._health, server)
        listed = (SERVICE_NAME, health.SERVICE_NAME, reflection.SERVICE_NAME, REFLECTION_V1)
        reflection.enable_server_reflection(listed, server)
        server.add_generic_rpc_handlers((_reflection_v1_handler(listed),))
        try:
            if self.credentials is None:
                bound = server.add_insecure_port(f"{host}:{port}")
            else:
                bound = server.add_secure_port(f"{host}:{port}", self.credentials)
        except RuntimeError as exc:  # grpcio's "Failed to bind"
            bound = 0
            cause: BaseException | None = exc
        else:
            cause = None
        if not bound:
            await server.stop(None)
            raise OSError(f"gRPC cannot listen on {host}:{port} (in use?)") from cause
        await server.start()
        serving = health_pb2.HealthCheckResponse.SERVING
        await self._health.set("", serving)
        await self._health.set(SERVICE_NAME, serving)
        self._server, self.host, self.port = server, host, int(bound)
        return int(bound)

    def channel_options(self) -> list[tuple[str, int]]:
        """The gRPC core options of the server: message sizes and connection limits."""
        never = 2**31 - 1  # gRPC core's "infinite" for these times

        def ms(seconds: float | None) -> int:
            return min(never, int(seconds * 1000)) if seconds else never

        options = [
            ("grpc.max_receive_message_length", self.max_message),
            ("grpc.max_send_message_length", self.max_send),
            ("grpc.so_reuseport", 0),
            ("grpc.max_concurrent_streams", self.max_concurrent_streams),
            ("grpc.max_connection_idle_ms", ms(self.idle_timeout)),
            ("grpc.server_handshake_timeout_ms", ms(self.handshake_timeout)),
            ("grpc.keepalive_time_ms", ms(self.keepalive)),
            ("grpc.keepalive_timeout_ms", 20_000),
            # pings: clients may keep an idle connection checked, not flood it
            ("grpc.keepalive_permit_without_calls", 1),
            ("grpc.http2.min_ping_interval_without_data_ms", ms(self.min_ping_interval)),
            ("grpc.http2.max_ping_strikes", 2),
            ("grpc.max_connection_age_ms", ms(self.max_connection_age)),
            ("grpc.max_allowed_incoming_connections", self.max_connections),
        ]
        if self.max_connection_age:
            options.append(("grpc.max_connection_age_grace_ms", ms(_AGE_GRACE)))
        return options

    async def stop(self, grace: float | None = 2.0) -> None:
        """Report NOT_SERVING, refuse new calls, give running ones ``grace`` seconds,
        then cancel the rest (Watch streams end)."""
        server, self._server = self._server, None
        if server is None:
            return
        self._stopping = True
        if self._health is not None:
            await self._health.enter_graceful_shutdown()
        await server.stop(grace)

    async def wait(self) -> None:
        """Until the server stops."""
        if self._server is not None:
            await self._server.wait_for_termination()
