"""Request and response bodies. Types, shapes and every rule the schema states (the wire
types of ``api.fields``) are checked here, strictly (422); the store validates again with
its own rules, the source of those (400 for what a schema cannot state: a metadata
document's size and depth)."""

from __future__ import annotations

import dataclasses
from typing import Annotated, Any, Literal, get_type_hints

from pydantic import (
    BaseModel,
    ConfigDict,
    Discriminator,
    Field,
    Tag,
    ValidationInfo,
    create_model,
    field_validator,
)

from api.fields import (
    AgentId,
    Content,
    Count,
    Kind,
    Label,
    Metadata,
    Query,
    RecallDepth,
    Score,
    Timestamp,
    UnitInterval,
    Uuid,
)
from curation import RecallHitWire

MAX_BATCH = 1000


def record_answer(name: str, record: type[Any], doc: str) -> type[BaseModel]:
    """The answer model of a route that sends a store record's ``to_dict``: the record's
    fields and types (the record is their one list), every field required (the answer
    always carries each), under the schema name ``name``."""
    types = get_type_hints(record)
    fields: dict[str, Any] = {f.name: (types[f.name], ...) for f in dataclasses.fields(record)}
    return create_model(name, __doc__=doc, **fields)


class StrictBody(BaseModel):
    """A request body: strict (no string or boolean coerced to another type), finite
    numbers only, no unknown field."""

    model_config = ConfigDict(extra="forbid", strict=True, allow_inf_nan=False)


class MemoryIn(StrictBody):
    content: Content
    kind: Kind = "fact"
    importance: UnitInterval = 0.5
    generality: Count = 0
    supersession_key: Label | None = None
    metadata: Metadata | None = None
    topic: Label | None = None
    source: Label | None = None
    id: Uuid | None = Field(
        None, description="A client-chosen UUID: retrying with the same id stores once."
    )


class MemoryBatchIn(StrictBody):
    memories: list[MemoryIn] = Field(..., min_length=1, max_length=MAX_BATCH)


def _body_shape(body: Any) -> str:
    """A batch is an object with ``memories``; anything else is read as one memory (so an
    error names ``memories[2].content`` or ``content``, never both readings)."""
    return "batch" if isinstance(body, dict) and "memories" in body else "memory"


# the tags are the union's branches, never a field: api.errors leaves them out of a path
BODY_TAGS = frozenset({"memory", "batch"})
RememberIn = Annotated[
    Annotated[MemoryIn, Tag("memory")] | Annotated[MemoryBatchIn, Tag("batch")],
    Discriminator(_body_shape),
]


class WriteOut(BaseModel):
    id: str
    created: bool
    revived: bool = False
    restated: bool = False
    duplicate: bool = Field(
        False, description="True when this client id was already stored: nothing was written."
    )
    quarantined: bool = Field(
        False, description="True when the trust gate holds it for a curator (never recalled)."
    )
    superseded_ids: list[str] = []
    conflict_ids: list[str] = []
    note: str | None = None


class WritesOut(BaseModel):
    results: list[WriteOut]


class RecallFiltersIn(StrictBody):
    """Conditions of the search itself: k matches come back whenever k exist."""

    kind: Kind | list[Kind] | None = Field(None, description="One kind or several.")
    topic: Label | None = None
    source: Label | None = None
    metadata: dict[str, str | int | float | bool] | None = Field(
        None, description="Each key in the memory's metadata with exactly this value."
    )
    written_after: Timestamp | None = None
    written_before: Timestamp | None = None


class RecallIn(StrictBody):
    query: Query
    k: RecallDepth = 6
    mode: Literal["curated", "raw"] | None = None
    agent_id: AgentId | None = None
    as_of: Timestamp | None = Field(
        None,
        description="ISO 8601: recall what was current at that moment (superseded values "
        "included, nothing written after it).",
    )
    filters: RecallFiltersIn | None = None

    def filter_fields(self) -> dict[str, Any] | None:
        """The filters as ``MemoryStore.recall`` takes them (None: no filter)."""
        return None if self.filters is None else self.filters.model_dump(exclude_none=True)


class HitOut(RecallHitWire):
    """One hit, exactly as ``memgov recall --json`` prints it."""


class RecallOut(BaseModel):
    mode: str
    recall_id: str | None = Field(None, description="With agent_id: for outcome and feedback.")
    cohort: str | None = Field(None, description="With agent_id: the cohort that served it.")
    as_of: str | None = Field(None, description="With as_of: the moment recalled (ISO 8601).")
    hits: list[HitOut]


class OutcomeIn(StrictBody):
    """A success flag, a score, or both; never neither."""

    model_config = ConfigDict(
        json_schema_extra={
            "anyOf": [
                {"required": ["success"], "properties": {"success": {"type": "boolean"}}},
                {"required": ["score"], "properties": {"score": {"type": "number"}}},
            ]
        }
    )
    recall_id: Uuid
    success: bool | None = None
    score: Score | None = Field(None, validate_default=True)

    @field_validator("score")
    @classmethod
    def _something_reported(cls, value: float | None, info: ValidationInfo) -> float | None:
        if value is None and info.data.get("success") is None:
            raise ValueError("an outcome needs success or score (or both)")
        return value


class FeedbackIn(StrictBody):
    useful: bool = Field(..., description="Required: an empty body says nothing.")
    recall_id: Uuid | None = None


class ContestIn(StrictBody):
    claim: Content
    evidence: Content
    source: Label = "agent"


class HealthOut(BaseModel):
    status: Literal["ok"]
    embedding_model: str
    version: str


class ResolveIn(StrictBody):
    """``narrow`` needs the narrower statement; ``replace`` takes one or, without it, the
    memory the conflict names as the newer value (409 when it names none)."""

    model_config = ConfigDict(
        json_schema_extra={
            "if": {"properties": {"resolution": {"const": "narrow"}}},
            "then": {
                "required": ["replacement"],
                "properties": {"replacement": {"type": "string"}},
            },
        }
    )
    resolution: Literal["replace", "narrow", "retire", "dismiss"] = Field(
        ..., description="As the CLI: replace | narrow | retire | dismiss."
    )
    replacement: Content | None = Field(None, validate_default=True)
    note: Content | None = None

    @field_validator("replacement")
    @classmethod
    def _narrowed_to_something(cls, value: str | None, info: ValidationInfo) -> str | None:
        if value is None and info.data.get("resolution") == "narrow":
            raise ValueError("narrow needs the replacing statement")
        return value


class RejectIn(StrictBody):
    note: Content | None = None


class ChangeNoteIn(StrictBody):
    note: Content | None = Field(None, description="The curator's reason, kept with the label.")


class ApproveIn(StrictBody):
    text: Content | None = Field(
        None, description="The principle's text as the curator edited it (default: as proposed)."
    )


class PinIn(StrictBody):
    pinned: bool = True


class CurateIn(StrictBody):
    apply: bool = Field(False, description="False (the default): a dry run that writes no change.")


class CurateOut(BaseModel):
    """A run's report (as ``memgov curate --json``) and, when an apply wrote nothing
    because the tenant's policy keeps mechanics in dry_run, a ``note`` saying so."""

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
    note: str | None = Field(
        None, description="Why an apply wrote nothing (or only some mechanics): their mode."
    )
