"""``islandgames play``: play a game in the terminal against bots (or watch them)."""

from __future__ import annotations

import argparse
import secrets
import time
from collections.abc import Callable, Sequence
from typing import IO, Any, Literal

from rich import box
from rich.console import Console, Group, RenderableType
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from ..bots import interjection
from ..core.errors import InvalidConfigError
from ..core.game import Outcome
from ..core.log import seed_commitment
from ..core.match import Match
from ..core.notation import describe
from ..core.rng import Rng
from ._bots import _bots_for, _parse_bots
from ._common import (
    CONFIG_HELP,
    EXIT_OK,
    AnyGame,
    CliError,
    _config_wire,
    _decode_config,
    _delay,
    _load_game,
    _non_negative,
    _out,
    _seat_label,
    _t,
    parse_seed,
)
from ._logs import _read_log, _write_seed, read_seed_file, seed_file
from ._wire import _render_view


def add_parser(subparsers: Any) -> None:
    """Add ``play`` to the ``islandgames`` subparsers."""
    p = subparsers.add_parser(
        "play",
        help="play a game in the terminal",
        description="Play a game in the terminal against bots: your seat's view and numbered "
        "legal actions are shown; type a number (q or end of input leaves).",
    )
    p.add_argument("game", metavar="GAME", nargs="?", help="game id (see 'islandgames games')")
    p.add_argument(
        "--resume",
        metavar="LOG",
        help="go on with the running game of a full log (e.g. one written by replay "
        "--fork, or a --log left early); its seed is read from LOG.seed unless --seed is "
        "given; the log goes on being written to LOG (or --log FILE)",
    )
    p.add_argument(
        "--seed", type=parse_seed, help="seed: decimal or 0x hex (default: fresh from the OS)"
    )
    p.add_argument("--config", metavar="JSON", help=CONFIG_HELP)
    p.add_argument(
        "--seat",
        type=_non_negative,
        action="append",
        metavar="K",
        help="a seat you play (repeatable for hot seat; default 0)",
    )
    p.add_argument(
        "--bot",
        metavar="SPEC|SEAT=SPEC|ROLE=SPEC",
        help="bot for the other seats (default random), or for one seat, or for the seats "
        "of one role (a role of the game, e.g. castaway=heuristic)",
    )
    p.add_argument(
        "--watch",
        action="store_true",
        help="bots play every seat; print each step and the table after it",
    )
    p.add_argument(
        "--log",
        metavar="FILE",
        help="write the replay log to FILE as the game goes (and the seed to FILE.seed, "
        "for --resume)",
    )
    p.add_argument(
        "--delay",
        type=_delay,
        default=0.0,
        metavar="S",
        help="pause S seconds before each bot action",
    )
    p.set_defaults(func=cmd_play)


def _outcome_table(game: AnyGame, outcome: Outcome) -> RenderableType:
    table = Table(box=box.SIMPLE_HEAD)
    table.add_column("seat", justify="right")
    table.add_column("role")
    table.add_column("result")
    table.add_column("score", justify="right")
    styles = {"win": "bold green", "loss": "red", "draw": "yellow"}
    for r in outcome.results:
        table.add_row(_t(r.seat), _t(r.role), _t(r.result, styles.get(r.result, "")), _t(r.score))
    head = Text.assemble((f"{game.info.title} is over: ", "bold"), outcome.reason)
    return Group(head, table)


class _Quit(Exception):
    """The player left (EOF or 'q')."""


def _ask(
    console: Console,
    prompt: str,
    choices: Sequence[tuple[str, str]],
    allow_pass: bool,
    stdin: IO[str],
    read: Callable[[str], Any] | None = None,
    legal: Sequence[Any] = (),
) -> int:
    """Read a choice from ``stdin``: its number (1..len(choices), or 0 to pass), or
    the action itself, as listed in words or in the form ``read`` parses (each choice
    is (words, form)); EOF or 'q' quits."""
    low = 0 if allow_pass else 1
    while True:
        console.print(Text(prompt, style="bold"), end="")
        console.file.flush()
        line = stdin.readline()
        if not line:
            console.print()
            raise _Quit
        if not stdin.isatty():
            console.print(_t(line.rstrip("\n")))  # echo scripted input
        answer = line.strip().lower()
        if answer in ("q", "quit", "exit"):
            raise _Quit
        try:
            n = int(answer)
        except ValueError:
            n = _named(line.strip(), choices, read, legal)
        if low <= n <= len(choices):
            return n
        hint = f"{low}..{len(choices)}" + (" (0 = pass)" if allow_pass else "")
        console.print(
            _t(f"please type a number in {hint} (or an action as listed), or q to quit", "yellow")
        )


def _named(
    text: str,
    choices: Sequence[tuple[str, str]],
    read: Callable[[str], Any] | None,
    legal: Sequence[Any],
) -> int:
    """The number of the choice ``text`` names (its words, whatever the case, or its
    form, as ``parse_action`` reads it), or -1."""
    if not text:
        return -1
    folded = " ".join(text.split()).casefold()
    for n, (words, form) in enumerate(choices, start=1):
        if folded in (words.casefold(), form.casefold()):
            return n
    if read is None:
        return -1
    try:
        action = read(text)
    except ValueError:  # ActionParseError: not an action of the game
        return -1
    return next((n for n, a in enumerate(legal, start=1) if a == action), -1)


def _human_turn(
    console: Console, m: Match, seat: int, optional: bool, stdin: IO[str]
) -> Any | None:
    """Show ``seat``'s view and legal actions; the chosen action (None: passed)."""
    game = m.game
    legal = m.legal_actions(seat)
    head = _seat_label(game, m.state, seat)
    console.print(Rule(_t(f"{head}, action {m.seq + 1}" + (" (optional)" if optional else ""))))
    console.print(_render_view(game, m.view(seat), f"view of {head}"), soft_wrap=False)
    view = m.view(seat)
    choices = [(describe(game, view, seat, a), game.format_action(a)) for a in legal]
    listing = Table.grid(padding=(0, 1))
    listing.add_column(justify="right", style="cyan")
    listing.add_column()
    listing.add_column(style="dim")  # what parse_action reads: typed, it chooses too
    if optional:
        listing.add_row(_t("0."), _t("pass", "dim"), _t(""))
    for n, (words, form) in enumerate(choices, start=1):
        listing.add_row(_t(f"{n}."), _t(words), _t("" if form == words else f"[{form}]"))
    console.print(listing)
    n = _ask(console, f"seat {seat}> ", choices, optional, stdin, game.parse_action, legal)
    return None if n == 0 else legal[n - 1]


def _said(words: str, form: str) -> Text:
    """An action in words, its form (what ``parse_action`` reads) dim in brackets
    after them unless the words are the form (a game without ``describe_action``)."""
    if words == form:
        return _t(words)
    return Text.assemble(words, (f"  [{form}]", "dim"))


def _resumed(args: argparse.Namespace) -> tuple[Match, int]:
    """``play --resume LOG``: the match of a running full log, replayed; it goes on
    writing to LOG (or to ``--log FILE``)."""
    path = args.resume
    log = _read_log(path)
    if args.game is not None and args.game != log.header.game:
        raise CliError(f"{path} is a {log.header.game} log, not {args.game}")
    if args.config is not None:
        raise CliError("--config cannot be given with --resume (the log has its config)")
    if log.viewer != "all":
        raise CliError(f"{path} is a per-seat log; only a full log can be resumed")
    if log.end is not None:
        raise CliError(f"{path}: the game is over (the log has its end record); nothing to resume")
    seed = args.seed if args.seed is not None else read_seed_file(path, log)
    if seed_commitment(seed) != log.header.seed_commitment:
        raise CliError("--seed does not match the log's seed commitment")
    target = args.log or path
    try:
        m = Match.from_log(log, seed, log_path=target)
    except OSError as exc:
        raise CliError(f"cannot write log {target!r}: {exc.strerror}") from exc
    if target != path:
        _write_seed(target, seed)
    args.log = target
    return m, seed


def cmd_play(args: argparse.Namespace) -> int:
    if args.resume is not None:
        m, seed = _resumed(args)
        game = m.game
        initial = m.state  # where the game is now: the seats' roles are as they were
        seats = game.seat_count(initial)
    else:
        if args.game is None:
            raise CliError("give a GAME, or --resume LOG")
        game = _load_game(args.game)
        config = _decode_config(game, _config_wire(game, args.config))
        seed = args.seed if args.seed is not None else secrets.randbits(128)
        try:
            initial = game.new(seed, config)
        except InvalidConfigError as exc:
            raise CliError(f"bad {game.info.id} config: {exc}") from exc
        seats = game.seat_count(initial)
    plan = _parse_bots(game, [args.bot] if args.bot else None)
    humans: tuple[int, ...] = () if args.watch else tuple(sorted(set(args.seat or [0])))
    for s in humans:
        if not 0 <= s < seats:
            raise CliError(f"--seat {s}: this {game.info.id} match has seats 0..{seats - 1}")
    bots = _bots_for(game, plan, initial)
    bot_seats = {s: b for s, b in bots.items() if s not in humans}
    rngs = {s: Rng.from_seed(seed, f"bot{s}") for s in range(seats)}
    if args.resume is None:
        try:
            m = Match(game, seed, config, log_path=args.log)
        except OSError as exc:
            raise CliError(f"cannot write log {args.log!r}: {exc.strerror}") from exc
        if args.log:
            _write_seed(args.log, seed)
    console = _out()
    who = ", ".join(map(str, humans)) if humans else "none (watching)"
    title = f"{game.info.title} ({game.info.id}, rules {game.info.rules_version})"
    shown_seed = f"; seed {seed}" if args.seed is not None else ""
    console.print(_t(f"{title}, {seats} seat(s); you play: {who}; bots: the rest{shown_seed}"))
    if args.resume is not None:
        console.print(_t(f"resumed {args.resume} after {m.seq} action(s)"))
    viewer = humans[0] if len(humans) == 1 else None
    try:
        while (outcome := m.outcome()) is None:
            waiting = m.to_act()
            if not waiting:
                raise RuntimeError(f"{game.info.id}: nobody to act but the game is not over")
            seat = waiting[0]
            hit = interjection(game, m.state, seat, bot_seats, rngs)
            if hit is not None:  # a bot seat's out-of-turn play, as in `simulate`
                _act_and_show(console, m, hit[0], hit[1], "all" if args.watch else viewer)
                if args.watch:
                    _show_table(console, m)
                continue
            if seat in humans:
                action = _human_turn(console, m, seat, False, args.stdin)
                assert action is not None
                _act_and_show(console, m, seat, action, "all")
                continue
            if _offer_interjections(console, m, humans, waiting, args.stdin):
                continue
            if args.delay:
                time.sleep(args.delay)
            legal = m.legal_actions(seat)
            action, rngs[seat] = bots[seat].choose(game, m.view(seat), legal, rngs[seat])
            _act_and_show(console, m, seat, action, "all" if args.watch else viewer)
            if args.watch:
                _show_table(console, m)
    except _Quit:
        console.print(
            _t(
                f"left the game after {m.seq} action(s)"
                + (f"; partial log in {args.log}" if args.log else ""),
                "yellow",
            )
        )
        return EXIT_OK
    finally:
        m.close()
    if humans:
        for s in humans:
            console.print(
                _render_view(game, m.view(s), f"final view of {_seat_label(game, m.state, s)}"),
                soft_wrap=False,
            )
    if args.log:
        seed_file(args.log).unlink(missing_ok=True)  # the log's end record has the seed now
    console.print(_outcome_table(game, outcome))
    console.print(
        _t(f"{m.seq} actions; seed {seed}" + (f"; log written to {args.log}" if args.log else ""))
    )
    return EXIT_OK


def _act_and_show(
    console: Console, m: Match, seat: int, action: Any, viewer: int | Literal["all"] | None
) -> None:
    """Apply ``action`` and print it as ``viewer`` may see it: ``"all"`` in full, a seat
    (or None, a spectator) as the game redacts it for that viewer."""
    game = m.game
    before = m.state
    m.act(seat, action)
    if viewer == "all":  # in full, in the words of the seat that played it
        shown, reader = action, game.view(before, seat)
    else:  # as the viewer may see it, in words drawn from what they see
        shown = game.redact_action(before, seat, action, viewer, m.state)
        reader = game.view(before, viewer)
    label = _seat_label(game, before, seat)
    if shown is None:
        said = _t("(hidden)")
    elif shown != action:  # partly masked: its form would read as another action
        said = _t(describe(game, reader, seat, shown))
    else:
        said = _said(describe(game, reader, seat, shown), game.format_action(shown))
    console.print(Text.assemble((f"#{m.seq:<4} ", "dim"), (label, "cyan"), ": ", said))


def _show_table(console: Console, m: Match) -> None:
    """The table after a step of ``--watch``: the game's text view (``render_text``)
    of what a spectator sees, else the view's tree."""
    console.print(
        _render_view(m.game, m.view(None), f"the table after #{m.seq}"), soft_wrap=False
    )


def _offer_interjections(
    console: Console, m: Match, humans: Sequence[int], waiting: Sequence[int], stdin: IO[str]
) -> bool:
    """Before a bot acts, let a human seat with optional legal actions (an interjection
    the game allows out of turn) play one or pass. True if one was played."""
    for s in humans:
        if s in waiting or not m.legal_actions(s):
            continue
        action = _human_turn(console, m, s, True, stdin)
        if action is not None:
            _act_and_show(console, m, s, action, "all")
            return True
    return False
