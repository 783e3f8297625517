"""The one similar-pair scan of a plan: it serves duplicates, contradictions, inferred
supersession and decay's covers at once (each pair read once, by the first rule that
claims it: a shared key is supersession's, a same-slot change is a change, else a
near-duplicate link)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from curation._change import names_alike
from curation._neighbors import PairSearch, similar_pairs
from curation._policy import Mode
from curation.mechanics.contradictions import SlotChange, slot_change
from curation.mechanics.duplicates import may_link
from curation.mechanics.supersession import left_to_keys
from curation.mechanics.work import PlanWork


@dataclass
class PairScan:
    """What the scan found: near-duplicate links and same-slot changes."""

    dup_t: float
    linked: list[tuple[int, int]] = field(default_factory=list)
    changes: list[SlotChange] = field(default_factory=list)


def needed(work: PlanWork) -> bool:
    """Whether any mechanic the scan serves is on."""
    policy = work.policy
    paired = (policy.duplicates, policy.contradiction, policy.decay, policy.supersession)
    return any(mode != Mode.OFF for mode in paired)


def scan(work: PlanWork, search: PairSearch | None) -> PairScan:
    """Link near-duplicates that agree on every value; collect same-slot value changes
    (each also recorded as a cover of the older entry, for decay)."""
    snap, policy = work.snap, work.policy
    inf = math.inf
    dup_t = policy.duplicate_threshold_for(snap.embedding_model)
    if policy.duplicates == Mode.OFF and policy.decay == Mode.OFF:
        dup_t = inf  # near-duplicates are looked for to merge them or as decay's cover
    con_t = policy.contradiction_threshold_for(snap.embedding_model)
    if policy.contradiction == Mode.OFF and policy.supersession == Mode.OFF:
        con_t = inf  # value changes feed conflicts and inferred supersession
    found = PairScan(dup_t)
    rows = np.flatnonzero(~work.archived)
    if len(rows) < 2:
        return found
    # a kind whose value changes are not checked needs only its near-duplicates: pairs
    # below dup_t would be read and dropped (dialogue at MiniLM's 0.6: ~9 per turn)
    thresholds = {
        kind: min(dup_t, con_t) if kind in policy.contradiction_kinds else dup_t
        for kind in set(snap.kinds)
    }
    pair_a, pair_b, sims = _active_pairs(work, rows, thresholds, search)
    for a, b, sim in zip(pair_a.tolist(), pair_b.tolist(), sims.tolist(), strict=True):
        if left_to_keys(snap.supersession_keys[a], snap.supersession_keys[b]):
            continue
        older, newer = sorted((a, b), key=work.age_key)
        diffs = work.differences(older, newer)
        if (
            sim >= con_t
            and snap.kinds[a] in policy.contradiction_kinds
            and snap.created_at[older] < snap.created_at[newer]
        ):
            slot = slot_change(snap.contents[older], snap.contents[newer], diffs)
            if slot is not None:
                found.changes.append(SlotChange(older, newer, sim, slot))
                work.cover(older, newer, same_slot=True)  # the newer statement carries it on
                continue
        if may_link(snap.contents[a], snap.contents[b], diffs, sim, dup_t):
            found.linked.append((a, b))
            if names_alike(snap.contents[a], snap.contents[b]):
                work.cover(a, b)
                work.cover(b, a)
    return found


def _active_pairs(
    work: PlanWork, rows: np.ndarray, thresholds: dict[str, float], search: PairSearch | None
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Similar pairs among ``rows``, same kind only, each kind at its own threshold (none
    for an infinite one), as snapshot rows sorted by (a, b).

    The same pairs as ``similar_pairs`` over ``rows`` labelled by kind, but each kind's
    embeddings are gathered once (not the whole active set first and each group again:
    at 1M x 384 that copy alone is 1.5 GB)."""
    kinds = np.asarray(work.snap.kinds, dtype=object)[rows]
    parts_a, parts_b, parts_s = [], [], []
    for kind in sorted(set(kinds.tolist())):
        members = rows[kinds == kind]
        threshold = thresholds[kind]
        if len(members) < 2 or math.isinf(threshold):
            continue
        li, lj, ls = similar_pairs(work.snap.embeddings[members], threshold, search=search)
        parts_a.append(members[li])
        parts_b.append(members[lj])
        parts_s.append(ls)
    if not parts_a:
        empty = np.zeros(0, dtype=np.int64)
        return empty, empty, np.zeros(0, dtype=np.float32)
    a, b, sim = np.concatenate(parts_a), np.concatenate(parts_b), np.concatenate(parts_s)
    order = np.lexsort((b, a))
    return a[order], b[order], sim[order]
