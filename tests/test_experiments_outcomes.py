"""Outcomes and feedback attributed to an agent recall: each lands on the recall's cohort,
an outcome is recorded once, a missing one stays missing (never a failure), and feedback
on a raw-cohort recall is counted but never trains the curated store."""

from __future__ import annotations

import math
import uuid
from datetime import timedelta
from typing import Any

import pytest
from conftest import T0
from experiment_helpers import OTHER, QUERY, SALT, T, agents, memory_state, seed

from curation import (
    Cohort,
    CohortFeedback,
    EventType,
    InvalidStateError,
    MemoryStore,
    NotFoundError,
    RecallResult,
    StateConflictError,
    ValidationError,
)

LATER = T0 + timedelta(minutes=5)


@pytest.fixture
def served(store: MemoryStore) -> dict[Cohort, RecallResult]:
    """An experiment and one recall per cohort."""
    seed(store)
    store.experiments.start(T, "exp", salt=SALT)
    return {c: store.recall(T, QUERY, 3, agent_id=agents(c, 1)[0]) for c in Cohort}


def test_outcomes_land_on_their_recall_and_missing_ones_stay_missing(
    store: MemoryStore, served: dict[Cohort, RecallResult]
) -> None:
    unanswered = store.recall(T, "refund form", 2, agent_id=agents(Cohort.CURATED, 2)[1])

    good = store.outcome(T, served[Cohort.CURATED].recall_id or "", success=True, now=LATER)
    scored = store.outcome(
        T, served[Cohort.RAW].recall_id or "", success=False, score=0.25, actor="harness", now=LATER
    )

    assert (good.cohort, good.success, good.score, good.outcome_at) == (
        "curated",
        True,
        None,
        LATER,
    )
    assert (scored.cohort, scored.success, scored.score) == ("raw", False, 0.25)
    by_recall = {o.recall_id: o for o in store.experiments.observations(T, "exp")}
    assert by_recall[good.recall_id] == good
    assert by_recall[scored.recall_id] == scored
    missing = by_recall[unanswered.recall_id or ""]
    assert (missing.success, missing.score, missing.outcome_at) == (None, None, None)
    assert set(by_recall) == {r.recall_id for r in (*served.values(), unanswered)}


def test_a_second_outcome_is_refused(
    store: MemoryStore, served: dict[Cohort, RecallResult]
) -> None:
    recall_id = served[Cohort.CURATED].recall_id or ""
    store.outcome(T, recall_id, success=True, now=LATER)

    with pytest.raises(InvalidStateError, match="already has an outcome"):
        store.outcome(T, recall_id, success=False, now=LATER + timedelta(hours=1))

    [kept] = [o for o in store.experiments.observations(T, "exp") if o.recall_id == recall_id]
    assert kept.success is True and kept.outcome_at == LATER


def test_an_outcome_for_a_recall_outside_any_experiment_is_kept(store: MemoryStore) -> None:
    seed(store)
    result = store.recall(T, QUERY, 2, agent_id="agent-1")
    observed = store.outcome(T, result.recall_id or "", score=-2, now=LATER)
    assert (observed.experiment_id, observed.cohort, observed.score) == (None, "curated", -2.0)


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({}, "success"),
        ({"success": "yes"}, "success"),
        ({"score": math.nan}, "score"),
        ({"score": math.inf}, "score"),
        ({"success": True, "recall_id": "not-a-uuid"}, "recall_id"),
        ({"success": True, "now": T0 - timedelta(seconds=1)}, "now"),
        ({"success": True, "actor": ""}, "actor"),
    ],
)
def test_bad_outcomes_are_refused(
    store: MemoryStore, served: dict[Cohort, RecallResult], kwargs: dict[str, Any], field: str
) -> None:
    args: dict[str, Any] = {"recall_id": served[Cohort.RAW].recall_id, "now": LATER, **kwargs}
    with pytest.raises(ValidationError) as caught:
        store.outcome(T, **args)
    assert caught.value.field == field
    assert all(o.outcome_at is None for o in store.experiments.observations(T, "exp"))


def test_an_unknown_or_foreign_recall_id_does_not_exist(
    store: MemoryStore, served: dict[Cohort, RecallResult]
) -> None:
    seed(store, OTHER)
    foreign = store.recall(OTHER, QUERY, 2, agent_id="agent-1").recall_id or ""

    with pytest.raises(NotFoundError, match="recall"):
        store.outcome(T, str(uuid.uuid4()), success=True, now=LATER)
    with pytest.raises(NotFoundError, match="recall"):
        store.outcome(T, foreign, success=True, now=LATER)
    with pytest.raises(NotFoundError, match="recall"):
        store.outcome(OTHER, served[Cohort.CURATED].recall_id or "", success=True, now=LATER)
    top = store.recall(OTHER, QUERY, 1).ids[0]
    with pytest.raises(NotFoundError, match="recall"):
        store.feedback(OTHER, top, True, recall_id=served[Cohort.CURATED].recall_id)


def test_feedback_is_attributed_and_the_raw_arm_trains_nothing(
    store: MemoryStore, served: dict[Cohort, RecallResult]
) -> None:
    curated, raw = served[Cohort.CURATED], served[Cohort.RAW]
    before = memory_state(store)
    experiment_id = store.experiments.get(T, "exp").id

    proven = store.feedback(T, curated.ids[0], True, recall_id=curated.recall_id, now=LATER)
    store.feedback(T, curated.ids[1], False, recall_id=curated.recall_id, now=LATER)
    after_curated = memory_state(store)
    store.feedback(T, raw.ids[0], True, recall_id=raw.recall_id, now=LATER)
    store.feedback(T, raw.ids[1], False, recall_id=raw.recall_id, now=LATER)

    assert proven.proven == before[curated.ids[0]][0] + 1
    assert memory_state(store) == after_curated  # the raw cohort's judgements changed nothing
    events = store.ledger.events(T, types=[EventType.VALIDATE, EventType.FEEDBACK])
    assert [(e.type, e.data["cohort"], e.data["useful"]) for e in events] == [
        ("validate", "curated", True),
        ("feedback", "curated", False),
        ("feedback", "raw", True),  # useful, but not a validation: nothing was proven
        ("feedback", "raw", False),
    ]
    assert all(e.data["experiment_id"] == experiment_id for e in events)
    assert [e.data["recall_id"] for e in events] == [curated.recall_id] * 2 + [raw.recall_id] * 2
    assert store.experiments.feedback(T, "exp").to_dict() == {
        "curated": {"useful": 1, "not_useful": 1},
        "raw": {"useful": 1, "not_useful": 1},
    }


def test_feedback_must_name_a_memory_the_recall_returned_once(
    store: MemoryStore, served: dict[Cohort, RecallResult]
) -> None:
    curated = served[Cohort.CURATED]
    stranger = next(m.id for m in store.memories(T) if m.id not in curated.ids)

    with pytest.raises(StateConflictError) as caught:  # the state refuses it: 409 over HTTP
        store.feedback(T, stranger, True, recall_id=curated.recall_id)
    assert (caught.value.field, caught.value.value) == ("memory_id", stranger)

    store.feedback(T, curated.ids[0], True, recall_id=curated.recall_id)
    with pytest.raises(InvalidStateError, match="already has feedback"):
        store.feedback(T, curated.ids[0], False, recall_id=curated.recall_id)
    with pytest.raises(ValidationError) as bad:
        store.feedback(T, curated.ids[0], True, recall_id="nope")
    assert bad.value.field == "recall_id"
    assert store.experiments.feedback(T, "exp").curated == CohortFeedback(useful=1, not_useful=0)


def test_plain_feedback_is_unchanged(
    store: MemoryStore, served: dict[Cohort, RecallResult]
) -> None:
    memory_id = served[Cohort.RAW].ids[0]
    before = store.get(T, memory_id).proven
    assert store.feedback(T, memory_id, True).proven == before + 1
    [event] = store.ledger.events(T, types=[EventType.VALIDATE])
    assert event.data == {"useful": True}
    assert store.experiments.feedback(T, "exp").to_dict() == {
        "curated": {"useful": 0, "not_useful": 0},
        "raw": {"useful": 0, "not_useful": 0},
    }
