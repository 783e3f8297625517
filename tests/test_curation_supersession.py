"""Supersession by key: the newest entry for a key wins, the older ones point at it."""

from __future__ import annotations

from typing import Any

from snapshot_factory import NOW, basis, by_id, make_snapshot, near, only

from curation._kinds import ArchiveReason
from curation._plan import Mechanic
from curation._planner import build_plan
from curation._policy import Mode

POLICY = only("supersession")


def plan_for(rows: list[dict[str, Any]], policy: Any = POLICY) -> Any:
    return build_plan(make_snapshot(rows), policy, NOW)


def test_newest_wins() -> None:
    plan = plan_for(
        [
            {"id": "old", "key": "weather:berlin", "age_days": 3, "kind": "tool_output"},
            {"id": "new", "key": "weather:berlin", "age_days": 1, "kind": "tool_output"},
            {"id": "older", "key": "weather:berlin", "age_days": 9, "kind": "tool_output"},
            {"id": "other", "key": "weather:paris", "age_days": 9, "kind": "tool_output"},
            {"id": "unkeyed", "age_days": 9},
        ]
    )
    actions = by_id(plan.archives)
    assert set(actions) == {"old", "older"}
    for action in actions.values():
        assert action.reason == ArchiveReason.SUPERSEDED
        assert action.mechanic == Mechanic.SUPERSESSION
        assert action.target_id == "new"
        assert "weather:berlin" in action.detail
    assert plan.counts()["superseded"] == 2


def test_pinned_older_entry_stays() -> None:
    plan = plan_for(
        [
            {"id": "pinned-old", "key": "plan:42", "age_days": 30, "pinned": True},
            {"id": "mid", "key": "plan:42", "age_days": 10},
            {"id": "new", "key": "plan:42", "age_days": 1},
        ]
    )
    assert plan.archived_ids() == {"mid"}


def test_a_pinned_newest_still_wins() -> None:
    plan = plan_for(
        [
            {"id": "a", "key": "k", "age_days": 5},
            {"id": "b", "key": "k", "age_days": 1, "pinned": True},
        ]
    )
    assert by_id(plan.archives)["a"].target_id == "b"


def test_ties_go_to_the_larger_id_whatever_the_row_order() -> None:
    rows = [{"id": name, "key": "k", "age_days": 2} for name in ("m-2", "m-10", "m-3")]
    for ordering in (rows, rows[::-1], rows[1:] + rows[:1]):
        plan = plan_for(ordering)
        assert plan.archived_ids() == {"m-10", "m-2"}
        assert {a.target_id for a in plan.archives} == {"m-3"}


def test_a_narrower_newer_entry_never_demotes_a_broader_one() -> None:
    plan = plan_for(
        [
            {"id": "principle", "key": "billing", "age_days": 60, "generality": 2},
            {"id": "older-tweak", "key": "billing", "age_days": 90},
            {"id": "newer-tweak", "key": "billing", "age_days": 1},
            {"id": "newer-lesson", "key": "billing", "age_days": 2, "generality": 1},
        ]
    )
    actions = by_id(plan.archives)
    assert set(actions) == {"older-tweak", "newer-tweak", "newer-lesson"}
    assert {a.target_id for a in actions.values()} == {"principle"}
    assert actions["older-tweak"].reason == ArchiveReason.SUPERSEDED
    assert actions["newer-tweak"].reason == ArchiveReason.SUBSUMED
    assert actions["newer-lesson"].reason == ArchiveReason.SUBSUMED


def test_an_equally_broad_newer_statement_replaces_the_principle() -> None:
    plan = plan_for(
        [
            {"id": "old-principle", "key": "billing", "age_days": 60, "generality": 2},
            {"id": "new-principle", "key": "billing", "age_days": 1, "generality": 2},
        ]
    )
    assert by_id(plan.archives)["old-principle"].target_id == "new-principle"


def test_supersession_off() -> None:
    rows = [{"key": "k", "age_days": 2}, {"key": "k", "age_days": 1}]
    assert plan_for(rows, only("decay")).archives == []


def test_a_winner_folded_into_a_duplicate_cluster_hands_its_losers_to_the_canonical() -> None:
    policy = POLICY.model_copy(update={"duplicates": Mode.DRY_RUN})
    topic = basis(10)
    plan = plan_for(
        [
            {
                "id": "stale",
                "key": "k",
                "age_days": 5,
                "content": "Deploy window is short",
                "embedding": basis(20),
            },
            {
                "id": "winner",
                "key": "k",
                "age_days": 1,
                "importance": 0.2,
                "content": "Deploy window opens at night",
                "embedding": near(topic, 0.97, 1),
            },
            {
                "id": "canonical",
                "age_days": 1,
                "importance": 0.9,
                "content": "The deploy window opens at night",
                "embedding": topic,
            },
        ],
        policy,
    )
    actions = by_id(plan.archives)
    assert actions["winner"].reason == ArchiveReason.DUPLICATE
    assert actions["winner"].target_id == "canonical"
    assert actions["stale"].target_id == "canonical"
    assert "winner merged into canonical" in actions["stale"].detail
