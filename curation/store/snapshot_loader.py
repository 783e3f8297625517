"""Loading one tenant's active set as a columnar snapshot for the planners."""

from __future__ import annotations

from datetime import datetime

import numpy as np
from sqlalchemy import Connection, text

from curation.snapshot import MemorySnapshot, empty_snapshot
from curation.store.rows import vector_array

_ACTIVE = """
    SELECT m.id, m.kind, m.content, m.embedding, m.created_at, m.supersession_key, m.topic,
           s.importance, s.generality, s.proven, s.recall_count, s.last_recalled_at,
           s.pinned, s.version, s.parent_id,
           coalesce(c.n, 0) AS open_conflicts
    FROM memory m
    JOIN memory_state s ON s.tenant = m.tenant AND s.memory_id = m.id
    LEFT JOIN (
        SELECT memory_id, count(*) AS n FROM conflict
        WHERE tenant = :t AND status = 'open' GROUP BY memory_id
    ) c ON c.memory_id = m.id
    WHERE m.tenant = :t {status}
    ORDER BY m.created_at, m.id
"""


def _epoch(value: datetime | None) -> float:
    return np.nan if value is None else value.timestamp()


def load_snapshot(
    conn: Connection, tenant: str, model: str, dimension: int, *, active_only: bool = True
) -> MemorySnapshot:
    """The active set (what curation plans over), or with ``active_only=False`` every
    memory ever written (what raw recall searches)."""
    status = "AND s.status = 'active'" if active_only else ""
    rows = conn.execute(text(_ACTIVE.format(status=status)), {"t": tenant}).all()
    if not rows:
        return empty_snapshot(tenant, model, dimension)
    embeddings = np.empty((len(rows), dimension), dtype=np.float32)
    for i, row in enumerate(rows):
        embeddings[i] = vector_array(row.embedding)
    return MemorySnapshot(
        tenant=tenant,
        embedding_model=model,
        ids=[str(r.id) for r in rows],
        kinds=[r.kind for r in rows],
        contents=[r.content for r in rows],
        embeddings=embeddings,
        importance=np.fromiter((r.importance for r in rows), np.float64, len(rows)),
        generality=np.fromiter((r.generality for r in rows), np.int64, len(rows)),
        proven=np.fromiter((r.proven for r in rows), np.int64, len(rows)),
        recall_count=np.fromiter((r.recall_count for r in rows), np.int64, len(rows)),
        created_at=np.fromiter((_epoch(r.created_at) for r in rows), np.float64, len(rows)),
        last_recalled_at=np.fromiter(
            (_epoch(r.last_recalled_at) for r in rows), np.float64, len(rows)
        ),
        pinned=np.fromiter((r.pinned for r in rows), bool, len(rows)),
        supersession_keys=[r.supersession_key for r in rows],
        versions=np.fromiter((r.version for r in rows), np.int64, len(rows)),
        open_conflicts=np.fromiter((r.open_conflicts for r in rows), np.int64, len(rows)),
        parent_ids=[None if r.parent_id is None else str(r.parent_id) for r in rows],
        topics=[r.topic for r in rows],
    )
