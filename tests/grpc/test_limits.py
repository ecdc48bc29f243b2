"""gRPC under hostile clients (issue 13): Watch limits per connection and per peer under
the global cap, and reflection v1 next to v1alpha."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import grpc
import pytest
from grpc_reflection.v1alpha import reflection_pb2
from islandgames_grpc import Client
from islandgames_grpc._gen import match_service_pb2 as pb
from islandgames_grpc.server import REFLECTION_V1, SERVICE_NAME, peer_address

from tests.grpc.grpc_kit import serving

WATCH = f"/{SERVICE_NAME}/Watch"


def _test_peer(context: Any) -> str:
    """The test's peers: named by an ``x-test-peer`` header (all clients are 127.0.0.1)."""
    for key, value in context.invocation_metadata():
        if key == "x-test-peer":
            return str(value)
    return peer_address(str(context.peer()))


def open_watch(channel: grpc.Channel, token: str, peer: str) -> Any:
    """A Watch stream, once it has started (or its error)."""
    call = channel.unary_stream(
        WATCH,
        request_serializer=lambda m: m.SerializeToString(),
        response_deserializer=pb.WatchResponse.FromString,
    )(pb.WatchRequest(token=token), metadata=(("x-test-peer", peer),), timeout=30)
    first = next(call)
    assert first.HasField("started")
    return call


def overloaded(channel: grpc.Channel, token: str, peer: str) -> str:
    with pytest.raises(grpc.RpcError) as err:
        open_watch(channel, token, peer)
    assert err.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
    return str(err.value.details())


def own_connection(target: str) -> grpc.Channel:
    """A channel on a TCP connection of its own (channels share them by default)."""
    return grpc.insecure_channel(target, options=[("grpc.use_local_subchannel_pool", 1)])


def test_peer_address() -> None:
    assert peer_address("ipv4:127.0.0.1:5000") == "ipv4:127.0.0.1"
    assert peer_address("ipv6:[::1]:5000") == "ipv6:[::1]"
    assert peer_address("unix:/tmp/x") == "unix:/tmp/x"


def test_one_peer_cannot_take_every_watch() -> None:
    limits: dict[str, Any] = {
        "max_watches": 6,
        "max_watches_per_peer": 3,
        "max_watches_per_connection": 2,
    }
    with serving(peer_key=_test_peer, **limits) as s, s.client() as c:
        m = c.create("friday", None, seed=3)
        token = m.spectator_token
        held: list[Any] = []
        with (
            own_connection(s.target) as a1,
            own_connection(s.target) as a2,
            own_connection(s.target) as b,
            own_connection(s.target) as c1,
        ):
            # peer a: two on its first connection, then that connection is full
            held += [open_watch(a1, token, "a"), open_watch(a1, token, "a")]
            assert "per connection" in overloaded(a1, token, "a")
            # a second connection of peer a: one more, then the peer is full
            held.append(open_watch(a2, token, "a"))
            assert "per client address" in overloaded(a2, token, "a")
            # peer b is not locked out; nor is c, until the global cap
            held += [open_watch(b, token, "b"), open_watch(b, token, "b")]
            held.append(open_watch(c1, token, "c"))
            assert "at once" in overloaded(c1, token, "c")
            # a watch ended frees its slot
            held.pop(0).cancel()
            s.run(_settle())
            held.append(open_watch(c1, token, "c"))
            for call in held:
                call.cancel()


async def _settle() -> None:
    import asyncio

    await asyncio.sleep(0.3)


def test_one_peer_cannot_hold_every_connection() -> None:
    limits: dict[str, Any] = {"max_connections_per_peer": 2, "max_watches_per_peer": 100}
    with serving(peer_key=_test_peer, **limits) as s, s.client() as c:
        token = c.create("friday", None, seed=3).spectator_token
        with (
            own_connection(s.target) as a1,
            own_connection(s.target) as a2,
            own_connection(s.target) as a3,
            own_connection(s.target) as b,
        ):
            # a watch keeps a call in progress on its connection: peer a holds two
            held = [open_watch(a1, token, "a"), open_watch(a2, token, "a")]
            # more calls on a connection it already uses are fine
            held.append(open_watch(a1, token, "a"))
            # a third connection of peer a is refused, whatever the call
            assert "connections with calls in progress" in overloaded(a3, token, "a")
            with pytest.raises(grpc.RpcError) as err:
                a3.unary_unary(
                    f"/{SERVICE_NAME}/Echo",
                    request_serializer=lambda m: m.SerializeToString(),
                    response_deserializer=pb.EchoResponse.FromString,
                )(pb.EchoRequest(payload=b"x"), metadata=(("x-test-peer", "a"),), timeout=10)
            assert err.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
            # another peer is not locked out
            held.append(open_watch(b, token, "b"))
            # once a connection of peer a has no call left, a3 may take its place
            held.pop(1).cancel()
            s.run(_settle())
            held.append(open_watch(a3, token, "a"))
            assert s.server._busy_connections_by_peer["a"] == 2
            for call in held:
                call.cancel()
            s.run(_settle())
            assert not s.server._busy_connections_by_peer
            assert not s.server._calls_by_connection


def test_watch_limit_defaults_keep_one_peer_under_the_cap() -> None:
    with serving() as s:
        server = s.server
        assert server.max_watches_per_connection <= server.max_watches_per_peer
        assert server.max_watches_per_peer < server.max_watches
        assert server.max_connections_per_peer < server.max_connections


@pytest.fixture()
def target() -> Iterator[str]:
    with serving() as s:
        yield s.target


def _reflect(target: str, service: str, *requests: Any) -> list[Any]:
    with grpc.insecure_channel(target) as channel:
        call = channel.stream_stream(
            f"/{service}/ServerReflectionInfo",
            request_serializer=lambda m: m.SerializeToString(),
            response_deserializer=reflection_pb2.ServerReflectionResponse.FromString,
        )
        return list(call(iter(requests), timeout=30))


@pytest.mark.parametrize("service", [REFLECTION_V1, "grpc.reflection.v1alpha.ServerReflection"])
def test_reflection_v1_and_v1alpha_answer(target: str, service: str) -> None:
    listed, described, reflected = _reflect(
        target,
        service,
        reflection_pb2.ServerReflectionRequest(list_services=""),
        reflection_pb2.ServerReflectionRequest(file_containing_symbol=SERVICE_NAME),
        reflection_pb2.ServerReflectionRequest(file_containing_symbol=REFLECTION_V1),
    )
    names = [s.name for s in listed.list_services_response.service]
    assert SERVICE_NAME in names and "grpc.health.v1.Health" in names
    assert described.file_descriptor_response.file_descriptor_proto
    assert not reflected.HasField("error_response")
    assert b"grpc.reflection.v1" in reflected.file_descriptor_response.file_descriptor_proto[0]


def test_the_client_still_works_alongside(target: str) -> None:
    with Client(target) as c:
        assert c.echo(b"x") == b"x"
