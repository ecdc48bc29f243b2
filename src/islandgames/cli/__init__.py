"""The ``islandgames`` command: list, play, simulate, replay and render every game.

Every command is generic over the registry (:mod:`islandgames.core.registry`): it uses
only the engine contract, so a newly registered game works everywhere at once. A game
package may add two optional hooks next to its ``GAME``:

* ``render_view(view) -> rich renderable | str``: how ``play`` shows a seat's view
  (default: a generic tree of the view's wire form);
* ``render_svg(state | None, seat=None) -> str``: the picture ``render`` writes, as
  ``seat`` sees the state (None: a spectator) for a game with hidden information (a
  game without any may leave ``seat`` out).

Each command is a module of this package (``games``, ``play``, ``simulate``, ``replay``,
``render``, ``protos``, ``service`` for ``serve``, ``demo``, ``copy_store``) with its
``add_parser(subparsers)``; what several share (consoles, errors, argument types, the
hook lookup, the wire-tree rendering, reading logs) is in the private ``_common``,
``_bots``, ``_wire`` and ``_logs``.

User errors (unknown game, bad config JSON, unreadable log, bad arguments) print one
line on stderr, ``islandgames COMMAND: what is wrong``, and exit 2: a
:class:`~islandgames.cli._common.CliError`, an argparse error (most arguments are
checked by their ``type=``), or one of the library's own input errors
(:data:`~islandgames.cli._common.USER_ERRORS`) reaching :func:`main`. A replay
divergence exits 1. Any other exception is a bug, and keeps its traceback.

>>> main(["--version"])  # doctest: +ELLIPSIS
islandgames ...
0
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any, Protocol

from .._version import __version__
from ..core.errors import ReplayDivergenceError
from ..core.registry import game_ids
from . import games, play, protos, render, replay, simulate
from ._common import (
    EXIT_FAILED,
    EXIT_OK,
    EXIT_USAGE,
    USER_ERRORS,
    CliError,
    _Diverged,
    _err,
    _Parser,
    _t,
)

# re-exported: the public names of islandgames.cli from when it was one module
from ._common import EXIT_UNFINISHED as EXIT_UNFINISHED
from ._common import SEED_RULE as SEED_RULE
from ._common import AnyGame as AnyGame
from ._common import parse_seed as parse_seed
from ._logs import seed_file as seed_file
from ._wire import render_wire as render_wire
from .games import cmd_games as cmd_games
from .play import cmd_play as cmd_play
from .protos import PROTO_PACKAGE_DIR as PROTO_PACKAGE_DIR
from .protos import cmd_protos as cmd_protos
from .protos import proto_root as proto_root
from .render import cmd_render as cmd_render
from .replay import SHORT_HASH as SHORT_HASH
from .replay import cmd_replay as cmd_replay
from .simulate import REASONS_SHOWN as REASONS_SHOWN
from .simulate import cmd_simulate as cmd_simulate
from .simulate import summarize as summarize

__all__ = ["SEED_RULE", "main", "parse_seed"]


class _Command(Protocol):
    """A command module: ``add_parser`` adds the command (its arguments, its help and
    its ``func``) to the ``islandgames`` subparsers."""

    def add_parser(self, subparsers: Any) -> None: ...


def _commands() -> tuple[_Command, ...]:
    """The command modules, in the order ``islandgames --help`` lists them. Those of
    ``serve``, ``demo`` and ``copy-store`` are imported only here, when a parser is
    built (they import the adapters and set gRPC's log level)."""
    from . import copy_store, demo, service, tournament

    return (games, play, simulate, tournament, replay, render, protos, service, demo, copy_store)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="islandgames",
        description="Play, simulate, replay and render the island games "
        f"({', '.join(game_ids())}).",
    )
    parser.add_argument("--version", action="version", version=f"islandgames {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for command in _commands():
        command.add_parser(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    parser = build_parser()
    try:
        args, extra = parser.parse_known_args(argv)
        if extra:  # said by the command they were given to
            where = f"islandgames {args.command}" if args.command else "islandgames"
            raise CliError(f"{where}: unrecognized arguments: {' '.join(extra)}")
    except SystemExit as exc:  # --help, --version
        return exc.code if isinstance(exc.code, int) else EXIT_OK
    except CliError as exc:
        _err().print(_t(str(exc), "red"))
        return EXIT_USAGE
    if getattr(args, "func", None) is None:
        parser.print_help()
        return EXIT_USAGE
    args.stdin = sys.stdin
    prog = f"islandgames {args.command}"
    try:
        code: int = args.func(args)
        return code
    except CliError as exc:
        _err().print(_t(f"{prog}: {exc}", "red"))
        return EXIT_USAGE
    except ReplayDivergenceError as exc:  # before USER_ERRORS: it is a ValueError too
        _err().print(_t(f"{prog}: replay diverged: {exc}", "red"))
        return EXIT_FAILED
    except USER_ERRORS as exc:
        _err().print(_t(f"{prog}: {_one_line(exc)}", "red"))
        return EXIT_USAGE
    except _Diverged as exc:
        _err().print(_t(f"{prog}: replay diverged: {exc}", "red"))
        return EXIT_FAILED
    except KeyboardInterrupt:
        _err().print(_t("interrupted", "yellow"))
        return 130
    except BrokenPipeError:
        # stdout closed early (e.g. piped into head): not an error of ours
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_OK


def _one_line(exc: Exception) -> str:
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text if len(text) <= 300 else text[:297] + "..."


if __name__ == "__main__":
    raise SystemExit(main())
