"""Forbidden Island's text view and picture, both drawn from a seat's view.

Everything drawn comes from the view (hands and discard piles are open information in
this game; the draw piles show as sizes). The island is the layout's grid: each
tile with its name, dry / flooded / sunk, the treasure it yields and the pawns on it;
beside it the water meter, the treasures captured and the piles; below it the hands.
:func:`render_text` is the same table in at most 80 columns (``islandgames play`` and
``replay`` show it), :func:`render_svg` its SVG picture.

>>> from islandgames.core.registry import get_game
>>> g = get_game("forbidden-island")
>>> view = g.view(g.new(1), 0)
>>> import xml.etree.ElementTree as ET
>>> ET.fromstring(render_svg(view)).tag
'{http://www.w3.org/2000/svg}svg'
>>> max(len(line) for line in render_text(view).splitlines()) <= 80
True

:func:`render_view` (the text in 80 columns) and :func:`svg_of` (a state, a view or
None, as a seat sees it) are the hooks of earlier releases, kept under the package's
old names ``render_view`` and ``render_svg``.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...render import (
    Svg,
    circle,
    fit,
    game_of,
    group,
    legend,
    line,
    rect,
    svg_document,
    text,
    wrap,
)
from .data import (
    ADVENTURERS,
    CARD_NAMES,
    FLOOD_DRAWS,
    FOOLS_LANDING,
    LAYOUTS,
    SKULL_LEVEL,
    TILES,
    TREASURES,
)
from .state import ForbiddenIslandState
from .view import ForbiddenIslandView

__all__ = ["PAWN_LETTER", "render_svg", "render_text", "render_view", "svg_of"]

_TILE = {t.id: t for t in TILES}
_ADV = {a.id: a for a in ADVENTURERS}
_TREASURE = {t.id: t for t in TREASURES}

#: the adventurers' pawn colours (data.ADVENTURERS names them) as fill and text colour
_PAWN_RGB = {
    "black": ("#212121", "#ffffff"),
    "red": ("#d32f2f", "#ffffff"),
    "green": ("#2e7d32", "#ffffff"),
    "grey": ("#9e9e9e", "#000000"),
    "yellow": ("#fdd835", "#000000"),
    "blue": ("#1e88e5", "#ffffff"),
}
#: one letter per adventurer, on the pawn and in the text view (eXplorer: E is taken)
PAWN_LETTER = {
    "diver": "D",
    "engineer": "E",
    "explorer": "X",
    "messenger": "M",
    "navigator": "N",
    "pilot": "P",
}
_TREASURE_RGB = {"earth": "#8d6e63", "wind": "#7cb342", "fire": "#e53935", "ocean": "#0288d1"}
_TREASURE_LETTER = {"earth": "E", "wind": "W", "fire": "F", "ocean": "O"}
_SHORT_CARD = {
    "earth": "Earth Stone",
    "wind": "Wind Statue",
    "fire": "Fire Crystal",
    "ocean": "Ocean Chalice",
    "helicopter_lift": "Heli Lift",
    "sandbags": "Sandbags",
    "waters_rise": "Waters Rise!",
}
_STATUS_FILL = {"dry": "#ecd9a4", "flooded": "#7fb8de", "sunk": "none"}
_STATUS_STROKE = {"dry": "#8a6d3b", "flooded": "#1f5f8b", "sunk": "#6f93b3"}
_OCEAN = "#d4ebf7"

_CELL = 112
_GAP = 6
_MARGIN = 20
_TOP = 64
_PANEL_W = 270


def _cards(n: int) -> str:
    """``"1 card"``, ``"0 cards"``, ``"5 cards"``."""
    return f"{n} card{'s' if n != 1 else ''}"


def _adv_name(adv: str) -> str:
    a = _ADV.get(adv)
    return a.name if a else adv


def _pawn_colours(adv: str) -> tuple[str, str]:
    a = _ADV.get(adv)
    return _PAWN_RGB.get(a.colour if a else "", ("#757575", "#ffffff"))


def _card_name(card: str) -> str:
    return CARD_NAMES.get(card, card)


def _reason(code: str, view: ForbiddenIslandView) -> str:
    if code == "won":
        return "won: the team lifted off Fools' Landing with all four treasures"
    if code == "water_level":
        return "the water reached the skull and crossbones"
    if code == "fools_landing_sunk":
        return "Fools' Landing sank"
    head, _, arg = code.partition(":")
    if head == "treasure_lost":
        t = _TREASURE.get(arg)
        return f"both tiles of {t.name if t else arg} sank"
    if head == "pawn_drowned" and arg.isdigit() and int(arg) < len(view.adventurers):
        return f"the {_adv_name(view.adventurers[int(arg)])} (seat {arg}) drowned"
    return code


def _status(view: ForbiddenIslandView) -> str:
    """Whose turn it is and what the game waits for, in one sentence."""
    if view.ended:
        return "Game over: " + "; ".join(_reason(c, view) for c in view.ended)
    who = f"seat {view.active} ({_adv_name(view.adventurers[view.active])})"
    if view.phase == "actions":
        left = f"{view.actions_left} action{'s' if view.actions_left != 1 else ''} left"
        s = f"{who} to play: {left}"
    elif view.phase == "treasure":
        s = f"{who}: treasure draw, {view.draws_left} to go"
    else:
        s = f"{who}: flood draw, {view.draws_left} to go"
    if view.swimmers:
        s += "; must swim: " + ", ".join(f"seat {i}" for i in view.swimmers)
    if view.lift is not None:
        pawns = ", ".join(str(i) for i in view.lift.pawns)
        s += f"; Helicopter Lift by seat {view.lift.holder} (pawns {pawns})"
    return s


def _viewer(view: ForbiddenIslandView) -> str:
    if view.seat is None:
        return "a spectator's view"
    return f"view of seat {view.seat} ({_adv_name(view.adventurers[view.seat])})"


def _lost_treasures(view: ForbiddenIslandView) -> set[str]:
    status = dict(zip(view.board, view.tiles, strict=True))
    return {
        t.id
        for t in TREASURES
        if t.id not in view.captured and all(status.get(p) == "sunk" for p in t.pickup)
    }


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


# --- SVG --------------------------------------------------------------------------------


def _treasure_mark(cx: float, cy: float, treasure: str, r: float, filled: bool) -> str:
    colour = _TREASURE_RGB.get(treasure, "#777")
    letter = _TREASURE_LETTER.get(treasure, "?")
    if filled:
        return circle(cx, cy, r, fill=colour, stroke="#333", stroke_width=0.75) + text(
            cx, cy + r * 0.42, letter, size=r * 1.2, anchor="middle", weight="bold", fill="#fff"
        )
    return circle(cx, cy, r, fill="#fff", stroke=colour, stroke_width=2) + text(
        cx, cy + r * 0.42, letter, size=r * 1.2, anchor="middle", weight="bold", fill=colour
    )


def _pawn(cx: float, cy: float, seat: int, adv: str, active: bool, swimming: bool) -> str:
    fill, ink = _pawn_colours(adv)
    parts = []
    if active:
        parts.append(circle(cx, cy, 16, fill="none", stroke="#ff8f00", stroke_width=3))
    if swimming:
        parts.append(circle(cx, cy, 19, fill="none", stroke="#c62828", stroke_width=2))
    parts.append(circle(cx, cy, 12, fill=fill, stroke="#000", stroke_width=1))
    parts.append(
        text(cx, cy + 4.5, PAWN_LETTER.get(adv, "?"), size=13, anchor="middle", weight="bold",
             fill=ink)
    )  # fmt: skip
    parts.append(text(cx, cy + 24, str(seat), size=9, anchor="middle", fill="#000"))
    title = f"seat {seat}: {_adv_name(adv)}" + (" (must swim)" if swimming else "")
    return group(parts, cls="pawn", data={"seat": seat, "adventurer": adv}, title=title)


def _tile(view: ForbiddenIslandView, i: int, x: float, y: float) -> str:
    tid = view.board[i]
    status = view.tiles[i]
    tile = _TILE.get(tid)
    name = tile.name if tile else tid
    parts = [
        rect(
            x, y, _CELL, _CELL, fill=_STATUS_FILL[status], stroke=_STATUS_STROKE[status],
            stroke_width=2 if status != "sunk" else 1.5, rx=8,
            dash="6 4" if status == "sunk" else None,
        )
    ]  # fmt: skip
    if status == "flooded":
        for k in (0, 1):
            wy = y + 62 + 10 * k
            parts.append(
                f'<path d="M{x + 14} {wy} q7 -5 14 0 t14 0 t14 0 t14 0 t14 0 t14 0" '
                'fill="none" stroke="#ffffff" stroke-width="1.5" opacity="0.8"/>'
            )
    ink = {"dry": "#3e2f10", "flooded": "#0d2f4a", "sunk": "#5d7f9e"}[status]
    for k, part in enumerate(wrap(name, 12)[:3]):
        parts.append(
            text(x + 8, y + 18 + 14 * k, part, size=12, weight="bold", fill=ink,
                 style="italic" if status == "sunk" else None)
        )  # fmt: skip
    parts.append(text(x + _CELL - 8, y + _CELL - 8, status, size=10, anchor="end", fill=ink))
    if tile and tile.treasure and status != "sunk":
        parts.append(_treasure_mark(x + _CELL - 14, y + _CELL - 32, tile.treasure, 8, True))
    if tid == FOOLS_LANDING and status != "sunk":
        parts.append(circle(x + _CELL - 14, y + _CELL - 32, 9, fill="#fff", stroke="#333"))
        parts.append(
            text(x + _CELL - 14, y + _CELL - 28, "H", size=11, anchor="middle", weight="bold",
                 fill="#333")
        )  # fmt: skip
    if tile and tile.start_of and status != "sunk":
        fill, _ = _pawn_colours(tile.start_of)
        parts.append(rect(x + 8, y + _CELL - 14, 26, 5, fill=fill, stroke="#333", stroke_width=0.5))
    here = [s for s, p in enumerate(view.pawns) if p == tid]
    span = 30
    x0 = x + _CELL / 2 - span * (len(here) - 1) / 2
    for k, seat in enumerate(here):
        parts.append(
            _pawn(x0 + span * k, y + 60, seat, view.adventurers[seat], seat == view.active
                  and not view.ended, seat in view.swimmers)
        )  # fmt: skip
    tip = f"{name}: {status}"
    if tile and tile.treasure:
        tip += f" ({_TREASURE[tile.treasure].name})"
    cell = LAYOUTS[view.layout].cells[i] if view.layout in LAYOUTS else (i, 0)
    return group(
        parts, cls="tile",
        data={"tile": tid, "status": status, "x": cell[0], "y": cell[1]}, title=tip,
    )  # fmt: skip


def _cells(view: ForbiddenIslandView) -> Sequence[tuple[int, int]]:
    layout = LAYOUTS.get(view.layout)
    if layout is not None and len(layout.cells) == len(view.board):
        return layout.cells
    # an unknown layout: the tiles in rows of six
    return tuple((i % 6, i // 6) for i in range(len(view.board)))


def _water_meter(view: ForbiddenIslandView, x: float, y: float) -> tuple[str, float]:
    parts = [text(x, y, "Water level", size=14, weight="bold", fill="#0d47a1")]
    box_h = 24
    top = y + 12
    for level in range(SKULL_LEVEL, 0, -1):
        by = top + (SKULL_LEVEL - level) * box_h
        now = level == view.water_level
        reached = level <= view.water_level
        fill = "#1565c0" if now else ("#90caf9" if reached else "#f5f9fc")
        parts.append(rect(x, by, 44, box_h - 2, fill=fill, stroke="#0d47a1", stroke_width=1))
        label = "☠" if level == SKULL_LEVEL else str(level)
        parts.append(
            text(x + 22, by + 16, label, size=13, anchor="middle", weight="bold",
                 fill="#fff" if now else "#0d47a1")
        )  # fmt: skip
        draws = "game lost" if level == SKULL_LEVEL else f"draw {FLOOD_DRAWS[level]}"
        parts.append(text(x + 52, by + 16, draws, size=11, fill="#333",
                          weight="bold" if now else None))  # fmt: skip
        if now:
            parts.append(text(x + 120, by + 16, "◀ now", size=12, weight="bold", fill="#1565c0"))
    end = top + SKULL_LEVEL * box_h
    meter = group(parts, cls="water-meter", data={"level": view.water_level})
    return meter, end


def _treasures(view: ForbiddenIslandView, x: float, y: float) -> tuple[str, float]:
    parts = [text(x, y, "Treasures", size=14, weight="bold", fill="#333")]
    lost = _lost_treasures(view)
    for k, t in enumerate(TREASURES):
        ty = y + 22 + 24 * k
        got = t.id in view.captured
        state = "captured" if got else ("lost" if t.id in lost else "not captured")
        parts.append(
            group(
                [
                    _treasure_mark(x + 10, ty - 4, t.id, 9, got),
                    text(x + 26, ty, t.name, size=11, fill="#222",
                         weight="bold" if got else None),
                    text(x + 26, ty + 11, state, size=9,
                         fill="#c62828" if state == "lost" else "#555"),
                ],
                cls="treasure", data={"treasure": t.id, "state": state},
            )
        )  # fmt: skip
    return "".join(parts), y + 22 + 24 * len(TREASURES)


def _piles(view: ForbiddenIslandView, x: float, y: float) -> tuple[str, float]:
    runs = len(view.flood_deck)
    flood_left = sum(len(r) for r in view.flood_deck)
    rows = [
        ("Treasure deck", _cards(view.treasure_deck_size), "treasure-deck"),
        ("Treasure discard", _cards(len(view.treasure_discard)), "treasure-discard"),
        ("Flood deck", f"{_cards(flood_left)}, {runs} run{'s' if runs != 1 else ''}", "flood-deck"),
        ("Flood discard", _cards(len(view.flood_discard)), "flood-discard"),
    ]
    parts = [text(x, y, "Piles", size=14, weight="bold", fill="#333")]
    for k, (label, value, key) in enumerate(rows):
        py = y + 20 + 17 * k
        parts.append(text(x, py, label, size=11, fill="#333", data={"pile": key}))
        parts.append(text(x + 110, py, value, size=11, weight="bold", fill="#222"))
    py = y + 20 + 17 * len(rows)
    if view.treasure_discard:
        parts.append(
            text(x, py, fit("last discard: " + _card_name(view.treasure_discard[-1]), 40),
                 size=10, fill="#555")
        )  # fmt: skip
        py += 14
    if view.flood_discard:
        last = _TILE[t].name if (t := view.flood_discard[-1]) in _TILE else t
        parts.append(text(x, py, fit("last flooded: " + last, 40), size=10, fill="#555"))
        py += 14
    return "".join(parts), py


def _hand_row(view: ForbiddenIslandView, seat: int, x: float, y: float) -> str:
    adv = view.adventurers[seat]
    fill, ink = _pawn_colours(adv)
    you = " (you)" if view.seat == seat else ""
    parts = [
        circle(x + 12, y + 12, 10, fill=fill, stroke="#000"),
        text(x + 12, y + 16.5, PAWN_LETTER.get(adv, "?"), size=11, anchor="middle",
             weight="bold", fill=ink),
        text(x + 30, y + 11, f"seat {seat}{you}", size=11, weight="bold", fill="#222"),
        text(x + 30, y + 24, _adv_name(adv), size=10, fill="#444"),
    ]  # fmt: skip
    hand = view.hands[seat]
    if not hand:
        parts.append(text(x + 130, y + 17, "no cards", size=11, style="italic", fill="#777"))
    for k, card in enumerate(hand):
        cx = x + 130 + 104 * k
        colour = _TREASURE_RGB.get(card, "#607d8b")
        parts.append(
            group(
                [
                    rect(cx, y, 98, 26, fill=colour, stroke="#263238", stroke_width=1, rx=4),
                    text(cx + 49, y + 17, _SHORT_CARD.get(card, card), size=11,
                         anchor="middle", weight="bold", fill="#fff"),
                ],
                cls="card", data={"card": card, "seat": seat, "zone": "hand"},
                title=_card_name(card),
            )
        )  # fmt: skip
    return group(parts, cls="hand", data={"seat": seat, "cards": len(hand)})


def render_svg(view: ForbiddenIslandView) -> Svg:
    """The table as ``view`` (any seat's or a spectator's) shows it, as an SVG document
    (deterministic bytes)."""
    return _draw_svg(view)


def svg_of(
    subject: ForbiddenIslandState | ForbiddenIslandView | None = None, seat: int | None = None
) -> Svg:
    """The table as an SVG document (deterministic bytes), drawn from one seat's view.

    ``subject`` is a view (drawn as it is: ``seat`` must be None or the view's seat), a
    state (drawn as ``seat`` sees it; None: a spectator) or None (the game set up with
    seed 0 and the default config, as a spectator sees it). The package's
    ``render_svg`` (and ``islandgames.render.forbidden_island.render_svg``) of earlier
    releases."""
    return _draw_svg(_as_view(subject, seat))


def _as_view(
    subject: ForbiddenIslandState | ForbiddenIslandView | None, seat: int | None
) -> ForbiddenIslandView:
    if isinstance(subject, ForbiddenIslandView):
        if seat is not None and seat != subject.seat:
            raise ValueError(f"a view of seat {subject.seat} cannot be drawn for seat {seat}")
        return subject
    game = game_of("forbidden-island", subject)
    state = game.new(0) if subject is None else subject
    view: ForbiddenIslandView = game.view(state, seat)
    return view


def _draw_svg(view: ForbiddenIslandView) -> Svg:
    cells = _cells(view)
    cols = max((c[0] for c in cells), default=0) + 1
    rows = max((c[1] for c in cells), default=0) + 1
    grid_w = cols * _CELL + (cols - 1) * _GAP
    grid_h = rows * _CELL + (rows - 1) * _GAP
    width = _MARGIN * 2 + grid_w + _PANEL_W
    body = [
        text(_MARGIN, 28, f"Forbidden Island — {_viewer(view)}", size=20, weight="bold",
             fill="#0d3c61"),
        text(_MARGIN, 50, fit(_status(view), 130), size=13, fill="#333",
             weight="bold" if view.ended else None),
        rect(_MARGIN - 8, _TOP - 8, grid_w + 16, grid_h + 16, fill=_OCEAN, rx=14),
    ]  # fmt: skip
    for i, (cx, cy) in enumerate(cells):
        body.append(_tile(view, i, _MARGIN + cx * (_CELL + _GAP), _TOP + cy * (_CELL + _GAP)))
    px = _MARGIN * 2 + grid_w + 4
    meter, y = _water_meter(view, px, _TOP + 10)
    body.append(meter)
    treasures, y = _treasures(view, px, y + 28)
    body.append(treasures)
    piles, y = _piles(view, px, y + 18)
    body.append(piles)
    panel_end = y
    y = _TOP + grid_h + 36
    body.append(text(_MARGIN, y, "Hands", size=14, weight="bold", fill="#333"))
    y += 12
    for seat in range(len(view.adventurers)):
        body.append(_hand_row(view, seat, _MARGIN, y))
        y += 36
    y = max(y, panel_end) + 12
    body.append(line(_MARGIN, y - 6, width - _MARGIN, y - 6, stroke="#ccc"))
    items = [
        ("box", _STATUS_FILL["dry"], "dry tile"),
        ("box", _STATUS_FILL["flooded"], "flooded tile (shore it up)"),
        ("dash", _OCEAN, "sunk tile (gone)"),
        ("H", "#555", "Fools' Landing: lift off here"),
        ("ring", "#ff8f00", "the active adventurer"),
        ("ring", "#c62828", "must swim off a sunk tile"),
        ("box", "#9e9e9e", "bar: an adventurer's start tile"),
        *((_TREASURE_LETTER[t.id], _TREASURE_RGB[t.id], t.name) for t in TREASURES),
    ]
    body.append(legend(_MARGIN, y + 10, items, columns=3, column_width=(width - 40) / 3))
    height = y + 10 + 18 * 4
    return Svg(svg_document(width, height, body, title=f"Forbidden Island: {_viewer(view)}"))


# --- text -------------------------------------------------------------------------------


def _grid_text(view: ForbiddenIslandView, width: int) -> list[str]:
    cells = _cells(view)
    cols = max((c[0] for c in cells), default=0) + 1
    rows = max((c[1] for c in cells), default=0) + 1
    cw = max(min((width - 1) // cols - 1, 14), 6)  # inner width of a cell
    at = {c: i for i, c in enumerate(cells)}
    blank = " " * cw
    sea = "~" * cw

    def border(y: int) -> str:
        # a corner wherever a tile above or below touches it
        out = []
        for x in range(cols + 1):
            near = any((xx, yy) in at for xx in (x - 1, x) for yy in (y - 1, y))
            out.append("+" if near else " ")
            if x < cols:
                edge = (x, y - 1) in at or (x, y) in at
                out.append("-" * cw if edge else blank)
        return "".join(out).rstrip()

    lines = []
    for y in range(rows):
        lines.append(border(y))
        body: list[list[str]] = [[], [], [], []]
        for x in range(cols):
            i = at.get((x, y))
            if i is None:
                cell = [blank] * 4
            else:
                tid, status = view.board[i], view.tiles[i]
                tile = _TILE.get(tid)
                name = wrap(tile.name if tile else tid, cw)
                name = [*name[:2], "", ""][:2]
                mark = ""
                if tile and tile.treasure:
                    mark = "*" + _TREASURE_LETTER[tile.treasure]
                if tid == FOOLS_LANDING:
                    mark = "[H]"
                state = {"dry": "dry", "flooded": "~flooded~", "sunk": "# sunk #"}[status]
                third = fit(state, cw - len(mark)).ljust(cw - len(mark)) + mark
                pawns = "".join(
                    PAWN_LETTER.get(view.adventurers[s], "?") + str(s)
                    for s, p in enumerate(view.pawns)
                    if p == tid
                )
                cell = [fit(n, cw).ljust(cw) for n in name] + [third, fit(pawns, cw).ljust(cw)]
                if status == "sunk" and not pawns:
                    cell[3] = sea
            left_open = (x - 1, y) in at or i is not None
            for k in range(4):
                body[k].append(("|" if left_open else " ") + cell[k])
        for k in range(4):
            edge = "|" if (cols - 1, y) in at else ""
            lines.append(("".join(body[k]) + edge).rstrip())
    lines.append(border(rows))
    return lines


def render_text(view: ForbiddenIslandView, width: int = 80) -> str:
    """The table as ``view`` shows it, in lines of at most ``width`` columns (80 by
    default): the island as a grid, then the water meter, treasures, hands and piles."""
    width = max(width, 40)
    out = [fit(f"Forbidden Island — {_viewer(view)}", width)]
    out += wrap(_status(view), width, indent="  ")
    out += _grid_text(view, width)
    out += wrap(
        "Tiles: dry, ~flooded~ or # sunk #; *E *W *F *O: a treasure's tile "
        "(Earth, Wind, Fire, Ocean); [H] Fools' Landing; pawns: letter + seat.",
        width,
        indent="  ",
    )
    meter = " ".join(
        f"[{lv}]" if lv == view.water_level else str(lv) for lv in range(1, SKULL_LEVEL)
    )
    draws = f"draw {view.flood_draws} flood cards a turn" if not view.ended else "over"
    out += wrap(f"Water level {view.water_level}: {meter} skull; {draws}", width, indent="  ")
    lost = _lost_treasures(view)
    got = [
        f"{t.name} ({'captured' if t.id in view.captured else 'lost' if t.id in lost else '-'})"
        for t in TREASURES
    ]
    out += wrap("Treasures: " + ", ".join(got), width, indent="  ")
    out.append("Adventurers:")
    for seat, adv in enumerate(view.adventurers):
        tile = _TILE.get(view.pawns[seat])
        where = tile.name if tile else view.pawns[seat]
        you = " (you)" if view.seat == seat else ""
        cards = ", ".join(_SHORT_CARD.get(c, c) for c in view.hands[seat]) or "no cards"
        head = f"  {PAWN_LETTER.get(adv, '?')}{seat} seat {seat}{you} {_adv_name(adv)} on {where}: "
        out += wrap(head + cards, width, indent="      ")
    flood_left = sum(len(r) for r in view.flood_deck)
    out += wrap(
        f"Treasure deck {view.treasure_deck_size}, discard {len(view.treasure_discard)}; "
        f"flood deck {flood_left} ({_plural(len(view.flood_deck), 'run')}), "
        f"discard {len(view.flood_discard)}",
        width,
        indent="  ",
    )
    if view.flood_discard:
        names = ", ".join(_TILE[t].name if t in _TILE else t for t in view.flood_discard)
        out += wrap("Flood discard: " + names, width, indent="  ")
    return "\n".join(fit(line_, width) for line_ in out)


def render_view(view: ForbiddenIslandView) -> str:
    """``view`` as readable text in at most 80 columns (the island as its 6x6 grid): the
    package's text hook of earlier releases, :func:`render_text` at its default width."""
    return render_text(view)
