"""Online experiments, the pure part: cohort assignment and the validation of their inputs.

Assignment hashes the agent id with the experiment's salt, so it needs no state: the same
agent lands in the same cohort on every call, in every process, for the whole experiment,
and a new salt re-draws the split independently of the last one.
"""

from __future__ import annotations

import hashlib
import math
import re
from datetime import timedelta
from typing import Any

from curation._errors import ValidationError
from curation._kinds import Cohort

MAX_EXPERIMENT_NAME_CHARS = 128  # the experiment table's CHECK
MAX_AGENT_ID_CHARS = 256  # the exposure table's CHECK
MAX_SALT_CHARS = 256
MAX_DURATION_DAYS = 3650.0
MAX_ABS_SCORE = 1e300  # the outcome table's CHECK
METRICS = ("success", "score")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def assign_cohort(salt: str, agent_id: str, raw_share: float) -> Cohort:
    """RAW when the first 8 bytes of sha256(salt ␟ agent_id), read as a fraction of 2**64,
    fall below ``raw_share``; CURATED otherwise."""
    digest = hashlib.sha256(f"{salt}\x1f{agent_id}".encode()).digest()
    draw = int.from_bytes(digest[:8], "big") / 2**64
    return Cohort.RAW if draw < raw_share else Cohort.CURATED


def _identifier(field_name: str, value: Any, max_chars: int) -> str:
    if not isinstance(value, str):
        raise ValidationError(field_name, value, f"must be a string, got {type(value).__name__}")
    if not value or not value.strip():
        raise ValidationError(field_name, value, "must not be empty")
    if len(value) > max_chars:
        raise ValidationError(
            field_name, value, f"is {len(value)} characters, the limit is {max_chars}"
        )
    if _CONTROL.search(value):
        raise ValidationError(field_name, value, "contains control characters")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise ValidationError(field_name, value, "is not valid Unicode (lone surrogate)") from exc
    return value


def validate_experiment_name(name: Any) -> str:
    return _identifier("name", name, MAX_EXPERIMENT_NAME_CHARS)


def validate_agent_id(agent_id: Any) -> str:
    return _identifier("agent_id", agent_id, MAX_AGENT_ID_CHARS)


def validate_salt(salt: Any) -> str:
    return _identifier("salt", salt, MAX_SALT_CHARS)


def _number(field_name: str, value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValidationError(field_name, value, "must be a number")
    number = float(value)
    if not math.isfinite(number):
        raise ValidationError(field_name, value, "must be finite")
    return number


def validate_raw_share(raw_share: Any) -> float:
    """The share of agents in the raw cohort: strictly between 0 and 1 (both arms exist)."""
    share = _number("raw_share", raw_share)
    if not 0.0 < share < 1.0:
        raise ValidationError("raw_share", raw_share, "must be strictly between 0 and 1")
    return share


def validate_alpha(alpha: Any) -> float:
    """The significance level the analysis decides at: in (0, 0.5)."""
    level = _number("alpha", alpha)
    if not 0.0 < level < 0.5:
        raise ValidationError("alpha", alpha, "must be strictly between 0 and 0.5")
    return level


def validate_metric(metric: Any) -> str:
    if metric not in METRICS:
        raise ValidationError("metric", metric, "expected 'success' or 'score'")
    return str(metric)


def validate_duration(duration_days: Any) -> timedelta:
    days = _number("duration_days", duration_days)
    if not 0.0 < days <= MAX_DURATION_DAYS:
        raise ValidationError(
            "duration_days", duration_days, f"must be above 0 and at most {MAX_DURATION_DAYS:g}"
        )
    return timedelta(days=days)


def validate_outcome(success: Any, score: Any) -> tuple[bool | None, float | None]:
    """An outcome is a success flag, a score, or both; never neither."""
    if success is None and score is None:
        raise ValidationError("success", None, "an outcome needs success or score (or both)")
    if success is not None and not isinstance(success, bool):
        raise ValidationError("success", success, "must be true or false")
    if score is None:
        return success, None
    number = _number("score", score)
    if abs(number) > MAX_ABS_SCORE:
        raise ValidationError("score", score, f"must be within ±{MAX_ABS_SCORE:g}")
    return success, number
