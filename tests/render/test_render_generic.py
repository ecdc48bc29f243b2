"""One way to draw any game (issue 35): ``islandgames.render.render_svg`` and
``render_text`` take a state or a view of any registered game and reach the game's
hooks on its kit Definition; the old per-game names keep working."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

import islandgames
import islandgames.render.html
from islandgames import get_game
from islandgames.core.errors import IslandGamesError, UnknownGameError
from islandgames.core.registry import definition, game_module, rules_versions
from islandgames.games.friday import FridayConfig
from islandgames.games.gozer import BOARD, GozerConfig
from islandgames.games.gozer import render as gozer_render
from islandgames.games.gozer.state import CrossingRequest, TradeOffer
from islandgames.render import (
    SVG_NS,
    NoRendererError,
    NotRenderableError,
    SeatOutOfRangeError,
    Svg,
    render_svg,
    render_text,
)
from tests.render.render_kit import parse, random_states

GAMES = ("friday", "forbidden-island", "not-alone", "gozer")
CONFIGS: dict[str, Any] = {"gozer": GozerConfig(players=5), "friday": FridayConfig(level=3)}


def _sample(game_id: str, seed: int) -> list[Any]:
    states = random_states(game_id, seed, CONFIGS.get(game_id), steps=150)
    return [*states[::37], states[-1]]


SAMPLES = {g: [s for seed in (1, 2) for s in _sample(g, seed)] for g in GAMES}


def _seats(game_id: str, state: Any) -> list[int | None]:
    return [None, *range(get_game(game_id).seat_count(state))]


@pytest.mark.parametrize("game_id", GAMES)
def test_a_state_is_drawn_as_its_view_through_the_definitions_hooks(game_id: str) -> None:
    game = get_game(game_id)
    d = definition(game_id)
    assert d is not None and d.render_svg is not None and d.render_text is not None
    for state in SAMPLES[game_id]:
        for seat in _seats(game_id, state):
            view = game.view(state, seat)
            svg = render_svg(state, seat)
            assert isinstance(svg, Svg) and svg._repr_svg_() == svg
            parse(svg)
            assert svg == render_svg(view) == d.render_svg(view)
            assert svg == render_svg(state, seat, game=game_id) == render_svg(view, game=game)
            text = render_text(state, seat)
            assert text == render_text(view) == d.render_text(view)
            assert text == render_text(view, seat, game=game_id)


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("width", [40, 60, 80, 120])
def test_the_text_view_keeps_within_its_width(game_id: str, width: int) -> None:
    game = get_game(game_id)
    for state in SAMPLES[game_id]:
        for seat in _seats(game_id, state):
            text = render_text(game.view(state, seat), width=width)
            assert text.strip()
            assert max(len(line) for line in text.splitlines()) <= width, (seat, text)
    if width == 80:  # the default
        state = SAMPLES[game_id][-1]
        assert render_text(state) == render_text(state, width=80)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_rules_version_draws_its_own_states(game_id: str) -> None:
    for version in rules_versions(game_id):
        game = get_game(game_id, version)
        state = game.new(5, CONFIGS.get(game_id))
        assert render_svg(state, 0) == render_svg(game.view(state, 0))
        assert render_text(state, 0) == render_text(game.view(state, 0))


def test_a_friday_1_0_state_is_viewed_under_rules_1_0() -> None:
    old = get_game("friday", "1.0")
    state = old.new(3, FridayConfig(level=2))
    assert type(state) is not get_game("friday").state_type
    assert render_svg(state, 0) == render_svg(old.view(state, 0))


# --- the old names --------------------------------------------------------------------


@pytest.mark.parametrize("game_id", ["friday", "forbidden-island", "not-alone"])
def test_the_old_hooks_draw_what_the_new_ones_do(game_id: str) -> None:
    module = game_module(game_id)
    alias = __import__(f"islandgames.render.{module.__name__.rsplit('.', 1)[1]}", fromlist=["x"])
    assert alias.render_svg is module.render_svg and alias.render_view is module.render_view
    game = get_game(game_id)
    for state in SAMPLES[game_id][:3]:
        for seat in _seats(game_id, state):
            view = game.view(state, seat)
            new = render_svg(view)
            assert module.render_svg(state, seat) == module.render_svg(view) == new
            assert module.render_svg(state, seat=seat) == new
            assert isinstance(module.render_view(view), str)
            if game_id != "friday":  # Friday's old text view is unwrapped
                assert module.render_view(view) == render_text(view)
    assert module.render_svg(None) == render_svg(game.new(0))  # the game set up with seed 0
    with pytest.raises(ValueError, match="cannot be drawn for seat"):
        module.render_svg(game.view(game.new(0), 0), 1)


def test_fridays_old_text_view_has_the_same_words_as_the_new_one() -> None:
    from islandgames.games.friday import render_view

    game = get_game("friday")
    for state in SAMPLES["friday"]:
        view = game.view(state, 0)

        def words(s: str) -> list[str]:
            return s.replace("|", " ").split()

        assert words(render_view(view)) == words(render_text(view))


def test_gozers_old_render_svg_of_a_state_or_none() -> None:
    from islandgames.games.gozer import render_svg as old

    game = get_game("gozer")
    for state in SAMPLES["gozer"]:
        new = render_svg(state)
        assert old(state) == old(state, BOARD) == old(game.view(state, 2)) == new
        assert all(render_svg(state, seat) == new for seat in range(5))  # open information
    bare = old(None)
    parse(bare)
    assert bare != render_svg(game.new(0)) and "castaways start here" in bare


def test_the_toolkit_and_the_alias_modules_import_no_game_but_their_own() -> None:
    here = Path(islandgames.render.__file__).parent
    for path in sorted(here.glob("*.py")):
        names = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                names.add("." * node.level + (node.module or ""))
        games = {n for n in names if "games" in n}
        if path.stem in ("friday", "forbidden_island", "not_alone"):  # an alias module
            assert games == {f"..games.{path.stem}.render"}, path
        else:
            assert not games, path
    assert islandgames.render.html.SVG_NS == SVG_NS


# --- errors ---------------------------------------------------------------------------


@pytest.mark.parametrize("draw", [render_svg, render_text])
def test_an_object_of_no_game_is_a_type_error(draw: Any) -> None:
    for thing in ("a string", 3, None, object()):
        with pytest.raises(NotRenderableError, match="no state or view of a registered game"):
            draw(thing)
    assert issubclass(NotRenderableError, TypeError)
    assert issubclass(NotRenderableError, IslandGamesError)
    friday = get_game("friday").new(1)
    with pytest.raises(NotRenderableError, match="no state or view of gozer"):
        draw(friday, game="gozer")
    with pytest.raises(NotRenderableError, match="no state or view of gozer"):
        draw(friday, game=get_game("gozer"))
    with pytest.raises(UnknownGameError):
        draw(friday, game="chess")


@pytest.mark.parametrize("draw", [render_svg, render_text])
def test_a_seat_out_of_range_is_a_value_error(draw: Any) -> None:
    game = get_game("forbidden-island")
    state = game.new(1)
    seats = game.seat_count(state)
    for seat in (seats, -1, 99, True, "0", 1.0):
        with pytest.raises(SeatOutOfRangeError):
            draw(state, seat)
    with pytest.raises(SeatOutOfRangeError, match="a view of seat 0 cannot be drawn for seat 1"):
        draw(game.view(state, 0), 1)
    with pytest.raises(SeatOutOfRangeError, match="a view of a spectator"):
        draw(game.view(state, None), 0)
    assert draw(game.view(state, 0), 0) == draw(game.view(state, 0))
    assert issubclass(SeatOutOfRangeError, ValueError)
    gozer = get_game("gozer")
    with pytest.raises(SeatOutOfRangeError, match="a view of a spectator"):
        draw(gozer.view(gozer.new(1), None), 0)


@pytest.fixture
def pig() -> Iterator[Any]:
    """A game registered without a picture or a text view (the kit example)."""
    islandgames.register_game("pig-no-picture", "tests.kit_example")
    try:
        yield get_game("pig-no-picture")
    finally:
        islandgames.unregister_game("pig-no-picture")


@pytest.mark.parametrize("draw", [render_svg, render_text])
def test_a_game_without_the_hook_is_a_lookup_error(pig: Any, draw: Any) -> None:
    state = pig.new(1)
    with pytest.raises(NoRendererError, match=r"pig has no (picture|text view)"):
        draw(state)
    with pytest.raises(NoRendererError):
        draw(state, 0, game="pig-no-picture")
    assert issubclass(NoRendererError, LookupError)
    islandgames.unregister_game("pig-no-picture")
    with pytest.raises(NotRenderableError):  # forgotten with its game
        draw(state)


def test_a_hook_that_returns_no_string_is_a_type_error(pig: Any) -> None:
    broken = attrs.evolve(pig.definition, render_svg=lambda view: 42)
    with pytest.raises(TypeError, match="returned a int"):
        render_svg(pig.new(1), game=broken.games()[-1])


# --- Gozer's text view ----------------------------------------------------------------


def _gozer_states() -> list[Any]:
    out = []
    for players in range(2, 7):
        for seed in range(3):
            states = random_states("gozer", seed, GozerConfig(players=players), steps=2000)
            out += [*states[::53], states[-1]]
    return out


GOZER = _gozer_states()


def test_gozers_text_view_fits_80_columns_and_names_what_the_view_holds() -> None:
    game = get_game("gozer")
    assert any(game.outcome(s) is not None for s in GOZER)
    for state in GOZER:
        view = game.view(state, None)
        text = render_text(view)
        lines = text.splitlines()
        assert max(len(line) for line in lines) <= 80, text
        assert lines[0] == "The Wrath of Gozer — a spectator's view"
        t = view.table
        if game.outcome(state) is None:
            assert f"Round {t.round} of {t.config.round_limit}" in text
            waiting = game.to_act(state)
            assert f"Waiting on: seat {waiting[0]} " in text
        else:
            assert text.splitlines()[1].startswith(f"Game over in round {t.round}:")
        for seat, pawn in enumerate(t.pawns):
            (row,) = [line for line in lines if line.startswith(f"  seat {seat} ")]
            if pawn.status in ("dead", "removed"):
                assert "off the island" in row
            else:
                assert f" on {pawn.square} (" in row
            assert ("Gozer" in row) is (seat == t.gozer)
        for g in t.gadgets:
            assert g.gadget in text
        # every seat sees the same table: the lines but the first and the pawns' agree
        def table_lines(lines: list[str]) -> list[str]:
            pawns, gadgets = lines.index("Pawns:"), next(
                i for i, line in enumerate(lines) if line.startswith("Gadgets: ")
            )
            return lines[1:pawns] + lines[gadgets:]

        for seat in range(game.seat_count(state)):
            mine = render_text(game.view(state, seat)).splitlines()
            assert mine[0].startswith(f"The Wrath of Gozer — view of seat {seat} (")
            assert table_lines(mine) == table_lines(lines)
            assert sum("(you)" in line for line in mine) == 1


def test_gozers_text_view_shows_requests_gadgets_held_and_the_dying() -> None:
    game = get_game("gozer")
    state = game.new(4, GozerConfig(players=4))
    c1, c2, c3 = (s for s in range(4) if s != state.gozer)
    gadgets = tuple(
        attrs.evolve(g, holder=c1, square=None) if g.gadget in ("pistol", "bridge") else g
        for g in state.gadgets
    )
    pawns = tuple(
        attrs.evolve(p, status="dying", wounded=3) if s == c2 else p
        for s, p in enumerate(state.pawns)
    )
    trade = attrs.evolve(
        state, gadgets=gadgets, pawns=pawns, deployed=True, gozer_skips=True,
        pending=TradeOffer(c1, c3, ("pistol",), ()),
    )  # fmt: skip
    text = gozer_render.render_text(game.view(trade, c3))
    flat = " ".join(text.split())  # as read, whatever the wrapping
    assert f"Request: seat {c1} offers seat {c3} pistol for nothing (trade, G4)" in text
    assert f"Waiting on: seat {c3} (a castaway)" in text
    assert f"pistol held by seat {c1}" in flat and f"bridge held by seat {c1} (deployed)" in flat
    assert "holds pistol, bridge" in flat and "dying (wounded in turn 3)" in flat
    assert "banished: skips his next turn" in flat
    assert f"  seat {c3} castaway (you)" in text
    cross = attrs.evolve(trade, pending=CrossingRequest(c3, c1, 5))
    text = gozer_render.render_text(game.view(cross, None))
    assert f"Request: seat {c3} asks seat {c1} to cross 5 (" in " ".join(text.split())
    assert f"Waiting on: seat {c1} (a castaway)" in text
    for line in text.splitlines():
        assert len(line) <= 80
