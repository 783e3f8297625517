"""Guardrails that hold across runs: the prune cap over a rolling window, and a retried
import of the same file that is a no-op for curation."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

from snapshot_factory import NOW, make_snapshot, only

from curation import MemoryStore
from curation._kinds import MemoryKind
from curation._planner import build_plan
from curation._policy import Mode, max_decays_in_window
from curation._store.writes import is_new_evidence

TENANT = "guardrails"
EVERY_KIND = frozenset(MemoryKind)


def test_the_rolling_cap_counts_what_the_window_already_pruned() -> None:
    assert max_decays_in_window(0.2, 100, 0) == 20
    # 20 already pruned today out of 100 at the window's start: nothing more today
    assert max_decays_in_window(0.2, 80, 20) == 0
    assert max_decays_in_window(0.2, 90, 10) == 10


def test_the_plan_reports_and_obeys_the_window_cap() -> None:
    rows = [{"kind": "tool_output", "importance": 0.01, "age_days": 60} for _ in range(10)]
    policy = only("decay", decay_uncovered_kinds=EVERY_KIND)
    first = build_plan(make_snapshot(rows), policy, NOW)
    assert first.counts()["decayed"] == 2 and first.counts()["prune_cap"] == 2
    again = build_plan(make_snapshot(rows[:8]), policy, NOW, pruned_in_window=2)
    assert again.counts()["decayed"] == 0 and again.counts()["pruned_in_window"] == 2
    assert again.skipped_by_cap == 8


def test_three_applies_at_one_moment_archive_at_most_the_cap(store: MemoryStore) -> None:
    at = store.clock.now()
    store.remember_many(
        TENANT,
        [
            {
                "content": f"tool run {n} returned status {n}",
                "kind": "tool_output",
                "created_at": at - timedelta(days=40),
                "importance": 0.01,
            }
            for n in range(20)
        ],
    )
    policy = store.tenants.policy(TENANT).with_all_modes(Mode.APPLY)
    store.tenants.set_policy(
        TENANT, policy.model_copy(update={"decay_uncovered_kinds": EVERY_KIND})
    )
    reports = [store.runs.curate(TENANT, apply=True, now=at) for _ in range(3)]
    assert store.counts(TENANT).active == 16  # 20% of 20, not 3 x 20% of what is left
    assert [r.planned["prune_cap"] for r in reports] == [4, 0, 0]
    assert reports[-1].planned["pruned_in_window"] == 4
    later = store.runs.curate(TENANT, apply=True, now=at + timedelta(hours=25))
    assert later.planned["prune_cap"] == 3  # a new window: 20% of the 16 left


def test_only_a_restatement_newer_than_the_archive_is_new_evidence() -> None:
    archived = datetime(2025, 3, 1, tzinfo=UTC)
    assert not is_new_evidence(archived - timedelta(days=30), archived)
    assert not is_new_evidence(archived, archived)
    assert is_new_evidence(archived + timedelta(seconds=1), archived)
    assert is_new_evidence(None, archived)  # said now: new evidence


def test_reimporting_the_same_file_revives_nothing(store: MemoryStore, tmp_path: Path) -> None:
    at = store.clock.now()
    lines = [
        {
            "content": f"idle tool output number {n}",
            "kind": "tool_output",
            "created_at": (at - timedelta(days=60)).isoformat(),
            "importance": 0.01,
            "id": f"00000000-0000-4000-8000-{n:012d}",
        }
        for n in range(10)
    ]
    path = tmp_path / "memories.jsonl"
    path.write_text("\n".join(json.dumps(line) for line in lines) + "\n")
    assert store.transfer.import_jsonl(path, TENANT, now=at).imported == 10
    policy = store.tenants.policy(TENANT).with_all_modes(Mode.APPLY)
    store.tenants.set_policy(
        TENANT, policy.model_copy(update={"decay_uncovered_kinds": EVERY_KIND})
    )
    store.runs.curate(TENANT, apply=True, now=at)
    assert store.counts(TENANT).active == 8
    again = store.transfer.import_jsonl(path, TENANT, now=at + timedelta(hours=1))
    assert (again.imported, again.restated, again.revived) == (0, 10, 0)
    assert store.counts(TENANT).active == 8
    archived = store.memories(TENANT, status="archived")
    assert len(archived) == 2
    said_again = store.remember(TENANT, archived[0].content, kind="tool_output")  # said now
    assert said_again.revived and store.counts(TENANT).active == 9
