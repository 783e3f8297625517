"""Mapping database rows to the public records."""

from __future__ import annotations

from dataclasses import fields
from typing import TYPE_CHECKING, Any, TypeVar

from curation._records import ConflictRecord, EventRecord, MemoryRecord

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

    R = TypeVar("R", bound=DataclassInstance)
else:
    R = TypeVar("R")


def from_row(record: type[R], row: Any, **converted: Any) -> R:
    """A record whose fields are the row's columns of the same names, as they come;
    ``converted`` gives the fields that need more (a uuid as text, a numeric as float)."""
    plain = {f.name: getattr(row, f.name) for f in fields(record) if f.name not in converted}
    return record(**plain, **converted)


def opt_str(value: Any) -> str | None:
    return None if value is None else str(value)


def memory_record(row: Any) -> MemoryRecord:
    return from_row(
        MemoryRecord,
        row,
        id=str(row.id),
        importance=float(row.importance),
        generality=int(row.generality),
        proven=int(row.proven),
        recall_count=int(row.recall_count),
        pinned=bool(row.pinned),
        superseded_by=opt_str(row.superseded_by),
        parent_id=opt_str(row.parent_id),
        metadata=dict(row.metadata or {}),
        version=int(row.version),
    )


def conflict_record(row: Any) -> ConflictRecord:
    return from_row(
        ConflictRecord,
        row,
        id=str(row.id),
        memory_id=str(row.memory_id),
        related_memory_id=opt_str(row.related_memory_id),
    )


def event_record(row: Any) -> EventRecord:
    return from_row(
        EventRecord,
        row,
        id=int(row.id),
        memory_id=opt_str(row.memory_id),
        related_ids=[str(r) for r in (row.related_ids or [])],
        run_id=opt_str(row.run_id),
        data=dict(row.data or {}),
    )


def vector_array(value: Any) -> Any:
    """pgvector's loader yields a ``Vector``; planners want a float32 numpy row."""
    import numpy as np

    array = value.to_numpy() if hasattr(value, "to_numpy") else value
    return np.asarray(array, dtype=np.float32)
