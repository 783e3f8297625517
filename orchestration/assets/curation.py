"""The curation asset group, one partition per tenant.

    raw_history → active_snapshot → curation_plan → curated_store → curation_report

How data moves: ``active_snapshot`` loads the tenant's active set once (embeddings
included) and freezes it with the policy and the time it is planned at; its page shows the
retention and rank scores the planner will compute from it. ``curation_plan`` plans from
that stored value alone, so re-materializing it reuses the snapshot, and a slow or
failing plan shows on its own node. The plan is one asset because the planner's mechanics
cannot be separated: decay counts the archives of supersession and merging against its
cap, and conflicts and proposals are drawn from what is still active after decay; its page
has a section per mechanic. The blocking checks judge the plan and ``curated_store``
applies it. Values travel through the default (pickling) IO manager. An apply is
optimistic per row (state versions), so anything that changed between planning and
applying is left alone, never clobbered.
"""

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import numpy as np
from dagster import AssetExecutionContext, Failure, MaterializeResult, asset

from curation import (
    BackdatedRunError,
    CurationLockedError,
    CurationPlan,
    CurationPolicy,
    MemorySnapshot,
    RunRecord,
    RunReport,
    rank_scores,
    retention_scores,
)
from orchestration.ingest import ingest_inbox, writes_since_last_run
from orchestration.locking import locked_failure, tenant_lock
from orchestration.metadata import (
    apply_metadata,
    ingest_metadata,
    plan_metadata,
    run_metadata,
    snapshot_metadata,
    will_write,
)
from orchestration.partitions import tenant_partitions
from orchestration.resources import ClockResource, InboxResource, StoreResource
from orchestration.telemetry import traced_asset

GROUP = "curation"
APPLY_ACTOR = "dagster"


@dataclass(frozen=True)
class ActiveSnapshot:
    """What ``active_snapshot`` hands on: the planner's whole input — the tenant's active
    set (embeddings included), its policy and the time it is planned at."""

    tenant: str
    now: datetime
    policy: CurationPolicy
    snapshot: MemorySnapshot
    _index: dict[str, int] = field(default_factory=dict, repr=False, compare=False)

    def __len__(self) -> int:
        return len(self.snapshot)

    def content(self, memory_id: str) -> str:
        if not self._index:
            self._index.update({m: i for i, m in enumerate(self.snapshot.ids)})
        row = self._index.get(memory_id)
        return self.snapshot.contents[row] if row is not None else f"<{memory_id}>"


def _same_tenant(context: AssetExecutionContext, what: str, tenant: str) -> str:
    if tenant != context.partition_key:
        raise Failure(f"{what} is for tenant {tenant!r}, not {context.partition_key!r}")
    return tenant


@asset(
    partitions_def=tenant_partitions,
    group_name=GROUP,
    kinds={"postgres"},
    description="Ingest the tenant's JSONL drop folder (rejected rows with their reasons) and "
    "count the API writes since the last curation run. Holds the tenant's lock while importing.",
)
@traced_asset
def raw_history(
    context: AssetExecutionContext,
    store: StoreResource,
    clock: ClockResource,
    inbox: InboxResource,
) -> MaterializeResult[dict[str, Any]]:
    tenant = context.partition_key
    memory = store.open(clock.clock())
    with tenant_lock(memory, tenant, "raw_history"):
        summary = ingest_inbox(memory, tenant, inbox.tenant_dir(tenant), now=clock.current())
    writes = writes_since_last_run(memory, tenant)
    value = {
        "imported": summary.imported,
        "restated": summary.restated,
        "rejected": len(summary.rejected),
        "files": len(summary.files),
        "failed_files": len(summary.failed),
        "api_writes_since_last_run": writes.api,
    }
    metadata = ingest_metadata(summary, writes, memory.counts(tenant))
    return MaterializeResult(value=value, metadata=metadata)


@asset(
    partitions_def=tenant_partitions,
    group_name=GROUP,
    deps=[raw_history],
    description="The tenant's active set (embeddings included) frozen with its policy and the "
    "time to plan at: the planner's whole input. Its page shows the retention and rank scores "
    "the planner computes from it.",
)
@traced_asset
def active_snapshot(
    context: AssetExecutionContext, store: StoreResource, clock: ClockResource
) -> MaterializeResult[ActiveSnapshot]:
    tenant = context.partition_key
    memory = store.open(clock.clock())
    now = clock.current()
    policy = memory.tenants.policy(tenant)
    snap = memory.runs.snapshot(tenant)
    metadata = snapshot_metadata(
        snap.kinds,
        int(np.asarray(snap.pinned, dtype=bool).sum()),
        retention_scores(snap, policy, now),
        rank_scores(snap, policy, now),
        policy,
        now,
    )
    value = ActiveSnapshot(tenant=tenant, now=now, policy=policy, snapshot=snap)
    return MaterializeResult(value=value, metadata=metadata)


@asset(
    partitions_def=tenant_partitions,
    group_name=GROUP,
    description="The curation plan (supersession, merges, capped decay, conflicts, proposals), "
    "every action with its reason, planned from the stored snapshot alone. Its page has a "
    "section per mechanic: the largest duplicate clusters, the principle candidates "
    "(propose-only), new contradictions and the open ones waiting for a curator. Blocking "
    "checks judge it before anything is applied.",
)
@traced_asset
def curation_plan(
    context: AssetExecutionContext,
    active_snapshot: ActiveSnapshot,
    store: StoreResource,
    clock: ClockResource,
) -> MaterializeResult[CurationPlan]:
    """The same snapshot gives the same plan, whenever and however often it is planned."""
    active = active_snapshot
    tenant = _same_tenant(context, "the snapshot", active.tenant)
    memory = store.open(clock.clock())
    timings: dict[str, float] = {}
    plan = memory.runs.plan(
        tenant, now=active.now, policy=active.policy, snapshot=active.snapshot, timings=timings
    )
    metadata = plan_metadata(
        plan,
        active.content,
        duplicate_threshold=active.policy.duplicate_threshold_for(active.snapshot.embedding_model),
        timings=timings,
        pending_proposals=len(memory.curator.proposals(tenant, status="pending")),
        open_conflicts=memory.ledger.conflicts(tenant, status="open"),
    )
    return MaterializeResult(value=plan, metadata=metadata)


@asset(
    partitions_def=tenant_partitions,
    group_name=GROUP,
    kinds={"postgres"},
    description="Apply the plan in one transaction under the tenant's advisory lock — only "
    "mechanics whose mode is 'apply' write; a dry-run policy records the report only. A second "
    "run for the tenant fails here (or at raw_history) with CurationLockedError's message.",
)
@traced_asset
def curated_store(
    context: AssetExecutionContext,
    curation_plan: CurationPlan,
    store: StoreResource,
    clock: ClockResource,
) -> MaterializeResult[RunReport]:
    tenant = _same_tenant(context, "plan", curation_plan.tenant)
    memory = store.open(clock.clock())
    dry_run, writing = will_write(curation_plan)
    try:  # one transaction holding the tenant's advisory lock (store.apply takes it)
        report = memory.runs.apply(
            curation_plan,
            dry_run=dry_run,
            actor=APPLY_ACTOR,
            now=clock.current(),
            force_now_reason=clock.force_now_reason,
        )
    except CurationLockedError as exc:
        raise locked_failure(tenant, "curated_store", exc) from exc
    except BackdatedRunError as exc:  # the clock resource's `now` is in the tenant's past
        raise Failure(
            f"clock.now: {exc}; set clock.force_now_reason to apply at it anyway"
        ) from exc
    return MaterializeResult(value=report, metadata=apply_metadata(report, dry_run, writing))


@asset(
    partitions_def=tenant_partitions,
    group_name=GROUP,
    description="The stored report of this run (store.runs), as markdown.",
)
@traced_asset
def curation_report(
    context: AssetExecutionContext,
    curated_store: RunReport,
    store: StoreResource,
    clock: ClockResource,
) -> MaterializeResult[RunRecord]:
    tenant = context.partition_key
    runs = store.open(clock.clock()).runs.latest(tenant, limit=20)
    if not runs:
        raise Failure(f"no curation run recorded for tenant {tenant!r}")
    run = next((r for r in runs if r.id == curated_store.run_id), runs[0])
    return MaterializeResult(value=run, metadata=run_metadata(run))


CURATION_ASSETS = [raw_history, active_snapshot, curation_plan, curated_store, curation_report]
