"""Many tenants in one database: a write locks its own tenant's partition, not every one.

``memory`` has one partition per tenant. A foreign-key check runs as a cached plan, and
from a statement's sixth row on PostgreSQL may run it as a generic plan, which locks every
partition of ``memory`` and each of its indexes: with 2,304 tenants a 40-row write failed
with "out of shared memory". Runtime connections plan every statement for its own
parameters, so the check prunes to one partition before it locks anything.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import text

from curation import MemoryStore

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
