"""Retention, rank and the recall blend pinned to hand-computed values."""

from __future__ import annotations

import math
from datetime import timedelta

import numpy as np
import pytest
from snapshot_factory import NOW, make_snapshot

from curation._policy import CurationPolicy, RankingWeights
from curation._scoring import (
    blend_scores,
    half_lives,
    rank_score,
    rank_scores,
    retention_score,
    retention_scores,
)

POLICY = CurationPolicy()


@pytest.mark.parametrize(
    ("row", "expected"),
    [
        # tool_output, 48 h = 8 half-lives of 6 h: 0.8 * 2^-8
        ({"kind": "tool_output", "age_hours": 48, "importance": 0.8}, 0.003125),
        # 9 recalls: x (1 + 0.7 * log10(10)) = x 1.7
        (
            {"kind": "tool_output", "age_hours": 48, "importance": 0.8, "recall_count": 9},
            0.003125 * 1.7,
        ),
        ({"kind": "conversation", "age_days": 3, "importance": 0.6}, 0.3),
        ({"kind": "fact", "age_days": 45, "importance": 0.5}, 0.25),
        ({"kind": "fact", "age_days": 90, "importance": 1.0}, 0.25),
        ({"kind": "preference", "age_days": 180, "importance": 0.9}, 0.45),
        ({"kind": "fact", "age_days": 0, "importance": 0.4}, 0.4),
        # age counts from the later of creation and last recall
        (
            {
                "kind": "tool_output",
                "age_days": 10,
                "recalled_hours_ago": 6,
                "importance": 0.5,
                "recall_count": 0,
            },
            0.25,
        ),
        # a recall stamp older than creation (imported data) does not age the entry
        ({"kind": "fact", "age_days": 0, "recalled_days_ago": 45, "importance": 0.5}, 0.5),
        # created "in the future" (clock skew): age is never negative
        ({"kind": "tool_output", "age_hours": -5, "importance": 0.7}, 0.7),
        # clamped to 1: 1 * 1 * (1 + 0.7 * log10(101)) = 2.40...
        ({"kind": "fact", "age_days": 0, "importance": 1.0, "recall_count": 100}, 1.0),
        ({"kind": "fact", "age_days": 0, "importance": 0.0, "recall_count": 100}, 0.0),
        # pinned = 1 whatever its age
        ({"kind": "tool_output", "age_days": 400, "importance": 0.1, "pinned": True}, 1.0),
    ],
)
def test_retention_formula(row: dict[str, object], expected: float) -> None:
    snap = make_snapshot([row])
    assert retention_scores(snap, POLICY, NOW)[0] == pytest.approx(expected, rel=1e-9, abs=1e-15)


def test_retention_is_vectorised_over_mixed_kinds() -> None:
    rows = [
        {"kind": k, "age_days": d, "importance": 0.8}
        for k, d in [("tool_output", 0.25), ("fact", 45), ("conversation", 3), ("preference", 0)]
    ]
    got = retention_scores(make_snapshot(rows), POLICY, NOW)
    np.testing.assert_allclose(got, [0.4, 0.4, 0.4, 0.8])


def test_half_life_is_per_tenant_configurable() -> None:
    hours = dict(POLICY.half_life_hours)
    hours["fact"] = 24.0  # type: ignore[index]
    policy = CurationPolicy(half_life_hours=hours, reinforcement=0.0)
    snap = make_snapshot([{"kind": "fact", "age_days": 2, "importance": 1.0, "recall_count": 9}])
    assert retention_scores(snap, policy, NOW)[0] == pytest.approx(0.25)


def test_unknown_kind_is_rejected() -> None:
    with pytest.raises(ValueError):
        half_lives(["fact", "gossip"], POLICY)


@pytest.mark.parametrize(
    ("row", "expected"),
    [
        ({"generality": 2, "proven": 15, "recalled_days_ago": 3}, 4 + 10 + 3),
        ({"generality": 2, "proven": 15, "recalled_days_ago": 7}, 4 + 10 + 3),  # within: <=
        ({"generality": 2, "proven": 15, "recalled_days_ago": 7.001}, 4 + 10 + 1),
        ({"generality": 0, "proven": 4, "recalled_days_ago": 30}, 0 + 4 + 1),
        ({"generality": 0, "proven": 4, "recalled_days_ago": 30.001}, 0 + 4 + 0),
        ({"generality": 1, "proven": 0}, 2),  # never recalled: no boost
        ({"generality": 3, "proven": 10, "recalled_hours_ago": 1}, 6 + 10 + 3),
    ],
)
def test_rank_formula(row: dict[str, object], expected: float) -> None:
    assert rank_scores(make_snapshot([row]), POLICY, NOW)[0] == pytest.approx(expected)


def test_a_hot_narrow_tweak_never_outranks_a_general_validated_principle() -> None:
    snap = make_snapshot(
        [
            {"generality": 0, "proven": 50, "recalled_hours_ago": 1},  # 0 + 10 + 3
            {"generality": 4, "proven": 6},  # 8 + 6 + 0
        ]
    )
    tweak, principle = rank_scores(snap, POLICY, NOW)
    assert principle > tweak


def test_scalar_helpers_agree_with_the_vector_path() -> None:
    created = NOW - timedelta(hours=30)
    recalled = NOW - timedelta(hours=12)
    one = retention_score(
        kind="tool_output",
        importance=0.9,
        recall_count=4,
        created_at=created,
        last_recalled_at=recalled,
        pinned=False,
        policy=POLICY,
        now=NOW,
    )
    expected = 0.9 * 2 ** (-12 / 6) * (1 + 0.7 * math.log10(5))
    assert one == pytest.approx(expected)
    # POSIX seconds work as well as datetimes; None means never recalled
    assert retention_score(
        kind="fact",
        importance=0.5,
        recall_count=0,
        created_at=(NOW - timedelta(days=45)).timestamp(),
        last_recalled_at=None,
        pinned=False,
        policy=POLICY,
        now=NOW,
    ) == pytest.approx(0.25)
    assert (
        rank_score(
            generality=2,
            proven=15,
            last_recalled_at=NOW - timedelta(days=3),
            policy=POLICY,
            now=NOW,
        )
        == 17
    )
    assert rank_score(generality=1, proven=0, last_recalled_at=None, policy=POLICY, now=NOW) == 2


def test_blend_hand_computed_multiplicative_default() -> None:
    weights = RankingWeights()
    got = blend_scores(
        [0.8, 0.8, 0.5], [10.0, 10.0, 0.0], [0.5, 0.5, 1.0], [False, True, False], weights
    )
    plain = 0.8 * (1 + 0.15 * (10 / 20) + 0.15 * 0.5)
    np.testing.assert_allclose(got, [plain, plain * 0.5, 0.5 * (1 + 0.15)])


def test_blend_hand_computed_additive() -> None:
    weights = RankingWeights(form="additive")
    got = blend_scores(
        [0.8, 0.8, 0.5], [10.0, 10.0, 0.0], [0.5, 0.5, 1.0], [False, True, False], weights
    )
    plain = 0.7 * 0.8 + 0.15 * (10 / 20) + 0.15 * 0.5
    np.testing.assert_allclose(got, [plain, plain * 0.5, 0.7 * 0.5 + 0.15])


def test_multiplicative_blend_never_lifts_an_off_topic_entry_past_a_relevant_one() -> None:
    # a fresh, pinned-like preference barely related vs a plain relevant fact
    got = blend_scores([0.28, 0.33], [3.0, 0.0], [1.0, 0.44], [False, False], RankingWeights())
    assert got[1] > got[0]


def test_negative_similarity_is_clamped_so_doubt_always_demotes() -> None:
    got = blend_scores([-0.2, -0.2], [0.0, 0.0], [0.5, 0.5], [False, True], RankingWeights())
    assert got[1] <= got[0]


def test_blend_weights_are_configurable() -> None:
    weights = RankingWeights(similarity=1.0, rank=0.0, retention=0.0, contested_factor=0.0)
    got = blend_scores([0.3, 0.9], [100.0, 0.0], [1.0, 0.0], [False, True], weights)
    np.testing.assert_allclose(got, [0.3, 0.0])
