"""The measured phases of ``memgov bench``: the curation pass phase by phase, pair
quality against the exact join, recall under concurrent load, ingest and embedding rates,
memory and database size."""

from __future__ import annotations

import multiprocessing
import os
import resource
import signal
import statistics
import time
from collections.abc import Callable
from datetime import timedelta
from typing import Any, NamedTuple

import numpy as np
from sqlalchemy import text

from curation import (
    CurationPlan,
    CurationPolicy,
    Database,
    FixedClock,
    HashingEmbedder,
    MemorySnapshot,
    MemoryStore,
    Mode,
)
from curation.internals import (
    AutoPairSearch,
    ClusteredPairSearch,
    ExactBlockedSearch,
    F32Array,
    Pairs,
    PairSearch,
    bulk_worth_it,
    pair_recall_precision,
    propose_principles,
    recall_search,
    scope_to_tenant,
    similar_pairs,
)
from evaluation.perf import pass_phases as phase
from evaluation.perf.generator import NOW, SYNTHETIC_MODEL, BenchData
from evaluation.perf.indexes import accuracy


def rss_mb() -> float:
    """Current resident set of this process (MB)."""
    import psutil

    return psutil.Process().memory_info().rss / 2**20


def peak_rss_mb() -> float:
    """High-water mark of this process's resident set (MB; Linux reports KB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


class TimedSearch:
    """A ``PairSearch`` that adds up the time spent in its backend."""

    def __init__(self, inner: PairSearch) -> None:
        self.inner = inner
        self.seconds = 0.0
        self.calls = 0

    def pairs(self, embeddings: F32Array, threshold: float) -> Pairs:
        started = time.perf_counter()
        try:
            return self.inner.pairs(embeddings, threshold)
        finally:
            self.seconds += time.perf_counter() - started
            self.calls += 1


def bench_store(database: Database) -> MemoryStore:
    embedder = HashingEmbedder(model_name=SYNTHETIC_MODEL)
    store = MemoryStore(database, embedder=embedder, clock=FixedClock(NOW))
    store.context.check_embedder()  # the store's model is the synthetic one
    return store


class RssSampler:
    """The highest resident set seen while it runs (sampled every 0.1 s): the pass's own
    peak, which ``ru_maxrss`` cannot give once generation and loading went higher."""

    def __init__(self) -> None:
        import threading

        self.peak_mb = rss_mb()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self._stop.wait(0.1):
            self.peak_mb = max(self.peak_mb, rss_mb())

    def __enter__(self) -> RssSampler:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()
        self.peak_mb = max(self.peak_mb, rss_mb())


def curation_pass(
    store: MemoryStore, tenant: str, *, search: PairSearch | None = None
) -> tuple[dict[str, Any], MemorySnapshot]:
    """One full pass: the real ``store.runs.curate`` (lock, snapshot, plan, apply), with
    every phase timed. Returns the report and the snapshot it planned over."""
    with RssSampler() as sampler:
        report, snap = _curation_pass(store, tenant, search=search)
    report["peak_rss_mb_during_pass"] = round(sampler.peak_mb, 1)
    return report, snap


class _PassSamples:
    """What the bench keeps from inside the pass: the snapshot, and the resident set
    after loading and after planning."""

    def __init__(self) -> None:
        self.snapshot: MemorySnapshot | None = None
        self.plan: CurationPlan | None = None
        self.rss_loaded = 0.0
        self.rss_planned = 0.0

    def loaded(self, snapshot: MemorySnapshot) -> None:
        self.snapshot = snapshot
        self.rss_loaded = rss_mb()

    def planned(self, plan: CurationPlan) -> None:
        self.plan = plan
        self.rss_planned = rss_mb()


def _curation_pass(
    store: MemoryStore, tenant: str, *, search: PairSearch | None = None
) -> tuple[dict[str, Any], MemorySnapshot]:
    timed = TimedSearch(search or AutoPairSearch())
    samples = _PassSamples()
    started, cpu_started = time.perf_counter(), time.process_time()
    report = store.runs.curate(
        tenant, apply=True, actor="bench", now=NOW, pair_search=timed, observer=samples
    )
    full = time.perf_counter() - started
    cpu = time.process_time() - cpu_started
    assert samples.snapshot is not None and samples.plan is not None
    t = report.timings
    # the duplicate phase less its timed pair search: the scan for contradictions
    scan = t.get("duplicates", 0.0) - timed.seconds + t.get("conflicts", 0.0)
    breakdown = {
        phase.LOAD: t["load"],
        phase.SCORE: t.get("scoring", 0.0),
        phase.SUPERSESSION: t.get("supersession", 0.0),
        phase.DUPLICATE_SEARCH: timed.seconds,
        phase.CONTRADICTION_SCAN: scan,
        phase.DECAY: t.get("decay", 0.0),
        phase.PRINCIPLE_CLUSTERING: t.get("proposals", 0.0),
        phase.PLAN: t["plan"],
        # the lock, the apply transaction and its report: the pass less load and plan
        phase.APPLY: full - t["load"] - t["plan"],
        phase.FULL_PASS: full,
    }
    return {
        "phases_s": {k: round(v, 3) for k, v in breakdown.items()},
        "full_pass_cpu_s": round(cpu, 3),  # this process only: the server's CPU is apart
        "planned": samples.plan.counts(),
        "applied": report.applied,
        "active_after": report.active_after,
        "rss_mb_after_load": round(samples.rss_loaded, 1),
        "rss_mb_after_plan": round(samples.rss_planned, 1),
    }, samples.snapshot


def principles_alone(snap: MemorySnapshot) -> dict[str, Any]:
    """Principle clustering again over the same snapshot's compressible kinds, alone, in
    CPU seconds (the pass's phase is wall time, which the machine's load distorts)."""
    policy = CurationPolicy()
    eligible = np.fromiter((k in policy.compression_kinds for k in snap.kinds), bool, len(snap))
    started, cpu_started = time.perf_counter(), time.process_time()
    proposals = propose_principles(snap, policy, eligible=eligible)
    return {
        "rows": int(eligible.sum()),
        "proposals": len(proposals),
        "cpu_s": round(time.process_time() - cpu_started, 3),
        "wall_s": round(time.perf_counter() - started, 3),
    }


def pair_quality(snap: MemorySnapshot, threshold: float, *, exact_limit: int) -> dict[str, Any]:
    """Clustered join vs the exact one, per kind, at the pass's search threshold.

    Up to ``exact_limit`` rows the exact join runs in full; beyond it, recall is estimated
    on a random sample of 2,000 rows (their exact neighbours against the whole group)."""
    n = len(snap)
    clustered = ClusteredPairSearch()
    started = time.perf_counter()
    fast = similar_pairs(snap.embeddings, threshold, snap.kinds, search=clustered)
    fast_s = time.perf_counter() - started
    out: dict[str, Any] = {"threshold": threshold, "rows": n, "clustered_s": round(fast_s, 3)}
    if n <= exact_limit:
        started = time.perf_counter()
        exact = similar_pairs(snap.embeddings, threshold, snap.kinds, search=ExactBlockedSearch())
        out["exact_s"] = round(time.perf_counter() - started, 3)
        recall, precision = pair_recall_precision(fast, exact)
        out.update(
            method="exact join in full",
            pairs_exact=len(exact[0]),
            pairs_found=len(fast[0]),
            recall=recall,
            precision=precision,
        )
        return out
    # sampled estimate: every true pair that touches a sampled row
    rng = np.random.default_rng(0)
    sample = np.sort(rng.choice(n, size=min(2000, n), replace=False))
    kinds = np.asarray(snap.kinds, dtype=object)
    found = {(int(a), int(b)) for a, b in zip(fast[0].tolist(), fast[1].tolist(), strict=True)}
    truth: set[tuple[int, int]] = set()
    started = time.perf_counter()
    for kind in sorted(set(kinds[sample].tolist())):
        group = np.flatnonzero(kinds == kind)
        rows = sample[kinds[sample] == kind]
        for r0 in range(0, len(rows), 256):
            block = rows[r0 : r0 + 256]
            sims = snap.embeddings[block] @ snap.embeddings[group].T
            qi, gj = np.nonzero(sims >= np.float32(threshold))
            for a, b in zip(block[qi].tolist(), group[gj].tolist(), strict=True):
                if a != b:
                    truth.add((min(a, b), max(a, b)))
    out["exact_s"] = round(time.perf_counter() - started, 3)
    sampled = set(sample.tolist())
    found_touching = {p for p in found if p[0] in sampled or p[1] in sampled}
    hits = len(found_touching & truth)
    out.update(
        method=f"sampled: exact neighbours of {len(sample)} random rows",
        pairs_exact=len(truth),
        pairs_found=len(found_touching),
        recall=hits / len(truth) if truth else 1.0,
        precision=hits / len(found_touching) if found_touching else 1.0,
    )
    return out


def warm_index(database: Database, tenant: str, embeddings: F32Array, count: int) -> float:
    """Searches only (no votes), so the tenant's HNSW pages are in shared buffers before
    latencies are measured, as on a server that has been answering recalls for a while."""

    started = time.perf_counter()
    rng = np.random.default_rng(42)
    with database.engine.connect() as conn:
        for row in rng.choice(len(embeddings), size=count).tolist():
            with conn.begin():
                scope_to_tenant(conn, tenant)
                recall_search(conn, tenant, embeddings[row], 24, active_only=True)
    return time.perf_counter() - started


def recall_accuracy(
    database: Database, tenant: str, queries: F32Array, *, k: int = 10, sample: int = 100
) -> dict[str, Any]:
    """recall@k of the recall path's candidate search against exact search on the same
    rows (``indexes.accuracy`` with the recall path's own index choice), for the curated
    candidate set (k x candidate_multiplier) and for k."""
    found = accuracy(database, tenant, queries, k=k, sample=sample)
    return {
        "queries": min(sample, len(queries)),
        "k": k,
        "recall_at_top_k": found["recall_at_top_k"],
        "recall_at_candidates": found["recall_at_candidates"],
        "candidates": k * CurationPolicy().candidate_multiplier,
    }


# the pool's start barrier, handed to each worker process by _init_recall_worker
_start: Any = None
START_TIMEOUT_S = 600.0  # a client that never reaches the barrier fails the phase


def _default_sigterm() -> None:
    """Pool initializer: SIGTERM ends a worker even if its parent ignores the signal."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _init_recall_worker(barrier: Any) -> None:
    """Pool initializer: SIGTERM's default, and the barrier all clients wait on after
    their warm-up."""
    global _start
    _default_sigterm()
    _start = barrier


def machine_busy_s() -> float:
    """CPU seconds all of the machine's cores have spent busy since boot (not idle, not
    waiting on I/O): what the clients, the database server and anything else used."""
    import psutil

    times = psutil.cpu_times()
    return float(sum(times) - times.idle - getattr(times, "iowait", 0.0))


class _Timed(NamedTuple):
    """One recall client's timed section: its latencies, when it began and ended (wall
    and the machine's busy CPU seconds) and its own CPU seconds."""

    latencies: list[float]
    begun: float
    ended: float
    busy_begun: float
    busy_ended: float
    own_cpu_s: float


def _recall_worker(args: tuple[str, str, F32Array, int, float, bool]) -> _Timed:
    """Warm up, wait until every client has (the barrier), recall. With an ``interval``
    the client is paced (open loop): recall k is due at start + k * interval and its
    latency counts from when it was due, so a backlog shows in the latencies instead of
    silently lowering the offered rate."""
    url, tenant, queries, warmup, interval, record = args
    database = Database(url)
    store = bench_store(database)
    at = NOW + timedelta(hours=1)
    latencies: list[float] = []
    try:
        try:
            for query in queries[:warmup]:
                store.recall(tenant, "bench query", k=6, query_embedding=query, now=at)
        except BaseException:
            _start.abort()  # the others fail at once instead of waiting out the timeout
            raise
        _start.wait(timeout=START_TIMEOUT_S)
        begun, busy_begun, cpu_begun = time.time(), machine_busy_s(), time.process_time()
        origin = time.perf_counter()
        for k, query in enumerate(queries[warmup:]):
            started = time.perf_counter()
            if interval:
                due = origin + k * interval
                if due > started:
                    time.sleep(due - started)
                started = due
            store.recall(
                tenant,
                "bench query",
                k=6,
                query_embedding=query,
                now=at,
                actor="bench-agent",
                record=record,
            )
            latencies.append(time.perf_counter() - started)
        ended, busy_ended, own_cpu_s = time.time(), machine_busy_s(), time.process_time()
    finally:
        database.dispose()
    return _Timed(latencies, begun, ended, busy_begun, busy_ended, own_cpu_s - cpu_begun)


def near_queries(embeddings: F32Array, count: int, *, seed: int = 0) -> F32Array:
    """Query vectors near stored memories (a stored vector plus a little noise)."""
    rng = np.random.default_rng(seed)
    picks = rng.choice(len(embeddings), size=count)
    noise = rng.standard_normal((count, embeddings.shape[1])).astype(np.float32) * 0.03
    queries: F32Array = embeddings[picks] + noise
    queries /= np.linalg.norm(queries, axis=1, keepdims=True)
    return queries


def recall_under_load(
    database: Database,
    tenant: str,
    embeddings: F32Array,
    *,
    clients: int,
    per_client: int,
    warmup: int = 50,
    seed: int = 0,
    rate: float | None = None,
    record: bool = True,
) -> dict[str, Any]:
    """``clients`` processes each recalling ``per_client`` times (curated, ranked, with
    conflicts attached and the vote recorded) with precomputed query embeddings near
    stored memories. Each process warms up (``warmup`` recalls, untimed), then all start
    together once the last has warmed up (a barrier, not a fixed delay that idles the
    early ones); throughput is the timed recalls over the time from that instant until
    the last client finishes. ``rate`` (recalls/s, all clients together) paces them;
    None runs them flat out (closed loop). ``record=False`` skips the vote (what
    recording it costs on the request path)."""
    interval = clients / rate if rate else 0.0
    queries = near_queries(embeddings, clients * (per_client + warmup), seed=seed)
    url = database.engine.url.render_as_string(hide_password=False)
    chunks = [
        (url, tenant, np.ascontiguousarray(queries[c::clients]), warmup, interval, record)
        for c in range(clients)
    ]
    ctx = multiprocessing.get_context("spawn")
    barrier = ctx.Barrier(clients)
    # one chunk per worker: a worker waiting at the barrier takes no second chunk
    with ctx.Pool(clients, initializer=_init_recall_worker, initargs=(barrier,)) as pool:
        results = pool.map(_recall_worker, chunks, chunksize=1)
        # let the workers finish on their own: the pool's exit would SIGTERM them, and a
        # worker spawned by a process that ignores SIGTERM inherits that (a CI run hung)
        pool.close()
        pool.join()
    first = min(results, key=lambda r: r.begun)
    last = max(results, key=lambda r: r.ended)
    window = last.ended - first.begun
    latencies = sorted(x for r in results for x in r.latencies)
    timed = len(latencies)
    busy_s = last.busy_ended - first.busy_begun
    clients_cpu_s = sum(r.own_cpu_s for r in results)

    def pct(p: float) -> float:
        return latencies[min(timed - 1, int(p / 100 * timed))] * 1000

    return {
        "clients": clients,
        "record": record,
        "offered_rate_per_s": rate,
        "recalls": timed,
        "p50_ms": round(pct(50), 2),
        "p95_ms": round(pct(95), 2),
        "p99_ms": round(pct(99), 2),
        "mean_ms": round(statistics.fmean(latencies) * 1000, 2),
        "throughput_per_s": round(timed / window, 1),
        "window_s": round(window, 2),
        # what explains the rate on a machine this small: the CPU one recall takes
        "machine_busy_share": round(busy_s / (window * (os.cpu_count() or 1)), 3),
        "cpu_ms_per_recall": round(busy_s / timed * 1000, 2),
        "client_cpu_ms_per_recall": round(clients_cpu_s / timed * 1000, 2),
    }


def ingest_rate(
    store: MemoryStore, data: BenchData, *, batch: int = 1000, existing: int = 0
) -> dict[str, Any]:
    """``remember_many`` with pre-embedded items (validation, dedupe by hash, COPY, events,
    write-time hooks) into a tenant whose HNSW index is maintained on insert. The first
    ``existing`` rows are written untimed, so the timed batches go into a tenant that
    already holds rows (issue 16's target is for that case)."""
    store.tenants.set_policy(data.tenant, CurationPolicy().with_all_modes(Mode.APPLY), now=NOW)
    items = data.as_inputs(range(len(data)))
    for b0 in range(0, min(existing, len(items)), batch):
        store.remember_many(
            data.tenant, items[b0 : min(b0 + batch, existing)], actor="bench", now=NOW
        )
    timed_items = items[existing:]
    started = time.perf_counter()
    for b0 in range(0, len(timed_items), batch):
        store.remember_many(data.tenant, timed_items[b0 : b0 + batch], actor="bench", now=NOW)
    elapsed = time.perf_counter() - started
    path = bulk_worth_it(min(batch, len(timed_items)), existing, store.context.bulk_min_rows)
    return {
        "rows": len(timed_items),
        "seconds": round(elapsed, 3),
        "existing": existing,
        "rows_per_s": round(len(timed_items) / max(elapsed, 1e-9), 1),
        "batch": batch,
        "path": "bulk" if path else "row by row",
    }


def database_sizes(database: Database, tenant: str) -> dict[str, float]:
    with database.transaction(tenant) as conn:
        part = conn.execute(
            text("SELECT partition_name FROM tenant WHERE name = :t"), {"t": tenant}
        ).scalar_one()
        row = conn.execute(
            text(
                "SELECT pg_database_size(current_database()) AS db,"
                " pg_total_relation_size(CAST(:p AS regclass)) AS part,"
                " pg_total_relation_size('memory_state') AS state,"
                " pg_total_relation_size('event') AS event"
            ),
            {"p": part},
        ).one()
    mb = 2**20
    return {
        "database_mb": round(row.db / mb, 1),
        "memory_partition_mb": round(row.part / mb, 1),
        "memory_state_mb": round(row.state / mb, 1),
        "event_mb": round(row.event / mb, 1),
    }


def timed(fn: Callable[[], Any]) -> tuple[Any, float]:
    started = time.perf_counter()
    result = fn()
    return result, time.perf_counter() - started
