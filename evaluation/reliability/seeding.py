"""Tenants with curation work planted, for the crash and load harnesses.

The bench generator (``evaluation.perf.generator``) plants duplicates, supersession
groups, contradictions, paraphrase clusters and stale one-offs with synthetic embeddings,
and its bulk loader writes them in about a second per 10k memories — so a pass over the
tenant has thousands of actions to apply without minutes of setup."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from curation import CurationPolicy, Database, FixedClock, HashingEmbedder, MemoryStore, Mode
from evaluation.perf.generator import NOW, SYNTHETIC_MODEL, BenchData, generate
from evaluation.perf.loader import bulk_load

SEED_AT: datetime = NOW  # the generator's "now": every run in the harness uses it


def harness_store(database: Database, *, at: datetime = SEED_AT) -> MemoryStore:
    """A store whose model is the generator's synthetic one (texts embedded by hashing
    under that name, so writes of new texts work too)."""
    store = MemoryStore(
        database,
        embedder=HashingEmbedder(model_name=SYNTHETIC_MODEL),
        clock=FixedClock(at),
    )
    store.context.check_embedder()  # fixes the store's model name before any write
    return store


def apply_policy(**overrides: Any) -> CurationPolicy:
    """Every mechanic applies (the modes a real tenant graduates to)."""
    return CurationPolicy(**overrides).with_all_modes(Mode.APPLY)


def seed_tenant(
    database: Database,
    tenant: str,
    memories: int,
    *,
    seed: int = 7,
    policy: CurationPolicy | None = None,
) -> BenchData:
    """Bulk-load ``memories`` generated memories as ``tenant`` and set its policy."""
    data = generate(memories, seed=seed, tenant=tenant)
    store = harness_store(database)
    bulk_load(database, data, index_memory="128MB")
    store.tenants.set_policy(tenant, policy or apply_policy(), now=SEED_AT)
    return data
