"""A curation run's state change: applied → undone (a run's undo, a rewind's undo)."""

from __future__ import annotations

import uuid
from datetime import datetime

from sqlalchemy import Connection, text


def mark_run_undone(conn: Connection, tenant: str, run_id: uuid.UUID, *, now: datetime) -> None:
    conn.execute(
        text(
            "UPDATE curation_run SET status = 'undone', undone_at = :now"
            " WHERE tenant = :t AND id = :r"
        ),
        {"t": tenant, "r": run_id, "now": now},
    )
