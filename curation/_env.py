"""The rules a setting's text must meet (whole number, number, port, one of, ISO time),
written once for ``curation.Settings``: a bad value is a ValidationError naming the
variable and the value (``MEMGOV_API_RATE='abc': expected a number above 0``), never a
bare ``could not convert string to float``."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

from curation._clock import parse_iso
from curation._errors import ValidationError

MAX_PORT = 65_535  # the highest TCP port


class SettingError(ValueError):
    """A setting's text breaks its rule; ``Settings`` names the variable."""

    def __init__(self, raw: str, reason: str) -> None:
        super().__init__(reason)
        self.raw = raw
        self.reason = reason


def whole_number(minimum: int = 1, maximum: int | None = None) -> Callable[[Any], int]:
    """An integer within ``[minimum, maximum]``."""
    bounds = f"from {minimum} to {maximum}" if maximum is not None else f"of at least {minimum}"

    def parse(raw: Any) -> int:
        try:
            value = int(str(raw))
        except ValueError:
            raise SettingError(str(raw), f"expected a whole number {bounds}") from None
        if value < minimum or (maximum is not None and value > maximum):
            raise SettingError(str(raw), f"expected a whole number {bounds}")
        return value

    return parse


def number(
    low: float = 0.0, *, low_included: bool = False, high: float | None = None
) -> Callable[[Any], float]:
    """A finite number above ``low`` (or from it, ``low_included``), at most ``high``."""
    bounds = f"{'from' if low_included else 'above'} {low:g}"
    bounds += f" to {high:g}" if high is not None else ""

    def parse(raw: Any) -> float:
        try:
            value = float(str(raw))
        except ValueError:
            value = math.nan
        below = value < low if low_included else value <= low
        if not math.isfinite(value) or below or (high is not None and value > high):
            raise SettingError(str(raw), f"expected a number {bounds}")
        return value

    return parse


port = whole_number(1, MAX_PORT)


def one_of(choices: Sequence[str]) -> Callable[[Any], str]:
    """One of ``choices``, case-insensitive (read in lower case)."""

    def parse(raw: Any) -> str:
        value = str(raw).lower()
        if value not in choices:
            raise SettingError(str(raw), "expected one of " + ", ".join(map(repr, choices)))
        return value

    return parse


def iso_time(raw: Any) -> datetime:
    """An ISO 8601 moment (a time without a zone is UTC)."""
    if isinstance(raw, datetime):
        return raw
    try:
        return parse_iso(str(raw))
    except ValidationError as exc:
        raise SettingError(str(raw), exc.reason) from None
