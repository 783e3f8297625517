"""The curator's acts: approve, reject or unmerge principle proposals; resolve or reopen
conflicts. Each is one transaction, recorded with what it takes to invert it."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import datetime
from typing import Any, Protocol

from sqlalchemy import Connection, text

from curation._errors import (
    InvalidStateError,
    NotFoundError,
    StateConflictError,
    ValidationError,
)
from curation._kinds import EventType, MemoryKind, Resolution
from curation._records import Approval, ConflictResolution, Reopened, Unmerge
from curation._store.events import event_row, record_event, record_events
from curation._store.lifecycle import (
    ARCHIVE_SET,
    CHANGED,
    RESTORE_SET,
    archive_one,
    rearchive,
    states_of,
)
from curation._store.lifecycle.conflict import reopen_conflict, settle_conflict
from curation._store.lifecycle.proposal import decide_proposal
from curation._store.lifecycle.recorded import CONFLICT_FIELDS, PROPOSAL_FIELDS, jsonable_row
from curation._store.writes import PreparedWrite, write_batch
from curation._validation import MemoryInput, content_hash, validate_content


class Preparer(Protocol):
    """What the curator needs of the store to write a principle or replacement."""

    def prepare(self, inputs: Sequence[MemoryInput]) -> list[PreparedWrite]: ...


def _locked(conn: Connection, table: str, tenant: str, row_id: uuid.UUID) -> Any:
    """A proposal or conflict of the tenant, locked for the act on it."""
    assert table in ("proposal", "conflict")
    row = conn.execute(
        text(f"SELECT * FROM {table} WHERE tenant = :t AND id = :id FOR UPDATE"),
        {"t": tenant, "id": row_id},
    ).first()
    if row is None:
        raise NotFoundError(table, str(row_id), tenant)
    return row


def approve(
    store: Preparer,
    conn: Connection,
    tenant: str,
    proposal_id: uuid.UUID,
    *,
    now: datetime,
    actor: str,
    edited_text: str | None = None,
) -> Approval:
    """Make the proposal a principle: its text (or the curator's ``edited_text``, already
    validated) is a member's, which is promoted, or is written as a new memory; the other
    members are archived ``subsumed`` under it and stay reachable through it."""
    proposal = _locked(conn, "proposal", tenant, proposal_id)
    if proposal.status != "pending":
        raise InvalidStateError(f"proposal {proposal_id} is {proposal.status}, not pending")
    principle_text = proposal.text if edited_text is None else edited_text
    members = conn.execute(
        text(
            "SELECT m.id, m.content_hash, s.importance, s.generality, s.proven, s.status,"
            " s.archive_reason, s.archived_at, s.superseded_by,"
            " s.pinned FROM memory m JOIN memory_state s"
            " ON s.tenant = m.tenant AND s.memory_id = m.id"
            " WHERE m.tenant = :t AND m.id = ANY(:ids) ORDER BY m.id FOR UPDATE OF s"
        ),
        {"t": tenant, "ids": list(proposal.member_ids)},
    ).all()
    # every member as it was (the principle too, once known): what a rewind puts back
    before = states_of(conn, tenant, [m.id for m in members])
    text_hash = content_hash(principle_text)
    promoted = next((m for m in members if m.content_hash == text_hash), None)
    prior_generality: int | None = None
    prior_state: dict[str, Any] | None = None
    if promoted is not None:
        principle_id = promoted.id
        prior_generality = int(promoted.generality)
        # the promoted member may have been archived since the proposal: unmerge puts it back
        prior_state = {
            "status": promoted.status,
            "archive_reason": promoted.archive_reason,
            "archived_at": None
            if promoted.archived_at is None
            else promoted.archived_at.isoformat(),
            "superseded_by": None
            if promoted.superseded_by is None
            else str(promoted.superseded_by),
        }
        conn.execute(
            text(
                f"UPDATE memory_state SET {RESTORE_SET}, generality = greatest(generality, :g)"
                " WHERE tenant = :t AND memory_id = :id"
            ),
            {"t": tenant, "id": principle_id, "g": proposal.generality, "now": now},
        )
        created = False
    else:
        item = MemoryInput(
            content=principle_text,
            kind=MemoryKind(proposal.kind),
            importance=max((float(m.importance) for m in members), default=0.5),
            generality=int(proposal.generality),
            proven=max((int(m.proven) for m in members), default=0),
            metadata={"proposal_id": str(proposal_id)},
            source="principle",
        )
        result = write_batch(conn, tenant, store.prepare([item]), now=now, actor=actor)[0]
        principle_id = uuid.UUID(result.id)
        created = result.created
    subsumed = [
        m.id
        for m in members
        if m.id != principle_id
        and archive_one(conn, tenant, m.id, "subsumed", now=now, parent_id=principle_id)
    ]
    decide_proposal(conn, proposal_id, "approved", now=now, actor=actor, principle_id=principle_id)
    record_event(
        conn,
        tenant,
        EventType.APPROVE,
        at=now,
        actor=actor,
        memory_id=principle_id,
        related_ids=subsumed,
        reason=f"principle approved over {len(subsumed)} entries",
        data={
            "proposal_id": str(proposal_id),
            "principle_created": created,
            "prior_generality": prior_generality,
            "prior_state": prior_state,
            "subsumed_ids": [str(s) for s in subsumed],
            "prior_states": before,
            "proposed_text": proposal.text,
            "edited_text": None if principle_text == proposal.text else principle_text,
        },
    )
    return Approval(
        proposal_id=str(proposal_id),
        principle_id=str(principle_id),
        created=created,
        subsumed=len(subsumed),
        text=principle_text,
        edited=principle_text != proposal.text,
    )


def reject(
    conn: Connection,
    tenant: str,
    proposal_id: uuid.UUID,
    *,
    now: datetime,
    actor: str,
    note: str | None = None,
) -> None:
    proposal = _locked(conn, "proposal", tenant, proposal_id)
    if proposal.status != "pending":
        raise InvalidStateError(f"proposal {proposal_id} is {proposal.status}, not pending")
    decide_proposal(conn, proposal_id, "rejected", now=now, actor=actor)
    record_event(
        conn,
        tenant,
        EventType.REJECT,
        at=now,
        actor=actor,
        related_ids=list(proposal.member_ids),
        reason=note,
        data={"proposal_id": str(proposal_id)},
    )


def unmerge(
    conn: Connection, tenant: str, proposal_id: uuid.UUID, *, now: datetime, actor: str
) -> Unmerge:
    """Undo an approval in one act: members back as they were, the principle withdrawn."""
    proposal = _locked(conn, "proposal", tenant, proposal_id)
    if proposal.status != "approved":
        raise InvalidStateError(f"proposal {proposal_id} is {proposal.status}, not approved")
    approval = _last_act(conn, tenant, EventType.APPROVE, "proposal_id", proposal_id)
    principle = proposal.principle_id
    before = states_of(conn, tenant, [*approval["subsumed_ids"], principle])
    restored = (
        conn.execute(
            text(
                f"UPDATE memory_state SET {RESTORE_SET}, parent_id = NULL"
                " WHERE tenant = :t AND memory_id = ANY(CAST(:ids AS uuid[]))"
                " AND status = 'archived' AND archive_reason = 'subsumed' AND parent_id = :p"
                " RETURNING memory_id"
            ),
            {"t": tenant, "ids": approval["subsumed_ids"], "p": principle, "now": now},
        )
        .scalars()
        .all()
    )
    if approval["principle_created"]:
        conn.execute(
            text(
                f"UPDATE memory_state SET {ARCHIVE_SET}, archive_reason = 'retired'"
                " WHERE tenant = :t AND memory_id = :p AND status = 'active'"
            ),
            {"t": tenant, "p": principle, "now": now},
        )
    else:
        conn.execute(
            text(
                f"UPDATE memory_state SET generality = :g, {CHANGED}"
                " WHERE tenant = :t AND memory_id = :p"
            ),
            {"t": tenant, "p": principle, "g": approval["prior_generality"], "now": now},
        )
        prior = approval.get("prior_state") or {}
        if prior.get("status") == "archived":  # promoted from the archive: back it goes
            rearchive(conn, tenant, principle, prior, now=now)
    decide_proposal(conn, proposal_id, "unmerged", now=now, actor=actor)
    _record_undo(
        conn,
        tenant,
        EventType.UNMERGE,
        "proposal",
        proposal,
        before,
        now=now,
        actor=actor,
        memory_id=principle,
        related_ids=list(restored),
        reason="principle unmerged",
    )
    return Unmerge(proposal_id=str(proposal_id), restored=len(restored))


def resolve(
    store: Preparer,
    conn: Connection,
    tenant: str,
    conflict_id: uuid.UUID,
    resolution: Resolution,
    *,
    replacement: str | None,
    note: str | None,
    now: datetime,
    actor: str,
) -> ConflictResolution:
    """replace / narrow: a new statement supersedes the contested one; retire: the contested
    one is archived; dismiss: the doubt is lifted and the entry stays as it was."""
    conflict = _locked(conn, "conflict", tenant, conflict_id)
    if conflict.status != "open":
        raise InvalidStateError(f"conflict {conflict_id} is {conflict.status}, not open")
    state = conn.execute(
        text(
            "SELECT m.kind, s.* FROM memory m JOIN memory_state s ON s.tenant = m.tenant"
            " AND s.memory_id = m.id WHERE m.tenant = :t AND m.id = :id FOR UPDATE OF s"
        ),
        {"t": tenant, "id": conflict.memory_id},
    ).one()
    before = states_of(conn, tenant, [conflict.memory_id])
    replacement_id: Any = None
    created = False
    archived = False
    if resolution in (Resolution.REPLACE, Resolution.NARROW, Resolution.RETIRE) and state.pinned:
        raise InvalidStateError(f"memory {conflict.memory_id} is pinned; unpin it first")
    if resolution in (Resolution.REPLACE, Resolution.NARROW):
        if replacement is None and resolution == Resolution.REPLACE:
            replacement_id = conflict.related_memory_id
        if replacement is not None:
            content = validate_content(replacement)
            generality = int(state.generality)
            if resolution == Resolution.NARROW:
                generality = max(0, generality - 1)
            item = MemoryInput(
                content=content,
                kind=MemoryKind(state.kind),
                importance=float(state.importance),
                generality=generality,
                source="resolution",
                metadata={"conflict_id": str(conflict_id)},
            )
            result = write_batch(conn, tenant, store.prepare([item]), now=now, actor=actor)[0]
            replacement_id, created = uuid.UUID(result.id), result.created
        if replacement_id is None:
            # narrow always needs the statement; replace only when the conflict has no
            # related memory to take over (that is the conflict's state, not the value)
            refusal = ValidationError if resolution == Resolution.NARROW else StateConflictError
            raise refusal(
                "replacement", replacement, f"{resolution.value} needs the replacing statement"
            )
        archived = archive_one(
            conn, tenant, conflict.memory_id, "superseded", now=now, superseded_by=replacement_id
        )
    elif resolution == Resolution.RETIRE:
        archived = archive_one(conn, tenant, conflict.memory_id, "retired", now=now)
    status = "dismissed" if resolution == Resolution.DISMISS else "resolved"
    settle_conflict(conn, conflict_id, status, resolution.value, note=note, now=now, actor=actor)
    record_event(
        conn,
        tenant,
        EventType.RESOLVE,
        at=now,
        actor=actor,
        memory_id=conflict.memory_id,
        related_ids=[replacement_id] if replacement_id else [],
        reason=note or resolution.value,
        data={
            "conflict_id": str(conflict_id),
            "resolution": resolution.value,
            "replacement_id": None if replacement_id is None else str(replacement_id),
            "replacement_created": created,
            "archived": archived,
            "prior_states": before,
        },
    )
    return ConflictResolution(
        conflict_id=str(conflict_id),
        resolution=resolution.value,
        status=status,
        replacement_id=None if replacement_id is None else str(replacement_id),
        archived=archived,
    )


def reopen(
    conn: Connection, tenant: str, conflict_id: uuid.UUID, *, now: datetime, actor: str
) -> Reopened:
    """Undo a resolution: the contested entry back as it was, a replacement it created
    withdrawn, the conflict open again."""
    conflict = _locked(conn, "conflict", tenant, conflict_id)
    if conflict.status == "open":
        raise InvalidStateError(f"conflict {conflict_id} is already open")
    resolution = _last_act(conn, tenant, EventType.RESOLVE, "conflict_id", conflict_id)
    touched = [conflict.memory_id]
    if resolution.get("replacement_created"):
        touched.append(resolution["replacement_id"])
    before = states_of(conn, tenant, touched)
    restored: list[Any] = []
    if resolution.get("archived"):
        restored = list(
            conn.execute(
                text(
                    f"UPDATE memory_state SET {RESTORE_SET}"
                    " WHERE tenant = :t AND memory_id = :id"
                    " AND status = 'archived' RETURNING memory_id"
                ),
                {"t": tenant, "id": conflict.memory_id, "now": now},
            ).scalars()
        )
    if resolution.get("replacement_created"):
        archive_one(conn, tenant, resolution["replacement_id"], "retired", now=now)
    reopen_conflict(conn, conflict_id)
    _record_undo(
        conn,
        tenant,
        EventType.REOPEN,
        "conflict",
        conflict,
        before,
        now=now,
        actor=actor,
        memory_id=conflict.memory_id,
        reason="resolution undone",
    )
    return Reopened(conflict_id=str(conflict_id), restored=len(restored))


_RECORDED_FIELDS = {"proposal": PROPOSAL_FIELDS, "conflict": CONFLICT_FIELDS}


def _record_undo(
    conn: Connection,
    tenant: str,
    kind: EventType,
    table: str,
    row: Any,
    before: dict[str, Any],
    *,
    now: datetime,
    actor: str,
    memory_id: Any,
    related_ids: Sequence[Any] = (),
    reason: str,
) -> None:
    """The event of an undo (unmerge, reopen): the ``table``'s row it decides again, as it
    was, and the memories' states before, what a rewind puts back."""
    event = event_row(
        tenant,
        kind,
        at=now,
        actor=actor,
        memory_id=memory_id,
        related_ids=related_ids,
        reason=reason,
        data={
            f"{table}_id": str(row.id),
            "prior_states": before,
            f"prior_{table}": jsonable_row(row, _RECORDED_FIELDS[table]),
        },
    )
    record_events(conn, [event])


def _last_act(
    conn: Connection, tenant: str, kind: EventType, key: str, row_id: uuid.UUID
) -> dict[str, Any]:
    """The data of the latest ``kind`` event about the row (``data[key]``): what an undo
    of that act takes back."""
    data: dict[str, Any] = conn.execute(
        text(
            "SELECT data FROM event WHERE tenant = :t AND type = :k"
            f" AND data->>'{key}' = :id ORDER BY id DESC LIMIT 1"
        ),
        {"t": tenant, "k": kind.value, "id": str(row_id)},
    ).scalar_one()
    return data
