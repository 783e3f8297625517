"""The curation asset graph, one partition per tenant.

    raw_history → scored_memories → [duplicate_clusters, principle_proposals,
                                     conflict_queue, curation_plan] → curated_store
                                                                    → curation_report

How data moves: ``scored_memories`` loads the tenant's active snapshot once and scores
it; it hands on the snapshot (embeddings included) with the scores. ``curation_stages``
plans from that stored value alone, so re-materializing it reuses the scored set, and a
slow or failing plan shows on its own node. It is one ``multi_asset`` with four outputs
because the planner's mechanics cannot be separated: decay counts the archives of
supersession and merging against its cap, and conflicts and proposals are drawn from
what is still active after decay; splitting them would run the costly pair search once
per asset. ``curation_plan`` is the ``CurationPlan`` the blocking checks judge and
``curated_store`` applies. Values travel through the default (pickling) IO manager. An
apply is optimistic per row (state versions), so anything that changed between planning
and applying is left alone, never clobbered.

Every asset returns ``MaterializeResult`` metadata meant to be read in the UI.
"""

from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import numpy as np
import numpy.typing as npt
from dagster import (
    AssetExecutionContext,
    AssetOut,
    Failure,
    MaterializeResult,
    MetadataValue,
    Output,
    asset,
    multi_asset,
)

from curation import (
    NEAR_PRUNE_BAND,
    BackdatedRunError,
    ConflictRecord,
    CurationLockedError,
    CurationPlan,
    CurationPolicy,
    Mechanic,
    MemorySnapshot,
    RunRecord,
    RunReport,
    effective_mechanics,
    rank_scores,
    retention_scores,
)
from orchestration.ingest import ingest_inbox, writes_since_last_run
from orchestration.locking import locked_failure, tenant_lock
from orchestration.partitions import tenant_partitions
from orchestration.reporting import counts_md, histogram_md, run_report_md, snippet, table_md
from orchestration.resources import (
    ClockResource,
    InboxResource,
    MLflowResource,
    StoreResource,
    WorkloadResource,
)
from orchestration.telemetry import traced_asset

GROUP = "curation"
TOP = 10  # examples shown per asset
APPLY_ACTOR = "dagster"


@dataclass(frozen=True)
class ScoredSet:
    """What ``scored_memories`` hands on: the tenant's active snapshot (the planner's
    input, embeddings included) and its scores at ``now``."""

    tenant: str
    now: datetime
    policy: CurationPolicy
    embedding_model: str
    ids: list[str]
    kinds: list[str]
    contents: list[str]
    pinned: npt.NDArray[np.bool_]
    retention: npt.NDArray[np.float64]
    rank: npt.NDArray[np.float64]
    snapshot: MemorySnapshot
    _index: dict[str, int] = field(default_factory=dict, repr=False, compare=False)

    def __len__(self) -> int:
        return len(self.ids)

    def content(self, memory_id: str) -> str:
        if not self._index:
            self._index.update({m: i for i, m in enumerate(self.ids)})
        row = self._index.get(memory_id)
        return self.contents[row] if row is not None else f"<{memory_id}>"


def will_write(plan: CurationPlan) -> tuple[bool, list[str]]:
    """(dry_run, mechanics that write): a run writes only when some mode is ``apply``."""
    dry_run = not plan.policy.any_apply()
    return dry_run, sorted(m.value for m in effective_mechanics(plan, dry_run))


# -- raw history ---------------------------------------------------------------------------
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
    now = clock.current()
    with tenant_lock(memory, tenant, "raw_history"):
        summary = ingest_inbox(memory, tenant, inbox.tenant_dir(tenant), now=now)
    writes = writes_since_last_run(memory, tenant)
    counts = memory.counts(tenant)
    rejected = summary.rejected
    rejected_rows = [
        (name, row.line, row.field, row.reason, row.value) for name, row in rejected[:50]
    ]
    files_rows = [
        (f.name, f.lines, f.imported, f.restated, len(f.rejected), f.error or "", f.moved_to or "")
        for f in summary.files
    ]
    bound = "≥ " if writes.truncated else ""
    value = {
        "imported": summary.imported,
        "restated": summary.restated,
        "rejected": len(rejected),
        "files": len(summary.files),
        "failed_files": len(summary.failed),
        "api_writes_since_last_run": writes.api,
    }
    return MaterializeResult(
        value=value,
        metadata={
            "imported": summary.imported,
            "restated": summary.restated,
            "rejected": len(rejected),
            "files_processed": len(summary.files),
            "files_failed": len(summary.failed),
            "inbox": MetadataValue.path(summary.folder) if summary.folder else "none",
            "api_writes_since_last_run": writes.api,
            "inbox_writes_since_last_run": writes.inbox,
            "writes_since": MetadataValue.text(
                f"{bound}{writes.total} writes since "
                + (writes.last_run_at.isoformat() if writes.last_run_at else "the beginning")
            ),
            "active": counts.active,
            "archived": counts.archived,
            "files": MetadataValue.md(
                table_md(
                    ["file", "lines", "imported", "restated", "rejected", "error", "moved to"],
                    files_rows,
                )
                if files_rows
                else f"_{summary.note or 'no files'}_"
            ),
            "rejected_rows": MetadataValue.md(
                table_md(["file", "line", "field", "reason", "value"], rejected_rows)
                + (
                    f"\n\n… and {len(rejected) - 50} more (see the rejects files in done/)"
                    if len(rejected) > 50
                    else ""
                )
            ),
        },
    )


# -- scored set ----------------------------------------------------------------------------
@asset(
    partitions_def=tenant_partitions,
    group_name=GROUP,
    deps=[raw_history],
    description="The tenant's active set (its snapshot, embeddings included) with retention "
    "and rank scores: the input every planning stage computes from.",
)
@traced_asset
def scored_memories(
    context: AssetExecutionContext, store: StoreResource, clock: ClockResource
) -> MaterializeResult[ScoredSet]:
    tenant = context.partition_key
    memory = store.open(clock.clock())
    now = clock.current()
    policy = memory.tenants.policy(tenant)
    snap = memory.runs.snapshot(tenant)
    retention = retention_scores(snap, policy, now)
    rank = rank_scores(snap, policy, now)
    scored = ScoredSet(
        tenant=tenant,
        now=now,
        policy=policy,
        embedding_model=snap.embedding_model,
        ids=list(snap.ids),
        kinds=list(snap.kinds),
        contents=list(snap.contents),
        pinned=np.asarray(snap.pinned, dtype=bool),
        retention=retention,
        rank=rank,
        snapshot=snap,
    )
    n = len(scored)
    near = (retention >= policy.prune_below) & (retention < policy.prune_below + NEAR_PRUNE_BAND)
    below = retention < policy.prune_below
    kinds: dict[str, int] = {}
    for kind in scored.kinds:
        kinds[kind] = kinds.get(kind, 0) + 1
    rank_summary = (
        {
            "mean": round(float(rank.mean()), 3),
            "median": round(float(np.median(rank)), 3),
            "max": round(float(rank.max()), 3),
        }
        if n
        else {}
    )
    return MaterializeResult(
        value=scored,
        metadata={
            "n": n,
            "pinned": int(scored.pinned.sum()),
            "by_kind": kinds,
            "retention_histogram": MetadataValue.md(
                histogram_md(retention, label="retention", marker=policy.prune_below)
            ),
            "prune_below": policy.prune_below,
            "share_below_prune_threshold": round(float(below.mean()), 4) if n else 0.0,
            "share_just_above_prune_threshold": round(float(near.mean()), 4) if n else 0.0,
            "just_above_band": MetadataValue.text(
                f"{policy.prune_below:g} <= retention < {policy.prune_below + NEAR_PRUNE_BAND:g}"
            ),
            "rank_score": rank_summary,
            "scored_at": MetadataValue.text(now.isoformat()),
        },
    )


# -- views over the plan -------------------------------------------------------------------
def _mode(policy: CurationPolicy, mechanic: str) -> str:
    return str(getattr(policy, mechanic).value)


def _duplicates_metadata(scored: ScoredSet, plan: CurationPlan) -> dict[str, Any]:
    merges = sorted(plan.merges, key=lambda m: (-len(m.duplicate_ids), m.canonical_id))
    rows = [
        (
            snippet(scored.content(m.canonical_id)),
            1 + len(m.duplicate_ids),
            f"{m.min_similarity:.3f}",
            m.recall_count_after,
        )
        for m in merges[:TOP]
    ]
    return {
        "clusters": len(plan.merges),
        "duplicates_to_archive": len(plan.archived_by(Mechanic.DUPLICATES)),
        "superseded_by_key": len(plan.archived_by(Mechanic.SUPERSESSION)),
        "threshold": scored.policy.duplicate_threshold_for(scored.embedding_model),
        "mode": _mode(scored.policy, "duplicates"),
        "largest_clusters": MetadataValue.md(
            table_md(["canonical", "size", "min cosine", "recalls after"], rows)
        ),
    }


def _proposals_metadata(scored: ScoredSet, plan: CurationPlan, pending: int) -> dict[str, Any]:
    proposals = sorted(plan.proposals, key=lambda p: (-len(p.member_ids), p.text))
    rows = [
        (snippet(p.text), len(p.member_ids), p.generality, f"{p.mean_jaccard:.2f}")
        for p in proposals[:TOP]
    ]
    return {
        "proposals": len(plan.proposals),
        "members_covered": len({m for p in plan.proposals for m in p.member_ids}),
        "pending_in_store": pending,
        "mode": scored.policy.compression.value,
        "examples": MetadataValue.md(
            table_md(["principle", "members", "generality", "mean jaccard"], rows)
        ),
    }


def _conflicts_metadata(
    scored: ScoredSet, plan: CurationPlan, open_conflicts: list[ConflictRecord]
) -> dict[str, Any]:
    new_rows = [
        (
            snippet(scored.content(c.memory_id), 60),
            snippet(c.claim, 60),
            snippet(c.evidence, 60),
            f"{c.similarity:.3f}",
        )
        for c in plan.conflicts[:TOP]
    ]
    open_rows = [
        (
            c.at.isoformat(timespec="minutes"),
            snippet(c.claim, 70),
            snippet(c.evidence, 60),
            c.source,
        )
        for c in sorted(open_conflicts, key=lambda c: c.at)[:TOP]
    ]
    return {
        "new_candidates": len(plan.conflicts),
        "open_in_queue": len(open_conflicts),
        "mode": _mode(scored.policy, "contradiction"),
        "new_candidates_examples": MetadataValue.md(
            table_md(["entry", "contradicting claim", "differs in", "cosine"], new_rows)
        ),
        "oldest_open": MetadataValue.md(
            table_md(["since", "claim", "evidence", "source"], open_rows)
        ),
    }


def _plan_metadata(
    scored: ScoredSet, plan: CurationPlan, timings: dict[str, float]
) -> dict[str, Any]:
    dry_run, writing = will_write(plan)
    by_retention = sorted(plan.archives, key=lambda a: (a.mechanic.value, a.retention or 0.0))
    rows = [
        (a.mechanic.value, snippet(scored.content(a.memory_id), 60), snippet(a.detail, 70))
        for a in by_retention[: 2 * TOP]
    ]
    return {
        **{key: int(value) for key, value in plan.counts().items()},
        "counts": MetadataValue.md(counts_md(plan.counts())),
        "dry_run": dry_run,
        "will_write": MetadataValue.text(", ".join(writing) or "nothing (dry run)"),
        "planned_at": MetadataValue.text(plan.planned_at.isoformat()),
        "archives": MetadataValue.md(table_md(["mechanic", "entry", "why"], rows)),
        "timings_s": dict(timings),
        "plan_seconds": timings.get("total", 0.0),
    }


# -- the planning stage ---------------------------------------------------------------------
@multi_asset(
    partitions_def=tenant_partitions,
    group_name=GROUP,
    outs={
        "duplicate_clusters": AssetOut(
            description="Near-duplicate clusters (same kind, cosine >= the model's threshold, "
            "agreeing on every value): the canonical keeps the summed recall counts, the rest "
            "archive."
        ),
        "principle_proposals": AssetOut(
            description="Principle candidates (token Jaccard clusters). Propose-only: a "
            "curator approves or rejects them in the dashboard/CLI."
        ),
        "conflict_queue": AssetOut(
            description="Contradictions: similar entries that disagree on a value. New "
            "candidates from this plan, and the open conflicts already waiting for a curator."
        ),
        "curation_plan": AssetOut(
            description="The curation plan (supersession, merges, capped decay, conflicts, "
            "proposals), every action with its reason. Blocking checks judge it before "
            "anything is applied."
        ),
    },
)
@traced_asset
def curation_stages(
    context: AssetExecutionContext,
    scored_memories: ScoredSet,
    store: StoreResource,
    clock: ClockResource,
) -> Iterator[Output[Any]]:
    """Plan from the stored scored set (its snapshot, policy and time): the same input
    gives the same plan, whenever and however often this stage is re-materialized."""
    tenant = context.partition_key
    scored = scored_memories
    if scored.tenant != tenant:
        raise Failure(f"scored set is for tenant {scored.tenant!r}, not {tenant!r}")
    memory = store.open(clock.clock())
    timings: dict[str, float] = {}
    plan = memory.runs.plan(
        tenant, now=scored.now, policy=scored.policy, snapshot=scored.snapshot, timings=timings
    )
    pending = len(memory.curator.proposals(tenant, status="pending"))
    open_conflicts = memory.ledger.conflicts(tenant, status="open")
    yield Output(
        list(plan.merges),
        output_name="duplicate_clusters",
        metadata=_duplicates_metadata(scored, plan),
    )
    yield Output(
        list(plan.proposals),
        output_name="principle_proposals",
        metadata=_proposals_metadata(scored, plan, pending),
    )
    yield Output(
        list(plan.conflicts),
        output_name="conflict_queue",
        metadata=_conflicts_metadata(scored, plan, open_conflicts),
    )
    yield Output(plan, output_name="curation_plan", metadata=_plan_metadata(scored, plan, timings))


# -- apply --------------------------------------------------------------------------------
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
    tenant = context.partition_key
    if curation_plan.tenant != tenant:
        raise Failure(f"plan is for tenant {curation_plan.tenant!r}, not {tenant!r}")
    memory = store.open(clock.clock())
    dry_run, writing = will_write(curation_plan)
    try:  # one transaction holding the tenant's advisory lock (store.apply takes it)
        report = memory.runs.apply(
            curation_plan, dry_run=dry_run, actor=APPLY_ACTOR, now=clock.current(),
            force_now_reason=clock.force_now_reason,
        )  # fmt: skip
    except CurationLockedError as exc:
        raise locked_failure(tenant, "curated_store", exc) from exc
    except BackdatedRunError as exc:  # the clock resource's `now` is in the tenant's past
        raise Failure(
            f"clock.now: {exc}; set clock.force_now_reason to apply at it anyway"
        ) from exc
    applied = {k: v for k, v in report.applied.items() if k != "writing"}
    return MaterializeResult(
        value=report,
        metadata={
            "run_id": MetadataValue.text(report.run_id),
            "dry_run": dry_run,
            "wrote": MetadataValue.text(", ".join(writing) or "nothing (dry run)"),
            "active_after": report.active_after,
            "archived": len(report.archived_ids),
            "conflicts_opened": len(report.conflict_ids),
            "proposals_created": len(report.proposal_ids),
            "skipped_stale": int(applied.get("skipped_stale", 0)),
            "applied": MetadataValue.md(counts_md(applied)),
        },
    )


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
    return MaterializeResult(
        value=run,
        metadata={
            "report": MetadataValue.md(run_report_md(run)),
            "run_id": MetadataValue.text(run.id),
            "status": MetadataValue.text(run.status),
            "dry_run": run.dry_run,
            "active_after": run.report.active_after,
        },
    )


CURATION_ASSETS = [raw_history, scored_memories, curation_stages, curated_store, curation_report]


# -- evaluation ---------------------------------------------------------------------------
@asset(
    partitions_def=tenant_partitions,
    group_name="evaluation",
    deps=[curated_store],
    description="Curated-vs-raw A/B on the tenant's own labeled queries (golden probes and "
    "feedback-labeled recalls), logged to MLflow: one parent run, a nested run per arm, the "
    "per-query table as an artifact. The simulated-fleet A/B is `memgov eval ab`.",
)
@traced_asset
def ab_evaluation(
    context: AssetExecutionContext,
    store: StoreResource,
    clock: ClockResource,
    mlflow: MLflowResource,
) -> MaterializeResult[None]:
    from evaluation import comparison_run, describe_run, evaluate_tenant, redact_value

    tenant = context.partition_key
    memory = store.open(clock.clock())
    now = clock.current()
    result = evaluate_tenant(memory, tenant, now=now)
    base = {
        "labeled_queries": result["labeled_queries"],
        "golden_probes": result["golden"],
        "feedback_labels": result["feedback"],
        "mlflow_tracking_uri": MetadataValue.text(redact_value(mlflow.resolved_tracking_uri())),
        "mlflow_experiment": MetadataValue.text(mlflow.experiment_name),
    }
    if not result["labeled_queries"]:
        context.log.info("no golden probes or feedback-labeled recalls: nothing to evaluate")
        return MaterializeResult(metadata={"status": MetadataValue.text("no labels"), **base})
    comparison = result["comparison"]
    policy = memory.tenants.policy(tenant)
    with comparison_run(
        mlflow.experiment_name,
        describe_run("curated vs raw", scope=f"tenant {tenant}, labeled queries", policy=policy),
        params={
            "tenant": tenant,
            "workload": "tenant-labels",
            "policy": policy.model_dump(mode="json"),
        },
        tags={"kind": "ab", "tenant": tenant},
        uri=mlflow.resolved_tracking_uri(),
    ) as run:
        run.log_metrics({f"top1.{k}": v for k, v in comparison.items()})
        for arm in ("raw", "curated"):
            with run.arm(arm, {"arm": arm}) as child:
                child.log_metrics({"decision_quality": comparison[f"quality_{arm}"]})
        run.log_table("per_query", result["rows"])
        run_id = run.run_id
    return MaterializeResult(
        metadata={
            "status": MetadataValue.text("evaluated"),
            **base,
            "quality_raw": comparison["quality_raw"],
            "quality_curated": comparison["quality_curated"],
            "delta": comparison["delta"],
            "win_rate": comparison["win_rate"],
            "p_value": comparison["p_value"],
            "mlflow_run_id": MetadataValue.text(run_id),
        },
    )


@asset(
    group_name="evaluation",
    description="Curated-vs-raw A/B on the configured simulated workload (MEMGOV_AB_WORKLOAD), "
    "replayed day by day with nightly curation in a scratch database, logged to MLflow "
    "(experiment ab-simulated-fleet).",
)
@traced_asset
def ab_workload(
    context: AssetExecutionContext,
    store: StoreResource,
    mlflow: MLflowResource,
    workload: WorkloadResource,
) -> MaterializeResult[None]:

    from evaluation import (
        ABConfig,
        describe_run,
        headline_table,
        log_ab,
        run_ab,
        simulate_fleet,
    )

    config = workload.fleet_config()
    fleet = simulate_fleet(config)
    scratch = store.scratch(workload.database)
    try:
        ab_config = ABConfig()
        result = run_ab(fleet, scratch, ab_config, progress=context.log.info)
        run_id = log_ab(
            result,
            experiment="ab-simulated-fleet",
            run_name=describe_run(
                "curated vs raw",
                scope=f"weekly workload {config.tenants}x{config.days}d",
                policy=ab_config.policy,
                seed=config.seed,
            ),
            params={
                "policy": ab_config.policy.model_dump(mode="json"),
                "seed": config.seed,
                "embedder": scratch.embedder.model_name,
                "workload": {
                    "tenants": config.tenants,
                    "days": config.days,
                    "writes_per_day": config.writes_per_day,
                    "recalls_per_day": config.recalls_per_day,
                },
            },
            uri=mlflow.resolved_tracking_uri(),
        )
    finally:
        scratch.db.dispose()
    top1 = result.summary["top1"]
    return MaterializeResult(
        metadata={
            "memories": len(fleet.writes),
            "queries": top1["n"],
            "quality_raw": top1["quality_raw"],
            "quality_curated": top1["quality_curated"],
            "delta": top1["delta"],
            "win_rate": top1["win_rate"],
            "p_value": top1["p_value"],
            "headline": MetadataValue.md("```\n" + headline_table(result) + "\n```"),
            "mlflow_run_id": MetadataValue.text(run_id),
        },
    )
