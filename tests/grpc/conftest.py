"""Fixtures for the gRPC adapter tests (helpers in ``grpc_kit``). The repository root
goes on ``sys.path`` so ``tests.grpc.grpc_kit`` imports however pytest is started."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

_ROOT = str(Path(__file__).resolve().parents[2])
if _ROOT not in sys.path:
    sys.path.insert(0, _ROOT)

from islandgames_grpc import Client  # noqa: E402

from tests.grpc.grpc_kit import Served, serving  # noqa: E402


@pytest.fixture(scope="module")
def served() -> Iterator[Served]:
    with serving() as s:
        yield s


@pytest.fixture()
def client(served: Served) -> Iterator[Client]:
    with served.client(timeout=30) as c:
        yield c
