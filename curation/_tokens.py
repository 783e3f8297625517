"""Token sets and an exact Jaccard self-join that does not compare every pair.

Compression (source 000) clusters entries whose token overlap (Jaccard) reaches ~0.6.
All-pairs is quadratic; MinHash banding missed 17% of true pairs at the default
banding (DESIGN.md). This is the exact alternative: a prefix filter over an inverted
index. Tokens are ordered rarest first; if J(x, y) >= t and |y| <= |x| then x and y
share at least ceil(t*|x|) tokens, so they must share one of the first
|x| - ceil(t*|x|) + 1 tokens of each -- every pair that passes is found, and only
candidates sharing a rare token are ever verified.

The join is vectorised (``jaccard_pairs``): the indexed side keeps the shorter prefix
|y| - ceil(2t/(1+t)|y|) + 1 (AllPairs: with |y| <= |x| the overlap needed is at least
t/(1+t)(|x|+|y|) >= 2t/(1+t)|y|), candidates are the non-zeros of a sparse product of
probe-prefix and index-prefix incidence matrices, and each candidate's overlap is counted
by a sparse row product; the verification is the same ``passes`` test, so the pairs and
their Jaccard values are exactly those of the scalar join (kept as ``_join_one_group``,
and of ``naive_jaccard_pairs``), ~7x faster at 100k texts (1.4 s against 9.9 s).
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections import Counter
from collections.abc import Hashable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

if TYPE_CHECKING:  # scipy (~0.3 s) is imported by the join that uses it, not by every start
    from scipy import sparse

IdxArray = npt.NDArray[np.int64]
F64Array = npt.NDArray[np.float64]
JaccardPairs = tuple[IdxArray, IdxArray, F64Array]

# Floating tolerance so that J == t passes and ceil(0.7 * 10) stays 7.
_EPS = 1e-9

# Function words only: negations and quantities stay, since they carry the lesson.
STOPWORDS = frozenset(
    str.split(
        """a an the and or but if then so of to in on at for with by from as into onto
    is are was were be been being am it its this that these those there here
    i you he she we they me him her us them my your his our their
    do does did has have had will would shall should can could may might must
    which who whom whose what when where while also just very really"""
    )
)

_APOSTROPHE = "\u2019"
_WORD = re.compile(r"[^\W_]+(?:['" + _APOSTROPHE + r"][^\W_]+)?")


def _normalize(word: str) -> str:
    """Possessives and plain plurals fold together ('checks' ~ 'check')."""
    word = word.replace(_APOSTROPHE, "'")
    if word.endswith("'s"):
        word = word[:-2]
    word = word.replace("'", "")
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    return word


@lru_cache(maxsize=1 << 18)
def _token_of(raw: str) -> str | None:
    """One raw word as its token, or None for a stopword (cached: words repeat a lot)."""
    if raw in STOPWORDS:
        return None
    word = _normalize(raw)
    return word if word and word not in STOPWORDS else None


def tokenize(text: str) -> list[str]:
    """Lowercased words without stopwords, lightly normalised, in order of appearance."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    out: list[str] = []
    for raw in _WORD.findall(folded):
        word = _token_of(raw)
        if word is not None:
            out.append(word)
    return out


def token_set(text: str) -> frozenset[str]:
    return frozenset(tokenize(text))


def jaccard(a: frozenset[str] | set[str], b: frozenset[str] | set[str]) -> float:
    if not a and not b:
        return 0.0
    inter = len(a & b)
    return inter / (len(a) + len(b) - inter)


def passes(overlap: int, size_a: int, size_b: int, threshold: float) -> bool:
    """Jaccard >= threshold without dividing, with the same tolerance as the filters."""
    union = size_a + size_b - overlap
    return union > 0 and overlap >= threshold * union - _EPS


def _prefix_length(size: int, threshold: float) -> int:
    return size - math.ceil(threshold * size - _EPS) + 1


def _ranked(sets: Sequence[frozenset[str]]) -> list[list[int]]:
    """Each set as token ranks, rarest first (ties by token, so the order is stable)."""
    freq = Counter(token for s in sets for token in s)
    order = sorted(freq, key=lambda token: (freq[token], token))
    rank = {token: r for r, token in enumerate(order)}
    return [sorted(rank[token] for token in s) for s in sets]


def _join_one_group(
    ranked: list[list[int]], rows: Sequence[int], threshold: float
) -> list[tuple[int, int, float]]:
    by_size = sorted((r for r in rows if ranked[r]), key=lambda r: (len(ranked[r]), r))
    index: dict[int, list[int]] = {}
    found: list[tuple[int, int, float]] = []
    for x in by_size:
        tokens_x = ranked[x]
        size_x = len(tokens_x)
        min_size = threshold * size_x - _EPS
        prefix = tokens_x[: _prefix_length(size_x, threshold)]
        candidates: set[int] = set()
        for token in prefix:
            for y in index.get(token, ()):
                if len(ranked[y]) >= min_size:
                    candidates.add(y)
        set_x = set(tokens_x)
        for y in candidates:
            overlap = len(set_x.intersection(ranked[y]))
            if passes(overlap, size_x, len(ranked[y]), threshold):
                union = size_x + len(ranked[y]) - overlap
                found.append((min(x, y), max(x, y), overlap / union))
        for token in prefix:
            index.setdefault(token, []).append(x)
    return found


def _to_arrays(found: list[tuple[int, int, float]]) -> JaccardPairs:
    if not found:
        return np.zeros(0, np.int64), np.zeros(0, np.int64), np.zeros(0, np.float64)
    found.sort()
    i, j, s = zip(*found, strict=True)
    return np.asarray(i, np.int64), np.asarray(j, np.int64), np.asarray(s, np.float64)


def _group_rows(n: int, groups: Sequence[Hashable] | None) -> list[list[int]]:
    if groups is None:
        return [list(range(n))]
    if len(groups) != n:
        raise ValueError(f"{len(groups)} group labels for {n} token sets")
    members: dict[Hashable, list[int]] = {}
    for row, label in enumerate(groups):
        members.setdefault(label, []).append(row)
    return list(members.values())


def jaccard_pairs(
    sets: Sequence[frozenset[str]],
    threshold: float,
    groups: Sequence[Hashable] | None = None,
) -> JaccardPairs:
    """All pairs (i < j, Jaccard) with Jaccard >= threshold, within a group; exact.

    Empty sets pair with nothing. Sorted by (i, j).
    """
    if not 0 < threshold <= 1:
        raise ValueError(f"threshold must be in (0, 1], got {threshold}")
    ranked = _ranked(sets)
    parts = [
        _join_vectorised(ranked, rows, threshold)
        for rows in _group_rows(len(sets), groups)
        if len(rows) > 1
    ]
    parts = [p for p in parts if len(p[0])]
    if not parts:
        return _to_arrays([])
    i = np.concatenate([p[0] for p in parts])
    j = np.concatenate([p[1] for p in parts])
    s = np.concatenate([p[2] for p in parts])
    order = np.lexsort((j, i))
    return i[order], j[order], s[order]


def _incidence(
    flat: npt.NDArray[np.int64],
    starts: npt.NDArray[np.int64],
    sizes: npt.NDArray[np.int64],
    lengths: npt.NDArray[np.int64],
    width: int,
) -> sparse.csr_matrix:
    """Rows x token ranks, keeping the first ``lengths[k]`` of each row's ranks
    (``flat[starts[k]:starts[k] + sizes[k]]``, rarest first)."""
    from scipy import sparse

    keep = np.minimum(np.maximum(lengths, 0), sizes)
    position = np.arange(len(flat)) - np.repeat(starts, sizes)
    cols = flat[position < np.repeat(keep, sizes)]
    indptr = np.zeros(len(sizes) + 1, dtype=np.int64)
    np.cumsum(keep, out=indptr[1:])
    data = np.ones(len(cols), dtype=np.float32)
    return sparse.csr_matrix((data, cols, indptr), shape=(len(sizes), width))


_CANDIDATE_CHUNK = 4_000_000


def _join_vectorised(
    ranked: list[list[int]], rows: Sequence[int], threshold: float
) -> JaccardPairs:
    """Every pair of one group with Jaccard >= threshold, as ``_join_one_group`` finds it."""
    rows = [r for r in rows if ranked[r]]
    empty = (np.zeros(0, np.int64), np.zeros(0, np.int64), np.zeros(0, np.float64))
    if len(rows) < 2:
        return empty
    row_ids = np.asarray(rows, dtype=np.int64)
    sizes = np.fromiter((len(ranked[r]) for r in rows), dtype=np.int64, count=len(rows))
    flat = np.fromiter((t for r in rows for t in ranked[r]), dtype=np.int64, count=sizes.sum())
    starts = np.zeros(len(rows), dtype=np.int64)
    np.cumsum(sizes[:-1], out=starts[1:])
    width = int(flat.max()) + 1
    probe_len = sizes - np.ceil(threshold * sizes - _EPS).astype(np.int64) + 1
    index_t = 2 * threshold / (1 + threshold)
    index_len = sizes - np.ceil(index_t * sizes - _EPS).astype(np.int64) + 1
    probe = _incidence(flat, starts, sizes, probe_len, width)
    index_t_m = _incidence(flat, starts, sizes, index_len, width).T.tocsr()
    full = _incidence(flat, starts, sizes, sizes, width)
    # a row is "before" another when it is shorter, or as long with a lower row number
    order_key = sizes * (len(rows) + 1) + np.arange(len(rows))
    found_i: list[npt.NDArray[np.int64]] = []
    found_j: list[npt.NDArray[np.int64]] = []
    found_s: list[F64Array] = []
    step = max(1, _CANDIDATE_CHUNK // max(1, int(probe.nnz / len(rows) * 64)))
    for r0 in range(0, len(rows), step):
        cand = (probe[r0 : r0 + step] @ index_t_m).tocoo()
        x = cand.row.astype(np.int64) + r0
        y = cand.col.astype(np.int64)
        keep = (order_key[y] < order_key[x]) & (sizes[y] >= threshold * sizes[x] - _EPS)
        x, y = x[keep], y[keep]
        for c0 in range(0, len(x), _CANDIDATE_CHUNK):
            xs, ys = x[c0 : c0 + _CANDIDATE_CHUNK], y[c0 : c0 + _CANDIDATE_CHUNK]
            overlap = np.asarray(full[xs].multiply(full[ys]).sum(axis=1)).ravel()
            overlap = np.rint(overlap).astype(np.int64)
            union = sizes[xs] + sizes[ys] - overlap
            ok = (union > 0) & (overlap >= threshold * union - _EPS)
            if not ok.any():
                continue
            a, b = row_ids[xs[ok]], row_ids[ys[ok]]
            found_i.append(np.minimum(a, b))
            found_j.append(np.maximum(a, b))
            found_s.append(overlap[ok] / union[ok])
    if not found_i:
        return empty
    return np.concatenate(found_i), np.concatenate(found_j), np.concatenate(found_s)


def naive_jaccard_pairs(
    sets: Sequence[frozenset[str]],
    threshold: float,
    groups: Sequence[Hashable] | None = None,
) -> JaccardPairs:
    """Every pair compared: the reference the prefix filter is tested against."""
    found: list[tuple[int, int, float]] = []
    for rows in _group_rows(len(sets), groups):
        for a_pos, a in enumerate(rows):
            for b in rows[a_pos + 1 :]:
                sa, sb = sets[a], sets[b]
                overlap = len(sa & sb)
                if passes(overlap, len(sa), len(sb), threshold):
                    found.append((a, b, overlap / (len(sa) + len(sb) - overlap)))
    return _to_arrays(found)
