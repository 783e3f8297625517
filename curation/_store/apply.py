"""Applying a curation plan: one transaction, optimistic per row, every change an event.

A row is archived only if its state version still equals the one the plan saw (so an
entry recalled, pinned or edited after planning is left alone), it is still active and
unpinned, and — for supersession and duplicates — its target is still active. All rows the
apply touches are locked first in id order, the same order recall locks in, so the two
cannot deadlock.
"""

from __future__ import annotations

import json
import uuid
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, text

from curation._kinds import EventType
from curation._plan import ArchiveAction, CurationPlan, Mechanic
from curation._store.change_review import hold_changes, record_auto_applied
from curation._store.events import Stamp, record_events
from curation._store.lifecycle import ARCHIVE_SET
from curation._store.transfer.bulk import copy_rows
from curation.mechanics import writing

_COPY_EVENTS_FROM = 2000
_EVENT_COLUMNS = (
    "tenant",
    "type",
    "memory_id",
    "related_ids",
    "actor",
    "reason",
    "run_id",
    "data",
    "at",
)


def write_events(conn: Connection, rows: list[dict[str, Any]]) -> int:
    """``record_events``, by (staged) COPY for a large batch (one apply at 1M memories
    writes ~300k archive events, one executemany round of parameters each otherwise). The
    same rows, in the same order, in the same transaction."""
    if len(rows) < _COPY_EVENTS_FROM:
        return record_events(conn, rows)
    raw = conn.connection.driver_connection
    if raw is None or not type(raw).__module__.startswith("psycopg"):
        return record_events(conn, rows)
    return copy_rows(
        conn, "event", _EVENT_COLUMNS, (tuple(r[c] for c in _EVENT_COLUMNS) for r in rows)
    )


def effective_mechanics(plan: CurationPlan, dry_run: bool) -> set[Mechanic]:
    """Which mechanics write in this run: none in a dry run, else ``mechanics.writing``."""
    return set() if dry_run else writing(plan.policy)


def lock_rows(conn: Connection, tenant: str, ids: list[str]) -> None:
    """Lock state rows in id order: every multi-row writer (apply, recall, write-time
    supersession) takes its row locks in this one order, so no two can deadlock."""
    if ids:
        conn.execute(
            text(
                "SELECT memory_id FROM memory_state WHERE tenant = :t "
                "AND memory_id = ANY(CAST(:ids AS uuid[])) ORDER BY memory_id FOR UPDATE"
            ),
            {"t": tenant, "ids": sorted(set(ids))},
        )


def archive_actions(conn: Connection, stamp: Stamp, actions: list[ArchiveAction]) -> set[str]:
    if not actions:
        return set()
    params = {
        "t": stamp.tenant,
        "now": stamp.at,
        "ids": [a.memory_id for a in actions],
        "versions": [a.expected_version for a in actions],
        "reasons": [a.reason.value for a in actions],
        "targets": [a.target_id for a in actions],
    }
    archived = conn.execute(
        text(
            f"""
            WITH p AS (
                SELECT * FROM unnest(CAST(:ids AS uuid[]), CAST(:versions AS bigint[]),
                                     CAST(:reasons AS text[]), CAST(:targets AS uuid[]))
                    AS p(id, v, reason, target)
            ),
            prior AS (  -- the statement's snapshot: parent_id before this UPDATE
                SELECT memory_id, parent_id FROM memory_state
                WHERE tenant = :t AND memory_id = ANY(CAST(:ids AS uuid[]))
            )
            UPDATE memory_state s
            SET {ARCHIVE_SET}, archive_reason = p.reason,
                superseded_by = CASE WHEN p.reason = 'subsumed' THEN NULL ELSE p.target END,
                parent_id = CASE WHEN p.reason = 'subsumed' THEN p.target ELSE s.parent_id END
            FROM p JOIN prior ON prior.memory_id = p.id
            WHERE s.tenant = :t AND s.memory_id = p.id AND s.version = p.v
              AND s.status = 'active' AND NOT s.pinned
              AND (p.target IS NULL OR EXISTS (
                    SELECT 1 FROM memory_state c
                    WHERE c.tenant = :t AND c.memory_id = p.target AND c.status = 'active'))
            RETURNING s.memory_id, prior.parent_id AS prior_parent
            """
        ),
        params,
    ).all()
    # a subsumed archive sets parent_id: the event keeps the prior one so undo can restore it
    prior_parent = {str(row.memory_id): row.prior_parent for row in archived}
    done = set(prior_parent)
    write_events(
        conn,
        [
            stamp.event(
                EventType.ARCHIVE,
                memory_id=a.memory_id,
                related_ids=[a.target_id] if a.target_id else [],
                reason=a.detail,
                data={
                    "mechanic": a.mechanic.value,
                    "archive_reason": a.reason.value,
                    "retention": a.retention,
                    **({"inferred": True} if a.inferred else {}),
                    "prior": {
                        "status": "active",
                        "version": a.expected_version,
                        "parent_id": None
                        if prior_parent[a.memory_id] is None
                        else str(prior_parent[a.memory_id]),
                    },
                },
            )
            for a in actions
            if a.memory_id in done
        ],
    )
    return done


def _fold_merges(conn: Connection, stamp: Stamp, plan: CurationPlan, archived: set[str]) -> int:
    """Canonicals inherit the summed recall counts (and validations) and the max importance
    of the duplicates that were actually archived. The event keeps what undo subtracts.

    One statement for all clusters (clusters are disjoint, so this equals folding them one
    at a time): a per-cluster round trip cost ~1 ms each, minutes at 1M memories."""
    folded = [
        (cluster, [d for d in cluster.duplicate_ids if d in archived]) for cluster in plan.merges
    ]
    folded = [(cluster, dups) for cluster, dups in folded if dups]
    if not folded:
        return 0
    rows = conn.execute(
        text(
            """
            WITH p AS (
                SELECT * FROM unnest(CAST(:canon AS uuid[]), CAST(:dups AS uuid[]))
                    AS p(canon, dup)
            ),
            agg AS (
                SELECT p.canon, coalesce(sum(d.recall_count), 0) AS rc,
                       coalesce(sum(d.proven), 0) AS pv, max(d.importance) AS imp
                FROM p JOIN memory_state d ON d.tenant = :t AND d.memory_id = p.dup
                GROUP BY p.canon
            ),
            prior AS (
                SELECT memory_id, importance FROM memory_state
                WHERE tenant = :t AND memory_id IN (SELECT canon FROM agg)
            )
            UPDATE memory_state c SET recall_count = c.recall_count + agg.rc,
                proven = c.proven + agg.pv, importance = greatest(c.importance, agg.imp),
                version = c.version + 1, updated_at = :now
            FROM agg JOIN prior ON prior.memory_id = agg.canon
            WHERE c.tenant = :t AND c.memory_id = agg.canon
            RETURNING c.memory_id, agg.rc, agg.pv, prior.importance AS before
            """
        ),
        {
            "t": stamp.tenant,
            "now": stamp.at,
            "canon": [cluster.canonical_id for cluster, dups in folded for _ in dups],
            "dups": [d for _, dups in folded for d in dups],
        },
    ).all()
    by_canonical = {str(r.memory_id): r for r in rows}
    write_events(
        conn,
        [
            stamp.event(
                EventType.MERGE,
                memory_id=cluster.canonical_id,
                related_ids=dups,
                reason=f"{len(dups)} near-duplicate(s) folded in "
                f"(cosine ≥ {cluster.min_similarity:.3f})",
                data={
                    "duplicate_ids": dups,
                    "folded_recall_count": int(by_canonical[cluster.canonical_id].rc),
                    "folded_proven": int(by_canonical[cluster.canonical_id].pv),
                    "importance_before": float(by_canonical[cluster.canonical_id].before),
                },
            )
            for cluster, dups in folded
        ],
    )
    return len(folded)


def _open_conflicts(
    conn: Connection, stamp: Stamp, plan: CurationPlan, archived: set[str]
) -> list[str]:
    """One INSERT for all candidates (the plan holds each (memory, other) pair once); a
    pair already recorded, or whose entry is no longer active, is skipped."""
    candidates = [c for c in plan.conflicts if c.memory_id not in archived]
    if not candidates:
        return []
    conflict_ids = [uuid.uuid4() for _ in candidates]
    inserted = conn.execute(
        text(
            """
            INSERT INTO conflict (id, tenant, memory_id, claim, evidence, source,
                                  related_memory_id, detected_by, at)
            SELECT p.id, :t, p.m, p.claim, p.evidence, 'curation', p.r, 'pass', :now
            FROM unnest(CAST(:ids AS uuid[]), CAST(:ms AS uuid[]), CAST(:claims AS text[]),
                        CAST(:evidence AS text[]), CAST(:rs AS uuid[]))
                AS p(id, m, claim, evidence, r)
            WHERE NOT EXISTS (
                SELECT 1 FROM conflict WHERE tenant = :t AND memory_id = p.m
                AND related_memory_id = p.r)
              AND EXISTS (SELECT 1 FROM memory_state WHERE tenant = :t AND memory_id = p.m
                          AND status = 'active')
            RETURNING id
            """
        ),
        {
            "t": stamp.tenant,
            "now": stamp.at,
            "ids": conflict_ids,
            "ms": [c.memory_id for c in candidates],
            "claims": [c.claim for c in candidates],
            "evidence": [c.evidence for c in candidates],
            "rs": [c.other_id for c in candidates],
        },
    ).scalars()
    made = {str(i) for i in inserted}
    opened: list[str] = []
    events = []
    for conflict_id, candidate in zip(conflict_ids, candidates, strict=True):
        if str(conflict_id) not in made:
            continue
        opened.append(str(conflict_id))
        events.append(
            stamp.event(
                EventType.CONTEST,
                memory_id=candidate.memory_id,
                related_ids=[candidate.other_id],
                reason=candidate.evidence,
                data={
                    "conflict_id": str(conflict_id),
                    "similarity": candidate.similarity,
                    "detected_by": "pass",
                },
            )
        )
    record_events(conn, events)
    return opened


def _store_proposals(conn: Connection, stamp: Stamp, plan: CurationPlan) -> list[str]:
    """Pending proposals. A member set proposed before is never proposed again, whatever
    the curator decided: a rejected or unmerged cluster stays decided (one withdrawn by
    undoing its run was never decided, and may be proposed again). One INSERT for the
    plan's proposals (their member sets are disjoint clusters, so none repeats another)."""
    if not plan.proposals:
        return []
    proposal_ids = [uuid.uuid4() for _ in plan.proposals]
    payload = [
        {
            "id": str(proposal_id),
            "kind": proposal.kind,
            "text": proposal.text,
            "m": sorted(proposal.member_ids),
            "g": proposal.generality,
            "ev": {
                "min_jaccard": proposal.min_jaccard,
                "mean_jaccard": proposal.mean_jaccard,
                "pairs": [list(p) for p in proposal.pairs],
            },
        }
        for proposal_id, proposal in zip(proposal_ids, plan.proposals, strict=True)
    ]
    inserted = conn.execute(
        text(
            """
            INSERT INTO proposal (id, tenant, kind, text, member_ids, generality, evidence,
                                  run_id, created_at)
            SELECT x.id, :t, x.kind, x.text, x.m, x.g, x.ev, :run, :now
            FROM jsonb_to_recordset(CAST(:rows AS jsonb))
                AS x(id uuid, kind text, text text, m uuid[], g integer, ev jsonb)
            WHERE NOT EXISTS (
                SELECT 1 FROM proposal WHERE tenant = :t
                AND status <> 'withdrawn'
                AND member_ids @> x.m AND member_ids <@ x.m)
            RETURNING id
            """
        ),
        {"t": stamp.tenant, "run": stamp.run_id, "now": stamp.at, "rows": json.dumps(payload)},
    ).scalars()
    made = {str(i) for i in inserted}
    created: list[str] = []
    events = []
    for proposal_id, proposal in zip(proposal_ids, plan.proposals, strict=True):
        if str(proposal_id) not in made:
            continue
        created.append(str(proposal_id))
        members = sorted(proposal.member_ids)
        events.append(
            stamp.event(
                EventType.PROPOSE,
                related_ids=members,
                reason=f"{len(members)} entries share most of their words",
                data={"proposal_id": str(proposal_id), "generality": proposal.generality},
            )
        )
    record_events(conn, events)
    return created


def apply_plan(
    conn: Connection,
    plan: CurationPlan,
    *,
    run_id: uuid.UUID,
    now: datetime,
    actor: str,
    dry_run: bool,
) -> dict[str, Any]:
    stamp = Stamp(plan.tenant, now, actor, run_id)
    writing = effective_mechanics(plan, dry_run)
    archives = [a for a in plan.archives if a.mechanic in writing]
    touched = [a.memory_id for a in archives]
    if Mechanic.DUPLICATES in writing:
        touched += [m.canonical_id for m in plan.merges]
    lock_rows(conn, plan.tenant, touched)
    archived = archive_actions(conn, stamp, archives)
    held: list[str] = []
    auto_applied = 0
    if Mechanic.SUPERSESSION in writing:  # inferred changes: applied if earned, else held
        auto_applied = record_auto_applied(conn, stamp, archives, archived, source="pass")
        held = hold_changes(conn, stamp, plan.held, source="pass")
    merged = _fold_merges(conn, stamp, plan, archived) if Mechanic.DUPLICATES in writing else 0
    conflicts = (
        _open_conflicts(conn, stamp, plan, archived) if Mechanic.CONTRADICTION in writing else []
    )
    proposals = _store_proposals(conn, stamp, plan) if Mechanic.COMPRESSION in writing else []

    def applied(mechanic: Mechanic) -> int:
        return sum(1 for a in archives if a.mechanic == mechanic and a.memory_id in archived)

    return {
        "writing": sorted(m.value for m in writing),
        "superseded": applied(Mechanic.SUPERSESSION),
        "inferred_auto_applied": auto_applied,
        "held_for_review": len(held),
        "duplicates_archived": applied(Mechanic.DUPLICATES),
        "merged_clusters": merged,
        "decayed": applied(Mechanic.DECAY),
        "conflicts_opened": len(conflicts),
        "proposals_created": len(proposals),
        "skipped_stale": len(archives) - len(archived),
        "archived_ids": sorted(archived),
        "conflict_ids": conflicts,
        "proposal_ids": proposals,
        "held_ids": held,
    }
