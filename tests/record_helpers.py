"""Hand-built records for the tests of pure functions (ranking, scoring, the wire form):
each equal to a plain active fact in all but what the test gives."""

from __future__ import annotations

from datetime import datetime
from types import SimpleNamespace
from typing import Any

from curation import ConflictRecord, RecallHit

# a recall hit nobody has recalled, proven or generalised
HIT_DEFAULTS: dict[str, Any] = {
    "kind": "fact",
    "similarity": 0.9,
    "score": 0.9,
    "retention": 0.5,
    "rank": 1.0,
    "status": "active",
    "generality": 0,
    "proven": 0,
    "recall_count": 0,
}

# a search row as ``rank_candidates`` reads it
ROW_DEFAULTS: dict[str, Any] = {
    "kind": "fact",
    "supersession_key": None,
    "importance": 0.5,
    "generality": 0,
    "proven": 0,
    "recall_count": 0,
    "last_recalled_at": None,
    "pinned": False,
    "status": "active",
    "archive_reason": None,
    "version": 1,
    "superseded_by": None,
    "open_conflicts": 0,
}


def recall_hit(memory_id: str, created_at: datetime, **fields: Any) -> RecallHit:
    """A hit whose content is its id unless ``fields`` say otherwise."""
    return RecallHit(
        **{**HIT_DEFAULTS, "id": memory_id, "content": memory_id, "created_at": created_at} | fields
    )


def open_conflict(memory_id: str, at: datetime, **fields: Any) -> ConflictRecord:
    """An open contest of ``memory_id``."""
    values = {"id": "c", "claim": "x", "evidence": "y", "source": "s", "status": "open"}
    return ConflictRecord(**values | {"memory_id": memory_id, "at": at} | fields)


def search_row(memory_id: str, similarity: float, created_at: datetime, **fields: Any) -> Any:
    """A search row whose content is its id, equal to the others in all but what is given."""
    given = {"id": memory_id, "content": memory_id, "similarity": similarity}
    return SimpleNamespace(**ROW_DEFAULTS | given | {"created_at": created_at} | fields)
