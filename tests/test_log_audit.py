"""The log and its verifier under attack: each way an audit fooled it, as a test.

A verification has three verdicts (verified, unfinished, diverged); a log file is read
strictly (every byte accounted for, one canonical spelling, bounded sizes); hashes are
taken over canonical re-encodings; per-seat logs are checked against the true actions'
redactions for their viewer; a Python caller cannot smuggle a bool in for an int.
"""

from __future__ import annotations

import io
import random
from typing import Any

import attrs
import pytest

import islandgames
from islandgames import (
    IllegalActionError,
    LogFormatError,
    Match,
    ReplayLog,
    UnsupportedRulesVersionError,
    read_log,
    verify_log,
    verify_redacted,
    write_log,
)
from islandgames.core import serde
from islandgames.core.log import MAX_DEPTH, MAX_RECORD_BYTES, parse_records, record_list
from islandgames.core.rng import Rng


def _play(game_id: str, seed: int, config: Any = None, upto: int | None = None) -> Match:
    game = islandgames.get_game(game_id)
    m = Match(game, seed=seed, config=None if config is None else game.decode_config(config))
    rng = Rng.from_seed(seed, "audit")
    while m.outcome() is None and (upto is None or m.seq < upto):
        choices = [(s, a) for s in game.seats(m.state) for a in m.legal_actions(s)]
        (seat, action), rng = rng.choice(choices)
        m.act(seat, action)
    return m


def _bytes(records: list[dict[str, Any]]) -> bytes:
    return b"".join(serde.packb(r) for r in records)


def _verdict(data: bytes) -> str:
    """What a reader makes of ``data``: a verification status or the error's name."""
    try:
        return verify_log(read_log(data)).status
    except (LogFormatError, LookupError) as exc:
        return type(exc).__name__


@pytest.fixture(scope="module")
def fi_log() -> ReplayLog:
    return _play("forbidden-island", 11).log()


@pytest.fixture(scope="module")
def na_match() -> Match:
    return _play("not-alone", 4)


# --- 1. a finished log that cannot be fully replayed is diverged ---------------------------


def test_a_masked_entry_and_a_rewritten_outcome_diverge(fi_log: ReplayLog) -> None:
    records = record_list(fi_log)
    k = 5
    records[k]["action"] = None
    records[k]["salt"] = None
    result = records[-1]["outcome"]["results"][0]
    assert result["result"] == "loss"
    result["result"], result["score"] = "win", 999
    v = verify_log(read_log(_bytes(records)))
    assert v.status == "diverged" and not v.verified
    assert v.divergence is not None and v.divergence.seq == k and v.divergence.what == "action"
    # labelled as a per-seat log, the masked action is recovered from its commitment and
    # the replay reaches the rewritten outcome
    records[0]["viewer"] = 0
    v = verify_log(read_log(_bytes(records)))
    assert v.status == "diverged" and v.divergence is not None
    assert (v.divergence.seq, v.divergence.what) == (len(fi_log.entries), "outcome")


def test_an_honest_per_seat_log_of_a_finished_game_is_verified(na_match: Match) -> None:
    for viewer in [*na_match.game.seats(na_match.state), None]:
        red = na_match.log(viewer)
        assert any(e.salt is None for e in red.entries), "some action is masked or partial"
        v = verify_log(red)
        assert v.status == "verified" and v.viewer == viewer, v
        assert v.outcome == na_match.outcome()


def test_a_finished_log_that_stops_early_diverges(fi_log: ReplayLog) -> None:
    short = attrs.evolve(fi_log, entries=fi_log.entries[:-1])
    v = verify_log(short)
    assert v.status == "diverged" and v.divergence is not None and v.divergence.what == "end"
    # without its end record the same prefix is an honest running log
    assert verify_log(attrs.evolve(short, end=None)).status == "unfinished"


# --- 2. per-seat logs: every visible part, partial forms included ------------------------------


def _mid_game_log_with_a_partial_form() -> tuple[Match, ReplayLog, int]:
    for upto in range(20, 200, 5):
        mid = _play("not-alone", 4, upto=upto)
        red = mid.log(1)
        partial = [e.seq for e in red.entries if e.action is not None and e.salt is None]
        if partial:
            return mid, red, partial[0]
    raise AssertionError("no partial form in the first 200 actions")


def test_a_partial_form_replaced_by_another_action_diverges(na_match: Match) -> None:
    _, red, seq = _mid_game_log_with_a_partial_form()
    full = na_match.log()  # the same seed, played on to the end
    assert verify_redacted(red, full).status == "verified"
    shown = red.entries[seq - 1].action
    assert shown is not None
    for replacement in (
        {"type": "pass"},
        {**shown, "cards": [*shown["cards"], 0]} if "cards" in shown else {"type": "give_up"},
        {"type": "explore", "cards": [1]},
    ):
        entries = list(red.entries)
        entries[seq - 1] = attrs.evolve(entries[seq - 1], action=replacement)
        v = verify_redacted(attrs.evolve(red, entries=tuple(entries)), full)
        assert v.status == "diverged" and v.divergence is not None, replacement
        assert (v.divergence.seq, v.divergence.what) == (seq, "redaction")


def test_a_partial_form_cannot_be_checked_before_the_seed_is_revealed() -> None:
    mid, red, _ = _mid_game_log_with_a_partial_form()
    v = verify_redacted(red, mid.log())  # the full log of a running game: no seed
    assert v.status == "unfinished"


def test_a_full_log_relabelled_with_a_viewer_diverges(na_match: Match) -> None:
    full = na_match.log()
    for viewer in (1, None):
        relabelled = attrs.evolve(full, viewer=viewer)
        v = verify_log(relabelled)
        assert v.status == "diverged" and v.divergence is not None
        assert v.divergence.what == "redaction"
        assert verify_redacted(relabelled, full).status == "diverged"
        data = io.BytesIO()
        write_log(relabelled, data)
        assert _verdict(data.getvalue()) == "diverged"


def test_the_full_log_given_to_verify_redacted_must_be_full(na_match: Match) -> None:
    red = na_match.log(1)
    v = verify_redacted(red, na_match.log(2))
    assert v.status == "diverged" and v.divergence is not None
    assert v.divergence.what.startswith("full log")


def test_the_log_given_to_verify_redacted_must_be_a_per_seat_one(na_match: Match) -> None:
    full = na_match.log()
    v = verify_redacted(full, full)  # was a bare AssertionError
    assert v.status == "diverged" and v.divergence is not None
    assert (v.divergence.seq, v.divergence.what) == (0, "viewer")


# --- 3. one strict reader: every byte accounted for -------------------------------------------


def _boundaries(records: list[dict[str, Any]]) -> list[int]:
    out, pos = [], 0
    for r in records:
        pos += len(serde.packb(r))
        out.append(pos)
    return out


def test_every_cut_inside_a_record_is_a_format_error_naming_the_offset() -> None:
    records = record_list(_play("gozer", 2, {"players": 3, "round_limit": 4}).log())
    data = _bytes(records)
    ends = _boundaries(records)
    starts = [0, *ends[:-1]]
    # every cut inside the header, one entry in the middle and the end record, and at
    # every record boundary
    inside = [
        p
        for i in (0, len(records) // 2, len(records) - 1)
        for p in range(starts[i] + 1, ends[i])
    ]
    for cut in inside:
        with pytest.raises(LogFormatError, match=r"byte"):
            read_log(data[:cut])
    for n, cut in enumerate(ends[:-1], start=1):
        log = read_log(data[:cut])  # a log of a game still running
        assert len(log.entries) == n - 1 and log.end is None
        assert verify_log(log).status == "unfinished"


def test_trailing_bytes_and_overrunning_lengths_are_refused(fi_log: ReplayLog) -> None:
    data = _bytes(record_list(fi_log))
    for garbage in (serde.packb({"type": "entry"}), b"\x00", b"\xc1"):
        with pytest.raises(LogFormatError, match=f"byte.? {len(data)}"):
            read_log(data + garbage)
    with pytest.raises(LogFormatError, match="nothing may follow the end record"):
        read_log(data + b"\x00")
    with pytest.raises(LogFormatError, match="cut off"):
        read_log(data + b"\xdb\xff\xff\xff\xff")  # a str32 longer than the file
    with pytest.raises(LogFormatError, match="at most"):
        read_log(data[: _boundaries(record_list(fi_log))[0]] + serde.packb("x" * MAX_RECORD_BYTES))


def test_no_single_byte_flip_yields_a_log_that_is_not_diverged() -> None:
    """The audit's case: one flipped length byte of a Gozer log read as a complete, shorter
    log. Now every flip is a format error, an unknown game or version, or a divergence."""
    rng = random.Random(5)
    for game_id, config in (
        ("gozer", {"players": 3, "round_limit": 6}),
        ("not-alone", {"hunted": 1}),
        ("forbidden-island", None),
    ):
        log = _play(game_id, 2, config).log()
        data = _bytes(record_list(log))
        positions = sorted(rng.sample(range(len(data)), 350))
        # and every byte of the first entry and of the end record (length headers, keys)
        ends = _boundaries(record_list(log))
        positions += list(range(ends[0], ends[1])) + list(range(ends[-2], ends[-1]))
        seen: dict[str, int] = {}
        for pos in positions:
            for mask in (0x01, 0x80, 0xFF):
                flipped = bytearray(data)
                flipped[pos] ^= mask
                verdict = _verdict(bytes(flipped))
                seen[verdict] = seen.get(verdict, 0) + 1
                assert verdict in (
                    "diverged", "LogFormatError", "UnknownGameError",
                    "UnsupportedRulesVersionError",
                ), (game_id, pos, mask, verdict)  # fmt: skip
        assert seen.get("diverged", 0) > 0 and seen.get("LogFormatError", 0) > 0


# --- 4. one spelling per log -------------------------------------------------------------------


@pytest.mark.parametrize(
    "respell",
    [
        str.upper,
        lambda s: " " + s[1:],
        lambda s: "0x" + s[2:],
        lambda s: s[:10] + "_" + s[11:],
        lambda s: s.lstrip("0"),
    ],
    ids=["upper", "leading-space", "0x", "underscore", "zeros-dropped"],
)
def test_non_canonical_seeds_are_refused(fi_log: ReplayLog, respell: Any) -> None:
    records = record_list(fi_log)
    records[-1]["seed"] = respell(records[-1]["seed"])
    with pytest.raises(LogFormatError, match="64 lower-case hex"):
        read_log(_bytes(records))
    with pytest.raises(LogFormatError, match="64 lower-case hex"):
        parse_records(records)


@pytest.mark.parametrize(
    ("record", "key", "value"),
    [
        (-1, ("outcome", "results", 0, "score"), True),
        (-1, ("outcome", "results", 0, "result"), "won"),
        (1, ("state_hash",), "AB" * 32),
        (1, ("seq",), True),
        (1, ("seat",), 0.0),
        (1, ("chain_hash",), b"\x00" * 32),
        (0, ("config", "players"), True),
        (0, ("format_version",), 1.0),
    ],
    ids=["score-true", "result", "upper-hash", "seq-bool", "seat-float", "hash-bin",
         "config-bool", "version-float"],
)
def test_values_of_the_wrong_spelling_are_refused(
    fi_log: ReplayLog, record: int, key: tuple[Any, ...], value: Any
) -> None:
    records = record_list(fi_log)
    target: Any = records[record]
    for k in key[:-1]:
        target = target[k]
    target[key[-1]] = value
    with pytest.raises(LogFormatError):
        read_log(_bytes(records))
    with pytest.raises(LogFormatError):
        parse_records(records)


def test_byte_level_respellings_are_refused(fi_log: ReplayLog) -> None:
    records = record_list(fi_log)
    data = _bytes(records)
    first_entry = _boundaries(records)[0]
    # the entry's seq (1) as a uint16, and a key as bin: the same values, other bytes
    seq_at = data.index(b"\xa3seq\x01", first_entry) + 4
    wide = data[:seq_at] + b"\xcd\x00\x01" + data[seq_at + 1 :]
    with pytest.raises(LogFormatError, match="not in canonical form"):
        read_log(wide)
    reordered = [dict(reversed(list(r.items()))) for r in records]
    with pytest.raises(LogFormatError, match="not in canonical form"):
        read_log(_bytes(reordered))


def test_a_missing_or_extra_key_is_refused(fi_log: ReplayLog) -> None:
    for index in (0, 1, -1):
        records = record_list(fi_log)
        records[index]["extra"] = 1
        with pytest.raises(LogFormatError, match="unknown 'extra'"):
            parse_records(records)
        records = record_list(fi_log)
        key = next(k for k in records[index] if k != "type")
        del records[index][key]
        with pytest.raises(LogFormatError, match=f"missing {key}"):
            parse_records(records)


def test_a_config_missing_a_field_is_refused(fi_log: ReplayLog) -> None:
    records = record_list(fi_log)
    del records[0]["config"]["difficulty"]
    with pytest.raises(LogFormatError, match="every field"):
        parse_records(records)


# --- 5. bounded depth and size -------------------------------------------------------------------


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 400, 100_000])
def test_deep_nesting_is_a_format_error(fi_log: ReplayLog, depth: int) -> None:
    records = record_list(fi_log)
    nested: Any = 1
    for _ in range(depth):
        nested = [nested]
    records[0]["config"]["players"] = nested
    with pytest.raises(LogFormatError, match="nested"):
        read_log(b"\x91" * depth + b"\x01" if depth > 1000 else _bytes(records))
    if depth <= 1000:  # a structure this deep cannot be built by msgpack-python anyway
        with pytest.raises(LogFormatError, match="nested"):
            parse_records(records)


# --- 6. hashes over canonical re-encodings, whatever the key order -----------------------------


def test_records_in_any_key_order_verify_as_structured_data(na_match: Match) -> None:
    rng = random.Random(3)

    def shuffled(value: Any) -> Any:
        if isinstance(value, dict):
            items = [(k, shuffled(v)) for k, v in value.items()]
            rng.shuffle(items)
            return dict(items)
        if isinstance(value, list):
            return [shuffled(v) for v in value]
        return value

    for viewer in ("all", 1, None):
        log = na_match.log(viewer)
        records = [shuffled(r) for r in record_list(log)]
        parsed = parse_records(records)
        assert parsed == log  # held in canonical form
        assert verify_log(parsed).status == "verified"


# --- 7. every rules version stays verifiable; unknown versions are their own error ---------


def test_an_unknown_rules_version_is_its_own_error(fi_log: ReplayLog) -> None:
    records = record_list(fi_log)
    records[0]["rules_version"] = "9.9"
    with pytest.raises(UnsupportedRulesVersionError, match=r"9\.9"):
        read_log(_bytes(records))
    with pytest.raises(UnsupportedRulesVersionError):
        verify_log(attrs.evolve(fi_log, header=attrs.evolve(fi_log.header, rules_version="9.9")))


@pytest.mark.parametrize(("game_id", "version"), [("friday", "1.0"), ("gozer", "1.0")])
def test_a_log_of_an_earlier_version_verifies_under_that_version(
    game_id: str, version: str
) -> None:
    game = islandgames.get_game(game_id, version)
    m = Match(game, seed=8)
    rng = Rng.from_seed(8, "audit")
    while m.outcome() is None:
        choices = [(s, a) for s in game.seats(m.state) for a in m.legal_actions(s)]
        (seat, action), rng = rng.choice(choices)
        m.act(seat, action)
    data = io.BytesIO()
    write_log(m.log(), data)
    log = read_log(data.getvalue())
    assert log.header.rules_version == version
    v = verify_log(log)
    assert v.status == "verified" and v.outcome == m.outcome()
    assert Match.from_log(log).state == m.state


# --- 8. exact types: a bool is not an int --------------------------------------------------------


def test_a_bool_for_an_int_is_refused_by_apply() -> None:
    from islandgames.games.forbidden_island.actions import Give
    from islandgames.games.gozer.actions import Step

    gozer = islandgames.get_game("gozer")
    state = gozer.new(1)
    seat = gozer.to_act(state)[0]
    assert Step(1) in gozer.legal_actions(state, seat)
    with pytest.raises(IllegalActionError, match="expected int, got bool"):
        gozer.apply(state, seat, Step(True))
    with pytest.raises(IllegalActionError, match="outside"):
        gozer.apply(state, seat, Step(2**60))
    fi = islandgames.get_game("forbidden-island")
    m = _play("forbidden-island", 3, upto=0)
    for _ in range(200):
        seat = fi.to_act(m.state)[0]
        gives = [a for a in m.legal_actions(seat) if isinstance(a, Give) and a.to == 1]
        if gives:
            with pytest.raises(IllegalActionError, match="expected int, got bool"):
                fi.apply(m.state, seat, Give(gives[0].card, True))
            return
        m.act(seat, m.legal_actions(seat)[-1])
    pytest.fail("no Give to seat 1 came up")

