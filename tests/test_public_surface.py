"""Every public callable of ``islandgames`` works once every game is loaded.

``islandgames.games`` once raised TypeError as soon as a game package was imported (the
subpackage ``islandgames.games`` shadowed the function). Here every game is loaded
first, then each public function is called; a new public function must be added to
CALLS, or this test fails.
"""

from __future__ import annotations

import importlib
import inspect
import io
import sys
import types
from collections.abc import Callable
from typing import Any

import islandgames
from islandgames import Match


def _log() -> Any:
    m = Match("friday", seed=1)
    while m.outcome() is None:
        m.act(0, m.legal_actions(0)[0])
    return m.log()


def _finished(m: Match) -> Any:
    while m.outcome() is None:
        m.act(0, m.legal_actions(0)[0])
    return m.log()


def _redacted(viewer: int | None) -> Any:
    return islandgames.redact_log(islandgames.get_game("friday"), 1, _log(), viewer)


def _register_round_trip() -> bool:
    islandgames.register_game("friday-again", "islandgames.games.friday")
    try:
        return islandgames.get_game("friday-again") is islandgames.get_game("friday")
    finally:
        islandgames.unregister_game("friday-again")


def _unregister_unknown() -> bool:
    islandgames.unregister_game("nothing-here")  # an unknown id is no error
    return "nothing-here" not in islandgames.game_ids()


def _write_read() -> bool:
    log = _log()
    buf = io.BytesIO()
    islandgames.write_log(log, buf)
    return bool(islandgames.read_log(buf.getvalue()) == log)


def _fi_state() -> Any:
    return Match("forbidden-island", seed=1).state


#: name -> a call and a check of its result
CALLS: dict[str, Callable[[], bool]] = {
    "games": lambda: [i.id for i in islandgames.games()] == list(islandgames.game_ids()),
    "game_ids": lambda: "friday" in islandgames.game_ids(),
    "get_game": lambda: islandgames.get_game("gozer").info.id == "gozer",
    "layout": lambda: (
        len(islandgames.layout("gozer").squares) > 90
        and islandgames.layout("forbidden-island", state=_fi_state()).island != ()
    ),
    "rules_versions": lambda: "1.0" in islandgames.rules_versions("not-alone"),
    "register_game": _register_round_trip,
    "unregister_game": _unregister_unknown,
    "to_wire": lambda: islandgames.to_wire(islandgames.Rng("ab" * 32, 1))["counter"] == 1,
    "from_wire": lambda: islandgames.from_wire(5, int) == 5,
    "packb": lambda: islandgames.unpackb(islandgames.packb({"a": [1]})) == {"a": [1]},
    "unpackb": lambda: islandgames.unpackb(b"\x01") == 1,
    "canonical_bytes": lambda: islandgames.canonical_bytes([1]) == islandgames.packb([1]),
    "state_hash": lambda: len(islandgames.state_hash(islandgames.get_game("friday").new(1))) == 64,
    "read_log": _write_read,
    "write_log": _write_read,
    "verify_log": lambda: islandgames.verify_log(_log()).status == "verified",
    "verify_redacted": lambda: (
        islandgames.verify_redacted(_redacted(None), _log()).status == "verified"
    ),
    "redact_log": lambda: _redacted(0).viewer == 0,
    "state_at": lambda: (
        islandgames.state_at(_log(), 3) == list(_log().states(seed=1))[3]
    ),
    "fork": lambda: islandgames.fork(_log(), 2).seq == 2,
    "verify_fork": lambda: (
        islandgames.verify_fork(_finished(islandgames.fork(_log(), 2)), _log()).status
        == "verified"
    ),
    "diff": lambda: (
        islandgames.diff(_log().end, _log().end) == ()
        and len(islandgames.diff(*list(_log().states(seed=1))[:2])) > 0
    ),
}


def _public_functions() -> list[str]:
    return sorted(
        name
        for name in islandgames.__all__
        if inspect.isfunction(getattr(islandgames, name))
    )


def test_every_public_function_works_after_every_game_is_loaded() -> None:
    for game_id in islandgames.game_ids():
        for version in islandgames.rules_versions(game_id):
            islandgames.get_game(game_id, version)
    # importing a game subpackage must not rebind islandgames.games to the subpackage
    # (Python binds a subpackage on its parent when it is first imported)
    for module in ("islandgames.games", "islandgames.games.friday", "islandgames.games.gozer"):
        importlib.import_module(module)
    assert islandgames.games is islandgames.core.registry.games, "shadowed by the subpackage"
    assert type(sys.modules["islandgames.games"]) is types.ModuleType, "no module swap"
    assert _public_functions() == sorted(CALLS), "every public function has a call here"
    for name, call in CALLS.items():
        assert call() is True, name


# --- issue 37: the newcomer conveniences ----------------------------------------------------

#: each public name issue 37 added (outside ``islandgames.__all__``, which test_core pins)
#: -> a call and a check of its result
NEWCOMER_CALLS: dict[str, Callable[[], bool]] = {
    "islandgames.SeatOutOfRangeError": lambda: (
        issubclass(islandgames.SeatOutOfRangeError, ValueError)
        and islandgames.SeatOutOfRangeError is islandgames.render.SeatOutOfRangeError
    ),
    "islandgames.ActionParseError": lambda: issubclass(
        islandgames.ActionParseError, islandgames.DecodeError
    ),
    "Game.make_config": lambda: (
        islandgames.get_game("gozer").make_config({"players": 3}).players == 3
    ),
    "Game.parse_action": lambda: (
        islandgames.get_game("gozer").parse_action("step(to=1)")
        == islandgames.get_game("gozer").parse_action({"type": "step", "to": 1})
    ),
    "Game.format_action": lambda: (
        islandgames.get_game("gozer").format_action(
            islandgames.get_game("gozer").parse_action("end_move")
        )
        == "end_move()"
    ),
    "Match.push": lambda: str(Match("gozer", seed=1).push("end_move()")) == "EndMove()",
    "Match._repr_svg_": lambda: str(Match("friday", seed=1)._repr_svg_()).startswith("<svg"),
    "Match.__repr__": lambda: repr(Match("friday", seed=1)).startswith("<Match friday "),
}


def _defined_here(owner: type, name: str) -> bool:
    return name in owner.__dict__


def test_every_newcomer_name_works() -> None:
    owners = {"Game": islandgames.Game, "Match": Match}
    for dotted, call in NEWCOMER_CALLS.items():
        head, _, name = dotted.partition(".")
        if head in owners:
            assert _defined_here(owners[head], name), dotted
        else:
            assert hasattr(islandgames, name), dotted
        assert call() is True, dotted
