"""Correctness under concurrent load (evaluation.reliability.load): for a bounded time,
writer threads and a writer process, recaller threads and a recaller process, a
pin/feedback thread, a process cycling snapshot → plan → apply and a second process
running whole curation runs. Nothing acknowledged is lost, every count reconciles with
the event history, no run archives what was recalled, pinned or validated after its
plan, the tenant's lock holds across processes, nothing deadlocks.

Longer runs on demand: ``python -m evaluation.reliability load --seconds 30``."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import pytest
from curation_helpers import apply_all, seed_mixed

from curation import MemoryStore
from evaluation.reliability.load import LoadReport, LoadSettings, run_load
from evaluation.reliability.load_actors import Op
from evaluation.reliability.load_checks import check_races
from evaluation.reliability.scratch import ScratchServer

pytestmark = pytest.mark.heavy  # scheduled first (tests/conftest.py)

TEMPLATE = "memgov_template"  # conftest's migrated template
T = "acme"


@pytest.fixture(scope="module")
def load_report(pg_server: str) -> Iterator[LoadReport]:
    server = ScratchServer(pg_server)
    try:
        report = run_load(
            server,
            LoadSettings(seconds=8.0, memories=3000),
            base_template=TEMPLATE,
            say=lambda _: None,
        )
    finally:
        server.dispose()
    print("\n" + "\n".join(report.lines()))  # the figures (pytest -s shows them)
    yield report


def test_nothing_is_lost_or_double_counted_under_load(load_report: LoadReport) -> None:
    assert load_report.problems == []
    assert load_report.hung == []
    kinds = Counter(o.kind for o in load_report.ops if o.error is None)
    for kind in ("write", "recall", "pin", "validate", "apply", "curate"):
        assert kinds[kind] >= 1, kind
    assert sum(o.created for o in load_report.ops if o.kind == "write") >= 10


def test_the_advisory_lock_is_honoured_across_processes(load_report: LoadReport) -> None:
    """The harness held the tenant's lock as the run began: the runs the other processes
    tried meanwhile were refused (and the history shows no two runs writing at once)."""
    assert load_report.refused_while_held >= 1
    assert load_report.lock_refusals >= load_report.refused_while_held
    assert not [p for p in load_report.problems if "overlap" in p or "harness held" in p]


def test_recalls_and_pins_raced_the_plans_and_won(load_report: LoadReport) -> None:
    races = load_report.races
    assert races.cycles >= 1
    assert races.racing_ops >= 1 and races.planned_then_touched >= 1  # exercised, not vacuous
    assert races.violations == []


def test_the_race_check_catches_an_archive_against_a_newer_recall() -> None:
    """The check flags exactly the case it names: a recall that began after the plan's
    snapshot and was acknowledged before the apply, of an id the apply archived."""
    cycle = Op(
        "curation",
        "apply",
        10.0,
        10.5,
        run_id="r1",
        ids=["a", "b"],
        snapshot_at=5.0,
        apply_started=10.0,
        planned_ids=["a", "b", "c"],
    )
    inside = Op("recaller", "recall", 6.0, 6.1, ids=["b", "x"])
    straddling = Op("recaller", "recall", 4.9, 6.0, ids=["a"])  # began before the snapshot
    late = Op("pinner", "pin", 9.9, 10.2, ids=["a"])  # acknowledged after the apply began
    races = check_races([cycle, inside, straddling, late])
    assert races.cycles == 1 and races.racing_ops == 1 and races.planned_then_touched == 1
    assert len(races.violations) == 1 and "archived b" in races.violations[0]


def test_an_entry_recalled_pinned_or_validated_after_the_plan_is_spared(
    store: MemoryStore,
) -> None:
    """Even when recall does not reinforce (reinforce_on=feedback), a recalled entry's
    version moves, so an apply whose plan predates the recall skips it; so do a pin and
    a validation. Everything else the plan holds is applied."""
    ids = seed_mixed(store, T)
    store.tenants.set_policy(T, apply_all(reinforce_on="feedback"))
    plan = store.runs.plan(T)
    planned = {a.memory_id for a in plan.archives}
    stale = ids["stale"]
    assert set(stale) <= planned
    before = store.get(T, stale[0])

    hits = store.recall(T, "hotfix restart cache node seven after oom", k=3).ids
    store.pin(T, stale[1])
    store.feedback(T, stale[2], useful=True)
    report = store.runs.apply(plan)

    touched = (set(hits) | {stale[1], stale[2]}) & planned
    assert stale[0] in hits
    assert report.applied["skipped_stale"] == len(touched)
    assert set(report.archived_ids) == planned - touched
    recalled = store.get(T, stale[0])
    assert recalled.status == "active"
    assert (recalled.recall_count, recalled.last_recalled_at) == (
        before.recall_count,
        before.last_recalled_at,
    )  # no reinforcement: only the version moved
    assert all(store.get(T, m).status == "active" for m in stale)
