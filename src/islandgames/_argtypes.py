"""Argparse types of the server options, shared by ``islandgames serve`` and the
adapters' own entry points (``python -m islandgames_grpc``, ``python -m
islandgames_msgpackrpc``): a bad value is a usage error naming the option, at parse
time, before any store is opened or port bound.

>>> port_or_any("0"), positive_int("3"), seconds("1.5")
(0, 3, 1.5)
>>> port_or_any("70000")
Traceback (most recent call last):
argparse.ArgumentTypeError: a port is 0..65535 (0: any free port), got 70000
>>> positive_int("-1")
Traceback (most recent call last):
argparse.ArgumentTypeError: must be at least 1, got -1
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable

__all__ = [
    "int_at_least",
    "log_level",
    "non_negative_int",
    "port_or_any",
    "positive_int",
    "positive_seconds",
    "seconds",
    "shown",
]


def shown(text: str) -> str:
    """``repr(text)``, cut to 80 characters (an error quotes what it was given)."""
    return repr(text if len(text) <= 80 else text[:77] + "...")


def int_at_least(minimum: int) -> Callable[[str], int]:
    """An argparse type: an integer of at least ``minimum``."""

    def parse(text: str) -> int:
        try:
            n = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not an integer: {shown(text)}") from None
        if n < minimum:
            raise argparse.ArgumentTypeError(f"must be at least {minimum}, got {n}")
        return n

    return parse


positive_int = int_at_least(1)
non_negative_int = int_at_least(0)


def port_or_any(text: str) -> int:
    """An argparse type: a TCP port, 0..65535, 0 being any free port (as the servers'
    ``--port`` and ``--grpc-port`` say)."""
    if not text.isascii() or not text.strip().lstrip("+-").isdigit():
        raise argparse.ArgumentTypeError(f"not a port number: {shown(text)}")
    n = int(text)
    if not 0 <= n <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 0..65535 (0: any free port), got {n}")
    return n


def seconds(text: str) -> float:
    """An argparse type: a finite number of seconds, at least 0 (0: never, where the
    option says so)."""
    try:
        d = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {shown(text)}") from None
    if not math.isfinite(d) or d < 0:
        raise argparse.ArgumentTypeError(f"must be a number of seconds >= 0, got {shown(text)}")
    return d


def positive_seconds(text: str) -> float:
    """An argparse type: a finite number of seconds above 0."""
    d = seconds(text)
    if d == 0:
        raise argparse.ArgumentTypeError(f"must be a positive number of seconds, got {shown(text)}")
    return d


_LOG_LEVELS = ("CRITICAL", "FATAL", "ERROR", "WARN", "WARNING", "INFO", "DEBUG", "NOTSET")


def log_level(text: str) -> str:
    """An argparse type: a :mod:`logging` level name (any case)."""
    if text.upper() not in _LOG_LEVELS:
        raise argparse.ArgumentTypeError(
            f"not a logging level: {shown(text)} (CRITICAL, ERROR, WARNING, INFO or DEBUG)"
        )
    return text
