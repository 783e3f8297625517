"""The curator's acts: ``/v1/curator`` (curator scope only), through the same store
methods as the CLI."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, Any, Literal, Protocol

from fastapi import APIRouter, Query

from api.auth import CuratorKey, Store
from api.errors import ERROR_RESPONSES
from api.fields import ChangeId, ConflictId, MemoryId, ProposalId
from api.models import ApproveIn, ChangeNoteIn, CurateIn, CurateOut, PinIn, RejectIn, ResolveIn
from api.service import actor, curate_note
from curation import (
    MAX_LIST_LIMIT,
    Approval,
    ChangeDecision,
    ChangeGate,
    ChangeReview,
    ConflictRecord,
    ConflictResolution,
    MemoryRecord,
    ProposalRecord,
    RunRecord,
)

router = APIRouter(prefix="/v1/curator", tags=["curator"], responses=ERROR_RESPONSES)

ProposalFilter = Literal["pending", "approved", "rejected", "unmerged", "withdrawn", "all"]
ConflictFilter = Literal["open", "resolved", "dismissed", "all"]
ChangeFilter = Literal["pending", "confirmed", "rejected", "auto_applied", "all"]


class _Record(Protocol):
    def to_dict(self) -> dict[str, Any]: ...


def dicts(records: Iterable[_Record]) -> list[dict[str, Any]]:
    """A list answer: each store record in its JSON form."""
    return [record.to_dict() for record in records]


def status_filter(status: str) -> str | None:
    """A list's ``status`` query as the store takes it: ``all`` is no filter."""
    return None if status == "all" else status


@router.get("/proposals", response_model=list[ProposalRecord])
def proposals(
    key: CuratorKey, store: Store, status: ProposalFilter = "pending"
) -> list[dict[str, Any]]:
    return dicts(store.curator.proposals(key.tenant, status=status_filter(status)))


@router.post("/proposals/{proposal_id}/approve", response_model=list[Approval])
def approve(
    proposal_id: ProposalId, key: CuratorKey, store: Store, body: ApproveIn | None = None
) -> list[dict[str, Any]]:
    texts = None if body is None or body.text is None else {proposal_id: body.text}
    return dicts(store.curator.approve(key.tenant, [proposal_id], texts=texts, actor=actor(key)))


@router.post("/proposals/{proposal_id}/reject", status_code=204)
def reject(proposal_id: ProposalId, body: RejectIn, key: CuratorKey, store: Store) -> None:
    store.curator.reject(key.tenant, [proposal_id], note=body.note, actor=actor(key))


@router.get("/changes", response_model=list[ChangeReview])
def changes(
    key: CuratorKey,
    store: Store,
    status: ChangeFilter = "pending",
    limit: Annotated[int, Query(ge=1, le=MAX_LIST_LIMIT)] = 100,
) -> list[dict[str, Any]]:
    """Inferred supersessions held for review (or decided / applied), with evidence."""
    return dicts(store.curator.changes(key.tenant, status=status_filter(status), limit=limit))


@router.get("/changes/gate", response_model=ChangeGate)
def change_gate(key: CuratorKey, store: Store) -> dict[str, Any]:
    """The tenant's reviewed precision and whether automatic apply is earned."""
    return store.curator.change_gate(key.tenant).to_dict()


@router.post("/changes/{change_id}/confirm", response_model=ChangeDecision)
def confirm_change(
    change_id: ChangeId, key: CuratorKey, store: Store, body: ChangeNoteIn | None = None
) -> dict[str, Any]:
    note = body.note if body else None
    return store.curator.confirm_change(
        key.tenant, change_id, note=note, actor=actor(key)
    ).to_dict()


@router.post("/changes/{change_id}/reject", response_model=ChangeDecision)
def reject_change(
    change_id: ChangeId, key: CuratorKey, store: Store, body: ChangeNoteIn | None = None
) -> dict[str, Any]:
    note = body.note if body else None
    return store.curator.reject_change(key.tenant, change_id, note=note, actor=actor(key)).to_dict()


@router.get("/conflicts", response_model=list[ConflictRecord])
def conflicts(
    key: CuratorKey, store: Store, status: ConflictFilter = "open"
) -> list[dict[str, Any]]:
    return dicts(store.ledger.conflicts(key.tenant, status=status_filter(status)))


@router.post("/conflicts/{conflict_id}/resolve", response_model=ConflictResolution)
def resolve(
    conflict_id: ConflictId, body: ResolveIn, key: CuratorKey, store: Store
) -> dict[str, Any]:
    return store.curator.resolve(
        key.tenant,
        conflict_id,
        body.resolution,
        replacement=body.replacement,
        note=body.note,
        actor=actor(key),
    ).to_dict()


@router.post("/memories/{memory_id}/restore", response_model=MemoryRecord)
def restore(memory_id: MemoryId, key: CuratorKey, store: Store) -> dict[str, Any]:
    return store.restore(key.tenant, memory_id, actor=actor(key)).to_dict()


@router.post("/memories/{memory_id}/pin", response_model=MemoryRecord)
def pin(memory_id: MemoryId, body: PinIn, key: CuratorKey, store: Store) -> dict[str, Any]:
    return store.pin(key.tenant, memory_id, pinned=body.pinned, actor=actor(key)).to_dict()


@router.get("/runs", response_model=list[RunRecord])
def runs(
    key: CuratorKey, store: Store, limit: Annotated[int, Query(ge=1, le=MAX_LIST_LIMIT)] = 20
) -> list[dict[str, Any]]:
    return dicts(store.runs.latest(key.tenant, limit=limit))


@router.post("/curate", response_model=CurateOut)
def curate(body: CurateIn, key: CuratorKey, store: Store) -> dict[str, Any]:
    """A curation run; a dry run (nothing written) unless ``apply`` is true. An apply
    under a policy whose mechanics are in dry_run writes nothing: ``note`` says why."""
    report = store.runs.curate(key.tenant, apply=body.apply, actor=actor(key))
    return {**report.to_dict(), "note": curate_note(report, applied=body.apply)}
