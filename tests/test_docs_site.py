"""The docs site builds with no warning, and no page loses a section on the way.

The site is built once (``mkdocs build --strict`` into a temporary directory, as
``.ci/run`` builds it). A fence that pymdownx.superfences does not recognise does not
warn by itself: it turns the rest of the page into one raw block, and its headings vanish
from the site (their anchors then break links, which do warn). So besides the warnings,
every Markdown heading of every page under docs/ must be a heading (``<h1>`` to ``<h6>``)
of that page's built HTML, as often as the Markdown has it.

Skipped only when the docs toolchain (the ``docs`` extra, also in ``dev``) is missing.
"""

from __future__ import annotations

import html
import os
import re
import subprocess
import sys
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"

ATX = re.compile(r"^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$")
FENCE_OPEN = re.compile(r"^\s*(`{3,}|~{3,})")
LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")


def markdown_headings(text: str) -> list[str]:
    """The ATX headings of a Markdown page outside fenced code, as plain text."""
    out: list[str] = []
    fence: str | None = None
    for line in text.splitlines():
        m = FENCE_OPEN.match(line)
        if fence is not None:
            closes = m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence)
            if closes and not line.strip().lstrip(fence[0]):
                fence = None
            continue
        if m:
            fence = m.group(1)
            continue
        h = ATX.match(line)
        if h:
            out.append(_plain_markdown(h.group(2)))
    return out


def _plain_markdown(s: str) -> str:
    s = LINK.sub(r"\1", s)
    s = re.sub(r"\\([\\`*_{}\[\]()#+\-.!|<>])", r"\1", s)
    s = s.replace("`", "").replace("**", "")
    return " ".join(s.split())


class _Headings(HTMLParser):
    """The text of every h1-h6 of an HTML page, without the permalink."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.headings: list[str] = []
        self._depth = 0  # > 0 inside a heading
        self._skip = 0  # > 0 inside its headerlink anchor
        self._text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if re.fullmatch(r"h[1-6]", tag):
            self._depth += 1
            self._text = []
        elif self._depth and tag == "a" and "headerlink" in (dict(attrs).get("class") or ""):
            self._skip += 1

    def handle_endtag(self, tag: str) -> None:
        if self._skip and tag == "a":
            self._skip -= 1
        elif self._depth and re.fullmatch(r"h[1-6]", tag):
            self._depth -= 1
            self.headings.append(" ".join(html.unescape("".join(self._text)).split()))

    def handle_data(self, data: str) -> None:
        if self._depth and not self._skip:
            self._text.append(data)


def html_headings(page: str) -> list[str]:
    parser = _Headings()
    parser.feed(page)
    return parser.headings


def built_page(site: Path, md: Path) -> Path:
    """Where mkdocs (use_directory_urls) writes the page built from ``md``."""
    rel = md.relative_to(DOCS).with_suffix("")
    return site / "index.html" if rel == Path("index") else site / rel / "index.html"


PAGES = sorted(DOCS.rglob("*.md"))


@pytest.fixture(scope="module")
def build(
    tmp_path_factory: pytest.TempPathFactory,
) -> tuple[Path, subprocess.CompletedProcess[str]]:
    for module in ("mkdocs", "material", "mkdocstrings"):
        pytest.importorskip(module, reason="the docs extra is not installed")
    site = tmp_path_factory.mktemp("site")
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(site)],
        cwd=ROOT,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        capture_output=True,
        text=True,
        timeout=600,
    )
    return site, done


def test_the_site_builds_with_no_warning(
    build: tuple[Path, subprocess.CompletedProcess[str]],
) -> None:
    _, done = build
    output = done.stdout + done.stderr
    warnings = [ln for ln in output.splitlines() if re.match(r"\s*(WARNING|ERROR)\b", ln)]
    assert done.returncode == 0 and not warnings, f"mkdocs build --strict:\n{output}"


@pytest.mark.parametrize("md", PAGES, ids=lambda p: str(p.relative_to(DOCS)))
def test_every_heading_of_a_page_is_a_heading_of_its_html(
    build: tuple[Path, subprocess.CompletedProcess[str]], md: Path
) -> None:
    site, _ = build
    wanted = Counter(markdown_headings(md.read_text(encoding="utf-8")))
    assert wanted, f"{md.name}: no heading found (is the parser broken?)"
    out = built_page(site, md)
    assert out.is_file(), f"{md.name} was not built (expected {out})"
    found = Counter(html_headings(out.read_text(encoding="utf-8")))
    missing = sorted((wanted - found).elements())
    assert not missing, (
        f"{md.relative_to(ROOT)}: headings missing from the built {out.relative_to(site)} "
        f"(swallowed by an unclosed or unrecognised block?): {missing}"
    )


def test_the_heading_parsers_agree_on_a_sample() -> None:
    """The two parsers the check above compares, on the forms the docs use."""
    md = (
        "# The `islandgames` command\n"
        "```python {.no-run}\n# a comment, not a heading\n```\n"
        "## 1.1 Contents of the box \\[GENZO\\]\n"
        "### See [the log](log-format.md) ##\n"
    )
    assert markdown_headings(md) == [
        "The islandgames command",
        "1.1 Contents of the box [GENZO]",
        "See the log",
    ]
    page = (
        '<h1 id="x">The <code>islandgames</code> command'
        '<a class="headerlink" href="#x">&para;</a></h1>'
        '<h2>1.1 Contents of the box [GENZO]</h2><h3>See <a href="l/">the log</a></h3>'
    )
    assert html_headings(page) == markdown_headings(md)
