"""Pig drawn: a text board for the terminal and an SVG picture, both from a view and
made with the shared toolkit of :mod:`islandgames.render` only."""

from __future__ import annotations

from islandgames.render import Svg, rect, svg_document, text

from .view import PigView

__all__ = ["render_svg", "render_text"]

_FACES = "-123456"  # the last roll's face; "-" before the first roll


def _status(v: PigView) -> str:
    if v.winner >= 0:
        return f"seat {v.winner} wins with {v.scores[v.winner]}"
    return f"seat {v.active} to play: {v.turn_total} this turn"


def render_text(v: PigView, width: int = 80) -> str:
    """The scores as bars toward the target, the turn so far, the last roll."""
    bar = max(10, min(40, width - 24))
    lines = [f"Pig to {v.config.target}: {_status(v)}"[:width]]
    for seat, score in enumerate(v.scores):
        filled = bar * min(score, v.config.target) // v.config.target
        mark = ">" if seat == v.active and v.winner < 0 else " "
        lines.append(f"{mark} seat {seat} [{'#' * filled}{'.' * (bar - filled)}] {score:3d}")
    lines.append(f"  last roll: {_FACES[v.last_roll]}")
    return "\n".join(lines)


def render_svg(v: PigView) -> Svg:
    """One bar per seat toward the target, the active seat outlined, the last roll."""
    width, row = 420, 34
    body = [text(16, 28, f"Pig to {v.config.target}: {_status(v)}", size=15, weight="bold")]
    for seat, score in enumerate(v.scores):
        y = 48 + seat * row
        share = min(score, v.config.target) / v.config.target
        active = seat == v.active and v.winner < 0
        body.append(text(16, y + 17, f"seat {seat}", size=13, weight="bold" if active else None))
        body.append(rect(80, y, 280, 22, fill="#eef", stroke="#336" if active else "#99a"))
        body.append(rect(80, y, round(280 * share, 2), 22, fill="#58c"))
        body.append(text(370, y + 17, score, size=13))
    y = 48 + len(v.scores) * row + 14
    body.append(text(16, y, f"last roll: {_FACES[v.last_roll]}", size=13))
    return Svg(svg_document(width, y + 16, body, title=f"Pig: {_status(v)}"))
