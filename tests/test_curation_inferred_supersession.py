"""Key-less supersession in the plan: a newer statement of the same subject and slot with
another value supersedes the older (inferred, reversible), or opens a conflict on the
older when unsure; keys win; multi-valued relations and other subjects stay untouched."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from snapshot_factory import NOW, basis, make_snapshot, near, only

from curation._change import compare_slots
from curation._kinds import ArchiveReason
from curation._plan import CurationPlan, Mechanic
from curation._planner import build_plan
from curation._policy import CurationPolicy, Mode
from curation._review import ReviewGate
from curation._snapshot import epoch
from curation.mechanics.contradictions import SlotChange
from curation.mechanics.supersession import plan_inferred
from curation.mechanics.work import PlanWork

TOPIC = basis(7)
# the mechanic itself, with the review gate open (no reviews asked for): the gate, which
# holds these changes until a tenant earns their apply, is tests/test_review_gate.py
BOTH = only("supersession", inferred_min_reviewed=0).model_copy(
    update={"contradiction": Mode.DRY_RUN}
)
CONFLICTS_ONLY = only("contradiction")


def plan_for(rows: list[dict[str, Any]], policy: Any = BOTH) -> CurationPlan:
    return build_plan(make_snapshot(rows), policy, NOW)


def pair(older: str, newer: str, cosine: float = 0.9, **newer_fields: Any) -> list[dict[str, Any]]:
    return [
        {"id": "old", "content": older, "embedding": TOPIC, "age_days": 40},
        {"id": "new", "content": newer, "embedding": near(TOPIC, cosine, 1), "age_days": 3}
        | newer_fields,
    ]


PORTO = "Ana plays for Porto since 2019."
BRAGA = "Ana plays for Braga since 2023."


def test_a_newer_value_of_the_same_slot_supersedes_the_older_reversibly() -> None:
    plan = plan_for(pair(PORTO, BRAGA))
    assert [a.memory_id for a in plan.archives] == ["old"]
    action = plan.archives[0]
    assert action.mechanic == Mechanic.SUPERSESSION
    assert action.reason == ArchiveReason.SUPERSEDED
    assert action.target_id == "new" and action.inferred
    assert action.detail.startswith("inferred supersession: one value changed")
    assert action.detail.endswith("by new")
    assert "'Porto' -> 'Braga'" in action.detail
    assert plan.conflicts == []


def test_without_supersession_the_change_is_a_conflict_on_the_older_side() -> None:
    plan = plan_for(pair(PORTO, BRAGA), CONFLICTS_ONLY)
    assert plan.archives == []
    [conflict] = plan.conflicts
    assert (conflict.memory_id, conflict.other_id, conflict.claim) == ("old", "new", BRAGA)


def test_given_keys_win_over_inference() -> None:
    plan = plan_for(pair(PORTO, BRAGA, key="ana-club"))
    assert plan.archives == []  # left to key supersession; the pair is only doubted
    assert [c.memory_id for c in plan.conflicts] == ["old"]


def test_a_pinned_or_broader_older_entry_is_doubted_not_superseded() -> None:
    rows = pair(PORTO, BRAGA)
    rows[0]["pinned"] = True
    assert plan_for(rows).archives == []
    rows = pair(PORTO, BRAGA)
    rows[0]["generality"] = 2
    assert plan_for(rows).archives == []
    assert [c.memory_id for c in plan_for(rows).conflicts] == ["old"]


def test_values_held_at_the_same_moment_do_not_supersede_each_other() -> None:
    rows = pair(PORTO, BRAGA)
    rows[1]["age_days"] = 40  # written together: a multi-valued slot at that moment
    plan = plan_for(rows)
    assert plan.archives == [] and plan.conflicts == []


def test_multi_valued_additions_and_events_do_not_collapse() -> None:
    plan = plan_for(pair("Ana speaks Portuguese.", "Ana also speaks Spanish."))
    assert plan.archives == [] and plan.conflicts == []
    plan = plan_for(pair("Ana won the Golden Boot in 2019.", "Ana won the Ballon Award in 2023."))
    assert plan.archives == [] and plan.conflicts == []


def test_different_subjects_are_neither_superseded_nor_contested() -> None:
    plan = plan_for(pair(PORTO, "Bo plays for Braga since 2023.", cosine=0.95))
    assert plan.archives == [] and plan.conflicts == []


def test_a_chain_of_changes_points_every_older_value_at_the_current_one() -> None:
    rows = [
        {
            "id": "a",
            "content": "Ana plays for Porto since 2015.",
            "embedding": TOPIC,
            "age_days": 300,
        },
        {
            "id": "b",
            "content": "Ana plays for Braga since 2019.",
            "embedding": near(TOPIC, 0.93, 1),
            "age_days": 200,
        },
        {
            "id": "c",
            "content": "Ana plays for Benfica since 2023.",
            "embedding": near(TOPIC, 0.93, 2),
            "age_days": 10,
        },
    ]
    plan = plan_for(rows)
    assert {a.memory_id: a.target_id for a in plan.archives} == {"a": "c", "b": "c"}


def _employers(priya_first: str, priya_then: str, lena: str) -> list[dict[str, object]]:
    return [
        {"id": "a", "content": priya_first, "embedding": TOPIC, "age_days": 300},
        {"id": "b", "content": priya_then, "embedding": near(TOPIC, 0.93, 1), "age_days": 200},
        {"id": "c", "content": lena, "embedding": near(TOPIC, 0.93, 2), "age_days": 10},
    ]


def test_a_chain_never_carries_an_older_value_over_to_another_subject() -> None:
    """Each link is one pair's reading: Fernhill said of Lena after Priya reads as a change
    of one stretch (nothing in "X works at Y now" marks which name is the subject), but
    Priya's first employer is not Lena's statement's to replace. Which link is wrong the
    plan cannot tell, so the first entry stays active."""
    plan = plan_for(
        _employers(
            "priya raman works at tessaract labs now",
            "priya raman works at fernhill analytics now",
            "lena fischer works at fernhill analytics now",
        )
    )
    targets = {a.memory_id: a.target_id for a in plan.archives}
    assert "a" not in targets  # kept: its chain ends at another subject's statement
    assert [(h.older_id, h.newer_id) for h in plan.held if h.older_id == "a"] == [("a", "b")]


@pytest.mark.parametrize(
    "wording",
    [
        "{name}'s employer is {employer}.",  # an owner
        "{name}: employer now {employer}",  # a key and its value
    ],
)
def test_the_same_value_of_another_owner_ends_no_chain(wording: str) -> None:
    """Written with owners ("Priya Raman's employer") or as a key ("priya raman: employer
    now …"), Lena's statement is another subject's: no link to it, so Priya's own change
    stands and is applied."""
    plan = plan_for(
        _employers(
            wording.format(name="Priya Raman", employer="Tessaract Labs"),
            wording.format(name="Priya Raman", employer="Fernhill Analytics"),
            wording.format(name="Lena Fischer", employer="Fernhill Analytics"),
        )
    )
    targets = {a.memory_id: a.target_id for a in plan.archives}
    assert targets == {"a": "b"}
    assert not [h for h in plan.held if "c" in (h.older_id, h.newer_id)]


def test_a_superseded_canonical_takes_its_duplicates_with_it() -> None:
    """Two echoes of the old value fold into one canonical, which the newer value then
    supersedes: the echo is superseded by the newer entry too, never left pointing at
    the archived canonical, and the merge into it is dropped."""
    policy = BOTH.model_copy(update={"duplicates": Mode.DRY_RUN})
    rows = [
        {"id": "echo", "content": PORTO, "embedding": TOPIC, "age_days": 50},
        {
            "id": "old",
            "content": PORTO + "!",
            "embedding": TOPIC,
            "age_days": 40,
            "importance": 0.9,
        },
        {"id": "new", "content": BRAGA, "embedding": near(TOPIC, 0.9, 1), "age_days": 3},
    ]
    plan = plan_for(rows, policy)
    archives = {a.memory_id: a for a in plan.archives}
    assert set(archives) == {"echo", "old"}
    for action in archives.values():
        assert (action.reason, action.target_id, action.inferred) == (
            ArchiveReason.SUPERSEDED,
            "new",
            True,
        )
    assert plan.merges == []
    assert sum("near-duplicate of" in a.detail for a in archives.values()) == 1


def test_decay_never_rests_on_an_unconfirmed_change_when_the_newest_is_gone() -> None:
    """ "LT-0417 is assigned to Hana Kim" reads as changed by "LT-1387 is assigned to Hana
    Kim" (one substitution: a pair cannot tell the subject from the value), and the chain
    of changes from there ends at an entry already archived, so no supersession is
    planned. The unconfirmed reading must then not count as a cover either, or decay
    archives a current fact on another laptop's say-so."""
    texts = [
        "LT-0417 is assigned to Hana Kim.",
        "LT-1387 is assigned to Hana Kim.",
        "LT-1387 is assigned to Liam Byrne.",
    ]
    snap = make_snapshot(
        [{"id": str(i), "content": t, "embedding": TOPIC, "age_days": 900 - 300 * i}
         for i, t in enumerate(texts)]
    )  # fmt: skip  # one comprehension, read as a table row
    policy = CurationPolicy()
    work = PlanWork(
        snap=snap,
        policy=policy,
        now=epoch(NOW),
        retention=np.zeros(len(snap)),
        rank=np.zeros(len(snap)),
        archived=np.array([False, False, True]),  # the end of the chain went before
        review=ReviewGate.for_policy(policy),
    )
    changes = [
        SlotChange(0, 1, 0.95, compare_slots(texts[0], texts[1])),
        SlotChange(1, 2, 0.95, compare_slots(texts[1], texts[2])),
    ]
    for change in changes:
        work.cover(change.older, change.newer, same_slot=True)
    plan_inferred(work, changes)
    assert work.archives == [] and work.active_covers(0) == []
