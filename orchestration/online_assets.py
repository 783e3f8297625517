"""The daily analysis of online experiments as a Dagster asset.

``online_experiment_report`` analyses every tenant's experiments that are live or ended
within the last few days (``evaluation.online.daily``) as of the run's clock, logs each
one's newly completed days to its MLflow run (experiment ``online-ab``), and reports one
line per experiment in its metadata. ``online_experiment_job`` runs it;
``daily_online_experiment_schedule`` (jobs.py) starts it just after each UTC midnight,
when a day of every experiment has just completed.
"""

from typing import Any

from dagster import AssetExecutionContext, MaterializeResult, MetadataValue, asset

from orchestration.reporting import table_md
from orchestration.resources import ClockResource, MLflowResource, StoreResource
from orchestration.telemetry import traced_asset

SIGNED = {"delta", "always_valid_low", "always_valid_high"}


def _fmt(value: Any, signed: bool = False) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:+.3f}" if signed else f"{value:.3g}"
    return str(value)


@asset(
    group_name="evaluation",
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
    logs = log_due_experiments(memory, now=now, uri=uri)
    summaries = [log.summary() for log in logs]
    for summary in summaries:
        delta = _fmt(summary["delta"], signed=True)
        context.log.info(
            f"{summary['tenant']}/{summary['experiment']}: {summary['recommendation']} "
            f"(delta {delta}, {summary['new_days_logged']} new day(s) logged)"
        )
    columns = [
        "tenant", "experiment", "recommendation", "days", "new_days_logged",
        "curated_success_rate", "raw_success_rate", "delta", "always_valid_low",
        "always_valid_high", "srm_p",
    ]  # fmt: skip
    rows = [[_fmt(s[c], signed=c in SIGNED) for c in columns] for s in summaries]
    metadata: dict[str, Any] = {
        "experiments": len(summaries),
        "new_days_logged": sum(s["new_days_logged"] for s in summaries),
        "as_of": MetadataValue.text(now.isoformat()),
        "mlflow_tracking_uri": MetadataValue.text(redact_value(uri)),
        "recommendations": MetadataValue.json(
            {f"{s['tenant']}/{s['experiment']}": s["recommendation"] for s in summaries}
        ),
    }
    if rows:
        metadata["report"] = MetadataValue.md(table_md(columns, rows))
    else:
        metadata["report"] = MetadataValue.md("No experiment is live or recently ended.")
    return MaterializeResult(metadata=metadata)
