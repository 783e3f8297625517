"""The bulk write path (``_store/bulk_load``, migration 0005): a large batch loads a
standalone table, builds its indexes once and becomes the tenant's partition.

The threshold is lowered so a few hundred pre-embedded rows take the path. Checked: the
same results as the row-by-row path, an existing tenant's rows and their state carried
over (the old partition kept), idempotent client ids, row-level security, recall
answering during an import, a SIGKILL leaving the tenant exactly as it was, and the JSONL
and full-dump imports taking the path."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError

from curation import Database, FixedClock, HashingEmbedder, MemoryStore
from curation._store.writes import write_batch
from curation._validation import validate_memory_mapping
from evaluation.reliability.fingerprint import read_fingerprint

ROOT = Path(__file__).resolve().parents[1]
T0 = datetime(2026, 12, 1, tzinfo=UTC)
MIN_ROWS = 50


def rows(n: int, seed: int, *, prefix: str = "note") -> list[dict[str, Any]]:
    """``n`` pre-embedded rows with random unit vectors (no ties in a search)."""
    rng = np.random.default_rng(seed)
    vectors = rng.standard_normal((n, 384)).astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    return [
        {"content": f"{prefix} {seed}-{i}", "kind": "fact", "embedding": vectors[i].tolist()}
        for i in range(n)
    ]


def bulk_store(database: Database, clock: FixedClock, min_rows: int | None = MIN_ROWS) -> Any:
    return MemoryStore(database, embedder=HashingEmbedder(), clock=clock, bulk_min_rows=min_rows)


def relations(database: Database, pattern: str) -> list[str]:
    with database.admin_transaction() as conn:
        return list(
            conn.execute(
                text("SELECT relname FROM pg_class WHERE relname LIKE :p ORDER BY 1"),
                {"p": pattern},
            ).scalars()
        )


def of_tenant(database: Database, sql: str, tenant: str) -> Any:
    """The one value ``sql`` (with ``:t`` for the tenant) reads, as the schema owner."""
    with database.admin_transaction() as conn:
        return conn.execute(text(sql), {"t": tenant}).scalar_one()


def partition_of(database: Database, tenant: str) -> str:
    return str(of_tenant(database, "SELECT partition_name FROM tenant WHERE name = :t", tenant))


def bulk_built(database: Database, tenant: str) -> bool:
    """The partition's indexes were built by memgov_bulk_attach (its naming), each one
    attached to the parent index it copies."""
    part = partition_of(database, tenant)
    with database.admin_transaction() as conn:
        found = conn.execute(
            text(
                "SELECT c.relname, p.inhparent::regclass::text FROM pg_index i "
                "JOIN pg_class c ON c.oid = i.indexrelid "
                "LEFT JOIN pg_inherits p ON p.inhrelid = i.indexrelid "
                "WHERE i.indrelid = CAST(:p AS regclass) ORDER BY 2"
            ),
            {"p": part},
        ).all()
    parents = [row[1] for row in found]
    assert parents == sorted(
        [
            "memory_embedding_hnsw",
            "memory_pkey",
            "memory_tenant_content_hash_key",
            "memory_tenant_key",
        ]
    )
    return all(re.fullmatch(rf"{part}_[0-9a-f]+_\d", row[0]) for row in found)


def foreign_keys(database: Database) -> list[tuple[str, str, bool]]:
    with database.admin_transaction() as conn:
        return [
            (str(r[0]), str(r[1]), bool(r[2]))
            for r in conn.execute(
                text(
                    "SELECT conrelid::regclass::text, conname, convalidated FROM pg_constraint "
                    "WHERE contype = 'f' AND confrelid = 'memory'::regclass ORDER BY 1, 2"
                )
            )
        ]


def top(store: MemoryStore, tenant: str, items: list[dict[str, Any]], k: int = 5) -> list[Any]:
    hits = store.recall(tenant, "q", k=k, query_embedding=items[0]["embedding"], mode="raw").hits
    return [(h.content, round(h.similarity, 6)) for h in hits]


def test_a_new_tenant_gets_the_same_store_by_the_bulk_path(
    database: Database, clock: FixedClock
) -> None:
    items = rows(120, seed=1)
    bulk, plain = bulk_store(database, clock), bulk_store(database, clock, None)
    made = bulk.remember_many("fast", items, actor="import")
    plain.remember_many("slow", items, actor="import")
    assert sum(r.created for r in made) == 120
    assert bulk_built(database, "fast") and not bulk_built(database, "slow")
    assert relations(database, "memgov_bulk_%") == []  # the standalone table became the partition
    # the write path's bookkeeping is the same: states, events, counts
    assert bulk.counts("fast").to_dict() == plain.counts("slow").to_dict()
    assert (
        len(bulk.ledger.events("fast", limit=500))
        == len(plain.ledger.events("slow", limit=500))
        == 120
    )
    # identical recall results, on several queries
    for offset in (0, 7, 33):
        assert top(bulk, "fast", items[offset:]) == top(plain, "slow", items[offset:])
    # a small batch afterwards goes in row by row, next to the bulk-built index
    bulk.remember_many("fast", rows(5, seed=2))
    assert bulk.counts("fast").active == 125
    assert bulk_built(database, "fast")


def test_an_existing_tenant_keeps_its_rows_state_and_old_partition(
    database: Database, clock: FixedClock, tmp_path: Path
) -> None:
    store = bulk_store(database, clock)
    first = rows(40, seed=3)
    ids = [r.id for r in store.remember_many("acme", first)]
    assert not bulk_built(database, "acme")
    store.pin("acme", ids[0])
    conflict = store.contest("acme", ids[1], "it changed", "a later report")
    fks = foreign_keys(database)
    old = partition_of(database, "acme")

    made = store.remember_many("acme", rows(60, seed=4))  # >= MIN_ROWS and >= the tenant's 40
    assert sum(r.created for r in made) == 60
    assert bulk_built(database, "acme")
    assert store.counts("acme").active == 100
    assert store.get("acme", ids[0]).pinned
    assert store.ledger.conflicts("acme")[0].id == conflict.id
    assert top(store, "acme", first) == top(bulk_store(database, clock, None), "acme", first)
    assert foreign_keys(database) == fks and all(valid for _, _, valid in fks)
    # the replaced partition is kept, detached, with its rows
    kept = relations(database, "memory_r_%")
    assert len(kept) == 1 and kept[0].startswith(old.replace("memory_t_", "memory_r_"))
    with database.admin_transaction() as conn:
        table = f'memgov_retired."{kept[0]}"'
        assert conn.execute(text(f"SELECT count(*) FROM {table}")).scalar_one() == 40
        attached = conn.execute(
            text("SELECT count(*) FROM pg_inherits WHERE inhrelid = CAST(:k AS regclass)"),
            {"k": table},
        ).scalar_one()
    assert attached == 0
    # out of the store's schema: dumps and tenant listings do not see it
    store.transfer.dump(tmp_path / "acme.dump", "acme")
    # a batch small relative to the tenant inserts as today: no new swap
    store.remember_many("acme", rows(60, seed=5))
    assert len(relations(database, "memory_r_%")) == 1
    # deleting the tenant (the one hard delete) takes the kept copy with it
    store.tenants.delete("acme", dump=None, force=True)
    assert relations(database, "memory_r_%") == []


def test_client_ids_stay_idempotent_on_the_bulk_path(database: Database, clock: FixedClock) -> None:
    store = bulk_store(database, clock)
    items = [{**r, "id": str(uuid.UUID(int=i + 1))} for i, r in enumerate(rows(80, seed=6))]
    store.remember_many("acme", items[:30], retries=True)
    made = store.remember_many("acme", items, retries=True)  # 50 new: bulk over 30
    assert [r.duplicate for r in made] == [True] * 30 + [False] * 50
    assert [r.id for r in made] == [i["id"] for i in items]
    assert bulk_built(database, "acme")
    again = store.remember_many("acme", items, retries=True)
    assert all(r.duplicate for r in again) and store.counts("acme").active == 80


def test_row_level_security_isolates_the_loaded_rows(database: Database, clock: FixedClock) -> None:
    store = bulk_store(database, clock)
    store.remember_many("acme", rows(60, seed=7))
    store.remember("other", "something else")
    with database.transaction("other") as conn:
        assert conn.execute(text("SELECT count(*) FROM memory")).scalar_one() == 1
        assert conn.execute(text("SELECT count(*) FROM memory_state")).scalar_one() == 1
    with database.transaction() as conn:  # no tenant set: nothing
        assert conn.execute(text("SELECT count(*) FROM memory")).scalar_one() == 0
    # the functions act only for the transaction's own tenant
    for call in ("SELECT memgov_bulk_begin('acme', now())", "SELECT memgov_bulk_attach('acme')"):
        with (
            pytest.raises(DBAPIError, match="the transaction is set to tenant other"),
            database.transaction("other") as conn,
        ):
            conn.execute(text(call))
    # the standalone table accepts only its tenant's rows, and the app may not read it
    begin = text("SELECT memgov_bulk_begin('newco', now())")
    with (
        pytest.raises(DBAPIError, match="memgov_bulk_tenant"),
        database.transaction("newco") as conn,
    ):
        staged = conn.execute(begin).scalar_one()
        conn.execute(
            text(
                f'INSERT INTO "{staged}" (tenant, id, kind, content, content_hash, '
                "embedding, embedding_model, created_at) VALUES ('acme', gen_random_uuid(),"
                " 'fact', 'x', 'x', array_fill(0.1, ARRAY[384])::vector, 'm', now())"
            )
        )
    with pytest.raises(DBAPIError, match="permission denied"), database.transaction("newco") as c:
        staged = c.execute(begin).scalar_one()
        c.execute(text(f'SELECT * FROM "{staged}"'))
    assert relations(database, "memgov_bulk_%") == [] and "newco" not in store.tenants.all()


def test_recall_keeps_answering_during_an_import(database: Database, clock: FixedClock) -> None:
    store = bulk_store(database, clock)
    seed = rows(300, seed=8)
    store.remember_many("acme", seed[:200], actor="import")  # bulk, new tenant
    store.remember_many("bystander", rows(10, seed=9))
    answers: list[tuple[float, int, int]] = []
    errors: list[BaseException] = []
    importing, done = threading.Event(), threading.Event()

    def reader() -> None:
        reading = bulk_store(database, clock)
        importing.wait()
        while not done.is_set():
            try:
                acme = reading.recall(
                    "acme", "q", k=5, query_embedding=seed[0]["embedding"], mode="raw"
                )
                other = reading.recall("bystander", "q", k=3, query_embedding=seed[1]["embedding"])
                answers.append((time.perf_counter(), len(acme.hits), len(other.hits)))
            except BaseException as exc:  # reported below
                errors.append(exc)
                return

    thread = threading.Thread(target=reader)
    thread.start()
    importing.set()
    started = time.perf_counter()
    try:
        store.remember_many("acme", rows(800, seed=10), actor="import")  # swap over 200
        finished = time.perf_counter()
    finally:
        done.set()
        thread.join()
    assert errors == []
    during = [a for a in answers if started <= a[0] <= finished]
    assert during, "no recall answered while the import ran"
    assert all(n == 5 and m == 3 for _, n, m in answers)
    assert store.counts("acme").active == 1000


_CHILD = """
import sys
import numpy as np
from curation import Database, FixedClock, HashingEmbedder, MemoryStore
from curation._store.writes import write_batch
from curation._validation import validate_memory_mapping
from datetime import datetime
vectors = np.random.default_rng(12).standard_normal((1500, 384)).astype(np.float32)
vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
items = [{"content": f"bulk {i}", "kind": "fact", "embedding": v.tolist()}
         for i, v in enumerate(vectors)]
clock = FixedClock(datetime.fromisoformat(sys.argv[2]))
store = MemoryStore(Database(sys.argv[1]), embedder=HashingEmbedder(), clock=clock,
                    bulk_min_rows=50)
store.remember_many("acme", items, actor="import")
"""


def _await_phase(database: Database, phases: list[str], running: Callable[[], bool]) -> int:
    """The importer's backend pid, once its current or last statement starts with one of
    ``phases`` inside its transaction."""
    with database.admin_engine.connect() as conn:
        while running():
            pid = conn.execute(
                text(
                    "SELECT pid FROM pg_stat_activity WHERE application_name = 'bulk-importer'"
                    " AND state <> 'idle' AND query LIKE ANY (:phases)"
                ),
                {"phases": [f"{p}%" for p in phases]},
            ).scalar()
            conn.rollback()
            if pid is not None:
                return int(pid)
    raise AssertionError(f"the import ended before {phases} was seen running")


def _wait_gone(database: Database, pid: int) -> None:
    """Until the server has rolled back the dead client's transaction."""
    with database.admin_engine.connect() as conn:
        alive = text("SELECT 1 FROM pg_stat_activity WHERE pid = :p")
        while conn.execute(alive, {"p": pid}).first():
            conn.rollback()
            time.sleep(0.01)  # a poll, not a wait for something to happen


def test_an_interrupted_import_leaves_the_tenant_as_it_was(
    database: Database, database_url: str, clock: FixedClock
) -> None:
    store = bulk_store(database, clock)
    store.remember_many("acme", rows(100, seed=11))
    store.pin("acme", store.remember("acme", "pinned note").id)
    before = read_fingerprint(database, "acme")
    partitions = relations(database, "memory_%")

    def unchanged() -> None:
        assert read_fingerprint(database, "acme") == before
        assert relations(database, "memory_%") == partitions
        assert relations(database, "memgov_bulk_%") == []

    url = database_url + ("&" if "?" in database_url else "?") + "application_name=bulk-importer"
    # SIGKILL of the importing process while the index is built (the swap's function)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    child = subprocess.Popen([sys.executable, "-c", _CHILD, url, T0.isoformat()], cwd=ROOT, env=env)
    pid = _await_phase(database, ["SELECT memgov_bulk_attach"], lambda: child.poll() is None)
    child.send_signal(signal.SIGKILL)
    child.wait()
    _wait_gone(database, pid)
    unchanged()
    # the server ending the importing connection while its standalone table is loaded
    importer = Database(url)
    failed: list[BaseException] = []

    def run() -> None:
        try:
            bulk_store(importer, clock).remember_many("acme", rows(1500, seed=12))
        except DBAPIError as exc:
            failed.append(exc)

    thread = threading.Thread(target=run)
    thread.start()
    loading = ["SELECT memgov_bulk_begin", 'COPY "memgov_bulk_']
    pid = _await_phase(database, loading, thread.is_alive)
    with database.admin_engine.connect() as conn:
        conn.execute(text("SELECT pg_terminate_backend(:p)"), {"p": pid})
    thread.join()
    importer.dispose()
    assert failed, "the terminated import reported no error"
    _wait_gone(database, pid)
    unchanged()
    # and the next import goes through
    made = store.remember_many("acme", rows(200, seed=13))
    assert sum(r.created for r in made) == 200 and bulk_built(database, "acme")


def test_jsonl_and_full_imports_take_the_bulk_path(
    database: Database, clock: FixedClock, tmp_path: Path
) -> None:
    store = bulk_store(database, clock)
    ids = [r.id for r in store.remember_many("src", rows(90, seed=14))]
    store.remember_many("src", rows(5, seed=15))
    store.pin("src", ids[3])
    store.contest("src", ids[4], "not so", "a source")
    exported = tmp_path / "src.jsonl"
    store.transfer.export_jsonl(exported, "src")
    report = store.transfer.import_jsonl(
        exported, "copy", batch_size=10
    )  # one batch: the bulk path
    assert report.imported == 95 and report.rejected == []
    assert bulk_built(database, "copy")
    assert store.counts("copy").active == 95

    dump = tmp_path / "src.dump"
    store.transfer.dump(dump, "src")
    before = read_fingerprint(database, "src")
    assert store.tenants.delete("src", dump=dump).rows["memory"] == 95
    restored = store.transfer.restore(dump)
    assert restored.rows["memory"] == 95
    assert bulk_built(database, "src")
    assert read_fingerprint(database, "src") == before


def test_a_bulk_write_racing_a_first_small_write_leaves_no_table_behind(
    database: Database, clock: FixedClock
) -> None:
    """The new tenant's first write (row by row) holds the tenant lock while a bulk write
    of the same rows waits on it; once it commits, the bulk write finds every row already
    there (restatements) and still attaches what it began: no standalone table survives."""
    items = rows(60, seed=16)
    small = bulk_store(database, clock, None)
    prepared = small.context.prepare(
        [validate_memory_mapping(item, dimension=384) for item in items]
    )
    results: list[Any] = []
    with database.transaction("race") as conn:
        write_batch(conn, "race", prepared, now=T0, actor="first")
        thread = threading.Thread(
            target=lambda: results.extend(bulk_store(database, clock).remember_many("race", items))
        )
        thread.start()
        with database.admin_engine.connect() as watch:
            waiting = text(
                "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
                "AND wait_event = 'advisory' AND datname = current_database()"
            )
            while thread.is_alive() and not watch.execute(waiting).scalar():
                watch.rollback()
        assert thread.is_alive(), "the bulk write did not wait for the first write"
    thread.join()
    assert len(results) == 60 and all(r.restated for r in results)
    assert relations(database, "memgov_bulk_%") == []
    assert small.counts("race").active == 60 and bulk_built(database, "race")


def claim_count(database: Database, tenant: str) -> int:
    return int(of_tenant(database, "SELECT count(*) FROM memory_claim WHERE tenant = :t", tenant))


def test_dialogue_claims_come_with_the_bulk_path(database: Database, clock: FixedClock) -> None:
    """Turns of a kind the policy splits carry their claims (migration 0006) into a new
    tenant's partition and across an existing tenant's swap, with every foreign key valid."""

    def turns(n: int, seed: int) -> list[dict[str, Any]]:
        return [
            {**row, "kind": "conversation", "content": f"{row['content']} was said. It held up."}
            for row in rows(n, seed)
        ]

    store = bulk_store(database, clock)
    store.remember_many("talk", turns(60, seed=6))
    assert bulk_built(database, "talk") and claim_count(database, "talk") == 120
    fks = foreign_keys(database)
    assert any(table == "memory_claim" for table, _, _ in fks)
    store.remember_many("talk", turns(80, seed=7))  # >= the tenant's 60: the swap
    assert store.counts("talk").active == 140 and claim_count(database, "talk") == 280
    assert foreign_keys(database) == fks and all(valid for _, _, valid in fks)
