"""Playing a tournament's games: one game (:func:`play_game`), a batch of them in a
worker (:func:`play_batch`), and the driver (:func:`play`, :func:`run`) that sends the
missing games to a backend and stores each batch as it comes back.

A game is played exactly as :func:`islandgames.bots.play` (and so ``islandgames
simulate``) plays it: the first seat of ``to_act`` decides, after the other seats' bots
were offered their out-of-turn plays; each seat's bot draws from
``Rng.from_seed(seed, f"bot{seat}")``. Its actions go through a
:class:`~islandgames.Match`, whose replay log is kept. So a game is a function of its
key alone, and the results are the same whatever the backend, the number of workers or
the order in which batches finish.
"""

from __future__ import annotations

import io
import math
import os
import zlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from .._version import __version__
from ..bots import Bot, get_bot, interjection
from ..core import serde
from ..core.game import Game
from ..core.log import write_log
from ..core.match import Match
from ..core.registry import get_game
from ..core.rng import Rng
from . import balance
from .backends import Backend, ChunkResult, Task, make_backend
from .errors import TournamentError
from .records import GameRecord, SeatRecord
from .report import Report, build_report
from .spec import Key, TournamentSpec, build_spec, check_seeds
from .store import Store, open_store

__all__ = ["play", "play_batch", "play_game", "run"]

AnyGame = Game[Any, Any, Any, Any]

#: Called after each stored batch with (games done, games in the tournament's seeds).
Progress = Callable[[int, int], None]


def play_game(
    game: AnyGame,
    spec: TournamentSpec,
    configs: Sequence[Any],
    key: Key,
    *,
    logs: bool = True,
) -> GameRecord:
    """Play the game ``key`` (config index, seed, seating index) of ``spec``; an engine
    or bot error is recorded in the result, not raised. ``configs``: the decoded config
    objects of ``spec``."""
    ci, seed, k = key
    config = configs[ci]
    names: tuple[str, ...] = ()
    n = 0  # actions applied
    try:
        match = Match(game, seed, config) if logs else None
        state = match.state if match is not None else game.new(seed, config)
        seats = game.seats(state)
        names = spec.seat_bots(ci, k, [game.role(state, s) for s in seats])
        specs = dict(spec.bots)
        built: dict[str, Bot] = {}
        for name in names:  # fresh bots per game: nothing carries over between games
            if name not in built:
                built[name] = get_bot(game.info.id, specs[name])
        bots = {s: built[names[s]] for s in seats}
        rngs = {s: Rng.from_seed(seed, f"bot{s}") for s in seats}
        waiting = game.to_act(state)
        first = waiting[0] if waiting else None
        while game.outcome(state) is None and n < spec.max_actions:
            waiting = game.to_act(state)
            if not waiting:
                raise RuntimeError(f"{game.info.id}: nobody to act but the game is not over")
            seat = waiting[0]
            hit = interjection(game, state, seat, bots, rngs)
            if hit is not None:
                seat, action = hit
            else:
                legal = game.legal_actions(state, seat)
                action, rngs[seat] = bots[seat].choose(
                    game, game.view(state, seat), legal, rngs[seat]
                )
            state = (
                match.act(seat, action) if match is not None else game.apply(state, seat, action)
            )
            n += 1
        outcome = game.outcome(state)
        log = None
        if match is not None:
            buf = io.BytesIO()
            write_log(match.log(), buf)
            log = zlib.compress(buf.getvalue(), 6)  # in the worker: the driver only stores it
    except Exception as exc:  # an engine or bot bug: reported, not fatal (as simulate)
        return GameRecord(
            ci, seed, k, names, n, None, (), None, None, None, f"{type(exc).__name__}: {exc}"
        )
    if outcome is None:
        return GameRecord(
            ci, seed, k, names, n, None, (), first, None, serde.state_hash(state), None, log
        )
    seat_records = tuple(
        SeatRecord(r.seat, r.role, names[r.seat], r.result, r.score) for r in outcome.results
    )
    return GameRecord(
        ci,
        seed,
        k,
        names,
        n,
        outcome.reason,
        seat_records,
        first,
        balance.decided_last(game.info.id, state, outcome),
        serde.state_hash(state),
        None,
        log,
    )


def play_batch(task: Task) -> ChunkResult:
    """A worker's job: play the games ``task`` names; returns this engine's version
    (the driver refuses results from another) and the records as plain data."""
    spec_wire, keys, logs = task
    spec = TournamentSpec.from_wire(spec_wire)
    game = get_game(spec.game, spec.rules_version)
    configs = [game.decode_config(c.config) for c in spec.configs]
    out = []
    for ci, seed_hex, k in keys:
        out.append(play_game(game, spec, configs, (ci, int(seed_hex, 16), k), logs=logs).to_wire())
    return __version__, out


def batches(keys: Sequence[Key], workers: int) -> list[list[Key]]:
    """``keys`` cut into batches: about eight per worker (so a slow batch does not leave
    the others idle), at most 64 games each (a batch is stored as one transaction)."""
    if not keys:
        return []
    n = len(keys)
    size = max(1, min(64, math.ceil(n / (workers * 8)) if workers > 1 else math.ceil(n / 50)))
    return [list(keys[i : i + size]) for i in range(0, n, size)]


def play(
    spec: TournamentSpec,
    seeds: Iterable[int],
    store: Store,
    backend: Backend,
    *,
    logs: bool = True,
    progress: Progress | None = None,
) -> int:
    """Play the games of ``seeds`` that ``store`` does not hold yet on ``backend``,
    storing each batch as it finishes (an interrupted run keeps every finished batch);
    returns how many games were played."""
    if store.spec.canonical() != spec.canonical():
        raise TournamentError("the store holds another tournament than the spec given")
    seed_list = check_seeds(seeds)
    wanted = list(spec.keys(seed_list))
    have = store.keys()
    missing = [key for key in wanted if key not in have]
    total, done = len(wanted), len(wanted) - len(missing)
    if progress is not None:
        progress(done, total)
    wire = spec.to_wire()
    tasks: list[Task] = [
        (wire, [(c, f"{s:x}", k) for c, s, k in batch], logs)
        for batch in batches(missing, backend.workers)
    ]
    for version, rows in backend.map_unordered(play_batch, tasks):
        if version != spec.engine_version:
            raise TournamentError(
                f"a {backend.name} worker runs islandgames {version}, this process "
                f"{spec.engine_version}: install the same version everywhere"
            )
        store.add(GameRecord.from_wire(r) for r in rows)
        done += len(rows)
        if progress is not None:
            progress(done, total)
    return len(missing)


def run(
    game: str,
    bots: Mapping[str, str] | Sequence[str],
    *,
    seeds: Iterable[int],
    configs: Sequence[Any] | None = None,
    seating: str = "auto",
    rotation: str = "cyclic",
    store: str | os.PathLike[str] | None = None,
    workers: int | None = None,
    backend: str | Backend = "local",
    address: str | None = None,
    max_actions: int = 100_000,
    logs: bool = True,
    progress: Progress | None = None,
    bootstrap: int = 200,
) -> Report:
    """Run a tournament and return its report over ``seeds``.

    ``bots`` maps a name to a bot spec (``{"mcts50": "mcts:iterations=50"}``; a list of
    specs names each by itself). Each seed is played by every seating of every config
    (:mod:`islandgames.tournament.seatings`): ``seating`` ``"seats"`` rotates the bots
    over the seats, ``"roles"`` over the roles (all the seats of a role get one bot),
    ``"auto"`` picks roles when every role of the game is in play (``not-alone``,
    ``gozer``, ``friday``) and seats otherwise. With ``store`` (a SQLite file), each
    game is kept there as it ends and a rerun plays only the games it lacks. Games run
    on ``backend``: ``"local"`` (``workers`` processes, default 1), ``"ray"`` (Ray
    tasks, at most ``workers`` at a time, default one per CPU of the cluster at
    ``address``: ``"auto"``, ``"ray://host:port"``, or None to start Ray here), or a
    :class:`~islandgames.tournament.backends.Backend`."""
    spec = build_spec(
        game, bots, configs=configs, seating=seating, rotation=rotation, max_actions=max_actions
    )
    seed_list = check_seeds(seeds)
    engine = make_backend(backend, workers=workers, address=address)
    try:
        with open_store(store, spec) as st:
            play(spec, seed_list, st, engine, logs=logs, progress=progress)
            return build_report(
                st.spec, st.records(seed_list), seeds=seed_list, bootstrap=bootstrap
            )
    finally:
        if engine is not backend:  # made here; a backend given is the caller's to close
            engine.close()
