"""The curator's acts: ``/v1/curator`` (curator scope only), through the same store
methods as the CLI."""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter

from api.auth import CuratorKey, Store
from api.errors import ERROR_RESPONSES
from api.models import ApproveIn, CurateIn, PinIn, RejectIn, ResolveIn
from api.service import actor
from curation import (
    Approval,
    ConflictRecord,
    ConflictResolution,
    MemoryRecord,
    ProposalRecord,
    RunRecord,
    RunReport,
)

router = APIRouter(prefix="/v1/curator", tags=["curator"], responses=ERROR_RESPONSES)

ProposalFilter = Literal["pending", "approved", "rejected", "unmerged", "all"]
ConflictFilter = Literal["open", "resolved", "dismissed", "all"]


@router.get("/proposals", response_model=list[ProposalRecord])
def proposals(
    key: CuratorKey, store: Store, status: ProposalFilter = "pending"
) -> list[dict[str, Any]]:
    found = store.proposals(key.tenant, status=None if status == "all" else status)
    return [proposal.to_dict() for proposal in found]


@router.post("/proposals/{proposal_id}/approve", response_model=list[Approval])
def approve(
    proposal_id: str, key: CuratorKey, store: Store, body: ApproveIn | None = None
) -> list[dict[str, Any]]:
    texts = None if body is None or body.text is None else {proposal_id: body.text}
    approved = store.approve(key.tenant, [proposal_id], texts=texts, actor=actor(key))
    return [a.to_dict() for a in approved]


@router.post("/proposals/{proposal_id}/reject", status_code=204)
def reject(proposal_id: str, body: RejectIn, key: CuratorKey, store: Store) -> None:
    store.reject(key.tenant, [proposal_id], note=body.note, actor=actor(key))


@router.get("/conflicts", response_model=list[ConflictRecord])
def conflicts(
    key: CuratorKey, store: Store, status: ConflictFilter = "open"
) -> list[dict[str, Any]]:
    found = store.conflicts(key.tenant, status=None if status == "all" else status)
    return [conflict.to_dict() for conflict in found]


@router.post("/conflicts/{conflict_id}/resolve", response_model=ConflictResolution)
def resolve(conflict_id: str, body: ResolveIn, key: CuratorKey, store: Store) -> dict[str, Any]:
    return store.resolve(
        key.tenant, conflict_id, body.resolution, replacement=body.replacement,
        note=body.note, actor=actor(key),
    ).to_dict()  # fmt: skip


@router.post("/memories/{memory_id}/restore", response_model=MemoryRecord)
def restore(memory_id: str, key: CuratorKey, store: Store) -> dict[str, Any]:
    return store.restore(key.tenant, memory_id, actor=actor(key)).to_dict()


@router.post("/memories/{memory_id}/pin", response_model=MemoryRecord)
def pin(memory_id: str, body: PinIn, key: CuratorKey, store: Store) -> dict[str, Any]:
    return store.pin(key.tenant, memory_id, pinned=body.pinned, actor=actor(key)).to_dict()


@router.get("/runs", response_model=list[RunRecord])
def runs(key: CuratorKey, store: Store, limit: int = 20) -> list[dict[str, Any]]:
    return [run.to_dict() for run in store.runs(key.tenant, limit=limit)]


@router.post("/curate", response_model=RunReport)
def curate(body: CurateIn, key: CuratorKey, store: Store) -> dict[str, Any]:
    """A curation run; a dry run (nothing written) unless ``apply`` is true."""
    return store.curate(key.tenant, apply=body.apply, actor=actor(key)).to_dict()
