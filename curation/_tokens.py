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
t/(1+t)(|x|+|y|) >= 2t/(1+t)|y|). Where every true pair of a row overlaps in two tokens
or more, both prefixes grow by one token and a pair must share two tokens in them, so
candidates are joined on token *pairs* (``_two_match_candidates``); the other rows find
theirs through a sparse product of one-token prefix incidence matrices. Each candidate's
overlap is bounded first by 128-bit token signatures (a bit of one row's signature that
the other lacks is a token it lacks: ``_may_pass``), then counted by a sparse row product
and checked with the same ``passes`` test, so the pairs and their Jaccard values are
exactly those of the scalar join (kept as ``_join_one_group``) and of
``naive_jaccard_pairs``. On the bench's 100k store (seed 7)
token pairs give 33,886 candidates and the bound leaves 19,017 to count; one-token
prefixes verified 1.7M, a number that grew as n^1.6.
"""

from __future__ import annotations

import itertools
import math
import re
import unicodedata
from collections.abc import Hashable, Iterator, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple

import numpy as np
import numpy.typing as npt

from curation._arrays import unique_sorted

if TYPE_CHECKING:  # scipy (~0.3 s) is imported by the join that uses it, not by every start
    from scipy import sparse

IdxArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]
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


class _Ranked(NamedTuple):
    """Every set's token ranks (rarest first), set after set: set k is
    ``flat[starts[k]:starts[k] + sizes[k]]``."""

    flat: IdxArray
    sizes: IdxArray
    starts: IdxArray


def _ranked_arrays(sets: Sequence[frozenset[str]]) -> _Ranked:
    """Tokens ranked rarest first (ties by token, so the order is stable), as arrays: one
    pass in Python to number the tokens, the counting and sorting in numpy."""
    vocab: dict[str, int] = {}
    ids = np.fromiter((vocab.setdefault(t, len(vocab)) for s in sets for t in s), np.int64)
    sizes = np.fromiter(map(len, sets), dtype=np.int64, count=len(sets))
    freq = np.bincount(ids, minlength=len(vocab)).tolist()
    tokens = list(vocab)
    order = sorted(range(len(tokens)), key=lambda k: (freq[k], tokens[k]))
    rank_of = np.empty(len(tokens), dtype=np.int64)
    rank_of[order] = np.arange(len(tokens), dtype=np.int64)
    ranks = rank_of[ids]
    owner = np.repeat(np.arange(len(sets), dtype=np.int64), sizes)
    starts = np.zeros(len(sets), dtype=np.int64)
    np.cumsum(sizes[:-1], out=starts[1:])
    width = max(1, len(tokens))  # one sort of (set, rank) keys: each set's ranks ascending
    return _Ranked(np.sort(owner * width + ranks) % width, sizes, starts)


def _ranked(sets: Sequence[frozenset[str]]) -> list[list[int]]:
    """Each set as token ranks, rarest first (the scalar join's form)."""
    ranked = _ranked_arrays(sets)
    flat = ranked.flat.tolist()
    return [
        flat[a : a + n] for a, n in zip(ranked.starts.tolist(), ranked.sizes.tolist(), strict=True)
    ]


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
    return jaccard_pairs_ranked(_ranked_arrays(sets), threshold, groups)


def jaccard_pairs_ranked(
    ranked: _Ranked, threshold: float, groups: Sequence[Hashable] | None = None
) -> JaccardPairs:
    """``jaccard_pairs`` over sets already ranked (``_ranked_arrays``, or
    ``_token_batch.ranked_texts`` straight from texts)."""
    if not 0 < threshold <= 1:
        raise ValueError(f"threshold must be in (0, 1], got {threshold}")
    parts = [
        _join_vectorised(ranked, rows, threshold)
        for rows in _group_rows(len(ranked.sizes), groups)
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


class _Group(NamedTuple):
    """One group's non-empty sets, renumbered 0..n-1 (``ids``: their numbers in the input)."""

    ids: IdxArray
    flat: IdxArray
    sizes: IdxArray
    starts: IdxArray
    min_overlap: IdxArray  # ceil(t|x|): every true pair probed by x overlaps that much
    index_base: IdxArray  # |y| - ceil(2t/(1+t)|y|): the index prefix, less its matches
    order_key: IdxArray  # "before": shorter, or as long with a lower row number


def _group(ranked: _Ranked, rows: Sequence[int], threshold: float) -> _Group:
    chosen = np.zeros(len(ranked.sizes), dtype=bool)
    chosen[np.asarray(rows, dtype=np.int64)] = True
    chosen &= ranked.sizes > 0
    ids = np.flatnonzero(chosen).astype(np.int64)
    sizes = ranked.sizes[ids]
    starts = np.zeros(len(ids), dtype=np.int64)
    np.cumsum(sizes[:-1], out=starts[1:])
    index_t = 2 * threshold / (1 + threshold)
    return _Group(
        ids=ids,
        flat=ranked.flat[np.repeat(chosen, ranked.sizes)],
        sizes=sizes,
        starts=starts,
        min_overlap=np.ceil(threshold * sizes - _EPS).astype(np.int64),
        index_base=sizes - np.ceil(index_t * sizes - _EPS).astype(np.int64),
        order_key=sizes * (len(ids) + 1) + np.arange(len(ids)),
    )


def _ragged_arange(counts: IdxArray) -> IdxArray:
    """``concatenate([arange(c) for c in counts])``, vectorised."""
    ends = np.cumsum(counts)
    return np.arange(int(ends[-1]) if len(ends) else 0, dtype=np.int64) - np.repeat(
        ends - counts, counts
    )


def _token_pairs(g: _Group, lengths: IdxArray) -> tuple[IdxArray, IdxArray]:
    """Every pair of tokens among each row's first ``lengths`` tokens, as (row, key)."""
    lengths = np.minimum(np.maximum(lengths, 0), g.sizes)
    longest = int(lengths.max()) if len(lengths) else 0
    # all position pairs (a < b), ordered by b: a row of length L takes the first L(L-1)/2
    b_pos = np.repeat(np.arange(longest, dtype=np.int64), np.arange(longest, dtype=np.int64))
    a_pos = _ragged_arange(np.arange(longest, dtype=np.int64))
    per_row = lengths * (lengths - 1) // 2
    owner = np.repeat(np.arange(len(lengths), dtype=np.int64), per_row)
    k = _ragged_arange(per_row)
    first = g.flat[g.starts[owner] + a_pos[k]]
    second = g.flat[g.starts[owner] + b_pos[k]]
    width = int(g.flat.max()) + 1
    return owner, first * width + second


def _matches(
    index_key: IdxArray, index_row: IdxArray, probe_key: IdxArray
) -> tuple[IdxArray, IdxArray, IdxArray]:
    """The index rows sorted by key (ties in input order), and for every probe key the
    first position and the number of its equal keys among them. When keys, a tag and a
    position fit in 63 bits, one sort of both sides together answers it (a probe's equal
    index keys sort just before it); otherwise a sort and two binary searches, whose
    random reads over millions of keys cost more."""
    shift = max(len(index_key), len(probe_key), 1).bit_length()
    top = int(max(index_key.max(initial=0), probe_key.max(initial=0)))
    if not len(probe_key) or not len(index_key):
        return index_row, np.zeros(len(probe_key), np.int64), np.zeros(len(probe_key), np.int64)
    if top.bit_length() + 1 + shift > 63:
        order = np.argsort(index_key, kind="stable")
        lo = np.searchsorted(index_key[order], probe_key, side="left")
        hi = np.searchsorted(index_key[order], probe_key, side="right")
        return index_row[order], lo, hi - lo
    position = np.arange(max(len(index_key), len(probe_key)), dtype=np.int64)
    packed = np.concatenate(
        [
            (index_key << (shift + 1)) | position[: len(index_key)],
            (probe_key << (shift + 1)) | (1 << shift) | position[: len(probe_key)],
        ]
    )
    packed.sort()
    is_probe = ((packed >> shift) & 1).astype(bool)
    payload = packed & ((1 << shift) - 1)
    key = packed >> (shift + 1)
    is_index = ~is_probe
    before = np.cumsum(is_index) - is_index  # index keys sorted before each place
    new_run = np.r_[True, key[1:] != key[:-1]]
    run_starts = np.flatnonzero(new_run)
    run = np.cumsum(new_run) - 1
    lo = np.empty(len(probe_key), dtype=np.int64)
    counts = np.empty(len(probe_key), dtype=np.int64)
    probe_at = payload[is_probe]
    lo[probe_at] = before[run_starts][run[is_probe]]
    counts[probe_at] = before[is_probe] - lo[probe_at]
    return index_row[payload[is_index]], lo, counts


def _two_match_candidates(g: _Group, probes: BoolArray) -> Iterator[tuple[IdxArray, IdxArray]]:
    """Rows x whose true pairs overlap in >= 2 tokens: the first two shared tokens lie in
    the first |x| - o + 2 tokens of x and |y| - o + 2 of y (rarest first), so a true pair
    shares a *pair* of tokens in those prefixes. Candidates are joined on token pairs,
    which rare tokens make far rarer than single shared tokens."""
    index_row, index_key = _token_pairs(g, g.index_base + 2)
    probe_row, probe_key = _token_pairs(g, np.where(probes, g.sizes - g.min_overlap + 2, 0))
    index_row, lo, counts = _matches(index_key, index_row, probe_key)
    # chunks end on row boundaries, so all of a pair's matches fall in one chunk
    row_ends = np.cumsum(np.bincount(probe_row, weights=counts, minlength=len(g.ids)))
    probe_ends = np.cumsum(np.bincount(probe_row, minlength=len(g.ids)))
    r0 = 0
    while r0 < len(g.ids):
        base = row_ends[r0 - 1] if r0 else 0.0
        r1 = max(r0 + 1, int(np.searchsorted(row_ends, base + _CANDIDATE_CHUNK, side="right")))
        p0, p1 = (int(probe_ends[r0 - 1]) if r0 else 0), int(probe_ends[r1 - 1])
        r0 = r1
        c = counts[p0:p1]
        x = np.repeat(probe_row[p0:p1], c)
        y = index_row[np.repeat(lo[p0:p1], c) + _ragged_arange(c)]
        keep = (g.order_key[y] < g.order_key[x]) & (g.sizes[y] >= g.min_overlap[x])
        pair = unique_sorted(x[keep] * len(g.ids) + y[keep])
        yield pair // len(g.ids), pair % len(g.ids)


def _one_match_candidates(g: _Group, probes: BoolArray) -> Iterator[tuple[IdxArray, IdxArray]]:
    """The other rows (o >= 1 only): one shared token in the plain prefixes, the matches
    of a row block found by a sparse product of prefix incidence matrices."""
    width = int(g.flat.max()) + 1
    probe_len = np.where(probes, g.sizes - g.min_overlap + 1, 0)
    probe = _incidence(g.flat, g.starts, g.sizes, probe_len, width)
    index = _incidence(g.flat, g.starts, g.sizes, g.index_base + 1, width).T.tocsr()
    step = max(1, _CANDIDATE_CHUNK // max(1, int(probe.nnz / len(g.ids) * 64)))
    for r0 in range(0, len(g.ids), step):
        cand = (probe[r0 : r0 + step] @ index).tocoo()
        x = cand.row.astype(np.int64) + r0
        y = cand.col.astype(np.int64)
        keep = (g.order_key[y] < g.order_key[x]) & (g.sizes[y] >= g.min_overlap[x])
        yield x[keep], y[keep]


_SIGNATURE_WORDS = 2  # 128 bits a row


def _signatures(g: _Group) -> npt.NDArray[np.uint64]:
    """Each row's tokens hashed to one of 128 bits (rows x 2 words)."""
    bit = ((g.flat * 0x9E3779B1) % (64 * _SIGNATURE_WORDS)).astype(np.uint64)
    value = np.left_shift(np.uint64(1), bit & np.uint64(63))
    out = np.zeros((len(g.ids), _SIGNATURE_WORDS), dtype=np.uint64)
    for word in range(_SIGNATURE_WORDS):
        mine = np.where((bit >> np.uint64(6)) == word, value, np.uint64(0))
        out[:, word] = np.bitwise_or.reduceat(mine, g.starts)
    return out


def _may_pass(
    g: _Group, sig: npt.NDArray[np.uint64], x: IdxArray, y: IdxArray, threshold: float
) -> BoolArray:
    """A necessary condition, cheap enough for every candidate: each bit of x's signature
    missing from y's stands for at least one token of x that y lacks, so the overlap is at
    most |x| less those bits (and the same from y's side); a pair whose bound fails the
    ``passes`` test (monotone in the overlap) cannot pass with its true overlap."""
    sx, sy = sig[x], sig[y]
    only_x = np.bitwise_count(sx & ~sy).sum(axis=1, dtype=np.int64)
    only_y = np.bitwise_count(sy & ~sx).sum(axis=1, dtype=np.int64)
    bound = np.minimum(g.sizes[x] - only_x, g.sizes[y] - only_y)
    return bound >= threshold * (g.sizes[x] + g.sizes[y] - bound) - _EPS


def _join_vectorised(ranked: _Ranked, rows: Sequence[int], threshold: float) -> JaccardPairs:
    """Every pair of one group with Jaccard >= threshold, as ``_join_one_group`` finds it.

    A row pairs with rows before it (shorter, or as long with a lower row number) of at
    least t times its size; candidates come from prefixes (two shared tokens where every
    true pair overlaps in two, one otherwise) and are verified by counting overlaps with
    a sparse row product and the ``passes`` test."""
    empty = (np.zeros(0, np.int64), np.zeros(0, np.int64), np.zeros(0, np.float64))
    g = _group(ranked, rows, threshold)
    if len(g.ids) < 2:
        return empty
    two = g.min_overlap >= 2
    full = _incidence(g.flat, g.starts, g.sizes, g.sizes, int(g.flat.max()) + 1)
    found_i: list[IdxArray] = []
    found_j: list[IdxArray] = []
    found_s: list[F64Array] = []
    sig = _signatures(g)
    chunks = _two_match_candidates(g, two)
    if not two.all():
        chunks = itertools.chain(chunks, _one_match_candidates(g, ~two))
    for x_all, y_all in chunks:
        hopeful = _may_pass(g, sig, x_all, y_all, threshold)
        x, y = x_all[hopeful], y_all[hopeful]
        if not len(x):
            continue
        overlap = np.asarray(full[x].multiply(full[y]).sum(axis=1)).ravel()
        overlap = np.rint(overlap).astype(np.int64)
        union = g.sizes[x] + g.sizes[y] - overlap
        ok = (union > 0) & (overlap >= threshold * union - _EPS)
        a, b = g.ids[x[ok]], g.ids[y[ok]]
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
