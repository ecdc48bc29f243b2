"""Typed Python clients of the gRPC server: :class:`Client` (blocking) and
:class:`AsyncClient` (asyncio).

They have the methods of :class:`~islandgames.service.MatchService` and return its
result classes (:class:`~islandgames.service.Created`, :class:`~islandgames.service.ActResult`,
...), with views and actions in wire form, so code written against the service runs
unchanged over the network: :class:`Client` is a
:class:`~islandgames.service.MatchClient`, as the MessagePack-RPC ``Client`` and the
in-process :class:`~islandgames.service.LocalClient` are. Actions and configs may be
given as wire maps or as the game's attrs objects. Errors are raised as the islandgames
exception the server raised (:class:`~islandgames.service.StaleSeqError` with
``current_seq``...), with ``.code`` and ``.details``; a transport failure is a
:class:`~islandgames.service.ProtocolError` whose code is the gRPC status name
(``UNAVAILABLE``, ``RESOURCE_EXHAUSTED``...).

>>> with Client("127.0.0.1:50051") as c:  # doctest: +SKIP
...     m = c.create("friday", {"level": 2}, seed=7)
...     token = m.seats[0].token
...     legal = c.legal_actions(token)
...     c.act(token, legal.actions[0], legal.seq).seq
1
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import inspect
import queue
import threading
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine, Generator, Iterator
from typing import Any, Concatenate, Generic, ParamSpec, TypeVar, overload

import attrs
import grpc
from google.rpc import error_details_pb2, status_pb2

from islandgames.core import serde
from islandgames.core.log import ReplayLog, Verification, parse_records
from islandgames.core.registry import get_game
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
    envelope,
)
from islandgames.service.client import AiSeatsInput, WatchStarted, WireGameInfo, ai_seats_wire
from islandgames.service.errors import InvalidArgumentError, ProtocolError, error_from_wire

from . import convert
from ._gen import match_service_pb2 as pb
from .envelope import from_pb, pb_class_of
from .server import DEFAULT_MAX_SEND, ERROR_DOMAIN, log_to_pb
from .tls import GrpcClientTls, client_credentials

__all__ = ["AsyncClient", "AsyncWatch", "Client", "Watch", "WatchStarted", "error_from_rpc"]

_P = ParamSpec("_P")
_R = TypeVar("_R")

_SERVICE = "/islandgames.v1.MatchService/"
_INT_DETAILS = ("current_seq", "seq", "max", "asked")

#: (method, request class, response class, streaming)
_METHODS: dict[str, tuple[Any, Any, bool]] = {
    m.name: (
        convert.pb_class(m.input_type.name),
        convert.pb_class(m.output_type.name),
        m.server_streaming,
    )
    for m in pb.DESCRIPTOR.services_by_name["MatchService"].methods
}


def error_from_rpc(err: grpc.RpcError) -> Exception:
    """The islandgames exception a failed call stands for (from its ErrorInfo detail),
    or a :class:`ProtocolError` named after the gRPC status for a transport failure."""
    code = err.code() if hasattr(err, "code") else None
    message = err.details() if hasattr(err, "details") else str(err)
    trailers = err.trailing_metadata() if hasattr(err, "trailing_metadata") else None
    for key, value in trailers or ():
        if key != "grpc-status-details-bin":
            continue
        status = status_pb2.Status.FromString(value)
        for detail in status.details:
            info = error_details_pb2.ErrorInfo()
            if detail.Unpack(info) and info.domain == ERROR_DOMAIN:
                details: dict[str, Any] = dict(info.metadata)
                for k in _INT_DETAILS:
                    if k in details and details[k].lstrip("-").isdigit():
                        details[k] = int(details[k])
                return error_from_wire(
                    {"code": info.reason, "message": status.message, "details": details}
                )
    name = code.name if code is not None else "UNKNOWN"
    exc = ProtocolError(name, message or name)
    exc.details = {}  # type: ignore[attr-defined]
    return exc


@contextlib.contextmanager
def _errors() -> Iterator[None]:
    try:
        yield
    except grpc.RpcError as err:
        raise error_from_rpc(err) from None


# --- requests and results (shared by both clients) ------------------------------------------


def _seed(seed: Any) -> str | None:
    if seed is None:
        return None
    if type(seed) is int:
        if seed < 0:
            raise ValueError("seed must not be negative")
        return f"0x{seed:x}"  # the one rule for seeds as text: decimal, or hex with 0x
    if type(seed) is str:
        return seed
    raise TypeError(
        f"seed must be an int, a string (decimal, or hex with 0x) or None, "
        f"got {type(seed).__name__}"
    )


def _seq(seq: Any) -> int:
    """A seq for a request: an int (a bool or another type is refused here, as the
    server refuses it over MessagePack-RPC; a negative one is sent and refused there)."""
    if type(seq) is not int:
        raise InvalidArgumentError(f"seq must be an int, got {type(seq).__name__}")
    return seq


def _flag(full: Any) -> bool:
    if type(full) is not bool:
        raise InvalidArgumentError(f"full must be a bool, got {type(full).__name__}")
    return full


def _wire(value: Any) -> Any:
    """A wire value from an attrs object (configs, actions) or wire data."""
    if value is None or isinstance(value, dict):
        return value
    return serde.to_wire(value)


def _config_wire(config: Any) -> Any:
    if config is None or isinstance(config, dict):
        return config
    wire = serde.to_wire(config)
    if isinstance(wire, dict):
        wire.pop("type", None)
    return wire


def _config_kw(game: str, config: Any) -> dict[str, Any]:
    """A ``GameConfig`` for a config object or a (partial) wire map. For a game with
    typed messages the map is checked here first (missing fields take their defaults;
    ``DecodeError``/``InvalidConfigError`` as the server would raise them)."""
    if not convert.has_codecs(game):
        return convert.game_value_kw(game, "config", _config_wire(config))
    g = get_game(game)
    obj = g.decode_config(config) if isinstance(config, dict) else config
    return convert.game_value_kw(game, "config", _config_wire(obj))


def _action_kw(game: str, action: Any) -> dict[str, Any]:
    """A ``GameAction`` for an action object or wire map (a map is checked here first:
    ``DecodeError`` as the server would raise it)."""
    if not convert.has_codecs(game):
        return convert.game_value_kw(game, "action", _wire(action))
    g = get_game(game)
    obj = g.decode_action(action) if isinstance(action, dict) else action
    return convert.game_value_kw(game, "action", g.encode_action(obj))


def _ai_seats_kw(ai_seats: AiSeatsInput) -> list[dict[str, Any]]:
    """``ai_seats`` as ``AiSeat`` messages' fields; what protobuf cannot carry (a seat
    that is not an int, a bot that is not a string) is refused here, as the server
    would refuse it."""
    out = []
    for i, item in enumerate(ai_seats_wire(ai_seats) or ()):
        if type(item) is not dict or len(item) != 2 or "seat" not in item or "bot" not in item:
            raise InvalidArgumentError(
                f"ai_seats[{i}] must be a map with exactly the keys seat, bot, got {item!r}"
            )
        seat, bot = item["seat"], item["bot"]
        if type(seat) is not int:  # a bool is refused too
            raise InvalidArgumentError(
                f"ai_seats: a seat must be an int, got {type(seat).__name__} {seat!r}"
            )
        if not -(2**63) <= seat < 2**63:
            raise InvalidArgumentError(f"ai_seats: seat {seat} is not a seat of the match")
        if type(bot) is not str:
            raise InvalidArgumentError(
                f"ai_seats: seat {seat}: the bot must be a string, got {type(bot).__name__}"
            )
        out.append({"seat": seat, "bot": bot})
    return out


def _log_source(log: Any) -> Any:
    if isinstance(log, bytes | bytearray):
        return bytes(log)
    if isinstance(log, ReplayLog):
        return log_to_pb(log)
    if isinstance(log, list):
        return log_to_pb(parse_records(log))
    return log  # an islandgames.v1.Log


def _verify_request(log: Any, full: Any) -> Any:
    kw: dict[str, Any] = {}
    src = _log_source(log)
    kw["log_file" if isinstance(src, bytes) else "log_records"] = src
    if full is not None:
        f = _log_source(full)
        kw["full_file" if isinstance(f, bytes) else "full_records"] = f
    return pb.VerifyLogRequest(**kw)


def _started(msg: Any) -> WatchStarted:
    case = msg.WhichOneof("event")
    if case != "started":
        raise ProtocolError("INVALID_REQUEST", f"a watch began with {case!r}, not 'started'")
    return from_pb(WatchStarted, msg.started, None, "started")


def _update(msg: Any) -> Update:
    return from_pb(Update, msg, None, "update")


def _options(max_message: int) -> list[tuple[str, int]]:
    return [
        ("grpc.max_receive_message_length", max_message),
        ("grpc.max_send_message_length", max_message),
    ]


_END = object()


class Watch:
    """A running Watch (blocking client): :attr:`started`, then :meth:`next` or
    iteration gives the updates; :meth:`close` cancels it. A reader thread takes the
    messages off the stream so :meth:`next` can wait with a timeout."""

    def __init__(self, call: Any, timeout: float) -> None:
        self._call = call
        self._closing = False
        self._queue: queue.Queue[Any] = queue.Queue()
        self._thread = threading.Thread(target=self._read, name="islandgames-watch", daemon=True)
        self._thread.start()
        try:
            first = self._queue.get(timeout=timeout)
        except queue.Empty:
            self.close()
            raise TimeoutError(f"the watch did not start within {timeout} s") from None
        if isinstance(first, Exception):
            self._queue.put(_END)
            raise first
        if first is _END:
            raise ProtocolError("INVALID_REQUEST", "the watch ended before it started")
        self.started = _started(first)

    def _read(self) -> None:
        try:
            for msg in self._call:
                self._queue.put(msg)
        except grpc.RpcError as err:
            if not self._closing:  # a stream ended by the server (or the network)
                self._queue.put(error_from_rpc(err))
        self._queue.put(_END)

    def next(self, timeout: float | None = 30.0) -> Update | None:
        """The next update; None once the stream has ended. Raises :class:`TimeoutError`
        if none comes within ``timeout`` seconds, or the error that ended the stream."""
        try:
            item = self._queue.get(timeout=timeout)
        except queue.Empty:
            raise TimeoutError(f"no watch update within {timeout} s") from None
        if item is _END:
            self._queue.put(_END)
            return None
        if isinstance(item, Exception):
            self._queue.put(_END)
            raise item
        return _update(item.update)

    def __iter__(self) -> Iterator[Update]:
        while True:
            update = self.next(None)
            if update is None:
                return
            yield update

    def close(self) -> None:
        self._closing = True
        self._call.cancel()
        self._thread.join(10)

    def __enter__(self) -> Watch:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class _Tokens:
    def __init__(self) -> None:
        self.games: dict[str, str] = {}

    def remember(self, m: Created | Forked) -> None:
        for s in m.seats:
            self.games[s.token] = m.game
        self.games[m.spectator_token] = m.game


# --- the operations, written once for both clients ------------------------------------------
#
# Each operation is a generator: it yields the calls it makes (an RPC and its request
# message), is sent each response, and returns the result. Client runs it with blocking
# calls, AsyncClient with awaited ones, so the two clients cannot drift apart.

_Steps = Generator[tuple[str, Any], Any, _R]


def _result(rpc: str, response: Any) -> Any:
    """The result an RPC's response message stands for (its envelope class)."""
    op = envelope.operation(rpc)
    assert op.response is not None  # every gRPC operation has one
    return from_pb(op.response, response, None)


def _token_request(rpc: str, token: str) -> Any:
    op = envelope.operation(rpc)
    assert op.request is not None
    return pb_class_of(op.request)(token=token)


class _Operations:
    _tokens: _Tokens

    def _game(self, token: str) -> _Steps[str]:
        """The game of a token's match (asked once, then remembered)."""
        game = self._tokens.games.get(token)
        if game is None:
            status = yield from self._status(token)
            game = self._tokens.games[token] = status.game
        return game

    def _games(self) -> _Steps[list[WireGameInfo]]:
        """Every game the server can create (its newest rules), in registry order."""
        r = _result("ListGames", (yield "ListGames", pb.ListGamesRequest()))
        out: list[WireGameInfo] = []
        for info in r.games:
            wire = {f.name: getattr(info, f.name) for f in attrs.fields(type(info))}
            wire["roles"], wire["rules_versions"] = list(info.roles), list(info.rules_versions)
            out.append(wire)
        return out

    def _create(
        self,
        game: str,
        config: Any = None,
        seed: Any = None,
        rules_version: str | None = None,
        ai_seats: AiSeatsInput = None,
    ) -> _Steps[Created]:
        """Start a match; its tokens are returned this once."""
        kw: dict[str, Any] = {"game": game, "seed": _seed(seed), "rules_version": rules_version}
        if config is not None:
            kw["config"] = _config_kw(game, config)
        kw["ai_seats"] = _ai_seats_kw(ai_seats)
        m: Created = _result("CreateMatch", (yield "CreateMatch", pb.CreateMatchRequest(**kw)))
        self._tokens.remember(m)
        return m

    def _act(self, token: str, action: Any, expected_seq: int | None = None) -> _Steps[ActResult]:
        """Apply an action (an attrs object or a wire map) for the token's seat."""
        game = yield from self._game(token)
        req = pb.ActRequest(token=token, action=_action_kw(game, action), expected_seq=expected_seq)
        result: ActResult = _result("Act", (yield "Act", req))
        return result

    def _view(self, token: str) -> _Steps[ViewResult]:
        """The token's view of the current state."""
        result: ViewResult = _result("GetView", (yield "GetView", _token_request("GetView", token)))
        return result

    def _legal_actions(self, token: str) -> _Steps[LegalActions]:
        """The token's seat's legal actions now, in the game's fixed order."""
        rpc = "ListLegalActions"
        result: LegalActions = _result(rpc, (yield rpc, _token_request(rpc, token)))
        return result

    def _status(self, token: str) -> _Steps[Status]:
        """Public facts about the token's match, and who the token is."""
        rpc = "GetStatus"
        result: Status = _result(rpc, (yield rpc, _token_request(rpc, token)))
        return result

    def _log(self, token: str) -> _Steps[ReplayLog]:
        """The match's log (redacted for the token's seat while the game runs)."""
        r = _result("GetLog", (yield "GetLog", _token_request("GetLog", token)))
        return parse_records(envelope.log_records(r.log))

    def _verify(self, log: Any, full: Any = None) -> _Steps[Verification]:
        """Verify a log: a :class:`ReplayLog`, its records, log file bytes or an
        ``islandgames.v1.Log``; with ``full``, as a redacted log against it."""
        r = _result("VerifyLog", (yield "VerifyLog", _verify_request(log, full)))
        return envelope.verification(r)

    def _state_at(self, token: str, seq: int, full: bool = False) -> _Steps[StateAtResult]:
        """The token's view after entry ``seq`` (with ``full``, once the game is over:
        the whole state)."""
        req = pb.StateAtRequest(token=token, seq=_seq(seq), full=_flag(full))
        result: StateAtResult = _result("StateAt", (yield "StateAt", req))
        return result

    def _fork(self, token: str, seq: int) -> _Steps[Forked]:
        """A new match from the token's finished match after entry ``seq``."""
        m: Forked = _result("Fork", (yield "Fork", pb.ForkRequest(token=token, seq=_seq(seq))))
        self._tokens.remember(m)
        return m

    def _layout(self, game: str, rules_version: str | None = None) -> _Steps[LayoutResult]:
        """The game's layout (what a client needs to draw it; no token)."""
        req = pb.GetLayoutRequest(game=game, rules_version=rules_version)
        result: LayoutResult = _result("GetLayout", (yield "GetLayout", req))
        return result

    def _match_layout(self, token: str) -> _Steps[LayoutResult]:
        """The layout of the token's match (with what is fixed for this match)."""
        rpc = "GetMatchLayout"
        result: LayoutResult = _result(rpc, (yield rpc, _token_request(rpc, token)))
        return result

    def _echo(self, payload: bytes = b"") -> _Steps[bytes]:
        """Its payload back (measures the transport)."""
        r = yield "Echo", pb.EchoRequest(payload=payload)
        data: bytes = r.payload
        return data


def _run(steps: _Steps[_R], call: Callable[[str, Any], Any]) -> _R:
    """Runs an operation with a blocking ``call(rpc, request) -> response``."""
    try:
        rpc, request = next(steps)
        while True:
            rpc, request = steps.send(call(rpc, request))
    except StopIteration as done:
        result: _R = done.value
        return result


async def _arun(steps: _Steps[_R], call: Callable[[str, Any], Awaitable[Any]]) -> _R:
    """Runs an operation with an awaited ``call(rpc, request) -> response``."""
    try:
        rpc, request = next(steps)
        while True:
            rpc, request = steps.send(await call(rpc, request))
    except StopIteration as done:
        result: _R = done.value
        return result


class _operation(Generic[_P, _R]):
    """A public method of both clients made from one operation: on a :class:`Client`
    it blocks, on an :class:`AsyncClient` it is a coroutine; typed per client, with the
    operation's signature and doc."""

    def __init__(self, steps: Callable[Concatenate[Any, _P], _Steps[_R]]) -> None:
        self._steps = steps
        self.__doc__ = steps.__doc__
        self._name = steps.__name__.lstrip("_")
        # what help() and inspect show: the operation's parameters without self, and
        # the result it returns rather than the generator
        sig = inspect.signature(steps)
        result = sig.return_annotation
        if isinstance(result, str) and result.startswith("_Steps["):
            result = result[len("_Steps[") : -1]
        self._signature = sig.replace(
            parameters=list(sig.parameters.values())[1:], return_annotation=result
        )

    def __set_name__(self, owner: type, name: str) -> None:
        self._name = name

    @overload
    def __get__(self, obj: None, owner: type) -> _operation[_P, _R]: ...
    @overload
    def __get__(self, obj: Client, owner: type) -> Callable[_P, _R]: ...
    @overload
    def __get__(self, obj: AsyncClient, owner: type) -> Callable[_P, Coroutine[Any, Any, _R]]: ...
    def __get__(self, obj: Any, owner: type) -> Any:
        if obj is None:
            return self
        steps = self._steps
        method: Any
        if isinstance(obj, AsyncClient):

            async def method(*args: Any, **kwargs: Any) -> Any:
                return await _arun(steps(obj, *args, **kwargs), obj._call)

        else:

            def method(*args: Any, **kwargs: Any) -> Any:
                return _run(steps(obj, *args, **kwargs), obj._call)

        functools.update_wrapper(method, steps)
        del method.__wrapped__  # inspect reads __signature__ instead
        method.__name__ = self._name
        method.__qualname__ = f"{type(obj).__name__}.{self._name}"
        method.__signature__ = self._signature
        obj.__dict__[self._name] = method  # made once per client; later lookups find it
        return method


class _ClientBase(_Operations):
    """The operations both clients have, each from its one definition above."""

    games = _operation(_Operations._games)
    create = _operation(_Operations._create)
    act = _operation(_Operations._act)
    view = _operation(_Operations._view)
    legal_actions = _operation(_Operations._legal_actions)
    status = _operation(_Operations._status)
    log = _operation(_Operations._log)
    verify = _operation(_Operations._verify)
    state_at = _operation(_Operations._state_at)
    fork = _operation(_Operations._fork)
    layout = _operation(_Operations._layout)
    match_layout = _operation(_Operations._match_layout)
    echo = _operation(_Operations._echo)


def _stubs(channel: Any) -> dict[str, Any]:
    """One callable per RPC of the service on ``channel`` (blocking or asyncio)."""
    calls: dict[str, Any] = {}
    for name, (req, resp, streaming) in _METHODS.items():
        kind = channel.unary_stream if streaming else channel.unary_unary
        calls[name] = kind(
            _SERVICE + name,
            request_serializer=req.SerializeToString,
            response_deserializer=resp.FromString,
        )
    return calls


class Client(_ClientBase):
    """A blocking client of one server (``target``: ``"127.0.0.1:50051"``).
    ``timeout``: the deadline of every call, in seconds."""

    def __init__(
        self,
        target: str = "127.0.0.1:50051",
        *,
        timeout: float = 30.0,
        max_message: int = DEFAULT_MAX_SEND,
        tls: GrpcClientTls = None,
    ) -> None:
        self.target = target
        self.timeout = timeout
        # tls: True (system CAs), a CA file or grpc.ChannelCredentials (islandgames_grpc.tls)
        credentials = client_credentials(tls)
        self.channel = (
            grpc.insecure_channel(target, options=_options(max_message))
            if credentials is None
            else grpc.secure_channel(target, credentials, options=_options(max_message))
        )
        self._tokens = _Tokens()
        self._calls = _stubs(self.channel)

    def _call(self, name: str, request: Any) -> Any:
        with _errors():
            return self._calls[name](request, timeout=self.timeout)

    def watch(
        self, token: str, after_seq: int | None = None, *, timeout: float | None = None
    ) -> Watch:
        """Start a watch; ``timeout``: the deadline of the whole stream (None: none)."""
        call = self._calls["Watch"](
            pb.WatchRequest(token=token, after_seq=after_seq), timeout=timeout
        )
        return Watch(call, self.timeout)

    def close(self) -> None:
        self.channel.close()

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class AsyncWatch:
    """A running Watch (asyncio client): :attr:`started`, then :meth:`next` or ``async
    for`` gives the updates; :meth:`close` cancels it."""

    def __init__(self, call: Any, started: WatchStarted) -> None:
        self._call = call
        self.started = started
        self._done = False

    async def next(self, timeout: float | None = 30.0) -> Update | None:
        """The next update; None once the stream has ended."""
        if self._done:
            return None
        try:
            msg = await asyncio.wait_for(self._call.read(), timeout)
        except grpc.RpcError as err:
            self._done = True
            raise error_from_rpc(err) from None
        if msg is grpc.aio.EOF:
            self._done = True
            return None
        return _update(msg.update)

    def __aiter__(self) -> AsyncIterator[Update]:
        return self._iterate()

    async def _iterate(self) -> AsyncIterator[Update]:
        while True:
            update = await self.next(None)
            if update is None:
                return
            yield update

    def close(self) -> None:
        self._done = True
        self._call.cancel()


class AsyncClient(_ClientBase):
    """An asyncio client of one server; use ``async with`` or :meth:`close`. Its
    methods are :class:`Client`'s, as coroutines."""

    def __init__(
        self,
        target: str = "127.0.0.1:50051",
        *,
        timeout: float = 30.0,
        max_message: int = DEFAULT_MAX_SEND,
        tls: GrpcClientTls = None,
    ) -> None:
        self.target = target
        self.timeout = timeout
        credentials = client_credentials(tls)  # tls: as for Client
        self.channel = (
            grpc.aio.insecure_channel(target, options=_options(max_message))
            if credentials is None
            else grpc.aio.secure_channel(target, credentials, options=_options(max_message))
        )
        self._tokens = _Tokens()
        self._calls = _stubs(self.channel)

    async def _call(self, name: str, request: Any) -> Any:
        try:
            return await self._calls[name](request, timeout=self.timeout)
        except grpc.RpcError as err:
            raise error_from_rpc(err) from None

    async def watch(self, token: str, after_seq: int | None = None) -> AsyncWatch:
        """Start a watch; it has begun (its ``started`` message read) when this returns."""
        call = self._calls["Watch"](pb.WatchRequest(token=token, after_seq=after_seq))
        try:
            first = await asyncio.wait_for(call.read(), self.timeout)
        except grpc.RpcError as err:
            raise error_from_rpc(err) from None
        if first is grpc.aio.EOF:
            raise ProtocolError("INVALID_REQUEST", "the watch ended before it started")
        return AsyncWatch(call, _started(first))

    async def close(self) -> None:
        await self.channel.close()

    async def __aenter__(self) -> AsyncClient:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()
