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

from datetime import datetime
from typing import Any

from sqlalchemy import Connection, text

from curation._kinds import ArchiveReason, EventType
from curation._store.lifecycle.recorded import CONFLICT_FIELDS, PROPOSAL_FIELDS, RUN_FIELDS
from curation._store.rewind_curator import CuratorInversions
from curation._store.rewind_model import (
    ACTIVE,
    ARCHIVE_CLEARED,
    RewindTarget,
    iso,
    normal,
)

__all__ = ["CONFLICT_FIELDS", "PROPOSAL_FIELDS", "RUN_FIELDS", "RewindTarget", "normal"]

E = EventType
# kinds that change no curated state (usage, reports, the trust gate's redaction notes)
_USAGE = {E.RECALL, E.VALIDATE, E.FEEDBACK, E.RESTATE, E.GATE, E.CURATION_RUN}
_NOT_REWINDABLE = {E.FORGET, E.COMPACT}
_KINDS = {k.value for k in E}


class _Replay(CuratorInversions):
    """The events after the moment inverted, newest first, on the model."""

    def __init__(
        self, conn: Connection, tenant: str, moment: datetime, events: list[Any], lock: bool
    ):
        super().__init__(conn, tenant, moment, events, lock)

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
        changes = dict(ARCHIVE_CLEARED, status=(prior or {}).get("status", "active"))
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

    def _invert_pin(self, e: Any, data: dict[str, Any], recorded: bool) -> None:
        self.memory(e.memory_id, pinned=False)

    def _invert_unpin(self, e: Any, data: dict[str, Any], recorded: bool) -> None:
        self.memory(e.memory_id, pinned=True)

    def _invert_quarantine(self, e: Any, data: dict[str, Any], recorded: bool) -> None:
        self.memory(e.memory_id, **ACTIVE)

    def _invert_contest(self, e: Any, data: dict[str, Any], recorded: bool) -> None:
        if data.get("conflict_id"):
            self.target.born_conflicts.add(str(data["conflict_id"]))

    def _invert_propose(self, e: Any, data: dict[str, Any], recorded: bool) -> None:
        if data.get("proposal_id"):  # (a held change's review row is not rewound)
            self.target.born_proposals.add(str(data["proposal_id"]))

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
                run["undone_at"] = iso(now)
        t.runs = {k: v for k, v in t.runs.items() if v != t.runs_now.get(k)}
        return t


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
