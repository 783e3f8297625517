"""Held changes (``change_review``): inferred supersessions waiting for the curator and
the ones applied because the tenant earned it; the decided rows are the labels the review
gate counts (``curation._review``). Holding writes a pending row, one per older/newer
pair: never duplicated, never proposed again once decided. The curator's acts on them are
in ``change_acts``.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Sequence

from sqlalchemy import Connection, text

from curation._kinds import ChangeReviewStatus, EventType
from curation._plan import ArchiveAction
from curation._policy import CurationPolicy
from curation._records import ChangeGate, ChangeReview
from curation._review import HeldChange, ReviewGate
from curation._store.events import Stamp, record_events
from curation._store.lifecycle.review import mark_auto_applied
from curation._store.rows import from_row, tenant_rows

# a pending change is open only while its older entry is active: once the entry is archived
# (another change of it confirmed, say) deciding this one is moot; restored, it is open again
_OLDER_ACTIVE = (
    "EXISTS (SELECT 1 FROM memory_state s WHERE s.tenant = c.tenant"
    " AND s.memory_id = c.older_id AND s.status = 'active')"
)
DECIDED = (ChangeReviewStatus.CONFIRMED.value, ChangeReviewStatus.REJECTED.value)


def load_gate(conn: Connection, tenant: str, policy: CurationPolicy) -> ReviewGate:
    """The tenant's labels (confirmed and rejected decisions) under its policy."""
    rows = tenant_rows(
        conn,
        tenant,
        "SELECT older_id, newer_id, status FROM change_review"
        " WHERE tenant = :t AND status = ANY(:decided)",
        decided=list(DECIDED),
    )
    confirmed = sum(1 for r in rows if r.status == ChangeReviewStatus.CONFIRMED.value)
    return ReviewGate.for_policy(
        policy,
        confirmed=confirmed,
        rejected=len(rows) - confirmed,
        decided_pairs=frozenset((str(r.older_id), str(r.newer_id)) for r in rows),
    )


def gate_status(conn: Connection, tenant: str, policy: CurationPolicy) -> ChangeGate:
    gate = load_gate(conn, tenant, policy)
    pending = conn.execute(
        text(
            "SELECT count(*) FROM change_review c WHERE c.tenant = :t"
            f" AND c.status = 'pending' AND {_OLDER_ACTIVE}"
        ),
        {"t": tenant},
    ).scalar_one()
    return ChangeGate(
        confirmed=gate.confirmed,
        rejected=gate.rejected,
        reviewed=gate.reviewed,
        precision=None if gate.precision is None else round(gate.precision, 4),
        min_reviewed=gate.min_reviewed,
        min_precision=gate.min_precision,
        auto_apply_earned=gate.earned,
        pending=int(pending),
    )


_REVIEW_IDS = uuid.UUID("6f1c2a8e-3b7d-4f0e-9a51-2c8d7e4b9f30")


def hold_changes(
    conn: Connection, stamp: Stamp, held: Sequence[HeldChange], *, source: str
) -> list[str]:
    """Pending rows for the held changes whose older entry is still active; a pair
    already recorded (pending or decided) is left as it is. Returns the new rows' ids."""
    if not held:
        return []
    # one row per (tenant, older, newer), so its id is derived from them: a retried run
    # (after a crash) writes the very same rows and events as an uninterrupted one
    ids = [uuid.uuid5(_REVIEW_IDS, f"{stamp.tenant}\n{h.older_id}\n{h.newer_id}") for h in held]
    payload = [
        {"id": str(i), "o": h.older_id, "n": h.newer_id, "d": h.detail, "s": h.similarity}
        for i, h in zip(ids, held, strict=True)
    ]
    made = set(
        conn.execute(
            text(
                """
                INSERT INTO change_review (id, tenant, older_id, newer_id, detail, similarity,
                                           source, proposed_at, run_id)
                SELECT x.id, :t, x.o, x.n, x.d, x.s, :source, :now, :run
                FROM jsonb_to_recordset(CAST(:rows AS jsonb))
                    AS x(id uuid, o uuid, n uuid, d text, s double precision)
                WHERE EXISTS (SELECT 1 FROM memory_state WHERE tenant = :t
                              AND memory_id = x.o AND status = 'active')
                ON CONFLICT (tenant, older_id, newer_id) DO NOTHING
                RETURNING id
                """
            ),
            {
                "t": stamp.tenant,
                "source": source,
                "now": stamp.at,
                "run": stamp.run_id,
                "rows": json.dumps(payload),
            },
        ).scalars()
    )
    created = [(i, h) for i, h in zip(ids, held, strict=True) if i in made]
    record_events(
        conn,
        [
            stamp.event(
                EventType.PROPOSE,
                memory_id=h.older_id,
                related_ids=[h.newer_id],
                reason="held for review: " + h.detail,
                data={"change_review_id": str(i), "similarity": h.similarity},
            )
            for i, h in created
        ],
    )
    return [str(i) for i, _ in created]


def record_auto_applied(
    conn: Connection,
    stamp: Stamp,
    actions: Sequence[ArchiveAction],
    archived: set[str],
    *,
    source: str,
) -> int:
    """Rows for the inferred supersessions applied without review (a pending row of the
    pair becomes ``auto_applied``): what the curator may still sample and decide."""
    applied = [a for a in actions if a.inferred and a.memory_id in archived and a.target_id]
    if not applied:
        return 0
    payload = [
        {
            "id": str(uuid.uuid4()),
            "o": a.memory_id,
            "n": a.target_id,
            "d": a.detail,
            "s": a.similarity,
        }
        for a in applied
    ]
    return mark_auto_applied(
        conn,
        stamp.tenant,
        payload,
        source=source,
        run_id=stamp.run_id,
        now=stamp.at,
        actor=stamp.actor,
    )


def list_changes(
    conn: Connection, tenant: str, status: str | None, limit: int
) -> list[ChangeReview]:
    where = "c.tenant = :t" + (" AND c.status = :s" if status else "")
    if status == ChangeReviewStatus.PENDING.value:
        where += f" AND {_OLDER_ACTIVE}"
    rows = tenant_rows(
        conn,
        tenant,
        "SELECT c.*, o.content AS older_content, n.content AS newer_content"
        " FROM change_review c"
        " JOIN memory o ON o.tenant = c.tenant AND o.id = c.older_id"
        " JOIN memory n ON n.tenant = c.tenant AND n.id = c.newer_id"
        f" WHERE {where} ORDER BY c.proposed_at, c.id LIMIT :n",
        s=status,
        n=limit,
    )
    return [from_row(ChangeReview, r) for r in rows]
