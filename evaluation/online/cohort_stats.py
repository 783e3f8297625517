"""The statistics of an online curated-vs-raw experiment, checked against known values.

Conventions: the delta is always **curated - raw**; cohort 1 is curated, cohort 2 raw.

- ``newcombe_interval``: Newcombe's hybrid score interval (his method 10) for a difference
  of two proportions — Wilson intervals per cohort combined by the square-and-add rule.
  Chosen over the Wald interval because it keeps its coverage near 0 and 1 and at small n.
- ``two_proportion_z_test``: the pooled two-proportion z-test, two-sided.
- ``cluster_variance``: the variance of a cohort's mean (successes/exposures or mean
  score) with **agents as clusters** (the delta-method variance of a ratio estimator).
  Agents are the randomisation unit and one agent's recalls are correlated, so treating
  exposures as independent would make every interval too narrow.
- ``clustered_bootstrap_interval``: a seeded percentile bootstrap of the difference in mean
  score that resamples agents (with all their exposures) within each cohort.
- ``mixture_interval``: the always-valid normal-mixture confidence sequence (mixture
  SPRT; Robbins 1970, Johari et al. 2017 "Peeking at A/B tests", Howard et al. 2021).
  Valid at every peek at once: checking it daily and stopping the first time it excludes
  0 keeps the type-I error at most ``alpha``, which a fixed-horizon interval does not.
- ``srm_check``: sample-ratio mismatch, a chi-square goodness-of-fit test of the number of
  **agents** per cohort against the configured split (alarm below p = 0.001).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
from scipy import stats

from curation import ValidationError
from evaluation.ab import wilson_interval

SRM_ALARM_P = 0.001
"""SRM alarms below this p-value: the check runs every day on a large, growing count of
agents, so a strict threshold (the common industry choice) keeps false alarms rare while
a real assignment or logging bug still shows up within days."""

SUCCESS_MIXING_SD = 0.1
"""tau of the mixture for a success-rate delta: the prior spread of plausible effects,
10 percentage points (the source expects +6 to 15% from curation). The interval is valid
for any tau; tau only decides which effect sizes it detects soonest."""

SCORE_MIXING_SD_FACTOR = 0.2
"""For a score delta, tau = 0.2 x the pooled standard deviation of the scores (a "small"
standardised effect, Cohen's d = 0.2), since a score has no fixed scale."""


@dataclass(frozen=True)
class Interval:
    low: float
    high: float

    @property
    def excludes_zero(self) -> bool:
        return self.low > 0 or self.high < 0

    @property
    def empty(self) -> bool:
        return self.low > self.high

    def as_tuple(self) -> tuple[float, float]:
        return (self.low, self.high)

    def intersect(self, other: Interval) -> Interval:
        return Interval(max(self.low, other.low), min(self.high, other.high))


def _check_counts(successes: int, n: int, name: str) -> None:
    if n < 0 or successes < 0 or successes > n:
        raise ValidationError(name, f"{successes}/{n}", "need 0 <= successes <= n")


def newcombe_interval(
    successes_1: int, n_1: int, successes_2: int, n_2: int, alpha: float = 0.05
) -> Interval:
    """Newcombe hybrid score interval for p1 - p2 (cohort 1 minus cohort 2).

    With no data in a cohort, that cohort's rate may be anything in [0, 1], and the
    interval says so (both empty: (-1, 1))."""
    _check_counts(successes_1, n_1, "cohort 1")
    _check_counts(successes_2, n_2, "cohort 2")
    confidence = 1 - alpha
    l1, u1 = wilson_interval(successes_1, n_1, confidence)
    l2, u2 = wilson_interval(successes_2, n_2, confidence)
    if n_1 == 0 or n_2 == 0:  # an empty cohort's rate can be anything in [0, 1]
        return Interval(l1 - u2, u1 - l2)
    p1, p2 = successes_1 / n_1, successes_2 / n_2
    delta = p1 - p2
    low = delta - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
    high = delta + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
    return Interval(max(-1.0, low), min(1.0, high))


def two_proportion_z_test(successes_1: int, n_1: int, successes_2: int, n_2: int) -> float:
    """Two-sided p-value of the pooled z-test of p1 = p2; 1.0 when it is undefined."""
    _check_counts(successes_1, n_1, "cohort 1")
    _check_counts(successes_2, n_2, "cohort 2")
    if n_1 == 0 or n_2 == 0:
        return 1.0
    pooled = (successes_1 + successes_2) / (n_1 + n_2)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n_1 + 1 / n_2))
    if se == 0:
        return 1.0
    z = (successes_1 / n_1 - successes_2 / n_2) / se
    return float(2 * stats.norm.sf(abs(z)))


def cluster_variance(totals: npt.ArrayLike, sizes: npt.ArrayLike) -> float:
    """Variance of the ratio mean sum(totals)/sum(sizes) with one cluster per agent.

    ``totals[i]`` is agent i's sum of outcomes (successes, or scores), ``sizes[i]`` its
    number of observed outcomes. Delta-method (linearisation) estimator with the
    G/(G-1) small-sample factor; infinite with fewer than two agents (nothing to learn
    the spread from)."""
    y = np.asarray(totals, dtype=float)
    m = np.asarray(sizes, dtype=float)
    if y.shape != m.shape:
        raise ValidationError("sizes", len(m), f"must align with {len(y)} totals")
    keep = m > 0
    y, m = y[keep], m[keep]
    clusters = len(m)
    if clusters < 2:
        return math.inf
    n = float(m.sum())
    mean = float(y.sum()) / n
    residual = y - mean * m
    return float(clusters / (clusters - 1) * np.sum(residual**2) / n**2)


def mixture_half_width(variance: float, alpha: float, mixing_sd: float) -> float:
    """Half-width of the normal-mixture confidence sequence at one look:

    sqrt( V (V + tau²) / tau² · ( log((V + tau²) / V) + 2 log(1/alpha) ) )

    where V is the variance of the estimated delta and tau² the mixing variance. It is
    the set of deltas the mixture likelihood ratio (Gaussian prior N(0, tau²) on the
    effect) does not reject at level alpha; by Ville's inequality the set covers the
    true delta at every look simultaneously with probability >= 1 - alpha."""
    if not (0 < alpha < 1):
        raise ValidationError("alpha", alpha, "must be in (0, 1)")
    if not (mixing_sd > 0 and math.isfinite(mixing_sd)):
        raise ValidationError("mixing_sd", mixing_sd, "must be positive and finite")
    if not math.isfinite(variance):
        return math.inf
    if variance <= 0:
        return 0.0
    tau2 = mixing_sd**2
    return math.sqrt(
        variance
        * (variance + tau2)
        / tau2
        * (math.log((variance + tau2) / variance) + 2 * math.log(1 / alpha))
    )


def mixture_interval(
    delta: float,
    variance: float,
    alpha: float,
    mixing_sd: float,
    bounds: tuple[float, float] = (-math.inf, math.inf),
) -> Interval:
    """The always-valid interval for the delta at one look, clipped to ``bounds``."""
    half = mixture_half_width(variance, alpha, mixing_sd)
    return Interval(max(bounds[0], delta - half), min(bounds[1], delta + half))


def fixed_normal_interval(delta: float, variance: float, alpha: float) -> Interval:
    """The fixed-horizon (single-look) normal interval, for comparison with the sequence."""
    if not math.isfinite(variance):
        return Interval(-math.inf, math.inf)
    half = float(stats.norm.ppf(1 - alpha / 2)) * math.sqrt(max(variance, 0.0))
    return Interval(delta - half, delta + half)


def clustered_bootstrap_interval(
    curated: Mapping[str, Sequence[float]],
    raw: Mapping[str, Sequence[float]],
    *,
    alpha: float = 0.05,
    resamples: int = 2000,
    seed: int = 0,
) -> Interval | None:
    """Percentile bootstrap interval of mean(curated) - mean(raw) over exposures,
    resampling whole agents within each cohort. ``curated`` and ``raw`` map agent id to
    that agent's scores. Deterministic for ``seed`` (agents are taken in sorted order);
    None when a cohort has no scored agent."""
    cohorts = []
    for cohort in (curated, raw):
        agents = sorted(a for a, values in cohort.items() if len(values))
        cohorts.append(
            ([float(np.sum(cohort[a])) for a in agents], [len(cohort[a]) for a in agents])
        )
    (sums_c, counts_c), (sums_r, counts_r) = cohorts
    return bootstrap_from_agent_sums(
        sums_c, counts_c, sums_r, counts_r, alpha=alpha, resamples=resamples, seed=seed
    )


def bootstrap_from_agent_sums(
    curated_sums: npt.ArrayLike,
    curated_counts: npt.ArrayLike,
    raw_sums: npt.ArrayLike,
    raw_counts: npt.ArrayLike,
    *,
    alpha: float = 0.05,
    resamples: int = 2000,
    seed: int = 0,
) -> Interval | None:
    """The agent-clustered bootstrap on per-agent (sum of scores, number of scores)."""
    rng = np.random.default_rng(seed)
    means = []
    for sums, counts in ((curated_sums, curated_counts), (raw_sums, raw_counts)):
        total = np.asarray(sums, dtype=float)
        count = np.asarray(counts, dtype=float)
        keep = count > 0
        total, count = total[keep], count[keep]
        if not len(total):
            return None
        picks = rng.integers(0, len(total), size=(resamples, len(total)))
        means.append(total[picks].sum(axis=1) / count[picks].sum(axis=1))
    differences = means[0] - means[1]
    low, high = np.quantile(differences, [alpha / 2, 1 - alpha / 2])
    return Interval(float(low), float(high))


@dataclass(frozen=True)
class SampleRatioCheck:
    curated_agents: int
    raw_agents: int
    raw_share: float
    chi2: float
    p_value: float
    alarm: bool

    @property
    def observed_raw_share(self) -> float | None:
        total = self.curated_agents + self.raw_agents
        return self.raw_agents / total if total else None


def srm_check(
    curated_agents: int, raw_agents: int, raw_share: float, threshold: float = SRM_ALARM_P
) -> SampleRatioCheck:
    """Chi-square goodness of fit (1 degree of freedom) of agents per cohort against the
    configured split; ``alarm`` when p < ``threshold``. No agents: p = 1, no alarm."""
    if not (0 < raw_share < 1):
        raise ValidationError("raw_share", raw_share, "must be in (0, 1)")
    if curated_agents < 0 or raw_agents < 0:
        raise ValidationError("agents", (curated_agents, raw_agents), "must be non-negative")
    total = curated_agents + raw_agents
    if total == 0:
        return SampleRatioCheck(0, 0, raw_share, 0.0, 1.0, False)
    expected_raw = total * raw_share
    expected_curated = total - expected_raw
    chi2 = (raw_agents - expected_raw) ** 2 / expected_raw + (
        curated_agents - expected_curated
    ) ** 2 / expected_curated
    p_value = float(stats.chi2.sf(chi2, df=1))
    return SampleRatioCheck(
        curated_agents, raw_agents, raw_share, float(chi2), p_value, p_value < threshold
    )
