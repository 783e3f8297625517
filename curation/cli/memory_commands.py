"""Agent and curator commands on single memories: remember, recall, contest, explain..."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import typer

from curation.cli.context import open_store, parse_now
from curation.cli.db_commands import init
from curation.cli.output import emit_json, fail, print_recall, recall_json, short
from curation.errors import ValidationError

TENANT = typer.Option(..., "--tenant", "-t", help="Tenant the call is scoped to.")
NOW = typer.Option(None, "--now", help="ISO-8601 time to act at (default: the clock).")
JSON = typer.Option(False, "--json", help="Machine-readable output.")


def _metadata(raw: str | None) -> dict[str, Any] | None:
    if raw is None:
        return None
    try:
        value = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise ValidationError("--metadata", raw, f"not JSON: {exc.msg}") from exc
    if not isinstance(value, dict):
        raise ValidationError("--metadata", raw, "must be a JSON object")
    return value


def remember(
    content: str = typer.Argument(..., help="The statement to remember."),
    tenant: str = TENANT,
    kind: str = typer.Option("fact", help="tool_output | conversation | fact | preference"),
    importance: float = typer.Option(0.5, help="0..1"),
    generality: int = typer.Option(0, help="0 = one-off; higher = broader principle"),
    key: str | None = typer.Option(None, "--key", help="Supersession key."),
    metadata: str | None = typer.Option(None, help="JSON object."),
    pinned: bool = typer.Option(False, "--pinned", help="Never touched by curation."),
    now: str | None = NOW,
    as_json: bool = JSON,
) -> None:
    """Write one memory (a re-stated one is revived or reinforced, never duplicated)."""
    result = open_store().remember(
        tenant,
        content,
        kind,
        importance=importance,
        generality=generality,
        supersession_key=key,
        metadata=_metadata(metadata),
        pinned=pinned,
        now=parse_now(now),
    )
    if as_json:
        emit_json(result.to_dict())
    else:
        state = "created" if result.created else ("revived" if result.revived else "restated")
        typer.echo(f"{result.id} {state}")


def recall(
    query: str = typer.Argument(...),
    tenant: str = TENANT,
    k: int = typer.Option(5, "-k", help="How many hits."),
    mode: str = typer.Option("curated", help="curated | raw"),
    now: str | None = NOW,
    as_json: bool = JSON,
) -> None:
    """Recall from the curated store (default) or the raw history."""
    result = open_store().recall(tenant, query, k, mode=mode, now=parse_now(now))
    if as_json:
        emit_json(recall_json(result))
    else:
        print_recall(result)


def contest(
    memory_id: str = typer.Argument(...),
    tenant: str = TENANT,
    claim: str = typer.Option(..., help="What the evidence says instead."),
    evidence: str = typer.Option(..., help="The evidence."),
    source: str = typer.Option("cli", help="Where the evidence comes from."),
    now: str | None = NOW,
    as_json: bool = JSON,
) -> None:
    """Attach a conflict to a memory (the memory itself is not edited)."""
    conflict = open_store().contest(tenant, memory_id, claim, evidence, source, now=parse_now(now))
    if as_json:
        emit_json(conflict.to_dict())
    else:
        typer.echo(f"conflict {conflict.id} opened on {memory_id}")


def explain(
    memory_id: str = typer.Argument(...), tenant: str = TENANT, as_json: bool = JSON
) -> None:
    """Why is this memory where it is: status, reason, chain and full event trail."""
    explanation = open_store().explain(tenant, memory_id)
    if as_json:
        emit_json(explanation.to_dict())
        return
    m = explanation.memory
    typer.echo(
        f"{m.id} [{m.kind}] {m.status}"
        + (f" ({m.archive_reason} at {m.archived_at:%Y-%m-%d %H:%M})" if m.archived_at else "")
    )
    typer.echo(f"  {short(m.content)}")
    if explanation.superseded_chain:
        typer.echo("  superseded by: " + " → ".join(explanation.superseded_chain))
    if explanation.parent:
        typer.echo(
            f"  under principle {explanation.parent.id}: {short(explanation.parent.content, 70)}"
        )
    for c in explanation.conflicts:
        typer.echo(f"  conflict ({c.status}): {short(c.claim, 70)}")
    typer.echo("  history:")
    for e in explanation.events:
        why = f" — {short(e.reason, 60)}" if e.reason else ""
        typer.echo(f"    {e.at:%Y-%m-%d %H:%M:%S} {e.type} by {e.actor}{why}")


def restore(
    memory_id: str = typer.Argument(...),
    tenant: str = TENANT,
    now: str | None = NOW,
    as_json: bool = JSON,
) -> None:
    """Return an archived memory to the active set."""
    record = open_store().restore(tenant, memory_id, actor="cli", now=parse_now(now))
    emit_json(record.to_dict()) if as_json else typer.echo(f"{record.id} {record.status}")


def pin(
    memory_id: str = typer.Argument(...),
    tenant: str = TENANT,
    unpin: bool = typer.Option(False, "--unpin", help="Remove the pin instead."),
    now: str | None = NOW,
    as_json: bool = JSON,
) -> None:
    """Pin a memory so curation never touches it (or --unpin)."""
    record = open_store().pin(tenant, memory_id, pinned=not unpin, actor="cli", now=parse_now(now))
    emit_json(record.to_dict()) if as_json else typer.echo(
        f"{record.id} {'pinned' if record.pinned else 'unpinned'}"
    )


def feedback(
    memory_id: str = typer.Argument(...),
    tenant: str = TENANT,
    useful: bool = typer.Option(True, "--useful/--not-useful"),
    now: str | None = NOW,
    as_json: bool = JSON,
) -> None:
    """Report whether a recalled memory helped (a useful one is proven once more)."""
    record = open_store().feedback(tenant, memory_id, useful, actor="cli", now=parse_now(now))
    emit_json(record.to_dict()) if as_json else typer.echo(f"{record.id} proven={record.proven}")


def import_(
    file: Path = typer.Argument(..., help="JSONL file, one memory per line."),
    tenant: str = TENANT,
    rejects: Path | None = typer.Option(None, help="Where to write rejected lines."),
    now: str | None = NOW,
    as_json: bool = JSON,
) -> None:
    """Bulk import. Exits 1 if any line was rejected (the good ones are kept)."""
    report = open_store().import_jsonl(file, tenant, rejects_path=rejects, now=parse_now(now))
    if as_json:
        emit_json(report.to_dict())
    else:
        typer.echo(
            f"{report.lines} lines: {report.imported} imported, {report.restated} "
            f"restated, {len(report.rejected)} rejected"
        )
        for row in report.rejected[:20]:
            typer.echo(f"  line {row.line}: {row.field}: {row.reason}", err=True)
        if report.rejects_path:
            typer.echo(f"rejected lines written to {report.rejects_path}", err=True)
    if report.rejected:
        raise typer.Exit(1)


def export(
    file: Path = typer.Argument(...),
    tenant: str = TENANT,
    active_only: bool = typer.Option(False, "--active-only"),
) -> None:
    """Write a tenant's memories (with embeddings and state) as JSONL."""
    count = open_store().export_jsonl(file, tenant, include_archived=not active_only)
    typer.echo(f"{count} memories written to {file}")


def tenants(as_json: bool = JSON) -> None:
    """List the tenants in the store."""
    names = open_store().tenants()
    emit_json(names) if as_json else typer.echo("\n".join(names) or "(no tenants)")


def register(app: typer.Typer) -> None:
    app.command("init")(init)
    app.command()(remember)
    app.command()(recall)
    app.command()(contest)
    app.command()(explain)
    app.command()(restore)
    app.command()(pin)
    app.command()(feedback)
    app.command("import")(import_)
    app.command()(export)
    app.command()(tenants)


__all__ = ["fail", "register"]
