"""Bounded work for AI seats (issue 38): the per-decision budgets (iterations refused
at create, CPU time abandoning a decision), the caps on calls waiting on AI play
(``OVERLOADED``), and the attack that used to starve the server: a client filling the
AI workers with searches of absurd budgets, from a second loopback address. Other
clients keep being served, and once the attacker is gone nothing searches any more.

CPU is measured per worker thread (``pthread_getcpuclockid``), so other tests running
in the process cannot make an idle pool look busy."""

from __future__ import annotations

import asyncio
import contextlib
import io
import socket
import sys
import threading
import time
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any, TypeVar

import pytest
from islandgames_grpc import AsyncClient as GrpcAsyncClient
from islandgames_msgpackrpc import AsyncClient, RpcServer
from islandgames_msgpackrpc.app import add_server_arguments

import islandgames
from islandgames.bots import (
    Budget,
    BudgetExceededError,
    SearchCancelledError,
    current_budget,
    get_bot,
)
from islandgames.core.errors import IslandGamesError
from islandgames.core.log import ReplayLog, write_log
from islandgames.core.rng import Rng
from islandgames.service import InvalidArgumentError, MatchService, MemoryStore, SqliteStore
from islandgames.service.ai import (
    DEFAULT_AI_LIMITS,
    AiLimits,
    Caller,
    ai_limits_from_args,
)
from islandgames.service.errors import OverloadedError, ProtocolError, StoreError
from tests.grpc.grpc_kit import serving as grpc_serving

T = TypeVar("T")

#: the attack of the issue: a search that would never end on its own
ATTACK = "mcts:iterations=1000000000"
#: a server whose only bound on the attack is that it must not starve anybody
ATTACKABLE = AiLimits(
    max_iterations=10**9, cpu_seconds=600.0, workers=2, max_calls=8, max_calls_per_client=4
)
#: how long another client's call may take while the attack runs (generous: the point is
#: that it is answered at all; before the fix, a log got no answer within 10 s)
SERVED_WITHIN = 10.0


def run(coro: Coroutine[Any, Any, T], timeout: float = 120.0) -> T:
    async def bounded() -> T:
        return await asyncio.wait_for(coro, timeout)

    return asyncio.run(bounded())


def _bytes(log: ReplayLog) -> bytes:
    buf = io.BytesIO()
    write_log(log, buf)
    return buf.getvalue()


def ai_threads(service: MatchService) -> list[threading.Thread]:
    """The service's AI workers alive now (not the threads its calls wait in)."""
    return [t for t in service.ai_pool._threads if t.is_alive()]


def ai_cpu(service: MatchService) -> float:
    """CPU seconds used so far by the service's AI workers alive now."""
    total = 0.0
    for t in ai_threads(service):
        assert t.ident is not None
        with contextlib.suppress(OSError, ProcessLookupError):  # it ended meanwhile
            total += time.clock_gettime(time.pthread_getcpuclockid(t.ident))
    return total


def ai_cpu_over(service: MatchService, seconds: float) -> float:
    """CPU seconds the service's AI workers use in the next ``seconds``."""
    before = ai_cpu(service)
    time.sleep(seconds)
    return ai_cpu(service) - before


def wait_until(cond: Callable[[], bool], timeout: float = 30.0, what: str = "") -> None:
    end = time.monotonic() + timeout
    while not cond():
        assert time.monotonic() < end, f"timed out waiting for {what or cond}"
        time.sleep(0.02)


async def async_until(cond: Callable[[], bool], timeout: float = 30.0, what: str = "") -> None:
    end = time.monotonic() + timeout
    while not cond():
        assert time.monotonic() < end, f"timed out waiting for {what or cond}"
        await asyncio.sleep(0.02)


def finished_human_match(service: MatchService, seed: int = 5) -> tuple[str, int]:
    """A Friday match played to its end by a client (no AI seats): its token and
    length, for the reads (log, verify, state_at, fork) of the attack tests."""
    m = service.create("friday", {"level": 1}, seed=seed)
    token = m.seats[0].token
    n = 0
    while not (st := service.status(token)).over:
        legal = service.legal_actions(token)
        service.act(token, legal.actions[n % len(legal.actions)], legal.seq)
        n += 1
    return token, st.seq


# --- the budget -------------------------------------------------------------------------------


def test_a_budget_stops_a_decision_when_cancelled_or_past_its_cpu_time() -> None:
    assert current_budget() is None
    with Budget(cancelled=lambda: True) as b:
        assert current_budget() is b
        with pytest.raises(SearchCancelledError, match="cancelled"):
            b.check()
    assert current_budget() is None
    with Budget(cpu_seconds=0.02) as b:
        b.check()  # nothing used yet
        with pytest.raises(BudgetExceededError) as info:
            for _ in range(10**9):
                b.check()
        assert info.value.limit == 0.02 and info.value.used > 0.02
        assert isinstance(info.value, IslandGamesError) and isinstance(info.value, RuntimeError)
    with Budget(cpu_seconds=5) as outer:
        with Budget(cancelled=lambda: False) as inner:
            assert current_budget() is inner
        assert current_budget() is outer
    for bad in (0, -1.0, float("inf"), float("nan"), True, "1"):
        with pytest.raises(ValueError, match="cpu_seconds"):
            Budget(cpu_seconds=bad)  # type: ignore[arg-type]


def test_mcts_checks_its_budget_every_iteration() -> None:
    game = islandgames.get_game("forbidden-island")
    state = game.new(3, game.decode_config({"players": 2}))
    seat = game.to_act(state)[0]
    legal = game.legal_actions(state, seat)
    assert len(legal) > 1
    bot = get_bot("forbidden-island", ATTACK)
    checks = 0

    def cancelled() -> bool:
        nonlocal checks
        checks += 1
        return checks > 5

    with Budget(cancelled=cancelled), pytest.raises(SearchCancelledError):
        bot.choose(game, game.view(state, seat), legal, Rng.from_seed(1))
    assert checks == 6
    # outside a budget the bot decides as before: the same choice with and without one
    small = get_bot("forbidden-island", "mcts:iterations=5")
    free = small.choose(game, game.view(state, seat), legal, Rng.from_seed(1))[0]
    with Budget(cpu_seconds=60, cancelled=lambda: False):
        bounded = small.choose(game, game.view(state, seat), legal, Rng.from_seed(1))[0]
    assert bounded == free


# --- iterations: refused at create ------------------------------------------------------------


def test_a_spec_beyond_the_iteration_limit_is_refused_naming_the_limit() -> None:
    service = MatchService()
    assert service.ai_limits == DEFAULT_AI_LIMITS
    with pytest.raises(InvalidArgumentError) as info:
        service.create("friday", None, 1, None, [{"seat": 0, "bot": ATTACK}])
    assert "ai_max_iterations" in str(info.value) and "--ai-max-iterations" in str(info.value)
    assert info.value.details == {
        "limit": "ai_max_iterations",
        "max": DEFAULT_AI_LIMITS.max_iterations,
        "asked": 10**9,
    }
    assert service.store.match_ids() == ()  # nothing stored
    # every documented spec is served by the default: the largest asks for 400
    service.create("forbidden-island", {"players": 2}, 1, None, {1: "mcts:iterations=400"})
    strict = MatchService(ai_limits=AiLimits(max_iterations=50))
    strict.create("forbidden-island", {"players": 2}, 1, None, {1: "mcts:iterations=50"})
    with pytest.raises(InvalidArgumentError, match="at most 50") as info:
        strict.create("forbidden-island", {"players": 2}, 1, None, {1: "mcts:iterations=51"})
    assert info.value.details["asked"] == 51
    # the bare mcts asks for its default iterations: refused where they are too many
    with pytest.raises(InvalidArgumentError, match="200 iterations"):
        MatchService(ai_limits=AiLimits(max_iterations=100)).create(
            "forbidden-island", {"players": 2}, 1, None, {1: "mcts"}
        )
    assert len(strict.store.match_ids()) == 1


@pytest.mark.parametrize("transport", ["msgpack", "grpc"])
def test_the_refusal_travels_over_both_protocols(transport: str) -> None:
    from tests.service.test_match_client import connected

    with connected(transport) as make:
        client = make()
        with pytest.raises(InvalidArgumentError) as info:
            client.create("friday", None, 1, None, {0: ATTACK})
        assert getattr(info.value, "details", {}) == {
            "limit": "ai_max_iterations",
            "max": 1000,
            "asked": 10**9,
        }
        assert "at most 1000" in str(info.value)
        client.close()


def test_the_serve_options_set_the_limits() -> None:
    import argparse

    parser = argparse.ArgumentParser()
    add_server_arguments(parser)
    assert ai_limits_from_args(parser.parse_args([])) == DEFAULT_AI_LIMITS
    args = parser.parse_args(
        [
            "--ai-max-iterations",
            "5000",
            "--ai-cpu-seconds",
            "2.5",
            "--ai-workers",
            "3",
            "--ai-max-calls",
            "10",
            "--ai-max-calls-per-client",
            "2",
        ]
    )
    assert ai_limits_from_args(args) == AiLimits(
        max_iterations=5000, cpu_seconds=2.5, workers=3, max_calls=10, max_calls_per_client=2
    )
    for bad in ("--ai-max-iterations 0", "--ai-cpu-seconds -1", "--ai-cpu-seconds nan",
                "--ai-workers x", "--ai-max-calls-per-client 0"):  # fmt: skip
        with pytest.raises(SystemExit) as info:
            parser.parse_args(bad.split())
        assert info.value.code == 2
    for bad_limits in ({"max_iterations": 0}, {"cpu_seconds": 0}, {"workers": True}):
        with pytest.raises(ValueError):
            AiLimits(**bad_limits)


def test_serve_refuses_a_spec_past_its_ai_max_iterations_option() -> None:
    async def main() -> None:
        client = await AsyncClient.spawn(
            [sys.executable, "-m", "islandgames_msgpackrpc", "--stdio", "--memory",
             "--ai-max-iterations", "20"]
        )  # fmt: skip
        try:
            with pytest.raises(InvalidArgumentError, match="at most 20") as info:
                await client.create("friday", None, 1, None, {0: "mcts:iterations=21"})
            assert getattr(info.value, "details", {}).get("max") == 20
            fi = {"players": 2}
            m = await client.create("forbidden-island", fi, 1, None, {1: "mcts:iterations=20"})
            assert m["seats"][1]["bot"] == "mcts:iterations=20"
        finally:
            await client.close()

    run(main())


# --- CPU time: a decision past it is abandoned, and played after a restart ----------------


CHEAP = "mcts:iterations=8,max_rollout_decisions=10"


def test_a_decision_past_its_cpu_budget_stores_nothing_and_a_restart_plays_it(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    ref = MatchService()
    r = ref.create("friday", {"level": 1}, seed=11, ai_seats={0: CHEAP})
    assert ref.status(r.spectator_token).over
    want = _bytes(ref.log(r.spectator_token))

    path = tmp_path / "m.db"
    tight = MatchService(SqliteStore(path), ai_limits=AiLimits(cpu_seconds=0.001))
    with caplog.at_level("ERROR", logger="islandgames.service"):
        m = tight.create("friday", {"level": 1}, seed=11, ai_seats={0: CHEAP})
        st = tight.status(m.spectator_token)  # tries again, once: still past the budget
    assert "(serve --ai-cpu-seconds); the match waits on it" in caplog.text
    assert st.to_act == (0,) and not st.over and st.seq == m.seq < r.seq
    assert tight.ai_pool.tasks() == 0  # nothing goes on searching
    stuck = tight.log(m.spectator_token)
    assert stuck.entries == ref.log(r.spectator_token).entries[: st.seq]  # as far as it got
    tight.close()

    again = MatchService(SqliteStore(path))
    assert again.status(m.spectator_token).over  # the load plays on, as one life did
    assert _bytes(again.log(m.spectator_token)) == want
    again.close()


# --- the caps on calls waiting on AI play -------------------------------------------------


def test_calls_waiting_on_ai_play_are_capped_per_address_and_in_all() -> None:
    service = MatchService(ai_limits=AiLimits(max_calls=6, max_calls_per_client=4))
    pool = service.ai_pool
    mine = [Caller("10.0.0.1") for _ in range(4)]
    for c in mine:
        pool.admit(c)
    with pytest.raises(OverloadedError) as info:
        pool.admit(Caller("10.0.0.1"))
    assert info.value.code == "OVERLOADED"
    assert info.value.details == {"limit": "ai_max_calls_per_client", "max": 4}
    assert "--ai-max-calls-per-client" in str(info.value)
    other = [Caller("10.0.0.2"), Caller("10.0.0.3")]
    for c in other:
        pool.admit(c)
    with pytest.raises(OverloadedError) as info:
        pool.admit(Caller("10.0.0.4"))
    assert info.value.details == {"limit": "ai_max_calls", "max": 6}
    assert pool.in_flight() == (6, {"10.0.0.1": 4, "10.0.0.2": 1, "10.0.0.3": 1})
    pool.admit(Caller())  # in process: not counted
    # an OVERLOADED create stores nothing; one without AI seats is not counted at all
    with pytest.raises(OverloadedError):
        service.create("friday", None, 1, None, {0: "random"}, caller=Caller("10.0.0.1"))
    assert service.store.match_ids() == ()
    plain = service.create("friday", None, 1, caller=Caller("10.0.0.1"))
    assert service.status(plain.seats[0].token, caller=Caller("10.0.0.1")).seq == 0
    for c in [*mine, *other]:
        pool.release(c)
        pool.release(c)  # idempotent
    assert pool.in_flight() == (0, {})
    m = service.create("friday", None, 1, None, {0: "random"}, caller=Caller("10.0.0.1"))
    assert m.to_act == () and pool.in_flight() == (0, {})  # released when it returned
    service.close()


# --- cancellation ----------------------------------------------------------------------------


def test_closing_the_service_stops_its_searches() -> None:
    service = MatchService(ai_limits=ATTACKABLE)
    outcome: list[Any] = []

    def create() -> None:
        try:
            outcome.append(service.create("friday", None, 2, None, {0: ATTACK}))
        except Exception as exc:  # what it raises once the store is closed is secondary
            outcome.append(exc)

    t = threading.Thread(target=create)
    t.start()
    wait_until(lambda: service.ai_pool.tasks() == 1, what="the search to start")
    assert ai_cpu_over(service, 0.3) > 0.01  # it searches
    service.close()
    t.join(10)
    assert not t.is_alive() and outcome
    wait_until(lambda: not ai_threads(service), 10, "the AI workers to end")
    assert service.ai_pool.tasks() == 0


def test_a_dropped_match_stops_its_search() -> None:
    service = MatchService(ai_limits=ATTACKABLE)
    done = threading.Event()

    def create() -> None:
        try:
            service.create("friday", None, 2, None, {0: ATTACK})
        finally:
            done.set()

    threading.Thread(target=create, daemon=True).start()
    wait_until(lambda: service.ai_pool.tasks() == 1, what="the search to start")
    (live,) = list(service._cache.values())
    with live.lock:
        service._drop(live)  # as a store error does
    wait_until(lambda: service.ai_pool.tasks() == 0, 10, "the search to stop")
    assert done.wait(10)
    assert ai_cpu_over(service, 0.3) < 0.05
    service.close()


def test_a_store_failure_under_an_ai_action_ends_the_play_and_loses_nothing(
    caplog: pytest.LogCaptureFixture,
) -> None:
    ref = MatchService()
    r = ref.create("friday", None, 4, None, {0: "heuristic"})
    want = _bytes(ref.log(r.spectator_token))

    service = MatchService(MemoryStore())
    append = service.store.append
    calls = 0

    def failing(match_id: str, entry: Any, snapshot: Any) -> None:
        nonlocal calls
        calls += 1
        if calls == 3:
            raise StoreError("disk full")
        append(match_id, entry, snapshot)

    service.store.append = failing  # type: ignore[method-assign]
    with caplog.at_level("ERROR", logger="islandgames.service"):
        m = service.create("friday", None, 4, None, {0: "heuristic"})
    assert "cannot store AI entry 3" in caplog.text
    assert service.ai_pool.tasks() == 0 and not service._cache  # dropped: reloaded next
    (match_id,) = service.store.match_ids()
    assert len(service.store.load(match_id).entries) == 2
    assert service.status(m.spectator_token).over  # reloaded, and played on
    assert _bytes(service.log(m.spectator_token)) == want
    service.close()


# --- the attack, over MessagePack-RPC from a second loopback address ------------------------


async def connect_from(source: str, port: int) -> AsyncClient:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind((source, 0))
    sock.setblocking(False)
    await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", port))
    reader, writer = await asyncio.open_connection(sock=sock)
    return AsyncClient(reader, writer)


async def timed(latencies: list[float], call: Coroutine[Any, Any, T]) -> T:
    start = time.monotonic()
    result = await asyncio.wait_for(call, SERVED_WITHIN)
    latencies.append(time.monotonic() - start)
    return result


def test_an_ai_attack_over_msgpack_starves_nobody_and_ends_with_the_attacker() -> None:
    service = MatchService(MemoryStore(), snapshot_every=4, ai_limits=ATTACKABLE)
    token, length = finished_human_match(service)

    async def main() -> None:
        server = RpcServer(service)
        port = await server.start_tcp("127.0.0.1", 0)
        try:
            attackers = [await connect_from("127.0.0.2", port) for _ in range(6)]
            calls = [
                asyncio.ensure_future(a.create("friday", None, i, None, {0: ATTACK}))
                for i, a in enumerate(attackers)
            ]
            # four are admitted (the per-address cap) and played; two are refused at once
            refused = 0
            for call in asyncio.as_completed(calls[:6], timeout=SERVED_WITHIN):
                try:
                    await call
                except ProtocolError as exc:
                    assert exc.code == "OVERLOADED", exc
                    assert "--ai-max-calls-per-client" in str(exc)
                    assert getattr(exc, "details", {}).get("limit") == "ai_max_calls_per_client"
                    refused += 1
                if refused == 2:
                    break
            await async_until(lambda: service.ai_pool.in_flight() == (4, {"127.0.0.2": 4}))
            await async_until(lambda: service.ai_pool.tasks() == 4)
            assert await asyncio.to_thread(ai_cpu_over, service, 0.5) > 0.02  # both workers search

            # another client is served: reads, verification, time travel, forks, acts
            latencies: list[float] = []
            victim = await AsyncClient.connect(port=port)
            for _ in range(5):
                assert await timed(latencies, victim.echo("ping")) == "ping"
            records = await timed(latencies, victim.log_records(token))
            verdict = await timed(latencies, victim.verify(records))
            assert verdict["status"] == "verified"
            at = await timed(latencies, victim.state_at(token, length // 2))
            assert at["seq"] == length // 2
            forked = await timed(latencies, victim.fork(token, length // 2))
            mine = await timed(latencies, victim.create("forbidden-island", {"players": 2}, 3))
            t = mine["seats"][0]["token"]
            legal = await timed(latencies, victim.legal_actions(t))
            acted = await timed(latencies, victim.act(t, legal["actions"][0], legal["seq"]))
            assert acted["seq"] == 1 and forked["seq"] == length // 2
            # a read of an attacker's match answers as it is, while its search runs
            st = await timed(latencies, victim.status(forked["spectator_token"]))
            assert st["seq"] == length // 2
            assert max(latencies) < SERVED_WITHIN
            await victim.close()

            # the attacker leaves: its searches stop, nothing is left in flight
            for a in attackers:
                await a.close()
            await async_until(
                lambda: service.ai_pool.tasks() == 0 and service.ai_pool.in_flight() == (0, {}),
                15,
                "the attacker's searches to stop",
            )
            for call in calls:
                call.cancel()
            assert await asyncio.to_thread(ai_cpu_over, service, 0.5) < 0.05  # idle
        finally:
            await server.close()

    try:
        run(main())
    finally:
        service.close()


# --- the same attack over gRPC ------------------------------------------------------------------


def test_an_ai_attack_over_grpc_starves_nobody_and_ends_with_the_attacker() -> None:
    service = MatchService(MemoryStore(), snapshot_every=4, ai_limits=ATTACKABLE)
    token, length = finished_human_match(service)

    # gRPC clients cannot pick their source address: here every connection (its peer
    # address and port) counts as one client address
    def per_connection(context: Any) -> str:
        return str(context.peer())

    with grpc_serving(service, peer_key=per_connection) as served:

        async def main() -> None:
            attacker = GrpcAsyncClient(served.target, timeout=600)
            calls = [
                asyncio.ensure_future(attacker.create("friday", None, i, None, {0: ATTACK}))
                for i in range(6)
            ]
            refused = 0
            for call in asyncio.as_completed(calls, timeout=SERVED_WITHIN):
                try:
                    await call
                except ProtocolError as exc:
                    assert exc.code == "OVERLOADED", exc
                    details = getattr(exc, "details", {})
                    assert details == {"limit": "ai_max_calls_per_client", "max": 4}, details
                    refused += 1
                if refused == 2:
                    break
            await async_until(lambda: service.ai_pool.tasks() == 4)
            (count, by_client) = service.ai_pool.in_flight()
            assert count == 4 and list(by_client.values()) == [4]
            assert await asyncio.to_thread(ai_cpu_over, service, 0.5) > 0.02

            latencies: list[float] = []
            victim = GrpcAsyncClient(served.target, timeout=SERVED_WITHIN)
            log = await timed(latencies, victim.log(token))
            verdict = await timed(latencies, victim.verify(log))
            assert verdict.status == "verified"
            at = await timed(latencies, victim.state_at(token, length // 2))
            assert at.seq == length // 2
            forked = await timed(latencies, victim.fork(token, length // 2))
            assert forked.seq == length // 2
            mine = await timed(latencies, victim.create("forbidden-island", {"players": 2}, 3))
            t = mine.seats[0].token
            legal = await timed(latencies, victim.legal_actions(t))
            acted = await timed(latencies, victim.act(t, legal.actions[0], legal.seq))
            assert acted.seq == 1
            assert max(latencies) < SERVED_WITHIN
            await victim.close()

            await attacker.close()  # its calls are cancelled: so are their searches
            await async_until(
                lambda: service.ai_pool.tasks() == 0 and service.ai_pool.in_flight() == (0, {}),
                15,
                "the attacker's searches to stop",
            )
            for call in calls:
                call.cancel()
            assert await asyncio.to_thread(ai_cpu_over, service, 0.5) < 0.05

        run(main())
