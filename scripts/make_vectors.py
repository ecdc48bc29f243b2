"""Write the test vectors for log verifiers in any language: tests/vectors/.

    python scripts/make_vectors.py [--out tests/vectors]

Per game, seeded full logs and per-seat logs, and tampered variants of each kind a
verifier must catch, each with its expected verdict, described by ``manifest.json``
(docs/log-format.md, "Test vectors"). The logs of Friday and Gozer rules 1.0 are the
ones islandgames 0.1.0 wrote (tests/golden/logs), tampered here like the others.

The vectors are artifacts: once published they never change (a verifier checked against
them must stay right). Running this again gives the same bytes: every vector set is
played under the rules version and stamped with the engine_version it was first
published with (``PLAYS``), never the newest ones, so a game's new rules version or a new
release changes none of them. New vectors are new sets (or new files of a set), pinned
the same way.
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import islandgames
from islandgames import Match, fork, get_game, read_log, verify_fork, verify_log, verify_redacted
from islandgames.core import serde
from islandgames.core.errors import LogFormatError
from islandgames.core.log import (
    action_commitment,
    next_chain,
    parse_records,
    record_list,
)
from islandgames.core.rng import Rng

ROOT = Path(__file__).resolve().parents[1]
GOLDEN_LOGS = ROOT / "tests" / "golden" / "logs"
PUBLISHED = ROOT / "tests" / "vectors"

Records = list[dict[str, Any]]


@dataclass(frozen=True)
class Play:
    """A published vector set's game: its seed and config, and the rules version and
    engine_version its logs were written with (the headers of the published files say
    so). Never change these for a published set: its vectors would change."""

    seed: int
    config: dict[str, Any]
    rules_version: str
    engine_version: str


# short games (small files), seeds with hex letters (so case matters)
PLAYS = {
    "friday": Play(0xFEED0002, {"level": 2}, "1.1", "0.2.0"),
    "forbidden-island": Play(0xFEED000B, {"players": 2}, "1.0", "0.2.0"),
    "not-alone": Play(0xFEED0001, {"hunted": 1}, "1.0", "0.2.0"),
    "gozer": Play(0xFEED0003, {"players": 3, "round_limit": 3}, "1.1", "0.2.0"),
}


def _play(game_id: str, seed: int, config: Any, upto: int | None = None) -> Match:
    """The seeded match of a vector set, under the set's pinned rules version."""
    game = get_game(game_id, PLAYS[game_id].rules_version)
    m = Match(game, seed=seed, config=game.decode_config(config))
    rng = Rng.from_seed(seed, "vectors")
    while m.outcome() is None and (upto is None or m.seq < upto):
        choices = [(s, a) for s in game.seats(m.state) for a in m.legal_actions(s)]
        (seat, action), rng = rng.choice(choices)
        m.act(seat, action)
    return m


def _records(m: Match, viewer: int | str | None = "all") -> Records:
    """``m``'s log (or one seat's) as records, stamped with the set's pinned
    engine_version: the header chain covers engine_version, so the chain is recomputed
    (what the engine of that version wrote; nothing changes when it is the running one)."""
    records = record_list(m.log(viewer))
    return _stamped(records, PLAYS[m.game.info.id].engine_version)


def _stamped(records: Records, engine_version: str) -> Records:
    if records[0]["engine_version"] != engine_version:
        records[0]["engine_version"] = engine_version
        _rechain(records)
    return records


def _pack(records: Records) -> bytes:
    return b"".join(serde.packb(r) for r in records)


def _starts(records: Records) -> list[int]:
    out, pos = [], 0
    for r in records:
        out.append(pos)
        pos += len(serde.packb(r))
    return out


def _rechain(records: Records) -> Records:
    """Recompute every commitment (for entries with a salt) and the whole chain, as a
    forger would after changing something."""
    header = {k: v for k, v in records[0].items() if k not in ("type", "viewer")}
    chain = serde.digest(b"islandgames-chain", serde.packb(header))
    for r in records[1:]:
        if r["type"] != "entry":
            continue
        if r["salt"] is not None:
            r["action_commitment"] = action_commitment(r["salt"], r["action"])
        chain = next_chain(chain, r["seat"], r["action_commitment"], r["state_hash"])
        r["chain_hash"] = chain.hex()
    return records


class Vectors:
    def __init__(self, out: Path) -> None:
        self.out = out
        self.items: list[dict[str, Any]] = []

    def add(
        self,
        vid: str,
        data: bytes,
        description: str,
        chain: dict[str, Any] | None,
        base: Records,
        full: str | None = None,
        suffix: str = ".iglog",
        tampered: bool = False,
        parent: str | None = None,
        chain_against_parent: dict[str, Any] | None = None,
    ) -> None:
        path = self.out / f"{vid}{suffix}"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        item: dict[str, Any] = {
            "id": vid,
            "file": path.relative_to(self.out).as_posix(),
            "game": base[0]["game"],
            "rules_version": base[0]["rules_version"],
            "description": description,
            "tampered": tampered,
            "expect": _engine_verdict(data, suffix),
            "chain": chain,
        }
        if full is not None:
            item["full"] = f"{full}.iglog"
            item["expect_against_full"] = _engine_verdict(
                data, suffix, (self.out / f"{full}.iglog").read_bytes()
            )
        if parent is not None:
            item["parent"] = f"{parent}.iglog"
            item["expect_against_parent"] = _engine_verdict(
                data, suffix, parent=(self.out / f"{parent}.iglog").read_bytes()
            )
            item["chain_against_parent"] = chain_against_parent
        self.items.append(item)


def _engine_verdict(
    data: bytes, suffix: str, full: bytes | None = None, parent: bytes | None = None
) -> dict[str, Any]:
    """What this engine says: a verdict with the first divergent seq and what differed,
    or ``unreadable`` (with the byte offset the reader names) or ``unsupported``; against
    ``full`` that of verify_redacted, against ``parent`` that of verify_fork."""
    try:
        log = parse_records(json.loads(data)) if suffix == ".json" else read_log(data)
        if parent is not None:
            v = verify_fork(log, read_log(parent))
        elif full is not None:
            v = verify_redacted(log, read_log(full))
        else:
            v = verify_log(log)
    except LogFormatError as exc:
        text = str(exc)
        found = re.search(r"\bbytes? (\d+)", text)
        offset = None if found is None else int(found.group(1))
        return {"verdict": "unreadable", "offset": offset, "message": text}
    except islandgames.UnsupportedRulesVersionError as exc:
        return {"verdict": "unsupported", "message": str(exc)}
    out: dict[str, Any] = {"verdict": v.status, "entries": v.entries}
    if v.divergence is not None:
        out["seq"] = v.divergence.seq
        out["what"] = v.divergence.what
    return out


def _consistent() -> dict[str, Any]:
    return {"verdict": "consistent"}


def _diverged(seq: int) -> dict[str, Any]:
    return {"verdict": "diverged", "seq": seq}


def _unreadable(offset: int) -> dict[str, Any]:
    return {"verdict": "unreadable", "offset": offset}


def tampered_variants(v: Vectors, gid: str, records: Records, *, spellings: bool) -> None:
    """The kinds of tampering every game gets (and, with ``spellings``, the spelling
    variants of values)."""
    n = len(records) - 2
    starts = _starts(records)
    k = min(5, n)

    def variant(
        vid: str, change: Callable[[Records], Records | bytes], what: str, chain: Any
    ) -> None:
        out = change(copy.deepcopy(records))
        data = out if isinstance(out, bytes) else _pack(out)
        v.add(f"{gid}/{vid}", data, what, chain, records, tampered=True)

    def masked_outcome(r: Records) -> Records:
        r[k]["action"] = r[k]["salt"] = None
        for res in r[-1]["outcome"]["results"]:
            res["result"], res["score"] = "win", 999
        return r

    variant(
        "masked-entry-and-outcome", masked_outcome,
        f"entry {k} masked (action and salt nil) in a full log, the outcome rewritten to "
        "wins with score 999: a finished log that cannot be fully replayed",
        _diverged(k),
    )  # fmt: skip

    def outcome_only(r: Records) -> Records:
        r[-1]["outcome"]["results"][0]["score"] += 1
        return r

    variant(
        "outcome-rewritten", outcome_only,
        "the end record's first score is one higher: only a replay can tell", _consistent(),
    )  # fmt: skip

    def state_hash(r: Records) -> Records:
        h = r[k]["state_hash"]
        r[k]["state_hash"] = h[:-1] + ("0" if h[-1] != "0" else "1")
        return r

    variant(
        "state-hash-changed", state_hash,
        f"entry {k}'s state hash changed, the chain not recomputed", _diverged(k),
    )  # fmt: skip

    def state_hash_rechained(r: Records) -> Records:
        return _rechain(state_hash(r))

    variant(
        "state-hash-changed-rechained", state_hash_rechained,
        f"entry {k}'s state hash changed and the chain recomputed: only a replay can tell",
        _consistent(),
    )  # fmt: skip
    variant(
        "cut-inside-an-entry", lambda r: _pack(r)[: starts[k] + 7],
        f"the file cut 7 bytes into entry {k}", _unreadable(starts[k]),
    )  # fmt: skip

    def flip_length(r: Records) -> bytes:
        data = bytearray(_pack(r))
        at = data.index(b"\xaachain_hash\xd9\x40", starts[k]) + 11
        data[at] = 0xDB  # str8 -> str32: a length that swallows the rest of the file
        return bytes(data)

    variant(
        "length-header-flipped", flip_length,
        f"one byte flipped in entry {k}: its chain_hash's str8 header became str32, a "
        "length that runs past the end of the file", _unreadable(starts[k]),
    )  # fmt: skip
    variant(
        "trailing-byte", lambda r: _pack(r) + b"\x00",
        "one byte (a msgpack 0) after the end record", _unreadable(sum(map(len, map(
            serde.packb, records)))),
    )  # fmt: skip

    def future(r: Records) -> Records:
        r[0]["rules_version"] = "9.9"
        return _rechain(r)

    variant(
        "unsupported-rules-version", future,
        "the header names rules_version 9.9 (chain recomputed): a version this engine "
        "never had is its own error, not a divergence", _consistent(),
    )  # fmt: skip

    def deep(r: Records) -> Records:
        nested: Any = 1
        for _ in range(400):
            nested = [nested]
        key = next(iter(r[0]["config"]))
        r[0]["config"][key] = nested
        return r

    variant(
        "deep-config", deep,
        "a header config value nested 400 levels deep (at most 32 are allowed)",
        _unreadable(0),
    )  # fmt: skip

    def wide_int(r: Records) -> bytes:
        data = _pack(r)
        at = data.index(b"\xa3seq\x01", starts[1]) + 4
        return data[:at] + b"\xcd\x00\x01" + data[at + 1 :]

    variant(
        "wide-integer", wide_int,
        "entry 1's seq written as a 3-byte uint16 instead of a 1-byte fixint: the same "
        "value, a non-canonical spelling", _unreadable(starts[1]),
    )  # fmt: skip

    def reordered(r: Records) -> Records:
        r[k] = dict(reversed(list(r[k].items())))
        return r

    variant(
        "keys-reordered", reordered,
        f"entry {k}'s keys in reverse order: a file has one spelling", _unreadable(starts[k]),
    )  # fmt: skip
    if not spellings:
        return
    end_at = starts[-1]
    for name, respell in (
        ("seed-upper-case", str.upper),
        ("seed-leading-space", lambda s: " " + s[1:]),
        ("seed-0x", lambda s: "0x" + s[2:]),
        ("seed-underscore", lambda s: s[:8] + "_" + s[9:]),
        ("seed-zeros-dropped", lambda s: s.lstrip("0") or "0"),
    ):

        def seed(r: Records, respell: Callable[[str], str] = respell) -> Records:
            r[-1]["seed"] = respell(r[-1]["seed"])
            return r

        variant(
            name, seed, "the revealed seed spelled otherwise than 64 lower-case hex digits",
            _unreadable(end_at),
        )  # fmt: skip

    def score_true(r: Records) -> Records:
        r[-1]["outcome"]["results"][0]["score"] = True
        return r

    variant("score-true", score_true, "an outcome score written as true", _unreadable(end_at))

    def other_seed(r: Records) -> Records:
        seed = r[-1]["seed"]
        r[-1]["seed"] = seed[:-1] + ("1" if seed[-1] != "1" else "2")
        return r

    variant(
        "seed-not-committed", other_seed,
        "the revealed seed is another well-formed seed: it does not match the commitment",
        _diverged(0),
    )  # fmt: skip

    def wrong_salt(r: Records) -> Records:
        r[k]["salt"] = serde.digest(b"not the salt").hex()
        return _rechain(r)

    variant(
        "salt-wrong-rechained", wrong_salt,
        f"entry {k}'s salt replaced, its commitment and the chain recomputed: the salt is "
        "not the one the revealed seed gives", _diverged(k),
    )  # fmt: skip

    def seq_skipped(r: Records) -> Records:
        r[k]["seq"] = k + 1
        return r

    variant("seq-skipped", seq_skipped, f"entry {k} says seq {k + 1}", _diverged(k))

    def seat_out_of_range(r: Records) -> Records:
        r[k]["seat"] = r[0]["seats"]
        return _rechain(r)

    variant(
        "seat-out-of-range", seat_out_of_range,
        f"entry {k}'s seat is the number of seats (one too many), chain recomputed",
        _diverged(k),
    )  # fmt: skip

    def float_seat(r: Records) -> Records:
        r[k]["seat"] = float(r[k]["seat"])
        return r

    variant("float-for-int", float_seat, f"entry {k}'s seat as a float", _unreadable(starts[k]))

    def bin_hash(r: Records) -> Records:
        r[k]["state_hash"] = bytes.fromhex(r[k]["state_hash"])
        return r

    variant(
        "bin-for-hex", bin_hash, f"entry {k}'s state hash as 32 bytes of msgpack bin",
        _unreadable(starts[k]),
    )  # fmt: skip

    def bad_utf8(r: Records) -> bytes:
        data = bytearray(_pack(r))
        at = data.index(b"\xa6friday", starts[0]) + 1
        data[at] = 0xFF  # not UTF-8
        return bytes(data)

    variant("invalid-utf-8", bad_utf8, "the header's game id is not UTF-8", _unreadable(0))

    def header_second(r: Records) -> Records:
        r[0], r[1] = r[1], r[0]
        return r

    variant(
        "header-not-first", header_second, "the first entry comes before the header",
        _unreadable(0),
    )  # fmt: skip
    variant("empty-file", lambda r: b"", "an empty file", _unreadable(0))

    def hash_upper(r: Records) -> Records:
        r[k]["state_hash"] = r[k]["state_hash"].upper()
        return r

    variant(
        "hash-upper-case", hash_upper, f"entry {k}'s state hash in upper case",
        _unreadable(starts[k]),
    )  # fmt: skip


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "tests" / "vectors")
    args = parser.parse_args()
    out: Path = args.out
    published = _published()  # read before the old files go
    for old in out.rglob("*"):
        if old.is_file() and old.suffix in (".iglog", ".json"):
            old.unlink()
    v = Vectors(out)
    for gid, play in PLAYS.items():
        seed, config = play.seed, play.config
        m = _play(gid, seed, config)
        full = _records(m)
        v.add(f"{gid}/full", _pack(full), "a finished game's full log", _consistent(), full)
        half = len(full) // 2
        v.add(
            f"{gid}/running", _pack(full[:half]),
            f"the same log cut exactly after entry {half - 1}: a valid log of a game still "
            "running", _consistent(), full,
        )  # fmt: skip
        v.add(
            f"{gid}/spectator", _pack(_records(m, None)),
            "the finished game's log as a spectator sees it", _consistent(), full,
            full=f"{gid}/full",
        )  # fmt: skip
        tampered_variants(v, gid, full, spellings=gid == "friday")
        if gid == "not-alone":
            not_alone_per_seat(v, m, seed, config)
        if gid in ("gozer", "forbidden-island"):
            bool_for_int(v, gid, full)
    for path in sorted(GOLDEN_LOGS.glob("*.iglog")):
        # logs written by islandgames 0.1.0 under rules 1.0
        gid = path.stem.split("-1.0-")[0]
        records = record_list(read_log(path))
        vid = f"{gid}-1.0/{path.stem.split('-1.0-')[1]}"
        v.add(
            vid, path.read_bytes(), f"a full log written by islandgames 0.1.0 ({path.name})",
            _consistent(), records,
        )  # fmt: skip
        if "level-3" in path.stem or "4-players" in path.stem:
            tampered_variants(v, f"{gid}-1.0", records, spellings=False)
    json_vector(v)
    for gid in ("friday", "gozer"):
        fork_vectors(v, gid)
    setup_vectors(v)
    ai_seat_vectors(v)
    items = _keep_published(v, *published)
    manifest = {
        "format": "islandgames-log-test-vectors",
        "version": 1,
        "engine_version": islandgames.__version__,
        "about": (
            "Logs for verifiers of the islandgames log format (docs/log-format.md). For "
            "each vector, 'expect' is the verdict of a verifier that has the game's rules "
            "(islandgames: verified, unfinished or diverged with the first divergent seq "
            "and what differed; unreadable with the byte offset of the first record that "
            "cannot be read; unsupported for a rules version it does not have); 'chain' is "
            "what a verifier without the rules must find: consistent (every check it can "
            "make holds), diverged at seq, or unreadable at offset (null: not a file such "
            "a verifier can judge). Per-seat vectors name the full log to check them "
            "against and give 'expect_against_full'. Forked logs (a header with 'parent') "
            "name the 'parent' log they were forked from and give 'expect_against_parent' "
            "(the verdict of islandgames' verify_fork, which checks the lineage too) and "
            "'chain_against_parent' (the fork's lineage as a verifier without the rules "
            "checks it, given the parent log: consistent, diverged at seq, unreadable at "
            "offset)."
        ),
        "vectors": items,
    }
    (out / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n")
    counts: dict[str, int] = {}
    for item in items:
        counts[item["expect"]["verdict"]] = counts.get(item["expect"]["verdict"], 0) + 1
    added = len(items) - len(published[0])
    print(f"{len(items)} vectors in {out} ({added} new): {counts}", file=sys.stderr)
    return 0


Published = tuple[dict[str, dict[str, Any]], dict[str, bytes]]


def _published() -> Published:
    """The published manifest's entries by id and the published files' bytes."""
    path = PUBLISHED / "manifest.json"
    if not path.exists():
        return {}, {}
    items = {item["id"]: item for item in json.loads(path.read_text())["vectors"]}
    files = {item["file"]: (PUBLISHED / item["file"]).read_bytes() for item in items.values()}
    return items, files


def _essentials(item: dict[str, Any]) -> dict[str, Any]:
    """A manifest entry without the engine's messages (explanations worded by the engine
    that made it, which later engines may word otherwise)."""
    out = copy.deepcopy(item)
    for key in ("expect", "expect_against_full", "expect_against_parent"):
        if isinstance(out.get(key), dict):
            out[key].pop("message", None)
    return out


def _keep_published(
    v: Vectors, items: dict[str, dict[str, Any]], files: dict[str, bytes]
) -> list[dict[str, Any]]:
    """The manifest's entries: every published vector exactly as published, then the new
    ones. Refuses (exit 1) if a published vector is gone, if its file's bytes changed or
    if its entry did (but for the engine's messages): vectors never change, and a verdict
    that changed means the verifier did."""
    problems = []
    made = {item["id"]: item for item in v.items}
    for vid, old in items.items():
        new = made.get(vid)
        if new is None:
            problems.append(f"{vid}: published, no longer made")
        elif (v.out / old["file"]).read_bytes() != files[old["file"]]:
            problems.append(f"{vid}: {old['file']} differs from the published file")
        elif _essentials(new) != _essentials(old):
            problems.append(f"{vid}: the manifest entry changed: {_essentials(new)}")
    if problems:
        raise SystemExit("published vectors changed:\n" + "\n".join(problems))
    return [items.get(item["id"], item) for item in v.items]


def not_alone_per_seat(v: Vectors, m: Match, seed: int, config: Any) -> None:
    """Per-seat logs with masked and partial actions; a partial form swapped; a full log
    relabelled with a viewer."""
    gid = "not-alone"
    base = _records(m)
    v.add(
        f"{gid}/seat-0", _pack(_records(m, 0)),
        "the finished game's log as seat 0 sees it: masked actions are recovered from "
        "their commitments once the seed is revealed", _consistent(), base, full=f"{gid}/full",
    )  # fmt: skip
    for upto in range(20, 400, 5):
        mid = _play(gid, seed, config, upto=upto)
        red = _records(mid, 0)
        partial = [
            r for r in red[1:] if r["type"] == "entry" and r["action"] is not None and not r["salt"]
        ]
        if partial:
            break
    else:
        raise SystemExit("no partial form in a not-alone log")
    v.add(
        f"{gid}/seat-0-running", _pack(red),
        f"seat 0's log of the same game after {upto} actions, with a partly masked action "
        f"(entry {partial[0]['seq']})", _consistent(), base, full=f"{gid}/full",
    )  # fmt: skip
    # an action masked entirely (nil, no salt) is rarer: a secret choice still pending
    other = _play(gid, 0xFEED0005, {"hunted": 2})
    v.add(
        f"{gid}/full-2-hunted", _pack(_records(other)),
        "a finished game's full log, 2 Hunted", _consistent(), _records(other),
    )  # fmt: skip
    for upto in range(1, other.seq):
        pending = _play(gid, 0xFEED0005, {"hunted": 2}, upto=upto)
        masked = [
            (viewer, pending.log(viewer))
            for viewer in (*pending.game.seats(pending.state), None)
            if any(e.action is None for e in pending.log(viewer).entries)
        ]
        if masked:
            break
    else:
        raise SystemExit("no entirely masked action in a not-alone log")
    viewer, _ = masked[0]
    v.add(
        f"{gid}/seat-{viewer}-running-masked", _pack(_records(pending, viewer)),
        f"seat {viewer}'s log of that game after {upto} actions, with an action masked "
        "entirely (nil, no salt)", _consistent(), base, full=f"{gid}/full-2-hunted",
    )  # fmt: skip
    swapped = copy.deepcopy(red)
    target = swapped[partial[0]["seq"]]
    target["action"] = {"type": "pass"}
    v.add(
        f"{gid}/partial-form-swapped", _pack(swapped),
        f"seat 0's running log with the partly masked action of entry {partial[0]['seq']} "
        "replaced by another action: only a check against the true action's redaction "
        "(the full log) can tell", _consistent(), base, full=f"{gid}/full", tampered=True,
    )  # fmt: skip
    relabelled = _records(m)
    relabelled[0]["viewer"] = 0
    v.add(
        f"{gid}/relabelled-viewer", _pack(relabelled),
        "the full log with its header relabelled as seat 0's log: it shows what seat 0 "
        "may not see", _consistent(), base, tampered=True,
    )  # fmt: skip


def bool_for_int(v: Vectors, gid: str, records: Records) -> None:
    """An int field of an action written as true, with its commitment and the chain
    recomputed (what a log of ``Step(True)`` would have looked like)."""
    r = copy.deepcopy(records)
    ints = [
        (entry, key)
        for entry in r[1:-1]
        for key, value in entry["action"].items()
        if type(value) is int
    ]
    if not ints:
        raise SystemExit(f"{gid}: no action with an int field")
    # True == 1: a value of 1 is the case a legality check alone let through
    entry, key = next(((e, k) for e, k in ints if e["action"][k] == 1), ints[0])
    entry["action"][key] = True
    v.add(
        f"{gid}/bool-for-int", _pack(_rechain(r)),
        f"entry {entry['seq']}'s action has true for an int field (commitment and chain "
        "recomputed): not an action of the game", _consistent(), records, tampered=True,
    )  # fmt: skip


def setup_vectors(v: Vectors) -> None:
    """A Friday match with a scenario setup (the hazard stack fixed): its full log (the
    header commits to the setup, the end record reveals it), a spectator's log, and
    tampered copies: another setup revealed (the chain holds: only the commitment check
    finds it), and a setup in the end record of a log whose header commits to none."""
    from islandgames.games.friday import FridaySetup
    from islandgames.games.friday.data import HAZARDS

    play = PLAYS["friday"]
    game = get_game("friday", play.rules_version)
    m = Match(
        game, seed=play.seed, config=game.decode_config(play.config),
        setup=FridaySetup(hazards=tuple(sorted(HAZARDS, reverse=True))),
    )  # fmt: skip
    rng = Rng.from_seed(play.seed, "vectors-setup")
    while m.outcome() is None:
        choices = [(s, a) for s in game.seats(m.state) for a in m.legal_actions(s)]
        (seat, action), rng = rng.choice(choices)
        m.act(seat, action)
    full = _records(m)
    v.add(
        "friday/setup", _pack(full),
        "a finished game with a scenario setup (the hazard stack fixed): the header holds "
        "setup_commitment = H('islandgames-setup', seed32, canonical(setup)), the end "
        "record the setup", _consistent(), full,
    )  # fmt: skip
    v.add(
        "friday/setup-spectator", _pack(_records(m, None)),
        "the same game's log as a spectator sees it (the header shows only the commitment)",
        _consistent(), full, full="friday/setup",
    )  # fmt: skip
    other = copy.deepcopy(full)
    other[-1]["setup"]["hazards"] = sorted(other[-1]["setup"]["hazards"])
    v.add(
        "friday/setup-other", _pack(other),
        "another setup revealed in the end record (not the one committed to)", _consistent(),
        full, tampered=True,
    )  # fmt: skip
    plain = _records(_play("friday", play.seed, play.config))
    plain[-1]["setup"] = full[-1]["setup"]
    v.add(
        "friday/setup-uncommitted", _pack(plain),
        "a setup in the end record of a log whose header commits to none",
        _unreadable(_starts(plain)[-1]), plain, tampered=True,
    )  # fmt: skip


def ai_seat_vectors(v: Vectors) -> None:
    """A Forbidden Island match of 2 (the set's seed, config and rules version) whose
    seat 1 the server played with its ``heuristic`` bot, played to its end through
    MatchService (seat 0's actions drawn at random, as in ``_play``): its full log (the
    header lists ``ai_seats``, covered by chain_0), a spectator's log, and tampered
    copies: the bot renamed with the chain not recomputed (entry 1's chain hash no longer
    follows), and, with the chain recomputed, ``ai_seats`` spelled as a reader refuses
    (seats out of order or named twice, a bool or an out-of-range seat, an empty list,
    an empty or too long bot spec, a map's keys reordered, the key after ``viewer``);
    and a Friday fork whose header claims an AI seat its parent never had (chain
    recomputed: it verifies alone, its lineage does not).

    Its bytes follow from the heuristic bot's play under Forbidden Island rules 1.0 (and
    the service's ai_rng): if that bot ever plays otherwise, this set can no longer be
    made by playing, and main refuses (published vectors changed) rather than change it."""
    from islandgames.core.match import redact_log
    from islandgames.service import MatchService

    gid = "forbidden-island"
    play = PLAYS[gid]
    service = MatchService()
    created = service.create(
        gid, config=play.config, seed=play.seed, rules_version=play.rules_version,
        ai_seats={1: "heuristic"},
    )  # fmt: skip
    token = created.seats[0].token
    rng = Rng.from_seed(play.seed, "vectors-ai-seats")
    while not (status := service.status(token)).over:
        legal = service.legal_actions(token).actions
        if not legal:
            raise SystemExit(f"{gid}: the match waits on its AI seat, not on seat 0")
        action, rng = rng.choice(list(legal))
        service.act(token, action, expected_seq=status.seq)
    log = service.log(token)
    if {e.seat for e in log.entries} != {0, 1}:
        raise SystemExit(f"{gid}: the AI seat never played")
    full = _stamped(record_list(log), play.engine_version)
    vid = f"{gid}/ai-seats"
    v.add(
        vid, _pack(full),
        "a finished game whose seat 1 the server played with its 'heuristic' bot "
        "(MatchService.create(..., ai_seats={1: 'heuristic'})): the header lists "
        "ai_seats = [{seat: 1, bot: 'heuristic'}] between initial_state_hash and viewer, "
        "covered by chain_0; the AI seat's entries are entries like any other",
        _consistent(), full,
    )  # fmt: skip
    game = get_game(gid, play.rules_version)
    spectator = redact_log(game, play.seed, log, None)
    v.add(
        f"{vid}-spectator", _pack(_stamped(record_list(spectator), play.engine_version)),
        "the same game's log as a spectator sees it (the header lists the AI seats too)",
        _consistent(), full, full=vid,
    )  # fmt: skip

    def variant(name: str, change: Callable[[Records], Records], what: str, chain: Any) -> None:
        data = _pack(change(copy.deepcopy(full)))
        v.add(f"{vid}-{name}", data, what, chain, full, tampered=True)

    def renamed(r: Records) -> Records:
        r[0]["ai_seats"][0]["bot"] = "random"
        return r

    variant(
        "bot-renamed", renamed,
        "the AI seat's bot renamed 'random', the chain not recomputed: chain_0 covers "
        "ai_seats, so entry 1's chain hash no longer follows", _diverged(1),
    )  # fmt: skip

    def respelled(value: Any) -> Callable[[Records], Records]:
        def change(r: Records) -> Records:
            r[0]["ai_seats"] = value
            return _rechain(r)

        return change

    for name, value, what in (
        ("out-of-order", [{"seat": 1, "bot": "heuristic"}, {"seat": 0, "bot": "heuristic"}],
         "seats 1 then 0: ai_seats lists its seats in increasing order"),
        ("seat-twice", [{"seat": 1, "bot": "heuristic"}, {"seat": 1, "bot": "random"}],
         "seat 1 named twice"),
        ("bool-seat", [{"seat": True, "bot": "heuristic"}],
         "the seat written as true (an int is never a bool)"),
        ("seat-out-of-range", [{"seat": 2, "bot": "heuristic"}],
         "seat 2 of a match of 2 seats (0..1)"),
        ("empty", [], "an empty list (a log without AI seats has no ai_seats key)"),
        ("bot-empty", [{"seat": 1, "bot": ""}], "an empty bot spec"),
        ("bot-too-long", [{"seat": 1, "bot": "h" * 129}],
         "a bot spec of 129 characters (at most 128 are allowed)"),
        ("keys-reordered", [{"bot": "heuristic", "seat": 1}],
         "the AI seat's map with its keys in reverse order (bot, seat): a file has one "
         "spelling"),
    ):  # fmt: skip
        variant(
            name, respelled(value), f"the header's ai_seats: {what}; the chain recomputed",
            _unreadable(0),
        )  # fmt: skip

    def after_viewer(r: Records) -> Records:
        r[0]["ai_seats"] = r[0].pop("ai_seats")  # now the last key
        return _rechain(r)

    variant(
        "after-viewer", after_viewer,
        "the header's ai_seats key after viewer instead of before it; the chain recomputed",
        _unreadable(0),
    )  # fmt: skip
    parent_id = "friday/full"
    forked = record_list(read_log((v.out / "friday" / "fork.iglog").read_bytes()))
    claimed = copy.deepcopy(forked)
    header = claimed[0]
    claimed[0] = {k: header[k] for k in header if k != "viewer"}
    claimed[0]["ai_seats"] = [{"seat": 0, "bot": "heuristic"}]
    claimed[0]["viewer"] = header["viewer"]
    v.add(
        "friday/fork-ai-seats-added-rechained", _pack(_rechain(claimed)),
        "friday/fork with ai_seats [{seat: 0, bot: 'heuristic'}] added to its header, the "
        "chain recomputed: it verifies alone, but a fork's header is its parent's in "
        "every field but engine_version and parent, and the parent has no AI seats",
        _consistent(), forked, tampered=True, parent=parent_id,
        chain_against_parent=_diverged(0),
    )  # fmt: skip


def fork_vectors(v: Vectors, gid: str) -> None:
    """A fork of the set's full log after half its entries, played on to its end; the
    fork just made (running); for Friday, tampered forks: the parent link edited (chain
    not recomputed), relinked with the chain recomputed, entries swapped with the chain
    recomputed, and the parent map respelled."""
    parent_id = f"{gid}/full"
    parent = read_log((v.out / f"{parent_id}.iglog").read_bytes())
    k = len(parent.entries) // 2
    m = fork(parent, k)
    running = _records(m)
    game = m.game
    rng = Rng.from_seed(PLAYS[gid].seed, "vectors-fork")
    while m.outcome() is None:
        choices = [(s, a) for s in game.seats(m.state) for a in m.legal_actions(s)]
        (seat, action), rng = rng.choice(choices)
        m.act(seat, action)
    full = _records(m)
    if full[k + 1]["type"] != "entry":
        raise SystemExit(f"{gid}: the fork ended where it was forked")
    v.add(
        f"{gid}/fork", _pack(full),
        f"a fork of {parent_id} after entry {k}, played on to its end: its header names its "
        "parent (match '', seq, the parent's chain hash after that entry); the parent's "
        f"first {k} entries re-chained under the fork's header", _consistent(), full,
        parent=parent_id, chain_against_parent=_consistent(),
    )  # fmt: skip
    v.add(
        f"{gid}/fork-running", _pack(running),
        f"the fork just made: the parent's first {k} entries under the fork's header, no end "
        "record (a game still running)", _consistent(), running, parent=parent_id,
        chain_against_parent=_consistent(),
    )  # fmt: skip
    if gid != "friday":
        return

    def fork_variant(
        vid: str, change: Callable[[Records], Records], what: str, chain: Any, lineage: Any
    ) -> None:
        data = _pack(change(copy.deepcopy(full)))
        v.add(
            f"{gid}/{vid}", data, what, chain, full, tampered=True, parent=parent_id,
            chain_against_parent=lineage,
        )  # fmt: skip

    def edited(r: Records) -> Records:
        r[0]["parent"]["seq"] += 1
        return r

    fork_variant(
        "fork-parent-seq-edited", edited,
        f"the fork's parent.seq one higher ({k + 1}), the chain not recomputed: the header "
        "chain covers the parent link, so entry 1's chain hash no longer follows",
        _diverged(1), _diverged(1),
    )  # fmt: skip

    fork_variant(
        "fork-parent-seq-edited-rechained", lambda r: _rechain(edited(r)),
        f"the fork's parent.seq one higher ({k + 1}), the chain recomputed: the fork verifies "
        f"alone, but the parent's chain hash after entry {k + 1} is not its parent.chain_hash",
        _consistent(), _diverged(0),
    )  # fmt: skip

    def relinked(r: Records) -> Records:
        r[0]["parent"]["chain_hash"] = parent.entries[k].chain_hash
        return _rechain(r)

    fork_variant(
        "fork-parent-relinked-rechained", relinked,
        "the fork's parent.chain_hash replaced by the parent's chain hash one entry later, "
        "the chain recomputed: the fork verifies alone, its lineage does not (the parent's "
        f"chain hash after entry {k} is another)", _consistent(), _diverged(0),
    )  # fmt: skip

    def swapped(r: Records) -> Records:
        r[2]["state_hash"], r[3]["state_hash"] = r[3]["state_hash"], r[2]["state_hash"]
        return _rechain(r)

    fork_variant(
        "fork-state-hashes-swapped-rechained", swapped,
        "the fork's entries 2 and 3 with their state hashes swapped, the chain recomputed: "
        "consistent alone without the rules, but the entries are not the parent's (and a "
        "replay tells)", _consistent(), _diverged(2),
    )  # fmt: skip

    def reordered(r: Records) -> Records:
        r[0]["parent"] = dict(reversed(list(r[0]["parent"].items())))
        return r

    fork_variant(
        "fork-parent-keys-reordered", reordered,
        "the fork's parent map with its keys in reverse order (chain_hash, seq, match): a "
        "file has one spelling", _unreadable(0), _unreadable(0),
    )  # fmt: skip


def json_vector(v: Vectors) -> None:
    """The full log of Friday as JSON records with every map's keys shuffled: a verifier
    that takes structured records must not depend on key order."""
    data = (v.out / "friday" / "full.iglog").read_bytes()
    rng = random.Random(7)

    def shuffled(value: Any) -> Any:
        if isinstance(value, dict):
            items = [(k, shuffled(x)) for k, x in value.items()]
            rng.shuffle(items)
            return dict(items)
        if isinstance(value, list):
            return [shuffled(x) for x in value]
        return value

    base = record_list(read_log(data))
    records = [shuffled(r) for r in base]
    v.add(
        "friday/full-shuffled-keys", json.dumps(records, indent=None).encode() + b"\n",
        "friday/full.iglog as a JSON array of records, every map's keys in a random order: "
        "hashes are taken over canonical re-encodings of typed values, so it verifies",
        None, base, suffix=".json",
    )  # fmt: skip


if __name__ == "__main__":
    raise SystemExit(main())
