"""Fixtures for the gRPC adapter tests (helpers in ``tests.grpc.grpc_kit``; the
repository root is on the path through the pytest config's ``pythonpath``)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from islandgames_grpc import Client

from tests.grpc.grpc_kit import Served, serving


@pytest.fixture(scope="module")
def served() -> Iterator[Served]:
    with serving() as s:
        yield s


@pytest.fixture()
def client(served: Served) -> Iterator[Client]:
    with served.client(timeout=30) as c:
        yield c
