"""The curation asset graph, materialized for real: in-process Dagster runs on an ephemeral
instance against the test PostgreSQL, two tenants, hashing embedder, fixed clock."""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from dagster import (
    AssetSelection,
    DagsterInstance,
    ExecuteInProcessResult,
    materialize,
)
from dagster_helpers import meta, scratch_resources
from mlflow_helpers import fresh_mlflow_uri
from store_helpers import drop_database

from curation import CurationPolicy, MemoryStore, Mode
from curation._store.locks import curation_lock
from orchestration.assets.curation import CURATION_ASSETS, ActiveSnapshot, curation_plan
from orchestration.assets.evaluation import ab_evaluation
from orchestration.checks import ALL_CHECKS
from orchestration.definitions import build_resources, defs
from orchestration.partitions import TENANTS, tenant_tags

pytestmark = pytest.mark.heavy  # scheduled first (tests/conftest.py)

T0 = datetime(2026, 11, 1, 12, 0, tzinfo=UTC)
ACME, GLOBEX = "acme", "globex"

FRESH = [
    "the billing service deploys through the blue green pipeline on weekdays",
    "customer support escalates outages to the on call engineer through the pager",
    "the data warehouse refreshes its dashboards from the event stream every morning",
    "feature flags for the mobile app live in the shared configuration repository",
    "the search cluster keeps its index snapshots in the cold storage bucket",
    "security reviews are required before any new third party library is added",
    "the onboarding guide explains how to request access to the analytics workspace",
]
DUPLICATE = "the staging cluster replays a copy of production traffic for the nightly load tests"
DUPLICATE_2 = DUPLICATE + " too"
CONFLICT_OLD = "the API gateway allows 100 requests per minute for each tenant on the free plan"
CONFLICT_NEW = "the API gateway allows 250 requests per minute for each tenant on the free plan"
STALE = [
    "tool output: the linter run on the payments branch printed eleven style warnings",
    "tool output: the flaky checkout test timed out once while waiting for the sandbox",
]

PLAN_CHECK_NAMES = {
    "golden_recall_probe",
    "prune_cap",
    "pinned_untouched",
    "no_cross_tenant_action",
}
STORE_CHECK_NAMES = {"golden_recall_after_apply", "near_duplicate_share"}


def seed(store: MemoryStore, tenant: str) -> dict[str, str]:
    """A small active set with something for every mechanic; returns ids by role."""

    def write(content: str, importance: float, age: timedelta, **more: Any) -> str:
        kind = more.pop("kind", "fact")
        created_at = T0 - age
        return store.remember(
            tenant, content, kind, importance=importance, created_at=created_at, now=T0, **more
        ).id

    ids = {f"fresh{n}": write(c, 0.8, timedelta(hours=1)) for n, c in enumerate(FRESH)}
    ids["dup_a"] = write(DUPLICATE, 0.7, timedelta(hours=3))
    ids["dup_b"] = write(DUPLICATE_2, 0.6, timedelta(hours=2))
    # keyed on one side only: a conflict, not inferred
    ids["conflict_old"] = write(
        CONFLICT_OLD, 0.7, timedelta(days=2), supersession_key="conflict-old"
    )
    ids["conflict_new"] = write(CONFLICT_NEW, 0.7, timedelta(hours=5))
    for n, content in enumerate(STALE):
        ids[f"stale{n}"] = write(content, 0.3, timedelta(days=3), kind="tool_output")
    return ids


def states(store: MemoryStore, tenant: str) -> list[tuple[str, str, int, int, bool]]:
    """Every memory's curation state: what "the store is untouched" compares."""
    return sorted(
        (m.id, m.status, m.version, m.recall_count, m.pinned)
        for m in store.memories(tenant, limit=10_000)
    )


def apply_all(store: MemoryStore, tenant: str) -> None:
    store.tenants.set_policy(tenant, CurationPolicy().with_all_modes(Mode.APPLY), now=T0)


@pytest.fixture
def instance() -> Iterator[DagsterInstance]:
    with DagsterInstance.ephemeral() as inst:
        inst.add_dynamic_partitions(TENANTS, [ACME, GLOBEX])
        yield inst


@pytest.fixture
def inbox(tmp_path: Path) -> Path:
    root = tmp_path / "inbox"
    root.mkdir()
    return root


def nightly(database_url: str, inbox: Path, **settings: str) -> dict[str, Any]:
    """The resources of a nightly run at T0 on the test database with the hashing embedder
    and ``inbox``; ``settings`` add to them."""
    return build_resources(
        database_url=database_url,
        embedder="hashing",
        now=T0.isoformat(),
        inbox=str(inbox),
        **settings,
    )


@pytest.fixture
def resources(database_url: str, inbox: Path) -> dict[str, Any]:
    return nightly(database_url, inbox)


def run(
    instance: DagsterInstance,
    resources: dict[str, Any],
    tenant: str,
    selection: AssetSelection | None = None,
) -> ExecuteInProcessResult:
    return materialize(
        [*CURATION_ASSETS, *ALL_CHECKS, ab_evaluation],
        partition_key=tenant,
        instance=instance,
        resources=resources,
        raise_on_error=False,
        tags=tenant_tags(tenant),
        selection=selection if selection is not None else AssetSelection.assets(*CURATION_ASSETS),
    )


ALL_KEYS = {key.to_user_string() for a in CURATION_ASSETS for key in a.keys}
PLANNING = CURATION_ASSETS[:3]  # raw_history, active_snapshot, curation_plan
APPLYING = CURATION_ASSETS[3:]  # curated_store, curation_report


def materialized(result: ExecuteInProcessResult) -> set[str]:
    return {
        e.asset_key.to_user_string()
        for e in result.get_asset_materialization_events()
        if e.asset_key is not None
    }


def checks(result: ExecuteInProcessResult) -> dict[str, Any]:
    return {e.check_name: e for e in result.get_asset_check_evaluations()}


def failure_messages(result: ExecuteInProcessResult) -> list[str]:
    out = []
    for event in result.all_events:
        if event.is_step_failure:
            error = event.step_failure_data.error
            while error is not None:
                out.append(error.message)
                error = error.cause
    return out


def write_inbox(inbox: Path, tenant: str, lines: Sequence[str]) -> Path:
    folder = inbox / tenant
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "batch-001.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


# -- the whole graph, two tenants ----------------------------------------------------------
def test_curation_graph_for_two_tenants(
    store: MemoryStore, instance: DagsterInstance, resources: dict[str, Any], inbox: Path
) -> None:
    acme, globex = seed(store, ACME), seed(store, GLOBEX)
    apply_all(store, ACME)  # globex stays on the default: dry run
    store.runs.add_golden_probe(ACME, FRESH[0], [acme["fresh0"]], k=3, now=T0)
    store.runs.add_golden_probe(GLOBEX, FRESH[1], [globex["fresh1"]], k=3, now=T0)
    write_inbox(
        inbox,
        ACME,
        [
            json.dumps(
                {
                    "content": "the release train leaves every second thursday afternoon",
                    "kind": "fact",
                }
            ),
            json.dumps({"content": "deploys pause during the quarterly compliance audit window"}),
            "{not json",
            json.dumps({"content": "x", "kind": "rumour"}),
        ],
    )
    globex_before = states(store, GLOBEX)

    result = run(instance, resources, ACME)
    assert result.success, failure_messages(result)
    assert materialized(result) == ALL_KEYS
    evaluations = checks(result)
    assert set(evaluations) == PLAN_CHECK_NAMES | STORE_CHECK_NAMES
    assert all(e.passed for e in evaluations.values()), {
        k: (e.passed, e.metadata) for k, e in evaluations.items()
    }
    for evaluation in evaluations.values():
        assert {"observed", "threshold"} <= set(evaluation.metadata)

    raw = meta(result, "raw_history")
    assert (raw["imported"], raw["rejected"], raw["files_processed"]) == (2, 2, 1)
    assert "malformed JSON" in raw["rejected_rows"] and "kind" in raw["rejected_rows"]
    assert raw["api_writes_since_last_run"] == len(acme)  # seeded through the API
    assert raw["inbox_writes_since_last_run"] == 2
    done = inbox / ACME / "done"
    assert (done / "batch-001.jsonl").exists() and not (inbox / ACME / "batch-001.jsonl").exists()
    assert (done / "batch-001.rejects.jsonl").exists()

    scored = meta(result, "active_snapshot")
    assert scored["n"] == len(acme) + 2
    assert "retention" in scored["retention_histogram"]
    assert 0.0 <= scored["share_just_above_prune_threshold"] <= 1.0

    plan = meta(result, "curation_plan")
    assert plan["merged_clusters"] == 1 and plan["conflicts"] == 1
    assert "canonical" in plan["largest_clusters"] and "claim" in plan["new_conflicts"]
    assert plan["decayed"] == 2 and plan["duplicates_archived"] == 1 and not plan["dry_run"]

    applied = meta(result, "curated_store")
    assert applied["dry_run"] is False and applied["archived"] == 3
    assert applied["conflicts_opened"] == 1
    report = meta(result, "curation_report")
    assert report["run_id"] == applied["run_id"] and "Curation run" in report["report"]
    assert store.get(ACME, acme["stale0"]).status == "archived"
    assert store.get(ACME, acme["dup_b"]).status == "archived"
    assert states(store, GLOBEX) == globex_before  # one tenant's run never touches another

    result = run(instance, resources, GLOBEX)
    assert result.success, failure_messages(result)
    assert materialized(result) == ALL_KEYS
    assert meta(result, "curated_store")["dry_run"] is True
    assert meta(result, "curation_report")["status"] == "dry_run"
    evaluations = checks(result)
    assert all(evaluations[name].passed for name in PLAN_CHECK_NAMES)
    # the dry run leaves the planted near-duplicate in place: the WARN check says so
    near = evaluations["near_duplicate_share"]
    assert not near.passed and near.severity.value == "WARN"
    assert near.metadata["observed"].value > near.metadata["threshold"].value
    assert states(store, GLOBEX) == globex_before


def test_ab_evaluation_without_labels_says_so(
    store: MemoryStore, instance: DagsterInstance, resources: dict[str, Any], tmp_path: Path
) -> None:
    seed(store, ACME)
    uri = f"sqlite:///{tmp_path}/ml.db"
    resources = {**resources, "mlflow": build_resources(tracking_uri=uri)["mlflow"]}
    result = run(instance, resources, ACME, AssetSelection.assets(ab_evaluation))
    assert result.success
    assert meta(result, "ab_evaluation")["status"] == "no labels"


def test_ab_evaluation_logs_the_tenant_labels_to_mlflow(
    store: MemoryStore, instance: DagsterInstance, resources: dict[str, Any], tmp_path: Path
) -> None:
    from mlflow.tracking import MlflowClient

    seed(store, ACME)
    target = store.memories(ACME, status="active", limit=1)[0]
    store.runs.add_golden_probe(ACME, target.content, [target.id], k=3)
    uri = fresh_mlflow_uri(tmp_path / "ml.db")
    resources = {**resources, "mlflow": build_resources(tracking_uri=uri)["mlflow"]}
    result = run(instance, resources, ACME, AssetSelection.assets(ab_evaluation))
    assert result.success
    metadata = meta(result, "ab_evaluation")
    assert metadata["status"] == "evaluated" and metadata["labeled_queries"] == 1
    assert metadata["quality_curated"] == 1.0  # the probe's own text finds its memory
    client = MlflowClient(tracking_uri=uri)
    parent = client.get_run(metadata["mlflow_run_id"])
    assert parent.data.params["tenant"] == ACME
    # named by what it compares (the run's start time is its own column)
    name = parent.info.run_name
    assert name.startswith(f"curated vs raw · tenant {ACME}, labeled queries · policy "), name
    children = client.search_runs(
        [parent.info.experiment_id],
        filter_string=f"tags.mlflow.parentRunId = '{parent.info.run_id}'",
    )
    assert sorted(c.data.tags["mlflow.runName"] for c in children) == ["curated", "raw"]


def test_dry_run_leaves_the_store_untouched(
    store: MemoryStore, instance: DagsterInstance, resources: dict[str, Any]
) -> None:
    seed(store, ACME)
    before, counts = states(store, ACME), store.counts(ACME)
    result = run(instance, resources, ACME)
    assert result.success, failure_messages(result)
    assert meta(result, "curation_plan")["decayed"] == 2  # there was something to do
    assert meta(result, "curated_store")["dry_run"] is True
    assert states(store, ACME) == before and store.counts(ACME) == counts
    assert store.runs.latest(ACME)[0].dry_run is True and store.curator.proposals(ACME) == []
    assert store.ledger.conflicts(ACME) == []


# -- blocking checks -------------------------------------------------------------------------
def test_plan_archiving_a_golden_memory_is_blocked(
    store: MemoryStore, instance: DagsterInstance, resources: dict[str, Any]
) -> None:
    ids = seed(store, ACME)
    apply_all(store, ACME)
    store.runs.add_golden_probe(ACME, STALE[0], [ids["stale0"]], k=3, now=T0)
    before, counts = states(store, ACME), store.counts(ACME)

    result = run(instance, resources, ACME)
    assert not result.success
    assert "curated_store" not in materialized(result)
    assert "curation_plan" in materialized(result)
    golden = checks(result)["golden_recall_probe"]
    assert not golden.passed
    assert golden.metadata["observed"].value == 1 and golden.metadata["threshold"].value == 0
    assert any("blocking asset check failed" in m for m in failure_messages(result))
    assert states(store, ACME) == before and store.counts(ACME) == counts
    assert store.runs.latest(ACME) == []


def test_plan_over_the_platform_prune_cap_is_blocked(
    store: MemoryStore, instance: DagsterInstance, database_url: str, inbox: Path
) -> None:
    seed(store, ACME)
    apply_all(store, ACME)
    before = states(store, ACME)
    # the policy allows 20% (2 of 13); the platform ceiling allows 10% (1)
    resources = nightly(database_url, inbox, max_prune_ratio="0.1")
    result = run(instance, resources, ACME)
    assert not result.success
    assert "curated_store" not in materialized(result)
    cap = checks(result)["prune_cap"]
    assert not cap.passed
    assert (cap.metadata["observed"].value, cap.metadata["threshold"].value) == (2, 1)
    assert states(store, ACME) == before


def test_entry_pinned_after_planning_blocks_the_apply(
    store: MemoryStore, instance: DagsterInstance, resources: dict[str, Any]
) -> None:
    ids = seed(store, ACME)
    apply_all(store, ACME)
    planning = AssetSelection.assets(*PLANNING).without_checks()
    assert run(instance, resources, ACME, planning).success
    store.pin(ACME, ids["stale0"], now=T0)  # a curator pins a planned archive
    before = states(store, ACME)

    applying = AssetSelection.checks_for_assets(curation_plan) | AssetSelection.assets(*APPLYING)
    result = run(instance, resources, ACME, applying)
    assert not result.success
    evaluations = checks(result)
    assert not evaluations["pinned_untouched"].passed
    assert evaluations["pinned_untouched"].metadata["observed"].value == 1
    assert evaluations["no_cross_tenant_action"].passed
    assert "curated_store" not in materialized(result)
    assert states(store, ACME) == before


# -- concurrency -----------------------------------------------------------------------------
def test_second_concurrent_run_for_a_tenant_is_refused(
    store: MemoryStore, instance: DagsterInstance, resources: dict[str, Any]
) -> None:
    seed(store, ACME)
    seed(store, GLOBEX)
    apply_all(store, ACME)
    before = states(store, ACME)
    with curation_lock(store.db, ACME):  # another run holds the tenant
        result = run(instance, resources, ACME)
        assert not result.success
        assert materialized(result) == set()
        messages = failure_messages(result)
        assert any(
            "a curation run for tenant 'acme' is already in progress" in m for m in messages
        ), messages
        assert states(store, ACME) == before
        # another tenant is not held up
        other = run(instance, resources, GLOBEX)
        assert other.success, failure_messages(other)


def test_apply_is_refused_while_another_run_holds_the_lock(
    store: MemoryStore, instance: DagsterInstance, resources: dict[str, Any]
) -> None:
    seed(store, ACME)
    apply_all(store, ACME)
    assert run(instance, resources, ACME, AssetSelection.assets(*PLANNING)).success
    before = states(store, ACME)
    with curation_lock(store.db, ACME):
        result = run(instance, resources, ACME, AssetSelection.assets(*APPLYING))
    assert not result.success
    assert any(
        "already in progress" in m and "curated_store" in m for m in failure_messages(result)
    )
    assert states(store, ACME) == before and store.runs.latest(ACME) == []


def test_an_apply_at_a_past_clock_is_refused_unless_a_reason_is_configured(
    store: MemoryStore, instance: DagsterInstance, database_url: str, inbox: Path
) -> None:
    seed(store, ACME)
    apply_all(store, ACME)
    store.remember(ACME, "Written after the replay's time.", now=T0 + timedelta(days=1))
    before = states(store, ACME)
    past = nightly(database_url, inbox)
    refused = run(instance, past, ACME)
    assert not refused.success
    assert any(
        "clock.now: now=" in m and "newest write" in m and "clock.force_now_reason" in m
        for m in failure_messages(refused)
    ), failure_messages(refused)
    assert states(store, ACME) == before and store.runs.latest(ACME) == []

    forced = nightly(database_url, inbox, force_now_reason="replaying the night of T0")
    done = run(instance, forced, ACME)
    assert done.success, failure_messages(done)
    [recorded] = store.runs.latest(ACME)
    assert (recorded.status, recorded.report.forced_now_reason) == (
        "applied",
        "replaying the night of T0",
    )


# -- direct invocation -------------------------------------------------------------------------
def test_the_plan_materializes_alone_from_the_stored_snapshot(
    store: MemoryStore, instance: DagsterInstance, resources: dict[str, Any]
) -> None:
    seed(store, ACME)
    result = run(instance, resources, ACME, AssetSelection.assets(*CURATION_ASSETS[:2]))
    active = result.output_for_node("active_snapshot")
    assert isinstance(active, ActiveSnapshot) and len(active) == 13
    # written after the snapshot: a plan that read the store instead of its input would see it
    store.remember(ACME, "a fact written after the snapshot", "fact", now=T0)

    stage = AssetSelection.assets(curation_plan).without_checks()
    for _ in range(2):  # and again: re-materializing the plan reuses the stored snapshot
        result = run(instance, resources, ACME, stage)
        assert result.success, failure_messages(result)
        assert materialized(result) == {"curation_plan"}
        assert meta(result, "curation_plan")["merged_clusters"] == 1
        plan = result.output_for_node("curation_plan")
        assert plan.active_before == len(active) == 13 and plan.planned_at == active.now
        assert meta(result, "curation_plan")["duplicates_archived"] == 1


# -- compaction ----------------------------------------------------------------------------------
def test_compaction_refuses_unless_enabled_and_then_respects_the_grace(
    store: MemoryStore, instance: DagsterInstance, database_url: str, inbox: Path
) -> None:
    ids = seed(store, ACME)
    apply_all(store, ACME)
    assert run(instance, nightly(database_url, inbox), ACME).success
    archived = store.counts(ACME).archived
    assert archived == 3
    job = defs.resolve_job_def("compaction_job")

    off = job.execute_in_process(
        partition_key=ACME,
        instance=instance,
        raise_on_error=False,
        resources=build_resources(
            database_url=database_url, embedder="hashing", now=(T0 + timedelta(days=30)).isoformat()
        ),
    )
    assert not off.success
    assert any("compaction is off" in m for m in failure_messages(off))
    assert store.counts(ACME).archived == archived

    def compact(days: int) -> int:
        result = job.execute_in_process(
            partition_key=ACME,
            instance=instance,
            resources=build_resources(
                database_url=database_url,
                embedder="hashing",
                now=(T0 + timedelta(days=days)).isoformat(),
                compaction_grace_days="1",
            ),
        )
        return int(result.output_for_node("compact_tenant"))

    # the tenant policy's 14-day grace outranks the platform's 1 day
    assert compact(5) == 0
    assert compact(15) == archived
    assert store.counts(ACME).archived == 0
    assert store.get(ACME, ids["fresh0"]).status == "active"


def test_ab_workload_replays_the_configured_fleet_in_a_scratch_database(
    store: MemoryStore, instance: DagsterInstance, database_url: str, tmp_path: Path
) -> None:
    from mlflow.tracking import MlflowClient

    from orchestration.assets.evaluation import ab_workload

    workload = "tenants=1,days=8,writes=8,recalls=4,queries=4,seed=3"
    scratch, uri, resources = scratch_resources(
        database_url, tmp_path, "wl_", "workload", workload=workload
    )
    before = store.tenants.all()
    try:
        result = materialize([ab_workload], instance=instance, resources=resources)
        assert result.success
        metadata = meta(result, "ab_workload")
        assert metadata["queries"] > 0 and metadata["memories"] > 0
        assert 0.0 <= metadata["quality_curated"] <= 1.0
        assert MlflowClient(tracking_uri=uri).get_run(metadata["mlflow_run_id"])
        assert store.tenants.all() == before  # the store itself was never written
    finally:
        drop_database(database_url, scratch)
