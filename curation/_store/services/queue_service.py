"""The curator's queue: principle proposals (approve, reject, unmerge) and conflicts
(resolve, reopen). Each act is one transaction in ``curation._store.curator``."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import Connection

from curation._errors import ValidationError
from curation._kinds import ChangeReviewStatus, ProposalStatus, Resolution
from curation._records import (
    Approval,
    ChangeDecision,
    ChangeGate,
    ChangeReview,
    ConflictResolution,
    InferredSupersession,
    ProposalRecord,
    Reopened,
    Unmerge,
)
from curation._store import change_acts, change_review, curator
from curation._store.events import Stamp
from curation._store.rows import from_row
from curation._store.services.context import StoreService
from curation._validation import (
    validate_content,
    validate_limit,
    validate_status,
    validate_tenant,
    validate_uuid,
)


def _resolution(value: Any) -> Resolution:
    try:
        return Resolution(value)
    except ValueError as exc:
        raise ValidationError(
            "resolution", value, "expected replace, narrow, retire or dismiss"
        ) from exc


class CuratorQueue(StoreService):
    """Proposals and conflicts waiting for, or decided by, a curator."""

    def proposals(self, tenant: str, *, status: str | None = "pending") -> list[ProposalRecord]:
        tenant = validate_tenant(tenant)
        if status:
            status = validate_status(status, ProposalStatus).value
        where = "tenant = :t" + (" AND status = :s" if status else "")
        rows = self.ctx.rows(
            tenant, f"SELECT * FROM proposal WHERE {where} ORDER BY created_at, id", s=status
        )
        return [from_row(ProposalRecord, r) for r in rows]

    def approve(
        self,
        tenant: str,
        proposal_ids: Sequence[str | uuid.UUID],
        *,
        texts: Mapping[str, str] | None = None,
        actor: str = "curator",
        now: datetime | None = None,
    ) -> list[Approval]:
        """Approve a batch of proposals in one transaction (all or none). ``texts`` maps a
        proposal id to the curator's edited principle text, which replaces the proposed
        one (both are kept in the approval's event)."""
        tenant = validate_tenant(tenant)
        ids = [validate_uuid("proposal_id", p) for p in proposal_ids]
        edited = _edited_texts(texts, ids)
        at = self.ctx.now(now)
        with self.ctx.tx(tenant) as conn:
            return [
                curator.approve(
                    self.ctx, conn, tenant, p, now=at, actor=actor, edited_text=edited.get(p)
                )
                for p in ids
            ]

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
        return self.ctx.on_row(
            tenant, "proposal_id", proposal_id, curator.unmerge, now, actor=actor
        )

    # -- inferred supersessions -----------------------------------------------------
    def inferred_supersessions(
        self, tenant: str, *, limit: int = 100
    ) -> list[InferredSupersession]:
        """Entries still archived by an inferred supersession (pass or write), newest
        first, each with the entry that replaced it and the evidence of the change."""
        tenant = validate_tenant(tenant)
        rows = self.ctx.rows(
            tenant,
            """
            SELECT * FROM (
                SELECT DISTINCT ON (e.memory_id) e.memory_id, e.reason, e.at,
                       e.actor, e.run_id, m.content, s.superseded_by,
                       n.content AS current_content
                FROM event e
                JOIN memory_state s ON s.tenant = e.tenant AND s.memory_id = e.memory_id
                JOIN memory m ON m.tenant = e.tenant AND m.id = e.memory_id
                LEFT JOIN memory n ON n.tenant = e.tenant AND n.id = s.superseded_by
                WHERE e.tenant = :t AND e.type = 'archive'
                  AND e.data->>'inferred' = 'true'
                  AND s.status = 'archived' AND s.archive_reason = 'superseded'
                ORDER BY e.memory_id, e.at DESC, e.id DESC
            ) latest ORDER BY at DESC, memory_id LIMIT :n
            """,
            n=validate_limit("limit", limit),
        )
        return [from_row(InferredSupersession, r, evidence=r.reason or "") for r in rows]

    # -- held changes: inferred supersessions awaiting review ---------------------------
    def changes(
        self, tenant: str, *, status: str | None = "pending", limit: int = 100
    ) -> list[ChangeReview]:
        """Inferred supersessions held for review (``status`` pending, the default), or
        decided / applied ones, oldest first, each with both texts and the evidence."""
        tenant = self.ctx.require_tenant(tenant)
        if status:
            status = validate_status(status, ChangeReviewStatus).value
        limit = validate_limit("limit", limit)
        with self.ctx.tx(tenant) as conn:
            return change_review.list_changes(conn, tenant, status, limit)

    def change_gate(self, tenant: str) -> ChangeGate:
        """The tenant's reviewed precision on inferred supersessions and whether it has
        earned their automatic apply under its policy."""
        tenant = self.ctx.require_tenant(tenant)
        policy = self.ctx.policy(tenant)
        with self.ctx.tx(tenant) as conn:
            return change_review.gate_status(conn, tenant, policy)

    def confirm_change(
        self,
        tenant: str,
        change_id: str | uuid.UUID,
        *,
        note: str | None = None,
        actor: str = "curator",
        now: datetime | None = None,
    ) -> ChangeDecision:
        """Confirm a held change: the older entry is archived ``superseded`` by the newer
        (restore undoes it). Refused for an unknown id (NotFoundError) or a decided one
        (AlreadyDecidedError)."""
        return self._decide_change(change_acts.confirm, tenant, change_id, note, actor, now)

    def reject_change(
        self,
        tenant: str,
        change_id: str | uuid.UUID,
        *,
        note: str | None = None,
        actor: str = "curator",
        now: datetime | None = None,
    ) -> ChangeDecision:
        """Reject a held change: both entries stay, the pair is never proposed again."""
        return self._decide_change(change_acts.reject, tenant, change_id, note, actor, now)

    def _decide_change(
        self,
        decide: Callable[[Connection, Stamp, uuid.UUID, str | None], ChangeDecision],
        tenant: str,
        change_id: str | uuid.UUID,
        note: str | None,
        actor: str,
        now: datetime | None,
    ) -> ChangeDecision:
        tenant = validate_tenant(tenant)
        cid = validate_uuid("change_id", change_id)  # refused before the note, as ever
        note = None if note is None else validate_content(note, "note")
        with self.ctx.tx(tenant) as conn:
            return decide(conn, Stamp(tenant, self.ctx.now(now), actor), cid, note)

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
        return self.ctx.on_row(tenant, "conflict_id", conflict_id, curator.reopen, now, actor=actor)


def _edited_texts(
    texts: Mapping[str, str] | None, ids: Sequence[uuid.UUID]
) -> dict[uuid.UUID, str]:
    """Edited texts by proposal: each for a proposal of the batch, each a valid content."""
    if texts is None:
        return {}
    if not isinstance(texts, Mapping):
        raise ValidationError("texts", texts, "must map proposal ids to texts")
    edited: dict[uuid.UUID, str] = {}
    for key, value in texts.items():
        proposal_id = validate_uuid("proposal_id", key)
        if proposal_id not in ids:
            raise ValidationError("texts", key, "names a proposal that is not being approved")
        edited[proposal_id] = validate_content(value, "text")
    return edited
