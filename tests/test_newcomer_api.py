"""The conveniences for a newcomer (issue 37, items 6 and 7): a plain dict as a config,
``verify_log`` of a path or bytes, a clear error for a seat out of range, actions parsed
from the text the command line prints and from their wire map, ``Match.push``, a
``Match`` that says where it stands and shows its picture in a notebook.

None of this changes a game: the golden traces (tests/test_golden.py,
tests/test_vectors.py) pin that.
"""

from __future__ import annotations

import enum
import io
import random
import types
from pathlib import Path
from typing import Any, assert_type

import pytest

import islandgames
from islandgames import (
    DecodeError,
    GameOverError,
    IllegalActionError,
    InvalidConfigError,
    IslandGamesError,
    LogFormatError,
    Match,
    NotYourTurnError,
    get_game,
    packb,
    state_hash,
    unpackb,
    verify_fork,
    verify_log,
    verify_redacted,
    write_log,
)
from islandgames.core import errors
from islandgames.core.game import describe_action
from islandgames.core.notation import MAX_ACTION_TEXT
from islandgames.core.registry import definition
from islandgames.games.forbidden_island.contract import ForbiddenIslandConfig
from islandgames.games.gozer.actions import Action as GozerAction
from islandgames.games.gozer.actions import EndMove, Step, Trade
from islandgames.games.gozer.contract import GozerConfig
from islandgames.games.not_alone.actions import Explore, Pass
from islandgames.render import render_svg
from tests.kit_example import GAMES as PIG_GAMES

GAME_IDS = ("friday", "forbidden-island", "not-alone", "gozer")
ActionParseError = islandgames.ActionParseError
SeatOutOfRangeError = islandgames.SeatOutOfRangeError


def _finished(game_id: str, seed: int = 3) -> Match:
    m = Match(game_id, seed=seed)
    while m.outcome() is None:
        seat = m.to_act()[0]
        m.act(seat, m.legal_actions(seat)[0])
    return m


# --- 6a. a plain dict as a config -----------------------------------------------------------


def test_match_takes_a_dict_config_as_the_typed_one() -> None:
    m = Match("gozer", seed=5, config={"players": 3})
    assert m.config == GozerConfig(players=3)
    assert m.game.seat_count(m.state) == 3
    typed = Match("gozer", seed=5, config=GozerConfig(players=3))
    # the same match: the same state and the same log header, byte for byte
    assert state_hash(m.state) == state_hash(typed.state)
    assert packb(islandgames.to_wire(m.header)) == packb(islandgames.to_wire(typed.header))


@pytest.mark.parametrize(
    ("game_id", "fields"),
    [
        ("friday", {"level": 3}),
        ("forbidden-island", {"players": 2, "adventurers": ["pilot", "diver"]}),
        ("not-alone", {"hunted": 2, "board": "b"}),
        ("gozer", {"players": 5, "round_limit": 40}),
    ],
)
def test_game_new_takes_a_dict_config(game_id: str, fields: dict[str, Any]) -> None:
    game = get_game(game_id)
    typed = game.decode_config(fields)  # what the CLI, the service and the RL envs do
    assert game.make_config(fields) == typed
    assert state_hash(game.new(7, config=fields)) == state_hash(game.new(7, config=typed))
    # a mapping that is no dict, and the empty dict (every field its default)
    assert game.make_config(types.MappingProxyType(fields)) == typed
    assert game.make_config({}) == game.info.default_config
    assert game.make_config(None) == game.info.default_config
    assert game.make_config(typed) is typed


def test_a_dict_config_list_becomes_a_tuple() -> None:
    cfg = get_game("forbidden-island").make_config({"players": 2, "adventurers": ["pilot"] * 0})
    assert isinstance(cfg, ForbiddenIslandConfig) and cfg.adventurers == ()
    cfg = get_game("forbidden-island").make_config(
        {"players": 2, "adventurers": ["pilot", "diver"]}
    )
    assert cfg.adventurers == ("pilot", "diver")


@pytest.mark.parametrize(
    ("config", "message"),
    [
        (
            {"player": 3},
            "gozer config has no field 'player' (its fields: players, round_limit, gozer_shot)",
        ),
        ({"players": 3, "x": 1, "y": 2}, "gozer config has no fields 'x', 'y' (its fields: "),
        ({"type": "gozer_config"}, "gozer config has no field 'type'"),
        ({1: 2}, "gozer config has no field 1 "),
        ({"players": "3"}, "bad gozer config: players: expected int, got str"),
        ({"players": True}, "bad gozer config: players: expected int, got bool"),
        ({"gozer_shot": "stun"}, "bad gozer config: gozer_shot: "),
        ({"players": 9}, "players must be 2-6"),
        ("players=3", "gozer expects a GozerConfig config or a dict of its fields, got str"),
        (ForbiddenIslandConfig(), "expects a GozerConfig config or a dict of its fields"),
    ],
)
def test_a_bad_dict_config_is_an_invalid_config_error(config: Any, message: str) -> None:
    game = get_game("gozer")
    for make in (
        lambda: game.new(1, config=config),
        lambda: Match("gozer", seed=1, config=config),
        lambda: game.make_config(config),
    ):
        with pytest.raises(InvalidConfigError) as caught:
            make()
        assert message in str(caught.value)
        assert isinstance(caught.value, ValueError)


# --- 6b. verify_log of a path, bytes or a log ----------------------------------------------


def test_verify_log_takes_a_path_bytes_a_file_or_a_log(tmp_path: Path) -> None:
    m = _finished("friday")
    path = tmp_path / "friday.log"
    m.save(path)
    data = path.read_bytes()
    for source in (m.log(), str(path), path, data, bytearray(data), io.BytesIO(data)):
        verdict = verify_log(source)
        assert verdict.status == "verified", type(source)
        assert verdict.outcome == m.outcome()
    # and Match.from_log reads the same inputs
    assert Match.from_log(data).seq == m.seq
    assert Match.from_log(str(path)).seq == m.seq


def test_verify_log_of_what_is_no_log(tmp_path: Path) -> None:
    with pytest.raises(LogFormatError, match="empty file"):
        verify_log(b"")
    with pytest.raises(LogFormatError, match="cannot read"):
        verify_log(tmp_path / "missing.log")
    bad = tmp_path / "bad.log"
    bad.write_bytes(b"\x00\x01junk")
    with pytest.raises(LogFormatError):
        verify_log(bad)
    with pytest.raises(TypeError, match=r"log must be a ReplayLog, a path .* got int"):
        verify_log(42)  # type: ignore[arg-type]


def test_verify_redacted_and_fork_take_paths_too(tmp_path: Path) -> None:
    m = _finished("forbidden-island")
    full, seat_log = tmp_path / "full.log", tmp_path / "seat1.log"
    m.save(full)
    write_log(m.log(1), seat_log)
    assert verify_redacted(seat_log, full).status == "verified"
    assert verify_redacted(seat_log.read_bytes(), str(full)).status == "verified"
    fork = islandgames.fork(m.log(), 3)
    fork_path = tmp_path / "fork.log"
    fork.save(fork_path)
    assert verify_fork(fork_path, full).status == verify_fork(fork.log(), m.log()).status
    with pytest.raises(TypeError, match="parent must be"):
        verify_fork(fork_path, None)  # type: ignore[arg-type]


# --- 6c. a seat out of range is a clear error --------------------------------------------


def test_the_error_class() -> None:
    assert issubclass(SeatOutOfRangeError, ValueError)
    assert issubclass(SeatOutOfRangeError, IslandGamesError)
    # one class, wherever it is imported from
    assert SeatOutOfRangeError is errors.SeatOutOfRangeError
    assert SeatOutOfRangeError is islandgames.render.SeatOutOfRangeError
    assert issubclass(ActionParseError, DecodeError) and issubclass(ActionParseError, ValueError)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_view_and_legal_actions_refuse_a_seat_out_of_range(game_id: str) -> None:
    game = get_game(game_id)
    state = game.new(2)
    n = game.seat_count(state)
    seats = "only seat 0" if n == 1 else f"seats 0..{n - 1}"
    for seat in (n, 9, -1, -2):
        with pytest.raises(SeatOutOfRangeError) as caught:
            game.view(state, seat)
        assert str(caught.value) == (
            f"{game_id}: seat {seat} is out of range "
            f"(this match has {seats}; None is a spectator)"
        )
        with pytest.raises(SeatOutOfRangeError) as caught:
            game.legal_actions(state, seat)
        assert str(caught.value) == (
            f"{game_id}: seat {seat} is out of range (this match has {seats})"
        )
    for bad in (True, "0", 0.0):
        with pytest.raises(SeatOutOfRangeError, match=f"a seat is an int, not {bad!r}"):
            game.legal_actions(state, bad)  # type: ignore[arg-type]
        with pytest.raises(SeatOutOfRangeError, match=r"a seat is an int \(or None: a spectator\)"):
            game.view(state, bad)  # type: ignore[arg-type]
    with pytest.raises(SeatOutOfRangeError, match="a spectator \\(None\\) has no actions"):
        game.legal_actions(state, None)  # type: ignore[arg-type]
    # None is the spectator (DESIGN section 3): its view is no error
    assert game.view(state, None) is not None
    rules = definition(game_id)
    assert rules is not None
    for seat in range(n):  # every real seat answers as the rules do
        assert game.view(state, seat) == rules.view(state, seat, rules.rules[-1])
        assert game.legal_actions(state, seat) == rules.legal_actions(
            state, seat, rules.rules[-1]
        )


class _SeatNo(enum.IntEnum):
    FIRST = 0


def test_a_seat_of_an_int_subclass_is_a_seat() -> None:
    game = get_game("gozer")
    state = game.new(1)
    assert game.legal_actions(state, _SeatNo.FIRST) == game.legal_actions(state, 0)
    assert game.view(state, _SeatNo.FIRST) == game.view(state, 0)


def test_match_and_render_refuse_a_seat_out_of_range() -> None:
    m = Match("forbidden-island", seed=1, config={"players": 2})
    with pytest.raises(SeatOutOfRangeError, match="seat 2 is out of range"):
        m.legal_actions(2)
    with pytest.raises(SeatOutOfRangeError, match="seat 9 is out of range"):
        m.view(9)
    with pytest.raises(SeatOutOfRangeError, match="seat 7 is out of range"):
        render_svg(m.state, 7)
    with pytest.raises(SeatOutOfRangeError, match="not -1"):
        render_svg(m.state, -1)


def test_a_kit_game_of_elsewhere_gets_the_seat_check_too() -> None:
    pig = PIG_GAMES[-1]
    state = pig.new(1)
    with pytest.raises(SeatOutOfRangeError, match="seat 2 is out of range"):
        pig.legal_actions(state, 2)
    with pytest.raises(SeatOutOfRangeError, match="seat -1 is out of range"):
        pig.view(state, -1)


# --- 6d. actions parsed from their printed text and their wire map -------------------------


def _seen_actions(game_id: str, steps: int, seed: int) -> list[tuple[Any, Any]]:
    """(game, action) for every legal action of every seat at every step of random
    playouts of ``steps`` steps in all (a new game when one ends)."""
    game = get_game(game_id)
    pick = random.Random(seed)
    state = game.new(seed)
    seen: list[tuple[Any, Any]] = []
    for _ in range(steps):
        if game.outcome(state) is not None:
            seed += 1
            state = game.new(seed)
        for seat in game.seats(state):
            seen.extend((game, a) for a in game.legal_actions(state, seat))
        seat = pick.choice(game.to_act(state))
        state = game.apply(state, seat, pick.choice(game.legal_actions(state, seat)))
    return seen


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_printed_action_and_wire_map_parses_back(game_id: str) -> None:
    seen = _seen_actions(game_id, 300, seed=11)
    kinds = set()
    for game, action in seen:
        text = describe_action(action)  # what `islandgames play` lists
        assert game.format_action(action) == text
        for back in (
            game.parse_action(text),
            game.parse_action(game.encode_action(action)),
            game.parse_action(unpackb(packb(game.encode_action(action)))),  # over RPC
            game.parse_action(repr(action)),  # its repr reads too
        ):
            assert back == action and type(back) is type(action), text
        assert game.parse_action(action) is action
        kinds.add(type(action))
    assert len(kinds) >= 5, kinds  # the playouts met many kinds of action


def test_the_lenient_forms() -> None:
    gozer = get_game("gozer")
    assert gozer.parse_action("step(13)") == Step(13)
    assert gozer.parse_action("  step ( to = 13 )  ") == Step(13)
    assert gozer.parse_action("end_move") == EndMove()
    assert gozer.parse_action("EndMove()") == EndMove()
    assert gozer.parse_action("trade(3, ('kit',), take=[])") == Trade(3, ("kit",), ())
    assert gozer.parse_action("step(to=13,)") == Step(13)
    # a tag that is a Python keyword
    assert get_game("not-alone").parse_action("pass()") == Pass()
    assert get_game("not-alone").parse_action("explore(cards=[1, 5])") == Explore((1, 5))
    typed = assert_type(gozer.parse_action("step(to=2)"), GozerAction)
    assert typed == Step(2)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("stepp(to=13)", "'stepp(to=13)': gozer has no action 'stepp' (its actions: attack, "),
        ("step(too=13)", "'step(too=13)': step has no field 'too' (its fields: to)"),
        ("step()", "'step()': step: to: required field missing"),
        ("step(to='13')", "step: to: expected int, got str"),
        ("step(to=True)", "step: to: expected int, got bool"),
        ("step(to=x)", "'step(to=x)': to: 'x' is not a value (a number, 'text', True, False"),
        ("step(to=1+)", "to: '1+' is not a value"),
        ("step(to=1, to=2)", "field 'to' is given twice"),
        ("step(1, 2)", "step takes 1 field (to), got more values"),
        ("end_move(1)", "end_move takes 0 fields, got more values"),
        ("step(to=1, 2)", "a value without its field name after a named one"),
        ("step(to=1,,)", "an empty argument"),
        ("step(to=)", "field 'to' has no value"),
        ("step(to=1", "the '(' after step is never closed"),
        ("step[to=1]", "expected an action as tag(field=value, ...), e.g. step(to=...)"),
        ("step(to=1))", "unbalanced ')'"),
        ("step(to=[1)", "unbalanced ')'"),
        ("step(to=(1)", "a '(' is never closed"),
        ("step(to=((1)", "'(' is never closed"),
        ('step(to="""1)', "cannot read the arguments: EOF in multi-line string"),
        ("step(to=[1))", "unbalanced ')'"),
        ("step(to=[1]", "the '(' after step is never closed"),
        ("step(to=1) now", "nothing may follow the closing ')'"),
        ("step(to='1)", """to: "'1" is not a value"""),
        ("", "expected an action as tag(field=value, ...)"),
        ("3", "expected an action as tag(field=value, ...)"),
        ("step to 13", "expected an action as tag(field=value, ...)"),
        ("trade(partner=1, give=['gold'], take=[])", "trade: give: "),
        ("x" * (MAX_ACTION_TEXT + 1), f"an action text of {MAX_ACTION_TEXT + 1} characters"),
        ({"to": 13}, "an action map needs a 'type' key, one of: attack, cast_off, "),
        ({"type": "stepp"}, "gozer has no action 'stepp'"),
        ({"type": "step", "to": "13"}, "step: to: expected int, got str"),
        ({"type": "step", "to": 13, "x": 1}, "step has no field 'x' (its fields: to)"),
        (13, "expected a gozer action, its text or its wire map, got int"),
        (Pass(), "expected a gozer action, its text or its wire map, got Pass"),
    ],
)
def test_a_bad_action_is_an_action_parse_error(data: Any, message: str) -> None:
    with pytest.raises(ActionParseError) as caught:
        get_game("gozer").parse_action(data)
    assert message in str(caught.value)
    assert isinstance(caught.value, DecodeError)


def test_match_push() -> None:
    m = Match("gozer", seed=1, config={"players": 3})
    assert m.push("step(to=1)") == Step(1)
    assert m.seq == 1
    assert m.push({"type": "end_move"}) == EndMove()
    assert m.seq == 2 and m.log().entries[-1].action == {"type": "end_move"}
    before = (m.seq, state_hash(m.state))
    with pytest.raises(ActionParseError):
        m.push("step(to=)")
    with pytest.raises(IllegalActionError, match="is not legal now"):
        m.push("step(to=99)")
    assert (m.seq, state_hash(m.state)) == before  # nothing half-applied


def test_match_push_when_several_seats_are_waiting() -> None:
    m = Match("not-alone", seed=1)
    waiting = m.to_act()
    hunted = [s for s in waiting if Explore((1,)) in m.legal_actions(s)]
    assert len(waiting) == 4 and len(hunted) == 3
    with pytest.raises(NotYourTurnError) as caught:
        m.push("explore(cards=[1])")
    assert str(caught.value) == (
        f"explore(cards=[1]) is legal for seats {', '.join(map(str, hunted))} alike; pass seat="
    )
    assert m.seq == 0
    assert m.push("explore(cards=[1])", seat=hunted[0]) == Explore((1,))
    assert m.log().entries[-1].seat == hunted[0]
    # an action legal for one waiting seat only: that seat plays it
    (creature,) = set(waiting) - set(hunted)
    hunt = m.legal_actions(creature)[0]
    assert m.push(describe_action(hunt)) == hunt
    assert m.log().entries[-1].seat == creature
    with pytest.raises(
        IllegalActionError,
        match=r"explore\(cards=\[99\]\) is legal for none of the seats the game waits on",
    ):
        m.push("explore(cards=[99])")


def test_match_push_after_the_end() -> None:
    m = _finished("friday")
    with pytest.raises(GameOverError, match="is over"):
        m.push("draw_free()")


# --- 7. a Match's repr and picture -----------------------------------------------------------


def test_a_running_match_says_who_acts() -> None:
    m = Match("gozer", seed=1, config={"players": 3})
    assert repr(m) == "<Match gozer (rules 1.1) seq 0: to act seat 0 (castaway)>"
    m.push("step(to=1)")
    assert repr(m) == "<Match gozer (rules 1.1) seq 1: to act seat 0 (castaway)>"
    secret = Match("gozer", seed=1234567)
    assert "1234567" not in repr(secret) and f"{secret.seed:x}" not in repr(secret)
    na = Match("not-alone", seed=1, config={"hunted": 2})
    assert repr(na) == (
        "<Match not-alone (rules 1.1) seq 0: to act seat 0 (creature), seat 1 (hunted), "
        "seat 2 (hunted)>"
    )


def test_a_finished_match_shows_its_outcome() -> None:
    m = _finished("friday")
    outcome = m.outcome()
    assert outcome is not None
    r = outcome.results[0]
    assert repr(m) == (
        f"<Match friday (rules {m.game.info.rules_version}) seq {m.seq}: over "
        f"({outcome.reason}): seat 0 (robinson) {r.result}, score {r.score}>"
    )


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_match_shows_its_picture_in_a_notebook(game_id: str) -> None:
    m = Match(game_id, seed=4)
    svg = m._repr_svg_()
    assert svg is not None and svg.startswith("<svg ")
    # the spectator's picture of the current state, as render_svg draws it
    assert svg == str(render_svg(m.state)) == str(render_svg(m.view(None)))
    m.act(m.to_act()[0], m.legal_actions(m.to_act()[0])[0])
    assert m._repr_svg_() == str(render_svg(m.state))


def test_a_game_without_a_picture_shows_none() -> None:
    m = Match(PIG_GAMES[-1], seed=1)
    assert m._repr_svg_() is None
    assert repr(m).startswith("<Match pig (rules ")
