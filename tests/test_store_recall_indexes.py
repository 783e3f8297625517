"""Each index choice of recall's candidate search returns, on a small store, the same
top k in the same order with the same similarities as exact search -- through the index
(the plan is checked to use it), with archived entries filtered out."""

from __future__ import annotations

import numpy as np
import pytest
from sqlalchemy import text

from curation import MemoryStore
from curation.internals import SearchIndex, candidate_order, recall_search, scope_to_tenant
from evaluation.perf.indexes import build_indexes

TENANT = "fleet"
WORDS = ["deploy", "database", "friday", "timeout", "vpn", "python"]
WORDS += ["cache", "queue", "retry", "disk", "alert", "token"]


def _texts(n: int) -> list[str]:
    return [
        f"{WORDS[i % 12]} {WORDS[(i * 5) % 12]} {WORDS[(i * 7 + 3) % 12]} note {i} of {i % 9}"
        for i in range(n)
    ]


@pytest.fixture
def indexed_store(store: MemoryStore) -> MemoryStore:
    written = store.remember_many(TENANT, [{"content": t} for t in _texts(300)], actor="test")
    with store.db.engine.begin() as conn:  # a tenth archived: the active filter is exercised
        scope_to_tenant(conn, TENANT)
        conn.execute(
            text(
                "UPDATE memory_state SET status = 'archived', archive_reason = 'decayed'"
                " WHERE tenant = :t AND memory_id = ANY(CAST(:ids AS uuid[]))"
            ),
            {"t": TENANT, "ids": [w.id for w in written[::10]]},
        )
    build_indexes(store.db, TENANT, store.embedder.dimension, memory="64MB")
    return store


# BIT is not here: binary quantisation fails this test (true neighbours missing from its
# 10 x k Hamming candidates), so it stays a bench measurement, never recall's index
@pytest.mark.parametrize("index", [SearchIndex.VECTOR, SearchIndex.HALFVEC])
def test_index_choice_returns_exact_top_k(indexed_store: MemoryStore, index: SearchIndex) -> None:
    store = indexed_store
    # near stored entries, with noise: no two candidates tie, so the order is one order
    rng = np.random.default_rng(0)
    near = store.embedder.embed(_texts(300)[1:300:50])
    queries = near + rng.standard_normal(near.shape).astype(np.float32) * 0.05
    queries /= np.linalg.norm(queries, axis=1, keepdims=True)
    for query in queries:
        for limit in (5, 10):
            with store.db.engine.begin() as conn:
                scope_to_tenant(conn, TENANT)
                for scan in ("seqscan", "bitmapscan", "sort"):  # the index, or nothing
                    conn.execute(text(f"SET LOCAL enable_{scan} = off"))
                plan = "\n".join(
                    conn.execute(
                        text("EXPLAIN " + _explained(index, len(query))),
                        {"t": TENANT, "q": query, "n": limit, "c": limit},
                    ).scalars()
                )
                assert f"{index.value}_hnsw" in plan or (
                    index == SearchIndex.VECTOR and "embedding_idx" in plan
                ), plan
                found = recall_search(conn, TENANT, query, limit, active_only=True, index=index)
            with store.db.engine.begin() as conn:
                scope_to_tenant(conn, TENANT)
                conn.execute(text("SET LOCAL enable_indexscan = off"))
                exact = recall_search(conn, TENANT, query, limit, active_only=True)
            assert [r.id for r in found] == [r.id for r in exact]
            assert [r.similarity for r in found] == pytest.approx([r.similarity for r in exact])
            assert all(r.status == "active" for r in found) and len(found) == limit


def _explained(index: SearchIndex, dimension: int) -> str:
    """The candidate ordering alone, to see which index serves it."""
    order = candidate_order(index, dimension)
    return f"SELECT m.id FROM memory m WHERE m.tenant = :t ORDER BY {order} LIMIT :n"
