"""The trust gate's curator queue: writes held as instruction-like content from an
untrusted source, each with its reason; released (recallable) or rejected in one act."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime

from curation._errors import NotFoundError
from curation._store import lifecycle
from curation._store.services.context import StoreService
from curation._validation import validate_actor, validate_limit, validate_tenant, validate_uuid


@dataclass(frozen=True)
class QuarantinedMemory:
    id: str
    content: str
    kind: str
    source: str | None
    reason: str
    created_at: datetime


class QuarantineService(StoreService):
    def held(self, tenant: str, *, limit: int = 100) -> list[QuarantinedMemory]:
        """The held writes, oldest first, with why the gate held each."""
        tenant = self.ctx.require_tenant(validate_tenant(tenant))
        limit = validate_limit("limit", limit)
        rows = self.ctx.rows(
            tenant,
            "SELECT m.id, m.content, m.kind, m.source, s.quarantine_reason, m.created_at"
            " FROM memory m JOIN memory_state s ON s.tenant = m.tenant AND s.memory_id = m.id"
            " WHERE m.tenant = :t AND s.status = 'quarantined'"
            " ORDER BY m.created_at, m.id LIMIT :n",
            n=limit,
        )
        return [
            QuarantinedMemory(
                str(r.id), r.content, r.kind, r.source, r.quarantine_reason or "", r.created_at
            )
            for r in rows
        ]

    def release(
        self,
        tenant: str,
        memory_id: str | uuid.UUID,
        *,
        actor: str = "curator",
        now: datetime | None = None,
    ) -> str:
        """Release a held write: it joins the active set and is recalled from now on."""
        return self._decide(tenant, memory_id, release=True, actor=actor, now=now)

    def reject(
        self,
        tenant: str,
        memory_id: str | uuid.UUID,
        *,
        actor: str = "curator",
        now: datetime | None = None,
    ) -> str:
        """Reject a held write: archived ``rejected``, never recalled, kept for history."""
        return self._decide(tenant, memory_id, release=False, actor=actor, now=now)

    def _decide(
        self,
        tenant: str,
        memory_id: str | uuid.UUID,
        *,
        release: bool,
        actor: str,
        now: datetime | None,
    ) -> str:
        tenant = self.ctx.require_tenant(validate_tenant(tenant))
        mid = validate_uuid("memory_id", memory_id)
        actor = validate_actor(actor)
        at = self.ctx.now(now)
        with self.ctx.db.transaction(tenant) as conn:
            done = lifecycle.decide_quarantined(
                conn, tenant, mid, release=release, now=at, actor=actor
            )
        if not done:
            raise NotFoundError("quarantined memory", str(mid), tenant)
        return str(mid)
