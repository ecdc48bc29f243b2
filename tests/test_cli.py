"""The ``islandgames`` command line, in process (``main([...])``) and as installed.

Besides every registered game, the tests register a small toy game ("odds": 2-3 seats,
roles, a die, hidden simultaneous picks, an optional out-of-turn action) so that the
paths a solo game never takes (several seats to act, hidden bot actions, interjections,
render hooks) are exercised whatever games exist.
"""

from __future__ import annotations

import io
import json
import os
import re
import shutil
import subprocess
import sys
import types
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, Literal

import attrs
import pytest

from islandgames import get_game, read_log, verify_log, write_log
from islandgames.bots import get_bot, play
from islandgames.cli import build_parser, main, render_wire
from islandgames.core import kit, registry, serde
from islandgames.core.errors import InvalidConfigError
from islandgames.core.game import Game, GameInfo, Outcome, SeatResult
from islandgames.core.rng import Rng

REGISTERED = registry.game_ids()
TOY = "toy-odds"

# --- the toy game --------------------------------------------------------------------


@attrs.frozen(slots=True)
class OddsConfig:
    seats: int = 2
    rounds: int = 2


@attrs.frozen(slots=True)
class OddsState:
    rng: Rng
    rounds: int
    round: int
    picks: tuple[int, ...]  # 0: not picked yet this round
    scores: tuple[int, ...]
    taunted: tuple[bool, ...]
    last_total: int


@attrs.frozen(slots=True)
class Pick:
    n: int


@attrs.frozen(slots=True)
class Taunt:
    pass


OddsAction = Pick | Taunt
serde.register_union(OddsAction)


@attrs.frozen(slots=True)
class OddsView:
    seat: int | None
    round: int
    scores: tuple[int, ...]
    own_pick: int
    picked: tuple[bool, ...]
    last_total: int


class Odds(Game[OddsState, OddsAction, OddsView, OddsConfig]):
    """Everyone secretly picks 1 or 2; a die is added; odd totals score for seat 0
    ("odd"), even totals for every other seat ("even")."""

    info = GameInfo(
        id=TOY,
        title="Odds",
        rules_version="1",
        min_seats=2,
        max_seats=3,
        roles=("odd", "even"),
        chance=True,
        hidden_information=True,
        simultaneous=True,
        default_config=OddsConfig(),
        summary="a toy for the CLI tests",
    )
    state_type = OddsState
    action_type = OddsAction
    view_type = OddsView
    config_type = OddsConfig

    def check_config(self, config: OddsConfig) -> None:
        if not (2 <= config.seats <= 3 and 1 <= config.rounds <= 9):
            raise InvalidConfigError(f"seats must be 2..3 and rounds 1..9, got {config}")

    def _new(self, rng: Rng, config: OddsConfig) -> OddsState:
        n = config.seats
        return OddsState(rng, config.rounds, 0, (0,) * n, (0,) * n, (False,) * n, 0)

    def seat_count(self, state: OddsState) -> int:
        return len(state.picks)

    def role(self, state: OddsState, seat: int) -> str:
        return "odd" if seat == 0 else "even"

    def to_act(self, state: OddsState) -> tuple[int, ...]:
        if state.round >= state.rounds:
            return ()
        return tuple(s for s, p in enumerate(state.picks) if p == 0)

    def legal_actions(self, state: OddsState, seat: int) -> tuple[OddsAction, ...]:
        if state.round >= state.rounds:
            return ()
        if state.picks[seat] == 0:
            return (Pick(1), Pick(2))
        if not state.taunted[seat]:
            return (Taunt(),)
        return ()

    def _apply(self, state: OddsState, seat: int, action: OddsAction) -> OddsState:
        if isinstance(action, Taunt):
            taunted = tuple(t or s == seat for s, t in enumerate(state.taunted))
            return attrs.evolve(state, taunted=taunted)
        picks = tuple(action.n if s == seat else p for s, p in enumerate(state.picks))
        if 0 in picks:
            return attrs.evolve(state, picks=picks)
        die, rng = state.rng.die()
        total = sum(picks) + die
        odd = total % 2 == 1
        scores = tuple(x + (odd == (s == 0)) for s, x in enumerate(state.scores))
        return OddsState(
            rng, state.rounds, state.round + 1, (0,) * len(picks), scores, state.taunted, total
        )

    def view(self, state: OddsState, seat: int | None) -> OddsView:
        own = 0 if seat is None else state.picks[seat]
        picked = tuple(p != 0 for p in state.picks)
        return OddsView(seat, state.round, state.scores, own, picked, state.last_total)

    def outcome(self, state: OddsState) -> Outcome | None:
        if state.round < state.rounds:
            return None
        odd, even = state.scores[0], state.scores[1]
        res: dict[bool, Literal["win", "loss", "draw"]] = {True: "win", False: "loss"}
        results = tuple(
            SeatResult(
                s,
                self.role(state, s),
                "draw" if odd == even else res[(odd > even) == (s == 0)],
                score,
            )
            for s, score in enumerate(state.scores)
        )
        return Outcome(
            results, "odd ahead" if odd > even else "even ahead" if even > odd else "tie"
        )

    def resample_hidden(self, state: OddsState, seat: int | None, rng: Rng) -> OddsState:
        picks = list(state.picks)
        for s, p in enumerate(picks):
            if s != seat and p != 0:
                picks[s], rng = rng.die(2)
        return attrs.evolve(state, picks=tuple(picks), rng=Rng(rng.key, 0))

    def redact_action(
        self, before: OddsState, seat: int, action: OddsAction, viewer: int | None, now: OddsState
    ) -> OddsAction | None:
        return action if isinstance(action, Taunt) or viewer == seat else None


ODDS = Odds()


def _svg(view: OddsView) -> str:
    label = f"round {view.round} scores {view.scores}"
    return f'<svg xmlns="http://www.w3.org/2000/svg"><text>{label} as {view.seat}</text></svg>'


def _view_text(view: OddsView) -> str:
    return f"[odds] round {view.round}, my pick {view.own_pick}, scores {view.scores}"


def _on_the_kit(g: Odds) -> kit.Definition[Any, Any, Any, Any, Any]:
    """The toy's rules as a kit Definition, with a text view and a picture."""
    return kit.Definition(
        info=g.info,
        config_type=g.config_type,
        action_type=g.action_type,
        view_type=g.view_type,
        rules=(kit.RulesVersion(g.info.rules_version),),
        state_type=lambda rules: g.state_type,
        setup=lambda rng, config, rules: g._new(rng, config),
        seat_count=g.seat_count,
        role=g.role,
        to_act=g.to_act,
        legal_actions=lambda s, seat, rules: g.legal_actions(s, seat),
        apply=lambda s, seat, a, rules: g._apply(s, seat, a),
        view=lambda s, seat, rules: g.view(s, seat),
        outcome=g.outcome,
        resample_hidden=g.resample_hidden,
        check_config=g.check_config,
        check_state=lambda s, rules: g.check_state(s),
        redact_action=lambda before, seat, a, viewer, now, rules: g.redact_action(
            before, seat, a, viewer, now
        ),
        render_svg=_svg,
        render_text=_view_text,
    )


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Register the toy game for one test (with render hooks)."""
    yield from _register(monkeypatch, hooks=True)


@pytest.fixture
def plain_toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Register the toy game for one test, without render hooks."""
    yield from _register(monkeypatch, hooks=False)


def _register(monkeypatch: pytest.MonkeyPatch, hooks: bool) -> Iterator[str]:
    mod = types.ModuleType("islandgames_cli_test_toy")
    # extras live on a kit Definition: the toy with hooks is Odds behind one
    mod.__dict__["GAME"] = _on_the_kit(ODDS).games()[-1] if hooks else ODDS
    monkeypatch.setitem(sys.modules, mod.__name__, mod)
    registry.register_game(TOY, mod.__name__)  # loaded from mod.GAME
    try:
        yield TOY
    finally:
        registry.unregister_game(TOY)


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _without_timing(text: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(text)
    data.pop("timing")
    return data


# --- basics --------------------------------------------------------------------------


def test_version_and_help(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "--version")
    assert code == 0 and out.startswith("islandgames ")
    for cmd in ("games", "play", "simulate", "replay", "render"):
        code, out, _ = _run(capsys, cmd, "--help")
        assert code == 0 and "usage: islandgames" in out, cmd
    code, out, _ = _run(capsys)
    assert code == 2 and "COMMAND" in out


def test_service_commands_are_registered(capsys: pytest.CaptureFixture[str]) -> None:
    help_text = build_parser().format_help()
    assert "serve" in help_text and "demo" in help_text
    code, out, _ = _run(capsys, "demo", "--game", "friday", "--seed", "1", "--quiet")
    assert code == 0, out
    assert "verified by replay" in out


def test_bad_arguments_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _run(capsys, "simulate", "x", "--games", "zero")
    assert code == 2 and "--games" in err and "Traceback" not in err
    code, _, err = _run(capsys, "play", "x", "--delay", "-1")
    assert code == 2 and "delay must be between" in err
    code, _, err = _run(capsys, "play", "x", "--seed", "-5")
    assert code == 2 and "seed must be in" in err
    code, _, err = _run(capsys, "frobnicate")
    assert code == 2 and "invalid choice" in err


def test_games_table_lists_every_game(capsys: pytest.CaptureFixture[str], toy: str) -> None:
    code, out, _ = _run(capsys, "games")
    assert code == 0
    for gid in registry.game_ids():
        assert gid in out
    assert "Odds" in out and TOY in registry.game_ids()


@pytest.mark.parametrize(
    "argv",
    [
        ("games",),
        ("simulate", "gozer", "--games", "4", "--bot", "heuristic"),
        ("simulate", "forbidden-island", "--games", "2", "--bot", "heuristic"),
    ],
    ids=["games", "simulate-gozer", "simulate-forbidden-island"],
)
def test_tables_fit_80_columns_and_keep_words_whole(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, argv: tuple[str, ...]
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    code, out, _ = _run(capsys, *argv)
    assert code == 0
    long = [line for line in out.splitlines() if len(line) > 80]
    assert not long, long
    assert "\u2026" not in out, "a cell was cut short with an ellipsis"
    words = set(re.findall(r"[\w-]+", out))
    if argv[0] == "simulate":
        # every role each seat played, whole (not cut, not broken across lines)
        code, js, _ = _run(capsys, *argv, "--json")
        wanted = {role for seat in json.loads(js)["seats"] for role in seat["roles"]}
        assert wanted and code == 0
    else:  # every game's id, title and roles
        wanted = set(registry.game_ids())
        for gid in registry.game_ids():
            info = registry.get_game(gid).info
            wanted |= {*info.roles, *info.title.split()}
    assert wanted <= words, sorted(wanted - words)


def test_games_json_is_the_wire_form(capsys: pytest.CaptureFixture[str], toy: str) -> None:
    code, out, _ = _run(capsys, "games", "--json")
    assert code == 0
    assert json.loads(out) == [
        {**serde.to_wire(get_game(g).info), "rules_versions": list(registry.rules_versions(g))}
        for g in registry.game_ids()
    ]


@pytest.mark.parametrize("command", ["play", "simulate", "render"])
def test_unknown_game_exits_2(capsys: pytest.CaptureFixture[str], command: str) -> None:
    code, out, err = _run(capsys, command, "chess")
    assert not out
    assert code == 2
    assert "unknown game 'chess'" in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("config", "message"),
    [
        ("{not json", "not valid JSON"),
        ("[1, 2]", "must be a JSON object"),
        ('{"seats": 7}', "bad toy-odds config"),
        ('{"seats": "two"}', "bad toy-odds config"),
        ('{"colour": 1}', "bad toy-odds config"),
        ("@/nonexistent/config.json", "cannot read config file"),
    ],
)
def test_bad_config_exits_2(
    capsys: pytest.CaptureFixture[str], toy: str, config: str, message: str
) -> None:
    for cmd in ("play", "simulate"):
        code, _, err = _run(capsys, cmd, toy, "--config", config)
        assert code == 2 and message in err, (cmd, err)


def test_config_from_file(capsys: pytest.CaptureFixture[str], toy: str, tmp_path: Path) -> None:
    cfg = tmp_path / "cfg.json"
    cfg.write_text('{"seats": 3, "rounds": 1}')
    code, out, _ = _run(capsys, "simulate", toy, "--games", "4", "--config", f"@{cfg}", "--json")
    data = json.loads(out)
    assert code == 0 and data["config"] == {"seats": 3, "rounds": 1}
    assert [s["seat"] for s in data["seats"]] == [0, 1, 2]


# --- simulate ------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", REGISTERED)
def test_simulate_is_identical_whatever_the_workers(
    capsys: pytest.CaptureFixture[str], game_id: str
) -> None:
    code1, out1, _ = _run(capsys, "simulate", game_id, "--games", "6", "--seed", "3", "--json")
    code2, out2, _ = _run(
        capsys, "simulate", game_id, "-n", "6", "--seed", "3", "--json", "--workers", "2"
    )
    assert code1 == code2 == 0
    one, two = _without_timing(out1), _without_timing(out2)
    assert one == two
    assert one["games"] == 6 and one["errors"] == []
    lengths = [play(game_id, s, get_bot(game_id, "random")).actions for s in range(3, 9)]
    assert one["length"]["total"] == sum(lengths)


def test_simulate_summary(capsys: pytest.CaptureFixture[str], toy: str) -> None:
    code, out, err = _run(
        capsys, "simulate", toy, "--games", "40", "--seed", "100", "--json", "--per-game"
    )
    assert code == 0 and not err  # no progress noise when not a terminal (transient)
    data = json.loads(out)
    records = [play(ODDS, s, get_bot(toy, "random")) for s in range(100, 140)]
    assert [g["seed"] for g in data["per_game"]] == list(range(100, 140))
    assert data["games"] == data["finished"] == 40
    wins0 = sum(1 for r in records if r.outcome and 0 in r.outcome.winners)
    assert data["seats"][0]["wins"] == wins0
    assert data["seats"][0]["win_rate"] == round(wins0 / 40, 4)
    assert [r["role"] for r in data["roles"]] == ["even", "odd"]
    assert sum(r["count"] for r in data["reasons"]) == 40
    assert data["length"] == {"mean": 4.0, "min": 4, "max": 4, "total": 160}
    assert data["timing"]["workers"] == 1 and data["timing"]["actions_per_second"] > 0
    # the table form carries the same facts
    code, out, _ = _run(capsys, "simulate", toy, "--games", "40", "--seed", "100")
    assert code == 0
    for needle in ("per seat", "per role", "outcome reasons", data["results_digest"]):
        assert needle in out


def test_simulate_bots_per_seat(capsys: pytest.CaptureFixture[str], toy: str) -> None:
    code, out, _ = _run(capsys, "simulate", toy, "-n", "2", "--bot", "1=random", "--json", "-q")
    assert code == 0 and json.loads(out)["bots"] == {"default": "random", "seats": {"1": "random"}}
    code, _, err = _run(capsys, "simulate", toy, "--bot", "genius")
    assert code == 2 and "no bot 'genius'" in err
    code, _, err = _run(capsys, "simulate", toy, "--bot", "5=random")
    assert code == 2 and "seats 0..2" in err
    code, _, err = _run(capsys, "simulate", toy, "--bot", "random", "--bot", "random")
    assert code == 2 and "at most one" in err


class _Counted:
    """A bot that counts its decisions under its spec in ``calls``."""

    def __init__(self, game_id: str, spec: str, calls: dict[str, int]) -> None:
        self.bot = get_bot(game_id, spec)
        self.name = self.bot.name
        self.spec = spec
        self.calls = calls

    def choose(
        self, game: Game[Any, Any, Any, Any], view: Any, legal: Sequence[Any], rng: Rng
    ) -> tuple[Any, Rng]:
        self.calls[self.spec] = self.calls.get(self.spec, 0) + 1
        return self.bot.choose(game, view, legal, rng)


def _played_by(
    game_id: str, seeds: range, spec_for: Callable[[int, str], str]
) -> tuple[list[list[dict[str, Any]]], dict[str, int]]:
    """The games of ``seeds`` with ``spec_for(seat, role)`` playing each seat: every
    game's results (as ``--per-game`` has them) and each spec's decisions."""
    game = get_game(game_id)
    calls: dict[str, int] = {}
    results = []
    for seed in seeds:
        state = game.new(seed, None)
        bots = {
            s: _Counted(game_id, spec_for(s, game.role(state, s)), calls) for s in game.seats(state)
        }
        outcome = play(game, seed, bots).outcome
        assert outcome is not None
        results.append(
            [
                {"seat": r.seat, "role": r.role, "result": r.result, "score": r.score}
                for r in outcome.results
            ]
        )
    return results, calls


def _decisions(data: dict[str, Any]) -> dict[str, int]:
    return {t["bot"]: t["decisions"] for t in data["timing"]["bots"]}


def test_simulate_bot_per_role_follows_the_role_between_seeds(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Gozer draws Gozer's seat per seed: --bot gozer=SPEC plays whichever seat it is."""
    argv = ["simulate", "gozer", "-n", "6", "--bot", "heuristic", "--bot", "gozer=random"]
    code, out, _ = _run(capsys, *argv, "--json", "--per-game", "-q")
    assert code == 0
    data = json.loads(out)
    assert data["bots"] == {"default": "heuristic", "seats": {}, "roles": {"gozer": "random"}}
    games = [g["results"] for g in data["per_game"]]
    gozer_seats = {r["seat"] for g in games for r in g if r["role"] == "gozer"}
    assert len(gozer_seats) > 1  # these seeds move Gozer between seats
    expected, calls = _played_by(
        "gozer", range(6), lambda s, r: "random" if r == "gozer" else "heuristic"
    )
    assert games == expected
    assert _decisions(data) == calls and calls["random"] > 0

    def random_at(seat: int) -> Callable[[int, str], str]:
        return lambda s, r: "random" if s == seat else "heuristic"

    for seat in gozer_seats:  # not what any one seat for Gozer's bot would have played
        assert _played_by("gozer", range(6), random_at(seat))[0] != expected
    code, out, _ = _run(capsys, *argv, "-q")
    assert code == 0 and "heuristic (default), role gozer: random" in out


def test_simulate_bot_seat_wins_over_role_wins_over_default(
    capsys: pytest.CaptureFixture[str],
) -> None:
    cheap = "mcts:iterations=1,max_rollout_decisions=1"
    argv = ["simulate", "gozer", "-n", "4", "--bot", f"0={cheap}", "--bot", "castaway=heuristic"]
    code, out, _ = _run(capsys, *argv, "--bot", "random", "--json", "--per-game", "-q")
    assert code == 0
    data = json.loads(out)
    assert data["bots"] == {
        "default": "random",
        "seats": {"0": cheap},
        "roles": {"castaway": "heuristic"},
    }

    def spec_for(seat: int, role: str) -> str:
        return cheap if seat == 0 else "heuristic" if role == "castaway" else "random"

    expected, calls = _played_by("gozer", range(4), spec_for)
    assert [g["results"] for g in data["per_game"]] == expected
    assert list(_decisions(data)) == ["random", cheap, "heuristic"]  # default, seats, roles
    assert _decisions(data) == calls
    assert all(n > 0 for n in calls.values())  # each rule decided some seat
    assert 0 in {r["seat"] for g in expected for r in g if r["role"] == "castaway"}


def test_simulate_bot_per_role_is_identical_whatever_the_workers(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["simulate", "gozer", "-n", "4", "--seed", "2", "--bot", "heuristic"]
    argv += ["--bot", "gozer=random", "--json", "-q"]
    code1, out1, _ = _run(capsys, *argv)
    code2, out2, _ = _run(capsys, *argv, "--workers", "2")
    assert code1 == code2 == 0
    one, two = json.loads(out1), json.loads(out2)
    assert one["results_digest"] == two["results_digest"]
    assert _decisions(one) == _decisions(two)
    assert _without_timing(out1) == _without_timing(out2)


def test_simulate_bot_role_errors(capsys: pytest.CaptureFixture[str], toy: str) -> None:
    code, _, err = _run(capsys, "simulate", toy, "--bot", "third=random")
    assert code == 2 and "'third=random'" in err and "(its roles: odd, even)" in err
    code, _, err = _run(capsys, "simulate", toy, "--bot", "even=random", "--bot", "even=mcts")
    assert code == 2 and "role even is given twice" in err
    code, _, err = _run(capsys, "simulate", toy, "--bot", "1=random", "--bot", "1=mcts")
    assert code == 2 and "seat 1 is given twice" in err
    code, _, err = _run(capsys, "simulate", toy, "--bot", "odd=genius")
    assert code == 2 and "no bot 'genius'" in err
    code, _, err = _run(capsys, "play", toy, "--bot", "third=random")
    assert code == 2 and "(its roles: odd, even)" in err
    # a spec with parameters is still one spec, not ROLE=SPEC
    spec = "mcts:iterations=1,max_rollout_decisions=1"
    code, out, _ = _run(capsys, "simulate", "gozer", "-n", "1", "--bot", spec, "--json")
    assert code == 0 and json.loads(out)["bots"] == {"default": spec, "seats": {}}


def test_simulate_unfinished_games(capsys: pytest.CaptureFixture[str], toy: str) -> None:
    code, out, _ = _run(capsys, "simulate", toy, "-n", "3", "--max-actions", "2", "--json")
    data = json.loads(out)
    assert code == 0 and data["unfinished"] == 3 and data["finished"] == 0


# --- play ----------------------------------------------------------------------------


def _stdin(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))


def test_play_to_the_end_from_scripted_stdin(
    capsys: pytest.CaptureFixture[str], toy: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # round 1: pick 1, then taunt out of turn (offered while the bot must pick);
    # round 2: pick 2 (no taunt left to offer)
    _stdin(monkeypatch, "1\n1\n2\n")
    log = tmp_path / "odds.iglog"
    code, out, _ = _run(capsys, "play", toy, "--seed", "9", "--log", str(log))
    assert code == 0
    assert "[odds] round 0, my pick 0" in out  # the game's render_view hook, not markup
    assert "0. pass" in out and "(optional)" in out
    assert "seat 1 (even): (hidden)" in out  # the bot's secret pick is not shown
    assert "seat 0 (odd): pick(n=1)" in out and "seat 0 (odd): taunt()" in out
    assert "log written to" in out
    final = read_log(log)
    assert final.end is not None and len(final.entries) == 5
    assert [e.seat for e in final.entries if e.action and e.action["type"] == "taunt"] == [0]
    code, out, _ = _run(capsys, "replay", str(log), "--verify")
    assert code == 0 and "VERIFIED: all" in out


def test_play_eof_exits_cleanly(
    capsys: pytest.CaptureFixture[str], toy: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    _stdin(monkeypatch, "")
    code, out, err = _run(capsys, "play", toy, "--seed", "1")
    assert code == 0 and "left the game after 0 action(s)" in out and not err


def test_play_rejects_bad_input_then_quits(
    capsys: pytest.CaptureFixture[str], plain_toy: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    _stdin(monkeypatch, "x\n7\n2\nq\n")
    code, out, _ = _run(capsys, "play", plain_toy, "--seed", "1", "--seat", "1")
    assert code == 0
    assert out.count("please type a number in 1..2") == 2
    assert "view of seat 1 (even)" in out and "own_pick" in out  # the generic view tree
    assert "left the game after" in out


def test_play_hot_seat_two_humans(
    capsys: pytest.CaptureFixture[str], plain_toy: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    _stdin(monkeypatch, "1\n0\n2\n1\n0\n2\n")
    code, out, _ = _run(capsys, "play", plain_toy, "--seed", "2", "--seat", "0", "--seat", "1")
    assert code == 0 and "seat 1> " in out and "final view of seat 0 (odd)" in out


def test_play_bad_seat_and_log_path(
    capsys: pytest.CaptureFixture[str], toy: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    code, _, err = _run(capsys, "play", toy, "--seat", "4")
    assert code == 2 and "seats 0..1" in err
    code, _, err = _run(capsys, "play", toy, "--log", "/nonexistent/dir/x.iglog")
    assert code == 2 and "cannot write log" in err


@pytest.mark.parametrize("game_id", [*REGISTERED, TOY])
def test_play_watch_matches_the_bots(
    capsys: pytest.CaptureFixture[str], toy: str, game_id: str, tmp_path: Path
) -> None:
    log = tmp_path / "watch.iglog"
    code, out, _ = _run(capsys, "play", game_id, "--watch", "--seed", "4", "--log", str(log))
    assert code == 0
    expected = play(game_id, 4, get_bot(game_id, "random"))
    steps = [line for line in out.splitlines() if line.startswith("#")]
    assert len(steps) == expected.actions
    assert expected.outcome is not None and expected.outcome.reason in out
    assert "(hidden)" not in out
    final = read_log(log)
    assert len(final.entries) == expected.actions
    assert final.entries[-1].state_hash == serde.state_hash(expected.final_state)


def test_play_bot_per_role(capsys: pytest.CaptureFixture[str]) -> None:
    game = get_game("gozer")
    for seed in (0, 1):  # Gozer at seat 1, then at seat 0
        code, out, _ = _run(
            capsys, "play", "gozer", "--watch", "--seed", str(seed), "--bot", "castaway=heuristic"
        )
        assert code == 0
        state = game.new(seed, None)
        bots = {
            s: get_bot("gozer", "heuristic" if game.role(state, s) == "castaway" else "random")
            for s in game.seats(state)
        }
        expected = play(game, seed, bots)
        assert len([line for line in out.splitlines() if line.startswith("#")]) == expected.actions
        assert expected.outcome is not None and expected.outcome.reason in out


@pytest.mark.parametrize("game_id", REGISTERED)
def test_play_registered_game_from_stdin(
    capsys: pytest.CaptureFixture[str], game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    _stdin(monkeypatch, "1\n" * 40)
    code, out, err = _run(capsys, "play", game_id, "--seed", "5")
    assert code == 0 and not err
    assert "seat 0> " in out and ("left the game after" in out or "actions; seed 5" in out)


def test_play_lists_actions_in_the_games_words_with_their_form(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Gozer's actions as the rulebook says them, each with the form parse_action reads;
    either can be typed instead of the number (issue 37 item 8)."""
    game = get_game("gozer")
    state = game.new(3)
    seat = game.to_act(state)[0]
    assert seat == 0  # seed 3: seat 0 is a castaway and moves first
    # a number, then the words of an action (any case), its next turn the form of one,
    # then neither, then q
    _stdin(monkeypatch, "1\nmove to square 21 (PATH)\nend_move()\nteleport home\nq\n")
    log = tmp_path / "g.iglog"
    code, out, _ = _run(capsys, "play", "gozer", "--seed", "3", "--log", str(log))
    assert code == 0
    assert re.search(r"1\. move to square 1 \(path\) +\[step\(to=1\)\]", out), out
    assert re.search(r"2\. end your move here \(2 steps unused\) +\[end_move\(\)\]", out)
    assert "step(to=1)" in out and "\n1. step(to=1)" not in out  # words first, form after
    assert "#1    seat 0 (castaway): move to square 1 (path)  [step(to=1)]" in out
    assert "#2    seat 0 (castaway): move to square 21 (path)  [step(to=21)]" in out
    assert re.search(
        r"please type a number in 1..\d+ \(or an action as listed\), or q to quit", out
    )
    entries = read_log(log).entries
    assert [e.action for e in entries[:2]] == [
        {"type": "step", "to": 1},
        {"type": "step", "to": 21},
    ]
    assert {"type": "end_move"} in [e.action for e in entries if e.seat == 0]  # typed as form
    # the bots' moves in words too (seat 0's roll of 2 is used up: the others play on)
    bot_lines = [line for line in out.splitlines() if line.startswith("#") and "seat 0" not in line]
    assert bot_lines and all("(" in line and "[" in line for line in bot_lines), bot_lines


def test_play_shows_a_hidden_bot_move_in_words_without_its_masked_form(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The Creature sees a Hunted explore face down: in words, marked hidden, and not as
    the masked form ``explore(cards=[0])`` (which would read as another action)."""
    _stdin(monkeypatch, "1\n" * 6 + "q\n")
    code, out, _ = _run(capsys, "play", "not-alone", "--seed", "3", "--seat", "0")
    assert code == 0
    assert "seat 2 (hunted): explore: play a Place card face down (hidden)" in out
    assert "cards=[0]" not in out


def test_play_watch_shows_the_table_between_moves(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "play", "forbidden-island", "--watch", "--seed", "4")
    assert code == 0
    steps = [line for line in out.splitlines() if line.startswith("#")]
    assert steps and out.count("the table after #") == len(steps)
    assert out.count("Forbidden Island — a spectator's view") == len(steps)  # render_text
    first = out.index(steps[0])
    assert out.index("the table after #1\n", first) < out.index(steps[1])
    assert re.search(r"#1 +seat \d \(\w+\): (move|fly|shore up|give|navigate|end)", out)


# --- replay --------------------------------------------------------------------------


def _saved_log(tmp_path: Path, game_id: str, seed: int = 7) -> Path:
    path = tmp_path / f"{game_id}.iglog"
    assert main(["play", game_id, "--watch", "--seed", str(seed), "--log", str(path)]) == 0
    return path


@pytest.mark.parametrize("game_id", [*REGISTERED, TOY])
def test_replay_verify(
    capsys: pytest.CaptureFixture[str], toy: str, game_id: str, tmp_path: Path
) -> None:
    path = _saved_log(tmp_path, game_id)
    capsys.readouterr()
    code, out, _ = _run(capsys, "replay", str(path), "--verify")
    log = read_log(path)
    assert code == 0 and "VERIFIED: all" in out
    assert log.entries[0].state_hash[:12] in out and log.header.game in out
    # tamper: flip one state hash in the middle
    entries = list(log.entries)
    k = len(entries) // 2
    h = entries[k].state_hash
    entries[k] = attrs.evolve(entries[k], state_hash=h[:-1] + ("0" if h[-1] != "0" else "1"))
    bad = tmp_path / "tampered.iglog"
    write_log(attrs.evolve(log, entries=tuple(entries)), bad)
    code, out, _ = _run(capsys, "replay", str(bad), "--verify")
    assert code == 1 and f"DIVERGED at entry {k + 1}" in out


GOLDEN_LOGS = Path(__file__).resolve().parent / "golden" / "logs"


def test_replay_of_a_log_of_an_earlier_rules_version(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A log written by islandgames 0.1.0 under Friday rules 1.0 is shown, replayed and
    verified under 1.0, and says so."""
    path = GOLDEN_LOGS / "friday-1.0-level-3.iglog"
    code, out, _ = _run(capsys, "replay", str(path), "--verify", "--show-states")
    assert code == 0 and "VERIFIED: all" in out and "friday rules 1.0" in out
    assert "(rules 1.0; replayed as 1.0, newest 1.2)" in out
    log = read_log(path)
    future = tmp_path / "future.iglog"
    write_log(attrs.evolve(log, header=attrs.evolve(log.header, rules_version="9.9")), future)
    code, _, err = _run(capsys, "replay", str(future), "--verify")
    assert code == 2 and "no rules version '9.9'" in err and "1.0, 1.1, 1.2" in err


def test_replay_verify_refuses_a_masked_entry_and_a_rewritten_outcome(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from islandgames.core.log import record_list

    path = _saved_log(tmp_path, "friday")
    records = record_list(read_log(path))
    records[3]["action"] = records[3]["salt"] = None
    records[-1]["outcome"]["results"][0].update(result="win", score=999)
    bad = tmp_path / "bad.iglog"
    bad.write_bytes(b"".join(serde.packb(r) for r in records))
    capsys.readouterr()
    code, out, _ = _run(capsys, "replay", str(bad), "--verify")
    assert code == 1 and "DIVERGED at entry 3" in out and "VERIFIED" not in out


def test_replay_errors(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    garbage = tmp_path / "garbage.iglog"
    garbage.write_bytes(b"\xc1\x00not a log at all")
    code, _, err = _run(capsys, "replay", str(garbage), "--verify")
    assert code == 2 and "unreadable log" in err and "Traceback" not in err
    code, _, err = _run(capsys, "replay", str(tmp_path / "missing.iglog"))
    assert code == 2 and "cannot read" in err and "No such file" in err


@pytest.mark.parametrize("game_id", REGISTERED)
def test_replay_at_prints_the_state_or_a_view_after_entry_n(
    capsys: pytest.CaptureFixture[str], game_id: str, tmp_path: Path
) -> None:
    from islandgames import History

    path = _saved_log(tmp_path, game_id)
    log = read_log(path)
    history = History(log)
    n = len(log.entries) // 2
    capsys.readouterr()
    code, out, _ = _run(capsys, "replay", str(path), "--at", str(n), "--json")
    assert code == 0 and json.loads(out) == serde.to_wire(history.state_at(n))
    code, out, _ = _run(capsys, "replay", str(path), "--at", str(n), "--seat", "0", "--json")
    assert code == 0 and json.loads(out) == serde.to_wire(history.view_at(n, 0))
    code, out, _ = _run(capsys, "replay", str(path), "--at", "0")
    assert code == 0 and "after entry 0" in out and log.header.initial_state_hash[:12] in out
    code, out, _ = _run(capsys, "replay", str(path), "--at", str(n), "--seat", "0")
    assert code == 0 and out.count(f"after entry {n} of {len(log.entries)}: view of seat 0") == 1
    assert "view of seat 0: view of seat 0" not in out
    code, _, err = _run(capsys, "replay", str(path), "--at", str(len(log.entries) + 1))
    assert code == 2 and f"entries 0..{len(log.entries)}" in err


@pytest.mark.parametrize("game_id", ["friday", "gozer"])
def test_replay_fork_then_play_resume_round_trip(
    capsys: pytest.CaptureFixture[str], game_id: str, tmp_path: Path
) -> None:
    from islandgames import verify_fork
    from islandgames.cli import seed_file

    path = _saved_log(tmp_path, game_id)
    parent = read_log(path)
    assert not seed_file(path).exists()  # the finished log has its seed
    new = tmp_path / "fork.iglog"
    k = len(parent.entries) // 2
    capsys.readouterr()
    code, out, _ = _run(capsys, "replay", str(path), "--fork", str(k), "--out", str(new))
    assert code == 0 and "play --resume" in out
    forked = read_log(new)
    assert forked.header.parent is not None and forked.header.parent.seq == k
    assert len(forked.entries) == k and forked.end is None
    assert verify_fork(forked, parent).status == "unfinished"
    code, out, _ = _run(capsys, "replay", str(new))
    assert code == 0 and f"after entry {k}" in out  # the header shows the parent
    code, out, _ = _run(capsys, "play", "--resume", str(new), "--watch")
    assert code == 0 and f"resumed {new} after {k} action(s)" in out
    done = read_log(new)
    assert done.end is not None and done.entries[:k] == forked.entries
    assert verify_fork(done, parent).status == "verified"
    code, out, _ = _run(capsys, "replay", str(new), "--verify")
    assert code == 0 and "VERIFIED" in out
    code, _, err = _run(capsys, "play", "--resume", str(new))
    assert code == 2 and "game is over" in err


def test_replay_fork_and_resume_errors(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _saved_log(tmp_path, "friday")
    capsys.readouterr()
    code, _, err = _run(capsys, "replay", str(path), "--fork", "2")
    assert code == 2 and "--out" in err
    code, _, err = _run(capsys, "replay", str(path), "--fork", "2", "--at", "1")
    assert code == 2 and "not both" in err
    code, _, err = _run(capsys, "replay", str(path), "--fork", "1", "--out", str(path))
    assert code == 2 and "must not be" in err
    # a game left early goes on from its --log (the seed kept in LOG.seed)
    running = tmp_path / "left.iglog"
    _stdin(monkeypatch, "1\n1\n")
    assert main(["play", "friday", "--seed", "3", "--log", str(running)]) == 0
    assert len(read_log(running).entries) == 2
    other = tmp_path / "other.iglog"
    other.write_bytes(running.read_bytes())  # without its seed file
    capsys.readouterr()
    code, _, err = _run(capsys, "play", "--resume", str(other))
    assert code == 2 and "other.iglog.seed" in err and "--seed" in err
    code, _, err = _run(capsys, "play", "--resume", str(other), "--seed", "4")
    assert code == 2 and "commitment" in err
    _stdin(monkeypatch, "1\n1\n1\n")
    code, out, _ = _run(capsys, "play", "--resume", str(running))
    assert code == 0 and "resumed" in out and "left the game after 5 action(s)" in out
    resumed = read_log(running)
    assert len(resumed.entries) == 5 and verify_log(resumed).status == "unfinished"
    code, _, err = _run(capsys, "play", "gozer", "--resume", str(running))
    assert code == 2 and "is a friday log" in err


def test_replay_running_game_and_states(
    capsys: pytest.CaptureFixture[str], toy: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "running.iglog"
    _stdin(monkeypatch, "2\n0\n")  # seat 0 picks, passes on the taunt, then EOF
    assert main(["play", toy, "--seed", "11", "--log", str(path)]) == 0
    capsys.readouterr()
    code, out, _ = _run(capsys, "replay", str(path), "--verify")
    # chain-consistent but not replayed: its own exit code, never 0
    assert code == 3 and "running (no end record)" in out and "UNFINISHED" in out
    code, _, err = _run(capsys, "replay", str(path), "--show-states")
    assert code == 2 and "pass --seed" in err
    code, out, _ = _run(capsys, "replay", str(path), "--show-states", "--seed", "11")
    assert code == 0 and "initial state" in out and "after #2" in out
    code, _, err = _run(capsys, "replay", str(path), "--show-states", "--seed", "12")
    assert code == 1 and "seed commitment" in err
    # seat 0's point of view: its own pick shown, the bot's hidden
    code, out, _ = _run(capsys, "replay", str(path), "--seat", "0", "--seed", "11")
    assert code == 0 and "pick(n=2)" in out and "(hidden)" in out
    code, out, _ = _run(capsys, "replay", str(path), "--seat", "0", "--seed", "11", "--show-states")
    assert code == 0 and "view of seat 0" in out and "[odds] round" in out


# --- render --------------------------------------------------------------------------


def test_render_without_render_svg_exits_2(
    capsys: pytest.CaptureFixture[str], plain_toy: str
) -> None:
    code, out, err = _run(capsys, "render", plain_toy)
    assert code == 2 and "has no SVG renderer" in err and not out


def test_render_board_and_log_steps(
    capsys: pytest.CaptureFixture[str], toy: str, tmp_path: Path
) -> None:
    code, out, _ = _run(capsys, "render", toy)  # the deal of seed 0, as a spectator sees it
    assert code == 0 and "<text>round 0 scores (0, 0) as None</text>" in out
    path = _saved_log(tmp_path, toy, seed=3)
    svg = tmp_path / "step.svg"
    code, _, err = _run(capsys, "render", toy, "--log", str(path), "--step", "2", "--out", str(svg))
    assert code == 0 and "round 1" in svg.read_text() and "wrote" in err
    code, out, _ = _run(capsys, "render", toy, "--log", str(path))
    assert code == 0 and "round 2" in out
    code, _, err = _run(capsys, "render", toy, "--log", str(path), "--step", "99")
    assert code == 2 and "steps 0..4" in err
    code, _, err = _run(capsys, "render", toy, "--step", "1")
    assert code == 2 and "--step needs --log" in err
    code, out, _ = _run(capsys, "render", toy, "--log", str(path), "--seat", "1")
    assert code == 0 and "as 1</text>" in out
    code, out, _ = _run(capsys, "render", toy, "--log", str(path))
    assert code == 0 and "as None</text>" in out  # a spectator by default
    code, _, err = _run(capsys, "render", toy, "--log", str(path), "--seat", "2")
    assert code == 2 and "seats 0..1" in err


@pytest.mark.parametrize("game_id", ["forbidden-island", "not-alone"])
def test_render_draws_a_seats_view(
    capsys: pytest.CaptureFixture[str], game_id: str, tmp_path: Path
) -> None:
    from islandgames.render import render_svg

    path = _saved_log(tmp_path, game_id)
    log = read_log(path)
    state = list(log.states())[-1]
    pictures = {}
    for seat in (None, 0, 1):
        capsys.readouterr()
        extra = [] if seat is None else ["--seat", str(seat)]
        code, out, _ = _run(capsys, "render", game_id, "--log", str(path), *extra)
        assert code == 0 and out.startswith("<svg")
        assert out.rstrip("\n") == render_svg(state, seat).rstrip("\n")
        pictures[seat] = out
    assert len(set(pictures.values())) == 3  # each seat sees its own picture


# --- rendering helpers ---------------------------------------------------------------


def test_render_wire_is_readable() -> None:
    from rich.console import Console

    data = {
        "type": "table_view",
        "round": 3,
        "flag": True,
        "hand": [
            {"type": "card", "name": "food [x]", "power": 2},
            {"type": "card", "name": "b", "power": 0},
        ],
        "nested": {"type": "deck", "cards": list(range(40)), "top": None},
        "empty": [],
    }
    console = Console(file=io.StringIO(), width=100)
    console.print(render_wire(data, "view"))
    text = console.file.getvalue()  # type: ignore[attr-defined]
    assert "view (table_view)" in text and "round: 3" in text and "flag: yes" in text
    assert "food [x]" in text and "power" in text  # a table of cards; brackets survive
    assert "nested (deck)" in text and "top: -" in text and "empty: (none)" in text


# --- the installed command -----------------------------------------------------------


def test_installed_command_smoke() -> None:
    exe = Path(sys.executable).with_name("islandgames")
    command = str(exe) if exe.exists() else shutil.which("islandgames")
    assert command, "the islandgames console script is not installed"
    env = {**os.environ, "NO_COLOR": "1"}
    done = subprocess.run([command, "--version"], capture_output=True, text=True, env=env)
    assert done.returncode == 0 and done.stdout.startswith("islandgames ")
    done = subprocess.run([command, "games", "--json"], capture_output=True, text=True, env=env)
    assert done.returncode == 0
    assert [g["id"] for g in json.loads(done.stdout)] == list(REGISTERED)
    done = subprocess.run([command, "play", "nope"], capture_output=True, text=True, env=env)
    assert done.returncode == 2 and "unknown game" in done.stderr
    assert "Traceback" not in done.stderr


def test_render_finds_a_kit_game_registered_under_another_id(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # the kit's example (Pig, no picture) registered as another id: its game object's own
    # definition answers, not a lookup of its info.id ("pig", registered nowhere here)
    registry.register_game("pig-elsewhere", "tests.kit_example")
    try:
        code, out, err = _run(capsys, "render", "pig-elsewhere")
    finally:
        registry.unregister_game("pig-elsewhere")
    assert code == 2 and not out
    assert "has no SVG renderer" in err and "Traceback" not in err
