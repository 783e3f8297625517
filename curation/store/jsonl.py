"""JSONL import and export. An import keeps every good row, reports every bad one with its
line and reason (also in a rejects file), and loses nothing."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import text

from curation.errors import ValidationError
from curation.records import ImportReport, RejectedRow
from curation.store.rows import MEMORY_COLUMNS, MEMORY_JOIN, vector_array
from curation.validation import MemoryInput, content_hash, validate_memory, validate_tenant

if TYPE_CHECKING:
    from curation.store.memory_store import MemoryStore

IMPORT_FIELDS = frozenset(
    {
        "content",
        "kind",
        "created_at",
        "importance",
        "generality",
        "proven",
        "supersession_key",
        "pinned",
        "metadata",
        "embedding",
        "embedding_model",
        "id",
        "topic",
        "source",
    }
)
# written by export for the record; an import takes the memory, not its curation state
EXPORT_ONLY_FIELDS = frozenset({"state"})
MAX_LINE_BYTES = 4 * 1024 * 1024


def _shown(value: Any) -> str:
    shown = value if isinstance(value, str) else json.dumps(value, default=str)
    return shown if len(shown) <= 200 else shown[:197] + "..."


def parse_line(raw: bytes, line_no: int, dimension: int) -> MemoryInput | RejectedRow | None:
    """One line to a validated memory, a rejection with its reason, or None when blank."""
    if len(raw) > MAX_LINE_BYTES:
        return RejectedRow(
            line_no, "line", f"<{len(raw)} bytes>", f"line exceeds {MAX_LINE_BYTES} bytes"
        )
    try:
        decoded = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        return RejectedRow(
            line_no,
            "line",
            _shown(raw[:60].decode("utf-8", "replace")),
            f"invalid UTF-8 at byte {exc.start}",
        )
    if not decoded.strip():
        return None
    try:
        obj = json.loads(decoded)
    except json.JSONDecodeError as exc:
        return RejectedRow(line_no, "line", _shown(decoded.strip()), f"malformed JSON: {exc.msg}")
    if not isinstance(obj, dict):
        return RejectedRow(line_no, "line", _shown(obj), "a line must be a JSON object")
    unknown = sorted(set(obj) - IMPORT_FIELDS - EXPORT_ONLY_FIELDS)
    if unknown:
        return RejectedRow(line_no, unknown[0], _shown(obj[unknown[0]]), "unknown field")
    if "content" not in obj:
        return RejectedRow(line_no, "content", "", "missing required field")
    fields = {k: v for k, v in obj.items() if k in IMPORT_FIELDS}
    fields.setdefault("kind", "fact")
    try:
        return validate_memory(**fields, dimension=dimension)
    except ValidationError as exc:
        return RejectedRow(line_no, exc.field, _shown(exc.value), exc.reason)


def _lines(path: Path) -> Iterator[tuple[int, bytes]]:
    with path.open("rb") as handle:
        for line_no, raw in enumerate(handle, start=1):
            yield line_no, raw.rstrip(b"\r\n")


def import_file(
    store: MemoryStore,
    path: Path,
    tenant: str,
    *,
    rejects_path: str | Path | None,
    batch_size: int,
    actor: str,
    now: datetime,
) -> ImportReport:
    tenant = validate_tenant(tenant)
    if not path.is_file():
        raise ValidationError("path", str(path), "no such file")
    dimension = store.dimension
    model = store.embedder.model_name
    rejected: list[RejectedRow] = []
    imported = restated = lines = 0
    batch: list[tuple[int, MemoryInput]] = []

    def flush() -> None:
        nonlocal imported, restated
        if not batch:
            return
        keep = _screen_batch(store, tenant, batch, model, rejected)
        if keep:
            results = store.remember_many(tenant, [item for _, item in keep], actor=actor, now=now)
            imported += sum(r.created for r in results)
            restated += sum(not r.created for r in results)
        batch.clear()

    for line_no, raw in _lines(path):
        lines = line_no
        parsed = parse_line(raw, line_no, dimension)
        if parsed is None:
            continue
        if isinstance(parsed, RejectedRow):
            rejected.append(parsed)
            continue
        batch.append((line_no, parsed))
        if len(batch) >= batch_size:
            flush()
    flush()
    rejected.sort(key=lambda row: row.line)  # store-side refusals come after parse errors

    written: str | None = None
    if rejected:
        target = (
            Path(rejects_path) if rejects_path else path.with_name(path.name + ".rejects.jsonl")
        )
        with target.open("w", encoding="utf-8") as handle:
            for row in rejected:
                handle.write(json.dumps(row.to_dict(), ensure_ascii=False) + "\n")
        written = str(target)
    return ImportReport(
        tenant=tenant,
        lines=lines,
        imported=imported,
        restated=restated,
        rejected=rejected,
        rejects_path=written,
    )


_TAKEN = text("SELECT id, content_hash FROM memory WHERE tenant = :t AND id = ANY(:ids)")


def _screen_batch(
    store: MemoryStore,
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
    with store.db.transaction(tenant) as conn:
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


def export_file(store: MemoryStore, path: Path, tenant: str, *, include_archived: bool) -> int:
    """Every memory of the tenant in the import format, plus its curation state."""
    tenant = validate_tenant(tenant)
    where = "m.tenant = :t" + ("" if include_archived else " AND s.status = 'active'")
    count = 0
    with store.db.transaction(tenant) as conn, path.open("w", encoding="utf-8") as handle:
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
