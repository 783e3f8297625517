"""A tenant's curation state as one comparable value.

Two databases that went through the same history compare equal even though a killed and
retried run drew other random ids (run, conflict, proposal) and other event ids (an
aborted transaction still consumes identity values). So ids that are random are replaced
by labels given in a deterministic order, event ids by the events' order, and the two
report fields that measure wall time (``duration_s``, ``timings``) are left out; a stored
policy's set-valued fields are compared as sorted lists. Every other column is compared
exactly: time is injected, so timestamps repeat too. The two big tables (memory_state,
event) are digested row by row in the database, so a fingerprint of thousands of rows
costs tens of milliseconds, and a difference still points at the rows.
"""

from __future__ import annotations

import hashlib
import json
import uuid
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from functools import cached_property
from typing import Any

from sqlalchemy import Connection, text

from curation import Database
from curation.internals import scope_to_tenant

# report keys that measure the machine, not the store
VOLATILE_REPORT_KEYS = frozenset({"duration_s", "timings"})


@dataclass(frozen=True)
class Fingerprint:
    """Per table, its rows in canonical form and order."""

    tables: Mapping[str, list[Any]]

    @cached_property
    def digest(self) -> str:
        payload = json.dumps(self.tables, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(payload.encode()).hexdigest()

    def counts(self) -> dict[str, int]:
        return {name: len(rows) for name, rows in self.tables.items()}

    def diff(self, other: Fingerprint, *, limit: int = 3) -> str:
        """Where two fingerprints differ, briefly (for assertion messages)."""
        lines = []
        for name in sorted(set(self.tables) | set(other.tables)):
            mine, theirs = self.tables.get(name, []), other.tables.get(name, [])
            if mine == theirs:
                continue
            lines.append(f"{name}: {len(mine)} rows vs {len(theirs)}")
            shown = 0
            for a, b in zip(mine, theirs, strict=False):
                if a != b and shown < limit:
                    lines.append(f"  {json.dumps(a, default=str)[:300]}")
                    lines.append(f"  {json.dumps(b, default=str)[:300]}")
                    shown += 1
        return "\n".join(lines) or "identical"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Fingerprint) and self.digest == other.digest

    def __hash__(self) -> int:
        return hash(self.digest)


def canonical(value: Any, labels: Mapping[str, str]) -> Any:
    """A JSON-able value with random ids replaced by their labels."""
    if isinstance(value, uuid.UUID):
        return labels.get(str(value), str(value))
    if isinstance(value, str):
        return labels.get(value, value)
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, Mapping):
        return {str(k): canonical(v, labels) for k, v in sorted(value.items())}
    if isinstance(value, list | tuple):
        return [canonical(v, labels) for v in value]
    return value


def _rows(conn: Connection, sql: str, tenant: str) -> list[dict[str, Any]]:
    return [dict(r) for r in conn.execute(text(sql), {"t": tenant}).mappings().all()]


def _labels(
    runs: list[dict[str, Any]], conflicts: list[dict[str, Any]], proposals: list[dict[str, Any]]
) -> dict[str, str]:
    labels: dict[str, str] = {}
    for i, row in enumerate(runs):
        labels[str(row["id"])] = f"run#{i}"
    for i, row in enumerate(conflicts):
        labels[str(row["id"])] = f"conflict#{i}"
    for i, row in enumerate(proposals):
        labels[str(row["id"])] = f"proposal#{i}"
    return labels


def _sorted_sets(policy: Mapping[str, Any]) -> dict[str, Any]:
    """A stored policy with its set-valued fields in sorted order: pydantic dumps a
    frozenset in iteration order, which differs between processes (string hashing is
    randomised), so the same policy is stored as differently ordered lists."""
    return {
        k: sorted(v) if isinstance(v, list) and all(isinstance(x, str) for x in v) else v
        for k, v in policy.items()
    }


# per memory: a digest of its state row (no random ids in memory_state)
_STATE_DIGESTS = """
    SELECT memory_id::text, md5(CAST(s.* AS text)) FROM memory_state s
    WHERE s.tenant = :t ORDER BY memory_id
"""
# per event, in order: a digest of everything but its id, random ids replaced by labels
_EVENT_DIGESTS = """
    WITH labels AS (
        SELECT key AS id, value AS label FROM jsonb_each_text(CAST(:labels AS jsonb))
    )
    SELECT md5(jsonb_build_object(
        'type', e.type, 'memory_id', e.memory_id, 'related_ids', e.related_ids,
        'actor', e.actor, 'reason', e.reason, 'at', e.at,
        'run', coalesce(run.label, CAST(e.run_id AS text)),
        'data', e.data || jsonb_strip_nulls(jsonb_build_object(
            'conflict_id', conflict.label, 'proposal_id', proposal.label,
            'undo_of_run', undone.label))
    )::text)
    FROM event e
    LEFT JOIN labels run ON run.id = CAST(e.run_id AS text)
    LEFT JOIN labels conflict ON conflict.id = e.data ->> 'conflict_id'
    LEFT JOIN labels proposal ON proposal.id = e.data ->> 'proposal_id'
    LEFT JOIN labels undone ON undone.id = e.data ->> 'undo_of_run'
    WHERE e.tenant = :t ORDER BY e.id
"""


@contextmanager
def read_view(database: Database, tenant: str) -> Iterator[Connection]:
    """One REPEATABLE READ transaction scoped to ``tenant``: every query sees one state."""
    engine = database.engine.execution_options(isolation_level="REPEATABLE READ")
    with engine.connect() as conn, conn.begin():
        scope_to_tenant(conn, tenant)
        yield conn


def read_fingerprint(database: Database, tenant: str) -> Fingerprint:
    """The tenant's memory_state, conflicts, proposals, runs and event history, in one
    transaction (a consistent view)."""
    with read_view(database, tenant) as conn:
        memory_ids = conn.execute(
            text("SELECT id FROM memory WHERE tenant = :t ORDER BY id"), {"t": tenant}
        ).scalars()
        memory_digest = hashlib.sha256("".join(str(m) for m in memory_ids).encode()).hexdigest()
        state = [list(r) for r in conn.execute(text(_STATE_DIGESTS), {"t": tenant}).all()]
        # runs in the order they wrote (runs of one tenant never interleave: the lock)
        runs = _rows(
            conn,
            "SELECT r.*, (SELECT min(e.id) FROM event e WHERE e.tenant = r.tenant"
            " AND e.run_id = r.id) AS first_event FROM curation_run r WHERE r.tenant = :t"
            " ORDER BY first_event NULLS LAST, r.started_at, r.id",
            tenant,
        )
        conflicts = _rows(
            conn,
            "SELECT * FROM conflict WHERE tenant = :t ORDER BY memory_id,"
            " related_memory_id NULLS FIRST, claim, evidence, at, source, detected_by",
            tenant,
        )
        proposals = _rows(
            conn,
            "SELECT * FROM proposal WHERE tenant = :t ORDER BY"
            " (SELECT array_agg(m ORDER BY m) FROM unnest(member_ids) m), text, created_at",
            tenant,
        )
        labels = _labels(runs, conflicts, proposals)
        events = list(
            conn.execute(
                text(_EVENT_DIGESTS), {"t": tenant, "labels": json.dumps(labels)}
            ).scalars()
        )
    for row in runs:
        row.pop("first_event")
        row["report"] = {
            k: v for k, v in dict(row["report"]).items() if k not in VOLATILE_REPORT_KEYS
        }
        row["policy"] = _sorted_sets(row["policy"])
    for row in conflicts + proposals + runs:
        row.pop("id")

    def rows_of(rows: list[dict[str, Any]]) -> list[Any]:
        return [canonical(r, labels) for r in rows]

    return Fingerprint(
        {
            "memory": [memory_digest],
            "memory_state": state,
            "conflict": rows_of(conflicts),
            "proposal": rows_of(proposals),
            "curation_run": rows_of(runs),
            "event": events,
        }
    )
