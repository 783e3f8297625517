"""All pairs of rows whose cosine similarity reaches a threshold, within the same group.

The planner needs every near-duplicate pair of a tenant, not each memory's top-k: one
neighbour query per memory is what made the reference approach take ~31 min per 1M
memories. The default backend is an exact self-join by blocked matrix products (upper
triangle only), which measured fine up to ~100k rows per (tenant, kind) bucket. Past
that, an approximate backend (HNSW, NN-descent) can be plugged in through
``PairSearch`` and checked against the exact one with ``pair_recall_precision``.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from typing import Protocol

import numpy as np
import numpy.typing as npt

F32Array = npt.NDArray[np.float32]
IdxArray = npt.NDArray[np.int64]
Pairs = tuple[IdxArray, IdxArray, F32Array]


class PairSearch(Protocol):
    """Finds the pairs (i < j) of one group whose dot product is at least ``threshold``."""

    def pairs(self, embeddings: F32Array, threshold: float) -> Pairs: ...


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
