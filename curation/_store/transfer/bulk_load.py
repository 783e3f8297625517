"""The bulk path of a write: a large batch is copied into a standalone table whose
indexes are built once, then that table becomes the tenant's partition (migration 0005).

A row inserted into a table with an HNSW index is inserted into the graph (a few hundred
rows/s); building the graph once over the loaded rows is far cheaper. The path is taken
when the batch is large in absolute terms and relative to the tenant (``worth_it``): an
existing tenant's rows are copied into the new table too, so a small batch into a large
tenant would pay for rebuilding the whole index. Everything runs in the caller's
transaction, so a crash leaves nothing behind."""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, text

# binary COPY types of ``writes.MEMORY_COLUMNS``, in that order
MEMORY_TYPES = (
    "text",
    "uuid",
    "text",
    "text",
    "text",
    "vector",
    "text",
    "text",
    "text",
    "text",
    "jsonb",
    "timestamptz",
)
_GIB = 1024**3
_INDEX_MEMORY_CAP = 4 * _GIB  # an HNSW graph of 1M 384-d vectors fits in about 2 GiB


def worth_it(batch_rows: int, tenant_rows: int, min_rows: int | None) -> bool:
    """The rule, written once: at least ``min_rows`` new rows and at least as many as the
    tenant holds (the index is rebuilt over both). ``None`` turns the path off."""
    return min_rows is not None and batch_rows >= min_rows and batch_rows >= tenant_rows


def tenant_rows(conn: Connection, tenant: str) -> int:
    return int(
        conn.execute(text("SELECT count(*) FROM memory WHERE tenant = :t"), {"t": tenant}).scalar()
        or 0
    )


def begin(conn: Connection, tenant: str, now: datetime | None) -> str:
    """Create the standalone table (and the tenant's row if it is new, created ``now``,
    else the database's time); returns the table's name."""
    return str(
        conn.execute(
            text("SELECT memgov_bulk_begin(:t, coalesce(CAST(:at AS timestamptz), now()))"),
            {"t": tenant, "at": now},
        ).scalar_one()
    )


def index_settings() -> dict[str, str]:
    """Index-build settings sized from this machine: a quarter of its memory (capped) and
    one parallel worker per core beyond the first."""
    try:
        total = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError):
        total = _GIB
    memory_mb = max(64, min(total // 4, _INDEX_MEMORY_CAP) // (1024 * 1024))
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    workers = max(0, min((cores or 1) - 1, 7))
    return {
        "maintenance_work_mem": f"{memory_mb}MB",
        "max_parallel_maintenance_workers": str(workers),
    }


def load(
    conn: Connection,
    tenant: str,
    table: str,
    columns: Sequence[str],
    rows: Iterable[Sequence[Any]],
) -> str | None:
    """COPY ``rows`` into the standalone ``table``, then build its indexes and attach it
    as the tenant's partition; returns the kept name of the partition it replaced."""
    copy_into(conn, table, columns, MEMORY_TYPES, rows)
    return attach(conn, tenant)


def copy_into(
    conn: Connection,
    table: str,
    columns: Sequence[str],
    types: Sequence[str],
    rows: Iterable[Sequence[Any]],
) -> None:
    """Binary COPY straight into the standalone table (it has no row-level security yet;
    its CHECK refuses any other tenant's row)."""
    raw = conn.connection.driver_connection
    if raw is None:
        raise RuntimeError("bulk_load.copy_into needs a live DBAPI connection")
    listed = ", ".join(columns)
    with (
        raw.cursor() as cur,
        cur.copy(f'COPY "{table}" ({listed}) FROM STDIN (FORMAT BINARY)') as copy,
    ):
        copy.set_types(list(types))
        for row in rows:
            copy.write_row(row)


def analyze_state(conn: Connection, tenant: str) -> None:
    """Fresh planner statistics for memory_state once a load's state rows are in."""
    conn.execute(text("SELECT memgov_bulk_analyze(:t)"), {"t": tenant})


def attach(conn: Connection, tenant: str, *, index_memory: str | None = None) -> str | None:
    """Build the standalone table's indexes and swap it in (``memgov_bulk_attach``), with
    ``index_settings`` for this transaction (``index_memory`` overrides the memory)."""
    settings = index_settings()
    if index_memory is not None:
        settings["maintenance_work_mem"] = index_memory
    for name, value in settings.items():
        conn.execute(text("SELECT set_config(:n, :v, true)"), {"n": name, "v": value})
    retired = conn.execute(text("SELECT memgov_bulk_attach(:t)"), {"t": tenant}).scalar()
    return None if retired is None else str(retired)
