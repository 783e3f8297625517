"""The A/B statistics against known values."""

from __future__ import annotations

import pytest

from evaluation.ab import compare_paired, exact_mcnemar, wilson_interval


@pytest.mark.parametrize(
    ("successes", "n", "low", "high"),
    [
        (8, 10, 0.4902, 0.9433),  # textbook Wilson 95% interval
        (0, 10, 0.0, 0.2775),
        (10, 10, 0.7225, 1.0),
        (50, 100, 0.4038, 0.5962),
    ],
)
def test_wilson_interval_known_values(successes: int, n: int, low: float, high: float) -> None:
    got = wilson_interval(successes, n)
    assert got == pytest.approx((low, high), abs=1e-4)


def test_wilson_without_data_is_uninformative() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize(
    ("wins", "losses", "p"),
    [
        (8, 2, 0.109375),  # 2 * P(X <= 2 | n=10, p=1/2) = 2 * 56/1024
        (10, 0, 0.001953125),  # 2 / 1024
        (5, 5, 1.0),
        (0, 0, 1.0),
    ],
)
def test_exact_mcnemar_known_values(wins: int, losses: int, p: float) -> None:
    assert exact_mcnemar(wins, losses) == pytest.approx(p)


def test_paired_comparison_counts_and_delta() -> None:
    raw = [1.0, 0.0, 0.0, 0.5, 1.0, 0.0]
    curated = [1.0, 1.0, 0.5, 0.5, 0.0, 1.0]
    c = compare_paired(raw, curated)
    assert (c.wins, c.losses, c.ties) == (3, 1, 2)
    assert c.quality_a == pytest.approx(2.5 / 6)
    assert c.quality_b == pytest.approx(4.0 / 6)
    assert c.delta == pytest.approx(1.5 / 6)
    assert c.win_rate == pytest.approx(0.75)
    assert c.p_value == pytest.approx(0.625)  # 2 * P(X <= 1 | n=4)


def test_paired_scores_must_align() -> None:
    with pytest.raises(ValueError):
        compare_paired([1.0], [1.0, 0.0])
