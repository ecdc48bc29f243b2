"""``python -m islandgames``: the ``islandgames`` command."""

from islandgames.cli import main

raise SystemExit(main())
