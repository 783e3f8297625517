"""A tenant in which forgetting has everything to reach (a merged duplicate, an approved
principle, exposures, a conflict, a golden probe), and a fingerprint of a tenant's rows
read straight from every table the schema has."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from curation_helpers import CACHE_LESSON, MIGRATION_LESSON, UNRELATED, apply_only
from sqlalchemy import text

from curation import MemoryStore
from curation._store.transfer.dump_schema import quote, tenant_tables

BACKUP = "The nightly backup job writes snapshots to the cold storage bucket"


@dataclass
class Seeded:
    migration: list[str]  # source runbook-billing, metadata team=billing
    cache: list[str]  # source runbook-auth
    unrelated: list[str]
    backup: str  # the survivor of a merge
    backup_echo: str  # merged away into it
    principle: str  # written from the migration lesson
    principle_text: str


def seed(store: MemoryStore, tenant: str) -> Seeded:
    migration = [
        r.id
        for r in store.remember_many(
            tenant,
            [
                {"content": c, "source": "runbook-billing", "metadata": {"team": "billing"}}
                for c in MIGRATION_LESSON[:5]
            ],
        )
    ]
    cache = [
        r.id
        for r in store.remember_many(
            tenant, [{"content": c, "source": "runbook-auth"} for c in CACHE_LESSON]
        )
    ]
    unrelated = [
        r.id
        for r in store.remember_many(
            tenant, [{"content": c, "source": "misc"} for c in UNRELATED[:6]]
        )
    ]
    backup, echo = (
        r.id
        for r in store.remember_many(
            tenant,
            [
                {"content": BACKUP, "generality": 1, "source": "backups"},
                {"content": BACKUP + "!", "source": "backups"},
            ],
        )
    )
    store.runs.curate(tenant, apply=True, policy=apply_only("duplicates"))
    proposal = next(
        p for p in store.curator.proposals(tenant) if set(p.member_ids) == set(migration)
    )
    approval = store.curator.approve(tenant, [proposal.id])[0]
    assert approval.created
    store.recall(tenant, "run the schema migration check before deploying billing", agent_id="a1")
    store.recall(tenant, "cold storage bucket backup snapshots", agent_id="a1")
    store.recall(tenant, "redis session cache auth gateway", agent_id="a2")
    store.contest(tenant, migration[0], "the check is not needed any more", evidence="ops chat")
    store.runs.add_golden_probe(tenant, "schema migration check", [migration[1], unrelated[0]])
    return Seeded(migration, cache, unrelated, backup, echo, approval.principle_id, approval.text)


def _tenant_rows(store: MemoryStore, tenant: str) -> Iterator[tuple[tuple[str, str], str]]:
    """((table, key), the row as text) for every row of the tenant in every table."""
    with store.db.admin_transaction() as conn:
        for shape in tenant_tables(conn):
            key = ", ".join(f"{quote(c)}::text" for c in shape.order_by)
            for row in conn.execute(
                text(
                    f"SELECT json_build_array({key})::text AS k, x::text AS v "
                    f"FROM {quote(shape.name)} x WHERE {quote(shape.tenant_column)} = :t"
                ),
                {"t": tenant},
            ):
                yield (shape.name, row.k), row.v


def rows(store: MemoryStore, tenant: str) -> dict[tuple[str, str], str]:
    """(table, key) -> a hash of the whole row, for every table with the tenant's rows."""
    return {
        where: hashlib.sha256(value.encode()).hexdigest()
        for where, value in _tenant_rows(store, tenant)
    }


def row_texts(store: MemoryStore, tenant: str) -> dict[tuple[str, str], str]:
    """(table, key) -> the row as text, lower-cased (to find what mentions a memory)."""
    return {where: value.lower() for where, value in _tenant_rows(store, tenant)}


def untouched(
    store: MemoryStore, tenant: str, ids: list[str], contents: list[str]
) -> dict[tuple[str, str], str]:
    """The fingerprint of the rows that mention none of ``ids`` nor ``contents``."""
    needles = [i.lower() for i in ids] + [c.lower() for c in contents]
    escaped = [json.dumps(c.lower())[1:-1] for c in contents]
    texts = row_texts(store, tenant)
    return {
        key: digest
        for key, digest in rows(store, tenant).items()
        if not any(n in texts[key] for n in needles + escaped)
    }


def contents_of(store: MemoryStore, tenant: str, ids: list[str]) -> list[str]:
    return [m.content for m in store.get_many(tenant, ids)]


def event_types(store: MemoryStore, tenant: str, keys: set[tuple[str, str]]) -> set[Any]:
    with store.db.admin_transaction() as conn:
        return {
            conn.execute(
                text("SELECT type FROM event WHERE id = CAST(:i AS bigint)"),
                {"i": json.loads(k)[0]},
            ).scalar()
            for table, k in keys
            if table == "event"
        }
