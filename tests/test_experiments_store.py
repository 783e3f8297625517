"""An experiment's life in the store: start (defaults, the policy under test, one running
per tenant, auto-close of an ended one), stop, listings, the live window, and refusals
that name the field and value."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from conftest import T0
from experiment_helpers import OTHER, T, seed

from curation import (
    EventType,
    InvalidStateError,
    MemoryStore,
    NotFoundError,
    UnknownTenantError,
    ValidationError,
)


@pytest.fixture
def tenant_store(store: MemoryStore) -> MemoryStore:
    seed(store)
    return store


def test_start_defaults(tenant_store: MemoryStore) -> None:
    store = tenant_store
    started = store.experiments.start(T, "holdout-1")

    assert (started.tenant, started.name, started.status) == (T, "holdout-1", "running")
    assert (started.raw_share, started.metric, started.alpha) == (0.5, "success", 0.05)
    assert started.starts_at == T0 and started.ends_at == T0 + timedelta(days=14)
    assert started.salt == started.id  # every experiment draws a fresh split
    assert started.policy == store.tenants.policy(T).model_dump(mode="json")
    assert started.created_by == "curator" and started.stopped_at is None
    assert store.experiments.get(T, "holdout-1") == started
    assert store.experiments.all(T) == [started]
    assert store.experiments.all(T, status="running") == [started]
    assert store.experiments.all(T, status="stopped") == []
    assert store.experiments.active(T) == started
    [event] = store.ledger.events(T, types=[EventType.EXPERIMENT_START])
    assert event.data["experiment_id"] == started.id and event.data["raw_share"] == 0.5


def test_start_applies_and_stores_the_policy_under_test(tenant_store: MemoryStore) -> None:
    store = tenant_store
    started = store.experiments.start(
        T, "feedback-votes", policy={"reinforce_on": "feedback"}, raw_share=0.1, metric="score"
    )

    assert store.tenants.policy(T).reinforce_on == "feedback"
    assert started.policy == store.tenants.policy(T).model_dump(mode="json")
    assert started.policy["reinforce_on"] == "feedback"
    assert (started.raw_share, started.metric) == (0.1, "score")
    [policy_event] = store.ledger.events(T, types=[EventType.POLICY])
    assert policy_event.data["policy"]["reinforce_on"] == "feedback"


def test_one_running_experiment_per_tenant(tenant_store: MemoryStore) -> None:
    store = tenant_store
    seed(store, OTHER)
    store.experiments.start(T, "first")

    with pytest.raises(InvalidStateError, match="'first' is running"):
        store.experiments.start(T, "second", policy={"reinforce_on": "feedback"})

    # the refused start changed nothing, not even the policy it carried
    assert store.tenants.policy(T).reinforce_on == "recall"
    assert [e.name for e in store.experiments.all(T)] == ["first"]
    # another tenant runs its own experiment independently
    assert store.experiments.start(OTHER, "first").tenant == OTHER


def test_an_ended_experiment_is_closed_when_the_next_starts(tenant_store: MemoryStore) -> None:
    store = tenant_store
    first = store.experiments.start(T, "short", duration_days=1)
    later = T0 + timedelta(days=2)

    assert store.experiments.active(T, now=later) is None  # over, though still 'running'
    second = store.experiments.start(T, "next", now=later)

    closed = store.experiments.get(T, "short")
    assert (closed.status, closed.stop_reason) == ("stopped", "ended")
    assert closed.stopped_at == first.ends_at
    assert second.status == "running" and second.starts_at == later
    assert store.experiments.active(T, now=later) == second
    stops = store.ledger.events(T, types=[EventType.EXPERIMENT_STOP])
    assert [(e.reason, e.data["experiment_id"]) for e in stops] == [("ended", first.id)]


def test_stop(tenant_store: MemoryStore) -> None:
    store = tenant_store
    store.experiments.start(T, "exp")
    stop_at = T0 + timedelta(days=3)

    stopped = store.experiments.stop(T, "exp", reason="guardrail tripped", now=stop_at)

    assert (stopped.status, stopped.stop_reason, stopped.stopped_at) == (
        "stopped",
        "guardrail tripped",
        stop_at,
    )
    assert store.experiments.active(T, now=stop_at) is None
    assert store.experiments.all(T, status="running") == []
    with pytest.raises(InvalidStateError, match="already stopped"):
        store.experiments.stop(T, "exp", now=stop_at)
    with pytest.raises(NotFoundError, match="'nope'"):
        store.experiments.stop(T, "nope")
    # a stopped experiment frees the tenant for the next one
    assert store.experiments.start(T, "exp-2", now=stop_at).status == "running"


def test_a_scheduled_experiment_is_live_only_inside_its_window(
    tenant_store: MemoryStore,
) -> None:
    store = tenant_store
    start = T0 + timedelta(days=1)
    scheduled = store.experiments.start(
        T, "later", starts_at=start, ends_at=start + timedelta(days=2)
    )

    assert store.experiments.active(T) is None
    assert store.experiments.active(T, now=start) == scheduled
    assert store.experiments.active(T, now=start + timedelta(days=2)) is None
    # it still counts as the running experiment before its start
    with pytest.raises(InvalidStateError, match="'later'"):
        store.experiments.start(T, "other")


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"name": ""}, "name"),
        ({"name": "x" * 129}, "name"),
        ({"raw_share": 0}, "raw_share"),
        ({"raw_share": 1.0}, "raw_share"),
        ({"alpha": 0.7}, "alpha"),
        ({"metric": "ctr"}, "metric"),
        ({"duration_days": 0}, "duration_days"),
        ({"salt": ""}, "salt"),
        ({"ends_at": T0 - timedelta(days=1), "starts_at": T0 - timedelta(days=3)}, "ends_at"),
        ({"ends_at": T0, "starts_at": T0 + timedelta(days=1)}, "ends_at"),
        ({"starts_at": "yesterday"}, "starts_at"),
        ({"policy": {"decay": "sometimes"}}, "policy.decay"),
        ({"policy": ["not", "a", "mapping"]}, "policy"),
        ({"actor": "cu\nrator"}, "actor"),
        ({"starts_at": datetime(9998, 12, 30, tzinfo=UTC)}, "duration_days"),
    ],
)
def test_bad_starts_are_refused_and_write_nothing(
    tenant_store: MemoryStore, kwargs: dict[str, Any], field: str
) -> None:
    store = tenant_store
    args = {"name": "exp", **kwargs}
    with pytest.raises(ValidationError) as caught:
        store.experiments.start(T, **args)
    assert caught.value.field == field
    assert store.experiments.all(T) == []
    assert store.ledger.events(T, types=[EventType.EXPERIMENT_START, EventType.POLICY]) == []


def test_names_are_unique_per_tenant(tenant_store: MemoryStore) -> None:
    store = tenant_store
    store.experiments.start(T, "exp")
    store.experiments.stop(T, "exp")
    with pytest.raises(ValidationError) as caught:
        store.experiments.start(T, "exp")
    assert (caught.value.field, caught.value.value) == ("name", "exp")


def test_lookups_are_tenant_scoped(tenant_store: MemoryStore) -> None:
    store = tenant_store
    seed(store, OTHER)
    store.experiments.start(T, "exp")

    with pytest.raises(NotFoundError):
        store.experiments.get(OTHER, "exp")
    assert store.experiments.all(OTHER) == [] and store.experiments.active(OTHER) is None
    with pytest.raises(NotFoundError):
        store.experiments.observations(OTHER, "exp")
    with pytest.raises(UnknownTenantError):
        store.experiments.start("no-such-tenant", "exp")
    with pytest.raises(ValidationError) as caught:
        store.experiments.all(T, status="paused")
    assert caught.value.field == "status"
