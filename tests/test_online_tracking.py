"""An online experiment's daily series in a real MLflow store (SQLite in tmp): one run per
experiment, one step per completed day stamped with that day, idempotent re-logging."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from mlflow.tracking import MlflowClient
from mlflow_helpers import fresh_mlflow_uri
from online_helpers import START, daily_fleet, experiment

from evaluation.online.analysis import analyse_experiment
from evaluation.online.mlflow_run import (
    EXPERIMENT_ID_TAG,
    ONLINE_EXPERIMENT,
    RECOMMENDATION_TAG,
    log_online_report,
)


@pytest.fixture(scope="module")
def uri(tmp_path_factory: pytest.TempPathFactory) -> str:
    return fresh_mlflow_uri(tmp_path_factory.mktemp("mlflow") / "mlflow.db")


def test_daily_series_is_logged_once_per_day_and_the_run_is_reused(uri: str) -> None:
    record = experiment(
        policy={"name": "strict", "db_password": "hunter2"}, ends_at=START + timedelta(days=4)
    )
    items = daily_fleet(record, 4, 0.7, 0.5)
    early = analyse_experiment(record, items, now=START + timedelta(days=2, hours=6))
    first = log_online_report(early, uri=uri)
    assert first.created and first.new_days == [0, 1]  # day 2 is not over yet

    client = MlflowClient(tracking_uri=uri)
    run = client.get_run(first.run_id)
    assert run.data.tags[EXPERIMENT_ID_TAG] == record.id
    assert run.data.tags["tenant"] == "acme"
    assert run.data.params["raw_share"] == "0.5" and run.data.params["metric"] == "success"
    assert run.data.params["policy.name"] == "strict"
    assert run.data.params["policy.db_password"] == "***"
    assert "s3cret-salt" not in json.dumps(run.data.params)
    assert run.info.status == "RUNNING"

    late = analyse_experiment(record, items, now=START + timedelta(days=6))
    again = log_online_report(late, uri=uri)
    assert again.run_id == first.run_id and not again.created
    assert again.new_days == [2, 3, 4]  # Nov 1 12:00 to Nov 5 12:00 touches 5 UTC days
    assert log_online_report(late, uri=uri).new_days == []  # idempotent

    history = client.get_metric_history(first.run_id, "curated.success_rate")
    assert sorted(m.step for m in history) == [0, 1, 2, 3, 4]
    stamps = {m.step: datetime.fromtimestamp(m.timestamp / 1000, UTC) for m in history}
    assert stamps[0] == datetime(2026, 11, 1, tzinfo=UTC)
    assert stamps[4] == datetime(2026, 11, 5, tzinfo=UTC)
    delta_low = client.get_metric_history(first.run_id, "delta.always_valid_low")
    assert len(delta_low) == 5
    finished = client.get_run(first.run_id)
    assert finished.info.status == "FINISHED"
    assert finished.data.tags[RECOMMENDATION_TAG] == str(late.recommendation)

    local = Path(client.download_artifacts(first.run_id, "tables/daily.json"))
    table = json.loads(local.read_text())
    assert [row["day"] for row in table] == [0, 1, 2, 3, 4]


def test_each_online_experiment_gets_its_own_run(uri: str) -> None:
    one = experiment(id="00000000-0000-4000-8000-0000000000a1", name="one")
    two = replace(one, id="00000000-0000-4000-8000-0000000000a2", name="two")
    now = START + timedelta(days=1, hours=1)
    run_one = log_online_report(analyse_experiment(one, [], now=now), uri=uri)
    run_two = log_online_report(analyse_experiment(two, [], now=now), uri=uri)
    assert run_one.run_id != run_two.run_id
    client = MlflowClient(tracking_uri=uri)
    found = client.get_experiment_by_name(ONLINE_EXPERIMENT)
    assert found is not None
    names = {r.info.run_name for r in client.search_runs([found.experiment_id])}
    # named by what they compare: "online curated vs raw · acme/one · ..."
    scopes = {n.split(" · ")[1] for n in names}
    assert {"acme/one", "acme/two"} <= scopes
    assert all(n.startswith("online curated vs raw · ") for n in names)
