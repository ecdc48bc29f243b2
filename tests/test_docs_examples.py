"""The Python examples of the README and of docs/ run as written.

Every fenced ``python`` block of a page runs, in page order, in one namespace per page
(a later block may use what an earlier one defined), in a fresh temporary directory. A
block that cannot run here (it needs a server another block does not start, or shows
only a fragment) is fenced as ``python {.no-run title="..."}`` (an attribute list, the
form pymdownx.superfences accepts: the site renders the title, and the class ``no-run``
lands on the block) and is skipped; a test checks that each says why, in that form, and
prints how many were skipped.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"^```python([^\n]*)\n(.*?)^```", re.S | re.M)
# the info string of a skipped block: ``{.no-run title="..."}`` after ``python``
NO_RUN = re.compile(r"\s*\{[^{}]*(?<![\w-])\.no-run(?![\w-])[^{}]*\}\s*")


def _blocks(page: Path) -> list[tuple[int, str, bool]]:
    """(line, code, runnable) per python block of ``page``."""
    text = page.read_text(encoding="utf-8")
    out = []
    for m in FENCE.finditer(text):
        line = text.count("\n", 0, m.start()) + 1
        out.append((line, m.group(2), NO_RUN.fullmatch(m.group(1)) is None))
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
    """A ``no-run`` block is written ``python {.no-run title="..."}``, the title saying
    what it needs; any other spelling of ``no-run`` (the old bare word, which superfences
    does not recognise, so the site rendered the rest of the page as one raw block) fails,
    as does a python fence the runner would not see. The count of skipped blocks is
    printed so that none go unnoticed."""
    skipped = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for m in re.finditer(r"^```\s*\{[^\n]*\.python\b", text, re.M):
            line = text.count("\n", 0, m.start()) + 1
            pytest.fail(f"{page.name}:{line}: write ```python {{...}}, the runner reads that")
        for m in FENCE.finditer(text):
            info = m.group(1)
            if "no-run" in info:
                line = text.count("\n", 0, m.start()) + 1
                assert NO_RUN.fullmatch(info), (
                    f'{page.name}:{line}: write ```python {{.no-run title="..."}}, not {info!r}'
                )
                assert 'title="' in info, f"{page.name}:{line}: no-run without a title"
                skipped.append(f"{page.name}:{line}")
    print(f"{len(skipped)} python block(s) not run: {', '.join(skipped) or 'none'}")
