"""The safety properties of curation, written once: the Dagster asset checks enforce them
on a plan before it is applied, ``run_checks`` judges a tenant's last run with the same
functions for the dashboard (unit-testable with a hand-made plan, no Dagster involved).

Each returns what a check reports: the observed value and the threshold it is held to.
The callers only present the result.
"""

from __future__ import annotations

import uuid
from collections.abc import Collection, Set
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from curation._health import near_duplicate_share
from curation._plan import CurationPlan, Mechanic
from curation._policy import max_decays_in_window
from curation._records import GoldenProbe
from curation._store.services.insights import last_run, run_memory_ids
from curation._validation import MAX_RECALL_K, validate_tenant

if TYPE_CHECKING:
    from curation._store.memory_store import MemoryStore


# -- prune cap ---------------------------------------------------------------------------
def decay_cap(
    ratio: float, active_before: int, pruned_in_window: int = 0, ceiling: float | None = None
) -> int:
    """How many entries one run may decay: floor(ratio x active set when the rolling window
    opened) less what the window already decayed, where ratio is the policy's
    ``max_prune_ratio``, tightened by a platform ``ceiling`` if given."""
    if ceiling is not None:
        ratio = min(ratio, ceiling)
    return max_decays_in_window(ratio, active_before, pruned_in_window)


def prune_cap(plan: CurationPlan, ceiling: float | None = None) -> int:
    """``decay_cap`` of the plan: its policy's ratio, its active set and rolling window."""
    return decay_cap(
        plan.policy.max_prune_ratio, plan.active_before, plan.pruned_in_window, ceiling
    )


def prune_cap_violation(plan: CurationPlan, ceiling: float | None = None) -> tuple[int, int]:
    """(observed, threshold): entries the plan decays, and the most it may decay.
    The property holds when observed <= threshold."""
    return len(plan.archived_by(Mechanic.DECAY)), prune_cap(plan, ceiling)


# -- ids a plan touches ------------------------------------------------------------------
def plan_memory_ids(plan: CurationPlan) -> set[str]:
    """Every memory id the plan names: archived, targeted, merged, contested, proposed."""
    ids: set[str] = set()
    for action in plan.archives:
        ids.add(action.memory_id)
        if action.target_id is not None:
            ids.add(action.target_id)
    for merge in plan.merges:
        ids.add(merge.canonical_id)
        ids.update(merge.duplicate_ids)
    for conflict in plan.conflicts:
        ids.update((conflict.memory_id, conflict.other_id))
    for proposal in plan.proposals:
        ids.update(proposal.member_ids)
    return ids


def _pinned_among(archived_ids: Collection[str], pinned_ids: Collection[str]) -> list[str]:
    return sorted(set(archived_ids) & set(pinned_ids))


def _foreign(
    named: Collection[str], tenant: str, tenant_ids: Collection[str], made_for: str
) -> list[str]:
    if made_for != tenant:
        return sorted(named) or [f"<plan for tenant {made_for!r}>"]
    return sorted(set(named) - set(tenant_ids))


def pinned_targets(plan: CurationPlan, pinned_ids: Collection[str]) -> list[str]:
    """Pinned entries the plan would archive (sorted). The property holds when empty."""
    return _pinned_among(plan.archived_ids(), pinned_ids)


def foreign_ids(plan: CurationPlan, tenant: str, tenant_ids: Collection[str]) -> list[str]:
    """Ids the plan names that are not the tenant's (sorted). A plan made for another
    tenant is foreign as a whole. The property holds when empty."""
    return _foreign(plan_memory_ids(plan), tenant, tenant_ids, plan.tenant)


# -- the same properties against the store now ---------------------------------------------
def _uuids(ids: Collection[str]) -> list[uuid.UUID]:
    """The ids that parse as UUIDs (anything else cannot be the tenant's)."""
    out = []
    for memory_id in ids:
        try:
            out.append(uuid.UUID(str(memory_id)))
        except ValueError:
            continue
    return out


def pinned_violations(store: MemoryStore, tenant: str, archived_ids: Collection[str]) -> list[str]:
    """Those of ``archived_ids`` that are the tenant's and pinned now (sorted): a pin made
    after planning counts. The property holds when empty."""
    pinned = {m.id for m in store.get_many(tenant, _uuids(archived_ids)) if m.pinned}
    return _pinned_among(archived_ids, pinned)


def foreign_violations(
    store: MemoryStore, tenant: str, named_ids: Collection[str], *, made_for: str | None = None
) -> list[str]:
    """Those of ``named_ids`` that are not the tenant's memories (sorted); everything, when
    the plan was ``made_for`` another tenant. The property holds when empty."""
    known = store.memory.existing_ids(tenant, _uuids(named_ids))
    return _foreign(named_ids, tenant, known, tenant if made_for is None else made_for)


# -- golden probes -----------------------------------------------------------------------
@dataclass(frozen=True)
class ProbeOutcome:
    """One golden probe: where each expected memory ranks (1-based; None = not in top k)."""

    probe_id: str
    query: str
    k: int
    positions: dict[str, int | None]

    @property
    def missing(self) -> list[str]:
        return [m for m, pos in self.positions.items() if pos is None or pos > self.k]

    @property
    def passed(self) -> bool:
        return not self.missing


@dataclass(frozen=True)
class ProbeComparison:
    """A probe before and after the plan's archives."""

    before: ProbeOutcome
    after: ProbeOutcome
    depth: int

    @property
    def broken_by_plan(self) -> bool:
        return self.before.passed and not self.after.passed


def _outcome(probe: GoldenProbe, ranked: list[str]) -> ProbeOutcome:
    """``ranked`` is the probe's top k, best first."""
    expected = list(probe.expected_ids)
    where = {memory_id: pos for pos, memory_id in enumerate(ranked, start=1)}
    return ProbeOutcome(
        probe_id=probe.id,
        query=probe.query,
        k=probe.k,
        positions={e: where.get(e) for e in expected},
    )


def golden_probes_with_plan(
    store: MemoryStore, tenant: str, *, now: datetime, archived: Set[str] = frozenset()
) -> list[ProbeComparison]:
    """Run every golden probe of the tenant now (curated recall, recording nothing) and
    again as if ``archived`` were gone.

    The simulation asks recall for k + |archived| hits (at most ``MAX_RECALL_K``), drops
    the archived ids and keeps the first k: exact as long as the ranking of the remaining
    entries does not change, which the plan's merges could only improve for their
    canonicals (they inherit recall counts). With ``archived`` empty it is the plain probe
    against the store.
    """
    out: list[ProbeComparison] = []
    for probe in store.runs.golden_probes(tenant):
        k = probe.k
        depth = min(MAX_RECALL_K, k + len(archived))
        hits = store.recall(tenant, probe.query, k=depth, record=False, now=now).ids
        before = _outcome(probe, hits[:k])
        after = _outcome(probe, [h for h in hits if h not in archived][:k])
        out.append(ProbeComparison(before=before, after=after, depth=depth))
    return out


# -- the last run, judged --------------------------------------------------------------------
@dataclass(frozen=True)
class SafetyCheck:
    """One property after the last run: ``observed`` against ``threshold``."""

    name: str
    passed: bool
    observed: float
    threshold: float
    detail: str


def run_checks(
    store: MemoryStore, tenant: str, now: datetime, *, near_duplicates: float | None = None
) -> list[SafetyCheck]:
    """The safety properties judged on the tenant's last run and the store now: the run's
    decays within its prune cap, golden probes still find their memories, no entry the run
    archived is pinned, the run named only the tenant's own memories, and the
    near-duplicate share within the policy's target (``near_duplicates``: the share if
    already computed). Empty before the first run."""
    tenant = validate_tenant(tenant)
    run = last_run(store, tenant)
    if run is None:
        return []
    policy = store.tenants.policy(tenant)
    ratio = float(run.policy.get("max_prune_ratio", policy.max_prune_ratio))
    planned = run.report.planned
    done = planned if run.dry_run else run.report.applied
    active_before = int(planned.get("active_before", 0))
    cap = decay_cap(ratio, active_before, int(planned.get("pruned_in_window", 0)))
    decayed = int(done.get("decayed", 0))
    checks = [
        SafetyCheck(
            "prune cap",
            decayed <= cap,
            decayed,
            cap,
            f"{decayed} decayed of at most {cap} ({ratio:.0%} of {active_before} active)",
        )
    ]

    probes = golden_probes_with_plan(store, tenant, now=now)
    found = sum(probe.before.passed for probe in probes)
    checks.append(
        SafetyCheck(
            "golden recall probes",
            found == len(probes),
            found,
            len(probes),
            f"{found} of {len(probes)} golden queries find their expected memories in the top k"
            if probes
            else "no golden probes defined for this tenant",
        )
    )

    ids = run_memory_ids(store, tenant, run.id)
    pinned = pinned_violations(store, tenant, ids.archived)
    checks.append(
        SafetyCheck(
            "pinned untouched",
            not pinned,
            len(pinned),
            0,
            f"{len(pinned)} entries the run archived are pinned",
        )
    )
    foreign = foreign_violations(store, tenant, ids.named)
    checks.append(
        SafetyCheck(
            "no cross-tenant action",
            not foreign,
            len(foreign),
            0,
            f"{len(foreign)} ids named by the run's events are not this tenant's",
        )
    )
    share = near_duplicates
    if share is None:
        share = near_duplicate_share(store.runs.snapshot(tenant))
    target = policy.near_duplicate_target
    checks.append(
        SafetyCheck(
            "near-duplicate share",
            share <= target,
            share,
            target,
            f"{share:.1%} of the active set is redundant (target ≤ {target:.0%})",
        )
    )
    return checks
