"""The ``islandgames`` command: list, play, simulate, replay and render every game.

Every command is generic over the registry (:mod:`islandgames.core.registry`): it uses
only the engine contract, so a newly registered game works everywhere at once. A game
package may add two optional hooks next to its ``GAME``:

* ``render_view(view) -> rich renderable | str``: how ``play`` shows a seat's view
  (default: a generic tree of the view's wire form);
* ``render_svg(state | None, seat=None) -> str``: the picture ``render`` writes, as
  ``seat`` sees the state (None: a spectator) for a game with hidden information (a
  game without any may leave ``seat`` out).

User errors (unknown game, bad config JSON, unreadable log, bad arguments) print one
line on stderr and exit 2; a replay divergence exits 1.

>>> main(["--version"])  # doctest: +ELLIPSIS
islandgames ...
0
"""

from __future__ import annotations

import argparse
import hashlib
import inspect
import json
import math
import multiprocessing
import os
import secrets
import signal
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import IO, Any, Literal, NoReturn

import attrs
from rich import box
from rich.console import Console, Group, RenderableType
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.rule import Rule
from rich.table import Table
from rich.text import Text
from rich.tree import Tree

from .._version import __version__
from ..bots import Bot, Interjector, bot_names, get_bot, interjection, play
from ..core import rng, serde
from ..core.errors import (
    DecodeError,
    IllegalActionError,
    InvalidConfigError,
    LogFormatError,
    ReplayDivergenceError,
    UnknownGameError,
)
from ..core.game import Game, Outcome, describe_action
from ..core.history import fork, state_at
from ..core.log import (
    LogEntry,
    ReplayLog,
    Verification,
    initial_state,
    read_log,
    seed_commitment,
    verify_log,
)
from ..core.match import Match
from ..core.registry import game_ids, game_module, get_game, rules_versions
from ..core.rng import MAX_SEED, Rng

__all__ = ["SEED_RULE", "main", "parse_seed"]

SEED_RULE = rng.SEED_RULE

AnyGame = Game[Any, Any, Any, Any]

#: Exit codes.
EXIT_OK = 0
EXIT_FAILED = 1  # a divergence, an engine error during a simulation
EXIT_USAGE = 2  # a user error: bad arguments, unknown game, unreadable file
EXIT_UNFINISHED = 3  # replay --verify: chain-consistent, but no seed yet (nothing replayed)

SHORT_HASH = 12
REASONS_SHOWN = 15


class CliError(Exception):
    """A user error: printed as one line on stderr, exit code 2."""


class _Diverged(Exception):
    """A replay that does not reproduce its log: printed on stderr, exit code 1."""


# --- consoles ----------------------------------------------------------------------------


def _console(file: IO[str]) -> Console:
    # resolved at call time so redirected streams (tests, pipes) are honoured; off a
    # terminal, plain lines are not wrapped and tables get 120 columns (or $COLUMNS)
    console = Console(file=file, highlight=False, soft_wrap=True)
    if not console.is_terminal and "COLUMNS" not in os.environ:
        console.width = 120
    return console


def _out() -> Console:
    return _console(sys.stdout)


def _err() -> Console:
    return _console(sys.stderr)


def _t(value: object, style: str = "") -> Text:
    """Data as text, never parsed as rich markup."""
    return Text(str(value), style=style)


# --- argument helpers ----------------------------------------------------------------------


def _load_game(game_id: str) -> AnyGame:
    try:
        return get_game(game_id)
    except UnknownGameError as exc:
        raise CliError(str(exc).strip("\"'")) from exc


def parse_seed(text: str) -> int:
    """A seed as the command line takes it (:data:`SEED_RULE`, the rule of
    :func:`islandgames.core.rng.parse_seed`); anything else is an
    ``argparse.ArgumentTypeError`` saying why.

    >>> parse_seed("5"), parse_seed("0xc0ffee"), parse_seed("0XFF"), parse_seed("007")
    (5, 12648430, 255, 7)
    >>> parse_seed("c0ffee")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: not a seed: 'c0ffee' (hex needs the 0x prefix: 0xc0ffee)
    """
    try:
        return rng.parse_seed(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


_parse_seed = parse_seed  # the name the parser below has always used


def _int_at_least(minimum: int) -> Callable[[str], int]:
    """An argparse type: an integer of at least ``minimum``."""

    def parse(text: str) -> int:
        try:
            n = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None
        if n < minimum:
            raise argparse.ArgumentTypeError(f"must be at least {minimum}, got {n}")
        return n

    return parse


_positive = _int_at_least(1)
_non_negative = _int_at_least(0)


def _delay(text: str) -> float:
    try:
        d = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not 0 <= d <= 60 or math.isnan(d):
        raise argparse.ArgumentTypeError(f"delay must be between 0 and 60 s, got {text}")
    return d


def _config_wire(game: AnyGame, text: str | None) -> dict[str, Any] | None:
    """The ``--config`` argument: JSON text, or ``@FILE`` holding JSON; None: defaults."""
    if text is None:
        return None
    source = "--config"
    if text.startswith("@"):
        source = text[1:]
        try:
            text = Path(source).read_text(encoding="utf-8")
        except OSError as exc:
            raise CliError(f"cannot read config file {source!r}: {exc.strerror}") from exc
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CliError(f"{source} is not valid JSON: {exc}") from exc
    if type(data) is not dict:
        raise CliError(f"{source} must be a JSON object, got {type(data).__name__}")
    _decode_config(game, data)  # validate now, in the parent process
    return data


def _decode_config(game: AnyGame, wire: dict[str, Any] | None) -> Any:
    if wire is None:
        return None
    try:
        return game.decode_config(wire)
    except (DecodeError, InvalidConfigError) as exc:
        raise CliError(f"bad {game.info.id} config: {exc}") from exc


@attrs.frozen
class _BotPlan:
    """Which bot spec plays each seat: ``--bot SEAT=SPEC`` first, then ``--bot
    ROLE=SPEC`` (the seat's role in the match at hand: a game may draw roles per seed),
    then the default ``--bot SPEC``."""

    default: str = "random"
    seats: Mapping[int, str] = attrs.Factory(dict)
    roles: Mapping[str, str] = attrs.Factory(dict)  # in the game's role order

    def spec_for(self, seat: int, role: str) -> str:
        if seat in self.seats:
            return self.seats[seat]
        return self.roles.get(role, self.default)

    def specs(self) -> list[str]:
        """Every spec given, once each: the default, then per seat, then per role."""
        order = [self.default, *(self.seats[k] for k in sorted(self.seats))]
        return list(dict.fromkeys([*order, *self.roles.values()]))

    def wire(self) -> dict[str, Any]:
        """The summary's ``bots``: ``roles`` only when some ROLE=SPEC was given (a
        summary without it reads as before)."""
        out: dict[str, Any] = {
            "default": self.default,
            "seats": {str(k): v for k, v in sorted(self.seats.items())},
        }
        if self.roles:
            out["roles"] = dict(self.roles)
        return out


def _parse_bots(game: AnyGame, specs: Sequence[str] | None) -> _BotPlan:
    """``--bot SPEC`` (every seat), ``--bot SEAT=SPEC`` (one seat) and ``--bot
    ROLE=SPEC`` (the seats of one of ``game.info.roles``) into a :class:`_BotPlan`; a
    spec is a bot name or ``NAME:key=value,...`` (``mcts:iterations=400``), each
    checked by building the bot once."""
    default = "random"
    per_seat: dict[int, str] = {}
    per_role: dict[str, str] = {}
    plain = 0
    roles = game.info.roles
    for spec in specs or ():
        key, eq, name = spec.partition("=")
        if not eq or ":" in key:  # "mcts:iterations=9" is a spec, not ROLE=SPEC
            name, plain = spec, plain + 1
            if plain > 1:
                raise CliError(
                    "give at most one --bot SPEC (use --bot SEAT=SPEC or ROLE=SPEC for some seats)"
                )
            default = name
            continue
        if key in roles:
            if key in per_role:
                raise CliError(f"--bot {spec!r}: role {key} is given twice")
            per_role[key] = name
            continue
        try:
            seat = int(key)
        except ValueError:
            raise CliError(
                f"--bot {spec!r}: the seat must be an integer or a role of "
                f"{game.info.id} (its roles: {', '.join(roles)})"
            ) from None
        if not 0 <= seat < game.info.max_seats:
            raise CliError(f"--bot {spec!r}: {game.info.id} has seats 0..{game.info.max_seats - 1}")
        if seat in per_seat:
            raise CliError(f"--bot {spec!r}: seat {seat} is given twice")
        per_seat[seat] = name
    for name in (default, *per_seat.values(), *per_role.values()):
        try:
            get_bot(game.info.id, name)
        except (LookupError, ValueError, TypeError) as exc:
            raise CliError(str(exc)) from None
    return _BotPlan(default, per_seat, {r: per_role[r] for r in roles if r in per_role})


def _bots_for(game: AnyGame, plan: _BotPlan, state: Any) -> dict[int, Bot]:
    """One bot per seat of the match in ``state`` (one instance per spec)."""
    cache: dict[str, Bot] = {}
    out: dict[int, Bot] = {}
    for s in game.seats(state):
        name = plan.spec_for(s, game.role(state, s))
        if name not in cache:
            cache[name] = get_bot(game.info.id, name)
        out[s] = cache[name]
    return out


# --- generic rendering of wire data ------------------------------------------------------------


def _scalar(value: Any) -> str:
    if value is None:
        return "-"
    if value is True:
        return "yes"
    if value is False:
        return "no"
    return str(value)


def _is_scalar(value: Any) -> bool:
    return value is None or isinstance(value, bool | int | str)


def _inline(value: Any, limit: int = 72) -> str | None:
    """A one-line form of small wire data, or None if it does not fit in ``limit``."""
    if _is_scalar(value):
        return _scalar(value)
    if isinstance(value, list):
        if not value:
            return "(none)"
        parts = [_inline(v, limit) for v in value]
        if any(p is None for p in parts):
            return None
        text = ", ".join(p for p in parts if p is not None)
    elif isinstance(value, dict):
        tag = value.get("type")
        fields = [(k, v) for k, v in value.items() if k != "type"]
        inner: list[str] = []
        for k, v in fields:
            p = _inline(v, limit)
            if p is None:
                return None
            inner.append(f"{k}={p}")
        body = ", ".join(inner)
        text = f"{tag}({body})" if isinstance(tag, str) else "{" + body + "}"
    else:
        text = repr(value)
    return text if len(text) <= limit else None


def _uniform_records(items: list[Any]) -> list[str] | None:
    """The column names if ``items`` are maps with the same keys and flat values."""
    if not items or not all(isinstance(i, dict) for i in items):
        return None
    keys = list(items[0])
    for item in items:
        if list(item) != keys:
            return None
        for v in item.values():
            if not (_is_scalar(v) or (isinstance(v, list) and all(map(_is_scalar, v)))):
                return None
    return keys


def _records_table(items: list[dict[str, Any]], keys: list[str]) -> Table:
    table = Table(box=box.SIMPLE, show_edge=False, pad_edge=False)
    table.add_column("#", justify="right", style="dim")
    shown = [k for k in keys if not (k == "type" and len({str(i[k]) for i in items}) == 1)]
    for k in shown:
        table.add_column(k)
    for n, item in enumerate(items):
        table.add_row(_t(n), *(_t(_inline(item[k], 10_000) or "") for k in shown))
    return table


def _fill_tree(node: Tree, data: Any) -> None:
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "type":
                continue
            _add_field(node, str(key), value)
    elif isinstance(data, list):
        for n, value in enumerate(data):
            _add_field(node, f"[{n}]", value)
    else:
        node.add(_t(_scalar(data)))


def _add_field(node: Tree, key: str, value: Any) -> None:
    inline = _inline(value)
    if inline is not None:
        label = Text.assemble((key, "bold"), ": ", inline)
        node.add(label)
        return
    if isinstance(value, list) and all(map(_is_scalar, value)):
        items = ", ".join(map(_scalar, value))
        node.add(Text.assemble((key, "bold"), f" ({len(value)}): ", items))
        return
    if isinstance(value, list):
        keys = _uniform_records(value)
        sub = node.add(Text.assemble((key, "bold"), f" ({len(value)})"))
        if keys is not None:
            sub.add(_records_table(value, keys))
        else:
            _fill_tree(sub, value)
        return
    tag = value.get("type") if isinstance(value, dict) else None
    label = Text.assemble((key, "bold"), f" ({tag})" if isinstance(tag, str) else "")
    _fill_tree(node.add(label), value)


def render_wire(data: Any, title: str) -> RenderableType:
    """A readable tree of wire data (the generic rendering of a view or a state)."""
    tag = data.get("type") if isinstance(data, dict) else None
    tree = Tree(Text.assemble((title, "bold cyan"), f" ({tag})" if isinstance(tag, str) else ""))
    _fill_tree(tree, data)
    return tree


def _hook(game: AnyGame, name: str) -> Callable[..., Any] | None:
    fn = getattr(game_module(game.info.id), name, None)
    return fn if callable(fn) else None


def _render_view(game: AnyGame, view: Any, title: str) -> RenderableType:
    hook = _hook(game, "render_view")
    if hook is not None:
        shown = hook(view)
        if isinstance(shown, str):
            return Group(Text(title, style="bold cyan"), Text(shown))
        return Group(Text(title, style="bold cyan"), shown)
    return render_wire(serde.to_wire(view), title)


def _describe_wire(action: Any) -> str:
    """A logged action (wire form) in ``describe_action`` style; None: masked."""
    if action is None:
        return "(hidden)"
    if isinstance(action, dict):
        tag = action.get("type", "action")
        args = ", ".join(f"{k}={v!r}" for k, v in action.items() if k != "type")
        return f"{tag}({args})"
    return repr(action)


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


# --- games ---------------------------------------------------------------------------------


def cmd_games(args: argparse.Namespace) -> int:
    infos = [_load_game(g).info for g in game_ids()]
    if args.json:
        _print_json(
            [{**serde.to_wire(i), "rules_versions": list(rules_versions(i.id))} for i in infos]
        )
        return EXIT_OK
    table = Table(title="islandgames: registered games", box=box.SIMPLE_HEAD)
    table.add_column("id", no_wrap=True, style="bold")
    for col in ("title", "rules", "seats", "roles", "kind", "bots"):
        table.add_column(col, overflow="fold")
    table.add_column("default config", overflow="fold", min_width=24, ratio=1)
    for info in infos:
        seats = (
            f"{info.min_seats}"
            if info.min_seats == info.max_seats
            else f"{info.min_seats}-{info.max_seats}"
        )
        kind = [
            name
            for name, flag in (
                ("chance", info.chance),
                ("hidden information", info.hidden_information),
                ("simultaneous", info.simultaneous),
            )
            if flag
        ]
        cfg = serde.to_wire(info.default_config)
        if isinstance(cfg, dict):
            cfg.pop("type", None)
        table.add_row(
            _t(info.id),
            _t(info.title),
            _t(", ".join(rules_versions(info.id))),  # every version stays playable
            _t(seats),
            _t(", ".join(info.roles)),
            _t(", ".join(kind) or "deterministic, open"),
            _t(", ".join(bot_names(info.id))),
            _t(json.dumps(cfg)),
        )
    _out().print(table)
    return EXIT_OK


def _print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, indent=2) + "\n")
    sys.stdout.flush()


# --- play ------------------------------------------------------------------------------------


class _Quit(Exception):
    """The player left (EOF or 'q')."""


def _ask(console: Console, prompt: str, choices: int, allow_pass: bool, stdin: IO[str]) -> int:
    """Read a choice (1..choices, or 0 to pass) from ``stdin``; EOF or 'q' quits."""
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
            n = -1
        if low <= n <= choices:
            return n
        hint = f"{low}..{choices}" + (" (0 = pass)" if allow_pass else "")
        console.print(_t(f"please type a number in {hint}, or q to quit", "yellow"))


def _seat_label(game: AnyGame, state: Any, seat: int) -> str:
    return f"seat {seat} ({game.role(state, seat)})"


def _human_turn(
    console: Console, m: Match, seat: int, optional: bool, stdin: IO[str]
) -> Any | None:
    """Show ``seat``'s view and legal actions; the chosen action (None: passed)."""
    game = m.game
    legal = m.legal_actions(seat)
    head = _seat_label(game, m.state, seat)
    console.print(Rule(_t(f"{head}, action {m.seq + 1}" + (" (optional)" if optional else ""))))
    console.print(_render_view(game, m.view(seat), f"view of {head}"), soft_wrap=False)
    listing = Table.grid(padding=(0, 1))
    listing.add_column(justify="right", style="cyan")
    listing.add_column()
    if optional:
        listing.add_row(_t("0."), _t("pass", "dim"))
    for n, action in enumerate(legal, start=1):
        listing.add_row(_t(f"{n}."), _t(describe_action(action)))
    console.print(listing)
    n = _ask(console, f"seat {seat}> ", len(legal), optional, stdin)
    return None if n == 0 else legal[n - 1]


def seed_file(log_path: str | os.PathLike[str]) -> Path:
    """The seed kept beside a log of a running game (``LOG.seed``: 64 hex digits), so
    that ``play --resume LOG`` can go on. As secret as the seed while the game runs."""
    path = Path(log_path)
    return path.with_name(path.name + ".seed")


def _write_seed(log_path: str | os.PathLike[str], seed: int) -> None:
    path = seed_file(log_path)
    try:
        path.write_text(f"{seed:064x}\n", encoding="ascii")
        path.chmod(0o600)
    except OSError as exc:
        raise CliError(f"cannot write {str(path)!r}: {exc.strerror}") from exc


def _read_seed(log_path: str, log: ReplayLog) -> int:
    path = seed_file(log_path)
    try:
        text = path.read_text(encoding="ascii").strip()
    except OSError:
        raise CliError(
            f"{log_path}: the game is still running and there is no {path.name} beside it; "
            "pass --seed"
        ) from None
    try:
        seed = int(text, 16)
    except ValueError:
        raise CliError(f"{path}: not a hex seed") from None
    if seed_commitment(seed) != log.header.seed_commitment:
        raise CliError(f"{path}: the seed does not match the log's seed commitment")
    return seed


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
    seed = args.seed if args.seed is not None else _read_seed(path, log)
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
            raise CliError("play: give a GAME, or --resume LOG")
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
    before = m.state
    m.act(seat, action)
    shown = (
        action if viewer == "all" else m.game.redact_action(before, seat, action, viewer, m.state)
    )
    text = "(hidden)" if shown is None else describe_action(shown)
    label = _seat_label(m.game, before, seat)
    console.print(Text.assemble((f"#{m.seq:<4} ", "dim"), (label, "cyan"), ": ", text))


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


# --- simulate --------------------------------------------------------------------------------


@attrs.frozen
class _Job:
    game: str
    config: dict[str, Any] | None
    bots: _BotPlan
    start: int
    count: int
    max_actions: int


@attrs.frozen
class _Record:
    """One simulated game, as plain data (cheap to send between processes)."""

    seed: int
    actions: int
    reason: str | None  # None: not finished (max actions) or an error
    results: tuple[tuple[int, str, str, int], ...]  # seat, role, result, score
    error: str | None = None


class _TimedBot:
    """A bot that counts its ``choose`` calls and their wall time (informational only:
    the choices are the wrapped bot's, so results never depend on timing)."""

    interject: Callable[..., tuple[Any, Rng]]  # the bot's own, if it has one

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = bot.name
        self.calls = 0
        self.seconds = 0.0
        if isinstance(bot, Interjector):  # out-of-turn plays pass through, untimed
            self.interject = bot.interject

    def choose(self, game: AnyGame, view: Any, legal: Sequence[Any], rng: Rng) -> tuple[Any, Rng]:
        t0 = time.perf_counter()
        try:
            return self.bot.choose(game, view, legal, rng)
        finally:
            self.seconds += time.perf_counter() - t0
            self.calls += 1


#: per bot spec: (choose calls, their total wall seconds)
_Timings = dict[str, tuple[int, float]]


def _run_job(job: _Job) -> tuple[int, list[_Record], _Timings]:
    game = get_game(job.game)
    config = None if job.config is None else game.decode_config(job.config)
    timed: dict[str, _TimedBot] = {}  # one bot per spec, whatever seats it plays

    def bot(spec: str) -> _TimedBot:
        if spec not in timed:
            timed[spec] = _TimedBot(get_bot(job.game, spec))
        return timed[spec]

    out: list[_Record] = []
    for seed in range(job.start, job.start + job.count):
        try:
            state = game.new(seed, config)  # the seats' roles may differ between seeds
            bots = {s: bot(job.bots.spec_for(s, game.role(state, s))) for s in game.seats(state)}
            res = play(game, seed, bots, config, max_actions=job.max_actions)
        except Exception as exc:  # an engine or bot bug: reported, not fatal
            out.append(_Record(seed, 0, None, (), f"{type(exc).__name__}: {exc}"))
            continue
        o = res.outcome
        if o is None:
            out.append(_Record(seed, res.actions, None, ()))
        else:
            results = tuple((r.seat, r.role, r.result, r.score) for r in o.results)
            out.append(_Record(seed, res.actions, o.reason, results))
    return job.start, out, {k: (t.calls, t.seconds) for k, t in timed.items()}


def _jobs(template: _Job, first: int, n: int, workers: int) -> list[_Job]:
    chunk = max(1, min(256, math.ceil(n / (workers * 8)) if workers > 1 else math.ceil(n / 50)))
    return [
        attrs.evolve(template, start=s, count=min(chunk, first + n - s))
        for s in range(first, first + n, chunk)
    ]


def _ignore_interrupts() -> None:
    """In a pool worker: Ctrl-C reaches the whole process group, but only the parent
    acts on it (it stops the pool); a worker would print its own traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _run_all(
    jobs: list[_Job], workers: int, on_done: Callable[[int], None]
) -> tuple[list[_Record], _Timings]:
    chunks: dict[int, list[_Record]] = {}
    timings: _Timings = {}

    def add(start: int, recs: list[_Record], times: _Timings) -> None:
        chunks[start] = recs
        for spec, (calls, secs) in times.items():
            c0, s0 = timings.get(spec, (0, 0.0))
            timings[spec] = (c0 + calls, s0 + secs)
        on_done(len(recs))

    if workers == 1:
        for job in jobs:
            add(*_run_job(job))
    else:
        # spawn: no fork of a possibly multi-threaded parent; workers import the registry
        ctx = multiprocessing.get_context("spawn")
        with ctx.Pool(workers, initializer=_ignore_interrupts) as pool:
            for result in pool.imap_unordered(_run_job, jobs):
                add(*result)
    return [r for start in sorted(chunks) for r in chunks[start]], timings


def _decision_timing(plan: _BotPlan, timings: _Timings) -> list[dict[str, Any]]:
    """Mean wall seconds per ``choose`` call of each bot spec in play (default first,
    then per seat, then per role): informational, like the rest of ``timing``."""
    rows = []
    for spec in plan.specs():
        calls, secs = timings.get(spec, (0, 0.0))
        rows.append(
            {
                "bot": spec,
                "decisions": calls,
                "seconds_per_decision": round(secs / calls, 6) if calls else None,
            }
        )
    return rows


def _stats(values: Sequence[int]) -> dict[str, Any]:
    if not values:
        return {"mean": None, "min": None, "max": None}
    return {"mean": round(sum(values) / len(values), 3), "min": min(values), "max": max(values)}


def _rate(k: int, n: int) -> float:
    return round(k / n, 4) if n else 0.0


def summarize(records: Sequence[_Record], meta: Mapping[str, Any]) -> dict[str, Any]:
    """The deterministic summary of simulated games (in seed order)."""
    finished = [r for r in records if r.reason is not None]
    errors = [r for r in records if r.error is not None]
    seats: dict[int, dict[str, Any]] = {}
    roles: dict[str, dict[str, int]] = {}
    scores: dict[int, list[int]] = {}
    reasons: dict[str, int] = {}
    for r in finished:
        assert r.reason is not None
        reasons[r.reason] = reasons.get(r.reason, 0) + 1
        for seat, role, result, score in r.results:
            s = seats.setdefault(
                seat, {"seat": seat, "roles": [], "games": 0, "wins": 0, "draws": 0, "losses": 0}
            )
            if role not in s["roles"]:
                s["roles"].append(role)
            s["games"] += 1
            s[{"win": "wins", "draw": "draws"}.get(result, "losses")] += 1
            scores.setdefault(seat, []).append(score)
            ro = roles.setdefault(role, {"games": 0, "wins": 0, "draws": 0, "losses": 0})
            ro["games"] += 1
            ro[{"win": "wins", "draw": "draws"}.get(result, "losses")] += 1
    seat_rows = []
    for seat in sorted(seats):
        s = seats[seat]
        s["roles"] = sorted(s["roles"])
        s["win_rate"] = _rate(s["wins"], s["games"])
        s["score"] = _stats(scores[seat])
        seat_rows.append(s)
    role_rows = [
        {"role": role, **c, "win_rate": _rate(c["wins"], c["games"])}
        for role, c in sorted(roles.items())
    ]
    digest = hashlib.blake2b(
        serde.packb(
            [[r.seed, r.actions, r.reason, [list(x) for x in r.results], r.error] for r in records]
        ),
        digest_size=16,
    ).hexdigest()
    lengths = [r.actions for r in records if r.error is None]
    return {
        **meta,
        "games": len(records),
        "finished": len(finished),
        "unfinished": len(records) - len(finished) - len(errors),
        "errors": [{"seed": r.seed, "error": r.error} for r in errors],
        "seats": seat_rows,
        "roles": role_rows,
        "length": {**_stats(lengths), "total": sum(lengths)},
        "reasons": [
            {"reason": k, "count": v}
            for k, v in sorted(reasons.items(), key=lambda kv: (-kv[1], kv[0]))
        ],
        "results_digest": digest,
    }


def _summary_tables(summary: Mapping[str, Any]) -> list[RenderableType]:
    out: list[RenderableType] = []
    head = Table(
        title=f"{summary['game']}: {summary['games']} games, seeds {summary['seed']}.."
        f"{summary['seed'] + summary['games'] - 1}",
        box=box.SIMPLE_HEAD,
        show_header=False,
    )
    head.add_column(style="bold")
    head.add_column()
    b = summary["bots"]
    bots = ", ".join(
        [
            b["default"] + " (default)",
            *(f"seat {k}: {v}" for k, v in b["seats"].items()),
            *(f"role {k}: {v}" for k, v in b.get("roles", {}).items()),
        ]
    )
    length = summary["length"]
    timing = summary["timing"]
    for k, v in (
        ("config", json.dumps(summary["config"], separators=(",", ":"))),
        ("bots", bots),
        (
            "finished",
            f"{summary['finished']} (unfinished {summary['unfinished']}, "
            f"errors {len(summary['errors'])})",
        ),
        (
            "length (actions)",
            f"mean {length['mean']}, min {length['min']}, "
            f"max {length['max']}, total {length['total']}",
        ),
        (
            "speed",
            f"{timing['actions_per_second']:,.0f} actions/s, "
            f"{timing['games_per_second']:,.1f} games/s, {timing['seconds']:.2f} s, "
            f"{timing['workers']} worker(s)",
        ),
        (
            "seconds per decision",
            "; ".join(
                f"{t['bot']}: "
                + ("-" if t["seconds_per_decision"] is None else f"{t['seconds_per_decision']:.6f}")
                + f" ({t['decisions']:,} decisions)"
                for t in timing["bots"]
            ),
        ),
        ("results digest", summary["results_digest"]),
    ):
        head.add_row(_t(k), _t(v))
    out.append(head)
    seats = Table(title="per seat", box=box.SIMPLE_HEAD)
    for col in (
        "seat",
        "role",
        "games",
        "wins",
        "win rate",
        "draws",
        "losses",
        "score mean",
        "score min",
        "score max",
    ):
        seats.add_column(col, justify="left" if col == "role" else "right")
    for s in summary["seats"]:
        sc = s["score"]
        seats.add_row(
            _t(s["seat"]),
            _t(", ".join(s["roles"])),
            _t(s["games"]),
            _t(s["wins"]),
            _t(f"{s['win_rate']:.1%}"),
            _t(s["draws"]),
            _t(s["losses"]),
            _t(sc["mean"]),
            _t(sc["min"]),
            _t(sc["max"]),
        )
    out.append(seats)
    roles = Table(title="per role", box=box.SIMPLE_HEAD)
    for col in ("role", "games", "wins", "win rate", "draws", "losses"):
        roles.add_column(col, justify="left" if col == "role" else "right")
    for r in summary["roles"]:
        roles.add_row(
            _t(r["role"]),
            _t(r["games"]),
            _t(r["wins"]),
            _t(f"{r['win_rate']:.1%}"),
            _t(r["draws"]),
            _t(r["losses"]),
        )
    out.append(roles)
    reasons = Table(title="outcome reasons", box=box.SIMPLE_HEAD)
    reasons.add_column("reason")
    reasons.add_column("games", justify="right")
    reasons.add_column("share", justify="right")
    for r in summary["reasons"][:REASONS_SHOWN]:
        reasons.add_row(
            _t(r["reason"]), _t(r["count"]), _t(f"{_rate(r['count'], summary['games']):.1%}")
        )
    rest = summary["reasons"][REASONS_SHOWN:]
    if rest:
        n = sum(r["count"] for r in rest)
        reasons.add_row(
            _t(f"... {len(rest)} other reasons (all in --json)", "dim"),
            _t(n),
            _t(f"{_rate(n, summary['games']):.1%}"),
        )
    out.append(reasons)
    if summary["errors"]:
        errs = Table(title="errors (first 10)", box=box.SIMPLE_HEAD, style="red")
        errs.add_column("seed", justify="right")
        errs.add_column("error")
        for e in summary["errors"][:10]:
            errs.add_row(_t(e["seed"]), _t(e["error"]))
        out.append(errs)
    return out


def cmd_simulate(args: argparse.Namespace) -> int:
    game = _load_game(args.game)
    config_wire = _config_wire(game, args.config)
    plan = _parse_bots(game, args.bot)
    if args.seed + args.games - 1 > MAX_SEED:
        raise CliError("--seed + --games exceeds the seed range")
    template = _Job(game.info.id, config_wire, plan, 0, 0, args.max_actions)
    jobs = _jobs(template, args.seed, args.games, args.workers)
    err = _err()
    progress = Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err,
        transient=True,
        disable=args.quiet or not err.is_terminal,
    )
    t0 = time.perf_counter()
    with progress:
        task = progress.add_task(f"simulating {game.info.id}", total=args.games)
        records, timings = _run_all(jobs, args.workers, lambda k: progress.advance(task, k))
    seconds = max(time.perf_counter() - t0, 1e-9)
    config = _decode_config(game, config_wire)
    cfg = serde.to_wire(game.info.default_config if config is None else config)
    if isinstance(cfg, dict):
        cfg.pop("type", None)
    meta = {
        "game": game.info.id,
        "rules_version": game.info.rules_version,
        "config": cfg,
        "seed": args.seed,
        "bots": plan.wire(),
        "max_actions": args.max_actions,
    }
    summary = summarize(records, meta)
    total = summary["length"]["total"]
    summary["timing"] = {  # wall clock: the only part that differs between runs
        "seconds": round(seconds, 3),
        "workers": args.workers,
        "actions_per_second": round(total / seconds, 1),
        "games_per_second": round(len(records) / seconds, 2),
        "bots": _decision_timing(plan, timings),
    }
    if args.per_game:
        summary["per_game"] = [
            {
                "seed": r.seed,
                "actions": r.actions,
                "reason": r.reason,
                "error": r.error,
                "results": [
                    {"seat": s, "role": ro, "result": re, "score": sc}
                    for s, ro, re, sc in r.results
                ],
            }
            for r in records
        ]
    if args.json:
        _print_json(summary)
    else:
        console = _out()
        for part in _summary_tables(summary):
            console.print(part)
    return EXIT_FAILED if summary["errors"] else EXIT_OK


# --- replay ----------------------------------------------------------------------------------


def _read_log(path: str) -> ReplayLog:
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise CliError(f"cannot read {path!r}: {exc.strerror or exc}") from exc
    try:
        return read_log(data)
    except DecodeError as exc:
        raise CliError(f"unreadable log {path!r}: {exc}") from exc
    except LookupError as exc:  # a game or rules version this engine does not have
        raise CliError(f"{path}: {str(exc).strip(chr(34) + chr(39))}") from exc


def _log_game(log: ReplayLog) -> AnyGame:
    """The game under the rules version the log was recorded with (read_log has
    checked that this engine has it)."""
    return get_game(log.header.game, log.header.rules_version)


def _log_seed(log: ReplayLog, given: int | None) -> int:
    if given is not None:
        seed = given
    elif log.end is not None:
        try:
            seed = int(log.end.seed, 16)
        except ValueError:
            raise _Diverged(f"the log's revealed seed is not hex: {log.end.seed!r}") from None
    else:
        raise CliError("the log has no revealed seed (the game is not over); pass --seed")
    if seed_commitment(seed) != log.header.seed_commitment:
        raise _Diverged("the seed does not match the log's seed commitment")
    return seed


def _replay_states(
    game: AnyGame, log: ReplayLog, seed: int, upto: int | None = None
) -> Iterator[tuple[LogEntry | None, Any, Any]]:
    """(entry, state before, state after) from the initial state (entry None) onward."""
    _decode_config(game, log.header.config)  # a bad config is a user error
    setup = None if log.end is None else log.end.setup
    try:
        state = initial_state(game, log.header, seed, setup)
    except (InvalidConfigError, LogFormatError) as exc:
        raise _Diverged(f"header: {exc}") from exc
    if serde.state_hash(state) != log.header.initial_state_hash:
        raise _Diverged("header: the initial state hash does not match")
    yield None, state, state
    for e in log.entries[:upto]:
        if e.action is None:
            raise CliError(f"entry {e.seq}: the action is masked; replay the full log")
        try:
            after = game.apply(state, e.seat, game.decode_action(e.action))
        except (DecodeError, IllegalActionError) as exc:
            raise _Diverged(f"entry {e.seq}: {exc}") from exc
        if serde.state_hash(after) != e.state_hash:
            raise _Diverged(f"entry {e.seq}: the state hash does not match the log")
        yield e, state, after
        state = after


def _short(h: str) -> str:
    return h[:SHORT_HASH]


def _print_header(console: Console, log: ReplayLog, path: str) -> None:
    h = log.header
    table = Table(title=f"log {path}", box=box.SIMPLE_HEAD, show_header=False)
    table.add_column(style="bold")
    table.add_column(overflow="fold")
    viewer = (
        "full log"
        if log.viewer == "all"
        else ("spectator" if log.viewer is None else f"seat {log.viewer}")
    )
    newest = get_game(h.game).info.rules_version
    rules = f"{h.game} (rules {h.rules_version}" + (
        f"; replayed as {h.rules_version}, newest {newest})"
        if newest != h.rules_version
        else ")"
    )
    for k, v in (
        ("game", rules),
        ("engine", h.engine_version),
        ("config", json.dumps(h.config, separators=(",", ":"))),
        ("seats", str(h.seats)),
        ("redaction", viewer),
        ("seed commitment", h.seed_commitment),
        ("initial state", h.initial_state_hash),
        *(
            ()
            if h.parent is None
            else (
                (
                    "forked from",
                    f"match {h.parent.match or '(a library log)'} after entry "
                    f"{h.parent.seq}, chain hash {h.parent.chain_hash}",
                ),
            )
        ),
        ("entries", str(len(log.entries))),
        ("end", "game over, seed revealed" if log.end is not None else "running (no end record)"),
    ):
        table.add_row(_t(k), _t(v))
    console.print(table)


def cmd_replay(args: argparse.Namespace) -> int:
    log = _read_log(args.log)
    if args.html is not None:
        return _write_html(log, args)
    if args.at is not None or args.fork is not None:
        return _time_travel(log, args)
    if args.out is not None or args.json:
        raise CliError("--out needs --fork, and --json needs --at")
    console = _out()
    _print_header(console, log, args.log)
    need_replay = args.show_states or args.seat is not None
    game: AnyGame | None = None
    if need_replay:
        game = _log_game(log)
        if args.seat is not None and not 0 <= args.seat < log.header.seats:
            raise CliError(f"--seat {args.seat}: the log has seats 0..{log.header.seats - 1}")
    try:
        if game is not None:
            _show_replayed(console, game, log, args)
        else:
            _show_entries(console, log, None, args.seat)
    except _Diverged as exc:
        _err().print(_t(f"DIVERGED: {exc}", "bold red"))
        if not args.verify:
            return EXIT_FAILED
    if log.end is not None:
        console.print(_t(f"seed: {log.end.seed}"))
        console.print(_t("outcome: " + json.dumps(log.end.outcome, separators=(",", ":"))))
    if args.verify:
        return _print_verdict(console, log, verify_log(log))
    return EXIT_OK


def _write_html(log: ReplayLog, args: argparse.Namespace) -> int:
    """``replay LOG --html OUT``: the replay viewer, one self-contained HTML page
    (:func:`islandgames.render.html.replay_html`)."""
    from ..render.html import replay_html

    for flag, given in (
        ("--at", args.at is not None),
        ("--fork", args.fork is not None),
        ("--out", args.out is not None),
        ("--json", args.json),
        ("--show-states", args.show_states),
    ):
        if given:
            raise CliError(f"--html goes without {flag}")
    if args.seat is not None and not 0 <= args.seat < log.header.seats:
        raise CliError(f"--seat {args.seat}: the log has seats 0..{log.header.seats - 1}")
    if args.seed is not None:
        _log_seed(log, args.seed)  # a seed that does not match the commitment: exit 1
    verdict = verify_log(log)
    err = _err()
    progress = Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err,
        transient=True,
        disable=not err.is_terminal,
    )
    with progress:
        task = progress.add_task("drawing the steps", total=len(log.entries) + 1)
        try:
            page = replay_html(
                log,
                seat=args.seat,
                seed=args.seed,
                verification=verdict,
                progress=lambda done, _total: progress.update(task, completed=done),
            )
        except ValueError as exc:
            raise CliError(str(exc)) from exc
    try:
        Path(args.html).write_text(page, encoding="utf-8")
    except OSError as exc:
        raise CliError(f"cannot write {args.html!r}: {exc.strerror}") from exc
    err.print(_t(f"wrote {args.html} ({len(log.entries) + 1} steps, {len(page) // 1024} kB)"))
    if args.verify:
        return _print_verdict(_out(), log, verdict)
    return EXIT_FAILED if verdict.status == "diverged" else EXIT_OK


def _time_travel(log: ReplayLog, args: argparse.Namespace) -> int:
    """``replay LOG --at N`` (the state, or seat K's view, after entry N) and
    ``replay LOG --fork N --out NEW`` (the forked match's log)."""
    if args.at is not None and args.fork is not None:
        raise CliError("give --at N or --fork N, not both")
    if args.verify or args.show_states:
        raise CliError("--at and --fork go without --verify and --show-states")
    if log.viewer != "all":
        raise CliError(f"{args.log} is a per-seat log; --at and --fork need the full log")
    n = len(log.entries)
    seq = args.at if args.at is not None else args.fork
    if not 0 <= seq <= n:
        flag = "--at" if args.at is not None else "--fork"
        raise CliError(f"{flag} {seq}: the log has entries 0..{n}")
    seed = _log_seed(log, args.seed)
    if args.fork is not None:
        if args.out is None:
            raise CliError("--fork needs --out NEW.iglog")
        if args.seat is not None or args.json:
            raise CliError("--seat and --json go with --at, not --fork")
        if Path(args.out).resolve() == Path(args.log).resolve():
            raise CliError("--out must not be the log being forked")
        try:
            m = fork(log, seq, seed, log_path=args.out)
        except ReplayDivergenceError as exc:
            raise _Diverged(str(exc)) from exc
        except OSError as exc:
            raise CliError(f"cannot write {args.out!r}: {exc.strerror}") from exc
        m.close()
        over = m.outcome() is not None
        if not over:
            _write_seed(args.out, seed)
        assert m.header.parent is not None
        console = _out()
        console.print(_t(
            f"forked {args.log} after entry {seq} of {n}: wrote {args.out} ({m.seq} entries; "
            f"parent chain hash {m.header.parent.chain_hash})"
        ))  # fmt: skip
        if over:
            console.print(_t("the game is already over at that entry: nothing to play"))
        else:
            console.print(_t(
                f"the seed is in {seed_file(args.out)}; go on with: "
                f"islandgames play --resume {args.out}"
            ))  # fmt: skip
        return EXIT_OK
    if args.out is not None:
        raise CliError("--out goes with --fork")
    game = _log_game(log)
    if args.seat is not None and not 0 <= args.seat < log.header.seats:
        raise CliError(f"--seat {args.seat}: the log has seats 0..{log.header.seats - 1}")
    try:
        state = state_at(log, seq, seed)
    except ReplayDivergenceError as exc:
        raise _Diverged(str(exc)) from exc
    shown = state if args.seat is None else game.view(state, args.seat)
    if args.json:
        _print_json(serde.to_wire(shown))
        return EXIT_OK
    _show_state(_out(), game, state, args.seat, f"after entry {seq} of {n}")
    return EXIT_OK


def _print_verdict(console: Console, log: ReplayLog, v: Verification) -> int:
    """One line for the verdict; the exit code that goes with it."""
    h = log.header
    if v.status == "diverged":
        console.print(_t(f"DIVERGED at {v.divergence}", "bold red"))
        return EXIT_FAILED
    if v.status == "unfinished":
        console.print(
            _t(
                f"UNFINISHED: chain-consistent ({v.entries} entries: the hash chain and every "
                "visible action's commitment hold), but the log has no revealed seed, so "
                "nothing was replayed; verify it again once the game is over",
                "bold yellow",
            )
        )
        return EXIT_UNFINISHED
    console.print(
        _t(
            f"VERIFIED: all {v.entries} entries replayed from the revealed seed under "
            f"{h.game} rules {h.rules_version}; the seed commitment, every state hash, the "
            "chain and the outcome match",
            "bold green",
        )
    )
    return EXIT_OK


def _show_entries(
    console: Console, log: ReplayLog, rows: list[tuple[LogEntry, str]] | None, seat: int | None
) -> None:
    table = Table(box=box.SIMPLE_HEAD)
    for col, justify in (
        ("seq", "right"),
        ("seat", "right"),
        ("action", "left"),
        ("state", "left"),
        ("chain", "left"),
    ):
        table.add_column(col, justify=justify, overflow="fold")  # type: ignore[arg-type]
    shown = rows if rows is not None else [(e, _describe_wire(e.action)) for e in log.entries]
    for e, text in shown:
        table.add_row(
            _t(e.seq),
            _t(e.seat),
            _t(text, "dim" if text == "(hidden)" else ""),
            _t(_short(e.state_hash), "dim"),
            _t(_short(e.chain_hash), "dim"),
        )
    console.print(table)


def _show_replayed(
    console: Console, game: AnyGame, log: ReplayLog, args: argparse.Namespace
) -> None:
    seed = _log_seed(log, args.seed)
    viewer: int | None = args.seat
    states = list(_replay_states(game, log, seed))
    final = states[-1][2]
    rows: list[tuple[LogEntry, str]] = []
    for e, before, after in states:
        if e is None:
            if args.show_states:
                _show_state(console, game, after, viewer, "initial state")
            continue
        action = game.decode_action(e.action)
        if viewer is not None:
            action = game.redact_action(before, e.seat, action, viewer, final)
        text = "(hidden)" if action is None else describe_action(action)
        rows.append((e, text))
        if args.show_states:
            console.print(Rule(_t(f"#{e.seq} {_seat_label(game, before, e.seat)}: {text}")))
            _show_state(console, game, after, viewer, f"after #{e.seq}")
    if not args.show_states:
        _show_entries(console, log, rows, viewer)


def _show_state(
    console: Console, game: AnyGame, state: Any, viewer: int | None, title: str
) -> None:
    if viewer is None:
        console.print(
            render_wire(serde.to_wire(state), f"{title}: state {_short(serde.state_hash(state))}"),
            soft_wrap=False,
        )
    else:
        console.print(
            _render_view(game, game.view(state, viewer), f"{title}: view of seat {viewer}"),
            soft_wrap=False,
        )


# --- render ----------------------------------------------------------------------------------


def cmd_render(args: argparse.Namespace) -> int:
    game = _load_game(args.game)
    hook = _hook(game, "render_svg")
    if hook is None:
        raise CliError(f"{game.info.id} has no SVG renderer (no render_svg in its game package)")
    state: Any = None
    if args.log is not None:
        log = _read_log(args.log)
        if log.header.game != game.info.id:
            raise CliError(f"{args.log} is a {log.header.game} log, not {game.info.id}")
        game = _log_game(log)
        n = len(log.entries)
        step = n if args.step is None else args.step
        if not 0 <= step <= n:
            raise CliError(f"--step {step}: the log has steps 0..{n}")
        for _, _, after in _replay_states(game, log, _log_seed(log, args.seed), step):
            state = after
    elif args.step is not None:
        raise CliError("--step needs --log")
    seats = game.info.max_seats if state is None else game.seat_count(state)
    if args.seat is not None and args.seat >= seats:
        raise CliError(f"--seat {args.seat}: the match has seats 0..{seats - 1}")
    if _takes_seat(hook):
        # the picture never shows more than the seat (by default a spectator) may see
        svg = hook(state, seat=args.seat)
    elif args.seat is not None and game.info.hidden_information:
        raise CliError(f"{game.info.id}.render_svg draws no seat's view (it takes no seat)")
    else:  # without hidden information, every seat sees the same picture
        svg = hook(state)
    if not isinstance(svg, str):
        raise CliError(f"{game.info.id}.render_svg returned {type(svg).__name__}, not str")
    if args.out is None or args.out == "-":
        sys.stdout.write(svg if svg.endswith("\n") else svg + "\n")
    else:
        try:
            Path(args.out).write_text(svg, encoding="utf-8")
        except OSError as exc:
            raise CliError(f"cannot write {args.out!r}: {exc.strerror}") from exc
        _err().print(_t(f"wrote {args.out} ({len(svg)} characters)"))
    return EXIT_OK


# --- protos ----------------------------------------------------------------------------------

#: Where the .proto files sit under their import root (``import "islandgames/v1/..."``).
PROTO_PACKAGE_DIR = ("islandgames", "v1")


def proto_root() -> Path:
    """The import root of the gRPC schema: ``islandgames_grpc/protos`` in an installed
    package (package data mapped from the repository's ``protos/``), else the ``protos/``
    of the source checkout ``islandgames_grpc`` is imported from."""
    import islandgames_grpc

    here = Path(islandgames_grpc.__file__).resolve().parent
    for root in (here / "protos", here.parent.parent / "protos"):
        if any(root.joinpath(*PROTO_PACKAGE_DIR).glob("*.proto")):
            return root
    raise CliError(f"the .proto files are not installed (looked in {here / 'protos'})")


def cmd_protos(args: argparse.Namespace) -> int:
    root = proto_root()
    sources = sorted(root.joinpath(*PROTO_PACKAGE_DIR).glob("*.proto"))
    if args.out is None:
        print(root)
        return EXIT_OK
    target = Path(args.out).joinpath(*PROTO_PACKAGE_DIR)
    try:
        target.mkdir(parents=True, exist_ok=True)
        for src in sources:
            (target / src.name).write_bytes(src.read_bytes())
    except OSError as exc:
        raise CliError(f"cannot write {exc.filename or args.out}: {exc.strerror}") from exc
    for src in sources:
        print(target / src.name)
    _err().print(
        _t(f"wrote {len(sources)} .proto files; import root {args.out} (protoc -I {args.out})")
    )
    return EXIT_OK


def _takes_seat(hook: Callable[..., Any]) -> bool:
    try:
        params = inspect.signature(hook).parameters
    except (TypeError, ValueError):  # pragma: no cover - a builtin without a signature
        return False
    return "seat" in params


# --- the parser ------------------------------------------------------------------------------


def _add_service_commands(sub: Any) -> None:
    """``serve`` and ``demo``, defined by the service package."""
    from .service import add_service_commands

    add_service_commands(sub)


class _Parser(argparse.ArgumentParser):
    """argparse that raises instead of exiting, so ``main`` returns the exit code."""

    def error(self, message: str) -> NoReturn:
        raise CliError(f"{self.prog}: {message}")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="islandgames",
        description="Play, simulate, replay and render the island games "
        f"({', '.join(game_ids())}).",
    )
    parser.add_argument("--version", action="version", version=f"islandgames {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    p = sub.add_parser(
        "games",
        help="list the registered games",
        description="List the registered games (GameInfo).",
    )
    p.add_argument("--json", action="store_true", help="print the GameInfo wire form as JSON")
    p.set_defaults(func=cmd_games)

    cfg_help = "game config as a JSON object (missing fields take defaults), or @FILE"
    p = sub.add_parser(
        "play",
        help="play a game in the terminal",
        description="Play a game in the terminal against bots: your seat's view and numbered "
        "legal actions are shown; type a number (q or end of input leaves).",
    )
    p.add_argument(
        "game", metavar="GAME", nargs="?", help="game id (see 'islandgames games')"
    )
    p.add_argument(
        "--resume",
        metavar="LOG",
        help="go on with the running game of a full log (e.g. one written by replay "
        "--fork, or a --log left early); its seed is read from LOG.seed unless --seed is "
        "given; the log goes on being written to LOG (or --log FILE)",
    )
    p.add_argument(
        "--seed", type=_parse_seed, help="seed: decimal or 0x hex (default: fresh from the OS)"
    )
    p.add_argument("--config", metavar="JSON", help=cfg_help)
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
    p.add_argument("--watch", action="store_true", help="bots play every seat; print each step")
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

    p = sub.add_parser(
        "simulate",
        help="run many seeded bot games and summarise them",
        description="Run N seeded games (seeds S, S+1, ...) with bots, in K worker processes; "
        "results are identical whatever K and are reported in seed order.",
    )
    p.add_argument("game", metavar="GAME", help="game id")
    p.add_argument(
        "--games",
        "-n",
        type=_positive,
        default=100,
        metavar="N",
        help="number of games (default 100)",
    )
    p.add_argument(
        "--bot",
        action="append",
        metavar="SPEC|SEAT=SPEC|ROLE=SPEC",
        help="bot for every seat, for one seat, or for the seats of one role (a role of the "
        "game, e.g. creature=mcts; repeatable); default random; SEAT=SPEC wins over "
        "ROLE=SPEC. A spec is a bot name or NAME:key=value,... (e.g. "
        "mcts:iterations=400,rollout=random)",
    )
    p.add_argument(
        "--seed",
        type=_parse_seed,
        default=0,
        metavar="S",
        help="first seed: decimal or 0x hex (default 0)",
    )
    p.add_argument("--config", metavar="JSON", help=cfg_help)
    p.add_argument(
        "--workers",
        "-j",
        type=_positive,
        default=1,
        metavar="K",
        help="worker processes (default 1)",
    )
    p.add_argument(
        "--max-actions",
        type=_positive,
        default=100_000,
        metavar="M",
        help="stop a game after M actions (counted as unfinished)",
    )
    p.add_argument("--json", action="store_true", help="print the summary as JSON on stdout")
    p.add_argument(
        "--per-game", action="store_true", help="include every game's result in the JSON summary"
    )
    p.add_argument("--quiet", "-q", action="store_true", help="no progress bar")
    p.set_defaults(func=cmd_simulate)

    p = sub.add_parser(
        "replay",
        help="show (and verify) a replay log",
        description="Print a log's header and entries, replayed under the rules version "
        "it was recorded with; --verify checks it (exit 0 verified: replayed from the "
        "revealed seed; 3 unfinished: chain-consistent, no seed yet; 1 diverged; "
        "2 unreadable file or a rules version this engine does not have).",
    )
    p.add_argument("log", metavar="LOG", help="log file")
    p.add_argument(
        "--verify",
        action="store_true",
        help="verify the chain, and replay every action when the seed is revealed",
    )
    p.add_argument(
        "--seat",
        type=_non_negative,
        metavar="K",
        help="show actions (and with --show-states, views) as seat K saw them",
    )
    p.add_argument(
        "--show-states",
        action="store_true",
        help="replay and print the state (or seat K's view) after every entry",
    )
    p.add_argument(
        "--seed",
        type=_parse_seed,
        help="the seed (decimal or 0x hex), to replay a log whose game is not over",
    )
    p.add_argument(
        "--at",
        type=_non_negative,
        metavar="N",
        help="print the state (or with --seat K, seat K's view) after entry N (0: the "
        "initial state) instead of the log",
    )
    p.add_argument("--json", action="store_true", help="with --at: print the wire form as JSON")
    p.add_argument(
        "--fork",
        type=_non_negative,
        metavar="N",
        help="write the log of a new match going on from the state after entry N to --out "
        "(its header names this log as its parent; play --resume continues it)",
    )
    p.add_argument("--out", metavar="FILE", help="with --fork: the forked log to write")
    p.add_argument(
        "--html",
        metavar="OUT",
        help="write the replay viewer to OUT: one self-contained HTML page that steps "
        "through the match (pictures, actions, the verdict; with --seat K, or for a "
        "per-seat log, only what that seat saw)",
    )
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser(
        "render",
        help="write a game's SVG picture",
        description="Write the SVG of the bare board, or of a log's state after step N, "
        "as a seat or a spectator sees it, for games whose package provides render_svg.",
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
        type=_parse_seed,
        help="the seed (decimal or 0x hex), for a log whose game is not over",
    )
    p.add_argument(
        "--seat",
        type=_non_negative,
        metavar="K",
        help="draw what seat K sees (default: what a spectator sees)",
    )
    p.add_argument("--out", metavar="FILE", help="output file (default: stdout)")
    p.set_defaults(func=cmd_render)

    p = sub.add_parser(
        "protos",
        help="write out the gRPC schema (.proto files)",
        description="Copy the .proto files of the gRPC protocol (islandgames.v1, shipped in "
        "the package) to DIR/islandgames/v1/, DIR being the import root for protoc or "
        "@grpc/proto-loader; the files written are printed one a line. Without --out, "
        "print the import root of the installed files.",
    )
    p.add_argument("--out", metavar="DIR", help="directory to write islandgames/v1/*.proto to")
    p.set_defaults(func=cmd_protos)

    _add_service_commands(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help, --version
        return exc.code if isinstance(exc.code, int) else EXIT_OK
    except CliError as exc:
        _err().print(_t(str(exc), "red"))
        return EXIT_USAGE
    if getattr(args, "func", None) is None:
        parser.print_help()
        return EXIT_USAGE
    args.stdin = sys.stdin
    try:
        code: int = args.func(args)
        return code
    except CliError as exc:
        _err().print(_t(f"islandgames: error: {exc}", "red"))
        return EXIT_USAGE
    except _Diverged as exc:
        _err().print(_t(f"islandgames: replay diverged: {exc}", "red"))
        return EXIT_FAILED
    except ReplayDivergenceError as exc:
        _err().print(_t(f"islandgames: replay diverged: {exc}", "red"))
        return EXIT_FAILED
    except KeyboardInterrupt:
        _err().print(_t("interrupted", "yellow"))
        return 130
    except BrokenPipeError:
        # stdout closed early (e.g. piped into head): not an error of ours
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_OK


if __name__ == "__main__":
    raise SystemExit(main())
