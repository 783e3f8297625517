"""All pairs of rows whose cosine similarity reaches a threshold, within the same group.

The planner needs every near-duplicate pair of a tenant, not each memory's top-k: one
neighbour query per memory is what made the reference approach take ~31 min per 1M
memories. The default backend is an exact self-join by blocked matrix products (upper
triangle only): its cost grows with n² per (tenant, kind) group (a 41k group took ~19 s
on the 2-core machine), fine for small tenants, not at 1M.

``ClusteredPairSearch`` is the approximate backend for large groups: a spherical k-means
partition (an IVF) with multi-probe, where every candidate pair is verified by an exact
dot product. It can only *miss* pairs (when neither row probes the other's cell), never
report a false one, so its precision is 1 and its recall is measured against the exact
join with ``pair_recall_precision`` (tests/test_perf_neighbors.py, ``memgov bench``).
Why not an HNSW library (faiss, hnswlib, usearch)? Those answer top-k queries, while
the planner needs *every* pair above a threshold (a cluster of 40 restatements has 780
pairs): on the bench's 100k rows faiss HNSW32 (efSearch 64) took 7.9 s and found 83% of
the pairs at k=16, 99.95% at k=64, where this join took 1.3 s and found 99.99-100%
(DESIGN.md: faiss HNSW at 1M, 277 s + 226 s; this join at 1M, ~23 s). It is one matrix
product per cell, the same BLAS kernel as the exact join, and needs no new dependency.
``AutoPairSearch`` (what the store plans with) is exact below ``exact_below`` rows per
group and clustered above it.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Sequence
from contextlib import AbstractContextManager, nullcontext
from typing import Protocol

import numpy as np
import numpy.typing as npt

from curation._arrays import unique_first

F32Array = npt.NDArray[np.float32]
IdxArray = npt.NDArray[np.int64]
Pairs = tuple[IdxArray, IdxArray, F32Array]


class PairSearch(Protocol):
    """Finds the pairs (i < j) of one group whose dot product is at least ``threshold``."""

    def pairs(self, embeddings: F32Array, threshold: float) -> Pairs: ...


def _one_blas_thread() -> AbstractContextManager[object]:
    """Small matrix products run faster on one BLAS thread: OpenBLAS's threads spin and
    synchronise per call, which on a busy 2-core machine made the cell-by-cell join ~3x
    slower (11.1 s vs 3.9 s for 100k rows)."""
    try:
        from threadpoolctl import threadpool_limits
    except ImportError:  # pragma: no cover - optional
        return nullcontext()
    return threadpool_limits(limits=1, user_api="blas")


def _empty_pairs() -> Pairs:
    return np.zeros(0, np.int64), np.zeros(0, np.int64), np.zeros(0, np.float32)


def _sorted_pairs(i: IdxArray, j: IdxArray, sim: F32Array) -> Pairs:
    order = np.lexsort((j, i))
    return i[order], j[order], sim[order]


class ExactBlockedSearch:
    """Exact self-join: row block x column block products over the upper triangle only.

    Memory stays at one block_rows x block_cols float32 tile, whatever n is.
    """

    def __init__(self, block_rows: int = 2048, block_cols: int = 8192) -> None:
        if block_rows < 1 or block_cols < 1:
            raise ValueError("block sizes must be positive")
        self.block_rows = block_rows
        self.block_cols = block_cols

    def pairs(self, embeddings: F32Array, threshold: float) -> Pairs:
        x = np.ascontiguousarray(embeddings, dtype=np.float32)
        n = x.shape[0]
        found_i: list[IdxArray] = []
        found_j: list[IdxArray] = []
        found_s: list[F32Array] = []
        limit = np.float32(threshold)
        for r0 in range(0, n, self.block_rows):
            r1 = min(r0 + self.block_rows, n)
            rows = x[r0:r1]
            for c0 in range(r0, n, self.block_cols):
                c1 = min(c0 + self.block_cols, n)
                tile = rows @ x[c0:c1].T
                hit = tile >= limit
                if c0 < r1:  # the tile straddles the diagonal: keep column > row only
                    gi = np.arange(r0, r1)[:, None]
                    gj = np.arange(c0, c1)[None, :]
                    hit &= gj > gi
                local = np.argwhere(hit)
                if local.size:
                    found_i.append(local[:, 0].astype(np.int64) + r0)
                    found_j.append(local[:, 1].astype(np.int64) + c0)
                    found_s.append(tile[local[:, 0], local[:, 1]].astype(np.float32))
        if not found_i:
            return _empty_pairs()
        return _sorted_pairs(
            np.concatenate(found_i), np.concatenate(found_j), np.concatenate(found_s)
        )


def _spherical_kmeans(
    x: F32Array, cells: int, *, iterations: int, sample: int, rng: np.random.Generator
) -> F32Array:
    """Unit centroids from a random sample of the rows (Lloyd's steps on the sphere)."""
    train = x[np.sort(rng.choice(len(x), size=min(len(x), sample), replace=False))]
    centroids = train[rng.choice(len(train), size=cells, replace=False)].copy()
    for _ in range(iterations):
        nearest = np.argmax(train @ centroids.T, axis=1)
        order = np.argsort(nearest, kind="stable")
        starts = np.searchsorted(nearest[order], np.arange(cells))
        filled = starts < np.r_[starts[1:], len(order)]
        sums = np.zeros_like(centroids)
        sums[filled] = np.add.reduceat(train[order], starts[filled], axis=0)
        norms = np.linalg.norm(sums, axis=1)
        empty = norms == 0
        if empty.any():  # re-seed empty cells on random rows
            sums[empty] = train[rng.choice(len(train), size=int(empty.sum()), replace=False)]
            norms[empty] = 1.0
        centroids = (sums / norms[:, None]).astype(np.float32)
    return centroids


class ClusteredPairSearch:
    """Approximate all-pairs join: partition by spherical k-means, probe a few cells, verify.

    Each row is filed in its nearest cell (its *home*) and probes its ``probes`` nearest
    cells; the product of the probing rows with each cell's residents is one matrix
    product, and every pair found is an exact dot product >= threshold (so no false
    pairs). A pair is missed only if neither row probes the other's home cell: for pairs
    as close as a duplicate threshold that is rare (recall 1.0 in the tests and the
    bench at 0.85). ``cells`` defaults to sqrt(probes * n), which balances the
    assignment (n x cells) against the join (probes * n² / cells). Deterministic for a
    seed.
    """

    def __init__(
        self,
        *,
        probes: int = 4,
        cells: int | None = None,
        iterations: int = 5,
        sample_per_cell: int = 32,
        seed: int = 0,
        chunk: int = 8192,
    ) -> None:
        if probes < 1 or (cells is not None and cells < 1) or chunk < 1:
            raise ValueError("probes, cells and chunk must be positive")
        self.probes = probes
        self.cells = cells
        self.iterations = iterations
        self.sample_per_cell = sample_per_cell
        self.seed = seed
        self.chunk = chunk

    def _assign(self, x: F32Array, centroids: F32Array, probes: int) -> tuple[IdxArray, IdxArray]:
        """(home cell per row, the ``probes`` nearest cells per row, home included)."""
        n, cells = x.shape[0], centroids.shape[0]
        home = np.empty(n, dtype=np.int64)
        probed = np.empty((n, probes), dtype=np.int64)
        for r0 in range(0, n, self.chunk):
            sims = x[r0 : r0 + self.chunk] @ centroids.T
            home[r0 : r0 + self.chunk] = np.argmax(sims, axis=1)
            if probes >= cells:
                probed[r0 : r0 + self.chunk] = np.arange(cells)[None, :]
            else:
                probed[r0 : r0 + self.chunk] = np.argpartition(-sims, probes - 1, axis=1)[
                    :, :probes
                ]
        return home, probed

    def pairs(self, embeddings: F32Array, threshold: float) -> Pairs:
        x = np.ascontiguousarray(embeddings, dtype=np.float32)
        n = x.shape[0]
        if n < 2:
            return _empty_pairs()
        cells = self.cells or max(1, round(math.sqrt(self.probes * n)))
        cells = min(cells, n)
        probes = min(self.probes, cells)
        rng = np.random.default_rng(self.seed)
        centroids = _spherical_kmeans(
            x,
            cells,
            iterations=self.iterations,
            sample=max(cells, self.sample_per_cell * cells),
            rng=rng,
        )
        home, probed = self._assign(x, centroids, probes)
        # residents of each cell, contiguous after one permutation of the rows
        by_home = np.argsort(home, kind="stable")
        resident_bounds = np.searchsorted(home[by_home], np.arange(cells + 1))
        x_home = x[by_home]
        probe_cells = probed.ravel()
        probe_rows = np.repeat(np.arange(n, dtype=np.int64), probes)
        by_probe = np.argsort(probe_cells, kind="stable")
        probe_rows = probe_rows[by_probe]
        probe_bounds = np.searchsorted(probe_cells[by_probe], np.arange(cells + 1))
        del probed, probe_cells, by_probe
        with _one_blas_thread():
            keys, sims = self._join(
                x, x_home, by_home, resident_bounds, probe_rows, probe_bounds, threshold
            )
        if not keys:
            return _empty_pairs()
        unique, first = unique_first(np.concatenate(keys))
        sim = np.concatenate(sims)[first]
        return unique // n, unique % n, sim

    def _join(
        self,
        x: F32Array,
        x_home: F32Array,
        by_home: IdxArray,
        resident_bounds: IdxArray,
        probe_rows: IdxArray,
        probe_bounds: IdxArray,
        threshold: float,
    ) -> tuple[list[IdxArray], list[F32Array]]:
        """Per cell: the rows probing it times its residents; pairs as keys lo * n + hi."""
        n = x.shape[0]
        limit = np.float32(threshold)
        keys: list[IdxArray] = []
        sims: list[F32Array] = []
        for cell in range(len(resident_bounds) - 1):
            r0, r1 = int(resident_bounds[cell]), int(resident_bounds[cell + 1])
            q0, q1 = int(probe_bounds[cell]), int(probe_bounds[cell + 1])
            if r1 == r0 or q1 == q0:
                continue
            residents = x_home[r0:r1]
            resident_ids = by_home[r0:r1]
            for c0 in range(q0, q1, self.chunk):
                queries = probe_rows[c0 : min(c0 + self.chunk, q1)]
                tile = x[queries] @ residents.T
                qi, rj = np.nonzero(tile >= limit)
                if not qi.size:
                    continue
                a, b = queries[qi], resident_ids[rj]
                keep = a != b
                lo, hi = np.minimum(a, b)[keep], np.maximum(a, b)[keep]
                keys.append(lo * n + hi)
                sims.append(tile[qi[keep], rj[keep]].astype(np.float32))
        return keys, sims


AnnPairSearch = ClusteredPairSearch


class AutoPairSearch:
    """Exact below ``exact_below`` rows per group, clustered (approximate) from there on.

    The store plans with this: small tenants keep the exact join's guarantee, and a large
    group's cost stops growing with n².
    """

    def __init__(self, *, exact_below: int = 10_000, approximate: PairSearch | None = None) -> None:
        self.exact_below = exact_below
        self.exact = ExactBlockedSearch()
        self.approximate: PairSearch = approximate or ClusteredPairSearch()

    def pairs(self, embeddings: F32Array, threshold: float) -> Pairs:
        backend = self.exact if embeddings.shape[0] < self.exact_below else self.approximate
        return backend.pairs(embeddings, threshold)


def pair_search(name: str) -> PairSearch:
    """A backend by name: ``exact``, ``clustered`` (alias ``ann``) or ``auto``."""
    choices: dict[str, type[ExactBlockedSearch | ClusteredPairSearch | AutoPairSearch]] = {
        "exact": ExactBlockedSearch,
        "clustered": ClusteredPairSearch,
        "ann": ClusteredPairSearch,
        "auto": AutoPairSearch,
    }
    if name not in choices:
        raise ValueError(f"unknown pair search {name!r}; expected one of {sorted(choices)}")
    return choices[name]()


def similar_pairs(
    embeddings: F32Array,
    threshold: float,
    groups: Sequence[Hashable] | None = None,
    *,
    search: PairSearch | None = None,
) -> Pairs:
    """Pairs (i, j, cosine) with i < j and cosine >= threshold, never across groups.

    ``embeddings`` rows must be L2-normalised so a dot product is a cosine. ``groups``
    labels each row (the kind, say); None puts every row in one group. The result is
    sorted by (i, j), whichever backend produced it.
    """
    backend: PairSearch = search if search is not None else ExactBlockedSearch()
    n = embeddings.shape[0]
    if groups is None:
        return _sorted_pairs(*backend.pairs(embeddings, threshold)) if n else _empty_pairs()
    if len(groups) != n:
        raise ValueError(f"{len(groups)} group labels for {n} embeddings")
    members: dict[Hashable, list[int]] = {}
    for row, label in enumerate(groups):
        members.setdefault(label, []).append(row)
    parts_i: list[IdxArray] = []
    parts_j: list[IdxArray] = []
    parts_s: list[F32Array] = []
    for rows in members.values():
        if len(rows) < 2:
            continue
        index = np.asarray(rows, dtype=np.int64)
        li, lj, ls = backend.pairs(embeddings[index], threshold)
        parts_i.append(index[li])
        parts_j.append(index[lj])
        parts_s.append(ls.astype(np.float32))
    if not parts_i:
        return _empty_pairs()
    return _sorted_pairs(np.concatenate(parts_i), np.concatenate(parts_j), np.concatenate(parts_s))


def brute_force_pairs(embeddings: F32Array, threshold: float) -> Pairs:
    """The full n x n product: the reference the fast paths are tested against."""
    x = np.asarray(embeddings, dtype=np.float32)
    sims = x @ x.T
    i, j = np.nonzero(np.triu(sims >= np.float32(threshold), k=1))
    return _sorted_pairs(i.astype(np.int64), j.astype(np.int64), sims[i, j].astype(np.float32))


PairSet = Pairs | tuple[IdxArray, IdxArray] | Iterable[tuple[int, int]]


def as_pair_set(pairs: PairSet) -> set[tuple[int, int]]:
    """Unordered pairs as (min, max) tuples, from arrays or any iterable of pairs."""
    if isinstance(pairs, tuple) and len(pairs) in (2, 3) and isinstance(pairs[0], np.ndarray):
        left, right = np.asarray(pairs[0]), np.asarray(pairs[1])
        return {(min(a, b), max(a, b)) for a, b in zip(left.tolist(), right.tolist(), strict=True)}
    return {(min(int(a), int(b)), max(int(a), int(b))) for a, b in pairs}  # type: ignore[misc]


def pair_recall_precision(found: PairSet, truth: PairSet) -> tuple[float, float]:
    """(recall, precision) of ``found`` against ``truth``; an empty side counts as perfect."""
    got, want = as_pair_set(found), as_pair_set(truth)
    hits = len(got & want)
    recall = hits / len(want) if want else 1.0
    precision = hits / len(got) if got else 1.0
    return recall, precision
