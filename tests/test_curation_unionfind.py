"""Union-find: clusters from links, independent of link order."""

from __future__ import annotations

import random

import numpy as np
import pytest

from curation._unionfind import UnionFind, components


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


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("min_size", [1, 2, 3])
def test_components_are_union_find_s_groups(seed: int, min_size: int) -> None:
    rng = random.Random(seed)
    n = 300
    links = [(rng.randrange(n), rng.randrange(n)) for _ in range(120)]
    links += [(k, k + 1) for k in range(200, 260)][:: 1 if seed % 2 else -1]  # a long chain
    uf = UnionFind(n)
    uf.union_pairs(links)
    a = np.asarray([x for x, _ in links], dtype=np.int64)
    b = np.asarray([y for _, y in links], dtype=np.int64)
    groups, labels = components(n, a, b, min_size=min_size)
    assert groups == uf.groups(min_size=min_size)
    assert len(groups) > 2
    for x in range(n):  # a shared label means connected, and only then
        assert (labels == labels[x]).sum() == uf.set_size(x)
        assert labels[x] == labels[uf.find(x)] == min(np.flatnonzero(labels == labels[x]))


def test_components_of_nothing() -> None:
    assert components(0, np.zeros(0, np.int64), np.zeros(0, np.int64))[0] == []
    assert components(3, np.zeros(0, np.int64), np.zeros(0, np.int64))[0] == [[0], [1], [2]]
    with pytest.raises(ValueError):
        components(-1, np.zeros(0, np.int64), np.zeros(0, np.int64))
