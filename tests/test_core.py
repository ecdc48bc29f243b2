"""Core: RNG known answers, serde strictness, errors, logs, the public surface."""

from __future__ import annotations

import io

import attrs
import pytest

import islandgames
from islandgames import DecodeError, LogFormatError, Match, read_log, verify_log, write_log
from islandgames.core import serde
from islandgames.core.errors import (
    GameOverError,
    IllegalActionError,
    IslandGamesError,
    NotYourTurnError,
    ReplayDivergenceError,
    UnknownGameError,
)
from islandgames.core.rng import Rng

# --- RNG ------------------------------------------------------------------------------


def test_rng_known_answers() -> None:
    """Pinned output: if this changes, every recorded game changes. Never edit casually."""
    import hashlib

    r = Rng.from_seed(0)
    # the definition, computed independently: key = blake2b-256(seed, person, salt=stream)
    expected_key = hashlib.blake2b(
        bytes(32), digest_size=32, person=b"islandgames-rng", salt=b"game".ljust(16, b"\0")
    ).hexdigest()
    assert r.key == expected_key == KNOWN_KEY_0
    first = hashlib.blake2b(bytes(8), digest_size=8, key=bytes.fromhex(r.key)).digest()
    assert r.u64()[0] == int.from_bytes(first, "big")
    values = []
    for _ in range(5):
        v, r = r.below(1000)
        values.append(v)
    assert values == KNOWN_BELOW_1000
    deck, _ = Rng.from_seed(42).shuffle(range(10))
    assert deck == KNOWN_SHUFFLE_42


KNOWN_KEY_0 = "78f2e97342729e1ca66861002060df5b827d2a20c0b7070dcc7c32509eadcc70"
KNOWN_BELOW_1000 = [689, 108, 427, 652, 281]
KNOWN_SHUFFLE_42 = (4, 7, 0, 2, 5, 1, 8, 3, 9, 6)


def test_shuffle_is_fisher_yates_over_below_draws() -> None:
    """Rng.shuffle inlines its draws for speed; it must draw exactly as below() does,
    for every pile size (also past the table of precomputed limits) and counter."""
    for seed in range(12):
        rng = Rng(Rng.from_seed(seed).key, seed * 7)  # not only from counter 0
        for n in (0, 1, 2, 3, 10, 30, 63, 256, 257, 300):
            pile = tuple(range(100, 100 + n))
            got, after = rng.shuffle(pile)
            out, r = list(pile), rng
            for i in range(n - 1, 0, -1):
                j, r = r.below(i + 1)
                out[i], out[j] = out[j], out[i]
            assert got == tuple(out) and after == r
            rng = after


def test_rng_is_pure_and_uniform_enough() -> None:
    r = Rng.from_seed(7)
    a, r1 = r.below(6)
    b, r2 = r.below(6)
    assert (a, r1) == (b, r2)
    counts = [0] * 6
    for _ in range(6000):
        v, r = r.die()
        counts[v - 1] += 1
    assert all(850 < c < 1150 for c in counts), counts
    assert Rng.from_seed(1) != Rng.from_seed(2)
    assert Rng.from_seed(1, "a") != Rng.from_seed(1, "b")
    child, parent = Rng.from_seed(1).split()
    assert child.key != parent.key and parent.counter == 1


def test_rng_rejects_bad_input() -> None:
    with pytest.raises(ValueError):
        Rng.from_seed(1).below(0)
    with pytest.raises(ValueError):
        Rng.from_seed(-1)
    with pytest.raises(TypeError):
        Rng.from_seed("1")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        Rng.from_seed(1).choice([])


# --- errors ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("exc", "builtin"),
    [
        (IllegalActionError, ValueError),
        (NotYourTurnError, ValueError),
        (GameOverError, ValueError),
        (islandgames.InvalidConfigError, ValueError),
        (UnknownGameError, LookupError),
        (DecodeError, ValueError),
        (LogFormatError, ValueError),
        (ReplayDivergenceError, ValueError),
    ],
)
def test_error_tree(exc: type[Exception], builtin: type[Exception]) -> None:
    assert issubclass(exc, IslandGamesError)
    assert issubclass(exc, builtin)


def test_unknown_game() -> None:
    with pytest.raises(UnknownGameError, match="known games: forbidden-island, friday"):
        islandgames.get_game("monopoly")


# --- serde ----------------------------------------------------------------------------


@attrs.frozen
class Leaf:
    n: int
    name: str


@attrs.frozen
class Other:
    flag: bool


@attrs.frozen
class Tree:
    items: tuple[Leaf, ...]
    pair: tuple[int, str]
    choice: Leaf | Other
    maybe: int | None = None


serde.register_union(Leaf | Other)


def test_wire_round_trip_and_tags() -> None:
    t = Tree((Leaf(1, "a"), Leaf(2, "b")), (3, "c"), Other(True))
    wire = serde.to_wire(t)
    assert wire["choice"] == {"type": "other", "flag": True}
    assert wire["items"][0] == {"type": "leaf", "n": 1, "name": "a"}
    assert list(wire) == ["items", "pair", "choice", "maybe"]
    assert serde.from_wire(wire, Tree) == t
    assert serde.from_wire(serde.unpackb(serde.packb(wire)), Tree) == t


@pytest.mark.parametrize(
    ("patch", "message"),
    [
        ({"pair": [1]}, "expected 2 items"),
        ({"pair": "ab"}, "expected list"),
        ({"maybe": 1.5}, "expected int"),
        ({"maybe": True}, "expected int, got bool"),
        ({"maybe": 2**60}, "outside"),
        ({"choice": {"type": "leaf", "n": 1}}, "required field missing"),
        ({"choice": {"type": "tree"}}, "unknown type 'tree'"),
        ({"choice": {"flag": True}}, "missing or non-string 'type'"),
        ({"bogus": 1}, "unknown field"),
    ],
)
def test_decode_rejects_malformed(patch: dict[str, object], message: str) -> None:
    wire = serde.to_wire(Tree((), (1, "x"), Leaf(1, "a")))
    wire.update(patch)
    with pytest.raises(DecodeError, match=message):
        serde.from_wire(wire, Tree)


def test_unpack_rejects_garbage() -> None:
    for bad in (b"\xc1", b"\x92\x01", "not bytes"):
        with pytest.raises(DecodeError):
            serde.unpackb(bad)  # type: ignore[arg-type]


def test_state_hash_is_blake2b_of_canonical_bytes() -> None:
    import hashlib

    t = Tree((), (1, "x"), Other(False))
    assert (
        serde.state_hash(t) == hashlib.blake2b(serde.canonical_bytes(t), digest_size=32).hexdigest()
    )


# --- logs -----------------------------------------------------------------------------


def _finished_match(seed: int = 11) -> Match:
    m = Match("friday", seed=seed)
    rng = Rng.from_seed(seed, "test")
    while m.outcome() is None:
        action, rng = rng.choice(m.legal_actions(0))
        m.act(0, action)
    return m


def test_log_verifies_and_round_trips(tmp_path: object) -> None:
    m = _finished_match()
    log = m.log()
    assert log.end is not None and int(log.end.seed, 16) == 11
    v = verify_log(log)
    assert v.status == "verified" and v.entries == m.seq
    path = f"{tmp_path}/game.iglog"
    write_log(log, path)
    assert read_log(path) == log
    again = Match.from_log(path)
    assert again.state == m.state


def test_streamed_log_file_equals_saved_log(tmp_path: object) -> None:
    path = f"{tmp_path}/live.iglog"
    m = Match("friday", seed=5, log_path=path)
    rng = Rng.from_seed(5, "x")
    while m.outcome() is None:
        action, rng = rng.choice(m.legal_actions(0))
        m.act(0, action)
    assert read_log(path) == m.log()


def test_running_game_log_hides_seed_and_verifies_chain_only() -> None:
    m = Match("friday", seed=3)
    m.act(0, m.legal_actions(0)[0])
    log = m.log()
    assert log.end is None
    v = verify_log(log)
    assert v.status == "unfinished"


def test_log_tampering_is_reported_at_the_first_divergent_entry() -> None:
    log = _finished_match().log()
    entries = list(log.entries)
    k = len(entries) // 2
    entries[k] = attrs.evolve(entries[k], state_hash="00" * 32)
    v = verify_log(attrs.evolve(log, entries=tuple(entries)))
    assert v.status == "diverged" and v.divergence is not None and v.divergence.seq == k + 1


def test_log_with_a_different_action_is_detected() -> None:
    m = _finished_match()
    log = m.log()
    entries = list(log.entries)
    # replace the first action by another legal one, recomputing its commitment honestly:
    first = entries[0]
    alt = [
        a
        for a in Match("friday", seed=11).legal_actions(0)
        if m.game.encode_action(a) != first.action
    ]
    if not alt:
        pytest.skip("only one legal first action")
    from islandgames.core.log import action_commitment

    wire = m.game.encode_action(alt[0])
    assert first.salt is not None
    entries[0] = attrs.evolve(
        first, action=wire, action_commitment=action_commitment(first.salt, wire)
    )
    v = verify_log(attrs.evolve(log, entries=tuple(entries)))
    assert v.status == "diverged" and v.divergence is not None and v.divergence.seq == 1


def test_wrong_seed_fails_commitment() -> None:
    log = _finished_match().log()
    assert log.end is not None
    bad = attrs.evolve(log, end=attrs.evolve(log.end, seed=f"{12:064x}"))
    v = verify_log(bad)
    assert v.status == "diverged" and v.divergence is not None
    assert v.divergence.what == "seed_commitment"


def test_corrupt_log_files() -> None:
    buf = io.BytesIO()
    write_log(_finished_match().log(), buf)
    data = buf.getvalue()
    with pytest.raises(LogFormatError):
        read_log(data[: len(data) // 2] + b"\xc1")
    with pytest.raises(LogFormatError):
        read_log(b"")
    with pytest.raises(LogFormatError):
        read_log(serde.packb({"type": "entry"}))
    with pytest.raises(LogFormatError):
        read_log(serde.packb({"type": "header", "format": "zip"}))


def test_replay_divergence_raises() -> None:
    log = _finished_match().log()
    entries = list(log.entries)
    entries[2] = attrs.evolve(entries[2], state_hash="11" * 32)
    with pytest.raises(ReplayDivergenceError) as info:
        Match.from_log(attrs.evolve(log, entries=tuple(entries)))
    assert info.value.seq == 3


def test_stale_expected_seq() -> None:
    m = Match("friday", seed=1)
    with pytest.raises(IllegalActionError, match="stale expected_seq 4"):
        m.act(0, m.legal_actions(0)[0], expected_seq=4)
    m.act(0, m.legal_actions(0)[0], expected_seq=0)
    assert m.seq == 1


# --- public surface -------------------------------------------------------------------


def test_public_api_is_pinned() -> None:
    assert sorted(islandgames.__all__) == sorted(
        [
            "ABSENT",
            "ActionParseError",
            "Change",
            "DecodeError",
            "Diff",
            "Divergence",
            "Game",
            "GameInfo",
            "GameOverError",
            "IllegalActionError",
            "InvalidConfigError",
            "IslandGamesError",
            "LogEnd",
            "LogEntry",
            "LogFormatError",
            "LogHeader",
            "LogParent",
            "Match",
            "History",
            "NotYourTurnError",
            "Outcome",
            "ReplayDivergenceError",
            "ReplayLog",
            "Rng",
            "Seat",
            "SeatOutOfRangeError",
            "SeatResult",
            "UnknownGameError",
            "UnsupportedRulesVersionError",
            "Verdict",
            "Verification",
            "__version__",
            "canonical_bytes",
            "diff",
            "fork",
            "from_wire",
            "game_ids",
            "games",
            "get_game",
            "layout",
            "packb",
            "read_log",
            "redact_log",
            "register_game",
            "rules_versions",
            "state_at",
            "state_hash",
            "to_wire",
            "unpackb",
            "unregister_game",
            "verify_fork",
            "verify_log",
            "verify_redacted",
            "write_log",
        ]
    )
    for name in islandgames.__all__:
        assert hasattr(islandgames, name), name


@attrs.frozen
class Third:
    z: int


@attrs.frozen
class Holder:
    slot: Leaf | Other | Third | None


serde.register_union(Leaf | Other | Third)


def test_optional_union_of_three_uses_the_tags() -> None:
    for value in (None, Leaf(1, "a"), Other(False), Third(3)):
        h = Holder(value)
        wire = serde.to_wire(h)
        assert serde.from_wire(wire, Holder) == h
    assert serde.to_wire(Holder(Third(3))) == {"slot": {"type": "third", "z": 3}}
    with pytest.raises(DecodeError, match="unknown type"):
        serde.from_wire({"slot": {"type": "fourth"}}, Holder)
