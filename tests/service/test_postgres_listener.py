"""The PostgreSQL change listener's delivery rule, without a server: a notification is
passed on only while its channel is followed, so an unfollow takes effect at once (its
UNLISTEN may still be on its way, with notifications queued before it)."""

from __future__ import annotations

import pytest

pytest.importorskip("psycopg")

from islandgames.service.postgres import _Listener


def test_notifications_of_unfollowed_channels_are_dropped() -> None:
    heard: list[tuple[str | None, int]] = []
    listener = _Listener("postgresql://unused", {}, lambda m, s: heard.append((m, s)), "test")
    listener._counts["ch.a"] = 1
    listener._deliver("ch.a", "3 m_a")
    listener._deliver("ch.b", "4 m_b")  # never followed
    listener.unfollow("ch.a")
    listener._deliver("ch.a", "5 m_a")  # queued before the UNLISTEN took effect
    listener._deliver("ch.a", "garbage")
    assert heard == [("m_a", 3)]
