"""``memgov bench`` end to end at a tiny size on the test database: every phase, the
reference, the pair quality and the report run; structure only, never timings."""

from __future__ import annotations

import copy
from typing import Any

import numpy as np
import pytest
from sqlalchemy import text as sql

from curation._store import snapshot_loader
from curation._store.database import Database
from evaluation.perf.generator import generate
from evaluation.perf.loader import bulk_load
from evaluation.perf.phases import bench_store
from evaluation.perf.report import PHASES, render, scaling, targets
from evaluation.perf.run import run_bench

pytestmark = pytest.mark.heavy  # scheduled first (tests/conftest.py)

N = 1000  # memories: the assertions need every phase and structure, not size


def test_bench_runs_every_phase_and_reports(database: Database) -> None:
    result = run_bench(
        N,
        database=database,
        clients=2,
        recalls_per_client=10,
        ingest_rows=100,
        ingest_batch=60,
        ingest_existing=40,
        minilm_texts=16,
        warm_queries=20,
        say=lambda _: None,
    )
    phases = result["pass"]["phases_s"]
    assert set(PHASES) <= set(phases)
    assert all(v >= 0 for v in phases.values())
    assert result["pass"]["planned"]["active_before"] == N
    assert result["pass"]["applied"]["duplicates_archived"] > 0
    assert result["pass"]["active_after"] < N
    assert result["pass"]["full_pass_cpu_s"] > 0
    alone = result["principles_alone"]
    assert alone["proposals"] > 0 and result["pass"]["planned"]["proposals"] > 0
    assert 0 < alone["rows"] < N  # the compressible kinds only
    ref = result["reference"]
    assert ref["neighbour_queries_run"] == ref["neighbour_queries_total"] > 0
    assert not ref["extrapolated"]
    assert ref["indexed_variant"]["queries_run"] > 0
    assert result["speedup_vs_reference"] > 0
    quality = result["pair_quality"]
    assert 0.0 <= quality["recall"] <= 1.0 and 0.0 <= quality["precision"] <= 1.0
    assert quality["pairs_exact"] > 0 and quality["method"] == "exact join in full"
    recall = result["recall"]
    assert recall["recalls"] == 2 * 10
    assert recall["p50_ms"] <= recall["p95_ms"] <= recall["p99_ms"]
    assert recall["cpu_ms_per_recall"] >= 0 and recall["client_cpu_ms_per_recall"] > 0
    # CPU time is read in 10 ms ticks per core at each end of a short window: up to three
    # ticks over (a fixed 5% was exceeded once, 1.066, on a window of a few tenths of a second)
    assert 0 <= recall["machine_busy_share"] <= 1 + 0.03 / recall["window_s"]
    accuracy = result["recall_accuracy"]
    assert accuracy["queries"] > 0 and accuracy["candidates"] == 40
    assert 0.5 <= accuracy["recall_at_top_k"] <= 1.0
    assert 0.5 <= accuracy["recall_at_candidates"] <= 1.0
    ingest = result["ingest"]
    assert (ingest["rows"], ingest["existing"], ingest["batch"]) == (100, 40, 60)
    with database.transaction("bench-ingest") as conn:
        written = conn.execute(
            sql("SELECT count(*) FROM memory WHERE tenant = 'bench-ingest'")
        ).scalar_one()
    assert written == 140  # the untimed rows, then the timed ones: none lost, none twice
    embedding = result["embedding"]
    assert embedding["texts"] == 16 and embedding["onnx"]["backend"] == "onnx"
    assert embedding["torch"]["backend"] == "torch" and embedding["fp32_vs_torch"]["min"] >= 0.999
    assert embedding["int8"]["backend"] == "onnx-int8" and embedding["int8_vs_fp32"]["min"] > 0.9
    assert set(embedding["cold_load"]) == {"fp32", "int8"}
    assert result["database"]["database_mb"] > 0 and result["peak_rss_mb"] > 0
    text = render(result)
    assert "Curation pass" in text and "Targets" in text and "Reference" in text
    # every row of issue 16's table is printed with its target, measured or not
    for row in (
        "ingest remember_many",
        "1M import into a new tenant",
        "full restore",
        "recall at 1M",
        "recall@10 vs exact",
        "MiniLM embedding, ONNX fp32",
        "MiniLM embedding, ONNX int8",
        "CPU-s per 1,000 texts",
        "int8 vs fp32",
        "LoCoMo raw recall@10 with int8",
        "model load, fresh process",
        "1M full curation pass",
    ):
        assert row in text, row
    assert ">= 1500" in text and "<= 180 s" in text and "not run" in text
    assert "needs n = 1M" in text
    bigger = copy.deepcopy(result)
    bigger["n"] = 10 * N
    bigger["pass"]["phases_s"] = {k: v * 10 for k, v in phases.items()}
    table = scaling([result, bigger])
    assert f"k {N:,}->{10 * N:,}" in table and "full pass" in table
    assert "principle clustering alone, CPU-s" in table
    assert "every phase <= n log n" in table and table.endswith("MET")
    smaller, steeper = copy.deepcopy(result), copy.deepcopy(bigger)
    smaller["pass"]["phases_s"]["duplicate search"] = 1.0
    steeper["pass"]["phases_s"]["duplicate search"] = 30.0  # k = 1.48 over the step
    assert "MISSED: duplicate search k = 1.48 (sqrt(4n) cells" in scaling([smaller, steeper])


def test_a_missed_target_is_printed_with_what_bounds_it_in_this_runs_figures() -> None:
    result = _million_row_result()
    rows = {row[0]: row[3] for row in targets(result)}
    assert rows["1M import into a new tenant with its index (s, bulk path)"] == (
        "MISSED: the HNSW build is 400 of 420 s (2,500 rows/s on 2 cores); the COPY 20 s"
    )
    assert rows["recalls/s, 4 clients flat out"] == (
        "MISSED: 10.0 CPU-ms per recall (clients 4.0, database and the rest 6.00), 100% of "
        "2 cores busy: at most 200 recalls/s; one client alone: p50 9.0 ms"
    )
    assert rows["1M full curation pass (s)"].startswith("MISSED: no one phase: load 20, ")
    assert rows["ingest remember_many, batch 10,000 into a tenant of 10,000, bulk (rows/s)"] == (
        "MISSED: the graph is built again over 20,000 rows; the HNSW build alone indexed "
        "2,500 rows/s in this run's bulk load"
    )
    assert rows["peak RSS during the pass (GB)"] == "MET"
    result["recall"]["throughput_per_s"] = 600.0
    assert {row[0]: row[3] for row in targets(result)}["recalls/s, 4 clients flat out"] == "MET"


def _million_row_result() -> dict[str, Any]:
    """The fields ``targets`` reads, as a 1M run on 2 cores would give them."""
    recall = {
        "p50_ms": 20.0,
        "p99_ms": 35.0,
        "throughput_per_s": 200.0,
        "cpu_ms_per_recall": 10.0,
        "client_cpu_ms_per_recall": 4.0,
        "machine_busy_share": 1.0,
    }
    phases = {
        "load": 20.0,
        "duplicate search": 50.0,
        "contradiction scan": 35.0,
        "decay": 4.0,
        "principle clustering": 10.0,
        "apply": 36.0,
        "full pass": 160.0,
    }
    return {
        "n": 1_000_000,
        "cpus": 2,
        "recall": recall,
        "recall_one_client": {**recall, "p50_ms": 9.0},
        "bulk_load": {
            "rows": 1_000_000,
            "copy_memory_s": 20.0,
            "build_hnsw_s": 400.0,
            "copy_rows_per_s": 50_000.0,
            "rows_per_s_with_index": 2381.0,
        },
        "ingest": {
            "rows": 10_000,
            "rows_per_s": 1300.0,
            "batch": 10_000,
            "existing": 10_000,
            "path": "bulk",
        },
        "pass": {"phases_s": phases, "rss_mb_before_pass": 1500.0},
        "pair_quality": {"recall": 1.0, "precision": 1.0},
        "peak_rss_mb_pass": 4800.0,
        "peak_rss_mb": 5000.0,
    }


def test_fast_snapshot_loader_equals_the_row_path(
    database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = bench_store(database)
    data = generate(1200, seed=5)
    bulk_load(database, data, index_memory="64MB")
    store.contest(data.tenant, data.ids[3], "no", "evidence")
    monkeypatch.setattr(snapshot_loader, "_CHUNK_BYTES", 10_000)  # many partial chunks
    for active_only in (True, False):
        with database.transaction(data.tenant) as conn:
            # the same snapshot asked of both loaders
            asked = (conn, data.tenant, store.embedding_model, store.dimension)
            fast = snapshot_loader.load_snapshot(*asked, active_only=active_only)
            rows = snapshot_loader._load_rows(*asked, active_only=active_only)
        assert len(fast) == len(rows) == 1200
        for name in ("ids", "kinds", "contents", "supersession_keys", "parent_ids", "topics"):
            assert getattr(fast, name) == getattr(rows, name), name
        numeric = (
            "embeddings",
            "importance",
            "generality",
            "proven",
            "recall_count",
            "created_at",
            "last_recalled_at",
            "pinned",
            "versions",
            "open_conflicts",
        )
        for name in numeric:
            np.testing.assert_array_equal(getattr(fast, name), getattr(rows, name), name)
        assert fast.open_conflicts.sum() == 1


def test_copy_event_writer_writes_what_executemany_writes(database: Database) -> None:
    from datetime import UTC, datetime

    from sqlalchemy import text

    from curation._kinds import EventType
    from curation._store.apply import write_events
    from curation._store.events import event_row, record_events

    at = datetime(2026, 11, 1, tzinfo=UTC)
    ids = [str(uuid) for uuid in generate(3, seed=1).ids]

    def rows(actor: str) -> list[dict[str, object]]:
        return [
            event_row(
                "t",
                EventType.ARCHIVE,
                at=at,
                actor=actor,
                memory_id=ids[k % 3],
                related_ids=ids[: k % 3],
                reason=None if k % 2 else "why",
                data={"k": k, "prior": {"status": "active"}},
            )
            for k in range(2100)
        ]

    with database.transaction("t") as conn:
        assert write_events(conn, rows("copy")) == 2100  # large: by COPY
        record_events(conn, rows("many"))
        got = {
            actor: conn.execute(
                text(
                    "SELECT type, memory_id, related_ids, reason, run_id, data, at FROM event"
                    " WHERE actor = :a ORDER BY id"
                ),
                {"a": actor},
            ).all()
            for actor in ("copy", "many")
        }
    assert got["copy"] == got["many"] and len(got["copy"]) == 2100


def test_index_comparison_table_gives_sizing_guidance() -> None:
    from evaluation.perf.report import index_table

    row = {
        "ef_search": "default",
        "p50_ms": 1.0,
        "p99_ms": 2.0,
        "throughput_per_s": 3.0,
        "recall_at_top_k": 1.0,
        "recall_at_candidates": 0.99,
        "identical_top_k": 1.0,
    }
    compare = {
        "clients": 4,
        "limit": 24,
        "rows": [{"index": "vector", **row}, {"index": "halfvec", **row}],
        "sizes": {
            "shared_buffers_mb": 128.0,
            "indexes_mb": {"v_idx": 195.3, "h_idx": 111.6},
            "fits": {"v_idx": False, "h_idx": True},
        },
    }
    text = "\n".join(index_table(compare))
    assert "v_idx: 195.3 MB, does NOT fit" in text and "h_idx: 111.6 MB, fits" in text
    assert "halfvec" in text and "recall@10" in text
