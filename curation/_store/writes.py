"""The write path: new memories go in by COPY (staged, see ``bulk``); a re-stated
statement revives or reinforces the existing memory instead of writing a duplicate."""

from __future__ import annotations

import json
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import numpy as np
import numpy.typing as npt
from psycopg.types.json import Jsonb
from sqlalchemy import Connection, text

from curation import _tenant_names as tenant_names
from curation._errors import ClientIdConflictError, ValidationError
from curation._kinds import EventType, Status
from curation._records import WriteResult
from curation._store import lifecycle
from curation._store.events import event_row, record_events
from curation._store.transfer import bulk_load
from curation._store.transfer.bulk import copy_rows
from curation._validation import MemoryInput


@dataclass(frozen=True)
class PreparedWrite:
    """A validated memory with its identity hash and its (normalised) embedding."""

    item: MemoryInput
    content_hash: str
    embedding: npt.NDArray[np.float32]
    embedding_model: str
    # the claims of a memory of a kind the policy splits (``claims``), one vector each
    claims: tuple[str, ...] = ()
    claim_embeddings: npt.NDArray[np.float32] | None = None


def ensure_tenant(conn: Connection, tenant: str, now: datetime) -> None:
    """Create the tenant on its first write; a new name must not look like an existing one."""
    if not tenant_exists(conn, tenant):
        _check_new_name(conn, tenant)
    conn.execute(text("SELECT memgov_ensure_tenant(:t, :at)"), {"t": tenant, "at": now})


def _check_new_name(conn: Connection, tenant: str) -> None:
    existing = conn.execute(text("SELECT memgov_tenants()")).scalars()
    tenant_names.check_new(tenant, existing)


def tenant_exists(conn: Connection, tenant: str) -> bool:
    return bool(conn.execute(text("SELECT 1 FROM tenant WHERE name = :t"), {"t": tenant}).scalar())


def _existing_by_hash(conn: Connection, tenant: str, hashes: list[str]) -> dict[str, Any]:
    rows = conn.execute(
        text(
            """
            SELECT m.id, m.content_hash, s.status, s.archive_reason, s.archived_at,
                   s.superseded_by, s.parent_id, s.version
            FROM memory m JOIN memory_state s ON s.tenant = m.tenant AND s.memory_id = m.id
            WHERE m.tenant = :t AND m.content_hash = ANY(:h)
            """
        ),
        {"t": tenant, "h": hashes},
    ).all()
    return {row.content_hash: row for row in rows}


def stored_hashes(conn: Connection, tenant: str, ids: Sequence[uuid.UUID]) -> dict[uuid.UUID, str]:
    """The content hash stored under each of ``ids`` that the tenant already has."""
    if not ids:
        return {}
    rows = conn.execute(
        text("SELECT id, content_hash FROM memory WHERE tenant = :t AND id = ANY(:ids)"),
        {"t": tenant, "ids": list(ids)},
    ).all()
    return {row.id: row.content_hash for row in rows}


def is_new_evidence(stated_at: datetime | None, archived_at: datetime | None) -> bool:
    """A re-statement revives an archived entry only as new evidence: said now (no date of
    its own), or dated after the archive. A retried import of the same file (statements
    dated before curation archived them) is a no-op for curation."""
    return stated_at is None or archived_at is None or stated_at > archived_at


def write_batch(
    conn: Connection,
    tenant: str,
    writes: Sequence[PreparedWrite],
    *,
    now: datetime,
    actor: str,
    retries: bool = False,
    bulk_min_rows: int | None = None,
) -> list[WriteResult]:
    """Insert what is new, revive what was archived, reinforce nothing else. One transaction.

    Writers of one tenant take turns (a transaction-level advisory lock): two concurrent
    imports of the same lines would otherwise both find an id or a content hash free and
    one would end in a unique violation instead of a restatement or a typed rejection.

    ``retries``: a supplied id is a client's idempotency key (the API). An id already
    stored with the same content answers ``duplicate`` and writes nothing, not even a
    restatement; with other content it is refused. Checked here, under the lock, so two
    simultaneous retries store once and the second says ``duplicate``.

    ``bulk_min_rows``: new rows go in by the bulk path (``bulk_load``) when there are at
    least that many and at least as many as the tenant holds; ``None``: never."""
    bulk_table: str | None = None
    if bulk_load.worth_it(len(writes), 0, bulk_min_rows) and not tenant_exists(conn, tenant):
        _check_new_name(conn, tenant)
        bulk_table = bulk_load.begin(conn, tenant, now)  # the partition comes with the rows
    else:
        ensure_tenant(conn, tenant, now)
    conn.execute(
        text("SELECT pg_advisory_xact_lock(hashtext(:k))"), {"k": f"memgov.write.{tenant}"}
    )
    existing = _existing_by_hash(conn, tenant, [w.content_hash for w in writes])
    supplied = [w.item.id for w in writes if w.item.id is not None]
    taken = stored_hashes(conn, tenant, supplied)

    results: list[WriteResult | None] = [None] * len(writes)
    new_in_batch: dict[str, uuid.UUID] = {}
    fresh: list[tuple[uuid.UUID, PreparedWrite]] = []
    restate_events: list[dict[str, Any]] = []
    revived: set[str] = set()
    for index, write in enumerate(writes):
        if retries and write.item.id is not None and write.item.id in taken:
            if taken[write.item.id] != write.content_hash:
                raise ClientIdConflictError(str(write.item.id))
            results[index] = WriteResult(id=str(write.item.id), created=False, duplicate=True)
            continue
        prior = existing.get(write.content_hash)
        if prior is not None:
            memory_id = str(prior.id)
            if (
                prior.status == Status.ARCHIVED
                and memory_id not in revived
                and is_new_evidence(write.item.created_at, prior.archived_at)
            ):
                lifecycle.revive(conn, tenant, prior, now=now, actor=actor, reason="re-stated")
                revived.add(memory_id)
                results[index] = WriteResult(id=memory_id, created=False, revived=True)
            else:
                restate_events.append(_restated(tenant, write, prior.id, now=now, actor=actor))
                results[index] = WriteResult(id=memory_id, created=False, restated=True)
            continue
        if write.content_hash in new_in_batch:
            memory_id = str(new_in_batch[write.content_hash])
            restate_events.append(_restated(tenant, write, memory_id, now=now, actor=actor))
            results[index] = WriteResult(id=memory_id, created=False, restated=True)
            continue
        if write.item.id is not None and write.item.id in taken:
            raise ValidationError("id", str(write.item.id), "already exists for this tenant")
        new_id = write.item.id or uuid.uuid4()
        taken[new_id] = write.content_hash
        new_in_batch[write.content_hash] = new_id
        fresh.append((new_id, write))
        results[index] = WriteResult(id=str(new_id), created=True)

    if fresh:
        if bulk_table is None and bulk_load.worth_it(
            len(fresh), bulk_load.tenant_rows(conn, tenant), bulk_min_rows
        ):
            bulk_table = bulk_load.begin(conn, tenant, now)
        _copy_new(conn, tenant, fresh, now=now, actor=actor, bulk_table=bulk_table)
    elif bulk_table is not None:
        # a concurrent first write created the tenant and wrote every row of this batch
        # while it waited for the tenant lock: nothing is new, but the begun table must not
        # outlive the transaction unattached
        bulk_load.attach(conn, tenant)
    record_events(conn, restate_events)
    return [r for r in results if r is not None]


def _restated(
    tenant: str, write: PreparedWrite, memory_id: uuid.UUID | str, *, now: datetime, actor: str
) -> dict[str, Any]:
    """The restatement's event, with when it was said (the write's own time when it has
    one, as an import of history does): a value said again after another replaced it is
    current again, and recall reads that moment (``sql.recall.LAST_STATED``)."""
    said = write.item.created_at or now
    return event_row(
        tenant,
        EventType.RESTATE,
        at=now,
        actor=actor,
        memory_id=memory_id,
        data={"stated_at": said.isoformat()},
    )


def _copy_new(
    conn: Connection,
    tenant: str,
    fresh: Sequence[tuple[uuid.UUID, PreparedWrite]],
    *,
    now: datetime,
    actor: str,
    bulk_table: str | None,
) -> None:
    memory_rows = [
        (
            tenant,
            memory_id,
            w.item.kind.value,
            w.item.content,
            w.content_hash,
            w.embedding,
            w.embedding_model,
            w.item.supersession_key,
            w.item.topic,
            w.item.source,
            Jsonb(w.item.metadata),
            w.item.created_at or now,
        )
        for memory_id, w in fresh
    ]
    if bulk_table is None:
        copy_rows(conn, "memory", MEMORY_COLUMNS, memory_rows)
    else:
        bulk_load.load(conn, tenant, bulk_table, MEMORY_COLUMNS, memory_rows)
    state_rows = [
        (
            tenant,
            memory_id,
            w.item.kind.value,
            w.item.importance,
            w.item.generality,
            w.item.proven,
            w.item.pinned,
            "active",
            now,
        )
        for memory_id, w in fresh
    ]
    copy_rows(conn, "memory_state", _STATE_COLUMNS, state_rows)
    if bulk_table is not None:
        bulk_load.analyze_state(conn, tenant)  # before the write hooks plan their joins
    event_rows = []
    for memory_id, w in fresh:
        data = {"kind": w.item.kind.value, "content_hash": w.content_hash}
        if w.item.created_at is not None:
            data["created_at"] = w.item.created_at.isoformat()
        event_rows.append((tenant, "write", memory_id, actor, json.dumps(data), now))
    copy_rows(conn, "event", ("tenant", "type", "memory_id", "actor", "data", "at"), event_rows)
    claim_rows = [
        (tenant, memory_id, ordinal, claim, w.claim_embeddings[ordinal])
        for memory_id, w in fresh
        if w.claims and w.claim_embeddings is not None
        for ordinal, claim in enumerate(w.claims)
    ]
    if claim_rows:
        copy_rows(conn, "memory_claim", _CLAIM_COLUMNS, claim_rows)


MEMORY_COLUMNS = (
    "tenant",
    "id",
    "kind",
    "content",
    "content_hash",
    "embedding",
    "embedding_model",
    "supersession_key",
    "topic",
    "source",
    "metadata",
    "created_at",
)
_CLAIM_COLUMNS = ("tenant", "memory_id", "ordinal", "content", "embedding")
_STATE_COLUMNS = (
    "tenant",
    "memory_id",
    "kind",
    "importance",
    "generality",
    "proven",
    "pinned",
    "status",
    "updated_at",
)
