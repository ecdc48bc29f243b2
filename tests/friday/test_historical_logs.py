"""Friday logs that main wrote under a historical variant of a rules version
(``contract.LOG_VARIANT_RULES``, docs/friday.md "Rules versions"), recorded by those
commits' own code (tests/golden/README.md): they verify today, diverge where they are
tampered with, and ``Match.from_log`` replays them under the rules they were played with.

- ``1.0+f270b20``: main from 6234976 up to f270b20 wrote "1.0" logs played with two of
  the 1.1 changes (``exchange_leaves_fight_first``, ``records_face_down_aging``) and
  without ``won_fight_stays_won``; their initial state has the 1.1 shape.
- ``1.1+92c7546``: main at 92c7546 wrote "1.1" logs played without
  ``won_fight_stays_won``; the same initial state as 1.1, told apart by a replay only.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import attrs
import pytest

from islandgames import Match, ReplayDivergenceError, get_game
from islandgames.core import kit, serde
from islandgames.core.errors import UnsupportedRulesVersionError
from islandgames.core.log import (
    ReplayLog,
    header_chain,
    make_header,
    next_chain,
    read_log,
    verify_log,
    verify_redacted,
    write_log,
)
from islandgames.core.registry import log_variants, rules_versions
from islandgames.games.friday import DEFINITION, GAMES, LOG_VARIANTS, FridayGame
from islandgames.games.friday.contract import FridayRulesVariant
from islandgames.games.friday.state import FridayState, FridayState10

VARIANTS = Path(__file__).parents[1] / "golden" / "variants"
F270 = sorted(VARIANTS.glob("friday-1.0-f270b20-*.iglog"))
C92 = sorted(VARIANTS.glob("friday-1.1-92c7546-*.iglog"))
#: the running logs and the seeds they were recorded with (tests/golden/README.md)
RUNNING = {
    "friday-1.0-f270b20-level-3-running.iglog": 423,
    "friday-1.0-f270b20-level-2-spectator-running.iglog": 122,
}
FINISHED = [p for p in F270 + C92 if p.name not in RUNNING]

V10, V11 = get_game("friday", "1.0"), get_game("friday", "1.1")
V1_0_F270B20, V1_1_92C7546 = LOG_VARIANTS


def _variant_of(path: Path) -> FridayGame:
    """The game each file replays under: its variant, but for the 92c7546 log whose
    play never met the change (1.1 reproduces it, and 1.1 is tried first)."""
    if path.name.startswith("friday-1.0-f270b20-"):
        return V1_0_F270B20
    return V11 if path.name == "friday-1.1-92c7546-level-2-random.iglog" else V1_1_92C7546


def _first_divergence(game: Any, log: ReplayLog) -> int | None:
    """The first seq whose state hash ``game`` does not reproduce (0: the initial state),
    None if it reproduces every entry and the outcome."""
    assert log.end is not None
    seed = int(log.end.seed, 16)
    state = game.new(seed, game.decode_config(log.header.config))
    if serde.state_hash(state) != log.header.initial_state_hash:
        return 0
    for e in log.entries:
        state = game.apply(state, e.seat, game.decode_action(e.action))
        if serde.state_hash(state) != e.state_hash:
            return int(e.seq)
    assert serde.to_wire(game.outcome(state)) == log.end.outcome
    return None


def _with(game: FridayGame, **flags: Any) -> FridayGame:
    """``game``'s rules with some flags changed (a row of no version: a probe)."""
    return kit.RulesGame(DEFINITION, attrs.evolve(game.rules, **flags))


def _bytes(log: ReplayLog) -> bytes:
    buf = io.BytesIO()
    write_log(log, buf)
    return buf.getvalue()


def _tampered(log: ReplayLog, seq: int, *, rechain: bool) -> ReplayLog:
    """``log`` with entry ``seq``'s state hash changed, the chain recomputed from there
    (``rechain``) or left as it was."""
    entries = list(log.entries)
    e = entries[seq - 1]
    flipped = e.state_hash[:-1] + ("0" if e.state_hash[-1] != "0" else "1")
    entries[seq - 1] = attrs.evolve(e, state_hash=flipped)
    if rechain:
        chain = bytes.fromhex(entries[seq - 2].chain_hash) if seq > 1 else header_chain(log.header)
        for i in range(seq - 1, len(entries)):
            x = entries[i]
            chain = next_chain(chain, x.seat, x.action_commitment, x.state_hash)
            entries[i] = attrs.evolve(x, chain_hash=chain.hex())
    return attrs.evolve(log, entries=tuple(entries))


def test_the_variants_are_named_and_never_offered() -> None:
    assert log_variants("friday", "1.0") + log_variants("friday", "1.1") == LOG_VARIANTS
    assert V1_0_F270B20.rules == FridayRulesVariant(
        "1.0",
        exchange_leaves_fight_first=True,
        records_face_down_aging=True,
        won_fight_stays_won=False,
        sort_looks_before_discard=False,
        variant="f270b20",
    )
    assert V1_1_92C7546.rules == attrs.evolve(V1_0_F270B20.rules, version="1.1", variant="92c7546")
    assert log_variants("friday", "1.2") == ()
    # named as the version their headers say, the same contract as that version
    assert V1_0_F270B20.info == V10.info and V1_1_92C7546.info == V11.info
    assert V1_0_F270B20.state_type is FridayState and V10.state_type is FridayState10
    # never served by name, never listed, never a game of the package's GAMES
    assert rules_versions("friday") == ("1.0", "1.1", "1.2")
    assert get_game("friday", "1.0") is V10 and get_game("friday", "1.1") is V11
    assert not any(v is g for v in LOG_VARIANTS for g in GAMES)
    for name in ("1.0+f270b20", "1.1+92c7546", "f270b20"):
        with pytest.raises(UnsupportedRulesVersionError):
            get_game("friday", name)


def test_the_recorded_logs_cover_every_level_both_outcomes_and_running_games() -> None:
    logs = {p.name: read_log(p) for p in F270 + C92}
    assert {log.header.rules_version for log in logs.values()} == {"1.0", "1.1"}
    assert {log.header.engine_version for log in logs.values()} == {"0.1.0"}
    f270 = [logs[p.name] for p in F270]
    assert {log.header.config["level"] for log in f270} == {1, 2, 3, 4}
    results = {log.end.outcome["results"][0]["result"] for log in f270 if log.end is not None}
    assert results == {"win", "loss"}
    assert [n for n, log in logs.items() if log.end is None] == sorted(RUNNING)
    assert {logs[n].viewer for n in RUNNING} == {"all", None}


@pytest.mark.parametrize("path", FINISHED, ids=[p.stem for p in FINISHED])
def test_a_finished_log_is_verified_and_rebuilt(path: Path) -> None:
    data = path.read_bytes()
    log = read_log(data)
    assert log.end is not None
    verdict = verify_log(data)
    assert verdict.status == "verified", str(verdict)
    assert verdict.entries == len(log.entries) and verdict.viewer == log.viewer
    assert verdict.outcome is not None and serde.to_wire(verdict.outcome) == log.end.outcome
    m = Match.from_log(data)
    assert m.game is _variant_of(path)
    assert m.seq == len(log.entries) and m.outcome() == verdict.outcome
    assert serde.state_hash(m.state) == log.entries[-1].state_hash
    # the rebuilt log is the log, byte for byte (its engine_version kept: the chain covers it)
    assert _bytes(m.log(log.viewer)) == data


@pytest.mark.parametrize("path", F270, ids=[p.stem for p in F270])
def test_the_initial_state_shape_tells_a_f270b20_log_apart(path: Path) -> None:
    log = read_log(path)
    seed = RUNNING[path.name] if log.end is None else int(log.end.seed, 16)
    config = V10.decode_config(log.header.config)
    theirs, genuine = V1_0_F270B20.new(seed, config), V10.new(seed, config)
    assert serde.state_hash(theirs) == log.header.initial_state_hash
    assert serde.state_hash(genuine) != log.header.initial_state_hash
    # the wire form of the state: 1.0's fields, and the two fields 1.1 added
    shape, shape10 = list(serde.to_wire(theirs)), list(serde.to_wire(genuine))
    assert shape[-2:] == ["face_down_aging", "aging_looked"] and shape[:-2] == shape10
    # so under 1.0 itself the header is not the one its seed and config give
    ours = make_header(V10, seed, config, genuine, log.header.engine_version)
    assert attrs.evolve(ours, initial_state_hash=log.header.initial_state_hash) == log.header
    assert ours != log.header


def test_the_logs_exercise_the_changes_the_variant_keeps_and_lacks() -> None:
    logs = {p.name: read_log(p) for p in FINISHED}
    # the exchange's draw ends the game (F9): only exchange_leaves_fight_first replays it
    ends = logs["friday-1.0-f270b20-level-2-exchange-ends-game.iglog"]
    assert ends.end is not None and "old age" in ends.end.outcome["reason"]
    last = len(ends.entries)
    assert _first_divergence(_with(V1_0_F270B20, exchange_leaves_fight_first=False), ends) == last
    # a fight won, then lost to the aging cards: under won_fight_stays_won (1.1) the last
    # entry differs; the f270b20 and 92c7546 logs were played without it
    dead = [n for n in logs if "won-then-dead" in n]
    assert len(dead) == 4
    for name in dead:
        log = logs[name]
        won = _with(_variant_of(VARIANTS / name), won_fight_stays_won=True)
        assert _first_divergence(won, log) == len(log.entries), name
    for name in set(logs) - set(dead):  # the others never met that change
        won = _with(_variant_of(VARIANTS / name), won_fight_stays_won=True)
        assert _first_divergence(won, logs[name]) is None, name
    # the face-down aging card (F14) is recorded from the start at level 2+, and its
    # record clears once it is seen
    for name, log in logs.items():
        if not name.startswith("friday-1.0-") or log.header.config["level"] < 2:
            continue
        assert log.end is not None
        m = Match(V1_0_F270B20, int(log.end.seed, 16), V10.decode_config(log.header.config))
        assert m.state.face_down_aging is not None
        records = []
        for e in log.entries:
            m.act(e.seat, V10.decode_action(e.action))
            records.append(m.state.face_down_aging)
        assert records[-1] is None, name


def test_the_92c7546_logs_diverge_under_1_1_where_it_changed() -> None:
    for path in C92:
        log = read_log(path)
        found = _first_divergence(V11, log)
        if "won-then-dead" in path.name:
            assert found == len(log.entries)  # the fight won, then lost to aging
        else:
            assert found is None  # never met the change: 1.1 itself reproduces it


@pytest.mark.parametrize("rechain", [True, False], ids=["rechained", "chain-kept"])
@pytest.mark.parametrize("path", FINISHED, ids=[p.stem for p in FINISHED])
def test_one_tampered_entry_diverges_at_that_entry(path: Path, rechain: bool) -> None:
    log = read_log(path)
    for seq in sorted({1, len(log.entries) // 2, len(log.entries)}):
        bad = _tampered(log, seq, rechain=rechain)
        verdict = verify_log(_bytes(bad))
        assert verdict.status == "diverged", (seq, str(verdict))
        assert verdict.divergence is not None
        assert verdict.divergence.seq == seq, (seq, str(verdict))
        assert verdict.divergence.what == ("state_hash" if rechain else "chain_hash")
        with pytest.raises(ReplayDivergenceError) as exc:
            Match.from_log(bad)
        assert exc.value.seq == seq


def test_a_rewritten_outcome_diverges_at_the_end() -> None:
    path = VARIANTS / "friday-1.0-f270b20-level-1-win.iglog"
    log = read_log(path)
    assert log.end is not None
    outcome = dict(log.end.outcome)
    outcome["results"] = [{**outcome["results"][0], "score": outcome["results"][0]["score"] + 1}]
    verdict = verify_log(_bytes(attrs.evolve(log, end=attrs.evolve(log.end, outcome=outcome))))
    assert verdict.status == "diverged" and verdict.divergence is not None
    assert (verdict.divergence.seq, verdict.divergence.what) == (len(log.entries), "outcome")


@pytest.mark.parametrize("name", sorted(RUNNING))
def test_a_running_log_is_unfinished_and_plays_on_under_its_rules(name: str) -> None:
    path = VARIANTS / name
    log = read_log(path)
    verdict = verify_log(path)
    assert (verdict.status, verdict.entries, verdict.viewer) == (
        "unfinished",
        len(log.entries),
        log.viewer,
    )
    m = Match.from_log(log, RUNNING[name])
    assert m.game is V1_0_F270B20 and m.seq == len(log.entries)
    assert m.log(log.viewer).entries == log.entries
    m.act(0, m.legal_actions(0)[0])  # and plays on under the rules it was played with
    assert m.seq == len(log.entries) + 1
    with pytest.raises(ReplayDivergenceError):
        Match.from_log(log, RUNNING[name] + 1)  # another seed: not its commitment
    bad = _tampered(log, len(log.entries) // 2, rechain=False)
    verdict = verify_log(_bytes(bad))
    assert verdict.status == "diverged" and verdict.divergence is not None
    assert verdict.divergence.seq == len(log.entries) // 2


def test_a_spectator_log_verifies_against_its_full_log() -> None:
    full = VARIANTS / "friday-1.0-f270b20-level-2.iglog"
    spectator = VARIANTS / "friday-1.0-f270b20-level-2-spectator.iglog"
    assert read_log(spectator).viewer is None
    assert verify_redacted(spectator, full).status == "verified"


def test_a_log_of_genuine_1_0_still_replays_under_1_0() -> None:
    path = Path(__file__).parents[1] / "golden" / "logs" / "friday-1.0-level-3.iglog"
    assert verify_log(path).status == "verified"
    m = Match.from_log(path)
    assert m.game is V10 and _bytes(m.log()) == path.read_bytes()
