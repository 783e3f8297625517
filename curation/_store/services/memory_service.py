"""Memories one at a time or in batches: write (embedded, deduplicated, superseded),
read, list and count; a curator's pin and restore; an agent's feedback."""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, text

from curation._errors import InvalidStateError
from curation._kinds import Cohort, EventType, Status
from curation._records import MemoryCounts, MemoryRecord, WriteResult
from curation._store import exposures
from curation._store.events import Stamp
from curation._store.gate_records import record_gate
from curation._store.lifecycle import restore_rows
from curation._store.retry import retried
from curation._store.rows import memory_record
from curation._store.services.context import StoreService, locked_memory, memory_row
from curation._store.sql.memory import MEMORY_SELECT
from curation._store.write_hooks import after_write
from curation._store.writes import write_batch
from curation._telemetry import traced, written
from curation._trust_gate import gate_items
from curation._validation import (
    MemoryInput,
    validate_actor,
    validate_bool,
    validate_content,
    validate_items,
    validate_label,
    validate_limit,
    validate_memory,
    validate_memory_mapping,
    validate_search_text,
    validate_status,
    validate_tenant,
    validate_uuid,
)


class MemoryService(StoreService):
    """The tenant's memories, built on the store's context."""

    def remember(
        self,
        tenant: str,
        content: str,
        kind: str = "fact",
        *,
        importance: float = 0.5,
        generality: int = 0,
        proven: int = 0,
        supersession_key: str | None = None,
        metadata: Mapping[str, Any] | None = None,
        pinned: bool = False,
        embedding: Sequence[float] | None = None,
        embedding_model: str | None = None,
        topic: str | None = None,
        source: str | None = None,
        created_at: datetime | None = None,
        id: str | uuid.UUID | None = None,
        actor: str = "agent",
        now: datetime | None = None,
    ) -> WriteResult:
        item = validate_memory(
            content=content,
            kind=kind,
            importance=importance,
            generality=generality,
            proven=proven,
            supersession_key=supersession_key,
            metadata=dict(metadata) if isinstance(metadata, Mapping) else metadata,
            pinned=pinned,
            embedding=embedding,
            embedding_model=embedding_model,
            id=id,
            created_at=created_at,
            topic=topic,
            source=source,
            dimension=self.ctx.dimension,
        )
        return self.remember_many(tenant, [item], actor=actor, now=now)[0]

    @traced("memgov.write", written)
    def remember_many(
        self,
        tenant: str,
        items: Sequence[MemoryInput | Mapping[str, Any]],
        *,
        actor: str = "agent",
        retries: bool = False,
        now: datetime | None = None,
    ) -> list[WriteResult]:
        """Batch form of ``remember``: one embedding batch, one COPY, one transaction.

        ``retries=True`` makes supplied ids idempotency keys: an id already stored with the
        same content answers ``duplicate`` and writes nothing (other content:
        ``ClientIdConflictError``)."""
        tenant = validate_tenant(tenant)
        actor = validate_actor(actor)
        retries = validate_bool("retries", retries)
        at = self.ctx.now(now)
        inputs = [
            i
            if isinstance(i, MemoryInput)
            else validate_memory_mapping(i, dimension=self.ctx.dimension)
            for i in validate_items(items)
        ]
        policy = self.ctx.stored_policy(tenant)
        inputs, reports = gate_items(inputs, policy.trust, actor)
        prepared = self.ctx.prepare(inputs, policy.claim_kinds)

        def attempt() -> list[WriteResult]:  # one transaction, run again as a whole
            with self.ctx.db.transaction(tenant) as conn:
                results = write_batch(
                    conn,
                    tenant,
                    prepared,
                    now=at,
                    actor=actor,
                    retries=retries,
                    bulk_min_rows=self.ctx.bulk_min_rows,
                )
                results = record_gate(conn, tenant, results, reports, now=at, actor=actor)
                # a held write takes no part in curation (it supersedes or contests nothing)
                kept = [(r, p) for r, p in zip(results, prepared, strict=True) if not r.quarantined]
                checked = iter(
                    after_write(
                        conn,
                        tenant,
                        [r for r, _ in kept],
                        [p for _, p in kept],
                        policy,
                        model=self.ctx.embedding_model,
                        now=at,
                        actor=actor,
                    )
                )
                return [r if r.quarantined else next(checked) for r in results]

        return retried(attempt)

    def get(self, tenant: str, memory_id: str | uuid.UUID) -> MemoryRecord:
        tenant = validate_tenant(tenant)
        mid = validate_uuid("memory_id", memory_id)
        with self.ctx.tx(tenant) as conn:
            return memory_record(memory_row(conn, tenant, mid))

    def get_many(self, tenant: str, memory_ids: Sequence[str | uuid.UUID]) -> list[MemoryRecord]:
        """The tenant's memories among ``memory_ids`` (ids of other tenants are absent)."""
        tenant = validate_tenant(tenant)
        ids = [validate_uuid("memory_ids", m) for m in memory_ids]
        if not ids:
            return []
        rows = self.ctx.rows(tenant, MEMORY_SELECT + " AND m.id = ANY(:ids) ORDER BY m.id", ids=ids)
        return [memory_record(r) for r in rows]

    def existing_ids(self, tenant: str, memory_ids: Sequence[str | uuid.UUID]) -> set[str]:
        """Which of ``memory_ids`` belong to the tenant."""
        return {m.id for m in self.get_many(tenant, memory_ids)}

    def feedback(
        self,
        tenant: str,
        memory_id: str | uuid.UUID,
        useful: bool,
        *,
        recall_id: str | uuid.UUID | None = None,
        actor: str = "agent",
        now: datetime | None = None,
    ) -> MemoryRecord:
        """A validated use proves the entry (proven + 1); with ``reinforce_on=feedback``
        it is also the recall vote.

        With ``recall_id`` the judgement is attributed to that recall's experiment and
        cohort (the memory must be one it returned, judged once). Feedback on a raw-cohort
        recall is recorded but changes nothing: the raw arm must not train the curated one."""
        tenant = validate_tenant(tenant)
        mid = validate_uuid("memory_id", memory_id)
        useful = validate_bool("useful", useful)
        rid = None if recall_id is None else validate_uuid("recall_id", recall_id)
        at = self.ctx.now(now)
        policy = self.ctx.policy(tenant)

        def judge(conn: Connection) -> None:
            locked_memory(conn, tenant, mid)
            attribution: dict[str, Any] = {}
            if rid is not None:
                exposure = exposures.feedback_attribution(conn, tenant, rid, mid)
                attribution = {
                    "recall_id": exposure.recall_id,
                    "experiment_id": exposure.experiment_id,
                    "cohort": exposure.cohort,
                }
            proves = useful and attribution.get("cohort") != Cohort.RAW
            if proves:
                reinforce = policy.reinforce_on == "feedback"
                conn.execute(
                    text(
                        """
                        UPDATE memory_state SET proven = proven + 1,
                            recall_count = recall_count + CASE WHEN :r THEN 1 ELSE 0 END,
                            last_recalled_at = CASE WHEN :r THEN :at ELSE last_recalled_at END,
                            version = version + 1, updated_at = :at
                        WHERE tenant = :t AND memory_id = :id
                        """
                    ),
                    {"t": tenant, "id": mid, "at": at, "r": reinforce},
                )
            Stamp(tenant, at, actor).record(
                conn,
                EventType.VALIDATE if proves else EventType.FEEDBACK,
                memory_id=mid,
                data={"useful": useful, **attribution},
            )

        self.ctx.retried_tx(tenant, judge)  # a feedback may cross a forget of its memory
        return self.get(tenant, mid)

    def pin(
        self,
        tenant: str,
        memory_id: str | uuid.UUID,
        *,
        pinned: bool = True,
        actor: str = "curator",
        now: datetime | None = None,
    ) -> MemoryRecord:
        """Pinned entries are never touched by curation and score a retention of 1."""
        tenant = validate_tenant(tenant)
        mid = validate_uuid("memory_id", memory_id)
        pinned = validate_bool("pinned", pinned)
        actor = validate_actor(actor)
        at = self.ctx.now(now)
        with self.ctx.tx(tenant) as conn:
            prior = locked_memory(conn, tenant, mid)
            if bool(prior.pinned) != pinned:
                conn.execute(
                    text(
                        "UPDATE memory_state SET pinned = :p, version = version + 1, "
                        "updated_at = :at WHERE tenant = :t AND memory_id = :id"
                    ),
                    {"t": tenant, "id": mid, "p": pinned, "at": at},
                )
                Stamp(tenant, at, actor).record(
                    conn, EventType.PIN if pinned else EventType.UNPIN, memory_id=mid
                )
        return self.get(tenant, mid)

    def unpin(
        self,
        tenant: str,
        memory_id: str | uuid.UUID,
        *,
        actor: str = "curator",
        now: datetime | None = None,
    ) -> MemoryRecord:
        return self.pin(tenant, memory_id, pinned=False, actor=actor, now=now)

    def restore(
        self,
        tenant: str,
        memory_id: str | uuid.UUID,
        *,
        actor: str = "curator",
        reason: str = "restored by curator",
        now: datetime | None = None,
    ) -> MemoryRecord:
        """Return an archived entry to the active set; the event keeps its prior state."""
        tenant = validate_tenant(tenant)
        mid = validate_uuid("memory_id", memory_id)
        actor = validate_actor(actor)
        reason = validate_content(reason, "reason")
        at = self.ctx.now(now)
        with self.ctx.tx(tenant) as conn:
            prior = locked_memory(conn, tenant, mid)
            if prior.status != Status.ARCHIVED:
                raise InvalidStateError(f"memory {mid} is {prior.status}, not archived")
            restore_rows(conn, tenant, [prior], now=at, actor=actor, reason=reason)
        return self.get(tenant, mid)

    def memories(
        self,
        tenant: str,
        *,
        status: str | None = None,
        reason: str | None = None,
        contains: str | None = None,
        limit: int = 100,
        offset: int = 0,
    ) -> list[MemoryRecord]:
        tenant = validate_tenant(tenant)
        contains = validate_search_text("contains", contains)
        clauses: list[str] = []
        params: dict[str, Any] = {
            "limit": validate_limit("limit", limit),
            "offset": validate_limit("offset", offset, minimum=0),
        }
        if status is not None:
            clauses.append("s.status = :status")
            params["status"] = validate_status(status, Status).value
        if reason is not None:
            clauses.append("s.archive_reason = :reason")
            params["reason"] = validate_label("reason", reason)
        if contains:
            # the text is matched literally: LIKE's escape character and wildcards escaped
            escaped = contains.replace("\\", "\\\\").replace("%", r"\%").replace("_", r"\_")
            clauses.append("m.content ILIKE :pattern")
            params["pattern"] = "%" + escaped + "%"
        rows = self.ctx.rows(
            tenant,
            MEMORY_SELECT
            + "".join(f" AND {c}" for c in clauses)
            + " ORDER BY m.created_at DESC, m.id LIMIT :limit OFFSET :offset",
            **params,
        )
        return [memory_record(r) for r in rows]

    def counts(self, tenant: str) -> MemoryCounts:
        """Active/archived totals and archived-by-reason, for reports and dashboards."""
        tenant = validate_tenant(tenant)
        rows = self.ctx.rows(
            tenant,
            "SELECT status, coalesce(archive_reason, '') AS reason, count(*) AS n "
            "FROM memory_state WHERE tenant = :t GROUP BY 1, 2",
        )
        totals = {"active": 0, "archived": 0}
        by_reason: dict[str, int] = {}
        for row in rows:
            totals[row.status] += int(row.n)
            if row.reason:
                by_reason[row.reason] = int(row.n)
        return MemoryCounts(totals["active"], totals["archived"], by_reason)
