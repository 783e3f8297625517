"""Recorded states: what an act keeps so a rewind can put a row back exactly, and the one
spelling of putting rows back to such states (a rewind and its undo) — memories' states
and the proposal, conflict and run rows a rewind changes. The caller records the events.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, text

from curation._store.lifecycle.changes import CHANGED

# A memory's curated state (what curation and the curator change) and the counters a
# merge folds; a rewind and its undo set all of them at once.
CURATED_FIELDS = (
    "status",
    "archive_reason",
    "archived_at",
    "superseded_by",
    "parent_id",
    "pinned",
    "generality",
    "quarantine_reason",
)
COUNTER_FIELDS = ("importance", "recall_count", "proven")
STATE_FIELDS = CURATED_FIELDS + COUNTER_FIELDS
# the recorded state of the other rows a rewind puts back
PROPOSAL_FIELDS = ("status", "principle_id", "decided_at", "decided_by")
CONFLICT_FIELDS = ("status", "resolution", "resolution_note", "resolved_at", "resolved_by")
RUN_FIELDS = ("status", "undone_at")


def jsonable_row(row: Any, fields: Sequence[str]) -> dict[str, Any]:
    """A row's ``fields`` as JSON-ready values (ids and times as text): what an act
    records as a row's prior state."""
    out: dict[str, Any] = {}
    for name in fields:
        value = getattr(row, name) if not isinstance(row, Mapping) else row.get(name)
        if isinstance(value, datetime):
            value = value.isoformat()
        elif isinstance(value, uuid.UUID):
            value = str(value)
        out[name] = value
    return out


def jsonable_state(row: Any) -> dict[str, Any]:
    """A memory's state row as JSON-ready values under ``STATE_FIELDS``."""
    return jsonable_row(row, STATE_FIELDS)


def states_of(
    conn: Connection, tenant: str, ids: Sequence[Any], *, lock: bool = False
) -> dict[str, dict[str, Any]]:
    """These memories' states now (id -> state), what an act records as its ``prior``;
    ``lock``: their rows locked for the caller's update, in id order (as every writer)."""
    if not ids:
        return {}
    rows = conn.execute(
        text(
            f"SELECT memory_id, {', '.join(STATE_FIELDS)} FROM memory_state"
            " WHERE tenant = :t AND memory_id = ANY(CAST(:ids AS uuid[]))"
            + (" ORDER BY memory_id FOR UPDATE" if lock else "")
        ),
        {"t": tenant, "ids": sorted({str(i) for i in ids})},
    ).all()
    return {str(r.memory_id): jsonable_state(r) for r in rows}


def put_back(
    conn: Connection, tenant: str, states: Mapping[str, Mapping[str, Any]], *, now: datetime
) -> list[str]:
    """Set memories to recorded states (a rewind and its undo): the one spelling of that
    change. The caller records the events. Returns the ids changed."""
    if not states:
        return []
    rows = [{"id": mid, **{f: state.get(f) for f in STATE_FIELDS}} for mid, state in states.items()]
    return [
        str(m)
        for m in conn.execute(
            text(
                f"""
                UPDATE memory_state s SET status = x.status, archive_reason = x.archive_reason,
                    archived_at = x.archived_at, superseded_by = x.superseded_by,
                    parent_id = x.parent_id, pinned = x.pinned, generality = x.generality,
                    quarantine_reason = x.quarantine_reason, importance = x.importance,
                    recall_count = x.recall_count, proven = x.proven, {CHANGED}
                FROM jsonb_to_recordset(CAST(:rows AS jsonb)) AS x(
                    id uuid, status text, archive_reason text, archived_at timestamptz,
                    superseded_by uuid, parent_id uuid, pinned boolean, generality integer,
                    quarantine_reason text, importance double precision,
                    recall_count integer, proven integer)
                WHERE s.tenant = :t AND s.memory_id = x.id
                RETURNING s.memory_id
                """
            ),
            {"t": tenant, "rows": json.dumps(rows), "now": now},
        ).scalars()
    ]


# the column types of the recorded fields of proposal, conflict and curation_run rows
_ROW_TYPES = {"decided_at": "timestamptz", "resolved_at": "timestamptz", "undone_at": "timestamptz"}
_ROW_TYPES["principle_id"] = "uuid"


def put_back_rows(
    conn: Connection,
    tenant: str,
    table: str,
    fields: Sequence[str],
    states: Mapping[str, Mapping[str, Any]],
) -> None:
    """Set proposal, conflict or curation_run rows (id -> state) to recorded states of
    ``fields`` (their status among them): a rewind and its undo."""
    if not states:
        return
    rows = [{"id": row_id, **state} for row_id, state in states.items()]
    columns = ", ".join(f"{f} = x.{f}" for f in fields)
    record = ", ".join(f"{f} {_ROW_TYPES.get(f, 'text')}" for f in fields)
    conn.execute(
        text(
            f"UPDATE {table} r SET {columns}"
            f" FROM jsonb_to_recordset(CAST(:rows AS jsonb)) AS x(id uuid, {record})"
            " WHERE r.tenant = :t AND r.id = x.id"
        ),
        {"t": tenant, "rows": json.dumps(rows)},
    )
