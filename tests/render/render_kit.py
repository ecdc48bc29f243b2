"""Shared helpers of the render tests: seeded random games and SVG inspection."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

from islandgames import get_game
from islandgames.core.rng import Rng

SVG = "{http://www.w3.org/2000/svg}"


def random_states(game_id: str, seed: int, config: Any = None, steps: int = 400) -> list[Any]:
    """The states of one seeded random game (at most ``steps`` actions), setup first.
    At each step the first seat the game waits on plays a random legal action."""
    game: Any = get_game(game_id)
    state = game.new(seed, config)
    rng = Rng.from_seed(seed, "render-test")
    out = [state]
    while game.outcome(state) is None and len(out) <= steps:
        seat = game.to_act(state)[0]
        action, rng = rng.choice(game.legal_actions(state, seat))
        state = game.apply(state, seat, action)
        out.append(state)
    return out


def parse(svg: str) -> ET.Element:
    """The SVG as an element tree (raises if it is not well-formed XML)."""
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg"
    return root


def texts(root: ET.Element) -> list[str]:
    """Every ``<text>`` and ``<title>`` content of the picture, in document order."""
    return [
        "".join(e.itertext()) for e in root.iter() if e.tag in (SVG + "text", SVG + "title")
    ]


def groups(root: ET.Element, **data: object) -> list[ET.Element]:
    """The ``<g>`` elements whose ``data-*`` attributes have these values."""
    want = {f"data-{k.replace('_', '-')}": str(v) for k, v in data.items()}
    return [
        g
        for g in root.iter(SVG + "g")
        if all(g.get(k) == v for k, v in want.items())
    ]
