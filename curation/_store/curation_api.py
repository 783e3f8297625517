"""The curation half of ``MemoryStore``: plan, apply, curate, undo; the curator's queue;
golden probes; compaction. Mixed into ``MemoryStore``."""

from __future__ import annotations

import time
import uuid
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any, Protocol

from sqlalchemy import text

from curation._errors import ValidationError
from curation._kinds import EventType, ProposalStatus, Resolution
from curation._neighbors import AutoPairSearch, PairSearch
from curation._plan import CurationPlan
from curation._policy import CurationPolicy
from curation._records import (
    Approval,
    ConflictResolution,
    GoldenProbe,
    ProposalRecord,
    Reopened,
    RunRecord,
    RunReport,
    UndoReport,
    Unmerge,
)
from curation._snapshot import MemorySnapshot
from curation._store import curator
from curation._store.database import scope_to_tenant
from curation._store.events import record_event
from curation._store.locks import curation_lock, take_transaction_lock
from curation._store.runs import run_apply, undo_run
from curation._store.snapshot_loader import load_snapshot
from curation._validation import (
    MAX_RECALL_K,
    validate_content,
    validate_limit,
    validate_query,
    validate_status,
    validate_tenant,
    validate_uuid,
)

if TYPE_CHECKING:
    from contextlib import AbstractContextManager

    from sqlalchemy import Connection

    from curation._store.database import Database
    from curation._store.writes import PreparedWrite
    from curation._validation import MemoryInput


MAX_GRACE_DAYS = 36_500  # a century; beyond it the cutoff would leave the calendar


def _resolution(value: Any) -> Resolution:
    try:
        return Resolution(value)
    except ValueError as exc:
        raise ValidationError(
            "resolution", value, "expected replace, narrow, retire or dismiss"
        ) from exc


class PassObserver(Protocol):
    """Sees a curation pass's intermediate values (the bench samples memory with it)."""

    def loaded(self, snapshot: MemorySnapshot) -> None: ...

    def planned(self, plan: CurationPlan) -> None: ...


class CurationOps:
    """Mixed into ``MemoryStore``; the stubs below are what it needs from its host."""

    if TYPE_CHECKING:
        db: Database

        @property
        def embedding_model(self) -> str: ...

        @property
        def dimension(self) -> int: ...

        def _now(self, now: datetime | None) -> datetime: ...

        def _tx(
            self, tenant: str, *, must_exist: bool = True
        ) -> AbstractContextManager[Connection]: ...

        def _state(self, conn: Connection, tenant: str, memory_id: uuid.UUID) -> Any: ...

        def policy(self, tenant: str) -> CurationPolicy: ...

        def prepare(self, inputs: Sequence[MemoryInput]) -> list[PreparedWrite]: ...

    # -- the pass -----------------------------------------------------------------
    def snapshot(self, tenant: str, *, active_only: bool = True) -> MemorySnapshot:
        tenant = validate_tenant(tenant)
        with self._tx(tenant) as conn:
            return load_snapshot(
                conn, tenant, self.embedding_model, self.dimension, active_only=active_only
            )

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
        from curation._planner import build_plan

        at = self._now(now)
        snap = snapshot if snapshot is not None else self.snapshot(tenant)
        # exact below 10k rows per kind, the clustered join above (curation._neighbors)
        search = pair_search if pair_search is not None else AutoPairSearch()
        return build_plan(
            snap, policy or self.policy(tenant), at, pair_search=search, timings=timings
        )

    def apply(
        self,
        plan: CurationPlan,
        *,
        dry_run: bool = False,
        actor: str = "curation",
        now: datetime | None = None,
    ) -> RunReport:
        """Apply a plan in one transaction under the tenant's lock; per mechanic only
        what the plan's policy sets to ``apply`` is written (``dry_run`` writes only the
        report)."""
        with self.db.engine.connect() as conn:
            return run_apply(conn, plan, dry_run=dry_run, now=self._now(now), actor=actor)

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
    ) -> RunReport:
        """A whole run — snapshot, plan, apply or dry run — holding the tenant's lock
        throughout, so a second run for the tenant is refused (CurationLockedError).

        The report's ``timings`` hold the wall time of each phase (``load``, the planner's
        phases, ``plan``). ``pair_search`` replaces the automatic duplicate search and
        ``observer`` sees the snapshot and the plan as each phase ends: both for the
        performance bench, which times and samples this very pass."""
        tenant = validate_tenant(tenant)
        at = self._now(now)
        started = time.perf_counter()
        timings: dict[str, float] = {}
        with curation_lock(self.db, tenant) as conn:
            with conn.begin():
                scope_to_tenant(conn, tenant)
                snap = load_snapshot(conn, tenant, self.embedding_model, self.dimension)
            timings["load"] = round(time.perf_counter() - started, 6)
            if observer is not None:
                observer.loaded(snap)
            plan_started = time.perf_counter()
            plan = self.plan(
                tenant, now=at, policy=policy, snapshot=snap, pair_search=pair_search,
                timings=timings,
            )
            timings["plan"] = round(time.perf_counter() - plan_started, 6)
            if observer is not None:
                observer.planned(plan)
            return run_apply(
                conn, plan, dry_run=not apply, now=at, actor=actor, started=started,
                timings=timings,
            )

    def undo_run(
        self,
        tenant: str,
        run_id: str | uuid.UUID,
        *,
        actor: str = "curator",
        now: datetime | None = None,
    ) -> UndoReport:
        tenant = validate_tenant(tenant)
        rid = validate_uuid("run_id", run_id)
        with self._tx(tenant) as conn:
            exists = conn.execute(
                text("SELECT 1 FROM curation_run WHERE tenant = :t AND id = :r"),
                {"t": tenant, "r": rid},
            ).scalar()
            if not exists:
                from curation._errors import NotFoundError

                raise NotFoundError("curation run", str(rid), tenant)
            return undo_run(conn, tenant, rid, now=self._now(now), actor=actor)

    def runs(self, tenant: str, *, limit: int = 50) -> list[RunRecord]:
        tenant = validate_tenant(tenant)
        limit = validate_limit("limit", limit)
        with self.db.transaction(tenant) as conn:
            rows = conn.execute(
                text(
                    "SELECT id, started_at, dry_run, status, report FROM curation_run"
                    " WHERE tenant = :t ORDER BY started_at DESC, id LIMIT :n"
                ),
                {"t": tenant, "n": limit},
            ).all()
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

    # -- proposals ------------------------------------------------------------------
    def proposals(
        self, tenant: str, *, status: str | None = "pending"
    ) -> list[ProposalRecord]:
        tenant = validate_tenant(tenant)
        if status:
            status = validate_status(status, ProposalStatus).value
        where = "tenant = :t" + (" AND status = :s" if status else "")
        with self.db.transaction(tenant) as conn:
            rows = conn.execute(
                text(f"SELECT * FROM proposal WHERE {where} ORDER BY created_at, id"),
                {"t": tenant, "s": status},
            ).all()
        return [
            ProposalRecord(
                id=str(r.id),
                kind=r.kind,
                text=r.text,
                generality=r.generality,
                member_ids=[str(m) for m in r.member_ids],
                evidence=dict(r.evidence),
                status=r.status,
                principle_id=None if r.principle_id is None else str(r.principle_id),
                created_at=r.created_at,
                decided_at=r.decided_at,
                decided_by=r.decided_by,
            )
            for r in rows
        ]

    def approve(
        self,
        tenant: str,
        proposal_ids: Sequence[str | uuid.UUID],
        *,
        actor: str = "curator",
        now: datetime | None = None,
    ) -> list[Approval]:
        """Approve a batch of proposals in one transaction (all or none)."""
        tenant = validate_tenant(tenant)
        ids = [validate_uuid("proposal_id", p) for p in proposal_ids]
        at = self._now(now)
        with self._tx(tenant) as conn:
            return [curator.approve(self, conn, tenant, p, now=at, actor=actor) for p in ids]

    def reject(
        self,
        tenant: str,
        proposal_ids: Sequence[str | uuid.UUID],
        *,
        note: str | None = None,
        actor: str = "curator",
        now: datetime | None = None,
    ) -> None:
        tenant = validate_tenant(tenant)
        ids = [validate_uuid("proposal_id", p) for p in proposal_ids]
        note = None if note is None else validate_content(note, "note")
        at = self._now(now)
        with self._tx(tenant) as conn:
            for p in ids:
                curator.reject(conn, tenant, p, now=at, actor=actor, note=note)

    def unmerge(
        self,
        tenant: str,
        proposal_id: str | uuid.UUID,
        *,
        actor: str = "curator",
        now: datetime | None = None,
    ) -> Unmerge:
        tenant = validate_tenant(tenant)
        pid = validate_uuid("proposal_id", proposal_id)
        with self._tx(tenant) as conn:
            return curator.unmerge(conn, tenant, pid, now=self._now(now), actor=actor)

    # -- conflicts ------------------------------------------------------------------
    def resolve(
        self,
        tenant: str,
        conflict_id: str | uuid.UUID,
        resolution: str | Resolution,
        *,
        replacement: str | None = None,
        note: str | None = None,
        actor: str = "curator",
        now: datetime | None = None,
    ) -> ConflictResolution:
        tenant = validate_tenant(tenant)
        cid = validate_uuid("conflict_id", conflict_id)
        how = _resolution(resolution)
        note = None if note is None else validate_content(note, "note")
        with self._tx(tenant) as conn:
            return curator.resolve(
                self,
                conn,
                tenant,
                cid,
                how,
                replacement=replacement,
                note=note,
                now=self._now(now),
                actor=actor,
            )

    def reopen(
        self,
        tenant: str,
        conflict_id: str | uuid.UUID,
        *,
        actor: str = "curator",
        now: datetime | None = None,
    ) -> Reopened:
        tenant = validate_tenant(tenant)
        cid = validate_uuid("conflict_id", conflict_id)
        with self._tx(tenant) as conn:
            return curator.reopen(conn, tenant, cid, now=self._now(now), actor=actor)

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
        with self._tx(tenant) as conn:
            for memory_id in ids:
                self._state(conn, tenant, memory_id)
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
                    "at": self._now(now),
                },
            )
        return str(probe_id)

    def golden_probes(self, tenant: str) -> list[GoldenProbe]:
        tenant = validate_tenant(tenant)
        with self.db.transaction(tenant) as conn:
            rows = conn.execute(
                text("SELECT * FROM golden_probe WHERE tenant = :t ORDER BY created_at, id"),
                {"t": tenant},
            ).all()
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
        at = self._now(now)
        cutoff = at - timedelta(days=float(grace_days))
        with self._tx(tenant) as conn:
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
