"""Copy the rules notes (the team's shared/rules/<game>.md) into docs/rules/ for the docs site.

    python scripts/sync_rules_notes.py [SHARED_RULES_DIR]

The notes cite their sources as ``[BGA]``, ``[POC]``, ...; Markdown would read a bare
``[X]`` as a reference link, so the copy escapes the brackets of every ``[X]`` that is
not already a link. Nothing else changes.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CITATION = re.compile(r"(?<![\\!])\[([^\]\n]+)\](?![(:])")


def main() -> None:
    source = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT.parent / "shared" / "rules"
    out = ROOT / "docs" / "rules"
    out.mkdir(exist_ok=True)
    for path in sorted(source.glob("*.md")):
        text = path.read_text(encoding="utf-8")
        lines = []
        fenced = False
        for line in text.splitlines(keepends=True):
            if line.lstrip().startswith("```"):
                fenced = not fenced
            lines.append(line if fenced else CITATION.sub(r"\\[\1\\]", line))
        (out / path.name).write_text("".join(lines), encoding="utf-8")
        print(f"docs/rules/{path.name}")


if __name__ == "__main__":
    main()
