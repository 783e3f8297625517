"""Asset checks. Each checks one property and reports ``observed`` and ``threshold``.

On ``curation_plan`` — blocking: if one fails, ``curated_store`` does not run in that
run, so a bad plan never reaches the store.

- ``golden_recall_probe``: every golden probe that finds its expected memories in the
  top k now still does with the plan's archives removed (observed = probes the plan
  breaks; threshold 0). Probes that already fail before the plan are reported, not
  blamed on it (``golden_recall_after_apply`` flags them).
- ``prune_cap``: entries decayed <= floor(min(policy.max_prune_ratio, platform
  ceiling) x active_before). The ceiling is ``GuardrailsResource.max_prune_ratio``
  (MEMGOV_MAX_PRUNE_RATIO); the planner already keeps the policy cap, so this check
  guards against a planner regression and enforces the platform-wide limit.
- ``pinned_untouched``: no archive targets an entry that is pinned now.
- ``no_cross_tenant_action``: every memory id the plan names belongs to the tenant.

On ``curated_store`` — non-blocking:

- ``golden_recall_after_apply`` (ERROR): the golden probes against the real store.
- ``near_duplicate_share`` (WARN): redundant near-duplicates over the active set, against
  the policy's ``near_duplicate_target``.
"""

import warnings
from collections.abc import Callable, Sized
from datetime import datetime
from typing import Any

from dagster import (
    AssetCheckExecutionContext,
    AssetCheckResult,
    AssetChecksDefinition,
    AssetCheckSeverity,
    MetadataValue,
    asset_check,
)

from curation import (
    NEAR_DUPLICATE_COSINE,
    NEAR_DUPLICATE_JACCARD,
    CurationPlan,
    MemoryStore,
    foreign_violations,
    golden_probes_with_plan,
    near_duplicates,
    pinned_violations,
    plan_memory_ids,
    prune_cap_violation,
)
from orchestration.assets.curation import curated_store
from orchestration.metadata import broken_probes_md, failing_probes_md, ids_md
from orchestration.partitions import tenant_partitions
from orchestration.resources import ClockResource, GuardrailsResource, StoreResource

# The checks must be partitioned like their assets (an unpartitioned check on a partitioned
# asset loads every partition's value); Dagster still labels that "preview".
warnings.filterwarnings(
    "ignore", message="Specifying a partitions_def on an AssetCheckSpec", category=Warning
)


PlanJudge = Callable[[MemoryStore, str, CurationPlan, datetime], AssetCheckResult]


def _against_the_store(description: str) -> Callable[[PlanJudge], AssetChecksDefinition]:
    """A blocking check of ``curation_plan`` against the tenant's store as it is now: the
    decorated function judges the plan given the store, the tenant and the time."""

    def build(judge: PlanJudge) -> AssetChecksDefinition:
        def check(
            context: AssetCheckExecutionContext,
            curation_plan: CurationPlan,
            store: StoreResource,
            clock: ClockResource,
        ) -> AssetCheckResult:
            memory = store.open(clock.clock())
            return judge(memory, context.partition_key, curation_plan, clock.current())

        return asset_check(
            asset="curation_plan",
            name=judge.__name__,
            blocking=True,
            partitions_def=tenant_partitions,
            description=description,
        )(check)

    return build


def _none_allowed(found: Sized, **metadata: Any) -> AssetCheckResult:
    """A check that allows no finding: observed = how many were found, threshold 0."""
    return AssetCheckResult(
        passed=not found, metadata={"observed": len(found), "threshold": 0, **metadata}
    )


@_against_the_store(
    "Every golden probe still finds its expected memories in the top k with the plan "
    "applied (observed: probes the plan would break)."
)
def golden_recall_probe(
    memory: MemoryStore, tenant: str, curation_plan: CurationPlan, now: datetime
) -> AssetCheckResult:
    archived = curation_plan.archived_ids()
    probes = golden_probes_with_plan(memory, tenant, now=now, archived=archived)
    broken = [p for p in probes if p.broken_by_plan]
    already = [p for p in probes if not p.before.passed]
    return _none_allowed(
        broken,
        probes=len(probes),
        already_failing_before_plan=len(already),
        search_depth=max((p.depth for p in probes), default=0),
        broken_probes=broken_probes_md(broken, archived),
    )


@asset_check(
    asset="curation_plan",
    blocking=True,
    partitions_def=tenant_partitions,
    description="Decayed entries <= floor(min(policy.max_prune_ratio, MEMGOV_MAX_PRUNE_RATIO) "
    "x active before the run).",
)
def prune_cap(curation_plan: CurationPlan, guardrails: GuardrailsResource) -> AssetCheckResult:
    ceiling = guardrails.prune_ratio_ceiling()
    observed, threshold = prune_cap_violation(curation_plan, ceiling)
    return AssetCheckResult(
        passed=observed <= threshold,
        metadata={
            "observed": observed,
            "threshold": threshold,
            "active_before": curation_plan.active_before,
            "policy_max_prune_ratio": curation_plan.policy.max_prune_ratio,
            "platform_ceiling": ceiling if ceiling is not None else "none",
            "skipped_by_cap": curation_plan.skipped_by_cap,
        },
    )


@_against_the_store(
    "No archive in the plan targets an entry that is pinned (checked against the store "
    "now, so a pin made after planning counts)."
)
def pinned_untouched(
    memory: MemoryStore, tenant: str, curation_plan: CurationPlan, now: datetime
) -> AssetCheckResult:
    # an id that is not the tenant's is no_cross_tenant_action's to report
    violations = pinned_violations(memory, tenant, curation_plan.archived_ids())
    return _none_allowed(
        violations,
        archives_checked=len(curation_plan.archives),
        pinned_targets=ids_md(violations),
    )


@_against_the_store(
    "Every memory id the plan names (archived, targets, merges, conflicts, proposal "
    "members) belongs to the tenant."
)
def no_cross_tenant_action(
    memory: MemoryStore, tenant: str, curation_plan: CurationPlan, now: datetime
) -> AssetCheckResult:
    named = plan_memory_ids(curation_plan)
    foreign = foreign_violations(memory, tenant, named, made_for=curation_plan.tenant)
    return _none_allowed(
        foreign,
        ids_named=len(named),
        plan_tenant=MetadataValue.text(curation_plan.tenant),
        foreign_ids=ids_md(foreign),
    )


@asset_check(
    asset=curated_store,
    partitions_def=tenant_partitions,
    description="The golden probes against the real store after the apply (observed: probes "
    "whose expected memories are not in the top k).",
)
def golden_recall_after_apply(
    context: AssetCheckExecutionContext, store: StoreResource, clock: ClockResource
) -> AssetCheckResult:
    memory = store.open(clock.clock())
    probes = golden_probes_with_plan(memory, context.partition_key, now=clock.current())
    failing = [p.after for p in probes if not p.after.passed]
    return _none_allowed(failing, probes=len(probes), failing_probes=failing_probes_md(failing))


@asset_check(
    asset=curated_store,
    partitions_def=tenant_partitions,
    description="Share of the active set that is a redundant near-duplicate (same kind, cosine "
    ">= 0.95 or token Jaccard >= 0.9, independent of the merge threshold); warns above the "
    "policy's near_duplicate_target.",
)
def near_duplicate_share(
    context: AssetCheckExecutionContext, store: StoreResource, clock: ClockResource
) -> AssetCheckResult:
    tenant = context.partition_key
    memory = store.open(clock.clock())
    policy = memory.tenants.policy(tenant)
    snapshot = memory.runs.snapshot(tenant)
    found = near_duplicates(snapshot)
    return AssetCheckResult(
        passed=found.share <= policy.near_duplicate_target,
        severity=AssetCheckSeverity.WARN,
        metadata={
            "observed": round(found.share, 4),
            "threshold": policy.near_duplicate_target,
            "active": found.size,
            "near_duplicate_pairs": found.pairs,
            "clusters": found.clusters,
            "redundant_entries": found.redundant,
            "cosine_threshold": NEAR_DUPLICATE_COSINE,
            "jaccard_threshold": NEAR_DUPLICATE_JACCARD,
            "embedding_model": MetadataValue.text(snapshot.embedding_model),
        },
    )


PLAN_CHECKS = [golden_recall_probe, prune_cap, pinned_untouched, no_cross_tenant_action]
STORE_CHECKS = [golden_recall_after_apply, near_duplicate_share]
ALL_CHECKS = [*PLAN_CHECKS, *STORE_CHECKS]
