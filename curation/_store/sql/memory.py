"""``memory`` and ``memory_state``: the columns of a memory record, the join of its two
rows, the select every read of whole memories starts from, and the active count."""

from __future__ import annotations

MEMORY_COLUMNS = """
    m.id, m.tenant, m.kind, m.content, m.embedding_model, m.created_at, m.supersession_key,
    m.topic, m.source, m.metadata, s.importance, s.generality, s.proven, s.recall_count,
    s.last_recalled_at, s.pinned, s.status, s.archive_reason, s.archived_at, s.superseded_by,
    s.parent_id, s.version
"""

MEMORY_JOIN = "memory m JOIN memory_state s ON s.tenant = m.tenant AND s.memory_id = m.id"

# the tenant's memories as records; the caller adds its conditions (``AND ...``)
MEMORY_SELECT = f"SELECT {MEMORY_COLUMNS} FROM {MEMORY_JOIN} WHERE m.tenant = :t"

ACTIVE_COUNT = "SELECT count(*) FROM memory_state WHERE tenant = :t AND status = 'active'"
