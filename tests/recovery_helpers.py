"""Shared setup for the recovery tests: a tenant with something in every table, and table
contents read straight from PostgreSQL (a second store on a fresh database is
``store_helpers.hashing_store``)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import numpy as np
from curation_helpers import MIGRATION_LESSON, T0, apply_all, seed_mixed
from sqlalchemy import text

from curation import MemoryStore
from curation._store.transfer.dump_schema import dumped_tables, quote, tenant_tables

T = "acme"
OTHER = "globex"
# every table migrations 0001-0002 give a tenant; a dump must cover each (and any later one)
TENANT_TABLES = {
    "tenant",
    "memory",
    "memory_state",
    "conflict",
    "proposal",
    "event",
    "golden_probe",
    "curation_run",
    "experiment",
    "exposure",
    "outcome",
    "memory_claim",
}


def awkward_embedding(seed: int) -> list[float]:
    """float32 values with arbitrary mantissas over 60 orders of magnitude: their decimal
    forms are long, so a lossy float path would show."""
    rng = np.random.default_rng(seed)
    values = rng.standard_normal(384) * 10.0 ** rng.integers(-30, 30, 384)
    return [float(v) for v in values.astype(np.float32)]


def build_rich_tenant(store: MemoryStore, tenant: str = T) -> dict[str, Any]:
    """Writes, recalls, feedback and pins; a curation run applied (superseded, duplicate,
    decayed, subsumed entries, a contradiction conflict, proposals); one proposal approved
    and one pending; a contested entry resolved and one left open; a golden probe; an
    experiment with exposures and outcomes; an archived entry restored; another tenant."""
    store.remember_many(OTHER, [{"content": f"globex note {i}"} for i in range(4)], now=T0)
    ids = seed_mixed(store, tenant)
    store.remember_many(tenant, [{"content": c} for c in MIGRATION_LESSON[:5]], now=T0)
    odd = store.remember_many(
        tenant,
        [
            {
                "content": 'Quotes "inside", a tab\there, a newline\nand ünïcödé ✓ 🚀',
                "kind": "preference",
                "importance": 0.123456789012345,
                "metadata": {"ratio": 0.1, "big": 12345678901234567890, "nested": {"ü": [1, None]}},
                "embedding": awkward_embedding(1),
                "embedding_model": store.embedder.model_name,
                "topic": "odd",
                "source": "test",
                "supersession_key": "odd-key",
            },
            {
                "content": "Another awkward vector",
                "embedding": awkward_embedding(2),
                "embedding_model": store.embedder.model_name,
            },
        ],
        now=T0,
    )
    store.remember(  # a dialogue turn: its claims are rows of their own
        tenant,
        "user: The deploy moved to Fridays. Rollbacks take one command.",
        kind="conversation",
        now=T0,
    )
    filler = ids["filler"]
    store.pin(tenant, filler[0], now=T0)
    store.feedback(tenant, filler[1], True, now=T0)
    store.feedback(tenant, filler[2], False, now=T0)
    store.recall(tenant, "fresh amber note", 3, now=T0)

    store.tenants.set_policy(tenant, apply_all(), now=T0)
    run = store.runs.curate(tenant, apply=True, now=T0 + timedelta(minutes=1))
    assert run.archived_ids, run
    pending = store.curator.proposals(tenant)
    assert len(pending) >= 2, pending
    store.curator.approve(tenant, [pending[0].id], now=T0 + timedelta(minutes=2))
    resolved = store.contest(tenant, filler[3], "not so", "a log line", now=T0)
    store.curator.resolve(
        tenant, resolved.id, "dismiss", note="checked", now=T0 + timedelta(minutes=3)
    )
    store.contest(tenant, filler[4], "doubtful", "a ticket", now=T0)
    probe = store.runs.add_golden_probe(tenant, "nightly backup", [ids["dup_canonical"]], now=T0)

    experiment = store.experiments.start(tenant, "curated-vs-raw", now=T0)
    recall_ids = []
    for n, agent in enumerate(["agent-a", "agent-b", "agent-c", "agent-d"]):
        result = store.recall(
            tenant, "deploy target", 3, agent_id=agent, now=T0 + timedelta(minutes=5 + n)
        )
        recall_ids.append(result.recall_id)
    store.outcome(tenant, recall_ids[0], success=True, now=T0 + timedelta(minutes=20))
    store.outcome(tenant, recall_ids[1], score=0.75, now=T0 + timedelta(minutes=21))

    # a decayed entry (there are many): restoring the first archived id by uuid order
    # could take the only duplicate archive away, and the dump must hold every reason
    decayed = store.memories(tenant, status="archived", reason="decayed")
    assert len(decayed) >= 2, decayed
    restored = decayed[0].id
    store.restore(tenant, restored, now=T0 + timedelta(minutes=30))
    return {
        **ids,
        "run_id": run.run_id,
        "odd": odd[0].id,
        "probe": probe,
        "experiment": experiment.id,
        "recall_ids": recall_ids,
        "restored": restored,
    }


def _plain(value: Any) -> Any:
    """Python values to compare across databases; an embedding as its float32 bytes."""
    if hasattr(value, "to_numpy"):
        return np.asarray(value.to_numpy(), dtype=np.float32).tobytes()
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def tenant_rows(store: MemoryStore, tenant: str) -> dict[str, list[dict[str, Any]]]:
    """Every row a dump holds (every tenant table but the API keys), by primary key, as
    the application reads them."""
    out: dict[str, list[dict[str, Any]]] = {}
    with store.db.transaction(tenant) as conn:
        for shape in dumped_tables(conn):
            order = ", ".join(quote(c) for c in shape.order_by)
            rows = conn.execute(
                text(
                    f"SELECT * FROM {quote(shape.name)} "
                    f"WHERE {quote(shape.tenant_column)} = :t ORDER BY {order}"
                ),
                {"t": tenant},
            ).mappings()
            out[shape.name] = [{k: _plain(v) for k, v in row.items()} for row in rows]
    return out


def database_totals(store: MemoryStore) -> dict[str, int]:
    """Row counts of every tenant table across all tenants, as the owner sees them."""
    with store.db.admin_transaction() as conn:
        shapes = tenant_tables(conn)
        totals = {
            s.name: int(conn.execute(text(f"SELECT count(*) FROM {quote(s.name)}")).scalar_one())
            for s in shapes
        }
        totals["store_meta"] = int(
            conn.execute(text("SELECT count(*) FROM store_meta")).scalar_one()
        )
    return totals
