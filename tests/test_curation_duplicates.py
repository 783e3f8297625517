"""Duplicate merge: near-identical entries fold into the one most worth keeping."""

from __future__ import annotations

from typing import Any

import pytest
from snapshot_factory import NOW, basis, by_id, make_snapshot, near, only

from curation._kinds import ArchiveReason
from curation._neighbors import ExactBlockedSearch
from curation._plan import CurationPlan, Mechanic
from curation._planner import build_plan
from curation._policy import MINILM_MODEL, Mode

POLICY = only("duplicates")
BOTH = POLICY.model_copy(update={"contradiction": Mode.DRY_RUN})
TOPIC = basis(40)


def plan_for(rows: list[dict[str, Any]], policy: Any = POLICY, **kw: Any) -> CurationPlan:
    return build_plan(make_snapshot(rows, **kw), policy, NOW)


REFUND: list[dict[str, Any]] = [
    {
        "id": "a",
        "content": "The user wants a refund",
        "importance": 0.4,
        "recall_count": 2,
        "proven": 1,
        "embedding": TOPIC,
        "age_days": 2,
    },
    {
        "id": "b",
        "content": "User wants a refund",
        "importance": 0.9,
        "recall_count": 3,
        "proven": 4,
        "embedding": near(TOPIC, 0.97, 1),
        "age_days": 1,
    },
    {
        "id": "c",
        "content": "The user wants their refund",
        "importance": 0.6,
        "recall_count": 0,
        "proven": 0,
        "embedding": near(TOPIC, 0.96, 2),
        "age_days": 3,
    },
    {"id": "x", "content": "Unrelated note"},
]


def test_cluster_folds_into_highest_retention_and_inherits_counts() -> None:
    plan = plan_for(REFUND)
    assert len(plan.merges) == 1
    merge = plan.merges[0]
    assert merge.canonical_id == "b"
    assert set(merge.duplicate_ids) == {"a", "c"}
    assert merge.recall_count_after == 5
    assert merge.importance_after == 0.9
    assert merge.proven_after == 5
    assert 0.93 <= merge.min_similarity <= 0.97
    actions = by_id(plan.archives)
    assert set(actions) == {"a", "c"}
    assert all(a.reason == ArchiveReason.DUPLICATE and a.target_id == "b" for a in actions.values())
    assert all(a.mechanic == Mechanic.DUPLICATES for a in actions.values())
    assert plan.counts()["duplicates_archived"] == 2


# (id, fields) of two equal duplicates but for what breaks the tie, and the canonical
TIES = [
    pytest.param(
        ("low-rank", {"age_days": 5}), ("high-rank", {"generality": 1}), "high-rank", id="rank"
    ),
    pytest.param(("young", {"age_hours": 1}), ("old", {"age_hours": 2}), "old", id="age"),
    pytest.param(("m-b", {"pinned": False}), ("m-a", {}), "m-a", id="id"),
]


@pytest.mark.parametrize(("first", "second", "canonical"), TIES)
def test_canonical_ties_break_by_rank_then_age_then_id(
    first: tuple[str, dict[str, Any]], second: tuple[str, dict[str, Any]], canonical: str
) -> None:
    # retention clamps to 1
    base = {"importance": 1.0, "age_days": 0, "content": "Same", "recall_count": 50}
    (first_id, first_fields), (second_id, second_fields) = first, second
    rows = [
        {**base, "id": first_id, "embedding": TOPIC, **first_fields},
        {**base, "id": second_id, "embedding": near(TOPIC, 0.99, 1), **second_fields},
    ]
    assert plan_for(rows).merges[0].canonical_id == canonical


def test_a_value_disagreement_is_a_conflict_not_a_merge() -> None:
    rows: list[dict[str, Any]] = [
        {"id": "basic", "content": "The user's plan is Basic", "embedding": TOPIC, "age_days": 90},
        {
            "id": "pro",
            "content": "The user's plan is Pro",
            "embedding": near(TOPIC, 0.97, 1),
            "age_days": 10,
        },
    ]
    plan = plan_for(rows, BOTH)
    assert plan.merges == [] and plan.archives == []
    assert len(plan.conflicts) == 1
    conflict = plan.conflicts[0]
    assert (conflict.memory_id, conflict.other_id) == ("basic", "pro")  # older is contested
    assert conflict.claim == "The user's plan is Pro"
    assert "'Basic' -> 'Pro'" in conflict.evidence  # same subject and slot, value changed
    assert conflict.similarity == pytest.approx(0.97, abs=1e-3)
    # with contradiction handling off the pair is simply left alone
    assert plan_for(rows, POLICY).conflicts == []
    assert plan_for(rows, POLICY).archives == []


@pytest.mark.parametrize(("cosine", "conflict"), [(0.90, True), (0.84, False)])
def test_contradictions_are_looked_for_below_the_duplicate_threshold(
    cosine: float, conflict: bool
) -> None:
    rows: list[dict[str, Any]] = [
        {"content": "The deployment is healthy", "embedding": TOPIC, "age_days": 2},
        {"content": "The deployment is degraded", "embedding": near(TOPIC, cosine, 3)},
    ]
    plan = plan_for(rows, only("contradiction"))
    assert len(plan.conflicts) == int(conflict)
    # a similar pair that agrees is neither a merge (below 0.93) nor a conflict
    agreeing = [dict(rows[0]), {**rows[1], "content": "The deployment is healthy!"}]
    assert plan_for(agreeing, BOTH).conflicts == [] and plan_for(agreeing, BOTH).merges == []


class RecordingSearch:
    """The exact join, remembering the threshold each kind's group was searched at."""

    def __init__(self) -> None:
        self.thresholds: list[float] = []

    def pairs(self, embeddings: Any, threshold: float) -> Any:
        self.thresholds.append(threshold)
        return ExactBlockedSearch().pairs(embeddings, threshold)


def test_a_kind_whose_values_are_not_checked_is_searched_for_duplicates_only() -> None:
    """Dialogue is not in contradiction_kinds: its pairs below the duplicate threshold
    would be read and dropped, so it is searched at that threshold (the plan is the same;
    on 15.6k real turns the phase took 3.5 s instead of 22.6 s)."""
    rows: list[dict[str, Any]] = [
        {"kind": kind, "content": text, "embedding": vector, "age_days": age}
        for kind in ("conversation", "fact")
        for text, vector, age in [
            ("The deployment is healthy", TOPIC, 2),
            ("The deployment is degraded", near(TOPIC, 0.90, 3), 0),
        ]
    ]
    search = RecordingSearch()
    plan = build_plan(make_snapshot(rows), BOTH, NOW, pair_search=search)
    assert sorted(search.thresholds) == [0.85, 0.93]  # fact at the conflicts', dialogue not
    assert len(plan.conflicts) == 1 and plan.merges == []


def test_thresholds_are_per_embedding_model() -> None:
    rows: list[dict[str, Any]] = [
        {"content": "Use the retry wrapper", "embedding": TOPIC},
        {"content": "Use the retry wrapper!", "embedding": near(TOPIC, 0.88, 1)},
    ]
    assert plan_for(rows).merges == []  # unknown model: 0.93
    assert len(plan_for(rows, model=MINILM_MODEL).merges) == 1  # MiniLM: 0.86


def test_different_kinds_are_never_merged() -> None:
    rows: list[dict[str, Any]] = [
        {"kind": "preference", "content": "Dark mode", "embedding": TOPIC},
        {"kind": "fact", "content": "Dark mode", "embedding": TOPIC},
        {"kind": "tool_output", "content": "Dark mode", "embedding": TOPIC},
    ]
    assert plan_for(rows, BOTH).merges == []


def test_pinned_member_is_the_canonical_and_other_pinned_are_left_alone() -> None:
    rows: list[dict[str, Any]] = [
        {
            "id": "strong",
            "content": "Refund",
            "importance": 1.0,
            "embedding": TOPIC,
            "recall_count": 40,
        },
        {
            "id": "pin-1",
            "content": "Refund",
            "importance": 0.1,
            "pinned": True,
            "embedding": near(TOPIC, 0.98, 1),
            "age_days": 5,
        },
        {
            "id": "pin-2",
            "content": "Refund",
            "importance": 0.1,
            "pinned": True,
            "embedding": near(TOPIC, 0.98, 2),
            "age_days": 1,
        },
    ]
    plan = plan_for(rows)
    merge = plan.merges[0]
    assert merge.canonical_id == "pin-1"  # both pinned score 1; the older wins the tie
    assert merge.duplicate_ids == ("strong",)
    assert plan.archived_ids() == {"strong"}


def test_all_pinned_cluster_is_left_alone() -> None:
    rows: list[dict[str, Any]] = [
        {"content": "Refund", "pinned": True, "embedding": TOPIC},
        {"content": "Refund", "pinned": True, "embedding": near(TOPIC, 0.99, 1)},
    ]
    plan = plan_for(rows)
    assert plan.merges == [] and plan.archives == []


def test_a_vague_middle_entry_does_not_chain_two_claims_together() -> None:
    mid = near(TOPIC, 0.96, 1)
    rows: list[dict[str, Any]] = [
        {
            "id": "basic",
            "content": "The user's plan is Basic",
            "embedding": TOPIC,
            "importance": 0.9,
            "age_days": 3,
        },
        {"id": "vague", "content": "The user's plan", "embedding": mid, "importance": 0.2},
        {
            "id": "pro",
            "content": "The user's plan is Pro",
            "embedding": near(mid, 0.96, 2),
            "importance": 0.3,
        },
    ]
    plan = plan_for(rows)
    assert not any({"basic", "pro"} <= {m.canonical_id, *m.duplicate_ids} for m in plan.merges)
    # nor is the fragment folded into either: it names less than they do (names_alike)
    assert plan.archived_ids() == set()


def test_pairs_sharing_a_supersession_key_are_left_to_supersession() -> None:
    rows: list[dict[str, Any]] = [
        {
            "id": "basic",
            "key": "plan:42",
            "pinned": True,
            "content": "The user's plan is Basic",
            "embedding": TOPIC,
            "age_days": 9,
        },
        {
            "id": "pro",
            "key": "plan:42",
            "content": "The user's plan is Pro",
            "embedding": near(TOPIC, 0.97, 1),
        },
    ]
    assert plan_for(rows, BOTH).conflicts == []


def test_a_conflict_touching_an_archived_entry_is_dropped() -> None:
    policy = BOTH.model_copy(update={"supersession": Mode.DRY_RUN})
    rows: list[dict[str, Any]] = [
        {
            "id": "basic",
            "key": "plan:42",
            "content": "The user's plan is Basic",
            "embedding": TOPIC,
            "age_days": 9,
        },
        {"id": "basic-2", "key": "plan:42", "content": "Plan: Basic", "embedding": basis(3)},
        {"id": "pro", "content": "The user's plan is Pro", "embedding": near(TOPIC, 0.97, 1)},
    ]
    plan = plan_for(rows, policy)
    assert plan.archived_ids() == {"basic"}
    assert plan.conflicts == []


def test_canonical_is_not_decayed_in_the_same_plan() -> None:
    policy = POLICY.model_copy(update={"decay": Mode.DRY_RUN, "max_prune_ratio": 1.0})
    rows: list[dict[str, Any]] = [
        {
            "id": "c",
            "kind": "tool_output",
            "content": "Disk 91% full",
            "embedding": TOPIC,
            "importance": 0.5,
            "age_days": 3,
        },
        {
            "id": "d",
            "kind": "tool_output",
            "content": "Disk 91% full",
            "embedding": near(TOPIC, 0.99, 1),
            "importance": 0.4,
            "age_days": 4,
        },
    ]
    plan = plan_for(rows, policy)
    assert plan.merges[0].canonical_id == "c"
    assert plan.archived_ids() == {"d"}


def test_duplicates_off_plans_no_merge() -> None:
    assert plan_for(REFUND, only("decay")).merges == []


def test_a_chain_of_links_folds_only_near_duplicates_of_each_canonical() -> None:
    """Linking is transitive, similarity is not: the far end of a chain is not a
    near-duplicate of the canonical, so it is not folded into it; it is grouped again with
    its own near-duplicates, and the most worth keeping of them stays as their canonical."""
    b = near(TOPIC, 0.96, 1)
    c = near(b, 0.96, 2)
    d = near(c, 0.97, 3)
    rows: list[dict[str, Any]] = [
        {"id": "a", "content": "Great job on the talk", "embedding": TOPIC, "importance": 0.9},
        {"id": "b", "content": "Great job on your talk", "embedding": b, "importance": 0.2},
        {"id": "c", "content": "Good job with your talk", "embedding": c, "importance": 0.8},
        {"id": "d", "content": "Good job with the talk", "embedding": d, "importance": 0.3},
    ]
    threshold = POLICY.duplicate_threshold_for(make_snapshot(rows).embedding_model)
    assert max(float(TOPIC @ c), float(TOPIC @ d), float(b @ d)) < threshold  # a chain
    plan = plan_for(rows)
    folds = {m.canonical_id: set(m.duplicate_ids) for m in plan.merges}
    assert folds == {"a": {"b"}, "c": {"d"}}
    assert plan.archived_ids() == {"b", "d"}
    assert all(m.min_similarity >= threshold for m in plan.merges)


HANDOVER = (
    "[monitor] Ana Souza recorded as the on-call owner of payments\nseverity: info",
    "[monitor] payments: on-call owner updated, Ana Souza replaced by Ben Okafor\nseverity: info",
)


@pytest.mark.parametrize("kept", ["recorded", "handover"])
def test_a_merge_never_archives_an_entry_naming_someone_the_other_does_not(kept: str) -> None:
    """Two near-duplicates, one naming someone the other does not (Ben Okafor, who took
    over): not one statement said twice, whichever is kept, so neither is folded into the
    other. Folding the handover loses who took over; folding the narrower record keeps a
    later value in the place of an earlier one ("Gertrude Stein" / "Gertrude Stein and Leo
    Stein")."""
    importance = {"recorded": 0.2, "handover": 0.2, kept: 0.9}
    rows: list[dict[str, Any]] = [
        {
            "id": "recorded",
            "content": HANDOVER[0],
            "embedding": TOPIC,
            "importance": importance["recorded"],
            "age_days": 3,
        },
        {
            "id": "handover",
            "content": HANDOVER[1],
            "embedding": near(TOPIC, 0.97, 1),
            "importance": importance["handover"],
            "age_days": 1,
        },
    ]
    plan = plan_for(rows)
    assert plan.archived_ids() == set()


def test_two_things_named_in_one_frame_are_not_merged() -> None:
    """The same alert's header and footer around two projects, each named where the other
    names another ("Open Door" / "Green Light"): two facts, however alike the vectors."""
    rows: list[dict[str, Any]] = [
        {
            "id": "door",
            "content": "Alert KB-17\nUpdated: Open Door project status: active → frozen by "
            "Finance\nlevel: warning",
            "embedding": TOPIC,
            "age_days": 2,
        },
        {
            "id": "light",
            "content": "Alert KB-17\nUpdated: Finance Green Light audit status: frozen → "
            "closed\nlevel: warning",
            "embedding": near(TOPIC, 0.97, 1),
            "age_days": 1,
        },
    ]
    assert not plan_for(rows).merges
