"""Rendering a match to SVG: a seeded bot game (or a log file) drawn at a few steps, as
a spectator and as seat 0 see it, plus an HTML page showing them all.

    python examples/render_match.py OUT_DIR [--game GAME] [--seed N] [--log FILE]

GAME is forbidden-island (default), not-alone, friday or gozer. Without --log a match is
played by the heuristic bot with seed N (decimal or 0x hex) and its log is written to
OUT_DIR/match.iglog; with --log that log is replayed instead (a finished game, or a
running one whose seed is given). Writes OUT_DIR/step-NNN-spectator.svg (and -seat0.svg
for games with hidden information) and OUT_DIR/index.html; prints each file written.
The same pictures come from `islandgames render GAME --log FILE --step N [--seat K]`.
"""

from __future__ import annotations

import argparse
import html
from collections.abc import Callable
from pathlib import Path
from typing import Any

import islandgames
from islandgames.bots import bot_names, get_bot
from islandgames.cli import parse_seed
from islandgames.games.gozer import render_svg as gozer_svg
from islandgames.render import forbidden_island, friday, not_alone

# each game's picture: (state, seat) -> SVG text; a seat sees only its view
RENDERERS: dict[str, Callable[[Any, int | None], str]] = {
    "forbidden-island": forbidden_island.render_svg,
    "not-alone": not_alone.render_svg,
    "friday": friday.render_svg,
    "gozer": lambda state, seat: gozer_svg(state),  # no hidden information
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out_dir", type=Path)
    parser.add_argument("--game", default="forbidden-island", choices=sorted(RENDERERS))
    parser.add_argument("--seed", type=parse_seed, default=7, help="decimal or 0x hex")
    parser.add_argument("--log", type=Path, help="render this log instead of a new match")
    args = parser.parse_args(argv)
    args.out_dir.mkdir(parents=True, exist_ok=True)

    if args.log is None:  # play one with bots, its log streamed to OUT_DIR/match.iglog
        game = islandgames.get_game(args.game)
        bot = get_bot(args.game, "heuristic" if "heuristic" in bot_names(args.game) else "random")
        match = islandgames.Match(game, seed=args.seed, log_path=args.out_dir / "match.iglog")
        rngs = {s: islandgames.Rng.from_seed(args.seed, f"bot{s}") for s in game.seats(match.state)}
        while match.outcome() is None:
            seat = match.to_act()[0]
            legal = match.legal_actions(seat)
            action, rngs[seat] = bot.choose(game, match.view(seat), legal, rngs[seat])
            match.act(seat, action)
        log = match.log()
    else:
        log = islandgames.read_log(args.log)
        game = islandgames.get_game(log.header.game, log.header.rules_version)
    draw = RENDERERS[game.info.id]

    states = list(log.states(None if log.end else args.seed))  # every hash is checked
    steps = sorted({0, len(states) // 2, len(states) - 1})
    viewers: list[int | None] = [None, 0] if game.info.hidden_information else [None]
    written = []
    for step in steps:
        for viewer in viewers:
            who = "spectator" if viewer is None else f"seat{viewer}"
            path = args.out_dir / f"step-{step:03d}-{who}.svg"
            path.write_text(draw(states[step], viewer), encoding="utf-8")
            written.append((step, who, path))
            print(path)

    items = "\n".join(
        f"<figure><img src='{p.name}' alt=''><figcaption>step {s}, {w}</figcaption></figure>"
        for s, w, p in written
    )
    title = html.escape(f"{game.info.title}: {len(log.entries)} actions")
    index = args.out_dir / "index.html"
    index.write_text(
        f"<!doctype html><meta charset='utf-8'><title>{title}</title><h1>{title}</h1>\n{items}\n",
        encoding="utf-8",
    )
    print(index)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
