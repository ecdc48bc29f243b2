"""Time travel (issue 17): every state of a log, the state at any seq through snapshots
and an index file, views, structural diffs, forks with lineage, and Match.rewind."""

from __future__ import annotations

import io
import random
from typing import Any

import attrs
import pytest

import islandgames
from islandgames import (
    ABSENT,
    Change,
    History,
    LogFormatError,
    LogParent,
    Match,
    ReplayDivergenceError,
    ReplayLog,
    diff,
    fork,
    read_log,
    state_at,
    verify_fork,
    verify_log,
    write_log,
)
from islandgames.core import serde
from islandgames.core.log import record_list
from islandgames.core.rng import Rng

CONFIGS: dict[str, Any] = {
    "friday": {"level": 1},
    "forbidden-island": {"players": 2},
    "not-alone": {"hunted": 1},
    "gozer": {"players": 2, "round_limit": 3},
}
LONG = {"players": 3, "round_limit": 12}  # a gozer game of about 80 actions
VERSIONS = [
    (gid, version)
    for gid in islandgames.game_ids()
    if gid in CONFIGS
    for version in islandgames.rules_versions(gid)
]


def _choose(m: Match, rng: Rng) -> tuple[int, Any, Rng]:
    choices = [(s, a) for s in m.game.seats(m.state) for a in m.legal_actions(s)]
    (seat, action), rng = rng.choice(choices)
    return seat, action, rng


def _play(
    gid: str,
    seed: int,
    version: str | None = None,
    upto: int | None = None,
    tag: str = "h",
    config: Any = None,
) -> tuple[Match, list[Any]]:
    """A random game (to the end, or ``upto`` actions) and every state it went through."""
    game = islandgames.get_game(gid, version)
    m = Match(game, seed=seed, config=game.decode_config(config or CONFIGS[gid]))
    states = [m.state]
    rng = Rng.from_seed(seed, tag)
    while m.outcome() is None and (upto is None or m.seq < upto):
        seat, action, rng = _choose(m, rng)
        states.append(m.act(seat, action))
    return m, states


def _bytes(log: ReplayLog) -> bytes:
    out = io.BytesIO()
    write_log(log, out)
    return out.getvalue()


@pytest.fixture(scope="module")
def finished() -> tuple[Match, list[Any]]:
    return _play("gozer", 0x17, config=LONG)


# --- states() and state_at ---------------------------------------------------------------


@pytest.mark.parametrize(("gid", "version"), VERSIONS)
def test_every_state_of_states_equals_a_fresh_replay(gid: str, version: str) -> None:
    m, states = _play(gid, 1700, version, upto=90)
    log = m.log()
    replayed = list(log.states(seed=m.seed))
    assert len(replayed) == len(log.entries) + 1
    assert replayed == states
    assert [serde.state_hash(s) for s in replayed[1:]] == [e.state_hash for e in log.entries]


def test_states_take_the_seed_from_the_end_record(finished: tuple[Match, list[Any]]) -> None:
    m, states = finished
    log = m.log()
    assert log.end is not None
    assert list(log.states()) == states
    running = ReplayLog(log.header, log.entries[:10], None)
    with pytest.raises(ReplayDivergenceError, match="no revealed seed"):
        list(running.states())
    with pytest.raises(ReplayDivergenceError, match="commitment"):
        list(running.states(seed=m.seed + 1))


@pytest.mark.parametrize(("gid", "version"), VERSIONS)
@pytest.mark.parametrize("every", [1, 7, 64])
def test_state_at_equals_replay_for_random_seqs(gid: str, version: str, every: int) -> None:
    m, states = _play(gid, 1701, version, upto=150)
    log = m.log()
    history = History(log, seed=m.seed, every=every)
    assert history.snapshots == tuple(range(0, len(log.entries) + 1, every))
    rng = random.Random(f"{gid}{version}{every}")
    seqs = {0, len(log.entries), *rng.sample(range(len(log.entries) + 1), 12)}
    for seq in sorted(seqs):
        assert history.state_at(seq) == states[seq], seq
        for seat in (*m.game.seats(states[seq]), None):
            assert history.view_at(seq, seat) == m.game.view(states[seq], seat)
    assert state_at(log, len(log.entries) // 2, m.seed) == states[len(log.entries) // 2]
    assert list(history.states()) == states
    with pytest.raises(IndexError):
        history.state_at(len(log.entries) + 1)
    with pytest.raises(IndexError):
        history.state_at(-1)


def test_a_history_refuses_a_log_that_does_not_replay(finished: tuple[Match, list[Any]]) -> None:
    m, _ = finished
    log = m.log()
    bad = list(log.entries)
    bad[5] = attrs.evolve(bad[5], state_hash="0" * 64)
    with pytest.raises(ReplayDivergenceError, match="entry 6"):
        History(attrs.evolve(log, entries=tuple(bad)))
    masked = list(log.entries)
    masked[3] = attrs.evolve(masked[3], action=None, salt=None)
    with pytest.raises(ReplayDivergenceError, match="masked"):
        History(attrs.evolve(log, entries=tuple(masked)))


# --- the index file ----------------------------------------------------------------------


def _index(history: History) -> bytes:
    out = io.BytesIO()
    history.write_index(out)
    return out.getvalue()


def test_an_index_round_trips_without_a_replay(
    finished: tuple[Match, list[Any]], tmp_path: Any
) -> None:
    m, states = finished
    log = m.log()
    history = History(log, every=16)
    path = tmp_path / "g.iglog.index"
    history.write_index(path)
    loaded = History.load(log, path)
    assert loaded.every == 16 and loaded.snapshots == history.snapshots
    for seq in (0, 1, 15, 16, 17, len(states) - 1):
        assert loaded.state_at(seq) == states[seq]
    # an index written for a shorter (running) log serves the longer log
    early = ReplayLog(log.header, log.entries[:40], None)
    grown = History.load(log, _index(History(early, seed=m.seed, every=16)))
    assert grown.snapshots == history.snapshots
    assert grown.state_at(len(states) - 1) == states[-1]
    # a running log loaded from an index needs no seed, but a fork does
    running = History.load(early, _index(History(early, seed=m.seed, every=16)))
    assert running.state_at(33) == states[33]
    with pytest.raises(ReplayDivergenceError, match="seed"):
        running.fork(3)


def test_a_forged_index_is_refused(finished: tuple[Match, list[Any]]) -> None:
    m, states = finished
    log = m.log()
    history = History(log, every=8)
    records = [serde.unpackb(b) for b in _split(_index(history))]

    def packed(recs: list[Any]) -> bytes:
        return b"".join(serde.packb(r) for r in recs)

    # another state at seq 16 (well formed, the state of seq 17)
    forged = [dict(r) for r in records]
    forged[3]["state"] = serde.canonical_bytes(states[17])
    with pytest.raises(LogFormatError, match=r"index record 3 .*seq 16 is not the log's state"):
        History.load(log, packed(forged))
    # one byte of a snapshot changed
    forged = [dict(r) for r in records]
    blob = bytearray(forged[2]["state"])
    blob[-1] ^= 1
    forged[2]["state"] = bytes(blob)
    with pytest.raises(LogFormatError, match="seq 8"):
        History.load(log, packed(forged))
    # a snapshot left out
    with pytest.raises(LogFormatError, match="expected 16"):
        History.load(log, packed(records[:3] + records[4:]))
    # the index of another log
    other = _play("gozer", 0x18, config=LONG)[0].log()
    prefix = ReplayLog(other.header, other.entries[:30], None)
    other_index = _index(History(prefix, other_seed(other)))
    with pytest.raises(LogFormatError, match="another log"):
        History.load(log, other_index)
    # an index of a longer log than the one given
    with pytest.raises(LogFormatError, match="the log has only 20"):
        History.load(ReplayLog(log.header, log.entries[:20], None), packed(records))
    with pytest.raises(LogFormatError, match="cut off"):
        History.load(log, packed(records)[:-3])


def other_seed(log: ReplayLog) -> int:
    assert log.end is not None
    return int(log.end.seed, 16)


def _split(data: bytes) -> list[bytes]:
    import msgpack

    unpacker = msgpack.Unpacker(raw=False)
    unpacker.feed(data)
    out, start = [], 0
    for _ in unpacker:
        out.append(data[start : unpacker.tell()])
        start = unpacker.tell()
    return out


# --- forks ---------------------------------------------------------------------------------


def _finish(m: Match, tag: str) -> Match:
    rng = Rng.from_seed(7, tag)
    while m.outcome() is None:
        seat, action, rng = _choose(m, rng)
        m.act(seat, action)
    return m


@pytest.mark.parametrize(("gid", "version"), VERSIONS)
def test_a_fork_verifies_alone_and_against_its_parent(gid: str, version: str) -> None:
    m, states = _play(gid, 1702, version)
    parent = m.log()
    seq = len(parent.entries) // 3
    f = fork(parent, seq)
    assert f.seq == seq and f.state == states[seq] and f.seed == m.seed
    assert f.header.parent == LogParent("", seq, parent.entries[seq - 1].chain_hash)
    assert attrs.evolve(f.header, parent=None) == attrs.evolve(
        parent.header, engine_version=f.header.engine_version
    )
    for mine, theirs in zip(f.log().entries, parent.entries[:seq], strict=False):
        assert (mine.seat, mine.action, mine.salt, mine.action_commitment, mine.state_hash) == (
            theirs.seat, theirs.action, theirs.salt, theirs.action_commitment, theirs.state_hash
        )  # fmt: skip
        assert mine.chain_hash != theirs.chain_hash  # re-chained under the fork's header
    assert verify_log(f.log()).status == "unfinished"
    _finish(f, "fork")
    forked = f.log()
    data = _bytes(forked)
    assert read_log(data) == forked  # the strict reader accepts a parent
    assert verify_log(read_log(data)).status == "verified"
    assert verify_fork(forked, parent).status == "verified"


def test_a_fork_continues_deterministically(finished: tuple[Match, list[Any]]) -> None:
    m, states = finished
    parent = m.log()
    seq = 25
    f = History(parent, every=10).fork(seq, match="m-123")
    assert f.header.parent is not None and f.header.parent.match == "m-123"
    for e in parent.entries[seq:]:  # the parent's moves again: the same states (same RNG)
        assert e.action is not None
        after = f.act(e.seat, m.game.decode_action(e.action))
        assert serde.state_hash(after) == e.state_hash
    assert f.state == states[-1]
    assert verify_fork(f.log(), parent).status == "verified"


def test_lineage_tampering_is_detected(finished: tuple[Match, list[Any]]) -> None:
    m, _ = finished
    parent = m.log()
    f = fork(parent, 30)
    forked = f.log()
    assert verify_fork(forked, parent).status == "unfinished"

    def rechained(log: ReplayLog, parent_link: LogParent | None) -> ReplayLog:
        n = Match._adopt(  # the same entries under another header: self-consistent
            f.game, f.seed, f.config, parent_link or LogParent("", 0, "0" * 64),
            log.entries, f.state, None,
        )  # fmt: skip
        return n.log()

    assert rechained(forked, forked.header.parent) == forked
    wrong_chain = rechained(forked, LogParent("", 30, parent.entries[30].chain_hash))
    v = verify_fork(wrong_chain, parent)
    assert v.status == "diverged" and v.divergence is not None
    assert (v.divergence.seq, v.divergence.what) == (0, "lineage: parent.chain_hash")
    wrong_seq = rechained(forked, LogParent("", 31, parent.entries[30].chain_hash))
    v = verify_fork(wrong_seq, parent)
    assert v.divergence is not None and v.divergence.what == "lineage: entry"
    other, _ = _play("gozer", 0x19, config=LONG)
    v = verify_fork(forked, other.log())
    assert v.divergence is not None and v.divergence.what.startswith("lineage: ")
    v = verify_fork(parent, parent)
    assert v.divergence is not None and v.divergence.what == "lineage: parent"
    # the parent link is covered by the chain: editing it without re-chaining diverges
    edited = attrs.evolve(
        forked, header=attrs.evolve(forked.header, parent=LogParent("x", 30, forked.chain_hash))
    )
    v = verify_log(edited)
    assert v.divergence is not None and (v.divergence.seq, v.divergence.what) == (1, "chain_hash")
    # a parent that diverges is reported as the parent's
    bad = list(parent.entries)
    bad[40] = attrs.evolve(bad[40], state_hash="1" * 64)
    v = verify_fork(forked, attrs.evolve(parent, entries=tuple(bad)))
    assert v.divergence is not None and v.divergence.what.startswith("parent log: ")


def test_a_header_without_parent_keeps_its_bytes(finished: tuple[Match, list[Any]]) -> None:
    m, _ = finished
    data = _bytes(m.log())
    assert b"parent" not in data
    assert "parent" not in record_list(m.log())[0]
    forked = fork(m.log(), 3).log()
    head = record_list(forked)[0]
    assert list(head)[-2:] == ["parent", "viewer"]
    assert head["parent"] == {"match": "", "seq": 3, "chain_hash": m.log().chain_hash_at(3)}


def test_the_reader_refuses_a_malformed_parent(finished: tuple[Match, list[Any]]) -> None:
    m, _ = finished
    records = record_list(fork(m.log(), 3).log())

    def read(change: Any) -> None:
        recs = [dict(r) for r in records]
        recs[0] = dict(recs[0])
        change(recs[0])
        read_log(b"".join(serde.packb(r) for r in recs))

    read(lambda h: None)
    for change, message in (
        (lambda h: h.__setitem__("parent", {**h["parent"], "extra": 1}), "exactly the keys"),
        (lambda h: h.__setitem__("parent", {**h["parent"], "seq": -1}), "parent.seq"),
        (lambda h: h.__setitem__("parent", {**h["parent"], "seq": True}), "parent.seq"),
        (lambda h: h.__setitem__("parent", {**h["parent"], "match": 5}), "parent.match"),
        (lambda h: h.__setitem__("parent", {**h["parent"], "chain_hash": "AB" * 32}), "hex"),
        (lambda h: h.__setitem__("parent", None), "exactly the keys"),
        (
            lambda h: h.__setitem__("parent", dict(reversed(list(h["parent"].items())))),
            "canonical",
        ),
    ):
        with pytest.raises(LogFormatError, match=message):
            read(change)


# --- diff --------------------------------------------------------------------------------------


@attrs.frozen
class _Card:
    card: int
    uses: int


@attrs.frozen
class _Fight:
    cards: tuple[_Card, ...]
    name: str
    extra: dict[str, Any]


def test_diff_paths_are_exact() -> None:
    a = _Fight((_Card(1, 0), _Card(2, 0), _Card(3, 0)), "x", {"k": 1, "two words": [1]})
    b = _Fight((_Card(1, 0), _Card(2, 0), _Card(3, 1), _Card(4, 0)), "y", {"two words": [1, 2]})
    d = diff(a, b)
    assert d == (
        Change("cards[2].uses", 0, 1),
        Change("cards[3]", ABSENT, {"card": 4, "uses": 0}),
        Change("name", "x", "y"),
        Change("extra.k", 1, ABSENT),
        Change('extra["two words"][1]', ABSENT, 2),
    )
    assert str(d).splitlines() == [
        "cards[2].uses: 0 -> 1",
        'cards[3]: (absent) -> {"card":4,"uses":0}',
        'name: "x" -> "y"',
        "extra.k: 1 -> (absent)",
        'extra["two words"][1]: (absent) -> 2',
    ]
    assert diff(b, a)[0] == Change("cards[2].uses", 1, 0)
    assert diff(a, a) == () and str(diff(a, a)) == "(no differences)"
    assert diff({"type": "a", "x": 1}, {"type": "b", "x": 1}) == (
        Change("", {"type": "a", "x": 1}, {"type": "b", "x": 1}),
    )
    assert diff({"x": True}, {"x": 1}) == (Change("x", True, 1),)  # a bool is not an int


def _at(wire: Any, path: str) -> Any:
    import re

    for name, index, key in re.findall(r'\.?([A-Za-z_]\w*)|\[(\d+)\]|\["([^"]*)"\]', path):
        wire = wire[name or key] if (name or key) else wire[int(index)]
    return wire


def test_diff_of_real_states_names_what_changed(finished: tuple[Match, list[Any]]) -> None:
    m, states = finished
    for i in (0, 10, 50):
        a, b = states[i], states[i + 1]
        d = diff(a, b)
        assert d, i
        wa, wb = serde.to_wire(a), serde.to_wire(b)
        for change in d:
            assert change.before is ABSENT or _at(wa, change.path) == change.before
            assert change.after is ABSENT or _at(wb, change.path) == change.after
        seat = m.game.seats(a)[0]
        assert diff(m.game.view(a, seat), m.game.view(a, seat)) == ()


# --- rewind ------------------------------------------------------------------------------------


def test_rewind_then_replay_gives_the_same_bytes(tmp_path: Any) -> None:
    path = tmp_path / "r.iglog"
    m, states = _play("not-alone", 1703, upto=None)
    full = _bytes(m.log())
    actions = [(e.seat, m.game.decode_action(e.action)) for e in m.log().entries]
    live = Match("not-alone", seed=m.seed, config=m.config, log_path=path)
    for seat, action in actions:
        live.act(seat, action)
    assert path.read_bytes() == full
    k = len(actions) // 2
    assert live.rewind(k) == states[k]
    short, _ = _play("not-alone", 1703, upto=k)
    assert _bytes(live.log()) == _bytes(short.log())
    assert path.read_bytes() == _bytes(short.log())  # the file is rewritten
    for seat, action in actions[k:]:
        live.act(seat, action)
    assert _bytes(live.log()) == full and path.read_bytes() == full
    assert live.rewind(0) == states[0] and live.seq == 0
    live.close()
    live.act(*actions[0])  # after close() the file is left alone
    assert read_log(path).entries == ()
    with pytest.raises(ValueError, match="rewind"):
        live.rewind(2)
