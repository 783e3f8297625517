"""Time is injected: policy code never reads the wall clock itself."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Protocol


class Clock(Protocol):
    def now(self) -> datetime: ...


class SystemClock:
    def now(self) -> datetime:
        return datetime.now(UTC)


class FixedClock:
    """A settable clock for tests and simulations."""

    def __init__(self, at: datetime) -> None:
        self._at = ensure_aware(at)

    def now(self) -> datetime:
        return self._at

    def set(self, at: datetime) -> None:
        self._at = ensure_aware(at)

    def advance(self, delta: timedelta) -> datetime:
        self._at = self._at + delta
        return self._at


def ensure_aware(at: datetime) -> datetime:
    """Naive datetimes are taken as UTC so comparisons never mix the two."""
    return at if at.tzinfo is not None else at.replace(tzinfo=UTC)


def parse_iso(text: str, field: str = "now") -> datetime:
    from curation._errors import ValidationError

    try:
        return ensure_aware(datetime.fromisoformat(text.replace("Z", "+00:00")))
    except (ValueError, AttributeError) as exc:
        raise ValidationError(field, text, "not an ISO-8601 timestamp") from exc


def clock_at(fixed: str | datetime | None, field: str = "now") -> Clock:
    """The one rule of a configured clock (``MEMGOV_NOW``, a Dagster run's ``now``): fixed
    at ``fixed`` (ISO 8601 text or a time), or the system clock when None or blank."""
    if isinstance(fixed, str):
        fixed = parse_iso(fixed.strip(), field) if fixed.strip() else None
    return SystemClock() if fixed is None else FixedClock(fixed)
