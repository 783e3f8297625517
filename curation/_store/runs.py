"""A curation run: snapshot → plan → apply (or dry run) under the tenant's lock, with a
stored report; and its undo from the event history."""

from __future__ import annotations

import time
import uuid
from collections.abc import Mapping
from datetime import datetime

from sqlalchemy import Connection, text

from curation._errors import BackdatedRunError
from curation._kinds import EventType
from curation._plan import CurationPlan
from curation._records import RunReport, UndoReport
from curation._store.apply import apply_plan, effective_mechanics
from curation._store.database import scope_to_tenant
from curation._store.events import event_row, record_events
from curation._store.lifecycle import restore_run_archives, states_of
from curation._store.lifecycle.conflict import dismiss_open_conflicts
from curation._store.lifecycle.proposal import withdraw_pending_proposals
from curation._store.lifecycle.review import reopen_undone_reviews
from curation._store.lifecycle.run import mark_run_undone, record_run
from curation._store.locks import take_transaction_lock
from curation._store.rewind import is_rewind, undo_rewind
from curation._store.sql.memory import ACTIVE_COUNT


def run_apply(
    conn: Connection,
    plan: CurationPlan,
    *,
    dry_run: bool,
    now: datetime,
    actor: str,
    recorded_at: datetime | None = None,
    forced_now_reason: str | None = None,
    started: float | None = None,
    timings: Mapping[str, float] | None = None,
) -> RunReport:
    """Apply (or dry-run) a plan in one transaction on ``conn`` and store its report, with
    the wall times of the phases that made the plan (``timings``) if the caller has them.

    ``now`` is the time the run acts at, ``recorded_at`` the store clock's time when it is
    made (they differ for a replay at ``--now``; default ``now``). An apply at a ``now``
    before the tenant's last applied run or newest write is refused (BackdatedRunError)
    unless ``forced_now_reason`` says why; the reason is stored in the report."""
    tenant = plan.tenant
    run_id = uuid.uuid4()
    started = started if started is not None else time.perf_counter()
    with conn.begin():
        scope_to_tenant(conn, tenant)
        take_transaction_lock(conn, tenant)
        if not dry_run:
            refuse_backdating(conn, tenant, now, forced_now_reason)
        applied = apply_plan(conn, plan, run_id=run_id, now=now, actor=actor, dry_run=dry_run)
        # what an apply under the plan's modes would leave (a dry run's honest "after")
        planned = {
            **plan.counts(),
            "active_after_apply": plan.active_after_writing(effective_mechanics(plan, False)),
        }
        active_after = conn.execute(
            text(ACTIVE_COUNT),
            {"t": tenant},
        ).scalar_one()
        report = RunReport(
            run_id=str(run_id),
            tenant=tenant,
            dry_run=dry_run,
            at=now.isoformat(),
            planned=planned,
            applied={k: v for k, v in applied.items() if not k.endswith("_ids")},
            active_after=int(active_after),
            modes={
                "supersession": plan.policy.supersession.value,
                "duplicates": plan.policy.duplicates.value,
                "decay": plan.policy.decay.value,
                "contradiction": plan.policy.contradiction.value,
                "compression": plan.policy.compression.value,
            },
            timings=dict(timings or {}),
            duration_s=round(time.perf_counter() - started, 4),
            archived_ids=[str(i) for i in applied["archived_ids"]],
            conflict_ids=[str(i) for i in applied["conflict_ids"]],
            proposal_ids=[str(i) for i in applied["proposal_ids"]],
            forced_now_reason=forced_now_reason,
        )
        record_run(
            conn,
            tenant,
            run_id,
            report,
            plan.policy.model_dump(mode="json"),
            now=now,
            recorded_at=recorded_at or now,
            actor=actor,
            reason="dry run" if dry_run else "applied",
            data={
                "planned": planned,
                "applied": report.applied,
                **({"forced_now_reason": forced_now_reason} if forced_now_reason else {}),
            },
        )
    return report


def undo_run(
    conn: Connection, tenant: str, run_id: uuid.UUID, *, now: datetime, actor: str
) -> UndoReport:
    """Invert a run from its events: restore what it archived (if still archived as it left
    it), take back folded counts, dismiss the conflicts and withdraw the proposals it made.
    Idempotent: a run already undone (or a dry run, which wrote nothing) reverts nothing
    and records no event; its report says so."""
    take_transaction_lock(conn, tenant)
    run = conn.execute(
        text("SELECT status, undone_at FROM curation_run WHERE tenant = :t AND id = :r FOR UPDATE"),
        {"t": tenant, "r": run_id},
    ).one()
    if run.status != "applied":
        return UndoReport(
            restored=0,
            merges_reverted=0,
            conflicts_dismissed=0,
            proposals_withdrawn=0,
            status_before=run.status,
            undone_at=None if run.undone_at is None else run.undone_at.isoformat(),
        )
    if is_rewind(conn, tenant, run_id):  # a rewind keeps every row's before and after
        return undo_rewind(conn, tenant, run_id, now=now, actor=actor)
    events = conn.execute(
        text("SELECT * FROM event WHERE tenant = :t AND run_id = :r ORDER BY id"),
        {"t": tenant, "r": run_id},
    ).all()
    archived = [e for e in events if e.type == EventType.ARCHIVE.value]
    restored = restore_run_archives(conn, tenant, run_id, archived, now=now, actor=actor)
    # an inferred supersession the run applied and the undo took back is unreviewed again
    reopen_undone_reviews(conn, tenant, run_id, restored)
    merges = [e for e in events if e.type == EventType.MERGE.value]
    canonicals = states_of(conn, tenant, [m.memory_id for m in merges if m.memory_id])
    for merge in merges:
        conn.execute(
            text(
                "UPDATE memory_state SET recall_count = greatest(0, recall_count - :rc), "
                "proven = greatest(0, proven - :pv), importance = :imp, "
                "version = version + 1, updated_at = :now "
                "WHERE tenant = :t AND memory_id = :id"
            ),
            {
                "t": tenant,
                "id": merge.memory_id,
                "rc": merge.data["folded_recall_count"],
                "pv": merge.data["folded_proven"],
                "imp": merge.data["importance_before"],
                "now": now,
            },
        )
    conflict_ids = [
        e.data.get("conflict_id")
        for e in events
        if e.type == EventType.CONTEST.value and e.data.get("conflict_id")
    ]
    conflicts = dismiss_open_conflicts(conn, tenant, conflict_ids, now=now, actor=actor)
    proposals = withdraw_pending_proposals(conn, tenant, run_id, now=now, actor=actor)
    # what the undo took back besides the restores above, so a rewind can take it back too
    record_events(
        conn,
        [
            event_row(
                tenant,
                EventType.UNDO,
                at=now,
                actor=actor,
                run_id=run_id,
                reason="curation run undone",
                data={
                    "undo_of_run": str(run_id),
                    "prior_states": canonicals,  # the merges' canonicals before unfolding
                    "dismissed_conflict_ids": [str(c) for c in conflicts],
                    "withdrawn_proposal_ids": [str(p) for p in proposals],
                },
            )
        ],
    )
    mark_run_undone(conn, tenant, run_id, now=now)
    return UndoReport(
        restored=len(restored),
        merges_reverted=sum(1 for e in events if e.type == EventType.MERGE.value),
        conflicts_dismissed=len(conflicts),
        proposals_withdrawn=len(proposals),
        status_before="applied",
        undone_at=now.isoformat(),
    )


def refuse_backdating(
    conn: Connection, tenant: str, now: datetime, forced_now_reason: str | None
) -> None:
    """Time only moves forward for writes: an apply acting before the tenant's last applied
    run or its newest write would stamp archives in the past, outside the window the
    rolling prune cap counts, and draw the history backwards. Allowed only with a reason."""
    latest = conn.execute(
        text(
            "SELECT (SELECT max(started_at) FROM curation_run WHERE tenant = :t"
            "        AND status IN ('applied', 'undone')) AS last_run,"
            "       (SELECT max(created_at) FROM memory WHERE tenant = :t) AS newest_write"
        ),
        {"t": tenant},
    ).one()
    later = [
        f"{what} {at.isoformat()}"
        for what, at in (
            ("last applied run", latest.last_run),
            ("newest write", latest.newest_write),
        )
        if at is not None and at > now
    ]
    if later and not forced_now_reason:
        raise BackdatedRunError(now, "; ".join(later))
