"""StateAt and Fork over gRPC (issue 17), with the blocking and the asyncio client, and
forked logs (header ``parent``) through GetLog and VerifyLog."""

from __future__ import annotations

import io
import random
from typing import Any

import grpc
import pytest
from islandgames_grpc import AsyncClient, Client
from islandgames_grpc._gen import match_service_pb2 as pb
from islandgames_grpc.server import log_records, log_to_pb

from islandgames import History, fork, verify_fork, verify_log, write_log
from islandgames.core import serde
from islandgames.core.log import parse_records
from islandgames.service import (
    Forked,
    GameNotOverError,
    InvalidArgumentError,
    InvalidTokenError,
    PermissionDeniedError,
    StateAtResult,
)
from tests.grpc.grpc_kit import Served
from tests.grpc.test_server import rpc_error, trailers


def play_out(client: Client, tokens: dict[int, str], seed: int, limit: int = 100_000) -> int:
    rng = random.Random(seed)
    any_token = next(iter(tokens.values()))
    for _ in range(limit):
        st = client.status(any_token)
        if st.over:
            return st.seq
        seat = rng.choice(st.to_act)
        legal = client.legal_actions(tokens[seat])
        client.act(tokens[seat], rng.choice(legal.actions), legal.seq)
    raise AssertionError("the game did not end")


def tokens_of(m: Any) -> dict[int, str]:
    return {s.seat: s.token for s in m.seats}


def test_state_at_over_grpc_is_the_services_answer(client: Client, served: Served) -> None:
    m = client.create("not-alone", None, seed=13)
    tokens = tokens_of(m)
    rng = random.Random(3)
    running: list[tuple[int | None, int, Any]] = []
    for _ in range(30):
        st = client.status(m.spectator_token)
        actor = rng.choice(st.to_act)
        legal = client.legal_actions(tokens[actor])
        client.act(tokens[actor], rng.choice(legal.actions), legal.seq)
    current = client.status(m.spectator_token).seq
    viewers: list[tuple[int | None, str]] = [*tokens.items(), (None, m.spectator_token)]
    for seat, token in viewers:
        for seq in (0, 7, current):
            r = client.state_at(token, seq)
            assert isinstance(r, StateAtResult)
            assert r == served.service.state_at(token, seq)
            assert r.seat == seat and r.current_seq == current and not r.full and r.state is None
            assert r.view is not None
            for h in r.view["hunted"]:
                if h["seat"] != seat:
                    assert h["hand"] is None
            running.append((seat, seq, r.view))
    with pytest.raises(GameNotOverError, match="still running") as err:
        client.state_at(tokens[1], 3, True)
    assert err.value.code == "GAME_NOT_OVER"  # type: ignore[attr-defined]
    raw = rpc_error(served.target, "StateAt", pb.StateAtRequest(token=tokens[1], seq=3, full=True))
    assert raw.code() == grpc.StatusCode.FAILED_PRECONDITION
    assert trailers(raw)["islandgames-error-code"] == "GAME_NOT_OVER"
    last = play_out(client, tokens, 4)
    log = client.log(m.spectator_token)
    history = History(log)
    for seat, seq, view in running:
        assert view == serde.to_wire(history.view_at(seq, seat))
    for token in (tokens[2], m.spectator_token):
        for seq in (0, last // 2, last):
            full = client.state_at(token, seq, True)
            assert full.full and full.view is None
            assert full.state == serde.to_wire(history.state_at(seq))
            assert full.chain_hash == log.chain_hash_at(seq)
    assert client.state_at(tokens[0], last).over


def test_state_at_and_fork_errors_over_grpc(client: Client, served: Served) -> None:
    m = client.create("friday", None, seed=17)
    token = m.seats[0].token
    legal = client.legal_actions(token)
    client.act(token, legal.actions[0], legal.seq)
    with pytest.raises(InvalidArgumentError, match="beyond") as err:
        client.state_at(token, 2)
    assert err.value.details == {"current_seq": 1}
    raw = rpc_error(served.target, "StateAt", pb.StateAtRequest(token=token, seq=2))
    assert raw.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert trailers(raw)["islandgames-current-seq"] == "1"
    raw = rpc_error(served.target, "StateAt", pb.StateAtRequest(token=token, seq=-1))
    assert raw.code() == grpc.StatusCode.INVALID_ARGUMENT and "at least 0" in raw.details()
    with pytest.raises(InvalidArgumentError, match="at least 0"):
        client.state_at(token, -5)
    with pytest.raises(InvalidArgumentError, match="seq must be an int"):
        client.state_at(token, True)
    with pytest.raises(InvalidArgumentError, match="full must be a bool"):
        client.state_at(token, 0, 1)  # type: ignore[arg-type]
    with pytest.raises(InvalidTokenError):
        client.state_at("nope", 0)
    raw = rpc_error(served.target, "Fork", pb.ForkRequest(token="nope", seq=0))
    assert raw.code() == grpc.StatusCode.UNAUTHENTICATED
    with pytest.raises(GameNotOverError, match="only a finished match") as not_over:
        client.fork(token, 1)
    assert isinstance(not_over.value, PermissionDeniedError)
    raw = rpc_error(served.target, "Fork", pb.ForkRequest(token=m.spectator_token, seq=0))
    assert raw.code() == grpc.StatusCode.FAILED_PRECONDITION
    last = play_out(client, {0: token}, 1)
    with pytest.raises(InvalidArgumentError, match="beyond"):
        client.fork(token, last + 1)
    raw = rpc_error(served.target, "Fork", pb.ForkRequest(token=token, seq=-1))
    assert raw.code() == grpc.StatusCode.INVALID_ARGUMENT


def test_fork_over_grpc_plays_to_its_end_and_verifies(client: Client, served: Served) -> None:
    m = client.create("gozer", {"players": 3}, seed=23)
    play_out(client, tokens_of(m), 23)
    parent_log = client.log(m.spectator_token)
    k = len(parent_log.entries) // 3
    f = client.fork(m.seats[2].token, k)
    assert isinstance(f, Forked) and f.seq == k and f.game == "gozer" and not f.over
    assert (f.parent.match, f.parent.seq) == (m.match_id, k)
    assert f.parent.chain_hash == parent_log.chain_hash_at(k)
    assert not ({s.token for s in f.seats} | {f.spectator_token}) & (
        {s.token for s in m.seats} | {m.spectator_token}
    )
    # the fork's tokens work at once (the client learnt their game from the response)
    st = client.status(f.seats[0].token)
    assert st.match_id == f.match_id and st.seq == k and st.to_act == f.to_act
    # a running fork's log over gRPC carries the parent and verifies as unfinished
    running = client.log(f.spectator_token)
    assert running.header.parent == f.parent
    assert client.verify(running).status == "unfinished"
    play_out(client, tokens_of(f), 5)
    fork_log = client.log(f.seats[0].token)
    assert fork_log.header.parent == f.parent and fork_log.end is not None
    assert fork_log == served.service.log(f.seats[0].token)  # nothing lost on the way
    assert verify_log(fork_log).status == "verified"
    assert client.verify(fork_log).status == "verified"
    assert verify_fork(fork_log, parent_log).status == "verified"
    data = io.BytesIO()
    write_log(fork_log, data)
    assert client.verify(data.getvalue()).status == "verified"  # as log file bytes


def test_a_forked_library_log_round_trips_and_verifies_over_grpc(client: Client) -> None:
    m = client.create("friday", None, seed=29)
    play_out(client, tokens_of(m), 29)
    parent = client.log(m.spectator_token)
    lib = fork(parent, 4, match=m.match_id)
    rng = random.Random(1)
    while lib.outcome() is None:
        seat = rng.choice(lib.to_act())
        lib.act(seat, rng.choice(lib.legal_actions(seat)))
    log = lib.log()
    assert log.header.parent is not None
    back = parse_records(log_records(log_to_pb(log)))
    assert back == log
    assert serde.canonical_bytes(back.header) == serde.canonical_bytes(log.header)
    assert client.verify(log).status == "verified"
    assert verify_fork(back, parent).status == "verified"
    # a header without parent still travels without one
    plain = parse_records(log_records(log_to_pb(parent)))
    assert plain.header.parent is None and plain == parent
    assert not log_to_pb(parent).header.HasField("parent")
    # the parent travels exactly: a changed parent seq no longer verifies
    msg = log_to_pb(log)
    msg.header.parent.seq += 1
    assert client.verify(msg).status == "diverged"


def test_the_async_client_state_at_and_fork(served: Served) -> None:
    async def body() -> None:
        async with AsyncClient(served.target) as c:
            m = await c.create("friday", None, seed=31)
            token = m.seats[0].token
            while True:
                legal = await c.legal_actions(token)
                if not legal.actions:
                    break
                await c.act(token, legal.actions[0], legal.seq)
            log = await c.log(token)
            r = await c.state_at(m.spectator_token, 3)
            assert r.view == serde.to_wire(History(log).view_at(3, None))
            full = await c.state_at(token, 3, True)
            assert full.state == serde.to_wire(History(log).state_at(3))
            with pytest.raises(InvalidArgumentError, match="beyond"):
                await c.state_at(token, len(log.entries) + 1)
            f = await c.fork(token, 3)
            assert f.parent.match == m.match_id and f.seq == 3
            ftoken = f.seats[0].token
            while True:
                legal = await c.legal_actions(ftoken)
                if not legal.actions:
                    break
                await c.act(ftoken, legal.actions[-1], legal.seq)
            flog = await c.log(ftoken)
            assert (await c.verify(flog)).status == "verified"
            assert verify_fork(flog, log).status == "verified"

    served.run(body(), timeout=120)
