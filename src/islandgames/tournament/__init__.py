"""Tournaments: bots x seatings x configs x seeds, resumable, with replay logs and a
report (win rates with Wilson intervals, Bradley-Terry ratings, balance figures).

>>> from islandgames import tournament
>>> rep = tournament.run("friday", {"r": "random", "h": "heuristic"}, seeds=range(3))
>>> rep.expected, rep.finished, [b.results.games for b in rep.bots]
(6, 6, [3, 3])

Each seed is played by every seating (:mod:`~islandgames.tournament.seatings`: the bots
rotated over the seats or roles, so each bot plays each seat or role on the same
seeds); with ``store=PATH`` every game is kept in a SQLite file
(:mod:`~islandgames.tournament.store`) with its replay log, and a rerun plays only the
games the store lacks. The games run in local worker processes or on Ray
(:mod:`~islandgames.tournament.backends`); the results and the report are the same
whatever the backend and the number of workers. ``islandgames tournament`` is the
command line; ``docs/tournaments.md`` describes both.
"""

from __future__ import annotations

import os
from collections.abc import Iterable

from .backends import Backend, LocalBackend, RayBackend, make_backend, ray_installed
from .errors import SpecMismatchError, StoreError, TournamentError
from .records import GameRecord, SeatRecord, results_digest
from .report import Report, Tally, build_report
from .runner import play, play_batch, play_game, run
from .spec import TournamentSpec, build_spec, check_seeds
from .store import Store, open_store

__all__ = [
    "Backend",
    "GameRecord",
    "LocalBackend",
    "RayBackend",
    "Report",
    "SeatRecord",
    "SpecMismatchError",
    "Store",
    "StoreError",
    "Tally",
    "TournamentError",
    "TournamentSpec",
    "build_report",
    "build_spec",
    "check_seeds",
    "make_backend",
    "open_store",
    "play",
    "play_batch",
    "play_game",
    "ray_installed",
    "report",
    "results_digest",
    "run",
]


def report(
    store: str | os.PathLike[str],
    *,
    seeds: Iterable[int] | None = None,
    bootstrap: int = 200,
) -> Report:
    """The report of the games in the store at ``store`` (of ``seeds`` only, if given;
    missing games of those seeds are counted in ``missing``)."""
    with open_store(store) as st:
        wanted = None if seeds is None else check_seeds(seeds)
        return build_report(st.spec, st.records(wanted), seeds=wanted, bootstrap=bootstrap)
