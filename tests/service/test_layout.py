"""Layouts (issue 16: boards over the wire) and ``may_act`` (issue 19: every seat that may
act now, interjections included): in the library, the service and MessagePack-RPC.

The layouts are checked against the games' own data (the island file, the tables), the
per-match layout against the match's state and views, and the MessagePack-RPC answers
against the service's."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Coroutine
from importlib import resources
from typing import Any, TypeVar

import attrs
import pytest
from islandgames_msgpackrpc import AsyncClient, RpcServer

import islandgames
from islandgames import UnknownGameError, UnsupportedRulesVersionError
from islandgames.core import serde
from islandgames.core.layout import layout_type
from islandgames.core.rng import Rng
from islandgames.games.forbidden_island import ForbiddenIslandConfig
from islandgames.games.forbidden_island import data as fi_data
from islandgames.games.friday import data as friday_data
from islandgames.games.friday.drawing import ABILITY_TEXT, PIRATE_RULE_TEXT
from islandgames.games.gozer import BOARD
from islandgames.games.not_alone import data as na_data
from islandgames.service import InvalidArgumentError, MatchService, MemoryStore, Update

GAMES = ("friday", "forbidden-island", "not-alone", "gozer")
TOY = "toy-bids"
T = TypeVar("T")


def run(coro: Coroutine[Any, Any, T], timeout: float = 60.0) -> T:
    async def bounded() -> T:
        return await asyncio.wait_for(coro, timeout)

    return asyncio.run(bounded())


def _plain(value: Any) -> bool:
    """Only the wire form's kinds: maps with string keys, lists, ints, strings, bools,
    None."""
    if isinstance(value, dict):
        return all(type(k) is str and _plain(v) for k, v in value.items())
    if isinstance(value, list):
        return all(_plain(v) for v in value)
    return value is None or type(value) in (int, str, bool)


def _random_states(game_id: str, seed: int, config: Any = None, limit: int = 400) -> list[Any]:
    game = islandgames.get_game(game_id)
    rng = random.Random(seed)
    state = game.new(seed, config)
    states = [state]
    while game.outcome(state) is None and len(states) < limit:
        seat = rng.choice(game.to_act(state))
        state = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        states.append(state)
    return states


# --- the library -----------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_has_a_typed_layout_with_a_plain_deterministic_wire_form(
    game_id: str,
) -> None:
    for version in islandgames.rules_versions(game_id):
        lay = islandgames.layout(game_id, version)
        cls = layout_type(game_id)
        assert cls is not None and type(lay) is cls
        wire = serde.to_wire(lay)
        assert isinstance(wire, dict) and _plain(wire)
        assert serde.packb(wire) == serde.packb(serde.to_wire(islandgames.layout(game_id)))
        assert serde.from_wire(serde.unpackb(serde.packb(wire)), cls) == lay
        # JSON-safe too: a client in any language reads it
        assert json.loads(json.dumps(wire)) == wire


def test_a_game_without_a_layout_hook_has_none() -> None:
    assert islandgames.layout(TOY) is None
    assert layout_type(TOY) is None


def test_unknown_games_and_rules_versions_are_refused() -> None:
    with pytest.raises(UnknownGameError):
        islandgames.layout("chess")
    with pytest.raises(UnsupportedRulesVersionError):
        islandgames.layout("gozer", "9.9")


def test_gozer_every_square_path_gully_and_gadget_of_the_island_file() -> None:
    raw = json.loads(
        resources.files("islandgames.games.gozer").joinpath("island.json").read_bytes()
    )
    lay = islandgames.layout("gozer")
    assert lay.name == raw["name"]
    assert [serde.to_wire(s) for s in lay.squares] == raw["squares"]  # id, kind, elevation, x, y
    assert [[p.a, p.b] for p in lay.paths] == raw["edges"]
    assert [{"name": g.name, "squares": list(g.squares)} for g in lay.gullies] == raw["gullies"]
    assert {g.gadget: g.square for g in lay.gadgets} == raw["gadgets"]
    assert [g.gadget for g in lay.gadgets] == ["pistol", "armour", "key", "bridge", "kit"]
    kinds = [s["kind"] for s in raw["squares"]]
    assert lay.start == kinds.index("start") and lay.boat == kinds.index("boat")
    assert lay.summit == kinds.index("summit")
    assert lay.cabins == tuple(i for i, k in enumerate(kinds) if k in ("cabin", "summit"))
    assert lay.obstacles == tuple(i for i, k in enumerate(kinds) if k in ("river", "precipice"))
    assert len(lay.cabins) == 4 and len(lay.obstacles) >= 3
    # and the loaded board the rules play on
    assert (lay.start, lay.boat, lay.summit, lay.cabins) == (
        BOARD.start,
        BOARD.boat,
        BOARD.summit,
        BOARD.cabins,
    )
    assert tuple(g.square for g in lay.gadgets) == BOARD.gadget_squares


def test_gozer_the_layout_is_the_same_in_every_match() -> None:
    game = islandgames.get_game("gozer")
    state = game.new(5)
    assert islandgames.layout("gozer", state=state) == islandgames.layout("gozer")


def test_forbidden_island_components_against_the_data() -> None:
    lay = islandgames.layout("forbidden-island")
    assert lay.tiles == fi_data.TILES and len(lay.tiles) == 24
    assert lay.treasures == fi_data.TREASURES and lay.adventurers == fi_data.ADVENTURERS
    assert [(c.id, c.copies) for c in lay.cards] == list(fi_data.TREASURE_DECK)
    assert sum(c.copies for c in lay.cards) == 28
    assert {c.id: c.name for c in lay.cards} == fi_data.CARD_NAMES
    assert {c.id for c in lay.cards if c.kind == "special"} == set(fi_data.SPECIAL_CARDS)
    shapes = {s.id: [(c.x, c.y) for c in s.cells] for s in lay.layouts}
    assert shapes == {k: list(v.cells) for k, v in fi_data.LAYOUTS.items()}
    assert all(0 <= x < lay.columns and 0 <= y < lay.rows for c in shapes.values() for x, y in c)
    assert lay.flood_draws == fi_data.FLOOD_DRAWS and lay.skull_level == fi_data.SKULL_LEVEL
    assert {w.difficulty: w.water_level for w in lay.water_starts} == fi_data.DIFFICULTY_LEVELS
    assert lay.layout is None and lay.island == ()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_forbidden_island_tile_positions_match_the_matchs_state_and_views(players: int) -> None:
    game = islandgames.get_game("forbidden-island")
    for seed in range(6):
        states = _random_states("forbidden-island", seed, ForbiddenIslandConfig(players=players))
        first = islandgames.layout("forbidden-island", state=states[0])
        cells = fi_data.LAYOUTS[states[0].layout].cells
        assert first.layout == states[0].layout
        assert [(p.x, p.y) for p in first.island] == list(cells)
        assert tuple(p.tile for p in first.island) == states[0].board
        assert sorted(p.tile for p in first.island) == sorted(fi_data.TILE_IDS)
        for state in states[:: max(1, len(states) // 8)]:
            # fixed for the match: the same at every step, and what every view shows
            assert islandgames.layout("forbidden-island", state=state) == first
            for seat in (None, *game.seats(state)):
                view = game.view(state, seat)
                assert tuple(p.tile for p in first.island) == view.board
        differs = islandgames.layout("forbidden-island", state=game.new(seed + 100))
        assert differs.tiles == first.tiles  # the components never depend on the match
    boards = {islandgames.layout("forbidden-island", state=game.new(s)).island for s in range(8)}
    assert len(boards) > 1, "the placement is per match"


def test_friday_cards_and_texts_against_the_data() -> None:
    lay = islandgames.layout("friday")
    assert lay.cards == friday_data.CARDS
    assert [c.id for c in lay.cards] == list(range(len(friday_data.CARDS)))
    texts = {a.ability: a.text for a in lay.abilities}
    assert texts == ABILITY_TEXT
    assert {c.ability for c in lay.cards if c.ability} <= set(texts)
    assert {a.ability: a.uses for a in lay.abilities if a.uses} == friday_data.MAX_USES
    rules = {r.rule: r.text for r in lay.pirate_rules}
    assert rules == PIRATE_RULE_TEXT
    assert {c.pirate_rule for c in lay.cards if c.pirate_rule} == set(rules)
    assert lay.steps == ("green", "yellow", "red")
    assert all(len(c.hazard_values) == len(lay.steps) for c in lay.cards)


def test_not_alone_places_and_cards_against_the_data() -> None:
    lay = islandgames.layout("not-alone")
    assert [(p.number, p.name, p.title, p.power) for p in lay.places] == [
        (p.number, p.name, p.title, p.power) for p in na_data.PLACES
    ]
    grid = {(p.column, p.row): p.number for p in lay.places}
    assert len(grid) == 10 and all(0 <= c < lay.columns and 0 <= r < lay.rows for c, r in grid)
    for p in lay.places:
        assert p.adjacent == na_data.ADJACENT[p.number]
        # neighbours on the table are exactly the adjacent places
        near = {
            grid.get((p.column + dc, p.row + dr)) for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1))
        }
        assert near - {None} == set(p.adjacent)
    assert lay.survival_cards == na_data.SURVIVAL_CARDS
    assert lay.hunt_cards == na_data.HUNT_CARDS
    assert {t.board: t.spaces for t in lay.artemia_tracks} == na_data.ARTEMIA_SPACES
    assert lay.board is None
    game = islandgames.get_game("not-alone")
    for side in ("a", "b"):
        cfg = attrs.evolve(game.info.default_config, board=side)
        assert islandgames.layout("not-alone", state=game.new(1, cfg)).board == side


@pytest.mark.parametrize("game_id", GAMES)
def test_a_matchs_layout_holds_nothing_hidden(game_id: str) -> None:
    """Non-interference: resampling everything hidden from any seat leaves the layout of
    the match unchanged (it holds public information only)."""
    game = islandgames.get_game(game_id)
    rng = Rng.from_seed(7)
    for state in _random_states(game_id, 3, limit=120)[::10]:
        lay = islandgames.layout(game_id, state=state)
        for seat in (None, *game.seats(state)):
            sub, rng = rng.split()
            other = game.resample_hidden(state, seat, sub)
            assert islandgames.layout(game_id, state=other) == lay


# --- the service -------------------------------------------------------------------------------


@pytest.fixture()
def service() -> Any:
    svc = MatchService(MemoryStore(), snapshot_every=4)
    try:
        yield svc
    finally:
        svc.close()


@pytest.mark.parametrize("game_id", GAMES)
def test_the_service_gives_the_games_and_every_tokens_match_layout(
    service: MatchService, game_id: str
) -> None:
    static = service.layout(game_id)
    assert static.to_wire() == {
        "game": game_id,
        "rules_version": islandgames.get_game(game_id).info.rules_version,
        "match_id": None,
        "layout": serde.to_wire(islandgames.layout(game_id)),
    }
    first = islandgames.rules_versions(game_id)[0]
    assert service.layout(game_id, first).rules_version == first
    m = service.create(game_id, seed=11, rules_version=first)
    every = [service.match_layout(t).to_wire() for t in (*(s.token for s in m.seats),)]
    r = service.match_layout(m.spectator_token)
    assert all(w == r.to_wire() for w in every), "the same for every token"
    assert (r.game, r.rules_version, r.match_id) == (game_id, first, m.match_id)
    live_state = service._cache[m.match_id].state
    assert r.layout == serde.to_wire(islandgames.layout(game_id, first, live_state))
    assert _plain(r.layout)


def test_the_service_refuses_bad_layout_arguments(service: MatchService) -> None:
    with pytest.raises(UnknownGameError):
        service.layout("chess")
    with pytest.raises(UnsupportedRulesVersionError):
        service.layout("friday", "0.1")
    with pytest.raises(InvalidArgumentError):
        service.layout(5)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError):
        service.layout("friday", 1)  # type: ignore[arg-type]
    assert service.layout(TOY).layout is None


# --- may_act -----------------------------------------------------------------------------------


def _legal_seats(game: Any, state: Any) -> tuple[int, ...]:
    return tuple(s for s in game.seats(state) if game.legal_actions(state, s))


@pytest.mark.parametrize(
    ("game_id", "config"),
    [
        ("forbidden-island", {"players": 4}),
        ("forbidden-island", {"players": 2}),
        ("not-alone", None),
        ("gozer", {"players": 5}),
        ("friday", None),
    ],
)
def test_status_and_watch_updates_list_every_seat_that_may_act(
    service: MatchService, game_id: str, config: Any
) -> None:
    m = service.create(game_id, config, seed=2)
    tokens = [s.token for s in m.seats]
    updates: list[Update] = []
    sub = service.watch(m.spectator_token, updates.append)
    game = islandgames.get_game(game_id)
    rng = random.Random(4)
    interjections = 0
    for _ in range(600):
        status = service.status(m.spectator_token)
        state = service._cache[m.match_id].state
        assert status.may_act == _legal_seats(game, state)
        assert set(status.to_act) <= set(status.may_act)
        assert status.to_wire()["may_act"] == list(status.may_act)
        if updates:
            assert updates[-1].may_act == status.may_act
            assert updates[-1].to_wire()["may_act"] == list(status.may_act)
        if status.over:
            assert status.may_act == () and updates[-1].may_act == ()
            break
        interjections += set(status.may_act) != set(status.to_act)
        seat = rng.choice(status.may_act)  # interjections too
        service.act(tokens[seat], rng.choice(service.legal_actions(tokens[seat]).actions))
    sub.close()
    if game_id == "forbidden-island":
        assert interjections > 0, "special cards played out of turn are listed"
    # a catch-up from the start carries the same may_act as the live updates did
    replayed: list[Update] = []
    service.watch(m.spectator_token, replayed.append, after_seq=0).close()
    assert [u.may_act for u in replayed] == [u.may_act for u in updates]


# --- MessagePack-RPC ---------------------------------------------------------------------------


def test_messagepack_rpc_layout_match_layout_and_may_act_are_the_services() -> None:
    async def scenario() -> None:
        service = MatchService(MemoryStore())
        server = RpcServer(service)
        port = await server.start_tcp("127.0.0.1", 0)
        try:
            async with await AsyncClient.connect("127.0.0.1", port) as c:
                assert {"layout", "match_layout"} <= set((await c.server_info())["methods"])
                for game_id in GAMES:
                    assert await c.layout(game_id) == service.layout(game_id).to_wire()
                    old = islandgames.rules_versions(game_id)[0]
                    assert await c.layout(game_id, old) == service.layout(game_id, old).to_wire()
                    m = await c.create(game_id, None, 9)
                    got = await c.match_layout(m["spectator_token"])
                    assert got == service.match_layout(m["spectator_token"]).to_wire()
                    assert got["match_id"] == m["match_id"]
                    status = await c.status(m["seats"][0]["token"])
                    assert status["may_act"] == list(service.status(m["spectator_token"]).may_act)
                assert (await c.layout(TOY))["layout"] is None
                with pytest.raises(UnknownGameError):
                    await c.layout("chess")
                with pytest.raises(InvalidArgumentError):
                    await c.call("match_layout", "igt_not-a-token", 5)
                m = await c.create("forbidden-island", {"players": 4}, 3)
                watch = await c.watch(m["spectator_token"])
                seat = m["to_act"][0]
                token = m["seats"][seat]["token"]
                legal = await c.legal_actions(token)
                await c.act(token, legal["actions"][0], legal["seq"])
                update = await watch.next(10)
                assert update["may_act"] == list(service.status(m["spectator_token"]).may_act)
                await watch.close()
        finally:
            await server.close()
            service.close()

    run(scenario())
