"""A curation pass through the real store: dry runs write only their report, each mechanic
writes only when its mode is apply, stale plan rows are left alone, applying is idempotent,
undo gives back the exact prior state, merges fold counts (and undo takes them back),
proposals and conflicts are not repeated, and the per-tenant lock keeps runs apart."""

from __future__ import annotations

import math

import pytest
from curation_helpers import (
    ARCHIVE_REASON,
    T0,
    apply_all,
    apply_only,
    days_ago,
    field_of,
    fillers,
    full_state,
    seed_mixed,
    state,
    table_counts,
)

from curation import CurationLockedError, MemoryStore, UndoReport
from curation._plan import Mechanic
from curation._store.locks import curation_lock
from curation._store.runs import run_apply

T = "fleet"


# -- dry run --------------------------------------------------------------------------


@pytest.mark.parametrize("how", ["curate", "apply"])
def test_dry_run_writes_nothing_but_its_report(store: MemoryStore, how: str) -> None:
    seed_mixed(store, T)
    store.tenants.set_policy(T, apply_all())  # even with every mechanic on apply
    counts, rows = table_counts(store, T), full_state(store, T)

    if how == "curate":
        report = store.runs.curate(T, apply=False)
    else:
        report = store.runs.apply(store.runs.plan(T), dry_run=True)

    planned = report.planned
    assert planned["superseded"] == 2 and planned["decayed"] == 3
    assert planned["duplicates_archived"] == 2 and planned["conflicts"] == 1
    assert planned["proposals"] == 1
    applied = report.applied
    assert applied["writing"] == []
    assert all(v == 0 for k, v in applied.items() if k != "writing"), applied
    assert report.archived_ids == report.conflict_ids == report.proposal_ids == []
    assert report.dry_run is True
    assert report.active_after == planned["active_before"]

    assert full_state(store, T) == rows  # not even a version moved
    after = table_counts(store, T)
    assert after == {
        **counts,
        "curation_run": counts["curation_run"] + 1,
        "event": counts["event"] + 1,
    }
    runs = store.runs.latest(T)
    assert [r.status for r in runs] == ["dry_run"]
    assert runs[0].dry_run is True and runs[0].id == report.run_id
    assert runs[0].report.planned == planned


# -- modes per mechanic ------------------------------------------------------------------


@pytest.mark.parametrize("mechanic", ["decay", "supersession", "duplicates", "contradiction"])
def test_only_the_mechanics_set_to_apply_write(store: MemoryStore, mechanic: str) -> None:
    ids = seed_mixed(store, T)
    store.tenants.set_policy(T, apply_only(mechanic, compression=False))

    report = store.runs.curate(T, apply=True)

    counts = store.counts(T).to_dict()
    archived_reasons = {k for k in counts if k.startswith("archived_")}
    expected = {f"archived_{ARCHIVE_REASON[mechanic]}"} if mechanic in ARCHIVE_REASON else set()
    if mechanic == "supersession":  # the newer-but-narrower entry is filed beneath its key
        expected.add("archived_subsumed")
    assert archived_reasons == expected, counts
    applied, planned = report.applied, report.planned
    assert applied["writing"] == [mechanic]
    per_mechanic = {
        "superseded": "supersession",
        "duplicates_archived": "duplicates",
        "decayed": "decay",
        "conflicts_opened": "contradiction",
    }
    for field, owner in per_mechanic.items():
        planned_n = planned["conflicts" if field == "conflicts_opened" else field]
        assert planned_n > 0, field  # every mechanic had something to do ...
        assert applied[field] == (planned_n if owner == mechanic else 0), field  # ... one did
    assert applied["proposals_created"] == 0
    assert len(store.ledger.conflicts(T)) == (1 if mechanic == "contradiction" else 0)
    if mechanic == "decay":
        assert sorted(report.archived_ids) == sorted(ids["stale"])
        assert store.get(T, ids["key_old"]).status == "active"  # planned, not applied
    if mechanic == "supersession":
        old = store.get(T, ids["key_old"])
        assert (old.status, old.archive_reason, old.superseded_by) == (
            "archived",
            "superseded",
            ids["key_new"],
        )
        narrow = store.get(T, ids["key_narrow"])
        assert (narrow.archive_reason, narrow.parent_id) == ("subsumed", ids["key_broad"])
        assert all(store.get(T, s).status == "active" for s in ids["stale"])
    assert store.runs.latest(T)[0].status == "applied"


def test_report_planned_and_applied_counts_agree_with_the_plan(store: MemoryStore) -> None:
    seed_mixed(store, T)
    store.tenants.set_policy(T, apply_all())
    plan = store.runs.plan(T)

    report = store.runs.curate(T, apply=True)

    # every mechanic applies: an apply leaves what the plan says
    assert report.planned == {**plan.counts(), "active_after_apply": plan.counts()["active_after"]}
    planned, applied = report.planned, report.applied
    for field in ("superseded", "duplicates_archived", "decayed", "merged_clusters"):
        assert applied[field] == planned[field] > 0, field
    assert applied["conflicts_opened"] == planned["conflicts"] == 1
    assert applied["proposals_created"] == planned["proposals"] == 1
    assert applied["skipped_stale"] == 0
    assert sorted(report.archived_ids) == sorted(plan.archived_ids())
    assert report.active_after == planned["active_after"] == store.counts(T).active
    assert report.modes["decay"] == "apply" and report.modes["compression"] == "propose"
    assert store.runs.latest(T)[0].report.applied == applied


def test_decay_is_capped_lowest_retention_first(store: MemoryStore) -> None:
    store.remember_many(T, [{"content": c, "created_at": days_ago(1)} for c in fillers("f", 5)])
    stale = [
        r.id
        for r in store.remember_many(
            T,
            [
                {"content": c, "importance": 0.05 * (i + 1), "created_at": days_ago(60)}
                for i, c in enumerate(fillers("stale", 10))
            ],
        )
    ]
    store.tenants.set_policy(T, apply_only("decay"))

    report = store.runs.curate(T, apply=True)

    cap = math.floor(0.2 * 15)
    assert report.planned["decayed"] == report.applied["decayed"] == cap
    assert report.planned["skipped_by_cap"] == 10 - cap
    assert sorted(report.archived_ids) == sorted(stale[:cap])  # the least important


# -- optimistic concurrency ----------------------------------------------------------------


@pytest.mark.parametrize("touch", ["recall", "pin"])
def test_entry_changed_after_planning_is_left_alone(store: MemoryStore, touch: str) -> None:
    ids = seed_mixed(store, T)
    store.tenants.set_policy(T, apply_all())
    plan = store.runs.plan(T)
    target = ids["stale"][0]
    assert target in {a.memory_id for a in plan.archived_by(Mechanic.DECAY)}

    if touch == "recall":
        content = store.get(T, target).content
        assert store.recall(T, content, k=1)[0].id == target
    else:
        store.pin(T, target)
    report = store.runs.apply(plan)

    entry = store.get(T, target)
    assert entry.status == "active" and entry.archive_reason is None
    assert target not in report.archived_ids
    assert report.applied["skipped_stale"] == 1
    assert report.applied["decayed"] == report.planned["decayed"] - 1
    assert all(store.get(T, s).status == "archived" for s in ids["stale"][1:])


def test_applying_the_same_plan_twice_equals_applying_it_once(store: MemoryStore) -> None:
    seed_mixed(store, T)
    store.tenants.set_policy(T, apply_all())
    plan = store.runs.plan(T)

    first = store.runs.apply(plan)
    once, counts_once = state(store, T), table_counts(store, T)
    second = store.runs.apply(plan)

    assert len(first.archived_ids) == len(plan.archives) > 0
    assert state(store, T) == once
    assert second.archived_ids == second.conflict_ids == second.proposal_ids == []
    applied = second.applied
    assert applied["skipped_stale"] == len(plan.archives)  # every version had moved
    assert applied["merged_clusters"] == applied["conflicts_opened"] == 0
    assert applied["proposals_created"] == 0
    # the second run adds only its own report
    counts_twice = table_counts(store, T)
    assert counts_twice["conflict"] == counts_once["conflict"]
    assert counts_twice["proposal"] == counts_once["proposal"]
    assert counts_twice["curation_run"] == counts_once["curation_run"] + 1


# -- undo ----------------------------------------------------------------------------------


def test_undo_run_restores_the_exact_prior_state(store: MemoryStore) -> None:
    ids = seed_mixed(store, T)
    store.tenants.set_policy(T, apply_all(reinforce_on="feedback"))
    for _ in range(2):  # counts that the merge will fold
        store.feedback(T, ids["dup_echo"], True)
    store.feedback(T, ids["dup_canonical"], True)
    store.tenants.set_policy(T, apply_all())
    before = state(store, T)

    report = store.runs.curate(T, apply=True)
    during = state(store, T)
    undone = store.runs.undo(T, report.run_id)

    assert during != before and len(report.archived_ids) == 7
    # the subsumed entry got a parent, the canonical counts: both are given back
    assert field_of(during, ids["key_narrow"], "parent_id") == ids["key_broad"]
    assert field_of(during, ids["dup_canonical"], "recall_count") == 3
    assert state(store, T) == before
    assert undone == UndoReport(
        restored=7,
        merges_reverted=2,
        conflicts_dismissed=1,
        proposals_withdrawn=1,
        status_before="applied",
        undone_at=T0.isoformat(),
    )
    assert [c.status for c in store.ledger.conflicts(T, status=None)] == ["dismissed"]
    # withdrawn, not rejected: no curator decided it
    assert [p.status for p in store.curator.proposals(T, status=None)] == ["withdrawn"]
    assert [r.status for r in store.runs.latest(T)] == ["undone"]
    restore_events = store.ledger.events(T, types=["restore"])
    assert {e.memory_id for e in restore_events} == set(report.archived_ids)


def test_merge_folds_counts_into_the_canonical_and_undo_takes_them_back(
    store: MemoryStore,
) -> None:
    ids = seed_mixed(store, T)
    canonical, echo = ids["dup_canonical"], ids["dup_echo"]
    store.tenants.set_policy(T, {"reinforce_on": "feedback"})
    for _ in range(3):
        store.feedback(T, echo, True)
    store.feedback(T, canonical, True)
    store.tenants.set_policy(T, apply_only("duplicates", compression=False))
    before = store.get(T, canonical)
    assert (before.recall_count, before.proven, before.importance) == (1, 1, 0.4)

    report = store.runs.curate(T, apply=True)

    merged = store.get(T, canonical)
    assert (merged.recall_count, merged.proven) == (1 + 3, 1 + 3)  # summed
    assert merged.importance == pytest.approx(0.9)  # the max of the cluster
    assert merged.status == "active"
    folded = store.get(T, echo)
    assert (folded.status, folded.archive_reason, folded.superseded_by) == (
        "archived",
        "duplicate",
        canonical,
    )
    merge_events = [e for e in store.ledger.events(T, types=["merge"]) if e.memory_id == canonical]
    assert len(merge_events) == 1 and merge_events[0].related_ids == [echo]

    store.runs.undo(T, report.run_id)

    restored = store.get(T, canonical)
    assert (restored.recall_count, restored.proven, restored.importance) == (1, 1, 0.4)
    echo_back = store.get(T, echo)
    assert (echo_back.status, echo_back.superseded_by, echo_back.recall_count) == (
        "active",
        None,
        3,
    )


# -- no repeats --------------------------------------------------------------------------


def test_proposals_are_not_proposed_again(store: MemoryStore) -> None:
    ids = seed_mixed(store, T)  # default policy: only compression writes

    first = store.runs.curate(T, apply=True)
    second = store.runs.curate(T, apply=True, now=T0.replace(day=2))

    assert first.applied["proposals_created"] == 1
    assert second.planned["proposals"] == 1  # still a cluster ...
    assert second.applied["proposals_created"] == 0  # ... but already proposed
    proposals = store.curator.proposals(T, status=None)
    assert len(proposals) == 1
    assert sorted(proposals[0].member_ids) == sorted(ids["lessons"])
    assert store.counts(T).archived == 0


def test_conflicts_are_not_opened_twice(store: MemoryStore) -> None:
    ids = seed_mixed(store, T)
    store.tenants.set_policy(T, apply_only("contradiction", compression=False))

    first = store.runs.curate(T, apply=True)
    second = store.runs.curate(T, apply=True, now=T0.replace(day=2))

    assert first.applied["conflicts_opened"] == 1
    assert second.planned["conflicts"] == 1
    assert second.applied["conflicts_opened"] == 0
    conflicts = store.ledger.conflicts(T, status=None)
    assert len(conflicts) == 1
    c = conflicts[0]
    assert (c.memory_id, c.related_memory_id, c.detected_by) == (
        ids["claim_old"],
        ids["claim_new"],
        "pass",
    )


# -- the lock ----------------------------------------------------------------------------


def test_a_held_lock_refuses_curate_and_apply_for_that_tenant_only(
    store: MemoryStore,
) -> None:
    seed_mixed(store, T)
    seed_mixed(store, "other")
    store.tenants.set_policy(T, apply_all())
    plan = store.runs.plan(T)
    before = state(store, T)

    with curation_lock(store.db, T):
        with pytest.raises(CurationLockedError):
            store.runs.curate(T, apply=True)
        with pytest.raises(CurationLockedError):
            store.runs.apply(plan)
        with pytest.raises(CurationLockedError):
            store.runs.curate(T, apply=False)  # a dry run needs the lock too
        assert store.runs.curate("other", apply=True).applied["proposals_created"] == 1

    assert state(store, T) == before
    assert store.runs.latest(T) == []
    assert store.runs.apply(plan).applied["decayed"] == 3  # free again once released


def test_a_running_curate_holds_the_lock_against_a_second_run(store: MemoryStore) -> None:
    """While curate's own lock is held (simulated by holding it ourselves), a concurrent
    apply through another connection is refused, and the holder itself can still apply."""
    seed_mixed(store, T)
    store.tenants.set_policy(T, apply_all())
    plan = store.runs.plan(T)

    with curation_lock(store.db, T) as conn:
        with pytest.raises(CurationLockedError):
            store.runs.apply(plan)
        report = run_apply(conn, plan, dry_run=False, now=T0, actor="test")
    assert report.applied["decayed"] == 3
