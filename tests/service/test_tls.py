"""TLS on both transports (issue 13): ``islandgames serve --tls-cert --tls-key
[--tls-client-ca]`` in a child process, the Python clients of MessagePack-RPC and gRPC
with ``tls=``, ``demo --connect --tls-ca``; plaintext or untrusting clients fail cleanly,
and garbage on the TLS ports harms no one. Certificates: ``tests/tls_kit.py`` (made by
the openssl command at test time)."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import io
import random
import socket
import ssl
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from islandgames_grpc import AsyncClient as GrpcAsyncClient
from islandgames_grpc import Client as GrpcClient
from islandgames_grpc.process import ServerProcess
from islandgames_grpc.tls import channel_credentials
from islandgames_msgpackrpc import AsyncClient, Client, FrameDecoder, RpcServer
from islandgames_msgpackrpc.protocol import pack

from islandgames.cli.service import add_service_commands, cmd_demo, cmd_serve
from islandgames.service import MatchService, MemoryStore
from islandgames.service.errors import ProtocolError
from islandgames.service.tls import client_context, server_tls
from tests.tls_kit import Certs, make_certs


@pytest.fixture(scope="module")
def certs(tmp_path_factory: pytest.TempPathFactory) -> Certs:
    return make_certs(tmp_path_factory.mktemp("tls"))


def islandgames(*args: str) -> list[str]:
    return [
        sys.executable,
        "-c",
        "from islandgames.cli import main; raise SystemExit(main())",
        *args,
    ]


#: The servers' handshake time (--read-timeout, --grpc-handshake-timeout), in seconds.
HANDSHAKE = 2


def serve_tls(certs: Certs, *more: str) -> ServerProcess:
    command = islandgames(
        "serve", "--memory", "--port", "0", "--grpc-port", "0",
        "--tls-cert", str(certs.server_cert), "--tls-key", str(certs.server_key),
        "--read-timeout", str(HANDSHAKE), "--grpc-handshake-timeout", str(HANDSHAKE), *more,
    )  # fmt: skip
    return ServerProcess(command=command, expect=("grpc", "msgpack-rpc"))


@pytest.fixture(scope="module")
def server(certs: Certs) -> Iterator[ServerProcess]:
    with serve_tls(certs) as s:
        yield s
        assert "Traceback" not in s.stderr_text(), s.stderr_text()


def ports(server: ServerProcess) -> tuple[int, int]:
    return server.ports["msgpack-rpc"], server.ports["grpc"]


# --- TLS clients ---------------------------------------------------------------------------


def test_tls_clients_play_on_both_transports(server: ServerProcess, certs: Certs) -> None:
    mp_port, grpc_port = ports(server)
    ca = str(certs.server_cert)  # self-signed: the certificate is its own CA
    with (
        Client(port=mp_port, tls=ca) as mp,
        GrpcClient(f"127.0.0.1:{grpc_port}", tls=certs.server_cert) as g,
    ):
        m = mp.create("friday", None, 5)
        token = m.seats[0].token
        watch = g.watch(m.spectator_token)
        legal = mp.legal_actions(token)
        mp.act(token, legal.actions[0], legal.seq)  # acted over MessagePack-RPC/TLS
        update = watch.next(10)  # ... seen over gRPC/TLS
        assert update is not None and update.seq == 1
        watch.close()
        assert g.status(token).seq == 1
    with Client("localhost", mp_port, tls=client_context(ca)) as by_name:  # DNS:localhost
        assert by_name.echo("named") == "named"

    async def asynchronous() -> None:
        c = await AsyncClient.connect(port=mp_port, tls=ca)
        assert await c.echo([1, "two"]) == [1, "two"]
        assert (await c.status(token))["seq"] == 1
        await c.close()
        async with GrpcAsyncClient(f"127.0.0.1:{grpc_port}", tls=ca) as ag:
            assert await ag.echo(b"tls") == b"tls"

    asyncio.run(asyncio.wait_for(asynchronous(), 30))


def test_plaintext_and_untrusting_clients_fail_cleanly(server: ServerProcess, certs: Certs) -> None:
    mp_port, grpc_port = ports(server)
    started = time.monotonic()
    # plaintext to the TLS listener: the server drops it at once, no hanging, no reply
    with Client(port=mp_port, timeout=10) as plain, pytest.raises((ConnectionError, OSError)):
        plain.echo("hello?")
    with GrpcClient(f"127.0.0.1:{grpc_port}", timeout=5) as gplain:
        with pytest.raises(ProtocolError) as info:
            gplain.echo(b"hello?")
        assert info.value.code == "UNAVAILABLE"
    # TLS that does not trust the server's certificate: refused by the client
    with pytest.raises(ssl.SSLCertVerificationError):
        Client(port=mp_port, tls=str(certs.stranger))
    with GrpcClient(f"127.0.0.1:{grpc_port}", timeout=5, tls=certs.stranger) as gstranger:
        with pytest.raises(ProtocolError) as info:
            gstranger.echo(b"x")
        assert info.value.code == "UNAVAILABLE"
    assert time.monotonic() - started < 20
    with Client(port=mp_port, tls=str(certs.server_cert)) as ok:  # and the server is fine
        assert ok.echo("fine") == "fine"


def _client_hello() -> bytes:
    """The first bytes a real TLS client sends (its ClientHello)."""
    ctx = ssl.create_default_context()
    incoming, outgoing = ssl.MemoryBIO(), ssl.MemoryBIO()
    tls = ctx.wrap_bio(incoming, outgoing, server_hostname="localhost")
    with contextlib.suppress(ssl.SSLWantReadError):
        tls.do_handshake()
    return outgoing.read()


def test_garbage_on_the_tls_ports_harms_no_one(server: ServerProcess, certs: Certs) -> None:
    mp_port, grpc_port = ports(server)
    ca = str(certs.server_cert)
    rng = random.Random(13)
    hello = _client_hello()
    garbage = (
        [bytes(rng.randrange(256) for _ in range(n)) for n in (7, 300, 5000, 70_000)]
        + [
            pack([0, 1, "echo", ["plaintext msgpack"]]),
            b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n\x00\x00\x00\x04\x00\x00\x00\x00\x00",  # plaintext h2
            b"GET / HTTP/1.1\r\nHost: x\r\n\r\n",
            b"\x16\x03\x01\xff\xff" + b"\x00" * 100,  # a TLS record header claiming 64 KiB
            hello[:5] + b"\x01" + hello[6:] + b"\x15\x03\x03\x00\x02\x02\x28",  # mangled
            b"",  # connect and close
        ]
    )

    def closes(sock: socket.socket, timeout: float) -> bool:
        sock.settimeout(timeout)
        try:
            while sock.recv(65536):
                pass
        except ConnectionError:
            pass
        except TimeoutError:
            return False
        return True

    with (
        Client(port=mp_port, tls=ca) as mp_before,
        GrpcClient(f"127.0.0.1:{grpc_port}", tls=ca) as g_before,
    ):
        assert mp_before.echo(0) == 0 and g_before.echo(b"0") == b"0"
        held: list[tuple[socket.socket, bytes]] = []
        for port in (mp_port, grpc_port):
            # garbage, and half a ClientHello (which waits for the rest)
            for data in [*garbage, hello[: len(hello) // 2]]:
                sock = socket.create_connection(("127.0.0.1", port))
                with contextlib.suppress(ConnectionError):
                    sock.sendall(data)
                held.append((sock, data))
        # everyone else is unaffected: connections held before, and new ones
        assert mp_before.echo(1) == 1 and g_before.echo(b"1") == b"1"
        with (
            Client(port=mp_port, tls=ca) as mp_after,
            GrpcClient(f"127.0.0.1:{grpc_port}", tls=ca) as g_after,
        ):
            assert mp_after.echo(2) == 2 and g_after.echo(b"2") == b"2"
        # and every garbage connection is closed by the server: at once, or once its
        # handshake time (HANDSHAKE seconds here) is up
        deadline = time.monotonic() + HANDSHAKE + 10
        for sock, data in held:
            assert closes(sock, max(0.1, deadline - time.monotonic())), data[:20]
            sock.close()
    assert server.alive()
    stderr = server.stderr_text()
    assert "Traceback" not in stderr and "Handshake failed" not in stderr, stderr


# --- mutual TLS ----------------------------------------------------------------------------


def test_mutual_tls_needs_a_client_certificate_from_the_ca(certs: Certs) -> None:
    with serve_tls(certs, "--tls-client-ca", str(certs.ca)) as mtls:
        mp_port, grpc_port = ports(mtls)
        ca = str(certs.server_cert)
        with_cert = client_context(ca, cert_file=certs.client_cert, key_file=certs.client_key)
        with Client(port=mp_port, tls=with_cert) as mp:
            assert mp.echo("mutual") == "mutual"
        # TLS 1.3: the refusal comes with the first read, not with the handshake
        with (
            pytest.raises((ssl.SSLError, ConnectionError, OSError)),
            Client(port=mp_port, tls=ca, timeout=10) as anonymous,
        ):
            anonymous.echo("who?")
        credentials = channel_credentials(
            ca, cert_file=certs.client_cert, key_file=certs.client_key
        )
        with GrpcClient(f"127.0.0.1:{grpc_port}", tls=credentials) as g:
            assert g.echo(b"mutual") == b"mutual"
        with GrpcClient(f"127.0.0.1:{grpc_port}", tls=ca, timeout=5) as ganonymous:
            with pytest.raises(ProtocolError) as info:
                ganonymous.echo(b"who?")
            assert info.value.code == "UNAVAILABLE"
        assert "Traceback" not in mtls.stderr_text()


# --- the command line ----------------------------------------------------------------------


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="islandgames")
    add_service_commands(parser.add_subparsers())
    return parser


@pytest.mark.parametrize("transport", ["msgpack", "grpc"])
def test_demo_plays_on_a_tls_server(server: ServerProcess, certs: Certs, transport: str) -> None:
    port = ports(server)[0 if transport == "msgpack" else 1]
    args = _parser().parse_args(
        ["demo", "--transport", transport, "--connect", f"127.0.0.1:{port}",
         "--tls-ca", str(certs.server_cert), "--seed", "0x2a", "--quiet"]
    )  # fmt: skip
    out = io.StringIO()
    assert cmd_demo(args, out) == 0
    assert f"127.0.0.1:{port}" in out.getvalue() and "verified by replay" in out.getvalue()


def test_demo_over_plaintext_to_a_tls_server_fails_with_one_line(
    server: ServerProcess, capsys: pytest.CaptureFixture[str]
) -> None:
    args = _parser().parse_args(["demo", "--connect", f"127.0.0.1:{ports(server)[0]}"])
    assert cmd_demo(args, io.StringIO()) == 2
    err = capsys.readouterr().err
    assert err.startswith("islandgames demo: cannot play on 127.0.0.1:") and err.count("\n") == 1
    args = _parser().parse_args(["demo", "--tls-ca", "ca.pem"])
    assert cmd_demo(args, io.StringIO()) == 2
    assert "--tls-ca goes with --connect" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        _parser().parse_args(["demo", "--connect", "7341"])
    assert "not HOST:PORT: '7341'" in capsys.readouterr().err


def test_tls_option_mistakes_are_one_line_each(
    certs: Certs, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    cert, key, ca = str(certs.server_cert), str(certs.server_key), str(certs.ca)
    not_pem = tmp_path / "not.pem"
    not_pem.write_text("hello")
    cases = [
        (["--tls-cert", cert], "--tls-cert and --tls-key go together"),
        (["--tls-key", key], "--tls-cert and --tls-key go together"),
        (["--tls-client-ca", ca], "--tls-client-ca needs --tls-cert and --tls-key"),
        (["--tls-cert", cert, "--tls-key", str(tmp_path / "none.key")], "No such file"),
        (["--tls-cert", str(not_pem), "--tls-key", key], "not a PEM file"),
        (["--tls-cert", cert, "--tls-key", str(certs.dir / "stranger.key")], "unusable"),
        (["--tls-cert", cert, "--tls-key", key, "--stdio"], "--stdio takes no --tls-cert"),
    ]
    for options, message in cases:
        args = _parser().parse_args(
            ["serve", "--memory", "--port", "0", "--grpc-port", "0", *options]
        )
        assert cmd_serve(args) == 2, options
        err = capsys.readouterr().err
        assert err.startswith("islandgames serve: ") and message in err, (options, err)
        assert err.count("\n") == 1, err
    tls = server_tls(cert, key, ca)
    assert tls is not None and tls.client_ca is not None
    assert tls.context().verify_mode == ssl.CERT_REQUIRED


# --- the MessagePack-RPC server in process -------------------------------------------------


def test_over_tls_a_refusal_is_said_and_a_silent_connection_is_dropped(certs: Certs) -> None:
    tls = server_tls(certs.server_cert, certs.server_key)
    assert tls is not None
    ca = str(certs.server_cert)

    async def body() -> None:
        server = RpcServer(
            MatchService(MemoryStore()), tls=tls.context(), max_connections=1, read_timeout=0.5
        )
        port = await server.start_tcp("127.0.0.1", 0)
        try:
            first = await AsyncClient.connect(port=port, tls=ca)
            assert await first.echo(1) == 1
            # one too many: told OVERLOADED, over TLS
            reader, writer = await asyncio.open_connection(
                "127.0.0.1", port, ssl=client_context(ca)
            )
            data = await asyncio.wait_for(reader.read(), 10)
            frames, error = FrameDecoder().feed(data)
            assert error is None and frames[0][0] == 2
            assert frames[0][2][0]["code"] == "OVERLOADED"
            writer.close()
            await first.close()
            while server._connections:
                await asyncio.sleep(0.02)
            # a connection that never begins its handshake is dropped after the read timeout
            silent_reader, silent_writer = await asyncio.open_connection("127.0.0.1", port)
            started = time.monotonic()
            with contextlib.suppress(ConnectionError):
                assert await asyncio.wait_for(silent_reader.read(), 10) == b""
            assert time.monotonic() - started < 5
            silent_writer.close()
            while server._connections:
                await asyncio.sleep(0.02)
            again = await AsyncClient.connect(port=port, tls=ca)
            assert await again.echo(2) == 2
            await again.close()
        finally:
            await server.close()
            server.service.close()

    asyncio.run(asyncio.wait_for(body(), 60))
