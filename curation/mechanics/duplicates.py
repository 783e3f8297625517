"""Duplicate merge: near-duplicates that agree on every value fold into one canonical.

Two similar entries that disagree on a value are never merged (a same-slot disagreement
is a change: ``contradictions``). The canonical rule (``canonical``) and the fold run in
the plan; the store folds the counts on apply (``_store/apply._fold_merges``) and undo
takes them back (``_store/runs.undo_run``).
"""

from __future__ import annotations

import numpy as np

from curation._arrays import unique_sorted
from curation._change import may_fold, may_restate
from curation._kinds import ArchiveReason
from curation._plan import Mechanic, MergeCluster
from curation._policy import Mode
from curation._unionfind import UnionFind
from curation.mechanics.chains import retarget
from curation.mechanics.work import PlanWork


def may_link(a: str, b: str, differences: list[str], similarity: float, dup_t: float) -> bool:
    """Whether two entries may be one statement said twice: no value differs
    (``differences``, from ``curation._values``), as similar as ``dup_t``, and
    ``change.may_restate`` (never two facts one value apart or naming different things).
    A link folds one into the other only where ``change.may_fold`` holds (``_fold``)."""
    return not differences and similarity >= dup_t and may_restate(a, b)


def canonical(work: PlanWork, members: list[int]) -> int:
    """A group's survivor: a pinned member, if any (other pinned members stay as they
    are); otherwise the broadest member (a principle is never folded into a narrower echo
    of it, source 000), then the highest retention, then the highest rank, then the
    oldest."""
    snap = work.snap
    pinned = [m for m in members if snap.pinned[m]]
    return min(
        pinned or members,
        key=lambda m: (
            -int(snap.generality[m]),
            -work.retention[m],
            -work.rank[m],
            *work.age_key(m),
        ),
    )


def plan_merges(work: PlanWork, linked: list[tuple[int, int]], dup_t: float) -> list[MergeCluster]:
    """Fold each linked group into its canonical, but only the members that are themselves
    near-duplicates of it (cosine >= ``dup_t``).

    Linking is transitive and similarity is not: chit-chat turns chain one to the next, so
    a group's far end can say something the canonical never did, and folding it would
    archive the only record of it. The members left over are grouped again by their own
    links and folded the same way, so a chain of paraphrases still ends as a few
    canonicals, each a near-duplicate of everything folded into it. Nothing with the
    mechanic off (its links still served decay as covers)."""
    if work.policy.duplicates == Mode.OFF:
        return []
    merges: list[MergeCluster] = []
    pending = _groups_with_links(linked)[::-1]  # pop() then takes the groups in order
    while pending:
        members, pairs = pending.pop()
        kept, merge = _fold(work, members, pairs, dup_t)
        if merge is not None:
            merges.append(merge)
        rest = {m for m in members if m != kept and not work.archived[m]}
        left = [(a, b) for a, b in pairs if a in rest and b in rest]
        pending.extend(_groups_with_links(left)[::-1])
    return merges


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


def _fold(
    work: PlanWork, members: list[int], pairs: list[tuple[int, int]], dup_t: float
) -> tuple[int, MergeCluster | None]:
    """Pick the canonical and archive the near-duplicates of it that may go.

    A member whose values differ from the canonical's stays: chaining through a vague
    middle entry must not fold "plan is Basic" into "plan is Pro". So does a member that
    is neither linked to the canonical nor as similar to it as ``dup_t``
    (``plan_merges`` groups those again).
    """
    snap = work.snap
    kept = canonical(work, members)
    others = [m for m in members if m != kept and not snap.pinned[m]]
    similarity = dict(
        zip(others, (snap.embeddings[others] @ snap.embeddings[kept]).tolist(), strict=True)
    )
    linked = {b if a == kept else a for a, b in pairs if kept in (a, b)}
    folded = [
        m
        for m in others
        if (m in linked or similarity[m] >= dup_t)
        and not work.differences(kept, m)
        and may_fold(snap.contents[kept], snap.contents[m])
    ]
    if not folded:
        return kept, None
    for m in folded:
        detail = f"near-duplicate of {snap.ids[kept]} (cosine {similarity[m]:.3f})"
        work.archive(m, Mechanic.DUPLICATES, ArchiveReason.DUPLICATE, detail, kept)
    for m in folded:
        retarget(work, snap.ids[m], snap.ids[kept])
    everyone = [kept, *folded]
    return kept, MergeCluster(
        canonical_id=snap.ids[kept],
        canonical_version=int(snap.versions[kept]),
        duplicate_ids=tuple(snap.ids[m] for m in folded),
        recall_count_after=int(snap.recall_count[everyone].sum()),
        importance_after=float(snap.importance[everyone].max()),
        proven_after=int(snap.proven[everyone].sum()),
        min_similarity=round(min(similarity[m] for m in folded), 4),
    )
