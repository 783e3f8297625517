"""Principle proposals (compression, source 000): lexically overlapping entries proposed
as one principle. The plan's phase is ``plan_proposals``; the store keeps proposals on
apply (``_store/apply._store_proposals``) and undo withdraws them.

Forty runs that teach the same lesson leave forty entries that recall misreads as forty
confirmations. Entries of one kind whose token Jaccard reaches the policy threshold are
linked, linked entries are clustered (union-find), and a cluster of at least
``min_cluster_size`` becomes a *proposal*: never applied here, since collapsing the wrong
cluster launders a bad assumption into a principle. A curator approves (possibly with an
edited text) or unmerges it. Its text is the members' shared statement with what differs
listed (``_principle_text``), never one member copied.

A cluster must be about one thing. Entries written from one template (meeting notes under
a shared header, a form with different content) pass the Jaccard test on the template's
words alone: nineteen different meeting notes became one "principle". So, within a
cluster, a member that carries more than ``MAX_OWN_TOKENS`` tokens no other member has
states something of its own in a shared frame, not an instance of the others' statement,
and leaves the cluster; so does a member whose negation parity differs from the majority
("never restart ..." among "restart ..."): it contradicts them. What is left is
re-clustered on its own links (again of at least ``min_cluster_size``). A value that
differs (a service's name, a port, a date) is a word or two, within the limit; and since
Jaccard >= 0.6 already bounds the difference of short statements, only a long shared
frame lets a member carry a statement of its own -- exactly the template case.

Why not tenant-level document frequency (tokens in most of the tenant's entries as
boilerplate, left out of the Jaccard)? It fails both ways: nineteen meeting notes in a
store of two hundred put their header in under 10% of entries, below any "most" threshold,
while a tenant that is mostly one lesson (the forty paraphrases in a store of fifty-two)
would lose the lesson's own words as "boilerplate" and never be compressed. The test here
needs no tenant statistics and reads only the cluster.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np

from curation._plan import Mechanic, ProposalCandidate
from curation._policy import CurationPolicy
from curation._principle_text import negations, shared_statement
from curation._snapshot import BoolArray, FloatArray, MemorySnapshot
from curation._token_batch import text_jaccard_pairs
from curation._tokens import IdxArray, token_set
from curation._unionfind import UnionFind, components
from curation.mechanics.work import PlanWork

MAX_EVIDENCE_PAIRS = 50
MAX_OWN_TOKENS = 2  # a member's own tokens (in no other member): a value, not a statement
_CHUNK = 1024
# below this many matrix cells the incidence matrix is dense: the overlaps are the same
# exact integer sums, without scipy's per-call overhead (~1 ms, thousands of clusters)
_DENSE_CELLS = 1 << 18


class Summarizer(Protocol):
    """Writes the principle's text for a cluster; an LLM-backed one can replace the
    deterministic shared statement."""

    def summarize(self, kind: str, texts: list[str]) -> str: ...


@dataclass(frozen=True)
class ClusterStats:
    medoid: int  # position in the member list
    min_jaccard: float
    mean_jaccard: float


def cluster_stats(sets: Sequence[frozenset[str]]) -> ClusterStats:
    """Medoid (max mean Jaccard to the others; ties to the lowest position) and pair stats.

    Overlaps come from a sparse incidence product in row chunks, so a large cluster costs
    chunk x m floats of memory rather than m x m Python set intersections.
    """
    m = len(sets)
    if m < 2:
        return ClusterStats(0, 1.0, 1.0)
    vocab = {token: k for k, token in enumerate(sorted(set().union(*sets)))}
    rows = np.repeat(np.arange(m), [len(s) for s in sets])
    cols = np.fromiter((vocab[t] for s in sets for t in sorted(s)), dtype=np.int64)
    incidence: Any
    if m * len(vocab) <= _DENSE_CELLS:  # small clusters (nearly all): a dense 0/1 matrix
        incidence = np.zeros((m, len(vocab)), dtype=np.float64)
        incidence[rows, cols] = 1.0
    else:
        from scipy import sparse  # only for large clusters; not on every start

        incidence = sparse.csr_matrix(
            (np.ones(len(cols), dtype=np.float64), (rows, cols)), shape=(m, len(vocab))
        )
    sizes = np.asarray([len(s) for s in sets], dtype=np.float64)
    mean_to_others: FloatArray = np.empty(m)
    pair_min, pair_sum = 1.0, 0.0
    for start in range(0, m, _CHUNK):
        stop = min(start + _CHUNK, m)
        product = incidence[start:stop] @ incidence.T
        overlap = product if isinstance(product, np.ndarray) else product.toarray()
        union = sizes[start:stop, None] + sizes[None, :] - overlap
        jac = np.divide(overlap, union, out=np.zeros_like(overlap), where=union > 0)
        local = np.arange(stop - start)
        jac[local, local + start] = 0.0
        mean_to_others[start:stop] = jac.sum(axis=1) / (m - 1)
        upper = np.arange(m)[None, :] > (local + start)[:, None]
        if upper.any():
            pair_min = min(pair_min, float(jac[upper].min()))
            pair_sum += float(jac[upper].sum())
    return ClusterStats(
        medoid=int(np.argmax(mean_to_others)),
        min_jaccard=pair_min,
        mean_jaccard=pair_sum / (m * (m - 1) / 2),
    )


class MedoidSummarizer:
    """The member that best represents the others, verbatim (no longer the default: one
    member's text states its own values as the principle)."""

    def summarize(self, kind: str, texts: list[str]) -> str:
        return texts[cluster_stats([token_set(t) for t in texts]).medoid]


class SharedStatementSummarizer:
    """The default: what the members share, with what differs listed; no model."""

    def summarize(self, kind: str, texts: list[str]) -> str:
        return shared_statement(texts, cluster_stats([token_set(t) for t in texts]).medoid)


def about_one_thing(
    members: list[int],
    sets: dict[int, frozenset[str]],
    texts: Sequence[str],
    links: tuple[IdxArray, IdxArray],
    min_size: int,
) -> list[list[int]]:
    """The cluster's members that state one thing, as clusters of at least ``min_size``
    (see the module docstring): members with a statement of their own or the minority
    polarity leave; the rest are re-clustered on their links, each part checked again."""
    kept = members
    while True:
        counts: dict[str, int] = {}
        for m in kept:
            for token in sets[m]:
                counts[token] = counts.get(token, 0) + 1
        odd = {m for m in kept if negations(texts[m]) % 2}
        parity = 1 if len(odd) * 2 > len(kept) else 0
        keep = [
            m
            for m in kept
            if sum(counts[t] == 1 for t in sets[m]) <= MAX_OWN_TOKENS and (m in odd) == bool(parity)
        ]
        if len(keep) == len(kept):
            break
        kept = keep
    if len(kept) < min_size:
        return []
    if kept is members:
        return [members]
    local = {m: k for k, m in enumerate(kept)}
    joined = UnionFind(len(kept))
    joined.union_pairs(
        (local[a], local[b])
        for a, b in zip(links[0].tolist(), links[1].tolist(), strict=True)
        if a in local and b in local
    )
    parts = [[kept[k] for k in group] for group in joined.groups(min_size)]
    return [
        piece for part in parts for piece in about_one_thing(part, sets, texts, links, min_size)
    ]


def propose_principles(
    snap: MemorySnapshot,
    policy: CurationPolicy,
    *,
    eligible: BoolArray | None = None,
    summarizer: Summarizer | None = None,
) -> list[ProposalCandidate]:
    """Proposals over the eligible rows, largest cluster first.

    Rows that already sit under a principle (``parent_ids``) are left out: they were
    compressed once. Pinned rows may be members; approving never archives them.
    """
    writer: Summarizer = summarizer if summarizer is not None else SharedStatementSummarizer()
    n = len(snap)
    mask = np.ones(n, dtype=bool) if eligible is None else np.asarray(eligible, dtype=bool)
    if snap.parent_ids:
        mask = mask & np.fromiter((p is None for p in snap.parent_ids), bool, n)
    rows: list[int] = np.flatnonzero(mask).tolist()
    if len(rows) < policy.min_cluster_size:
        return []
    texts = [snap.contents[r] for r in rows]
    li, lj, jac = text_jaccard_pairs(texts, policy.jaccard_threshold, [snap.kinds[r] for r in rows])
    clusters, label = components(len(rows), li, lj, min_size=policy.min_cluster_size)
    pairs_by_label: dict[int, list[int]] = {}
    for k, cluster in enumerate(label[li].tolist()):
        pairs_by_label.setdefault(cluster, []).append(k)
    proposals: list[ProposalCandidate] = []
    for cluster in clusters:
        in_cluster = pairs_by_label.get(int(label[cluster[0]]), [])
        sets = {m: token_set(texts[m]) for m in cluster}  # members only, not every row
        links = (li[in_cluster], lj[in_cluster])
        for members in about_one_thing(cluster, sets, texts, links, policy.min_cluster_size):
            evidence = in_cluster
            if members is not cluster:
                chosen = np.isin(li[in_cluster], members) & np.isin(lj[in_cluster], members)
                evidence = [k for k, ok in zip(in_cluster, chosen.tolist(), strict=True) if ok]
            proposals.append(_proposal(snap, rows, sets, members, evidence, li, lj, jac, writer))
    proposals.sort(key=lambda p: (-len(p.member_ids), p.kind, p.member_ids))
    return proposals


def _proposal(
    snap: MemorySnapshot,
    rows: list[int],
    sets: dict[int, frozenset[str]],
    members: list[int],
    in_cluster: list[int],
    li: np.ndarray,
    lj: np.ndarray,
    jac: np.ndarray,
    writer: Summarizer,
) -> ProposalCandidate:
    snap_rows = [rows[m] for m in members]
    stats = cluster_stats([sets[m] for m in members])
    kind = snap.kinds[snap_rows[0]]
    if type(writer) is SharedStatementSummarizer:  # the medoid is known: not computed twice
        member_sets = [sets[m] for m in members]
        text = shared_statement([snap.contents[r] for r in snap_rows], stats.medoid, member_sets)
    elif type(writer) is MedoidSummarizer:
        text = snap.contents[snap_rows[stats.medoid]]
    else:
        text = writer.summarize(kind, [snap.contents[r] for r in snap_rows])
    evidence = sorted(in_cluster, key=lambda k: (-float(jac[k]), int(li[k]), int(lj[k])))
    pairs = tuple(
        (snap.ids[rows[int(li[k])]], snap.ids[rows[int(lj[k])]], round(float(jac[k]), 4))
        for k in evidence[:MAX_EVIDENCE_PAIRS]
    )
    return ProposalCandidate(
        kind=kind,
        member_ids=tuple(snap.ids[r] for r in snap_rows),
        text=text,
        generality=int(snap.generality[snap_rows].max()) + 1,
        min_jaccard=round(stats.min_jaccard, 4),
        mean_jaccard=round(stats.mean_jaccard, 4),
        pairs=pairs,
    )


def plan_proposals(work: PlanWork, summarizer: Summarizer | None) -> list[ProposalCandidate]:
    """The plan's phase: proposals over what is still active (``_compressible``)."""
    return propose_principles(
        work.snap, work.policy, eligible=_compressible(work), summarizer=summarizer
    )


def _compressible(work: PlanWork) -> BoolArray:
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
