"""Friday's picture under its name of earlier releases: the drawing lives in the game's
package, :mod:`islandgames.games.friday.render`; this module only re-exports it.

``render_svg(subject=None, seat=None)`` draws a state (as ``seat`` sees it), a view or
None (the game set up with seed 0), as it always did.

>>> import xml.etree.ElementTree as ET
>>> ET.fromstring(render_svg(None)).tag
'{http://www.w3.org/2000/svg}svg'
"""

from __future__ import annotations

from ..games.friday.render import card_text, render_text, render_view
from ..games.friday.render import svg_of as render_svg

__all__ = ["card_text", "render_svg", "render_text", "render_view"]
