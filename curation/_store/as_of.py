"""The curated set as it was at a moment, read from the history alone (the first part of
a rewind, issue 31 item 3, and of the archive page's "as of" browsing).

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

from curation._errors import ValidationError
from curation._kinds import EventType

# What each replayed kind does to a memory's status ("" = no change of status).
_STATUS_AFTER: dict[str, str] = {
    EventType.WRITE.value: "active",
    EventType.ARCHIVE.value: "archived",
    EventType.RESTORE.value: "active",
    EventType.REVIVE.value: "active",
}
# Kinds that change neither a memory's status nor its pin, nor the policy.
_NO_STATE_CHANGE = frozenset(
    {
        EventType.RECALL.value,
        EventType.VALIDATE.value,
        EventType.FEEDBACK.value,
        EventType.CURATION_RUN.value,
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
    malformed, without a time zone, in the future, or before the tenant existed."""
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
        raise ValidationError("to", value, f"is in the future (now is {now.isoformat()})")
    if moment < created_at:
        raise ValidationError(
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
        elif kind == EventType.PIN.value and mid is not None:
            state.pinned.add(mid)
        elif kind == EventType.UNPIN.value and mid is not None:
            state.pinned.discard(mid)
        elif kind == EventType.POLICY.value:
            state.policy = (data or {}).get("policy") or {}
        elif kind not in _NO_STATE_CHANGE:
            state.not_replayed[kind] += 1
    return state


def tenant_created_at(conn: Connection, tenant: str) -> datetime | None:
    return conn.execute(
        text("SELECT created_at FROM tenant WHERE name = :t"), {"t": tenant}
    ).scalar()
