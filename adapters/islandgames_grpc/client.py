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
import queue
import threading
from collections.abc import AsyncIterator, Iterator
from typing import Any

import grpc
from google.rpc import error_details_pb2, status_pb2

from islandgames.core import serde
from islandgames.core.errors import DecodeError
from islandgames.core.log import LogParent, ReplayLog, Verdict, Verification, parse_records
from islandgames.core.registry import get_game
from islandgames.service import (
    ActResult,
    Created,
    Forked,
    LayoutResult,
    LegalActions,
    SeatInfo,
    SeatToken,
    StateAtResult,
    Status,
    Update,
    ViewResult,
)
from islandgames.service.client import AiSeatsInput, WatchStarted, WireGameInfo, ai_seats_wire
from islandgames.service.errors import InvalidArgumentError, ProtocolError, error_from_wire

from . import convert
from ._gen import match_service_pb2 as pb
from .server import DEFAULT_MAX_SEND, ERROR_DOMAIN, log_records, log_to_pb
from .tls import GrpcClientTls, client_credentials

__all__ = ["AsyncClient", "AsyncWatch", "Client", "Watch", "WatchStarted", "error_from_rpc"]

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


def _outcome(msg: Any) -> dict[str, Any] | None:
    if not msg.HasField("outcome"):
        return None
    wire: dict[str, Any] = convert.outcome_codec().to_wire(msg.outcome)
    return wire


def _opt(msg: Any, name: str) -> Any:
    return getattr(msg, name) if msg.HasField(name) else None


def _view(msg: Any, what: str) -> Any:
    return convert.game_value_wire(msg.view, "view", None, what)


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


def _created(r: Any) -> Created:
    return Created(
        match_id=r.match_id,
        game=r.game,
        seats=tuple(SeatToken(s.seat, s.role, s.token, _opt(s, "bot")) for s in r.seats),
        spectator_token=r.spectator_token,
        seed_commitment=r.seed_commitment,
        seq=r.seq,
        to_act=tuple(r.to_act),
    )


def _forked(r: Any) -> Forked:
    p = r.parent
    return Forked(
        match_id=r.match_id,
        game=r.game,
        seats=tuple(SeatToken(s.seat, s.role, s.token, _opt(s, "bot")) for s in r.seats),
        spectator_token=r.spectator_token,
        seed_commitment=r.seed_commitment,
        seq=r.seq,
        to_act=tuple(r.to_act),
        over=r.over,
        parent=LogParent(p.match, p.seq, p.chain_hash),
    )


def _state_at(r: Any) -> StateAtResult:
    view = _view(r, "state_at view") if r.HasField("view") else None
    state = None
    if r.HasField("state"):
        state = convert.game_value_wire(r.state, "state", None, "state_at state")
    return StateAtResult(
        match_id=r.match_id,
        seat=_opt(r, "seat"),
        seq=r.seq,
        current_seq=r.current_seq,
        to_act=tuple(r.to_act),
        over=r.over,
        outcome=_outcome(r),
        full=r.full,
        view=view,
        state=state,
        state_hash=r.state_hash,
        chain_hash=r.chain_hash,
    )


def _act_result(r: Any) -> ActResult:
    return ActResult(
        match_id=r.match_id,
        seq=r.seq,
        seat=r.seat,
        to_act=tuple(r.to_act),
        over=r.over,
        outcome=_outcome(r),
        view=_view(r, "act view"),
        state_hash=r.state_hash,
        chain_hash=r.chain_hash,
    )


def _view_result(r: Any) -> ViewResult:
    return ViewResult(
        match_id=r.match_id,
        seat=_opt(r, "seat"),
        seq=r.seq,
        to_act=tuple(r.to_act),
        over=r.over,
        outcome=_outcome(r),
        view=_view(r, "view"),
    )


def _legal(r: Any) -> LegalActions:
    return LegalActions(
        match_id=r.match_id,
        seat=_opt(r, "seat"),
        seq=r.seq,
        actions=tuple(convert.game_value_wire(a, "action", None, "action") for a in r.actions),
    )


def _status(r: Any) -> Status:
    return Status(
        match_id=r.match_id,
        game=r.game,
        rules_version=r.rules_version,
        seat=_opt(r, "seat"),
        role=_opt(r, "role"),
        seats=tuple(SeatInfo(s.seat, s.role, _opt(s, "bot")) for s in r.seats),
        seq=r.seq,
        to_act=tuple(r.to_act),
        over=r.over,
        outcome=_outcome(r),
        seed_commitment=r.seed_commitment,
        chain_hash=r.chain_hash,
        may_act=tuple(r.may_act),
    )


def _layout(r: Any) -> LayoutResult:
    layout = None
    if r.HasField("layout"):
        layout = convert.game_value_wire(r.layout, "layout", r.game, "layout")
    return LayoutResult(
        game=r.game,
        rules_version=r.rules_version,
        match_id=_opt(r, "match_id"),
        layout=layout,
    )


def _update(u: Any) -> Update:
    action = None
    if u.HasField("action"):
        action = convert.game_value_wire(u.action, "action", None, "update action")
    return Update(
        match_id=u.match_id,
        seq=u.seq,
        seat=u.seat,
        action=action,
        view=_view(u, "update view"),
        to_act=tuple(u.to_act),
        over=u.over,
        outcome=_outcome(u),
        may_act=tuple(u.may_act),
    )


def _games(r: Any) -> list[WireGameInfo]:
    out = []
    for g in r.games:
        out.append(
            {
                "id": g.id,
                "title": g.title,
                "rules_version": g.rules_version,
                "min_seats": g.min_seats,
                "max_seats": g.max_seats,
                "roles": list(g.roles),
                "chance": g.chance,
                "hidden_information": g.hidden_information,
                "simultaneous": g.simultaneous,
                "default_config": convert.game_value_wire(
                    g.default_config, "config", None, "default_config"
                ),
                "summary": g.summary,
                "rules_versions": list(g.rules_versions),
            }
        )
    return out


def _replay_log(r: Any) -> ReplayLog:
    return parse_records(log_records(r.log))


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


_VERIFY_STATUS: dict[int, Verdict] = {
    pb.VERIFY_STATUS_VERIFIED: "verified",
    pb.VERIFY_STATUS_UNFINISHED: "unfinished",
    pb.VERIFY_STATUS_DIVERGED: "diverged",
}


def _verification(r: Any) -> Verification:
    from islandgames.core.game import Outcome
    from islandgames.core.log import Divergence

    status = _VERIFY_STATUS.get(r.status)
    if status is None:
        raise DecodeError(f"the server sent an unknown verification status {r.status}")
    divergence = None
    if r.HasField("divergence"):
        d = r.divergence
        divergence = Divergence(d.seq, d.what, d.expected, d.found)
    outcome: Outcome | None = None
    wire = _outcome(r)
    if wire is not None:
        outcome = serde.from_wire(wire, Outcome)
    viewer: Any = "all"
    if r.viewer == pb.LOG_VIEWER_SPECTATOR:
        viewer = None
    elif r.viewer == pb.LOG_VIEWER_SEAT:
        viewer = r.viewer_seat
    return Verification(status, r.entries, viewer, divergence, outcome)


def _started(msg: Any) -> WatchStarted:
    case = msg.WhichOneof("event")
    if case != "started":
        raise ProtocolError("INVALID_REQUEST", f"a watch began with {case!r}, not 'started'")
    s = msg.started
    return WatchStarted(s.match_id, _opt(s, "seat"), s.seq, s.active)


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


class Client:
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
        self._calls: dict[str, Any] = {}
        for name, (req, resp, streaming) in _METHODS.items():
            kind = self.channel.unary_stream if streaming else self.channel.unary_unary
            self._calls[name] = kind(
                _SERVICE + name,
                request_serializer=req.SerializeToString,
                response_deserializer=resp.FromString,
            )

    def _call(self, name: str, request: Any) -> Any:
        with _errors():
            return self._calls[name](request, timeout=self.timeout)

    def _game(self, token: str) -> str:
        game = self._tokens.games.get(token)
        if game is None:
            game = self._tokens.games[token] = self.status(token).game
        return game

    # --- the service's operations -------------------------------------------------------

    def games(self) -> list[WireGameInfo]:
        return _games(self._call("ListGames", pb.ListGamesRequest()))

    def create(
        self,
        game: str,
        config: Any = None,
        seed: Any = None,
        rules_version: str | None = None,
        ai_seats: AiSeatsInput = None,
    ) -> Created:
        kw: dict[str, Any] = {"game": game, "seed": _seed(seed), "rules_version": rules_version}
        if config is not None:
            kw["config"] = _config_kw(game, config)
        kw["ai_seats"] = _ai_seats_kw(ai_seats)
        m = _created(self._call("CreateMatch", pb.CreateMatchRequest(**kw)))
        self._tokens.remember(m)
        return m

    def act(self, token: str, action: Any, expected_seq: int | None = None) -> ActResult:
        req = pb.ActRequest(
            token=token, action=_action_kw(self._game(token), action), expected_seq=expected_seq
        )
        return _act_result(self._call("Act", req))

    def view(self, token: str) -> ViewResult:
        return _view_result(self._call("GetView", pb.GetViewRequest(token=token)))

    def legal_actions(self, token: str) -> LegalActions:
        return _legal(self._call("ListLegalActions", pb.ListLegalActionsRequest(token=token)))

    def status(self, token: str) -> Status:
        return _status(self._call("GetStatus", pb.GetStatusRequest(token=token)))

    def watch(
        self, token: str, after_seq: int | None = None, *, timeout: float | None = None
    ) -> Watch:
        """Start a watch; ``timeout``: the deadline of the whole stream (None: none)."""
        call = self._calls["Watch"](
            pb.WatchRequest(token=token, after_seq=after_seq), timeout=timeout
        )
        return Watch(call, self.timeout)

    def log(self, token: str) -> ReplayLog:
        return _replay_log(self._call("GetLog", pb.GetLogRequest(token=token)))

    def verify(self, log: Any, full: Any = None) -> Verification:
        """Verify a log: a :class:`ReplayLog`, its records, log file bytes or an
        ``islandgames.v1.Log``; with ``full``, as a redacted log against it."""
        return _verification(self._call("VerifyLog", _verify_request(log, full)))

    def state_at(self, token: str, seq: int, full: bool = False) -> StateAtResult:
        """The token's view after entry ``seq`` (with ``full``, once the game is over:
        the whole state)."""
        req = pb.StateAtRequest(token=token, seq=_seq(seq), full=_flag(full))
        return _state_at(self._call("StateAt", req))

    def fork(self, token: str, seq: int) -> Forked:
        """A new match from the token's finished match after entry ``seq``."""
        m = _forked(self._call("Fork", pb.ForkRequest(token=token, seq=_seq(seq))))
        self._tokens.remember(m)
        return m

    def layout(self, game: str, rules_version: str | None = None) -> LayoutResult:
        """The game's layout (what a client needs to draw it; no token)."""
        req = pb.GetLayoutRequest(game=game, rules_version=rules_version)
        return _layout(self._call("GetLayout", req))

    def match_layout(self, token: str) -> LayoutResult:
        """The layout of the token's match (with what is fixed for this match)."""
        return _layout(self._call("GetMatchLayout", pb.GetMatchLayoutRequest(token=token)))

    def echo(self, payload: bytes = b"") -> bytes:
        r = self._call("Echo", pb.EchoRequest(payload=payload))
        data: bytes = r.payload
        return data

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


class AsyncClient:
    """An asyncio client of one server; use ``async with`` or :meth:`close`."""

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
        self._calls: dict[str, Any] = {}
        for name, (req, resp, streaming) in _METHODS.items():
            kind = self.channel.unary_stream if streaming else self.channel.unary_unary
            self._calls[name] = kind(
                _SERVICE + name,
                request_serializer=req.SerializeToString,
                response_deserializer=resp.FromString,
            )

    async def _call(self, name: str, request: Any) -> Any:
        try:
            return await self._calls[name](request, timeout=self.timeout)
        except grpc.RpcError as err:
            raise error_from_rpc(err) from None

    async def _game(self, token: str) -> str:
        game = self._tokens.games.get(token)
        if game is None:
            game = self._tokens.games[token] = (await self.status(token)).game
        return game

    async def games(self) -> list[WireGameInfo]:
        return _games(await self._call("ListGames", pb.ListGamesRequest()))

    async def create(
        self,
        game: str,
        config: Any = None,
        seed: Any = None,
        rules_version: str | None = None,
        ai_seats: AiSeatsInput = None,
    ) -> Created:
        kw: dict[str, Any] = {"game": game, "seed": _seed(seed), "rules_version": rules_version}
        if config is not None:
            kw["config"] = _config_kw(game, config)
        kw["ai_seats"] = _ai_seats_kw(ai_seats)
        m = _created(await self._call("CreateMatch", pb.CreateMatchRequest(**kw)))
        self._tokens.remember(m)
        return m

    async def act(self, token: str, action: Any, expected_seq: int | None = None) -> ActResult:
        game = await self._game(token)
        req = pb.ActRequest(token=token, action=_action_kw(game, action), expected_seq=expected_seq)
        return _act_result(await self._call("Act", req))

    async def view(self, token: str) -> ViewResult:
        return _view_result(await self._call("GetView", pb.GetViewRequest(token=token)))

    async def legal_actions(self, token: str) -> LegalActions:
        req = pb.ListLegalActionsRequest(token=token)
        return _legal(await self._call("ListLegalActions", req))

    async def status(self, token: str) -> Status:
        return _status(await self._call("GetStatus", pb.GetStatusRequest(token=token)))

    async def watch(self, token: str, after_seq: int | None = None) -> AsyncWatch:
        call = self._calls["Watch"](pb.WatchRequest(token=token, after_seq=after_seq))
        try:
            first = await asyncio.wait_for(call.read(), self.timeout)
        except grpc.RpcError as err:
            raise error_from_rpc(err) from None
        if first is grpc.aio.EOF:
            raise ProtocolError("INVALID_REQUEST", "the watch ended before it started")
        return AsyncWatch(call, _started(first))

    async def log(self, token: str) -> ReplayLog:
        return _replay_log(await self._call("GetLog", pb.GetLogRequest(token=token)))

    async def verify(self, log: Any, full: Any = None) -> Verification:
        return _verification(await self._call("VerifyLog", _verify_request(log, full)))

    async def state_at(self, token: str, seq: int, full: bool = False) -> StateAtResult:
        req = pb.StateAtRequest(token=token, seq=_seq(seq), full=_flag(full))
        return _state_at(await self._call("StateAt", req))

    async def fork(self, token: str, seq: int) -> Forked:
        m = _forked(await self._call("Fork", pb.ForkRequest(token=token, seq=_seq(seq))))
        self._tokens.remember(m)
        return m

    async def layout(self, game: str, rules_version: str | None = None) -> LayoutResult:
        req = pb.GetLayoutRequest(game=game, rules_version=rules_version)
        return _layout(await self._call("GetLayout", req))

    async def match_layout(self, token: str) -> LayoutResult:
        req = pb.GetMatchLayoutRequest(token=token)
        return _layout(await self._call("GetMatchLayout", req))

    async def echo(self, payload: bytes = b"") -> bytes:
        r = await self._call("Echo", pb.EchoRequest(payload=payload))
        data: bytes = r.payload
        return data

    async def close(self) -> None:
        await self.channel.close()

    async def __aenter__(self) -> AsyncClient:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()
