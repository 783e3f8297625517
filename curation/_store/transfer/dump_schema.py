"""Which tables hold a tenant's rows, with their columns, key order and foreign-key order.

Read from the catalog rather than kept as a list, so a migration that adds a tenant table
or a column is dumped and restored without touching the dump code: a tenant table is any
plain or partitioned table with a ``tenant`` column (partitions excluded), plus ``tenant``
itself, keyed by ``name``.

API keys are tenant rows but credentials, not data: ``dumped_tables`` leaves them out.
A dump is a file that travels (backups, another machine, a staging copy); restoring it
must never make a secret valid again — not for a tenant deleted because a key leaked, not
on a second store — so after a restore the tenant's keys are created anew."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from sqlalchemy import Connection, text

TENANT_TABLE = "tenant"
CREDENTIAL_TABLES = frozenset({"api_key"})

_COLUMNS = text(
    """
    SELECT c.relname AS table_name, a.attname AS column_name, a.attidentity AS identity
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
    WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND NOT c.relispartition
      AND a.attgenerated = ''
    ORDER BY c.relname, a.attnum
    """
)
_PRIMARY_KEYS = text(
    """
    SELECT c.relname AS table_name, a.attname AS column_name
    FROM pg_index i
    JOIN pg_class c ON c.oid = i.indrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
    WHERE i.indisprimary AND n.nspname = current_schema() AND NOT c.relispartition
    ORDER BY c.relname, array_position(CAST(i.indkey AS int2[]), a.attnum)
    """
)
_FOREIGN_KEYS = text(
    """
    SELECT child.relname AS child, parent.relname AS parent
    FROM pg_constraint k
    JOIN pg_class child ON child.oid = k.conrelid
    JOIN pg_class parent ON parent.oid = k.confrelid
    JOIN pg_namespace n ON n.oid = child.relnamespace
    WHERE k.contype = 'f' AND k.conparentid = 0 AND n.nspname = current_schema()
    """
)


@dataclass(frozen=True)
class TableShape:
    name: str
    tenant_column: str
    columns: tuple[str, ...]
    order_by: tuple[str, ...]
    identity: str | None  # a GENERATED ALWAYS identity column (event.id)


def quote(identifier: str) -> str:
    return '"' + identifier.replace('"', '""') + '"'


def tenant_tables(conn: Connection) -> list[TableShape]:
    """The tenant's tables, parents before children (``tenant`` first), ties by name."""
    columns: dict[str, list[str]] = defaultdict(list)
    identity: dict[str, str] = {}
    for row in conn.execute(_COLUMNS):
        columns[row.table_name].append(row.column_name)
        if row.identity == "a":
            identity[row.table_name] = row.column_name
    keys: dict[str, list[str]] = defaultdict(list)
    for row in conn.execute(_PRIMARY_KEYS):
        keys[row.table_name].append(row.column_name)
    chosen = {t for t, cols in columns.items() if "tenant" in cols or t == TENANT_TABLE}
    parents: dict[str, set[str]] = {t: set() for t in chosen}
    for row in conn.execute(_FOREIGN_KEYS):
        if row.child in chosen and row.parent in chosen and row.child != row.parent:
            parents[row.child].add(row.parent)
    ordered: list[str] = []
    while len(ordered) < len(chosen):
        ready = sorted(t for t in chosen - set(ordered) if parents[t] <= set(ordered))
        if not ready:  # a foreign-key cycle: fall back to name order for the rest
            ready = sorted(chosen - set(ordered))
        ready.sort(key=lambda t: t != TENANT_TABLE)
        ordered.append(ready[0])
    return [
        TableShape(
            name=t,
            tenant_column="name" if t == TENANT_TABLE else "tenant",
            columns=tuple(columns[t]),
            order_by=tuple(keys[t] or columns[t]),
            identity=identity.get(t),
        )
        for t in ordered
    ]


def dumped_tables(conn: Connection) -> list[TableShape]:
    """The tenant tables a dump holds: all but the credentials."""
    return [shape for shape in tenant_tables(conn) if shape.name not in CREDENTIAL_TABLES]


def store_meta(conn: Connection) -> dict[str, str]:
    return {r.key: r.value for r in conn.execute(text("SELECT key, value FROM store_meta"))}
