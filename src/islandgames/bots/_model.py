"""The fitted win-chance models of the heuristic bots (``bench/fit_values.py``)."""

from __future__ import annotations

import math
from collections.abc import Sequence

__all__ = ["win_chance"]


def win_chance(weights: Sequence[float], features: Sequence[float]) -> float:
    """A logistic model's chance: ``1 / (1 + exp(-weights . features))``, the sum kept
    within +-30 (beyond it the chance is 0 or 1 to double precision anyway).

    >>> win_chance((0.5, -1.0), (2.0, 1.0))
    0.5
    """
    if len(weights) != len(features):
        raise ValueError(f"{len(weights)} weights for {len(features)} features")
    x = sum(w * f for w, f in zip(weights, features, strict=True))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))
