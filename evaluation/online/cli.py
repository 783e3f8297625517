"""``memgov experiment start|stop|status|list``: online experiments from the command line.

``status`` prints the daily analysis (headline, then one line per day); ``--json`` prints
the report as ``OnlineReport.to_dict()`` (experiment without its salt, ``recommendation``,
``latest`` and ``days``: the flat daily rows), the stable scripting form.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import typer

from curation import ValidationError, parse_iso, parse_json_field
from curation.cli import emit_json, open_store, parse_now

experiment_app = typer.Typer(
    help="Online experiments: split a tenant's agents into curated and raw recall cohorts.",
    no_args_is_help=True,
)

TENANT = typer.Option(..., "--tenant", "-t", help="Tenant the experiment belongs to.")
NOW = typer.Option(None, "--now", help="ISO-8601 time to act at (default: the clock).")
JSON = typer.Option(False, "--json", help="Machine-readable output.")


def _time(raw: str | None, field: str) -> datetime | None:
    return None if raw is None else parse_iso(raw, field)


def _policy(raw: str | None) -> dict[str, Any] | None:
    if raw is None:
        return None
    value = parse_json_field(raw, "--policy")
    if not isinstance(value, dict):
        raise ValidationError("--policy", raw, "must be a JSON object of policy fields")
    return value


@experiment_app.command("start")
def start(
    name: str = typer.Argument(..., help="The experiment's name (unique per tenant)."),
    tenant: str = TENANT,
    raw_share: float = typer.Option(0.5, "--raw-share", help="Share of agents served raw."),
    days: float | None = typer.Option(None, "--days", help="Duration in days (default 14)."),
    ends_at: str | None = typer.Option(None, "--ends-at", help="ISO-8601 end (not with --days)."),
    starts_at: str | None = typer.Option(None, "--starts-at", help="ISO-8601 start (default now)."),
    metric: str = typer.Option("success", help="success | score"),
    alpha: float = typer.Option(0.05, help="Significance level of the analysis."),
    policy: str | None = typer.Option(
        None, "--policy", help="Policy overrides under test, as JSON: '{\"prune_below\": 0.2}'."
    ),
    salt: str | None = typer.Option(None, help="Assignment salt (default: the experiment id)."),
    now: str | None = NOW,
    as_json: bool = JSON,
) -> None:
    """Start an online experiment: from now on each agent's recalls are served by its
    cohort (a salted hash of its id) and logged as exposures."""
    if days is not None and ends_at is not None:
        raise ValidationError("--days", days, "give either --days or --ends-at, not both")
    record = open_store().experiments.start(
        tenant,
        name,
        raw_share=raw_share,
        starts_at=_time(starts_at, "--starts-at"),
        ends_at=_time(ends_at, "--ends-at"),
        duration_days=14 if days is None else days,
        metric=metric,
        alpha=alpha,
        policy=_policy(policy),
        salt=salt,
        actor="cli",
        now=parse_now(now),
    )
    summary = record.to_dict()
    summary.pop("salt", None)
    if as_json:
        emit_json(summary)
        return
    typer.echo(
        f"started {record.name!r} for {record.tenant}: {record.raw_share:.0%} of agents raw, "
        f"metric {record.metric}, alpha {record.alpha:g}, "
        f"{record.starts_at.isoformat()} to {record.ends_at.isoformat()} (id {record.id})"
    )


@experiment_app.command("stop")
def stop(
    name: str = typer.Argument(...),
    tenant: str = TENANT,
    reason: str = typer.Option("stopped", help="Why (kept on the experiment)."),
    now: str | None = NOW,
) -> None:
    """Stop an experiment now; its exposures and outcomes are kept."""
    record = open_store().experiments.stop(
        tenant, name, reason=reason, actor="cli", now=parse_now(now)
    )
    stopped = record.stopped_at.isoformat() if record.stopped_at else "-"
    typer.echo(f"stopped {record.name!r} for {record.tenant} at {stopped}: {record.stop_reason}")


@experiment_app.command("status")
def status(
    name: str = typer.Argument(...),
    tenant: str = TENANT,
    now: str | None = NOW,
    as_json: bool = JSON,
) -> None:
    """The daily analysis: rates per cohort, delta with fixed and always-valid intervals,
    the sample-ratio check and the recommendation."""
    from evaluation.online.daily import experiment_report
    from evaluation.online.report_text import daily_table, headline

    store = open_store()
    at = parse_now(now) or store.clock.now()
    report = experiment_report(store, tenant, name, now=at)
    if as_json:
        emit_json(report.to_dict())
        return
    typer.echo(headline(report))
    if report.rows:
        typer.echo("")
        typer.echo(daily_table(report))


@experiment_app.command("list")
def list_experiments(
    tenant: str = TENANT,
    as_json: bool = JSON,
) -> None:
    """The tenant's experiments, oldest first."""
    records = open_store().experiments.all(tenant)
    rows = []
    for record in records:
        row = record.to_dict()
        row.pop("salt", None)
        rows.append(row)
    if as_json:
        emit_json(rows)
        return
    if not rows:
        typer.echo(f"no experiments for {tenant}")
    for record in records:
        typer.echo(
            f"{record.name:<24} {record.status:<8} {record.raw_share:>4.0%} raw  "
            f"{record.metric:<7} {record.starts_at:%Y-%m-%d} to {record.ends_at:%Y-%m-%d}"
        )


def register(app: typer.Typer) -> None:
    app.add_typer(experiment_app, name="experiment")
