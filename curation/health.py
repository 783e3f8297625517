"""Near-duplicate share of a set of memories, measured independently of the merge threshold.

Two entries of one kind are near-duplicates when their cosine is at least a fixed high
0.95 or their token sets overlap at Jaccard ≥ 0.9 (near-exact text). The share counts the
redundant entries: a cluster of k echoes contributes k - 1 (one of them carries the
belief; the rest only repeat it), divided by the number of entries.
"""

from __future__ import annotations

from curation.neighbors import similar_pairs
from curation.snapshot import MemorySnapshot
from curation.tokens import jaccard_pairs, token_set
from curation.unionfind import UnionFind

COSINE = 0.95
JACCARD = 0.9


def near_duplicate_share(
    snap: MemorySnapshot, *, cosine: float = COSINE, jaccard: float = JACCARD
) -> float:
    n = len(snap)
    if n < 2:
        return 0.0
    uf = UnionFind(n)
    i, j, _ = similar_pairs(snap.embeddings, cosine, snap.kinds)
    uf.union_pairs(zip(i.tolist(), j.tolist(), strict=True))
    sets = [token_set(text) for text in snap.contents]
    ti, tj, _ = jaccard_pairs(sets, jaccard, snap.kinds)
    uf.union_pairs(zip(ti.tolist(), tj.tolist(), strict=True))
    groups = uf.groups(min_size=2)
    redundant = sum(len(group) - 1 for group in groups)
    return redundant / n
