"""The online experiment's statistics against known values, and the peeking guarantee."""

from __future__ import annotations

import math

import numpy as np
import pytest

from curation._errors import ValidationError
from evaluation.online.cohort_stats import (
    cluster_variance,
    clustered_bootstrap_interval,
    fixed_normal_interval,
    mixture_half_width,
    mixture_interval,
    newcombe_interval,
    srm_check,
    two_proportion_z_test,
)


@pytest.mark.parametrize(
    ("s1", "n1", "s2", "n2", "low", "high"),
    [
        # Newcombe (1998), Statistics in Medicine 17:873, Table II, method 10
        (56, 70, 48, 80, 0.0524, 0.3339),
        (9, 10, 3, 10, 0.1705, 0.8090),
        (6, 7, 2, 7, 0.0582, 0.8062),
        (5, 56, 0, 29, -0.0381, 0.1926),
        (0, 10, 0, 20, -0.1611, 0.2775),
        (10, 10, 0, 20, 0.6791, 1.0000),
    ],
)
def test_newcombe_hybrid_score_interval_matches_the_published_table(
    s1: int, n1: int, s2: int, n2: int, low: float, high: float
) -> None:
    assert newcombe_interval(s1, n1, s2, n2).as_tuple() == pytest.approx((low, high), abs=1e-4)


def test_newcombe_without_data_is_uninformative_and_rejects_impossible_counts() -> None:
    interval = newcombe_interval(0, 0, 0, 0)
    assert interval.low < -0.9 and interval.high > 0.9
    with pytest.raises(ValidationError) as info:
        newcombe_interval(5, 3, 1, 2)
    assert info.value.field == "cohort 1"


def test_two_proportion_z_test_known_value() -> None:
    # 56/70 vs 48/80: pooled p = 104/150 = 0.69333; se = sqrt(0.69333 * 0.30667 *
    # (1/70 + 1/80)) = 0.075467; z = 0.2 / 0.075467 = 2.6502; two-sided p = 0.00805
    assert two_proportion_z_test(56, 70, 48, 80) == pytest.approx(0.008045, abs=2e-5)
    assert two_proportion_z_test(5, 10, 5, 10) == pytest.approx(1.0)
    assert two_proportion_z_test(0, 0, 3, 10) == 1.0


def test_cluster_variance_known_values() -> None:
    # three agents, two outcomes each, totals 1, 2, 3: mean 1, residuals -1, 0, 1,
    # variance = G/(G-1) * sum(r^2) / n^2 = 1.5 * 2 / 36
    assert cluster_variance([1, 2, 3], [2, 2, 2]) == pytest.approx(1.5 * 2 / 36)
    # one outcome per agent reduces to the binomial variance times n/(n-1)
    totals = [1] * 30 + [0] * 70
    assert cluster_variance(totals, [1] * 100) == pytest.approx(0.3 * 0.7 / 100 * 100 / 99)
    assert cluster_variance([4], [5]) == math.inf


def test_mixture_half_width_known_value() -> None:
    # V = 0.01, tau^2 = 0.01, alpha = 0.05:
    # sqrt(0.01 * 0.02 / 0.01 * (log 2 + 2 log 20)) = sqrt(0.02 * 6.684612) = 0.365640
    assert mixture_half_width(0.01, 0.05, 0.1) == pytest.approx(0.365640, abs=1e-6)
    assert mixture_half_width(math.inf, 0.05, 0.1) == math.inf
    interval = mixture_interval(0.9, 0.01, 0.05, 0.1, bounds=(-1.0, 1.0))
    assert interval.high == 1.0 and interval.low == pytest.approx(0.9 - 0.365640, abs=1e-6)


def test_mixture_interval_is_wider_than_the_fixed_interval_at_every_look() -> None:
    for variance in (1e-2, 1e-3, 1e-4, 1e-5):
        fixed = fixed_normal_interval(0.0, variance, 0.05)
        sequence = mixture_interval(0.0, variance, 0.05, 0.1)
        assert sequence.high > fixed.high


def test_mixture_rejects_bad_parameters() -> None:
    with pytest.raises(ValidationError):
        mixture_half_width(0.01, 1.5, 0.1)
    with pytest.raises(ValidationError):
        mixture_half_width(0.01, 0.05, 0.0)


@pytest.mark.parametrize(
    ("curated", "raw", "chi2", "p", "alarm"),
    [
        # expected 5,000 each: (200^2 + 200^2) / 5000 = 16, P(chi2_1 > 16) = 6.334e-5
        (5200, 4800, 16.0, 6.334e-5, True),
        # (20^2 + 20^2) / 5000 = 0.16, p = 0.6892
        (4980, 5020, 0.16, 0.6892, False),
        (5020, 4980, 0.16, 0.6892, False),
    ],
)
def test_sample_ratio_mismatch_known_values(
    curated: int, raw: int, chi2: float, p: float, alarm: bool
) -> None:
    check = srm_check(curated, raw, 0.5)
    assert check.chi2 == pytest.approx(chi2)
    assert check.p_value == pytest.approx(p, rel=1e-3)
    assert check.alarm is alarm


def test_sample_ratio_mismatch_uses_the_configured_split() -> None:
    # raw_share 0.2 of 1,000 agents: expected 800 curated, 200 raw
    assert not srm_check(800, 200, 0.2).alarm
    # 500/500 against 800/200: (300^2/800 + 300^2/200) = 562.5
    check = srm_check(500, 500, 0.2)
    assert check.chi2 == pytest.approx(562.5) and check.alarm
    assert srm_check(0, 0, 0.5).p_value == 1.0
    with pytest.raises(ValidationError):
        srm_check(1, 1, 1.0)


def test_clustered_bootstrap_is_deterministic_and_respects_clusters() -> None:
    rng = np.random.default_rng(3)
    # agents that are either good or bad at their task: scores within an agent agree
    curated = {f"c{i}": [float(rng.random() < 0.7)] * 20 for i in range(40)}
    raw = {f"r{i}": [float(rng.random() < 0.5)] * 20 for i in range(40)}
    first = clustered_bootstrap_interval(curated, raw, seed=5)
    again = clustered_bootstrap_interval(curated, raw, seed=5)
    assert first is not None and first == again
    # the width matches the agent-clustered variance, not the (much smaller) iid one
    variance = sum(
        cluster_variance([sum(v) for v in cohort.values()], [len(v) for v in cohort.values()])
        for cohort in (curated, raw)
    )
    expected_width = 2 * 1.96 * math.sqrt(variance)
    assert (first.high - first.low) == pytest.approx(expected_width, rel=0.2)
    assert clustered_bootstrap_interval({"a": [1.0]}, {}, seed=0) is None


def _peeking_rejections(p_curated: float, p_raw: float, *, runs: int = 300) -> tuple[float, float]:
    """Share of seeded experiments in which a daily look (14 days, 60 new agents per cohort
    per day) ever excluded 0: (naive fixed interval, always-valid interval)."""
    rng = np.random.default_rng(20261101)
    naive = always_valid = 0
    days, per_day = 14, 60
    for _ in range(runs):
        curated = rng.random((days, per_day)) < p_curated
        raw = rng.random((days, per_day)) < p_raw
        naive_hit = valid_hit = False
        for day in range(1, days + 1):
            n = day * per_day
            sc, sr = int(curated[:day].sum()), int(raw[:day].sum())
            naive_hit |= newcombe_interval(sc, n, sr, n).excludes_zero
            variance = cluster_variance(curated[:day].ravel(), [1] * n) + cluster_variance(
                raw[:day].ravel(), [1] * n
            )
            valid_hit |= mixture_interval(sc / n - sr / n, variance, 0.05, 0.1).excludes_zero
        naive += naive_hit
        always_valid += valid_hit
    return naive / runs, always_valid / runs


def test_daily_peeking_keeps_the_always_valid_interval_at_alpha() -> None:
    naive, always_valid = _peeking_rejections(0.5, 0.5)
    print(f"null, 14 daily looks: naive {naive:.3f}, always-valid {always_valid:.3f}")
    assert always_valid <= 0.05
    assert naive > 0.10  # peeking inflates the fixed interval's false positives
    assert naive > 2 * always_valid


def test_always_valid_interval_still_detects_a_real_effect() -> None:
    naive, always_valid = _peeking_rejections(0.62, 0.5, runs=100)
    print(f"+12 points, 14 daily looks: naive {naive:.3f}, always-valid {always_valid:.3f}")
    assert always_valid > 0.8
