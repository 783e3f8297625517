"""Full tenant dump: every row of every tenant table (API keys excepted, see
``dump_schema``), in one consistent snapshot.

The format is in ``dump_format``; the restore in ``restore`` (both beside this module).
Rows are rendered by PostgreSQL (``to_jsonb``) under fixed settings (UTC, shortest exact
floats), so a tenant dumped, restored elsewhere and dumped again gives the same bytes."""

from __future__ import annotations

import hashlib
import json
import os
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path

from sqlalchemy import Connection, text

from curation._clock import ensure_aware
from curation._errors import UnknownTenantError
from curation._store.database import Database, scope_to_tenant
from curation._store.transfer.dump_format import DumpHeader, DumpReport, TableHeader, body_line
from curation._store.transfer.dump_schema import dumped_tables, quote, store_meta
from curation._store.writes import tenant_exists
from curation._validation import validate_tenant

COPY_CHUNK = 1024 * 1024


@contextmanager
def snapshot_transaction(database: Database, tenant: str) -> Iterator[Connection]:
    """A read-only REPEATABLE READ transaction (one snapshot for every table), scoped to
    the tenant for row-level security, rendering times in UTC and floats exactly."""
    with database.engine.connect() as conn:
        conn = conn.execution_options(isolation_level="REPEATABLE READ")
        with conn.begin():
            conn.execute(text("SET TRANSACTION READ ONLY"))
            scope_to_tenant(conn, tenant)
            conn.execute(text("SET LOCAL TimeZone = 'UTC'"))
            conn.execute(text("SET LOCAL extra_float_digits = 1"))
            yield conn


def dump_tenant(database: Database, tenant: str, path: Path, *, now: datetime) -> DumpReport:
    """Write the tenant's full dump to ``path`` (atomically: a partial file never has the
    final name). Raises ``UnknownTenantError`` for a tenant the store does not hold."""
    tenant = validate_tenant(tenant)
    started = time.perf_counter()
    body_path = path.with_name(f".{path.name}.{uuid.uuid4().hex[:8]}.body")
    final_tmp = path.with_name(f".{path.name}.{uuid.uuid4().hex[:8]}.part")
    hasher = hashlib.sha256()
    size = 0
    tables: list[TableHeader] = []
    revision = database.current_revision()  # alembic_version is the owner's, not the app's
    try:
        with snapshot_transaction(database, tenant) as conn, body_path.open("wb") as body:
            if not tenant_exists(conn, tenant):
                raise UnknownTenantError(tenant)
            meta = store_meta(conn)
            for shape in dumped_tables(conn):
                statement = text(
                    f"SELECT CAST(to_jsonb(t) AS text) AS row_json FROM {quote(shape.name)} t "
                    f"WHERE t.{quote(shape.tenant_column)} = :t "
                    f"ORDER BY {', '.join('t.' + quote(c) for c in shape.order_by)}"
                ).execution_options(yield_per=2000)
                rows = 0
                low = high = None
                for (row_json,) in conn.execute(statement, {"t": tenant}):
                    line = body_line(shape.name, row_json)
                    body.write(line)
                    hasher.update(line)
                    size += len(line)
                    rows += 1
                    if shape.identity is not None:
                        value = int(json.loads(row_json)[shape.identity])
                        low = value if low is None else min(low, value)
                        high = value if high is None else max(high, value)
                tables.append(
                    TableHeader(
                        name=shape.name,
                        key=shape.tenant_column,
                        columns=shape.columns,
                        rows=rows,
                        identity=shape.identity,
                        identity_range=None if low is None or high is None else (low, high),
                    )
                )
        header = DumpHeader(
            tenant=tenant,
            dumped_at=ensure_aware(now).isoformat(),
            schema_revision=revision,
            embedding_model=meta.get("embedding_model"),
            embedding_dimension=int(meta["embedding_dimension"]),
            tables=tuple(tables),
            body_bytes=size,
            body_sha256=hasher.hexdigest(),
        )
        with final_tmp.open("wb") as out, body_path.open("rb") as body:
            out.write((json.dumps(header.to_dict(), ensure_ascii=False) + "\n").encode("utf-8"))
            while chunk := body.read(COPY_CHUNK):
                out.write(chunk)
            out.flush()
            os.fsync(out.fileno())
        os.replace(final_tmp, path)
    finally:
        body_path.unlink(missing_ok=True)
        final_tmp.unlink(missing_ok=True)
    return DumpReport(
        tenant=tenant,
        path=str(path),
        rows={t.name: t.rows for t in tables},
        bytes=path.stat().st_size,
        body_sha256=header.body_sha256,
        seconds=round(time.perf_counter() - started, 3),
    )
