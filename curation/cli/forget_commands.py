"""``memgov forget``: hard-delete memories by source, metadata, ids or text, with a
receipt (``curation/_store/forget.py``)."""

from __future__ import annotations

from pathlib import Path

import typer

from curation._errors import ValidationError
from curation._store.forget_select import metadata_pair, one_selector
from curation.cli.context import open_store, parse_now
from curation.cli.output import emit_json

TENANT = typer.Option(..., "--tenant", "-t", help="Tenant the call is scoped to.")


def read_ids(path: Path) -> list[str]:
    """One memory id a line; blank lines and ``#`` comments skipped."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError as exc:
        raise ValidationError("--ids", str(path), "no such file") from exc
    except (OSError, UnicodeDecodeError) as exc:
        raise ValidationError("--ids", str(path), f"cannot be read: {exc}") from exc
    ids = [line.strip() for line in lines if line.strip() and not line.lstrip().startswith("#")]
    if not ids:
        raise ValidationError("--ids", str(path), "names no memory id")
    return ids


def forget(
    tenant: str = TENANT,
    source: str | None = typer.Option(None, "--source", help="Memories with this source."),
    metadata: list[str] | None = typer.Option(
        None, "--metadata", help="key=value (repeatable: all must match, compared as text)."
    ),
    ids: Path | None = typer.Option(None, "--ids", help="A file of memory ids, one a line."),
    match: str | None = typer.Option(
        None, "--match", help="Memories whose content contains this text (any case)."
    ),
    dry_run: bool = typer.Option(False, "--dry-run", help="Count, delete nothing."),
    actor: str = typer.Option("curator", "--actor", help="Who the receipt names."),
    now: str | None = typer.Option(None, "--now", help="ISO-8601 time to act at."),
    as_json: bool = typer.Option(False, "--json", help="Machine-readable output."),
) -> None:
    """Hard-delete memories by ONE selector, with everything derived from them (claims,
    vectors, merged-away copies, principles written from them, their history and what
    quotes them), keeping a receipt of counts and hashes; verifies nothing is left."""
    kind, _ = one_selector(
        {"--source": source, "--metadata": metadata or None, "--ids": ids, "--match": match}
    )
    store = open_store()
    tenant = store.tenants.require(tenant)
    receipt = store.forget(
        tenant,
        source=source,
        metadata=dict(metadata_pair(raw) for raw in metadata) if metadata else None,
        ids=read_ids(ids) if ids is not None else None,
        match=match,
        dry_run=dry_run,
        actor=actor,
        now=parse_now(now),
    )
    if as_json:
        emit_json(receipt.to_dict())
        return
    verb = "would forget" if receipt.dry_run else "forgot"
    typer.echo(
        f"{verb} {receipt.forgotten} memories ({receipt.matched} matched by {kind}) "
        f"in tenant {tenant!r}"
    )
    for table, count in receipt.counts.items():
        typer.echo(f"  {table}: {count}")
    if not receipt.dry_run:
        left = sum(receipt.verification.values())
        typer.echo(
            f"verification: {'nothing left' if left == 0 else f'{left} rows still hold it'}"
            f" (receipt event {receipt.receipt_event_id})"
        )


def register(app: typer.Typer) -> None:
    app.command("forget")(forget)
