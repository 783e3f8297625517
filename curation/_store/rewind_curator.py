"""Inverting the curator's acts and the undos for the rewind replay (``rewind_replay.py``):
restores and revivals, the trust gate's decisions, conflict resolutions and reopenings,
principle approvals, rejections and unmerges, a run's undo. Each inverts from the prior
state it recorded; for history recorded before acts kept one (2026-12-04) it puts the
rows back from the acts around them and counts the event in ``approximated``."""

from __future__ import annotations

from typing import Any

from sqlalchemy import text

from curation._kinds import ArchiveReason, EventType
from curation._store.lifecycle import STATE_FIELDS, jsonable_state
from curation._store.rewind_model import (
    ACTIVE,
    ARCHIVE_CLEARED,
    CONFLICT_FIELDS,
    PROPOSAL_FIELDS,
    Model,
    iso,
)


class CuratorInversions(Model):
    """One ``_invert_<kind>`` per act (``recorded``: the act kept ``prior_states``, which
    the replay has already put back)."""

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
            e.memory_id, **{k: prior.get(k) for k in ("status", *ARCHIVE_CLEARED, "parent_id")}
        )

    def _held_again(self, e: Any, recorded: bool) -> None:
        if recorded:
            return
        self.target.approximated[e.type] += 1
        held = self.earlier(e.id, "type = 'quarantine' AND memory_id = :m", m=e.memory_id)
        reason = None if held is None else held.reason
        self.memory(e.memory_id, **ARCHIVE_CLEARED, status="quarantined", quarantine_reason=reason)

    def _invert_release(self, e: Any, data: dict[str, Any], recorded: bool) -> None:
        self._held_again(e, recorded)

    def _invert_quarantine_reject(self, e: Any, data: dict[str, Any], recorded: bool) -> None:
        self._held_again(e, recorded)

    def _invert_resolve(self, e: Any, data: dict[str, Any], recorded: bool) -> None:
        self.conflict(
            data.get("conflict_id"), **{**dict.fromkeys(CONFLICT_FIELDS), "status": "open"}
        )
        if not recorded and data.get("archived"):
            self.target.approximated[e.type] += 1
            self.memory(e.memory_id, **ACTIVE)

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
            self.memory(done["replacement_id"], **ACTIVE)

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
            self.memory(member, **ACTIVE, parent_id=None)
        prior = data.get("prior_state")
        if prior and not data.get("principle_created"):
            self.memory(
                e.memory_id,
                generality=data.get("prior_generality"),
                **{k: prior.get(k) for k in ("status", *ARCHIVE_CLEARED)},
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
            self.memory(e.memory_id, **ACTIVE)
        else:
            generality = self.target.proposals.get(str(proposal_id), {}).get("generality") or 0
            self.memory(
                e.memory_id,
                **ACTIVE,
                generality=max(int(done.get("prior_generality") or 0), int(generality)),
            )

    def _invert_undo(self, e: Any, data: dict[str, Any], recorded: bool) -> None:
        """A curation run's undo (its restores have events of their own; the canonicals'
        unfolded counts come back from ``prior_states``)."""
        for conflict_id in data.get("dismissed_conflict_ids") or []:
            self.conflict(conflict_id, **{**dict.fromkeys(CONFLICT_FIELDS), "status": "open"})
        for proposal_id in data.get("withdrawn_proposal_ids") or []:
            self.proposal(proposal_id, **{**dict.fromkeys(PROPOSAL_FIELDS), "status": "pending"})

    def _run_ids(self, sql: str, run_id: str) -> list[str]:
        """The ids ``sql`` finds for the run (``:t`` the tenant, ``:r`` the run), as text."""
        return [
            str(i) for i in self.conn.execute(text(sql), {"t": self.tenant, "r": run_id}).scalars()
        ]

    def old_undo(self, run_id: str) -> None:
        """An undo recorded before 2026-12-04 left no ``undo`` event: its withdrawn
        proposals and dismissed conflicts are found by their marks, its merges' folded
        counts from the merge events (importance: the larger of the canonical's and its
        duplicates', as the merge took it)."""
        self.target.approximated[EventType.UNDO.value] += 1
        t = self.target
        proposals = self._rows(
            f"SELECT id, {', '.join(PROPOSAL_FIELDS)}, generality FROM proposal"
            " WHERE tenant = :t AND id = ANY(CAST(:ids AS uuid[]))",
            self._run_ids(
                "SELECT id FROM proposal WHERE tenant = :t AND run_id = :r"
                " AND status = 'withdrawn' AND decided_by LIKE 'undo:%'",
                run_id,
            ),
            lambda r: {f: iso(getattr(r, f)) for f in (*PROPOSAL_FIELDS, "generality")},
        )
        conflicts = self._rows(
            f"SELECT id, {', '.join(CONFLICT_FIELDS)} FROM conflict"
            " WHERE tenant = :t AND id = ANY(CAST(:ids AS uuid[]))"
            " AND status = 'dismissed' AND resolution_note = 'run undone'",
            self._run_ids(
                "SELECT data->>'conflict_id' FROM event WHERE tenant = :t"
                " AND run_id = :r AND type = 'contest'",
                run_id,
            ),
            lambda r: {f: iso(getattr(r, f)) for f in CONFLICT_FIELDS},
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
            text(
                "SELECT memory_id, data FROM event WHERE tenant = :t AND run_id = :r"
                " AND type = 'merge'"
            ),
            {"t": self.tenant, "r": run_id},
        ).all()
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
