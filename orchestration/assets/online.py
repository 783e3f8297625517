"""The online asset group: the daily analysis of online experiments.

``online_experiment_report`` analyses every tenant's experiments that are live or ended
within the last few days (``evaluation.online.daily``) as of the run's clock, logs each
one's newly completed days to its MLflow run (experiment ``online-ab``), and reports one
line per experiment in its metadata. ``online_experiment_job`` runs it;
``daily_online_experiment_schedule`` (jobs.py) starts it just after each UTC midnight,
when a day of every experiment has just completed.
"""

from dagster import AssetExecutionContext, MaterializeResult, asset

from orchestration.metadata import online_line, online_metadata
from orchestration.resources import ClockResource, MLflowResource, StoreResource
from orchestration.telemetry import traced_asset

GROUP = "online"


@asset(
    group_name=GROUP,
    description="Online experiments (curated vs raw recall cohorts), analysed daily: success "
    "rate per cohort, delta with fixed and always-valid intervals, sample-ratio check and "
    "a stop/ship recommendation; each experiment's completed days logged to its MLflow run "
    "(experiment online-ab).",
)
@traced_asset
def online_experiment_report(
    context: AssetExecutionContext,
    store: StoreResource,
    clock: ClockResource,
    mlflow: MLflowResource,
) -> MaterializeResult[None]:
    from evaluation import log_due_experiments, redact_value

    memory = store.open(clock.clock())
    now = clock.current()
    uri = mlflow.resolved_tracking_uri()
    summaries = [log.summary() for log in log_due_experiments(memory, now=now, uri=uri)]
    for summary in summaries:
        context.log.info(online_line(summary))
    return MaterializeResult(metadata=online_metadata(summaries, now, redact_value(uri)))


ONLINE_ASSETS = [online_experiment_report]
