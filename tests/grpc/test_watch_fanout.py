"""gRPC Watch fan-out: each update is serialized once per audience (each seat; all
spectators share one) and every stream still gets the bytes a per-watcher
serialization gives."""

from __future__ import annotations

import functools
import random
import threading
from typing import Any

import grpc
from islandgames_grpc import SERVICE_NAME
from islandgames_grpc._gen import match_service_pb2 as pb
from islandgames_grpc.envelope import to_pb

from islandgames.service import Update, envelope
from tests.grpc.grpc_kit import serving

GAME = "not-alone"
CONFIG = {"hunted": 1}  # two seats, each with a hand the other does not see


def _per_watcher(service: Any, token: str) -> Update:
    """The update of the match's last action for ``token``, computed for that watcher
    alone (a catch-up of that one action)."""
    seq = service.status(token).seq
    got: list[Update] = []
    service.watch(token, got.append, after_seq=seq - 1).close()
    assert [u.seq for u in got] == [seq]
    return got[0]


def test_watch_streams_get_the_per_watcher_bytes() -> None:
    with serving() as served:
        service = served.service
        m = service.create(GAME, CONFIG, 11)
        seats = [s.token for s in m.seats]
        tokens = [*seats, m.spectator_token, m.spectator_token]
        acts = 4
        channel = grpc.insecure_channel(served.target)
        try:
            watch = channel.unary_stream(
                f"/{SERVICE_NAME}/Watch", request_serializer=pb.WatchRequest.SerializeToString
            )  # no deserializer: each message's bytes as sent
            streams = [watch(pb.WatchRequest(token=t), timeout=20) for t in tokens]
            for s in streams:
                assert pb.WatchResponse.FromString(next(s)).HasField("started")
            received: list[list[bytes]] = [[] for _ in tokens]
            readers = [
                threading.Thread(
                    target=lambda s=s, out=out: out.extend(next(s) for _ in range(acts))
                )
                for s, out in zip(streams, received, strict=True)
            ]
            for r in readers:
                r.start()
            rng = random.Random(5)
            expected: list[list[bytes]] = [[] for _ in tokens]
            for _ in range(acts):
                status = service.status(seats[0])
                seat = rng.choice(status.to_act)
                legal = service.legal_actions(seats[seat])
                service.act(seats[seat], rng.choice(legal.actions), legal.seq)
                for out, token in zip(expected, tokens, strict=True):
                    update = _per_watcher(service, token)
                    message = to_pb(envelope.WatchResponse(update=update), GAME)
                    out.append(message.SerializeToString())
            for r in readers:
                r.join(20)
            assert received == expected
            assert expected[0] != expected[1] and expected[2] == expected[3]
            # one serialization per audience per action: 3 audiences
            assert len(served.server._encoded) == 3 * acts
            for s in streams:
                s.cancel()
        finally:
            channel.close()


# --- the fan-out's turns -------------------------------------------------------------------


class _Loop:
    """Runs what the fan-out schedules only when the test turns it."""

    def __init__(self) -> None:
        self.soon: list[Any] = []

    def call_soon_threadsafe(self, fn: Any) -> None:
        self.soon.append(fn)

    call_soon = call_soon_threadsafe

    def turn(self) -> None:
        soon, self.soon = self.soon, []
        for fn in soon:
            fn()


class _Sub:
    def __init__(self, tag: Any) -> None:
        self.tag = tag


def test_the_fan_out_wakes_a_bounded_number_of_streams_a_turn() -> None:
    from islandgames_grpc.server import GrpcServer, _Fanout, _StreamWatch

    from islandgames.service import MatchService

    server = GrpcServer(MatchService(), wakes_per_turn=3, max_backlog=2)
    loop = _Loop()
    fanout = _Fanout(server, loop)  # type: ignore[arg-type]
    watches = [_StreamWatch(server.max_backlog) for _ in range(7)]
    subs: Any = tuple(_Sub(w) for w in watches)
    update = Update("m", 1, 0, None, {}, (0,), False, None)
    fanout.publish(lambda: update, subs)
    assert len(loop.soon) == 1
    loop.turn()
    assert [len(w.pending) for w in watches] == [1, 1, 1, 0, 0, 0, 0]
    assert fanout.holds(subs[3]) and not fanout.holds(subs[0])
    server._in_flight = 1  # a call is being handled: one stream a turn
    loop.turn()
    assert [len(w.pending) for w in watches] == [1, 1, 1, 1, 0, 0, 0]
    server._in_flight = 0
    loop.turn()
    loop.turn()
    assert all(len(w.pending) == 1 and w.wake.is_set() for w in watches)
    assert not fanout.due and not loop.soon and not fanout.holds(subs[6])
    # a stream that falls behind its backlog is marked, not buffered without end
    for seq in (2, 3):
        late = Update("m", seq, 0, None, {}, (0,), False, None)
        fanout.publish(functools.partial(lambda u: u, late), subs[:1])
        loop.turn()
    assert watches[0].overflow and len(watches[0].pending) == 2
