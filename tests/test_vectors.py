"""The published test vectors (tests/vectors, made by scripts/make_vectors.py) keep their
verdicts: every honest log verifies or is unfinished, every tampered one is caught where
the manifest says (alone, against its full log, or, for a forked log, against its parent
by verify_fork). The vectors are never regenerated to make this pass: a vector that
changes verdict means the verifier changed (docs/log-format.md, "Test vectors")."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from islandgames import (
    LogFormatError,
    UnsupportedRulesVersionError,
    read_log,
    verify_fork,
    verify_log,
    verify_redacted,
)
from islandgames.core.log import parse_records

VECTORS = Path(__file__).resolve().parent / "vectors"
MANIFEST = json.loads((VECTORS / "manifest.json").read_text())


def _verdict(path: Path, full: Path | None = None, parent: Path | None = None) -> dict[str, Any]:
    try:
        if path.suffix == ".json":
            log = parse_records(json.loads(path.read_text()))
        else:
            log = read_log(path.read_bytes())
        if parent is not None:
            v = verify_fork(log, read_log(parent.read_bytes()))
        elif full is not None:
            v = verify_redacted(log, read_log(full))
        else:
            v = verify_log(log)
    except LogFormatError as exc:
        return {"verdict": "unreadable", "message": str(exc)}
    except UnsupportedRulesVersionError as exc:
        return {"verdict": "unsupported", "message": str(exc)}
    out: dict[str, Any] = {"verdict": v.status, "entries": v.entries}
    if v.divergence is not None:
        out["seq"], out["what"] = v.divergence.seq, v.divergence.what
    return out


def _check(found: dict[str, Any], expected: dict[str, Any]) -> None:
    assert found["verdict"] == expected["verdict"], found
    if expected["verdict"] == "unreadable":
        # the message names the byte offset of the record that cannot be read
        assert f"byte {expected['offset']}" in found["message"] or (
            f"bytes {expected['offset']}.." in found["message"]
        ), found["message"]
    elif expected["verdict"] != "unsupported":
        for key in ("entries", "seq", "what"):
            assert found.get(key) == expected.get(key), (key, found, expected)


@pytest.mark.parametrize("vector", MANIFEST["vectors"], ids=lambda v: v["id"])
def test_vector(vector: dict[str, Any]) -> None:
    _check(_verdict(VECTORS / vector["file"]), vector["expect"])
    if "full" in vector:
        _check(
            _verdict(VECTORS / vector["file"], VECTORS / vector["full"]),
            vector["expect_against_full"],
        )
    if "parent" in vector:
        against = _verdict(VECTORS / vector["file"], parent=VECTORS / vector["parent"])
        _check(against, vector["expect_against_parent"])


def test_every_tampered_vector_is_caught_and_every_honest_one_is_not() -> None:
    tampered = [v for v in MANIFEST["vectors"] if v["tampered"]]
    assert len(tampered) >= 91
    for v in tampered:
        verdicts = {
            v["expect"]["verdict"],
            v.get("expect_against_full", {}).get("verdict"),
            v.get("expect_against_parent", {}).get("verdict"),
        }
        assert verdicts & {"diverged", "unreadable", "unsupported"}, v["id"]
        if "parent" in v:
            # a tampered fork may verify alone (its chain recomputed): then its lineage fails
            assert v["expect_against_parent"]["verdict"] != "verified", v["id"]
        else:
            assert "verified" not in verdicts, v["id"]
    for v in MANIFEST["vectors"]:
        if not v["tampered"]:
            assert v["expect"]["verdict"] in ("verified", "unfinished"), v["id"]
            assert v.get("expect_against_full", {"verdict": "verified"})["verdict"] == "verified"
            # a fork's lineage holds, and its verdict against its parent is its own
            lineage = v.get("expect_against_parent", v["expect"])
            assert lineage["verdict"] == v["expect"]["verdict"], v["id"]


def test_fork_vectors_and_a_rules_free_verifier_catches_every_tampered_fork() -> None:
    """Forked logs (a header with ``parent``) of Friday and Gozer, finished and running,
    and tampered forks: each names a parent vector that is an honest full log, and has
    both lineage verdicts. A verifier without the rules catches every tampered fork by
    its chain or its lineage (the forgeries are of the parent link and of the parent's
    entries)."""
    forks = [v for v in MANIFEST["vectors"] if "parent" in v]
    files = {v["file"]: v for v in MANIFEST["vectors"]}
    assert {v["game"] for v in forks} >= {"friday", "gozer"}
    assert sum(v["tampered"] for v in forks) >= 5
    honest = {v["expect"]["verdict"] for v in forks if not v["tampered"]}
    assert honest == {"verified", "unfinished"}
    for v in forks:
        parent = files[v["parent"]]
        assert not parent["tampered"] and parent["expect"]["verdict"] == "verified", v["id"]
        assert read_log((VECTORS / v["parent"]).read_bytes()).header.parent is None
        assert {"expect_against_parent", "chain_against_parent"} <= set(v), v["id"]
        if v["expect"]["verdict"] != "unreadable":
            assert read_log((VECTORS / v["file"]).read_bytes()).header.parent is not None
        chain = {v["chain"]["verdict"], v["chain_against_parent"]["verdict"]}
        if v["tampered"]:
            assert chain & {"diverged", "unreadable"}, v["id"]
        else:
            assert chain == {"consistent"}, v["id"]
    assert all("/fork" in v["id"] for v in forks)


def test_ai_seat_vectors_and_a_rules_free_verifier_fails_where_islandgames_does() -> None:
    """A Forbidden Island match whose seat 1 the server played (header ``ai_seats``),
    its spectator's log, and tampered copies: the bot renamed (the header chain covers
    ai_seats, so entry 1's chain hash breaks) and ai_seats spelled as a reader refuses
    (unreadable at the header); and a fork claiming AI seats its parent lacks. Where
    islandgames finds a log unreadable or its chain broken, a verifier without the
    rules must find the same, at the same offset or seq."""
    ai = [v for v in MANIFEST["vectors"] if "ai-seats" in v["id"]]
    by_id = {v["id"]: v for v in ai}
    honest = read_log((VECTORS / by_id["forbidden-island/ai-seats"]["file"]).read_bytes())
    assert honest.header.ai_seats is not None
    assert [(a.seat, a.bot) for a in honest.header.ai_seats] == [(1, "heuristic")]
    assert {e.seat for e in honest.entries} == {0, 1}
    spectator = by_id["forbidden-island/ai-seats-spectator"]
    assert spectator["full"] == by_id["forbidden-island/ai-seats"]["file"]
    assert spectator["expect_against_full"]["verdict"] == "verified"
    renamed = by_id["forbidden-island/ai-seats-bot-renamed"]
    assert renamed["expect"]["verdict"] == "diverged" and renamed["expect"]["seq"] == 1
    refused = [v for v in ai if v["expect"]["verdict"] == "unreadable"]
    assert len(refused) >= 8
    for v in ai:
        expected, chain = v["expect"], v["chain"]
        if expected["verdict"] == "unreadable":
            assert chain == {"verdict": "unreadable", "offset": expected["offset"]}, v["id"]
        elif expected["verdict"] == "diverged":
            assert chain == {"verdict": "diverged", "seq": expected["seq"]}, v["id"]
        else:
            assert chain == {"verdict": "consistent"}, v["id"]
    claimed = by_id["friday/fork-ai-seats-added-rechained"]
    assert claimed["expect_against_parent"]["what"] == "lineage: ai_seats"
    assert claimed["chain_against_parent"] == {"verdict": "diverged", "seq": 0}
