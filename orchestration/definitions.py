"""The one ``Definitions`` of Memgov, loaded by ``workspace.yaml``.

    python -m orchestration dev      # DAGSTER_HOME under $MEMGOV_HOME, then `dagster dev`

Resources read the environment through ``EnvVar`` (an unset variable falls back to
Memgov's default, see ``orchestration.resources``). ``MEMGOV_DAGSTER_EXECUTOR`` picks
the executor: ``multiprocess`` (default: a run's steps in parallel processes),
``in_process``, or ``k8s`` / ``celery`` when ``dagster-k8s`` / ``dagster-celery`` is
installed (see orchestration/deploy/README-scaling.md). ``MEMGOV_IO_BASE_DIR`` moves the
pickled values passed between assets to a shared folder (needed when steps run on
different machines).
"""

from __future__ import annotations

import importlib
import os
from typing import Any

from dagster import (
    Definitions,
    EnvVar,
    ExecutorDefinition,
    FilesystemIOManager,
    in_process_executor,
    multiprocess_executor,
)

from curation import ValidationError, configure_telemetry, env_choice, env_float, env_int
from orchestration.assets import CURATION_ASSETS, ab_evaluation, ab_workload
from orchestration.benchmark_assets import BENCHMARK_ASSETS, BenchmarkDataResource
from orchestration.checks import ALL_CHECKS
from orchestration.jobs import (
    SCHEDULES,
    compaction_job,
    curation_job,
    evaluation_job,
    online_experiment_job,
    workload_evaluation_job,
)
from orchestration.online_assets import online_experiment_report
from orchestration.resources import (
    ClockResource,
    GuardrailsResource,
    InboxResource,
    MLflowResource,
    StoreResource,
    TriggersResource,
    WorkloadResource,
)
from orchestration.sensors import SENSORS

EXECUTORS = ("multiprocess", "in_process", "k8s", "celery")


def _env(name: str) -> EnvVar | None:
    """``EnvVar(name)`` when the variable is set (and non-empty), else None (the resource's
    own default applies). Dagster refuses an ``EnvVar`` whose variable is unset."""
    return EnvVar(name) if os.environ.get(name) else None


def default_resources() -> dict[str, Any]:
    """The resources of ``defs``, configured from the environment (as ``EnvVar``s, so the
    Dagster UI shows which variable, never its value). The numeric ones are checked here
    first, so a bad value names its variable when the definitions load."""
    env_float("MEMGOV_MAX_PRUNE_RATIO", 0.2, low=0.0, low_included=True, high=1.0)
    env_float("MEMGOV_COMPACTION_GRACE_DAYS", 0.0, low=0.0, low_included=True)
    env_int("MEMGOV_WRITES_TRIGGER", 500)
    resources = build_resources(
        database_url=_env("MEMGOV_DATABASE_URL"),
        embedder=_env("MEMGOV_EMBEDDER"),
        now=_env("MEMGOV_NOW"),
        force_now_reason=_env("MEMGOV_FORCE_NOW_REASON"),
        inbox=_env("MEMGOV_INBOX"),
        max_prune_ratio=_env("MEMGOV_MAX_PRUNE_RATIO"),
        compaction_grace_days=_env("MEMGOV_COMPACTION_GRACE_DAYS"),
        new_writes=EnvVar.int("MEMGOV_WRITES_TRIGGER")
        if os.environ.get("MEMGOV_WRITES_TRIGGER")
        else 500,
        tracking_uri=_env("MLFLOW_TRACKING_URI"),
        workload=_env("MEMGOV_AB_WORKLOAD"),
        benchmarks_dir=_env("MEMGOV_BENCHMARKS_DIR"),
    )
    if os.environ.get("MEMGOV_IO_BASE_DIR"):
        resources["io_manager"] = FilesystemIOManager(base_dir=EnvVar("MEMGOV_IO_BASE_DIR"))
    return resources


def build_resources(
    *,
    database_url: str | EnvVar | None = None,
    embedder: str | EnvVar | None = None,
    now: str | EnvVar | None = None,
    force_now_reason: str | EnvVar | None = None,
    inbox: str | EnvVar | None = None,
    max_prune_ratio: str | EnvVar | None = None,
    compaction_grace_days: str | EnvVar | None = None,
    new_writes: int | Any = 500,
    tracking_uri: str | EnvVar | None = None,
    workload: str | EnvVar | None = None,
    workload_database: str = "memgov_eval",
    benchmarks_dir: str | EnvVar | None = None,
) -> dict[str, Any]:
    """The one definition of the resources: explicit values (tests, scripts,
    ``materialize``) or ``EnvVar``s (``default_resources``, behind ``defs``)."""
    return {
        "store": StoreResource(database_url=database_url, embedder=embedder),
        "clock": ClockResource(now=now, force_now_reason=force_now_reason),
        "mlflow": MLflowResource(tracking_uri=tracking_uri),
        "inbox": InboxResource(path=inbox),
        "guardrails": GuardrailsResource(
            max_prune_ratio=max_prune_ratio, compaction_grace_days=compaction_grace_days
        ),
        "triggers": TriggersResource(new_writes=new_writes),
        "workload": WorkloadResource(spec=workload, database=workload_database),
        "benchmarks": BenchmarkDataResource(root=benchmarks_dir),
    }


def executor_from_env() -> ExecutorDefinition:
    choice = env_choice("MEMGOV_DAGSTER_EXECUTOR", "multiprocess", EXECUTORS)
    if choice == "multiprocess":
        return multiprocess_executor
    if choice == "in_process":
        return in_process_executor
    if choice in ("k8s", "celery"):
        module, attr, package = {
            "k8s": ("dagster_k8s", "k8s_job_executor", "dagster-k8s"),
            "celery": ("dagster_celery", "celery_executor", "dagster-celery"),
        }[choice]
        try:
            executor: ExecutorDefinition = getattr(importlib.import_module(module), attr)
        except ImportError as exc:
            raise ValidationError(
                "MEMGOV_DAGSTER_EXECUTOR", choice, f"needs the {package} package installed"
            ) from exc
        return executor
    raise ValidationError("MEMGOV_DAGSTER_EXECUTOR", choice, f"expected one of {EXECUTORS}")


ALL_ASSETS = [
    *CURATION_ASSETS,
    ab_evaluation,
    ab_workload,
    *BENCHMARK_ASSETS,
    online_experiment_report,
]

configure_telemetry()  # what the OTEL_* variables ask for; nothing without them
defs = Definitions(
    assets=ALL_ASSETS,
    asset_checks=ALL_CHECKS,
    jobs=[
        curation_job,
        evaluation_job,
        workload_evaluation_job,
        compaction_job,
        online_experiment_job,
    ],
    schedules=SCHEDULES,
    sensors=SENSORS,
    resources=default_resources(),
    executor=executor_from_env(),
)
