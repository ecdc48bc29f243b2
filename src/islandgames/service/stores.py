"""Opening the store a server was given: :func:`open_store`.

This module knows every store (memory, SQLite, PostgreSQL); :mod:`.store` (the
interface) knows none of the backends, so the backends can import it without a cycle.
"""

from __future__ import annotations

from typing import Literal

from .errors import StoreError
from .sqlite import SqliteStore
from .store import MatchStore, MemoryStore

__all__ = ["open_store"]


def open_store(
    spec: str | None,
    *,
    synchronous: Literal["normal", "full"] = "normal",
    journal: bool = True,
    initialize: bool = False,
) -> MatchStore:
    """The store a server was given: None for memory, a ``postgresql://`` (or
    ``postgres://``) URL for :class:`~islandgames.service.postgres.PostgresStore`, or else
    the path of a SQLite file (:class:`~islandgames.service.sqlite.SqliteStore`, with
    ``synchronous``, ``journal`` and ``initialize``: make an existing file that is not a
    store, an empty one included, a store). Raises :class:`StoreError` if it cannot be
    opened.

    >>> type(open_store(None)).__name__
    'MemoryStore'
    """
    if spec is None:
        return MemoryStore()
    if spec.startswith(("postgresql://", "postgres://")):
        try:
            # optional: psycopg is an extra, so it is imported only when asked for
            from .postgres import PostgresStore
        except ImportError as exc:
            raise StoreError(
                f"a PostgreSQL store needs psycopg and psycopg-pool "
                f"(pip install 'islandgames[postgres]'): {exc}"
            ) from exc
        return PostgresStore(spec)
    return SqliteStore(spec, synchronous=synchronous, journal=journal, initialize=initialize)
