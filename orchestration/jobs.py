"""Jobs and schedules.

- ``curation_job``: the whole curation graph (and its checks) for one tenant partition.
  ``nightly_curation_schedule`` (03:15 UTC, as the source) starts one run per registered
  tenant; ``new_writes_sensor`` starts one when enough writes arrived.
- ``workload_evaluation_job`` (``ab_workload`` and the public benchmark assets) with
  ``weekly_workload_schedule``: the A/B on the configured simulated workload and LoCoMo,
  LongMemEval and TimeQA raw vs heuristic vs curated (starts stopped).
- ``evaluation_job`` (``ab_evaluation``) with ``weekly_evaluation_schedule``: per tenant,
  the A/B on its golden probes and feedback-labeled recalls; the schedule starts stopped.
- ``compaction_job``: hard-deletes archived entries past the grace period. Off twice over:
  its schedule starts stopped, and the op refuses unless MEMGOV_COMPACTION_GRACE_DAYS is set.
- ``online_experiment_job`` (``online_experiment_report``) with
  ``daily_online_experiment_schedule`` (00:30 UTC, running): every live online experiment
  analysed and its completed day logged to MLflow.

Every run of a tenant carries the ``memgov/tenant`` tag (``tenant_run_config``) that the
run queue limits to one at a time; different tenants run in parallel, each run's steps
on the multiprocess executor.
"""

from collections.abc import Callable, Sequence

from dagster import (
    AssetSelection,
    DefaultScheduleStatus,
    Failure,
    JobDefinition,
    MetadataValue,
    OpExecutionContext,
    RunRequest,
    ScheduleDefinition,
    ScheduleEvaluationContext,
    SkipReason,
    define_asset_job,
    job,
    op,
    schedule,
)
from dagster._core.definitions.unresolved_asset_job_definition import (
    UnresolvedAssetJobDefinition,
)

from curation import CurationLockedError
from orchestration.assets.curation import CURATION_ASSETS
from orchestration.assets.evaluation import BENCHMARK_ASSETS, ab_evaluation, ab_workload
from orchestration.assets.online import online_experiment_report
from orchestration.locking import locked_failure
from orchestration.partitions import TENANTS, tenant_partitions, tenant_run_config, tenant_tags
from orchestration.resources import ClockResource, GuardrailsResource, StoreResource

NIGHTLY_CRON = "15 3 * * *"
WEEKLY_EVALUATION_CRON = "0 5 * * 0"
WEEKLY_COMPACTION_CRON = "30 4 * * 0"
DAILY_ONLINE_CRON = "30 0 * * *"  # just after a UTC day, the analysis's unit, completes
TIMEZONE = "UTC"

curation_job = define_asset_job(
    "curation_job",
    selection=AssetSelection.assets(*CURATION_ASSETS),
    partitions_def=tenant_partitions,
    config=tenant_run_config(),
    description="Ingest, score, plan, check, apply (or dry-run) and report for one tenant.",
)

evaluation_job = define_asset_job(
    "evaluation_job",
    selection=AssetSelection.assets(ab_evaluation),
    partitions_def=tenant_partitions,
    config=tenant_run_config(),
    description="Curated-vs-raw A/B for one tenant (placeholder until Evaluation lands).",
)


@op(description="Hard-delete the tenant's archived entries older than the grace period.")
def compact_tenant(
    context: OpExecutionContext,
    store: StoreResource,
    clock: ClockResource,
    guardrails: GuardrailsResource,
) -> int:
    tenant = context.partition_key
    grace = guardrails.compaction_grace()
    if grace is None:
        raise Failure(
            description="compaction is off: set MEMGOV_COMPACTION_GRACE_DAYS (days an archived "
            "entry is kept restorable) to enable hard deletion. Nothing was deleted.",
            allow_retries=False,
        )
    memory = store.open(clock.clock())
    # the stricter of the platform setting and the tenant's own policy
    grace_days = max(grace, memory.tenants.policy(tenant).compaction_grace_days)
    try:
        deleted = memory.runs.compact(tenant, grace_days=grace_days, now=clock.current())
    except CurationLockedError as exc:
        raise locked_failure(tenant, "compact_tenant", exc) from exc
    context.add_output_metadata(
        {"deleted": deleted, "grace_days": MetadataValue.float(float(grace_days))}
    )
    return deleted


@job(
    config=tenant_run_config(),
    description="Compaction (hard deletion after the grace period). Off by default.",
)
def compaction_job() -> None:
    compact_tenant()


def tenant_run_requests(
    context: ScheduleEvaluationContext, prefix: str
) -> Sequence[RunRequest] | SkipReason:
    """One run request per registered tenant, keyed by the tick so a retried tick
    launches nothing twice."""
    tenants = sorted(context.instance.get_dynamic_partitions(TENANTS))
    if not tenants:
        return SkipReason("no tenants registered yet (tenant_sensor adds them)")
    tick = (
        context.scheduled_execution_time.isoformat()
        if context.scheduled_execution_time
        else "manual"
    )
    return [
        RunRequest(partition_key=t, run_key=f"{prefix}:{t}:{tick}", tags=tenant_tags(t))
        for t in tenants
    ]


Target = JobDefinition | UnresolvedAssetJobDefinition
Evaluation = Callable[[ScheduleEvaluationContext], RunRequest | Sequence[RunRequest] | SkipReason]


def _one_run(context: ScheduleEvaluationContext) -> RunRequest:
    """What a plain schedule requests each tick: one run of its job."""
    return RunRequest()


def _schedule(
    name: str,
    cron: str,
    target: Target,
    status: DefaultScheduleStatus,
    description: str,
    evaluate: Evaluation = _one_run,
) -> ScheduleDefinition:
    """A schedule of ``target`` in UTC (the zone every cron here is written in): the runs
    ``evaluate`` requests at each tick."""
    return schedule(
        cron,
        name=name,
        job=target,
        execution_timezone=TIMEZONE,
        default_status=status,
        description=description,
    )(evaluate)


def _per_tenant_schedule(
    name: str,
    cron: str,
    target: Target,
    prefix: str,
    status: DefaultScheduleStatus,
    description: str,
) -> ScheduleDefinition:
    """A schedule that starts one run of ``target`` per registered tenant, run keys
    prefixed ``prefix`` (``tenant_run_requests``)."""

    def evaluate(context: ScheduleEvaluationContext) -> Sequence[RunRequest] | SkipReason:
        return tenant_run_requests(context, prefix)

    return _schedule(name, cron, target, status, description, evaluate)


nightly_curation_schedule = _per_tenant_schedule(
    "nightly_curation_schedule",
    NIGHTLY_CRON,
    curation_job,
    "nightly",
    DefaultScheduleStatus.RUNNING,
    "Nightly curation at 03:15: one run per registered tenant.",
)
weekly_evaluation_schedule = _per_tenant_schedule(
    "weekly_evaluation_schedule",
    WEEKLY_EVALUATION_CRON,
    evaluation_job,
    "evaluation",
    DefaultScheduleStatus.STOPPED,
    "Weekly curated-vs-raw evaluation per tenant on its labeled queries (starts stopped).",
)
compaction_schedule = _per_tenant_schedule(
    "compaction_schedule",
    WEEKLY_COMPACTION_CRON,
    compaction_job,
    "compaction",
    DefaultScheduleStatus.STOPPED,
    "Weekly compaction per tenant. Stopped by default; the op also refuses unless "
    "MEMGOV_COMPACTION_GRACE_DAYS is set.",
)


workload_evaluation_job = define_asset_job(
    "workload_evaluation_job",
    selection=AssetSelection.assets(ab_workload, *BENCHMARK_ASSETS),
    description="Curated-vs-raw A/B on the configured simulated workload (MEMGOV_AB_WORKLOAD) "
    "and the public benchmarks under MEMGOV_BENCHMARKS_DIR (each skipped when absent).",
)

weekly_workload_schedule = _schedule(
    "weekly_workload_schedule",
    WEEKLY_EVALUATION_CRON,
    workload_evaluation_job,
    DefaultScheduleStatus.STOPPED,
    "Weekly A/B on the simulated workload, logged to MLflow (starts stopped).",
)

online_experiment_job = define_asset_job(
    "online_experiment_job",
    selection=AssetSelection.assets(online_experiment_report),
    description="Daily analysis of every live online experiment, logged to MLflow (online-ab).",
)

daily_online_experiment_schedule = _schedule(
    "daily_online_experiment_schedule",
    DAILY_ONLINE_CRON,
    online_experiment_job,
    DefaultScheduleStatus.RUNNING,
    "Daily at 00:30 UTC: analyse live online experiments, log the day to MLflow "
    "(does nothing when no experiment is live).",
)

SCHEDULES = [
    nightly_curation_schedule,
    weekly_evaluation_schedule,
    weekly_workload_schedule,
    compaction_schedule,
    daily_online_experiment_schedule,
]
