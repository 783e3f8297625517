"""Numeric and enumerated settings read from the environment, in one place: a bad value
is a ValidationError naming the variable and the value (``MEMGOV_API_RATE='abc':
expected a number above 0``), never a bare ``could not convert string to float``.
Unset or blank means the default."""

from __future__ import annotations

import math
import os
from collections.abc import Sequence

from curation._errors import ValidationError

MAX_PORT = 65_535  # the highest TCP port


def _raw(name: str) -> str | None:
    value = os.environ.get(name, "").strip()
    return value or None


def env_int(name: str, default: int, *, minimum: int = 1, maximum: int | None = None) -> int:
    """An integer setting within ``[minimum, maximum]``."""
    raw = _raw(name)
    if raw is None:
        return default
    bounds = f"from {minimum} to {maximum}" if maximum is not None else f"of at least {minimum}"
    try:
        value = int(raw)
    except ValueError:
        raise ValidationError(name, raw, f"expected a whole number {bounds}") from None
    if value < minimum or (maximum is not None and value > maximum):
        raise ValidationError(name, raw, f"expected a whole number {bounds}")
    return value


def env_float(
    name: str,
    default: float,
    *,
    low: float = 0.0,
    low_included: bool = False,
    high: float | None = None,
) -> float:
    """A finite number setting above ``low`` (or from it, ``low_included``), at most
    ``high``."""
    raw = _raw(name)
    if raw is None:
        return default
    try:
        value = float(raw)
    except ValueError:
        value = math.nan
    below = value < low if low_included else value <= low
    if not math.isfinite(value) or below or (high is not None and value > high):
        bounds = f"{'from' if low_included else 'above'} {low:g}"
        bounds += f" to {high:g}" if high is not None else ""
        raise ValidationError(name, raw, f"expected a number {bounds}")
    return value


def env_port(name: str, default: int) -> int:
    """A TCP port setting."""
    return env_int(name, default, minimum=1, maximum=MAX_PORT)


def env_choice(name: str, default: str, choices: Sequence[str]) -> str:
    """One of ``choices`` (case-insensitive)."""
    raw = _raw(name)
    if raw is None:
        return default
    value = raw.lower()
    if value not in choices:
        raise ValidationError(name, raw, "expected one of " + ", ".join(repr(c) for c in choices))
    return value
