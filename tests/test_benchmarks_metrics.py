"""Ranked-retrieval metrics against values worked out by hand."""

from __future__ import annotations

import math

import pytest

from curation import MAX_RECALL_K
from evaluation.benchmarks.scoring import (
    aggregate,
    aggregate_updates,
    checked_ks,
    metric_names,
    score,
    update_order,
)
from evaluation.retrieval_metrics import (
    dedupe,
    first_rank,
    mean,
    ndcg_at_k,
    recall_all_at_k,
    recall_any_at_k,
    recall_at_k,
    reciprocal_rank,
)

RANKED = ["a", "b", "c", "d", "e"]
GOLD = {"b", "d"}  # relevant at ranks 2 and 4


def test_recall_any_all_and_fraction() -> None:
    assert [recall_any_at_k(RANKED, GOLD, k) for k in (1, 2, 5)] == [0.0, 1.0, 1.0]
    assert [recall_all_at_k(RANKED, GOLD, k) for k in (2, 3, 4, 10)] == [0.0, 0.0, 1.0, 1.0]
    assert [recall_at_k(RANKED, GOLD, k) for k in (1, 2, 3, 4)] == [0.0, 0.5, 0.5, 1.0]
    # a k beyond the list is the whole list
    assert recall_all_at_k(["b"], GOLD, 100) == 0.0


def test_reciprocal_rank_and_first_rank() -> None:
    assert reciprocal_rank(RANKED, GOLD) == 0.5
    assert reciprocal_rank(RANKED, GOLD, k=1) == 0.0  # first relevant beyond the cutoff
    assert reciprocal_rank(RANKED, {"e"}) == pytest.approx(0.2)
    assert reciprocal_rank(RANKED, {"z"}) == 0.0
    assert first_rank(RANKED, GOLD) == 2
    assert first_rank(RANKED, {"z"}) is None
    assert first_rank([], {"z"}) is None


def test_ndcg_hand_computed() -> None:
    # DCG@5 = 1/log2(3) + 1/log2(5) = 0.630930 + 0.430677; IDCG = 1 + 1/log2(3)
    expected = (1 / math.log2(3) + 1 / math.log2(5)) / (1 + 1 / math.log2(3))
    assert ndcg_at_k(RANKED, GOLD, 5) == pytest.approx(expected)
    assert ndcg_at_k(RANKED, GOLD, 5) == pytest.approx(0.650921, abs=1e-6)
    assert ndcg_at_k(RANKED, GOLD, 2) == pytest.approx(0.386853, abs=1e-6)
    assert ndcg_at_k(RANKED, GOLD, 1) == 0.0
    assert ndcg_at_k(["b", "d", "a"], GOLD, 3) == pytest.approx(1.0)
    # the ideal holds min(k, |relevant|) items: one perfect hit at k=1 is 1.0
    assert ndcg_at_k(["a"], {"a", "b", "c"}, 1) == 1.0


def test_repeated_ids_count_once() -> None:
    ranked = ["x", "x", "b", "b", "d"]
    assert dedupe(ranked) == ["x", "b", "d"]
    assert first_rank(ranked, {"b"}) == 2
    assert reciprocal_rank(ranked, {"b"}) == 0.5
    assert recall_any_at_k(ranked, {"d"}, 3) == 1.0  # third distinct id
    assert ndcg_at_k(["b", "b"], {"b", "d"}, 2) == pytest.approx(1 / (1 + 1 / math.log2(3)))


def test_bad_input() -> None:
    with pytest.raises(ValueError, match="relevant"):
        recall_any_at_k(RANKED, set(), 5)
    with pytest.raises(ValueError, match="relevant"):
        first_rank(RANKED, [])
    for k in (0, -1, True):
        with pytest.raises(ValueError, match="k must"):
            ndcg_at_k(RANKED, GOLD, k)


def test_mean() -> None:
    assert mean([]) is None
    assert mean([1.0, 0.0, 0.5]) == 0.5
    assert mean(x / 2 for x in range(3)) == 0.5


def test_per_question_scores_are_typed_and_aggregated_once() -> None:
    first = score(["x", "a", "y", "b"], {"a", "b"}, (1, 3))
    assert (first.rank, first.mrr) == (2, 0.5)
    assert first.recall_any == {1: 0.0, 3: 1.0} and first.recall_all == {1: 0.0, 3: 0.0}
    assert first.metrics()["recall_any@3"] == 1.0 and first.metrics()["rank"] == 2
    second = score(["a"], {"a"}, (1, 3))
    summary = aggregate([first, second], metric_names((1, 3)))
    assert summary["n"] == 2 and summary["recall_any@1"] == 0.5 and summary["mrr"] == 0.75
    assert aggregate([], metric_names((1,)))["mrr"] is None


def test_knowledge_update_order_is_typed_and_aggregated_once() -> None:
    above = update_order(["new", "old"], {"old"}, {"new"})
    below = update_order(["old", "x", "new"], {"old"}, {"new"})
    stale_only = update_order(["old"], {"old"}, {"new"})
    assert (above.older_rank, above.newer_rank, above.newer_above_older) == (2, 1, True)
    assert not below.newer_above_older and stale_only.only_stale
    shares = aggregate_updates([above, below, stale_only, update_order(["new"], set(), {"new"})])
    assert shares == {
        "newer_above_older": 0.5,
        "only_stale_in_top_k": 0.25,
        "newer_in_top_k": 0.75,
        "older_in_top_k": 0.75,
    }


def test_benchmark_depths_share_the_stores_recall_limit() -> None:
    """The benchmarks accept exactly the depths the store's recall accepts (one limit)."""
    assert checked_ks([MAX_RECALL_K, 1]) == (1, MAX_RECALL_K)
    with pytest.raises(ValueError, match=str(MAX_RECALL_K)):
        checked_ks([MAX_RECALL_K + 1])
