"""Restore a full tenant dump into a database that does not hold the tenant.

Two passes over the file: the first verifies everything that can be checked without the
database (header, every row, checksum, size, counts); the second writes, in one
transaction, checking the checksum again so a file changed in between rolls back. Rows go
in through ``jsonb_populate_record`` — PostgreSQL reads its own ``to_jsonb`` back, so
values round-trip exactly — with plain INSERTs (row-level security refuses COPY FROM).
A dump with at least ``bulk_min_rows`` memories takes the bulk path (``bulk_load``): its
memory rows go into the standalone table, whose indexes are built once when the last of
them is in, before the rows that reference them.

Event ids are an identity. They are kept (OVERRIDING SYSTEM VALUE) when the target's
sequence has never reached the dump's lowest id, and the sequence is moved past the
highest; otherwise the events are renumbered from the sequence in their original order,
which is all the store relies on (history order, undo's "latest event")."""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path

from sqlalchemy import Connection, text
from sqlalchemy.exc import DataError, DBAPIError, IntegrityError

from curation._errors import (
    DumpFormatError,
    EmbeddingMismatchError,
    TenantExistsError,
)
from curation._store.database import Database
from curation._store.transfer import bulk_load
from curation._store.transfer.dump_format import (
    BodyReader,
    DumpHeader,
    RestoreReport,
    TableHeader,
    parse_header,
    read_lines,
    verify,
)
from curation._store.transfer.dump_schema import (
    CREDENTIAL_TABLES,
    TENANT_TABLE,
    TableShape,
    quote,
    store_meta,
    tenant_tables,
)
from curation._store.writes import tenant_exists

CHUNK_ROWS = 500
CHUNK_BYTES = 8 * 1024 * 1024
MEMORY_TABLE = "memory"


def restore_tenant(
    database: Database,
    path: Path,
    *,
    expect_tenant: str | None = None,
    bulk_min_rows: int | None = None,
) -> RestoreReport:
    """Create the dump's tenant exactly as it was dumped, or write nothing."""
    started = time.perf_counter()
    header = verify(path)
    if expect_tenant is not None and expect_tenant != header.tenant:
        raise DumpFormatError(1, "tenant", header.tenant, f"the dump is not of {expect_tenant!r}")
    notes: list[str] = []
    revision = database.current_revision()  # alembic_version is the owner's, not the app's
    try:
        with database.transaction(header.tenant) as conn:
            conn.execute(
                text("SELECT pg_advisory_xact_lock(hashtext('memgov.tenant.' || :t))"),
                {"t": header.tenant},
            )
            if tenant_exists(conn, header.tenant):
                raise TenantExistsError(header.tenant)
            shapes = _compatible_shapes(conn, header)
            if revision != header.schema_revision:
                notes.append(f"dump schema {header.schema_revision}, database schema {revision}")
            _adopt_embedding_model(conn, header)
            keep_ids = {
                t.name: _reserve_identity_range(database, t)
                for t in header.tables
                if t.identity is not None
            }
            memories = sum(t.rows for t in header.tables if t.name == MEMORY_TABLE)
            bulk = bulk_load.worth_it(memories, 0, bulk_min_rows)
            _write_rows(conn, path, header, shapes, keep_ids, bulk=bulk)
            _check_counts(conn, header, shapes)
            skipped = sum(t.rows for t in header.tables if t.name in CREDENTIAL_TABLES)
            if skipped:  # a dump made before keys were left out
                notes.append(f"{skipped} API key(s) in the dump not restored")
            notes.append(
                "API keys are never restored: create new ones with "
                f"`memgov keys create -t {header.tenant}`"
            )
    except (IntegrityError, DataError) as exc:
        raise DumpFormatError(0, "row", str(path), f"refused by the database: {exc.orig}") from exc
    return RestoreReport(
        tenant=header.tenant,
        rows={t.name: t.rows for t in header.tables if t.name not in CREDENTIAL_TABLES},
        event_ids="preserved" if all(keep_ids.values()) else "renumbered",
        dump_revision=header.schema_revision,
        database_revision=revision,
        seconds=round(time.perf_counter() - started, 3),
        notes=notes,
    )


def _compatible_shapes(conn: Connection, header: DumpHeader) -> dict[str, TableShape]:
    """Every dumped table and column must exist here, keyed by the same tenant column;
    columns the dump lacks (an older schema) take their defaults."""
    shapes = {s.name: s for s in tenant_tables(conn)}
    for table in header.tables:
        shape = shapes.get(table.name)
        if shape is None:
            raise DumpFormatError(1, "tables.name", table.name, "no such tenant table here")
        if table.key != shape.tenant_column:
            raise DumpFormatError(1, f"tables.{table.name}.key", table.key, "wrong tenant column")
        missing = sorted(set(table.columns) - set(shape.columns))
        if missing:
            raise DumpFormatError(
                1, f"tables.{table.name}.columns", missing, "not in this database's schema"
            )
    return shapes


def _adopt_embedding_model(conn: Connection, header: DumpHeader) -> None:
    meta = store_meta(conn)
    if int(meta["embedding_dimension"]) != header.embedding_dimension:
        raise EmbeddingMismatchError(
            "embedding_dimension",
            header.embedding_dimension,
            f"this database holds {meta['embedding_dimension']}-dimensional embeddings",
        )
    model = header.embedding_model
    if model is None:
        return
    if meta.get("embedding_model") not in (None, model):
        raise EmbeddingMismatchError(
            "embedding_model",
            model,
            f"this database's embeddings come from {meta['embedding_model']!r}",
        )
    conn.execute(
        text(
            "INSERT INTO store_meta (key, value) VALUES ('embedding_model', :m) "
            "ON CONFLICT (key) DO NOTHING"
        ),
        {"m": model},
    )


def _write_rows(
    conn: Connection,
    path: Path,
    header: DumpHeader,
    shapes: dict[str, TableShape],
    keep_ids: dict[str, bool],
    *,
    bulk: bool,
) -> None:
    """Second pass: insert every row, table by table, in chunks; with ``bulk``, the memory
    rows into the standalone table, attached before the next table's rows go in."""
    staged: str | None = None

    def flush(table: TableHeader, chunk: list[bytes]) -> None:
        nonlocal staged
        if staged is not None and table.name not in (TENANT_TABLE, MEMORY_TABLE):
            bulk_load.attach(conn, header.tenant)
            staged = None
        if table.name == TENANT_TABLE and bulk:
            staged = bulk_load.begin(conn, header.tenant, None)
        into = staged if table.name == MEMORY_TABLE and staged is not None else None
        _insert(conn, table, shapes[table.name], chunk, keep_ids, header.tenant, into=into)

    with path.open("rb") as handle:
        lines = read_lines(handle)
        next(lines)  # the header, verified already
        reader = BodyReader(header)
        pending: list[bytes] = []
        pending_bytes = 0
        current: TableHeader | None = None
        for line_no, raw in lines:
            table, _ = reader.row(line_no, raw)
            if table.name in CREDENTIAL_TABLES:
                continue  # verified with the rest, never written (see dump_schema)
            if current is not None and (
                table.name != current.name
                or len(pending) >= CHUNK_ROWS
                or pending_bytes >= CHUNK_BYTES
            ):
                flush(current, pending)
                pending, pending_bytes = [], 0
            current = table
            pending.append(raw)
            pending_bytes += len(raw)
        if current is not None and pending:
            flush(current, pending)
        if staged is not None:
            bulk_load.attach(conn, header.tenant)
        reader.finish()  # the file did not change since the first pass


def _reserve_identity_range(database: Database, table: TableHeader) -> bool:
    """Keep the dumped ids if the target's sequence never issued one as high as the
    dump's lowest: take a value, then move the sequence past the dump's highest (never
    back). Sequences are the owner's (the application role may only INSERT the history),
    and not transactional, so this runs on its own owner connection; if that fails, the
    rows are renumbered instead."""
    if table.identity_range is None:
        return True
    low, high = table.identity_range
    try:
        with database.admin_transaction() as admin:
            sequence = admin.execute(
                text("SELECT pg_get_serial_sequence(:t, :c)"),
                {"t": quote(table.name), "c": table.identity},
            ).scalar()
            if sequence is None:
                return False
            moved = admin.execute(
                text(
                    """
                    SELECT setval(CAST(:s AS regclass),
                                  GREATEST(:high, pg_sequence_last_value(CAST(:s AS regclass))))
                    FROM (SELECT nextval(CAST(:s AS regclass)) AS taken) AS n
                    WHERE n.taken <= :low
                    """
                ),
                {"s": sequence, "low": low, "high": high},
            ).scalar()
    except DBAPIError:
        return False
    return moved is not None


def _insert(
    conn: Connection,
    table: TableHeader,
    shape: TableShape,
    raw_lines: Sequence[bytes],
    keep_ids: dict[str, bool],
    tenant: str,
    *,
    into: str | None = None,
) -> None:
    """``into``: the table the rows go in, when not the shape's own (the bulk table)."""
    lines = "[" + ",".join(raw.decode("utf-8").rstrip("\n") for raw in raw_lines) + "]"
    source = (
        "jsonb_array_elements(CAST(:lines AS jsonb)) WITH ORDINALITY AS l(line, n) "
        f"CROSS JOIN LATERAL jsonb_populate_record(NULL::{quote(table.name)}, l.line -> 'row') r"
    )
    if table.name == TENANT_TABLE:
        # the partition comes from the store's own function (or, bulk, with the memory
        # rows: memgov_bulk_begin made the tenant's row); then the row's own values
        if not tenant_exists(conn, tenant):
            conn.execute(text("SELECT memgov_ensure_tenant(:t, now())"), {"t": tenant})
        columns = [c for c in table.columns if c not in ("name", "partition_name")]
        if columns:
            assignments = ", ".join(f"{quote(c)} = r.{quote(c)}" for c in columns)
            conn.execute(
                text(f"UPDATE tenant SET {assignments} FROM {source} WHERE tenant.name = :t"),
                {"lines": lines, "t": tenant},
            )
        return
    columns = list(table.columns)
    overriding = ""
    if table.identity is not None:
        if keep_ids.get(table.name):
            overriding = "OVERRIDING SYSTEM VALUE"
        else:
            columns.remove(table.identity)
    names = ", ".join(quote(c) for c in columns)
    picked = ", ".join(f"r.{quote(c)}" for c in columns)
    conn.execute(
        text(
            f"INSERT INTO {quote(into or shape.name)} ({names}) {overriding} "
            f"SELECT {picked} FROM {source} ORDER BY l.n"
        ),
        {"lines": lines},
    )


def _check_counts(conn: Connection, header: DumpHeader, shapes: dict[str, TableShape]) -> None:
    for table in header.tables:
        if table.name in CREDENTIAL_TABLES:
            continue
        shape = shapes[table.name]
        found = conn.execute(
            text(
                f"SELECT count(*) FROM {quote(shape.name)} WHERE {quote(shape.tenant_column)} = :t"
            ),
            {"t": header.tenant},
        ).scalar_one()
        if found != table.rows:
            raise DumpFormatError(
                0, f"tables.{table.name}.rows", table.rows, f"{found} rows landed; rolled back"
            )


__all__ = ["parse_header", "restore_tenant"]
