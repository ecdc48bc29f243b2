"""Watch fan-out: an update is computed once per audience (each seat; all spectators
share one) and encoded once per audience by the MessagePack-RPC server, and every
watcher still gets exactly what a per-watcher computation and encoding give."""

from __future__ import annotations

import asyncio
import random
from collections import Counter
from typing import Any

import msgpack
import pytest
from islandgames_msgpackrpc.protocol import pack
from islandgames_msgpackrpc.server import RpcServer

from islandgames import get_game
from islandgames.service import MatchService, MemoryStore, Update

GAME = "not-alone"
CONFIG = {"hunted": 1}  # two seats, each with a hand the other does not see


def _play_one(service: MatchService, tokens: list[str], rng: random.Random) -> int:
    """One random legal act of a seat that may act; the acting seat."""
    status = service.status(tokens[0])
    seat = rng.choice(status.to_act)
    legal = service.legal_actions(tokens[seat])
    service.act(tokens[seat], rng.choice(legal.actions), legal.seq)
    return seat


def _per_watcher(service: MatchService, token: str) -> Update:
    """The update of the match's last action for ``token``, computed for that watcher
    alone (a catch-up of that one action: on the same states as the live update)."""
    seq = service.status(token).seq
    got: list[Update] = []
    service.watch(token, got.append, after_seq=seq - 1).close()
    assert [u.seq for u in got] == [seq]
    return got[0]


def test_one_update_per_audience_per_action(monkeypatch: pytest.MonkeyPatch) -> None:
    service = MatchService(MemoryStore())
    m = service.create(GAME, CONFIG, 7)
    seats = [s.token for s in m.seats]
    received: dict[str, list[Update]] = {}
    watchers = [*seats, *[m.spectator_token] * 50]
    for i, token in enumerate(watchers):
        got: list[Update] = []
        received[f"w{i}"] = got
        service.watch(token, got.append)

    game = get_game(GAME)
    cls = type(game)
    views: Counter[int | None] = Counter()
    redactions: Counter[int | None] = Counter()
    view, redact = cls.view, cls.redact_action

    def counting_view(self: Any, state: Any, viewer: int | None) -> Any:
        views[viewer] += 1
        return view(self, state, viewer)

    def counting_redact(
        self: Any, before: Any, seat: int, action: Any, viewer: Any, now: Any
    ) -> Any:
        redactions[viewer] += 1
        return redact(self, before, seat, action, viewer, now)

    monkeypatch.setattr(cls, "view", counting_view)
    monkeypatch.setattr(cls, "redact_action", counting_redact)
    rng = random.Random(3)
    acts = 5
    actors = []
    expected: list[tuple[Update, Update, Update]] = []
    for _ in range(acts):
        actors.append(_play_one(service, seats, rng))
        with monkeypatch.context() as uncounted:  # the reference: not the fan-out
            uncounted.setattr(cls, "view", view)
            uncounted.setattr(cls, "redact_action", redact)
            expected.append(
                tuple(_per_watcher(service, t) for t in (*seats, m.spectator_token))  # type: ignore[arg-type]
            )
    # the fan-out: one view and one redaction per audience per action; act's own result
    # adds one view of the acting seat
    for viewer in (0, 1, None):
        assert redactions[viewer] == acts
        assert views[viewer] == acts + actors.count(viewer)  # type: ignore[arg-type]
    monkeypatch.undo()

    # every watcher of one audience got the same objects, equal to per-watcher ones
    spectators = [received[f"w{i}"] for i in range(2, len(watchers))]
    for got in spectators:
        assert len(got) == acts
        assert all(a is b for a, b in zip(got, spectators[0], strict=True))
    for i, (seat0, seat1, spectator) in enumerate(expected):
        assert received["w0"][i] == seat0
        assert received["w1"][i] == seat1
        assert spectators[0][i] == spectator
    assert received["w0"][0] != received["w1"][0]  # the audiences do see differently


class _Frames:
    """A raw connection that keeps each received message's exact bytes."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.unpacker = msgpack.Unpacker(raw=False)
        self.data = b""  # every byte received
        self.pos = 0  # where the next message begins
        self.frames: list[tuple[Any, bytes]] = []

    async def next(self) -> tuple[Any, bytes]:
        while not self.frames:
            data = await asyncio.wait_for(self.reader.read(65536), 10)
            assert data, "the server closed the connection"
            self.unpacker.feed(data)
            self.data += data
            for value in self.unpacker:
                end = self.unpacker.tell()
                self.frames.append((value, self.data[self.pos : end]))
                self.pos = end
        return self.frames.pop(0)


def test_msgpack_notifications_are_the_per_watcher_bytes() -> None:
    async def body() -> None:
        service = MatchService(MemoryStore())
        server = RpcServer(service)
        port = await server.start_tcp(port=0)
        try:
            m = service.create(GAME, CONFIG, 11)
            seats = [s.token for s in m.seats]
            tokens = [*seats, m.spectator_token, m.spectator_token]
            conns = []
            subs = []
            for token in tokens:
                conn = _Frames(*await asyncio.open_connection("127.0.0.1", port))
                conn.writer.write(pack([0, 1, "watch", [token]]))
                (_, msgid, err, result), _ = await conn.next()
                assert (msgid, err) == (1, None)
                subs.append(result["subscription"])
                conns.append(conn)
            rng = random.Random(5)
            for _ in range(4):
                _play_one(service, seats, rng)
                for conn, token, sid in zip(conns, tokens, subs, strict=True):
                    value, raw = await conn.next()
                    # what the server sent before: the watcher's own update, its wire
                    # form with the subscription added, packed whole
                    body = _per_watcher(service, token).to_wire()
                    body["subscription"] = sid
                    assert raw == pack([2, "update", [body]])
                    assert value == [2, "update", [body]]
            for conn in conns:
                conn.writer.close()
        finally:
            await server.close()

    asyncio.run(asyncio.wait_for(body(), 30))
