"""Every ruling and engine choice a game's doc lists is cited where it is implemented.

docs/<game>.md defines ruling ids (``F1``, ``I9``, ``N15``, ``E28``, ...). Each must
appear, as a word, in the source of that game's package, or be listed in the package's
``rules.UNCODED_RULINGS`` (id -> why no code implements it: a clarification that the
data already encodes, a rule of the physical game only, ...).
"""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import pytest

from islandgames import game_ids
from islandgames.core.registry import game_module

DOCS = Path(__file__).resolve().parent.parent / "docs"
RULING = re.compile(r"\b[A-Z][0-9]{1,2}\b")


def _doc_rulings(game_id: str) -> set[str]:
    """The ids the doc defines: the ones it sets in bold (``**F1**``, ``**M1 ...``) and
    the ranges of binding rulings it names (``I1`` to ``I17``, with an en dash)."""
    text = (DOCS / f"{game_id}.md").read_text(encoding="utf-8")
    ids = {m.group(1) for m in re.finditer(r"\*\*([A-Z][0-9]{1,2})\b", text)}
    for m in re.finditer(r"\b([A-Z])([0-9]{1,2})\s*[\u2013-]\s*([A-Z])([0-9]{1,2})\b", text):
        if m.group(1) == m.group(3):
            ids |= {f"{m.group(1)}{k}" for k in range(int(m.group(2)), int(m.group(4)) + 1)}
    return ids


def _package_source(game_id: str) -> str:
    """The package's source, without the ``UNCODED_RULINGS`` table itself (naming an id
    there is not citing it)."""
    package = Path(game_module(game_id).__file__ or "").parent
    texts = []
    for path in sorted(package.glob("*.py")):
        lines = path.read_text(encoding="utf-8").splitlines()
        for node in ast.walk(ast.parse("\n".join(lines))):
            targets = getattr(node, "targets", None) or [getattr(node, "target", None)]
            if isinstance(node, ast.Assign | ast.AnnAssign) and any(
                isinstance(t, ast.Name) and t.id == "UNCODED_RULINGS" for t in targets
            ):
                end = node.end_lineno or node.lineno
                lines[node.lineno - 1 : end] = [""] * (end - node.lineno + 1)
        texts.append("\n".join(lines))
    return "\n".join(texts)


@pytest.mark.parametrize("game_id", game_ids())
def test_every_ruling_is_cited_or_listed_as_needing_no_code(game_id: str) -> None:
    defined = _doc_rulings(game_id)
    assert defined, f"docs/{game_id}.md defines no ruling ids"
    cited = set(RULING.findall(_package_source(game_id)))
    rules = importlib.import_module(game_module(game_id).__name__ + ".rules")
    uncoded: dict[str, str] = getattr(rules, "UNCODED_RULINGS", {})
    assert all(why.strip() for why in uncoded.values()), "each uncoded ruling says why"
    assert not set(uncoded) - defined, f"UNCODED_RULINGS names unknown ids {set(uncoded) - defined}"
    assert not set(uncoded) & cited, f"listed as uncoded but cited: {set(uncoded) & cited}"
    missing = sorted(defined - cited - set(uncoded), key=lambda r: (r[0], int(r[1:])))
    assert not missing, f"{game_id}: rulings neither cited in the code nor listed: {missing}"
