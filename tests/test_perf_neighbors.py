"""The approximate pair search against the exact one: same contract (i < j, one group,
cosine >= threshold, sorted by (i, j)), precision 1 by construction, recall measured;
and the vectorised Jaccard join against the scalar one. No timings are asserted."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pytest

from curation._neighbors import (
    AnnPairSearch,
    AutoPairSearch,
    ClusteredPairSearch,
    ExactBlockedSearch,
    Pairs,
    as_pair_set,
    pair_recall_precision,
    pair_search,
    similar_pairs,
)
from curation._planner import build_plan
from curation._policy import CurationPolicy, Mode
from curation._token_batch import text_jaccard_pairs
from curation._tokens import _group_rows, _join_one_group, _ranked, jaccard_pairs, token_set
from evaluation.perf.generator import NOW, generate, to_snapshot

F32 = npt.NDArray[np.float32]


def topical(n: int, dim: int, seed: int) -> F32:
    """Unit vectors with topic structure (same-topic cosine ~0.3), near-duplicate clusters
    at cosine ~0.93-0.99 and pairs straddling 0.85-0.93: harder than uniform noise."""
    rng = np.random.default_rng(seed)
    topics = rng.standard_normal((max(4, n // 300), dim))
    topics /= np.linalg.norm(topics, axis=1, keepdims=True)
    noise = rng.standard_normal((n, dim))
    noise /= np.linalg.norm(noise, axis=1, keepdims=True)
    x = 0.55 * topics[rng.integers(0, len(topics), n)] + 0.8 * noise
    x /= np.linalg.norm(x, axis=1, keepdims=True)
    cursor = 0
    while cursor < n // 10:
        size = int(rng.integers(2, 7))
        sigma = rng.uniform(0.1, 0.45)
        center = x[cursor]
        for k in range(1, size):
            if cursor + k >= n:
                break
            y = center + sigma * rng.standard_normal(dim) / np.sqrt(dim)
            x[cursor + k] = y / np.linalg.norm(y)
        cursor += size
    perm = rng.permutation(n)
    return np.ascontiguousarray(x[perm], dtype=np.float32)


def check_contract(pairs: Pairs, x: F32, threshold: float) -> None:
    i, j, s = pairs
    assert (i < j).all()
    assert (s >= np.float32(threshold)).all()
    order = np.lexsort((j, i))
    assert (order == np.arange(len(i))).all(), "sorted by (i, j)"
    assert len(set(zip(i.tolist(), j.tolist(), strict=True))) == len(i), "no repeats"
    np.testing.assert_allclose(s, np.einsum("ij,ij->i", x[i], x[j]), atol=1e-5)


@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize("threshold", [0.85, 0.93])
def test_clustered_recall_and_precision_against_exact(seed: int, threshold: float) -> None:
    x = topical(6000, 64, seed)
    exact = ExactBlockedSearch().pairs(x, threshold)
    found = ClusteredPairSearch().pairs(x, threshold)
    check_contract(found, x, threshold)
    recall, precision = pair_recall_precision(found, exact)
    assert len(exact[0]) > 300
    assert precision == 1.0  # every pair is verified by an exact dot product
    assert recall >= 0.99


def test_clustered_with_every_cell_probed_is_exact() -> None:
    x = topical(1500, 32, 3)
    exact = ExactBlockedSearch().pairs(x, 0.85)
    found = ClusteredPairSearch(cells=8, probes=8).pairs(x, 0.85)
    assert as_pair_set(found) == as_pair_set(exact)


def test_clustered_is_deterministic_and_handles_tiny_inputs() -> None:
    x = topical(800, 32, 4)
    a = ClusteredPairSearch(seed=5).pairs(x, 0.85)
    b = ClusteredPairSearch(seed=5).pairs(x, 0.85)
    assert all((p == q).all() for p, q in zip(a, b, strict=True))
    for n in (0, 1):
        assert len(ClusteredPairSearch().pairs(x[:n], 0.5)[0]) == 0
    two = np.vstack([x[0], x[0]])
    i, j, _ = ClusteredPairSearch(cells=50).pairs(two, 0.99)
    assert (i.tolist(), j.tolist()) == ([0], [1])
    with pytest.raises(ValueError):
        ClusteredPairSearch(probes=0)


def test_groups_never_mix_with_the_clustered_backend() -> None:
    x = topical(3000, 48, 5)
    groups = ["fact" if k % 3 else "tool_output" for k in range(len(x))]
    found = similar_pairs(x, 0.85, groups, search=ClusteredPairSearch())
    exact = similar_pairs(x, 0.85, groups, search=ExactBlockedSearch())
    assert all(groups[a] == groups[b] for a, b in as_pair_set(found))
    recall, precision = pair_recall_precision(found, exact)
    assert precision == 1.0 and recall >= 0.99


def test_auto_is_exact_below_its_threshold_and_clustered_above() -> None:
    x = topical(2500, 48, 6)
    exact = ExactBlockedSearch().pairs(x, 0.85)
    small = AutoPairSearch().pairs(x, 0.85)  # 2,500 < 10,000: the exact join itself
    assert all((p == q).all() for p, q in zip(small, exact, strict=True))
    probe = AutoPairSearch(exact_below=1000, approximate=ClusteredPairSearch(seed=1))
    large = probe.pairs(x, 0.85)
    recall, precision = pair_recall_precision(large, exact)
    assert precision == 1.0 and recall >= 0.99


def test_backends_by_name() -> None:
    assert isinstance(pair_search("exact"), ExactBlockedSearch)
    assert isinstance(pair_search("ann"), AnnPairSearch)
    assert isinstance(pair_search("auto"), AutoPairSearch)
    with pytest.raises(ValueError):
        pair_search("hnsw")


def test_planner_through_the_clustered_backend_matches_exact_on_generated_data() -> None:
    snap = to_snapshot(generate(1500, seed=3))
    # the review gate open (no reviews asked for), so inferred changes are archives here
    policy = CurationPolicy(inferred_min_reviewed=0).with_all_modes(Mode.APPLY)
    exact = build_plan(snap, policy, NOW, pair_search=ExactBlockedSearch())
    everywhere = ClusteredPairSearch(cells=6, probes=6)  # every cell probed: exhaustive
    fast = build_plan(snap, policy, NOW, pair_search=everywhere)
    assert fast.archives == exact.archives
    assert fast.merges == exact.merges
    assert fast.conflicts == exact.conflicts
    assert fast.held == exact.held == []
    # the generated value changes are confident same-slot changes: inferred supersessions
    # (an unsure one would be a conflict); either way the backends must agree on them
    assert exact.merges and (exact.conflicts or any(a.inferred for a in exact.archives))
    # with the gate closed (the default: no reviews yet) the same changes are held instead
    closed = CurationPolicy().with_all_modes(Mode.APPLY)
    held = build_plan(snap, closed, NOW, pair_search=ExactBlockedSearch()).held
    assert held == build_plan(snap, closed, NOW, pair_search=everywhere).held
    assert {(h.older_id, h.newer_id) for h in held} == {
        (a.memory_id, a.target_id) for a in exact.archives if a.inferred
    }


def test_vectorised_jaccard_join_equals_the_scalar_one_on_generated_texts() -> None:
    data = generate(3000, seed=11)
    sets = [token_set(t) for t in data.contents]
    for threshold in (0.5, 0.6, 0.8):
        fast = jaccard_pairs(sets, threshold, data.kinds)
        ranked = _ranked(sets)
        scalar = sorted(
            p
            for rows in _group_rows(len(sets), data.kinds)
            for p in _join_one_group(ranked, rows, threshold)
        )
        assert (
            list(zip(fast[0].tolist(), fast[1].tolist(), fast[2].tolist(), strict=True)) == scalar
        )
        by_text = text_jaccard_pairs(data.contents, threshold, data.kinds)
        assert (
            list(zip(by_text[0].tolist(), by_text[1].tolist(), by_text[2].tolist(), strict=True))
            == scalar
        )
        assert len(scalar) > 100
