"""The daily online-experiment asset for real: called directly and materialized on an
ephemeral Dagster instance against the test database, logging to MLflow in tmp."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from dagster import (
    AssetKey,
    DagsterInstance,
    DefaultScheduleStatus,
    build_asset_context,
    materialize,
)
from mlflow.tracking import MlflowClient
from mlflow_helpers import fresh_mlflow_uri
from online_helpers import run_store_experiment

from curation import MemoryStore
from evaluation.online.daily import experiments_due
from orchestration.assets.online import online_experiment_report
from orchestration.definitions import build_resources, defs
from orchestration.resources import ClockResource, MLflowResource, StoreResource

T0 = datetime(2026, 11, 1, 12, 0, tzinfo=UTC)
START = datetime(2026, 10, 30, tzinfo=UTC)


def _metadata(result: Any) -> dict[str, Any]:
    [event] = [
        e
        for e in result.get_asset_materialization_events()
        if e.asset_key == AssetKey("online_experiment_report")
    ]
    return {k: v.value for k, v in event.materialization.metadata.items()}


def test_schedule_is_daily_and_registered() -> None:
    schedule = defs.resolve_schedule_def("daily_online_experiment_schedule")
    assert schedule.cron_schedule == "30 0 * * *"
    assert schedule.execution_timezone == "UTC"
    assert schedule.default_status == DefaultScheduleStatus.RUNNING
    assert schedule.job_name == "online_experiment_job"
    job = defs.resolve_job_def("online_experiment_job")
    assert set(job.graph.node_names()) == {"online_experiment_report"}


def test_asset_called_directly_without_experiments_logs_nothing(
    store: MemoryStore, database_url: str, tmp_path: Path
) -> None:
    store.remember("acme", "Deploys are frozen on Fridays after 3 pm")
    result = online_experiment_report(
        build_asset_context(),
        store=StoreResource(database_url=database_url, embedder="hashing"),
        clock=ClockResource(now=T0.isoformat()),
        mlflow=MLflowResource(tracking_uri=f"sqlite:///{tmp_path / 'ml.db'}"),
    )
    assert result.metadata is not None
    assert result.metadata["experiments"] == 0
    assert "No experiment" in str(result.metadata["report"])


def test_materialized_daily_logs_each_completed_day_once(
    store: MemoryStore, database_url: str, tmp_path: Path
) -> None:
    record = run_store_experiment(store, "acme", starts_at=START, days=3)
    uri = fresh_mlflow_uri(tmp_path / "ml.db")

    def run_at(now: datetime) -> dict[str, Any]:
        resources = build_resources(
            database_url=database_url, embedder="hashing", now=now.isoformat(), tracking_uri=uri
        )
        with DagsterInstance.ephemeral() as instance:
            result = materialize([online_experiment_report], instance=instance, resources=resources)
        assert result.success
        return _metadata(result)

    first = run_at(T0)  # Oct 30 and 31 are over, Nov 1 is not
    assert first["experiments"] == 1 and first["new_days_logged"] == 2
    assert first["recommendations"] == {"acme/online-v1": "continue"}
    assert "online-v1" in first["report"]
    second = run_at(T0 + timedelta(days=1))
    assert second["new_days_logged"] == 1

    client = MlflowClient(tracking_uri=uri)
    [run] = client.search_runs(
        [client.get_experiment_by_name("online-ab").experiment_id],  # type: ignore[union-attr]
        filter_string=f"tags.`memgov.online.experiment_id` = '{record.id}'",
    )
    history = client.get_metric_history(run.info.run_id, "curated.success_rate")
    assert sorted(m.step for m in history) == [0, 1, 2]
    assert run.data.metrics["curated.success_rate"] > run.data.metrics["raw.success_rate"]


def test_experiments_that_ended_long_ago_are_not_due(store: MemoryStore) -> None:
    run_store_experiment(store, "acme", starts_at=START, days=1, agents=2, duration_days=1)
    assert [e.name for e in experiments_due(store, now=START + timedelta(days=3))] == ["online-v1"]
    assert experiments_due(store, now=START + timedelta(days=5)) == []
    assert experiments_due(store, now=START - timedelta(days=1)) == []  # not started yet
