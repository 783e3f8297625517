"""Crash safety of a curation apply, by really interrupting it (evaluation.reliability.crash):
a child process applying ~1,550 planned actions is SIGKILLed, or its connection is
dropped by the server (pg_terminate_backend), at points spread over the apply's measured
duration. Every time the store is exactly as before or exactly as after, the history has
no orphan and no half run, the tenant's lock is free, and the next run converges.

Bigger runs on demand: ``python -m evaluation.reliability crash --kills 50``."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from sqlalchemy import text

from curation import MemoryStore
from curation._store.database import Database
from evaluation.reliability.crash import (
    CrashReport,
    CrashSettings,
    KillOutcome,
    next_probe,
    run_crash,
)
from evaluation.reliability.fingerprint import read_fingerprint
from evaluation.reliability.history import history_problems
from evaluation.reliability.scratch import ScratchServer

pytestmark = pytest.mark.heavy  # scheduled first (tests/conftest.py)

TEMPLATE = "memgov_template"  # conftest's migrated template


@pytest.fixture(scope="module")
def scratch(pg_server: str) -> Iterator[ScratchServer]:
    server = ScratchServer(pg_server)
    yield server
    server.dispose()


@pytest.fixture(scope="module")
def crash_report(scratch: ScratchServer) -> CrashReport:
    # ten kill points over a ~0.15 s apply: with six, none landed after the first write in
    # one CI run whose other worker was busy (the apply's timing moves with the load)
    settings = CrashSettings(memories=5000, kills=10, terminations=4)
    report = run_crash(scratch, settings, base_template=TEMPLATE, say=lambda _: None)
    print("\n" + "\n".join(report.lines()))  # the figures (pytest -s shows them)
    return report


def test_every_interruption_leaves_exactly_before_or_after(crash_report: CrashReport) -> None:
    failures = [
        (o.index, o.method, o.outcome, o.problems) for o in crash_report.outcomes if not o.survived
    ]
    assert failures == []
    probes = crash_report.settings.probes
    assert 10 + 4 + 1 <= len(crash_report.outcomes) <= 10 + 4 + 1 + 2 * probes
    assert {o.outcome for o in crash_report.outcomes} <= {"before", "after"}
    assert all(o.lock_free and o.converged for o in crash_report.outcomes)


def test_the_interruptions_landed_inside_the_transaction(crash_report: CrashReport) -> None:
    """Not only before the first write or after the commit: for each method, at least one
    interrupted transaction had written rows (PostgreSQL counts attempted changes) and
    the store still came out exactly as before."""
    for method in ("sigkill", "terminate"):
        mid = [
            o
            for o in crash_report.outcomes
            if o.method == method and o.outcome == "before" and o.rows_written > 0
        ]
        assert mid, method
    # SIGKILLs kill the process, terminations surface as a dropped connection
    assert {o.child for o in crash_report.outcomes if o.method == "sigkill"} <= {
        "killed",
        "finished",
    }
    dropped = [o.child for o in crash_report.outcomes if o.method == "terminate"]
    assert all(c == "finished" or c.startswith("error:") for c in dropped)
    assert any(c.startswith("error:") for c in dropped)
    # the kill after the reported commit is an "after" by construction
    assert crash_report.outcomes[-1].fraction == -1.0
    assert crash_report.outcomes[-1].outcome == "after"
    assert crash_report.planned["duplicates_archived"] + crash_report.planned["decayed"] > 1000


def _outcome(method: str, fraction: float, outcome: str, rows: int) -> KillOutcome:
    return KillOutcome(0, method, 0.0, fraction, "killed", outcome, rows, True, True)


def test_a_probe_halves_the_span_until_one_lands_inside_the_transaction() -> None:
    """The kill points a loaded machine moved off the transaction are searched between the
    latest that found nothing written and the earliest that found the commit."""
    seen = [
        _outcome("sigkill", 0.1, "before", 0),
        _outcome("sigkill", 0.3, "before", 0),
        _outcome("sigkill", 0.5, "after", 0),
        _outcome("terminate", 0.2, "before", 12),
    ]
    assert next_probe(seen, "sigkill", 1.3) == pytest.approx(0.4)
    assert next_probe(seen, "terminate", 1.3) is None
    nothing_written = [_outcome("sigkill", 1.2, "before", 0)]
    assert next_probe(nothing_written, "sigkill", 1.3) == pytest.approx(1.8)
    assert next_probe([], "sigkill", 1.3) == pytest.approx(0.65)


def test_the_fingerprint_sees_a_single_changed_row(store: MemoryStore) -> None:
    """The comparison the crash test relies on is sharp: one pin (one changed field, one
    new event) makes a different fingerprint; re-reading the same state does not."""
    ids = [
        store.remember("t", f"note {w} {w}{i}", "fact").id
        for i, w in enumerate(["amber", "birch", "cobalt"])
    ]
    first = read_fingerprint(store.db, "t")
    assert read_fingerprint(store.db, "t") == first
    store.pin("t", ids[0])
    pinned = read_fingerprint(store.db, "t")
    assert pinned != first
    assert "memory_state" in pinned.diff(first) and "event" in pinned.diff(first)
    store.unpin("t", ids[0])
    assert read_fingerprint(store.db, "t") != first  # the version and the history moved on


def test_history_check_finds_an_orphan_and_a_half_run(store: MemoryStore) -> None:
    """The orphan / half-run check is not vacuous: an event naming a run that never
    committed, and a run whose events fall short of its report, are both reported."""
    store.remember("t", "The nightly backup job writes snapshots to cold storage", "fact")
    store.remember("t", "The nightly backup job writes snapshots to cold storage!", "fact")
    store.tenants.set_policy("t", {"duplicates": "apply"})
    report = store.runs.curate("t", apply=True)
    assert report.applied["duplicates_archived"] == 1
    assert history_problems(store.db, "t") == []
    with store.db.transaction("t") as conn:
        conn.execute(
            text(
                "INSERT INTO event (tenant, type, actor, run_id, data, at)"
                " VALUES ('t', 'archive', 'curation', gen_random_uuid(), '{}', now())"
            )
        )
        conn.execute(
            text(
                "UPDATE curation_run SET report = jsonb_set(report, '{applied,decayed}', '2')"
                " WHERE id = :r"
            ),
            {"r": report.run_id},
        )
    problems = history_problems(store.db, "t")
    assert any(p.startswith("orphan") for p in problems)
    assert any(p.startswith("half run") for p in problems)


def test_scratch_databases_are_cloned_and_dropped(scratch: ScratchServer) -> None:
    name = scratch.create_migrated(base=TEMPLATE)
    try:
        database = Database(scratch.url(name))
        assert database.is_current()
        database.dispose()
    finally:
        scratch.drop(name)
    with scratch.admin.connect() as conn:
        left = conn.execute(
            text("SELECT count(*) FROM pg_database WHERE datname = :n"), {"n": name}
        ).scalar_one()
    assert left == 0
