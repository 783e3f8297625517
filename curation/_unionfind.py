"""Disjoint sets over row indices 0..n-1, for clustering pairwise links.

Array-based (plain lists of ints, which beat numpy for scalar access) with path
compression and union by size, so a long chain of near-duplicates stays shallow.
"""

from __future__ import annotations

from collections.abc import Iterable


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
