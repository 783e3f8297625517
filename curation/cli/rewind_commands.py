"""``memgov rewind``: a tenant's curated state back as it was at a moment, as one run
``memgov undo`` reverses (``curation/_store/rewind.py``)."""

from __future__ import annotations

import typer

from curation._records import RewindReport
from curation.cli.context import open_store, parse_now
from curation.cli.output import emit_json

TENANT = typer.Option(..., "--tenant", "-t", help="Tenant the call is scoped to.")
SHOWN_IDS = 10  # ids listed per kind of change in the text output (--json lists all)


def rewind(
    tenant: str = TENANT,
    to: str = typer.Option(
        ...,
        "--to",
        help="ISO-8601 moment with a time zone (e.g. 2026-12-01T09:00:00Z), between the "
        "tenant's creation and now.",
    ),
    dry_run: bool = typer.Option(
        False, "--dry-run", help="Report what would change (counts and ids); change nothing."
    ),
    actor: str = typer.Option("curator", "--actor", help="Who the run's events name."),
    now: str | None = typer.Option(None, "--now", help="ISO-8601 time to act at."),
    as_json: bool = typer.Option(False, "--json", help="Machine-readable output."),
) -> None:
    """Put the tenant's curated state back as it was at --to: memory statuses (archive
    reasons, parents), principles (proposed, approved, rejected), conflicts (open,
    resolved), pins and the policy. Memories written after --to are archived 'rewound',
    never deleted. One recorded run: `memgov undo RUN -t T` reverses it. Usage counts
    (recalls, validations) and hard deletes (forget, compaction) are not rewound."""
    report = open_store().history.rewind(
        tenant, to, dry_run=dry_run, actor=actor, now=parse_now(now)
    )
    if as_json:
        emit_json(report.to_dict())
        return
    for line in summary(report):
        typer.echo(line)


def summary(report: RewindReport) -> list[str]:
    """The report as text: one line per kind of change with its first ids."""
    verb = "would change" if report.dry_run else "changed"
    total = sum(report.changes.values())
    lines = [f"rewind of {report.tenant!r} to {report.to}: {verb} {total} row(s)"]
    for kind, count in report.changes.items():
        ids = report.ids.get(kind, [])
        more = f" (+{len(ids) - SHOWN_IDS} more)" if len(ids) > SHOWN_IDS else ""
        lines.append(f"  {kind}: {count}  {' '.join(ids[:SHOWN_IDS])}{more}")
    for what, counts in (
        ("approximated (history recorded before priors were kept)", report.approximated),
        ("not rewindable (hard deletes after the moment)", report.not_rewindable),
    ):
        if counts:
            lines.append(f"  {what}: " + ", ".join(f"{k}: {v}" for k, v in counts.items()))
    if report.run_id:
        lines.append(
            f"run {report.run_id}; undo it with: memgov undo {report.run_id} -t {report.tenant}"
        )
    elif not total:
        lines.append("nothing differs from that moment: no run recorded")
    else:
        lines.append("dry run: nothing changed (run it without --dry-run to rewind)")
    return lines


def register(app: typer.Typer) -> None:
    app.command("rewind")(rewind)
