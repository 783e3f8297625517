"""An online experiment's state change: running → stopped, by the curator (now, with a
reason) or because its window ended (as of ``ends_at``), with its ``experiment_stop``
event."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import Connection, text

from curation._kinds import EventType
from curation._store.events import record_event
from curation._store.sql.experiment import EXPERIMENT_COLUMNS


def stop_experiment(
    conn: Connection, tenant: str, experiment_id: Any, *, at: datetime, reason: str, actor: str
) -> Any:
    """Stop a running experiment now; its row as it is after."""
    row = conn.execute(
        text(
            "UPDATE experiment SET status = 'stopped', stopped_at = :at,"
            " stop_reason = :why WHERE tenant = :t AND id = :id"
            f" RETURNING {EXPERIMENT_COLUMNS}"
        ),
        {"t": tenant, "id": experiment_id, "at": at, "why": reason},
    ).one()
    _stopped(conn, tenant, row, at=at, reason=reason, actor=actor)
    return row


def close_ended_experiments(conn: Connection, tenant: str, *, at: datetime, actor: str) -> None:
    """Stop the running experiments whose window has passed by ``at``."""
    ended = conn.execute(
        text(
            "UPDATE experiment SET status = 'stopped', stopped_at = ends_at,"
            " stop_reason = 'ended' WHERE tenant = :t AND status = 'running'"
            " AND ends_at <= :at RETURNING id, name"
        ),
        {"t": tenant, "at": at},
    ).all()
    for row in ended:
        _stopped(conn, tenant, row, at=at, reason="ended", actor=actor)


def _stopped(
    conn: Connection, tenant: str, row: Any, *, at: datetime, reason: str, actor: str
) -> None:
    record_event(
        conn,
        tenant,
        EventType.EXPERIMENT_STOP,
        at=at,
        actor=actor,
        reason=reason,
        data={"experiment_id": str(row.id), "name": row.name},
    )
