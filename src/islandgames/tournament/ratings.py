"""Win-rate intervals and Bradley-Terry ratings, in plain Python (no SciPy, no NumPy).

>>> lo, hi = wilson(7, 10)
>>> round(lo, 4), round(hi, 4)
(0.3968, 0.8922)
>>> wilson(0, 0) is None
True

Bradley-Terry gives each player a strength ``p`` such that ``i`` beats ``j`` with
chance ``p_i / (p_i + p_j)``; :func:`bradley_terry` fits it to a win table by Hunter's
MM iterations (Hunter, *MM algorithms for generalized Bradley-Terry models*, 2004),
a tie counting half a win to each side:

>>> r = elo(bradley_terry([[0, 30], [10, 0]], prior=0))
>>> round(r[0] - r[1], 1)  # 3:1 odds are 400 * log10(3) Elo points
190.8
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..core.rng import Rng

__all__ = [
    "Z95",
    "bootstrap_ratings",
    "bradley_terry",
    "elo",
    "percentile",
    "standard_errors",
    "win_table",
    "wilson",
]

#: The two-sided 95% normal quantile.
Z95 = 1.959963984540054

#: A win table: ``wins[i][j]`` is how often ``i`` beat ``j`` (a tie: 1/2 to each).
WinTable = Sequence[Sequence[float]]


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float] | None:
    """The Wilson score interval of ``k`` successes in ``n`` trials (95% by default);
    None without trials."""
    if n <= 0:
        return None
    p = k / n
    z2 = z * z
    d = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / d
    return max(0.0, centre - half), min(1.0, centre + half)


def _mm(wins: WinTable, prior: float, tolerance: float, max_iterations: int) -> list[float]:
    """MM iterations; with ``prior > 0`` the strengths are on the reference's scale
    (the reference is 1), else pinned to geometric mean 1 at every sweep."""
    n = len(wins)
    games = [[wins[i][j] + wins[j][i] for j in range(n)] for i in range(n)]
    total = [sum(wins[i]) + prior / 2 for i in range(n)]
    p = [1.0] * n
    for _ in range(max_iterations):
        moved = 0.0
        for i in range(n):
            if total[i] <= 0:
                raise ValueError(f"player {i} never won (use a prior > 0)")
            denom = sum(games[i][j] / (p[i] + p[j]) for j in range(n) if j != i and games[i][j])
            denom += prior / (p[i] + 1.0)
            if denom <= 0:
                raise ValueError(f"player {i} played no game (use a prior > 0)")
            new = total[i] / denom
            moved = max(moved, abs(new - p[i]) / p[i])
            p[i] = new
        if prior == 0:  # no reference: the scale floats; pin it
            g = math.exp(sum(math.log(x) for x in p) / n)
            p = [x / g for x in p]
        if moved < tolerance:
            break
    return p


def bradley_terry(
    wins: WinTable, *, prior: float = 1.0, tolerance: float = 1e-10, max_iterations: int = 100_000
) -> list[float]:
    """The Bradley-Terry strengths of the players of ``wins``, by MM iterations.

    ``prior`` adds, for each player, that many virtual games drawn against a reference
    player of strength 1: it keeps the strength of a player who never won (or never
    lost) finite and ties the players of separate comparison groups to one scale. With
    ``prior=0`` a player must have won and lost at least once and every pair be
    connected by games. The result is anchored so the strengths' geometric mean is 1.
    Stops when no strength moves by more than ``tolerance`` (relative)."""
    p = _mm(wins, prior, tolerance, max_iterations)
    g = math.exp(sum(math.log(x) for x in p) / len(p))
    return [x / g for x in p]


def standard_errors(wins: WinTable, *, prior: float = 1.0) -> list[float]:
    """The standard errors, in Elo points, of the centred ratings fitted to ``wins``
    (as :func:`bradley_terry` with the same ``prior``), from the inverse of the observed
    information: the negative Hessian of the log-likelihood in log-strengths, the
    prior's games against the reference included (they make it invertible).

    >>> se = standard_errors([[0, 30], [10, 0]])
    >>> round(se[0], 1), se[0] == se[1]
    (31.3, True)
    """
    if prior <= 0:
        raise ValueError("standard errors need a prior > 0 (the reference fixes the scale)")
    n = len(wins)
    p = _mm(wins, prior, 1e-12, 100_000)
    info = [[0.0] * n for _ in range(n)]
    for i in range(n):
        info[i][i] += prior * p[i] / (p[i] + 1.0) ** 2
        for j in range(n):
            games = wins[i][j] + wins[j][i]
            if j != i and games:
                v = games * p[i] * p[j] / (p[i] + p[j]) ** 2
                info[i][i] += v
                info[i][j] -= v
    cov = _inverse(info)
    c = 400 / math.log(10)
    out = []
    for i in range(n):
        e = [(1.0 if j == i else 0.0) - 1.0 / n for j in range(n)]
        var = sum(e[a] * cov[a][b] * e[b] for a in range(n) for b in range(n))
        out.append(c * math.sqrt(max(var, 0.0)))
    return out


def _inverse(m: Sequence[Sequence[float]]) -> list[list[float]]:
    """The inverse of a small non-singular matrix (Gauss-Jordan, partial pivoting)."""
    n = len(m)
    a = [[*row, *(1.0 if i == j else 0.0 for j in range(n))] for i, row in enumerate(m)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        if abs(a[pivot][col]) < 1e-300:
            raise ValueError("singular matrix")
        a[col], a[pivot] = a[pivot], a[col]
        f = a[col][col]
        a[col] = [x / f for x in a[col]]
        for r in range(n):
            if r != col and a[r][col]:
                g = a[r][col]
                a[r] = [x - g * y for x, y in zip(a[r], a[col], strict=True)]
    return [row[n:] for row in a]


def elo(strengths: Sequence[float]) -> list[float]:
    """Strengths on the Elo scale (400 log10), centred on the players' mean."""
    logs = [400 * math.log10(s) for s in strengths]
    mean = sum(logs) / len(logs)
    return [x - mean for x in logs]


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values``, linearly interpolated."""
    ordered = sorted(values)
    pos = q * (len(ordered) - 1)
    lo = math.floor(pos)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)


def bootstrap_ratings(
    groups: Sequence[Sequence[tuple[int, int, float]]],
    players: int,
    *,
    replicates: int = 200,
    prior: float = 1.0,
    seed: int = 0,
) -> tuple[list[float], list[tuple[float, float]]]:
    """Elo ratings of ``players`` and their 95% percentile-bootstrap intervals.

    ``groups`` are the units resampled with replacement (a tournament's seeds: the
    comparisons made on one seed are not independent of each other); each is a list of
    ``(winner, loser, weight)`` (a tie: both ways, weight 1/2). The resampling draws
    from :class:`~islandgames.core.rng.Rng` seeded with ``seed``, so the intervals are
    the same in every run."""
    point = elo(bradley_terry(_table(groups, range(len(groups)), players), prior=prior))
    if not groups or replicates < 2:
        return point, [(x, x) for x in point]
    rng = Rng.from_seed(seed, "bt-bootstrap")
    samples: list[list[float]] = [[] for _ in range(players)]
    for _ in range(replicates):
        picks = []
        for _ in range(len(groups)):
            i, rng = rng.below(len(groups))
            picks.append(i)
        r = elo(bradley_terry(_table(groups, picks, players), prior=prior))
        for i in range(players):
            samples[i].append(r[i])
    return point, [(percentile(s, 0.025), percentile(s, 0.975)) for s in samples]


def win_table(
    groups: Sequence[Sequence[tuple[int, int, float]]], players: int
) -> list[list[float]]:
    """The win table of every comparison of ``groups``."""
    return _table(groups, range(len(groups)), players)


def _table(
    groups: Sequence[Sequence[tuple[int, int, float]]], picks: Sequence[int] | range, n: int
) -> list[list[float]]:
    table = [[0.0] * n for _ in range(n)]
    for g in picks:
        for winner, loser, weight in groups[g]:
            table[winner][loser] += weight
    return table
