"""The curated set as it was at a moment (issue 31 item 3): the moment's check, shared by
every surface; a forward replay of statuses, pins and the policy from the history alone
(``curated_as_of``); and the archive page's "as of" view (``curated_set_as_of``), which
uses the rewind's reverse replay so it shows exactly what a rewind would restore.

The history is append-only, so the state at ``moment`` is the forward replay of the
events at or before it. Only kinds whose effect on a memory's status or pin is fully
known are replayed; every other kind that occurs after the tenant's first event is
counted in ``not_replayed`` so a caller can refuse or report it instead of being
silently wrong.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, text

from curation._errors import StateConflictError, ValidationError
from curation._kinds import EventType
from curation._records import CuratedSetAsOf, MemoryAsOf
from curation._store.rewind_replay import rewind_target

# What each replayed kind does to a memory's status ("" = no change of status).
_STATUS_AFTER: dict[str, str] = {
    EventType.WRITE.value: "active",
    EventType.ARCHIVE.value: "archived",
    EventType.RESTORE.value: "active",
    EventType.REVIVE.value: "active",
    EventType.QUARANTINE.value: "quarantined",
    EventType.RELEASE.value: "active",
    EventType.QUARANTINE_REJECT.value: "archived",
}
# Kinds that change neither a memory's status nor its pin, nor the policy.
_NO_STATE_CHANGE = frozenset(
    {
        EventType.RECALL.value,
        EventType.VALIDATE.value,
        EventType.FEEDBACK.value,
        EventType.CURATION_RUN.value,
        EventType.UNDO.value,  # its restores have their own events
    }
)


@dataclass
class CuratedAsOf:
    """Memory statuses and pins, and the stored policy, as of ``moment``."""

    moment: datetime
    statuses: dict[str, str] = field(default_factory=dict)
    pinned: set[str] = field(default_factory=set)
    # the stored policy; {} (what a new tenant stores: the defaults) before any POLICY event
    policy: dict[str, Any] = field(default_factory=dict)
    not_replayed: Counter[str] = field(default_factory=Counter)


def check_moment(value: str | datetime, *, now: datetime, created_at: datetime) -> datetime:
    """The moment to go back to, or a typed error naming the field ``to`` and the value:
    malformed or without a time zone (ValidationError), in the future or before the
    tenant existed (StateConflictError: a well-formed moment the tenant's life refuses)."""
    if isinstance(value, datetime):
        moment = value
    else:
        try:
            moment = datetime.fromisoformat(str(value))
        except ValueError as exc:
            raise ValidationError("to", value, "is not an ISO 8601 date/time") from exc
    if moment.tzinfo is None:
        raise ValidationError("to", value, "needs a time zone (e.g. Z or +00:00)")
    if moment > now:
        raise StateConflictError("to", value, f"is in the future (now is {now.isoformat()})")
    if moment < created_at:
        raise StateConflictError(
            "to", value, f"is before the tenant existed (created {created_at.isoformat()})"
        )
    return moment


def curated_as_of(conn: Connection, tenant: str, moment: datetime) -> CuratedAsOf:
    """Replay the tenant's history up to and including ``moment``."""
    state = CuratedAsOf(moment=moment)
    rows = conn.execute(
        text(
            "SELECT type, memory_id, related_ids, data FROM event"
            " WHERE tenant = :t AND at <= :m ORDER BY at, id"
        ),
        {"t": tenant, "m": moment},
    )
    for kind, memory_id, related_ids, data in rows:
        mid = None if memory_id is None else str(memory_id)
        if kind in _STATUS_AFTER and mid is not None:
            state.statuses[mid] = _STATUS_AFTER[kind]
        elif kind == EventType.MERGE.value:
            for dup in (data or {}).get("duplicate_ids") or related_ids or []:
                state.statuses[str(dup)] = "archived"
        elif kind == EventType.APPROVE.value and (data or {}).get("proposal_id"):
            for member in data.get("subsumed_ids") or []:  # a principle approved over them
                state.statuses[str(member)] = "archived"
            if mid is not None:
                state.statuses[mid] = "active"
        elif kind == EventType.RESOLVE.value:
            if (data or {}).get("archived") and mid is not None:  # replaced or retired
                state.statuses[mid] = "archived"
        elif kind == EventType.PIN.value and mid is not None:
            state.pinned.add(mid)
        elif kind == EventType.UNPIN.value and mid is not None:
            state.pinned.discard(mid)
        elif kind == EventType.REWIND.value and (data or {}).get("entity") == "memory":
            after = data["after"]  # a rewind (or its undo) put the memory in this state
            state.statuses[str(data["id"])] = after["status"]
            (state.pinned.add if after["pinned"] else state.pinned.discard)(str(data["id"]))
        elif kind == EventType.REWIND.value:
            pass  # proposals and conflicts are not replayed; the policy has its own event
        elif kind == EventType.POLICY.value:
            state.policy = (data or {}).get("policy") or {}
        elif kind not in _NO_STATE_CHANGE:
            state.not_replayed[kind] += 1
    return state


def tenant_created_at(conn: Connection, tenant: str) -> datetime | None:
    return conn.execute(
        text("SELECT created_at FROM tenant WHERE name = :t"), {"t": tenant}
    ).scalar()


def curated_set_as_of(
    conn: Connection, tenant: str, moment: datetime, *, now: datetime, limit: int
) -> CuratedSetAsOf:
    """The curated set at ``moment`` for browsing: every memory's state now, with the
    rows the history changed since put back by the reverse replay a rewind uses (so it
    shows what a rewind to ``moment`` would restore); memories written later are absent."""
    target = rewind_target(conn, tenant, moment, now=now, actor="as-of")
    rows = conn.execute(
        text(
            "SELECT m.id, m.kind, m.topic, m.created_at, s.status, s.pinned FROM memory m"
            " JOIN memory_state s ON s.tenant = m.tenant AND s.memory_id = m.id"
            " WHERE m.tenant = :t ORDER BY m.created_at DESC, m.id"
        ),
        {"t": tenant},
    ).all()
    counts: Counter[str] = Counter()
    shown: list[tuple[Any, bool]] = []
    for row in rows:
        mid = str(row.id)
        if mid in target.born_memories:
            continue
        then = target.memories.get(mid)
        status = then["status"] if then else row.status
        pinned = bool(then["pinned"]) if then else bool(row.pinned)
        counts[status] += 1
        if status == "active" and len(shown) < limit:
            shown.append((row, pinned))
    content: dict[Any, str] = dict(
        conn.execute(
            text("SELECT id, content FROM memory WHERE tenant = :t AND id = ANY(:ids)"),
            {"t": tenant, "ids": [r.id for r, _ in shown]},
        ).all()
    )
    return CuratedSetAsOf(
        tenant=tenant,
        at=moment.isoformat(),
        counts={s: counts.get(s, 0) for s in ("active", "archived", "quarantined")},
        memories=[
            MemoryAsOf(
                id=str(r.id),
                kind=r.kind,
                content=content[r.id],
                topic=r.topic,
                pinned=pinned,
                status_now=r.status,
            )
            for r, pinned in shown
        ],
        approximated=dict(target.approximated),
    )
