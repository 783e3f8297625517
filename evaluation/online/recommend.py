"""The stop/ship rule of an online experiment, read off the always-valid interval.

Because the interval is valid at every look, acting on it the first day it excludes 0 is
as safe as waiting for the horizon; a flat result at the horizon is itself the finding
(the source: "If that delta is flat, your curation rules are wrong").
"""

from __future__ import annotations

from enum import StrEnum

from evaluation.online.cohort_stats import Interval


class Recommendation(StrEnum):
    INVESTIGATE_SRM = "investigate (SRM)"
    SHIP = "ship curated"
    STOP = "stop: curation hurts"
    FLAT = "flat: revisit curation rules"
    CONTINUE = "continue"


def recommend(*, srm_alarm: bool, always_valid: Interval | None, ended: bool) -> Recommendation:
    """In order: a sample-ratio mismatch voids the comparison (fix assignment or logging
    first); an interval above 0 ships curation, below 0 stops it; at or after the end an
    interval spanning 0 is flat; otherwise keep collecting."""
    if srm_alarm:
        return Recommendation.INVESTIGATE_SRM
    if always_valid is not None and always_valid.low > 0:
        return Recommendation.SHIP
    if always_valid is not None and always_valid.high < 0:
        return Recommendation.STOP
    if ended:
        return Recommendation.FLAT
    return Recommendation.CONTINUE
