"""Exact blocked pair search agrees with the full matrix; groups never mix."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pytest

from curation._neighbors import (
    ExactBlockedSearch,
    Pairs,
    as_pair_set,
    brute_force_pairs,
    pair_recall_precision,
    similar_pairs,
)


def planted(
    n: int, dim: int, n_dupes: int, seed: int
) -> tuple[npt.NDArray[np.float32], set[tuple[int, int]]]:
    """Random unit vectors plus near-copies of some of them (cosine about 0.97-0.99)."""
    rng = np.random.default_rng(seed)
    base = rng.standard_normal((n, dim))
    sources = rng.choice(n, size=n_dupes, replace=False)
    copies = base[sources] + rng.normal(scale=0.12, size=(n_dupes, dim)) * np.linalg.norm(
        base[sources], axis=1, keepdims=True
    ) / np.sqrt(dim)
    x = np.vstack([base, copies])
    x /= np.linalg.norm(x, axis=1, keepdims=True)
    truth = {(int(s), n + k) for k, s in enumerate(sources)}
    return x.astype(np.float32), truth


@pytest.mark.parametrize(("block_rows", "block_cols"), [(2048, 8192), (7, 13), (1, 1), (64, 5)])
@pytest.mark.parametrize("seed", [0, 1])
def test_blocked_equals_brute_force_on_planted_duplicates(
    block_rows: int, block_cols: int, seed: int
) -> None:
    x, truth = planted(400, 48, 60, seed)
    search = ExactBlockedSearch(block_rows=block_rows, block_cols=block_cols)
    found = similar_pairs(x, 0.9, search=search)
    reference = brute_force_pairs(x, 0.9)
    assert as_pair_set(found) == as_pair_set(reference)
    recall, precision = pair_recall_precision(found, truth)
    assert (recall, precision) == (1.0, 1.0)
    i, j, sim = found
    assert np.all(i < j)
    np.testing.assert_allclose(sim, np.einsum("ij,ij->i", x[i], x[j]), rtol=1e-5)


def test_output_is_sorted_by_i_then_j() -> None:
    x, _ = planted(200, 16, 80, 3)
    i, j, _ = similar_pairs(x, 0.5, search=ExactBlockedSearch(block_rows=9, block_cols=17))
    keys = list(zip(i.tolist(), j.tolist(), strict=True))
    assert keys == sorted(keys)


def test_pairs_never_cross_groups() -> None:
    x, _ = planted(300, 32, 100, 4)
    groups = ["fact" if k % 3 else "tool_output" for k in range(len(x))]
    i, j, _ = similar_pairs(x, 0.9, groups)
    assert all(groups[a] == groups[b] for a, b in zip(i.tolist(), j.tolist(), strict=True))
    reference = brute_force_pairs(x, 0.9)
    same_group = {(a, b) for a, b in as_pair_set(reference) if groups[a] == groups[b]}
    assert as_pair_set((i, j)) == same_group


def test_identical_vectors_in_different_groups_are_not_paired() -> None:
    v = np.full((2, 4), 0.5, dtype=np.float32)
    assert len(similar_pairs(v, 0.99, ["fact", "preference"])[0]) == 0
    assert len(similar_pairs(v, 0.99, ["fact", "fact"])[0]) == 1


@pytest.mark.parametrize("n", [0, 1])
def test_tiny_inputs(n: int) -> None:
    x = np.ones((n, 3), dtype=np.float32)
    assert len(similar_pairs(x, 0.5)[0]) == 0
    assert len(similar_pairs(x, 0.5, ["a"] * n)[0]) == 0


def test_group_labels_must_match_rows() -> None:
    with pytest.raises(ValueError):
        similar_pairs(np.ones((3, 2), dtype=np.float32), 0.5, ["a"])


class _HalfSearch:
    """A stand-in approximate backend that loses every other pair."""

    def pairs(self, embeddings: npt.NDArray[np.float32], threshold: float) -> Pairs:
        i, j, s = brute_force_pairs(embeddings, threshold)
        return i[::2], j[::2], s[::2]


def test_a_backend_can_be_plugged_in_and_measured() -> None:
    x, truth = planted(200, 32, 40, 5)
    found = similar_pairs(x, 0.9, search=_HalfSearch())
    recall, precision = pair_recall_precision(found, truth)
    assert recall == pytest.approx(0.5, abs=0.05)
    assert precision == 1.0


@pytest.mark.parametrize(
    ("found", "truth", "expected"),
    [
        ([(1, 2), (3, 4)], [(2, 1), (3, 4), (5, 6)], (2 / 3, 1.0)),
        ([(1, 2), (7, 8)], [(1, 2)], (1.0, 0.5)),
        ([], [], (1.0, 1.0)),
        ([], [(1, 2)], (0.0, 1.0)),
    ],
)
def test_pair_recall_precision(
    found: list[tuple[int, int]], truth: list[tuple[int, int]], expected: tuple[float, float]
) -> None:
    assert pair_recall_precision(found, truth) == pytest.approx(expected)
