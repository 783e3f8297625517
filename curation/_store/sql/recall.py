"""Recall's statements: the candidate search over ``memory`` and ``memory_state`` (with
each candidate's open ``conflict`` count), the filters a mode or a moment adds, the best
claim (``memory_claim``), the opening round trip and the recall's record (``event``,
``memory_state``). Executed by ``curation/_store/recall.py``."""

from __future__ import annotations

from curation._store.sql.api_key import KEY_COLUMNS
from curation._store.sql.driver import DriverSql
from curation._store.sql.snapshot import STATED_AT

CANDIDATE_COLUMNS = """
    m.id, m.kind, m.content, m.created_at, m.supersession_key,
    s.importance, s.generality, s.proven, s.recall_count, s.last_recalled_at,
    s.pinned, s.status, s.archive_reason, s.version, s.superseded_by"""

OPEN_CONFLICTS = """(SELECT count(*) FROM conflict c WHERE c.tenant = :t AND c.memory_id = {row}.id
      AND c.status = 'open') AS open_conflicts"""

# when the entry's text was last said: a restatement (the same text written again) is
# an event, not a row; a value said again after another replaced it is current again
LAST_STATED = f"""(SELECT max({STATED_AT}) FROM event e
      WHERE e.tenant = :t AND e.memory_id = {{row}}.id AND e.type = 'restate') AS stated_at"""

CANDIDATES_FROM = """
    FROM memory m JOIN memory_state s ON s.tenant = m.tenant AND s.memory_id = m.id
    WHERE m.tenant = :t {filter}"""

SEARCH = f"""
    SELECT {CANDIDATE_COLUMNS}, 1 - (m.embedding <=> :q) AS similarity,
           {OPEN_CONFLICTS.format(row="m")}, {LAST_STATED.format(row="m")}
    {CANDIDATES_FROM}
    ORDER BY m.embedding <=> :q
    LIMIT :n
"""

# A quantised index orders candidates by an approximate distance; the exact distance
# (the stored full-precision vector) then re-ranks them, so the rows returned and their
# similarities are those of exact search whenever the true top n are among the candidates.
RERANKED = f"""
    SELECT cand.*, {OPEN_CONFLICTS.format(row="cand")}, {LAST_STATED.format(row="cand")}
    FROM (
        SELECT {CANDIDATE_COLUMNS}, 1 - (m.embedding <=> :q) AS similarity
        {CANDIDATES_FROM}
        ORDER BY {{approx}}
        LIMIT :c
    ) AS cand
    ORDER BY cand.similarity DESC
    LIMIT :n
"""

# One round trip opens a recall: the transaction's settings (the tenant first, for
# row-level security), then the tenant's policy, whose row doubles as the existence check
# (no row: no such tenant). ``memgov_open_recall`` (migration 0003) runs the two in that
# order, which a single SELECT could not promise. A recall's vote commits without waiting
# for its WAL flush (see ``record_recall``); a read-only recall writes nothing either way.
START = DriverSql("""
    SELECT p.policy FROM memgov_open_recall(:t, :ef) AS p (policy) WHERE p.policy IS NOT NULL
""")

# As of a past moment T, curated recall's candidates are the entries that were current
# then: written by T and still active, or archived for an entry written after T that took
# their place (superseded, duplicate) or carries them on (decayed with a cover): that
# entry did not exist yet. Entries archived on their own (decayed noise, subsumed,
# retired) stay out. ``current_at`` then drops what a successor in a chain replaced by T.
CURRENT_AT = """
    AND m.created_at <= :as_of
    AND (s.status = 'active'
         OR (s.archive_reason IN ('superseded', 'duplicate', 'decayed') AND EXISTS (
             SELECT 1 FROM memory n
             WHERE n.tenant = m.tenant AND n.id = s.superseded_by AND n.created_at > :as_of)))
"""

ACTIVE = "AND s.status = 'active'"

# a question about the past (``_history``) also sees what a later entry replaced: values
# superseded by a newer one, and entries decayed with a cover (``CURRENT_AT``'s reasons)
ACTIVE_OR_REPLACED = """
    AND (s.status = 'active' OR s.archive_reason = 'superseded'
         OR (s.archive_reason = 'decayed' AND s.superseded_by IS NOT NULL))
"""

WRITTEN_BY = "AND m.created_at <= :as_of"

# raw mode sees the archive too, never what the trust gate holds or a curator rejected
NOT_HELD = " AND s.status <> 'quarantined' AND s.archive_reason IS DISTINCT FROM 'rejected'"

CONFIGURE = DriverSql(
    "SELECT set_config('hnsw.iterative_scan', 'relaxed_order', true) AS iterative_scan,"
    " set_config('hnsw.ef_search', :ef, true) AS ef_search"
)

# As of T, a doubt counts if it was known by then: its claim (the newer entry) was written
# by T, or, with no such entry, the conflict was opened by T.
KNOWN_BY = """
    AND (CASE WHEN related_memory_id IS NULL THEN at <= :as_of
              ELSE EXISTS (SELECT 1 FROM memory n WHERE n.tenant = conflict.tenant
                           AND n.id = conflict.related_memory_id AND n.created_at <= :as_of)
         END)
"""

# Each candidate's best-matching statement: its best claim (``memory_claim``) or its whole
# text, whichever is closer to the query, with that statement's vector.
BEST_CLAIMS = DriverSql(
    """
    SELECT DISTINCT ON (b.id) b.id, b.similarity, b.embedding FROM (
        SELECT c.memory_id AS id, 1 - (c.embedding <=> :q) AS similarity, c.embedding,
               c.ordinal
        FROM memory_claim c WHERE c.tenant = :t AND c.memory_id = ANY(:ids)
        UNION ALL
        SELECT m.id, 1 - (m.embedding <=> :q), m.embedding, -1
        FROM memory m WHERE m.tenant = :t AND m.id = ANY(:ids)
    ) AS b
    ORDER BY b.id, b.similarity DESC, b.ordinal
""",
    binary=True,  # the vectors
)

RECORD_RECALL = DriverSql(
    """
    WITH locked AS (
        SELECT memory_id FROM memory_state
        WHERE tenant = :t AND memory_id = ANY(CAST(:ids AS uuid[]))
        ORDER BY memory_id FOR UPDATE
    ),
    bumped AS (
        UPDATE memory_state s
        SET recall_count = s.recall_count + CASE WHEN :reinforce THEN 1 ELSE 0 END,
            last_recalled_at = CASE WHEN :reinforce THEN :now
                                    ELSE s.last_recalled_at END,
            version = s.version + 1, updated_at = :now
        FROM locked WHERE s.tenant = :t AND s.memory_id = locked.memory_id
        RETURNING s.memory_id
    ),
    ev AS (
        INSERT INTO event (tenant, type, related_ids, actor, data, at)
        VALUES (:t, :type, CAST(:ids AS uuid[]), :actor, CAST(:data AS jsonb), :now)
        RETURNING id
    )
    SELECT count(*) FROM ev
"""
)

# The key's lookup and ``START`` in one statement: the tenant the key belongs to is opened
# (row-level security, search settings) and its policy read, on the recall's connection.
START_BY_KEY = DriverSql(f"""
    SELECT {", ".join("k." + c for c in KEY_COLUMNS)}, p.policy
      FROM memgov_authenticate(:h, :at) AS k
     CROSS JOIN LATERAL memgov_open_recall(k.tenant, :ef) AS p (policy)
""")
