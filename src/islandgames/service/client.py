"""One client interface for every transport: :class:`MatchClient`.

A :class:`MatchClient` is what code that plays, watches or audits matches needs, and it
is implemented three times with the same typed results:

* :class:`LocalClient`: a :class:`~islandgames.service.MatchService` in this process;
* ``islandgames_msgpackrpc.Client``: a MessagePack-RPC server (blocking, TCP);
* ``islandgames_grpc.Client``: a gRPC server (blocking).

Every result is one of the service's result classes (:class:`Created`,
:class:`ActResult`, ...), with actions, views, states and layouts in wire form (plain
data); a watch is a :class:`MatchWatch` of :class:`Update` values. Code written against
the protocol runs unchanged on any of them (``islandgames demo`` and
``bench/bench_clients.py`` are written so):

>>> with LocalClient() as client:
...     m = client.create("friday", seed=7)
...     token = m.seats[0].token
...     legal = client.legal_actions(token)
...     client.act(token, legal.actions[0], legal.seq).seq
1
"""

from __future__ import annotations

import queue
from collections.abc import Iterator, Mapping
from typing import Any, Protocol, Self, TypeAlias

from ..core.log import ReplayLog, Verification
from .decode import (
    ActionInput,
    AiSeatsInput,
    ConfigInput,
    LogInput,
    WireAction,
    WireConfig,
    WireRecord,
)
from .results import (
    ActResult,
    Created,
    Forked,
    LayoutResult,
    LegalActions,
    StateAtResult,
    Status,
    Update,
    ViewResult,
    WatchStarted,
)
from .service import MatchService
from .watch import Subscription

__all__ = [
    "ActionInput",
    "AiSeatsInput",
    "ConfigInput",
    "LocalClient",
    "LocalWatch",
    "LogInput",
    "MatchClient",
    "MatchWatch",
    "WatchStarted",
    "WireAction",
    "WireConfig",
    "WireGameInfo",
    "WireRecord",
    "ai_seats_wire",
]

#: One game as ``games`` lists it: the wire form of its :class:`~islandgames.GameInfo`
#: with ``rules_versions`` (every version it can create, oldest first).
WireGameInfo: TypeAlias = dict[str, Any]
# WireAction, ActionInput and the other input types are defined with the service's checks
# of them (islandgames.service.decode), which the service's signatures use too


def ai_seats_wire(ai_seats: AiSeatsInput) -> list[dict[str, Any]] | None:
    """``ai_seats`` as the protocols carry it: a list of ``{"seat", "bot"}`` maps (from
    a mapping seat -> spec, or as given), or None. The server checks it."""
    if ai_seats is None:
        return None
    if isinstance(ai_seats, Mapping):
        return [{"seat": seat, "bot": bot} for seat, bot in ai_seats.items()]
    return [dict(item) if isinstance(item, Mapping) else item for item in ai_seats]


class MatchWatch(Protocol):
    """A running watch: :attr:`started`, then :meth:`next` or iteration gives the
    updates in seq order; the stream ends (``next`` returns None, iteration stops)
    after the update of a finished game, or at once for a finished game with nothing
    to catch up. :meth:`close` (or leaving a ``with`` block) stops it."""

    @property
    def started(self) -> WatchStarted: ...

    def next(self, timeout: float | None = 30.0) -> Update | None:
        """The next update, None once the stream has ended; :class:`TimeoutError` if
        none comes within ``timeout`` seconds (None: wait as long as it takes)."""
        ...

    def __iter__(self) -> Iterator[Update]: ...

    def close(self) -> None: ...

    def __enter__(self) -> Self: ...

    def __exit__(self, *exc: object) -> None: ...


class MatchClient(Protocol):
    """The operations of a match service, whatever carries them (see the module).

    Errors are the service's exceptions on every transport (:class:`StaleSeqError`
    with ``current_seq``, :class:`NotYourTurnError`, ...)."""

    def games(self) -> list[WireGameInfo]:
        """Every game the server can create (its newest rules), in registry order."""
        ...

    def create(
        self,
        game: str,
        config: ConfigInput = None,
        seed: int | str | None = None,
        rules_version: str | None = None,
        ai_seats: AiSeatsInput = None,
    ) -> Created:
        """A new match (one secret token per seat, a spectator token); ``ai_seats``:
        the seats the server plays with a bot (see :meth:`MatchService.create`)."""
        ...

    def act(self, token: str, action: ActionInput, expected_seq: int | None = None) -> ActResult:
        """Apply ``action`` for the token's seat (refused if ``expected_seq`` is stale)."""
        ...

    def view(self, token: str) -> ViewResult: ...

    def legal_actions(self, token: str) -> LegalActions: ...

    def status(self, token: str) -> Status: ...

    def log(self, token: str) -> ReplayLog:
        """The match's log as the token may see it (full once the game is over)."""
        ...

    def verify(self, log: LogInput, full: LogInput | None = None) -> Verification:
        """The server's verdict on a log (with ``full``: a redacted log against it)."""
        ...

    def state_at(self, token: str, seq: int, full: bool = False) -> StateAtResult: ...

    def fork(self, token: str, seq: int) -> Forked: ...

    def layout(self, game: str, rules_version: str | None = None) -> LayoutResult: ...

    def match_layout(self, token: str) -> LayoutResult: ...

    def watch(self, token: str, after_seq: int | None = None) -> MatchWatch:
        """Updates of the token's match from now on (first those after ``after_seq``)."""
        ...

    def close(self) -> None: ...

    def __enter__(self) -> Self: ...

    def __exit__(self, *exc: object) -> None: ...


# --- in process -------------------------------------------------------------------------------


_END = object()


class LocalWatch:
    """A watch on a service in this process (:class:`MatchWatch`): the service's
    callback puts each update on a queue that :meth:`next` reads."""

    def __init__(self, service: MatchService, token: str, after_seq: int | None) -> None:
        self._queue: queue.Queue[Any] = queue.Queue()
        self._ended = False
        self._sub: Subscription = service.watch(token, self._queue.put, after_seq)
        sub = self._sub
        self._started = WatchStarted(sub.match_id, sub.seat, sub.seq, sub.active)
        if not sub.active:
            self._queue.put(_END)  # after the catch-up, which the service gave at once

    @property
    def started(self) -> WatchStarted:
        return self._started

    def next(self, timeout: float | None = 30.0) -> Update | None:
        if self._ended:
            return None
        while True:
            # short waits: a subscription the service ends without a final update
            # (e.g. closed) ends the stream too
            wait = 0.25 if timeout is None else min(0.25, max(0.0, timeout))
            try:
                item = self._queue.get(timeout=wait)
            except queue.Empty:
                if not self._sub.active and self._queue.empty():
                    self._ended = True
                    return None
                if timeout is not None:
                    timeout -= wait
                    if timeout <= 0:
                        raise TimeoutError("no watch update in time") from None
                continue
            if item is _END:
                self._ended = True
                return None
            update: Update = item
            if update.over:
                self._queue.put(_END)
            return update

    def __iter__(self) -> Iterator[Update]:
        while (update := self.next(None)) is not None:
            yield update

    def close(self) -> None:
        self._ended = True
        self._sub.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class LocalClient:
    """A :class:`MatchClient` on a :class:`MatchService` in this process (a new one in
    memory by default; :meth:`close` closes only a service it made)."""

    def __init__(self, service: MatchService | None = None) -> None:
        self._owned = service is None
        self.service: MatchService = MatchService() if service is None else service

    def games(self) -> list[WireGameInfo]:
        return self.service.games()

    def create(
        self,
        game: str,
        config: ConfigInput = None,
        seed: int | str | None = None,
        rules_version: str | None = None,
        ai_seats: AiSeatsInput = None,
    ) -> Created:
        return self.service.create(game, config, seed, rules_version, ai_seats)

    def act(self, token: str, action: ActionInput, expected_seq: int | None = None) -> ActResult:
        return self.service.act(token, action, expected_seq)

    def view(self, token: str) -> ViewResult:
        return self.service.view(token)

    def legal_actions(self, token: str) -> LegalActions:
        return self.service.legal_actions(token)

    def status(self, token: str) -> Status:
        return self.service.status(token)

    def log(self, token: str) -> ReplayLog:
        return self.service.log(token)

    def verify(self, log: LogInput, full: LogInput | None = None) -> Verification:
        return self.service.verify(log, full)

    def state_at(self, token: str, seq: int, full: bool = False) -> StateAtResult:
        return self.service.state_at(token, seq, full)

    def fork(self, token: str, seq: int) -> Forked:
        return self.service.fork(token, seq)

    def layout(self, game: str, rules_version: str | None = None) -> LayoutResult:
        return self.service.layout(game, rules_version)

    def match_layout(self, token: str) -> LayoutResult:
        return self.service.match_layout(token)

    def watch(self, token: str, after_seq: int | None = None) -> LocalWatch:
        return LocalWatch(self.service, token, after_seq)

    def close(self) -> None:
        if self._owned:
            self.service.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
