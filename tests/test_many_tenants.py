"""Many tenants in one database: a write locks its own tenant's partition, not every one.

``memory`` has one partition per tenant. A foreign-key check runs as a cached plan, and
from a statement's sixth row on PostgreSQL may run it as a generic plan, which locks every
partition of ``memory`` and each of its indexes: with 2,304 tenants a 40-row write failed
with "out of shared memory". Runtime connections plan every statement for its own
parameters, so the check prunes to one partition before it locks anything.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy import text

from curation import MemoryStore
from curation._store.server import write_server_settings

TENANTS = 12
CLAIMS = 10  # more rows than the five a cached plan stays custom for


def memory_partitions_locked(conn: Any) -> int:
    return int(
        conn.execute(
            text(
                """
                SELECT count(DISTINCT l.relation) FROM pg_locks l
                JOIN pg_inherits i ON i.inhrelid = l.relation
                WHERE l.pid = pg_backend_pid() AND i.inhparent = 'memory'::regclass
                """
            )
        ).scalar_one()
    )


def test_runtime_connections_plan_each_statement_for_its_parameters(store: MemoryStore) -> None:
    with store.db.engine.connect() as conn:
        assert conn.execute(text("SHOW plan_cache_mode")).scalar_one() == "force_custom_plan"
    with store.db.admin_engine.connect() as conn:
        assert conn.execute(text("SHOW plan_cache_mode")).scalar_one() == "force_custom_plan"


def test_a_write_checked_against_memory_locks_only_its_tenants_partition(
    store: MemoryStore,
) -> None:
    ids = {f"many-{n}": store.remember(f"many-{n}", f"fact number {n}").id for n in range(TENANTS)}
    tenant, memory_id = "many-0", ids["many-0"]
    vector = "[" + ",".join(["0.05"] * store.dimension) + "]"
    with store.db.engine.connect() as conn, conn.begin() as transaction:
        conn.execute(text("SELECT set_config('memgov.tenant', :t, true)"), {"t": tenant})
        conn.execute(
            text(
                "INSERT INTO memory_claim (tenant, memory_id, ordinal, content, embedding) "
                "SELECT :t, CAST(:m AS uuid), g, 'claim ' || g, CAST(:v AS vector) "
                "FROM generate_series(100, 100 + :n - 1) AS g"
            ),
            {"t": tenant, "m": memory_id, "v": vector, "n": CLAIMS},
        )
        assert memory_partitions_locked(conn) == 1
        transaction.rollback()


def test_the_server_holds_locks_for_thousands_of_partitions(store: MemoryStore) -> None:
    """An unpruned statement locks every partition: the default 64 per transaction filled
    at 17,125 partition relations (docs/performance.md)."""
    with store.db.engine.connect() as conn:
        assert int(conn.execute(text("SHOW max_locks_per_transaction")).scalar_one()) >= 1024


def test_server_settings_are_included_once(tmp_path: Path) -> None:
    conf = tmp_path / "postgresql.conf"
    conf.write_text("shared_buffers = 128MB\n", encoding="utf-8")
    write_server_settings(tmp_path)
    write_server_settings(tmp_path)
    lines = conf.read_text(encoding="utf-8").splitlines()
    assert lines.count("include_if_exists = 'memgov.conf'") == 1
    assert lines[0] == "shared_buffers = 128MB"
    assert "max_locks_per_transaction = 1024" in (tmp_path / "memgov.conf").read_text("utf-8")
