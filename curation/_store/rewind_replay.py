"""What a tenant's curated state was at a moment, found by replaying its history in
reverse: start from the rows as they are now and invert every event after the moment,
newest first (issue 31 item 3). Reads only; ``rewind.py`` writes the difference.

Each event inverts from what it recorded. Acts record the prior state of every memory
they change (``prior_states``), of the proposal or conflict they reopen and of the
policy they replace; events written before that (2026-12-04) are inverted from what
they did record and the acts around them, and each such approximation is counted in
``approximated`` by event kind. Hard deletes (``forget``, ``compact``) cannot be
rewound: counted in ``not_rewindable``. Usage (recalls, validations, feedback,
restatements) is history, not curation: it is not rewound.
"""

from __future__ import annotations

import uuid
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, text

from curation._kinds import ArchiveReason, EventType
from curation._store.lifecycle import STATE_FIELDS, jsonable_state

E = EventType
# kinds that change no curated state (usage, reports, the trust gate's redaction notes)
_USAGE = {E.RECALL, E.VALIDATE, E.FEEDBACK, E.RESTATE, E.GATE, E.CURATION_RUN}
_NOT_REWINDABLE = {E.FORGET, E.COMPACT}
_KINDS = {k.value for k in E}
PROPOSAL_FIELDS = ("status", "principle_id", "decided_at", "decided_by")
RUN_FIELDS = ("status", "undone_at")
CONFLICT_FIELDS = ("status", "resolution", "resolution_note", "resolved_at", "resolved_by")
_ARCHIVE_CLEARED = {"archive_reason": None, "archived_at": None, "superseded_by": None}
_ACTIVE = {"status": "active", **_ARCHIVE_CLEARED, "quarantine_reason": None}


def _iso(value: Any) -> Any:
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
    return None if state is None else {k: _iso(v) for k, v in state.items()}


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


class _Replay:
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
            lambda r: {f: _iso(getattr(r, f)) for f in (*PROPOSAL_FIELDS, "generality")},
        )
        t.conflicts_now = self._rows(
            f"SELECT id, {', '.join(CONFLICT_FIELDS)} FROM conflict"
            " WHERE tenant = :t AND id = ANY(CAST(:ids AS uuid[]))",
            conflict_ids,
            lambda r: {f: _iso(getattr(r, f)) for f in CONFLICT_FIELDS},
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
        wanted = sorted({i for i in ids if _is_uuid(i)})
        if not wanted:
            return {}
        rows = self.conn.execute(text(sql + self.lock), {"t": self.tenant, "ids": wanted}).all()
        return {str(r.id): normal(shape(r)) or {} for r in rows}

    # -- setting a row's state then ---------------------------------------------------------
    def memory(self, memory_id: Any, **changes: Any) -> None:
        state = self.target.memories.get(str(memory_id))
        if state is not None:  # a memory forgotten since has no row to put back
            state.update({k: _iso(v) for k, v in changes.items()})

    def proposal(self, proposal_id: Any, **changes: Any) -> None:
        row = self.target.proposals.get(str(proposal_id))
        if row is not None:
            row.update({k: _iso(v) for k, v in changes.items()})

    def conflict(self, conflict_id: Any, **changes: Any) -> None:
        row = self.target.conflicts.get(str(conflict_id))
        if row is not None:
            row.update({k: _iso(v) for k, v in changes.items()})

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

    # -- inverting one event ----------------------------------------------------------------
    def invert(self, e: Any) -> None:
        kind = E(e.type) if e.type in _KINDS else None
        data = e.data or {}
        if kind is None or kind in _USAGE:
            return
        if kind in _NOT_REWINDABLE:
            self.target.not_rewindable[kind.value] += 1
            return
        if kind == E.REWIND:
            self._invert_rewind(data)
            return
        for memory_id, state in (data.get("prior_states") or {}).items():
            self.memory(memory_id, **state)
        recorded = "prior_states" in data
        handler = getattr(self, f"_invert_{kind.value}", None)
        if handler is not None:
            handler(e, data, recorded)

    def _invert_rewind(self, data: dict[str, Any]) -> None:
        prior, entity = data.get("prior"), data.get("entity")
        if entity == "memory" and prior:
            self.memory(data["id"], **prior)
        elif entity == "proposal" and prior:
            self.proposal(data["id"], **prior)
        elif entity == "conflict" and prior:
            self.conflict(data["id"], **prior)
        elif entity == "policy":
            self.policy = dict(prior or {})
            self.policy_needs_lookup = False
        # entity "run": a run's status then follows from its times (``runs``)

    def _invert_write(self, e: Any, data: dict[str, Any], recorded: bool) -> None:
        self.target.born_memories.add(str(e.memory_id))

    def _invert_archive(self, e: Any, data: dict[str, Any], recorded: bool) -> None:
        prior = data.get("prior")
        if not prior:
            self.target.approximated[e.type] += 1
        changes = dict(_ARCHIVE_CLEARED, status=(prior or {}).get("status", "active"))
        if prior and "parent_id" in prior:
            changes["parent_id"] = prior["parent_id"]
        self.memory(e.memory_id, **changes)

    def _invert_merge(self, e: Any, data: dict[str, Any], recorded: bool) -> None:
        if data.get("mechanic") == "subsumption":  # filed beneath a broader entry on write
            self.memory(e.memory_id, parent_id=(data.get("prior") or {}).get("parent_id"))
            return
        state = self.target.memories.get(str(e.memory_id))
        if state is None or "folded_recall_count" not in data:
            return
        self.memory(
            e.memory_id,
            recall_count=max(0, int(state["recall_count"]) - int(data["folded_recall_count"])),
            proven=max(0, int(state["proven"]) - int(data.get("folded_proven", 0))),
            importance=float(data["importance_before"]),
        )

    def _invert_restore(self, e: Any, data: dict[str, Any], recorded: bool) -> None:
        if recorded:
            return
        prior = data.get("prior")
        if prior:
            changes = {k: prior.get(k) for k in ("status", "archive_reason", "superseded_by")}
            if "parent_id" in prior:
                changes["parent_id"] = prior["parent_id"]
            if "archived_at" in prior:
                changes["archived_at"] = prior["archived_at"]
            else:
                self.target.approximated[e.type] += 1
                changes["archived_at"] = self._last_archived_at(e)
            self.memory(e.memory_id, **changes)
            return
        run_id = data.get("undo_of_run")
        archive = (
            self.earlier(
                e.id,
                "type = 'archive' AND memory_id = :m AND run_id = CAST(:r AS uuid)",
                m=e.memory_id,
                r=run_id,
            )
            if run_id
            else None
        )
        self.target.approximated[e.type] += 1
        if archive is None:
            self.memory(e.memory_id, status="archived", archive_reason="retired")
            return
        reason = (archive.data or {}).get("archive_reason") or "retired"
        target = str(archive.related_ids[0]) if archive.related_ids else None
        changes = {"status": "archived", "archive_reason": reason, "archived_at": archive.at}
        if reason == ArchiveReason.SUBSUMED.value:
            changes["parent_id"] = target
        else:
            changes["superseded_by"] = target
        self.memory(e.memory_id, **changes)

    def _last_archived_at(self, e: Any) -> Any:
        row = self.earlier(
            e.id, "memory_id = :m AND type IN ('archive', 'approve', 'resolve')", m=e.memory_id
        )
        return None if row is None else row.at

    def _invert_revive(self, e: Any, data: dict[str, Any], recorded: bool) -> None:
        prior = data.get("prior") or {}
        self.memory(
            e.memory_id, **{k: prior.get(k) for k in ("status", *_ARCHIVE_CLEARED, "parent_id")}
        )

    def _invert_pin(self, e: Any, data: dict[str, Any], recorded: bool) -> None:
        self.memory(e.memory_id, pinned=False)

    def _invert_unpin(self, e: Any, data: dict[str, Any], recorded: bool) -> None:
        self.memory(e.memory_id, pinned=True)

    def _invert_quarantine(self, e: Any, data: dict[str, Any], recorded: bool) -> None:
        self.memory(e.memory_id, **_ACTIVE)

    def _held_again(self, e: Any, recorded: bool) -> None:
        if recorded:
            return
        self.target.approximated[e.type] += 1
        held = self.earlier(e.id, "type = 'quarantine' AND memory_id = :m", m=e.memory_id)
        reason = None if held is None else held.reason
        self.memory(e.memory_id, **_ARCHIVE_CLEARED, status="quarantined", quarantine_reason=reason)

    def _invert_release(self, e: Any, data: dict[str, Any], recorded: bool) -> None:
        self._held_again(e, recorded)

    def _invert_quarantine_reject(self, e: Any, data: dict[str, Any], recorded: bool) -> None:
        self._held_again(e, recorded)

    def _invert_contest(self, e: Any, data: dict[str, Any], recorded: bool) -> None:
        if data.get("conflict_id"):
            self.target.born_conflicts.add(str(data["conflict_id"]))

    def _invert_resolve(self, e: Any, data: dict[str, Any], recorded: bool) -> None:
        self.conflict(
            data.get("conflict_id"), **{**dict.fromkeys(CONFLICT_FIELDS), "status": "open"}
        )
        if not recorded and data.get("archived"):
            self.target.approximated[e.type] += 1
            self.memory(e.memory_id, **_ACTIVE)

    def _invert_reopen(self, e: Any, data: dict[str, Any], recorded: bool) -> None:
        prior = data.get("prior_conflict")
        if prior:
            self.conflict(data.get("conflict_id"), **prior)
            return
        self.target.approximated[e.type] += 1
        resolved = self.earlier(
            e.id, "type = 'resolve' AND data->>'conflict_id' = :c", c=data.get("conflict_id")
        )
        if resolved is None:
            return
        how = (resolved.data or {}).get("resolution") or "dismiss"
        self.conflict(
            data.get("conflict_id"),
            status="dismissed" if how == "dismiss" else "resolved",
            resolution=how,
            resolution_note=None if resolved.reason == how else resolved.reason,
            resolved_at=resolved.at,
            resolved_by=resolved.actor,
        )
        if recorded:
            return
        done = resolved.data or {}
        if done.get("archived"):
            replacement = done.get("replacement_id")
            self.memory(
                e.memory_id,
                status="archived",
                archive_reason="superseded" if replacement else "retired",
                archived_at=resolved.at,
                superseded_by=replacement,
            )
        if done.get("replacement_created"):
            self.memory(done["replacement_id"], **_ACTIVE)

    def _invert_propose(self, e: Any, data: dict[str, Any], recorded: bool) -> None:
        if data.get("proposal_id"):  # (a held change's review row is not rewound)
            self.target.born_proposals.add(str(data["proposal_id"]))

    def _invert_approve(self, e: Any, data: dict[str, Any], recorded: bool) -> None:
        if not data.get("proposal_id"):
            return  # a held change confirmed: its archive has its own event
        self.proposal(
            data["proposal_id"], **{**dict.fromkeys(PROPOSAL_FIELDS), "status": "pending"}
        )
        if recorded:
            return
        self.target.approximated[e.type] += 1
        for member in data.get("subsumed_ids") or []:
            self.memory(member, **_ACTIVE, parent_id=None)
        prior = data.get("prior_state")
        if prior and not data.get("principle_created"):
            self.memory(
                e.memory_id,
                generality=data.get("prior_generality"),
                **{k: prior.get(k) for k in ("status", *_ARCHIVE_CLEARED)},
            )

    def _invert_reject(self, e: Any, data: dict[str, Any], recorded: bool) -> None:
        if data.get("proposal_id"):
            self.proposal(
                data["proposal_id"], **{**dict.fromkeys(PROPOSAL_FIELDS), "status": "pending"}
            )

    def _invert_unmerge(self, e: Any, data: dict[str, Any], recorded: bool) -> None:
        proposal_id = data.get("proposal_id")
        prior = data.get("prior_proposal")
        approval = self.earlier(
            e.id, "type = 'approve' AND data->>'proposal_id' = :p", p=proposal_id
        )
        if prior:
            self.proposal(proposal_id, **prior)
        elif approval is not None:
            self.target.approximated[e.type] += 1
            self.proposal(
                proposal_id,
                status="approved",
                principle_id=e.memory_id,
                decided_at=approval.at,
                decided_by=approval.actor,
            )
        if recorded or approval is None:
            return
        for member in e.related_ids:
            self.memory(
                member,
                status="archived",
                archive_reason="subsumed",
                archived_at=approval.at,
                superseded_by=None,
                parent_id=e.memory_id,
            )
        done = approval.data or {}
        if done.get("principle_created"):
            self.memory(e.memory_id, **_ACTIVE)
        else:
            generality = self.target.proposals.get(str(proposal_id), {}).get("generality") or 0
            self.memory(
                e.memory_id,
                **_ACTIVE,
                generality=max(int(done.get("prior_generality") or 0), int(generality)),
            )

    def _invert_undo(self, e: Any, data: dict[str, Any], recorded: bool) -> None:
        """A curation run's undo (its restores have events of their own; the canonicals'
        unfolded counts come back from ``prior_states``)."""
        for conflict_id in data.get("dismissed_conflict_ids") or []:
            self.conflict(conflict_id, **{**dict.fromkeys(CONFLICT_FIELDS), "status": "open"})
        for proposal_id in data.get("withdrawn_proposal_ids") or []:
            self.proposal(proposal_id, **{**dict.fromkeys(PROPOSAL_FIELDS), "status": "pending"})

    def _invert_policy(self, e: Any, data: dict[str, Any], recorded: bool) -> None:
        if "prior" in data:
            self.policy = dict(data["prior"] or {})
            self.policy_needs_lookup = False
        else:  # an older event: the policy then is the last one stored at or before it
            self.policy_needs_lookup = True

    # -- runs -------------------------------------------------------------------------------
    def runs(self) -> list[tuple[datetime, str]]:
        """Runs' statuses then: one applied after the moment reads ``undone`` (the rewind
        takes its effects back), one undone after it but made before reads ``applied``
        again (its effects are back, and ``undo`` can take them back anew). Returns the
        undos recorded without an ``undo`` event (time, run), newest first, for the
        replay to invert in their place (``old_undo``)."""
        old: list[tuple[datetime, str]] = []
        rows = self.conn.execute(
            text(
                "SELECT r.id, r.status, r.undone_at, r.started_at > :m AS later,"
                " EXISTS (SELECT 1 FROM event e WHERE e.tenant = :t AND e.run_id = r.id"
                "         AND e.type = 'undo') AS recorded"
                " FROM curation_run r WHERE r.tenant = :t AND ("
                "   (r.started_at > :m AND r.status = 'applied')"
                "   OR (r.started_at <= :m AND r.status = 'undone' AND r.undone_at > :m))"
            ),
            {"t": self.tenant, "m": self.target.moment},
        ).all()
        for row in rows:
            run_id = str(row.id)
            self.target.runs_now[run_id] = (
                normal({"status": row.status, "undone_at": row.undone_at}) or {}
            )
            if row.later:
                self.target.runs[run_id] = {"status": "undone", "undone_at": None}
                continue
            self.target.runs[run_id] = {"status": "applied", "undone_at": None}
            if not row.recorded:  # undone before undos kept what they took back
                old.append((row.undone_at, run_id))
        return sorted(old, reverse=True)

    def old_undo(self, run_id: str) -> None:
        """An undo recorded before 2026-12-04 left no ``undo`` event: its withdrawn
        proposals and dismissed conflicts are found by their marks, its merges' folded
        counts from the merge events (importance: the larger of the canonical's and its
        duplicates', as the merge took it)."""
        self.target.approximated[E.UNDO.value] += 1
        t = self.target
        proposals = self._rows(
            f"SELECT id, {', '.join(PROPOSAL_FIELDS)}, generality FROM proposal"
            " WHERE tenant = :t AND id = ANY(CAST(:ids AS uuid[]))",
            [
                str(i)
                for i in self.conn.execute(
                    text(
                        "SELECT id FROM proposal WHERE tenant = :t AND run_id = :r"
                        " AND status = 'withdrawn' AND decided_by LIKE 'undo:%'"
                    ),
                    {"t": self.tenant, "r": run_id},
                ).scalars()
            ],
            lambda r: {f: _iso(getattr(r, f)) for f in (*PROPOSAL_FIELDS, "generality")},
        )
        conflicts = self._rows(
            f"SELECT id, {', '.join(CONFLICT_FIELDS)} FROM conflict"
            " WHERE tenant = :t AND id = ANY(CAST(:ids AS uuid[]))"
            " AND status = 'dismissed' AND resolution_note = 'run undone'",
            [
                str(i)
                for i in self.conn.execute(
                    text(
                        "SELECT data->>'conflict_id' FROM event WHERE tenant = :t"
                        " AND run_id = :r AND type = 'contest'"
                    ),
                    {"t": self.tenant, "r": run_id},
                ).scalars()
            ],
            lambda r: {f: _iso(getattr(r, f)) for f in CONFLICT_FIELDS},
        )
        for rows, now_rows, model in (
            (proposals, t.proposals_now, t.proposals),
            (conflicts, t.conflicts_now, t.conflicts),
        ):
            for row_id, row in rows.items():
                now_rows.setdefault(row_id, row)
                model.setdefault(row_id, dict(row))
        for proposal_id in proposals:
            self.proposal(proposal_id, **{**dict.fromkeys(PROPOSAL_FIELDS), "status": "pending"})
        for conflict_id in conflicts:
            self.conflict(conflict_id, **{**dict.fromkeys(CONFLICT_FIELDS), "status": "open"})
        merges = self.conn.execute(
            text("SELECT memory_id, data FROM event WHERE tenant = :t AND run_id = :r"
                 " AND type = 'merge'"),
            {"t": self.tenant, "r": run_id},
        ).all()  # fmt: skip
        loaded = self._rows(
            f"SELECT memory_id AS id, {', '.join(STATE_FIELDS)} FROM memory_state"
            " WHERE tenant = :t AND memory_id = ANY(CAST(:ids AS uuid[]))",
            [
                str(i)
                for m in merges
                for i in [m.memory_id, *((m.data or {}).get("duplicate_ids") or [])]
                if str(i) not in t.memories
            ],
            jsonable_state,
        )
        for memory_id, row in loaded.items():
            t.memories_now[memory_id] = row
            t.memories[memory_id] = dict(row)
        for merge in merges:
            state = t.memories.get(str(merge.memory_id))
            data = merge.data or {}
            if state is not None and "folded_recall_count" in data:
                duplicates = [t.memories.get(str(d)) for d in data.get("duplicate_ids") or []]
                self.memory(
                    merge.memory_id,
                    recall_count=int(state["recall_count"]) + int(data["folded_recall_count"]),
                    proven=int(state["proven"]) + int(data.get("folded_proven", 0)),
                    importance=max(
                        [float(state["importance"])]
                        + [float(d["importance"]) for d in duplicates if d is not None]
                    ),
                )

    # -- the result -------------------------------------------------------------------------
    def finish(self, *, now: datetime, actor: str) -> RewindTarget:
        """What differs; rows born after the moment get the state that stands for
        "absent": a memory archived ``rewound``, a proposal withdrawn, a conflict
        dismissed (nothing is deleted, so the undo can bring each back)."""
        t = self.target
        if self.policy_needs_lookup:
            self.target.approximated[E.POLICY.value] += 1
            last = self.conn.execute(
                text(
                    "SELECT data FROM event WHERE tenant = :t AND type = 'policy' AND at <= :m"
                    " ORDER BY at DESC, id DESC LIMIT 1"
                ),
                {"t": self.tenant, "m": t.moment},
            ).scalar()
            self.policy = dict((last or {}).get("policy") or {})
        if self.policy is not None and self.policy != t.policy_now:
            t.policy = self.policy
        t.born_memories &= set(t.memories)
        t.born_proposals &= set(t.proposals)
        t.born_conflicts &= set(t.conflicts)
        for memory_id in t.born_memories:
            self.memory(
                memory_id,
                status="archived",
                archive_reason=ArchiveReason.REWOUND.value,
                archived_at=now,
                superseded_by=None,
                pinned=False,
                quarantine_reason=None,
            )
        for proposal_id in t.born_proposals:
            if t.proposals_now[proposal_id]["status"] == "withdrawn":
                t.proposals[proposal_id] = dict(t.proposals_now[proposal_id])
                continue
            self.proposal(
                proposal_id, status="withdrawn", decided_at=now, decided_by=f"rewind:{actor}"
            )
        for conflict_id in t.born_conflicts:
            if t.conflicts_now[conflict_id]["status"] != "open":  # closed already: left so
                t.conflicts[conflict_id] = dict(t.conflicts_now[conflict_id])
                continue
            self.conflict(
                conflict_id,
                status="dismissed",
                resolution="dismiss",
                resolution_note="rewound",
                resolved_at=now,
                resolved_by=actor,
            )
        t.memories = {k: v for k, v in t.memories.items() if v != t.memories_now.get(k)}
        t.proposals = {k: v for k, v in t.proposals.items() if v != t.proposals_now.get(k)}
        t.conflicts = {k: v for k, v in t.conflicts.items() if v != t.conflicts_now.get(k)}
        for run in t.runs.values():
            if run["status"] == "undone":
                run["undone_at"] = _iso(now)
        t.runs = {k: v for k, v in t.runs.items() if v != t.runs_now.get(k)}
        return t


def _is_uuid(value: str) -> bool:
    try:
        uuid.UUID(str(value))
    except ValueError:
        return False
    return True


def rewind_target(
    conn: Connection,
    tenant: str,
    moment: datetime,
    *,
    now: datetime,
    actor: str,
    lock: bool = False,
) -> RewindTarget:
    """Every curated row as it was at ``moment``, from its state now and the events
    after the moment inverted newest first (usage events are not read). ``lock``: the
    rows read are locked for the caller's update (so a recall's count bump between the
    read and the write is not lost)."""
    events = conn.execute(
        text(
            "SELECT id, type, memory_id, related_ids, actor, reason, run_id, data, at"
            " FROM event WHERE tenant = :t AND at > :m"
            " AND type NOT IN ('recall', 'validate', 'feedback', 'restate', 'gate')"
            " ORDER BY at DESC, id DESC"
        ),
        {"t": tenant, "m": moment},
    ).all()
    replay = _Replay(conn, tenant, moment, list(events), lock)
    old_undos = replay.runs()
    for event in events:
        while old_undos and old_undos[0][0] >= event.at:
            replay.old_undo(old_undos.pop(0)[1])
        replay.invert(event)
    for _, run_id in old_undos:
        replay.old_undo(run_id)
    return replay.finish(now=now, actor=actor)
