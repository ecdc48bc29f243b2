"""docs/protocol-reference.md is generated from the envelope: it must say exactly what
the declaration says (regenerate with ``python scripts/gen_protos.py``)."""

from __future__ import annotations

import difflib
import re
from pathlib import Path

from islandgames.service import envelope
from islandgames.service.wiretypes import fields_of, message_spec

REFERENCE = Path(__file__).resolve().parents[2] / "docs" / "protocol-reference.md"


def test_the_committed_reference_is_the_generated_one() -> None:
    wanted = envelope.reference_markdown()
    have = REFERENCE.read_text(encoding="utf-8")
    diff = "".join(
        difflib.unified_diff(
            have.splitlines(True), wanted.splitlines(True), "committed", "generated", n=1
        )
    )
    assert have == wanted, f"run python scripts/gen_protos.py:\n{diff}"


def test_the_reference_lists_every_operation_and_field() -> None:
    text = envelope.reference_markdown()
    for op in envelope.OPERATIONS:
        if op.method is not None:
            assert f"`{op.method}(" in text, op.method
        if op.rpc is not None:
            assert f"`{op.rpc}`(" in text, op.rpc
    for section in envelope.MESSAGES:
        for m in section.messages:
            if isinstance(m, type):
                spec = message_spec(m)
                block = text.split(f"\n### {spec.name}\n", 1)[1].split("\n### ", 1)[0]
                for f in fields_of(m):
                    assert re.search(rf"^\| `{f.name}` \| {f.number} \|", block, re.M), (
                        spec.name,
                        f.name,
                    )
            else:
                assert f"\n### {m.name}\n" in text


def test_every_link_of_the_reference_names_a_heading_in_it() -> None:
    text = envelope.reference_markdown()
    anchors = {h.lower() for h in re.findall(r"^### (\w+)$", text, re.M)}
    links = set(re.findall(r"\]\(#(\w+)\)", text))
    assert links and links <= anchors, sorted(links - anchors)
