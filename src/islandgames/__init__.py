"""islandgames: exact, deterministic, seeded rules engines for four island games.

>>> import islandgames
>>> game = islandgames.get_game("friday")
>>> state = game.new(seed=1)
>>> game.to_act(state)
(0,)
>>> islandgames.state_hash(state) == islandgames.state_hash(game.new(seed=1))
True
"""

from typing import TYPE_CHECKING

# The subpackage ``islandgames.games`` holds the game packages. Python binds a
# subpackage as an attribute of its parent when it is first imported, which would
# replace the function ``games`` bound below; imported here first, before that binding,
# it is never bound again (a later ``import islandgames.games.friday`` finds it in
# sys.modules), so ``islandgames.games`` is always the function.
from . import games as _games_package  # noqa: F401 - imported for the order alone
from ._version import __version__
from .core.errors import (
    ActionParseError,
    DecodeError,
    GameOverError,
    IllegalActionError,
    InvalidConfigError,
    IslandGamesError,
    LogFormatError,
    NotYourTurnError,
    ReplayDivergenceError,
    SeatOutOfRangeError,
    UnknownGameError,
    UnsupportedRulesVersionError,
)
from .core.game import Game, GameInfo, Outcome, Seat, SeatResult
from .core.history import ABSENT, Change, Diff, History, diff, fork, state_at
from .core.log import (
    Divergence,
    LogEnd,
    LogEntry,
    LogHeader,
    LogParent,
    ReplayLog,
    Verdict,
    Verification,
    read_log,
    verify_fork,
    verify_log,
    verify_redacted,
    write_log,
)
from .core.match import Match, redact_log
from .core.registry import (
    game_ids,
    games,
    register_game,
    rules_versions,
    unregister_game,
)
from .core.rng import Rng
from .core.serde import canonical_bytes, from_wire, packb, state_hash, to_wire, unpackb

if TYPE_CHECKING:  # typed per game (_typed.pyi); at run time, the core's functions
    from ._typed import get_game, layout
else:
    from .core.layout import layout
    from .core.registry import get_game

__all__ = [
    "ABSENT",
    "ActionParseError",
    "Change",
    "DecodeError",
    "Diff",
    "Divergence",
    "Game",
    "GameInfo",
    "GameOverError",
    "History",
    "IllegalActionError",
    "InvalidConfigError",
    "IslandGamesError",
    "LogEnd",
    "LogEntry",
    "LogFormatError",
    "LogHeader",
    "LogParent",
    "Match",
    "NotYourTurnError",
    "Outcome",
    "ReplayDivergenceError",
    "ReplayLog",
    "Rng",
    "Seat",
    "SeatOutOfRangeError",
    "SeatResult",
    "UnknownGameError",
    "UnsupportedRulesVersionError",
    "Verdict",
    "Verification",
    "__version__",
    "canonical_bytes",
    "diff",
    "fork",
    "from_wire",
    "game_ids",
    "games",
    "get_game",
    "layout",
    "packb",
    "read_log",
    "redact_log",
    "register_game",
    "rules_versions",
    "state_at",
    "state_hash",
    "to_wire",
    "unpackb",
    "unregister_game",
    "verify_fork",
    "verify_log",
    "verify_redacted",
    "write_log",
]
