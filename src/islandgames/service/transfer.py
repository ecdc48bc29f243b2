"""Copying matches from one store to another (e.g. a SQLite file to PostgreSQL).

Every match of the source is checked before anything of it is written: the header
against its seed and config, the whole hash chain, and a replay from the seed that must
reproduce every state hash (as a load with ``load_from_snapshot=False`` does). A match
already in the destination must agree with the source on its record, its tokens and
every entry it has; only the entries it lacks are appended, so a copy can be run again
(after more play on the source, or after an interruption) and copies only what is new.
Snapshots are copied with their entries. The destination's copy is then loaded and
checked the same way.

A match that fails a check is reported and skipped; the others are still copied.

>>> from islandgames.service import MatchService, MemoryStore
>>> src = MatchService(MemoryStore())
>>> m = src.create("friday", None, seed=1)
>>> _ = src.act(m.seats[0].token, src.legal_actions(m.seats[0].token).actions[0], 0)
>>> dst = MemoryStore()
>>> report = copy_matches(src.store, dst)
>>> (report.copied, report.entries, report.failed)
(1, 1, ())
>>> copy_matches(src.store, dst).up_to_date
1
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from ..core import serde
from .errors import CorruptMatchError, StoreError, UnknownMatchError
from .service import MatchService
from .store import MatchStore, Snapshot, StoredMatch

__all__ = ["CopyReport", "copy_matches"]


@attrs.frozen(slots=True)
class CopyReport:
    """What :func:`copy_matches` did. ``failed``: ``(match_id, reason)`` of each match it
    skipped, in the source's order."""

    copied: int = 0
    extended: int = 0
    up_to_date: int = 0
    entries: int = 0
    failed: tuple[tuple[str, str], ...] = ()

    @property
    def ok(self) -> bool:
        return not self.failed


#: ``progress(match_id, index, total)``, called before each match is copied.
Progress = Callable[[str, int, int], None]


def copy_matches(
    source: MatchStore,
    destination: MatchStore,
    *,
    progress: Progress | None = None,
) -> CopyReport:
    """Copy every match of ``source`` into ``destination`` (see the module docstring);
    the stores stay open."""
    if source is destination:
        raise ValueError("the source and the destination are the same store")
    checker = MatchService(source, load_from_snapshot=False)
    dst_checker = MatchService(destination, load_from_snapshot=False)
    copied = extended = up_to_date = entries = 0
    failed: list[tuple[str, str]] = []
    ids = source.match_ids()
    for index, match_id in enumerate(ids):
        if progress is not None:
            progress(match_id, index, len(ids))
        try:
            stored = source.load(match_id)
            checker._load(match_id)  # every hash, replayed from the seed
            added, created = _copy_one(source, destination, stored)
            if added or created:
                dst_checker._load(match_id)  # the copy reads back and checks the same
        except (StoreError, ValueError, LookupError) as exc:  # LookupError: a version
            # this engine does not have (UNSUPPORTED_RULES_VERSION), reported, not copied
            failed.append((match_id, str(exc)))
            continue
        entries += added
        if created:
            copied += 1
        elif added:
            extended += 1
        else:
            up_to_date += 1
    return CopyReport(copied, extended, up_to_date, entries, tuple(failed))


def _copy_one(source: MatchStore, destination: MatchStore, stored: StoredMatch) -> tuple[int, bool]:
    """Append what ``destination`` lacks of one (checked) match: (entries added, whether
    the match was created)."""
    record = stored.record
    match_id = record.match_id
    tokens = source.tokens(match_id)
    try:
        have = destination.load(match_id)
    except UnknownMatchError:
        have = None
    created = have is None
    if have is None:
        destination.create(record, tokens)
        start = 0
    else:
        if not _same_record(have, stored):
            raise StoreError(f"match {match_id}: the destination holds a different match")
        if destination.tokens(match_id) != tokens:
            raise StoreError(f"match {match_id}: the destination has different tokens")
        if len(have.entries) > len(stored.entries) or any(
            a.chain_hash != b.chain_hash for a, b in zip(have.entries, stored.entries, strict=False)
        ):
            raise CorruptMatchError(
                f"match {match_id}: the destination's entries are not a prefix of the source's"
            )
        start = len(have.entries)
    snapshots = _snapshots(source, match_id, len(stored.entries), start)
    for e in stored.entries[start:]:
        destination.append(match_id, e, snapshots.get(e.seq))
    return len(stored.entries) - start, created


def _snapshots(store: MatchStore, match_id: str, last: int, after: int) -> dict[int, Snapshot]:
    """The stored snapshots of entries ``after+1 .. last``, by seq."""
    found: dict[int, Snapshot] = {}
    seq = last
    while seq > after:
        snap = store.snapshot_at_or_before(match_id, seq)
        if snap is None or snap.seq <= after:
            break
        found[snap.seq] = snap
        seq = snap.seq - 1
    return found


def _same_record(a: StoredMatch, b: StoredMatch) -> bool:
    x, y = a.record, b.record
    return (x.match_id, x.game, x.seed, x.config) == (y.match_id, y.game, y.seed, y.config) and (
        serde.canonical_bytes(x.header) == serde.canonical_bytes(y.header)
    )
