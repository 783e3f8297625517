"""Shared setup for the rewind tests: a tenant with a known-good moment followed by a
bad stretch (a curation run that merges and proposes, principles approved and unmerged,
conflicts reopened and opened, a pin lifted, the policy changed, new writes), and a
fingerprint of the curated state read straight from the tables."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from curation_helpers import MIGRATION_LESSON, T0, apply_all, seed_mixed, state
from sqlalchemy import text

from curation import MemoryStore

MOMENT = T0 + timedelta(minutes=30)


def at(minutes: float) -> datetime:
    return T0 + timedelta(minutes=minutes)


def fingerprint(store: MemoryStore, tenant: str) -> dict[str, Any]:
    """Statuses (with reason, parent, target, generality, pin and folded counts) of every
    memory, every proposal's and conflict's decision, the stored policy."""
    with store.db.transaction(tenant) as conn:
        proposals = conn.execute(
            text("SELECT id, status, principle_id FROM proposal WHERE tenant = :t"), {"t": tenant}
        ).all()
        conflicts = conn.execute(
            text("SELECT id, status, resolution FROM conflict WHERE tenant = :t"), {"t": tenant}
        ).all()
        policy = conn.execute(
            text("SELECT policy FROM tenant WHERE name = :t"), {"t": tenant}
        ).scalar()
    return {
        "memories": state(store, tenant),
        "proposals": {str(p.id): (p.status, str(p.principle_id)) for p in proposals},
        "conflicts": {str(c.id): (c.status, c.resolution) for c in conflicts},
        "policy": policy,
    }


def other_data(store: MemoryStore, tenant: str) -> dict[str, Any]:
    """What a rewind must not touch: contents, claims, keys, probes, runs before it."""
    with store.db.transaction(tenant) as conn:
        return {
            table: conn.execute(text(sql), {"t": tenant}).all()
            for table, sql in {
                "memory": "SELECT id, content, created_at FROM memory WHERE tenant = :t"
                " ORDER BY id",
                "claims": "SELECT memory_id, ordinal, content FROM memory_claim"
                " WHERE tenant = :t ORDER BY 1, 2",
                "probes": "SELECT id, query FROM golden_probe WHERE tenant = :t ORDER BY id",
            }.items()
        }


def good_then_bad(store: MemoryStore, tenant: str) -> dict[str, Any]:
    """Before MOMENT: seeded, one run applied, one principle approved, one conflict
    resolved, one memory pinned. After it: everything a bad week does."""
    ids = seed_mixed(store, tenant)
    store.tenants.set_policy(tenant, apply_all(), now=at(1))
    store.pin(tenant, ids["filler"][0], now=at(2))
    first = store.runs.curate(tenant, apply=True, now=at(3))
    assert first.archived_ids and first.conflict_ids and first.proposal_ids, first
    proposals = store.curator.proposals(tenant)
    approved = store.curator.approve(tenant, [proposals[0].id], now=at(4))[0]
    resolved = store.curator.resolve(tenant, first.conflict_ids[0], "retire", now=at(5))
    assert resolved.archived
    store.runs.add_golden_probe(tenant, "nightly backup", [ids["dup_canonical"]], now=at(6))
    before = fingerprint(store, tenant)

    # -- the bad stretch ---------------------------------------------------------------------
    store.unpin(tenant, ids["filler"][0], now=at(31))
    store.tenants.set_policy(tenant, {"max_prune_ratio": 0.5}, now=at(32))
    store.curator.unmerge(tenant, approved.proposal_id, now=at(33))
    store.curator.reopen(tenant, first.conflict_ids[0], now=at(34))
    late = store.remember_many(
        tenant,
        [{"content": text_} for text_ in MIGRATION_LESSON[20:26]]
        + [{"content": "The nightly backup job writes snapshots to the cold storage bucket."}],
        now=at(35),
    )
    second = store.runs.curate(tenant, apply=True, now=at(36))
    assert second.archived_ids and second.proposal_ids, second
    fresh = [p for p in store.curator.proposals(tenant) if p.id in second.proposal_ids]
    store.curator.approve(tenant, [fresh[0].id], now=at(37))
    store.contest(tenant, ids["key_new"], "it is the red pool", "ops chat", now=at(38))
    return {
        "ids": ids,
        "before": before,
        "late": [m.id for m in late],
        "first": first,
        "second": second,
    }
