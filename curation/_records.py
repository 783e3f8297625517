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


@dataclass(frozen=True)
class RecallResult(_Record):
    tenant: str
    query: str
    mode: str
    at: datetime
    hits: list[RecallHit]
    recall_id: str | None = None
    cohort: str | None = None

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
