"""What must hold after the concurrent-load run, from the actors' logs and the database.

- nothing failed but by design (a run refused by the tenant's lock); in particular no
  deadlock was detected (and no actor hung: the harness's join timeout);
- every acknowledged write exists; memory rows and events reconcile with what the actors
  were told: writes, re-statements, revivals, recorded recalls, pins, unpins, validations,
  feedback, curation runs — each acknowledged operation left exactly one event;
- the history has no orphan, no half run, no two runs writing at once (``history``);
- no entry archived by a run whose plan was made before a recall, pin or validation of it
  that committed before the apply began. Precisely: for a plan→apply cycle, an operation
  that *started* after the plan's snapshot had been read (so it committed after the
  snapshot) and was *acknowledged* before the apply was called (so it committed before
  the apply) must not touch an id the run archived. Sound for any interleaving: both
  bounds are on the safe side.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from sqlalchemy import text

from curation import Database
from evaluation.reliability.fingerprint import read_view
from evaluation.reliability.history import history_problems
from evaluation.reliability.load_actors import EXPECTED_ERRORS, Op

# operation kind -> the event type each acknowledged one leaves
ONE_EVENT_EACH = {
    "pin": "pin",
    "unpin": "unpin",
    "validate": "validate",
    "feedback": "feedback",
}
RACING_KINDS = ("recall", "pin", "validate")


@dataclass
class Tallies:
    """Counts read from the database at one moment."""

    memories: int
    runs: int
    events: Counter[str] = field(default_factory=Counter)


def read_tallies(database: Database, tenant: str) -> Tallies:
    with read_view(database, tenant) as conn:
        counts = conn.execute(
            text(
                "SELECT (SELECT count(*) FROM memory WHERE tenant = :t) AS memories,"
                " (SELECT count(*) FROM curation_run WHERE tenant = :t) AS runs"
            ),
            {"t": tenant},
        ).one()
        rows = conn.execute(
            text("SELECT type, count(*) AS n FROM event WHERE tenant = :t GROUP BY type"),
            {"t": tenant},
        ).all()
    return Tallies(
        int(counts.memories), int(counts.runs), Counter({r.type: int(r.n) for r in rows})
    )


@dataclass
class RaceFacts:
    """How much the archive-after-plan invariant was exercised."""

    cycles: int = 0  # plan→apply cycles that applied
    racing_ops: int = 0  # recalls / pins / validations inside some cycle's window
    planned_then_touched: int = 0  # ids a plan meant to archive, touched inside its window
    violations: list[str] = field(default_factory=list)


def check_races(ops: Sequence[Op]) -> RaceFacts:
    facts = RaceFacts()
    racing = [o for o in ops if o.kind in RACING_KINDS and o.error is None and o.ids]
    for cycle in ops:
        if cycle.kind != "apply" or cycle.error is not None or cycle.run_id is None:
            continue
        assert cycle.snapshot_at is not None and cycle.apply_started is not None
        facts.cycles += 1
        archived, planned = set(cycle.ids), set(cycle.planned_ids)
        for op in racing:
            if not (op.started > cycle.snapshot_at and op.ended < cycle.apply_started):
                continue
            facts.racing_ops += 1
            touched = set(op.ids)
            facts.planned_then_touched += len(touched & planned)
            for memory_id in sorted(touched & archived):
                facts.violations.append(
                    f"run {cycle.run_id} archived {memory_id}, {op.kind} by {op.actor}"
                    " after its plan and before its apply"
                )
    return facts


def check_load(
    database: Database, tenant: str, ops: Sequence[Op], before: Tallies
) -> tuple[list[str], RaceFacts, Tallies]:
    """Every problem found, the race facts and the final tallies."""
    problems: list[str] = []
    unexpected = Counter(o.error for o in ops if o.error and o.error not in EXPECTED_ERRORS)
    if unexpected:
        problems.append(f"unexpected errors: {dict(unexpected)}")
    ok = [o for o in ops if o.error is None]
    acked = Counter(o.kind for o in ok)

    written = sorted({i for o in ok if o.kind == "write" for i in o.ids})
    with read_view(database, tenant) as conn:
        stored = set(
            str(i)
            for i in conn.execute(
                text("SELECT id FROM memory WHERE tenant = :t AND id = ANY(CAST(:ids AS uuid[]))"),
                {"t": tenant, "ids": written},
            ).scalars()
        )
        runs_stored = {
            str(r)
            for r in conn.execute(
                text("SELECT id FROM curation_run WHERE tenant = :t"), {"t": tenant}
            ).scalars()
        }
    lost = [i for i in written if i not in stored]
    if lost:
        problems.append(f"{len(lost)} acknowledged writes missing, e.g. {lost[:3]}")

    after = read_tallies(database, tenant)
    delta = after.events - before.events  # Counter subtraction drops zeros and negatives
    created = sum(o.created for o in ok if o.kind == "write")
    expected = {
        "memory rows": (after.memories - before.memories, created),
        "write events": (delta["write"], created),
        "restate events": (delta["restate"], sum(o.restated for o in ok if o.kind == "write")),
        "revive events": (delta["revive"], sum(o.revived for o in ok if o.kind == "write")),
        "recall events": (delta["recall"], sum(1 for o in ok if o.kind == "recall" and o.ids)),
        "curation_run rows": (after.runs - before.runs, acked["apply"] + acked["curate"]),
        "curation_run events": (delta["curation_run"], acked["apply"] + acked["curate"]),
    }
    for kind, event_type in ONE_EVENT_EACH.items():
        expected[f"{event_type} events"] = (delta[event_type], acked[kind])
    for what, (found, told) in expected.items():
        if found != told:
            problems.append(f"{what}: {found} in the database, {told} acknowledged")
    acked_runs = {o.run_id for o in ok if o.run_id}
    before_runs = before.runs
    if len(runs_stored) - before_runs != len(acked_runs) or not acked_runs <= runs_stored:
        problems.append(
            f"runs: {len(runs_stored) - before_runs} new in the database,"
            f" {len(acked_runs)} acknowledged"
        )
    problems += history_problems(database, tenant)
    races = check_races(ops)
    problems += races.violations[:20]
    return problems, races, after
