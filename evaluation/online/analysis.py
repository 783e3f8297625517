"""Daily analysis of an online experiment: one row per UTC day, as it looked that day.

Row d is the experiment **as of the end of day d**: exposures served by then, and only
the outcomes reported by then (an observation's ``outcome_at``). So re-running the
analysis later reproduces the series a daily job saw, and a late outcome never rewrites
the past. The last row is as of ``now``: exposures up to ``min(now, end or stop)`` and
every outcome reported by ``now``, so outcomes that arrive after the end still count.

Missing outcomes are not failures: rates use only exposures with an outcome for the
experiment's metric, and each cohort reports its missing share (a cohort that reports
less is itself a warning sign). Per cohort the row has cumulative and same-day counts.

The primary delta is curated - raw on the experiment's metric:
- ``success``: success rates; fixed interval = Newcombe hybrid score; p = pooled z-test;
- ``score``: mean scores; fixed interval = agent-clustered bootstrap; p = normal test on
  the agent-clustered variance.
The always-valid interval is the normal-mixture confidence sequence on the
agent-clustered variance, intersected with every earlier day's (still valid, since the
guarantee holds for all days at once; an empty intersection — possible only when the
variance estimate is off — falls back to the day's own interval). It drives the
recommendation; the SRM check compares distinct agents per cohort with the split.
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

import numpy as np
from scipy import stats as scipy_stats

from curation import (
    ExperimentFeedback,
    ExperimentRecord,
    ExposureObservation,
    ValidationError,
    ensure_aware,
)
from evaluation.online.cohort_stats import (
    SCORE_MIXING_SD_FACTOR,
    SUCCESS_MIXING_SD,
    Interval,
    SampleRatioCheck,
    bootstrap_from_agent_sums,
    cluster_variance,
    mixture_interval,
    newcombe_interval,
    srm_check,
    two_proportion_z_test,
)
from evaluation.online.recommend import Recommendation, recommend

COHORTS = ("curated", "raw")
BOOTSTRAP_RESAMPLES = 1000
_UTC_MIDNIGHT = time(0, 0)


@dataclass(frozen=True)
class CohortStats:
    """One cohort's counts in a window. ``outcomes`` counts exposures with a value for the
    experiment's metric; success and score figures use whatever outcomes carry them."""

    agents: int
    exposures: int
    outcomes: int
    success_outcomes: int
    successes: int
    score_outcomes: int
    score_sum: float

    @property
    def missing(self) -> int:
        return self.exposures - self.outcomes

    @property
    def missing_share(self) -> float | None:
        return self.missing / self.exposures if self.exposures else None

    @property
    def success_rate(self) -> float | None:
        return self.successes / self.success_outcomes if self.success_outcomes else None

    @property
    def mean_score(self) -> float | None:
        return self.score_sum / self.score_outcomes if self.score_outcomes else None

    def to_dict(self) -> dict[str, Any]:
        return {
            "agents": self.agents,
            "exposures": self.exposures,
            "outcomes": self.outcomes,
            "missing": self.missing,
            "missing_share": self.missing_share,
            "successes": self.successes,
            "success_rate": self.success_rate,
            "mean_score": self.mean_score,
        }


def _finite(value: float | None) -> float | None:
    return value if value is not None and math.isfinite(value) else None


@dataclass(frozen=True)
class DayRow:
    day: int  # 0 = the start date
    date: date
    as_of: datetime
    complete: bool  # the day is over (or the experiment ended within it)
    cumulative: Mapping[str, CohortStats]
    daily: Mapping[str, CohortStats]
    delta: float | None
    fixed: Interval | None
    p_value: float | None
    always_valid: Interval | None
    srm: SampleRatioCheck
    recommendation: Recommendation

    def flat(self) -> dict[str, Any]:
        """One flat dict (the daily table's row, MLflow's per-day metrics); infinite
        bounds read None."""
        row: dict[str, Any] = {
            "day": self.day,
            "date": self.date.isoformat(),
            "as_of": self.as_of.isoformat(),
            "complete": self.complete,
        }
        for cohort in COHORTS:
            for key, value in self.cumulative[cohort].to_dict().items():
                row[f"{cohort}_{key}"] = value
            today = self.daily[cohort]
            row[f"{cohort}_day_agents"] = today.agents
            row[f"{cohort}_day_exposures"] = today.exposures
            row[f"{cohort}_day_outcomes"] = today.outcomes
            row[f"{cohort}_day_missing"] = today.missing
            row[f"{cohort}_day_success_rate"] = today.success_rate
            row[f"{cohort}_day_mean_score"] = today.mean_score
        row.update(
            delta=self.delta,
            fixed_low=_finite(self.fixed.low) if self.fixed else None,
            fixed_high=_finite(self.fixed.high) if self.fixed else None,
            p_value=self.p_value,
            always_valid_low=_finite(self.always_valid.low) if self.always_valid else None,
            always_valid_high=_finite(self.always_valid.high) if self.always_valid else None,
            srm_chi2=self.srm.chi2,
            srm_p=self.srm.p_value,
            srm_alarm=self.srm.alarm,
            recommendation=str(self.recommendation),
        )
        return row


@dataclass(frozen=True)
class OnlineReport:
    experiment: ExperimentRecord
    now: datetime
    ended: bool
    rows: list[DayRow]
    feedback: dict[str, dict[str, Any]] | None = None
    # When the tenant's policy changed after the experiment was created: the curated arm
    # then mixes policies, so its result no longer speaks for the policy under test alone.
    policy_changes: list[datetime] = field(default_factory=list)

    @property
    def latest(self) -> DayRow | None:
        return self.rows[-1] if self.rows else None

    @property
    def recommendation(self) -> Recommendation:
        if self.latest is None:
            return recommend(srm_alarm=False, always_valid=None, ended=self.ended)
        return self.latest.recommendation

    def table(self) -> list[dict[str, Any]]:
        return [row.flat() for row in self.rows]

    def experiment_summary(self) -> dict[str, Any]:
        """The experiment without its salt (the salt predicts every agent's cohort)."""
        record = self.experiment.to_dict()
        record.pop("salt", None)
        return record

    def to_dict(self) -> dict[str, Any]:
        return {
            "experiment": self.experiment_summary(),
            "now": self.now.isoformat(),
            "ended": self.ended,
            "recommendation": str(self.recommendation),
            "latest": self.latest.flat() if self.latest else None,
            "feedback": self.feedback,
            "policy_changes": [at.isoformat() for at in self.policy_changes],
            "days": self.table(),
        }


# -- columns ----------------------------------------------------------------------------


@dataclass(frozen=True)
class _Columns:
    """The observations as arrays (seconds since the epoch; NaN where no value)."""

    at: np.ndarray
    known_at: np.ndarray
    cohort: np.ndarray  # 0 curated, 1 raw
    agent: np.ndarray  # index into agents
    success: np.ndarray
    score: np.ndarray
    metric_value: np.ndarray

    @staticmethod
    def build(
        experiment: ExperimentRecord, observations: Sequence[ExposureObservation]
    ) -> _Columns:
        agents: dict[str, int] = {}
        rows = []
        for obs in observations:
            if obs.experiment_id != experiment.id:
                raise ValidationError(
                    "experiment_id",
                    obs.experiment_id,
                    f"recall {obs.recall_id} is not an exposure of experiment {experiment.id}",
                )
            if obs.cohort not in COHORTS:
                raise ValidationError("cohort", obs.cohort, "expected 'curated' or 'raw'")
            at = ensure_aware(obs.at).timestamp()
            has_outcome = obs.success is not None or obs.score is not None
            known = ensure_aware(obs.outcome_at).timestamp() if obs.outcome_at else at
            success = math.nan if obs.success is None else float(obs.success)
            score = math.nan if obs.score is None else float(obs.score)
            value = success if experiment.metric == "success" else score
            rows.append(
                (
                    at,
                    known if has_outcome else math.inf,
                    COHORTS.index(obs.cohort),
                    agents.setdefault(obs.agent_id, len(agents)),
                    success,
                    score,
                    value,
                )
            )
        table = np.array(rows, dtype=float).reshape(-1, 7)
        return _Columns(
            at=table[:, 0],
            known_at=table[:, 1],
            cohort=table[:, 2].astype(int),
            agent=table[:, 3].astype(int),
            success=table[:, 4],
            score=table[:, 5],
            metric_value=table[:, 6],
        )


def _window(at: np.ndarray, start: float, cut: float, inclusive: bool) -> np.ndarray:
    return (at >= start) & ((at <= cut) if inclusive else (at < cut))


@dataclass(frozen=True)
class _CohortData:
    stats: CohortStats
    agent_totals: np.ndarray  # per agent with an outcome: sum of metric values
    agent_counts: np.ndarray  # per agent: number of metric values
    metric_values: np.ndarray


def _cohort(cols: _Columns, exposed: np.ndarray, known: np.ndarray, cohort: int) -> _CohortData:
    mask = exposed & (cols.cohort == cohort)
    observed = mask & known
    has_success = observed & ~np.isnan(cols.success)
    has_score = observed & ~np.isnan(cols.score)
    has_metric = observed & ~np.isnan(cols.metric_value)
    agents = cols.agent[has_metric]
    values = cols.metric_value[has_metric]
    unique, inverse = np.unique(agents, return_inverse=True)
    totals = np.bincount(inverse, weights=values, minlength=len(unique))
    counts = np.bincount(inverse, minlength=len(unique))
    return _CohortData(
        stats=CohortStats(
            agents=len(np.unique(cols.agent[mask])),
            exposures=int(mask.sum()),
            outcomes=int(has_metric.sum()),
            success_outcomes=int(has_success.sum()),
            successes=int(cols.success[has_success].sum()),
            score_outcomes=int(has_score.sum()),
            score_sum=float(cols.score[has_score].sum()),
        ),
        agent_totals=totals,
        agent_counts=counts,
        metric_values=values,
    )


# -- the analysis -----------------------------------------------------------------------


def _utc(at: datetime) -> datetime:
    """In UTC, whatever zone the database session handed back (days are UTC days)."""
    return ensure_aware(at).astimezone(UTC)


def analysis_end(experiment: ExperimentRecord, now: datetime) -> tuple[datetime, bool, bool]:
    """(the last row's cut, whether it includes its own instant, whether the experiment
    is over): the experiment's end or stop if earlier than ``now``."""
    now = _utc(now)
    ends_at = _utc(experiment.ends_at)
    stopped_at = _utc(experiment.stopped_at) if experiment.stopped_at else None
    cut, inclusive = now, True
    if ends_at <= cut:
        cut, inclusive = ends_at, False
    if stopped_at is not None and stopped_at <= cut:
        cut, inclusive = stopped_at, True
    ended = now >= ends_at or experiment.status == "stopped"
    return cut, inclusive, ended


def _midnight(day: date) -> datetime:
    return datetime.combine(day, _UTC_MIDNIGHT, tzinfo=UTC)


def _score_mixing_sd(curated: _CohortData, raw: _CohortData) -> float:
    values = np.concatenate([curated.metric_values, raw.metric_values])
    spread = float(np.std(values, ddof=1)) if len(values) > 1 else 0.0
    return max(SCORE_MIXING_SD_FACTOR * spread, 1e-9)


def _compare(
    experiment: ExperimentRecord, curated: _CohortData, raw: _CohortData, seed: int
) -> tuple[float | None, Interval | None, float | None, Interval | None]:
    """(delta, fixed interval, p-value, today's always-valid interval)."""
    c, r = curated.stats, raw.stats
    alpha = experiment.alpha
    variance = cluster_variance(curated.agent_totals, curated.agent_counts) + cluster_variance(
        raw.agent_totals, raw.agent_counts
    )
    if experiment.metric == "success":
        if not c.success_outcomes and not r.success_outcomes:
            return None, None, None, None
        fixed = newcombe_interval(
            c.successes, c.success_outcomes, r.successes, r.success_outcomes, alpha
        )
        if not (c.success_outcomes and r.success_outcomes):
            return None, fixed, None, Interval(-1.0, 1.0)
        delta = c.successes / c.success_outcomes - r.successes / r.success_outcomes
        p_value = two_proportion_z_test(
            c.successes, c.success_outcomes, r.successes, r.success_outcomes
        )
        always = mixture_interval(delta, variance, alpha, SUCCESS_MIXING_SD, (-1.0, 1.0))
        return delta, fixed, p_value, always
    if not (c.score_outcomes and r.score_outcomes):
        return None, None, None, None
    score_delta = c.score_sum / c.score_outcomes - r.score_sum / r.score_outcomes
    bootstrap = bootstrap_from_agent_sums(
        curated.agent_totals,
        curated.agent_counts,
        raw.agent_totals,
        raw.agent_counts,
        alpha=alpha,
        resamples=BOOTSTRAP_RESAMPLES,
        seed=seed,
    )
    score_p = (
        float(2 * scipy_stats.norm.sf(abs(score_delta) / math.sqrt(variance)))
        if math.isfinite(variance) and variance > 0
        else None
    )
    band = mixture_interval(score_delta, variance, alpha, _score_mixing_sd(curated, raw))
    return score_delta, bootstrap, score_p, band


def _feedback_summary(feedback: ExperimentFeedback | None) -> dict[str, dict[str, Any]] | None:
    if feedback is None:
        return None
    out: dict[str, dict[str, Any]] = {}
    for cohort in COHORTS:
        counts = feedback.of(cohort)
        useful, not_useful = counts.useful, counts.not_useful
        total = useful + not_useful
        out[cohort] = {
            "useful": useful,
            "not_useful": not_useful,
            "useful_share": useful / total if total else None,
        }
    return out


def analyse_experiment(
    experiment: ExperimentRecord,
    observations: Sequence[ExposureObservation],
    feedback: ExperimentFeedback | None = None,
    *,
    now: datetime,
    policy_changes: Sequence[datetime] = (),
) -> OnlineReport:
    """One row per UTC day from the start date to the last day before ``min(now, end)``;
    deterministic for its inputs (the bootstrap is seeded by experiment id and day)."""
    cols = _Columns.build(experiment, observations)
    starts_at = _utc(experiment.starts_at)
    final_cut, final_inclusive, ended = analysis_end(experiment, now)
    rows: list[DayRow] = []
    running: Interval | None = None
    if final_cut > starts_at or (final_inclusive and final_cut == starts_at):
        first_day = starts_at.date()
        last_day = (final_cut - timedelta(microseconds=1)).date()
        last_day = max(last_day, first_day)
        start_ts = starts_at.timestamp()
        base_seed = zlib.crc32(experiment.id.encode())
        now_ts = ensure_aware(now).timestamp()
        for index in range((last_day - first_day).days + 1):
            day = first_day + timedelta(days=index)
            midnight_after = _midnight(day + timedelta(days=1))
            final = midnight_after >= final_cut
            cut = final_cut if final else midnight_after
            inclusive = final_inclusive if final else False
            cut_ts = cut.timestamp()
            day_start_ts = max(start_ts, _midnight(day).timestamp())
            exposed = _window(cols.at, start_ts, cut_ts, inclusive)
            # the last row knows every outcome reported by now, even after the end
            known = (cols.known_at <= now_ts) if final else (cols.known_at < cut_ts)
            today = _window(cols.at, day_start_ts, cut_ts, inclusive)
            curated, raw = (_cohort(cols, exposed, known, k) for k in range(2))
            daily = {name: _cohort(cols, today, known, k).stats for k, name in enumerate(COHORTS)}
            delta, fixed, p_value, always = _compare(experiment, curated, raw, base_seed + index)
            if always is not None:
                combined = always if running is None else running.intersect(always)
                running = always if combined.empty else combined
            srm = srm_check(curated.stats.agents, raw.stats.agents, experiment.raw_share)
            complete = not final or ended
            rows.append(
                DayRow(
                    day=index,
                    date=day,
                    as_of=cut,
                    complete=complete,
                    cumulative={"curated": curated.stats, "raw": raw.stats},
                    daily=daily,
                    delta=delta,
                    fixed=fixed,
                    p_value=p_value,
                    always_valid=running,
                    srm=srm,
                    recommendation=recommend(
                        srm_alarm=srm.alarm,
                        always_valid=running,
                        ended=ended and final,
                    ),
                )
            )
    return OnlineReport(
        experiment=experiment,
        now=_utc(now),
        ended=ended,
        rows=rows,
        feedback=_feedback_summary(feedback),
        policy_changes=sorted(_utc(at) for at in policy_changes),
    )
