"""Pure per-question retrieval scoring and its one aggregation (no store, no MLflow)."""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from evaluation.retrieval_metrics import (
    first_rank,
    mean,
    ndcg_at_k,
    recall_all_at_k,
    recall_any_at_k,
    reciprocal_rank,
)


def score(ranked: Sequence[str], relevant: set[str], k_values: Sequence[int]) -> dict[str, Any]:
    """The per-question metrics of one ranked list (ranked holds max(k) ids)."""
    out: dict[str, Any] = {}
    for k in k_values:
        out[f"recall_any@{k}"] = recall_any_at_k(ranked, relevant, k)
        out[f"recall_all@{k}"] = recall_all_at_k(ranked, relevant, k)
        out[f"ndcg@{k}"] = ndcg_at_k(ranked, relevant, k)
    out["mrr"] = reciprocal_rank(ranked, relevant)
    out["rank"] = first_rank(ranked, relevant)
    return out


def metric_names(k_values: Sequence[int]) -> list[str]:
    names = []
    for k in k_values:
        names += [f"recall_any@{k}", f"recall_all@{k}", f"ndcg@{k}"]
    return [*names, "mrr"]


def aggregate(scores: Sequence[Mapping[str, Any]], names: Sequence[str]) -> dict[str, Any]:
    """``{"n": count, metric: mean}`` (None means where there are no questions)."""
    out: dict[str, Any] = {"n": len(scores)}
    for name in names:
        out[name] = mean(float(s[name]) for s in scores)
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
    if not ks or ks[0] < 1 or ks[-1] > 1000:
        raise ValueError(f"k_values must be integers in 1..1000, got {k_values!r}")
    return ks


def share(numerator: int, denominator: int) -> float | None:
    return numerator / denominator if denominator else None


def timing_summary(timings: Mapping[str, float], started: float) -> dict[str, float]:
    out = {name: round(value, 3) for name, value in sorted(timings.items())}
    out["total_s"] = round(time.perf_counter() - started, 3)
    return out
