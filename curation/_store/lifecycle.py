"""A memory's two state changes, archive and restore, written once.

Every change bumps the row's ``version`` (what optimistic plans and recall caches key on)
and stamps ``updated_at``. The SET clauses below are the only spelling of either change;
the bulk statements of a run's apply and undo and the curator's acts embed them, and the
one-row changes here also append their event.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, text

from curation._kinds import EventType
from curation._store.events import event_row, record_events

# Any change of a row: what optimistic plans and recall caches key on.
CHANGED = "version = version + 1, updated_at = :now"
# Archive: the caller supplies archive_reason (and superseded_by/parent_id when it sets them).
ARCHIVE_SET = f"status = 'archived', archived_at = :now, {CHANGED}"
# Restore: back to the active set with every trace of the archive cleared.
RESTORE_SET = (
    f"status = 'active', archive_reason = NULL, archived_at = NULL, superseded_by = NULL, {CHANGED}"
)


def archive_one(
    conn: Connection,
    tenant: str,
    memory_id: Any,
    reason: str,
    *,
    now: datetime,
    superseded_by: Any = None,
    parent_id: Any = None,
) -> bool:
    """Archive one active, unpinned memory; False when it was not (already archived,
    pinned, or not the tenant's). The caller records the act's event."""
    done = conn.execute(
        text(
            f"UPDATE memory_state SET {ARCHIVE_SET}, archive_reason = :r,"
            " superseded_by = :sup, parent_id = coalesce(:par, parent_id)"
            " WHERE tenant = :t AND memory_id = :id AND status = 'active' AND NOT pinned"
            " RETURNING memory_id"
        ),
        {
            "t": tenant,
            "id": memory_id,
            "r": reason,
            "now": now,
            "sup": superseded_by,
            "par": parent_id,
        },
    ).scalar()
    return done is not None


def rearchive(
    conn: Connection, tenant: str, memory_id: Any, prior: Mapping[str, Any], *, now: datetime
) -> bool:
    """Send an active memory back to the archive state ``prior`` recorded (its reason, its
    original ``archived_at``, ``superseded_by``): the inverse of a promotion out of the
    archive. False when it was not active. The caller records the act's event."""
    done = conn.execute(
        text(
            "UPDATE memory_state SET status = 'archived', archived_at = CAST(:at AS timestamptz),"
            f" {CHANGED}, archive_reason = :r, superseded_by = :sup"
            " WHERE tenant = :t AND memory_id = :id AND status = 'active' RETURNING memory_id"
        ),
        {
            "t": tenant,
            "id": memory_id,
            "r": prior.get("archive_reason"),
            "at": prior.get("archived_at"),
            "sup": prior.get("superseded_by"),
            "now": now,
        },
    ).scalar()
    return done is not None


def _iso(value: Any) -> Any:
    return value.isoformat() if isinstance(value, datetime) else value


def restore_rows(
    conn: Connection,
    tenant: str,
    priors: Sequence[Any],
    *,
    now: datetime,
    actor: str,
    reason: str,
    run_id: uuid.UUID | None = None,
    clear_parent: bool = False,
) -> None:
    """Restore archived rows and append one RESTORE event each, with the prior state."""
    ids = [p.memory_id if hasattr(p, "memory_id") else p.id for p in priors]
    conn.execute(
        text(
            f"UPDATE memory_state SET {RESTORE_SET},"
            " parent_id = CASE WHEN :clear THEN NULL ELSE parent_id END"
            " WHERE tenant = :t AND memory_id = ANY(:ids)"
        ),
        {"t": tenant, "ids": list(ids), "now": now, "clear": clear_parent},
    )
    record_events(
        conn,
        [
            event_row(
                tenant,
                EventType.RESTORE,
                at=now,
                actor=actor,
                memory_id=mid,
                reason=reason,
                run_id=run_id,
                data={
                    "prior": {
                        "status": p.status,
                        "archive_reason": p.archive_reason,
                        "archived_at": _iso(getattr(p, "archived_at", None)),
                        "superseded_by": None if p.superseded_by is None else str(p.superseded_by),
                        "parent_id": None if p.parent_id is None else str(p.parent_id),
                    }
                },
            )
            for mid, p in zip(ids, priors, strict=True)
        ],
    )


def revive(
    conn: Connection, tenant: str, prior: Any, *, now: datetime, actor: str, reason: str
) -> None:
    """Bring an archived memory back to the active set, recording how to archive it again."""
    conn.execute(
        text(f"UPDATE memory_state SET {RESTORE_SET} WHERE tenant = :t AND memory_id = :id"),
        {"t": tenant, "id": prior.id, "now": now},
    )
    record_events(
        conn,
        [
            event_row(
                tenant,
                EventType.REVIVE,
                at=now,
                actor=actor,
                memory_id=prior.id,
                reason=reason,
                data={
                    "prior": {
                        "status": prior.status,
                        "archive_reason": prior.archive_reason,
                        "archived_at": prior.archived_at,
                        "superseded_by": prior.superseded_by,
                        "parent_id": prior.parent_id,
                    }
                },
            )
        ],
    )


# -- the trust gate's quarantine (``curation/_trust_gate.py``) ---------------------------
def quarantine(
    conn: Connection, tenant: str, held: Mapping[str, str], *, now: datetime, actor: str
) -> None:
    """Hold just-written memories (id -> reason) out of recall until a curator decides."""
    for memory_id, reason in held.items():
        conn.execute(
            text(
                f"UPDATE memory_state SET status = 'quarantined', quarantine_reason = :r,"
                f" archive_reason = NULL, archived_at = NULL, {CHANGED}"
                " WHERE tenant = :t AND memory_id = :id"
            ),
            {"t": tenant, "id": memory_id, "r": reason, "now": now},
        )
    record_events(
        conn,
        [
            event_row(
                tenant, EventType.QUARANTINE, at=now, actor=actor, memory_id=mid, reason=reason
            )
            for mid, reason in held.items()
        ],
    )


def decide_quarantined(
    conn: Connection,
    tenant: str,
    memory_id: Any,
    *,
    release: bool,
    now: datetime,
    actor: str,
    reason: str | None = None,
) -> bool:
    """Release a held memory to the active set, or reject it (archived ``rejected``).
    False when it was not held."""
    change = (
        "status = 'active'"
        if release
        else "status = 'archived', archive_reason = 'rejected', archived_at = :now"
    )
    before = states_of(conn, tenant, [memory_id])
    prior = conn.execute(
        text(
            f"UPDATE memory_state SET {change}, quarantine_reason = NULL, {CHANGED}"
            " WHERE tenant = :t AND memory_id = :id AND status = 'quarantined'"
            " RETURNING memory_id"
        ),
        {"t": tenant, "id": memory_id, "now": now},
    ).scalar()
    if prior is None:
        return False
    kind = EventType.RELEASE if release else EventType.QUARANTINE_REJECT
    record_events(
        conn,
        [
            event_row(
                tenant,
                kind,
                at=now,
                actor=actor,
                memory_id=memory_id,
                reason=reason,
                data={"prior_states": before},
            )
        ],
    )
    return True


# -- recorded states: what an act keeps so a rewind can put a memory back exactly --------
# A memory's curated state (what curation and the curator change) and the counters a
# merge folds; a rewind and its undo set all of them at once.
CURATED_FIELDS = (
    "status", "archive_reason", "archived_at", "superseded_by", "parent_id", "pinned",
    "generality", "quarantine_reason",
)  # fmt: skip
COUNTER_FIELDS = ("importance", "recall_count", "proven")
STATE_FIELDS = CURATED_FIELDS + COUNTER_FIELDS


def jsonable_state(row: Any) -> dict[str, Any]:
    """A state row as JSON-ready values (ids and times as text) under ``STATE_FIELDS``."""
    out: dict[str, Any] = {}
    for name in STATE_FIELDS:
        value = getattr(row, name) if not isinstance(row, Mapping) else row.get(name)
        if isinstance(value, datetime):
            value = value.isoformat()
        elif isinstance(value, uuid.UUID):
            value = str(value)
        out[name] = value
    return out


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
