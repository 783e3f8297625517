"""The safety properties of a curation plan, as plain functions: the Dagster asset checks
enforce them before a plan is applied, the dashboard's run checks judge the last run with
the same rules (unit-testable with a hand-made plan, no Dagster involved).

Each returns what a check reports: the observed value and the threshold it is held to.
"""

from __future__ import annotations

from collections.abc import Collection, Set
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from curation._plan import CurationPlan, Mechanic
from curation._policy import max_decays
from curation._records import GoldenProbe
from curation._validation import MAX_RECALL_K

if TYPE_CHECKING:
    from curation._store.memory_store import MemoryStore


# -- prune cap ---------------------------------------------------------------------------
def prune_cap(plan: CurationPlan, ceiling: float | None = None) -> int:
    """How many entries one run may decay: floor(ratio x active_before), where ratio is
    the plan's policy ``max_prune_ratio``, tightened by a platform ``ceiling`` if given."""
    ratio = plan.policy.max_prune_ratio
    if ceiling is not None:
        ratio = min(ratio, ceiling)
    return max_decays(ratio, plan.active_before)


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


def pinned_targets(plan: CurationPlan, pinned_ids: Collection[str]) -> list[str]:
    """Pinned entries the plan would archive (sorted). The property holds when empty."""
    pinned = set(pinned_ids)
    return sorted({a.memory_id for a in plan.archives if a.memory_id in pinned})


def foreign_ids(plan: CurationPlan, tenant: str, tenant_ids: Collection[str]) -> list[str]:
    """Ids the plan names that are not the tenant's (sorted). A plan made for another
    tenant is foreign as a whole. The property holds when empty."""
    named = plan_memory_ids(plan)
    if plan.tenant != tenant:
        return sorted(named) or [f"<plan for tenant {plan.tenant!r}>"]
    known = set(tenant_ids)
    return sorted(named - known)


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
    for probe in store.golden_probes(tenant):
        k = probe.k
        depth = min(MAX_RECALL_K, k + len(archived))
        hits = store.recall(tenant, probe.query, k=depth, record=False, now=now).ids
        before = _outcome(probe, hits[:k])
        after = _outcome(probe, [h for h in hits if h not in archived][:k])
        out.append(ProbeComparison(before=before, after=after, depth=depth))
    return out
