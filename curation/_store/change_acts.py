"""The acts on held changes: the write-time gate, and the curator's confirm and reject.

Confirming archives the older entry ``superseded`` through the same archive state change
as any other, with its event, so restore undoes it; rejecting keeps both (and restores an
older entry that an automatic apply archived). Either decision is a label the review gate
counts (``curation._review``).
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, text

from curation._errors import AlreadyDecidedError, InvalidStateError, NotFoundError
from curation._kinds import ArchiveReason, ChangeReviewStatus, EventType
from curation._plan import ArchiveAction
from curation._policy import CurationPolicy
from curation._records import ChangeDecision
from curation._review import HeldChange
from curation._store.apply import archive_actions, lock_rows
from curation._store.change_review import DECIDED, hold_changes, load_gate, record_auto_applied
from curation._store.events import Stamp, record_events
from curation._store.lifecycle import archive_one, restore_rows
from curation._store.lifecycle.review import decide_review
from curation._store.rows import tenant_rows


def apply_inferred_on_write(
    conn: Connection,
    tenant: str,
    actions: Sequence[ArchiveAction],
    policy: CurationPolicy,
    *,
    now: datetime,
    actor: str,
) -> set[str]:
    """The write-time counterpart of the plan's gate: archive the inferred supersessions
    the tenant has earned, hold the others, drop decided pairs. Returns the archived ids."""
    if not actions:
        return set()
    stamp = Stamp(tenant, now, actor)
    gate = load_gate(conn, tenant, policy)
    undecided = [a for a in actions if not gate.decided(a.memory_id, a.target_id or "")]
    if not gate.earned:
        held = [
            HeldChange(a.memory_id, a.target_id or "", a.detail, a.similarity) for a in undecided
        ]
        hold_changes(conn, stamp, held, source="write")
        return set()
    done = archive_actions(conn, stamp, undecided)
    record_auto_applied(conn, stamp, undecided, done, source="write")
    return done


# -- the curator's acts -------------------------------------------------------------------
def _locked_review(conn: Connection, tenant: str, review_id: uuid.UUID) -> Any:
    """The undecided change, locked after its two memories' state rows: an apply locks
    those first and then records the change, so the same order cannot deadlock with it."""
    query = "SELECT * FROM change_review WHERE tenant = :t AND id = :id"
    params = {"t": tenant, "id": review_id}
    row = conn.execute(text(query), params).first()
    if row is None:
        raise NotFoundError("change", str(review_id), tenant)
    lock_rows(conn, tenant, [str(row.older_id), str(row.newer_id)])
    row = conn.execute(text(query + " FOR UPDATE"), params).one()
    if row.status in DECIDED:
        raise AlreadyDecidedError("change", str(review_id), row.status)
    return row


def _states(conn: Connection, tenant: str, *ids: Any) -> dict[str, Any]:
    lock_rows(conn, tenant, [str(i) for i in ids])
    rows = tenant_rows(
        conn,
        tenant,
        "SELECT memory_id, status, pinned, version, parent_id, archive_reason,"
        " superseded_by FROM memory_state WHERE tenant = :t AND memory_id = ANY(:ids)",
        ids=list(ids),
    )
    return {str(r.memory_id): r for r in rows}


def confirm(
    conn: Connection, stamp: Stamp, review_id: uuid.UUID, note: str | None
) -> ChangeDecision:
    """The change is right: a pending one archives the older entry ``superseded`` by the
    newer (event ``archive``, restorable like any archive); an applied one stays applied.
    Either way the decision is a confirmed label (event ``approve``)."""
    tenant = stamp.tenant
    row = _locked_review(conn, tenant, review_id)
    older, newer = str(row.older_id), str(row.newer_id)
    archived = False
    if row.status == ChangeReviewStatus.PENDING.value:
        states = _states(conn, tenant, older, newer)
        if states[newer].status != "active":
            raise InvalidStateError(
                f"change {review_id}: the newer memory {newer} is {states[newer].status}; "
                "it cannot supersede anything"
            )
        prior = states[older]
        if prior.status != "active":
            raise InvalidStateError(
                f"change {review_id}: the older memory {older} is already {prior.status}"
            )
        if prior.pinned:
            raise InvalidStateError(f"memory {older} is pinned; unpin it first")
        archived = archive_one(
            conn, tenant, older, ArchiveReason.SUPERSEDED.value, now=stamp.at, superseded_by=newer
        )
    # the archive's own event first, then the label's
    first = []
    if archived:
        first.append(
            stamp.event(
                EventType.ARCHIVE,
                memory_id=older,
                related_ids=[newer],
                reason=row.detail,
                data={
                    "mechanic": "supersession",
                    "archive_reason": ArchiveReason.SUPERSEDED.value,
                    "inferred": True,
                    "change_review_id": str(review_id),
                    "prior": {
                        "status": "active",
                        "version": int(prior.version),
                        "parent_id": None if prior.parent_id is None else str(prior.parent_id),
                    },
                },
            )
        )
    decision = ChangeDecision(
        str(review_id), ChangeReviewStatus.CONFIRMED.value, older, newer, archived=archived
    )
    return _label(conn, stamp, decision, first, note)


def reject(
    conn: Connection, stamp: Stamp, review_id: uuid.UUID, note: str | None
) -> ChangeDecision:
    """The change is wrong: both entries stay (an older one an automatic apply archived,
    and still archived as it left it, is restored), the pair is never proposed again and
    the decision is a rejected label (event ``reject``)."""
    tenant = stamp.tenant
    row = _locked_review(conn, tenant, review_id)
    older, newer = str(row.older_id), str(row.newer_id)
    restored = False
    if row.status == ChangeReviewStatus.AUTO_APPLIED.value:
        prior = _states(conn, tenant, older)[older]
        if (
            prior.status == "archived"
            and prior.archive_reason == ArchiveReason.SUPERSEDED.value
            and str(prior.superseded_by) == newer
        ):
            restore_rows(
                conn,
                tenant,
                [prior],
                now=stamp.at,
                actor=stamp.actor,
                reason="inferred supersession rejected",
            )
            restored = True
    decision = ChangeDecision(
        str(review_id), ChangeReviewStatus.REJECTED.value, older, newer, restored=restored
    )
    return _label(conn, stamp, decision, [], note)


def _label(
    conn: Connection,
    stamp: Stamp,
    decision: ChangeDecision,
    first: list[dict[str, Any]],
    note: str | None,
) -> ChangeDecision:
    """Record the curator's decision on a change: its status, and its event (``approve``
    or ``reject``) after the act's own (``first``)."""
    review_id = uuid.UUID(decision.id)
    decide_review(conn, review_id, decision.status, now=stamp.at, actor=stamp.actor, note=note)
    confirmed = decision.status == ChangeReviewStatus.CONFIRMED.value
    verdict = "confirmed" if confirmed else "rejected"
    done = {"archived": decision.archived} if confirmed else {"restored": decision.restored}
    label = stamp.event(
        EventType.APPROVE if confirmed else EventType.REJECT,
        memory_id=decision.older_id,
        related_ids=[decision.newer_id],
        reason=note or f"inferred supersession {verdict}",
        data={"change_review_id": decision.id, **done},
    )
    record_events(conn, [*first, label])
    return decision
