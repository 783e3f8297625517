"""Migrations on a fresh, empty database (not the template): upgrade to head creates the
schema, the vector index and row-level security, downgrade to base removes them, upgrade
again works; downgrading one database leaves the others (and the cluster-wide app role)
working. The event history refuses to be rewritten."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import pytest
import sqlalchemy.exc
from recovery_helpers import TENANT_TABLES
from sqlalchemy import text
from store_helpers import fresh_database

from curation import Database, FixedClock, HashingEmbedder, MemoryStore

# every table a tenant has, and the store-wide ones
TABLES = TENANT_TABLES | {"store_meta", "api_key", "change_review"}
T0 = datetime(2026, 11, 1, 12, 0, tzinfo=UTC)
FUNCTIONS = {
    "memgov_ensure_tenant", "memgov_refuse_history_rewrite", "memgov_protect_table",
    "memgov_tenants", "memgov_open_recall", "memgov_authenticate", "memgov_bulk_begin",
    "memgov_bulk_attach", "memgov_bulk_analyze",
}  # fmt: skip  # a flat list of names, read as a paragraph
FUNCTIONS_0002 = {"memgov_ensure_tenant", "memgov_refuse_history_rewrite"}


@pytest.fixture
def empty_database(pg_server: str) -> Iterator[Database]:
    with fresh_database(pg_server, template=None) as url:
        db = Database(url)
        yield db
        db.dispose()


def admin_rows(db: Database, sql: str) -> list[Any]:
    """The rows of a catalogue query, read as the schema owner."""
    with db.admin_engine.connect() as conn:
        return list(conn.execute(text(sql)).all())


def tables(db: Database) -> set[str]:
    sql = "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'"
    return {row.table_name for row in admin_rows(db, sql)}


def functions(db: Database) -> set[str]:
    sql = (
        "SELECT p.proname FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace "
        "WHERE n.nspname = 'public' AND p.proname LIKE 'memgov%'"
    )
    return {row.proname for row in admin_rows(db, sql)}


def hnsw_indexes(db: Database) -> dict[str, str]:
    sql = (
        "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' "
        "AND indexdef ILIKE '%USING hnsw%'"
    )
    return {row.indexname: row.indexdef for row in admin_rows(db, sql)}


def test_fresh_database_is_empty(empty_database: Database) -> None:
    assert tables(empty_database) == set()
    assert empty_database.current_revision() is None
    assert not empty_database.is_current()


def test_upgrade_downgrade_upgrade(empty_database: Database) -> None:
    db = empty_database
    head = db.head_revision()
    assert head == "0010"

    db.upgrade()
    assert tables(db) >= TABLES
    assert tables(db) - TABLES == {"alembic_version"}
    assert db.current_revision() == head
    assert db.is_current()
    assert functions(db) == FUNCTIONS
    indexes = hnsw_indexes(db)
    assert "memory_embedding_hnsw" in indexes
    assert "vector_cosine_ops" in indexes["memory_embedding_hnsw"]
    with db.admin_engine.connect() as conn:
        assert (
            conn.execute(
                text("SELECT value FROM store_meta WHERE key = 'embedding_dimension'")
            ).scalar_one()
            == "384"
        )
        assert (
            conn.execute(
                text(
                    "SELECT format_type(atttypid, atttypmod) FROM pg_attribute "
                    "WHERE attrelid = 'memory'::regclass AND attname = 'embedding'"
                )
            ).scalar_one()
            == "vector(384)"
        )

    # the migrated schema works: a tenant gets its own partition with its own HNSW index
    store = MemoryStore(db, embedder=HashingEmbedder(), clock=FixedClock(T0))
    store.remember("acme", "first memory after migrating")
    partitions = tables(db) - TABLES - {"alembic_version"}
    assert len(partitions) == 1 and next(iter(partitions)).startswith("memory_t_")
    assert any(name.startswith("memory_t_") for name in hnsw_indexes(db))
    assert protected(db) == TENANT_TABLES | partitions

    db.downgrade("0002")
    assert db.current_revision() == "0002"
    assert functions(db) == FUNCTIONS_0002
    assert protected(db) == set()
    db.upgrade()
    assert protected(db) == TENANT_TABLES | partitions
    assert store.recall("acme", "first memory").hits[0].content == "first memory after migrating"

    db.downgrade("base")
    assert tables(db) == {"alembic_version"}  # alembic keeps its (now empty) bookkeeping
    assert db.current_revision() is None
    assert functions(db) == set()
    assert hnsw_indexes(db) == {}

    db.upgrade()
    assert tables(db) == TABLES | {"alembic_version"}
    assert db.current_revision() == head
    assert "memory_embedding_hnsw" in hnsw_indexes(db)
    with db.admin_engine.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM tenant")).scalar_one() == 0


def protected(db: Database) -> set[str]:
    """Tables with row-level security enabled, forced and the tenant policy."""
    with db.admin_engine.connect() as conn:
        rows = conn.execute(
            text(
                "SELECT c.relname FROM pg_class c JOIN pg_policy p ON p.polrelid = c.oid "
                "WHERE p.polname = 'memgov_tenant_isolation' AND c.relrowsecurity "
                "AND c.relforcerowsecurity"
            )
        ).scalars()
        return set(rows)


TENANT_TABLES = TABLES - {"store_meta"}


def test_upgrade_protects_a_populated_store(empty_database: Database) -> None:
    """A store written at 0002 (by its owner: there is no app role's grant yet) gets its
    existing partitions protected by 0003, and the app then reads only through them."""
    db = empty_database
    db.upgrade("0002")
    with db.admin_engine.begin() as conn:
        conn.execute(text("SELECT memgov_ensure_tenant('acme', now())"))
        conn.execute(text("SELECT memgov_ensure_tenant('globex', now())"))
        for tenant in ("acme", "globex"):
            conn.execute(
                text(
                    "INSERT INTO memory (tenant, id, kind, content, content_hash, embedding,"
                    " embedding_model, created_at) VALUES (:t, gen_random_uuid(), 'fact',"
                    " :c, md5(:c), CAST(array_fill(0.1, ARRAY[384]) AS vector), 'hashing',"
                    " now())"
                ),
                {"t": tenant, "c": f"{tenant} wrote this at 0002"},
            )
    partitions = tables(db) - TABLES - {"alembic_version"}
    assert len(partitions) == 2 and protected(db) == set()

    db.upgrade()
    assert protected(db) == TENANT_TABLES | partitions
    with db.transaction("acme") as conn:
        assert conn.execute(text("SELECT content FROM memory")).scalars().all() == [
            "acme wrote this at 0002"
        ]
    with db.transaction() as conn:
        assert conn.execute(text("SELECT count(*) FROM memory")).scalar_one() == 0
        assert conn.execute(text("SELECT memgov_tenants()")).scalars().all() == ["acme", "globex"]


def test_downgrading_one_database_leaves_the_others_working(
    empty_database: Database, store: MemoryStore
) -> None:
    """The app role is cluster-wide: a downgrade revokes only its own database's grants."""
    first = store.remember("acme", "written before the other database downgraded").id
    empty_database.upgrade()
    empty_database.downgrade("base")
    with empty_database.admin_engine.connect() as conn:
        assert (
            conn.execute(
                text("SELECT count(*) FROM pg_roles WHERE rolname = 'memgov_app'")
            ).scalar_one()
            == 1
        )
    store.db.dispose()  # fresh sessions, as after a restart
    store.remember("acme", "written after it")
    assert store.get("acme", first).content == "written before the other database downgraded"
    assert len(store.recall("acme", "written", k=5)) == 2


def test_upgrade_is_idempotent(empty_database: Database) -> None:
    empty_database.upgrade()
    before = tables(empty_database)
    empty_database.upgrade()
    assert tables(empty_database) == before
    assert empty_database.is_current()


def test_embedding_dimension_is_chosen_at_upgrade(empty_database: Database) -> None:
    empty_database.upgrade(embedding_dimension=64)
    store = MemoryStore(
        empty_database, embedder=HashingEmbedder(dimension=64), clock=FixedClock(T0)
    )
    assert store.dimension == 64
    assert store.remember("small", "sixty-four dimensions").created


def test_template_clone_is_at_head(database: Database) -> None:
    assert database.current_revision() == database.head_revision()


@pytest.mark.parametrize(
    "statement",
    [
        "UPDATE event SET actor = 'mallory'",
        "UPDATE event SET reason = 'rewritten' WHERE id = (SELECT min(id) FROM event)",
        "DELETE FROM event",
        "DELETE FROM event WHERE false",
        "TRUNCATE event",
    ],
    ids=["update-all", "update-one", "delete-all", "delete-none", "truncate"],
)
def test_event_history_is_append_only(store: MemoryStore, statement: str) -> None:
    """Refused twice over: the app role lacks the privilege, and the owner (who has it)
    meets the trigger."""
    memory_id = store.remember("acme", "a memory whose history must stay").id
    store.pin("acme", memory_id)
    with store.db.transaction("acme") as conn:
        before = conn.execute(text("SELECT id, type, actor, reason FROM event ORDER BY id")).all()
    assert len(before) == 2

    with (
        pytest.raises(sqlalchemy.exc.DBAPIError, match="permission denied for table event"),
        store.db.transaction("acme") as conn,
    ):
        conn.execute(text(statement))
    with (
        pytest.raises(sqlalchemy.exc.DBAPIError, match="append-only"),
        store.db.admin_transaction() as conn,
    ):
        conn.execute(text(statement))

    with store.db.transaction("acme") as conn:
        after = conn.execute(text("SELECT id, type, actor, reason FROM event ORDER BY id")).all()
    assert after == before
    store.unpin("acme", memory_id)  # appending still works
    assert [e.type for e in store.ledger.events("acme")] == ["write", "pin", "unpin"]


def test_0007_names_runs_undone_and_proposals_withdrawn_that_undo_left_as_before(
    empty_database: Database,
) -> None:
    """Before 0007 an undone run still read ``applied`` and its proposals ``rejected``
    (decided by ``undo:…``); the upgrade moves them over, tenant by tenant under row-level
    security, and leaves a curator's rejection and a run never undone alone."""
    db = empty_database
    db.upgrade("0006")
    at = datetime(2026, 11, 1, tzinfo=UTC)
    with db.admin_engine.begin() as conn:
        conn.execute(text("SELECT set_config('memgov.tenant', 'acme', true)"))
        conn.execute(text("SELECT memgov_ensure_tenant('acme', :at)"), {"at": at})
        for run, status in (("undone", "applied"), ("kept", "applied")):
            conn.execute(
                text(
                    "INSERT INTO curation_run (id, tenant, started_at, dry_run, status)"
                    " VALUES (md5(:r)::uuid, 'acme', :at, false, :s)"
                ),
                {"r": run, "at": at, "s": status},
            )
        for proposal, run, decided_by in (("p1", "undone", "undo:cli"), ("p2", "kept", "ops")):
            conn.execute(
                text(
                    "INSERT INTO proposal (id, tenant, kind, text, member_ids, generality,"
                    " status, run_id, created_at, decided_at, decided_by) VALUES"
                    " (md5(:p)::uuid, 'acme', 'fact', 'x', '{}', 1, 'rejected', md5(:r)::uuid,"
                    " :at, :at, :by)"
                ),
                {"p": proposal, "r": run, "at": at, "by": decided_by},
            )

    db.upgrade()

    with db.transaction("acme") as conn:
        runs = conn.execute(
            text("SELECT status, undone_at, recorded_at FROM curation_run ORDER BY status")
        ).all()
        proposals = conn.execute(text("SELECT status FROM proposal ORDER BY status")).scalars()
        assert [(r.status, r.undone_at, r.recorded_at) for r in runs] == [
            ("applied", None, at),
            ("undone", at, at),
        ]
        assert list(proposals) == ["rejected", "withdrawn"]
