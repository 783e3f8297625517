"""Recall in the database: vector candidates from the tenant's partition, their open
conflicts and best claims, and the recall's record. Ranking them is pure and lives
outside the store (``curation/_ranking.py``).

Curated mode searches only active entries. The active filter lives in the narrow state
table, so the HNSW scan runs with iterative scans on (``relaxed_order``): the index keeps
yielding candidates until enough active ones are found, and recall returns k hits even
when much of the partition is archived. Order within the candidate set is re-established
exactly by the re-rank.
"""

from __future__ import annotations

import functools
import json
from collections import defaultdict
from collections.abc import Sequence
from datetime import datetime
from enum import StrEnum
from typing import Any

import numpy as np
import numpy.typing as npt
from sqlalchemy import Connection

from curation._kinds import EventType
from curation._ranking import BestClaim
from curation._recall_filter import RecallFilter
from curation._records import ConflictRecord
from curation._store.driver_sql import DriverSql
from curation._store.rows import CONFLICT_COLUMNS, conflict_record

_COLUMNS = """
    m.id, m.kind, m.content, m.created_at, m.supersession_key,
    s.importance, s.generality, s.proven, s.recall_count, s.last_recalled_at,
    s.pinned, s.status, s.archive_reason, s.version, s.superseded_by"""
_OPEN_CONFLICTS = """(SELECT count(*) FROM conflict c WHERE c.tenant = :t AND c.memory_id = {row}.id
      AND c.status = 'open') AS open_conflicts"""
_FROM = """
    FROM memory m JOIN memory_state s ON s.tenant = m.tenant AND s.memory_id = m.id
    WHERE m.tenant = :t {filter}"""

_SEARCH = f"""
    SELECT {_COLUMNS}, 1 - (m.embedding <=> :q) AS similarity,
           {_OPEN_CONFLICTS.format(row="m")}
    {_FROM}
    ORDER BY m.embedding <=> :q
    LIMIT :n
"""

# A quantised index orders candidates by an approximate distance; the exact distance
# (the stored full-precision vector) then re-ranks them, so the rows returned and their
# similarities are those of exact search whenever the true top n are among the candidates.
_RERANKED = f"""
    SELECT cand.*, {_OPEN_CONFLICTS.format(row="cand")}
    FROM (
        SELECT {_COLUMNS}, 1 - (m.embedding <=> :q) AS similarity
        {_FROM}
        ORDER BY {{approx}}
        LIMIT :c
    ) AS cand
    ORDER BY cand.similarity DESC
    LIMIT :n
"""


class SearchIndex(StrEnum):
    """Which HNSW index the candidate search goes through (migration 0001: ``vector``;
    the expression indexes: see docs/performance.md, round three)."""

    VECTOR = "vector"  # full-precision vectors, cosine
    HALFVEC = "halfvec"  # ``embedding::halfvec(d)``, cosine, re-ranked exactly
    BIT = "bit"  # ``binary_quantize(embedding)::bit(d)``, Hamming, re-ranked exactly


# the order each index serves (a quantised one must spell its index's expression)
_ORDER = {
    SearchIndex.VECTOR: "m.embedding <=> :q",
    SearchIndex.HALFVEC: "(m.embedding::halfvec({d})) <=> CAST(:q AS halfvec({d}))",
    SearchIndex.BIT: (
        "(binary_quantize(m.embedding)::bit({d})) <~> binary_quantize(CAST(:q AS vector({d})))"
    ),
}


def candidate_order(index: SearchIndex, dimension: int) -> str:
    """The ORDER BY expression through which ``index`` yields candidates."""
    return _ORDER[index].format(d=dimension)


# candidates fetched per hit to re-rank: halfvec keeps ~3 significant digits, so its
# order is nearly exact; one bit per dimension keeps little, so it needs many more
RERANK_FACTOR = {SearchIndex.VECTOR: 1, SearchIndex.HALFVEC: 2, SearchIndex.BIT: 10}


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
_CURRENT_AT = """
    AND m.created_at <= :as_of
    AND (s.status = 'active'
         OR (s.archive_reason IN ('superseded', 'duplicate', 'decayed') AND EXISTS (
             SELECT 1 FROM memory n
             WHERE n.tenant = m.tenant AND n.id = s.superseded_by AND n.created_at > :as_of)))
"""
_ACTIVE = "AND s.status = 'active'"
# a question about the past (``_history``) also sees what a later entry replaced: values
# superseded by a newer one, and entries decayed with a cover (``_CURRENT_AT``'s reasons)
_ACTIVE_OR_REPLACED = """
    AND (s.status = 'active' OR s.archive_reason = 'superseded'
         OR (s.archive_reason = 'decayed' AND s.superseded_by IS NOT NULL))
"""
_WRITTEN_BY = "AND m.created_at <= :as_of"
# raw mode sees the archive too, never what the trust gate holds or a curator rejected
_NOT_HELD = " AND s.status <> 'quarantined' AND s.archive_reason IS DISTINCT FROM 'rejected'"


def ef_search(limit: int) -> str:
    return str(max(40, min(1000, 2 * limit)))


_CONFIGURE = DriverSql(
    "SELECT set_config('hnsw.iterative_scan', 'relaxed_order', true) AS iterative_scan,"
    " set_config('hnsw.ef_search', :ef, true) AS ef_search"
)


@functools.lru_cache(maxsize=64)
def _statement(sql: str) -> DriverSql:
    """A search's SQL varies with its filter and index: a handful of texts, each
    translated once."""
    return DriverSql(sql)


def search(
    conn: Connection,
    tenant: str,
    query_vector: npt.NDArray[np.float32],
    limit: int,
    *,
    active_only: bool,
    configure: bool = True,
    as_of: datetime | None = None,
    index: SearchIndex = SearchIndex.VECTOR,
    ef: int | None = None,
    replaced: bool = False,
    filters: RecallFilter | None = None,
) -> list[Any]:
    """Candidates by vector similarity; ``configure=False`` when the transaction was
    opened with ``START`` for this ``limit`` already. Each row carries its number of
    open conflicts, so the conflicts themselves are fetched only when there are some.

    ``as_of``: only what was written by then; with ``active_only``, what was current then
    (``_CURRENT_AT``). ``replaced``, with ``active_only`` and no ``as_of``: what a later
    entry replaced is a candidate too (a question about the past). ``index``: a
    quantised index fetches ``RERANK_FACTOR`` x ``limit``
    candidates and re-ranks them by the exact distance; ``ef`` overrides ``ef_search``.
    ``filters`` are conditions of the search itself (``RecallFilter``): k matches come back
    whenever k exist."""
    candidates = limit * RERANK_FACTOR[index]
    if configure or ef is not None:
        _CONFIGURE.rows(conn, {"ef": ef_search(candidates) if ef is None else str(ef)})
    params: dict[str, Any] = {"t": tenant, "q": query_vector, "n": limit}
    if as_of is None:
        where = (_ACTIVE_OR_REPLACED if replaced else _ACTIVE) if active_only else _NOT_HELD
    else:
        where = _CURRENT_AT if active_only else _WRITTEN_BY + _NOT_HELD
        params["as_of"] = as_of
    if filters is not None:
        conditions, values = filters.sql()
        where += conditions
        params.update(values)
    if index == SearchIndex.VECTOR:
        sql = _SEARCH.format(filter=where)
    else:
        params["c"] = candidates
        approx = candidate_order(index, len(query_vector))
        sql = _RERANKED.format(filter=where, approx=approx)
    return _statement(sql).rows(conn, params)


# As of T, a doubt counts if it was known by then: its claim (the newer entry) was written
# by T, or, with no such entry, the conflict was opened by T.
_KNOWN_BY = """
    AND (CASE WHEN related_memory_id IS NULL THEN at <= :as_of
              ELSE EXISTS (SELECT 1 FROM memory n WHERE n.tenant = conflict.tenant
                           AND n.id = conflict.related_memory_id AND n.created_at <= :as_of)
         END)
"""


def open_conflicts(
    conn: Connection, tenant: str, memory_ids: Sequence[Any], as_of: datetime | None = None
) -> dict[str, list[ConflictRecord]]:
    if not memory_ids:
        return {}
    params: dict[str, Any] = {"t": tenant, "ids": list(memory_ids)}
    known = ""
    if as_of is not None:
        known, params["as_of"] = _KNOWN_BY, as_of
    rows = _statement(
        f"SELECT {CONFLICT_COLUMNS} FROM conflict WHERE tenant = :t AND status = 'open' "
        f"AND memory_id = ANY(:ids) {known} ORDER BY at, id"
    ).rows(conn, params)
    grouped: dict[str, list[ConflictRecord]] = defaultdict(list)
    for row in rows:
        grouped[str(row.memory_id)].append(conflict_record(row))
    return grouped


# Each candidate's best-matching statement: its best claim (``memory_claim``) or its whole
# text, whichever is closer to the query, with that statement's vector.
_BEST_CLAIMS = DriverSql(
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


def best_claims(
    conn: Connection, tenant: str, query_vector: npt.NDArray[np.float32], memory_ids: Sequence[Any]
) -> dict[str, BestClaim]:
    if not memory_ids:
        return {}
    rows = _BEST_CLAIMS.rows(conn, {"t": tenant, "q": query_vector, "ids": list(memory_ids)})
    return {
        str(r.id): BestClaim(float(r.similarity), np.asarray(r.embedding.to_numpy(), np.float32))
        for r in rows
    }


_RECORD_RECALL = DriverSql(
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


def record_recall(
    conn: Connection,
    tenant: str,
    memory_ids: Sequence[str],
    *,
    now: datetime,
    actor: str,
    query: str,
    reinforce: bool,
    recall_id: str | None = None,
) -> None:
    """The vote: bump counts and append the event in one statement (with the exposure's
    ``recall_id`` when an agent recalled). Rows are locked in id
    order so concurrent recalls over overlapping hits cannot deadlock.

    The transaction commits without waiting for its WAL flush (``synchronous_commit``
    off for this transaction only): a vote is a counter bump, and a crash can at worst
    lose the last few hundred milliseconds of votes, never leave anything half-written,
    and no recall waits on a disk flush. The setting is made where the recall's
    transaction starts (``START``).

    Every recorded recall bumps its hits' state version, also when the policy does not
    reinforce on recall (then the counts stay as they are): a curation plan made before
    the recall then no longer matches those rows, and its apply leaves them alone — an
    entry an agent just recalled is never archived by an older plan."""
    _RECORD_RECALL.rows(
        conn,
        {
            "t": tenant,
            "ids": list(memory_ids),
            "now": now,
            "actor": actor,
            "type": EventType.RECALL.value,
            "reinforce": reinforce,
            "data": json.dumps(
                {"query": query[:500], "reinforced": reinforce}
                | ({} if recall_id is None else {"recall_id": recall_id})
            ),
        },
    )
