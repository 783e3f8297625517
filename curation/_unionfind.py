"""Disjoint sets over row indices 0..n-1, for clustering pairwise links.

Array-based (plain lists of ints, which beat numpy for scalar access) with path
compression and union by size, so a long chain of near-duplicates stays shallow.
``components`` gives the same groups for a whole array of links at once, in C.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
import numpy.typing as npt


class UnionFind:
    def __init__(self, n: int) -> None:
        if n < 0:
            raise ValueError(f"n must be >= 0, got {n}")
        self._parent = list(range(n))
        self._size = [1] * n

    def __len__(self) -> int:
        return len(self._parent)

    def find(self, x: int) -> int:
        parent = self._parent
        root = x
        while parent[root] != root:
            root = parent[root]
        while parent[x] != root:  # path compression
            parent[x], x = root, parent[x]
        return root

    def union(self, a: int, b: int) -> bool:
        """Join the sets of ``a`` and ``b``; True when they were separate."""
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return False
        if self._size[ra] < self._size[rb]:
            ra, rb = rb, ra
        self._parent[rb] = ra
        self._size[ra] += self._size[rb]
        return True

    def union_pairs(self, pairs: Iterable[tuple[int, int]]) -> None:
        for a, b in pairs:
            self.union(int(a), int(b))

    def connected(self, a: int, b: int) -> bool:
        return self.find(a) == self.find(b)

    def set_size(self, x: int) -> int:
        return self._size[self.find(x)]

    def groups(self, min_size: int = 1) -> list[list[int]]:
        """Every set with at least ``min_size`` members.

        Members ascend and sets are ordered by their smallest member, so the result
        does not depend on the order the unions happened in.
        """
        by_root: dict[int, list[int]] = {}
        for x in range(len(self._parent)):
            by_root.setdefault(self.find(x), []).append(x)
        found = [members for members in by_root.values() if len(members) >= min_size]
        found.sort(key=lambda members: members[0])
        return found


def components(
    n: int, a: npt.NDArray[np.int64], b: npt.NDArray[np.int64], min_size: int = 1
) -> tuple[list[list[int]], npt.NDArray[np.int64]]:
    """``UnionFind(n)`` joined on every link (a[k], b[k]), then ``groups(min_size)``, in
    numpy rather than a Python ``find`` per row (600k rows at 1M), and without scipy's
    csgraph (its import costs more than a small tenant's whole clustering). Also returns
    each row's label: the smallest row of its set.

    Hook and compress: every link whose two roots differ hangs the larger root under the
    smaller, then every row points straight at its root; roots only decrease, so this
    stops, and at the end each set's root is its smallest row."""
    if n < 0:
        raise ValueError(f"n must be >= 0, got {n}")
    a, b = np.asarray(a, dtype=np.int64), np.asarray(b, dtype=np.int64)
    root = np.arange(n, dtype=np.int64)
    while True:
        ra, rb = root[a], root[b]
        differ = ra != rb
        if not differ.any():
            break
        ra, rb = ra[differ], rb[differ]
        np.minimum.at(root, np.maximum(ra, rb), np.minimum(ra, rb))
        while True:
            above = root[root]
            if np.array_equal(above, root):
                break
            root = above
    counts = np.bincount(root, minlength=n)
    rows = np.flatnonzero(counts[root] >= min_size)
    rows = rows[np.argsort(root[rows], kind="stable")]  # by smallest member, each ascending
    cuts = np.flatnonzero(np.diff(root[rows])) + 1
    groups = [part.tolist() for part in np.split(rows, cuts)] if len(rows) else []
    return groups, root
