"""``--import toygame_plugin``: registers the test game in a server process (whose
``PYTHONPATH`` holds this folder)."""

from __future__ import annotations

import importlib

importlib.import_module("toygame").register()
