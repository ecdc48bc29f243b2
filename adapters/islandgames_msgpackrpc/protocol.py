"""MessagePack-RPC framing and message shapes (the public msgpack-rpc spec).

* request ``[0, msgid, method, params]`` (msgid: 0..2**32-1, params: an array)
* response ``[1, msgid, error, result]`` (error nil on success)
* notification ``[2, method, params]``

Messages follow each other on the byte stream with no other framing; a
:class:`FrameDecoder` cuts them out and enforces a size limit.

>>> d = FrameDecoder(max_frame=1024)
>>> data = pack([0, 1, "echo", ["hi"]])
>>> d.feed(data[:3]), d.feed(data[3:])
(([], None), ([[0, 1, 'echo', ['hi']]], None))
>>> frames, error = FrameDecoder(max_frame=16).feed(pack(["x" * 40]))
>>> frames, error.code
([], 'FRAME_TOO_LARGE')
>>> FrameDecoder().feed(b"\\xc1")[1].code
'MALFORMED_FRAME'
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import attrs
import msgpack

from islandgames.service.errors import ProtocolError

__all__ = [
    "DEFAULT_DECODE_BUDGET",
    "DEFAULT_MAX_FRAME",
    "DEFAULT_PORT",
    "LARGE_MESSAGE",
    "LEN_PER_BYTE",
    "NOTIFICATION",
    "PROTOCOL",
    "PROTOCOL_VERSION",
    "REQUEST",
    "RESPONSE",
    "VALUES_PER_BYTE",
    "DecodeBudget",
    "FrameDecoder",
    "Notification",
    "Request",
    "Response",
    "pack",
    "parse_message",
]

REQUEST = 0
RESPONSE = 1
NOTIFICATION = 2

PROTOCOL = "islandgames-msgpackrpc"
PROTOCOL_VERSION = 1
#: The TCP port ``islandgames serve`` uses unless told otherwise.
DEFAULT_PORT = 7341
#: The largest message a peer may send (4 MiB: a long game's log fits many times over,
#: and a hostile message cannot make the decoder build more than ~300 MB of objects).
DEFAULT_MAX_FRAME = 4 * 1024 * 1024
MAX_MSGID = (1 << 32) - 1
#: A message may decode to at most ``max_frame // VALUES_PER_BYTE`` values (each array
#: and map counts 1 plus its length), none of its arrays or maps longer than
#: ``max_frame // LEN_PER_BYTE``: so its decoded objects take at most a few dozen bytes per
#: byte of the limit (a 4 MiB message of empty arrays: about 20 MB, not 290 MB).
VALUES_PER_BYTE = 4
LEN_PER_BYTE = 16
#: A message whose bytes received so far pass this size is a large one: it may be
#: decoded only with bytes of the server-wide :class:`DecodeBudget`.
LARGE_MESSAGE = 64 * 1024
#: Bytes of large messages the server holds at once, over all connections, from their
#: first byte until they are handled (32 MiB: 8 messages of the largest size). While a
#: message arrives it costs its bytes; once complete it is decoded and handled with its
#: budget still held, so this also bounds how many large decoded messages exist at once.
DEFAULT_DECODE_BUDGET = 32 * 1024 * 1024


def pack(message: Any) -> bytes:
    """The msgpack bytes of a message (str as str, bytes as bin)."""
    out: bytes = msgpack.packb(message, use_bin_type=True)
    return out


class FrameDecoder:
    """Cuts a byte stream into msgpack values, at most ``max_frame`` bytes each.

    :meth:`feed` returns the complete values and, if the stream went wrong, the
    :class:`ProtocolError` that ended it (``FRAME_TOO_LARGE`` or ``MALFORMED_FRAME``);
    a byte stream cannot be resynchronised after that, so the caller should close it.
    The size of a value is checked as it arrives (in pieces of at most 64 KiB), so a
    too-large one is refused before it is decoded, whatever it is made of.

    A message is decoded only once it is complete: while it arrives, a scout (msgpack's
    ``skip``, which builds no objects) finds where it ends, and the message costs only
    its bytes. (Decoding as the bytes come would build its containers early: a few KiB
    of nested array headers, each declaring 262,144 elements, took 66 MB while the rest
    never came.) A complete message then decodes at once, within the value limits.
    """

    PIECE = 64 * 1024

    def __init__(self, max_frame: int = DEFAULT_MAX_FRAME) -> None:
        if max_frame < 16:
            raise ValueError("max_frame must be at least 16 bytes")
        self.max_frame = max_frame
        #: the most values (arrays and maps count 1 plus their length) one message may
        #: decode to, and the longest array or map: what bounds its memory by its size
        self.max_values = max(1024, max_frame // VALUES_PER_BYTE)
        self.max_len = max(1024, max_frame // LEN_PER_BYTE)
        self._values = 0  # values of the message being decoded so far
        self._scout = msgpack.Unpacker(max_buffer_size=max_frame + self.PIECE)
        self._quick: dict[str, Any] = {
            "raw": False,
            "strict_map_key": True,
            "use_list": True,
            "max_str_len": max_frame,
            "max_bin_len": max_frame,
            "max_ext_len": max_frame,
            "max_array_len": self.max_len,
            "max_map_len": self.max_len,
        }
        # a message of n bytes has at most 2n values (every array, map and element takes
        # a byte at least), so only one of more than max_values / 2 bytes is counted
        self._counted: dict[str, Any] = {
            **self._quick,
            "list_hook": self._count,
            "object_hook": self._count,
        }
        self._message = bytearray()  # the bytes received of the message not yet complete
        self._fed = 0  # bytes fed so far
        self._boundary = 0  # where the value being received starts
        self.failed: ProtocolError | None = None

    def _count(self, value: Any) -> Any:
        """Called by the decoder for each array and map it completes (innermost first)."""
        self._values += 1 + len(value)
        if self._values > self.max_values:
            raise _TooManyValues
        return value

    @property
    def pending(self) -> int:
        """Bytes received of a message not yet complete (0: between messages)."""
        return self._fed - self._boundary

    def feed(self, data: bytes) -> tuple[list[Any], ProtocolError | None]:
        frames: list[Any] = []
        if self.failed is not None:
            return frames, self.failed
        view = memoryview(data)
        for start in range(0, len(view), self.PIECE):
            piece = view[start : start + self.PIECE]
            self._scout.feed(piece)
            self._message += piece
            self._fed += len(piece)
            while True:
                try:
                    self._scout.skip()
                except msgpack.OutOfData:
                    break
                except Exception as exc:  # FormatError, StackError: the stream is lost
                    return frames, self._fail("MALFORMED_FRAME", _undecodable(exc))
                end = self._scout.tell()
                size = end - self._boundary
                if size > self.max_frame:
                    return frames, self._too_large()
                message = self._message[:size]
                del self._message[:size]
                self._boundary = end
                self._values = 0
                try:
                    options = self._quick if 2 * size <= self.max_values else self._counted
                    frames.append(msgpack.unpackb(message, **options))
                except _TooManyValues:
                    return frames, self._fail(
                        "FRAME_TOO_LARGE",
                        f"a message decodes to more than {self.max_values} values",
                    )
                except ValueError as exc:  # StackError, bad UTF-8, map keys, lengths
                    if "exceeds max" in str(exc):
                        return frames, self._fail(
                            "FRAME_TOO_LARGE", f"a message exceeds a length limit: {exc}"
                        )
                    return frames, self._fail("MALFORMED_FRAME", _undecodable(exc))
                except Exception as exc:  # any other decoder failure ends the stream too
                    return frames, self._fail("MALFORMED_FRAME", _undecodable(exc))
                finally:
                    del message
            if self._fed - self._boundary > self.max_frame:
                return frames, self._too_large()
        return frames, None

    def _too_large(self) -> ProtocolError:
        return self._fail("FRAME_TOO_LARGE", f"a message exceeds the {self.max_frame}-byte limit")

    def _fail(self, code: str, message: str) -> ProtocolError:
        self.failed = ProtocolError(code, message)
        return self.failed


class _TooManyValues(Exception):
    pass


class DecodeBudget:
    """Bytes of large messages decoded at once, server-wide (one event loop).

    Each message's memory is bounded by its size (:class:`FrameDecoder`); this bounds the
    sum: a connection whose incomplete message passes :data:`LARGE_MESSAGE` bytes must
    hold budget for all its bytes before it feeds more to its decoder, and gives it back
    once the message (decoded when complete) is handled. When the budget is short the
    connection *waits* (it stops reading, so TCP holds the sender back) instead of being
    refused: a large honest request (a long log to verify) is delayed, never failed, by
    others' large messages, and messages under :data:`LARGE_MESSAGE` never wait.

    Grants never deadlock: a grant is made only if afterwards some holder (the one
    nearest its own bound, ``cap`` = the most one message may hold) can still get all
    it may need, so one message can always complete, and once it has released, every
    other can. A holder that stalls is dropped by the read timeout.

    >>> async def two() -> tuple[int, int]:
    ...     budget = DecodeBudget(100, cap=60)
    ...     a, b = object(), object()
    ...     await budget.acquire(a, 60)
    ...     waiter = asyncio.ensure_future(budget.acquire(b, 60))
    ...     await asyncio.sleep(0)
    ...     held = budget.held(b)  # b waits: only 40 bytes are free
    ...     budget.release(a)
    ...     assert await waiter
    ...     return held, budget.held(b)
    >>> asyncio.run(two())
    (0, 60)
    """

    def __init__(self, total: int, *, cap: int) -> None:
        if total < 1:
            raise ValueError("the decode budget must be at least 1 byte")
        self.total = total
        #: the most one message may hold (a message needing more decodes with this much)
        self.cap = max(1, min(cap, total))
        self.free = total
        self._held: dict[object, int] = {}
        self._waiters: dict[object, asyncio.Future[None]] = {}

    def held(self, owner: object) -> int:
        return self._held.get(owner, 0)

    @property
    def waiting(self) -> int:
        """Owners waiting for budget now."""
        return len(self._waiters)

    def _safe(self, owner: object, more: int) -> bool:
        free = self.free - more
        if free < 0:
            return False
        nearest = self.cap - (self._held.get(owner, 0) + more)
        for other, held in self._held.items():
            if other is not owner:
                nearest = min(nearest, self.cap - held)
        return free >= nearest

    async def acquire(
        self, owner: object, target: int, alive: Callable[[], bool] | None = None
    ) -> bool:
        """Wait until ``owner`` holds ``min(target, cap)`` bytes (at once if it already
        holds that much): True; False as soon as ``alive()`` is false (checked whenever
        it is woken, e.g. by :meth:`drop`)."""
        target = min(target, self.cap)
        while alive is None or alive():
            more = target - self._held.get(owner, 0)
            if more <= 0:
                return True
            if self._safe(owner, more):
                self._held[owner] = self._held.get(owner, 0) + more
                self.free -= more
                return True
            waiter = asyncio.get_running_loop().create_future()
            self._waiters[owner] = waiter
            try:
                await waiter
            finally:
                if self._waiters.get(owner) is waiter:
                    del self._waiters[owner]
        return False

    def release(self, owner: object, keep: int = 0) -> None:
        """Give back what ``owner`` holds beyond ``keep`` bytes; waiters try again."""
        held = self._held.get(owner, 0)
        keep = max(0, min(keep, held))
        if held == keep:
            return
        self.free += held - keep
        if keep:
            self._held[owner] = keep
        else:
            del self._held[owner]
        waiters = list(self._waiters.values())
        self._waiters.clear()
        for waiter in waiters:
            if not waiter.done():
                waiter.set_result(None)

    def drop(self, owner: object) -> None:
        """Release all ``owner`` holds and wake it if it waits (a closed connection)."""
        self.release(owner)
        waiter = self._waiters.pop(owner, None)
        if waiter is not None and not waiter.done():
            waiter.set_result(None)


def _undecodable(exc: BaseException) -> str:
    what = {
        "StackError": "nested too deeply",
        "FormatError": "not msgpack",
        "UnicodeDecodeError": "a str that is not UTF-8",
    }.get(type(exc).__name__)
    if what is None:
        what = str(exc)[:100] or type(exc).__name__
    return f"undecodable msgpack: {what}"


@attrs.frozen(slots=True)
class Request:
    msgid: int
    method: str
    params: list[Any]


@attrs.frozen(slots=True)
class Response:
    msgid: int
    error: Any
    result: Any


@attrs.frozen(slots=True)
class Notification:
    method: str
    params: list[Any]


class InvalidMessage(ProtocolError):
    """A well-formed msgpack value that is not a msgpack-rpc message. ``msgid`` is set
    when the value still looks enough like a request to answer it."""

    def __init__(self, message: str, msgid: int | None = None) -> None:
        super().__init__("INVALID_REQUEST", message)
        self.msgid = msgid


def _is_msgid(value: Any) -> bool:
    return type(value) is int and 0 <= value <= MAX_MSGID


def _method_name(value: Any) -> str | None:
    """A method name: a str, or a bin holding UTF-8 (as some clients send it)."""
    if type(value) is str:
        return value
    if type(value) is bytes:
        try:
            return value.decode("utf-8")
        except UnicodeDecodeError:
            return None
    return None


def parse_message(value: Any) -> Request | Response | Notification:
    """The message a decoded value stands for, or :class:`InvalidMessage`."""
    if type(value) is not list or not value:
        raise InvalidMessage(f"a message must be a non-empty array, got {type(value).__name__}")
    kind = value[0]
    if kind == REQUEST and type(kind) is int:
        msgid = value[1] if len(value) > 1 and _is_msgid(value[1]) else None
        if len(value) != 4:
            raise InvalidMessage(f"a request has 4 elements, got {len(value)}", msgid)
        if msgid is None:
            raise InvalidMessage("a request's msgid must be an integer in 0..2**32-1")
        _, _, method, params = value
        method = _method_name(method)
        if method is None:
            raise InvalidMessage("a request's method must be a string", msgid)
        if type(params) is not list:
            raise InvalidMessage("a request's params must be an array", msgid)
        return Request(msgid, method, params)
    if kind == RESPONSE and type(kind) is int:
        if len(value) != 4 or not _is_msgid(value[1]):
            raise InvalidMessage("a response is [1, msgid, error, result]")
        return Response(value[1], value[2], value[3])
    if kind == NOTIFICATION and type(kind) is int:
        method = _method_name(value[1]) if len(value) == 3 else None
        if method is None or type(value[2]) is not list:
            raise InvalidMessage("a notification is [2, method, params]")
        return Notification(method, value[2])
    raise InvalidMessage(
        f"unknown message type {_short(kind)} (0 request, 1 response, 2 notification)"
    )


def _short(value: Any, limit: int = 100) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."
