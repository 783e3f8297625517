"""Pure per-question retrieval scoring and its one aggregation (no store, no MLflow)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from curation import MAX_RECALL_K
from evaluation.retrieval_metrics import (
    first_rank,
    mean,
    ndcg_at_k,
    recall_all_at_k,
    recall_any_at_k,
    reciprocal_rank,
)

Item = TypeVar("Item")


@dataclass(frozen=True)
class RetrievalScore:
    """One question's metrics for one ranked list (ranks are 1-based; None: no hit)."""

    recall_any: Mapping[int, float]
    recall_all: Mapping[int, float]
    ndcg: Mapping[int, float]
    mrr: float
    rank: int | None

    def metrics(self) -> dict[str, Any]:
        """By name (``recall_any@10``, ``mrr``, ``rank``), as rows and MLflow spell them."""
        out: dict[str, Any] = {}
        for k in self.recall_any:
            out[f"recall_any@{k}"] = self.recall_any[k]
            out[f"recall_all@{k}"] = self.recall_all[k]
            out[f"ndcg@{k}"] = self.ndcg[k]
        out["mrr"] = self.mrr
        out["rank"] = self.rank
        return out


def score(ranked: Sequence[str], relevant: set[str], k_values: Sequence[int]) -> RetrievalScore:
    """The per-question metrics of one ranked list (ranked holds max(k) ids)."""
    return RetrievalScore(
        recall_any={k: recall_any_at_k(ranked, relevant, k) for k in k_values},
        recall_all={k: recall_all_at_k(ranked, relevant, k) for k in k_values},
        ndcg={k: ndcg_at_k(ranked, relevant, k) for k in k_values},
        mrr=reciprocal_rank(ranked, relevant),
        rank=first_rank(ranked, relevant),
    )


@dataclass(frozen=True)
class UpdateOrder:
    """Knowledge-update: where the first newer and first older answer landed."""

    older_rank: int | None
    newer_rank: int | None

    @property
    def newer_above_older(self) -> bool:
        return ranked_above(self.newer_rank, self.older_rank)

    @property
    def only_stale(self) -> bool:
        return self.older_rank is not None and self.newer_rank is None


def update_order(ranked: Sequence[str], older: set[str], newer: set[str]) -> UpdateOrder:
    return UpdateOrder(
        first_rank(ranked, older) if older else None, first_rank(ranked, newer) if newer else None
    )


def aggregate_updates(orders: Sequence[UpdateOrder]) -> dict[str, float | None]:
    """The knowledge-update shares of one arm (the one aggregation of ``UpdateOrder``)."""
    return shares(
        orders,
        {
            "newer_above_older": lambda o: o.newer_above_older,
            "only_stale_in_top_k": lambda o: o.only_stale,
            "newer_in_top_k": lambda o: o.newer_rank is not None,
            "older_in_top_k": lambda o: o.older_rank is not None,
        },
    )


def metric_names(k_values: Sequence[int]) -> list[str]:
    names = []
    for k in k_values:
        names += [f"recall_any@{k}", f"recall_all@{k}", f"ndcg@{k}"]
    return [*names, "mrr"]


def aggregate(scores: Sequence[RetrievalScore], names: Sequence[str]) -> dict[str, Any]:
    """``{"n": count, metric: mean}`` (None means where there are no questions)."""
    rows = [s.metrics() for s in scores]
    out: dict[str, Any] = {"n": len(rows)}
    for name in names:
        out[name] = mean(float(r[name]) for r in rows)
    return out


def delta(curated: Mapping[str, Any], raw: Mapping[str, Any]) -> dict[str, float | None]:
    out: dict[str, float | None] = {}
    for name, value in curated.items():
        if name == "n":
            continue
        before = raw.get(name)
        out[name] = None if value is None or before is None else value - before
    return out


def checked_ks(k_values: Iterable[int]) -> tuple[int, ...]:
    ks = tuple(sorted({int(k) for k in k_values}))
    if not ks or ks[0] < 1 or ks[-1] > MAX_RECALL_K:
        raise ValueError(f"k_values must be integers in 1..{MAX_RECALL_K}, got {k_values!r}")
    return ks


def share(numerator: int, denominator: int) -> float | None:
    return numerator / denominator if denominator else None


def shares(
    items: Sequence[Item], tests: Mapping[str, Callable[[Item], bool]]
) -> dict[str, float | None]:
    """Per named test, the share of ``items`` that pass it (None when there are none)."""
    return {
        name: share(sum(test(item) for item in items), len(items)) for name, test in tests.items()
    }


def ranked_above(rank: int | None, other: int | None) -> bool:
    """Whether what was found at ``rank`` leads what was found at ``other`` (None: not
    found; found beats not found)."""
    return rank is not None and (other is None or rank < other)


def timing_summary(timings: Mapping[str, float], started: float) -> dict[str, float]:
    out = {name: round(value, 3) for name, value in sorted(timings.items())}
    out["total_s"] = round(time.perf_counter() - started, 3)
    return out
