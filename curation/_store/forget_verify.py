"""The proof of a forget: every table searched for the forgotten ids and texts, and the
vector index asked for the forgotten vectors' nearest neighbours.

The tables come from the catalog, not a list: every table of the schema (the tenant's rows
of those with a ``tenant`` column, all rows of the others) and the copies a bulk load kept
(``memgov_retired``), so a table a later migration adds is searched without a change
here. Each row's columns (vectors and the tenant's own name aside) are read as text,
lower-cased, and searched for each needle, also as JSON escapes it. The vector check
runs the index scan the recall runs (sequential scans off) for each forgotten vector and
counts forgotten ids among the answers."""

from __future__ import annotations

import uuid
from collections import defaultdict
from collections.abc import Sequence

from sqlalchemy import Connection, text

from curation._store.forget_scrub import Needles
from curation._store.tenant_delete import RETIRED_SCHEMA
from curation._store.transfer.dump_schema import quote

VECTOR_PROBES = 20  # forgotten vectors asked of the index (each a k-NN scan)
PROBE_K = 20

_SEARCHED_COLUMNS = text(
    """
    SELECT n.nspname AS schema_name, c.relname AS table_name, a.attname AS column_name
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
    JOIN pg_type t ON t.oid = a.atttypid
    WHERE (n.nspname = current_schema() OR n.nspname = :retired)
      AND c.relkind IN ('r', 'p') AND NOT c.relispartition AND t.typname <> 'vector'
    ORDER BY n.nspname, c.relname, a.attnum
    """
)


def searched_tables(conn: Connection) -> dict[str, list[str]]:
    """``schema.table`` -> its columns other than vectors, for every table there is."""
    found: dict[str, list[str]] = defaultdict(list)
    for row in conn.execute(_SEARCHED_COLUMNS, {"retired": RETIRED_SCHEMA}):
        found[f"{row.schema_name}.{row.table_name}"].append(row.column_name)
    return dict(found)


def _count_mentions(
    conn: Connection, table: str, columns: list[str], tenant: str, terms: list[str]
) -> int:
    schema, name = table.split(".", 1)
    scope = ""
    if "tenant" in columns:
        scope = "x.tenant = :t AND "
    elif name == "tenant":
        scope = "x.name = :t AND "
    searched = [c for c in columns if c != "tenant" and not (name == "tenant" and c == "name")]
    if not searched:
        return 0
    row_text = "concat_ws(' | ', " + ", ".join(f"x.{quote(c)}::text" for c in searched) + ")"
    return int(
        conn.execute(
            text(
                f"SELECT count(*) FROM {quote(schema)}.{quote(name)} x WHERE {scope}EXISTS "
                f"(SELECT 1 FROM unnest(CAST(:terms AS text[])) n "
                f"WHERE strpos(lower({row_text}), n) > 0)"
            ),
            {"t": tenant, "terms": terms},
        ).scalar_one()
    )


def _index_hits(
    conn: Connection, tenant: str, vectors: Sequence[str], forgotten: set[uuid.UUID]
) -> int:
    conn.execute(text("SET LOCAL enable_seqscan = off"))
    hits = 0
    for vector in vectors[:VECTOR_PROBES]:
        answers = conn.execute(
            text(
                "SELECT id FROM memory WHERE tenant = :t "
                "ORDER BY embedding <=> CAST(:v AS vector) LIMIT :k"
            ),
            {"t": tenant, "v": vector, "k": PROBE_K},
        ).scalars()
        hits += sum(1 for answer in answers if answer in forgotten)
    conn.execute(text("SET LOCAL enable_seqscan = on"))
    return hits


def verify_forgotten(
    conn: Connection,
    tenant: str,
    needles: Needles,
    *,
    forgotten: set[uuid.UUID],
    vectors: Sequence[str],
) -> dict[str, int]:
    """Per searched table (and ``vector_index``), the rows that still hold a forgotten id
    or text: all zero after a forget. A receipt row (hashes only) never matches."""
    terms = needles.search_terms()
    found = {
        table: _count_mentions(conn, table, columns, tenant, terms) if terms else 0
        for table, columns in searched_tables(conn).items()
    }
    found["vector_index"] = _index_hits(conn, tenant, vectors, forgotten)
    return found
