"""The weekly public-benchmark assets: skipped cleanly without data, and a real TimeQA run
on a tiny fixture logged to MLflow from a scratch database."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from dagster import DagsterInstance, materialize
from dagster_helpers import meta, scratch_resources
from store_helpers import drop_database
from timeqa_fixture import write_timeqa

from curation import MemoryStore
from orchestration.assets.evaluation import BENCHMARK_ASSETS, timeqa_benchmark
from orchestration.definitions import build_resources, defs
from orchestration.jobs import workload_evaluation_job


@pytest.fixture
def instance() -> Iterator[DagsterInstance]:
    with DagsterInstance.ephemeral() as inst:
        yield inst


def test_the_weekly_job_runs_the_public_benchmarks_beside_the_simulated_ab() -> None:
    job = defs.resolve_job_def(workload_evaluation_job.name)
    keys = {key.to_user_string() for key in job.asset_layer.executable_asset_keys}
    assert {"ab_workload", "locomo_benchmark", "longmemeval_benchmark", "timeqa_benchmark"} <= keys


def test_absent_data_is_skipped_not_failed(instance: DagsterInstance, tmp_path: Path) -> None:
    resources = build_resources(embedder="hashing", benchmarks_dir=str(tmp_path / "nothing"))
    result = materialize(BENCHMARK_ASSETS, instance=instance, resources=resources)
    assert result.success
    for asset in ("locomo_benchmark", "longmemeval_benchmark", "timeqa_benchmark"):
        metadata = meta(result, asset)
        assert metadata["skipped"] is True and "nothing" in metadata["reason"]


def test_timeqa_runs_in_a_scratch_database_and_logs_to_mlflow(
    store: MemoryStore, instance: DagsterInstance, database_url: str, tmp_path: Path
) -> None:
    from mlflow.tracking import MlflowClient

    write_timeqa(tmp_path / "shared" / "timeqa")
    scratch, uri, resources = scratch_resources(
        database_url, tmp_path, "bm_", "benchmarks", benchmarks_dir=str(tmp_path / "shared")
    )
    before = store.tenants.all()
    try:
        result = materialize([timeqa_benchmark], instance=instance, resources=resources)
        assert result.success
        metadata = meta(result, "timeqa_benchmark")
        assert metadata["skipped"] is False and metadata["memories"] == 9
        assert {"current_first.raw", "current_first.heuristic", "current_first.curated"} <= set(
            metadata
        )
        run = MlflowClient(tracking_uri=uri).get_run(metadata["mlflow_run_id"])
        assert run.data.tags["memgov.benchmark"] == "timeqa"
        assert store.tenants.all() == before  # the store itself was never written
    finally:
        drop_database(database_url, scratch)
