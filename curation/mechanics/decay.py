"""Decay: stale narrow entries are archived, lowest retention first, under the prune cap.

Decay removes noise, never knowledge: an entry decays only when something active carries
it on (a near-duplicate, a newer statement of its slot, a principle above it) or its kind
is noise by nature. It does not spare entries with open conflicts: a contested one-off
that the fleet stopped recalling is still stale, and the conflict stays attached.
"""

from __future__ import annotations

import numpy as np

from curation._kinds import ArchiveReason
from curation._plan import Mechanic
from curation._policy import DAY
from curation._snapshot import BoolArray
from curation.mechanics.work import PlanWork


def plan_decay(work: PlanWork, cap: int) -> int:
    """Archive stale narrow entries, lowest retention first, at most the cap; return skipped.

    Stale = idle longer than max_idle_days since the last touch, or retention below
    prune_below. A broad entry (generality >= min_generality) is never archived for
    being quiet. Entries that other archives point at are not decayed in the same plan
    (they become eligible again on the next run).
    """
    snap, policy = work.snap, work.policy
    idle_seconds = work.now - snap.last_touched
    idle = idle_seconds > policy.max_idle_days * DAY
    weak = work.retention < policy.prune_below
    targets = {a.target_id for a in work.archives if a.target_id is not None}
    pointed_at = np.fromiter((i in targets for i in snap.ids), dtype=bool, count=len(snap))
    eligible = ~snap.pinned & (snap.generality < policy.min_generality)
    eligible &= ~work.archived & ~pointed_at & (idle | weak)
    uncovered_ok = _noise_or_under_principle(work)
    eligible &= uncovered_ok | _covered(work)
    candidates = np.flatnonzero(eligible)
    ids = np.asarray(snap.ids, dtype=object)[candidates]
    order = np.lexsort((ids.astype(str), work.retention[candidates]))
    chosen: list[int] = []
    lost_cover = 0
    for row in candidates[order].tolist():
        if len(chosen) == cap:
            break
        cover = _cover(work, row)
        if snap.ids[row] in targets or (cover is None and not uncovered_ok[row]):
            lost_cover += 1  # its covers decayed just before it, or it now covers one
            continue
        chosen.append(row)
        if cover is not None:
            targets.add(snap.ids[cover])
        reasons = []
        if idle[row]:
            reasons.append(f"idle {idle_seconds[row] / DAY:.1f} d > {policy.max_idle_days:g} d")
        if weak[row]:
            reasons.append(f"retention {work.retention[row]:.4f} < {policy.prune_below:g}")
        detail = "; ".join(reasons) + f"; generality {int(snap.generality[row])}"
        if cover is not None:
            detail += f"; covered by {snap.ids[cover]}"
        work.archive(row, Mechanic.DECAY, ArchiveReason.DECAYED, detail, cover)
    return len(candidates) - len(chosen) - lost_cover


def _cover(work: PlanWork, row: int) -> int | None:
    """The oldest entry still active in this plan that carries a decaying entry's
    information on, recorded as its successor: recall as of a moment before the cover was
    written still finds the entry (it was the only carrier then)."""
    alive = work.active_covers(row)
    return min(alive, key=work.age_key) if alive else None


def _noise_or_under_principle(work: PlanWork) -> BoolArray:
    """An entry may decay without an active cover only if its kind is noise by nature
    (``policy.decay_uncovered_kinds``, tool output by default) or a principle above it
    carries it on."""
    snap = work.snap
    noise = np.fromiter(
        (kind in work.policy.decay_uncovered_kinds for kind in snap.kinds), bool, len(snap)
    )
    under_principle = np.fromiter((p is not None for p in snap.parent_ids), bool, len(snap))
    return noise | under_principle


def _covered(work: PlanWork) -> BoolArray:
    """Entries that something still active covers: a near-duplicate or a newer statement
    of its slot. ``plan_decay`` checks each again as it goes, since an entry decayed in
    this plan covers nothing (two idle near-duplicates must not take each other away)."""
    covered = np.zeros(len(work.snap), dtype=bool)
    for row in work.covered:
        covered[row] = bool(work.active_covers(row))
    return covered
