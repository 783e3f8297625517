"""The trust gate's queue over HTTP (curator scope): ``GET /v1/curator/quarantine`` lists
the held writes with their reasons; ``POST .../{id}/release`` makes one recallable,
``POST .../{id}/reject`` archives it ``rejected``. The same store calls as ``memgov
quarantine``."""

from __future__ import annotations

import dataclasses
from typing import Any

from fastapi import APIRouter, Query
from pydantic import BaseModel

from api.auth import CuratorKey, Store
from api.errors import ERROR_RESPONSES
from api.fields import Uuid
from api.models import record_answer
from api.service import actor
from curation import QuarantinedMemory

router = APIRouter(prefix="/v1/curator/quarantine", tags=["curator"], responses=ERROR_RESPONSES)


QuarantinedOut = record_answer(
    "QuarantinedOut", QuarantinedMemory, "A write the trust gate holds, with why it held it."
)


class DecidedOut(BaseModel):
    id: str
    decision: str


@router.get("", response_model=list[QuarantinedOut])  # type: ignore[valid-type]  # a built model
def list_quarantined(
    key: CuratorKey, store: Store, limit: int = Query(100, ge=1, le=1000)
) -> list[dict[str, Any]]:
    """Writes the trust gate holds, oldest first, each with why."""
    return [dataclasses.asdict(m) for m in store.quarantine.held(key.tenant, limit=limit)]


@router.post("/{memory_id}/release", response_model=DecidedOut)
def release(memory_id: Uuid, key: CuratorKey, store: Store) -> DecidedOut:
    """Release a held write: recalled from now on."""
    return DecidedOut(
        id=store.quarantine.release(key.tenant, memory_id, actor=actor(key)), decision="released"
    )


@router.post("/{memory_id}/reject", response_model=DecidedOut)
def reject(memory_id: Uuid, key: CuratorKey, store: Store) -> DecidedOut:
    """Reject a held write: archived ``rejected``, never recalled."""
    return DecidedOut(
        id=store.quarantine.reject(key.tenant, memory_id, actor=actor(key)), decision="rejected"
    )
