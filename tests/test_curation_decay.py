"""Decay: narrow entries the fleet stopped recalling are archived, capped, lowest first."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from snapshot_factory import NOW, by_id, make_snapshot, only

from curation._kinds import ArchiveReason
from curation._plan import Mechanic
from curation._planner import build_plan
from curation._policy import DAY

POLICY = only("decay")
FRESH = {"kind": "preference", "importance": 0.9, "age_hours": 1}  # never a candidate


def decayed(rows: list[dict[str, Any]], now: datetime = NOW, **policy: Any) -> list[str]:
    plan = build_plan(make_snapshot(rows, now=now), only("decay", **policy), now)
    assert all(a.mechanic == Mechanic.DECAY for a in plan.archives)
    return [a.memory_id for a in plan.archives]


def padded(rows: list[dict[str, Any]], total: int = 10) -> list[dict[str, Any]]:
    """Fill up with fresh entries so the 20% cap is not what the test is about."""
    return rows + [dict(FRESH) for _ in range(total - len(rows))]


@pytest.mark.parametrize(
    ("row", "archived"),
    [
        # idle: 31 days since the last touch, retention still high (preference, 180 d)
        ({"kind": "preference", "importance": 0.9, "age_days": 31}, True),
        # idle exactly max_idle_days is not *longer* than it
        ({"kind": "preference", "importance": 0.9, "age_days": 30}, False),
        ({"kind": "preference", "importance": 0.9, "age_days": 30 + 1 / DAY}, True),
        # a recall re-stamps it: created long ago, recalled 10 days ago
        (
            {"kind": "preference", "importance": 0.9, "age_days": 300, "recalled_days_ago": 10},
            False,
        ),
        # weak: tool_output 6 h old, importance 0.24 -> retention 0.12 == prune_below: kept
        ({"kind": "tool_output", "importance": 0.24, "age_hours": 6}, False),
        ({"kind": "tool_output", "importance": 0.2399, "age_hours": 6}, True),
        # pinned: never, however stale
        ({"kind": "tool_output", "importance": 0.01, "age_days": 400, "pinned": True}, False),
        # a broad principle is never archived for being quiet
        ({"kind": "fact", "importance": 0.05, "age_days": 400, "generality": 1}, False),
        ({"kind": "fact", "importance": 0.05, "age_days": 400, "generality": 0}, True),
        # open conflicts do not shield a stale entry (documented choice)
        ({"kind": "fact", "importance": 0.05, "age_days": 400, "open_conflicts": 2}, True),
    ],
)
def test_decay_edges(row: dict[str, Any], archived: bool) -> None:
    assert (decayed(padded([row])) == ["m000"]) is archived


def test_min_generality_is_configurable() -> None:
    row = {"kind": "fact", "importance": 0.05, "age_days": 400, "generality": 1}
    assert decayed(padded([row]), min_generality=2) == ["m000"]


@pytest.mark.parametrize(
    ("active", "ratio", "cap"),
    [(10, 0.2, 2), (9, 0.2, 1), (4, 0.2, 0), (10, 0.29, 2), (100, 0.29, 29), (5, 1.0, 5)],
)
def test_cap_boundary(active: int, ratio: float, cap: int) -> None:
    rows = [{"kind": "tool_output", "importance": 0.5, "age_days": 40 + k} for k in range(active)]
    plan = build_plan(make_snapshot(rows), only("decay", max_prune_ratio=ratio), NOW)
    assert len(plan.archives) == cap
    assert plan.skipped_by_cap == active - cap
    assert plan.counts()["decayed"] == cap


def test_lowest_retention_goes_first_and_the_rest_is_counted() -> None:
    rows = [
        {"kind": "fact", "importance": imp, "age_days": 40}
        for imp in (0.9, 0.1, 0.5, 0.05, 0.7, 0.3, 0.2, 0.8, 0.6, 0.4)
    ]
    plan = build_plan(make_snapshot(rows), POLICY, NOW)
    assert [a.memory_id for a in plan.archives] == ["m003", "m001"]
    assert plan.skipped_by_cap == 8
    assert [a.reason for a in plan.archives] == [ArchiveReason.DECAYED] * 2
    assert plan.archives[0].retention is not None and plan.archives[0].retention < 0.05
    assert "idle 40.0 d > 30 d" in plan.archives[0].detail


def test_ties_are_broken_by_id() -> None:
    rows = [
        {"id": name, "kind": "fact", "importance": 0.1, "age_days": 50}
        for name in ("m-z", "m-b", "m-y", "m-a", "m-c")
    ] + [dict(FRESH) for _ in range(5)]
    assert decayed(rows) == ["m-a", "m-b"]


def test_a_hotfix_recalled_last_march_is_archived_while_the_principle_stays() -> None:
    now = datetime(2024, 11, 20, 9, 0, tzinfo=UTC)
    rows: list[dict[str, Any]] = [
        {
            "id": "hotfix",
            "kind": "fact",
            "importance": 0.6,
            "generality": 0,
            "proven": 3,
            "recall_count": 12,
            "created_at": datetime(2024, 2, 1, tzinfo=UTC),
            "last_recalled_at": datetime(2024, 3, 12, tzinfo=UTC),
            "content": "Patch the vendor webhook by hand when the sync job fails",
        },
        {
            "id": "principle",
            "kind": "fact",
            "importance": 0.7,
            "generality": 2,
            "created_at": datetime(2024, 1, 5, tzinfo=UTC),
            "last_recalled_at": None,
            "content": "Validate vendor payloads at the boundary before syncing",
        },
        *[
            {
                "id": f"fresh-{k}",
                "kind": "fact",
                "importance": 0.8,
                "created_at": now - timedelta(days=2),
            }
            for k in range(3)
        ],
    ]
    plan = build_plan(make_snapshot(rows, now=now), POLICY, now)
    assert [a.memory_id for a in plan.archives] == ["hotfix"]
    assert "principle" not in plan.archived_ids()


def test_decay_off_archives_nothing() -> None:
    rows = [{"kind": "tool_output", "importance": 0.01, "age_days": 90}] * 10
    plan = build_plan(make_snapshot(rows), only("supersession"), NOW)
    assert plan.archives == [] and plan.skipped_by_cap == 0


def test_the_archive_records_what_undo_needs() -> None:
    rows = padded([{"kind": "fact", "importance": 0.1, "age_days": 60, "version": 7}])
    plan = build_plan(make_snapshot(rows), POLICY, NOW)
    action = by_id(plan.archives)["m000"]
    assert action.expected_version == 7 and action.target_id is None
