"""gRPC connection limits (issue 13), as on MessagePack-RPC: a connection that never
finishes its handshake is closed, an idle one (no call in progress; a Watch is one) is
sent away, a client pinging too often is sent away, and the concurrent streams of one
connection are bounded. Raw HTTP/2 bytes on 127.0.0.1 against a real server, with
small limits."""

from __future__ import annotations

import argparse
import socket
import struct
import time
from typing import Any

from islandgames_grpc.app import add_grpc_arguments, grpc_server_options
from islandgames_grpc.server import GrpcServer

from islandgames.service import MatchService, MemoryStore
from tests.grpc.grpc_kit import serving

PREFACE = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"
SETTINGS, PING, GOAWAY = 4, 6, 7
ENHANCE_YOUR_CALM = 0xB
MAX_CONCURRENT_STREAMS = 3


def frame(kind: int, flags: int = 0, stream: int = 0, payload: bytes = b"") -> bytes:
    return (
        struct.pack(">I", len(payload))[1:]
        + bytes([kind, flags])
        + struct.pack(">I", stream)
        + payload
    )


class H2:
    """A raw HTTP/2 connection (no TLS): frames in and out, and whether it was closed."""

    def __init__(self, port: int, *, preface: bool = True) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port))
        self.buf = b""
        if preface:
            self.sock.sendall(PREFACE + frame(SETTINGS))

    def frames(self, timeout: float) -> tuple[list[tuple[int, int, bytes]], bool]:
        """The frames received within ``timeout`` seconds (kind, flags, payload), and
        whether the server closed the connection meanwhile."""
        deadline = time.monotonic() + timeout
        closed = False
        while (left := deadline - time.monotonic()) > 0:
            self.sock.settimeout(left)
            try:
                data = self.sock.recv(65536)
            except TimeoutError:
                break
            except ConnectionError:
                closed = True
                break
            if not data:
                closed = True
                break
            self.buf += data
        out = []
        while len(self.buf) >= 9:
            length = int.from_bytes(self.buf[:3], "big")
            if len(self.buf) < 9 + length:
                break
            kind, flags = self.buf[3], self.buf[4]
            out.append((kind, flags, self.buf[9 : 9 + length]))
            self.buf = self.buf[9 + length :]
        return out, closed

    def close(self) -> None:
        self.sock.close()


def _goaway(frames: list[tuple[int, int, bytes]]) -> tuple[int, bytes] | None:
    for kind, _, payload in frames:
        if kind == GOAWAY:
            return int.from_bytes(payload[4:8], "big"), payload[8:]
    return None


def test_the_connection_limits_are_serve_options() -> None:
    parser = argparse.ArgumentParser()
    add_grpc_arguments(parser)
    options = grpc_server_options(parser.parse_args([]))
    assert {k: options[k] for k in list(options)[4:]} == {
        "idle_timeout": 300.0,
        "handshake_timeout": 30.0,
        "keepalive": 60.0,
        "min_ping_interval": 60.0,
        "max_connection_age": None,
        "max_concurrent_streams": 256,
        "max_connections": 1024,
        "max_connections_per_peer": 256,
    }
    args = parser.parse_args(
        [
            "--grpc-max-connections=100",
            "--grpc-max-connections-per-peer=7",
            "--grpc-idle-timeout=0",
            "--grpc-handshake-timeout=2.5",
            "--grpc-keepalive=0",
            "--grpc-min-ping-interval=10",
            "--grpc-max-connection-age=3600",
            "--grpc-max-concurrent-streams=64",
        ]
    )
    options = grpc_server_options(args)
    server = GrpcServer(MatchService(MemoryStore()), **options)
    core: dict[str, Any] = dict(server.channel_options())
    never = 2**31 - 1  # gRPC core's infinite
    assert core["grpc.max_connection_idle_ms"] == never == core["grpc.keepalive_time_ms"]
    assert core["grpc.server_handshake_timeout_ms"] == 2500
    assert core["grpc.http2.min_ping_interval_without_data_ms"] == 10_000
    assert core["grpc.max_connection_age_ms"] == 3_600_000
    assert core["grpc.max_concurrent_streams"] == 64
    assert core["grpc.max_allowed_incoming_connections"] == 100
    assert server.max_connections_per_peer == 7
    defaults = dict(GrpcServer(MatchService(MemoryStore())).channel_options())
    assert defaults["grpc.max_connection_idle_ms"] == 300_000
    assert defaults["grpc.keepalive_time_ms"] == 60_000
    assert defaults["grpc.server_handshake_timeout_ms"] == 30_000
    assert defaults["grpc.max_connection_age_ms"] == never
    assert defaults["grpc.max_concurrent_streams"] == 256
    assert defaults["grpc.max_allowed_incoming_connections"] == 1024
    server.service.close()


def test_a_connection_that_never_finishes_its_handshake_is_closed() -> None:
    with serving(handshake_timeout=0.5, idle_timeout=None) as s:
        assert s.server.port is not None
        silent = H2(s.server.port, preface=False)
        started = time.monotonic()
        _, closed = silent.frames(timeout=10)
        assert closed and 0.3 < time.monotonic() - started < 10
        silent.close()
        with s.client() as c:  # others are served
            assert c.echo(b"ok") == b"ok"


def test_an_idle_connection_is_sent_away_but_a_watching_one_is_not() -> None:
    with serving(idle_timeout=0.5) as s, s.client() as c:
        assert s.server.port is not None
        m = c.create("friday", None, seed=4)
        token = m.seats[0].token
        watch = c.watch(m.spectator_token)
        idle = H2(s.server.port)
        started = time.monotonic()
        frames, closed = idle.frames(timeout=10)
        away = _goaway(frames)
        assert away is not None and b"idle" in away[1], frames
        assert closed and 0.3 < time.monotonic() - started < 10
        idle.close()
        # three idle periods later the watcher's connection is still there
        time.sleep(1.5)
        legal = c.legal_actions(token)
        c.act(token, legal.actions[0], legal.seq)
        update = watch.next(10)
        assert update is not None and update.seq == 1
        watch.close()


def test_a_client_that_pings_too_often_is_sent_away() -> None:
    with serving(min_ping_interval=60) as s:
        assert s.server.port is not None
        pinger = H2(s.server.port)
        pinger.frames(timeout=0.2)  # the server's SETTINGS
        for i in range(5):
            pinger.sock.sendall(frame(PING, payload=struct.pack(">Q", i)))
        frames, _ = pinger.frames(timeout=5)
        away = _goaway(frames)
        assert away is not None and away[0] == ENHANCE_YOUR_CALM, frames
        assert b"too_many_pings" in away[1]
        pinger.close()
        with s.client() as c:
            assert c.echo(b"ok") == b"ok"
    # pings at the allowed rate keep being answered, even with no call in progress
    with serving(min_ping_interval=0.2) as s:
        assert s.server.port is not None
        patient = H2(s.server.port)
        acks = 0
        for i in range(4):
            patient.sock.sendall(frame(PING, payload=struct.pack(">Q", i)))
            frames, closed = patient.frames(timeout=0.4)
            assert _goaway(frames) is None and not closed, frames
            acks += sum(1 for kind, flags, _ in frames if kind == PING and flags & 1)
        assert acks == 4
        patient.close()


def test_the_concurrent_streams_of_a_connection_are_bounded() -> None:
    with serving(max_concurrent_streams=MAX_CONCURRENT_STREAMS) as s:
        assert s.server.port is not None
        raw = H2(s.server.port)
        frames, _ = raw.frames(timeout=1)
        settings = [p for kind, flags, p in frames if kind == SETTINGS and not flags & 1]
        assert settings, frames
        values = {
            int.from_bytes(settings[0][i : i + 2], "big"): int.from_bytes(
                settings[0][i + 2 : i + 6], "big"
            )
            for i in range(0, len(settings[0]), 6)
        }
        assert values[0x3] == MAX_CONCURRENT_STREAMS  # SETTINGS_MAX_CONCURRENT_STREAMS
        raw.close()
