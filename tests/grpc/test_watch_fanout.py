"""gRPC Watch fan-out: each update is serialized once per audience (each seat; all
spectators share one) and every stream still gets the bytes a per-watcher
serialization gives."""

from __future__ import annotations

import random
import threading
from typing import Any

import grpc
from islandgames_grpc import SERVICE_NAME
from islandgames_grpc._gen import match_service_pb2 as pb
from islandgames_grpc.server import _update_kw

from islandgames.service import Update
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
                    message = pb.WatchResponse(
                        update=_update_kw(GAME, _per_watcher(service, token))
                    )
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
