"""Duplicate detection in batch agrees with exact brute-force search on a test set.

About 2,000 memories with synthetic 384-d embeddings (imported with the store's model
name, as memories arriving from an existing store would be) and planted near-duplicates
on both sides of the threshold, some across kinds. The pass's pair search runs on the
snapshot the store loads (vectors round-tripped through pgvector) and is compared with
the full n x n product per kind. Pair recall and precision are printed (pytest -s).
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from curation import HashingEmbedder, MemoryStore
from curation._neighbors import (
    ExactBlockedSearch,
    as_pair_set,
    brute_force_pairs,
    pair_recall_precision,
    similar_pairs,
)

T = "import"
DIM = 384
N_BASE = 1_750
# (cosine to the base vector, how many planted): above and below 0.93, none within 1e-3
PLANTED = [(0.995, 40), (0.97, 40), (0.945, 40), (0.9355, 30), (0.9245, 30), (0.90, 40)]
CROSS_KIND = 30  # near-identical vectors of another kind: never a pair
WORDS = [
    "alder", "aspen", "beech", "cedar", "elm", "fir", "hazel", "larch", "maple", "oak",
    "pine", "rowan", "spruce", "walnut", "yew", "ash", "birch", "holly", "lime", "poplar",
]  # fmt: skip  # a flat list of names, read as a paragraph


def near(base: np.ndarray, cosine: float, rng: np.random.Generator) -> np.ndarray:
    noise = rng.standard_normal(base.shape[0])
    noise -= float(noise @ base) * base
    noise /= np.linalg.norm(noise)
    return cosine * base + np.sqrt(1.0 - cosine**2) * noise


def planted_store() -> tuple[list[np.ndarray], list[str], list[tuple[int, int, float]]]:
    rng = np.random.default_rng(20261101)
    base = rng.standard_normal((N_BASE, DIM))
    base /= np.linalg.norm(base, axis=1, keepdims=True)
    vectors = list(base)
    kinds = ["fact" if i % 2 == 0 else "preference" for i in range(N_BASE)]
    planted: list[tuple[int, int, float]] = []  # (base row, new row, cosine)
    sources = iter(rng.permutation(N_BASE).tolist())
    other = {"fact": "preference", "preference": "fact"}
    for cosine, count, cross in [*((c, k, False) for c, k in PLANTED), (0.99, CROSS_KIND, True)]:
        for _ in range(count):
            src = next(sources)
            vectors.append(near(base[src], cosine, rng))
            kinds.append(other[kinds[src]] if cross else kinds[src])
            planted.append((src, len(vectors) - 1, -1.0 if cross else cosine))
    return vectors, kinds, planted


def test_batch_duplicate_detection_agrees_with_brute_force(store: MemoryStore) -> None:
    vectors, kinds, planted = planted_store()
    n = len(vectors)
    assert n == 2_000
    names = (" ".join(ws) for ws in itertools.product(WORDS, repeat=3))
    model = HashingEmbedder().model_name
    assert store.embedder.model_name == model == "hashing-v1"
    results = store.remember_many(
        T,
        [
            {
                "content": f"imported {name}",
                "kind": kind,
                "embedding": vec,
                "embedding_model": model,
            }
            for name, kind, vec in zip(names, kinds, vectors, strict=False)
        ],
    )
    assert sum(r.created for r in results) == n
    snap = store.runs.snapshot(T)
    assert len(snap) == n and snap.embeddings.shape == (n, DIM)
    row_of = snap.index_of()
    rows = [row_of[r.id] for r in results]  # input position -> snapshot row
    threshold = store.tenants.policy(T).duplicate_threshold_for(snap.embedding_model)
    assert threshold == 0.93

    found = similar_pairs(snap.embeddings, threshold, snap.kinds)
    small_tiles = similar_pairs(
        snap.embeddings,
        threshold,
        snap.kinds,
        search=ExactBlockedSearch(block_rows=97, block_cols=211),
    )
    truth: set[tuple[int, int]] = set()
    labels = np.asarray(snap.kinds)
    for kind in sorted(set(snap.kinds)):
        members = np.flatnonzero(labels == kind)
        bi, bj, _ = brute_force_pairs(snap.embeddings[members], threshold)
        truth |= as_pair_set((members[bi], members[bj]))

    recall, precision = pair_recall_precision(found, truth)
    print(
        f"\nbatch pair search vs brute force on {n} memories: {len(truth)} true pairs, "
        f"recall {recall:.4f}, precision {precision:.4f}"
    )
    assert (recall, precision) == (1.0, 1.0)
    assert as_pair_set(small_tiles) == as_pair_set(found) == truth
    # the truth is the planted pairs above the threshold, same kind, and nothing else
    expected = {
        (min(rows[a], rows[b]), max(rows[a], rows[b]))
        for a, b, cosine in planted
        if cosine >= threshold
    }
    assert truth == expected and len(expected) == 150
    fi, fj, sims = found
    assert np.all(sims >= np.float32(threshold))
    assert all(labels[i] == labels[j] for i, j in zip(fi.tolist(), fj.tolist(), strict=True))
    assert sims.min() == pytest.approx(0.9355, abs=1e-4)
