"""A conflict's state changes: open → resolved | dismissed (the curator, or a run's
undo dismissing the conflicts it opened), and back to open (reopen). The caller locks
the row, checks the state it leaves and records the event."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, text


def settle_conflict(
    conn: Connection,
    conflict_id: uuid.UUID,
    status: str,
    resolution: str,
    *,
    note: str | None,
    now: datetime,
    actor: str,
) -> None:
    """The curator's resolution (``resolved`` or ``dismissed``), with its note."""
    conn.execute(
        text(
            "UPDATE conflict SET status = :s, resolution = :r, resolution_note = :n,"
            " resolved_at = :now, resolved_by = :a WHERE id = :id"
        ),
        {"s": status, "r": resolution, "n": note, "now": now, "a": actor, "id": conflict_id},
    )


def reopen_conflict(conn: Connection, conflict_id: uuid.UUID) -> None:
    """Open again, every trace of the resolution cleared."""
    conn.execute(
        text(
            "UPDATE conflict SET status = 'open', resolution = NULL, resolution_note = NULL,"
            " resolved_at = NULL, resolved_by = NULL WHERE id = :id"
        ),
        {"id": conflict_id},
    )


def dismiss_open_conflicts(
    conn: Connection, tenant: str, ids: Sequence[str], *, now: datetime, actor: str
) -> list[Any]:
    """A run's undo: the conflicts it opened that are still open, dismissed. Their ids."""
    return list(
        conn.execute(
            text(
                "UPDATE conflict SET status = 'dismissed', resolution = 'dismiss', "
                "resolution_note = 'run undone', resolved_at = :now, resolved_by = :actor "
                "WHERE tenant = :t AND status = 'open' AND id = ANY(CAST(:ids AS uuid[])) "
                "RETURNING id"
            ),
            {"t": tenant, "now": now, "actor": actor, "ids": list(ids)},
        ).scalars()
    )
