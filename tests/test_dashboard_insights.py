"""``curation._store.services.insights``: the read-only aggregates behind the dashboard, against the
real database (the demo fleet and small hand-made stores)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta

import numpy as np
import pytest
from curation_helpers import apply_only
from dashboard_support import SUPPORT, TENANTS, demo_now, demo_template, fleet_database_url
from sqlalchemy import text

from curation import FixedClock, HashingEmbedder, MemoryStore, run_checks
from curation._health import near_duplicate_share
from curation._scoring import retention_scores
from curation._store.database import Database
from curation._store.services import insights

__all__ = ["demo_template", "fleet_database_url"]  # fixtures shared through dashboard_support


@pytest.fixture
def fleet(fleet_database_url: str) -> Iterator[MemoryStore]:
    database = Database(fleet_database_url)
    yield MemoryStore(database, embedder=HashingEmbedder(), clock=FixedClock(demo_now()))
    database.dispose()


def test_the_module_imports_no_framework() -> None:
    source = insights.__file__
    with open(source, encoding="utf-8") as handle:
        text = handle.read()
    for framework in ("streamlit", "mlflow", "dagster", "altair", "pandas"):
        assert f"import {framework}" not in text and f"from {framework}" not in text


# -- archived per week ------------------------------------------------------------------------
@pytest.mark.parametrize("tenant", TENANTS)
def test_archived_per_week_adds_up_to_the_counts(fleet: MemoryStore, tenant: str) -> None:
    rows = insights.archived_per_week(fleet, tenant)
    counts = fleet.counts(tenant)
    assert sum(r["count"] for r in rows) == counts.archived
    for reason in insights.ARCHIVE_REASONS:
        assert sum(
            r["count"] for r in rows if r["reason"] == reason
        ) == counts.archived_by_reason.get(reason, 0)
    for row in rows:
        assert isinstance(row["week"], date) and row["week"].weekday() == 0
    # the demo's pass ran on 2026-11-01, a Sunday: its week began on Monday 26 October
    assert {r["week"] for r in rows} == {date(2026, 10, 26)}


def test_archived_per_week_splits_weeks_and_reasons(store: MemoryStore) -> None:
    t0 = datetime(2026, 11, 2, 9, tzinfo=UTC)  # a Monday
    ids = [
        r.id for r in store.remember_many("w", [{"content": f"fact {i}"} for i in range(3)], now=t0)
    ]
    store.remember("w", "key v1", supersession_key="k", now=t0)
    store.remember("w", "key v2", supersession_key="k", now=t0 + timedelta(days=8))
    store.contest("w", ids[0], "wrong", "evidence", now=t0)
    (conflict,) = store.ledger.conflicts("w")
    store.curator.resolve("w", conflict.id, "retire", now=t0 + timedelta(days=1))
    rows = insights.archived_per_week(store, "w")
    by = {(r["week"], r["reason"]): r["count"] for r in rows}
    assert by[(date(2026, 11, 2), "retired")] == 1
    assert sum(r["count"] for r in rows) == store.counts("w").archived
    assert insights.archived_per_week(store, "nobody") == []


# -- active set size ------------------------------------------------------------------------
@pytest.mark.parametrize("tenant", TENANTS)
def test_active_size_by_run_comes_from_the_run_reports(fleet: MemoryStore, tenant: str) -> None:
    (run,) = insights.active_size_by_run(fleet, tenant)
    counts = fleet.counts(tenant)
    assert run["active_after"] == counts.active
    assert run["active_before"] == counts.active + counts.archived
    assert run["archived"] == counts.archived
    assert run["dry_run"] is False and run["at"] == demo_now()

    later = demo_now() + timedelta(days=1)
    fleet.runs.curate(tenant, apply=False, now=later)
    first, second = insights.active_size_by_run(fleet, tenant)
    assert first["run_id"] == run["run_id"]
    assert second["dry_run"] is True and second["at"] == later
    assert second["active_after"] == counts.active  # a dry run changes nothing


@pytest.mark.parametrize("tenant", TENANTS)
def test_active_size_by_day_ends_at_the_current_count(fleet: MemoryStore, tenant: str) -> None:
    rows = insights.active_size_by_day(fleet, tenant, now=demo_now())
    assert rows[-1] == {"day": demo_now().date(), "active": fleet.counts(tenant).active}
    assert rows[0]["day"] == date(2026, 9, 1)
    days = [r["day"] for r in rows]
    assert days == [days[0] + timedelta(days=i) for i in range(len(days))]
    # before the pass, everything written so far was active
    assert rows[-2]["active"] == fleet.counts(tenant).active + fleet.counts(tenant).archived


def test_active_size_by_day_of_an_empty_tenant(store: MemoryStore) -> None:
    assert insights.active_size_by_day(store, "nobody", now=datetime.now(UTC)) == []


# -- queues -----------------------------------------------------------------------------------
@pytest.mark.parametrize("tenant", TENANTS)
def test_pending_counts_match_the_api(fleet: MemoryStore, tenant: str) -> None:
    counts = insights.pending_counts(fleet, tenant)
    assert counts.proposals_pending == len(fleet.curator.proposals(tenant))
    assert counts.conflicts_open == len(fleet.ledger.conflicts(tenant))
    assert counts.proposals_approved == 0
    rows = insights.queues_by_day(fleet, tenant, now=demo_now())
    assert rows[-1]["open_conflicts"] == counts.conflicts_open
    assert rows[-1]["pending_proposals"] == counts.proposals_pending


def test_queues_by_day_follow_decisions(fleet: MemoryStore) -> None:
    later = demo_now() + timedelta(days=2)
    proposal = fleet.curator.proposals(SUPPORT)[0]
    fleet.curator.approve(SUPPORT, [proposal.id], now=later)
    (conflict,) = fleet.ledger.conflicts(SUPPORT)
    fleet.curator.resolve(SUPPORT, conflict.id, "dismiss", now=later)
    rows = insights.queues_by_day(fleet, SUPPORT, now=later)
    assert [r["day"] for r in rows][-3:] == [
        demo_now().date() + timedelta(days=i) for i in range(3)
    ]
    assert (rows[-3]["open_conflicts"], rows[-3]["pending_proposals"]) == (1, 2)
    assert (rows[-2]["open_conflicts"], rows[-2]["pending_proposals"]) == (1, 2)
    assert (rows[-1]["open_conflicts"], rows[-1]["pending_proposals"]) == (0, 1)
    assert insights.pending_counts(fleet, SUPPORT).proposals_approved == 1


# -- recalls ------------------------------------------------------------------------------------
def test_recall_events_with_contested_count_conflicts_open_at_the_time(store: MemoryStore) -> None:
    t0 = datetime(2026, 11, 2, 9, tzinfo=UTC)
    a = store.remember("r", "The deploy window is Tuesday morning", now=t0).id
    store.remember("r", "Lunch is served at noon", now=t0)
    query = "When is the deploy window?"
    store.recall("r", query, k=1, now=t0 + timedelta(hours=1))
    assert insights.recall_events_with_contested(store, "r") == 0
    conflict = store.contest("r", a, "it moved", "ops channel", now=t0 + timedelta(hours=2))
    hit = store.recall("r", query, k=1, now=t0 + timedelta(hours=3))
    assert hit.ids == [a] and hit.hits[0].conflicts  # curated recall attaches the conflict
    store.recall("r", "Lunch time", k=1, now=t0 + timedelta(hours=3))  # not the contested one
    assert insights.recall_events_with_contested(store, "r") == 1
    store.curator.resolve("r", conflict.id, "dismiss", now=t0 + timedelta(hours=4))
    store.recall("r", query, k=1, now=t0 + timedelta(days=8))
    assert insights.recall_events_with_contested(store, "r") == 1  # open then, not now
    store.recall("r", query, k=1, mode="raw", now=t0 + timedelta(days=8))  # raw records nothing
    weeks = insights.recalls_per_week(store, "r")
    assert weeks == [
        {"week": date(2026, 11, 2), "recalls": 3, "with_contested": 1},
        {"week": date(2026, 11, 9), "recalls": 1, "with_contested": 0},
    ]


def test_the_demo_fleet_recalled_no_contested_entry(fleet: MemoryStore) -> None:
    for tenant in TENANTS:
        assert insights.recall_events_with_contested(fleet, tenant) == 0
        weeks = insights.recalls_per_week(fleet, tenant)
        assert sum(w["recalls"] for w in weeks) == len(
            fleet.ledger.events(tenant, types=["recall"])
        )


# -- retention ----------------------------------------------------------------------------------
@pytest.mark.parametrize("tenant", TENANTS)
def test_retention_distribution_is_the_scoring_of_the_active_set(
    fleet: MemoryStore, tenant: str
) -> None:
    dist = insights.retention_distribution(fleet, tenant, demo_now())
    expected = retention_scores(
        fleet.runs.snapshot(tenant), fleet.tenants.policy(tenant), demo_now()
    )
    assert np.allclose(dist.scores, expected)
    assert dist.total == fleet.counts(tenant).active
    assert dist.prune_below == fleet.tenants.policy(tenant).prune_below == 0.12
    assert dist.band == pytest.approx((0.12, 0.22))
    assert dist.below == int((expected < 0.12).sum())
    assert dist.in_band == int(((expected >= 0.12) & (expected < 0.22)).sum())
    hist = dist.histogram(50)
    assert sum(b["count"] for b in hist) == dist.total
    assert sum(b["count"] for b in hist if b["zone"] == "below") == dist.below
    assert sum(b["count"] for b in hist if b["zone"] == "band") == dist.in_band
    assert not dist.long_tail_warning


def test_a_long_tail_above_the_threshold_warns(store: MemoryStore) -> None:
    now = store.clock.now()
    store.remember_many(
        "tail",
        [{"content": f"lesson {i} of many", "importance": 0.15} for i in range(8)]
        + [{"content": f"durable rule {i}", "importance": 0.9} for i in range(2)],
        now=now,
    )
    dist = insights.retention_distribution(store, "tail", now)
    assert (dist.total, dist.in_band, dist.below) == (10, 8, 0)
    assert dist.share_in_band == pytest.approx(0.8)
    assert dist.long_tail_warning
    store.tenants.set_policy("tail", {"prune_below": 0.5}, now=now)
    moved = insights.retention_distribution(store, "tail", now)
    assert (moved.below, moved.in_band, moved.band) == (8, 0, pytest.approx((0.5, 0.6)))
    assert not moved.long_tail_warning


# -- near-duplicate share --------------------------------------------------------------------------
@pytest.mark.parametrize("tenant", TENANTS)
def test_near_duplicate_share_now_and_over_time(fleet: MemoryStore, tenant: str) -> None:
    share = insights.near_duplicate_share_now(fleet, tenant)
    assert share == near_duplicate_share(fleet.runs.snapshot(tenant))
    before_anything = datetime(2026, 8, 1, tzinfo=UTC)
    just_before_pass = demo_now() - timedelta(minutes=1)
    early, before, now = insights.near_duplicate_trend(
        fleet, tenant, [before_anything, just_before_pass, demo_now()]
    )
    assert (early["active"], early["share"]) == (0, 0.0)
    counts = fleet.counts(tenant)
    assert before["active"] == counts.total
    assert now["active"] == counts.active
    assert now["share"] == pytest.approx(share)


def test_near_duplicate_trend_sees_echoes_that_were_archived(store: MemoryStore) -> None:
    t0 = store.clock.now()
    text = "Reset the test database before running integration tests"
    store.remember("echo", text, now=t0)
    store.remember("echo", text + "!", now=t0)  # same words: a near-exact echo
    store.remember("echo", "Unrelated lesson about invoices", now=t0)
    rows = insights.near_duplicate_trend(store, "echo", [t0])
    assert rows[0]["share"] == pytest.approx(1 / 3)


# -- lookups and checks ------------------------------------------------------------------
def test_memories_by_ids_reads_only_the_tenants_own(fleet: MemoryStore) -> None:
    mine = [m.id for m in fleet.memories(SUPPORT, limit=3)]
    theirs = fleet.memories("demo-globex-devops", limit=1)[0].id
    found = insights.memories_by_ids(fleet, SUPPORT, [*mine, theirs, "not-a-uuid"])
    assert set(found) == set(mine)
    assert all(found[i].id == i and found[i].tenant == SUPPORT for i in mine)
    assert insights.memories_by_ids(fleet, SUPPORT, []) == {}


@pytest.mark.parametrize("tenant", TENANTS)
def test_the_demo_fleets_last_run_passes_every_check(fleet: MemoryStore, tenant: str) -> None:
    run = insights.last_run(fleet, tenant)
    assert run is not None and run.id == fleet.runs.latest(tenant)[0].id
    assert run.policy["max_prune_ratio"] == 0.2
    checks = {c.name: c for c in run_checks(fleet, tenant, demo_now())}
    assert list(checks) == [
        "prune cap",
        "golden recall probes",
        "pinned untouched",
        "no cross-tenant action",
        "near-duplicate share",
    ]
    assert all(c.passed for c in checks.values()), checks
    report = run.report
    assert checks["prune cap"].observed == report.applied["decayed"]
    assert checks["prune cap"].threshold == int(0.2 * report.planned["active_before"])
    assert checks["golden recall probes"].threshold == len(fleet.runs.golden_probes(tenant)) > 0


def test_checks_fail_when_the_store_breaks_them(store: MemoryStore) -> None:
    now = store.clock.now()
    assert insights.last_run(store, "c") is None
    kept = store.remember("c", "Always tag releases before deploying", now=now).id
    store.remember("c", "Rotate the signing keys every month", now=now)
    store.remember("c", "Rotate the signing keys every month.", now=now)  # a near-exact echo
    store.runs.add_golden_probe("c", "how do we tag releases", [kept], k=1, now=now)
    assert run_checks(store, "c", now) == []  # nothing to judge before a run
    store.runs.curate("c", apply=False, now=now)
    conflict = store.contest("c", kept, "we stopped tagging", "release notes", now=now)
    store.curator.resolve("c", conflict.id, "retire", now=now)
    checks = {c.name: c for c in run_checks(store, "c", now)}
    probes = checks["golden recall probes"]
    assert (probes.passed, probes.observed, probes.threshold) == (False, 0, 1)
    duplicates = checks["near-duplicate share"]
    assert (duplicates.passed, duplicates.observed) == (False, pytest.approx(0.5))
    assert checks["prune cap"].passed
    assert checks["pinned untouched"].passed
    assert checks["no cross-tenant action"].passed


def test_pinned_and_foreign_checks_judge_what_the_last_run_did(store: MemoryStore) -> None:
    now = store.clock.now()
    store.remember("p", "Rotate the signing keys every month", now=now)
    store.remember("p", "Rotate the signing keys every month.", now=now)  # an echo
    other = store.remember("p", "Unrelated lesson about invoices", now=now).id
    report = store.runs.curate("p", apply=True, now=now, policy=apply_only("duplicates"))
    [archived] = report.archived_ids
    store.pin("p", other, now=now)  # pinned, and the run did not touch it
    checks = {c.name: c for c in run_checks(store, "p", now)}
    assert checks["pinned untouched"].passed and checks["no cross-tenant action"].passed

    store.pin("p", archived, now=now)  # the Dagster check's rule: a pin made later counts
    stranger = "00000000-0000-4000-8000-000000000001"
    with store.db.transaction("p") as conn:  # an event of the run naming a foreign id
        conn.execute(
            text(
                "INSERT INTO event (tenant, type, at, actor, memory_id, related_ids, run_id)"
                " VALUES ('p', 'merge', :at, 'test', CAST(:m AS uuid),"
                " ARRAY[CAST(:s AS uuid)], CAST(:r AS uuid))"
            ),
            {"at": now, "m": other, "s": stranger, "r": report.run_id},
        )
    checks = {c.name: c for c in run_checks(store, "p", now)}
    pinned, foreign = checks["pinned untouched"], checks["no cross-tenant action"]
    assert (pinned.passed, pinned.observed) == (False, 1)
    assert (foreign.passed, foreign.observed) == (False, 1)
