"""Forbidden Island's picture and text view under their names of earlier releases: the
drawing lives in the game's package, :mod:`islandgames.games.forbidden_island.render`;
this module only re-exports it.

``render_svg(subject=None, seat=None)`` draws a state (as ``seat`` sees it), a view or
None (the game set up with seed 0), as it always did; ``render_text(view, width=80)``.

>>> from islandgames.core.registry import get_game
>>> g = get_game("forbidden-island")
>>> view = g.view(g.new(1), 0)
>>> render_svg(view) == render_svg(g.new(1), 0)
True
>>> max(len(line) for line in render_text(view).splitlines()) <= 80
True
"""

from __future__ import annotations

from ..games.forbidden_island.render import PAWN_LETTER, render_text, render_view
from ..games.forbidden_island.render import svg_of as render_svg

__all__ = ["PAWN_LETTER", "render_svg", "render_text", "render_view"]
