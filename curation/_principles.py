"""Compression (source 000): lexically overlapping entries proposed as one principle.

Forty runs that teach the same lesson leave forty entries that recall misreads as forty
confirmations. Entries of one kind whose token Jaccard reaches the policy threshold are
linked, linked entries are clustered (union-find), and a cluster of at least
``min_cluster_size`` becomes a *proposal*: never applied here, since collapsing the wrong
cluster launders a bad assumption into a principle. A curator approves or unmerges it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np

from curation._plan import ProposalCandidate
from curation._policy import CurationPolicy
from curation._snapshot import BoolArray, FloatArray, MemorySnapshot
from curation._token_batch import text_jaccard_pairs
from curation._tokens import token_set
from curation._unionfind import components

MAX_EVIDENCE_PAIRS = 50
_CHUNK = 1024
# below this many matrix cells the incidence matrix is dense: the overlaps are the same
# exact integer sums, without scipy's per-call overhead (~1 ms, thousands of clusters)
_DENSE_CELLS = 1 << 18


class Summarizer(Protocol):
    """Writes the principle's text for a cluster; an LLM-backed one can replace the medoid."""

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
    """The member that best represents the others, verbatim: no text is invented."""

    def summarize(self, kind: str, texts: list[str]) -> str:
        return texts[cluster_stats([token_set(t) for t in texts]).medoid]


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
    writer: Summarizer = summarizer if summarizer is not None else MedoidSummarizer()
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
    for members in clusters:
        in_cluster = pairs_by_label.get(int(label[members[0]]), [])
        sets = {m: token_set(texts[m]) for m in members}  # members only, not every row
        proposals.append(_proposal(snap, rows, sets, members, in_cluster, li, lj, jac, writer))
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
    if type(writer) is MedoidSummarizer:  # the same medoid, without computing it twice
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
