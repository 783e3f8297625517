"""Adding a benchmark the way docs/architecture.md says: one adapter (a frozen dataclass
with the ``Benchmark`` members) and one registration. The fixture benchmark below is
registered at run time; ``memgov eval``, the Dagster asset factory, MLflow logging and the
dashboard's trend then all take it, with no other change."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
import typer
from dagster import AssetKey, DagsterInstance, materialize
from mlflow.tracking import MlflowClient
from mlflow_helpers import fresh_mlflow_uri
from typer.testing import CliRunner

from curation import MemoryStore, RecallMode
from dashboard.mlflow_comparisons import ARM_TAG, PARENT_TAG, benchmark_trend
from evaluation import (
    BENCHMARKS,
    Benchmark,
    BenchmarkResult,
    RunOptions,
    benchmark_headlines,
    register_benchmark,
    run_benchmark,
    weekly_benchmarks,
)
from evaluation.benchmarks import commands
from evaluation.benchmarks.cli import register
from evaluation.benchmarks.plumbing import curate_and_inspect, free_suffix, recall_ids
from evaluation.benchmarks.report import arm_metric, closing_line, format_table
from evaluation.benchmarks.scoring import timing_summary
from orchestration.assets.evaluation import benchmark_asset
from orchestration.definitions import build_resources

AT = datetime(2026, 3, 1, 12, tzinfo=UTC)
FACTS = [
    {"fact": "The blue kettle is in the kitchen cupboard.", "question": "Where is the kettle?"},
    {"fact": "Marta feeds the cat every morning.", "question": "Who feeds the cat?"},
    {"fact": "The spare tyre lives under the garage bench.", "question": "Where is the tyre?"},
]


@dataclass(frozen=True)
class Pantry:
    """The fixture benchmark: is the fact a question is about recalled first?"""

    k: int = 3

    name = "pantry"
    title = "Pantry"
    experiment = "benchmark-pantry"
    data = "pantry/facts.json"
    headline = "overall.first"
    description = "A fixture benchmark registered by a test."

    def load(self, source: Path | str) -> list[dict[str, str]]:
        return list(json.loads(Path(source).read_text(encoding="utf-8")))

    def run(
        self,
        workload: list[dict[str, str]],
        source: Path | str,
        store: MemoryStore,
        options: RunOptions,
    ) -> BenchmarkResult:
        started = time.perf_counter()
        tenant = "pantry" + free_suffix(store, ["pantry"])
        written = store.remember_many(
            tenant, [{"content": f["fact"], "kind": "fact"} for f in workload], now=AT
        )
        ids = [r.id for r in written]
        at = AT + timedelta(hours=1)
        arms = {"raw": RecallMode.RAW, "curated": RecallMode.CURATED}
        rows: list[dict[str, Any]] = [{"question": f["question"]} for f in workload]
        if options.curate:
            curate_and_inspect(store, tenant, at, options.policy)
        for arm, mode in arms.items():
            for row, item, memory_id in zip(rows, workload, ids, strict=True):
                hits = recall_ids(store, tenant, item["question"], self.k, mode, at)
                row[f"{arm}.first"] = bool(hits) and hits[0] == memory_id
        overall = {
            arm: {"overall": {"n": len(rows), "first": sum(r[f"{arm}.first"] for r in rows) / 3}}
            for arm in arms
        }
        return BenchmarkResult(
            benchmark=self.name,
            dataset=str(source),
            embedding_model=store.embedding_model,
            k_values=[self.k],
            questions={"total": len(rows), "scored": len(rows)},
            arms=overall,
            curation={"ran": options.curate, "memories": len(ids), "archived": 0},
            timings=timing_summary({}, started),
            rows=rows,
        )

    def figures(self, result: BenchmarkResult) -> dict[str, float | None]:
        return arm_metric(result, "overall", "first")

    def chart(self, result: BenchmarkResult) -> tuple[str, dict[str, Any]]:
        return "first", {arm: values for arm, values in result["arms"].items()}

    def render(self, result: BenchmarkResult) -> str:
        groups = {arm: {"overall": v["overall"]} for arm, v in result["arms"].items()}
        return format_table("pantry", groups, ["first"]) + "\n" + closing_line(result)

    def command(self) -> Any:
        return commands.file_command(self, "facts.json")


@pytest.fixture
def pantry(tmp_path: Path) -> Iterator[Path]:
    """The fixture benchmark registered, its data in a MEMGOV_BENCHMARKS_DIR layout."""
    root = tmp_path / "shared"
    (root / "pantry").mkdir(parents=True)
    (root / "pantry" / "facts.json").write_text(json.dumps(FACTS), encoding="utf-8")
    register_benchmark(Pantry())
    try:
        yield root
    finally:
        BENCHMARKS.pop("pantry", None)


def test_the_registry_lists_the_four_adapters_each_a_benchmark() -> None:
    assert {"locomo", "longmemeval", "timeqa", "holdout"} <= set(BENCHMARKS)
    assert [b.name for b in weekly_benchmarks()][:3] == ["locomo", "longmemeval", "timeqa"]
    assert "benchmark-holdout" not in benchmark_headlines()
    assert all(
        isinstance(b.name, str) and b.experiment.startswith("benchmark-")
        for b in BENCHMARKS.values()
    )


def test_a_registered_benchmark_runs_and_logs_once(
    store: MemoryStore, pantry: Path, tmp_path: Path
) -> None:
    benchmark: Benchmark = BENCHMARKS["pantry"]
    uri = fresh_mlflow_uri(tmp_path / "ml.db")
    result = run_benchmark(benchmark, pantry / "pantry" / "facts.json", store, tracking_uri=uri)
    assert result["arms"]["raw"]["overall"]["n"] == 3
    logged = result["mlflow"]
    assert logged is not None and "error" not in logged, logged
    assert logged["experiment"] == "benchmark-pantry" and set(logged["arms"]) == {"raw", "curated"}
    arm_run = MlflowClient(tracking_uri=uri).get_run(logged["arms"]["raw"])
    assert arm_run.data.metrics["overall.first"] == result["arms"]["raw"]["overall"]["first"]
    unlogged = run_benchmark(benchmark, pantry / "pantry" / "facts.json", store, log_mlflow=False)
    assert unlogged["mlflow"] is None and unlogged["arms"] == result["arms"]


def test_memgov_eval_takes_a_registered_benchmark(
    database_url: str, pantry: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MEMGOV_DATABASE_URL", database_url)
    monkeypatch.setenv("MEMGOV_EMBEDDER", "hashing")
    monkeypatch.setenv("MEMGOV_HOME", str(tmp_path / "home"))
    app = typer.Typer()
    register(app)
    runner = CliRunner()
    done = runner.invoke(app, ["pantry", str(pantry / "pantry" / "facts.json"), "--no-mlflow"])
    assert done.exit_code == 0, done.output
    assert "pantry" in done.output and "MLflow: not logged" in done.output
    missing = runner.invoke(app, ["pantry", str(tmp_path / "absent.json")])
    assert missing.exit_code == 2 and "no such file" in missing.output


def test_the_asset_factory_and_the_dashboard_take_a_registered_benchmark(
    pantry: Path, tmp_path: Path
) -> None:
    asset = benchmark_asset(BENCHMARKS["pantry"])
    assert asset.key == AssetKey("pantry_benchmark")
    resources = build_resources(embedder="hashing", benchmarks_dir=str(tmp_path / "nothing"))
    with DagsterInstance.ephemeral() as instance:
        done = materialize([asset], instance=instance, resources=resources)
    assert done.success
    [event] = done.get_asset_materialization_events()
    metadata: dict[str, Any] = {k: v.value for k, v in event.materialization.metadata.items()}
    assert metadata["skipped"] is True and "no Pantry data" in metadata["reason"]

    run = {
        "run_id": "r1",
        "experiment": "benchmark-pantry",
        "start_time": "2026-12-01",
        "status": "FINISHED",
        "metrics": {"overall.first": 0.5},
        "params": {},
        "tags": {PARENT_TAG: "p1", ARM_TAG: "raw"},
    }
    assert [(r["benchmark"], r["value"]) for r in benchmark_trend([run])] == [("pantry", 0.5)]
