"""The record around memories: contest an entry (a conflict), explain an entry (its
trail, conflicts and supersession chain), list conflicts and events."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import text

from curation._kinds import ConflictStatus, EventType
from curation._records import ConflictRecord, EventRecord, Explanation
from curation._store.events import record_event
from curation._store.rows import conflict_record, event_record, tenant_rows
from curation._store.services.context import StoreContext, StoreService, locked_memory
from curation._store.services.memory_service import MemoryService
from curation._store.sql.conflict import CONFLICT_COLUMNS
from curation._validation import (
    validate_content,
    validate_label,
    validate_limit,
    validate_status,
    validate_tenant,
    validate_uuid,
)


class LedgerService(StoreService):
    """Conflicts, events and explanations of the tenant's memories."""

    def __init__(self, ctx: StoreContext, memories: MemoryService) -> None:
        super().__init__(ctx)
        self.memories = memories

    def count_events(
        self, tenant: str, *, types: Sequence[str] | None = None, after_id: int = 0
    ) -> tuple[int, int]:
        """(count, highest id) of the tenant's events after ``after_id``: a cursor for
        sensors that react to new writes without reading them."""
        tenant = validate_tenant(tenant)
        where = "tenant = :t AND id > :after" + (" AND type = ANY(:types)" if types else "")
        with self.ctx.tx(tenant) as conn:
            row = conn.execute(
                text(
                    f"SELECT count(*) AS n, coalesce(max(id), :after) AS top FROM event "
                    f"WHERE {where}"
                ),
                {"t": tenant, "after": after_id, "types": list(types or [])},
            ).one()
        return int(row.n), int(row.top)

    def contest(
        self,
        tenant: str,
        memory_id: str | uuid.UUID,
        claim: str,
        evidence: str,
        source: str = "agent",
        *,
        related_memory_id: str | uuid.UUID | None = None,
        detected_by: str = "contest",
        actor: str = "agent",
        now: datetime | None = None,
    ) -> ConflictRecord:
        """Attach evidence against an entry. The entry itself is not edited."""
        tenant = validate_tenant(tenant)
        mid = validate_uuid("memory_id", memory_id)
        claim = validate_content(claim, "claim")
        evidence = validate_content(evidence, "evidence")
        source = validate_label("source", source) or "agent"
        detected_by = validate_label("detected_by", detected_by) or "contest"
        related = (
            None
            if related_memory_id is None
            else validate_uuid("related_memory_id", related_memory_id)
        )
        at = self.ctx.now(now)
        with self.ctx.tx(tenant) as conn:
            # Both rows locked in id order, as every multi-row writer does (no deadlock).
            for locked in sorted({mid} if related is None else {mid, related}, key=str):
                locked_memory(conn, tenant, locked)
            conflict_id = uuid.uuid4()
            row = conn.execute(
                text(
                    f"""
                    INSERT INTO conflict (id, tenant, memory_id, claim, evidence, source,
                                          related_memory_id, detected_by, at)
                    VALUES (:id, :t, :m, :c, :e, :s, :r, :d, :at)
                    RETURNING {CONFLICT_COLUMNS}
                    """
                ),
                {
                    "id": conflict_id,
                    "t": tenant,
                    "m": mid,
                    "c": claim,
                    "e": evidence,
                    "s": source,
                    "r": related,
                    "d": detected_by,
                    "at": at,
                },
            ).one()
            record_event(
                conn,
                tenant,
                EventType.CONTEST,
                at=at,
                actor=actor,
                memory_id=mid,
                related_ids=[related] if related else [],
                reason=claim[:500],
                data={"conflict_id": str(conflict_id), "source": source},
            )
        return conflict_record(row)

    def explain(self, tenant: str, memory_id: str | uuid.UUID) -> Explanation:
        """Why is this entry where it is: status, reason, the supersession chain, the trail."""
        tenant = validate_tenant(tenant)
        mid = validate_uuid("memory_id", memory_id)
        memory = self.memories.get(tenant, mid)
        with self.ctx.tx(tenant) as conn:
            events = tenant_rows(
                conn,
                tenant,
                "SELECT * FROM event WHERE tenant = :t AND (memory_id = :id "
                "OR related_ids @> ARRAY[CAST(:id AS uuid)]) ORDER BY id",
                id=mid,
            )
            conflicts = tenant_rows(
                conn,
                tenant,
                f"SELECT {CONFLICT_COLUMNS} FROM conflict WHERE tenant = :t "
                "AND memory_id = :id ORDER BY at, id",
                id=mid,
            )
        chain: list[str] = []
        cursor = memory.superseded_by
        while cursor is not None and cursor not in chain and len(chain) < 50:
            chain.append(cursor)
            cursor = self.memories.get(tenant, cursor).superseded_by
        parent = self.memories.get(tenant, memory.parent_id) if memory.parent_id else None
        return Explanation(
            memory=memory,
            events=[event_record(e) for e in events],
            conflicts=[conflict_record(c) for c in conflicts],
            superseded_chain=chain,
            parent=parent,
        )

    def conflicts(self, tenant: str, *, status: str | None = "open") -> list[ConflictRecord]:
        tenant = validate_tenant(tenant)
        if status:
            status = validate_status(status, ConflictStatus).value
        where = "tenant = :t" + (" AND status = :s" if status else "")
        # an unknown tenant is an error, not an empty queue
        sql = f"SELECT {CONFLICT_COLUMNS} FROM conflict WHERE {where} ORDER BY at, id"
        return [conflict_record(r) for r in self.ctx.rows(tenant, sql, s=status)]

    def events(
        self, tenant: str, *, types: Sequence[str] | None = None, limit: int = 1000
    ) -> list[EventRecord]:
        tenant = validate_tenant(tenant)
        types = [validate_status(t, EventType, "types").value for t in types or []]
        limit = validate_limit("limit", limit)
        where = "tenant = :t" + (" AND type = ANY(:types)" if types else "")
        rows = self.ctx.rows(
            tenant,
            f"SELECT * FROM event WHERE {where} ORDER BY id DESC LIMIT :n",
            types=list(types or []),
            n=limit,
        )
        return [event_record(r) for r in reversed(rows)]
