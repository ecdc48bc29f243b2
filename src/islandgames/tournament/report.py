"""A tournament's report (:class:`Report`): win rates with 95% Wilson intervals per bot,
per role and per config, Bradley-Terry ratings, and balance figures.

It is a function of the spec and the stored records only (never of timing, workers or
backend), so the same tournament gives the same report, byte for byte, as JSON
(:meth:`Report.to_json`) and as text (:meth:`Report.text`).

**Units.** A seat's result is ``win``, ``draw`` or ``loss``. A *role's* result in a game
is the best result among the seats of that role (the castaways of Gozer win if one of
them escapes); a *bot's* result in a game is the result of the roles it played there,
when they agree: a bot that played both sides of a game with different results (a
mirror seating) has a *split* game, counted apart and left out of its win rate. Every
win rate counts each game once per bot (or role); unfinished games (the action limit)
and engine errors are counted apart.

**Ratings** (two bots or more): Bradley-Terry strengths fitted by MM iterations to
*duplicate* comparisons: on the same config and seed, each slot (seat or role) was
played by different bots in different seatings, and the bot whose slot did better
(result, then score) beats the other there; equal is a tie (half a win each). So the
luck of the seed and the advantage of a slot cancel out. Each bot also gets one
virtual drawn game against a reference player (a prior that keeps ratings finite).
Ratings are Elo points (400 log10 of the strength) around the field's mean; the
interval is the 2.5-97.5 percentile range over bootstrap replicates that resample the
(config, seed) groups with replacement (seeded: the same every run).

**Balance.** The *first seat* is the seat that acts first (``to_act`` of the initial
state, its first seat, as the bots play it); per role, its win rate is compared with
the role's other seats (a role that is always, or never, first gives no figure), and
the first-seat advantage is the mean of those differences weighted by first-seat
games. Game length counts actions. *Decided in the last round* follows each game's
definition (:mod:`islandgames.tournament.balance`).
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterable, Sequence
from typing import Any

import attrs
from rich import box
from rich.console import Console, RenderableType
from rich.table import Table
from rich.text import Text

from . import balance
from .ratings import bootstrap_ratings, standard_errors, wilson, win_table
from .records import VALUES, GameRecord, results_digest
from .spec import TournamentSpec

__all__ = [
    "ConfigRow",
    "FirstSeat",
    "Rating",
    "Ratings",
    "Report",
    "RoleRow",
    "Share",
    "Tally",
    "build_report",
]

_RESULTS = {1.0: "win", 0.5: "draw", 0.0: "loss"}
ERRORS_SHOWN = 20
REASONS_SHOWN = 10


def _r(x: float | None, digits: int = 4) -> float | None:
    return None if x is None else round(x, digits)


@attrs.frozen
class Tally:
    """Games, wins, draws and losses, the win rate and its 95% Wilson interval."""

    games: int
    wins: int
    draws: int
    losses: int
    win_rate: float | None
    low: float | None
    high: float | None

    @classmethod
    def of(cls, wins: int, draws: int, losses: int) -> Tally:
        n = wins + draws + losses
        ci = wilson(wins, n)
        return cls(
            n,
            wins,
            draws,
            losses,
            _r(wins / n) if n else None,
            _r(ci[0]) if ci else None,
            _r(ci[1]) if ci else None,
        )


@attrs.frozen
class Share:
    """How many of ``games`` had a property, the share and its 95% Wilson interval."""

    games: int
    count: int
    share: float | None
    low: float | None
    high: float | None

    @classmethod
    def of(cls, count: int, games: int) -> Share:
        ci = wilson(count, games)
        return cls(
            games,
            count,
            _r(count / games) if games else None,
            _r(ci[0]) if ci else None,
            _r(ci[1]) if ci else None,
        )


@attrs.frozen
class Length:
    """Game length in actions."""

    games: int
    mean: float | None
    min: int | None
    max: int | None


@attrs.frozen
class BotRow:
    bot: str
    spec: str
    results: Tally
    split: int  # games in which it played both sides with different results
    score_mean: float | None


@attrs.frozen
class NamedTally:
    name: str
    results: Tally


@attrs.frozen
class RoleRow:
    role: str
    results: Tally
    bots: tuple[NamedTally, ...]


@attrs.frozen
class FirstSeatRow:
    role: str
    first: Tally
    others: Tally
    advantage: float | None


@attrs.frozen
class FirstSeat:
    """First-seat advantage: the first seat's win rate minus the other seats' of the
    same role, averaged over roles (weighted by first-seat games)."""

    advantage: float | None
    roles: tuple[FirstSeatRow, ...]


@attrs.frozen
class ConfigRow:
    index: int
    config: dict[str, Any]
    games: int
    finished: int
    unfinished: int
    errors: int
    bots: tuple[NamedTally, ...]
    length: Length
    decided_last: Share | None
    first_seat_advantage: float | None
    reasons: tuple[tuple[str, int], ...]


@attrs.frozen
class Rating:
    """A bot's rating (Elo points around the field's mean), its bootstrap 95% interval
    (``low``, ``high``) and its Hessian-based standard error (``se``)."""

    bot: str
    rating: float
    low: float
    high: float
    se: float


@attrs.frozen
class Ratings:
    method: str
    comparisons: int
    bootstrap: int
    bots: tuple[Rating, ...]


@attrs.frozen
class Balance:
    first_seat: FirstSeat
    length: Length
    decided_last: Share | None
    decided_last_definition: str | None


@attrs.frozen
class Report:
    """A tournament's report (see the module's documentation for every figure)."""

    game: str
    rules_version: str
    engine_version: str
    fingerprint: str
    seating: str
    rotation: str
    max_actions: int
    seeds: int
    seed_ranges: tuple[str, ...]
    expected: int  # games of these seeds in the spec
    stored: int
    missing: int
    finished: int
    unfinished: int
    errors: int
    first_errors: tuple[tuple[int, str, int, str], ...]  # config, seed (hex), seating, error
    bots: tuple[BotRow, ...]
    roles: tuple[RoleRow, ...]
    configs: tuple[ConfigRow, ...]
    ratings: Ratings | None
    balance: Balance
    results_digest: str

    @property
    def complete(self) -> bool:
        return self.missing == 0

    def to_wire(self) -> dict[str, Any]:
        """Plain data (JSON-compatible), in field order."""
        out: dict[str, Any] = _plain(attrs.asdict(self, recurse=True))
        out["complete"] = self.complete
        return out

    def to_json(self) -> str:
        """The report as JSON text (indented; the same bytes for the same report)."""
        return json.dumps(self.to_wire(), indent=2) + "\n"

    def tables(self) -> list[RenderableType]:
        """The report as rich tables (what ``islandgames tournament`` prints)."""
        return _tables(self)

    def text(self, width: int = 100) -> str:
        """The report as plain text, ``width`` columns wide."""
        buf = io.StringIO()
        console = Console(file=buf, width=width, highlight=False, color_system=None)
        for part in self.tables():
            console.print(part)
        return buf.getvalue()


def _plain(value: Any) -> Any:
    """Tuples as lists, all the way down (JSON's shape)."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


# --- building -------------------------------------------------------------------------


class _Count:
    __slots__ = ("draws", "losses", "wins")

    def __init__(self) -> None:
        self.wins = self.draws = self.losses = 0

    def add(self, value: float) -> None:
        if value == 1.0:
            self.wins += 1
        elif value == 0.5:
            self.draws += 1
        else:
            self.losses += 1

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    def rate(self) -> float | None:
        return self.wins / self.games if self.games else None

    def tally(self) -> Tally:
        return Tally.of(self.wins, self.draws, self.losses)


def _ranges(seeds: Sequence[int]) -> tuple[str, ...]:
    out: list[str] = []
    if not seeds:
        return ()
    start = prev = seeds[0]
    for s in [*seeds[1:], None]:
        if s is not None and s == prev + 1:
            prev = s
            continue
        out.append(str(start) if start == prev else f"{start}-{prev}")
        if s is not None:
            start = prev = s
    return tuple(out)


def _length(records: Sequence[GameRecord]) -> Length:
    lengths = [r.actions for r in records if r.error is None]
    if not lengths:
        return Length(0, None, None, None)
    return Length(len(lengths), _r(sum(lengths) / len(lengths), 3), min(lengths), max(lengths))


def _units(r: GameRecord) -> tuple[dict[str, float], dict[tuple[str, str], float]]:
    """A finished game's role results and (bot, role) results (best of their seats)."""
    roles: dict[str, float] = {}
    bot_roles: dict[tuple[str, str], float] = {}
    for s in r.seats:
        v = VALUES[s.result]
        roles[s.role] = max(roles.get(s.role, 0.0), v)
        bot_roles[s.bot, s.role] = max(bot_roles.get((s.bot, s.role), 0.0), v)
    return roles, bot_roles


def _bot_results(bot_roles: dict[tuple[str, str], float]) -> dict[str, float | None]:
    """Each bot's result in the game (None: split, its roles' results differ)."""
    per: dict[str, set[float]] = {}
    for (bot, _), v in bot_roles.items():
        per.setdefault(bot, set()).add(v)
    return {b: next(iter(vs)) if len(vs) == 1 else None for b, vs in per.items()}


def _first_seat(records: Iterable[GameRecord], roles_order: Sequence[str]) -> FirstSeat:
    first: dict[str, _Count] = {}
    others: dict[str, _Count] = {}
    for r in records:
        if not r.finished or r.first_seat is None:
            continue
        for s in r.seats:
            side = first if s.seat == r.first_seat else others
            side.setdefault(s.role, _Count()).add(VALUES[s.result])
    rows = []
    weighted = 0.0
    weight = 0
    for role in _ordered({*first, *others}, roles_order):
        f, o = first.get(role, _Count()), others.get(role, _Count())
        fr, orate = f.rate(), o.rate()
        adv = None if fr is None or orate is None else fr - orate
        if adv is not None:
            weighted += adv * f.games
            weight += f.games
        rows.append(FirstSeatRow(role, f.tally(), o.tally(), _r(adv)))
    return FirstSeat(_r(weighted / weight) if weight else None, tuple(rows))


def _ordered(names: Iterable[str], order: Sequence[str]) -> list[str]:
    rank = {n: i for i, n in enumerate(order)}
    return sorted(names, key=lambda n: (rank.get(n, len(rank)), n))


def _slot_result(r: GameRecord, mode: str, slot: int | str) -> tuple[float, int] | None:
    """How the slot did in a finished game: (best result value, best score) of its seats."""
    best: tuple[float, int] | None = None
    for s in r.seats:
        if mode == "seats" and s.seat != slot:
            continue
        if mode == "roles" and s.role != slot:
            continue
        here = (VALUES[s.result], s.score)
        if best is None or here > best:
            best = here
    return best


def _comparisons(
    spec: TournamentSpec, records: Sequence[GameRecord]
) -> list[list[tuple[int, int, float]]]:
    """Per (config, seed): the duplicate comparisons (winner, loser, weight)."""
    index = {name: i for i, name in enumerate(spec.bot_names)}
    groups: dict[tuple[int, int], dict[int, GameRecord]] = {}
    for r in records:
        if r.finished:
            groups.setdefault((r.config, r.seed), {})[r.seating] = r
    out = []
    for (ci, _), by_seating in sorted(groups.items()):
        plan = spec.configs[ci]
        found: list[tuple[int, int, float]] = []
        ks = sorted(by_seating)
        for j, slot in enumerate(plan.slots):
            results = {k: _slot_result(by_seating[k], spec.seating, slot) for k in ks}
            for a_i, a in enumerate(ks):
                for b in ks[a_i + 1 :]:
                    bot_a = plan.seatings[a][j]
                    bot_b = plan.seatings[b][j]
                    ra, rb = results[a], results[b]
                    if bot_a == bot_b or ra is None or rb is None:
                        continue
                    ia = index[spec.bots[bot_a][0]]
                    ib = index[spec.bots[bot_b][0]]
                    if ra > rb:
                        found.append((ia, ib, 1.0))
                    elif rb > ra:
                        found.append((ib, ia, 1.0))
                    else:
                        found.extend([(ia, ib, 0.5), (ib, ia, 0.5)])
        out.append(found)
    return out


def _ratings(
    spec: TournamentSpec, records: Sequence[GameRecord], replicates: int
) -> Ratings | None:
    if len(spec.bots) < 2:
        return None
    groups = _comparisons(spec, records)
    n = round(sum(1.0 if w == 1.0 else 0.5 for g in groups for _, _, w in g))  # a tie: 2 halves
    point, intervals = bootstrap_ratings(groups, len(spec.bots), replicates=replicates)
    se = standard_errors(win_table(groups, len(spec.bots)))
    rows = tuple(
        Rating(
            name,
            round(point[i], 1),
            round(intervals[i][0], 1),
            round(intervals[i][1], 1),
            round(se[i], 1),
        )
        for i, name in enumerate(spec.bot_names)
    )
    return Ratings("bradley-terry (MM), duplicate comparisons", n, replicates, rows)


def build_report(
    spec: TournamentSpec,
    records: Sequence[GameRecord],
    *,
    seeds: Sequence[int] | None = None,
    bootstrap: int = 200,
) -> Report:
    """The report of ``records`` (games of ``spec``) over ``seeds`` (default: the
    seeds of the records)."""
    from ..core.registry import get_game

    if seeds is None:
        seeds = sorted({r.seed for r in records})
    seed_set = set(seeds)
    records = sorted((r for r in records if r.seed in seed_set), key=lambda r: r.key)
    roles_order = get_game(spec.game, spec.rules_version).info.roles
    expected = spec.games_per_seed() * len(seed_set)
    finished = [r for r in records if r.finished]
    errors = [r for r in records if r.error is not None]

    bots: dict[str, _Count] = {n: _Count() for n in spec.bot_names}
    split: dict[str, int] = dict.fromkeys(spec.bot_names, 0)
    scores: dict[str, list[int]] = {n: [] for n in spec.bot_names}
    roles: dict[str, _Count] = {}
    role_bots: dict[tuple[str, str], _Count] = {}
    per_config: dict[int, dict[str, _Count]] = {}
    for r in finished:
        role_results, bot_roles = _units(r)
        for role, v in role_results.items():
            roles.setdefault(role, _Count()).add(v)
        for (bot, role), v in bot_roles.items():
            role_bots.setdefault((role, bot), _Count()).add(v)
        cfg = per_config.setdefault(r.config, {})
        for bot, bv in _bot_results(bot_roles).items():
            if bv is None:
                split[bot] += 1
                continue
            bots[bot].add(bv)
            cfg.setdefault(bot, _Count()).add(bv)
        for s in r.seats:
            scores[s.bot].append(s.score)

    bot_rows = tuple(
        BotRow(
            name,
            spec_text,
            bots[name].tally(),
            split[name],
            _r(sum(scores[name]) / len(scores[name]), 3) if scores[name] else None,
        )
        for name, spec_text in spec.bots
    )
    role_rows = tuple(
        RoleRow(
            role,
            roles[role].tally(),
            tuple(
                NamedTally(b, role_bots[role, b].tally())
                for b in spec.bot_names
                if (role, b) in role_bots
            ),
        )
        for role in _ordered(roles, roles_order)
    )
    config_rows = []
    for ci, plan in enumerate(spec.configs):
        recs = [r for r in records if r.config == ci]
        fin = [r for r in recs if r.finished]
        decided = [r for r in fin if r.decided_last is not None]
        reasons: dict[str, int] = {}
        for r in fin:
            assert r.reason is not None
            reasons[r.reason] = reasons.get(r.reason, 0) + 1
        config_rows.append(
            ConfigRow(
                ci,
                plan.config,
                len(recs),
                len(fin),
                sum(1 for r in recs if not r.finished and r.error is None),
                sum(1 for r in recs if r.error is not None),
                tuple(
                    NamedTally(b, per_config.get(ci, {}).get(b, _Count()).tally())
                    for b in spec.bot_names
                ),
                _length(recs),
                Share.of(sum(1 for r in decided if r.decided_last), len(decided))
                if decided
                else None,
                _first_seat(fin, roles_order).advantage,
                tuple(sorted(reasons.items(), key=lambda kv: (-kv[1], kv[0]))[:REASONS_SHOWN]),
            )
        )
    decided_all = [r for r in finished if r.decided_last is not None]
    return Report(
        game=spec.game,
        rules_version=spec.rules_version,
        engine_version=spec.engine_version,
        fingerprint=spec.fingerprint,
        seating=spec.seating,
        rotation=spec.rotation,
        max_actions=spec.max_actions,
        seeds=len(seed_set),
        seed_ranges=_ranges(sorted(seed_set)),
        expected=expected,
        stored=len(records),
        missing=expected - len(records),
        finished=len(finished),
        unfinished=len(records) - len(finished) - len(errors),
        errors=len(errors),
        first_errors=tuple(
            (r.config, f"{r.seed:x}", r.seating, r.error or "") for r in errors[:ERRORS_SHOWN]
        ),
        bots=bot_rows,
        roles=role_rows,
        configs=tuple(config_rows),
        ratings=_ratings(spec, records, bootstrap),
        balance=Balance(
            _first_seat(finished, roles_order),
            _length(records),
            Share.of(sum(1 for r in decided_all if r.decided_last), len(decided_all))
            if decided_all
            else None,
            balance.definition(spec.game),
        ),
        results_digest=results_digest(records),
    )


# --- text ---------------------------------------------------------------------------


def _t(value: object, style: str = "") -> Text:
    return Text(str(value), style=style)


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{x:.1%}"


def _rate(t: Tally) -> str:
    if t.win_rate is None:
        return "-"
    return f"{t.win_rate:.1%} ({_pct(t.low)}-{_pct(t.high)})"


def _signed(x: float | None) -> str:
    return "-" if x is None else f"{x * 100:+.1f} pts"


def _tables(rep: Report) -> list[RenderableType]:
    out: list[RenderableType] = []
    head = Table(
        title=f"tournament: {rep.game} (rules {rep.rules_version})",
        box=box.SIMPLE_HEAD,
        show_header=False,
    )
    head.add_column(style="bold")
    head.add_column()
    length = rep.balance.length
    shown = ", ".join(rep.seed_ranges[:4]) + (" ..." if len(rep.seed_ranges) > 4 else "")
    rows = [
        ("seeds", f"{rep.seeds} ({shown})"),
        ("seating", f"{rep.seating}, {rep.rotation} rotation"),
        (
            "games",
            f"{rep.stored} of {rep.expected} stored ({rep.missing} missing); "
            f"{rep.finished} finished, {rep.unfinished} unfinished, {rep.errors} errors",
        ),
        ("length (actions)", f"mean {length.mean}, min {length.min}, max {length.max}"),
        ("first-seat advantage", _signed(rep.balance.first_seat.advantage)),
    ]
    if rep.balance.decided_last is not None:
        last = rep.balance.decided_last
        interval = f"{_pct(last.low)}-{_pct(last.high)}"
        rows.append(
            (
                "decided in the last round",
                f"{last.count} of {last.games}: {_pct(last.share)} ({interval})",
            )
        )
    rows.append(("results digest", rep.results_digest))
    for k, v in rows:
        head.add_row(_t(k), _t(v))
    out.append(head)

    bots = Table(title="bots (win rate with 95% Wilson interval)", box=box.SIMPLE_HEAD)
    for col in ("bot", "spec", "games", "W/D/L", "win rate", "split", "mean score"):
        bots.add_column(col, justify="left" if col in ("bot", "spec") else "right", no_wrap=True)
    for b in rep.bots:
        t = b.results
        bots.add_row(
            _t(b.bot),
            _t(b.spec),
            _t(t.games),
            _t(f"{t.wins}/{t.draws}/{t.losses}"),
            _t(_rate(t)),
            _t(b.split),
            _t("-" if b.score_mean is None else b.score_mean),
        )
    out.append(bots)

    if rep.ratings is not None:
        ratings = Table(title="ratings: Bradley-Terry, Elo points", box=box.SIMPLE_HEAD)
        for col in ("bot", "rating", "95% interval", "se"):
            ratings.add_column(col, justify="left" if col == "bot" else "right", no_wrap=True)
        for r in sorted(rep.ratings.bots, key=lambda r: (-r.rating, r.bot)):
            ratings.add_row(
                _t(r.bot),
                _t(f"{r.rating:+.1f}"),
                _t(f"{r.low:+.1f} .. {r.high:+.1f}"),
                _t(f"{r.se:.1f}"),
            )
        out.append(ratings)
        out.append(
            _t(
                f"{rep.ratings.comparisons} duplicate comparisons; interval: "
                f"{rep.ratings.bootstrap} bootstrap replicates of the seeds; se: from the Hessian",
                "dim",
            )
        )

    roles = Table(title="roles (each game counts once per role; then per bot)", box=box.SIMPLE_HEAD)
    roles.add_column("role")
    roles.add_column("games", justify="right")
    roles.add_column("win rate", justify="right", no_wrap=True)
    names = [b.bot for b in rep.bots]
    for n in names:
        roles.add_column(n, justify="right")
    for row in rep.roles:
        by = {nt.name: nt.results for nt in row.bots}
        roles.add_row(
            _t(row.role),
            _t(row.results.games),
            _t(_rate(row.results)),
            *(_t(_pct(by[n].win_rate) if n in by else "-") for n in names),
        )
    out.append(roles)

    fs = rep.balance.first_seat
    if fs.roles:
        first = Table(
            title="first seat (the seat that acts first) vs the role's other seats",
            box=box.SIMPLE_HEAD,
        )
        for col in ("role", "first seat", "other seats", "advantage"):
            first.add_column(col, justify="left" if col == "role" else "right", no_wrap=True)
        for fr in fs.roles:
            first.add_row(
                _t(fr.role),
                _t(f"{fr.first.games}: {_rate(fr.first)}"),
                _t(f"{fr.others.games}: {_rate(fr.others)}"),
                _t(_signed(fr.advantage)),
            )
        out.append(first)

    configs = Table(title="configs (win rates per bot)", box=box.SIMPLE_HEAD)
    configs.add_column("config", justify="right")
    configs.add_column("games", justify="right")
    for n in names:
        configs.add_column(n, justify="right")
    for col in ("length", "last round", "first seat"):
        configs.add_column(col, justify="right", no_wrap=True)
    for c in rep.configs:
        by = {nt.name: nt.results for nt in c.bots}
        d = c.decided_last
        configs.add_row(
            _t(c.index),
            _t(c.games),
            *(_t(_pct(by[n].win_rate)) for n in names),
            _t(f"{c.length.mean} ({c.length.min}-{c.length.max})"),
            _t("-" if d is None else _pct(d.share)),
            _t(_signed(c.first_seat_advantage)),
        )
    out.append(configs)
    for c in rep.configs:
        out.append(_t(f"config {c.index}: {json.dumps(c.config, separators=(',', ':'))}", "dim"))
    if rep.balance.decided_last_definition:
        out.append(_t(f"last round ({rep.game}): {rep.balance.decided_last_definition}", "dim"))
    if rep.first_errors:
        errs = Table(title=f"errors (first {ERRORS_SHOWN})", box=box.SIMPLE_HEAD)
        for col in ("config", "seed", "seating", "error"):
            errs.add_column(col)
        for ci, seed_hex, seating, error in rep.first_errors:
            errs.add_row(_t(ci), _t(f"0x{seed_hex}"), _t(seating), _t(error))
        out.append(errs)
    return out
