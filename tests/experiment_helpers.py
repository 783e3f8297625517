"""Shared setup for the online-experiment tests: a small tenant with active and archived
memories, agents picked by cohort, and direct reads of what the tests check."""

from __future__ import annotations

from typing import Any

from sqlalchemy import text
from store_helpers import archive

from curation import Cohort, MemoryStore, assign_cohort

T = "acme"
OTHER = "globex"
SALT = "fixed-salt"
FACTS = [
    "Refunds over 500 dollars need a supervisor approval",
    "Refunds under 500 dollars are approved by the agent",
    "The refund form lives in the billing portal",
    "Deploys are frozen on Fridays after 3 pm",
    "The payment API times out after 30 seconds",
    "Use the staging database for refund experiments",
]
ARCHIVED_FACT = "Refunds over 500 dollars were approved by anyone in 2024"
QUERY = "who approves refunds over 500 dollars"


def seed(store: MemoryStore, tenant: str = T) -> dict[str, str]:
    """The facts (active) and one archived refund fact only raw recall can see."""
    results = store.remember_many(tenant, [{"content": c} for c in [*FACTS, ARCHIVED_FACT]])
    ids = {content: r.id for content, r in zip([*FACTS, ARCHIVED_FACT], results, strict=True)}
    archive(store, tenant, [ids[ARCHIVED_FACT]])
    return ids


def agents(cohort: Cohort, n: int = 2, *, salt: str = SALT, share: float = 0.5) -> list[str]:
    """The first ``n`` agent ids the experiment with ``salt`` puts in ``cohort``."""
    found = [f"agent-{i}" for i in range(200) if assign_cohort(salt, f"agent-{i}", share) == cohort]
    return found[:n]


def memory_state(store: MemoryStore, tenant: str = T) -> dict[str, tuple[Any, ...]]:
    """Every field recall and feedback could change, per memory."""
    with store.db.transaction(tenant) as conn:
        rows = conn.execute(
            text(
                "SELECT memory_id, proven, recall_count, last_recalled_at, version, updated_at"
                " FROM memory_state WHERE tenant = :t"
            ),
            {"t": tenant},
        ).all()
    return {str(r.memory_id): tuple(r[1:]) for r in rows}


def exposure_rows(store: MemoryStore, tenant: str = T) -> list[Any]:
    with store.db.transaction(tenant) as conn:
        return list(
            conn.execute(
                text("SELECT * FROM exposure WHERE tenant = :t ORDER BY at, id"), {"t": tenant}
            ).all()
        )
