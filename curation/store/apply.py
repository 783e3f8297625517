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

from curation.kinds import EventType
from curation.plan import ArchiveAction, CurationPlan, Mechanic
from curation.policy import CompressionMode, Mode
from curation.store.events import event_row, record_events


def effective_mechanics(plan: CurationPlan, dry_run: bool) -> set[Mechanic]:
    """Which mechanics write in this run: none in a dry run, else those set to apply."""
    if dry_run:
        return set()
    policy = plan.policy
    modes = {
        Mechanic.SUPERSESSION: policy.supersession,
        Mechanic.DUPLICATES: policy.duplicates,
        Mechanic.DECAY: policy.decay,
        Mechanic.CONTRADICTION: policy.contradiction,
    }
    active = {m for m, mode in modes.items() if mode == Mode.APPLY}
    if policy.compression == CompressionMode.PROPOSE:
        active.add(Mechanic.COMPRESSION)
    return active


def _lock_rows(conn: Connection, tenant: str, ids: list[str]) -> None:
    if ids:
        conn.execute(
            text(
                "SELECT memory_id FROM memory_state WHERE tenant = :t "
                "AND memory_id = ANY(CAST(:ids AS uuid[])) ORDER BY memory_id FOR UPDATE"
            ),
            {"t": tenant, "ids": sorted(set(ids))},
        )


def archive_actions(
    conn: Connection,
    tenant: str,
    actions: list[ArchiveAction],
    *,
    now: datetime,
    run_id: uuid.UUID | None,
    actor: str,
) -> set[str]:
    if not actions:
        return set()
    params = {
        "t": tenant,
        "now": now,
        "ids": [a.memory_id for a in actions],
        "versions": [a.expected_version for a in actions],
        "reasons": [a.reason.value for a in actions],
        "targets": [a.target_id for a in actions],
    }
    archived = conn.execute(
        text(
            """
            WITH p AS (
                SELECT * FROM unnest(CAST(:ids AS uuid[]), CAST(:versions AS bigint[]),
                                     CAST(:reasons AS text[]), CAST(:targets AS uuid[]))
                    AS p(id, v, reason, target)
            )
            UPDATE memory_state s
            SET status = 'archived', archive_reason = p.reason, archived_at = :now,
                superseded_by = CASE WHEN p.reason = 'subsumed' THEN NULL ELSE p.target END,
                parent_id = CASE WHEN p.reason = 'subsumed' THEN p.target ELSE s.parent_id END,
                version = s.version + 1, updated_at = :now
            FROM p
            WHERE s.tenant = :t AND s.memory_id = p.id AND s.version = p.v
              AND s.status = 'active' AND NOT s.pinned
              AND (p.target IS NULL OR EXISTS (
                    SELECT 1 FROM memory_state c
                    WHERE c.tenant = :t AND c.memory_id = p.target AND c.status = 'active'))
            RETURNING s.memory_id
            """
        ),
        params,
    ).scalars()
    done = {str(m) for m in archived}
    record_events(
        conn,
        [
            event_row(
                tenant,
                EventType.ARCHIVE,
                at=now,
                actor=actor,
                memory_id=a.memory_id,
                related_ids=[a.target_id] if a.target_id else [],
                reason=a.detail,
                run_id=run_id,
                data={
                    "mechanic": a.mechanic.value,
                    "archive_reason": a.reason.value,
                    "retention": a.retention,
                    "prior": {"status": "active", "version": a.expected_version},
                },
            )
            for a in actions
            if a.memory_id in done
        ],
    )
    return done


def _fold_merges(
    conn: Connection,
    tenant: str,
    plan: CurationPlan,
    archived: set[str],
    *,
    now: datetime,
    run_id: uuid.UUID,
    actor: str,
) -> int:
    """Canonicals inherit the summed recall counts (and validations) and the max importance
    of the duplicates that were actually archived. The event keeps what undo subtracts."""
    folded = 0
    for cluster in plan.merges:
        dups = [d for d in cluster.duplicate_ids if d in archived]
        if not dups:
            continue
        agg = conn.execute(
            text(
                "SELECT coalesce(sum(recall_count), 0) AS rc, coalesce(sum(proven), 0) AS pv, "
                "max(importance) AS imp FROM memory_state "
                "WHERE tenant = :t AND memory_id = ANY(CAST(:ids AS uuid[]))"
            ),
            {"t": tenant, "ids": dups},
        ).one()
        before = conn.execute(
            text(
                "UPDATE memory_state c SET recall_count = c.recall_count + :rc, "
                "proven = c.proven + :pv, importance = greatest(c.importance, :imp), "
                "version = c.version + 1, updated_at = :now "
                "FROM (SELECT importance FROM memory_state WHERE tenant = :t "
                "      AND memory_id = :id) AS prior "
                "WHERE c.tenant = :t AND c.memory_id = :id RETURNING prior.importance"
            ),
            {
                "t": tenant,
                "id": cluster.canonical_id,
                "rc": int(agg.rc),
                "pv": int(agg.pv),
                "imp": float(agg.imp),
                "now": now,
            },
        ).scalar_one()
        record_events(
            conn,
            [
                event_row(
                    tenant,
                    EventType.MERGE,
                    at=now,
                    actor=actor,
                    memory_id=cluster.canonical_id,
                    related_ids=dups,
                    run_id=run_id,
                    reason=f"{len(dups)} near-duplicate(s) folded in "
                    f"(cosine ≥ {cluster.min_similarity:.3f})",
                    data={
                        "duplicate_ids": dups,
                        "folded_recall_count": int(agg.rc),
                        "folded_proven": int(agg.pv),
                        "importance_before": float(before),
                    },
                )
            ],
        )
        folded += 1
    return folded


def _open_conflicts(
    conn: Connection,
    tenant: str,
    plan: CurationPlan,
    archived: set[str],
    *,
    now: datetime,
    run_id: uuid.UUID,
    actor: str,
) -> list[str]:
    opened: list[str] = []
    for candidate in plan.conflicts:
        if candidate.memory_id in archived:
            continue
        conflict_id = uuid.uuid4()
        inserted = conn.execute(
            text(
                """
                INSERT INTO conflict (id, tenant, memory_id, claim, evidence, source,
                                      related_memory_id, detected_by, at)
                SELECT :id, :t, :m, :claim, :evidence, 'curation', :r, 'pass', :now
                WHERE NOT EXISTS (
                    SELECT 1 FROM conflict WHERE tenant = :t AND memory_id = :m
                    AND related_memory_id = :r)
                  AND EXISTS (SELECT 1 FROM memory_state WHERE tenant = :t AND memory_id = :m
                              AND status = 'active')
                RETURNING id
                """
            ),
            {
                "id": conflict_id,
                "t": tenant,
                "m": candidate.memory_id,
                "claim": candidate.claim,
                "evidence": candidate.evidence,
                "r": candidate.other_id,
                "now": now,
            },
        ).scalar()
        if inserted is None:
            continue
        opened.append(str(conflict_id))
        record_events(
            conn,
            [
                event_row(
                    tenant,
                    EventType.CONTEST,
                    at=now,
                    actor=actor,
                    memory_id=candidate.memory_id,
                    related_ids=[candidate.other_id],
                    run_id=run_id,
                    reason=candidate.evidence,
                    data={
                        "conflict_id": str(conflict_id),
                        "similarity": candidate.similarity,
                        "detected_by": "pass",
                    },
                )
            ],
        )
    return opened


def _store_proposals(
    conn: Connection,
    tenant: str,
    plan: CurationPlan,
    *,
    now: datetime,
    run_id: uuid.UUID,
    actor: str,
) -> list[str]:
    """Pending proposals. A member set proposed before is never proposed again, whatever
    the curator decided: a rejected or unmerged cluster stays decided."""
    created: list[str] = []
    for proposal in plan.proposals:
        members = sorted(proposal.member_ids)
        proposal_id = uuid.uuid4()
        evidence = {
            "min_jaccard": proposal.min_jaccard,
            "mean_jaccard": proposal.mean_jaccard,
            "pairs": [list(p) for p in proposal.pairs],
        }
        inserted = conn.execute(
            text(
                """
                INSERT INTO proposal (id, tenant, kind, text, member_ids, generality, evidence,
                                      run_id, created_at)
                SELECT :id, :t, :kind, :text, CAST(:m AS uuid[]), :g, CAST(:ev AS jsonb),
                       :run, :now
                WHERE NOT EXISTS (
                    SELECT 1 FROM proposal WHERE tenant = :t
                    AND member_ids @> CAST(:m AS uuid[]) AND member_ids <@ CAST(:m AS uuid[]))
                RETURNING id
                """
            ),
            {
                "id": proposal_id,
                "t": tenant,
                "kind": proposal.kind,
                "text": proposal.text,
                "m": members,
                "g": proposal.generality,
                "ev": json.dumps(evidence),
                "run": run_id,
                "now": now,
            },
        ).scalar()
        if inserted is None:
            continue
        created.append(str(proposal_id))
        record_events(
            conn,
            [
                event_row(
                    tenant,
                    EventType.PROPOSE,
                    at=now,
                    actor=actor,
                    related_ids=members,
                    run_id=run_id,
                    reason=f"{len(members)} entries share most of their words",
                    data={"proposal_id": str(proposal_id), "generality": proposal.generality},
                )
            ],
        )
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
    tenant = plan.tenant
    writing = effective_mechanics(plan, dry_run)
    archives = [a for a in plan.archives if a.mechanic in writing]
    touched = [a.memory_id for a in archives]
    if Mechanic.DUPLICATES in writing:
        touched += [m.canonical_id for m in plan.merges]
    _lock_rows(conn, tenant, touched)
    archived = archive_actions(conn, tenant, archives, now=now, run_id=run_id, actor=actor)
    merged = (
        _fold_merges(conn, tenant, plan, archived, now=now, run_id=run_id, actor=actor)
        if Mechanic.DUPLICATES in writing
        else 0
    )
    conflicts = (
        _open_conflicts(conn, tenant, plan, archived, now=now, run_id=run_id, actor=actor)
        if Mechanic.CONTRADICTION in writing
        else []
    )
    proposals = (
        _store_proposals(conn, tenant, plan, now=now, run_id=run_id, actor=actor)
        if Mechanic.COMPRESSION in writing
        else []
    )

    def applied(mechanic: Mechanic) -> int:
        return sum(1 for a in archives if a.mechanic == mechanic and a.memory_id in archived)

    return {
        "writing": sorted(m.value for m in writing),
        "superseded": applied(Mechanic.SUPERSESSION),
        "duplicates_archived": applied(Mechanic.DUPLICATES),
        "merged_clusters": merged,
        "decayed": applied(Mechanic.DECAY),
        "conflicts_opened": len(conflicts),
        "proposals_created": len(proposals),
        "skipped_stale": len(archives) - len(archived),
        "archived_ids": sorted(archived),
        "conflict_ids": conflicts,
        "proposal_ids": proposals,
    }
