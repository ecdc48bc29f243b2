"""The Friday tests; their shared scenario helpers are ``tests.friday.friday_kit`` (the
repository root is on the path through the pytest config's ``pythonpath``)."""
