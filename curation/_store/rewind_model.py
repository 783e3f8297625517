"""The rewind replay's model (``rewind_replay.py``): the rows the history after a moment
names, as they are now, and the state the replay puts each back to; one spelling of
times and ids so a state read from a row compares equal to one read from an event."""

from __future__ import annotations

import uuid
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, text

from curation._store.lifecycle.recorded import (
    CONFLICT_FIELDS,
    PROPOSAL_FIELDS,
    STATE_FIELDS,
    jsonable_state,
)

ARCHIVE_CLEARED = {"archive_reason": None, "archived_at": None, "superseded_by": None}
ACTIVE = {"status": "active", **ARCHIVE_CLEARED, "quarantine_reason": None}


def iso(value: Any) -> Any:
    """Times as ISO text in UTC (events stored them as ``str(datetime)``), ids as text:
    one spelling, so a state read from a row compares equal to one read from an event."""
    if isinstance(value, str) and len(value) >= 19 and value[4:5] == "-" and value[10:11] in " T":
        try:
            value = datetime.fromisoformat(value)
        except ValueError:
            return value
    if isinstance(value, datetime):
        return value.astimezone(UTC).isoformat() if value.tzinfo else value.isoformat()
    if isinstance(value, uuid.UUID):
        return str(value)
    return value


def normal(state: dict[str, Any] | None) -> dict[str, Any] | None:
    return None if state is None else {k: iso(v) for k, v in state.items()}


def is_uuid(value: str) -> bool:
    try:
        uuid.UUID(str(value))
    except ValueError:
        return False
    return True


@dataclass
class RewindTarget:
    """Every row the history says differs at ``moment`` from now: its state now and then.
    A memory, proposal or conflict ``born`` after the moment did not exist then."""

    moment: datetime
    memories: dict[str, dict[str, Any]] = field(default_factory=dict)
    memories_now: dict[str, dict[str, Any]] = field(default_factory=dict)
    born_memories: set[str] = field(default_factory=set)
    proposals: dict[str, dict[str, Any]] = field(default_factory=dict)
    proposals_now: dict[str, dict[str, Any]] = field(default_factory=dict)
    born_proposals: set[str] = field(default_factory=set)
    conflicts: dict[str, dict[str, Any]] = field(default_factory=dict)
    conflicts_now: dict[str, dict[str, Any]] = field(default_factory=dict)
    born_conflicts: set[str] = field(default_factory=set)
    policy: dict[str, Any] | None = None  # None: unchanged since the moment
    policy_now: dict[str, Any] = field(default_factory=dict)
    runs: dict[str, dict[str, Any]] = field(default_factory=dict)  # status, undone_at
    runs_now: dict[str, dict[str, Any]] = field(default_factory=dict)
    approximated: Counter[str] = field(default_factory=Counter)
    not_rewindable: Counter[str] = field(default_factory=Counter)


class Model:
    """The replay's state: what the rows are now (``target.*_now``) and then."""

    def __init__(
        self, conn: Connection, tenant: str, moment: datetime, events: list[Any], lock: bool
    ):
        self.conn, self.tenant, self.events = conn, tenant, events
        self.lock = " ORDER BY 1 FOR UPDATE" if lock else ""
        self.target = RewindTarget(moment=moment)
        self._load(events)
        self.policy: dict[str, Any] | None = None
        self.policy_needs_lookup = False

    # -- the rows the events name, as they are now ------------------------------------------
    def _load(self, events: list[Any]) -> None:
        memory_ids: set[str] = set()
        proposal_ids: set[str] = set()
        conflict_ids: set[str] = set()
        for e in events:
            data = e.data or {}
            memory_ids.update(str(i) for i in [e.memory_id, *e.related_ids] if i is not None)
            for key in ("duplicate_ids", "subsumed_ids"):
                memory_ids.update(str(i) for i in data.get(key) or [])
            memory_ids.update(data.get("prior_states") or {})
            if data.get("entity") == "memory" and data.get("id"):
                memory_ids.add(str(data["id"]))
            for key, into in (("proposal_id", proposal_ids), ("conflict_id", conflict_ids)):
                if data.get(key):
                    into.add(str(data[key]))
            proposal_ids.update(data.get("withdrawn_proposal_ids") or [])
            conflict_ids.update(data.get("dismissed_conflict_ids") or [])
            if data.get("entity") in ("proposal", "conflict"):
                (proposal_ids if data["entity"] == "proposal" else conflict_ids).add(data["id"])
        t = self.target
        t.memories_now = self._rows(
            f"SELECT memory_id AS id, {', '.join(STATE_FIELDS)} FROM memory_state"
            " WHERE tenant = :t AND memory_id = ANY(CAST(:ids AS uuid[]))",
            memory_ids,
            jsonable_state,
        )
        t.proposals_now = self._rows(
            f"SELECT id, {', '.join(PROPOSAL_FIELDS)}, generality FROM proposal"
            " WHERE tenant = :t AND id = ANY(CAST(:ids AS uuid[]))",
            proposal_ids,
            lambda r: {f: iso(getattr(r, f)) for f in (*PROPOSAL_FIELDS, "generality")},
        )
        t.conflicts_now = self._rows(
            f"SELECT id, {', '.join(CONFLICT_FIELDS)} FROM conflict"
            " WHERE tenant = :t AND id = ANY(CAST(:ids AS uuid[]))",
            conflict_ids,
            lambda r: {f: iso(getattr(r, f)) for f in CONFLICT_FIELDS},
        )
        t.policy_now = dict(
            self.conn.execute(
                text("SELECT policy FROM tenant WHERE name = :t"), {"t": self.tenant}
            ).scalar()
            or {}
        )
        t.memories = {k: normal(v) or {} for k, v in t.memories_now.items()}
        t.proposals = {k: dict(v) for k, v in t.proposals_now.items()}
        t.conflicts = {k: dict(v) for k, v in t.conflicts_now.items()}

    def _rows(self, sql: str, ids: Iterable[str], shape: Any) -> dict[str, dict[str, Any]]:
        wanted = sorted({i for i in ids if is_uuid(i)})
        if not wanted:
            return {}
        rows = self.conn.execute(text(sql + self.lock), {"t": self.tenant, "ids": wanted}).all()
        return {str(r.id): normal(shape(r)) or {} for r in rows}

    # -- setting a row's state then ---------------------------------------------------------
    def memory(self, memory_id: Any, **changes: Any) -> None:
        state = self.target.memories.get(str(memory_id))
        if state is not None:  # a memory forgotten since has no row to put back
            state.update({k: iso(v) for k, v in changes.items()})

    def proposal(self, proposal_id: Any, **changes: Any) -> None:
        row = self.target.proposals.get(str(proposal_id))
        if row is not None:
            row.update({k: iso(v) for k, v in changes.items()})

    def conflict(self, conflict_id: Any, **changes: Any) -> None:
        row = self.target.conflicts.get(str(conflict_id))
        if row is not None:
            row.update({k: iso(v) for k, v in changes.items()})

    def earlier(self, before_id: int, sql_where: str, **params: Any) -> Any:
        """The newest event before ``before_id`` matching ``sql_where`` (for old events
        that did not record their prior)."""
        return self.conn.execute(
            text(
                "SELECT id, type, at, actor, reason, related_ids, data FROM event"
                f" WHERE tenant = :t AND id < :before AND {sql_where} ORDER BY id DESC LIMIT 1"
            ),
            {"t": self.tenant, "before": before_id, **params},
        ).first()
