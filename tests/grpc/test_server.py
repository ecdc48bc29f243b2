"""The gRPC server and the typed client: real servers on 127.0.0.1 (in process and as
child processes), every RPC, the status-code mapping, hostile input, watches (redaction,
catch-up, disconnects, slow watchers), health, shutdown, and the command line."""

from __future__ import annotations

import argparse
import importlib
import io
import random
import signal
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import attrs
import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc
from islandgames_grpc import SERVICE_NAME, Client, Watch, convert, error_from_rpc
from islandgames_grpc._gen import match_service_pb2 as pb
from islandgames_grpc.process import ServerProcess

from islandgames import GameOverError, IllegalActionError, NotYourTurnError, write_log
from islandgames.cli.service import add_service_commands, cmd_demo
from islandgames.core.errors import DecodeError, InvalidConfigError, UnknownGameError
from islandgames.core.log import ReplayLog
from islandgames.service import (
    InvalidArgumentError,
    InvalidTokenError,
    PermissionDeniedError,
    StaleSeqError,
    Update,
)
from islandgames.service.errors import ProtocolError
from tests.grpc.grpc_kit import Served, serving

GAMES = ("friday", "forbidden-island", "not-alone", "gozer")


def wait_until(predicate: Callable[[], bool], what: str, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.01)


def rpc_error(target: str, method: str, request: Any) -> grpc.RpcError:
    """The raw gRPC error of a call that must fail."""
    with grpc.insecure_channel(target) as channel:
        call = channel.unary_unary(
            f"/{SERVICE_NAME}/{method}", request_serializer=type(request).SerializeToString
        )
        try:
            call(request, timeout=10)
        except grpc.RpcError as err:
            return err
    raise AssertionError(f"{method} did not fail")


def trailers(err: grpc.RpcError) -> dict[str, Any]:
    return dict(err.trailing_metadata() or ())


def play(
    client: Client, tokens: list[str], seed: int, limit: int, to_act: tuple[int, ...]
) -> list[Any]:
    """Random legal actions until the game ends or ``limit``; the act results."""
    rng = random.Random(seed)
    results: list[Any] = []
    while to_act and len(results) < limit:
        seat = rng.choice(to_act)
        legal = client.legal_actions(tokens[seat])
        r = client.act(tokens[seat], rng.choice(legal.actions), legal.seq)
        results.append(r)
        to_act = r.to_act
    return results


# --- every RPC ---------------------------------------------------------------------------------


def test_every_rpc_through_the_typed_client(client: Client) -> None:
    games = client.games()
    assert [g["id"] for g in games] == sorted(GAMES)  # listed by id (the entry points)
    friday = next(g for g in games if g["id"] == "friday")
    assert friday["default_config"] == {"level": 1, "empty_aging_stack": "defeat"}
    m = client.create("friday", {"level": 2}, seed=0xC0FFEE)
    assert m.game == "friday" and m.seq == 0 and m.to_act == (0,)
    token = m.seats[0].token
    status = client.status(token)
    assert (status.seat, status.role, status.seq) == (0, "robinson", 0)
    assert client.status(m.spectator_token).seat is None
    view = client.view(token)
    assert view.seat == 0 and view.view["config"]["level"] == 2
    spectator = client.watch(m.spectator_token)
    assert spectator.started.active and spectator.started.seq == 0
    results = play(client, [token], 1, 10_000, m.to_act)
    assert results[-1].over and results[-1].outcome is not None
    updates = [spectator.next(10) for _ in results]
    assert [u.seq for u in updates if u] == list(range(1, len(results) + 1))
    assert spectator.next(10) is None  # the stream ends after the final update
    spectator.close()
    assert client.legal_actions(token).actions == ()
    log = client.log(m.spectator_token)
    assert isinstance(log, ReplayLog) and log.viewer == "all" and log.end is not None
    assert len(log.entries) == len(results) and log.chain_hash == results[-1].chain_hash
    verdict = client.verify(log)
    assert verdict.status == "verified" and verdict.entries == len(results)
    assert verdict.outcome is not None and verdict.outcome.reason == results[-1].outcome["reason"]
    data = io.BytesIO()
    write_log(log, data)
    assert client.verify(data.getvalue()).status == "verified"  # a log file's bytes
    assert client.echo(b"\x00\xff" * 10) == b"\x00\xff" * 10


def test_a_running_games_log_is_redacted_and_verifies_against_the_full_log(
    client: Client,
) -> None:
    m = client.create("not-alone", {"hunted": 2}, seed=99)
    tokens = [s.token for s in m.seats]
    play(client, tokens, 3, 40, m.to_act)
    creature = client.log(tokens[0])
    assert creature.viewer == 0 and creature.end is None
    assert client.log(m.spectator_token).viewer is None
    assert client.verify(creature).status == "unfinished"
    results = play(client, tokens, 4, 10_000, client.status(tokens[0]).to_act)
    assert results[-1].over
    full = client.log(tokens[1])
    verdict = client.verify(creature, full)
    assert verdict.status == "verified" and verdict.viewer == 0
    # a tampered typed log is caught at the tampered entry
    entries = list(full.entries)
    k = len(entries) // 2
    entries[k] = attrs.evolve(entries[k], state_hash="0" * 64)
    bad = client.verify(attrs.evolve(full, entries=tuple(entries)))
    assert bad.status == "diverged" and bad.divergence is not None and bad.divergence.seq == k + 1


def test_a_log_message_sent_as_log_file_is_told_where_it_belongs(client: Client) -> None:
    """VerifyLog's ``log_file`` takes the log file's msgpack bytes; a serialized
    ``Log`` message there is refused saying it goes in ``log_records``, and bytes that
    are neither keep the reader's own message."""
    from islandgames_grpc.server import log_to_pb

    from islandgames.core.errors import LogFormatError

    m = client.create("friday", seed=5)
    as_message = log_to_pb(client.log(m.seats[0].token)).SerializeToString()
    with pytest.raises(LogFormatError, match="send that as log_records"):
        client.verify(as_message)
    with pytest.raises(LogFormatError, match="send that as full_records"):
        client.verify(client.log(m.seats[0].token), as_message)
    with pytest.raises(LogFormatError) as junk:
        client.verify(b"\x93\x01\x02\x03")
    assert "log_records" not in str(junk.value)


@pytest.mark.parametrize("game_id", GAMES)
def test_watch_streams_are_exactly_the_services_updates_for_every_seat(
    served: Served, client: Client, game_id: str
) -> None:
    """Every seat's stream (and the spectator's) carries what the service gives that
    seat: the same redacted actions and views, in order."""
    m = client.create(game_id, None, seed=2024)
    tokens = [s.token for s in m.seats]
    viewers = [*tokens, m.spectator_token]
    direct: dict[str, list[Update]] = {t: [] for t in viewers}
    subs = [served.service.watch(t, direct[t].append) for t in viewers]
    streams = [client.watch(t) for t in viewers]
    try:
        results = play(client, tokens, 5, 60, m.to_act)
        for token, stream in zip(viewers, streams, strict=True):
            got = [stream.next(10) for _ in results]
            assert got == direct[token]
    finally:
        for stream in streams:
            stream.close()
        for sub in subs:
            sub.close()
    wait_until(lambda: served.subscriptions(m.match_id) == 0, "the watches to end")


# --- errors ------------------------------------------------------------------------------------


def test_errors_are_the_services_exceptions_with_mapped_status_codes(
    served: Served, client: Client
) -> None:
    m = client.create("gozer", {"players": 3}, seed=5)
    tokens = [s.token for s in m.seats]
    seat = m.to_act[0]
    other = next(s for s in range(3) if s not in m.to_act)
    legal = client.legal_actions(tokens[seat])
    first = legal.actions[0]

    with pytest.raises(InvalidTokenError) as bad_token:
        client.view("igt_" + "A" * 43)
    assert bad_token.value.code == "UNAUTHENTICATED"  # type: ignore[attr-defined]
    err = rpc_error(served.target, "GetView", pb.GetViewRequest(token="nope"))
    assert err.code() == grpc.StatusCode.UNAUTHENTICATED
    assert trailers(err)["islandgames-error-code"] == "UNAUTHENTICATED"

    with pytest.raises(PermissionDeniedError):
        client.act(m.spectator_token, first, 0)
    act_kw = convert.game_value_kw("gozer", "action", first)
    err = rpc_error(served.target, "Act", pb.ActRequest(token=m.spectator_token, action=act_kw))
    assert err.code() == grpc.StatusCode.PERMISSION_DENIED

    with pytest.raises(NotYourTurnError, match="no decision"):
        client.act(tokens[other], first, 0)
    err = rpc_error(served.target, "Act", pb.ActRequest(token=tokens[other], action=act_kw))
    assert err.code() == grpc.StatusCode.FAILED_PRECONDITION and "waiting on" in err.details()

    with pytest.raises(IllegalActionError, match="not legal"):
        client.act(tokens[seat], {"type": "fire", "target": 2}, 0)

    client.act(tokens[seat], first, 0)
    with pytest.raises(StaleSeqError) as stale:
        client.act(tokens[seat], first, 0)
    assert stale.value.current_seq == 1
    err = rpc_error(
        served.target, "Act", pb.ActRequest(token=tokens[seat], action=act_kw, expected_seq=0)
    )
    assert err.code() == grpc.StatusCode.ABORTED and "seq 1" in err.details()
    assert trailers(err)["islandgames-current-seq"] == "1"
    assert client.status(tokens[0]).seq == 1  # nothing was applied twice

    other_game = pb.ActRequest(token=tokens[seat], action={"friday": {"draw_free": {}}})
    err = rpc_error(served.target, "Act", other_game)
    assert err.code() == grpc.StatusCode.INVALID_ARGUMENT
    with pytest.raises(DecodeError, match="a friday value for a gozer match"):
        raise error_from_rpc(err)
    with pytest.raises(UnknownGameError):
        client.create("chess")
    err = rpc_error(served.target, "CreateMatch", pb.CreateMatchRequest(game="chess"))
    assert err.code() == grpc.StatusCode.NOT_FOUND
    with pytest.raises(InvalidConfigError):
        client.create("gozer", {"players": 9})
    with pytest.raises(InvalidArgumentError, match="seed"):
        client.create("friday", None, "not hex")
    with pytest.raises(InvalidArgumentError, match="after_seq"):
        client.watch(tokens[0], after_seq=99)


def test_game_over_is_a_failed_precondition(client: Client, served: Served) -> None:
    m = client.create("friday", None, seed=3)
    token = m.seats[0].token
    results = play(client, [token], 3, 10_000, m.to_act)
    assert results[-1].over
    with pytest.raises(GameOverError):
        client.act(token, {"type": "draw_free"}, None)
    err = rpc_error(
        served.target,
        "Act",
        pb.ActRequest(token=token, action={"friday": {"draw_free": {}}}),
    )
    assert err.code() == grpc.StatusCode.FAILED_PRECONDITION
    assert trailers(err)["islandgames-error-code"] == "GAME_OVER"


def test_malformed_requests_get_invalid_argument_and_the_server_goes_on(
    served: Served, client: Client
) -> None:
    with grpc.insecure_channel(served.target) as channel:

        def raw(method: str, data: bytes) -> grpc.RpcError:
            call = channel.unary_unary(f"/{SERVICE_NAME}/{method}")
            try:
                call(data, timeout=10)
            except grpc.RpcError as err:
                return err
            raise AssertionError("accepted")

        for data in (b"\xff\xff\xff\xff", b"\x0a\x05ab", b"\x0a\x02\xc3\x28"):
            err = raw("Act", data)  # not protobuf / truncated / invalid UTF-8
            assert err.code() == grpc.StatusCode.INVALID_ARGUMENT, data
            assert trailers(err)["islandgames-error-code"] == "MALFORMED_FRAME"
        err = raw("Nope", b"")
        assert err.code() == grpc.StatusCode.UNIMPLEMENTED
    m = client.create("not-alone", None, seed=8)
    token = m.seats[m.to_act[0]].token
    err = rpc_error(served.target, "Act", pb.ActRequest(token=token))  # no action
    assert err.code() == grpc.StatusCode.INVALID_ARGUMENT
    bad_enum = pb.ActRequest(
        token=token, action={"not_alone": {"place_token": {"token": 77, "places": [1]}}}
    )
    err = rpc_error(served.target, "Act", bad_enum)
    assert err.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert trailers(err)["islandgames-error-code"] == "DECODE_ERROR"
    empty = pb.ActRequest(token=token, action={"not_alone": {}})
    assert rpc_error(served.target, "Act", empty).code() == grpc.StatusCode.INVALID_ARGUMENT
    assert client.status(token).seq == 0
    assert client.echo(b"still here") == b"still here"


def test_oversized_messages_are_refused_and_the_server_goes_on(client: Client) -> None:
    with pytest.raises(ProtocolError) as too_big:
        client.echo(b"x" * (4 * 1024 * 1024 + 1))
    assert too_big.value.code == "RESOURCE_EXHAUSTED"
    assert client.echo(b"x" * 1000) == b"x" * 1000
    with serving(max_send=600) as small, small.client() as c:
        m = c.create("forbidden-island", None, seed=1)
        with pytest.raises(ProtocolError) as reply_too_big:
            c.view(m.spectator_token)  # a Forbidden Island view is about 1 KB
        assert reply_too_big.value.code == "RESOURCE_EXHAUSTED"
        assert c.status(m.spectator_token).seq == 0


# --- watches -----------------------------------------------------------------------------------


def test_a_client_that_disconnects_mid_stream_is_forgotten(served: Served, client: Client) -> None:
    m = client.create("gozer", None, seed=11)
    tokens = [s.token for s in m.seats]
    leaving = served.client()
    watch = leaving.watch(m.spectator_token)
    results = play(client, tokens, 11, 3, m.to_act)
    assert [watch.next(10).seq for _ in results] == [1, 2, 3]  # type: ignore[union-attr]
    assert served.subscriptions(m.match_id) == 1
    leaving.channel.close()  # the connection goes away with the stream open
    wait_until(lambda: served.subscriptions(m.match_id) == 0, "the subscription to end")
    more = play(client, tokens, 12, 3, results[-1].to_act)
    assert more[-1].seq == 6
    with client.watch(m.spectator_token, after_seq=5) as again:
        assert again.next(10).seq == 6  # type: ignore[union-attr]


def test_a_client_process_killed_mid_stream_is_forgotten(served: Served, client: Client) -> None:
    m = client.create("friday", None, seed=21)
    code = textwrap.dedent(
        f"""
        from islandgames_grpc import Client
        c = Client({served.target!r})
        w = c.watch({m.spectator_token!r})
        print("watching", flush=True)
        w.next(60)
        """
    )
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE)
    try:
        assert proc.stdout is not None
        assert proc.stdout.readline().strip() == b"watching"
        wait_until(lambda: served.subscriptions(m.match_id) == 1, "the watch")
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
        if proc.stdout is not None:
            proc.stdout.close()
    wait_until(lambda: served.subscriptions(m.match_id) == 0, "the subscription to end")
    assert play(client, [m.seats[0].token], 1, 2, m.to_act)[-1].seq == 2


def test_catch_up_and_watching_a_finished_game(client: Client) -> None:
    m = client.create("friday", None, seed=31)
    token = m.seats[0].token
    first = play(client, [token], 31, 5, m.to_act)
    with client.watch(token, after_seq=2) as w:
        assert w.started.seq == 5 and w.started.active
        assert [w.next(10).seq for _ in range(3)] == [3, 4, 5]  # type: ignore[union-attr]
        rest = play(client, [token], 32, 10_000, first[-1].to_act)
        seqs = [u.seq for u in w]
        assert seqs == list(range(6, rest[-1].seq + 1))
    with client.watch(m.spectator_token, after_seq=0) as done:
        assert not done.started.active
        replay = list(done)
        assert [u.seq for u in replay] == list(range(1, rest[-1].seq + 1))
        assert replay[-1].over and replay[-1].outcome == rest[-1].outcome


def test_a_watcher_that_falls_behind_is_cut_off() -> None:
    with serving(max_backlog=3) as s, s.client() as c:
        m = c.create("friday", None, seed=41)
        token = m.seats[0].token
        w = c.watch(m.spectator_token)
        # hold the server's event loop while the service applies 10 actions: the
        # watcher's backlog overflows before its stream can take any of them
        held, release = threading.Event(), threading.Event()

        def hold() -> None:
            held.set()
            release.wait(10)

        s.loop.call_soon_threadsafe(hold)
        assert held.wait(10)
        try:
            rng = random.Random(1)
            for seq in range(10):
                legal = s.service.legal_actions(token)
                s.service.act(token, rng.choice(legal.actions), seq)
        finally:
            release.set()
        with pytest.raises(ProtocolError) as cut:
            while w.next(10) is not None:
                pass
        assert cut.value.code == "OVERLOADED"
        wait_until(lambda: s.subscriptions(m.match_id) == 0, "the subscription to end")
        w.close()


# --- health, reflection, shutdown --------------------------------------------------------------


def test_health_and_a_clean_shutdown_ends_the_streams() -> None:
    with serving() as s:
        with grpc.insecure_channel(s.target) as channel:
            stub = health_pb2_grpc.HealthStub(channel)
            for name in ("", SERVICE_NAME):
                reply = stub.Check(health_pb2.HealthCheckRequest(service=name), timeout=10)
                assert reply.status == health_pb2.HealthCheckResponse.SERVING
        c = s.client()
        m = c.create("friday", None, seed=51)
        w: Watch = c.watch(m.spectator_token)
        assert s.subscriptions(m.match_id) == 1
        started = time.monotonic()
        s.run(s.server.stop(0.5))
        assert time.monotonic() - started < 30  # bounded, not a speed test: no hang
        with pytest.raises(ProtocolError) as ended:  # the server ended the stream
            w.next(10)
        assert ended.value.code in ("UNAVAILABLE", "CANCELLED")
        wait_until(lambda: s.subscriptions(m.match_id) == 0, "the subscription to end")
        with pytest.raises(ProtocolError) as gone:
            c.status(m.spectator_token)
        assert gone.value.code == "UNAVAILABLE"
        w.close()
        c.close()


# --- games without typed messages ------------------------------------------------------------


@pytest.fixture()
def toy_game() -> Iterator[str]:
    toy: Any = importlib.import_module("toygame")  # tests/service: pytest's pythonpath
    toy.register()
    try:
        yield str(toy.GAME_ID)
    finally:
        toy.unregister()


def test_a_game_without_typed_messages_travels_as_msgpack(client: Client, toy_game: str) -> None:
    m = client.create(toy_game, {"seats": 3, "rounds": 2}, seed=7)
    tokens = [s.token for s in m.seats]
    watch = client.watch(tokens[1])
    results = play(client, tokens, 7, 10_000, m.to_act)
    assert results[-1].over
    updates = [watch.next(10) for _ in results]
    assert any(u is not None and u.action is None for u in updates)  # others' secret bids
    watch.close()
    verdict = client.verify(client.log(tokens[0]))
    assert verdict.status == "verified"


# --- command line ----------------------------------------------------------------------------


def _islandgames(*args: str) -> list[str]:
    return [
        sys.executable,
        "-c",
        "from islandgames.cli import main; raise SystemExit(main())",
        *args,
    ]


def test_serve_runs_grpc_and_msgpack_rpc_on_one_store(tmp_path: Path) -> None:
    from islandgames_msgpackrpc import Client as MsgpackClient

    store = str(tmp_path / "both.sqlite3")
    command = _islandgames("serve", "--store", store, "--port", "0", "--grpc-port", "0")
    with ServerProcess(command=command, expect=("grpc", "msgpack-rpc")) as server:
        with Client(server.target) as g, MsgpackClient(port=server.ports["msgpack-rpc"]) as mp:
            m = g.create("friday", None, seed=61)
            token = m.seats[0].token
            w = g.watch(m.spectator_token)
            legal = mp.legal_actions(token)
            mp.act(token, legal.actions[0], 0)  # acted over MessagePack-RPC...
            update = w.next(10)  # ...seen over gRPC
            assert update is not None and update.seq == 1 and update.action == legal.actions[0]
            assert g.status(token).seq == 1
            w.close()
        assert server.stop() == 0, server.stderr_text()
    restarted = _islandgames("serve", "--store", store, "--no-msgpack", "--grpc-port", "0")
    with ServerProcess(command=restarted) as server, Client(server.target) as g:
        assert g.status(token).seq == 1
        assert "msgpack-rpc" not in server.ports
    off = subprocess.run(
        _islandgames("serve", "--memory", "--no-grpc", "--no-msgpack"),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert off.returncode == 2 and "nothing to serve" in off.stderr


def test_a_port_in_use_is_refused_cleanly() -> None:
    with ServerProcess("--memory") as first:
        second = subprocess.run(
            [sys.executable, "-m", "islandgames_grpc", "--memory", "--port", str(first.port)],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert second.returncode == 2 and "cannot listen" in second.stderr
        with Client(first.target) as c:  # the first server is unharmed
            assert c.echo(b"ok") == b"ok"


def test_serve_options_and_the_grpc_demo() -> None:
    parser = argparse.ArgumentParser(prog="islandgames")
    add_service_commands(parser.add_subparsers())
    defaults = parser.parse_args(["serve"])
    assert defaults.grpc_port == 50051 and defaults.port == 7341
    assert not defaults.no_grpc and not defaults.no_msgpack
    args = parser.parse_args(["demo", "--transport", "grpc", "--game", "not-alone", "--seed", "9"])
    out = io.StringIO()
    assert cmd_demo(args, out) == 0
    text = out.getvalue()
    assert "over gRPC" in text and "verified by replay" in text


def test_module_examples() -> None:
    import doctest

    import islandgames_grpc.convert
    import islandgames_grpc.schema
    import islandgames_grpc.server

    for module in (islandgames_grpc.convert, islandgames_grpc.schema, islandgames_grpc.server):
        result = doctest.testmod(module)
        assert result.failed == 0 and result.attempted > 0, module.__name__
