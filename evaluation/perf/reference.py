"""The reference approach, as source 001 describes it (``runMemoryGc`` in dry run).

- ``loadActive``: every active row is loaded (twice: before and after supersession) and
  scored one by one in application code (``retentionScore``);
- ``supersedeByKey``: the window-function query over supersession keys;
- ``planDedupe``: for every unpinned memory, one nearest-neighbour SQL query — the
  self-join of the memory table ordered by distance, same tenant and kind, active only,
  ``LIMIT neighbourLimit`` (15) — then union-find over neighbours above the threshold
  and the highest-retention member as canonical;
- ``planPrune``: score, keep those below ``pruneBelowScore``, lowest first, capped.

The source's schema keeps ``status`` in the vector table; here it lives in
``memory_state``, so the neighbour query joins it (as recall does). Nothing is written
(the source's default ``dryRun: true``), so the comparison is against its plan, before any
write. With ``sample`` set, only that many neighbour queries run (a random sample) and the
per-query time is extrapolated to all memories; the report labels that as extrapolated.
"""

from __future__ import annotations

import math
import random
import time
from datetime import datetime
from typing import Any

from sqlalchemy import text

from curation import Database

HALF_LIFE_S = {
    "tool_output": 6 * 3600.0,
    "conversation": 3 * 86400.0,
    "fact": 45 * 86400.0,
    "preference": 180 * 86400.0,
}
NEIGHBOUR_LIMIT = 15
PRUNE_BELOW = 0.12
MAX_PRUNE_RATIO = 0.2

_LOAD_ACTIVE = """
    SELECT m.id, m.kind, m.supersession_key, m.content, s.importance, s.recall_count,
           s.pinned, s.status, m.created_at, s.last_recalled_at
    FROM memory m JOIN memory_state s ON s.tenant = m.tenant AND s.memory_id = m.id
    WHERE m.tenant = :t AND s.status = 'active'
"""
_SUPERSEDE = """
    WITH ranked AS (
      SELECT m.id,
             ROW_NUMBER() OVER (PARTITION BY m.supersession_key ORDER BY m.created_at DESC) AS rn,
             FIRST_VALUE(m.id) OVER (PARTITION BY m.supersession_key
                                     ORDER BY m.created_at DESC) AS newest_id
      FROM memory m JOIN memory_state s ON s.tenant = m.tenant AND s.memory_id = m.id
      WHERE m.tenant = :t AND s.status = 'active' AND s.pinned = FALSE
        AND m.supersession_key IS NOT NULL
    )
    SELECT id, newest_id FROM ranked WHERE rn > 1
"""
NEIGHBOURS = """
    SELECT b.id, 1 - (b.embedding <=> a.embedding) AS similarity
      FROM memory a
      JOIN memory b ON b.tenant = a.tenant AND b.id <> a.id AND b.kind = a.kind
      JOIN memory_state bs ON bs.tenant = b.tenant AND bs.memory_id = b.id
           AND bs.status = 'active'
     WHERE a.id = :id AND a.tenant = :t
     ORDER BY b.embedding <=> a.embedding
     LIMIT :n
"""

# The same question with the query vector as a parameter (an InitPlan), so the HNSW index
# can answer it: not what the source wrote, but the fastest one-query-per-memory variant.
NEIGHBOURS_INDEXED = """
    SELECT b.id, 1 - (b.embedding <=> (SELECT embedding FROM memory
                                       WHERE tenant = :t AND id = :id)) AS similarity
      FROM memory b
      JOIN memory_state bs ON bs.tenant = b.tenant AND bs.memory_id = b.id
           AND bs.status = 'active'
     WHERE b.tenant = :t AND b.kind = :kind AND b.id <> :id
     ORDER BY b.embedding <=> (SELECT embedding FROM memory WHERE tenant = :t AND id = :id)
     LIMIT :n
"""


def _retention(row: Any, now: float) -> float:
    if row.pinned:
        return 1.0
    created = row.created_at.timestamp()
    last = row.last_recalled_at.timestamp() if row.last_recalled_at else created
    touched = max(created, last)
    age = max(0.0, now - touched)
    recency = math.exp(-math.log(2) / HALF_LIFE_S[row.kind] * age)
    reinforcement = 1 + math.log10(1 + row.recall_count) * 0.7
    return min(1.0, row.importance * recency * reinforcement)


def _load_active(conn: Any, tenant: str) -> list[Any]:
    return list(conn.execute(text(_LOAD_ACTIVE), {"t": tenant}).all())


def run_reference(
    database: Database,
    tenant: str,
    now: datetime,
    *,
    threshold: float,
    sample: int | None = None,
    indexed_sample: int = 2000,
    seed: int = 0,
) -> dict[str, Any]:
    """Time the reference's dry run; ``sample`` caps the neighbour queries actually run.
    The index-assisted variant runs on ``indexed_sample`` memories (extrapolated)."""
    at = now.timestamp()
    timings: dict[str, float] = {}
    with database.transaction(tenant) as conn:  # one read-only transaction, as before
        started = time.perf_counter()
        before = _load_active(conn, tenant)
        timings["load_s"] = time.perf_counter() - started
        started = time.perf_counter()
        superseded = conn.execute(text(_SUPERSEDE), {"t": tenant}).all()
        timings["supersede_s"] = time.perf_counter() - started
        started = time.perf_counter()
        memories = _load_active(conn, tenant)  # dry run: the same set again
        timings["reload_s"] = time.perf_counter() - started
        params = {"id": memories[0].id, "t": tenant, "n": NEIGHBOUR_LIMIT}
        explain = list(conn.execute(text("EXPLAIN " + NEIGHBOURS), params).scalars())
        unpinned = [m for m in memories if not m.pinned]
        chosen = unpinned
        if sample is not None and sample < len(unpinned):
            chosen = random.Random(seed).sample(unpinned, sample)
        by_id = {m.id: m for m in memories}
        parent: dict[Any, Any] = {}

        def find(x: Any) -> Any:
            parent.setdefault(x, x)
            while parent[x] != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x

        started = time.perf_counter()
        linked = 0
        for m in chosen:
            rows = conn.execute(
                text(NEIGHBOURS), {"id": m.id, "t": tenant, "n": NEIGHBOUR_LIMIT}
            ).all()
            for r in rows:
                other = by_id.get(r.id)
                if float(r.similarity) >= threshold and other is not None and not other.pinned:
                    parent[find(r.id)] = find(m.id)
                    linked += 1
        queried = time.perf_counter() - started
        per_query = queried / max(1, len(chosen))
        timings["neighbour_queries_s"] = per_query * len(unpinned)
        indexed = random.Random(seed + 1).sample(unpinned, min(indexed_sample, len(unpinned)))
        started = time.perf_counter()
        for m in indexed:
            conn.execute(
                text(NEIGHBOURS_INDEXED),
                {"id": m.id, "t": tenant, "kind": m.kind, "n": NEIGHBOUR_LIMIT},
            ).all()
        indexed_per_query = (time.perf_counter() - started) / max(1, len(indexed))
        started = time.perf_counter()
        groups: dict[Any, list[Any]] = {}
        for x in list(parent):
            groups.setdefault(find(x), []).append(x)
        clusters = [g for g in groups.values() if len(g) > 1]
        for g in clusters:
            g.sort(key=lambda i: -_retention(by_id[i], at))
        scored = sorted(
            ((_retention(m, at), m.id) for m in memories if not m.pinned),
            key=lambda s: s[0],
        )
        weak = [s for s in scored if s[0] < PRUNE_BELOW]
        cap = math.floor(len(memories) * MAX_PRUNE_RATIO)
        timings["score_cluster_prune_s"] = time.perf_counter() - started
    total = sum(timings.values())
    indexed_total = total - timings["neighbour_queries_s"] + indexed_per_query * len(unpinned)
    return {
        "indexed_variant": {
            "queries_run": len(indexed),
            "per_query_ms": round(indexed_per_query * 1000, 3),
            "total_s": round(indexed_total, 3),
            "extrapolated": len(indexed) < len(unpinned),
        },
        "active_before": len(before),
        "superseded": len(superseded),
        "neighbour_queries_run": len(chosen),
        "neighbour_queries_total": len(unpinned),
        "extrapolated": len(chosen) < len(unpinned),
        "per_query_ms": round(per_query * 1000, 3),
        "queries_per_s": round(1 / per_query, 1) if per_query else None,
        "merge_clusters": len(clusters) if len(chosen) == len(unpinned) else None,
        "pruned": min(len(weak), cap),
        "timings": {k: round(v, 3) for k, v in timings.items()},
        "total_s": round(total, 3),
        "plan": explain,
        "linked": linked,
    }
