"""The Forbidden Island tests; their helpers are the typed kit
``tests.forbidden_island.forbidden_island_kit``."""
