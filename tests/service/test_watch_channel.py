"""Watch channels: the service hands a channel one update per action and audience with
all of that audience's watches (so an act costs one call however many watch), and the
MessagePack-RPC fan-out delivers them in slices that let calls go first (issue 13)."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import Any

import pytest
from islandgames_msgpackrpc.server import RpcServer, _Fanout

from islandgames.service import MatchService, Subscription, Update

GAME = "not-alone"
CONFIG = {"hunted": 1}  # two seats with hidden hands: three audiences with a spectator


class Channel:
    def __init__(self, fail: bool = False) -> None:
        self.calls: list[tuple[Update, tuple[Subscription, ...]]] = []
        self.fail = fail

    def publish(self, update: Callable[[], Update], subs: tuple[Subscription, ...]) -> None:
        self.calls.append((update(), subs))
        if self.fail:
            raise RuntimeError("broken channel")


def _play(service: MatchService, tokens: list[str], acts: int, seed: int = 5) -> None:
    rng = random.Random(seed)
    for _ in range(acts):
        status = service.status(tokens[0])
        seat = rng.choice(status.to_act)
        legal = service.legal_actions(tokens[seat])
        service.act(tokens[seat], rng.choice(legal.actions), legal.seq)


def test_one_publish_per_action_and_audience_with_every_watch_of_it() -> None:
    service = MatchService()
    m = service.create(GAME, CONFIG, 11)
    seats = [s.token for s in m.seats]
    channel = Channel()
    plain: list[Update] = []
    spectators = [service.watch(m.spectator_token, plain.append, channel=channel, tag=i)
                  for i in range(50)]  # fmt: skip
    seat0 = service.watch(seats[0], plain.append, channel=channel, tag="seat0")
    alone: list[Update] = []
    service.watch(m.spectator_token, alone.append)  # no channel: its callback, as before
    _play(service, seats, 3)
    assert len(channel.calls) == 3 * 2  # per action: the spectators and seat 0
    by_seat: dict[int | None, list[tuple[Update, tuple[Subscription, ...]]]] = {}
    for update, subs in channel.calls:
        by_seat.setdefault(subs[0].seat, []).append((update, subs))
    assert [len(v) for v in by_seat.values()] == [3, 3]
    for _, subs in by_seat[None]:
        assert subs == tuple(spectators) and [s.tag for s in subs] == list(range(50))
    assert [u for u, _ in by_seat[None]] == alone  # the same Update objects, one per audience
    assert all(subs == (seat0,) for _, subs in by_seat[0])
    assert not plain  # the channel's watches get their live updates through it only
    # one watch closed: the next publish leaves it out
    spectators[3].close()
    _play(service, seats, 1, seed=6)
    last = [subs for _, subs in channel.calls[-2:] if subs[0].seat is None]
    assert len(last) == 1 and spectators[3] not in last[0] and len(last[0]) == 49


def test_catch_up_goes_to_the_callback_and_the_rest_to_the_channel() -> None:
    service = MatchService()
    m = service.create(GAME, CONFIG, 11)
    seats = [s.token for s in m.seats]
    _play(service, seats, 3)
    channel = Channel()
    caught: list[Update] = []
    sub = service.watch(m.spectator_token, caught.append, after_seq=1, channel=channel)
    assert [u.seq for u in caught] == [2, 3]
    _play(service, seats, 2, seed=7)
    assert [u.seq for u, _ in channel.calls] == [4, 5]
    assert all(subs == (sub,) for _, subs in channel.calls)


def test_a_channel_that_raises_loses_its_watches_only() -> None:
    service = MatchService()
    m = service.create(GAME, CONFIG, 11)
    seats = [s.token for s in m.seats]
    broken, good = Channel(fail=True), Channel()
    lost = [service.watch(m.spectator_token, lambda u: None, channel=broken) for _ in range(3)]
    kept = service.watch(m.spectator_token, lambda u: None, channel=good)
    _play(service, seats, 2)
    assert len(broken.calls) == 1 and not any(s.active for s in lost)
    assert len(good.calls) == 2 and kept.active


def test_the_final_update_is_published_then_the_watches_end() -> None:
    service = MatchService()
    m = service.create("friday", None, 3)
    token = m.seats[0].token
    channel = Channel()
    sub = service.watch(m.spectator_token, lambda u: None, channel=channel)
    while not service.status(token).over:
        legal = service.legal_actions(token)
        service.act(token, legal.actions[0], legal.seq)
    assert channel.calls[-1][0].over and not sub.active


# --- the MessagePack-RPC fan-out --------------------------------------------------------


class FakeLoop:
    """Runs what the fan-out schedules only when the test turns it."""

    def __init__(self) -> None:
        self.soon: list[Callable[[], None]] = []

    def call_soon_threadsafe(self, fn: Callable[[], None]) -> None:
        self.soon.append(fn)

    def call_soon(self, fn: Callable[[], None]) -> None:
        self.soon.append(fn)

    def turn(self) -> None:
        soon, self.soon = self.soon, []
        for fn in soon:
            fn()


class FakeWatch:
    def __init__(self, name: str, got: list[tuple[str, int]]) -> None:
        self.name = name
        self.got = got

    def deliver(self, update: Update, encoded: Any = None) -> None:
        self.got.append((self.name, update.seq))


class FakeSub:
    def __init__(self, tag: FakeWatch) -> None:
        self.tag = tag


def _update(seq: int) -> Update:
    return Update("m", seq, 0, None, {}, (0,), False, None)


def _fanout(**kw: Any) -> tuple[_Fanout, FakeLoop, RpcServer]:
    server = RpcServer(MatchService(), **kw)
    loop = FakeLoop()
    return _Fanout(server, loop), loop, server  # type: ignore[arg-type]


def test_the_fan_out_yields_to_waiting_input_one_delivery_a_turn() -> None:
    fanout, loop, server = _fanout(delivery_slice=10.0)
    got: list[tuple[str, int]] = []
    subs: Any = tuple(FakeSub(FakeWatch(f"w{i}", got)) for i in range(20))
    fanout.publish(lambda: _update(1), subs)
    fanout.publish(lambda: _update(2), subs)
    assert len(loop.soon) == 1  # one wake-up of the loop for both
    server._inbound = 1  # a connection has input not yet handled
    loop.turn()
    assert got == [("w0", 1)]
    loop.turn()
    assert got == [("w0", 1), ("w1", 1)]
    server._inbound = 0  # handled: the rest within the (long) slice, in order
    loop.turn()
    assert got == [(f"w{i}", 1) for i in range(20)] + [(f"w{i}", 2) for i in range(20)]
    assert not loop.soon and not fanout.due and not fanout.scheduled
    fanout.publish(lambda: _update(3), subs[:1])  # a later update wakes the loop again
    loop.turn()
    assert got[-1] == ("w0", 3)


def test_the_fan_out_stops_yielding_past_its_backlog_bound() -> None:
    fanout, loop, server = _fanout(delivery_slice=10.0, max_backlog=2)
    got: list[tuple[str, int]] = []
    subs: Any = (FakeSub(FakeWatch("w", got)),)
    for seq in range(1, 6):
        fanout.publish(functools.partial(_update, seq), subs)
    server._inbound = 1
    loop.turn()
    # over the bound it goes on while input waits, until 2 updates are left due
    assert got == [("w", 1), ("w", 2), ("w", 3)]
    loop.turn()
    assert got[-1] == ("w", 4)


def test_fan_out_options_are_checked() -> None:
    with pytest.raises(ValueError, match="delivery_slice"):
        RpcServer(MatchService(), delivery_slice=0)
    with pytest.raises(ValueError, match="max_backlog"):
        RpcServer(MatchService(), max_backlog=0)
