"""The Wrath of Gozer's picture and text view, both drawn from a view: the island as
SVG (squares by elevation and kind, paths, obstacles, gullies, cabins, gadgets, and the
pawns), and the table as text within 80 columns.

The game has no hidden information: every seat's view and a spectator's hold the same
table (:class:`~.view.GozerTable`), so every view gives the same picture. The island is the
shipped :data:`~.board.BOARD` (a view does not name its board).

>>> from islandgames.games.gozer import GAME
>>> view = GAME.view(GAME.new(1), None)
>>> import xml.etree.ElementTree as ET
>>> ET.fromstring(render_svg(view)).tag
'{http://www.w3.org/2000/svg}svg'
>>> print(render_text(view).splitlines()[0])
The Wrath of Gozer — a spectator's view
>>> max(len(line) for line in render_text(view).splitlines()) <= 80
True

:func:`svg_of` is the hook of earlier releases, kept under the package's old name
``render_svg``: ``svg_of(None)`` draws the board as set up (gadgets on their starting
squares, the castaways at the start, Gozer on the summit), ``svg_of(state)`` that
state, on any board; the ``islandgames render gozer`` command writes it to a file.

>>> ET.fromstring(svg_of(None)).tag
'{http://www.w3.org/2000/svg}svg'
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

from ...render import Svg, esc, fit, wrap
from .board import BOARD, Board
from .data import GADGETS
from .state import CrossingRequest, GozerState, Move
from .view import GozerTable, GozerView, SeatView, table

__all__ = ["render_svg", "render_text", "svg_of"]

_Pos = Callable[[int], tuple[int, int]]

_MARGIN = 50
_LEGEND_H = 120
#: the title and status band above the island: its first line, and each line after
_HEADER_TOP = 44
_HEADER_LINE = 20
#: a castaway pawn's radius and the gap between pawns sharing a square
_PAWN_R = 10
_PAWN_GAP = 22
#: elevation colours, from the beach to the summit
_ELEVATION = (
    "#e8d8a0", "#cfe3a0", "#b5d88a", "#9fcb78", "#8fbf6a", "#a7b66a",
    "#b9a46a", "#b08f62", "#9c7a58", "#8a6a50", "#7a5a48", "#6a4a40",
)
_KIND_FILL = {
    "path": "#fbf3dc",
    "river": "#3b8fd9",
    "precipice": "#3a3a3a",
    "cabin": "#ffffff",
    "summit": "#d9442b",
    "start": "#8b5a2b",
    "boat": "#ffffff",
}
_GADGET = {
    "pistol": ("P", "#c62828"),
    "armour": ("A", "#6a1b9a"),
    "key": ("K", "#f9a825"),
    "bridge": ("B", "#1565c0"),
    "kit": ("M", "#2e7d32"),
}
_SEAT_COLOURS = ("#1e88e5", "#43a047", "#fb8c00", "#8e24aa", "#00acc1", "#6d4c41")


def _colour(board: Board, square: int) -> str:
    elevs = board.elevation
    lo, hi = min(elevs), max(elevs)
    span = max(1, hi - lo)
    i = round((elevs[square] - lo) * (len(_ELEVATION) - 1) / span)
    return _ELEVATION[i]


def render_svg(view: GozerView) -> Svg:
    """The island and the pawns and gadgets of ``view`` (any seat's or a spectator's:
    they show the same table), on the shipped board, as an SVG document."""
    return Svg(_draw(BOARD, view.table))


def svg_of(subject: GozerState | GozerView | None = None, board: Board = BOARD) -> Svg:
    """The island (and the pawns and gadgets of ``subject``, a state or a view; None:
    the board as set up) on ``board``, as an SVG document: the package's
    ``render_svg(state, board)`` of earlier releases."""
    if isinstance(subject, GozerState):
        return Svg(_draw(board, table(subject)))
    return Svg(_draw(board, None if subject is None else subject.table))


def _draw(board: Board, state: GozerTable | None) -> str:
    """The picture of ``state`` (the table; None: the board as set up) on ``board``."""
    xs = [s.x for s in board.squares]
    ys = [s.y for s in board.squares]
    header = _header_lines(board, state)
    top = _HEADER_TOP + _HEADER_LINE * len(header)
    ox, oy = min(xs) - _MARGIN, min(ys) - _MARGIN - top
    width = max(xs) - min(xs) + 2 * _MARGIN
    height = max(ys) - min(ys) + 2 * _MARGIN + top + _LEGEND_H

    def pos(square: int) -> tuple[int, int]:
        sq = board.squares[square]
        return sq.x - ox, sq.y - oy

    out: list[str] = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif">',
        f"<title>{esc(board.name)}</title>",
        '<defs><marker id="arrow" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" '
        'markerHeight="5" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" '
        'fill="#e65100"/></marker></defs>',
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="#8ecae6"/>',
    ]
    # the land: a wide sandy disc under every square, then the elevation bands
    out.append('<g id="land">')
    for s in range(board.size):
        x, y = pos(s)
        out.append(f'<circle cx="{x}" cy="{y}" r="46" fill="#f1e3b3"/>')
    for s in sorted(range(board.size), key=lambda i: (board.elevation[i], i)):
        x, y = pos(s)
        out.append(f'<circle cx="{x}" cy="{y}" r="30" fill="{_colour(board, s)}"/>')
    out.append("</g>")
    # paths
    out.append('<g id="paths" stroke="#7a5230" stroke-width="4" stroke-linecap="round">')
    for a, b in board.edges:
        (x1, y1), (x2, y2) = pos(a), pos(b)
        out.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}"/>')
    out.append("</g>")
    # gullies: from the summit down through the squares each fireball sweeps
    out.append('<g id="gullies" fill="none" stroke="#e65100" stroke-width="3" '
               'stroke-dasharray="9 6" marker-end="url(#arrow)">')
    for g in board.gullies:
        points = _beside([pos(s) for s in (board.summit, *g.squares)], _GULLY_OFFSET)
        pts = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
        out.append(f'<polyline points="{pts}"><title>gully {esc(g.name)}</title></polyline>')
    out.append("</g>")
    out.append('<g id="squares" font-size="9" text-anchor="middle">')
    for sq in board.squares:
        out.extend(_square(board, sq.id, *pos(sq.id)))
    out.append("</g>")
    out.extend(_gadgets(board, state, pos))
    out.extend(_pawns(board, state, pos))
    out.extend(_header(header, width, top))
    out.extend(_legend(board, state, width, height))
    out.append("</svg>")
    return "\n".join(out)


#: How far a gully is drawn beside the paths it follows (clear of the square numbers,
#: which sit below their squares).
_GULLY_OFFSET = 15.0


def _beside(points: list[tuple[int, int]], offset: float) -> list[tuple[float, float]]:
    """``points`` moved ``offset`` to one side of the line through them: each segment's
    normal turned up (or, for an upright segment, right), so that a gully running along
    a path is drawn next to it and passes above the number under each square; each
    vertex moves along the mean of its segments' normals."""
    normals = []
    for (x1, y1), (x2, y2) in itertools.pairwise(points):
        dx, dy = x2 - x1, y2 - y1
        length = (dx * dx + dy * dy) ** 0.5 or 1.0
        nx, ny = -dy / length, dx / length
        if ny > 0 or (ny == 0 and nx < 0):
            nx, ny = -nx, -ny
        normals.append((nx, ny))
    out = []
    for i, (x, y) in enumerate(points):
        near = normals[max(0, i - 1) : i + 1] or [(0.0, -1.0)]
        mx, my = sum(n[0] for n in near), sum(n[1] for n in near)
        m = (mx * mx + my * my) ** 0.5 or 1.0
        out.append((x + offset * mx / m, y + offset * my / m))
    return out


def _square(board: Board, s: int, x: int, y: int) -> list[str]:
    kind = board.kind(s)
    fill = _KIND_FILL[kind]
    tip = f"<title>square {s}: {kind}, elevation {board.elevation[s]}</title>"
    if kind == "summit":
        return [
            f'<polygon points="{x},{y - 20} {x - 18},{y + 12} {x + 18},{y + 12}" fill="{fill}" '
            f'stroke="#5d1a0e" stroke-width="2">{tip}</polygon>',
            f'<circle cx="{x}" cy="{y + 2}" r="8" fill="#fff" stroke="#000"/>',
            f'<text x="{x}" y="{y + 6}" font-size="11" font-weight="bold">T</text>',
            _number(s, x, y + 26),
        ]
    if kind == "boat":
        return [
            f'<path d="M{x - 22},{y - 2} L{x + 22},{y - 2} L{x + 14},{y + 12} L{x - 14},{y + 12} '
            f'z" fill="#8d6e63" stroke="#3e2723" stroke-width="2">{tip}</path>',
            f'<line x1="{x}" y1="{y - 2}" x2="{x}" y2="{y - 26}" stroke="#3e2723" '
            'stroke-width="2"/>',
            f'<path d="M{x + 1},{y - 25} L{x + 16},{y - 8} L{x + 1},{y - 8} z" fill="#fff" '
            'stroke="#3e2723"/>',
            _number(s, x, y + 26),
        ]
    parts = [
        f'<circle cx="{x}" cy="{y}" r="11" fill="{fill}" stroke="#5b3b1e" stroke-width="1.5">'
        f"{tip}</circle>"
    ]
    if kind == "river":
        parts.append(
            f'<path d="M{x - 8},{y} q4,-5 8,0 t8,0" fill="none" stroke="#fff" stroke-width="2"/>'
        )
    elif kind == "precipice":
        parts.append(
            f'<path d="M{x - 7},{y - 5} l5,5 l-3,3 l6,4" fill="none" stroke="#bbb" '
            'stroke-width="2"/>'
        )
    elif kind == "cabin":
        parts.append(
            f'<text x="{x}" y="{y + 4}" font-size="12" font-weight="bold">T</text>'
        )
    elif kind == "start":
        parts.append(f'<text x="{x}" y="{y + 3}" fill="#fff" font-size="8">S</text>')
        parts.extend(_wreck(x - 30, y))
    parts.append(_number(s, x, y + 22))
    return parts


def _number(s: int, x: float, y: float) -> str:
    """A square's number (what ``Step(to)`` names), on a light halo so lines under it
    do not hide it."""
    return (
        f'<text x="{x}" y="{y}" fill="#fbf3dc" stroke="#fbf3dc" stroke-width="3">{s}</text>'
        f'<text x="{x}" y="{y}" fill="#333">{s}</text>'
    )


def _wreck(x: float, y: float) -> list[str]:
    """The wreck the castaways start beside: a grey hull on its side, its mast broken
    (the boat they escape on is upright, brown, with a sail)."""
    return [
        f'<g transform="rotate(-25 {x} {y})"><title>the wreck</title>'
        f'<path d="M{x - 11},{y - 4} L{x + 3},{y - 4} L{x + 1},{y + 2} L{x + 11},{y - 4} '
        f'L{x + 8},{y + 6} L{x - 8},{y + 6} z" fill="#757575" stroke="#212121" '
        'stroke-width="1.5"/>'
        f'<path d="M{x - 2},{y - 4} l2,-9 l3,3" fill="none" stroke="#212121" '
        'stroke-width="1.5"/></g>'
    ]


def _gadget_squares(board: Board, state: GozerTable | None) -> list[tuple[str, int]]:
    if state is None:
        return list(zip(GADGETS, board.gadget_squares, strict=True))
    return [(g.gadget, g.square) for g in state.gadgets if g.square is not None]


def _gadgets(board: Board, state: GozerTable | None, pos: _Pos) -> list[str]:
    out = ['<g id="gadgets" font-size="10" font-weight="bold" text-anchor="middle">']
    place = pos
    for gadget, square in _gadget_squares(board, state):
        x, y = place(square)
        letter, colour = _GADGET[gadget]
        gx, gy = x + 14, y - 14
        out.append(
            f'<rect x="{gx - 7}" y="{gy - 7}" width="14" height="14" fill="{colour}" '
            f'transform="rotate(45 {gx} {gy})"><title>{gadget}</title></rect>'
        )
        out.append(f'<text x="{gx}" y="{gy + 4}" fill="#fff">{letter}</text>')
    out.append("</g>")
    return out


def _pawns(board: Board, state: GozerTable | None, pos: _Pos) -> list[str]:
    place = pos
    out = ['<g id="pawns" font-size="12" font-weight="bold" text-anchor="middle">']
    if state is None:
        x, y = place(board.start)
        out.append(f'<circle cx="{x}" cy="{y - 28}" r="{_PAWN_R}" fill="{_SEAT_COLOURS[0]}" '
                   'stroke="#000"><title>the castaways start here</title></circle>')
        x, y = place(board.summit)
        out.extend(_gozer_mark(x, y, "Gozer starts on the summit"))
        out.append("</g>")
        return out
    crowd: dict[int, int] = {}
    for seat, p in enumerate(state.pawns):
        x, y = place(p.square)
        if seat == state.gozer:
            if p.status == "gozer":
                out.extend(_gozer_mark(x, y, f"Gozer (seat {seat})"))
            continue
        k = crowd.get(p.square, 0)
        crowd[p.square] = k + 1
        # above the square (its number is below it), three to a row
        dx, dy = (-_PAWN_GAP + _PAWN_GAP * (k % 3), -28 - _PAWN_GAP * (k // 3))
        colour = _SEAT_COLOURS[seat % len(_SEAT_COLOURS)]
        held = [g.gadget for g in state.gadgets if g.holder == seat]
        tip = f"castaway {seat} ({p.status}){': ' + ', '.join(held) if held else ''}"
        if p.status == "dead":  # where the castaway fell, greyed, with a cross
            colour = "#9e9e9e"
        dash = ' stroke-dasharray="3 2"' if p.status == "dying" else ""
        out.append(
            f'<circle cx="{x + dx}" cy="{y + dy}" r="{_PAWN_R}" fill="{colour}" stroke="#000" '
            f'stroke-width="1.5"{dash}><title>{esc(tip)}</title></circle>'
        )
        label = {"dying": "!", "dead": "\u2020"}.get(p.status, str(seat))
        out.append(f'<text x="{x + dx}" y="{y + dy + 4}" fill="#fff">{label}</text>')
    out.append("</g>")
    return out


def _header_lines(board: Board, state: GozerTable | None) -> list[tuple[str, str]]:
    """The status band's lines under the title, each (text, seat colour or "")."""
    if state is None:
        return [(f"{board.name}: the board as set up ({board.size} squares)", "")]
    lines = [(_turn(state), "")]
    if state.phase != "over":
        now = f"Waiting on: {_waiting(state)}"
        if state.move is not None:
            now = _move(state, state.move) + "; " + now.lower()
        lines.append((now, ""))
    for seat, p in enumerate(state.pawns):
        role = "Gozer" if seat == state.gozer else "castaway"
        status = _STATUS_WORDS.get(p.status, p.status)
        if p.status == "dying":
            status = f"dying (wounded in turn {p.wounded})"
        gone = p.status in ("dead", "removed", "escaped")
        where = "" if gone else f", on {p.square}"
        held = [g.gadget for g in state.gadgets if g.holder == seat]
        holds = f"; holds {', '.join(held)}" if held else ""
        colour = "#b71c1c" if seat == state.gozer else _SEAT_COLOURS[seat % len(_SEAT_COLOURS)]
        lines.append((f"seat {seat}: {role}, {status}{where}{holds}", colour))
    return lines


def _header(lines: list[tuple[str, str]], width: int, top: int) -> list[str]:
    """The title and the status band: the round, whose turn, every pawn's state and
    gadgets (a colour chip per seat, as its pawn)."""
    out = [
        f'<g id="status"><rect x="0" y="0" width="{width}" height="{top - 6}" '
        'fill="#ffffffdd"/>',
        '<text x="16" y="30" font-size="22" font-weight="bold" fill="#3e2723">'
        "The Wrath of Gozer</text>",
    ]
    for i, (text, colour) in enumerate(lines):
        y = _HEADER_TOP + _HEADER_LINE * i + 4
        x = 16
        if colour:
            out.append(f'<circle cx="{x + 6}" cy="{y - 5}" r="6" fill="{colour}" stroke="#000"/>')
            x += 18
        out.append(f'<text x="{x}" y="{y}" font-size="14" fill="#222">{esc(text)}</text>')
    out.append("</g>")
    return out


def _gozer_mark(x: int, y: int, tip: str) -> list[str]:
    return [
        f'<circle cx="{x + 16}" cy="{y + 14}" r="10" fill="#b71c1c" stroke="#000">'
        f"<title>{esc(tip)}</title></circle>",
        f'<text x="{x + 16}" y="{y + 18}" fill="#fff" font-size="12">G</text>',
    ]


def _legend(board: Board, state: GozerTable | None, width: int, height: int) -> list[str]:
    top = height - _LEGEND_H + 10
    out = [
        f'<g id="legend" font-size="12"><rect x="10" y="{top - 5}" width="{width - 20}" '
        f'height="{_LEGEND_H - 15}" fill="#ffffffcc" stroke="#555"/>'
    ]
    items = [
        (_KIND_FILL["path"], "path square (number below)"),
        (_KIND_FILL["river"], "river (obstacle)"),
        (_KIND_FILL["precipice"], "precipice (obstacle)"),
        (_KIND_FILL["cabin"], "teleport cabin (T)"),
        (_KIND_FILL["summit"], "volcano summit (cabin)"),
        (_KIND_FILL["start"], "start, by the wreck"),
    ]
    for i, (fill, text) in enumerate(items):
        cx = 30 + (i % 3) * 250
        cy = top + 12 + (i // 3) * 22
        out.append(f'<circle cx="{cx}" cy="{cy}" r="7" fill="{fill}" stroke="#5b3b1e"/>')
        out.append(f'<text x="{cx + 14}" y="{cy + 4}">{esc(text)}</text>')
    cx, cy = 30 + 3 * 250, top + 12
    out.extend(_wreck(cx, cy))
    out.append(f'<text x="{cx + 18}" y="{cy + 4}">the wreck</text>')
    cy += 22
    out.append(f'<circle cx="{cx}" cy="{cy}" r="7" fill="{_SEAT_COLOURS[0]}" stroke="#000"/>')
    out.append(f'<text x="{cx + 14}" y="{cy + 4}">a castaway (seat colour; the start)</text>')
    cy += 22
    out.append(
        f'<path d="M{cx - 11},{cy - 1} L{cx + 11},{cy - 1} L{cx + 7},{cy + 6} L{cx - 7},'
        f'{cy + 6} z" fill="#8d6e63" stroke="#3e2723"/>'
    )
    out.append(f'<text x="{cx + 18}" y="{cy + 4}">the boat (escape)</text>')
    cy = top + 56
    out.append(f'<line x1="22" y1="{cy}" x2="52" y2="{cy}" stroke="#e65100" stroke-width="3" '
               'stroke-dasharray="9 6"/>')
    out.append(f'<text x="60" y="{cy + 4}">gully (fireball sweep)</text>')
    x = 250
    for gadget in GADGETS:
        letter, colour = _GADGET[gadget]
        out.append(f'<rect x="{x}" y="{cy - 7}" width="14" height="14" fill="{colour}"/>')
        out.append(f'<text x="{x + 7}" y="{cy + 4}" fill="#fff" font-size="10" '
                   f'text-anchor="middle">{letter}</text>')
        out.append(f'<text x="{x + 18}" y="{cy + 4}">{gadget}</text>')
        x += 80
    lo, hi = min(board.elevation), max(board.elevation)
    cy += 24
    out.append(f'<text x="22" y="{cy + 4}">elevation {lo}</text>')
    for i, colour in enumerate(_ELEVATION):
        out.append(f'<rect x="{100 + 18 * i}" y="{cy - 7}" width="18" height="14" '
                   f'fill="{colour}"/>')
    out.append(f'<text x="{108 + 18 * len(_ELEVATION)}" y="{cy + 4}">{hi}</text>')
    caption = f"{board.name}: {board.size} squares"
    if state is not None:
        caption = f"round {state.round}, {state.phase}" + (
            f" - {state.reason}" if state.reason else ""
        )
    out.append(f'<text x="420" y="{cy + 4}">{esc(caption)}</text>')
    out.append("</g>")
    return out


# --- text -------------------------------------------------------------------------------

#: how the text view names a square by its kind
_KIND_WORDS = {
    "path": "path",
    "river": "river",
    "precipice": "precipice",
    "cabin": "teleport cabin",
    "summit": "the summit",
    "start": "start, by the wreck",
    "boat": "the boat",
}
_STATUS_WORDS = {
    "gozer": "in play",
    "removed": "removed (shot dead)",
    "well": "well",
    "dead": "dead",
    "escaped": "escaped by boat",
}


def _viewer(view: GozerView) -> str:
    if isinstance(view, SeatView):
        return f"view of seat {view.seat} ({'Gozer' if view.role == 'gozer' else 'a castaway'})"
    return "a spectator's view"


def _who(t: GozerTable, seat: int) -> str:
    return f"seat {seat} (Gozer)" if seat == t.gozer else f"seat {seat} (a castaway)"


def _square_text(board: Board, square: int) -> str:
    return f"{square} ({_KIND_WORDS.get(board.kind(square), board.kind(square))})"


def _turn(t: GozerTable) -> str:
    """The round and whose turn it is, in one sentence."""
    if t.phase == "over":
        who = "the castaways" if t.winner == "castaways" else "Gozer"
        return f"Game over in round {t.round}: {who} won" + (f" — {t.reason}" if t.reason else "")
    head = f"Round {t.round} of {t.config.round_limit}, turn {t.turn}: "
    if t.phase == "castaway":
        return head + f"the turn of seat {t.active} (a castaway)"
    s = head + f"Gozer's turn (seat {t.gozer})"
    if t.phase == "escape" and t.move is not None:
        s += f"; seat {t.move.mover} escapes him (won the melee roll-off, C2)"
    return s


def _move(t: GozerTable, m: Move) -> str:
    who = "Gozer" if m.mover == t.gozer else f"Seat {m.mover}"
    walked = f", walked to {' > '.join(str(sq) for sq in m.path[1:])}" if m.path[1:] else ""
    if m.ended:
        left = "the walk is over"
    else:
        left = f"{m.steps_left} step{'s' if m.steps_left != 1 else ''} left"
    return f"{who} rolled {m.roll} on {m.path[0]}{walked}; {left}"


def _request(board: Board, t: GozerTable) -> str:
    p = t.pending
    if isinstance(p, CrossingRequest):
        return (
            f"Request: seat {p.mover} asks seat {p.holder} to cross "
            f"{_square_text(board, p.obstacle)} on the bridge (B1)"
        )
    if p is None:
        return ""
    give = ", ".join(p.give) or "nothing"
    take = ", ".join(p.take) or "nothing"
    return f"Request: seat {p.proposer} offers seat {p.partner} {give} for {take} (trade, G4)"


def _waiting(t: GozerTable) -> str:
    """Whom the game waits on (as the rules' ``to_act`` finds it)."""
    if t.phase == "over":
        return "nobody"
    p = t.pending
    if p is not None:
        return _who(t, p.holder if isinstance(p, CrossingRequest) else p.partner)
    return "nobody" if t.move is None else _who(t, t.move.mover)


def _pawn_line(board: Board, view: GozerView, seat: int) -> str:
    t = view.table
    p = t.pawns[seat]
    role = "Gozer" if seat == t.gozer else "castaway"
    if isinstance(view, SeatView) and view.seat == seat:
        role += " (you)"
    status = f"dying (wounded in turn {p.wounded})" if p.status == "dying" else (
        _STATUS_WORDS.get(p.status, p.status)
    )
    gone = p.status in ("dead", "removed")
    where = "off the island" if gone else "on " + _square_text(board, p.square)
    notes = [status]
    if seat == t.gozer and t.gozer_skips:
        notes.append("banished: skips his next turn (G3)")
    held = [g.gadget for g in t.gadgets if g.holder == seat]
    if held:
        notes.append("holds " + ", ".join(held))
    return f"  seat {seat} {role:<14} {where:<26} {'; '.join(notes)}"


def _gadget_text(t: GozerTable, i: int) -> str:
    g = t.gadgets[i]
    if g.holder is not None:
        deployed = " (deployed)" if g.gadget == "bridge" and t.deployed else ""
        return f"{g.gadget} held by seat {g.holder}{deployed}"
    if g.square is not None:
        return f"{g.gadget} on {g.square}"
    return f"{g.gadget} destroyed"


def render_text(view: GozerView, width: int = 80) -> str:
    """The table as ``view`` shows it (every view holds the same table), in lines of at
    most ``width`` columns (80 by default; at least 40): the round and whose turn it
    is, the move under way and any request waiting for an answer, what the last action
    caused, each pawn's square and state, the gadgets, and the island's landmarks."""
    width = max(width, 40)
    board = BOARD
    t = view.table
    lines = [(f"The Wrath of Gozer — {_viewer(view)}", "")]
    lines.append((_turn(t), "  "))
    if t.move is not None and t.phase != "over":
        lines.append((_move(t, t.move), "  "))
    if t.pending is not None:
        lines.append((_request(board, t), "  "))
    if t.phase != "over":
        lines.append((f"Waiting on: {_waiting(t)}", "  "))
    if t.events:
        lines.append(("Last: " + "; ".join(t.events), "  "))
    lines.append(("Pawns:", ""))
    lines += [(_pawn_line(board, view, s), " " * 6) for s in range(len(t.pawns))]
    gadgets = "; ".join(_gadget_text(t, i) for i in range(len(t.gadgets)))
    lines.append(("Gadgets: " + (gadgets or "none"), "  "))
    done = [
        *(["the pistol was fired"] if t.fired else []),
        *(["the fireball was thrown"] if t.thrown else []),
        *(
            ["trades offered to " + ", ".join(f"seat {s}" for s in t.offered)]
            if t.offered
            else []
        ),
    ]
    if done and t.phase != "over":
        lines.append(("This turn: " + "; ".join(done), "  "))
    cabins = ", ".join(str(c) for c in board.cabins)
    lines.append(
        (
            f"Island: the castaways start on {board.start} by the wreck and escape on the "
            f"boat at {board.boat}; Gozer's summit is {board.summit}; teleport cabins "
            f"{cabins}. Gozer wins when round {t.config.round_limit} ends (E3); a pistol "
            f"hit {'banishes' if t.config.gozer_shot == 'banish' else 'kills'} him (G3).",
            "  ",
        )
    )
    out: list[str] = []
    for line_, indent in lines:
        if len(line_) <= width:
            out.append(line_)
        else:
            lead = " " * (len(line_) - len(line_.lstrip()))
            out += wrap(line_.strip(), width, first=lead, indent=indent or lead + "  ")
    return "\n".join(fit(line_, width) for line_ in out)
