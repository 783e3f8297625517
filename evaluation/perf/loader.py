"""Bulk-loading a generated tenant into the bench database.

``remember_many`` keeps the tenant's HNSW index up to date row by row, which on this
machine runs at ~200-450 rows/s (pgvector inserts each vector into the graph): loading 1M
memories that way would take about an hour. The bench therefore loads the way a bulk
import should: the tenant's partition is detached, its HNSW index dropped, the rows
copied in (binary COPY), the index built once with a large ``maintenance_work_mem`` and
a parallel worker, and the partition attached again (PostgreSQL adopts the matching index).
``remember_many``'s own rate is measured separately (``phases.ingest``).
"""

from __future__ import annotations

import json
import time
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import text

from curation import Database
from curation.internals import content_hash, ensure_tenant
from evaluation.perf.generator import NOW, BenchData

_MEMORY_COPY = (
    "COPY {part} (tenant, id, kind, content, content_hash, embedding, embedding_model,"
    " supersession_key, topic, source, metadata, created_at) FROM STDIN (FORMAT BINARY)"
)
_MEMORY_TYPES = [
    "text", "uuid", "text", "text", "text", "vector", "text", "text", "text", "text", "jsonb",
    "timestamptz",
]  # fmt: skip
_STATE_COPY = (
    "COPY memory_state (tenant, memory_id, kind, importance, generality, proven, recall_count,"
    " last_recalled_at, pinned, status, updated_at) FROM STDIN (FORMAT BINARY)"
)
_STATE_TYPES = [
    "text", "uuid", "text", "float8", "int4", "int4", "int4", "timestamptz", "bool", "text",
    "timestamptz",
]  # fmt: skip
_EVENT_COPY = "COPY event (tenant, type, memory_id, actor, data, at) FROM STDIN (FORMAT BINARY)"
_EVENT_TYPES = ["text", "text", "uuid", "text", "jsonb", "timestamptz"]


def _ts(seconds: float) -> datetime | None:
    return None if seconds != seconds else datetime.fromtimestamp(seconds, UTC)


def bulk_load(database: Database, data: BenchData, *, index_memory: str = "4GB") -> dict[str, Any]:
    """Load ``data`` as one tenant; returns the time of each step (seconds) and rates."""
    from psycopg.types.json import Jsonb

    timings: dict[str, float] = {}
    tenant = data.tenant
    with database.transaction(tenant) as conn:
        ensure_tenant(conn, tenant, NOW)
        part = conn.execute(
            text("SELECT partition_name FROM tenant WHERE name = :t"), {"t": tenant}
        ).scalar_one()
    # DDL and COPY FROM into the partition: maintenance, as the schema owner (the bench's
    # embedded superuser; row-level security would refuse COPY FROM to anyone it filters)
    raw_conn = database.admin_engine.raw_connection()
    try:
        raw: Any = raw_conn.driver_connection
        with raw.cursor() as cur:
            started = time.perf_counter()
            cur.execute(f'ALTER TABLE memory DETACH PARTITION "{part}"')
            cur.execute(
                "SELECT i.indexrelid::regclass::text FROM pg_index i JOIN pg_class c"
                " ON c.oid = i.indexrelid JOIN pg_am a ON a.oid = c.relam"
                " WHERE i.indrelid = %s::regclass AND a.amname = 'hnsw'",
                (part,),
            )
            for (index,) in cur.fetchall():
                cur.execute(f"DROP INDEX {index}")
            with cur.copy(_MEMORY_COPY.format(part=f'"{part}"')) as copy:
                copy.set_types(_MEMORY_TYPES)
                for i in range(len(data)):
                    content = data.contents[i]
                    copy.write_row(
                        (
                            tenant, data.ids[i], data.kinds[i], content, content_hash(content),
                            data.embeddings[i], data.model, data.supersession_keys[i],
                            data.topics[i], "bench", Jsonb({}),
                            datetime.fromtimestamp(float(data.created_at[i]), UTC),
                        )
                    )  # fmt: skip
            raw.commit()
            timings["copy_memory_s"] = time.perf_counter() - started
            started = time.perf_counter()
            cur.execute(f"SET maintenance_work_mem = '{index_memory}'")
            cur.execute("SET max_parallel_maintenance_workers = 1")
            cur.execute(f'CREATE INDEX ON "{part}" USING hnsw (embedding vector_cosine_ops)')
            cur.execute(
                f"ALTER TABLE memory ATTACH PARTITION \"{part}\" FOR VALUES IN ('{tenant}')"
            )
            raw.commit()
            timings["build_hnsw_s"] = time.perf_counter() - started
            started = time.perf_counter()
            now = NOW
            with cur.copy(_STATE_COPY) as copy:
                copy.set_types(_STATE_TYPES)
                for i in range(len(data)):
                    copy.write_row(
                        (
                            tenant, data.ids[i], data.kinds[i], float(data.importance[i]),
                            int(data.generality[i]), int(data.proven[i]),
                            int(data.recall_count[i]), _ts(float(data.last_recalled_at[i])),
                            bool(data.pinned[i]), "active", now,
                        )
                    )  # fmt: skip
            with cur.copy(_EVENT_COPY) as copy:
                copy.set_types(_EVENT_TYPES)
                for i in range(len(data)):
                    payload = {"kind": data.kinds[i], "bulk": True}
                    copy.write_row((tenant, "write", data.ids[i], "bench", Jsonb(payload), now))
            raw.commit()
            timings["copy_state_events_s"] = time.perf_counter() - started
            started = time.perf_counter()
            raw.autocommit = True
            cur.execute("VACUUM ANALYZE memory_state")
            cur.execute(f'VACUUM ANALYZE "{part}"')
            raw.autocommit = False
            timings["analyze_s"] = time.perf_counter() - started
    finally:
        raw_conn.close()
    total = sum(timings.values())
    copy_rate = len(data) / max(timings["copy_memory_s"], 1e-9)
    return {
        **{k: round(v, 3) for k, v in timings.items()},
        "total_s": round(total, 3),
        "rows": len(data),
        "copy_rows_per_s": round(copy_rate, 1),
        "partition": part,
        "note": json.dumps("detached partition, COPY, HNSW built once, re-attached"),
    }
