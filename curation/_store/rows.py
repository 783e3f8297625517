"""Mapping database rows to the public records."""

from __future__ import annotations

from typing import Any

from curation._records import ConflictRecord, EventRecord, MemoryRecord


def _opt_str(value: Any) -> str | None:
    return None if value is None else str(value)


def memory_record(row: Any) -> MemoryRecord:
    return MemoryRecord(
        id=str(row.id),
        tenant=row.tenant,
        kind=row.kind,
        content=row.content,
        embedding_model=row.embedding_model,
        created_at=row.created_at,
        importance=float(row.importance),
        generality=int(row.generality),
        proven=int(row.proven),
        recall_count=int(row.recall_count),
        last_recalled_at=row.last_recalled_at,
        pinned=bool(row.pinned),
        status=row.status,
        archive_reason=row.archive_reason,
        archived_at=row.archived_at,
        superseded_by=_opt_str(row.superseded_by),
        parent_id=_opt_str(row.parent_id),
        supersession_key=row.supersession_key,
        topic=row.topic,
        source=row.source,
        metadata=dict(row.metadata or {}),
        version=int(row.version),
    )


def conflict_record(row: Any) -> ConflictRecord:
    return ConflictRecord(
        id=str(row.id),
        memory_id=str(row.memory_id),
        claim=row.claim,
        evidence=row.evidence,
        source=row.source,
        at=row.at,
        status=row.status,
        detected_by=row.detected_by,
        related_memory_id=_opt_str(row.related_memory_id),
        resolution=row.resolution,
        resolution_note=row.resolution_note,
        resolved_at=row.resolved_at,
    )


def event_record(row: Any) -> EventRecord:
    return EventRecord(
        id=int(row.id),
        type=row.type,
        at=row.at,
        actor=row.actor,
        memory_id=_opt_str(row.memory_id),
        related_ids=[str(r) for r in (row.related_ids or [])],
        reason=row.reason,
        run_id=_opt_str(row.run_id),
        data=dict(row.data or {}),
    )


def vector_array(value: Any) -> Any:
    """pgvector's loader yields a ``Vector``; planners want a float32 numpy row."""
    import numpy as np

    array = value.to_numpy() if hasattr(value, "to_numpy") else value
    return np.asarray(array, dtype=np.float32)
