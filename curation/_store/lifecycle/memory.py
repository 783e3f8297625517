"""A memory's state changes — archive, re-archive, restore, revive, quarantine and its
decision — written once (their SET clauses in ``changes``); the one-row changes here also
append their event."""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, text

from curation._kinds import EventType
from curation._store.events import event_row, record_events
from curation._store.lifecycle.changes import ARCHIVE_SET, CHANGED, RESTORE_SET, archived_at
from curation._store.lifecycle.recorded import states_of


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
            f"UPDATE memory_state SET {archived_at('CAST(:at AS timestamptz)')},"
            " archive_reason = :r, superseded_by = :sup"
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
    datas = [
        {
            "prior": {
                "status": p.status,
                "archive_reason": p.archive_reason,
                "archived_at": _iso(getattr(p, "archived_at", None)),
                "superseded_by": None if p.superseded_by is None else str(p.superseded_by),
                "parent_id": None if p.parent_id is None else str(p.parent_id),
            }
        }
        for p in priors
    ]
    _record_restores(conn, tenant, ids, datas, now=now, actor=actor, reason=reason, run_id=run_id)


def restore_run_archives(
    conn: Connection,
    tenant: str,
    run_id: uuid.UUID,
    archived: Sequence[Any],
    *,
    now: datetime,
    actor: str,
) -> list[Any]:
    """A run's undo: restore what it archived (its ``archive`` events) that is still as the
    run left it — the row's last archive, restore or revive event is the run's — with the
    prior parent an archive event kept (older events keep none: the parent is left), and
    append one RESTORE event each with the state before. Returns the restored ids."""
    priors = [(e.data or {}).get("prior") or {} for e in archived]
    before = states_of(conn, tenant, [e.memory_id for e in archived])  # what a rewind needs
    restored = list(
        conn.execute(
            text(
                f"""
                UPDATE memory_state s SET {RESTORE_SET},
                    parent_id = CASE WHEN p.has_prior THEN p.parent ELSE s.parent_id END
                FROM unnest(CAST(:ids AS uuid[]), CAST(:parents AS uuid[]),
                            CAST(:has_prior AS boolean[])) AS p(id, parent, has_prior)
                WHERE s.tenant = :t AND s.memory_id = p.id
                  AND s.status = 'archived'
                  AND (SELECT e.run_id FROM event e
                       WHERE e.tenant = :t AND e.memory_id = s.memory_id
                         AND e.type IN ('archive', 'restore', 'revive')
                       ORDER BY e.id DESC LIMIT 1) = :r
                RETURNING s.memory_id
                """
            ),
            {
                "t": tenant,
                "ids": [str(e.memory_id) for e in archived],
                "parents": [p.get("parent_id") for p in priors],
                "has_prior": ["parent_id" in p for p in priors],
                "now": now,
                "r": run_id,
            },
        ).scalars()
    )
    datas = [
        {"undo_of_run": str(run_id), "prior_states": {str(m): before[str(m)]}} for m in restored
    ]
    reason = "curation run undone"
    _record_restores(
        conn, tenant, restored, datas, now=now, actor=actor, reason=reason, run_id=run_id
    )
    return restored


def _record_restores(
    conn: Connection,
    tenant: str,
    ids: Sequence[Any],
    datas: Sequence[Mapping[str, Any]],
    *,
    now: datetime,
    actor: str,
    reason: str,
    run_id: uuid.UUID | None,
) -> None:
    """One RESTORE event per restored memory: the one place they are built."""
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
                data=dict(data),
            )
            for mid, data in zip(ids, datas, strict=True)
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
        f"status = 'active', {CHANGED}"
        if release
        else f"{ARCHIVE_SET}, archive_reason = 'rejected'"
    )
    before = states_of(conn, tenant, [memory_id])
    prior = conn.execute(
        text(
            f"UPDATE memory_state SET {change}, quarantine_reason = NULL"
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
