"""``islandgames render``: write a game's SVG picture (its package's ``render_svg``)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from ..core.errors import InvalidConfigError
from ..core.registry import definition_of
from ..render import render_svg
from ._common import (
    CONFIG_HELP,
    EXIT_OK,
    AnyGame,
    CliError,
    _config_wire,
    _decode_config,
    _err,
    _load_game,
    _non_negative,
    _t,
    parse_seed,
)
from ._logs import _log_game, _log_seed, _read_log, _replay_states


def add_parser(subparsers: Any) -> None:
    """Add ``render`` to the ``islandgames`` subparsers."""
    p = subparsers.add_parser(
        "render",
        help="write a game's SVG picture",
        description="Write the SVG of a game as set up with a seed (default 0) and a "
        "config, or of a log's state after step N, as a seat or a spectator sees it, for "
        "games that have a picture (render_svg on their definition).",
    )
    p.add_argument("game", metavar="GAME", help="game id")
    p.add_argument("--log", metavar="FILE", help="replay this log")
    p.add_argument(
        "--step",
        type=_non_negative,
        metavar="N",
        help="entries to replay (default: all; 0: the initial state)",
    )
    p.add_argument(
        "--seed",
        type=parse_seed,
        help="the seed (decimal or 0x hex): the deal drawn without --log; with --log, "
        "the seed of a log whose game is not over (default: the log's LOG.seed)",
    )
    p.add_argument("--config", metavar="JSON", help=CONFIG_HELP + " (without --log)")
    p.add_argument(
        "--seat",
        type=_non_negative,
        metavar="K",
        help="draw what seat K sees (default: what a spectator sees)",
    )
    p.add_argument("--out", metavar="FILE", help="output file (default: stdout)")
    p.set_defaults(func=cmd_render)


def cmd_render(args: argparse.Namespace) -> int:
    game = _load_game(args.game)
    if _no_picture(game):
        raise CliError(f"{game.info.id} has no SVG renderer (no render_svg on its definition)")
    state: Any = None
    if args.log is not None:
        if args.config is not None:
            raise CliError("--config goes without --log (the log has its config)")
        log = _read_log(args.log)
        if log.header.game != game.info.id:
            raise CliError(f"{args.log} is a {log.header.game} log, not {game.info.id}")
        game = _log_game(log)
        n = len(log.entries)
        step = n if args.step is None else args.step
        if not 0 <= step <= n:
            raise CliError(f"--step {step}: the log has steps 0..{n}")
        for _, _, after in _replay_states(game, log, _log_seed(log, args.seed, args.log), step):
            state = after
    elif args.step is not None:
        raise CliError("--step needs --log")
    else:  # no log: the game set up with the seed (0 if none is given) and the config
        config = _decode_config(game, _config_wire(game, args.config))
        try:
            state = game.new(0 if args.seed is None else args.seed, config)
        except InvalidConfigError as exc:
            raise CliError(f"bad {game.info.id} config: {exc}") from exc
    seats = game.seat_count(state)
    if args.seat is not None and args.seat >= seats:
        raise CliError(f"--seat {args.seat}: the match has seats 0..{seats - 1}")
    # the picture never shows more than the seat (by default a spectator) may see
    svg = str(render_svg(state, args.seat, game=game))
    if args.out is None or args.out == "-":
        sys.stdout.write(svg if svg.endswith("\n") else svg + "\n")
    else:
        try:
            Path(args.out).write_text(svg, encoding="utf-8")
        except OSError as exc:
            raise CliError(f"cannot write {args.out!r}: {exc.strerror}") from exc
        _err().print(_t(f"wrote {args.out} ({len(svg)} characters)"))
    return EXIT_OK


def _no_picture(game: AnyGame) -> bool:
    d = definition_of(game)
    return d is None or d.render_svg is None
