"""Fixtures for the service and adapter tests.

The test game ``toy-bids`` (several seats, hidden hands, simultaneous secret bids; see
``toygame.py``) is registered around each test of this folder only, so the rest of the
suite (which iterates over the registry) never sees it. Server processes started by the
tests get this folder on their ``PYTHONPATH`` and ``--import toygame_plugin``.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from typing import Any

import pytest

# a top-level module: this folder is on the path through the pytest config's pythonpath
_toygame: Any = importlib.import_module("toygame")

collect_ignore = ["toygame.py", "toygame_plugin.py"]


@pytest.fixture(autouse=True)
def _toy_game_registered() -> Iterator[None]:
    _toygame.register()
    try:
        yield
    finally:
        _toygame.unregister()
