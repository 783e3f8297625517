"""Deleting a whole tenant: the one hard delete besides compaction, so it is guarded.

Unless forced, it needs a dump of the tenant that is *fresh*: verified end to end and
holding exactly the rows the tenant holds now (same count in every table, same last event
id), so ``memgov import --full`` can bring the tenant back as it was (its API keys
excepted: they are never dumped, see ``dump_schema``). The rows are deleted
as the schema owner (the application role may not delete history or drop a partition),
children before parents, in one transaction; the append-only guards on the history tables
are lifted for that transaction only."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import Connection, text

from curation._errors import InvalidStateError, UnknownTenantError, ValidationError
from curation._store.database import Database
from curation._store.transfer.dump_format import verify
from curation._store.transfer.dump_schema import CREDENTIAL_TABLES, quote, tenant_tables
from curation._validation import validate_tenant


def _rows_now(conn: Connection, tenant: str) -> dict[str, tuple[int, int | None]]:
    """Per tenant table: (rows, highest identity value or None)."""
    out: dict[str, tuple[int, int | None]] = {}
    for shape in tenant_tables(conn):
        high = f"max({quote(shape.identity)})" if shape.identity else "NULL"
        count, top = conn.execute(
            text(
                f"SELECT count(*), {high} FROM {quote(shape.name)} "
                f"WHERE {quote(shape.tenant_column)} = :t"
            ),
            {"t": tenant},
        ).one()
        out[shape.name] = (int(count), None if top is None else int(top))
    return out


RETIRED_SCHEMA = "memgov_retired"  # migration 0005


def replaced_partitions(conn: Connection, tenant: str) -> list[str]:
    """The tenant's partitions that a bulk load replaced and kept (migration 0005)."""
    rows = conn.execute(
        text(
            "SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
            f"WHERE n.nspname = '{RETIRED_SCHEMA}' AND c.relkind = 'r' "
            "AND c.relname LIKE 'memory_r_' || substr(md5(:t), 1, 20) || '\\_%' ORDER BY 1"
        ),
        {"t": tenant},
    ).scalars()
    return [str(r) for r in rows]


def history_guards(conn: Connection) -> list[tuple[str, str]]:
    """(table, trigger) of the append-only guards on history tables (event, exposure,
    outcome): they refuse every DELETE, so deleting a tenant lifts them for its own
    transaction (taking the tables' exclusive lock until it commits)."""
    rows = conn.execute(
        text(
            "SELECT c.relname, t.tgname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid "
            "JOIN pg_namespace n ON n.oid = c.relnamespace "
            "WHERE n.nspname = current_schema() AND NOT t.tgisinternal "
            "AND t.tgfoid = 'memgov_refuse_history_rewrite'::regproc ORDER BY 1, 2"
        )
    ).all()
    return [(str(r[0]), str(r[1])) for r in rows]


def _check_fresh(dump: Path, tenant: str, now: dict[str, tuple[int, int | None]]) -> None:
    header = verify(dump)
    if header.tenant != tenant:
        raise ValidationError("--dump", str(dump), f"is a dump of tenant {header.tenant!r}")
    for name, (rows, top) in now.items():
        if name in CREDENTIAL_TABLES:
            continue  # never dumped: the tenant's keys die with it
        table = next((t for t in header.tables if t.name == name), None)
        dumped_top = table.identity_range[1] if table and table.identity_range else None
        if table is None or table.rows != rows or (top is not None and dumped_top != top):
            raise InvalidStateError(
                f"--dump={str(dump)!r}: not fresh: table {name} has changed since the dump "
                f"({table.rows if table else 0} rows dumped, {rows} now); dump again with "
                "`memgov export --full`"
            )


def delete_tenant(
    database: Database, tenant: str, *, dump: Path | None, force: bool = False
) -> dict[str, int]:
    """Delete every row of ``tenant`` (and its memory partition); rows deleted per table."""
    tenant = validate_tenant(tenant)
    with database.admin_transaction() as conn:
        partition = conn.execute(
            text("SELECT partition_name FROM tenant WHERE name = :t FOR UPDATE"), {"t": tenant}
        ).scalar()
        if partition is None:
            raise UnknownTenantError(tenant)
        now = _rows_now(conn, tenant)
        if not force:
            if dump is None:
                raise ValidationError(
                    "--dump",
                    None,
                    "required: a fresh `memgov export --full` of the tenant "
                    "(or --force to delete without one)",
                )
            _check_fresh(dump, tenant, now)
        deleted: dict[str, int] = {}
        guards = history_guards(conn)
        for table, trigger in guards:  # transactional: a rollback re-enables them
            conn.execute(text(f"ALTER TABLE {quote(table)} DISABLE TRIGGER {quote(trigger)}"))
        for shape in reversed(tenant_tables(conn)):
            if shape.name == "tenant":
                continue  # deleted last, once its memory partition is gone
            result = conn.execute(
                text(f"DELETE FROM {quote(shape.name)} WHERE {quote(shape.tenant_column)} = :t"),
                {"t": tenant},
            )
            deleted[shape.name] = int(result.rowcount or 0)
        conn.execute(text(f"ALTER TABLE memory DETACH PARTITION {quote(str(partition))}"))
        conn.execute(text(f"DROP TABLE {quote(str(partition))}"))
        for kept in replaced_partitions(conn, tenant):  # copies of its rows (bulk_load)
            conn.execute(text(f"DROP TABLE {RETIRED_SCHEMA}.{quote(kept)}"))
        conn.execute(text("DELETE FROM tenant WHERE name = :t"), {"t": tenant})
        deleted["tenant"] = 1
        for table, trigger in guards:
            conn.execute(text(f"ALTER TABLE {quote(table)} ENABLE TRIGGER {quote(trigger)}"))
    return deleted
