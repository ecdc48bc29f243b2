"""Where a tournament's games are played: in local worker processes
(:class:`LocalBackend`) or as tasks on a Ray cluster (:class:`RayBackend`, the ``ray``
extra: ``pip install 'islandgames[ray]'``).

A backend only maps the worker function over batches of games and hands back each
batch's results as it finishes, in any order; the driver stores them. Results never
depend on the backend: every game is a function of its key.
"""

from __future__ import annotations

import importlib
import importlib.util
import logging
import multiprocessing
import signal
from collections.abc import Callable, Iterator, Sequence
from types import ModuleType
from typing import Any, Protocol, runtime_checkable

from .errors import TournamentError

__all__ = [
    "BACKENDS",
    "RAY_EXTRA",
    "Backend",
    "LocalBackend",
    "RayBackend",
    "make_backend",
    "ray_installed",
]

#: A batch of games for a worker: the spec's wire form, the keys (config, seed as hex,
#: seating) and whether to keep the logs.
Task = tuple[dict[str, Any], list[tuple[int, str, int]], bool]
#: A worker's answer: its islandgames version and the records' wire forms.
ChunkResult = tuple[str, list[list[Any]]]
Worker = Callable[[Task], ChunkResult]

BACKENDS = ("local", "ray")

#: What to install for the Ray backend.
RAY_EXTRA = "pip install 'islandgames[ray]'"


@runtime_checkable
class Backend(Protocol):
    """Runs batches of games; ``workers`` is how many run at once."""

    name: str
    workers: int

    def map_unordered(self, fn: Worker, tasks: Sequence[Task]) -> Iterator[ChunkResult]:
        """``fn`` of each task, as each finishes."""
        ...

    def close(self) -> None: ...


def _ignore_interrupts() -> None:
    """In a pool worker: Ctrl-C reaches the whole process group, but only the parent
    acts on it (it stops the pool), as in ``islandgames simulate``."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class LocalBackend:
    """``workers`` processes on this machine (1: in this process). Workers are started
    with ``spawn`` (no fork of the parent) and look games up in the registry, as
    ``islandgames simulate`` does."""

    name = "local"

    def __init__(self, workers: int = 1) -> None:
        if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
            raise TournamentError(f"workers must be an int >= 1, got {workers!r}")
        self.workers = workers

    def map_unordered(self, fn: Worker, tasks: Sequence[Task]) -> Iterator[ChunkResult]:
        if self.workers == 1 or len(tasks) <= 1:
            for task in tasks:
                yield fn(task)
            return
        ctx = multiprocessing.get_context("spawn")
        with ctx.Pool(min(self.workers, len(tasks)), initializer=_ignore_interrupts) as pool:
            yield from pool.imap_unordered(fn, tasks)

    def close(self) -> None:
        pass


def ray_installed() -> bool:
    """Whether Ray is installed (found, not imported)."""
    return importlib.util.find_spec("ray") is not None


def _ray() -> ModuleType:
    if not ray_installed():
        raise TournamentError(f"the ray backend needs Ray, which is not installed: {RAY_EXTRA}")
    return importlib.import_module("ray")


class RayBackend:
    """Ray tasks, at most ``workers`` at a time (default: one per CPU of the cluster).

    If Ray is already initialised in this process (``ray.init(...)`` was called), that
    connection is used and left open. Otherwise ``address`` is passed to ``ray.init``:
    ``"auto"`` joins the cluster this machine belongs to (``ray start --head`` or a
    worker node), ``"ray://host:port"`` connects through Ray Client, and None starts a
    local Ray (with ``workers`` CPUs if given); :meth:`close` then disconnects. Every
    node needs the same islandgames installed (the driver refuses results from another
    version), or a ``runtime_env`` that installs it."""

    name = "ray"

    def __init__(
        self,
        address: str | None = None,
        workers: int | None = None,
        runtime_env: dict[str, Any] | None = None,
    ) -> None:
        if workers is not None and (
            isinstance(workers, bool) or not isinstance(workers, int) or workers < 1
        ):
            raise TournamentError(f"workers must be an int >= 1, got {workers!r}")
        if address is not None and address != "auto" and not address.startswith("ray://"):
            raise TournamentError(f"a Ray address is 'auto' or 'ray://host:port', got {address!r}")
        ray = _ray()
        self._ray = ray
        self._owned = False
        if not ray.is_initialized():
            kwargs: dict[str, Any] = {
                "logging_level": logging.WARNING,
                "runtime_env": runtime_env,
            }
            if address is None:
                kwargs.update(include_dashboard=False, num_cpus=workers)
            else:
                kwargs["address"] = address
            try:
                ray.init(**kwargs)
            except (ConnectionError, RuntimeError, ValueError) as exc:
                where = "a local Ray" if address is None else f"Ray at {address!r}"
                raise TournamentError(f"cannot start or reach {where}: {exc}") from None
            self._owned = True
        cpus = int(ray.cluster_resources().get("CPU", 1))
        self.workers = workers if workers is not None else max(1, cpus)

    def map_unordered(self, fn: Worker, tasks: Sequence[Task]) -> Iterator[ChunkResult]:
        ray = self._ray
        remote = ray.remote(num_cpus=1, max_retries=3)(fn)
        queue = list(reversed(tasks))
        pending: list[Any] = []
        try:
            while queue or pending:
                while queue and len(pending) < self.workers:
                    pending.append(remote.remote(queue.pop()))
                done, pending = ray.wait(pending, num_returns=1)
                result: ChunkResult = ray.get(done[0])
                yield result
        finally:
            for ref in pending:  # interrupted: stop what was still running
                ray.cancel(ref, force=True)

    def close(self) -> None:
        if self._owned:
            self._ray.shutdown()
            self._owned = False


def make_backend(
    backend: str | Backend, *, workers: int | None = None, address: str | None = None
) -> Backend:
    """A backend by name (``"local"``, ``"ray"``) with its options, or ``backend``
    itself if it is one."""
    if not isinstance(backend, str):
        if isinstance(backend, Backend):
            return backend
        raise TournamentError(f"backend must be 'local', 'ray' or a Backend, got {backend!r}")
    if backend == "local":
        if address is not None:
            raise TournamentError("an address is for the ray backend; the local one has none")
        return LocalBackend(1 if workers is None else workers)
    if backend == "ray":
        return RayBackend(address, workers)
    raise TournamentError(f"unknown backend {backend!r} (backends: {', '.join(BACKENDS)})")
