"""The trust gate's queue over HTTP (curator scope): ``GET /v1/curator/quarantine`` lists
the held writes with their reasons; ``POST .../{id}/release`` makes one recallable,
``POST .../{id}/reject`` archives it ``rejected``. The same store calls as ``memgov
quarantine``."""

from __future__ import annotations

from datetime import datetime

from fastapi import APIRouter, Query
from pydantic import BaseModel

from api.auth import CuratorKey, Store
from api.errors import ERROR_RESPONSES
from api.fields import Uuid
from api.service import actor

router = APIRouter(prefix="/v1/curator/quarantine", tags=["curator"], responses=ERROR_RESPONSES)


class QuarantinedOut(BaseModel):
    id: str
    content: str
    kind: str
    source: str | None
    reason: str
    created_at: datetime


class DecidedOut(BaseModel):
    id: str
    decision: str


@router.get("", response_model=list[QuarantinedOut])
def list_quarantined(
    key: CuratorKey, store: Store, limit: int = Query(100, ge=1, le=1000)
) -> list[QuarantinedOut]:
    """Writes the trust gate holds, oldest first, each with why."""
    return [QuarantinedOut(**vars(m)) for m in store.quarantine.held(key.tenant, limit=limit)]


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
