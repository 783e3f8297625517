"""A tenant back to a moment, as one recorded run, and that run's undo (issue 31 item 3).

``rewind_replay`` says what differs from the moment; this writes it in one transaction
under the tenant's curation lock: memories through ``lifecycle.put_back``; proposals,
conflicts, runs' statuses and the policy here. Every row put back gets a ``rewind``
event with its state before and after, all under one ``curation_run`` row, so ``memgov
undo RUN`` (the same ``undo_run`` as for a curation run) puts back each row the rewind
changed that is still as the rewind left it.
"""

from __future__ import annotations

import json
import time
import uuid
from collections import defaultdict
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, text

from curation._kinds import EventType
from curation._records import RewindReport, RunReport, UndoReport
from curation._store.apply import write_events  # by COPY for a large rewind
from curation._store.events import event_row
from curation._store.lifecycle import put_back, put_back_rows, states_of
from curation._store.lifecycle.run import mark_run_undone, record_run
from curation._store.locks import take_transaction_lock
from curation._store.rewind_replay import (
    CONFLICT_FIELDS,
    PROPOSAL_FIELDS,
    RUN_FIELDS,
    RewindTarget,
    normal,
    rewind_target,
)
from curation._store.sql.memory import ACTIVE_COUNT

# the tables besides memory_state and the policy a rewind sets, with the columns it sets
_TABLES = {"proposal": PROPOSAL_FIELDS, "conflict": CONFLICT_FIELDS, "run": RUN_FIELDS}
# entity -> row id -> (state before, state after)
Changes = dict[str, dict[str, tuple[dict[str, Any], dict[str, Any]]]]


def _memory_kinds(prior: Mapping[str, Any], after: Mapping[str, Any], born: bool) -> list[str]:
    """What a memory's change is, for the report (one memory may be two: restored, unpinned)."""
    kinds: list[str] = []
    if born:
        kinds.append("memories_rewound")
    elif prior["status"] != after["status"]:
        kinds.append(f"memories_{ {'active': 'restored'}.get(after['status'], after['status']) }")
    if prior["pinned"] != after["pinned"] and not born:
        kinds.append("pins_set" if after["pinned"] else "pins_cleared")
    if not kinds:
        kinds.append("memories_state_put_back")  # reason, parent, generality, folded counts
    return kinds


def _row_kind(entity: str, after: Mapping[str, Any], born: bool) -> str:
    if born:
        return f"{entity}s_withdrawn" if entity == "proposal" else "conflicts_dismissed"
    return f"{entity}s_{after['status']}"


def _changes(target: RewindTarget) -> tuple[Changes, dict[str, list[str]]]:
    changes: Changes = defaultdict(dict)
    ids: dict[str, list[str]] = defaultdict(list)
    for mid, after in target.memories.items():
        changes["memory"][mid] = (target.memories_now[mid], after)
        for kind in _memory_kinds(target.memories_now[mid], after, mid in target.born_memories):
            ids[kind].append(mid)
    for entity, rows, now_rows, born in (
        ("proposal", target.proposals, target.proposals_now, target.born_proposals),
        ("conflict", target.conflicts, target.conflicts_now, target.born_conflicts),
    ):
        fields = PROPOSAL_FIELDS if entity == "proposal" else CONFLICT_FIELDS
        for row_id, after in rows.items():
            prior = {f: now_rows[row_id].get(f) for f in fields}
            changes[entity][row_id] = (prior, {f: after.get(f) for f in fields})
            ids[_row_kind(entity, after, row_id in born)].append(row_id)
    if target.policy is not None:
        changes["policy"]["policy"] = (target.policy_now, target.policy)
        ids["policy"].append("policy")
    for run_id, after in target.runs.items():  # applied since: undone; undone since: applied
        changes["run"][run_id] = (target.runs_now[run_id], after)
        ids[f"runs_{after['status']}"].append(run_id)
    return changes, {k: sorted(v) for k, v in sorted(ids.items())}


def _write(conn: Connection, tenant: str, changes: Changes, *, now: datetime) -> None:
    """Set every row to its ``after`` (memories through lifecycle, the rest here)."""
    put_back(conn, tenant, {m: after for m, (_, after) in changes["memory"].items()}, now=now)
    for entity, fields in _TABLES.items():
        table = "curation_run" if entity == "run" else entity
        states = {i: after for i, (_, after) in changes.get(entity, {}).items()}
        put_back_rows(conn, tenant, table, fields, states)
    if "policy" in changes.get("policy", {}):
        _, after = changes["policy"]["policy"]
        conn.execute(
            text("UPDATE tenant SET policy = CAST(:p AS jsonb) WHERE name = :t"),
            {"t": tenant, "p": json.dumps(after)},
        )


def _events(
    tenant: str,
    changes: Changes,
    *,
    run_id: uuid.UUID,
    now: datetime,
    actor: str,
    reason: str,
    undo: bool = False,
) -> list[dict[str, Any]]:
    rows = []
    for entity, by_id in changes.items():
        for row_id, (prior, after) in by_id.items():
            data: dict[str, Any] = {"entity": entity, "id": row_id, "prior": prior, "after": after}
            if undo:
                data["undo_of_run"] = str(run_id)
            rows.append(
                event_row(
                    tenant,
                    EventType.REWIND,
                    at=now,
                    actor=actor,
                    memory_id=row_id if entity == "memory" else None,
                    run_id=run_id,
                    reason=reason,
                    data=data,
                )
            )
            if entity == "policy":  # the as-of replay reads the stored policy from these
                rows.append(
                    event_row(
                        tenant,
                        EventType.POLICY,
                        at=now,
                        actor=actor,
                        run_id=run_id,
                        reason=reason,
                        data={"policy": after, "prior": prior},
                    )
                )
    return rows


def rewind(
    conn: Connection, tenant: str, moment: datetime, *, dry_run: bool, now: datetime, actor: str
) -> RewindReport:
    """Put the tenant's curated state back as it was at ``moment`` (the caller checked the
    moment); a dry run reports the same changes and writes nothing."""
    started = time.perf_counter()
    take_transaction_lock(conn, tenant)  # no curation run meanwhile
    if not dry_run:
        _hold_writers(conn, tenant)
    target = rewind_target(conn, tenant, moment, now=now, actor=actor, lock=not dry_run)
    changes, ids = _changes(target)
    counts = {kind: len(members) for kind, members in ids.items()}
    report = RewindReport(
        tenant=tenant,
        to=moment.isoformat(),
        dry_run=dry_run,
        run_id=None,
        changes=counts,
        ids=ids,
        approximated=dict(target.approximated),
        not_rewindable=dict(target.not_rewindable),
    )
    if dry_run or not counts:
        return report
    run_id = uuid.uuid4()
    reason = f"rewound to {moment.isoformat()}"
    active_before = _active(conn, tenant)
    _write(conn, tenant, changes, now=now)
    write_events(conn, _events(tenant, changes, run_id=run_id, now=now, actor=actor, reason=reason))
    active_after = _active(conn, tenant)
    run = RunReport(
        run_id=str(run_id),
        tenant=tenant,
        dry_run=False,
        at=now.isoformat(),
        planned={**counts, "active_before": active_before, "active_after": active_after},
        applied={**counts, "writing": ["rewind"]},
        active_after=int(active_after),
        modes={"rewind_to": moment.isoformat()},
        timings={},
        duration_s=round(time.perf_counter() - started, 4),
    )
    policy = target.policy if target.policy is not None else target.policy_now
    record_run(
        conn,
        tenant,
        run_id,
        run,
        policy,
        now=now,
        recorded_at=now,
        actor=actor,
        reason=reason,
        data={"rewind_to": moment.isoformat(), "applied": counts},
    )
    return RewindReport(**{**report.to_dict(), "run_id": str(run_id)})


def _active(conn: Connection, tenant: str) -> int:
    return int(
        conn.execute(
            text(ACTIVE_COUNT),
            {"t": tenant},
        ).scalar_one()
    )


def _hold_writers(conn: Connection, tenant: str) -> None:
    """Writers of the tenant wait until the rewind commits (the write path's own lock):
    a write landing between the replay and its writing would be neither kept nor rewound."""
    conn.execute(
        text("SELECT pg_advisory_xact_lock(hashtext(:k))"), {"k": f"memgov.write.{tenant}"}
    )


def is_rewind(conn: Connection, tenant: str, run_id: uuid.UUID) -> bool:
    return bool(
        conn.execute(
            text(
                "SELECT 1 FROM event WHERE tenant = :t AND run_id = :r AND type = 'rewind' LIMIT 1"
            ),
            {"t": tenant, "r": run_id},
        ).scalar()
    )


def _current(
    conn: Connection, tenant: str, wanted: Mapping[str, list[str]]
) -> dict[str, dict[str, Any]]:
    """The rows a rewind changed as they are now (entity -> id -> state), locked."""
    out: dict[str, dict[str, Any]] = {name: {} for name in ("memory", "policy", *_TABLES)}
    for mid, state in states_of(conn, tenant, wanted.get("memory", []), lock=True).items():
        out["memory"][mid] = normal(state) or {}
    for entity, fields in _TABLES.items():
        ids = wanted.get(entity, [])
        if not ids:
            continue
        table = "curation_run" if entity == "run" else entity
        rows = conn.execute(
            text(
                f"SELECT id, {', '.join(fields)} FROM {table} WHERE tenant = :t"
                " AND id = ANY(CAST(:ids AS uuid[])) ORDER BY id FOR UPDATE"
            ),
            {"t": tenant, "ids": sorted(ids)},
        ).all()
        for row in rows:
            out[entity][str(row.id)] = normal({f: getattr(row, f) for f in fields}) or {}
    if wanted.get("policy"):
        policy = conn.execute(
            text("SELECT policy FROM tenant WHERE name = :t FOR UPDATE"), {"t": tenant}
        ).scalar()
        out["policy"]["policy"] = normal(dict(policy or {})) or {}
    return out


def undo_rewind(
    conn: Connection, tenant: str, run_id: uuid.UUID, *, now: datetime, actor: str
) -> UndoReport:
    """Put back every row the rewind changed that is still as the rewind left it (a row
    changed since is left, and counted as ``changed_since``); the run becomes ``undone``.
    The caller has checked that the run is applied."""
    take_transaction_lock(conn, tenant)
    _hold_writers(conn, tenant)
    events = (
        conn.execute(
            text(
                "SELECT data FROM event WHERE tenant = :t AND run_id = :r AND type = 'rewind'"
                " AND NOT data ? 'undo_of_run' ORDER BY id"
            ),
            {"t": tenant, "r": run_id},
        )
        .scalars()
        .all()
    )
    wanted: dict[str, list[str]] = defaultdict(list)
    for data in events:
        wanted[data["entity"]].append(data["id"])
    current = _current(conn, tenant, wanted)
    back: Changes = defaultdict(dict)
    skipped = 0
    for data in events:
        entity, row_id = data["entity"], data["id"]
        if current[entity].get(row_id) != normal(data["after"]):
            skipped += 1  # changed since the rewind (or gone: forgotten)
            continue
        back[entity][row_id] = (data["after"], data["prior"])
    _write(conn, tenant, back, now=now)
    write_events(
        conn,
        _events(
            tenant, back, run_id=run_id, now=now, actor=actor, reason="rewind undone", undo=True
        ),
    )
    mark_run_undone(conn, tenant, run_id, now=now)
    memories = back["memory"]
    plural = {"memory": "memories", "proposal": "proposals", "conflict": "conflicts", "run": "runs"}
    reverted = {plural.get(entity, entity): len(rows) for entity, rows in back.items() if rows}
    return UndoReport(
        restored=sum(
            1 for was, then in memories.values() if then["status"] == "active" != was["status"]
        ),
        merges_reverted=0,
        conflicts_dismissed=sum(
            1 for _, after in back["conflict"].values() if after["status"] == "dismissed"
        ),
        proposals_withdrawn=sum(
            1 for _, after in back["proposal"].values() if after["status"] == "withdrawn"
        ),
        status_before="applied",
        undone_at=now.isoformat(),
        reverted={**reverted, "changed_since": skipped},
    )
