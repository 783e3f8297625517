"""From the store to a report, and the daily job: analyse every experiment that is live
(or ended recently) and log its completed days to MLflow.

Shared by the Dagster asset, ``memgov experiment status`` and the dashboard, so all three
read the same numbers.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from curation import EventType, ExperimentRecord, MemoryStore, ensure_aware
from evaluation.online.analysis import OnlineReport, analyse_experiment

FINAL_DAYS_GRACE = timedelta(days=3)
"""An experiment that ended is still logged for this long, so its last days (and the
outcomes reported just after its end) reach MLflow even if a daily tick was missed."""


def experiment_report(store: MemoryStore, tenant: str, name: str, *, now: datetime) -> OnlineReport:
    """The analysis of one experiment from the store's exposures, outcomes and feedback."""
    record = store.experiments.get(tenant, name)
    return analyse_experiment(
        record,
        store.experiments.observations(tenant, name),
        store.experiments.feedback(tenant, name),
        now=now,
        policy_changes=policy_changes(store, record, now=now),
    )


def policy_changes(
    store: MemoryStore, record: ExperimentRecord, *, now: datetime
) -> list[datetime]:
    """Policy writes after the experiment stored its policy under test (its own start
    wrote the policy at ``created_at``) and before its end."""
    created = ensure_aware(record.created_at)
    until = min(experiment_end(record), ensure_aware(now))
    events = store.ledger.events(record.tenant, types=[EventType.POLICY.value], limit=10_000)
    return [e.at for e in events if created < ensure_aware(e.at) <= until]


def experiment_end(record: ExperimentRecord) -> datetime:
    end = ensure_aware(record.ends_at)
    if record.stopped_at is not None:
        end = min(end, ensure_aware(record.stopped_at))
    return end


def experiments_due(store: MemoryStore, *, now: datetime) -> list[ExperimentRecord]:
    """Every tenant's experiments that have started and are live or ended within the
    grace period, by tenant then creation."""
    now = ensure_aware(now)
    due = []
    for tenant in store.tenants.all():
        for record in store.experiments.all(tenant):
            started = ensure_aware(record.starts_at) <= now
            if started and experiment_end(record) >= now - FINAL_DAYS_GRACE:
                due.append(record)
    return due


@dataclass(frozen=True)
class DailyLog:
    tenant: str
    experiment: str
    run_id: str
    new_days: list[int]
    report: OnlineReport

    def summary(self) -> dict[str, Any]:
        latest = self.report.latest.flat() if self.report.latest else {}
        return {
            "tenant": self.tenant,
            "experiment": self.experiment,
            "recommendation": str(self.report.recommendation),
            "days": len(self.report.rows),
            "new_days_logged": len(self.new_days),
            "curated_success_rate": latest.get("curated_success_rate"),
            "raw_success_rate": latest.get("raw_success_rate"),
            "delta": latest.get("delta"),
            "always_valid_low": latest.get("always_valid_low"),
            "always_valid_high": latest.get("always_valid_high"),
            "srm_p": latest.get("srm_p"),
            "mlflow_run_id": self.run_id,
        }


def log_due_experiments(
    store: MemoryStore,
    *,
    now: datetime,
    uri: str | None = None,
    mlflow_experiment: str = "online-ab",
) -> list[DailyLog]:
    """Analyse every due experiment as of ``now`` and log its new completed days."""
    from evaluation.online.mlflow_run import log_online_report  # MLflow loads only when logging

    logs = []
    for record in experiments_due(store, now=now):
        report = experiment_report(store, record.tenant, record.name, now=now)
        logged = log_online_report(report, uri=uri, mlflow_experiment=mlflow_experiment)
        logs.append(DailyLog(record.tenant, record.name, logged.run_id, logged.new_days, report))
    return logs
