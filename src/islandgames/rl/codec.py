"""A fixed discrete action space per game and config: index <-> action.

The machinery needs neither numpy nor PettingZoo and lives in the core,
:mod:`islandgames.core.actionspace`, so that each game declares its own table
(``games/<game>/rl.py``, named on its definition as ``action_table``); this module
keeps its names for the environments and earlier imports. The environments build their
masks from :meth:`ActionCodec.indices`.

>>> from islandgames.rl import action_codec
>>> codec = action_codec("friday")
>>> codec.size
195
>>> codec.decode(0), codec.encode(codec.decode(0))
(ChooseHazard(index=0), 0)
"""

from __future__ import annotations

from ..core.actionspace import ActionCodec, Shape, combos, ordered_pairs, shape, singles

__all__ = ["ActionCodec", "Shape", "combos", "ordered_pairs", "shape", "singles"]
