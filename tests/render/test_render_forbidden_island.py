"""Forbidden Island pictures: the SVG and the 80-column terminal view."""

from __future__ import annotations

import re
from typing import Any

import attrs
import pytest

from islandgames import get_game
from islandgames.core.rng import Rng
from islandgames.games.forbidden_island import GAME, ForbiddenIslandConfig
from islandgames.games.forbidden_island.data import LAYOUTS, TILES, TREASURES
from islandgames.games.forbidden_island.render import render_view
from islandgames.games.forbidden_island.view import resample_hidden
from islandgames.render import Svg, wrap
from islandgames.render.forbidden_island import PAWN_LETTER, render_svg, render_text
from tests.render.render_kit import groups, parse, random_states, texts

NAME = {t.id: t.name for t in TILES}

#: several seeded random games, 2 to 4 players
GAMES = [
    random_states(
        "forbidden-island", seed, ForbiddenIslandConfig(players=2 + seed % 3), steps=250
    )
    for seed in range(6)
]
STATES = [s for states in GAMES for s in states]
SAMPLE = STATES[::23] + [states[-1] for states in GAMES]


def _dry_tile(state: Any) -> int:
    return next(i for i, t in enumerate(state.tiles) if t == "dry")


# --- the SVG -------------------------------------------------------------------------------


def test_the_svg_is_well_formed_and_shows_every_tile_by_name_and_state() -> None:
    for s in SAMPLE:
        root = parse(render_svg(s, 0))
        words = texts(root)
        joined = "\n".join(words)
        for i, tid in enumerate(s.board):
            (tile,) = groups(root, tile=tid)
            assert tile.get("data-status") == s.tiles[i]
            # the name is drawn on the tile (wrapped onto lines of the tile's width)
            shown = [
                "".join(e.itertext()) for e in tile.iter() if e.tag.endswith("}text")
            ]
            assert " ".join(wrap(NAME[tid], 12)[:3]) in " ".join(shown), tid
            assert s.tiles[i] in shown
        for seat, adv in enumerate(s.adventurers):
            (pawn,) = groups(root, seat=seat, adventurer=adv)
            assert PAWN_LETTER[adv] in "".join(pawn.itertext())
            hand = groups(root, seat=seat, zone="hand")
            assert sorted(str(g.get("data-card")) for g in hand) == sorted(s.hands[seat])
        (meter,) = groups(root, level=s.water_level)
        assert "Water level" in "".join(meter.itertext())
        for t in TREASURES:
            (g,) = groups(root, treasure=t.id)
            assert (g.get("data-state") == "captured") == (t.id in s.captured)
        # "1 card", never "1 cards" (issue 37)
        assert _cards(len(s.treasure_deck)) in words
        assert _cards(len(s.flood_discard)) in joined
        assert not re.search(r"(?<!\d)1 cards", joined)


def test_pawns_are_drawn_on_their_tiles_in_their_adventurers_colours() -> None:
    s = GAME.new(5, ForbiddenIslandConfig(players=4))
    root = parse(render_svg(s))
    fills = set()
    for seat, adv in enumerate(s.adventurers):
        (tile,) = groups(root, tile=s.pawns[seat])
        (pawn,) = groups(tile, seat=seat, adventurer=adv)
        fills.add(next(e.get("fill") for e in pawn if e.tag.endswith("}circle")
                       and e.get("r") == "12"))  # fmt: skip
    assert len(fills) == 4, "four adventurers, four pawn colours"


def test_the_svg_is_deterministic() -> None:
    a = random_states("forbidden-island", 3, ForbiddenIslandConfig(players=3), steps=120)
    b = random_states("forbidden-island", 3, ForbiddenIslandConfig(players=3), steps=120)
    assert a[-1] is not b[-1] and a[-1] == b[-1]
    first = render_svg(a[-1], 1)
    assert first == render_svg(a[-1], 1)
    assert first == render_svg(b[-1], 1), "the same state built twice: the same bytes"
    assert first == render_svg(GAME.view(b[-1], 1))
    assert render_svg() == render_svg(None)
    assert isinstance(first, Svg) and first._repr_svg_() == str(first)


def test_a_flooded_or_sunk_tile_is_drawn_differently_from_a_dry_one() -> None:
    s = GAME.new(2)
    i = _dry_tile(s)
    tid = s.board[i]
    dry = render_svg(s)
    pictures = {"dry": dry}
    for status in ("flooded", "sunk"):
        other = attrs.evolve(s, tiles=(*s.tiles[:i], status, *s.tiles[i + 1 :]))
        pictures[status] = render_svg(other)
        (tile,) = groups(parse(pictures[status]), tile=tid)
        assert tile.get("data-status") == status
        (before,) = groups(parse(dry), tile=tid)
        fill_before = next(e.get("fill") for e in before if e.tag.endswith("}rect"))
        fill_after = next(e.get("fill") for e in tile if e.tag.endswith("}rect"))
        assert fill_before != fill_after
    assert len(set(pictures.values())) == 3


def test_the_picture_follows_the_game() -> None:
    states = GAMES[0]
    pictures = [render_svg(s) for s in states[:40]]
    views = [GAME.view(s, None) for s in states[:40]]
    for k in range(1, len(states[:40])):
        if views[k] != views[k - 1]:
            assert pictures[k] != pictures[k - 1], k
    captured = attrs.evolve(states[0], captured=("fire",))
    (g,) = groups(parse(render_svg(captured)), treasure="fire")
    assert g.get("data-state") == "captured"
    higher = attrs.evolve(states[0], water_level=states[0].water_level + 1)
    assert groups(parse(render_svg(higher)), level=states[0].water_level + 1)


def test_a_seat_sees_no_draw_order() -> None:
    """The draw piles' order is hidden from every seat: two states that differ only
    there draw the same picture, and the picture never lists the treasure deck."""
    s = STATES[40]
    other = resample_hidden(s, 0, Rng.from_seed(9, "other"))
    assert other.treasure_deck != s.treasure_deck
    for seat in (None, 0, 1):
        assert render_svg(other, seat) == render_svg(s, seat)
    root = parse(render_svg(s, 0))
    assert len(groups(root, zone="hand")) == sum(len(h) for h in s.hands)


def test_a_view_is_drawn_for_its_own_seat_only() -> None:
    v = GAME.view(GAME.new(1), 0)
    assert render_svg(v) == render_svg(v, 0)
    with pytest.raises(ValueError, match="seat 0"):
        render_svg(v, 1)


# --- the terminal view ---------------------------------------------------------------------


def _cell(lines: list[str], x: int, y: int) -> list[str]:
    """The four text lines inside grid cell (x, y) of the terminal view."""
    top = next(k for k, line in enumerate(lines) if "+---" in line)
    rows = lines[top + 1 + 5 * y : top + 5 + 5 * y]
    return [line.ljust(80)[13 * x + 1 : 13 * x + 13] for line in rows]


def test_terminal_views_fit_80_columns() -> None:
    game = get_game("forbidden-island")
    checked = 0
    for s in STATES[::7] + [states[-1] for states in GAMES]:
        for seat in (None, *range(len(s.adventurers))):
            text = render_view(game.view(s, seat))
            widths = [len(line) for line in text.splitlines()]
            assert max(widths) <= 80, text
            checked += 1
    assert checked > 200


def test_the_terminal_view_is_the_island_as_a_6x6_grid() -> None:
    for s in SAMPLE:
        text = render_text(GAME.view(s, 0))
        assert text == render_view(GAME.view(s, 0))
        lines = text.splitlines()
        cells = LAYOUTS[s.layout].cells
        assert {c[0] for c in cells} == set(range(6)) == {c[1] for c in cells}
        for i, (x, y) in enumerate(cells):
            name, name2, status, pawns = _cell(lines, x, y)
            assert " ".join(p.strip() for p in (name, name2) if p.strip()) == NAME[s.board[i]]
            word = {"dry": "dry", "flooded": "~flooded~", "sunk": "# sunk #"}[s.tiles[i]]
            assert status.startswith(word), (s.board[i], status)
            here = [
                PAWN_LETTER[s.adventurers[p]] + str(p)
                for p, t in enumerate(s.pawns)
                if t == s.board[i]
            ]
            assert pawns.strip() == "".join(here) or (not here and set(pawns) <= {"~"})
        assert f"Water level {s.water_level}" in text


def test_a_flooded_tile_reads_differently_in_the_terminal() -> None:
    s = GAME.new(4)
    i = _dry_tile(s)
    x, y = LAYOUTS[s.layout].cells[i]
    flooded = attrs.evolve(s, tiles=(*s.tiles[:i], "flooded", *s.tiles[i + 1 :]))
    before = _cell(render_text(GAME.view(s, None)).splitlines(), x, y)
    after = _cell(render_text(GAME.view(flooded, None)).splitlines(), x, y)
    assert before[2].startswith("dry") and after[2].startswith("~flooded~")
    assert before[:2] == after[:2]


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"
