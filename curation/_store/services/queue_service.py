"""The curator's queue: principle proposals (approve, reject, unmerge) and conflicts
(resolve, reopen). Each act is one transaction in ``curation._store.curator``."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import text

from curation._errors import ValidationError
from curation._kinds import ProposalStatus, Resolution
from curation._records import Approval, ConflictResolution, ProposalRecord, Reopened, Unmerge
from curation._store import curator
from curation._store.services.context import StoreContext
from curation._validation import validate_content, validate_status, validate_tenant, validate_uuid


def _resolution(value: Any) -> Resolution:
    try:
        return Resolution(value)
    except ValueError as exc:
        raise ValidationError(
            "resolution", value, "expected replace, narrow, retire or dismiss"
        ) from exc


class CuratorQueue:
    """Proposals and conflicts waiting for, or decided by, a curator."""

    def __init__(self, ctx: StoreContext) -> None:
        self.ctx = ctx

    def proposals(
        self, tenant: str, *, status: str | None = "pending"
    ) -> list[ProposalRecord]:
        tenant = validate_tenant(tenant)
        if status:
            status = validate_status(status, ProposalStatus).value
        where = "tenant = :t" + (" AND status = :s" if status else "")
        with self.ctx.tx(tenant) as conn:
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
        at = self.ctx.now(now)
        with self.ctx.tx(tenant) as conn:
            return [curator.approve(self.ctx, conn, tenant, p, now=at, actor=actor) for p in ids]

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
        at = self.ctx.now(now)
        with self.ctx.tx(tenant) as conn:
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
        with self.ctx.tx(tenant) as conn:
            return curator.unmerge(conn, tenant, pid, now=self.ctx.now(now), actor=actor)

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
        with self.ctx.tx(tenant) as conn:
            return curator.resolve(
                self.ctx,
                conn,
                tenant,
                cid,
                how,
                replacement=replacement,
                note=note,
                now=self.ctx.now(now),
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
        with self.ctx.tx(tenant) as conn:
            return curator.reopen(conn, tenant, cid, now=self.ctx.now(now), actor=actor)
