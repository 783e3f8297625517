"""Drive one benchmark: load its workload, run its arms, log the result to MLflow. The one
place a benchmark result is logged (``mlflow_edge.log_benchmark``), whoever runs it: the
Dagster assets, ``memgov eval`` or a test."""

from __future__ import annotations

from pathlib import Path

from curation import MemoryStore
from evaluation.benchmarks.mlflow_edge import log_benchmark
from evaluation.benchmarks.protocol import Benchmark, BenchmarkResult, RunOptions


def run_benchmark(
    benchmark: Benchmark,
    source: Path | str,
    store: MemoryStore,
    options: RunOptions | None = None,
    *,
    log_mlflow: bool = True,
    tracking_uri: str | None = None,
    experiment: str | None = None,
) -> BenchmarkResult:
    """``benchmark`` on ``store`` with the data at ``source``; ``result["mlflow"]`` says
    where it was logged (None with ``log_mlflow=False``; an ``error`` entry when tracking
    failed: the figures are kept either way)."""
    workload = benchmark.load(source)
    result = benchmark.run(workload, source, store, options or RunOptions())
    where = experiment or benchmark.experiment
    result["mlflow"] = (
        log_benchmark(dict(result), where, tracking_uri, benchmark.chart(result))
        if log_mlflow
        else None
    )
    return result
