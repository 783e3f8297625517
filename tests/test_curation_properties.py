"""Properties of a whole pass over random small stores in the real database.

Each example is a fresh tenant in the test's one database (creating a database per example
would dominate the run): random kinds, keys from a small pool, pinned flags, creation times
over 120 days, importance, generality 0-2, lexical variants and value-differing twins, and
recalls at past times through ``store.recall``. With every mechanic on apply:
- the plan never archives a pinned entry, and a pinned entry's status, reason, supersession
  and parent are unchanged by the apply (as the survivor of a merge it may inherit counts);
- the plan acts on this tenant only, and another tenant's state is unchanged throughout;
- decay never takes more than floor(max_prune_ratio x active);
- every entry an archive points at (superseded_by, parent) is active after the apply
  (the explicit example: two echoes of a value fold into a canonical that a newer value
  then supersedes; the echo once kept pointing at the archived canonical);
- applying the same plan twice equals applying it once;
- undo_run restores the exact prior state.
"""

from __future__ import annotations

import math
import uuid
from datetime import timedelta
from typing import Any

from curation_helpers import T0, TRACKED, apply_all, seed_mixed, state, table_counts
from hypothesis import HealthCheck, event, example, given, settings
from hypothesis import strategies as st

from curation import MemoryStore
from curation._plan import Mechanic

BASES = [  # (text, the two values it may state)
    (
        "Always run the schema migration check before deploying the {value} service",
        ("billing", "billing"),
    ),
    ("The staging database accepts connections on port {value}", ("5433", "6432")),
    (
        "For the Hendricks household the approved mortgage pre-approval from the bank is {value}",
        ("$350,000", "$400,000"),
    ),
    (
        "Prefer structured JSON logs over plain text in every {value} service",
        ("backend", "backend"),
    ),
    ("hotfix restart the cache node after an out of memory error on {value}", ("web-1", "web-2")),
]
SUFFIXES = ["", "!", "", " again", " in production"]  # "!" is a same-words echo
KINDS = ["fact", "fact", "fact", "preference", "tool_output"]
KEYS = [None, None, None, "owner", "region"]

memory = st.fixed_dictionaries(
    {
        "base": st.integers(0, len(BASES) - 1),
        "suffix": st.integers(0, len(SUFFIXES) - 1),
        "value": st.integers(0, 1),
        "kind": st.sampled_from(KINDS),
        "key": st.sampled_from(KEYS),
        "pinned": st.sampled_from([False, False, False, True]),
        "age_days": st.floats(0, 120),
        "importance": st.floats(0.05, 1.0),
        "generality": st.integers(0, 2),
    }
)
recall = st.tuples(st.integers(0, 19), st.floats(0, 90), st.integers(1, 3))


def plain(base: int, value: int, suffix: int, age_days: float, importance: float) -> Any:
    fields = {"base": base, "suffix": suffix, "value": value, "age_days": age_days}
    return fields | {
        "kind": "fact",
        "key": None,
        "pinned": False,
        "importance": importance,
        "generality": 0,
    }


def keyed(
    base: int, value: int, suffix: int, age_days: float, key: str | None, generality: int
) -> Any:
    fields = {"base": base, "suffix": suffix, "value": value, "age_days": age_days}
    return fields | {
        "kind": "fact",
        "key": key,
        "pinned": False,
        "importance": 1.0,
        "generality": generality,
    }


# a key's narrower loser ("billing!") is archived beneath the broader keyed "6432!", which
# folds as a duplicate into "6432", which "5433" then supersedes: the loser must end up
# pointing at "5433" (which of the two "6432" wins the fold depends on the ids' order)
KEY_LOSER_CHAIN = [
    keyed(0, 0, 0, 0.0, None, 0),
    keyed(0, 0, 1, 0.0, "owner", 0),
    keyed(1, 0, 0, 0.0, None, 1),
    keyed(1, 1, 0, 1.0, None, 1),
    keyed(1, 1, 1, 1.0, "owner", 1),
]

SUPERSEDED_CANONICAL = [
    plain(4, 0, 0, 50, 0.2),
    plain(4, 0, 1, 40, 0.9),
    plain(4, 1, 0, 10, 0.5),
    plain(0, 0, 0, 10, 0.5),
]


def content_of(m: dict[str, Any]) -> str:
    text, values = BASES[m["base"]]
    return text.format(value=values[m["value"]]) + SUFFIXES[m["suffix"]]


def write_example(
    store: MemoryStore, tenant: str, memories: list[dict[str, Any]], recalls: list[Any]
) -> list[str]:
    results = store.remember_many(
        tenant,
        [
            {
                "content": content_of(m),
                "kind": m["kind"],
                "supersession_key": m["key"],
                "pinned": m["pinned"],
                "importance": m["importance"],
                "generality": m["generality"],
                "created_at": T0 - timedelta(days=m["age_days"]),
            }
            for m in memories
        ],
        now=T0 - timedelta(days=120),
    )
    ids = sorted({r.id for r in results})
    for index, days_ago, k in sorted(recalls, key=lambda r: -r[1]):  # oldest first
        query = content_of(memories[index % len(memories)])
        store.recall(tenant, query, k=k, now=T0 - timedelta(days=days_ago))
    return ids


def active_targets_hold(store: MemoryStore, tenant: str) -> None:
    now = state(store, tenant)
    status, sup, parent = (TRACKED.index(f) for f in ("status", "superseded_by", "parent_id"))
    for memory_id, row in now.items():
        if row[status] != "archived":
            continue
        for target in (row[sup], row[parent]):
            if target is not None:
                assert now[target][status] == "active", (memory_id, target)


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    memories=st.lists(memory, min_size=4, max_size=20),
    recalls=st.lists(recall, max_size=4),
)
@example(memories=SUPERSEDED_CANONICAL, recalls=[])
@example(memories=KEY_LOSER_CHAIN, recalls=[])
def test_a_pass_over_a_random_store(
    store: MemoryStore, memories: list[dict[str, Any]], recalls: list[Any]
) -> None:
    bystander = "bystander"
    if bystander not in store.tenants.all():
        seed_mixed(store, bystander)
        store.tenants.set_policy(bystander, apply_all())
    tenant = "t-" + uuid.uuid4().hex[:10]
    ids = write_example(store, tenant, memories, recalls)
    store.tenants.set_policy(tenant, apply_all())
    before = state(store, tenant)
    others = (state(store, bystander), table_counts(store, bystander))
    pinned = {m for m, row in before.items() if row[TRACKED.index("pinned")]}

    plan = store.runs.plan(tenant)

    # the plan: this tenant only, never a pinned entry, decay within the cap
    assert plan.tenant == tenant
    acted_on = (
        plan.archived_ids()
        | {t for a in plan.archives if (t := a.target_id) is not None}
        | {c.memory_id for c in plan.conflicts}
        | {c.other_id for c in plan.conflicts}
    )
    acted_on |= {m for p in plan.proposals for m in p.member_ids}
    assert acted_on <= set(ids)
    assert not plan.archived_ids() & pinned
    assert len(plan.archived_ids()) == len(plan.archives)  # nobody archived twice
    decayed = plan.archived_by(Mechanic.DECAY)
    assert len(decayed) <= math.floor(plan.policy.max_prune_ratio * plan.active_before + 1e-9)
    assert plan.active_before == sum(
        1 for row in before.values() if row[TRACKED.index("status")] == "active"
    )

    for mechanic in Mechanic:
        if plan.archived_by(mechanic):
            event(f"archives by {mechanic.value}")
    if plan.merges:
        event("merges")
    if plan.conflicts:
        event("conflicts")
    if plan.proposals:
        event("proposals")

    first = store.runs.apply(plan)
    once = state(store, tenant)
    second = store.runs.apply(plan)

    assert set(first.archived_ids) == plan.archived_ids()  # nothing moved in between
    for memory_id in pinned:
        kept = ("status", "archive_reason", "superseded_by", "parent_id", "pinned")
        for f in kept:
            assert once[memory_id][TRACKED.index(f)] == before[memory_id][TRACKED.index(f)]
    active_targets_hold(store, tenant)
    assert second.archived_ids == second.conflict_ids == second.proposal_ids == []
    assert state(store, tenant) == once

    store.runs.undo(tenant, first.run_id)

    assert state(store, tenant) == before
    assert (state(store, bystander), table_counts(store, bystander)) == others


def test_a_keys_loser_follows_its_winners_chain_to_the_end(store: MemoryStore) -> None:
    for _ in range(8):  # each tenant draws new ids, so both fold orders come up
        tenant = "t-" + uuid.uuid4().hex[:10]
        write_example(store, tenant, KEY_LOSER_CHAIN, [])
        store.tenants.set_policy(tenant, apply_all())
        store.runs.apply(store.runs.plan(tenant))
        active_targets_hold(store, tenant)
