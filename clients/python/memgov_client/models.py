"""The wire bodies of the Memgov HTTP API, as pydantic models. Each has the name of its
component in the server's ``/openapi.json``; ``tests/test_client_schema.py`` checks every
model's fields, types and required-ness against the live schema, so drift fails a test.

Request bodies forbid unknown fields (a typo fails here, not as the server's 422); answers
ignore fields this client does not know yet."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict
from pydantic.json_schema import SkipJsonSchema

Kind = Literal["tool_output", "conversation", "fact", "preference"]
MetadataScalar = str | int | float | bool


class Request(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Answer(BaseModel):
    model_config = ConfigDict(extra="ignore")


# --- agent requests -------------------------------------------------------------------


class MemoryIn(Request):
    content: str
    kind: Kind = "fact"
    importance: float = 0.5
    generality: int = 0
    supersession_key: str | None = None
    metadata: dict[str, Any] | None = None
    topic: str | None = None
    source: str | None = None
    id: str | None = None  # the client sets one always: retrying with it stores once


class MemoryBatchIn(Request):
    memories: list[MemoryIn]


class RecallFiltersIn(Request):
    kind: Kind | list[Kind] | None = None
    topic: str | None = None
    source: str | None = None
    metadata: dict[str, MetadataScalar] | None = None
    written_after: str | None = None
    written_before: str | None = None


class RecallIn(Request):
    query: str
    k: int = 6
    mode: Literal["curated", "raw"] | None = None
    agent_id: str | None = None
    as_of: str | None = None
    filters: RecallFiltersIn | None = None


class OutcomeIn(Request):
    recall_id: str
    success: bool | None = None
    score: float | None = None


class FeedbackIn(Request):
    useful: bool
    recall_id: str | None = None


class ContestIn(Request):
    claim: str
    evidence: str
    source: str = "agent"


# --- curator requests -----------------------------------------------------------------


class ResolveIn(Request):
    resolution: Literal["replace", "narrow", "retire", "dismiss"]
    replacement: str | None = None
    note: str | None = None


class RejectIn(Request):
    note: str | None = None


class ChangeNoteIn(Request):
    note: str | None = None


class ApproveIn(Request):
    text: str | None = None


class PinIn(Request):
    pinned: bool = True


class CurateIn(Request):
    apply: bool = False


class ForgetIn(Request):
    """Exactly one selector (the server refuses none or two); a selector left out is
    absent from the body, never null."""

    source: str | SkipJsonSchema[None] = None
    metadata: dict[str, str] | SkipJsonSchema[None] = None
    ids: list[str] | SkipJsonSchema[None] = None
    match: str | SkipJsonSchema[None] = None
    dry_run: bool = False


class RewindIn(Request):
    """The moment (ISO 8601 with a time zone) to put the curated state back to."""

    to: str
    dry_run: bool = False


# --- answers --------------------------------------------------------------------------


class WriteOut(Answer):
    id: str
    created: bool
    revived: bool = False
    restated: bool = False
    duplicate: bool = False
    quarantined: bool = False  # the trust gate holds it for a curator (never recalled)
    superseded_ids: list[str] = []
    conflict_ids: list[str] = []
    note: str | None = None


class WritesOut(Answer):
    results: list[WriteOut]


class ConflictRecord(Answer):
    id: str
    memory_id: str
    claim: str
    evidence: str
    source: str
    at: datetime
    status: str
    detected_by: str = "contest"
    related_memory_id: str | None = None
    resolution: str | None = None
    resolution_note: str | None = None
    resolved_at: datetime | None = None


class HitOut(Answer):
    id: str
    content: str
    kind: str
    similarity: float
    score: float
    retention: float
    rank: float
    status: str
    archive_reason: str | None
    generality: int
    proven: int
    recall_count: int
    created_at: str
    supersession_key: str | None
    newer_of_slot: str | None = None
    conflicts: list[ConflictRecord]


class RecallOut(Answer):
    mode: str
    recall_id: str | None = None
    cohort: str | None = None
    as_of: str | None = None
    hits: list[HitOut]


class ExposureObservation(Answer):
    recall_id: str
    experiment_id: str | None
    cohort: str
    agent_id: str
    query: str
    returned_ids: list[str]
    at: datetime
    success: bool | None = None
    score: float | None = None
    outcome_at: datetime | None = None


class MemoryRecord(Answer):
    id: str
    tenant: str
    kind: str
    content: str
    embedding_model: str
    created_at: datetime
    importance: float
    generality: int
    proven: int
    recall_count: int
    last_recalled_at: datetime | None
    pinned: bool
    status: str
    archive_reason: str | None
    archived_at: datetime | None
    superseded_by: str | None
    parent_id: str | None
    supersession_key: str | None = None
    topic: str | None = None
    source: str | None = None
    metadata: dict[str, Any] = {}
    version: int = 1


class EventRecord(Answer):
    id: int
    type: str
    at: datetime
    actor: str
    memory_id: str | None
    related_ids: list[str]
    reason: str | None
    run_id: str | None
    data: dict[str, Any]


class Explanation(Answer):
    memory: MemoryRecord
    events: list[EventRecord]
    conflicts: list[ConflictRecord]
    superseded_chain: list[str]
    parent: MemoryRecord | None = None


class HealthOut(Answer):
    status: Literal["ok"]
    embedding_model: str
    version: str


class ErrorDetail(Answer):
    type: str
    field: str | None = None
    value: Any = None
    message: str


class ErrorBody(Answer):
    error: ErrorDetail


class ProposalRecord(Answer):
    id: str
    kind: str
    text: str
    generality: int
    member_ids: list[str]
    evidence: dict[str, Any]
    status: str
    principle_id: str | None
    created_at: datetime
    decided_at: datetime | None
    decided_by: str | None


class Approval(Answer):
    proposal_id: str
    principle_id: str
    created: bool
    subsumed: int
    text: str
    edited: bool


class ConflictResolution(Answer):
    conflict_id: str
    resolution: str
    status: str
    replacement_id: str | None
    archived: bool


class ChangeReview(Answer):
    id: str
    older_id: str
    newer_id: str
    older_content: str
    newer_content: str
    detail: str
    similarity: float | None
    source: str
    proposed_at: datetime
    status: str
    run_id: str | None = None
    decided_at: datetime | None = None
    decided_by: str | None = None
    note: str | None = None


class ChangeDecision(Answer):
    id: str
    status: str
    older_id: str
    newer_id: str
    archived: bool = False
    restored: bool = False


class ChangeGate(Answer):
    confirmed: int
    rejected: int
    reviewed: int
    precision: float | None
    min_reviewed: int
    min_precision: float
    auto_apply_earned: bool
    pending: int


class _RunSummary(Answer):
    """The fields a run's stored report and ``POST /v1/curator/curate``'s answer share."""

    run_id: str
    tenant: str
    dry_run: bool
    at: str
    planned: dict[str, int]
    applied: dict[str, Any]
    active_after: int
    modes: dict[str, str]
    timings: dict[str, float]
    duration_s: float
    archived_ids: list[str] = []
    conflict_ids: list[str] = []
    proposal_ids: list[str] = []


class RunReport(_RunSummary):
    forced_now_reason: str | None = None


class RunRecord(Answer):
    id: str
    started_at: datetime
    dry_run: bool
    status: str
    report: RunReport


class CurateOut(_RunSummary):
    note: str | None = None


class ForgetOut(Answer):
    """The receipt: counts and SHA-256 hashes, never a forgotten text or id."""

    tenant: str
    dry_run: bool
    asked: dict[str, Any]
    matched: int
    forgotten: int
    counts: dict[str, int]
    forgotten_id_sha256: list[str]
    verification: dict[str, int]
    receipt_event_id: int | None


class QuarantinedOut(Answer):
    """A write the trust gate holds, with why (``GET /v1/curator/quarantine``)."""

    id: str
    content: str
    kind: str
    source: str | None
    reason: str
    created_at: datetime


class DecidedOut(Answer):
    """A quarantined write released or rejected."""

    id: str
    decision: str


class RewindOut(Answer):
    """A rewind: changes per kind with their ids; ``run_id`` is what ``undo_run`` takes."""

    tenant: str
    to: str
    dry_run: bool
    run_id: str | None
    changes: dict[str, int]
    ids: dict[str, list[str]]
    approximated: dict[str, int]
    not_rewindable: dict[str, int]


class UndoOut(Answer):
    """What undoing a run (a curation run or a rewind) took back."""

    restored: int
    merges_reverted: int
    conflicts_dismissed: int
    proposals_withdrawn: int
    status_before: str
    undone_at: str | None
    reverted: dict[str, int]


# every model the schema names, for tests/test_client_schema.py
SCHEMA_MODELS: tuple[type[BaseModel], ...] = (
    MemoryIn, MemoryBatchIn, RecallFiltersIn, RecallIn, OutcomeIn, FeedbackIn, ContestIn,
    ResolveIn, RejectIn, ChangeNoteIn, ApproveIn, PinIn, CurateIn, WriteOut, WritesOut,
    ConflictRecord, HitOut, RecallOut, ExposureObservation, MemoryRecord, EventRecord,
    Explanation, HealthOut, ErrorDetail, ErrorBody, ProposalRecord, Approval, ConflictResolution,
    ChangeReview, ChangeDecision, ChangeGate, RunReport, RunRecord, CurateOut, ForgetIn,
    ForgetOut, QuarantinedOut, DecidedOut, RewindIn, RewindOut, UndoOut,
)  # fmt: skip  # a flat list of names, read as a paragraph
