"""A held change's state changes (``change_review``): pending → auto_applied (an apply
the tenant earned), pending | auto_applied → confirmed | rejected (the curator), and
auto_applied → pending again when the run that applied it is undone. Holding writes the
pending row (``change_review.hold_changes``); the caller records the events."""

from __future__ import annotations

import json
import uuid
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, text


def mark_auto_applied(
    conn: Connection,
    tenant: str,
    rows: Sequence[Mapping[str, Any]],
    *,
    source: str,
    run_id: uuid.UUID | None,
    now: datetime,
    actor: str,
) -> int:
    """Rows (id, o: older, n: newer, d: detail, s: similarity) applied without review: a
    new row, or the pair's pending row, becomes ``auto_applied``. How many were written."""
    return len(
        conn.execute(
            text(
                """
                INSERT INTO change_review (id, tenant, older_id, newer_id, detail, similarity,
                                           source, proposed_at, run_id, status, decided_at,
                                           decided_by)
                SELECT x.id, :t, x.o, x.n, x.d, x.s, :source, :now, :run, 'auto_applied',
                       :now, :actor
                FROM jsonb_to_recordset(CAST(:rows AS jsonb))
                    AS x(id uuid, o uuid, n uuid, d text, s double precision)
                ON CONFLICT (tenant, older_id, newer_id) DO UPDATE
                    SET status = 'auto_applied', decided_at = :now, decided_by = :actor,
                        run_id = excluded.run_id
                    WHERE change_review.status = 'pending'
                RETURNING id
                """
            ),
            {
                "t": tenant,
                "source": source,
                "now": now,
                "run": run_id,
                "actor": actor,
                "rows": json.dumps(list(rows)),
            },
        ).all()
    )


def decide_review(
    conn: Connection,
    review_id: uuid.UUID,
    status: str,
    *,
    now: datetime,
    actor: str,
    note: str | None,
) -> None:
    """The curator's label: ``confirmed`` or ``rejected``, with the note."""
    conn.execute(
        text(
            "UPDATE change_review SET status = :s, decided_at = :now, decided_by = :a,"
            " note = :note WHERE id = :id"
        ),
        {"s": status, "now": now, "a": actor, "note": note, "id": review_id},
    )


def reopen_undone_reviews(
    conn: Connection, tenant: str, run_id: uuid.UUID, restored: Sequence[Any]
) -> None:
    """A run's undo: the inferred supersessions it applied and the undo took back (their
    older entry ``restored``) are unreviewed again."""
    conn.execute(
        text(
            "UPDATE change_review SET status = 'pending', decided_at = NULL, decided_by = NULL"
            " WHERE tenant = :t AND run_id = :r AND status = 'auto_applied'"
            " AND older_id = ANY(CAST(:restored AS uuid[]))"
        ),
        {"t": tenant, "r": run_id, "restored": [str(m) for m in restored]},
    )
