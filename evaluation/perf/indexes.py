"""Recall's index choices compared on one tenant in one run (issue 16): the full-precision
HNSW index, halfvec and binary-quantised HNSW expression indexes with exact re-ranking,
at several ``ef_search`` values. Each row gives latency under concurrent clients,
throughput and recall@k against exact search, measured on the same queries; and the
sizes of the indexes beside ``shared_buffers``, the guidance for sizing the server."""

from __future__ import annotations

import multiprocessing
import time
from typing import Any

import numpy as np
from sqlalchemy import text

from curation import CurationPolicy, Database
from curation.internals import F32Array, SearchIndex, recall_search, scope_to_tenant

# the expression of each quantised index: it must be the one ``recall.search`` orders by
_INDEX_DDL = {
    SearchIndex.HALFVEC: "USING hnsw ((embedding::halfvec({d})) halfvec_cosine_ops)",
    SearchIndex.BIT: "USING hnsw ((binary_quantize(embedding)::bit({d})) bit_hamming_ops)",
}
# (index, ef_search; None = the recall path's own ef_search(candidates))
DEFAULT_CONFIGS: tuple[tuple[SearchIndex, int | None], ...] = (
    (SearchIndex.VECTOR, None),
    (SearchIndex.VECTOR, 80),
    (SearchIndex.VECTOR, 160),
    (SearchIndex.HALFVEC, None),
    (SearchIndex.HALFVEC, 160),
    (SearchIndex.BIT, None),
    (SearchIndex.BIT, 400),
)


def partition_of(database: Database, tenant: str) -> str:
    with database.transaction(tenant) as conn:
        return str(
            conn.execute(
                text("SELECT partition_name FROM tenant WHERE name = :t"), {"t": tenant}
            ).scalar_one()
        )


def build_indexes(
    database: Database, tenant: str, dimension: int, *, memory: str = "1GB"
) -> dict[str, float]:
    """The quantised indexes on the tenant's partition, as the owner (maintenance, like
    the bench loader); seconds per build, 0 when it already existed."""
    part = partition_of(database, tenant)
    built: dict[str, float] = {}
    with database.admin_engine.connect() as conn:
        conn.execute(text(f"SET maintenance_work_mem = '{memory}'"))
        conn.execute(text("SET max_parallel_maintenance_workers = 1"))
        for index, ddl in _INDEX_DDL.items():
            name = f"{part}_{index.value}_hnsw"
            exists = conn.execute(text("SELECT to_regclass(:n)"), {"n": name}).scalar()
            started = time.perf_counter()
            if exists is None:
                conn.execute(text(f'CREATE INDEX "{name}" ON "{part}" ' + ddl.format(d=dimension)))
                conn.commit()
            built[index.value] = round(time.perf_counter() - started, 2) if exists is None else 0.0
        conn.execute(text(f'ANALYZE "{part}"'))
        conn.commit()
    return built


def index_sizes(database: Database, tenant: str) -> dict[str, Any]:
    """Every HNSW index on the tenant's partition (MB) against ``shared_buffers``: a walk
    through an index that does not fit copies its pages in from the OS cache."""
    part = partition_of(database, tenant)
    with database.admin_engine.connect() as conn:
        rows = conn.execute(
            text(
                "SELECT c.relname, pg_relation_size(i.indexrelid) AS bytes"
                " FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid"
                " JOIN pg_am a ON a.oid = c.relam"
                " WHERE i.indrelid = CAST(:p AS regclass) AND a.amname = 'hnsw'"
            ),
            {"p": part},
        ).all()
        buffers = conn.execute(
            text("SELECT setting::bigint * 8192 FROM pg_settings WHERE name = 'shared_buffers'")
        ).scalar_one()
    mb = 2**20
    return {
        "shared_buffers_mb": round(buffers / mb, 1),
        "indexes_mb": {r.relname: round(r.bytes / mb, 1) for r in rows},
        "fits": {r.relname: bool(r.bytes <= buffers) for r in rows},
    }


_TIE = 1e-6


def found_fraction(approx: list[Any], exact: list[Any]) -> float:
    """The share of exact search's top n that the approximate search matched: a hit counts
    when its exact similarity reaches the n-th best one. Tie-aware, because the bench
    plants exact duplicates: which of several equally near rows fills the last places is
    arbitrary, and counting ids would call an exact answer a miss."""
    if not exact:
        return 1.0
    kth = float(exact[-1].similarity) - _TIE
    return min(len(exact), sum(float(r.similarity) >= kth for r in approx)) / len(exact)


def same_answer(approx: list[Any], exact: list[Any]) -> bool:
    """The same similarities in the same order (ties may swap equally near rows)."""
    return len(approx) == len(exact) and all(
        abs(float(a.similarity) - float(b.similarity)) <= _TIE
        for a, b in zip(approx, exact, strict=True)
    )


def accuracy(
    database: Database,
    tenant: str,
    queries: F32Array,
    index: SearchIndex = SearchIndex.VECTOR,
    ef: int | None = None,
    *,
    k: int = 10,
    sample: int = 100,
) -> dict[str, float]:
    """recall@k and recall@candidates (k x candidate_multiplier, what curated recall
    ranks) of this index choice against exact search (full vectors, no index scan),
    tie-aware (``found_fraction``), and the share of queries answered exactly: the same
    SQL, once through the index and once with index scans disabled, so a faster index
    that finds less shows here. The defaults are the recall path's own choice (HNSW with
    its ef_search and iterative scan), what ``phases.recall_accuracy`` reports."""
    limits = {"top_k": k, "candidates": k * CurationPolicy().candidate_multiplier}
    rng = np.random.default_rng(3)
    rows = rng.choice(len(queries), size=min(sample, len(queries)), replace=False).tolist()
    found = dict.fromkeys(limits, 0.0)
    identical = 0
    with database.engine.connect() as conn:
        for row in rows:
            for name, limit in limits.items():
                with conn.begin():
                    scope_to_tenant(conn, tenant)
                    approx = recall_search(
                        conn, tenant, queries[row], limit, active_only=True, index=index, ef=ef
                    )
                with conn.begin():
                    scope_to_tenant(conn, tenant)
                    conn.execute(text("SET LOCAL enable_indexscan = off"))
                    exact = recall_search(conn, tenant, queries[row], limit, active_only=True)
                found[name] += found_fraction(approx, exact)
                if name == "top_k":
                    identical += same_answer(approx, exact)
    n = max(1, len(rows))
    return {f"recall_at_{name}": round(v / n, 4) for name, v in found.items()} | {
        "identical_top_k": round(identical / n, 4)
    }


_WorkerArgs = tuple[str, str, str, int | None, F32Array, int, float, int]


def _search_worker(args: _WorkerArgs) -> list[float]:
    """Search-only recalls (open, scope, search; no ranking, no vote) of one client."""
    from evaluation.perf.phases import _default_sigterm

    _default_sigterm()
    url, tenant, index_name, ef, queries, warmup, start_at, limit = args
    index = SearchIndex(index_name)
    database = Database(url)
    latencies: list[float] = []
    try:
        with database.engine.connect() as conn:
            for n, query in enumerate(queries):
                if n == warmup:
                    time.sleep(max(0.0, start_at - time.time()))
                started = time.perf_counter()
                with conn.begin():
                    scope_to_tenant(conn, tenant)
                    recall_search(conn, tenant, query, limit, active_only=True, index=index, ef=ef)
                if n >= warmup:
                    latencies.append(time.perf_counter() - started)
    finally:
        database.dispose()
    return latencies


def search_latency(
    database: Database,
    tenant: str,
    queries: F32Array,
    index: SearchIndex,
    ef: int | None,
    *,
    clients: int,
    per_client: int,
    limit: int,
    warmup: int = 30,
) -> dict[str, float]:
    """``clients`` processes searching flat out through this index choice."""
    url = database.engine.url.render_as_string(hide_password=False)
    rng = np.random.default_rng(5)
    picks = rng.choice(len(queries), size=clients * (per_client + warmup))
    start_at = time.time() + 8.0
    chunks = [
        (
            url,
            tenant,
            index.value,
            ef,
            np.ascontiguousarray(queries[picks[c::clients]]),
            warmup,
            start_at,
            limit,
        )
        for c in range(clients)
    ]
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(clients) as pool:
        results = pool.map(_search_worker, chunks)
        pool.close()
        pool.join()
    window = time.time() - start_at
    latencies = sorted(x for r in results for x in r)
    timed = len(latencies)

    def pct(p: float) -> float:
        return latencies[min(timed - 1, int(p / 100 * timed))] * 1000

    return {
        "p50_ms": round(pct(50), 2),
        "p99_ms": round(pct(99), 2),
        "throughput_per_s": round(timed / max(window, 1e-9), 1),
    }


def compare_indexes(
    database: Database,
    tenant: str,
    queries: F32Array,
    *,
    clients: int = 4,
    per_client: int = 300,
    limit: int = 24,
    configs: tuple[tuple[SearchIndex, int | None], ...] = DEFAULT_CONFIGS,
) -> dict[str, Any]:
    """Every configuration's latency, throughput and recall, on the same tenant and
    queries; ``limit`` is the candidate count of the bench's curated recall (k=6 x 4)."""
    dimension = int(queries.shape[1])
    built = build_indexes(database, tenant, dimension)
    rows = []
    for index, ef in configs:
        row: dict[str, Any] = {"index": index.value, "ef_search": ef or "default"}
        row |= accuracy(database, tenant, queries, index, ef)
        row |= search_latency(
            database,
            tenant,
            queries,
            index,
            ef,
            clients=clients,
            per_client=per_client,
            limit=limit,
        )
        rows.append(row)
    return {
        "built_s": built,
        "sizes": index_sizes(database, tenant),
        "clients": clients,
        "limit": limit,
        "rows": rows,
    }
