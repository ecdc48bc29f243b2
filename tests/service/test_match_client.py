"""One scenario through every :class:`MatchClient`: the service in process
(:class:`LocalClient`), the blocking MessagePack-RPC client against a real TCP server
and the blocking gRPC client against a real gRPC server, each on its own service.
The results must be equal across the three (match ids and tokens, which are random,
replaced by their order of appearance), and mypy checks each class against the
protocol (:func:`_as_match_clients`)."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Coroutine, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

import attrs
import pytest
from islandgames_grpc import Client as GrpcClient
from islandgames_grpc import GrpcServer
from islandgames_msgpackrpc import Client as RpcClient
from islandgames_msgpackrpc import RpcServer, log_records

from islandgames.core.errors import IslandGamesError
from islandgames.service import (
    ActResult,
    Created,
    Forked,
    LayoutResult,
    LegalActions,
    LocalClient,
    MatchClient,
    MatchService,
    MatchWatch,
    MemoryStore,
    StaleSeqError,
    StateAtResult,
    Status,
    Update,
    ViewResult,
    error_to_wire,
)
from islandgames.service.client import WatchStarted

T = TypeVar("T")

TRANSPORTS = ("local", "msgpack", "grpc")


def _as_match_clients(
    local: LocalClient, rpc: RpcClient, grpc_client: GrpcClient
) -> tuple[MatchClient, MatchClient, MatchClient]:
    """Never called: mypy checks that each client is a MatchClient (and each watch a
    MatchWatch)."""
    watches: tuple[MatchWatch, MatchWatch, MatchWatch] = (
        local.watch(""),
        rpc.watch(""),
        grpc_client.watch(""),
    )
    del watches
    return local, rpc, grpc_client


@contextmanager
def _loop_thread() -> Iterator[Callable[[Coroutine[Any, Any, Any]], Any]]:
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, name="match-client-test", daemon=True)
    thread.start()

    def run(coro: Coroutine[Any, Any, T]) -> T:
        return asyncio.run_coroutine_threadsafe(coro, loop).result(30)

    try:
        yield run
    finally:
        loop.call_soon_threadsafe(loop.stop)
        thread.join(10)
        loop.close()


@contextmanager
def connected(transport: str) -> Iterator[Callable[[], MatchClient]]:
    """A function making clients of ``transport``, each on a new connection to one
    server (a new service in memory) that runs for the duration of the block."""
    service = MatchService(MemoryStore(), snapshot_every=4)
    try:
        if transport == "local":
            yield lambda: LocalClient(service)
            return
        with _loop_thread() as run:
            if transport == "msgpack":
                rpc = RpcServer(service)
                port = run(rpc.start_tcp("127.0.0.1", 0))
                try:
                    yield lambda: RpcClient(port=port, timeout=30)
                finally:
                    run(rpc.close())
            else:
                grpc_server = GrpcServer(service)
                gport = run(grpc_server.start("127.0.0.1", 0))
                try:
                    yield lambda: GrpcClient(f"127.0.0.1:{gport}", timeout=30)
                finally:
                    run(grpc_server.stop(1.0))
    finally:
        service.close()


# --- the scenario ---------------------------------------------------------------------------


class Recorder:
    """Collects results with every match id and token replaced by a stable name."""

    def __init__(self) -> None:
        self.names: dict[str, str] = {}
        self.items: list[tuple[str, Any]] = []

    def name(self, value: str, kind: str) -> str:
        return self.names.setdefault(value, f"<{kind}{len(self.names)}>")

    def learn(self, m: Created | Forked) -> None:
        self.name(m.match_id, "match")
        for s in m.seats:
            self.name(s.token, "token")
        self.name(m.spectator_token, "token")

    def add(self, label: str, value: Any) -> None:
        if attrs.has(type(value)) and hasattr(value, "to_wire"):
            value = (type(value).__name__, value.to_wire())
        self.items.append((label, self._norm(value)))

    def _norm(self, value: Any) -> Any:
        if isinstance(value, str):
            for real, name in self.names.items():  # also inside messages
                value = value.replace(real, name)
            return value
        if isinstance(value, dict):
            return {k: self._norm(v) for k, v in value.items()}
        if isinstance(value, list | tuple):
            return [self._norm(v) for v in value]
        return value


def _error(exc: IslandGamesError) -> tuple[str, dict[str, Any]]:
    """The exception's class and its wire form (code, message, details)."""
    return (type(exc).__name__, error_to_wire(exc))


def scenario(connect: Callable[[], MatchClient], game: str, config: Any) -> Recorder:
    """Everything a client can do, on one match played by first legal actions to its
    end."""
    rec = Recorder()
    with connect() as c, connect() as other:
        rec.add("games", c.games())
        rec.add("layout", c.layout(game))
        m = c.create(game, config, seed=0x5EED)
        rec.learn(m)
        assert isinstance(m, Created)
        rec.add("created", m)
        tokens = [s.token for s in m.seats]
        rec.add("status", c.status(m.spectator_token))
        rec.add("match_layout", c.match_layout(tokens[1]))
        for token in (m.spectator_token, *tokens):
            v = c.view(token)
            assert isinstance(v, ViewResult)
            rec.add("view", v)
            legal = c.legal_actions(token)
            assert isinstance(legal, LegalActions)
            rec.add("legal", legal)
        with c.watch(m.spectator_token) as watch:
            started = watch.started
            assert isinstance(started, WatchStarted) and started.active
            rec.add("started", attrs.asdict(started))
            to_act = m.to_act
            acts = 0
            redacted = None
            while to_act and acts < 2000:
                seat = to_act[0]
                # the other connection plays; the watch sees it on this one
                legal = other.legal_actions(tokens[seat])
                r = other.act(tokens[seat], legal.actions[0], legal.seq)
                assert isinstance(r, ActResult)
                rec.add("act", r)
                update = watch.next(30)
                assert isinstance(update, Update)
                rec.add("update", update)
                if acts == 3:
                    with pytest.raises(StaleSeqError) as stale:
                        other.act(tokens[seat], legal.actions[0], legal.seq)
                    rec.add("stale", (_error(stale.value), stale.value.current_seq))
                    if r.to_act:
                        s = c.status(tokens[r.to_act[0]])
                        assert isinstance(s, Status)
                        rec.add("status mid-game", s)
                        rec.add("state_at running", c.state_at(tokens[0], 2))
                    redacted = other.log(tokens[1])  # while it runs: seat 1's own log
                to_act = r.to_act
                acts += 1
            assert not to_act, "the match did not end"
            assert watch.next(1) is None  # the stream ended with the final update
        rec.add("status end", c.status(tokens[0]))
        log = c.log(m.spectator_token)
        rec.add("log", log_records(log))
        verdict = c.verify(log)
        assert verdict.verified
        rec.add("verify", verdict.to_wire())
        assert redacted is not None
        rec.add("redacted log", log_records(redacted))
        rec.add("verify redacted", c.verify(redacted, log).to_wire())
        at = c.state_at(tokens[0], 2)
        assert isinstance(at, StateAtResult) and at.view is not None
        rec.add("state_at", at)
        rec.add("state_at full", c.state_at(m.spectator_token, 2, True))
        f = c.fork(tokens[1], 2)
        assert isinstance(f, Forked)
        rec.learn(f)
        rec.add("fork", f)
        # the fork's header names its parent's (random) match id: its chain differs
        fork_status, fork_log = c.status(f.seats[0].token), c.log(f.spectator_token)
        assert fork_status.chain_hash == fork_log.chain_hash
        rec.add("fork status", attrs.evolve(fork_status, chain_hash="<fork chain>"))
        rec.add("fork verify", c.verify(fork_log).to_wire())
        # a watch of a finished game: the catch-up, then the end
        with other.watch(tokens[0], after_seq=acts - 2) as late:
            rec.add("late started", attrs.asdict(late.started))
            rec.add("late updates", [u.to_wire() for u in late])
        with other.watch(tokens[0]) as idle:
            assert not idle.started.active and idle.next(1) is None
        for bad in (
            lambda: c.status("igt_" + "x" * 43),
            lambda: c.state_at(tokens[0], 10_000),
            lambda: c.create("no-such-game"),
        ):
            with pytest.raises(IslandGamesError) as err:
                bad()
            rec.add("error", _error(err.value))
    return rec


@pytest.mark.parametrize(
    ("game", "config"),
    [
        ("forbidden-island", {"players": 2}),  # hidden decks, open hands
        ("not-alone", {"hunted": 2}),  # hidden hands, simultaneous secret choices
    ],
)
def test_the_same_scenario_gives_the_same_results_on_every_transport(
    game: str, config: Any
) -> None:
    results: dict[str, list[tuple[str, Any]]] = {}
    for transport in TRANSPORTS:
        with connected(transport) as connect:
            results[transport] = scenario(connect, game, config).items
    local = results["local"]
    assert len(local) > 40
    for transport in ("msgpack", "grpc"):
        got = results[transport]
        assert [label for label, _ in got] == [label for label, _ in local], transport
        for (label, value), (_, want) in zip(got, local, strict=True):
            assert value == want, (transport, label)


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_a_live_watch_closes_and_times_out(transport: str) -> None:
    with connected(transport) as connect, connect() as c:
        m = c.create("friday", None, 11)
        token = m.seats[0].token
        watch = c.watch(token)
        assert watch.started == WatchStarted(m.match_id, 0, 0, True)
        with pytest.raises(TimeoutError):
            watch.next(0.2)
        legal = c.legal_actions(token)
        c.act(token, legal.actions[0], legal.seq)
        update = watch.next(10)
        assert update is not None and update.seq == 1 and update.seat == 0
        watch.close()
        watch.close()  # idempotent
        c.act(token, c.legal_actions(token).actions[0], 1)
        assert c.status(token).seq == 2
        with c.watch(token, after_seq=0) as again:  # the catch-up, then live updates
            assert [again.next(10), again.next(10)] == [update, again_second(c, token)]


def again_second(c: MatchClient, token: str) -> Update:
    """The update of entry 2 as ``state_at`` and ``log`` describe it."""
    log = c.log(token)
    at = c.state_at(token, 2)
    entry = log.entries[1]
    return Update(
        match_id=at.match_id,
        seq=2,
        seat=entry.seat,
        action=entry.action,
        view=at.view,
        to_act=at.to_act,
        over=at.over,
        outcome=at.outcome,
        may_act=c.status(token).may_act,
    )


@pytest.mark.parametrize(
    "cls",
    [
        Created,
        ActResult,
        ViewResult,
        StateAtResult,
        Forked,
        LegalActions,
        Status,
        Update,
        LayoutResult,
    ],
)
def test_results_come_back_from_their_wire_form(cls: Any) -> None:
    with LocalClient() as c:
        m = c.create("friday", None, 3)
        token = m.seats[0].token
        while (legal := c.legal_actions(token)).actions:
            c.act(token, legal.actions[0], legal.seq)
        updates: list[Update] = []
        with c.watch(token, after_seq=0) as w:
            updates.extend(w)
        samples: dict[type, Any] = {
            Created: m,
            ActResult: None,
            ViewResult: c.view(token),
            StateAtResult: c.state_at(token, 1, True),
            Forked: c.fork(token, 1),
            LegalActions: c.legal_actions(m.spectator_token),
            Status: c.status(token),
            Update: updates[0],
            LayoutResult: c.match_layout(token),
        }
        m2 = c.create("friday", None, 4)
        t2 = m2.seats[0].token
        samples[ActResult] = c.act(t2, c.legal_actions(t2).actions[0], 0)
    value = samples[cls]
    assert cls.from_wire(value.to_wire()) == value
    assert cls.from_wire({**value.to_wire(), "added_later": 1}) == value  # newer servers
    with pytest.raises(ValueError, match="cannot decode"):
        cls.from_wire({"match_id": 7})
    with pytest.raises(ValueError, match="expected a map"):
        cls.from_wire([])
