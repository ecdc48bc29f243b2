"""The four games, one package each (contract, data, state, actions, rules, view).

Each registers through an entry point of the group ``islandgames.games`` (this
distribution's ``pyproject.toml``) and is imported only when first asked for. The name
``islandgames.games`` itself is the function listing every game: the package
``islandgames`` imports this subpackage before it binds that function (see there).

>>> import islandgames, islandgames.games.friday
>>> islandgames.games() == islandgames.core.registry.games()
True
"""
