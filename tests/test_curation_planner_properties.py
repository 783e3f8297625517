"""Properties every plan keeps, over random snapshots (hypothesis)."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from snapshot_factory import NOW, make_snapshot

from curation._plan import CurationPlan, Mechanic
from curation._planner import build_plan
from curation._policy import MINILM_MODEL, CurationPolicy
from curation._snapshot import MemorySnapshot

DIM = 16
KINDS = ["tool_output", "conversation", "fact", "preference"]
TEXTS = [
    "The user's plan is Basic",
    "The user's plan is Pro",
    "The user's plan is Basic.",
    "Deploy on Friday",
    "Never deploy on Friday",
    "Always run the compliance check before listing",
    "Before listing, always run the compliance check",
    "Always run the compliance check before listing a product",
    "Run the marketplace compliance check before listing",
    "The budget is 350,000",
    "The budget is 400,000",
    "Weather in Berlin is rainy",
]
TOPICS = np.linalg.qr(np.random.default_rng(0).standard_normal((DIM, DIM)))[0][:4]


@st.composite
def rows(draw: st.DrawFn) -> list[dict[str, Any]]:
    n = draw(st.integers(0, 60))
    out = []
    for k in range(n):
        topic = TOPICS[draw(st.integers(0, 3))]
        noise = draw(st.sampled_from([0.0, 0.02, 0.1, 0.4, 2.0]))
        seed = draw(st.integers(0, 2**16))
        vec = topic + noise * np.random.default_rng(seed).standard_normal(DIM)
        age = draw(st.floats(0, 400))
        recalled = draw(st.one_of(st.none(), st.floats(0, 1)))
        out.append(
            {
                "id": f"m{draw(st.integers(0, 10**6)):07d}-{k}",
                "kind": draw(st.sampled_from(KINDS)),
                "content": draw(st.sampled_from(TEXTS)),
                "embedding": (vec / np.linalg.norm(vec)).astype(np.float32),
                "importance": draw(st.floats(0, 1)),
                "generality": draw(st.integers(0, 2)),
                "proven": draw(st.integers(0, 20)),
                "recall_count": draw(st.integers(0, 30)),
                "age_days": age,
                "recalled_days_ago": None if recalled is None else age * recalled,
                "pinned": draw(st.booleans()),
                "key": draw(st.sampled_from([None, None, "k1", "k2", "k3"])),
                "version": draw(st.integers(1, 9)),
            }
        )
    return out


policies = st.builds(
    CurationPolicy,
    max_prune_ratio=st.sampled_from([0.0, 0.2, 0.5, 1.0]),
    prune_below=st.sampled_from([0.0, 0.12, 0.5]),
    max_idle_days=st.sampled_from([1.0, 30.0]),
    min_cluster_size=st.sampled_from([2, 3]),
)


def comparable(plan: CurationPlan) -> dict[str, Any]:
    return plan.to_dict()


def check_invariants(snap: MemorySnapshot, policy: CurationPolicy, plan: CurationPlan) -> None:
    ids = set(snap.ids)
    pinned = {i for i, p in zip(snap.ids, snap.pinned.tolist(), strict=True) if p}
    archived = [a.memory_id for a in plan.archives]
    assert len(archived) == len(set(archived)), "archived twice"
    assert not set(archived) & pinned, "pinned entry archived"
    assert set(archived) <= ids
    decayed = plan.archived_by(Mechanic.DECAY)
    assert len(decayed) <= math.floor(policy.max_prune_ratio * len(snap) + 1e-9)
    archived_set = set(archived)
    folded = {a.memory_id for a in plan.archived_by(Mechanic.DUPLICATES)}
    for action in plan.archives:
        if action.target_id is not None:
            assert action.target_id in ids
            assert action.target_id not in archived_set, "target archived by the same plan"
            assert action.target_id != action.memory_id
    for merge in plan.merges:
        assert merge.canonical_id not in archived_set
        assert set(merge.duplicate_ids) <= archived_set
    for conflict in plan.conflicts:
        assert {conflict.memory_id, conflict.other_id} & archived_set == set()
    for proposal in plan.proposals:
        # echoes folded as duplicates may still be members; stale entries may not
        assert set(proposal.member_ids) & (archived_set - folded) == set()
        assert len(proposal.member_ids) >= policy.min_cluster_size
    index = snap.index_of()
    for action in plan.archives:
        assert action.expected_version == int(snap.versions[index[action.memory_id]])


# hypothesis's default of 100 examples (was 150; each builds two plans): the draws still
# span both models, every policy setting and snapshots of 0 to 60 rows
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=rows(), policy=policies, model=st.sampled_from(["test-model", MINILM_MODEL]))
def test_plan_invariants(data: list[dict[str, Any]], policy: CurationPolicy, model: str) -> None:
    snap = make_snapshot(data, model=model, dim=DIM)
    plan = build_plan(snap, policy, NOW)
    check_invariants(snap, policy, plan)
    assert comparable(build_plan(snap, policy, NOW)) == comparable(plan)


@settings(max_examples=40, deadline=None)
@given(data=rows(), seed=st.integers(0, 1000))
def test_plan_does_not_depend_on_row_order(data: list[dict[str, Any]], seed: int) -> None:
    """Shuffling the snapshot's rows changes no decision (only list order may differ)."""
    policy = CurationPolicy()
    order = np.random.default_rng(seed).permutation(len(data)).tolist()
    first = build_plan(make_snapshot(data, dim=DIM), policy, NOW)
    second = build_plan(make_snapshot([data[k] for k in order], dim=DIM), policy, NOW)
    assert {(a.memory_id, a.reason, a.target_id) for a in first.archives} == {
        (a.memory_id, a.reason, a.target_id) for a in second.archives
    }
    assert {(c.memory_id, c.other_id) for c in first.conflicts} == {
        (c.memory_id, c.other_id) for c in second.conflicts
    }
    assert {frozenset(p.member_ids) for p in first.proposals} == {
        frozenset(p.member_ids) for p in second.proposals
    }


def test_timings_are_recorded_per_phase_outside_the_plan() -> None:
    timings: dict[str, float] = {}
    plan = build_plan(
        make_snapshot([{"content": "x"}, {"content": "y"}]), CurationPolicy(), NOW, timings=timings
    )
    assert "timings" not in plan.to_dict()
    assert {
        "scoring",
        "supersession",
        "duplicates",
        "decay",
        "conflicts",
        "proposals",
        "total",
    } <= set(timings)


def test_empty_snapshot() -> None:
    plan = build_plan(make_snapshot([]), CurationPolicy(), NOW)
    assert plan.counts()["active_after"] == 0 and plan.archives == []
