"""``memgov export --full`` / ``memgov import --full``: a tenant's lossless dump and its
restore into a database that does not hold the tenant (see curation._store.transfer.dump)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import typer

from curation._errors import ValidationError
from curation._store.transfer.dump_format import is_dump
from curation.cli.context import open_store
from curation.cli.output import emit_json, progress_bar


def dump(file: Path, tenant: str, *, now: datetime | None, as_json: bool) -> None:
    with progress_bar(f"Dumping {tenant}", None):
        report = open_store().transfer.dump(file, tenant, now=now)
    if as_json:
        emit_json(report.to_dict())
        return
    total = sum(report.rows.values())
    typer.echo(f"{total} rows of tenant {tenant!r} written to {file} (sha256 {report.body_sha256})")


def restore(file: Path, tenant: str | None, *, as_json: bool) -> None:
    with progress_bar(f"Restoring {file.name}", None):
        report = open_store().transfer.restore(file, tenant=tenant)
    if as_json:
        emit_json(report.to_dict())
        return
    total = sum(report.rows.values())
    typer.echo(f"tenant {report.tenant!r} restored: {total} rows, event ids {report.event_ids}")
    for note in report.notes:
        typer.echo(f"  note: {note}", err=True)


def refuse_dump_as_memories(file: Path) -> None:
    """The memories-only import would reject every line of a dump; say what to do."""
    if is_dump(file):
        raise ValidationError(
            "file", str(file), "is a full tenant dump: use `memgov import --full`"
        )
