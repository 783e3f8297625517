"""The agent operations, shared by the REST routes and the MCP tools (one spelling each):
the tenant and the actor always come from the authenticated key."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from api.models import MemoryIn, WriteOut
from curation import ApiKeyRecord, MemoryStore, Mode, RunReport, recall_answer


def actor(key: ApiKeyRecord) -> str:
    """Who the event history names: the key's label (its tenant is implied)."""
    return f"key:{key.name}"


def remember(store: MemoryStore, key: ApiKeyRecord, items: Sequence[MemoryIn]) -> list[WriteOut]:
    """Client ids are idempotency keys, checked by the store inside the write's own
    transaction: simultaneous retries store once and the others answer ``duplicate``."""
    written = store.remember_many(
        key.tenant,
        [item.model_dump(exclude_none=True) for item in items],
        actor=actor(key),
        retries=True,
    )
    return [WriteOut.model_validate(result.to_dict()) for result in written]


def recall(
    store: MemoryStore,
    key: ApiKeyRecord,
    query: str,
    k: int = 6,
    mode: str | None = None,
    agent_id: str | None = None,
    as_of: str | None = None,
    filters: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The ``RecallOut`` shape as plain JSON-ready data (``curation.recall_answer``, the
    one wire form), not validated a second time on the hot path."""
    result = store.recall(
        key.tenant,
        query,
        k,
        mode=mode,
        agent_id=agent_id,
        actor=actor(key),
        as_of=as_of,
        filters=filters,
    )
    return recall_answer(result)


def outcome(
    store: MemoryStore,
    key: ApiKeyRecord,
    recall_id: str,
    success: bool | None = None,
    score: float | None = None,
) -> dict[str, Any]:
    return store.outcome(
        key.tenant, recall_id, success=success, score=score, actor=actor(key)
    ).to_dict()


def feedback(
    store: MemoryStore,
    key: ApiKeyRecord,
    memory_id: str,
    useful: bool = True,
    recall_id: str | None = None,
) -> dict[str, Any]:
    return store.feedback(
        key.tenant, memory_id, useful, recall_id=recall_id, actor=actor(key)
    ).to_dict()


def contest(
    store: MemoryStore,
    key: ApiKeyRecord,
    memory_id: str,
    claim: str,
    evidence: str,
    source: str = "agent",
) -> dict[str, Any]:
    return store.contest(key.tenant, memory_id, claim, evidence, source, actor=actor(key)).to_dict()


def explain(store: MemoryStore, key: ApiKeyRecord, memory_id: str) -> dict[str, Any]:
    return store.explain(key.tenant, memory_id).to_dict()


def curate_note(report: RunReport, *, applied: bool) -> str | None:
    """Why an apply left mechanics unwritten: the tenant's policy keeps them in dry_run
    (new tenants start so). None for a dry run or when every mechanic applies."""
    dry = sorted(name for name, mode in report.modes.items() if mode == Mode.DRY_RUN.value)
    if not applied or not dry:
        return None
    writes = any(mode == Mode.APPLY.value for mode in report.modes.values())
    which = f"{', '.join(dry)} of this tenant" if writes else "every mechanic of this tenant"
    return (
        f"nothing written for {which}: in dry_run by the tenant's policy (new tenants start "
        f"so); enable writes with `memgov policy set -t {report.tenant} --enable-writes`"
    )
