"""Bulk-loading a generated tenant into the bench database, by the store's own bulk path.

The rows go in the way a large import does (``curation._store.transfer.bulk_load``, migration
0005), as the application role: a standalone table is COPYed into, its indexes are built
once (``maintenance_work_mem`` sized from the machine, parallel workers), and it is
attached as the tenant's partition by the SECURITY DEFINER ``memgov_bulk_attach``. No
superuser is needed for the data. The bench's generated state (recall counts, last
recall times, pins) has no place in ``remember_many``'s inputs, so the state and event
rows are copied here through the row-level-security-safe staged COPY (``copy_rows``).
The closing VACUUM ANALYZE is maintenance and runs as the schema owner.
"""

from __future__ import annotations

import json
import time
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import text

from curation import Database
from curation.internals import (
    BULK_MEMORY_TYPES,
    MEMORY_COLUMNS,
    bulk_attach,
    bulk_begin,
    bulk_copy_into,
    content_hash,
    copy_rows,
)
from evaluation.perf.generator import NOW, BenchData

_STATE_COLUMNS = (
    "tenant", "memory_id", "kind", "importance", "generality", "proven", "recall_count",
    "last_recalled_at", "pinned", "status", "updated_at",
)  # fmt: skip  # a flat list of names, read as a paragraph
_EVENT_COLUMNS = ("tenant", "type", "memory_id", "actor", "data", "at")


def _ts(seconds: float) -> datetime | None:
    return None if seconds != seconds else datetime.fromtimestamp(seconds, UTC)


def bulk_load(
    database: Database, data: BenchData, *, index_memory: str | None = None
) -> dict[str, Any]:
    """Load ``data`` as one tenant; returns the time of each step (seconds) and rates.
    ``index_memory``: maintenance_work_mem for the build (default: sized from the machine)."""
    from psycopg.types.json import Jsonb

    timings: dict[str, float] = {}
    tenant = data.tenant
    with database.transaction(tenant) as conn:
        started = time.perf_counter()
        staged = bulk_begin(conn, tenant, NOW)
        memory_rows = (
            (
                tenant,
                data.ids[i],
                data.kinds[i],
                data.contents[i],
                content_hash(data.contents[i]),
                data.embeddings[i],
                data.model,
                data.supersession_keys[i],
                data.topics[i],
                "bench",
                Jsonb({}),
                datetime.fromtimestamp(float(data.created_at[i]), UTC),
            )
            for i in range(len(data))
        )
        bulk_copy_into(conn, staged, MEMORY_COLUMNS, BULK_MEMORY_TYPES, memory_rows)
        timings["copy_memory_s"] = time.perf_counter() - started
        started = time.perf_counter()
        bulk_attach(conn, tenant, index_memory=index_memory)
        timings["build_hnsw_s"] = time.perf_counter() - started
        started = time.perf_counter()
        state_rows = (
            (
                tenant,
                data.ids[i],
                data.kinds[i],
                float(data.importance[i]),
                int(data.generality[i]),
                int(data.proven[i]),
                int(data.recall_count[i]),
                _ts(float(data.last_recalled_at[i])),
                bool(data.pinned[i]),
                "active",
                NOW,
            )
            for i in range(len(data))
        )
        copy_rows(conn, "memory_state", _STATE_COLUMNS, state_rows)
        event_rows = (
            (
                tenant,
                "write",
                data.ids[i],
                "bench",
                json.dumps({"kind": data.kinds[i], "bulk": True}),
                NOW,
            )
            for i in range(len(data))
        )
        copy_rows(conn, "event", _EVENT_COLUMNS, event_rows)
        timings["copy_state_events_s"] = time.perf_counter() - started
    with database.transaction(tenant) as conn:
        part = conn.execute(
            text("SELECT partition_name FROM tenant WHERE name = :t"), {"t": tenant}
        ).scalar_one()
    started = time.perf_counter()
    raw_conn = database.admin_engine.raw_connection()  # maintenance: the schema owner
    try:
        raw: Any = raw_conn.driver_connection
        raw.autocommit = True
        with raw.cursor() as cur:
            cur.execute("VACUUM ANALYZE memory_state")
            cur.execute(f'VACUUM ANALYZE "{part}"')
    finally:
        raw_conn.close()
    timings["analyze_s"] = time.perf_counter() - started
    total = sum(timings.values())
    copy_rate = len(data) / max(timings["copy_memory_s"], 1e-9)
    load_rate = len(data) / max(timings["copy_memory_s"] + timings["build_hnsw_s"], 1e-9)
    return {
        **{k: round(v, 3) for k, v in timings.items()},
        "total_s": round(total, 3),
        "rows": len(data),
        "copy_rows_per_s": round(copy_rate, 1),
        "rows_per_s_with_index": round(load_rate, 1),
        "partition": part,
        "note": "the store's bulk path as memgov_app: COPY, indexes built once, attached",
    }
