"""Request and response bodies. Types and shapes are checked here (422); values are
checked by the store's own validation (400, naming the field and value), written once."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from curation import ConflictRecord


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class MemoryIn(_Body):
    content: str
    kind: str = "fact"
    importance: float = 0.5
    generality: int = 0
    supersession_key: str | None = None
    metadata: dict[str, Any] | None = None
    topic: str | None = None
    source: str | None = None
    id: str | None = Field(
        None, description="A client-chosen UUID: retrying with the same id stores once."
    )


class MemoryBatchIn(_Body):
    memories: list[MemoryIn] = Field(..., min_length=1, max_length=1000)


class WriteOut(BaseModel):
    id: str
    created: bool
    revived: bool = False
    restated: bool = False
    duplicate: bool = Field(
        False, description="True when this client id was already stored: nothing was written."
    )
    superseded_ids: list[str] = []
    conflict_ids: list[str] = []
    note: str | None = None


class WritesOut(BaseModel):
    results: list[WriteOut]


class RecallIn(_Body):
    query: str
    k: int = 6
    mode: Literal["curated", "raw"] | None = None
    agent_id: str | None = None
    as_of: str | None = Field(
        None,
        description="ISO 8601: recall what was current at that moment (superseded values "
        "included, nothing written after it).",
    )


class HitOut(BaseModel):
    """One hit, exactly as ``memgov recall --json`` prints it."""

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
    conflicts: list[ConflictRecord]


class RecallOut(BaseModel):
    mode: str
    recall_id: str | None = Field(None, description="With agent_id: for outcome and feedback.")
    cohort: str | None = Field(None, description="With agent_id: the cohort that served it.")
    as_of: str | None = Field(None, description="With as_of: the moment recalled (ISO 8601).")
    hits: list[HitOut]


class OutcomeIn(_Body):
    recall_id: str
    success: bool | None = None
    score: float | None = None


class FeedbackIn(_Body):
    useful: bool = True
    recall_id: str | None = None


class ContestIn(_Body):
    claim: str
    evidence: str
    source: str = "agent"


class HealthOut(BaseModel):
    status: Literal["ok"]
    embedding_model: str
    version: str


class ResolveIn(_Body):
    resolution: str = Field(..., description="replace | narrow | retire | dismiss (as the CLI)")
    replacement: str | None = None
    note: str | None = None


class RejectIn(_Body):
    note: str | None = None


class ApproveIn(_Body):
    text: str | None = Field(
        None, description="The principle's text as the curator edited it (default: as proposed)."
    )


class PinIn(_Body):
    pinned: bool = True


class CurateIn(_Body):
    apply: bool = Field(False, description="False (the default): a dry run that writes no change.")
