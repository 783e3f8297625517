"""One curation plan for one tenant snapshot: pure, deterministic, clock-injected.

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
Decay does not spare entries with open conflicts: a contested one-off that the fleet
stopped recalling is still stale, and the conflict stays attached to the archived entry.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from datetime import datetime

import numpy as np

from curation._arrays import unique_sorted
from curation._change import (
    SlotComparison,
    SlotVerdict,
    compare_slots,
    infers_supersession,
    may_restate,
)
from curation._kinds import ArchiveReason
from curation._neighbors import PairSearch, similar_pairs
from curation._plan import ArchiveAction, ConflictCandidate, CurationPlan, Mechanic, MergeCluster
from curation._policy import DAY, CompressionMode, CurationPolicy, Mode, max_decays_in_window
from curation._principles import Summarizer, propose_principles
from curation._review import HeldChange, ReviewGate
from curation._scoring import rank_scores, retention_scores
from curation._snapshot import BoolArray, FloatArray, MemorySnapshot, epoch
from curation._unionfind import UnionFind
from curation._values import ValueProfile, compare_profiles, distinct_subjects, extract_values


@contextmanager
def _timed(timings: dict[str, float], phase: str) -> Iterator[None]:
    started = time.perf_counter()
    try:
        yield
    finally:
        timings[phase] = round(time.perf_counter() - started, 6)


@dataclass
class _Work:
    """Scores and the running archive state shared by the phases."""

    snap: MemorySnapshot
    policy: CurationPolicy
    now: float
    retention: FloatArray
    rank: FloatArray
    archived: BoolArray
    review: ReviewGate
    archives: list[ArchiveAction] = field(default_factory=list)
    held: list[HeldChange] = field(default_factory=list)
    profiles: dict[int, ValueProfile] = field(default_factory=dict)
    # supersession winner id -> positions in ``archives`` of the entries it superseded
    superseded_by: dict[str, list[int]] = field(default_factory=dict)
    # row -> the active entries that cover it (a near-duplicate or a newer same-slot
    # statement), in the order found
    covered: dict[int, list[int]] = field(default_factory=dict)
    # row -> the newer statements of its slot (a subset of ``covered``)
    newer_of_slot: dict[int, list[int]] = field(default_factory=dict)

    def cover(self, row: int, by: int, *, same_slot: bool = False) -> None:
        self.covered.setdefault(row, []).append(by)
        if same_slot:
            self.newer_of_slot.setdefault(row, []).append(by)

    def active_covers(self, row: int) -> list[int]:
        """What still carries ``row`` on: its active covers; failing those, the active
        newer statements of its slot reached through archived ones (a newer statement of
        a newer statement of a slot is one too; a near-duplicate of a near-duplicate is
        not, so that chain is never followed)."""
        alive = [c for c in self.covered.get(row, []) if not self.archived[c]]
        if alive:
            return alive
        seen, frontier = {row}, list(self.newer_of_slot.get(row, []))
        while frontier:
            nxt = []
            for c in frontier:
                if c in seen:
                    continue
                seen.add(c)
                if not self.archived[c]:
                    alive.append(c)
                else:
                    nxt.extend(self.newer_of_slot.get(c, []))
            frontier = nxt
        return alive

    def archive(
        self,
        row: int,
        mechanic: Mechanic,
        reason: ArchiveReason,
        detail: str,
        target: int | None,
        *,
        inferred: bool = False,
        similarity: float | None = None,
    ) -> None:
        self.archived[row] = True
        self.archives.append(
            ArchiveAction(
                memory_id=self.snap.ids[row],
                mechanic=mechanic,
                reason=reason,
                expected_version=int(self.snap.versions[row]),
                detail=detail,
                target_id=self.snap.ids[target] if target is not None else None,
                retention=round(float(self.retention[row]), 6),
                inferred=inferred,
                similarity=similarity,
            )
        )

    def supersede_inferred(
        self, older: int, newer: int, detail: str, similarity: float, *, sure: bool = True
    ) -> None:
        """An inferred supersession: archived only when the tenant has earned it
        (``curation._review``) and the plan is ``sure`` of it, else held for review; a pair
        the curator decided is left as it is. An entry not archived here is then not
        covered by the newer statements of its slot either, or decay would archive it on
        the unconfirmed (or rejected) inference."""
        older_id, newer_id = self.snap.ids[older], self.snap.ids[newer]
        decided = self.review.decided(older_id, newer_id)
        if decided or not self.review.earned or not sure:
            if not decided:
                self.held.append(
                    HeldChange(older_id, newer_id, detail, round(float(similarity), 4))
                )
            slot_covers = set(self.newer_of_slot.pop(older, []))
            self.covered[older] = [c for c in self.covered.get(older, []) if c not in slot_covers]
            return
        self.superseded_by.setdefault(newer_id, []).append(len(self.archives))
        self.archive(
            older,
            Mechanic.SUPERSESSION,
            ArchiveReason.SUPERSEDED,
            detail,
            newer,
            inferred=True,
            similarity=round(float(similarity), 4),
        )

    def differences(self, older: int, newer: int) -> list[str]:
        for row in (older, newer):
            if row not in self.profiles:
                self.profiles[row] = extract_values(self.snap.contents[row])
        return compare_profiles(self.profiles[older], self.profiles[newer])

    def may_restate(self, a: int, b: int) -> bool:
        """Whether two entries may be one statement said twice (``change.may_restate``):
        never two facts one value apart or naming different things."""
        return may_restate(self.snap.contents[a], self.snap.contents[b])

    def age_key(self, row: int) -> tuple[float, str]:
        return float(self.snap.created_at[row]), self.snap.ids[row]


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
        work = _Work(
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
            _supersede(work)
    changes: list[SlotChange] = []
    paired = (policy.duplicates, policy.contradiction, policy.decay, policy.supersession)
    if any(mode != Mode.OFF for mode in paired):  # one similar-pair scan serves all four
        with _timed(timings, "duplicates"):
            plan.merges, changes = _merge_duplicates(work, pair_search)
    unsure = changes
    if policy.supersession != Mode.OFF:
        with _timed(timings, "inferred_supersession"):
            unsure = _infer_supersession(work, changes)
            plan.merges = _supersede_with_canonical(work, plan.merges)
            _follow_chains(work)
    if policy.decay != Mode.OFF:
        with _timed(timings, "decay"):
            plan.prune_cap = max_decays_in_window(
                policy.max_prune_ratio, plan.active_before, pruned_in_window
            )
            plan.skipped_by_cap = _decay(work, plan.prune_cap)
    if policy.contradiction != Mode.OFF:
        with _timed(timings, "conflicts"):
            plan.conflicts = _open_conflicts(work, unsure)
    if policy.compression == CompressionMode.PROPOSE:
        with _timed(timings, "proposals"):
            plan.proposals = propose_principles(
                snap, policy, eligible=_compressible(work), summarizer=summarizer
            )
    plan.archives = work.archives
    plan.held = work.held
    timings["total"] = round(time.perf_counter() - total_started, 6)
    return plan


def _compressible(work: _Work) -> BoolArray:
    """Entries a principle may be proposed over: of a compressible kind and not archived
    as stale. Echoes folded as duplicates still count — forty restatements of one lesson
    are the pattern a principle generalises, even when the merge keeps only one of them."""
    snap = work.snap
    folded = {a.memory_id for a in work.archives if a.mechanic == Mechanic.DUPLICATES}
    not_stale = ~work.archived | np.fromiter((i in folded for i in snap.ids), bool, len(snap))
    kinds_ok = np.fromiter(
        (kind in work.policy.compression_kinds for kind in snap.kinds), bool, len(snap)
    )
    return not_stale & kinds_ok


def _supersede(work: _Work) -> None:
    """Among active entries sharing a key, the broadest wins, then the newest, then the id.

    This is the survivor rule the store applies on write (``write_hooks.survivor_key``):
    a narrower statement never demotes a principle (source 000, subsumption). Older
    entries are archived ``superseded``; a newer but narrower one is archived ``subsumed``
    beneath the winner, as the write path files it.
    """
    snap = work.snap
    keyed = [row for row, key in enumerate(snap.supersession_keys) if key is not None]
    keyed.sort(
        key=lambda row: (
            snap.supersession_keys[row],
            int(snap.generality[row]),
            *work.age_key(row),
        )
    )
    start = 0
    while start < len(keyed):
        key = snap.supersession_keys[keyed[start]]
        stop = start
        while stop < len(keyed) and snap.supersession_keys[keyed[stop]] == key:
            stop += 1
        winner = keyed[stop - 1]
        for row in keyed[start : stop - 1]:
            if snap.pinned[row]:
                continue
            if work.age_key(row) > work.age_key(winner):
                reason = ArchiveReason.SUBSUMED
                detail = f"newer but narrower than {snap.ids[winner]} (key {key!r})"
            else:
                reason = ArchiveReason.SUPERSEDED
                detail = f"superseded by {snap.ids[winner]} (key {key!r})"
            work.superseded_by.setdefault(snap.ids[winner], []).append(len(work.archives))
            work.archive(row, Mechanic.SUPERSESSION, reason, detail, winner)
        start = stop


@dataclass(frozen=True)
class SlotChange:
    """A newer statement of the same subject and slot with another value (``slots``)."""

    older: int
    newer: int
    similarity: float
    slot: SlotComparison


def _merge_duplicates(
    work: _Work, search: PairSearch | None
) -> tuple[list[MergeCluster], list[SlotChange]]:
    """Union near-duplicates that agree on every value; collect same-slot value changes.

    Two similar entries that disagree on a value are never merged. Only a disagreement
    about the same subject and slot (``slots.compare_slots``) is a change (for inferred
    supersession or a conflict); other disagreements are two different statements.
    """
    snap, policy = work.snap, work.policy
    inf = math.inf
    dup_t = policy.duplicate_threshold_for(snap.embedding_model)
    if policy.duplicates == Mode.OFF and policy.decay == Mode.OFF:
        dup_t = inf  # near-duplicates are looked for to merge them or as decay's cover
    con_t = policy.contradiction_threshold_for(snap.embedding_model)
    if policy.contradiction == Mode.OFF and policy.supersession == Mode.OFF:
        con_t = inf  # value changes feed conflicts and inferred supersession
    rows = np.flatnonzero(~work.archived)
    if len(rows) < 2:
        return [], []
    # a kind whose value changes are not checked needs only its near-duplicates: pairs
    # below dup_t would be read and dropped (dialogue at MiniLM's 0.6: ~9 per turn)
    thresholds = {
        kind: min(dup_t, con_t) if kind in policy.contradiction_kinds else dup_t
        for kind in set(snap.kinds)
    }
    pair_a, pair_b, sims = _active_pairs(work, rows, thresholds, search)
    linked: list[tuple[int, int]] = []
    changes: list[SlotChange] = []
    for a, b, sim in zip(pair_a.tolist(), pair_b.tolist(), sims.tolist(), strict=True):
        key = snap.supersession_keys[a]
        if key is not None and key == snap.supersession_keys[b]:
            continue  # supersession owns pairs that share a key
        older, newer = sorted((a, b), key=work.age_key)
        diffs = work.differences(older, newer)
        if distinct_subjects(diffs):
            continue  # about different subjects: neither one belief nor a disagreement
        if (
            sim >= con_t
            and snap.kinds[a] in policy.contradiction_kinds
            and snap.created_at[older] < snap.created_at[newer]
        ):
            slot = compare_slots(snap.contents[older], snap.contents[newer])
            if slot.verdict is SlotVerdict.CHANGE:
                changes.append(SlotChange(older, newer, sim, slot))
                work.cover(older, newer, same_slot=True)  # the newer statement carries it on
                continue
        if not diffs and sim >= dup_t and work.may_restate(a, b):
            linked.append((a, b))
            work.cover(a, b)
            work.cover(b, a)
    if policy.duplicates == Mode.OFF:
        return [], changes
    return _fold_groups(work, linked, dup_t), changes


def _active_pairs(
    work: _Work, rows: np.ndarray, thresholds: dict[str, float], search: PairSearch | None
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


def _linked_groups(linked: list[tuple[int, int]]) -> list[list[int]]:
    """``UnionFind(n)`` over the linked pairs, ``groups(min_size=2)``, without touching
    the n - k rows that are in no pair (ids are relabelled in ascending order, so members
    and groups come out in the same order)."""
    if not linked:
        return []
    nodes = unique_sorted(np.asarray(linked, dtype=np.int64).ravel())
    local = {int(node): k for k, node in enumerate(nodes.tolist())}
    uf = UnionFind(len(nodes))
    uf.union_pairs((local[a], local[b]) for a, b in linked)
    return [[int(nodes[m]) for m in group] for group in uf.groups(min_size=2)]


def _groups_with_links(
    linked: list[tuple[int, int]],
) -> list[tuple[list[int], list[tuple[int, int]]]]:
    """``_linked_groups``, each with its own links (a link's two ends share a group)."""
    groups = _linked_groups(linked)
    group_of = {m: g for g, members in enumerate(groups) for m in members}
    pairs: list[list[tuple[int, int]]] = [[] for _ in groups]
    for a, b in linked:
        pairs[group_of[a]].append((a, b))
    return list(zip(groups, pairs, strict=True))


def _fold_groups(work: _Work, linked: list[tuple[int, int]], dup_t: float) -> list[MergeCluster]:
    """Fold each linked group into its canonical, but only the members that are themselves
    near-duplicates of it (cosine >= ``dup_t``).

    Linking is transitive and similarity is not: chit-chat turns chain one to the next, so
    a group's far end can say something the canonical never did, and folding it would
    archive the only record of it. The members left over are grouped again by their own
    links and folded the same way, so a chain of paraphrases still ends as a few
    canonicals, each a near-duplicate of everything folded into it."""
    merges: list[MergeCluster] = []
    pending = _groups_with_links(linked)[::-1]  # pop() then takes the groups in order
    while pending:
        members, pairs = pending.pop()
        canonical, merge = _fold(work, members, pairs, dup_t)
        if merge is not None:
            merges.append(merge)
        rest = {m for m in members if m != canonical and not work.archived[m]}
        left = [(a, b) for a, b in pairs if a in rest and b in rest]
        pending.extend(_groups_with_links(left)[::-1])
    return merges


def _fold(
    work: _Work, members: list[int], pairs: list[tuple[int, int]], dup_t: float
) -> tuple[int, MergeCluster | None]:
    """Pick the canonical and archive the near-duplicates of it that may go.

    A pinned member, if any, is the canonical (other pinned members stay as they are);
    otherwise the broadest member (a principle is never folded into a narrower echo of
    it, source 000), then the highest retention.
    A member whose values differ from the canonical's stays too: chaining through a vague
    middle entry must not fold "plan is Basic" into "plan is Pro". So does a member that
    is neither linked to the canonical nor as similar to it as ``dup_t`` (``_fold_groups``
    groups those again).
    """
    snap = work.snap
    pinned = [m for m in members if snap.pinned[m]]
    canonical = min(
        pinned or members,
        key=lambda m: (
            -int(snap.generality[m]),
            -work.retention[m],
            -work.rank[m],
            *work.age_key(m),
        ),
    )
    others = [m for m in members if m != canonical and not snap.pinned[m]]
    similarity = dict(
        zip(others, (snap.embeddings[others] @ snap.embeddings[canonical]).tolist(), strict=True)
    )
    linked = {b if a == canonical else a for a, b in pairs if canonical in (a, b)}
    folded = [
        m
        for m in others
        if (m in linked or similarity[m] >= dup_t)
        and not work.differences(canonical, m)
        and work.may_restate(canonical, m)
    ]
    if not folded:
        return canonical, None
    for m in folded:
        detail = f"near-duplicate of {snap.ids[canonical]} (cosine {similarity[m]:.3f})"
        work.archive(m, Mechanic.DUPLICATES, ArchiveReason.DUPLICATE, detail, canonical)
    for m in folded:
        _retarget(work, snap.ids[m], snap.ids[canonical])
    everyone = [canonical, *folded]
    return canonical, MergeCluster(
        canonical_id=snap.ids[canonical],
        canonical_version=int(snap.versions[canonical]),
        duplicate_ids=tuple(snap.ids[m] for m in folded),
        recall_count_after=int(snap.recall_count[everyone].sum()),
        importance_after=float(snap.importance[everyone].max()),
        proven_after=int(snap.proven[everyone].sum()),
        min_similarity=round(min(similarity[m] for m in folded), 4),
    )


def _retarget(work: _Work, folded_id: str, canonical_id: str) -> None:
    """Entries superseded by an entry just folded as a duplicate now point at its canonical."""
    for k in work.superseded_by.pop(folded_id, []):
        action = work.archives[k]
        detail = f"{action.detail}; winner merged into {canonical_id}"
        work.archives[k] = replace(action, target_id=canonical_id, detail=detail)


def _infer_supersession(work: _Work, changes: list[SlotChange]) -> list[SlotChange]:
    """Key-less supersession: a confident same-slot change archives the older entry
    ``superseded`` by the newest entry that restates its slot (reversible: restore undoes
    it) once the tenant has earned it, and is held for review until then
    (``_Work.supersede_inferred``). Keys win: an entry with a supersession key is left
    to key supersession, and its changes stay unsure. A pinned or broader older entry is
    never superseded by a narrower one. Returns the changes left unsure (for the conflict queue)."""
    snap = work.snap
    confident: dict[int, SlotChange] = {}
    unsure: list[SlotChange] = []
    for change in changes:
        older, newer = change.older, change.newer
        keyed = snap.supersession_keys[older] is not None or (
            snap.supersession_keys[newer] is not None
        )
        if not infers_supersession(
            change.slot,
            keyed=keyed,
            older_pinned=bool(snap.pinned[older]),
            older_generality=int(snap.generality[older]),
            newer_generality=int(snap.generality[newer]),
        ):
            unsure.append(change)
            continue
        best = confident.get(older)
        if best is None or work.age_key(newer) > work.age_key(best.newer):
            confident[older] = change
    for older in sorted(confident, key=work.age_key):
        if work.archived[older]:
            continue
        change = confident[older]
        target, hops = change.newer, 0
        while target in confident and hops < len(confident):  # the newest of a chain
            target, hops = confident[target].newer, hops + 1
        if work.archived[target]:
            continue
        sure = _keeps_slot(snap.contents[older], snap.contents[target])
        if not sure:  # a link read another subject's statement as a change: ask about the first
            target = change.newer
        detail = (
            f"inferred supersession: {change.slot.evidence}; cosine "
            f"{change.similarity:.3f}; by {snap.ids[target]}"
        )
        work.supersede_inferred(older, target, detail, change.similarity, sure=sure)
    return unsure


def _keeps_slot(older: str, newest: str) -> bool:
    """A chain of changes must end at a statement of its first one's slot: each link is
    one pair's reading, and two readings in a row may cross subjects ("Priya: Tessaract"
    -> "Priya: Fernhill" -> "Lena: Fernhill"). Which link is wrong nobody can tell, so the
    first entry stays active and its own link is held for the curator."""
    return compare_slots(older, newest).verdict is not SlotVerdict.DIFFERENT


def _supersede_with_canonical(work: _Work, merges: list[MergeCluster]) -> list[MergeCluster]:
    """A canonical that a newer statement of its slot supersedes takes its duplicates with
    it: they said the same, so the same entry supersedes them (inferred, like it), and the
    merge is dropped (nothing folds into an archived entry). Without this they pointed at
    the archived canonical."""
    position = {a.memory_id: k for k, a in enumerate(work.archives)}
    kept = []
    for merge in merges:
        if merge.canonical_id not in position:
            kept.append(merge)
            continue
        successor = work.archives[position[merge.canonical_id]]
        for duplicate in merge.duplicate_ids:
            k = position[duplicate]
            work.archives[k] = replace(
                work.archives[k],
                mechanic=Mechanic.SUPERSESSION,
                reason=ArchiveReason.SUPERSEDED,
                target_id=successor.target_id,
                inferred=True,
                detail=f"near-duplicate of {merge.canonical_id}, superseded with it: "
                + successor.detail,
            )
    return kept


def _follow_chains(work: _Work) -> None:
    """An entry archived for one that this plan archives too points at the end of that
    chain: a key's loser whose winner was folded into a canonical that a newer statement
    then superseded would otherwise point at an archived entry."""
    position = {a.memory_id: k for k, a in enumerate(work.archives)}
    for k, action in enumerate(work.archives):
        target, hops = action.target_id, 0
        while target in position and hops < len(position):
            successor = work.archives[position[target]].target_id
            if successor is None:
                break
            target, hops = successor, hops + 1
        if target != action.target_id:
            detail = f"{action.detail}; that entry was superseded in turn, by {target}"
            work.archives[k] = replace(action, target_id=target, detail=detail)


def _decay(work: _Work, cap: int) -> int:
    """Archive stale narrow entries, lowest retention first, at most the cap; return skipped.

    Stale = idle longer than max_idle_days since the last touch, or retention below
    prune_below. A broad entry (generality >= min_generality) is never archived for
    being quiet.
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


def _cover(work: _Work, row: int) -> int | None:
    """The oldest entry still active in this plan that carries a decaying entry's
    information on, recorded as its successor: recall as of a moment before the cover was
    written still finds the entry (it was the only carrier then)."""
    alive = work.active_covers(row)
    return min(alive, key=work.age_key) if alive else None


def _noise_or_under_principle(work: _Work) -> BoolArray:
    """Decay removes noise, never knowledge: an entry may decay without an active cover
    only if its kind is noise by nature (``policy.decay_uncovered_kinds``, tool output by
    default) or a principle above it carries it on."""
    snap = work.snap
    noise = np.fromiter(
        (kind in work.policy.decay_uncovered_kinds for kind in snap.kinds), bool, len(snap)
    )
    under_principle = np.fromiter((p is not None for p in snap.parent_ids), bool, len(snap))
    return noise | under_principle


def _covered(work: _Work) -> BoolArray:
    """Entries that something still active covers: a near-duplicate or a newer statement
    of its slot. ``_decay`` checks each again as it goes, since an entry decayed in this
    plan covers nothing (two idle near-duplicates must not take each other away)."""
    covered = np.zeros(len(work.snap), dtype=bool)
    for row in work.covered:
        covered[row] = bool(work.active_covers(row))
    return covered


def _open_conflicts(work: _Work, changes: list[SlotChange]) -> list[ConflictCandidate]:
    """One candidate per unsure change, on the older entry (the newer is the claim, so
    doubt never lands on the newer side), none touching an entry this plan archives."""
    snap = work.snap
    seen: set[tuple[int, int]] = set()
    out: list[tuple[tuple[int, int], ConflictCandidate]] = []
    for change in changes:
        older, newer = change.older, change.newer
        if (older, newer) in seen or work.archived[older] or work.archived[newer]:
            continue
        seen.add((older, newer))
        candidate = ConflictCandidate(
            memory_id=snap.ids[older],
            other_id=snap.ids[newer],
            claim=snap.contents[newer],
            evidence=change.slot.evidence,
            similarity=round(float(change.similarity), 4),
        )
        out.append(((older, newer), candidate))
    out.sort(key=lambda item: item[0])
    return [candidate for _, candidate in out]
