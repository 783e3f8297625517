"""A principle proposal's state changes: pending → approved | rejected, approved →
unmerged, and pending → withdrawn when the run that made it is undone. The caller locks
the row, checks the state it leaves and records the event."""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, text


def decide_proposal(
    conn: Connection,
    proposal_id: uuid.UUID,
    status: str,
    *,
    now: datetime,
    actor: str,
    principle_id: Any = None,
) -> None:
    """The curator's decision (``approved`` with its principle, ``rejected``, ``unmerged``;
    an unmerge keeps the principle the approval named)."""
    conn.execute(
        text(
            "UPDATE proposal SET status = :s, principle_id = coalesce(:p, principle_id),"
            " decided_at = :now, decided_by = :a WHERE id = :id"
        ),
        {"s": status, "p": principle_id, "now": now, "a": actor, "id": proposal_id},
    )


def withdraw_pending_proposals(
    conn: Connection, tenant: str, run_id: uuid.UUID, *, now: datetime, actor: str
) -> list[Any]:
    """The run's undo: its still-pending proposals withdrawn. Returns their ids."""
    return list(
        conn.execute(
            text(
                "UPDATE proposal SET status = 'withdrawn', decided_at = :now, "
                "decided_by = 'undo:' || :actor "
                "WHERE tenant = :t AND run_id = :r AND status = 'pending' RETURNING id"
            ),
            {"t": tenant, "r": run_id, "now": now, "actor": actor},
        ).scalars()
    )
