"""Tournaments on Ray (issue 39, item 2): the same games, the same store rows and the
same report bytes as the local backend. The test starts a local Ray itself (two CPUs, no
dashboard); it is skipped, saying why, where Ray (the ``ray`` extra) is not installed."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest

from islandgames.cli import main
from islandgames.tournament import RayBackend, TournamentError, open_store, ray_installed, run

pytestmark = pytest.mark.skipif(
    not ray_installed(), reason="Ray is not installed (pip install 'islandgames[ray]')"
)

BOTS = {"r": "random", "h": "heuristic"}


def test_ray_gives_the_local_backends_results_and_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """One test, so one Ray start (about 10 s): the same rows, logs and report bytes as
    the local backend; then the command line resumes on Ray a store begun locally."""
    import ray

    ray.init(num_cpus=2, include_dashboard=False, logging_level=logging.WARNING)
    try:
        local = run("gozer", BOTS, seeds=range(4), configs=[{"players": 3}], store=tmp_path / "l")
        on_ray = run(
            "gozer",
            BOTS,
            seeds=range(4),
            configs=[{"players": 3}],
            store=tmp_path / "r",
            backend="ray",
        )
        assert on_ray.to_json() == local.to_json() and on_ray.text() == local.text()
        with open_store(tmp_path / "l") as a, open_store(tmp_path / "r") as b:
            rows_a, rows_b = a.records(logs=True), b.records(logs=True)
        assert rows_a == rows_b and [r.log for r in rows_a] == [r.log for r in rows_b]
        assert ray.is_initialized()  # a connection made by the caller is left open

        store = str(tmp_path / "t.sqlite")
        argv = ["tournament", "run", "friday", "--bot", "r=random", "--bot", "h=heuristic"]
        assert main([*argv, "--store", store, "--seeds", "3", "-q"]) == 0
        capsys.readouterr()
        assert (
            main([*argv, "--store", store, "--seeds", "6", "--backend", "ray", "-j", "2", "--json"])
            == 0
        )
        captured = capsys.readouterr()
        assert "played 6 games (6 were in the store)" in captured.err
        assert "on ray with 2 worker(s)" in captured.err
        assert json.loads(captured.out) == run("friday", BOTS, seeds=range(6)).to_wire()
    finally:
        ray.shutdown()


def test_bad_ray_options_are_refused() -> None:
    with pytest.raises(TournamentError, match="'auto' or 'ray://host:port'"):
        RayBackend(address="tcp://x")
    with pytest.raises(TournamentError, match="workers must be"):
        RayBackend(workers=0)
