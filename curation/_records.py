"""What the public API returns: plain frozen records with a stable JSON form."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from datetime import datetime
from typing import Any


def _jsonable(value: Any) -> Any:
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    return value


class _Record:
    def to_dict(self) -> dict[str, Any]:
        return dict(_jsonable(asdict(self)))  # type: ignore[call-overload]


@dataclass(frozen=True)
class ConflictRecord(_Record):
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


@dataclass(frozen=True)
class InferredSupersession(_Record):
    """An entry archived because a newer one restated its subject and slot with another
    value, without a key: the curator's to check, undone by restoring the entry."""

    memory_id: str
    content: str
    superseded_by: str | None
    current_content: str | None
    evidence: str
    at: datetime
    actor: str
    run_id: str | None = None


@dataclass(frozen=True)
class MemoryRecord(_Record):
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
    metadata: dict[str, Any] = field(default_factory=dict)
    version: int = 1


@dataclass(frozen=True)
class MemoryCounts(_Record):
    """A tenant's entries now. Its ``to_dict`` is flat: ``active``, ``archived`` and one
    ``archived_<reason>`` per reason present."""

    active: int
    archived: int
    archived_by_reason: dict[str, int] = field(default_factory=dict)

    @property
    def total(self) -> int:
        return self.active + self.archived

    def to_dict(self) -> dict[str, Any]:
        by_reason = {f"archived_{r}": n for r, n in self.archived_by_reason.items()}
        return {"active": self.active, "archived": self.archived, **by_reason}


@dataclass(frozen=True)
class TenantDeletion(_Record):
    """What deleting a tenant removed: rows per table."""

    tenant: str
    rows: dict[str, int] = field(default_factory=dict)

    @property
    def memories(self) -> int:
        return self.rows.get("memory", 0)

    @property
    def events(self) -> int:
        return self.rows.get("event", 0)


@dataclass(frozen=True)
class QueueCounts(_Record):
    """The curator's queues now: proposals pending, conflicts open, approvals (which can
    still be unmerged)."""

    proposals_pending: int
    conflicts_open: int
    proposals_approved: int


@dataclass(frozen=True)
class RecallHit(_Record):
    """One recalled memory. ``score`` is what the list is sorted by in curated mode;
    in raw mode it equals the similarity."""

    id: str
    content: str
    kind: str
    similarity: float
    score: float
    retention: float
    rank: float
    status: str
    generality: int
    proven: int
    recall_count: int
    created_at: datetime
    supersession_key: str | None = None
    archive_reason: str | None = None
    conflicts: list[ConflictRecord] = field(default_factory=list)
    # a newer statement of this hit's slot, shown above it (an inferred change: recall
    # puts the newer first and keeps both; only the curator or an earned policy archives)
    newer_of_slot: str | None = None


@dataclass(frozen=True)
class RecallResult(_Record):
    tenant: str
    query: str
    mode: str
    at: datetime
    hits: list[RecallHit]
    recall_id: str | None = None
    cohort: str | None = None
    as_of: datetime | None = None  # the moment asked about, when not now

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self.hits)

    def __len__(self) -> int:
        return len(self.hits)

    def __getitem__(self, index: int) -> RecallHit:
        return self.hits[index]

    @property
    def ids(self) -> list[str]:
        return [hit.id for hit in self.hits]


@dataclass(frozen=True)
class WriteResult(_Record):
    id: str
    created: bool
    revived: bool = False
    restated: bool = False
    duplicate: bool = False  # a client id already stored: nothing was written
    quarantined: bool = False  # held by the trust gate for a curator (never recalled)
    superseded_ids: list[str] = field(default_factory=list)
    conflict_ids: list[str] = field(default_factory=list)
    note: str | None = None


@dataclass(frozen=True)
class EventRecord(_Record):
    id: int
    type: str
    at: datetime
    actor: str
    memory_id: str | None
    related_ids: list[str]
    reason: str | None
    run_id: str | None
    data: dict[str, Any]


@dataclass(frozen=True)
class Explanation(_Record):
    """Answer to "why was this removed": status, reason, the chain, the full trail."""

    memory: MemoryRecord
    events: list[EventRecord]
    conflicts: list[ConflictRecord]
    superseded_chain: list[str]
    parent: MemoryRecord | None = None


@dataclass(frozen=True)
class RejectedRow(_Record):
    line: int
    field: str
    value: str
    reason: str


@dataclass(frozen=True)
class ImportReport(_Record):
    tenant: str
    lines: int
    imported: int
    restated: int
    rejected: list[RejectedRow]
    rejects_path: str | None = None
    revived: int = 0  # archived entries a re-statement newer than their archive revived

    @property
    def ok(self) -> bool:
        return not self.rejected


@dataclass(frozen=True)
class ExperimentRecord(_Record):
    """An online experiment: agents split by a salted hash of their id into two cohorts."""

    id: str
    tenant: str
    name: str
    raw_share: float
    salt: str
    metric: str
    alpha: float
    policy: dict[str, Any]
    status: str
    starts_at: datetime
    ends_at: datetime
    created_at: datetime
    created_by: str
    stopped_at: datetime | None = None
    stop_reason: str | None = None


@dataclass(frozen=True)
class CohortFeedback(_Record):
    """Memory judgements tied to one cohort's recalls: useful and not useful."""

    useful: int = 0
    not_useful: int = 0


@dataclass(frozen=True)
class ExperimentFeedback(_Record):
    """Memory judgements tied to an experiment's recalls, per cohort."""

    curated: CohortFeedback = field(default_factory=CohortFeedback)
    raw: CohortFeedback = field(default_factory=CohortFeedback)

    def of(self, cohort: str) -> CohortFeedback:
        return self.curated if cohort == "curated" else self.raw


@dataclass(frozen=True)
class ExposureObservation(_Record):
    """One recall served with an agent id, with its outcome if one arrived.

    ``success`` and ``score`` are both None when the outcome is missing (never a failure).
    ``experiment_id`` is None for a recall served while no experiment was live; those never
    appear in an experiment's observations."""

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


@dataclass(frozen=True)
class ApiKeyRecord(_Record):
    """An API key as stored: never the secret, which is shown once at creation."""

    id: str
    tenant: str
    name: str
    scope: str
    created_at: datetime
    last_used_at: datetime | None = None
    revoked_at: datetime | None = None


@dataclass(frozen=True)
class NewApiKey(_Record):
    """A freshly created key: ``key`` is the secret, shown this once and stored hashed."""

    key: str
    id: str
    tenant: str
    scope: str
    name: str


# -- curation ------------------------------------------------------------------------------
@dataclass(frozen=True)
class RunReport(_Record):
    """A curation run's report: what was planned and what was written. Its ``to_dict``
    (less the three id lists) is what ``curation_run.report`` stores."""

    run_id: str
    tenant: str
    dry_run: bool
    at: str
    planned: dict[str, int]
    applied: dict[str, Any]  # counts per mechanic, and ``writing``: the mechanics written
    active_after: int
    modes: dict[str, str]
    timings: dict[str, float]
    duration_s: float
    # what the run touched (returned to the caller, not stored)
    archived_ids: list[str] = field(default_factory=list)
    conflict_ids: list[str] = field(default_factory=list)
    proposal_ids: list[str] = field(default_factory=list)
    # why the run was allowed to act before the tenant's last run or newest write
    forced_now_reason: str | None = None

    def stored(self) -> dict[str, Any]:
        """The JSON form kept with the run (without the id lists)."""
        out = self.to_dict()
        for key in ("archived_ids", "conflict_ids", "proposal_ids"):
            out.pop(key)
        return out

    @classmethod
    def from_stored(cls, data: dict[str, Any]) -> RunReport:
        """A stored report back as a record (reports stored before a field existed get
        that field's empty value)."""
        return cls(
            run_id=str(data.get("run_id", "")),
            tenant=str(data.get("tenant", "")),
            dry_run=bool(data.get("dry_run", False)),
            at=str(data.get("at", "")),
            planned=dict(data.get("planned") or {}),
            applied=dict(data.get("applied") or {}),
            active_after=int(data.get("active_after", 0)),
            modes=dict(data.get("modes") or {}),
            timings=dict(data.get("timings") or {}),
            duration_s=float(data.get("duration_s", 0.0)),
            forced_now_reason=data.get("forced_now_reason"),
        )


@dataclass(frozen=True)
class RunRecord(_Record):
    """One stored curation run."""

    id: str
    started_at: datetime
    dry_run: bool
    status: str
    report: RunReport


@dataclass(frozen=True)
class LastRun(RunRecord):
    """A tenant's latest curation run with the policy it ran with (what the run checks
    judge it by)."""

    policy: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class UndoReport(_Record):
    """What undoing a run took back. ``status_before`` is the run's status when the undo
    came: ``applied`` (now ``undone``); ``undone`` (undone at ``undone_at`` already) or
    ``dry_run`` (it wrote nothing), and then nothing was taken back."""

    restored: int
    merges_reverted: int
    conflicts_dismissed: int
    proposals_withdrawn: int
    status_before: str = "applied"
    undone_at: str | None = None
    # a rewind's undo: the rows put back per kind, and those left because they changed since
    reverted: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class ProposalRecord(_Record):
    """A principle proposed over a group of related memories, and the curator's decision."""

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


@dataclass(frozen=True)
class ChangeReview(_Record):
    """An inferred supersession held for the curator, or decided: the older entry, the
    newer one that would supersede it, and the detector's evidence. Texts are agents'
    words: untrusted wherever they are shown."""

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


@dataclass(frozen=True)
class ChangeDecision(_Record):
    """A curator's decision on a held change: ``archived`` when confirming archived the
    older entry now, ``restored`` when rejecting an applied one brought it back."""

    id: str
    status: str
    older_id: str
    newer_id: str
    archived: bool = False
    restored: bool = False


@dataclass(frozen=True)
class ChangeGate(_Record):
    """A tenant's reviewed precision on inferred supersessions and whether it has earned
    their automatic apply (``curation._review``)."""

    confirmed: int
    rejected: int
    reviewed: int
    precision: float | None
    min_reviewed: int
    min_precision: float
    auto_apply_earned: bool
    pending: int


@dataclass(frozen=True)
class Approval(_Record):
    """An approved proposal: the principle written (or promoted), its text (the proposed
    one or the curator's edit) and the members it subsumed."""

    proposal_id: str
    principle_id: str
    created: bool
    subsumed: int
    text: str
    edited: bool


@dataclass(frozen=True)
class Unmerge(_Record):
    """An approval taken back: members restored."""

    proposal_id: str
    restored: int


@dataclass(frozen=True)
class ConflictResolution(_Record):
    """A resolved conflict: how, and what it archived or wrote."""

    conflict_id: str
    resolution: str
    status: str
    replacement_id: str | None
    archived: bool


@dataclass(frozen=True)
class Reopened(_Record):
    """A resolution taken back: the conflict open again."""

    conflict_id: str
    restored: int


@dataclass(frozen=True)
class GoldenProbe(_Record):
    """A query whose expected memories must stay in its top k after any curation."""

    id: str
    query: str
    k: int
    expected_ids: list[str]


@dataclass(frozen=True)
class RewindReport(_Record):
    """A rewind of a tenant's curated state to ``to`` (or, ``dry_run``, what it would do):
    changes counted per kind and the ids of each kind. ``run_id`` names the recorded run
    ``memgov undo`` reverses (None in a dry run or when nothing differed).
    ``approximated``: events (by kind) recorded before acts kept their prior state, put
    back from the acts around them; ``not_rewindable``: hard deletes after the moment."""

    tenant: str
    to: str
    dry_run: bool
    run_id: str | None
    changes: dict[str, int]
    ids: dict[str, list[str]]
    approximated: dict[str, int] = field(default_factory=dict)
    not_rewindable: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class MemoryAsOf(_Record):
    """A memory of the curated set at a moment, and its status now."""

    id: str
    kind: str
    content: str
    topic: str | None
    pinned: bool
    status_now: str


@dataclass(frozen=True)
class CuratedSetAsOf(_Record):
    """The curated (active) set as it was at ``at``: counts by status then, the active
    memories (newest first, at most ``limit``), and the approximations the history forced."""

    tenant: str
    at: str
    counts: dict[str, int]
    memories: list[MemoryAsOf]
    approximated: dict[str, int] = field(default_factory=dict)
