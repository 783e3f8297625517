"""Decay never destroys the only active carrier of a piece of information: an idle entry
decays only if its kind is noise by nature (tool output) or something active covers it
(a near-duplicate, a principle above it, a newer statement of its slot)."""

from __future__ import annotations

from typing import Any

import pytest
from snapshot_factory import NOW, basis, make_snapshot, near, only

from curation._kinds import MemoryKind
from curation._plan import CurationPlan
from curation._planner import build_plan
from curation._policy import Mode

OLD = {"importance": 0.1, "age_days": 90}
FRESH = {"kind": "preference", "importance": 0.9, "age_hours": 1}
DECAY = only("decay")


# decay with the contradiction detector on (dry run), so it sees a newer value of a slot
DOUBTING = only("decay").model_copy(update={"contradiction": Mode.DRY_RUN})


def decay_plan(rows: list[dict[str, Any]], policy: Any = DECAY) -> CurationPlan:
    rows = rows + [dict(FRESH) for _ in range(12)]  # keep the 20% cap out of the way
    return build_plan(make_snapshot(rows), policy, NOW)


def decayed(rows: list[dict[str, Any]], policy: Any = DECAY) -> set[str]:
    return {a.memory_id for a in decay_plan(rows, policy).archives if a.mechanic.value == "decay"}


def ana_moved() -> list[dict[str, Any]]:
    """An idle statement of Ana's club, and a newer one of the same slot, two days old."""
    topic = basis(5)
    older = {"id": "old", "content": "Ana plays for Porto since 2019.", "embedding": topic}
    newer = {"content": "Ana plays for Braga since 2023.", "embedding": near(topic, 0.9, 1)}
    return [older | OLD, {"id": "new", **newer, "age_days": 2}]


def test_an_idle_conversation_turn_that_is_the_only_record_is_kept() -> None:
    rows = [{"id": "turn", "kind": "conversation", "content": "Caroline adopted a dog"} | OLD]
    assert decayed(rows) == set()


def test_tool_output_is_noise_by_nature_and_decays_uncovered() -> None:
    rows = [{"id": "log", "kind": "tool_output", "content": "HTTP 200 in 31 ms"} | OLD]
    assert decayed(rows) == {"log"}


def test_the_policy_may_let_any_kind_decay_uncovered() -> None:
    rows = [{"id": "turn", "kind": "conversation", "content": "Caroline adopted a dog"} | OLD]
    policy = only("decay", decay_uncovered_kinds=frozenset(MemoryKind))
    assert decayed(rows, policy) == {"turn"}


def test_an_entry_covered_by_an_active_near_duplicate_may_decay() -> None:
    topic = basis(3)
    rows = [
        {"id": "a", "content": "Deploys go out on Tuesdays", "embedding": topic} | OLD,
        {
            "id": "b",
            "content": "Deploys go out on Tuesdays.",
            "embedding": near(topic, 0.97, 1),
            "importance": 0.9,
            "age_hours": 2,
        },
    ]
    assert decayed(rows) == {"a"}


def idle_and_fresh(idle: str, fresh: str) -> list[dict[str, Any]]:
    """An idle entry and a fresh, important near-twin of it (cosine 0.97)."""
    topic = basis(4)
    return [
        {"id": "idle", "content": idle, "embedding": topic} | OLD,
        {
            "id": "fresh",
            "content": fresh,
            "embedding": near(topic, 0.97, 1),
            "importance": 0.9,
            "age_hours": 2,
        },
    ]


def test_a_near_duplicate_naming_other_people_does_not_cover_an_entry() -> None:
    """An idle entry is not carried on by a fresher near-twin that names someone it does
    not, or names fewer: "Ana Souza replaced by Ben Okafor" is not "Ana Souza recorded as
    the on-call owner" said again, either way round, and decay would lose one of them."""
    recorded = "[monitor] Ana Souza recorded as the on-call owner of payments"
    handover = "[monitor] payments: on-call owner updated, Ana Souza replaced by Ben Okafor"

    assert decayed(idle_and_fresh(handover, recorded)) == set()
    assert decayed(idle_and_fresh(recorded, handover)) == set()
    restated = recorded.replace("[monitor]", "[monitor v2]")
    assert decayed(idle_and_fresh(recorded, restated)) == {"idle"}


@pytest.mark.parametrize(
    ("shorter", "longer"),
    [
        (
            "The painting's owner is Gertrude Stein.",
            "The painting's owner is Gertrude Stein and Leo Stein.",
        ),
        (
            "VP-29's official name is Patrol Squadron 14.",
            "VP-29's official name is Patrol Squadron 14-F.",
        ),
    ],
)
def test_a_value_inside_a_longer_one_is_not_covered_by_it(shorter: str, longer: str) -> None:
    """Two versions of a slot whose values differ by a name ("… and Leo Stein", "14-F"),
    with nothing else to tell them apart: the idle one is not carried on by the fresher,
    either way round (TimeQA without dates lost current values to decay so)."""

    assert decayed(idle_and_fresh(shorter, longer)) == set()
    assert decayed(idle_and_fresh(longer, shorter)) == set()


def test_an_entry_filed_under_a_principle_may_decay() -> None:
    rows = [{"id": "lesson", "content": "retry the flaky upload", "parent_id": "p1"} | OLD]
    assert decayed(rows) == {"lesson"}


def test_an_older_value_doubted_by_a_newer_statement_of_its_slot_may_decay() -> None:
    assert decayed(ana_moved(), DOUBTING) == {"old"}


def test_a_covered_entry_decays_with_its_cover_as_successor_noise_without() -> None:
    """The cover is recorded (recall as of before it was written still finds the entry);
    noise decays on its own, with no successor."""
    noise = {"id": "log", "kind": "tool_output", "content": "HTTP 200 in 31 ms"} | OLD
    plan = decay_plan([*ana_moved(), noise], DOUBTING)
    targets = {a.memory_id: a.target_id for a in plan.archives if a.mechanic.value == "decay"}
    assert targets == {"old": "new", "log": None}
    assert "covered by new" in next(a.detail for a in plan.archives if a.memory_id == "old")


def test_two_idle_near_duplicates_do_not_take_each_other_away() -> None:
    """Each covers the other, but an entry decayed in this plan covers nothing: the first
    to decay leaves the other as the only carrier, which stays."""
    topic = basis(7)
    rows = [
        {"id": "a", "content": "Deploys go out on Tuesdays", "embedding": topic} | OLD,
        {"id": "b", "content": "Deploys go out on Tuesdays.", "embedding": near(topic, 0.97, 1)}
        | OLD,
    ]
    gone = decayed(rows)
    assert len(gone) == 1 and gone < {"a", "b"}


def test_a_newer_statement_of_a_newer_statement_of_its_slot_still_covers_it() -> None:
    """Porto, then Braga, then Lyon: when Braga decays first, Lyon (a newer statement of
    Porto's slot too, though not similar enough to be compared with it) carries Porto on."""
    porto = basis(9)
    braga = near(porto, 0.9, 1)
    lyon = near(braga, 0.9, 2)
    rows = [
        {"id": "porto", "content": "Ana plays for Porto since 2019.", "embedding": porto} | OLD,
        {"id": "braga", "content": "Ana plays for Braga since 2021.", "embedding": braga}
        | OLD
        | {"importance": 0.0, "age_days": 60},
        {
            "id": "lyon",
            "content": "Ana plays for Lyon since 2023.",
            "embedding": lyon,
            "age_days": 2,
        },
    ]
    assert float(porto @ lyon) < DOUBTING.contradiction_threshold_for(
        make_snapshot(rows).embedding_model
    )  # porto and lyon are never compared directly
    plan = decay_plan(rows, DOUBTING)
    decays = [a for a in plan.archives if a.mechanic.value == "decay"]
    assert [a.memory_id for a in decays] == ["braga", "porto"]  # lowest retention first
    assert {a.target_id for a in decays} == {"lyon"}


def test_a_keyed_entry_is_carried_on_by_its_own_key_only() -> None:
    """Keys win: an idle entry its writer keyed is its slot's record. An unkeyed near-twin
    (or another key's entry) never covers it, so decay keeps it; its own key's newer
    entry is key supersession's to settle."""
    topic = basis(11)
    keyed = {"id": "a", "content": "Deploys go out on Tuesdays", "embedding": topic} | OLD
    twin = {
        "id": "b",
        "content": "Deploys go out on Tuesdays.",
        "embedding": near(topic, 0.97, 1),
        "importance": 0.9,
        "age_hours": 2,
    }
    assert decayed([keyed | {"key": "deploy-day"}, twin]) == set()
    assert decayed([keyed | {"key": "deploy-day"}, twin | {"key": "release-day"}]) == set()
    assert decayed([keyed, twin | {"key": "deploy-day"}]) == {"a"}  # the unkeyed may go


def test_a_keyed_newer_statement_does_not_carry_an_unkeyed_older_one_on() -> None:
    """Whether the unkeyed older note is of the keyed one's slot is an inference the keys
    leave unsure (a conflict, not a supersession): decay does not archive on it."""
    older, newer = ana_moved()
    assert decayed([older, newer | {"key": "ana/club"}], DOUBTING) == set()
    assert decayed([older, newer], DOUBTING) == {"old"}  # unkeyed: the newer carries it on
