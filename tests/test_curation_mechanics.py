"""The mechanics' shared decisions (``curation/mechanics/``): the plan and the write path
call the same functions, so these pin the rules both follow — the survivor rule of a
key, a topic's principle, a same-slot change on write, and which mechanics an apply
writes."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from snapshot_factory import NOW, by_id, make_snapshot, only

from curation._kinds import ArchiveReason
from curation._plan import Mechanic
from curation._planner import build_plan
from curation._policy import CompressionMode, CurationPolicy, Mode
from curation._snapshot import epoch
from curation.mechanics import writing
from curation.mechanics.contradictions import change_on_write, may_contest_on_write
from curation.mechanics.subsumption import TopicPrinciple, on_topic_write
from curation.mechanics.supersession import (
    KeyHolder,
    WrittenChange,
    inferred_on_write,
    settle_key,
)

T0 = datetime(2025, 3, 1, tzinfo=UTC)

# (id, generality, days after T0, pinned): a principle written on day 2, narrower
# statements before and after it, a pinned old one, and one written with the principle
HOLDERS = [
    ("a-old", 0, 0, False),
    ("b-pinned", 0, 1, True),
    ("c-principle", 1, 2, False),
    ("d-newer-narrow", 0, 5, False),
    ("e-same-instant", 0, 2, False),
]
EXPECTED = {
    "a-old": ArchiveReason.SUPERSEDED,
    "d-newer-narrow": ArchiveReason.SUBSUMED,
    # stated with the winner, its id after the winner's: newer by the rule's tie-break
    "e-same-instant": ArchiveReason.SUBSUMED,
}


@pytest.mark.parametrize("as_epoch", [True, False], ids=["plan-time", "write-time"])
def test_the_survivor_rule_is_broadest_then_newest_then_id(as_epoch: bool) -> None:
    holders = [
        KeyHolder(
            memory_id,
            memory_id,
            generality,
            epoch(T0 + timedelta(days=days)) if as_epoch else T0 + timedelta(days=days),
            pinned,
        )
        for memory_id, generality, days, pinned in HOLDERS
    ]
    winner, losers = settle_key(holders)
    assert winner.memory_id == "c-principle"
    assert {h.memory_id: reason for h, reason in losers} == EXPECTED
    assert [h.memory_id for h, _ in losers] == ["a-old", "d-newer-narrow", "e-same-instant"]


def test_the_plan_settles_a_key_by_the_same_rule() -> None:
    rows = [
        {
            "id": memory_id,
            "key": "plan:42",
            "generality": generality,
            "created_at": T0 + timedelta(days=days),
            "pinned": pinned,
        }
        for memory_id, generality, days, pinned in HOLDERS
    ]
    plan = build_plan(make_snapshot(rows), only("supersession"), NOW)
    actions = by_id(plan.archives)
    assert {i: a.reason for i, a in actions.items()} == EXPECTED
    assert {a.target_id for a in actions.values()} == {"c-principle"}
    assert all(a.mechanic == Mechanic.SUPERSESSION for a in actions.values())


def test_a_narrower_write_is_filed_beneath_the_topics_broadest_principle() -> None:
    principles = [TopicPrinciple("p1", 1), TopicPrinciple("p2", 2), TopicPrinciple("p3", 2)]
    verdict = on_topic_write(0, principles)
    assert verdict.parent == "p3" and verdict.replaced == []  # broadest, then the greatest id


def test_a_broader_write_replaces_the_narrower_principles_only() -> None:
    principles = [TopicPrinciple("p1", 1), TopicPrinciple("p2", 2), TopicPrinciple("p3", 3)]
    verdict = on_topic_write(3, principles)
    assert verdict.parent is None and verdict.replaced == ["p1", "p2"]
    assert on_topic_write(0, []).parent is None


PORT_OLD = "The catalog service runs on port 8121"
PORT_NEW = "The catalog service now runs on port 9011"


def _written(
    older_at: datetime, *, older_keyed: bool = False, older_pinned: bool = False
) -> WrittenChange:
    slot = change_on_write(PORT_OLD, PORT_NEW)
    assert slot is not None
    return WrittenChange(
        older_id="old",
        older_version=3,
        older_at=older_at,
        older_pinned=older_pinned,
        older_generality=0,
        older_keyed=older_keyed,
        newer_id="new",
        newer_at=T0,
        newer_generality=0,
        newer_keyed=False,
        similarity=0.91234,
        slot=slot,
    )


def test_a_confident_change_on_write_supersedes_the_strictly_older_entry() -> None:
    action = inferred_on_write(_written(T0 - timedelta(days=1)))
    assert action is not None
    assert (action.memory_id, action.target_id, action.expected_version) == ("old", "new", 3)
    assert action.inferred and action.reason == ArchiveReason.SUPERSEDED
    assert action.similarity == 0.9123 and "'8121' -> '9011'" in action.detail


def test_no_inferred_supersession_on_write_when_not_strictly_newer_or_keyed_or_pinned() -> None:
    assert inferred_on_write(_written(T0)) is None
    assert inferred_on_write(_written(T0 - timedelta(days=1), older_keyed=True)) is None
    assert inferred_on_write(_written(T0 - timedelta(days=1), older_pinned=True)) is None


def test_another_subjects_value_is_no_change_on_write() -> None:
    assert change_on_write(PORT_OLD, "The search service now runs on port 9011") is None


def test_a_write_doubts_only_what_was_stated_no_later_and_not_beside_it() -> None:
    assert may_contest_on_write(T0 - timedelta(days=1), T0, same_batch=False)
    assert may_contest_on_write(T0, T0, same_batch=False)  # contested, never superseded
    assert not may_contest_on_write(T0 + timedelta(seconds=1), T0, same_batch=False)
    assert not may_contest_on_write(T0 - timedelta(days=1), T0, same_batch=True)


def test_an_apply_writes_the_mechanics_set_to_apply_and_proposals() -> None:
    policy = CurationPolicy().with_all_modes(Mode.DRY_RUN)
    assert writing(policy) == {Mechanic.COMPRESSION}
    policy = policy.model_copy(update={"decay": Mode.APPLY, "compression": CompressionMode.OFF})
    assert writing(policy) == {Mechanic.DECAY}
    assert writing(CurationPolicy().with_all_modes(Mode.APPLY)) == set(Mechanic)
