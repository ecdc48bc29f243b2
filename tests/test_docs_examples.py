"""The Python examples of the README and of docs/ run as written.

Every fenced ``python`` block of a page runs, in page order, in one namespace per page
(a later block may use what an earlier one defined), in a fresh temporary directory. A
block that cannot run here (it needs a server another block does not start, or shows
only a fragment) is fenced as ``python title="..."`` with ``no-run`` in its info string
and is skipped; a test checks that each says why and prints how many were skipped.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"^```python([^\n]*)\n(.*?)^```", re.S | re.M)


def _blocks(page: Path) -> list[tuple[int, str, bool]]:
    """(line, code, runnable) per python block of ``page``."""
    text = page.read_text(encoding="utf-8")
    out = []
    for m in FENCE.finditer(text):
        line = text.count("\n", 0, m.start()) + 1
        out.append((line, m.group(2), "no-run" not in m.group(1)))
    return out


@pytest.mark.parametrize(
    "page",
    [p for p in PAGES if any(runnable for _, _, runnable in _blocks(p))],
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_the_python_examples_of_a_page_run(
    page: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, object] = {"__name__": "__docs__"}
    ran = 0
    for line, code, runnable in _blocks(page):
        if not runnable:
            continue
        try:
            exec(compile(code, f"{page.name}:{line}", "exec"), namespace)
        except Exception as exc:
            pytest.fail(f"{page.name}, the block at line {line}: {type(exc).__name__}: {exc}")
        ran += 1
    assert ran > 0 or os.environ.get("ISLANDGAMES_DOCS_ALL_SKIPPED"), "no block ran"


def test_every_skipped_block_says_why() -> None:
    """A ``no-run`` block carries a ``title="..."`` saying what it needs; the count of
    skipped blocks is printed so that none go unnoticed."""
    skipped = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for m in FENCE.finditer(text):
            if "no-run" in m.group(1):
                line = text.count("\n", 0, m.start()) + 1
                assert 'title="' in m.group(1), f"{page.name}:{line}: no-run without a title"
                skipped.append(f"{page.name}:{line}")
    print(f"{len(skipped)} python block(s) not run: {', '.join(skipped) or 'none'}")
