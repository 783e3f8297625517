"""Does the event history agree with the tables? The checks a crash or a race would break.

- no orphan: every event that names a run names a run that committed, and every run has
  exactly one ``curation_run`` event;
- no half run: each applied run's archive / merge / contest / propose events number what
  its report says it did;
- every archived row's latest status event (archive, restore, revive) is the archive that
  put it there, with the same reason, and no active row's latest status event is an archive;
- runs never overlap: the event ids of two runs form disjoint ranges (a run writes only
  while it holds the tenant's lock, and identity values are drawn in time order).

The status check covers the paths the harness drives (curation runs, write-time hooks,
revive, restore); a curator's decisions write their own event types and are out of scope.
"""

from __future__ import annotations

import itertools
from collections import Counter, defaultdict
from typing import Any

from sqlalchemy import text

from curation import Database
from evaluation.reliability.fingerprint import read_view

STATUS_EVENTS = ("archive", "restore", "revive")
# event types a run writes, and the report counter each must match
RUN_EVENT_COUNTERS = {
    "archive": ("superseded", "duplicates_archived", "decayed"),
    "merge": ("merged_clusters",),
    "contest": ("conflicts_opened",),
    "propose": ("proposals_created", "held_for_review"),  # a held change is proposed too
}


def history_problems(database: Database, tenant: str, *, limit: int = 20) -> list[str]:
    """Every inconsistency found (empty when the history and the tables agree)."""
    problems: list[str] = []
    with read_view(database, tenant) as conn:
        runs = {
            str(r.id): r
            for r in conn.execute(
                text("SELECT id, dry_run, report FROM curation_run WHERE tenant = :t"),
                {"t": tenant},
            ).all()
        }
        run_events = conn.execute(
            text(
                "SELECT run_id, type, count(*) AS n, min(id) AS first, max(id) AS last"
                " FROM event WHERE tenant = :t AND run_id IS NOT NULL AND type <> 'restore'"
                " GROUP BY run_id, type"
            ),
            {"t": tenant},
        ).all()
        states = conn.execute(
            text("SELECT memory_id, status, archive_reason FROM memory_state WHERE tenant = :t"),
            {"t": tenant},
        ).all()
        last_status_event = {
            str(r.memory_id): (r.type, r.reason)
            for r in conn.execute(
                text(
                    "SELECT DISTINCT ON (memory_id) memory_id, type,"
                    " data ->> 'archive_reason' AS reason FROM event"
                    " WHERE tenant = :t AND memory_id IS NOT NULL AND type = ANY(:types)"
                    " ORDER BY memory_id, id DESC"
                ),
                {"t": tenant, "types": list(STATUS_EVENTS)},
            ).all()
        }
    per_run: dict[str, Counter[str]] = defaultdict(Counter)
    spans: dict[str, list[int]] = {}
    for row in run_events:
        run_id = str(row.run_id)
        if run_id not in runs:
            problems.append(f"orphan: {row.n} {row.type} event(s) of run {run_id}, never committed")
            continue
        per_run[run_id][row.type] += int(row.n)
        span = spans.setdefault(run_id, [int(row.first), int(row.last)])
        span[0], span[1] = min(span[0], int(row.first)), max(span[1], int(row.last))
    for run_id, run in runs.items():
        counted = per_run.get(run_id, Counter())
        if counted["curation_run"] != 1:
            problems.append(f"run {run_id} has {counted['curation_run']} curation_run events")
        applied: dict[str, Any] = dict(run.report).get("applied", {})
        for event_type, keys in RUN_EVENT_COUNTERS.items():
            expected = sum(int(applied.get(k, 0)) for k in keys)
            if counted[event_type] != expected:
                problems.append(
                    f"half run {run_id}: {counted[event_type]} {event_type} events,"
                    f" report says {expected}"
                )
    ordered = sorted(spans.items(), key=lambda item: item[1][0])
    for (a, span_a), (b, span_b) in itertools.pairwise(ordered):
        if span_b[0] <= span_a[1]:
            problems.append(f"runs overlap: {a} events {span_a}, {b} events {span_b}")
    for row in states:
        event_type, event_reason = last_status_event.get(str(row.memory_id), (None, None))
        if row.status == "archived" and (
            event_type != "archive" or event_reason != row.archive_reason
        ):
            problems.append(
                f"memory {row.memory_id} archived ({row.archive_reason}) but its last status"
                f" event is {event_type} ({event_reason})"
            )
        elif row.status == "active" and event_type == "archive":
            problems.append(f"memory {row.memory_id} active but its last status event archives it")
    if len(problems) > limit:
        return [*problems[:limit], f"... {len(problems) - limit} more"]
    return problems
