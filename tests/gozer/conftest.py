"""The gozer tests; their helpers are the typed kit ``tests.gozer.gozer_kit``."""
