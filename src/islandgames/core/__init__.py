"""The engine core: the game contract, RNG, errors, serialisation, replay logs."""
