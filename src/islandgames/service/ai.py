"""Bounded work for AI seats: limits, callers, and the pool that plays the bots.

The server plays AI seats (``create(..., ai_seats=...)``) on a small pool of its own
worker threads, never in the threads or on the event loop that answer calls, so a
search cannot starve other clients:

* **Per decision** (:class:`AiLimits`): a spec may ask for at most ``max_iterations``
  search iterations (refused at ``create`` otherwise, ``INVALID_ARGUMENT`` naming the
  limit), and a decision may use at most ``cpu_seconds`` of its thread's CPU time (a
  :class:`~islandgames.bots.Budget`). A decision past its CPU budget is abandoned, never
  cut short: nothing is stored, the error is logged and the match waits on the seat, so
  the log stays a function of the seed and the actions alone.
* **In flight**: every call that waits on AI seats (an ``act`` or ``create`` whose
  replies the server plays, a read of a match whose AI seats nobody is playing) holds a
  slot while it waits: at most ``max_calls`` at once and ``max_calls_per_client`` from
  one client address; one more is refused at once with ``OVERLOADED``
  (:class:`~islandgames.service.errors.OverloadedError`) and nothing is done. In-process
  callers (no address) are not counted.
* **Fair**: the pool plays one decision of a match at a time and puts the match back at
  the end of the queue, so a long all-AI match does not hold up others.
* **Cancelled** when nobody needs it: when every call waiting on a match's AI play has
  gone (its connection closed, its RPC cancelled), when the match is dropped (a store
  error) and when the service closes, the running search stops at its next iteration.
  The match then waits on the AI seat; the next call on it plays on, exactly as it would
  have (a decision follows from the seed, the seat and the seq).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import math
import threading
from collections import Counter, deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import attrs

from .. import _argtypes as argtypes
from .errors import InvalidArgumentError, OverloadedError, ServiceError

__all__ = [
    "DEFAULT_AI_LIMITS",
    "AiDue",
    "AiLimits",
    "AiPool",
    "AiTask",
    "CallAbandonedError",
    "Caller",
    "add_ai_arguments",
    "ai_limits_from_args",
    "call_service",
]

_log = logging.getLogger("islandgames.service")

_T = TypeVar("_T")


def _positive_int(name: str, value: Any) -> None:
    if type(value) is not int or value < 1:
        raise ValueError(f"{name} must be an int of at least 1, got {value!r}")


@attrs.frozen(slots=True)
class AiLimits:
    """The server's bounds on the work of AI seats (see the module docstring).

    :param max_iterations: search iterations one decision of a spec may ask for (``mcts``'s
        ``iterations``; the bare ``mcts`` asks for 200).
    :param cpu_seconds: CPU time one decision may use (its thread's, not the wall clock).
    :param workers: threads that play AI seats (CPython runs one at a time: more than two
        buys little but finer interleaving).
    :param max_calls: calls waiting on AI play at once, in all.
    :param max_calls_per_client: of those, from one client address.
    """

    max_iterations: int = 1000
    cpu_seconds: float = 60.0
    workers: int = 2
    max_calls: int = 32
    max_calls_per_client: int = 4

    def __attrs_post_init__(self) -> None:
        for name in ("max_iterations", "workers", "max_calls", "max_calls_per_client"):
            _positive_int(name, getattr(self, name))
        cpu = self.cpu_seconds
        if type(cpu) not in (int, float) or not math.isfinite(cpu) or cpu <= 0:
            raise ValueError(f"cpu_seconds must be a positive number, got {cpu!r}")


DEFAULT_AI_LIMITS = AiLimits()


def check_spec_limits(spec: str, bot: Any, limits: AiLimits, seat: int) -> None:
    """Refuse (``INVALID_ARGUMENT``, naming the limit) a bot spec for an AI seat that asks
    for more search per decision than ``limits`` allow."""
    iterations = getattr(bot, "iterations", None)
    if type(iterations) is int and iterations > limits.max_iterations:
        raise InvalidArgumentError(
            f"ai_seats: seat {seat}: bot {spec!r} asks for {iterations} iterations a "
            f"decision; this server allows at most {limits.max_iterations} "
            "(ai_max_iterations; islandgames serve --ai-max-iterations)",
            {"limit": "ai_max_iterations", "max": limits.max_iterations, "asked": iterations},
        )


class CallAbandonedError(ServiceError):
    """The caller left (connection closed, RPC cancelled) while its call waited on AI
    play; its answer goes nowhere."""


class AiDue(Exception):
    """Raised by a service call made with a :class:`Caller` that may not wait, when the
    call would have to wait on AI play: the adapter makes it again on the AI path
    (:func:`call_service`). Not an error anyone sees."""


class Caller:
    """Who makes a service call: the client's address (None: in process, not counted
    against the limits), whether the call may block waiting on AI play, and whether the
    caller is still there (:meth:`abandon`, from any thread)."""

    __slots__ = ("_wake", "admitted", "client", "gone", "held", "may_wait")

    def __init__(self, client: str | None = None, *, may_wait: bool = True) -> None:
        self.client = client
        self.may_wait = may_wait
        self.admitted = client is None
        self.gone = False
        #: inside a service call that releases the caller's count when it returns
        self.held = False
        self._wake = threading.Event()

    def abandon(self) -> None:
        """The caller is gone: a wait on AI play ends (:class:`CallAbandonedError`) and,
        if nobody else waits on that match's play, its search is cancelled."""
        self.gone = True
        self._wake.set()

    def __repr__(self) -> str:
        return f"<Caller client={self.client!r} admitted={self.admitted} gone={self.gone}>"


class AiTask:
    """The AI play of one match: queued on the pool, one decision per turn, until the
    match waits on a client again (or is over, or nobody needs the play any more)."""

    __slots__ = ("cancelled", "done", "failed", "live", "steps", "waiters")

    def __init__(self, live: Any) -> None:
        self.live = live
        self.waiters: set[Caller] = set()
        self.cancelled = False
        #: the store failed under an AI action (the match was dropped)
        self.failed = False
        self.steps = 0
        self.done = threading.Event()

    def __repr__(self) -> str:
        state = "done" if self.done.is_set() else "cancelled" if self.cancelled else "running"
        return f"<AiTask {getattr(self.live, 'match_id', '?')} {state} steps={self.steps}>"


class AiPool:
    """The worker threads, the queue and the in-flight counts of AI play.

    ``step(task) -> bool`` plays one decision of the task's match (True: play on);
    ``finish(task)`` is called once, by a worker, when a task ends for any reason."""

    def __init__(
        self,
        limits: AiLimits,
        step: Callable[[AiTask], bool],
        finish: Callable[[AiTask], None],
    ) -> None:
        self.limits = limits
        self._step = step
        self._finish = finish
        self._cond = threading.Condition()
        self._queue: deque[AiTask] = deque()
        self._tasks: set[AiTask] = set()
        self._calls = 0
        self._per_client: Counter[str] = Counter()
        self._threads: list[threading.Thread] = []
        self._executor: ThreadPoolExecutor | None = None
        self.closed = False

    # --- admission -------------------------------------------------------------------------

    def admit(self, caller: Caller) -> None:
        """Count ``caller`` as a call waiting on AI play, or raise
        :class:`OverloadedError` (nothing counted) past a limit."""
        if caller.admitted:
            return
        client = caller.client
        assert client is not None
        limits = self.limits
        with self._cond:
            if self._per_client[client] >= limits.max_calls_per_client:
                raise OverloadedError(
                    f"the server is already playing AI seats for "
                    f"{limits.max_calls_per_client} calls from your address (at most "
                    f"{limits.max_calls_per_client} at once: --ai-max-calls-per-client); "
                    "retry when one has returned",
                    {"limit": "ai_max_calls_per_client", "max": limits.max_calls_per_client},
                )
            if self._calls >= limits.max_calls:
                raise OverloadedError(
                    f"the server is already playing AI seats for {limits.max_calls} calls "
                    "(at most that many at once: --ai-max-calls); retry later",
                    {"limit": "ai_max_calls", "max": limits.max_calls},
                )
            self._calls += 1
            self._per_client[client] += 1
            caller.admitted = True

    def release(self, caller: Caller) -> None:
        """The call of ``caller`` has returned (idempotent)."""
        if not caller.admitted or caller.client is None:
            return
        with self._cond:
            if not caller.admitted:
                return
            caller.admitted = False
            self._calls -= 1
            self._per_client[caller.client] -= 1
            if self._per_client[caller.client] <= 0:
                del self._per_client[caller.client]

    def in_flight(self) -> tuple[int, dict[str, int]]:
        """Calls waiting on AI play now: in all, and by client address."""
        with self._cond:
            return self._calls, dict(self._per_client)

    def tasks(self) -> int:
        """Matches whose AI seats the pool is playing or has queued now (0: idle)."""
        with self._cond:
            return len(self._tasks)

    # --- tasks -----------------------------------------------------------------------------

    def start(self, live: Any) -> AiTask:
        """A new task for ``live`` at the end of the queue (call with the match's lock
        held, and keep the task on the match until ``finish``)."""
        task = AiTask(live)
        with self._cond:
            if self.closed:
                task.cancelled = True
                task.done.set()
                return task
            self._tasks.add(task)
            self._queue.append(task)
            self._ensure_workers()
            self._cond.notify()
        return task

    def join(self, task: AiTask, caller: Caller) -> None:
        with self._cond:
            task.waiters.add(caller)

    def leave(self, task: AiTask, caller: Caller) -> None:
        """``caller`` no longer waits on ``task``; with nobody left, the task is
        cancelled (its search stops at its next check)."""
        with self._cond:
            task.waiters.discard(caller)
            if not task.waiters and not task.done.is_set():
                task.cancelled = True

    def wait(self, task: AiTask, caller: Caller) -> None:
        """Block until ``task`` is done (call without the match's lock), as one of its
        waiters; :class:`CallAbandonedError` if the caller leaves first."""
        self.join(task, caller)
        try:
            while not task.done.is_set():
                if caller.gone:
                    raise CallAbandonedError("the caller left while AI seats played")
                caller._wake.wait()
                caller._wake.clear()
        finally:
            self.leave(task, caller)

    def _ensure_workers(self) -> None:
        # called with the condition held; threads are made when first needed
        while len(self._threads) < self.limits.workers:
            t = threading.Thread(
                target=self._work, name=f"islandgames-ai-{len(self._threads)}", daemon=True
            )
            self._threads.append(t)
            t.start()

    def _work(self) -> None:
        while True:
            with self._cond:
                while not self._queue and not self.closed:
                    self._cond.wait()
                if not self._queue:
                    return
                task = self._queue.popleft()
            more = False
            if not task.cancelled and not self.closed:
                try:
                    more = self._step(task)
                except BaseException:  # a worker must never die: the task ends
                    _log.exception("AI play of %r failed", task)
                    more = False
            with self._cond:
                if more and not task.cancelled and not self.closed:
                    self._queue.append(task)  # the back of the queue: one decision a turn
                    self._cond.notify()
                    continue
            self._end(task)

    def _end(self, task: AiTask) -> None:
        try:
            self._finish(task)
        except Exception:  # pragma: no cover - finish only clears a field
            _log.exception("ending %r failed", task)
        with self._cond:
            self._tasks.discard(task)
            task.done.set()
            waiters = list(task.waiters)
        for w in waiters:
            w._wake.set()

    # --- executor and shutdown -------------------------------------------------------------

    @property
    def executor(self) -> ThreadPoolExecutor:
        """Threads in which adapters run the calls that wait on AI play: one per call
        the limits admit, so an admitted call never queues behind others."""
        with self._cond:
            if self._executor is None:
                self._executor = ThreadPoolExecutor(
                    self.limits.max_calls, thread_name_prefix="islandgames-ai-call"
                )
            return self._executor

    def close(self, timeout: float = 5.0) -> None:
        """Cancel every task, wake every waiter and stop the workers (waiting at most
        ``timeout`` seconds for a search to reach its next check)."""
        with self._cond:
            self.closed = True
            tasks = list(self._tasks)
            for task in tasks:
                task.cancelled = True
            self._cond.notify_all()
            threads = list(self._threads)
            executor, self._executor = self._executor, None
        for t in threads:
            t.join(timeout)
        with self._cond:
            left = [t for t in self._tasks if not t.done.is_set()]
        for task in left:  # a bot that never checks its budget: its waiters go anyway
            with self._cond:
                task.done.set()
                waiters = list(task.waiters)
            for w in waiters:
                w._wake.set()
        if executor is not None:
            executor.shutdown(wait=False, cancel_futures=True)


async def call_service(
    pool: AiPool,
    fn: Callable[[Caller], _T],
    client: str,
    *,
    ai: bool,
    threaded: bool = False,
    gone: asyncio.Event | None = None,
) -> _T:
    """Run the service call ``fn(caller)`` for an adapter's client at ``client``.

    A call that may wait on AI play (``ai``: a create with AI seats, an act or fork on
    a match that has them) is admitted first (:class:`OverloadedError` past a limit)
    and runs in :attr:`AiPool.executor`; any other call runs at once (``threaded``: in
    a worker thread, else on the event loop) and, should it find that it has to wait on
    AI play after all (:class:`AiDue`), is made again the first way. The caller is
    abandoned when the awaiting task is cancelled or ``gone`` is set (the connection
    closed): its wait ends and, with nobody else waiting, so does the search."""
    if not ai:
        quick = Caller(client, may_wait=False)
        try:
            if threaded:
                return await asyncio.to_thread(fn, quick)
            return fn(quick)
        except AiDue:
            pass
    caller = Caller(client)
    pool.admit(caller)
    loop = asyncio.get_running_loop()
    try:
        call = loop.run_in_executor(pool.executor, fn, caller)
        if gone is None:
            return await call
        watcher = asyncio.ensure_future(gone.wait())
        both: set[asyncio.Future[Any]] = {call, watcher}
        try:
            done, _ = await asyncio.wait(both, return_when=asyncio.FIRST_COMPLETED)
        finally:
            watcher.cancel()
        if call not in done:
            caller.abandon()
        return await call
    except asyncio.CancelledError:
        caller.abandon()
        raise
    finally:
        pool.release(caller)


# --- the serve options -----------------------------------------------------------------------


def add_ai_arguments(parser: argparse.ArgumentParser) -> None:
    """``--ai-*``: the server's :class:`AiLimits` (shared by ``islandgames serve``)."""
    d = DEFAULT_AI_LIMITS
    parser.add_argument(
        "--ai-max-iterations",
        type=argtypes.positive_int,
        default=d.max_iterations,
        metavar="N",
        help=(
            "search iterations an AI seat's bot spec may ask for per decision; a spec "
            f"asking more is refused at create (default {d.max_iterations})"
        ),
    )
    parser.add_argument(
        "--ai-cpu-seconds",
        type=argtypes.positive_seconds,
        default=d.cpu_seconds,
        metavar="SECONDS",
        help=(
            "CPU time one AI decision may use; past it the decision is abandoned (nothing "
            f"stored, the match waits on the seat) (default {d.cpu_seconds:g})"
        ),
    )
    parser.add_argument(
        "--ai-workers",
        type=argtypes.positive_int,
        default=d.workers,
        metavar="N",
        help=f"threads that play AI seats (default {d.workers})",
    )
    parser.add_argument(
        "--ai-max-calls",
        type=argtypes.positive_int,
        default=d.max_calls,
        metavar="N",
        help=(
            "calls waiting on AI seats' play at once; one more is OVERLOADED "
            f"(default {d.max_calls})"
        ),
    )
    parser.add_argument(
        "--ai-max-calls-per-client",
        type=argtypes.positive_int,
        default=d.max_calls_per_client,
        metavar="N",
        help=(
            "of those, from one client IP address; one more is OVERLOADED "
            f"(default {d.max_calls_per_client})"
        ),
    )


def ai_limits_from_args(args: argparse.Namespace) -> AiLimits:
    """The :class:`AiLimits` the ``--ai-*`` options give (defaults for any missing)."""
    d = DEFAULT_AI_LIMITS
    return AiLimits(
        max_iterations=getattr(args, "ai_max_iterations", d.max_iterations),
        cpu_seconds=getattr(args, "ai_cpu_seconds", d.cpu_seconds),
        workers=getattr(args, "ai_workers", d.workers),
        max_calls=getattr(args, "ai_max_calls", d.max_calls),
        max_calls_per_client=getattr(args, "ai_max_calls_per_client", d.max_calls_per_client),
    )
