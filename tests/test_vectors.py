"""The published test vectors (tests/vectors, made by scripts/make_vectors.py) keep their
verdicts: every honest log verifies or is unfinished, every tampered one is caught where
the manifest says. The vectors are never regenerated to make this pass: a vector that
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
    verify_log,
    verify_redacted,
)
from islandgames.core.log import parse_records

VECTORS = Path(__file__).resolve().parent / "vectors"
MANIFEST = json.loads((VECTORS / "manifest.json").read_text())


def _verdict(path: Path, full: Path | None = None) -> dict[str, Any]:
    try:
        if path.suffix == ".json":
            log = parse_records(json.loads(path.read_text()))
        else:
            log = read_log(path.read_bytes())
        v = verify_log(log) if full is None else verify_redacted(log, read_log(full))
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
        _check(_verdict(VECTORS / vector["file"], VECTORS / vector["full"]),
               vector["expect_against_full"])


def test_every_tampered_vector_is_caught_and_every_honest_one_is_not() -> None:
    tampered = [v for v in MANIFEST["vectors"] if v["tampered"]]
    assert len(tampered) >= 60
    for v in tampered:
        verdicts = {v["expect"]["verdict"], v.get("expect_against_full", {}).get("verdict")}
        assert verdicts & {"diverged", "unreadable", "unsupported"}, v["id"]
        assert "verified" not in verdicts, v["id"]
    for v in MANIFEST["vectors"]:
        if not v["tampered"]:
            assert v["expect"]["verdict"] in ("verified", "unfinished"), v["id"]
            assert v.get("expect_against_full", {"verdict": "verified"})["verdict"] == "verified"
