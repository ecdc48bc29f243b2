"""Embedding a game in Python: a seeded Forbidden Island match played by bots through
the library, its replay log written to a file, read back and verified.

    python examples/embed_forbidden_island.py [OUT_DIR] [--seed N] [--players K]

OUT_DIR (default: the current directory) receives ``forbidden-island-SEED.iglog`` (the
full log) and ``forbidden-island-SEED.seat0.iglog`` (seat 0's redacted log). Prints the
outcome and "verified" when both logs check out. See docs/api.md.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import islandgames
from islandgames.bots import get_bot
from islandgames.cli import parse_seed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out_dir", nargs="?", default=".", type=Path)
    parser.add_argument("--seed", type=parse_seed, default=42, help="decimal or 0x hex")
    parser.add_argument("--players", type=int, default=3, choices=(2, 3, 4))
    args = parser.parse_args(argv)
    args.out_dir.mkdir(parents=True, exist_ok=True)
    path = args.out_dir / f"forbidden-island-{args.seed}.iglog"

    # the game, a config (missing fields take defaults) and a bot for every seat
    game = islandgames.get_game("forbidden-island")
    config = game.decode_config({"players": args.players})
    bot = get_bot(game.info.id, "heuristic")

    # a Match keeps the state and streams the log to `path` as the game goes
    match = islandgames.Match(game, seed=args.seed, config=config, log_path=path)
    seats = game.seats(match.state)
    rngs = {seat: islandgames.Rng.from_seed(args.seed, f"bot{seat}") for seat in seats}
    while match.outcome() is None:
        seat = match.to_act()[0]
        view = match.view(seat)  # a bot sees only its seat's view, never the state
        action, rngs[seat] = bot.choose(game, view, match.legal_actions(seat), rngs[seat])
        match.act(seat, action, expected_seq=match.seq)
    outcome = match.outcome()
    assert outcome is not None
    print(f"{game.info.title}, {args.players} players, seed {args.seed}: {outcome.reason}")
    for r in outcome.results:
        print(f"  seat {r.seat} ({r.role}): {r.result}, score {r.score}")

    # read the file back strictly and replay it from the revealed seed
    log = islandgames.read_log(path)
    verdict = islandgames.verify_log(log)
    if not verdict.verified:
        print(f"log {path}: {verdict.status} {verdict.divergence}", file=sys.stderr)
        return 1
    print(f"{path}: {verdict.entries} entries replayed, every hash matches")

    # seat 0's log hides what seat 0 may not know; it is checked against the full one
    redacted = match.log(0)
    seat_path = path.with_suffix(".seat0.iglog")
    islandgames.write_log(redacted, seat_path)
    checked = islandgames.verify_redacted(islandgames.read_log(seat_path), log)
    if not checked.verified:
        print(f"log {seat_path}: {checked.status} {checked.divergence}", file=sys.stderr)
        return 1
    print(f"{seat_path}: seat 0's redacted log matches the full one")
    print("verified")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
