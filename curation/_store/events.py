"""Appending to the history. Nothing here updates or deletes: the table refuses both."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, text

from curation._errors import ValidationError
from curation._jsondoc import text_problem
from curation._kinds import EventType
from curation._validation import validate_actor

_INSERT = text(
    """
    INSERT INTO event (tenant, type, memory_id, related_ids, actor, reason, run_id, data, at)
    VALUES (:tenant, :type, :memory_id, CAST(:related_ids AS uuid[]), :actor, :reason,
            :run_id, CAST(:data AS jsonb), :at)
    """
)


def event_row(
    tenant: str,
    type_: EventType,
    *,
    at: datetime,
    actor: str,
    memory_id: uuid.UUID | str | None = None,
    related_ids: Sequence[uuid.UUID | str] = (),
    reason: str | None = None,
    run_id: uuid.UUID | str | None = None,
    data: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """One history row. Actor and reason are checked here too, inside the caller's
    transaction, so a hostile value rolls the whole act back instead of reaching the
    driver as an error."""
    actor = validate_actor(actor)
    problem = None if reason is None else text_problem(reason)
    if problem:
        raise ValidationError("reason", reason, problem)
    return {
        "tenant": tenant,
        "type": type_.value,
        "memory_id": None if memory_id is None else str(memory_id),
        "related_ids": [str(r) for r in related_ids],
        "actor": actor,
        "reason": reason,
        "run_id": None if run_id is None else str(run_id),
        "data": json.dumps(data or {}, default=str),
        "at": at,
    }


def record_events(conn: Connection, rows: Iterable[dict[str, Any]]) -> int:
    batch = list(rows)
    if batch:
        conn.execute(_INSERT, batch)
    return len(batch)


def record_event(conn: Connection, tenant: str, type_: EventType, **kwargs: Any) -> None:
    record_events(conn, [event_row(tenant, type_, **kwargs)])


@dataclass(frozen=True)
class Stamp:
    """For which tenant, by whom, when and in which run an act happens: what every event
    of the act shares, said once where the act starts."""

    tenant: str
    at: datetime
    actor: str
    run_id: uuid.UUID | None = None

    def event(self, type_: EventType, **fields: Any) -> dict[str, Any]:
        """``event_row`` of this act (``fields``: memory_id, related_ids, reason, data)."""
        return event_row(
            self.tenant, type_, at=self.at, actor=self.actor, run_id=self.run_id, **fields
        )

    def record(self, conn: Connection, type_: EventType, **fields: Any) -> None:
        record_events(conn, [self.event(type_, **fields)])
