"""Tournaments (issue 39, item 1): seatings, the spec and its errors, the same games as
``simulate``, the resumable SQLite store and its errors, logs that verify, reports that
do not depend on the number of workers, the ratings and the command line. Every
tournament here is tiny (a few seeds of random or heuristic bots)."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import attrs
import pytest

from islandgames import Rng, UnknownGameError, read_log, verify_log
from islandgames.bots import register_bot, unregister_bot
from islandgames.cli import main
from islandgames.cli._bots import _BotPlan
from islandgames.cli.simulate import _Job, _run_job
from islandgames.cli.tournament import parse_seeds
from islandgames.core import serde
from islandgames.tournament import (
    GameRecord,
    LocalBackend,
    SpecMismatchError,
    StoreError,
    TournamentError,
    build_report,
    build_spec,
    check_seeds,
    open_store,
    play,
    report,
    run,
)
from islandgames.tournament.backends import ChunkResult, Task, Worker
from islandgames.tournament.ratings import (
    bootstrap_ratings,
    bradley_terry,
    elo,
    standard_errors,
    wilson,
)
from islandgames.tournament.seatings import cyclic, every, permutations, seatings

FRIDAY_BOTS = {"r": "random", "h": "heuristic"}


# --- seatings and the spec -----------------------------------------------------------


@pytest.mark.parametrize(("bots", "slots"), [(1, 1), (2, 1), (2, 2), (3, 2), (2, 4), (4, 3)])
def test_a_cyclic_rotation_gives_every_bot_every_slot_once(bots: int, slots: int) -> None:
    table = cyclic(bots, slots)
    assert len(table) == bots
    for slot in range(slots):
        assert sorted(s[slot] for s in table) == list(range(bots))


def test_rotation_all_is_every_assignment_and_is_bounded() -> None:
    assert every(3, 2) == tuple((a, b) for a in range(3) for b in range(3))
    with pytest.raises(ValueError, match="1296 seatings"):
        seatings("all", 6, 4)


def test_permutations_give_every_ordered_matchup_once() -> None:
    table = permutations(4, 2)
    assert len(table) == 12 == len(set(table)) and all(a != b for a, b in table)
    for slot in (0, 1):
        assert sorted(s[slot] for s in table) == [b for b in range(4) for _ in range(3)]
    with pytest.raises(ValueError, match="needs a bot per slot"):
        seatings("permutations", 2, 3)
    with pytest.raises(ValueError, match="rotation must be one of"):
        seatings("shuffled", 2, 2)


@pytest.mark.parametrize(
    ("game", "mode", "slots"),
    [
        ("friday", "roles", ("robinson",)),
        ("not-alone", "roles", ("creature", "hunted")),
        ("gozer", "roles", ("gozer", "castaway")),
        ("forbidden-island", "seats", (0, 1, 2, 3)),  # adventurers are drawn: seats
    ],
)
def test_auto_seating_picks_roles_when_every_role_is_in_play(
    game: str, mode: str, slots: tuple[object, ...]
) -> None:
    spec = build_spec(game, ["random"])
    assert spec.seating == mode and spec.configs[0].slots == slots


def test_a_team_seating_gives_one_bot_every_seat() -> None:
    spec = build_spec("forbidden-island", FRIDAY_BOTS, seating="team", configs=[{"players": 2}])
    assert spec.configs[0].seatings == ((0,), (1,))
    assert spec.seat_bots(0, 1, ("pilot", "diver")) == ("h", "h")


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"bots": {"a": "heur"}}, "bot 'a': no bot 'heur' for friday; available: random"),
        ({"bots": {"a": "mcts:iterations=x"}}, "iterations must be an integer"),
        ({"bots": {"a": "mcts:depth=3"}}, "mcts has no parameter 'depth'"),
        ({"bots": {"a": "mcts:seconds=1"}}, "wall-clock budget"),
        ({"bots": {}}, "no bots"),
        ({"bots": {" a": "random"}}, "bot name ' a'"),
        ({"configs": [{"level": 9}]}, "config 0"),
        ({"configs": [None, {"level": 1}]}, "config 1 is config 0 again"),
        ({"seating": "tables"}, "seating must be"),
        ({"rotation": "random"}, "rotation must be"),
        ({"max_actions": 0}, "max_actions"),
    ],
)
def test_a_bad_spec_is_refused_saying_why(kwargs: dict[str, object], message: str) -> None:
    args: dict[str, object] = {"bots": FRIDAY_BOTS, **kwargs}
    bots = args.pop("bots")
    with pytest.raises(TournamentError, match=message.replace("(", r"\(")):
        build_spec("friday", bots, **args)  # type: ignore[arg-type]


def test_an_unknown_game_is_an_unknown_game_error() -> None:
    with pytest.raises(UnknownGameError, match="fridya"):
        run("fridya", ["random"], seeds=range(1))


@pytest.mark.parametrize(
    ("seeds", "message"),
    [
        (range(5, 3), "is empty"),
        ([], "is empty"),
        ([-1], "outside"),
        ([2**256], "outside"),
        ([1, 1], "given twice"),
        ([True], "not an int"),
        (7, "a range or a list"),
    ],
)
def test_bad_seeds_are_refused(seeds: object, message: str) -> None:
    with pytest.raises(TournamentError, match=message):
        check_seeds(seeds)  # type: ignore[arg-type]


def test_the_command_line_seeds() -> None:
    assert parse_seeds("4") == range(4) and parse_seeds("0x10:0x12") == range(16, 18)
    for bad in ("0", "3:3", "x", "-1:4", "1:2:3"):
        with pytest.raises(Exception, match="bad seeds"):
            parse_seeds(bad)


# --- the games ----------------------------------------------------------------------


def test_each_seating_plays_the_game_simulate_plays() -> None:
    """A tournament game is ``islandgames simulate``'s game for the same seed and bots."""
    bots = {"r": "random", "h": "heuristic"}
    spec = build_spec("not-alone", bots)
    with open_store(None, spec) as store:
        play(spec, range(3), store, LocalBackend(1))
        records = store.records()
    assert len(records) == 6
    for k, seating in enumerate(spec.configs[0].seatings):
        plan = _BotPlan(
            roles={"creature": bots["rh"[seating[0]]], "hunted": bots["rh"[seating[1]]]}
        )
        job = _Job("not-alone", spec.configs[0].config, plan, 0, 3, spec.max_actions)
        _, sim, _ = _run_job(job)
        mine = [r for r in records if r.seating == k]
        assert [(r.seed, r.actions, r.reason) for r in mine] == [
            (s.seed, s.actions, s.reason) for s in sim
        ]
        assert [[(x.seat, x.role, x.result, x.score) for x in r.seats] for r in mine] == [
            list(s.results) for s in sim
        ]


def test_every_log_verifies_and_ends_in_the_recorded_state(tmp_path: Path) -> None:
    store_path = tmp_path / "t.sqlite"
    run("gozer", {"r": "random", "h": "heuristic"}, seeds=range(2), store=store_path)
    with open_store(store_path) as store:
        records = list(store.iter_logs())
    assert len(records) == 4
    for rec in records:
        assert rec.log is not None
        assert verify_log(rec.log).status == "verified"
        log = rec.replay_log()
        assert log.entries[-1].state_hash == rec.final_hash and len(log.entries) == rec.actions
        assert read_log(rec.log).header.game == "gozer"


def test_logs_can_be_left_out_and_the_results_are_the_same() -> None:
    with_logs = run("friday", FRIDAY_BOTS, seeds=range(3))
    without = run("friday", FRIDAY_BOTS, seeds=range(3), logs=False)
    assert with_logs.to_json() == without.to_json()


def test_an_action_limit_leaves_games_unfinished() -> None:
    rep = run("friday", ["random"], seeds=range(3), max_actions=5)
    assert (rep.unfinished, rep.finished, rep.bots[0].results.games) == (3, 0, 0)
    assert rep.balance.length.max == 5


# --- the store: resuming, refusing, damage --------------------------------------------


def test_a_rerun_plays_only_the_missing_games(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite"
    seen: list[tuple[int, int]] = []
    run("friday", FRIDAY_BOTS, seeds=range(3), store=path)
    rep = run(
        "friday", FRIDAY_BOTS, seeds=range(5), store=path, progress=lambda d, t: seen.append((d, t))
    )
    assert seen[0] == (6, 10) and seen[-1] == (10, 10)
    fresh = run("friday", FRIDAY_BOTS, seeds=range(5))
    assert rep.to_json() == fresh.to_json()
    assert report(str(path)).to_json() == fresh.to_json()
    assert report(str(path), seeds=range(3)).seeds == 3


class _Interrupted(Exception):
    pass


class _StopsAfter:
    """A backend that runs ``batches`` batches, then fails (a crash mid-run)."""

    name = "flaky"
    workers = 4

    def __init__(self, batches: int) -> None:
        self.batches = batches

    def map_unordered(self, fn: Worker, tasks: Sequence[Task]) -> Iterator[ChunkResult]:
        for i, task in enumerate(tasks):
            if i == self.batches:
                raise _Interrupted
            yield fn(task)

    def close(self) -> None:
        pass


def test_an_interrupted_run_keeps_its_finished_batches(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite"
    with pytest.raises(_Interrupted):
        run("friday", FRIDAY_BOTS, seeds=range(8), store=path, backend=_StopsAfter(1))
    with open_store(path) as store:
        kept = len(store)
    assert 0 < kept < 16
    rep = run("friday", FRIDAY_BOTS, seeds=range(8), store=path)
    assert rep.to_json() == run("friday", FRIDAY_BOTS, seeds=range(8)).to_json()


def test_the_results_do_not_depend_on_the_number_of_workers(tmp_path: Path) -> None:
    one = run("not-alone", {"r": "random", "h": "heuristic"}, seeds=range(4), store=tmp_path / "1")
    two = run(
        "not-alone",
        {"r": "random", "h": "heuristic"},
        seeds=range(4),
        store=tmp_path / "2",
        workers=2,
    )
    assert one.to_json() == two.to_json() and one.text() == two.text()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"bots": {"r": "random", "h": "mcts:iterations=2"}}, "bots: the store has"),
        ({"bots": {"h": "heuristic", "r": "random"}}, "bots: the store has"),
        ({"configs": [{"level": 2}]}, "configs: the store has"),
        ({"max_actions": 500}, "max_actions: the store has"),
        ({"game": "gozer", "bots": ["random"]}, "game: the store has"),
    ],
)
def test_a_store_of_another_tournament_is_refused(
    tmp_path: Path, change: dict[str, object], message: str
) -> None:
    path = tmp_path / "t.sqlite"
    run("friday", FRIDAY_BOTS, seeds=range(1), store=path)
    args: dict[str, object] = {"game": "friday", "bots": FRIDAY_BOTS, **change}
    with pytest.raises(SpecMismatchError, match=message):
        run(seeds=range(2), store=path, **args)  # type: ignore[arg-type]
    with open_store(path) as store:
        assert len(store) == 2  # nothing was mixed in


def test_a_store_of_another_engine_version_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite"
    spec = build_spec("friday", FRIDAY_BOTS)
    open_store(path, attrs.evolve(spec, engine_version="0.0.1")).close()
    with pytest.raises(SpecMismatchError, match=r"filled by islandgames 0\.0\.1"):
        open_store(path, spec)
    assert open_store(path).spec.engine_version == "0.0.1"  # it can still be reported


def _stored(tmp_path: Path) -> Path:
    path = tmp_path / "t.sqlite"
    run("friday", FRIDAY_BOTS, seeds=range(2), store=path)
    return path


def _sql(path: Path, statement: str) -> None:
    conn = sqlite3.connect(path)
    with conn:
        conn.execute(statement)
    conn.close()


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        ("garbage", "not a readable SQLite database: file is not a database"),
        ("truncate", "not a readable SQLite database"),
        ("UPDATE meta SET value = '{' WHERE key = 'spec'", "its spec cannot be read"),
        ("UPDATE meta SET value = 'x' WHERE key = 'fingerprint'", "does not match its fingerprint"),
        ("UPDATE meta SET value = '9' WHERE key = 'format_version'", "store format '9'"),
        ("DROP TABLE games", "not a tournament store"),
    ],
)
def test_a_damaged_store_says_what_is_wrong(tmp_path: Path, damage: str, message: str) -> None:
    path = _stored(tmp_path)
    if damage == "garbage":
        path.write_bytes(b"not a database at all" * 100)
    elif damage == "truncate":
        path.write_bytes(path.read_bytes()[:6000])
    else:
        _sql(path, damage)
    with pytest.raises(StoreError, match=message):
        report(str(path))
    with pytest.raises(StoreError, match=message):
        run("friday", FRIDAY_BOTS, seeds=range(2), store=path)


@pytest.mark.parametrize(
    ("column", "value", "message"),
    [
        ("seats", "'['", "Expecting value"),
        ("seats", '\'[[0, "robinson", "zz", "win", 1]]\'', "unknown result or bot"),
        ("bots", "'[\"q\"]'", "bot 'q' is not a bot of the tournament"),
        ("seating", "7", "config 0 has 2 seatings"),
        ("log_zlib", "x'00ff'", "Error -3"),
    ],
)
def test_a_damaged_row_is_named(tmp_path: Path, column: str, value: str, message: str) -> None:
    path = _stored(tmp_path)
    _sql(path, f"UPDATE games SET {column} = {value} WHERE seed = '{0:064x}' AND seating = 1")
    wanted = r"damaged row \(config 0, seed 0, seating (1|7)\)"
    with pytest.raises(StoreError, match=wanted) as err, open_store(path) as store:
        list(store.iter_logs())
    assert message in str(err.value)


def test_a_directory_or_a_missing_store(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="is a directory"):
        report(str(tmp_path))
    with pytest.raises(StoreError, match="does not exist"):
        report(str(tmp_path / "none.sqlite"))
    with pytest.raises(StoreError, match="no such directory"):
        run("friday", ["random"], seeds=range(1), store=tmp_path / "no" / "t.sqlite")


# --- the report ------------------------------------------------------------------------


def test_wilson_intervals() -> None:
    lo, hi = wilson(0, 10) or (0.0, 0.0)
    assert lo == 0.0 and round(hi, 4) == 0.2775
    lo, hi = wilson(50, 100) or (0.0, 0.0)
    assert round(lo, 4) == 0.4038 and round(hi, 4) == 0.5962


def test_bradley_terry_recovers_known_odds() -> None:
    # 3 players with strengths 4:2:1 and exactly the expected results
    strengths = [4.0, 2.0, 1.0]
    n = 600
    wins = [[n * a / (a + b) if a != b else 0.0 for b in strengths] for a in strengths]
    p = bradley_terry(wins, prior=0)
    assert [round(x / p[2], 6) for x in p] == [4.0, 2.0, 1.0]
    r = elo(p)
    assert round(r[0] - r[2], 1) == round(400 * 0.6020599913, 1) and abs(sum(r)) < 1e-9
    se = standard_errors(wins)
    assert all(0 < s < 30 for s in se)


def test_bootstrap_intervals_are_seeded_and_cover_the_point() -> None:
    groups = [[(0, 1, 1.0)], [(1, 0, 1.0)], [(0, 1, 1.0)], [(0, 1, 0.5), (1, 0, 0.5)]] * 5
    a = bootstrap_ratings(groups, 2, replicates=50)
    assert a == bootstrap_ratings(groups, 2, replicates=50)
    point, intervals = a
    assert point[0] > 0 > point[1]
    assert all(lo < x < hi for x, (lo, hi) in zip(point, intervals, strict=True))


def test_the_report_of_a_two_sided_game() -> None:
    rep = run("not-alone", {"r": "random", "h": "heuristic"}, seeds=range(3))
    assert rep.expected == rep.stored == 6 and rep.complete
    by_bot = {b.bot: b for b in rep.bots}
    assert by_bot["h"].results.games == by_bot["r"].results.games == 6
    assert by_bot["h"].results.win_rate == 1.0 and by_bot["r"].results.win_rate == 0.0
    assert [r.role for r in rep.roles] == ["creature", "hunted"]
    assert rep.ratings is not None
    ratings = {r.bot: r for r in rep.ratings.bots}
    assert ratings["h"].rating > 0 > ratings["r"].rating and rep.ratings.comparisons == 6
    # the creature always acts first: no first-seat figure can be made
    assert rep.balance.first_seat.advantage is None
    wire = json.loads(rep.to_json())
    assert wire["bots"][0]["results"]["low"] == 0.0 and wire["complete"] is True


def test_mirror_seatings_are_split_games() -> None:
    rep = run("not-alone", {"r": "random", "h": "heuristic"}, seeds=range(2), rotation="all")
    assert rep.expected == 8
    assert [b.split for b in rep.bots] == [2, 2]  # each bot's two mirror games
    assert [b.results.games for b in rep.bots] == [4, 4]


def test_first_seat_and_last_round_figures() -> None:
    rep = run("gozer", {"r": "random", "h": "heuristic"}, seeds=range(4), configs=[{"players": 3}])
    castaway = {r.role: r for r in rep.balance.first_seat.roles}["castaway"]
    assert castaway.first.games == 8 and castaway.others.games == 8
    assert rep.balance.first_seat.advantage is not None
    assert rep.balance.decided_last is not None and rep.balance.decided_last.games == 8
    assert "round limit" in (rep.balance.decided_last_definition or "")


def test_a_friday_win_is_decided_in_the_last_round() -> None:
    spec = build_spec("friday", ["heuristic"])
    with open_store(None, spec) as store:
        play(spec, range(12), store, LocalBackend(1), logs=False)
        records = store.records()
    wins = [r for r in records if r.seats[0].result == "win"]
    assert wins and all(r.decided_last for r in wins)
    assert any(r.decided_last is False for r in records)


def test_the_report_of_a_store_is_built_from_its_rows_alone(tmp_path: Path) -> None:
    path = _stored(tmp_path)
    with open_store(path) as store:
        records = store.records()
        again = build_report(store.spec, records)
    assert all(isinstance(r, GameRecord) for r in records)
    assert again.to_json() == report(str(path)).to_json()
    assert again.results_digest == report(str(path)).results_digest


# --- the command line -----------------------------------------------------------------


def test_the_command_runs_resumes_reports_and_verifies(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = str(tmp_path / "t.sqlite")
    argv = ["tournament", "run", "friday", "--bot", "r=random", "--bot", "heuristic"]
    assert main([*argv, "--seeds", "2", "--store", store, "--json"]) == 0
    first = json.loads(capsys.readouterr().out)
    assert first["expected"] == 4 and [b["bot"] for b in first["bots"]] == ["r", "heuristic"]
    assert main([*argv, "--seeds", "3", "--store", store, "-q"]) == 0
    out = capsys.readouterr().out
    assert "ratings: Bradley-Terry" in out and "6 of 6 stored" in out
    assert main(["tournament", "report", store, "--seeds", "0:2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == first
    logs = tmp_path / "logs"
    assert main(["tournament", "logs", store, "--out", str(logs), "--verify", "-q"]) == 0
    out = capsys.readouterr().out
    assert "6 logs written" in out and "6 verified, 0 failed" in out
    files = sorted(p.name for p in logs.iterdir())
    assert files[0] == "c0-s0-k0.iglog" and len(files) == 6
    assert verify_log(logs / files[-1]).status == "verified"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["friday", "--bot", "heur"], "no bot 'heur' for friday"),
        (["fridya", "--bot", "random"], "did you mean 'friday'?"),
        (["friday", "--bot", "random", "--seeds", "4:2"], "bad seeds '4:2'"),
        (["friday", "--bot", "a=random", "--bot", "a=heuristic"], "'a' is given twice"),
        (["friday", "--bot", "random", "--config", '{"level": 9}'], "bad friday config"),
        (["friday", "--bot", "random", "--address", "auto"], "--address is for --backend ray"),
    ],
)
def test_command_errors_are_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code = main(["tournament", "run", *argv, "--store", str(tmp_path / "t.sqlite")])
    err = capsys.readouterr().err
    assert code == 2 and message in err and "Traceback" not in err


def test_the_command_refuses_a_store_of_another_tournament(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = str(tmp_path / "t.sqlite")
    assert (
        main(
            [
                "tournament",
                "run",
                "friday",
                "--bot",
                "random",
                "--seeds",
                "1",
                "--store",
                store,
                "-q",
            ]
        )
        == 0
    )
    capsys.readouterr()
    assert (
        main(
            ["tournament", "run", "friday", "--bot", "heuristic", "--seeds", "1", "--store", store]
        )
        == 2
    )
    assert "holds another tournament (bots:" in capsys.readouterr().err
    Path(store).write_bytes(b"x" * 4096)
    assert main(["tournament", "report", store]) == 2
    assert "file is not a database" in capsys.readouterr().err


def test_the_digest_covers_every_result() -> None:
    spec = build_spec("friday", ["random"])
    with open_store(None, spec) as store:
        play(spec, range(2), store, LocalBackend(1), logs=False)
        records = store.records()
    base = build_report(spec, records).results_digest
    changed = [attrs.evolve(records[0], actions=records[0].actions + 1), records[1]]
    assert build_report(spec, changed).results_digest != base
    assert serde.packb([r.result_wire() for r in records])  # plain data, seeds as hex


class _OtherVersion(_StopsAfter):
    """A backend whose workers run another islandgames."""

    def map_unordered(self, fn: Worker, tasks: Sequence[Task]) -> Iterator[ChunkResult]:
        for task in tasks:
            _, rows = fn(task)
            yield "0.0.1", rows


def test_results_of_another_engine_version_are_refused(tmp_path: Path) -> None:
    with pytest.raises(TournamentError, match=r"runs islandgames 0\.0\.1, this process"):
        run("friday", ["random"], seeds=range(2), store=tmp_path / "t", backend=_OtherVersion(0))
    with open_store(tmp_path / "t") as store:
        assert len(store) == 0


class _Crashes:
    """A bot with a bug: it fails at its third decision."""

    name = "crashes"

    def __init__(self) -> None:
        self.calls = 0

    def choose(self, game: Any, view: Any, legal: Sequence[Any], rng: Rng) -> tuple[Any, Rng]:
        self.calls += 1
        if self.calls == 3:
            raise RuntimeError("the bot broke")
        return legal[0], rng


def test_an_engine_or_bot_error_is_reported_not_fatal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    register_bot("friday", "crashes", _Crashes)
    try:
        rep = run("friday", {"c": "crashes", "r": "random"}, seeds=range(2))
        assert (rep.errors, rep.finished) == (2, 2)
        assert rep.first_errors[0] == (0, "0", 0, "RuntimeError: the bot broke")
        argv = ["tournament", "run", "friday", "--bot", "crashes", "--seeds", "1", "-q"]
        assert main([*argv, "--store", str(tmp_path / "t.sqlite")]) == 1
        assert "RuntimeError: the bot broke" in capsys.readouterr().out
    finally:
        unregister_bot("friday", "crashes")
