"""GetLayout, GetMatchLayout and ``may_act`` over gRPC (issues 16 and 19): the typed
layout messages round-trip every game's layout, both RPCs answer what the service and
the MessagePack-RPC server answer, GetStatus and Watch updates carry ``may_act``."""

from __future__ import annotations

import importlib
import random
from collections.abc import Iterator
from typing import Any

import grpc
import pytest
from islandgames_grpc import Client, convert
from islandgames_grpc._gen import match_service_pb2 as pb
from islandgames_msgpackrpc import Client as RpcClient
from islandgames_msgpackrpc import RpcServer

import islandgames
from islandgames.core import serde
from islandgames.core.errors import UnknownGameError, UnsupportedRulesVersionError
from islandgames.service import InvalidTokenError, LayoutResult
from tests.grpc.grpc_kit import Served

GAMES = ("friday", "forbidden-island", "not-alone", "gozer")


@pytest.fixture()
def toy_game() -> Iterator[str]:
    toy: Any = importlib.import_module("toygame")  # tests/service: pytest's pythonpath
    toy.register()
    try:
        yield str(toy.GAME_ID)
    finally:
        toy.unregister()


@pytest.fixture()
def rpc(served: Served) -> Iterator[RpcClient]:
    """A MessagePack-RPC server on the gRPC server's service (same matches, same tokens)."""
    server = RpcServer(served.service)
    port = served.run(server.start_tcp("127.0.0.1", 0))
    try:
        with RpcClient(port=port) as c:
            yield c
    finally:
        served.run(server.close())


def _round_trip(game_id: str, wire: Any) -> None:
    codec = convert.game_codecs(game_id).layout
    assert codec is not None
    message = codec.to_pb(wire)
    back = codec.to_wire(type(message).FromString(message.SerializeToString()))
    assert back == wire and serde.packb(back) == serde.packb(wire)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_layout_round_trips_through_its_typed_message(game_id: str) -> None:
    game = islandgames.get_game(game_id)
    _round_trip(game_id, serde.to_wire(islandgames.layout(game_id)))
    for seed in range(3):
        _round_trip(game_id, serde.to_wire(islandgames.layout(game_id, state=game.new(seed))))
    # typed: the game's own field of GameLayout, never the msgpack fallback
    kw = convert.game_value_kw(game_id, "layout", serde.to_wire(islandgames.layout(game_id)))
    assert list(kw) == [convert.game_codecs(game_id).field]


@pytest.mark.parametrize("game_id", GAMES)
def test_get_layout_and_get_match_layout_answer_as_the_service_and_msgpack_rpc(
    client: Client, served: Served, rpc: RpcClient, game_id: str
) -> None:
    service = served.service
    for version in (None, islandgames.rules_versions(game_id)[0]):
        got = client.layout(game_id, version)
        assert isinstance(got, LayoutResult)
        assert got == service.layout(game_id, version)
        assert got == rpc.layout(game_id, version)
        assert got.match_id is None and got.layout == serde.to_wire(
            islandgames.layout(game_id, version)
        )
    m = client.create(game_id, seed=0x51)
    for token in (m.spectator_token, *(s.token for s in m.seats)):
        got = client.match_layout(token)
        assert got == service.match_layout(token)
        assert got == rpc.match_layout(token)
        assert got.match_id == m.match_id and got.game == game_id
    state = served.service._cache[m.match_id].state
    assert client.match_layout(m.spectator_token).layout == serde.to_wire(
        islandgames.layout(game_id, state=state)
    )


def test_forbidden_island_tile_positions_over_grpc_match_the_view(client: Client) -> None:
    m = client.create("forbidden-island", {"players": 3}, seed=12)
    got = client.match_layout(m.seats[1].token).layout
    assert got is not None
    view = client.view(m.seats[1].token).view
    assert [p["tile"] for p in got["island"]] == view["board"]
    cells = {s["id"]: s["cells"] for s in got["layouts"]}[view["layout"]]
    assert [{"x": p["x"], "y": p["y"]} for p in got["island"]] == cells


def test_gozer_squares_over_grpc_are_the_boards(client: Client) -> None:
    from islandgames.games.gozer import BOARD

    got = client.layout("gozer").layout
    assert got is not None
    assert [(s["id"], s["x"], s["y"], s["elevation"], s["kind"]) for s in got["squares"]] == [
        (s.id, s.x, s.y, s.elevation, s.kind) for s in BOARD.squares
    ]
    assert [(p["a"], p["b"]) for p in got["paths"]] == list(BOARD.edges)


def test_layout_errors_and_a_game_without_a_layout(client: Client, toy_game: str) -> None:
    with pytest.raises(UnknownGameError):
        client.layout("chess")
    with pytest.raises(UnsupportedRulesVersionError):
        client.layout("gozer", "0.0")
    with pytest.raises(InvalidTokenError):
        client.match_layout("igt_nobody")
    r = client.layout(toy_game)
    assert r.layout is None and r.game == toy_game
    m = client.create(toy_game, {"seats": 3, "rounds": 1}, seed=1)
    assert client.match_layout(m.spectator_token).layout is None


def test_the_raw_response_leaves_match_id_unset_for_a_games_layout(served: Served) -> None:
    with grpc.insecure_channel(served.target) as channel:
        call = channel.unary_unary(
            "/islandgames.v1.MatchService/GetLayout",
            request_serializer=pb.GetLayoutRequest.SerializeToString,
            response_deserializer=pb.GetLayoutResponse.FromString,
        )
        r = call(pb.GetLayoutRequest(game="gozer"), timeout=10)
    assert not r.HasField("match_id") and r.layout.WhichOneof("game") == "gozer"
    assert len(r.layout.gozer.squares) == len(islandgames.layout("gozer").squares)


def test_get_status_and_watch_updates_carry_may_act(
    client: Client, served: Served, rpc: RpcClient
) -> None:
    m = client.create("forbidden-island", {"players": 4}, seed=5)
    tokens = [s.token for s in m.seats]
    watch = client.watch(m.spectator_token)
    rng = random.Random(8)
    interjections = 0
    for _ in range(120):
        status = client.status(m.spectator_token)
        assert status == served.service.status(m.spectator_token)
        assert status.may_act == rpc.status(m.spectator_token).may_act
        if status.over:
            break
        interjections += set(status.may_act) != set(status.to_act)
        seat = rng.choice(status.may_act)
        legal = client.legal_actions(tokens[seat])
        assert legal.actions, f"seat {seat} is in may_act but has no legal action"
        client.act(tokens[seat], rng.choice(legal.actions), legal.seq)
        update = watch.next(10)
        assert update is not None
        assert update.may_act == served.service.status(m.spectator_token).may_act
    watch.close()
    assert interjections > 0
