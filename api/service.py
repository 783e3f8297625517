"""The agent operations, shared by the REST routes and the MCP tools (one spelling each):
the tenant and the actor always come from the authenticated key."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from typing import Any

from api.errors import ApiError
from api.models import HitOut, MemoryIn, RecallOut, WriteOut
from curation import ApiKeyRecord, MemoryStore
from curation.cli import recall_json


def actor(key: ApiKeyRecord) -> str:
    """Who the event history names: the key's label (its tenant is implied)."""
    return f"key:{key.name}"


def _client_id(item: MemoryIn) -> str | None:
    if item.id is None:
        return None
    try:
        return str(uuid.UUID(item.id))
    except ValueError as exc:
        raise ApiError(400, "invalid", "is not a UUID", field="id", value=item.id) from exc


def _known_client_ids(
    store: MemoryStore, key: ApiKeyRecord, items: Sequence[MemoryIn]
) -> dict[str, WriteOut]:
    """Items whose client id is already stored: a retry answers ``duplicate`` and writes
    nothing; the same id with other content is a 409 (ids are never reused)."""
    ids = {ident: item for item in items if (ident := _client_id(item)) is not None}
    answers: dict[str, WriteOut] = {}
    for record in store.get_many(key.tenant, sorted(ids)) if ids else []:
        if record.content != ids[record.id].content:
            raise ApiError(
                409, "conflict", "this id is already stored with other content",
                field="id", value=record.id,
            )  # fmt: skip
        answers[record.id] = WriteOut(id=record.id, created=False, duplicate=True)
    return answers


def remember(store: MemoryStore, key: ApiKeyRecord, items: Sequence[MemoryIn]) -> list[WriteOut]:
    known = _known_client_ids(store, key, items)
    fresh = [item for item in items if _client_id(item) not in known]
    written = iter(
        store.remember_many(
            key.tenant,
            [item.model_dump(exclude_none=True) for item in fresh],
            actor=actor(key),
        )
        if fresh
        else []
    )
    return [
        known[ident]
        if (ident := _client_id(item)) in known
        else WriteOut.model_validate(next(written).to_dict())
        for item in items
    ]


def recall(
    store: MemoryStore,
    key: ApiKeyRecord,
    query: str,
    k: int = 6,
    mode: str | None = None,
    agent_id: str | None = None,
) -> RecallOut:
    result = store.recall(key.tenant, query, k, mode=mode, agent_id=agent_id, actor=actor(key))
    return RecallOut(
        mode=result.mode,
        recall_id=result.recall_id,
        cohort=result.cohort,
        hits=[HitOut.model_validate(hit) for hit in recall_json(result)],
    )


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
