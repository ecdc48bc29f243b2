"""Not Alone's picture and text view under their names of earlier releases: the
drawing lives in the game's package, :mod:`islandgames.games.not_alone.render`; this
module only re-exports it.

``render_svg(subject=None, seat=None)`` draws a state (as ``seat`` sees it), a view or
None (the game set up with seed 0), as it always did; ``render_text(view, width=80)``.

>>> from islandgames.core.registry import get_game
>>> g = get_game("not-alone")
>>> view = g.view(g.new(1), 1)
>>> render_svg(view) == render_svg(g.new(1), 1)
True
>>> max(len(line) for line in render_text(view).splitlines()) <= 80
True
"""

from __future__ import annotations

from ..games.not_alone.render import TOKENS, render_text, render_view
from ..games.not_alone.render import svg_of as render_svg

__all__ = ["TOKENS", "render_svg", "render_text", "render_view"]
