"""The Not Alone tests; their helpers are the typed kit ``tests.not_alone.not_alone_kit``."""
