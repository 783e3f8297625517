"""Weekly evaluation on the public benchmarks: one Dagster asset (``<name>_benchmark``)
per benchmark of evaluation's registry that has data (LoCoMo, LongMemEval oracle and
TimeQA), beside the simulated A/B (``ab_workload``), logged to MLflow.

Each asset runs raw, the newest-near-top heuristic and curated recall in a scratch
database (recreated each time; never the store itself) and logs one comparison run per
workload (experiments ``benchmark-locomo``, ``benchmark-longmemeval``,
``benchmark-timeqa``), whose trend the dashboard's Experiments page shows. The data paths
come from ``BenchmarkDataResource`` (``MEMGOV_BENCHMARKS_DIR``: a folder holding
``locomo/locomo10.json``, ``longmemeval/longmemeval_oracle.json`` and ``timeqa/``, the
layout of ``shared/benchmarks``). A workload whose data is absent materialises as
skipped, with the reason in its metadata: the data is not shipped with memgov.
"""

from pathlib import Path
from typing import Any

from dagster import (
    AssetExecutionContext,
    AssetsDefinition,
    ConfigurableResource,
    MaterializeResult,
    MetadataValue,
    asset,
)
from pydantic import Field

from evaluation import Benchmark, weekly_benchmarks
from orchestration.resources import MLflowResource, StoreResource
from orchestration.telemetry import traced_asset


class BenchmarkDataResource(ConfigurableResource):
    """Where the public benchmarks are (``root`` = MEMGOV_BENCHMARKS_DIR), and the scratch
    database the weekly runs use."""

    root: str | None = Field(default=None, description="Folder in shared/benchmarks layout.")
    database: str = Field(default="memgov_benchmarks", description="Scratch database name.")

    def path(self, relative: str) -> Path | None:
        """The workload's data, or None when it is not there (the asset then skips)."""
        if not self.root:
            return None
        path = Path(self.root) / relative
        return path if path.exists() else None


def _materialize(
    context: AssetExecutionContext,
    benchmark: Benchmark,
    data: BenchmarkDataResource,
    store: StoreResource,
    mlflow: MLflowResource,
) -> MaterializeResult[None]:
    name = benchmark.title
    path = data.path(benchmark.data) if benchmark.data is not None else None
    if path is None:
        reason = f"no {name} data under MEMGOV_BENCHMARKS_DIR ({data.root or 'unset'})"
        context.log.info(f"{name}: skipped, {reason}")
        return MaterializeResult(metadata={"skipped": True, "reason": reason})
    from evaluation import RunOptions, explicit_cache_path, run_benchmark

    scratch = store.scratch(data.database)
    try:
        options = RunOptions(embed_cache=explicit_cache_path())
        uri = mlflow.resolved_tracking_uri()
        result = run_benchmark(benchmark, path, scratch, options, tracking_uri=uri)
    finally:
        scratch.db.dispose()
    logged = result.get("mlflow") or {}
    metadata: dict[str, Any] = {
        "skipped": False,
        "dataset": str(path),
        "archived": result["curation"].get("archived"),
        "memories": result["curation"].get("memories"),
        "mlflow_run_id": MetadataValue.text(str(logged.get("run_id") or logged.get("error"))),
    }
    metadata.update({k: v for k, v in benchmark.figures(result).items() if v is not None})
    return MaterializeResult(metadata=metadata)


def benchmark_asset(benchmark: Benchmark) -> AssetsDefinition:
    """The weekly asset ``<name>_benchmark`` of a registered benchmark with data."""

    def compute(
        context: AssetExecutionContext,
        store: StoreResource,
        mlflow: MLflowResource,
        benchmarks: BenchmarkDataResource,
    ) -> MaterializeResult[None]:
        return _materialize(context, benchmark, benchmarks, store, mlflow)

    compute.__name__ = compute.__qualname__ = f"{benchmark.name}_benchmark"
    return asset(group_name="evaluation", description=benchmark.description)(traced_asset(compute))


ASSETS_BY_BENCHMARK = {b.name: benchmark_asset(b) for b in weekly_benchmarks()}
BENCHMARK_ASSETS = list(ASSETS_BY_BENCHMARK.values())
locomo_benchmark = ASSETS_BY_BENCHMARK["locomo"]
longmemeval_benchmark = ASSETS_BY_BENCHMARK["longmemeval"]
timeqa_benchmark = ASSETS_BY_BENCHMARK["timeqa"]
