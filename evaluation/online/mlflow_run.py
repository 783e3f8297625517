"""One MLflow run per online experiment, with its per-day series.

The run lives in the MLflow experiment ``online-ab`` (tags ``memgov.kind=online``,
``tenant``, ``memgov.online.experiment_id`` and ``memgov.online.experiment``) and is
found again by the experiment id, so logging daily reuses it: each completed day of the
analysis is logged once, as metrics at ``step`` = day index stamped with that day's UTC
midnight; days already in the run are skipped. Params (split, alpha, metric, policy,
window) are written when the run is created, through ``evaluation.tracking`` (flattened
and redacted; the assignment salt is never logged). Every call replaces the daily table
artifact (``tables/daily.csv`` and ``.json``) and ``summary.json`` and updates the
``memgov.recommendation`` tag. The run is FINISHED once the experiment has ended.

A day's metrics are written once, when the day is over (the last day: when the
experiment has ended); outcomes reported later still reach the refreshed daily table and
summary, not the metrics already written.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, time
from typing import Any

from mlflow.entities import Run
from mlflow.tracking import MlflowClient

from evaluation.online.analysis import COHORTS, DayRow, OnlineReport
from evaluation.online.cohort_stats import SCORE_MIXING_SD_FACTOR, SRM_ALARM_P, SUCCESS_MIXING_SD
from evaluation.tracking import KIND_TAG, _client, _RunLogger, describe_run, ensure_experiment

ONLINE_EXPERIMENT = "online-ab"
EXPERIMENT_ID_TAG = "memgov.online.experiment_id"
EXPERIMENT_NAME_TAG = "memgov.online.experiment"
RECOMMENDATION_TAG = "memgov.recommendation"
DAY_MARKER = "day_logged"  # 1 at every logged step: which days the run already holds


@dataclass(frozen=True)
class LoggedSeries:
    run_id: str
    new_days: list[int]
    created: bool


def day_metrics(row: DayRow) -> dict[str, Any]:
    """The metrics of one day (names as MLflow shows them)."""
    metrics: dict[str, Any] = {DAY_MARKER: 1}
    for cohort in COHORTS:
        total, today = row.cumulative[cohort], row.daily[cohort]
        metrics.update(
            {
                f"{cohort}.success_rate": total.success_rate,
                f"{cohort}.mean_score": total.mean_score,
                f"{cohort}.agents": total.agents,
                f"{cohort}.exposures": total.exposures,
                f"{cohort}.outcomes": total.outcomes,
                f"{cohort}.missing_share": total.missing_share,
                f"{cohort}.day_success_rate": today.success_rate,
                f"{cohort}.day_mean_score": today.mean_score,
                f"{cohort}.day_exposures": today.exposures,
            }
        )
    flat = row.flat()
    metrics.update(
        {
            "delta": row.delta,
            "delta.fixed_low": flat["fixed_low"],
            "delta.fixed_high": flat["fixed_high"],
            "delta.always_valid_low": flat["always_valid_low"],
            "delta.always_valid_high": flat["always_valid_high"],
            "p_value": row.p_value,
            "srm.p_value": row.srm.p_value,
            "srm.alarm": row.srm.alarm,
        }
    )
    return metrics


def _params(report: OnlineReport) -> dict[str, Any]:
    record = report.experiment
    return {
        "tenant": record.tenant,
        "experiment": record.name,
        "experiment_id": record.id,
        "raw_share": record.raw_share,
        "alpha": record.alpha,
        "metric": record.metric,
        "policy": record.policy or "default",
        "starts_at": record.starts_at,
        "ends_at": record.ends_at,
        "created_by": record.created_by,
        "analysis": {
            "always_valid": "normal-mixture confidence sequence, agent-clustered variance",
            "success_mixing_sd": SUCCESS_MIXING_SD,
            "score_mixing_sd_factor": SCORE_MIXING_SD_FACTOR,
            "srm_alarm_p": SRM_ALARM_P,
        },
    }


def _day_start(row: DayRow) -> datetime:
    return datetime.combine(row.date, time(0, 0), tzinfo=UTC)


def find_run(client: MlflowClient, mlflow_experiment_id: str, experiment_id: str) -> Run | None:
    """The run of an online experiment (the oldest, should two processes have raced)."""
    runs = client.search_runs(
        [mlflow_experiment_id],
        filter_string=f"tags.`{EXPERIMENT_ID_TAG}` = '{experiment_id}'",
        order_by=["attributes.start_time ASC"],
        max_results=1,
    )
    return runs[0] if runs else None


def logged_days(client: MlflowClient, run_id: str) -> set[int]:
    return {int(m.step) for m in client.get_metric_history(run_id, DAY_MARKER)}


def log_online_report(
    report: OnlineReport,
    *,
    uri: str | None = None,
    mlflow_experiment: str = ONLINE_EXPERIMENT,
    tags: Mapping[str, str] | None = None,
) -> LoggedSeries:
    """Log the report's completed days that the experiment's run does not hold yet."""
    client, resolved = _client(uri)
    mlflow_experiment_id = ensure_experiment(client, mlflow_experiment, resolved)
    record = report.experiment
    existing = find_run(client, mlflow_experiment_id, record.id)
    created = existing is None
    if existing is None:
        run_tags = {
            KIND_TAG: "online",
            "tenant": record.tenant,
            EXPERIMENT_ID_TAG: record.id,
            EXPERIMENT_NAME_TAG: record.name,
        }
        name = describe_run(
            "online curated vs raw",
            scope=f"{record.tenant}/{record.name}",
            policy=record.policy or None,  # none: the tenant's own policy, unchanged
        )
        run = client.create_run(mlflow_experiment_id, run_name=name, tags=run_tags)
        run_id = run.info.run_id
    else:
        run_id = existing.info.run_id
    logger = _RunLogger(client, run_id)
    if created:
        logger.log_params(_params(report))
    done = set() if created else logged_days(client, run_id)
    new_days = []
    for row in report.rows:
        if row.complete and row.day not in done:
            logger.log_metrics(day_metrics(row), step=row.day, at=_day_start(row))
            new_days.append(row.day)
    logger.set_tags(
        {
            RECOMMENDATION_TAG: str(report.recommendation),
            "memgov.online.status": record.status,
            **(tags or {}),
        }
    )
    logger.log_table("daily", report.table())
    summary = report.to_dict()
    summary.pop("days")
    logger.log_json("summary", summary)
    if report.ended:
        client.set_terminated(run_id, status="FINISHED")
    return LoggedSeries(run_id=run_id, new_days=new_days, created=created)
