"""The wire form of a recall, written once: ``memgov recall --json``, ``POST /v1/recall``
and the MCP ``recall`` tool send exactly this, and the API's ``HitOut`` schema is this
model (so ``/openapi.json`` states what the CLI prints)."""

from __future__ import annotations

from operator import attrgetter
from typing import Any

from pydantic import BaseModel, Field

from curation._records import ConflictRecord, RecallHit, RecallResult


class RecallHitWire(BaseModel):
    """One hit as every surface sends it; ``created_at`` is ISO 8601."""

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
    newer_of_slot: str | None = Field(
        None, description="A newer statement of this hit's slot, ranked above it (inferred)."
    )
    conflicts: list[ConflictRecord]


# the wire's names in its order, read once: the hot path builds plain dicts, never models
_WIRE_FIELDS = tuple(RecallHitWire.model_fields)
_wire_values = attrgetter(*_WIRE_FIELDS)


def hit_wire(hit: RecallHit) -> dict[str, Any]:
    """One hit in the wire form, JSON-ready (not validated again: the record is typed)."""
    wire = dict(zip(_WIRE_FIELDS, _wire_values(hit), strict=True))
    wire["created_at"] = hit.created_at.isoformat()
    wire["conflicts"] = [conflict.to_dict() for conflict in hit.conflicts]
    return wire


def recall_wire(result: RecallResult) -> list[dict[str, Any]]:
    """The documented list: one object per hit, best first."""
    return [hit_wire(hit) for hit in result.hits]


def recall_answer(result: RecallResult) -> dict[str, Any]:
    """The whole answer (the API's ``RecallOut``): the mode, the agent's ``recall_id`` and
    ``cohort``, the moment asked about (``as_of``) and the hits; None where not asked."""
    return {
        "mode": result.mode,
        "recall_id": result.recall_id,
        "cohort": result.cohort,
        "as_of": None if result.as_of is None else result.as_of.isoformat(),
        "hits": recall_wire(result),
    }
