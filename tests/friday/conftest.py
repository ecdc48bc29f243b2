"""Makes ``tests.friday.friday_kit`` (the shared scenario helpers) importable however
pytest is started: the repository root goes on ``sys.path``."""

import sys
from pathlib import Path

_ROOT = str(Path(__file__).resolve().parents[2])
if _ROOT not in sys.path:
    sys.path.insert(0, _ROOT)
