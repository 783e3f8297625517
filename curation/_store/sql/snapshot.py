"""The snapshot's statements: a tenant's rows with each one's open ``conflict`` count, as
rows (``ACTIVE_ROWS``) or as plain columns on the driver's cursor (``ACTIVE_COLUMNS``),
and their embeddings in that order as one binary COPY (``EMBEDDINGS``). Executed by
``curation/_store/snapshot_loader.py``."""

from __future__ import annotations


def _with_open_conflicts(columns: str, tenant: str) -> str:
    """The tenant's rows (``{status}`` left for the caller: active only, or all) with
    ``columns``, ``tenant`` the parameter in the executing driver's style, in the order
    they were last said (``LAST_SAID``)."""
    return f"""
    SELECT {columns}
    FROM memory m
    JOIN memory_state s ON s.tenant = m.tenant AND s.memory_id = m.id
    LEFT JOIN (
        SELECT memory_id, count(*) AS n FROM conflict
        WHERE tenant = {tenant} AND status = 'open' GROUP BY memory_id
    ) c ON c.memory_id = m.id
    LEFT JOIN (
        SELECT memory_id, max({STATED_AT}) AS at FROM event
        WHERE tenant = {tenant} AND type = 'restate' GROUP BY memory_id
    ) r ON r.memory_id = m.id
    WHERE m.tenant = {tenant} {{status}}
    ORDER BY {LAST_SAID}, m.id
"""


# A restatement (the same text written again) is an event, not a row, carrying when it
# was said (recall reads it too: ``sql.recall.LAST_STATED``). The plan reads an
# entry as said when it was last said: a value said again after another replaced it is
# no older than that other value (no change reads it as replaced, no decay as stale).
STATED_AT = "coalesce(CAST(data->>'stated_at' AS timestamptz), at)"
LAST_SAID = "greatest(m.created_at, r.at)"


ACTIVE_ROWS = _with_open_conflicts(
    f"""m.id, m.kind, m.content, m.embedding, {LAST_SAID} AS created_at, m.supersession_key,
           m.topic,
           s.importance, s.generality, s.proven, s.recall_count, s.last_recalled_at,
           s.pinned, s.version, s.parent_id,
           coalesce(c.n, 0) AS open_conflicts""",
    ":t",
)

ACTIVE_COLUMNS = _with_open_conflicts(
    f"""m.id::text, m.kind, m.content, extract(epoch FROM {LAST_SAID})::float8,
           m.supersession_key, m.topic, s.importance, s.generality, s.proven, s.recall_count,
           extract(epoch FROM s.last_recalled_at)::float8, s.pinned, s.version,
           s.parent_id::text, coalesce(c.n, 0)""",
    "%(t)s",
)

EMBEDDINGS = """
    COPY (
        SELECT m.embedding
        FROM unnest(%(ids)s::uuid[]) WITH ORDINALITY AS u(id, ord)
        JOIN memory m ON m.tenant = %(t)s AND m.id = u.id
        ORDER BY u.ord
    ) TO STDOUT (FORMAT BINARY)
"""
