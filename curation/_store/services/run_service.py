"""Curation runs: snapshot, plan, apply, curate, undo, the run history; the golden
probes every run must keep; opt-in compaction."""

from __future__ import annotations

import time
import uuid
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Protocol

from sqlalchemy import Connection, text

from curation._errors import NotFoundError, ValidationError
from curation._kinds import EventType
from curation._neighbors import AutoPairSearch, PairSearch
from curation._plan import CurationPlan
from curation._planner import build_plan
from curation._policy import CurationPolicy
from curation._records import (
    GoldenProbe,
    RunRecord,
    RunReport,
    UndoReport,
)
from curation._snapshot import MemorySnapshot
from curation._store.change_review import load_gate
from curation._store.database import scope_to_tenant
from curation._store.events import record_event
from curation._store.locks import curation_lock, take_transaction_lock
from curation._store.runs import run_apply as apply_and_report
from curation._store.runs import undo_run
from curation._store.services.context import StoreService, locked_memory
from curation._store.snapshot_loader import load_snapshot
from curation._telemetry import planned, ran, reported, traced
from curation._validation import (
    MAX_RECALL_K,
    validate_limit,
    validate_query,
    validate_tenant,
    validate_uuid,
)

MAX_GRACE_DAYS = 36_500
MAX_REASON_CHARS = 500


def validate_force_reason(reason: object) -> str | None:
    """A reason to act before the tenant's last run or newest write: text, or None."""
    if reason is None:
        return None
    if not isinstance(reason, str) or not reason.strip() or len(reason) > MAX_REASON_CHARS:
        raise ValidationError(
            "force_now_reason",
            reason,
            f"must be non-blank text of at most {MAX_REASON_CHARS}"
            " characters saying why the run acts in the past",
        )
    return " ".join(reason.split())  # a century; beyond it the cutoff would leave the calendar


def pruned_since(
    conn: Connection,
    tenant: str,
    now: datetime,
    window_hours: float,
    *,
    recorded_now: datetime | None = None,
) -> int:
    """Entries decay archived in the ``window_hours`` before ``now`` and still archived
    (what the rolling prune cap has used up); 0 when the window is off.

    Applies only move forward in time (runs.refuse_backdating), so for them the window
    before ``now`` is sound. A run forced to act in the past stamps its archives there,
    outside the window the next run counts: its archives count by the time the run was
    made instead (``recorded_at``, the store clock's time), inside the window before
    ``recorded_now``; and a run acting in the past itself also counts what was archived
    in the window before ``recorded_now``. Runs replayed at simulated times without
    forcing are unaffected."""
    if window_hours <= 0:
        return 0
    window = timedelta(hours=window_hours)
    real = recorded_now if recorded_now is not None else now
    return int(
        conn.execute(
            text(
                "SELECT count(*) FROM memory_state s WHERE s.tenant = :t"
                " AND s.status = 'archived' AND s.archive_reason = 'decayed'"
                " AND ((s.archived_at > :since AND s.archived_at <= :now)"
                "  OR (:backdated AND s.archived_at > :real_since AND s.archived_at <= :real)"
                "  OR s.memory_id IN (SELECT e.memory_id FROM curation_run r"
                "   JOIN event e ON e.run_id = r.id AND e.tenant = r.tenant"
                "   WHERE r.tenant = :t AND NOT r.dry_run AND e.type = 'archive'"
                "     AND r.report ->> 'forced_now_reason' IS NOT NULL"
                "     AND coalesce(r.recorded_at, r.started_at) > :real_since"
                "     AND coalesce(r.recorded_at, r.started_at) <= :real))"
            ),
            {
                "t": tenant,
                "since": now - window,
                "now": now,
                "real_since": real - window,
                "real": real,
                "backdated": now < real,
            },
        ).scalar()
        or 0
    )


run_apply = reported(apply_and_report)


class PassObserver(Protocol):
    """Sees a curation pass's intermediate values (the bench samples memory with it)."""

    def loaded(self, snapshot: MemorySnapshot) -> None: ...

    def planned(self, plan: CurationPlan) -> None: ...


class RunService(StoreService):
    """Curation passes and their history for one store."""

    # -- the pass -----------------------------------------------------------------
    def snapshot(self, tenant: str, *, active_only: bool = True) -> MemorySnapshot:
        tenant = validate_tenant(tenant)
        with self.ctx.tx(tenant) as conn:
            return load_snapshot(
                conn, tenant, self.ctx.embedding_model, self.ctx.dimension, active_only=active_only
            )

    @traced("memgov.curate.plan", planned)
    def plan(
        self,
        tenant: str,
        *,
        now: datetime | None = None,
        policy: CurationPolicy | None = None,
        snapshot: MemorySnapshot | None = None,
        pair_search: PairSearch | None = None,
        timings: dict[str, float] | None = None,
    ) -> CurationPlan:
        """Pure given the snapshot: what a curation pass would do, with every reason.
        ``timings`` (optional) receives the planner's phase times for the run report."""

        at = self.ctx.now(now)
        snap = snapshot if snapshot is not None else self.snapshot(tenant)
        policy = policy or self.ctx.policy(tenant)
        with self.ctx.tx(snap.tenant) as conn:
            pruned = pruned_since(
                conn, snap.tenant, at, policy.prune_window_hours, recorded_now=self.ctx.now(None)
            )
            review = load_gate(conn, snap.tenant, policy)  # the labels of the review gate
        # exact below 10k rows per kind, the clustered join above (curation._neighbors)
        search = pair_search if pair_search is not None else AutoPairSearch()
        return build_plan(
            snap,
            policy,
            at,
            pair_search=search,
            timings=timings,
            pruned_in_window=pruned,
            review=review,
        )

    def apply(
        self,
        plan: CurationPlan,
        *,
        dry_run: bool = False,
        actor: str = "curation",
        now: datetime | None = None,
        force_now_reason: str | None = None,
    ) -> RunReport:
        """Apply a plan in one transaction under the tenant's lock; per mechanic only
        what the plan's policy sets to ``apply`` is written (``dry_run`` writes only the
        report). A ``now`` before the tenant's last applied run or newest write is refused
        (BackdatedRunError) unless ``force_now_reason`` says why."""
        reason = validate_force_reason(force_now_reason)
        with self.ctx.db.engine.connect() as conn:
            return run_apply(
                conn,
                plan,
                dry_run=dry_run,
                now=self.ctx.now(now),
                actor=actor,
                recorded_at=self.ctx.now(None),
                forced_now_reason=reason,
            )

    @traced("memgov.curate", ran)
    def curate(
        self,
        tenant: str,
        *,
        apply: bool = False,
        actor: str = "curation",
        now: datetime | None = None,
        policy: CurationPolicy | None = None,
        pair_search: PairSearch | None = None,
        observer: PassObserver | None = None,
        force_now_reason: str | None = None,
    ) -> RunReport:
        """A whole run — snapshot, plan, apply or dry run — holding the tenant's lock
        throughout, so a second run for the tenant is refused (CurationLockedError).

        The report's ``timings`` hold the wall time of each phase (``load``, the planner's
        phases, ``plan``). ``pair_search`` replaces the automatic duplicate search and
        ``observer`` sees the snapshot and the plan as each phase ends: both for the
        performance bench, which times and samples this very pass.

        An apply at a ``now`` before the tenant's last applied run or newest write is
        refused (BackdatedRunError) unless ``force_now_reason`` says why (stored in the
        report); the rolling prune cap counts by the store clock's time as well."""
        tenant = self.ctx.require_tenant(tenant)
        reason = validate_force_reason(force_now_reason)
        at = self.ctx.now(now)
        started = time.perf_counter()
        timings: dict[str, float] = {}
        with curation_lock(self.ctx.db, tenant) as conn:
            with conn.begin():
                scope_to_tenant(conn, tenant)
                snap = load_snapshot(conn, tenant, self.ctx.embedding_model, self.ctx.dimension)
            timings["load"] = round(time.perf_counter() - started, 6)
            if observer is not None:
                observer.loaded(snap)
            plan_started = time.perf_counter()
            plan = self.plan(
                tenant,
                now=at,
                policy=policy,
                snapshot=snap,
                pair_search=pair_search,
                timings=timings,
            )
            timings["plan"] = round(time.perf_counter() - plan_started, 6)
            if observer is not None:
                observer.planned(plan)
            return run_apply(
                conn,
                plan,
                dry_run=not apply,
                now=at,
                actor=actor,
                started=started,
                timings=timings,
                recorded_at=self.ctx.now(None),
                forced_now_reason=reason,
            )

    def undo(
        self,
        tenant: str,
        run_id: str | uuid.UUID,
        *,
        actor: str = "curator",
        now: datetime | None = None,
    ) -> UndoReport:
        tenant = validate_tenant(tenant)
        rid = validate_uuid("run_id", run_id)
        with self.ctx.tx(tenant) as conn:
            exists = conn.execute(
                text("SELECT 1 FROM curation_run WHERE tenant = :t AND id = :r"),
                {"t": tenant, "r": rid},
            ).scalar()
            if not exists:
                raise NotFoundError("curation run", str(rid), tenant)
            return undo_run(conn, tenant, rid, now=self.ctx.now(now), actor=actor)

    def latest(self, tenant: str, *, limit: int = 50) -> list[RunRecord]:
        tenant = validate_tenant(tenant)
        rows = self.ctx.rows(
            tenant,
            "SELECT id, started_at, dry_run, status, report FROM curation_run"
            " WHERE tenant = :t ORDER BY started_at DESC, id LIMIT :n",
            n=validate_limit("limit", limit),
        )
        return [
            RunRecord(
                id=str(r.id),
                started_at=r.started_at,
                dry_run=r.dry_run,
                status=r.status,
                report=RunReport.from_stored(dict(r.report)),
            )
            for r in rows
        ]

    # -- golden probes ----------------------------------------------------------------
    def add_golden_probe(
        self,
        tenant: str,
        query: str,
        expected_ids: Sequence[str | uuid.UUID],
        *,
        k: int = 6,
        now: datetime | None = None,
    ) -> str:
        """A query whose expected memories must stay in the top k after any curation."""
        tenant = validate_tenant(tenant)
        query = validate_query(query)
        ids = [validate_uuid("expected_ids", e) for e in expected_ids]
        k = validate_limit("k", k, maximum=MAX_RECALL_K)
        if not ids:
            raise ValidationError("expected_ids", [], "must name at least one memory")
        probe_id = uuid.uuid4()
        with self.ctx.tx(tenant) as conn:
            for memory_id in ids:
                locked_memory(conn, tenant, memory_id)
            conn.execute(
                text(
                    "INSERT INTO golden_probe (id, tenant, query, expected_ids, k, created_at)"
                    " VALUES (:id, :t, :q, CAST(:e AS uuid[]), :k, :at)"
                ),
                {
                    "id": probe_id,
                    "t": tenant,
                    "q": query,
                    "e": [str(i) for i in ids],
                    "k": k,
                    "at": self.ctx.now(now),
                },
            )
        return str(probe_id)

    def golden_probes(self, tenant: str) -> list[GoldenProbe]:
        tenant = validate_tenant(tenant)
        rows = self.ctx.rows(
            tenant, "SELECT * FROM golden_probe WHERE tenant = :t ORDER BY created_at, id"
        )
        return [
            GoldenProbe(
                id=str(r.id),
                query=r.query,
                k=r.k,
                expected_ids=[str(e) for e in r.expected_ids],
            )
            for r in rows
        ]

    # -- compaction -------------------------------------------------------------------
    def compact(
        self,
        tenant: str,
        *,
        grace_days: float,
        actor: str = "compaction",
        now: datetime | None = None,
    ) -> int:
        """Hard-delete archived entries older than the grace period. Explicit and opt-in:
        the only hard delete in Memgov. The event history is never touched."""
        tenant = validate_tenant(tenant)
        if (
            isinstance(grace_days, bool)
            or not isinstance(grace_days, int | float)
            or not 0 <= grace_days <= MAX_GRACE_DAYS
        ):
            raise ValidationError(
                "grace_days", grace_days, f"must be a number of days from 0 to {MAX_GRACE_DAYS}"
            )
        at = self.ctx.now(now)
        cutoff = at - timedelta(days=float(grace_days))
        with self.ctx.tx(tenant) as conn:
            take_transaction_lock(conn, tenant)
            deleted = (
                conn.execute(
                    text(
                        "DELETE FROM memory m USING memory_state s WHERE m.tenant = :t"
                        " AND s.tenant = m.tenant AND s.memory_id = m.id AND s.status = 'archived'"
                        " AND NOT s.pinned AND s.archived_at < :cutoff RETURNING m.id"
                    ),
                    {"t": tenant, "cutoff": cutoff},
                )
                .scalars()
                .all()
            )
            record_event(
                conn,
                tenant,
                EventType.COMPACT,
                at=at,
                actor=actor,
                related_ids=list(deleted),
                reason=f"archived before {cutoff.isoformat()}",
                data={"deleted": len(deleted), "grace_days": grace_days},
            )
        return len(deleted)
