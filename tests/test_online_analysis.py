"""Daily analysis of an online experiment over hand-built observations (no store)."""

from __future__ import annotations

import itertools
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest
from online_helpers import START, Observations, daily_fleet, experiment

from curation import CohortFeedback, ExperimentFeedback
from curation._errors import ValidationError
from evaluation.online.analysis import analyse_experiment
from evaluation.online.recommend import Recommendation


def test_one_row_per_utc_day_until_now() -> None:
    record = experiment()
    obs = Observations(record)
    obs.add("curated", "a", START + timedelta(hours=1), success=True)
    obs.add("raw", "b", START + timedelta(days=2, hours=1), success=False)
    now = START + timedelta(days=3, hours=6)  # Nov 4, 18:00
    report = analyse_experiment(record, obs.items, now=now)
    assert [r.date.isoformat() for r in report.rows] == [
        "2026-11-01",
        "2026-11-02",
        "2026-11-03",
        "2026-11-04",
    ]
    assert [r.complete for r in report.rows] == [True, True, True, False]
    assert report.rows[0].as_of == datetime(2026, 11, 2, tzinfo=UTC)
    assert report.rows[-1].as_of == now
    assert report.rows[0].cumulative["raw"].exposures == 0
    assert report.rows[2].cumulative["raw"].exposures == 1
    assert report.rows[2].daily["raw"].exposures == 1  # served on Nov 3 (UTC), day index 2
    assert report.rows[1].daily["raw"].exposures == 0
    assert report.rows[3].daily["curated"].exposures == 0
    assert not report.ended


def test_missing_outcomes_are_not_failures() -> None:
    record = experiment()
    obs = Observations(record)
    at = START + timedelta(hours=2)
    for i in range(10):  # curated: 4 successes, 1 failure, 5 never reported
        obs.add("curated", f"c{i}", at, success=True if i < 4 else (False if i == 4 else None))
    for i in range(10):  # raw: 2 successes, 8 failures
        obs.add("raw", f"r{i}", at, success=i < 2)
    report = analyse_experiment(record, obs.items, now=START + timedelta(hours=5))
    curated = report.latest.cumulative["curated"] if report.latest else None
    assert curated is not None
    assert (curated.exposures, curated.outcomes, curated.missing) == (10, 5, 5)
    assert curated.missing_share == pytest.approx(0.5)
    assert curated.success_rate == pytest.approx(4 / 5)  # not 4/10
    assert report.latest is not None and report.latest.delta == pytest.approx(0.8 - 0.2)


def test_delta_fixed_interval_and_p_value_match_known_values() -> None:
    # Newcombe's example: 56/70 vs 48/80 -> delta 0.2, (0.0524, 0.3339), z-test p = 0.00805
    record = experiment()
    obs = Observations(record)
    obs.cohort("curated", 56, 70, START + timedelta(hours=1), "c")
    obs.cohort("raw", 48, 80, START + timedelta(hours=1), "r")
    row = analyse_experiment(record, obs.items, now=START + timedelta(hours=3)).latest
    assert row is not None and row.fixed is not None and row.always_valid is not None
    assert row.delta == pytest.approx(0.2)
    assert row.fixed.as_tuple() == pytest.approx((0.0524, 0.3339), abs=1e-4)
    assert row.p_value == pytest.approx(0.008045, abs=2e-5)
    # one look, 150 agents: the always-valid interval is wider than the fixed one
    assert row.always_valid.low < row.fixed.low and row.always_valid.high > row.fixed.high
    assert row.always_valid.low < 0  # not yet enough to ship at a 10-point mixture


def test_late_outcomes_count_from_the_day_they_were_reported() -> None:
    record = experiment()
    obs = Observations(record)
    day0 = START + timedelta(hours=1)
    obs.add("curated", "a", day0, success=True, outcome_at=START + timedelta(days=1, hours=1))
    obs.add("raw", "b", day0, success=False)
    report = analyse_experiment(record, obs.items, now=START + timedelta(days=1, hours=12))
    first, second = report.rows
    assert first.cumulative["curated"].outcomes == 0 and first.cumulative["curated"].missing == 1
    assert second.cumulative["curated"].outcomes == 1
    assert second.cumulative["curated"].success_rate == 1.0


def test_sample_ratio_mismatch_overrides_everything() -> None:
    record = experiment()
    obs = Observations(record)
    at = START + timedelta(hours=1)
    obs.cohort("curated", 260, 260, at, "c")  # 260 vs 140 agents at 50/50: chi2 = 36
    obs.cohort("raw", 0, 140, at, "r")
    report = analyse_experiment(record, obs.items, now=START + timedelta(hours=2))
    row = report.latest
    assert row is not None
    assert row.srm.chi2 == pytest.approx(36.0) and row.srm.alarm
    assert report.recommendation is Recommendation.INVESTIGATE_SRM
    assert row.flat()["recommendation"] == "investigate (SRM)"


def test_ship_when_the_always_valid_interval_is_above_zero() -> None:
    record = experiment()
    report = analyse_experiment(
        record, daily_fleet(record, 5, 0.7, 0.5), now=START + timedelta(days=4, hours=12)
    )
    assert report.recommendation is Recommendation.SHIP
    assert report.latest is not None and report.latest.always_valid is not None
    assert report.latest.always_valid.low > 0
    assert report.rows[0].recommendation is Recommendation.CONTINUE  # 1 day is not enough


def test_stop_when_curation_hurts() -> None:
    record = experiment()
    report = analyse_experiment(
        record, daily_fleet(record, 5, 0.4, 0.6), now=START + timedelta(days=4, hours=12)
    )
    assert report.recommendation is Recommendation.STOP


def test_flat_at_the_end_and_continue_before_it() -> None:
    record = experiment(ends_at=START + timedelta(days=4))
    items = daily_fleet(record, 4, 0.5, 0.5)
    before = analyse_experiment(record, items, now=START + timedelta(days=2))
    after = analyse_experiment(record, items, now=START + timedelta(days=9))
    assert before.recommendation is Recommendation.CONTINUE and not before.ended
    assert after.recommendation is Recommendation.FLAT and after.ended
    assert after.latest is not None and after.latest.as_of == record.ends_at
    assert all(r.complete for r in after.rows)
    stopped = replace(record, status="stopped", stopped_at=START + timedelta(days=1))
    early = analyse_experiment(stopped, items, now=START + timedelta(days=9))
    assert early.latest is not None and early.latest.as_of == stopped.stopped_at
    assert early.recommendation is Recommendation.FLAT


def test_always_valid_interval_only_narrows_from_day_to_day() -> None:
    record = experiment()
    report = analyse_experiment(
        record, daily_fleet(record, 6, 0.6, 0.5), now=START + timedelta(days=5, hours=12)
    )
    bands = [r.always_valid for r in report.rows if r.always_valid is not None]
    assert len(bands) == 6
    for earlier, later in itertools.pairwise(bands):
        assert earlier.low <= later.low and later.high <= earlier.high


def test_score_metric_uses_an_agent_clustered_bootstrap() -> None:
    record = experiment(metric="score")
    obs = Observations(record)
    at = START + timedelta(hours=1)
    for i in range(30):
        for rep in range(4):
            obs.add("curated", f"c{i}", at, score=0.6 + 0.01 * (i % 10) + 0.001 * rep)
            obs.add("raw", f"r{i}", at, score=0.5 + 0.01 * (i % 10), success=True)
    obs.add("raw", "late", at)  # a raw exposure without outcome
    report = analyse_experiment(record, obs.items, now=START + timedelta(hours=2))
    again = analyse_experiment(record, obs.items, now=START + timedelta(hours=2))
    row = report.latest
    assert row is not None and row.fixed is not None and row.always_valid is not None
    assert row.delta == pytest.approx(0.1015, abs=1e-9)
    # agent means spread over 0.00..0.09 (sd 0.0287): se of the delta ~ 0.0074 with 30
    # agents a cohort, so the 95% interval is about 0.1015 -/+ 0.0145
    assert row.fixed.low == pytest.approx(0.087, abs=0.004)
    assert row.fixed.high == pytest.approx(0.116, abs=0.004)
    assert row.fixed == again.rows[-1].fixed  # seeded
    assert row.cumulative["raw"].missing == 1  # missing on the score, success alone not used
    assert row.cumulative["curated"].success_rate is None
    assert report.recommendation is Recommendation.SHIP


def test_nothing_before_the_start_and_feedback_is_summarised() -> None:
    record = experiment()
    feedback = ExperimentFeedback(curated=CohortFeedback(useful=3, not_useful=1))
    report = analyse_experiment(record, [], feedback, now=START - timedelta(hours=1))
    assert report.rows == [] and report.recommendation is Recommendation.CONTINUE
    assert report.feedback is not None
    assert report.feedback["curated"]["useful_share"] == pytest.approx(0.75)
    assert report.feedback["raw"]["useful_share"] is None
    assert "salt" not in report.to_dict()["experiment"]


def test_observations_of_another_experiment_are_refused() -> None:
    record = experiment()
    obs = Observations(replace(record, id="00000000-0000-4000-8000-000000000002"))
    obs.add("curated", "a", START, success=True)
    with pytest.raises(ValidationError) as info:
        analyse_experiment(record, obs.items, now=START + timedelta(hours=1))
    assert info.value.field == "experiment_id"


def test_the_daily_table_is_flat_and_deterministic() -> None:
    record = experiment()
    items = daily_fleet(record, 3, 0.6, 0.5)
    now = START + timedelta(days=2, hours=3)
    first = analyse_experiment(record, items, now=now).table()
    assert first == analyse_experiment(record, list(reversed(items)), now=now).table()
    assert first[0]["curated_agents"] == 60 and first[-1]["curated_agents"] == 180
    assert first[1]["raw_day_exposures"] == 180
    assert {"always_valid_low", "always_valid_high", "srm_p", "recommendation"} <= set(first[0])


def test_days_are_utc_days_whatever_zone_the_times_come_in() -> None:
    from datetime import timezone

    plus_two = timezone(timedelta(hours=2))
    starts = datetime(2026, 11, 2, 1, 0, tzinfo=plus_two)  # Nov 1, 23:00 UTC
    record = experiment(starts_at=starts, ends_at=starts + timedelta(days=14))
    obs = Observations(record)
    obs.add("curated", "a", starts + timedelta(minutes=30), success=True)  # Nov 1, 23:30 UTC
    obs.add("raw", "b", starts + timedelta(hours=2), success=False)  # Nov 2, 01:00 UTC
    report = analyse_experiment(record, obs.items, now=starts + timedelta(hours=3))
    assert [r.date.isoformat() for r in report.rows] == ["2026-11-01", "2026-11-02"]
    assert report.rows[0].daily["curated"].exposures == 1
    assert report.rows[1].daily["raw"].exposures == 1
    assert report.rows[0].as_of == datetime(2026, 11, 2, tzinfo=UTC)
