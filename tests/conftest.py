"""Shared test settings.

PostgreSQL: tests that need a server take the ``pg_url`` fixture (or ``pg_schema_url``,
a fresh empty schema per test). The URL comes from ``ISLANDGAMES_PG_URL``
(``scripts/pg-test-server.sh start DIR`` starts a throwaway server and prints one); if it
is unset those tests are skipped, except under CI (``CI`` set), where they fail.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from urllib.parse import quote

import pytest

PG_URL_ENV = "ISLANDGAMES_PG_URL"


def url_with_schema(url: str, schema: str) -> str:
    """``url`` with its tables in ``schema`` (the first of the search path)."""
    option = "options=" + quote(f"-csearch_path={schema}", safe="")
    return url + ("&" if "?" in url else "?") + option


@pytest.fixture(scope="session")
def pg_url() -> str:
    url = os.environ.get(PG_URL_ENV, "")
    if not url:
        reason = (
            f"no PostgreSQL: {PG_URL_ENV} is not set "
            "(scripts/pg-test-server.sh start DIR starts one and prints its URL)"
        )
        if os.environ.get("CI"):
            pytest.fail(f"{reason}; CI must provide it", pytrace=False)
        pytest.skip(reason)
    return url


@pytest.fixture
def pg_schema_url(pg_url: str) -> Iterator[str]:
    """A URL whose tables go to a new, empty schema, dropped after the test."""
    import psycopg

    schema = "t_" + secrets.token_hex(6)
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    try:
        yield url_with_schema(pg_url, schema)
    finally:
        with psycopg.connect(pg_url, autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA {schema} CASCADE")
