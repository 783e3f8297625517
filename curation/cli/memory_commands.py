"""Agent and curator commands on single memories: remember, recall, contest, explain..."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from curation._errors import ValidationError
from curation._jsondoc import loads
from curation._wire import recall_answer, recall_wire
from curation.cli import recovery_commands
from curation.cli.context import open_store, parse_now
from curation.cli.db_commands import init
from curation.cli.output import emit_json, fail, print_recall, progress_bar, short

TENANT = typer.Option(..., "--tenant", "-t", help="Tenant the call is scoped to.")
NOW = typer.Option(None, "--now", help="ISO-8601 time to act at (default: the clock).")
JSON = typer.Option(False, "--json", help="Machine-readable output.")
REJECTS_SHOWN = 20


def _metadata(raw: str | None) -> dict[str, Any] | None:
    if raw is None:
        return None
    value = loads(raw, "--metadata")
    if not isinstance(value, dict):
        raise ValidationError("--metadata", raw, "must be a JSON object")
    return value


def _meta_pairs(pairs: list[str]) -> dict[str, str]:
    """``--meta key=value`` options as one metadata filter (values are matched as text)."""
    found: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise ValidationError("--meta", pair, "must be key=value")
        found[key] = value
    return found


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
    mode: str | None = typer.Option(
        None, help="curated | raw (default curated; with --agent-id, the agent's cohort)"
    ),
    agent_id: str | None = typer.Option(
        None, "--agent-id", help="Recall as this agent: served by its experiment cohort."
    ),
    now: str | None = NOW,
    as_of: str | None = typer.Option(
        None, "--as-of", help="ISO-8601: recall what was current then (superseded included)."
    ),
    kind: list[str] | None = typer.Option(None, "--kind", help="Only this kind (repeatable)."),
    topic: str | None = typer.Option(None, "--topic", help="Only memories of this topic."),
    source: str | None = typer.Option(None, "--source", help="Only memories from this source."),
    meta: list[str] | None = typer.Option(
        None, "--meta", help="key=value: only memories whose metadata has it (repeatable)."
    ),
    after: str | None = typer.Option(None, "--after", help="ISO-8601: written after."),
    before: str | None = typer.Option(None, "--before", help="ISO-8601: written before."),
    as_json: bool = JSON,
) -> None:
    """Recall from the curated store (default) or the raw history. With --agent-id the
    recall is logged as an exposure and --json prints {recall_id, cohort, mode, hits};
    with --as-of, --json prints {mode, as_of, hits} (and the agent's fields). The filters
    narrow the search itself: k matches come back whenever k exist."""
    filters = {
        "kind": kind or None,
        "topic": topic,
        "source": source,
        "metadata": _meta_pairs(meta) if meta else None,
        "written_after": after,
        "written_before": before,
    }
    result = open_store().recall(
        tenant,
        query,
        k,
        mode=mode,
        agent_id=agent_id,
        now=parse_now(now),
        as_of=as_of,
        filters={name: value for name, value in filters.items() if value is not None},
    )
    if as_json and (result.recall_id is not None or result.as_of is not None):
        emit_json({k: v for k, v in recall_answer(result).items() if v is not None})
    elif as_json:
        emit_json(recall_wire(result))
    else:
        print_recall(result)
        if result.recall_id is not None:
            typer.echo(f"recall_id {result.recall_id} (cohort {result.cohort})")


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
        inferred = bool((e.data or {}).get("inferred"))  # its evidence is the point: in full
        why = f" — {short(e.reason, 300 if inferred else 60)}" if e.reason else ""
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
    recall_id: str | None = typer.Option(
        None, "--recall-id", help="The agent recall that returned the memory (attribution)."
    ),
    now: str | None = NOW,
    as_json: bool = JSON,
) -> None:
    """Report whether a recalled memory helped (a useful one is proven once more, unless
    the recall was served to the raw cohort of an experiment)."""
    record = open_store().feedback(
        tenant, memory_id, useful, recall_id=recall_id, actor="cli", now=parse_now(now)
    )
    emit_json(record.to_dict()) if as_json else typer.echo(f"{record.id} proven={record.proven}")


def outcome(
    recall_id: str = typer.Argument(..., help="The recall_id an agent recall returned."),
    tenant: str = TENANT,
    success: bool | None = typer.Option(
        None, "--success/--failure", help="Whether the task behind the recall succeeded."
    ),
    score: float | None = typer.Option(None, "--score", help="A numeric outcome."),
    now: str | None = NOW,
    as_json: bool = JSON,
) -> None:
    """Record the outcome of an agent recall (once; a missing outcome is never a failure)."""
    observed = open_store().outcome(
        tenant, recall_id, success=success, score=score, actor="cli", now=parse_now(now)
    )
    if as_json:
        emit_json(observed.to_dict())
    else:
        typer.echo(
            f"recall {observed.recall_id} ({observed.cohort}): "
            f"success={observed.success} score={observed.score}"
        )


def import_(
    file: Path = typer.Argument(..., help="JSONL file, one memory per line (or a full dump)."),
    tenant: str | None = typer.Option(
        None, "--tenant", "-t", help="Target tenant (with --full: must match the dump)."
    ),
    rejects: Path | None = typer.Option(None, help="Where to write rejected lines."),
    full: bool = typer.Option(
        False, "--full", help="Restore a full tenant dump (from export --full) as a new tenant."
    ),
    now: str | None = NOW,
    as_json: bool = JSON,
) -> None:
    """Bulk import. Exits 1 if any line was rejected (the good ones are kept). With --full:
    restore a tenant dump, all or nothing, refusing a tenant that exists."""
    if full:
        recovery_commands.restore(file, tenant, as_json=as_json)
        return
    if tenant is None:
        raise ValidationError("--tenant", None, "required (unless --full restores a dump)")
    recovery_commands.refuse_dump_as_memories(file)
    store = open_store()
    size = file.stat().st_size if file.is_file() else None
    with progress_bar(f"Importing {file.name}", size) as done:
        report = store.transfer.import_jsonl(
            file, tenant, rejects_path=rejects, now=parse_now(now), progress=done
        )
    if as_json:
        emit_json(report.to_dict())
    else:
        typer.echo(
            f"{report.lines} lines: {report.imported} imported, {report.restated} "
            f"restated (of which {report.revived} revived), {len(report.rejected)} rejected"
        )
        shown = report.rejected[:REJECTS_SHOWN]
        for row in shown:
            typer.echo(f"  line {row.line}: {row.field}: {row.reason}", err=True)
        if len(report.rejected) > len(shown):
            more = len(report.rejected) - len(shown)
            where = "" if report.rejects_path else " (--rejects FILE writes them all)"
            typer.echo(f"  ... and {more} more rejected line(s){where}", err=True)
        if report.rejects_path:
            typer.echo(f"rejected lines written to {report.rejects_path}", err=True)
    if report.rejected:
        raise typer.Exit(1)


def export(
    file: Path = typer.Argument(...),
    tenant: str = TENANT,
    active_only: bool = typer.Option(False, "--active-only"),
    full: bool = typer.Option(
        False, "--full", help="A lossless dump of every tenant table (restore: import --full)."
    ),
    now: str | None = NOW,
    as_json: bool = JSON,
) -> None:
    """Write a tenant's memories (with embeddings and state) as JSONL; with --full, the
    whole tenant (state, conflicts, proposals, runs, history, experiments) as a dump."""
    if full:
        if active_only:
            raise ValidationError("--active-only", True, "a full dump holds every row")
        recovery_commands.dump(file, tenant, now=parse_now(now), as_json=as_json)
        return
    with progress_bar(f"Exporting {tenant}", None):
        count = open_store().transfer.export_jsonl(file, tenant, include_archived=not active_only)
    if as_json:
        emit_json({"tenant": tenant, "path": str(file), "memories": count})
    else:
        typer.echo(f"{count} memories written to {file}")


def register(app: typer.Typer) -> None:
    app.command("init")(init)
    app.command()(remember)
    app.command()(recall)
    app.command()(contest)
    app.command()(explain)
    app.command()(restore)
    app.command()(pin)
    app.command()(feedback)
    app.command()(outcome)
    app.command("import")(import_)
    app.command()(export)


__all__ = ["fail", "register"]
