"""Each route as a ``Call``: method, path, body and how to read the answer, written once
for the sync and the async client. A call says whether it is safe to send twice: a write
carries a client id (the server stores it once), reads change nothing; the rest (an
outcome, feedback, a curator act) are retried only when they surely never arrived."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Generic, Literal, TypedDict, TypeVar

import httpx
from pydantic import BaseModel, TypeAdapter

from memgov_client.models import (
    Approval,
    ApproveIn,
    ChangeDecision,
    ChangeGate,
    ChangeNoteIn,
    ChangeReview,
    ConflictRecord,
    ConflictResolution,
    ContestIn,
    CurateIn,
    CurateOut,
    Explanation,
    ExposureObservation,
    FeedbackIn,
    ForgetIn,
    ForgetOut,
    HealthOut,
    Kind,
    MemoryBatchIn,
    MemoryIn,
    MemoryRecord,
    MetadataScalar,
    OutcomeIn,
    PinIn,
    ProposalRecord,
    RecallFiltersIn,
    RecallIn,
    RecallOut,
    RejectIn,
    ResolveIn,
    RewindIn,
    RewindOut,
    RunRecord,
    UndoOut,
    WriteOut,
    WritesOut,
)

T = TypeVar("T")
Timestamp = str | datetime


@dataclass(frozen=True)
class Call(Generic[T]):
    method: str
    path: str
    read: Callable[[httpx.Response], T]
    body: BaseModel | None = None
    params: Mapping[str, Any] | None = None
    idempotent: bool = False  # may be re-sent after it may have reached the server


def _as(model: Any) -> Callable[[httpx.Response], Any]:
    adapter: TypeAdapter[Any] = TypeAdapter(model)
    return lambda response: adapter.validate_json(response.content)


def _nothing(response: httpx.Response) -> None:
    return None


def timestamp(value: Timestamp | None) -> str | None:
    """An RFC 3339 text with an offset (a naive datetime is read as UTC)."""
    if value is None or isinstance(value, str):
        return value
    text = value.isoformat()
    return text if value.tzinfo is not None else text + "Z"


class MemoryFields(TypedDict, total=False):
    kind: Kind
    importance: float
    generality: int
    supersession_key: str
    metadata: dict[str, Any]
    topic: str
    source: str
    id: str


class RecallOptions(TypedDict, total=False):
    """Recall's options; None is the same as leaving one out."""

    k: int
    mode: Literal["curated", "raw"] | None
    agent_id: str | None
    as_of: Timestamp | None
    kind: Kind | Sequence[Kind] | None
    topic: str | None
    source: str | None
    metadata: Mapping[str, MetadataScalar] | None
    written_after: Timestamp | None
    written_before: Timestamp | None


class ResolveOptions(TypedDict, total=False):
    replacement: str | None
    note: str | None


class ForgetSelector(TypedDict, total=False):
    """One selector (the server refuses none or two; None is the same as leaving one
    out) and ``dry_run``."""

    source: str | None
    metadata: Mapping[str, str] | None
    ids: Sequence[str] | None
    match: str | None
    dry_run: bool


def with_id(memory: MemoryIn) -> MemoryIn:
    """The memory with a client id (a new UUID unless it has one): a retry stores once."""
    return memory if memory.id else memory.model_copy(update={"id": str(uuid.uuid4())})


def memory(content: str, fields: MemoryFields) -> MemoryIn:
    return with_id(MemoryIn(content=content, **fields))


def remember(item: MemoryIn) -> Call[WriteOut]:
    return Call("POST", "/v1/memories", lambda r: _as(WritesOut)(r).results[0], item, None, True)


def remember_many(items: Sequence[MemoryIn | Mapping[str, Any]]) -> Call[list[WriteOut]]:
    memories = [with_id(i if isinstance(i, MemoryIn) else MemoryIn(**i)) for i in items]
    body = MemoryBatchIn(memories=memories)
    return Call("POST", "/v1/memories", lambda r: _as(WritesOut)(r).results, body, None, True)


def filters(options: RecallOptions) -> RecallFiltersIn | None:
    """The filter options as the body's ``filters`` (None when none is given)."""
    kind = options.get("kind")
    metadata = options.get("metadata")
    given = {
        "kind": kind if kind is None or isinstance(kind, str) else list(kind),
        "topic": options.get("topic"),
        "source": options.get("source"),
        "metadata": None if metadata is None else dict(metadata),
        "written_after": timestamp(options.get("written_after")),
        "written_before": timestamp(options.get("written_before")),
    }
    given = {name: value for name, value in given.items() if value is not None}
    return RecallFiltersIn.model_validate(given) if given else None


def recall(query: str, options: RecallOptions, default_agent: str | None) -> Call[RecallOut]:
    body = RecallIn(
        query=query,
        k=options.get("k", 6),
        mode=options.get("mode"),
        agent_id=options.get("agent_id", default_agent),
        as_of=timestamp(options.get("as_of")),
        filters=filters(options),
    )
    return Call("POST", "/v1/recall", _as(RecallOut), body, None, True)


def outcome(recall_id: str, success: bool | None, score: float | None) -> Call[ExposureObservation]:
    body = OutcomeIn(recall_id=recall_id, success=success, score=score)
    return Call("POST", "/v1/outcomes", _as(ExposureObservation), body)


def feedback(memory_id: str, useful: bool, recall_id: str | None) -> Call[MemoryRecord]:
    body = FeedbackIn(useful=useful, recall_id=recall_id)
    return Call("POST", f"/v1/memories/{memory_id}/feedback", _as(MemoryRecord), body)


def contest(memory_id: str, claim: str, evidence: str, source: str) -> Call[ConflictRecord]:
    body = ContestIn(claim=claim, evidence=evidence, source=source)
    return Call("POST", f"/v1/memories/{memory_id}/contest", _as(ConflictRecord), body)


def explain(memory_id: str) -> Call[Explanation]:
    return Call("GET", f"/v1/memories/{memory_id}", _as(Explanation), idempotent=True)


def health() -> Call[HealthOut]:
    return Call("GET", "/v1/health", _as(HealthOut), idempotent=True)


# --- curator --------------------------------------------------------------------------

_CURATOR = "/v1/curator"


def proposals(status: str) -> Call[list[ProposalRecord]]:
    read = _as(list[ProposalRecord])
    return Call("GET", f"{_CURATOR}/proposals", read, params={"status": status}, idempotent=True)


def approve(proposal_id: str, text: str | None) -> Call[list[Approval]]:
    path = f"{_CURATOR}/proposals/{proposal_id}/approve"
    return Call("POST", path, _as(list[Approval]), ApproveIn(text=text))


def reject_proposal(proposal_id: str, note: str | None) -> Call[None]:
    return Call("POST", f"{_CURATOR}/proposals/{proposal_id}/reject", _nothing, RejectIn(note=note))


def conflicts(status: str) -> Call[list[ConflictRecord]]:
    read = _as(list[ConflictRecord])
    return Call("GET", f"{_CURATOR}/conflicts", read, params={"status": status}, idempotent=True)


def resolve(conflict_id: str, resolution: str, options: ResolveOptions) -> Call[ConflictResolution]:
    body = ResolveIn(resolution=resolution, **options)  # type: ignore[arg-type]
    path = f"{_CURATOR}/conflicts/{conflict_id}/resolve"
    return Call("POST", path, _as(ConflictResolution), body)


def changes(status: str, limit: int) -> Call[list[ChangeReview]]:
    params = {"status": status, "limit": limit}
    return Call("GET", f"{_CURATOR}/changes", _as(list[ChangeReview]), None, params, True)


def change_gate() -> Call[ChangeGate]:
    return Call("GET", f"{_CURATOR}/changes/gate", _as(ChangeGate), idempotent=True)


def decide_change(change_id: str, decision: str, note: str | None) -> Call[ChangeDecision]:
    path = f"{_CURATOR}/changes/{change_id}/{decision}"
    return Call("POST", path, _as(ChangeDecision), ChangeNoteIn(note=note))


def restore(memory_id: str) -> Call[MemoryRecord]:
    return Call("POST", f"{_CURATOR}/memories/{memory_id}/restore", _as(MemoryRecord))


def pin(memory_id: str, pinned: bool) -> Call[MemoryRecord]:
    path = f"{_CURATOR}/memories/{memory_id}/pin"
    return Call("POST", path, _as(MemoryRecord), PinIn(pinned=pinned), idempotent=True)


def runs(limit: int) -> Call[list[RunRecord]]:
    read = _as(list[RunRecord])
    return Call("GET", f"{_CURATOR}/runs", read, params={"limit": limit}, idempotent=True)


def curate(apply: bool) -> Call[CurateOut]:
    return Call("POST", f"{_CURATOR}/curate", _as(CurateOut), CurateIn(apply=apply))


def forget(selector: ForgetSelector) -> Call[ForgetOut]:
    given: dict[str, Any] = {k: v for k, v in selector.items() if v is not None}
    for name, kind in (("metadata", dict), ("ids", list)):
        if name in given:
            given[name] = kind(given[name])
    return Call("POST", f"{_CURATOR}/forget", _as(ForgetOut), ForgetIn.model_validate(given))


def rewind(to: str, dry_run: bool) -> Call[RewindOut]:
    return Call("POST", f"{_CURATOR}/rewind", _as(RewindOut), RewindIn(to=to, dry_run=dry_run))


def undo_run(run_id: str) -> Call[UndoOut]:
    # idempotent: a run already undone answers that it was, reverting nothing more
    path = f"{_CURATOR}/runs/{run_id}/undo"
    return Call("POST", path, _as(UndoOut), idempotent=True)
