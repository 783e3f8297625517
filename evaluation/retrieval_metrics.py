"""Ranked-retrieval metrics with binary relevance: pure functions over a ranked id list.

``ranked`` is best first; an id repeated later in the list counts only at its first
position. ``relevant`` must not be empty (a question without gold evidence has no
retrieval score: callers skip it and count it). ``k`` is a positive cutoff.

- ``recall_any_at_k``: 1 if at least one relevant id is in the top k (LoCoMo's and
  LongMemEval's "recall_any").
- ``recall_all_at_k``: 1 if every relevant id is in the top k ("all-evidence@k").
- ``recall_at_k``: the fraction of relevant ids in the top k.
- ``reciprocal_rank``: 1 / rank of the first relevant id, 0 if none (within ``k`` if given).
- ``ndcg_at_k``: DCG with gain 1/log2(rank + 1) over the ideal DCG of min(k, |relevant|)
  relevant ids at the top.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Hashable, Iterable, Sequence
from typing import TypeVar

T = TypeVar("T", bound=Hashable)

__all__ = [
    "dedupe",
    "first_rank",
    "mean",
    "ndcg_at_k",
    "recall_all_at_k",
    "recall_any_at_k",
    "recall_at_k",
    "reciprocal_rank",
]


def _check(relevant: Collection[T], k: int | None) -> None:
    if not relevant:
        raise ValueError("relevant must not be empty: skip questions without evidence")
    if k is not None and (isinstance(k, bool) or not isinstance(k, int) or k < 1):
        raise ValueError(f"k must be a positive integer, got {k!r}")


def dedupe(ranked: Iterable[T]) -> list[T]:
    """The list without repeats, first occurrence kept (order preserved)."""
    seen: set[T] = set()
    out = []
    for item in ranked:
        if item not in seen:
            seen.add(item)
            out.append(item)
    return out


def _top(ranked: Sequence[T], k: int | None) -> list[T]:
    unique = dedupe(ranked)
    return unique if k is None else unique[:k]


def first_rank(ranked: Sequence[T], relevant: Collection[T]) -> int | None:
    """1-based position of the first relevant id in the de-duplicated list, or None."""
    _check(relevant, None)
    for position, item in enumerate(dedupe(ranked), start=1):
        if item in relevant:
            return position
    return None


def recall_any_at_k(ranked: Sequence[T], relevant: Collection[T], k: int) -> float:
    _check(relevant, k)
    return 1.0 if any(item in relevant for item in _top(ranked, k)) else 0.0


def recall_all_at_k(ranked: Sequence[T], relevant: Collection[T], k: int) -> float:
    _check(relevant, k)
    return 1.0 if set(relevant) <= set(_top(ranked, k)) else 0.0


def recall_at_k(ranked: Sequence[T], relevant: Collection[T], k: int) -> float:
    _check(relevant, k)
    wanted = set(relevant)
    return len(wanted.intersection(_top(ranked, k))) / len(wanted)


def reciprocal_rank(ranked: Sequence[T], relevant: Collection[T], k: int | None = None) -> float:
    _check(relevant, k)
    for position, item in enumerate(_top(ranked, k), start=1):
        if item in relevant:
            return 1.0 / position
    return 0.0


def ndcg_at_k(ranked: Sequence[T], relevant: Collection[T], k: int) -> float:
    _check(relevant, k)
    wanted = set(relevant)
    dcg = sum(
        1.0 / math.log2(position + 1)
        for position, item in enumerate(_top(ranked, k), start=1)
        if item in wanted
    )
    ideal = sum(1.0 / math.log2(position + 1) for position in range(1, min(k, len(wanted)) + 1))
    return dcg / ideal


def mean(values: Iterable[float]) -> float | None:
    """Arithmetic mean, None for no values (so empty groups read as absent, not zero)."""
    items = list(values)
    return sum(items) / len(items) if items else None
