"""A bound on the work of one decision: CPU time and cancellation.

A program that runs bots for others (the match server's AI seats) sets a
:class:`Budget` around a decision; a bot that searches (``mcts``) calls
:meth:`Budget.check` between iterations, which raises once the thread has used more
CPU time than allowed, or once whoever asked for the decision no longer needs it. The
budget only ever *stops* a decision, it never changes one: a bot's choice still follows
from its view, legal actions and rng alone, so a decision either comes out exactly as
it would have without the budget, or not at all.

>>> from islandgames import get_game
>>> from islandgames.bots import get_bot
>>> from islandgames.core.rng import Rng
>>> game = get_game("friday")
>>> state = game.new(3)
>>> bot = get_bot("friday", "mcts:iterations=50,rollout=random")
>>> legal = game.legal_actions(state, 0)
>>> with Budget(cancelled=lambda: True):
...     bot.choose(game, game.view(state, 0), legal, Rng.from_seed(1, "bot"))
Traceback (most recent call last):
...
islandgames.bots._budget.SearchCancelledError: the decision was cancelled: nobody needs it any more
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from contextvars import ContextVar, Token
from types import TracebackType

from ..core.errors import IslandGamesError

__all__ = [
    "Budget",
    "BudgetExceededError",
    "SearchCancelledError",
    "SearchStoppedError",
    "current_budget",
]


class SearchStoppedError(IslandGamesError, RuntimeError):
    """A decision was stopped by its :class:`Budget` before the bot chose."""


class BudgetExceededError(SearchStoppedError):
    """The decision used more CPU time than its budget allows."""

    def __init__(self, used: float, limit: float) -> None:
        super().__init__(
            f"the decision used {used:.3g} s of CPU time, more than its budget of {limit:g} s"
        )
        self.used = used
        self.limit = limit


class SearchCancelledError(SearchStoppedError):
    """Whoever asked for the decision no longer needs it (its caller left, the server
    is shutting down, the match is gone)."""

    def __init__(self) -> None:
        super().__init__("the decision was cancelled: nobody needs it any more")


_CURRENT: ContextVar[Budget | None] = ContextVar("islandgames_bot_budget", default=None)


class Budget:
    """The bound of the decisions made inside ``with Budget(...):`` in this thread (or
    task: it is a context variable). ``cpu_seconds``: the CPU time this thread may use
    from entering the block (``time.thread_time``, not the wall clock: other threads'
    and processes' load does not count); ``cancelled``: asked at each check, True stops
    the decision. Either may be None (no such bound)."""

    __slots__ = ("_cancelled", "_limit", "_start", "_token")

    def __init__(
        self,
        cpu_seconds: float | None = None,
        cancelled: Callable[[], bool] | None = None,
    ) -> None:
        if cpu_seconds is not None and not (
            type(cpu_seconds) in (int, float) and math.isfinite(cpu_seconds) and cpu_seconds > 0
        ):
            raise ValueError(f"cpu_seconds must be a positive number, got {cpu_seconds!r}")
        self._limit = None if cpu_seconds is None else float(cpu_seconds)
        self._cancelled = cancelled
        self._start = 0.0
        self._token: Token[Budget | None] | None = None

    def __enter__(self) -> Budget:
        self._start = time.thread_time()
        self._token = _CURRENT.set(self)
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if self._token is not None:
            _CURRENT.reset(self._token)
            self._token = None

    def check(self) -> None:
        """Raise :class:`SearchCancelledError` or :class:`BudgetExceededError` if the
        decision must stop now; cheap enough to call once per search iteration."""
        if self._cancelled is not None and self._cancelled():
            raise SearchCancelledError()
        if self._limit is not None:
            used = time.thread_time() - self._start
            if used > self._limit:
                raise BudgetExceededError(used, self._limit)


def current_budget() -> Budget | None:
    """The :class:`Budget` of the decision being made in this context (None: none)."""
    return _CURRENT.get()
