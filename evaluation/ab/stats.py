"""The statistics of a paired A/B: intervals and exact tests, checked against known values."""

from __future__ import annotations

import math
from dataclasses import dataclass

from scipy import stats


def wilson_interval(successes: int, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """Wilson score interval for a proportion; (0, 1) when there is no data."""
    if n <= 0:
        return (0.0, 1.0)
    z = float(stats.norm.ppf(0.5 + confidence / 2))
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def exact_mcnemar(wins: int, losses: int) -> float:
    """Two-sided exact test on the discordant pairs (binomial, p = 1/2); 1.0 without any."""
    discordant = wins + losses
    if discordant == 0:
        return 1.0
    return float(stats.binomtest(wins, discordant, 0.5, alternative="two-sided").pvalue)


@dataclass(frozen=True)
class PairedComparison:
    """Curated vs raw over the same queries: win = curated scored higher on a query."""

    n: int
    wins: int
    losses: int
    ties: int
    quality_a: float  # mean decision quality, arm A (raw)
    quality_b: float  # mean decision quality, arm B (curated)

    @property
    def delta(self) -> float:
        return self.quality_b - self.quality_a

    @property
    def relative_delta(self) -> float:
        return self.delta / self.quality_a if self.quality_a else math.inf

    @property
    def win_rate(self) -> float:
        """Wins among the decided (non-tied) queries."""
        decided = self.wins + self.losses
        return self.wins / decided if decided else 0.5

    @property
    def win_rate_interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.wins + self.losses)

    @property
    def p_value(self) -> float:
        return exact_mcnemar(self.wins, self.losses)

    def to_dict(self) -> dict[str, float]:
        low, high = self.win_rate_interval
        return {
            "n": self.n,
            "wins": self.wins,
            "losses": self.losses,
            "ties": self.ties,
            "quality_raw": self.quality_a,
            "quality_curated": self.quality_b,
            "delta": self.delta,
            "relative_delta": self.relative_delta,
            "win_rate": self.win_rate,
            "win_rate_low": low,
            "win_rate_high": high,
            "p_value": self.p_value,
        }


def compare_paired(scores_a: list[float], scores_b: list[float]) -> PairedComparison:
    if len(scores_a) != len(scores_b):
        raise ValueError("paired scores must have equal length")
    wins = sum(b > a for a, b in zip(scores_a, scores_b, strict=True))
    losses = sum(b < a for a, b in zip(scores_a, scores_b, strict=True))
    n = len(scores_a)
    return PairedComparison(
        n=n,
        wins=wins,
        losses=losses,
        ties=n - wins - losses,
        quality_a=sum(scores_a) / n if n else 0.0,
        quality_b=sum(scores_b) / n if n else 0.0,
    )
