"""Weekly evaluation on the public benchmarks: LoCoMo, LongMemEval oracle and TimeQA as
Dagster assets beside the simulated A/B (``ab_workload``), logged to MLflow.

Each asset runs raw, the newest-near-top heuristic and curated recall in a scratch
database (recreated each time; never the store itself) and logs one comparison run per
workload (experiments ``benchmark-locomo``, ``benchmark-longmemeval``,
``benchmark-timeqa``), whose trend the dashboard's Experiments page shows. The data paths
come from ``BenchmarkDataResource`` (``MEMGOV_BENCHMARKS_DIR``: a folder holding
``locomo/locomo10.json``, ``longmemeval/longmemeval_oracle.json`` and ``timeqa/``, the
layout of ``shared/benchmarks``). A workload whose data is absent materialises as
skipped, with the reason in its metadata: the data is not shipped with memgov.
"""

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from dagster import (
    AssetExecutionContext,
    ConfigurableResource,
    MaterializeResult,
    MetadataValue,
    asset,
)
from pydantic import Field

from curation import MemoryStore
from orchestration.resources import MLflowResource, StoreResource
from orchestration.telemetry import traced_asset

LOCOMO_FILE = "locomo/locomo10.json"
LONGMEMEVAL_FILE = "longmemeval/longmemeval_oracle.json"
TIMEQA_DIR = "timeqa"


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


Runner = Callable[[Path, MemoryStore, str], dict[str, Any]]


def _materialize(
    context: AssetExecutionContext,
    name: str,
    path: Path | None,
    data: BenchmarkDataResource,
    store: StoreResource,
    mlflow: MLflowResource,
    run: Runner,
    headline: Callable[[dict[str, Any]], dict[str, float | None]],
) -> MaterializeResult[None]:
    if path is None:
        reason = f"no {name} data under MEMGOV_BENCHMARKS_DIR ({data.root or 'unset'})"
        context.log.info(f"{name}: skipped, {reason}")
        return MaterializeResult(metadata={"skipped": True, "reason": reason})
    from curation import Settings
    from evaluation import demo_database

    settings = Settings.from_env()
    if store.database_url:
        settings = replace(settings, database_url=store.database_url)
    scratch = MemoryStore(
        demo_database(settings, name=data.database), embedder=store.get_embedder()
    )
    try:
        result = run(path, scratch, mlflow.resolved_tracking_uri())
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
    metadata.update({k: v for k, v in headline(result).items() if v is not None})
    return MaterializeResult(metadata=metadata)


def _arm_metric(result: dict[str, Any], *keys: str) -> dict[str, float | None]:
    out: dict[str, float | None] = {}
    for arm, values in result["arms"].items():
        value: Any = values
        for key in keys:
            value = value.get(key) if isinstance(value, dict) else None
        out[f"{keys[-1]}.{arm}"] = value
    return out


def _locomo(path: Path, scratch: MemoryStore, uri: str) -> dict[str, Any]:
    from evaluation import explicit_cache_path, run_locomo

    return run_locomo(path, scratch, tracking_uri=uri, embed_cache=explicit_cache_path())


def _longmemeval(path: Path, scratch: MemoryStore, uri: str) -> dict[str, Any]:
    from evaluation import explicit_cache_path, run_longmemeval

    return run_longmemeval(path, scratch, tracking_uri=uri, embed_cache=explicit_cache_path())


def _timeqa(path: Path, scratch: MemoryStore, uri: str) -> dict[str, Any]:
    from evaluation import TIMEQA_EXPERIMENT, explicit_cache_path, log_benchmark, run_timeqa

    result = run_timeqa(path, scratch, embed_cache=explicit_cache_path())
    result["mlflow"] = log_benchmark(result, TIMEQA_EXPERIMENT, uri)
    return result


@asset(
    group_name="evaluation",
    description="LoCoMo retrieval, raw vs heuristic vs curated, logged to MLflow "
    "(benchmark-locomo); skipped when the data is absent.",
)
@traced_asset
def locomo_benchmark(
    context: AssetExecutionContext,
    store: StoreResource,
    mlflow: MLflowResource,
    benchmarks: BenchmarkDataResource,
) -> MaterializeResult[None]:
    return _materialize(
        context, "LoCoMo", benchmarks.path(LOCOMO_FILE), benchmarks, store, mlflow, _locomo,
        lambda r: _arm_metric(r, "overall", "recall_any@10"),
    )  # fmt: skip


@asset(
    group_name="evaluation",
    description="LongMemEval oracle retrieval (turn level) and knowledge-update order, raw vs "
    "heuristic vs curated, logged to MLflow (benchmark-longmemeval); skipped when absent.",
)
@traced_asset
def longmemeval_benchmark(
    context: AssetExecutionContext,
    store: StoreResource,
    mlflow: MLflowResource,
    benchmarks: BenchmarkDataResource,
) -> MaterializeResult[None]:
    def headline(result: dict[str, Any]) -> dict[str, float | None]:
        out = _arm_metric(result, "turn", "overall", "recall_any@10")
        for arm, values in result["knowledge_update"].items():
            if isinstance(values, dict):
                out[f"newer_above_older.{arm}"] = values.get("newer_above_older")
        return out

    return _materialize(
        context, "LongMemEval", benchmarks.path(LONGMEMEVAL_FILE), benchmarks, store, mlflow,
        _longmemeval, headline,
    )  # fmt: skip


@asset(
    group_name="evaluation",
    description="TimeQA changing facts without keys: current value first, raw vs heuristic "
    "vs curated, logged to MLflow (benchmark-timeqa); skipped when absent.",
)
@traced_asset
def timeqa_benchmark(
    context: AssetExecutionContext,
    store: StoreResource,
    mlflow: MLflowResource,
    benchmarks: BenchmarkDataResource,
) -> MaterializeResult[None]:
    return _materialize(
        context, "TimeQA", benchmarks.path(TIMEQA_DIR), benchmarks, store, mlflow, _timeqa,
        lambda r: _arm_metric(r, "overall", "current_first"),
    )  # fmt: skip


BENCHMARK_ASSETS = [locomo_benchmark, longmemeval_benchmark, timeqa_benchmark]
