"""The check properties as plain functions, on hand-made plans and snapshots."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime

import numpy as np
import pytest

from curation import (
    CurationPolicy,
    RunRecord,
    RunReport,
    foreign_ids,
    pinned_targets,
    plan_memory_ids,
    prune_cap,
    prune_cap_violation,
)
from curation._health import near_duplicates
from curation._kinds import ArchiveReason
from curation._plan import (
    ArchiveAction,
    ConflictCandidate,
    CurationPlan,
    Mechanic,
    MergeCluster,
    ProposalCandidate,
)
from curation._snapshot import MemorySnapshot
from orchestration.metadata import histogram_md, run_report_md, snippet, table_md

T0 = datetime(2026, 11, 1, 12, 0, tzinfo=UTC)


def ids(n: int) -> list[str]:
    return [str(uuid.UUID(int=i + 1)) for i in range(n)]


def archiving(
    memory_id: str, mechanic: Mechanic, detail: str, target_id: str | None = None
) -> ArchiveAction:
    """An archive of a memory at version 1, for the reason its mechanic gives."""
    reasons = {
        Mechanic.DECAY: ArchiveReason.DECAYED,
        Mechanic.SUPERSESSION: ArchiveReason.SUPERSEDED,
        Mechanic.DUPLICATES: ArchiveReason.DUPLICATE,
    }
    return ArchiveAction(
        memory_id=memory_id,
        mechanic=mechanic,
        reason=reasons[mechanic],
        expected_version=1,
        detail=detail,
        target_id=target_id,
    )


def decay(memory_id: str) -> ArchiveAction:
    return archiving(memory_id, Mechanic.DECAY, "stale")


def plan_with(
    archives: list[ArchiveAction],
    active: int = 10,
    policy: CurationPolicy | None = None,
    tenant: str = "acme",
) -> CurationPlan:
    return CurationPlan(
        tenant=tenant,
        planned_at=T0,
        policy=policy or CurationPolicy(),
        active_before=active,
        archives=archives,
    )


# -- prune cap ---------------------------------------------------------------------------------
def test_prune_cap_counts_decay_only_against_the_floor_of_the_ratio() -> None:
    memory = ids(5)
    superseded = archiving(memory[4], Mechanic.SUPERSESSION, "newer", target_id=memory[0])
    plan = plan_with([decay(memory[1]), decay(memory[2]), superseded], active=14)
    assert prune_cap_violation(plan) == (2, 2)  # floor(0.2 x 14) = 2: holds
    tampered = plan_with([decay(m) for m in memory[1:4]], active=14)
    observed, threshold = prune_cap_violation(tampered)
    assert (observed, threshold) == (3, 2) and observed > threshold


def test_prune_cap_ceiling_tightens_but_never_loosens_the_policy() -> None:
    plan = plan_with([], active=10)
    assert prune_cap(plan) == 2
    assert prune_cap(plan, ceiling=0.1) == 1
    assert prune_cap(plan, ceiling=0.9) == 2
    assert prune_cap(plan_with([], active=10, policy=CurationPolicy(max_prune_ratio=0.3))) == 3
    assert prune_cap(plan_with([], active=0)) == 0


# -- pinned and tenancy --------------------------------------------------------------------------
def test_pinned_targets() -> None:
    memory = ids(3)
    plan = plan_with([decay(memory[0]), decay(memory[1])])
    assert pinned_targets(plan, {memory[2]}) == []
    assert pinned_targets(plan, [memory[1], memory[2]]) == [memory[1]]


def test_every_id_a_plan_names_is_checked_for_tenancy() -> None:
    memory = ids(9)
    plan = plan_with([archiving(memory[0], Mechanic.DUPLICATES, "dup", target_id=memory[1])])
    plan.merges = [
        MergeCluster(
            canonical_id=memory[1],
            canonical_version=1,
            duplicate_ids=(memory[0],),
            recall_count_after=0,
            importance_after=0.5,
            proven_after=0,
            min_similarity=0.95,
        )
    ]
    plan.conflicts = [
        ConflictCandidate(
            memory_id=memory[2], other_id=memory[3], claim="c", evidence="e", similarity=0.9
        )
    ]
    plan.proposals = [
        ProposalCandidate(
            kind="fact",
            member_ids=tuple(memory[4:7]),
            text="p",
            generality=1,
            min_jaccard=0.6,
            mean_jaccard=0.7,
        )
    ]
    assert plan_memory_ids(plan) == set(memory[:7])
    assert foreign_ids(plan, "acme", memory[:7]) == []
    assert foreign_ids(plan, "acme", memory[:6]) == [memory[6]]  # a proposal member
    assert foreign_ids(plan, "globex", memory) == sorted(memory[:7])  # the plan is acme's
    assert foreign_ids(plan_with([], tenant="acme"), "globex", []) == ["<plan for tenant 'acme'>"]


# -- near-duplicate share ----------------------------------------------------------------------
def snapshot(vectors: list[list[float]], kinds: list[str]) -> MemorySnapshot:
    n = len(vectors)
    emb = np.asarray(vectors, dtype=np.float32)
    emb /= np.linalg.norm(emb, axis=1, keepdims=True)
    zeros = np.zeros(n)
    return MemorySnapshot(
        tenant="acme",
        embedding_model="m",
        ids=ids(n),
        kinds=kinds,
        contents=[""] * n,
        embeddings=emb,
        importance=zeros,
        generality=np.zeros(n, dtype=np.int64),
        proven=np.zeros(n, dtype=np.int64),
        recall_count=np.zeros(n, dtype=np.int64),
        created_at=zeros,
        last_recalled_at=np.full(n, np.nan),
        pinned=np.zeros(n, dtype=bool),
        supersession_keys=[None] * n,
        versions=np.ones(n, dtype=np.int64),
        open_conflicts=np.zeros(n, dtype=np.int64),
    )


def test_near_duplicate_share_counts_redundant_entries_per_kind() -> None:
    snap = snapshot(
        [[1, 0, 0], [1, 0.01, 0], [1, 0.02, 0], [0, 1, 0], [0, 1, 0.01], [0, 0, 1]],
        ["fact", "fact", "fact", "fact", "preference", "fact"],
    )
    found = near_duplicates(snap, cosine=0.99, jaccard=None)
    # one cluster of three facts (two redundant); the similar pair differs in kind
    assert (found.pairs, found.clusters, found.redundant) == (3, 1, 2)
    assert found.share == pytest.approx(2 / 6)
    assert near_duplicates(snapshot([[1, 0, 0]], ["fact"]), cosine=0.9).share == 0.0


# -- markdown ------------------------------------------------------------------------------------
def test_markdown_helpers() -> None:
    histogram = histogram_md([0.05, 0.11, 0.5, 0.95, 1.0], label="retention", marker=0.12)
    assert histogram.splitlines()[0] == "| retention | entries | share |  |"
    assert "[0.10, 0.20) ◀ threshold | 1 |" in histogram
    assert "[0.90, 1.00] | 2 | 40.0%" in histogram
    assert histogram_md([]) == "_no entries_"
    assert table_md(["a"], []) == "_none_"
    assert snippet("a | b\nc", 80) == "a \\| b c"
    assert len(snippet("x" * 200, 10)) == 10
    page = run_report_md(
        RunRecord(
            id="r1",
            started_at=datetime(2026, 11, 1, tzinfo=UTC),
            status="dry_run",
            dry_run=True,
            report=RunReport.from_stored(
                {
                    "tenant": "acme",
                    "planned": {"decayed": 2},
                    "applied": {"writing": [], "decayed": 0},
                    "modes": {"decay": "dry_run"},
                }
            ),
        )
    )
    assert "dry run" in page and "| decayed | 2 |" in page and "wrote: none" in page
