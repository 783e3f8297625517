"""Near-duplicates in a set of memories, measured independently of the merge threshold.

Two entries of one kind are near-duplicates when their cosine is at least a fixed high
0.95 or their token sets overlap at Jaccard ≥ 0.9 (near-exact text), and they state no
different value (entries that disagree on a number, a name or a reference are a
contradiction or different subjects, not an echo — the same rule the merge follows). The
share counts the
redundant entries: a cluster of k echoes contributes k - 1 (one of them carries the
belief; the rest only repeat it), divided by the number of entries. One definition serves
the Dagster check, the dashboard and the A/B, so their figures agree.
"""

from __future__ import annotations

from dataclasses import dataclass

from curation._neighbors import similar_pairs
from curation._snapshot import MemorySnapshot
from curation._token_batch import text_jaccard_pairs
from curation._unionfind import UnionFind
from curation._values import ValueProfile, compare_profiles, extract_values

COSINE = 0.95
JACCARD = 0.9


@dataclass(frozen=True)
class NearDuplicates:
    size: int
    pairs: int
    clusters: int
    redundant: int

    @property
    def share(self) -> float:
        return self.redundant / self.size if self.size else 0.0


def near_duplicates(
    snap: MemorySnapshot, *, cosine: float = COSINE, jaccard: float | None = JACCARD
) -> NearDuplicates:
    n = len(snap)
    if n < 2:
        return NearDuplicates(size=n, pairs=0, clusters=0, redundant=0)
    uf = UnionFind(n)
    i, j, _ = similar_pairs(snap.embeddings, cosine, snap.kinds)
    pairs = set(zip(i.tolist(), j.tolist(), strict=True))
    if jaccard is not None:
        ti, tj, _ = text_jaccard_pairs(snap.contents, jaccard, snap.kinds)
        pairs |= set(zip(ti.tolist(), tj.tolist(), strict=True))
    profiles: dict[int, ValueProfile] = {}

    def profile(row: int) -> ValueProfile:
        if row not in profiles:
            profiles[row] = extract_values(snap.contents[row])
        return profiles[row]

    pairs = {(a, b) for a, b in pairs if not compare_profiles(profile(a), profile(b))}
    uf.union_pairs(pairs)
    groups = uf.groups(min_size=2)
    return NearDuplicates(
        size=n,
        pairs=len(pairs),
        clusters=len(groups),
        redundant=sum(len(group) - 1 for group in groups),
    )


def near_duplicate_share(
    snap: MemorySnapshot, *, cosine: float = COSINE, jaccard: float | None = JACCARD
) -> float:
    return near_duplicates(snap, cosine=cosine, jaccard=jaccard).share
