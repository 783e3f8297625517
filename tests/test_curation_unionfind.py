"""Union-find: clusters from links, independent of link order."""

from __future__ import annotations

import random

import pytest

from curation._unionfind import UnionFind


def test_singletons_until_joined() -> None:
    uf = UnionFind(4)
    assert uf.groups() == [[0], [1], [2], [3]]
    assert uf.groups(min_size=2) == []


def test_union_reports_whether_it_joined() -> None:
    uf = UnionFind(3)
    assert uf.union(0, 1) is True
    assert uf.union(1, 0) is False
    assert uf.connected(0, 1) and not uf.connected(0, 2)
    assert uf.set_size(1) == 2


@pytest.mark.parametrize("seed", range(5))
def test_groups_do_not_depend_on_union_order(seed: int) -> None:
    links = [(0, 5), (5, 9), (2, 3), (7, 8), (8, 2), (10, 11)]
    random.Random(seed).shuffle(links)
    uf = UnionFind(12)
    uf.union_pairs(links)
    assert uf.groups(min_size=2) == [[0, 5, 9], [2, 3, 7, 8], [10, 11]]


def test_long_chain_stays_shallow() -> None:
    n = 50_000
    uf = UnionFind(n)
    for i in range(n - 1):
        uf.union(i, i + 1)
    assert uf.set_size(0) == n
    assert len(uf.groups()) == 1


def test_negative_size_rejected() -> None:
    with pytest.raises(ValueError):
        UnionFind(-1)
