"""Recall as an agent: the cohort decides the mode, every agent recall leaves exactly one
exposure in its own transaction, and the raw cohort never reinforces the curated store."""

from __future__ import annotations

from datetime import timedelta

import pytest
from conftest import T0
from experiment_helpers import (
    ARCHIVED_FACT,
    QUERY,
    SALT,
    T,
    agents,
    exposure_rows,
    memory_state,
    seed,
)

from curation import (
    Cohort,
    EventType,
    MemoryStore,
    RecallMode,
    StateConflictError,
    UnknownTenantError,
    ValidationError,
)


@pytest.fixture
def ids(store: MemoryStore) -> dict[str, str]:
    return seed(store)


def recall_events(store: MemoryStore) -> int:
    return len(store.ledger.events(T, types=[EventType.RECALL]))


@pytest.mark.parametrize("cohort", [Cohort.CURATED, Cohort.RAW])
def test_each_cohort_is_served_its_mode_and_logged(
    store: MemoryStore, ids: dict[str, str], cohort: Cohort
) -> None:
    experiment = store.experiments.start(T, "exp", salt=SALT)
    agent = agents(cohort, 1)[0]

    result = store.recall(T, QUERY, 4, agent_id=agent)

    assert (result.cohort, result.mode) == (cohort.value, cohort.value)
    assert result.recall_id is not None and len(result) == 4
    # raw serves every memory ever written; curated never shows an archived one
    assert (ids[ARCHIVED_FACT] in result.ids) is (cohort == Cohort.RAW)
    [row] = exposure_rows(store)
    assert str(row.id) == result.recall_id
    assert (str(row.experiment_id), row.cohort, row.agent_id, row.query) == (
        experiment.id,
        cohort.value,
        agent,
        QUERY,
    )
    assert [str(i) for i in row.returned_ids] == result.ids  # in the order served
    assert row.at == T0
    [observed] = store.experiments.observations(T, "exp")
    assert (observed.recall_id, observed.returned_ids) == (result.recall_id, result.ids)
    assert observed.success is None and observed.score is None and observed.outcome_at is None


def test_the_raw_cohort_leaves_the_curated_store_untouched(
    store: MemoryStore, ids: dict[str, str]
) -> None:
    store.experiments.start(T, "exp", salt=SALT)
    before = memory_state(store)
    votes = recall_events(store)
    raw_agent, curated_agent = agents(Cohort.RAW, 1)[0], agents(Cohort.CURATED, 1)[0]

    for hour in range(3):
        store.recall(T, QUERY, 4, agent_id=raw_agent, now=T0 + timedelta(hours=hour))

    assert memory_state(store) == before
    assert recall_events(store) == votes

    served = store.recall(T, QUERY, 4, agent_id=curated_agent, now=T0 + timedelta(hours=5))

    after = memory_state(store)
    changed = {m for m in after if after[m] != before[m]}
    assert changed == set(served.ids)
    for memory_id in served.ids:
        assert after[memory_id][1] == before[memory_id][1] + 1  # recall_count
    [vote] = store.ledger.events(T, types=[EventType.RECALL])[votes:]
    assert vote.data["recall_id"] == served.recall_id and vote.related_ids == served.ids
    assert len(exposure_rows(store)) == 4


def test_assignment_is_stable_across_recalls(store: MemoryStore, ids: dict[str, str]) -> None:
    store.experiments.start(T, "exp", salt=SALT, raw_share=0.5)
    fleet = [f"agent-{i}" for i in range(12)]
    first = {a: store.recall(T, QUERY, 2, agent_id=a).cohort for a in fleet}
    again = {a: store.recall(T, "refund form", 2, agent_id=a).cohort for a in fleet}

    assert first == again
    assert set(first.values()) == {"curated", "raw"}
    rows = exposure_rows(store)
    assert len(rows) == 2 * len(fleet)
    assert all(first[r.agent_id] == r.cohort for r in rows)


def test_without_a_live_experiment_agents_recall_curated(
    store: MemoryStore, ids: dict[str, str]
) -> None:
    raw_agent = agents(Cohort.RAW, 1)[0]
    votes = recall_events(store)

    result = store.recall(T, QUERY, 3, agent_id=raw_agent)

    assert (result.cohort, result.mode) == ("curated", "curated")
    assert ids[ARCHIVED_FACT] not in result.ids
    [row] = exposure_rows(store)
    assert row.experiment_id is None and row.cohort == "curated"
    assert recall_events(store) == votes + 1


def test_after_the_experiment_ends_agents_recall_curated(
    store: MemoryStore, ids: dict[str, str]
) -> None:
    store.experiments.start(T, "exp", salt=SALT, duration_days=1)
    raw_agent = agents(Cohort.RAW, 1)[0]

    inside = store.recall(T, QUERY, 3, agent_id=raw_agent)
    after = store.recall(T, QUERY, 3, agent_id=raw_agent, now=T0 + timedelta(days=1))

    assert (inside.cohort, after.cohort) == ("raw", "curated")
    assert [r.experiment_id is None for r in exposure_rows(store)] == [False, True]
    assert len(store.experiments.observations(T, "exp")) == 1


@pytest.mark.parametrize(
    ("experiment", "cohort", "mode"),
    [
        (True, Cohort.RAW, RecallMode.CURATED),
        (True, Cohort.CURATED, RecallMode.RAW),
        (False, Cohort.RAW, RecallMode.RAW),
    ],
)
def test_a_mode_against_the_cohort_is_refused(
    store: MemoryStore, ids: dict[str, str], experiment: bool, cohort: Cohort, mode: RecallMode
) -> None:
    if experiment:
        store.experiments.start(T, "exp", salt=SALT)
    agent = agents(cohort, 1)[0]
    before = memory_state(store)

    with pytest.raises(StateConflictError) as caught:  # the cohort refuses it: 409 over HTTP
        store.recall(T, QUERY, 3, agent_id=agent, mode=mode)

    assert (caught.value.field, caught.value.value) == ("mode", mode.value)
    assert agent in str(caught.value)
    assert exposure_rows(store) == [] and memory_state(store) == before


def test_a_mode_that_repeats_the_cohort_is_served(store: MemoryStore, ids: dict[str, str]) -> None:
    store.experiments.start(T, "exp", salt=SALT)
    result = store.recall(T, QUERY, 3, agent_id=agents(Cohort.RAW, 1)[0], mode="raw")
    assert (result.cohort, result.mode) == ("raw", "raw")
    assert len(exposure_rows(store)) == 1


def test_record_false_skips_the_vote_but_keeps_the_exposure(
    store: MemoryStore, ids: dict[str, str]
) -> None:
    before, votes = memory_state(store), recall_events(store)
    result = store.recall(T, QUERY, 3, agent_id="agent-x", record=False)
    assert memory_state(store) == before and recall_events(store) == votes
    assert [str(r.id) for r in exposure_rows(store)] == [result.recall_id]


def test_recall_without_an_agent_is_unchanged(store: MemoryStore, ids: dict[str, str]) -> None:
    store.experiments.start(T, "exp", salt=SALT)
    curated = store.recall(T, QUERY, 3)
    raw = store.recall(T, QUERY, 3, mode="raw")
    assert (curated.recall_id, curated.cohort, curated.mode) == (None, None, "curated")
    assert (raw.recall_id, raw.cohort, raw.mode) == (None, None, "raw")
    assert exposure_rows(store) == []


@pytest.mark.parametrize("agent_id", ["", " ", "a\nb", "a" * 257, 7])
def test_bad_agent_ids_are_refused(
    store: MemoryStore, ids: dict[str, str], agent_id: object
) -> None:
    with pytest.raises(ValidationError) as caught:
        store.recall(T, QUERY, 3, agent_id=agent_id)  # type: ignore[arg-type]
    assert caught.value.field == "agent_id"
    assert exposure_rows(store) == []


def test_an_unknown_tenant_logs_nothing(store: MemoryStore, ids: dict[str, str]) -> None:
    with pytest.raises(UnknownTenantError):
        store.recall("nobody", QUERY, 3, agent_id="agent-1")
    assert exposure_rows(store) == []


def test_observations_come_in_the_order_recalls_were_served(
    store: MemoryStore, ids: dict[str, str]
) -> None:
    store.experiments.start(T, "exp", salt=SALT)
    hours = [2, 0, 1]
    served = {
        h: store.recall(T, QUERY, 2, agent_id=f"agent-{h}", now=T0 + timedelta(hours=h)).recall_id
        for h in hours
    }
    observed = store.experiments.observations(T, "exp")
    assert [o.recall_id for o in observed] == [served[h] for h in sorted(hours)]
    assert [o.at for o in observed] == [T0 + timedelta(hours=h) for h in sorted(hours)]


def test_an_agent_recall_costs_two_statements_more_than_a_plain_one(
    store: MemoryStore, ids: dict[str, str]
) -> None:
    """The plain recall keeps its fast path; an agent recall adds the experiment lookup
    (which also makes its commit durable) and the exposure insert, nothing else."""
    from sqlalchemy import event

    store.experiments.start(T, "exp", salt=SALT)
    statements: list[str] = []

    def count(*args: object) -> None:
        statements.append(str(args[2]))

    event.listen(store.db.engine, "before_cursor_execute", count)
    try:
        store.recall(T, QUERY, 3)
        plain = len(statements)
        statements.clear()
        store.recall(T, QUERY, 3, agent_id=agents(Cohort.CURATED, 1)[0])
        agent = len(statements)
    finally:
        event.remove(store.db.engine, "before_cursor_execute", count)
    print(f"statements per recall: plain {plain}, agent {agent}")
    assert agent - plain == 2
    assert any("INSERT INTO exposure" in s for s in statements)
