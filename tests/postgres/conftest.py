"""Fixtures for the PostgreSQL tests (the URL fixtures are in tests/conftest.py).

The test game ``toy-bids`` of tests/service (hidden hands, secret simultaneous bids) is
registered around each test of this folder too; server processes get tests/service on
their ``PYTHONPATH`` and ``--import toygame_plugin``.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from typing import Any

import pytest

# tests/service is on the path through the pytest config's pythonpath
_toygame: Any = importlib.import_module("toygame")


@pytest.fixture(autouse=True)
def _toy_game_registered() -> Iterator[None]:
    _toygame.register()
    try:
        yield
    finally:
        _toygame.unregister()
