"""One curation plan for one tenant snapshot: pure, deterministic, clock-injected. This
module is the phase order; each phase is its mechanic's (``curation/mechanics/``).

Phases run in the order that makes each next one cheaper and safer: supersession by key
(no embeddings needed; the broadest entry of a key survives, then the newest), duplicate
merge, decay (capped), contradiction candidates, then principle proposals over what is
still active. Every mechanic whose mode is not OFF is planned; whether a dry run or an
apply follows is the store's decision.

Invariants the plan keeps, so the store can apply it without second-guessing:
- a pinned entry is never archived, and no entry is archived twice;
- every ``target_id`` points at an entry that stays active under this plan: a
  supersession winner folded into a duplicate cluster hands its supersession archives on
  to the cluster's canonical, a canonical superseded by inference takes its duplicates
  with it, and entries that other archives point at are not decayed in the same plan
  (they become eligible again on the next run);
- the same snapshot, policy and ``now`` give the same plan.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime

import numpy as np

from curation._neighbors import PairSearch
from curation._plan import CurationPlan
from curation._policy import CompressionMode, CurationPolicy, Mode, max_decays_in_window
from curation._review import ReviewGate
from curation._scoring import rank_scores, retention_scores
from curation._snapshot import MemorySnapshot, epoch
from curation.mechanics import (
    chains,
    contradictions,
    decay,
    duplicates,
    pairs,
    principles,
    supersession,
)
from curation.mechanics.contradictions import SlotChange
from curation.mechanics.principles import Summarizer
from curation.mechanics.work import PlanWork


@contextmanager
def _timed(timings: dict[str, float], phase: str) -> Iterator[None]:
    started = time.perf_counter()
    try:
        yield
    finally:
        timings[phase] = round(time.perf_counter() - started, 6)


def build_plan(
    snap: MemorySnapshot,
    policy: CurationPolicy,
    now: datetime,
    *,
    pair_search: PairSearch | None = None,
    summarizer: Summarizer | None = None,
    timings: dict[str, float] | None = None,
    pruned_in_window: int = 0,
    review: ReviewGate | None = None,
) -> CurationPlan:
    """The plan is a pure function of its inputs (same input, same plan). ``timings``, when
    given, receives each phase's wall time in seconds: it belongs to the run report, never
    to the plan. ``pruned_in_window``: entries decay archived in the policy's rolling
    window before ``now`` (the store counts them); they use up the window's prune cap.
    ``review``: the tenant's reviewed decisions on inferred supersessions (the store counts
    them); without it the tenant has none, so inferred changes are held for review unless
    the policy asks for no reviews."""
    plan = CurationPlan(
        tenant=snap.tenant,
        planned_at=now,
        policy=policy,
        active_before=len(snap),
        pruned_in_window=pruned_in_window,
    )
    timings = {} if timings is None else timings
    total_started = time.perf_counter()
    with _timed(timings, "scoring"):
        work = PlanWork(
            snap=snap,
            policy=policy,
            now=epoch(now),
            retention=retention_scores(snap, policy, now),
            rank=rank_scores(snap, policy, now),
            archived=np.zeros(len(snap), dtype=bool),
            review=review if review is not None else ReviewGate.for_policy(policy),
        )
    if policy.supersession != Mode.OFF:
        with _timed(timings, "supersession"):
            supersession.plan_keys(work)
    changes: list[SlotChange] = []
    if pairs.needed(work):  # one similar-pair scan serves four mechanics
        with _timed(timings, "duplicates"):
            found = pairs.scan(work, pair_search)
            plan.merges = duplicates.plan_merges(work, found.linked, found.dup_t, found.changes)
            changes = found.changes
    unsure = changes
    if policy.supersession != Mode.OFF:
        with _timed(timings, "inferred_supersession"):
            unsure = supersession.plan_inferred(work, changes)
            plan.merges = supersession.with_canonical(work, plan.merges)
            chains.follow_chains(work)
    if policy.decay != Mode.OFF:
        with _timed(timings, "decay"):
            plan.prune_cap = max_decays_in_window(
                policy.max_prune_ratio, plan.active_before, pruned_in_window
            )
            plan.skipped_by_cap = decay.plan_decay(work, plan.prune_cap)
    if policy.contradiction != Mode.OFF:
        with _timed(timings, "conflicts"):
            plan.conflicts = contradictions.plan_conflicts(work, unsure)
    if policy.compression == CompressionMode.PROPOSE:
        with _timed(timings, "proposals"):
            plan.proposals = principles.plan_proposals(work, summarizer)
    plan.archives = work.archives
    plan.held = work.held
    timings["total"] = round(time.perf_counter() - total_started, 6)
    return plan
