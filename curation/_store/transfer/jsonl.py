"""JSONL import and export. An import keeps every good row, reports every bad one with its
line and reason (also in a rejects file), and loses nothing."""

from __future__ import annotations

import json
import os
import uuid
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import text

from curation._errors import ValidationError
from curation._records import ImportReport, RejectedRow
from curation._store.rows import vector_array
from curation._store.sql.memory import MEMORY_COLUMNS, MEMORY_JOIN
from curation._store.transfer import bulk_load
from curation._store.transfer.import_lines import (
    EXPORT_ONLY_FIELDS,
    IMPORT_FIELDS,
    MAX_LINE_BYTES,
    oversized,
    parse_line,
    read_lines,
)
from curation._validation import (
    MemoryInput,
    content_hash,
    validate_actor,
    validate_path,
    validate_tenant,
)

if TYPE_CHECKING:
    from curation._store.services.memory_service import MemoryService

__all__ = ["EXPORT_ONLY_FIELDS", "IMPORT_FIELDS", "MAX_LINE_BYTES", "export_file", "import_file"]


def _rejects_target(path: Path, rejects_path: str | Path | None) -> Path:
    """Where rejections go, checked before anything is imported: a report that cannot be
    written after the good rows went in would lose the bad ones' reasons."""
    field = "rejects_path" if rejects_path else "path"
    target = (
        validate_path(field, rejects_path)
        if rejects_path
        else path.with_name(path.name + ".rejects.jsonl")
    )
    try:
        placeable = not target.is_dir() and target.parent.is_dir()
        writable = os.access(target.parent, os.W_OK) and (
            not target.exists() or os.access(target, os.W_OK)
        )
    except OSError as exc:  # e.g. a name too long for the file system
        raise ValidationError(field, str(target), f"unusable path: {exc.strerror}") from exc
    if not placeable:
        raise ValidationError(field, str(target), "the rejects file cannot be written there")
    if not writable:
        raise ValidationError(field, str(target), "the rejects file is not writable")
    return target


def _check_whole_file(store: MemoryService, path: Path, batch_size: Any) -> None:
    """Whole-file problems are refused before the first row is written."""
    if isinstance(batch_size, bool) or not isinstance(batch_size, int) or batch_size < 1:
        raise ValidationError("batch_size", batch_size, "must be a positive integer")
    try:
        is_file = path.is_file()
    except OSError as exc:  # e.g. a name too long for the file system
        raise ValidationError("path", str(path), f"unusable path: {exc.strerror}") from exc
    if not is_file:
        reason = "is a directory: import one .jsonl file" if path.is_dir() else "no such file"
        raise ValidationError("path", str(path), reason)
    store.ctx.prepare([])  # the store's embedder must match before any batch goes in


def import_file(
    store: MemoryService,
    path: Path,
    tenant: str,
    *,
    rejects_path: str | Path | None,
    batch_size: int,
    actor: str,
    now: datetime,
    progress: Callable[[int], None] | None = None,
) -> ImportReport:
    """``progress`` hears the bytes read so far after each batch (for a progress bar)."""
    tenant = validate_tenant(tenant)
    actor = validate_actor(actor)
    _check_whole_file(store, path, batch_size)
    target = _rejects_target(path, rejects_path)
    batch_size = _bulk_batch_size(store, path, tenant, batch_size)
    dimension = store.ctx.dimension
    model = store.ctx.embedder.model_name
    rejected: list[RejectedRow] = []
    imported = restated = revived = lines = 0
    batch: list[tuple[int, MemoryInput]] = []

    def flush() -> None:
        nonlocal imported, restated, revived
        if not batch:
            return
        keep = _screen_batch(store, tenant, batch, model, rejected)
        if keep:
            results = store.remember_many(tenant, [item for _, item in keep], actor=actor, now=now)
            imported += sum(r.created for r in results)
            restated += sum(not r.created for r in results)
            revived += sum(r.revived for r in results)
        batch.clear()

    try:
        handle = path.open("rb")
    except OSError as exc:
        raise ValidationError("path", str(path), f"cannot be read: {exc.strerror}") from exc
    with handle:
        for line_no, raw in read_lines(handle):
            lines = line_no
            if isinstance(raw, int):
                parsed: MemoryInput | RejectedRow | None = oversized(line_no, raw)
            else:
                parsed = parse_line(raw, line_no, dimension)
            if parsed is None:
                continue
            if isinstance(parsed, RejectedRow):
                rejected.append(parsed)
                continue
            batch.append((line_no, parsed))
            if len(batch) >= batch_size:
                flush()
                if progress is not None:
                    progress(handle.tell())
    flush()
    rejected.sort(key=lambda row: row.line)  # store-side refusals come after parse errors

    written: str | None = None
    if rejected:
        _write_rejects(target, rejected)
        written = str(target)
    return ImportReport(
        tenant=tenant,
        lines=lines,
        imported=imported,
        restated=restated,
        revived=revived,
        rejected=rejected,
        rejects_path=written,
    )


def _bulk_batch_size(store: MemoryService, path: Path, tenant: str, batch_size: int) -> int:
    """A file big enough for the bulk path (``bulk_load.worth_it``, judged on its line
    count) goes in as one batch: one transaction, one index build, and a crash leaves the
    tenant as it was. It is held in memory whole (about 2 KB a pre-embedded row)."""
    min_rows = store.ctx.bulk_min_rows
    if min_rows is None:
        return batch_size
    with path.open("rb") as handle:
        lines = sum(chunk.count(b"\n") for chunk in iter(lambda: handle.read(1 << 20), b""))
    if lines < min_rows:
        return batch_size
    with store.ctx.db.transaction(tenant) as conn:
        held = bulk_load.tenant_rows(conn, tenant)
    return max(batch_size, lines + 1) if bulk_load.worth_it(lines, held, min_rows) else batch_size


def _write_rejects(target: Path, rejected: list[RejectedRow]) -> None:
    try:
        with target.open("w", encoding="utf-8") as handle:
            for row in rejected:
                handle.write(json.dumps(row.to_dict(), ensure_ascii=False) + "\n")
    except OSError as exc:
        raise ValidationError("rejects_path", str(target), f"not written: {exc.strerror}") from exc


_TAKEN = text("SELECT id, content_hash FROM memory WHERE tenant = :t AND id = ANY(:ids)")


def _screen_batch(
    store: MemoryService,
    tenant: str,
    batch: list[tuple[int, MemoryInput]],
    model: str,
    rejected: list[RejectedRow],
) -> list[tuple[int, MemoryInput]]:
    """Per-row checks that need the store: the embedding model and supplied ids.

    A supplied id already in use is refused only when it names a different statement; the
    same statement under its own id is a re-statement (so re-importing an export is
    idempotent, as ``remember`` with that id is)."""
    keep: list[tuple[int, MemoryInput]] = []
    supplied = [item.id for _, item in batch if item.id is not None]
    with store.ctx.db.transaction(tenant) as conn:
        taken: dict[uuid.UUID, str] = {}
        if supplied:
            for row in conn.execute(_TAKEN, {"t": tenant, "ids": supplied}):
                taken[row.id] = row.content_hash
    seen: dict[uuid.UUID, str] = {}
    for line_no, item in batch:
        if item.embedding is not None and item.embedding_model not in (None, model):
            rejected.append(
                RejectedRow(
                    line_no,
                    "embedding_model",
                    str(item.embedding_model),
                    f"the store's embeddings come from {model!r}",
                )
            )
            continue
        if item.id is not None:
            digest = content_hash(item.content)
            if taken.get(item.id, digest) != digest or seen.get(item.id, digest) != digest:
                rejected.append(
                    RejectedRow(line_no, "id", str(item.id), "already exists for this tenant")
                )
                continue
            seen[item.id] = digest
        keep.append((line_no, item))
    return keep


def export_file(store: MemoryService, path: Path, tenant: str, *, include_archived: bool) -> int:
    """Every memory of the tenant in the import format, plus its curation state."""
    tenant = validate_tenant(tenant)
    where = "m.tenant = :t" + ("" if include_archived else " AND s.status = 'active'")
    count = 0
    try:
        output = path.open("w", encoding="utf-8")
    except OSError as exc:
        raise ValidationError("path", str(path), f"cannot be written: {exc.strerror}") from exc
    with store.ctx.db.transaction(tenant) as conn, output as handle:
        statement = text(
            f"SELECT {MEMORY_COLUMNS}, m.embedding FROM {MEMORY_JOIN} WHERE {where} "
            "ORDER BY m.created_at, m.id"
        ).execution_options(yield_per=2000)
        result = conn.execute(statement, {"t": tenant})
        for row in result:
            line = {
                "id": str(row.id),
                "content": row.content,
                "kind": row.kind,
                "created_at": row.created_at.isoformat(),
                "importance": row.importance,
                "generality": row.generality,
                "proven": row.proven,
                "supersession_key": row.supersession_key,
                "pinned": row.pinned,
                "metadata": row.metadata,
                "topic": row.topic,
                "source": row.source,
                "embedding": vector_array(row.embedding).tolist(),
                "embedding_model": row.embedding_model,
                "state": {
                    "status": row.status,
                    "archive_reason": row.archive_reason,
                    "archived_at": row.archived_at.isoformat() if row.archived_at else None,
                    "superseded_by": None if row.superseded_by is None else str(row.superseded_by),
                    "parent_id": None if row.parent_id is None else str(row.parent_id),
                    "recall_count": row.recall_count,
                    "last_recalled_at": row.last_recalled_at.isoformat()
                    if row.last_recalled_at
                    else None,
                },
            }
            handle.write(
                json.dumps({k: v for k, v in line.items() if v is not None}, ensure_ascii=False)
                + "\n"
            )
            count += 1
    return count
