"""What the trust gate did to a batch, recorded in the write's transaction: a GATE event
per memory it changed (kinds and offsets, never a value) and the quarantine of the new
or revived memories it holds (``lifecycle.quarantine``)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import Connection

from curation._kinds import EventType
from curation._records import WriteResult
from curation._store import lifecycle
from curation._store.events import event_row, record_events
from curation._trust_gate import GateReport


def record_gate(
    conn: Connection,
    tenant: str,
    results: Sequence[WriteResult],
    reports: Sequence[GateReport],
    *,
    now: datetime,
    actor: str,
) -> list[WriteResult]:
    """The results, those the gate holds marked ``quarantined``."""
    events = [
        event_row(
            tenant, EventType.GATE, at=now, actor=actor, memory_id=r.id, data=g.as_event_data()
        )
        for r, g in zip(results, reports, strict=True)
        if g.changes and (r.created or r.revived)
    ]
    record_events(conn, events)
    held = {
        r.id: "instruction-like content from an untrusted source: "
        + "; ".join(g.quarantine_reasons)
        for r, g in zip(results, reports, strict=True)
        if g.quarantined and (r.created or r.revived)
    }
    if held:
        lifecycle.quarantine(conn, tenant, held, now=now, actor=actor)
    return [dataclasses.replace(r, quarantined=True) if r.id in held else r for r in results]
