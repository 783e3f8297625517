"""``POST /v1/curator/rewind`` and ``POST /v1/curator/runs/{run_id}/undo`` (curator scope):
a tenant's curated state back as it was at a moment, as one run, and the undo of any run
(a rewind or a curation run) — the same store calls as ``memgov rewind`` and ``memgov
undo``. A malformed or zone-less ``to`` is refused by the schema (422), a moment in the
future or before the tenant existed by the store (409); both name the field ``to`` and
its value."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path
from pydantic import Field

from api.auth import CuratorKey, Store
from api.errors import ERROR_RESPONSES
from api.fields import UUID_PATTERN, Timestamp
from api.models import StrictBody, record_answer
from api.service import actor
from curation import RewindReport, UndoReport

router = APIRouter(prefix="/v1/curator", tags=["curator"], responses=ERROR_RESPONSES)

RunId = Annotated[
    str, Path(pattern=UUID_PATTERN, json_schema_extra={"format": "uuid"}, description="A run's id.")
]


class RewindIn(StrictBody):
    """The moment to go back to; ``dry_run`` reports the changes and makes none."""

    to: Timestamp = Field(
        description="RFC 3339 moment with an offset, between the tenant's creation and now "
        "(a moment outside that span: 409)."
    )
    dry_run: bool = Field(False, description="True: counts and ids only, nothing changed.")


RewindOut = record_answer(
    "RewindOut",
    RewindReport,
    """What the rewind changed (or would), per kind of change, with the ids of each;
    ``run_id`` is the run the undo route reverses (null in a dry run or when nothing
    differed).""",
)
UndoOut = record_answer(
    "UndoOut",
    UndoReport,
    """What undoing a run took back; ``status_before`` ``undone`` or ``dry_run``: nothing.
    ``reverted``: a rewind's rows put back per table, and those changed since (left).""",
)


@router.post("/rewind", response_model=RewindOut)
def rewind(body: RewindIn, key: CuratorKey, store: Store) -> dict[str, Any]:
    """Put the tenant's curated state (statuses, principles, conflicts, pins, policy) back
    as it was at ``to``; memories written since are archived ``rewound``."""
    report = store.history.rewind(key.tenant, body.to, dry_run=body.dry_run, actor=actor(key))
    return report.to_dict()


@router.post("/runs/{run_id}/undo", response_model=UndoOut)
def undo(run_id: RunId, key: CuratorKey, store: Store) -> dict[str, Any]:
    """Undo a curation run or a rewind from its recorded events (again: nothing more)."""
    return store.runs.undo(key.tenant, run_id, actor=actor(key)).to_dict()
