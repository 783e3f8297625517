"""A memory's two state changes, archive and restore, written once.

Every change bumps the row's ``version`` (what optimistic plans and recall caches key on)
and stamps ``updated_at``. The SET clauses below are the only spelling of either change;
the bulk statements of a run's apply and undo and the curator's acts embed them, and the
one-row changes here also append their event.
"""

from __future__ import annotations

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
        conn, [event_row(tenant, kind, at=now, actor=actor, memory_id=memory_id, reason=reason)]
    )
    return True
