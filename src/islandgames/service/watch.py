"""Watching matches: how the service hands each applied action to its watchers.

A watch is a :class:`Subscription`. Its updates come in seq order, under the match's
lock, in the thread that applied (or found) the action, so delivery must be quick:
a plain watch's callback is called there; watches that name a :class:`WatchChannel`
(an adapter's event loop) are handed to it in one call per audience, and the adapter
fans out on its own time (:class:`LoopFanout` is the part both adapters share). The
service (:meth:`~islandgames.service.MatchService.watch`) keeps the watches of each
match and makes the updates; this module is the interface between it and whoever
delivers them.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from .results import Update

if TYPE_CHECKING:
    import asyncio

__all__ = ["LoopFanout", "Subscription", "UpdateCallback", "WatchChannel"]

#: What a watch calls with each update (:meth:`~islandgames.service.MatchService.watch`).
UpdateCallback = Callable[[Update], None]


class WatchChannel(Protocol):
    """Where an adapter takes the live updates of many watches at once: the service
    calls :meth:`publish` once per action for each audience (one seat; all spectators)
    with every live watch of that audience that named this channel, instead of calling
    each one's callback. So an act costs the acting thread one call per audience and
    channel, however many watch; the adapter fans out on its own time (e.g. its event
    loop, in slices between requests), and makes the update then too."""

    def publish(self, update: Callable[[], Update], subs: tuple[Subscription, ...]) -> None:
        """Take the update ``update()`` makes for each of ``subs`` (calls come in seq
        order from one match, under the match's lock, in the acting thread): quick,
        never calling the service, never raising (if it raises, those watches are
        dropped). ``update`` may be called later, in any thread, outside the lock: it
        reads only immutable states, and makes the update once (later calls return the
        same object, shared by every watch of the audience)."""
        ...


class LoopFanout(ABC):
    """A :class:`WatchChannel` that fans out on one event loop, the part the adapters
    share: :meth:`publish` (any thread) queues an update with its watches and wakes the
    loop once for all that is due; the loop then calls :meth:`run`, whose :meth:`turn`
    hands on a bounded part of it (taking watches with :meth:`take`), and runs again on
    a later turn while anything is due, so that requests are served in between. A
    subclass implements :meth:`turn` and may implement :meth:`drained`."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        #: (update, its watches); appended in any thread, taken on the loop
        self.due: deque[tuple[Callable[[], Update], tuple[Subscription, ...]]] = deque()
        #: how many watches of the first update have been served
        self.served = 0
        #: whether a run on the loop is pending
        self.scheduled = False

    def publish(self, update: Callable[[], Update], subs: tuple[Subscription, ...]) -> None:
        # any thread, under the match's lock; the append comes before the flag is read,
        # and run() clears the flag before it looks at what is due: nothing is stranded
        self.due.append((update, subs))
        if not self.scheduled:
            self.scheduled = True
            try:
                self.loop.call_soon_threadsafe(self.run)
            except RuntimeError:  # the loop is closed: nothing reads these watches any more
                self.due.clear()

    def take(self, most: int) -> tuple[Update, tuple[Subscription, ...]]:
        """On the loop, while something is due: the first update due (made here, on the
        loop, not in the acting thread) and the next at most ``most`` of its watches not
        yet served, counted as served from now on."""
        make, subs = self.due[0]
        update = make()
        start = self.served
        stop = min(len(subs), start + most)
        if stop < len(subs):
            self.served = stop
        else:
            self.due.popleft()
            self.served = 0
        return update, subs[start:stop]

    def run(self) -> None:
        """One turn of the fan-out, on the loop (scheduled by :meth:`publish`)."""
        self.turn()
        self.scheduled = False
        if self.due:  # go on after the requests that are ready
            self.scheduled = True
            self.loop.call_soon(self.run)
        else:
            self.drained()

    @abstractmethod
    def turn(self) -> None:
        """Hand on a bounded part of what is due (on the loop, from :meth:`run`)."""

    def drained(self) -> None:  # noqa: B027 - an optional hook, empty by default
        """Called on the loop when a turn leaves nothing due."""


class Unsubscribing(Protocol):
    """What a :class:`Subscription` needs of the service that made it: a way to end
    itself (so this module needs nothing of the service's)."""

    def _unsubscribe(self, sub: Subscription) -> None: ...


class Subscription:
    """A live watch. The callback runs in seq order, under the match's lock, in the
    acting thread (with a shared store: or in the thread that found the action in the
    store, e.g. the store's listener): it must be quick and must not call the service.
    It stops after the final update of a game, after :meth:`close`, or when the callback
    raises. Every live watch of one audience (one seat; all spectators) gets the same
    :class:`Update` object for an action, computed once: adapters may encode it once
    (by its identity) for all of them. A watch with a :class:`WatchChannel` gets its live
    updates through the channel (its callback gets only the catch-up); ``tag`` is the
    caller's, e.g. its own watch object, for the channel to find."""

    def __init__(
        self,
        service: Unsubscribing,
        sid: int,
        match_id: str,
        seat: int | None,
        seq: int,
        callback: UpdateCallback,
        channel: WatchChannel | None = None,
        tag: Any = None,
    ) -> None:
        self.id = sid
        self.match_id = match_id
        self.seat = seat
        #: The match's seq when the subscription started (after any catch-up).
        self.seq = seq
        self.active = False
        self._callback = callback
        self.channel = channel
        self.tag = tag
        self._service = service
        #: Whether it holds one of the store's follows of the match (shared stores).
        self._follows = False

    def close(self) -> None:
        """Stop receiving updates (idempotent)."""
        if self.active:
            self._service._unsubscribe(self)

    def __repr__(self) -> str:
        return f"<Subscription {self.id} match={self.match_id} seat={self.seat}>"


class WatchGroup:
    """The live watches of one match that share a channel and an audience (the
    service's bookkeeping: one :meth:`WatchChannel.publish` per group and action)."""

    __slots__ = ("channel", "members", "seat", "subs")

    def __init__(self, channel: WatchChannel, seat: int | None) -> None:
        self.channel = channel
        self.seat = seat
        self.subs: dict[int, Subscription] = {}
        #: ``subs`` as a tuple, made once per change of membership (not once per action)
        self.members: tuple[Subscription, ...] | None = None
