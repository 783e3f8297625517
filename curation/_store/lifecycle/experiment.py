"""An online experiment's state change: running → stopped, by the curator (now, with a
reason) or because its window ended (as of ``ends_at``). The caller records the events."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, text

from curation._store.sql.experiment import EXPERIMENT_COLUMNS


def stop_experiment(
    conn: Connection, tenant: str, experiment_id: Any, *, at: datetime, reason: str
) -> Any:
    """Stop a running experiment now; its row as it is after."""
    return conn.execute(
        text(
            "UPDATE experiment SET status = 'stopped', stopped_at = :at,"
            " stop_reason = :why WHERE tenant = :t AND id = :id"
            f" RETURNING {EXPERIMENT_COLUMNS}"
        ),
        {"t": tenant, "id": experiment_id, "at": at, "why": reason},
    ).one()


def close_ended_experiments(conn: Connection, tenant: str, *, at: datetime) -> Sequence[Any]:
    """Stop the running experiments whose window has passed by ``at``: (id, name) each."""
    return conn.execute(
        text(
            "UPDATE experiment SET status = 'stopped', stopped_at = ends_at,"
            " stop_reason = 'ended' WHERE tenant = :t AND status = 'running'"
            " AND ends_at <= :at RETURNING id, name"
        ),
        {"t": tenant, "at": at},
    ).all()
