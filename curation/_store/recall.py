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

from curation._kinds import ChangeReviewStatus, EventType
from curation._ranking import BestClaim
from curation._recall_filter import RecallFilter
from curation._records import ConflictRecord
from curation._store.rows import conflict_record
from curation._store.sql import recall as statements
from curation._store.sql.conflict import CONFLICT_COLUMNS
from curation._store.sql.driver import DriverSql


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


def ef_search(limit: int) -> str:
    return str(max(40, min(1000, 2 * limit)))


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
    opened with ``statements.START`` for this ``limit`` already. Each row carries its number of
    open conflicts, so the conflicts themselves are fetched only when there are some.

    ``as_of``: only what was written by then; with ``active_only``, what was current then
    (``statements.CURRENT_AT``). ``replaced``, with ``active_only`` and no ``as_of``: what a later
    entry replaced is a candidate too (a question about the past). ``index``: a
    quantised index fetches ``RERANK_FACTOR`` x ``limit``
    candidates and re-ranks them by the exact distance; ``ef`` overrides ``ef_search``.
    ``filters`` are conditions of the search itself (``RecallFilter``): k matches come back
    whenever k exist."""
    candidates = limit * RERANK_FACTOR[index]
    if configure or ef is not None:
        statements.CONFIGURE.rows(conn, {"ef": ef_search(candidates) if ef is None else str(ef)})
    params: dict[str, Any] = {"t": tenant, "q": query_vector, "n": limit}
    if as_of is None:
        where = (
            (statements.ACTIVE_OR_REPLACED if replaced else statements.ACTIVE)
            if active_only
            else statements.NOT_HELD
        )
    else:
        where = (
            statements.CURRENT_AT if active_only else statements.WRITTEN_BY + statements.NOT_HELD
        )
        params["as_of"] = as_of
    if filters is not None:
        conditions, values = filters.sql()
        where += conditions
        params.update(values)
    if index == SearchIndex.VECTOR:
        sql = statements.SEARCH.format(filter=where)
    else:
        params["c"] = candidates
        approx = candidate_order(index, len(query_vector))
        sql = statements.RERANKED.format(filter=where, approx=approx)
    return _statement(sql).rows(conn, params)


def open_conflicts(
    conn: Connection, tenant: str, memory_ids: Sequence[Any], as_of: datetime | None = None
) -> dict[str, list[ConflictRecord]]:
    if not memory_ids:
        return {}
    params: dict[str, Any] = {"t": tenant, "ids": list(memory_ids)}
    known = ""
    if as_of is not None:
        known, params["as_of"] = statements.KNOWN_BY, as_of
    rows = _statement(
        f"SELECT {CONFLICT_COLUMNS} FROM conflict WHERE tenant = :t AND status = 'open' "
        f"AND memory_id = ANY(:ids) {known} ORDER BY at, id"
    ).rows(conn, params)
    grouped: dict[str, list[ConflictRecord]] = defaultdict(list)
    for row in rows:
        grouped[str(row.memory_id)].append(conflict_record(row))
    return grouped


def held_as_replaced(conn: Connection, tenant: str, memory_ids: Sequence[Any]) -> set[str]:
    """Which of ``memory_ids`` a newer entry replaces by an inferred change held for the
    curator (pending; confirmed ones are archived): still active, but replaced values."""
    if not memory_ids:
        return set()
    rows = _statement(
        "SELECT older_id FROM change_review WHERE tenant = :t AND status = :pending "
        "AND older_id = ANY(:ids)"
    ).rows(
        conn,
        {"t": tenant, "ids": list(memory_ids), "pending": ChangeReviewStatus.PENDING.value},
    )
    return {str(r.older_id) for r in rows}


def best_claims(
    conn: Connection, tenant: str, query_vector: npt.NDArray[np.float32], memory_ids: Sequence[Any]
) -> dict[str, BestClaim]:
    if not memory_ids:
        return {}
    rows = statements.BEST_CLAIMS.rows(
        conn, {"t": tenant, "q": query_vector, "ids": list(memory_ids)}
    )
    return {
        str(r.id): BestClaim(float(r.similarity), np.asarray(r.embedding.to_numpy(), np.float32))
        for r in rows
    }


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
    transaction starts (``statements.START``).

    Every recorded recall bumps its hits' state version, also when the policy does not
    reinforce on recall (then the counts stay as they are): a curation plan made before
    the recall then no longer matches those rows, and its apply leaves them alone — an
    entry an agent just recalled is never archived by an older plan."""
    statements.RECORD_RECALL.rows(
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
