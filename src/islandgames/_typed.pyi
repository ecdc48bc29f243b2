# The typed faces of islandgames.get_game and islandgames.layout, for type checkers only
# (no module of this name exists at run time: the package binds the core's functions).
# They name the four games of this distribution, so they live here, at the top of the
# package, and the core names no game.
from typing import Any, Literal, overload

from .core.game import Game
from .games.forbidden_island import ForbiddenIslandGame
from .games.forbidden_island.drawing import ForbiddenIslandLayout
from .games.friday import FridayGame
from .games.friday.drawing import FridayLayout
from .games.gozer import GozerGame
from .games.gozer.drawing import GozerLayout
from .games.not_alone import NotAloneGame
from .games.not_alone.drawing import NotAloneLayout

@overload
def get_game(game_id: Literal["friday"], rules_version: str | None = None) -> FridayGame: ...
@overload
def get_game(
    game_id: Literal["forbidden-island"], rules_version: str | None = None
) -> ForbiddenIslandGame: ...
@overload
def get_game(game_id: Literal["not-alone"], rules_version: str | None = None) -> NotAloneGame: ...
@overload
def get_game(game_id: Literal["gozer"], rules_version: str | None = None) -> GozerGame: ...
@overload
def get_game(game_id: str, rules_version: str | None = None) -> Game[Any, Any, Any, Any]: ...
@overload
def layout(
    game_id: Literal["friday"], rules_version: str | None = None, state: Any = None
) -> FridayLayout: ...
@overload
def layout(
    game_id: Literal["forbidden-island"], rules_version: str | None = None, state: Any = None
) -> ForbiddenIslandLayout: ...
@overload
def layout(
    game_id: Literal["not-alone"], rules_version: str | None = None, state: Any = None
) -> NotAloneLayout: ...
@overload
def layout(
    game_id: Literal["gozer"], rules_version: str | None = None, state: Any = None
) -> GozerLayout: ...
@overload
def layout(game_id: str, rules_version: str | None = None, state: Any = None) -> Any: ...
