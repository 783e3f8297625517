"""A curation run's states: recorded ``applied`` or ``dry_run`` with its report and the
policy it ran under (a run, a rewind), and applied → ``undone`` (a run's undo, a
rewind's undo)."""

from __future__ import annotations

import json
import uuid
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, text

from curation._kinds import EventType
from curation._records import RunReport
from curation._store.events import event_row, record_events


def record_run(
    conn: Connection,
    tenant: str,
    run_id: uuid.UUID,
    report: RunReport,
    policy: Mapping[str, Any],
    *,
    now: datetime,
    recorded_at: datetime,
    actor: str,
    reason: str,
    data: Mapping[str, Any],
) -> None:
    """The run's row (``dry_run`` or ``applied`` as its report says) and its
    ``curation_run`` event."""
    conn.execute(
        text(
            """
            INSERT INTO curation_run (id, tenant, started_at, finished_at, recorded_at,
                                      dry_run, status, report, policy)
            VALUES (:id, :t, :at, :at, :recorded, :dry, :status, CAST(:r AS jsonb),
                    CAST(:p AS jsonb))
            """
        ),
        {
            "id": run_id,
            "t": tenant,
            "at": now,
            "recorded": recorded_at,
            "dry": report.dry_run,
            "status": "dry_run" if report.dry_run else "applied",
            "r": json.dumps(report.stored()),
            "p": json.dumps(dict(policy)),
        },
    )
    record_events(
        conn,
        [
            event_row(
                tenant,
                EventType.CURATION_RUN,
                at=now,
                actor=actor,
                run_id=run_id,
                reason=reason,
                data=dict(data),
            )
        ],
    )


def mark_run_undone(conn: Connection, tenant: str, run_id: uuid.UUID, *, now: datetime) -> None:
    conn.execute(
        text(
            "UPDATE curation_run SET status = 'undone', undone_at = :now"
            " WHERE tenant = :t AND id = :r"
        ),
        {"t": tenant, "r": run_id, "now": now},
    )
