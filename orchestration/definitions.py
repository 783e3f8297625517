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
from typing import Any

from dagster import (
    Definitions,
    EnvVar,
    ExecutorDefinition,
    FilesystemIOManager,
    in_process_executor,
    multiprocess_executor,
)

from curation import EXECUTORS, Settings, ValidationError, configure_telemetry
from orchestration.assets.curation import CURATION_ASSETS
from orchestration.assets.evaluation import EVALUATION_ASSETS
from orchestration.assets.online import ONLINE_ASSETS
from orchestration.checks import ALL_CHECKS
from orchestration.jobs import (
    SCHEDULES,
    compaction_job,
    curation_job,
    evaluation_job,
    online_experiment_job,
    workload_evaluation_job,
)
from orchestration.resources import (
    BenchmarkDataResource,
    ClockResource,
    GuardrailsResource,
    InboxResource,
    MLflowResource,
    StoreResource,
    TriggersResource,
    WorkloadResource,
)
from orchestration.sensors import SENSORS


def default_resources() -> dict[str, Any]:
    """The resources of ``defs``, configured from the environment (as ``EnvVar``s, so the
    Dagster UI shows which variable, never its value). ``Settings`` checks every value
    first, so a bad one names its variable when the definitions load."""
    env = Settings.from_env()

    def var(field: str) -> EnvVar | None:
        """``EnvVar`` of the field's variable when it is set (and non-empty), else None
        (the resource's own default applies): Dagster refuses an unset ``EnvVar``."""
        return EnvVar(Settings.variable(field)) if env.is_set(field) else None

    resources = build_resources(
        database_url=var("database_url"),
        embedder=var("embedder"),
        now=var("now"),
        force_now_reason=var("force_now_reason"),
        inbox=var("inbox"),
        max_prune_ratio=var("max_prune_ratio"),
        compaction_grace_days=var("compaction_grace_days"),
        new_writes=EnvVar.int(Settings.variable("writes_trigger"))
        if env.is_set("writes_trigger")
        else env.writes_trigger,
        tracking_uri=var("mlflow_tracking_uri"),
        workload=var("ab_workload"),
        benchmarks_dir=var("benchmarks_dir"),
    )
    if env.is_set("io_base_dir"):
        resources["io_manager"] = FilesystemIOManager(base_dir=var("io_base_dir"))
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
    choice = Settings.from_env().dagster_executor
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


ALL_ASSETS = [*CURATION_ASSETS, *EVALUATION_ASSETS, *ONLINE_ASSETS]

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
