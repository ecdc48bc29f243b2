"""Interop: a verifier of the log format WITHOUT the game rules, written in JavaScript
(node + @msgpack/msgpack, see verify_vectors.mjs, with the BLAKE2b of blake2b.mjs) from
docs/log-format.md, reaches the "chain" verdict of every test vector in tests/vectors.

Skipped only when ``node`` is not installed, and never under CI (``CI`` set): there a
missing node is a failure. ``npm ci`` installs the pinned dependency when it is missing.
"""

from __future__ import annotations

import json
import subprocess
from collections import Counter
from pathlib import Path
from typing import Any

from tests.node_kit import install_dependencies, node

HERE = Path(__file__).resolve().parent
VECTORS = HERE.parent / "vectors"
MANIFEST = VECTORS / "manifest.json"
MARKERS = ("@msgpack/msgpack/package.json",)


def _run_verifier(manifest: Path) -> tuple[int, dict[str, Any], str]:
    """(exit code, the JSON summary, stderr) of ``node verify_vectors.mjs manifest``."""
    executable = node("JavaScript test-vector verifier")
    install_dependencies(HERE, MARKERS, "@msgpack/msgpack")
    result = subprocess.run(
        [executable, "verify_vectors.mjs", str(manifest)],
        cwd=HERE,
        capture_output=True,
        text=True,
        timeout=300,
    )
    lines = result.stdout.strip().splitlines()
    assert lines, f"no summary ({result.returncode}):\n{result.stderr}"
    summary: dict[str, Any] = json.loads(lines[-1])
    return result.returncode, summary, result.stderr


def _judged(manifest: dict[str, Any]) -> list[dict[str, Any]]:
    """The vectors a verifier without the rules can judge."""
    return [v for v in manifest["vectors"] if v["chain"] is not None]


def test_javascript_verifier_reaches_every_chain_verdict() -> None:
    manifest = json.loads(MANIFEST.read_text())
    judged = _judged(manifest)
    assert judged, "the manifest has no vector for a verifier without the rules"
    code, summary, stderr = _run_verifier(MANIFEST)
    assert code == 0, f"the verifier failed ({code}): {json.dumps(summary, indent=1)}\n{stderr}"
    assert summary["mismatches"] == []
    # every judged vector was checked: none can be skipped silently
    assert summary["checked"] == len(judged)
    assert summary["matched"] == len(judged)
    expected = Counter(v["chain"]["verdict"] for v in judged)
    assert summary["verdicts"] == {k: expected.get(k, 0) for k in summary["verdicts"]}
    assert sum(summary["verdicts"].values()) == len(judged)
    assert all(summary["verdicts"][k] > 0 for k in ("consistent", "diverged", "unreadable"))
    # every forked log's lineage was checked against its parent, each as the manifest says
    forks = [v for v in judged if "parent" in v and v.get("chain_against_parent") is not None]
    assert forks and summary["lineage_checked"] == len(forks)
    lineage = Counter(v["chain_against_parent"]["verdict"] for v in forks)
    assert summary["lineage_verdicts"] == {
        k: lineage.get(k, 0) for k in summary["lineage_verdicts"]
    }


def test_javascript_verifier_fails_on_a_wrong_expectation(tmp_path: Path) -> None:
    """A manifest copy (with absolute file paths) in which one vector of each verdict
    expects something else: the verifier exits non-zero and names exactly those."""
    manifest = json.loads(MANIFEST.read_text())
    for vector in manifest["vectors"]:
        vector["file"] = str((VECTORS / vector["file"]).resolve())
    judged = _judged(manifest)

    def first(verdict: str) -> dict[str, Any]:
        return next(v for v in judged if v["chain"]["verdict"] == verdict)

    consistent, diverged, unreadable = first("consistent"), first("diverged"), first("unreadable")
    found = {
        consistent["id"]: dict(consistent["chain"]),
        diverged["id"]: dict(diverged["chain"]),
        unreadable["id"]: dict(unreadable["chain"]),
    }
    consistent["chain"] = {"verdict": "diverged", "seq": 1}
    diverged["chain"] = {"verdict": "diverged", "seq": diverged["chain"]["seq"] + 1}
    unreadable["chain"] = {"verdict": "unreadable", "offset": unreadable["chain"]["offset"] + 1}
    path = tmp_path / "manifest.json"
    path.write_text(json.dumps(manifest, indent=1))

    code, summary, stderr = _run_verifier(path)
    assert code != 0, stderr
    assert summary["checked"] == len(judged)
    assert summary["matched"] == len(judged) - 3
    mismatches = {m["id"]: m for m in summary["mismatches"]}
    assert set(mismatches) == set(found)
    for vector in (consistent, diverged, unreadable):
        mismatch = mismatches[vector["id"]]
        assert mismatch["expected"] == vector["chain"]
        assert mismatch["found"] == found[vector["id"]]
