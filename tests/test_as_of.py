"""The curated set as of a moment, replayed from the history, equals a snapshot of the
real store taken at that moment (statuses, pins, policy)."""

from __future__ import annotations

import uuid
from datetime import timedelta
from typing import Any

import pytest
from curation_helpers import T0, apply_all, seed_mixed
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import text

from curation import CurationPolicy, MemoryStore
from curation._errors import StateConflictError, ValidationError
from curation._store.as_of import check_moment, curated_as_of, tenant_created_at

T = "acme"


def snapshot(store: MemoryStore, tenant: str = T) -> dict[str, Any]:
    """What the store holds now: every memory's status and pin, and the stored policy."""
    with store.db.transaction(tenant) as conn:
        rows = conn.execute(
            text("SELECT memory_id, status, pinned FROM memory_state WHERE tenant = :t"),
            {"t": tenant},
        ).all()
        policy = conn.execute(
            text("SELECT policy FROM tenant WHERE name = :t"), {"t": tenant}
        ).scalar()
    return {
        "statuses": {str(r.memory_id): r.status for r in rows},
        "pinned": {str(r.memory_id) for r in rows if r.pinned},
        "policy": policy,
    }


def replayed(store: MemoryStore, moment: Any, tenant: str = T) -> dict[str, Any]:
    with store.db.transaction(tenant) as conn:
        state = curated_as_of(conn, tenant, moment)
    # conflicts and principles are not replayed yet: they may be reported, nothing else
    assert set(state.not_replayed) <= {"contest", "propose"}, state.not_replayed
    return {"statuses": state.statuses, "pinned": state.pinned, "policy": state.policy}


def test_replay_to_each_moment_equals_the_snapshot_taken_then(store: MemoryStore) -> None:
    ids = seed_mixed(store, T)
    store.pin(T, ids["filler"][0], now=T0 + timedelta(seconds=10))
    store.tenants.set_policy(T, apply_all(), now=T0 + timedelta(seconds=20))
    before_run = snapshot(store)
    run = store.runs.curate(T, apply=True, now=T0 + timedelta(minutes=1))
    assert run.archived_ids
    after_run = snapshot(store)
    store.unpin(T, ids["filler"][0], now=T0 + timedelta(minutes=2))
    store.remember_many(
        T, [{"content": f"late note {i}"} for i in range(3)], now=T0 + timedelta(minutes=3)
    )
    latest = snapshot(store)
    store.runs.undo(T, run.run_id, now=T0 + timedelta(minutes=4))
    undone = snapshot(store)

    assert before_run != after_run != latest
    later_policy = before_run["policy"]
    assert replayed(store, T0 + timedelta(seconds=30)) == before_run
    assert (
        replayed(store, T0 + timedelta(minutes=1, seconds=30))["statuses"] == after_run["statuses"]
    )
    assert replayed(store, T0 + timedelta(minutes=3, seconds=30)) == latest
    assert latest["policy"] == later_policy
    assert undone != latest
    assert replayed(store, T0 + timedelta(minutes=5)) == undone


@pytest.mark.parametrize(
    ("value", "problem"),
    [
        ("yesterday", "ISO 8601"),
        ("2026-11-01T12:00:00", "time zone"),
        ("2030-01-01T00:00:00+00:00", "future"),
        ("2000-01-01T00:00:00+00:00", "before the tenant existed"),
    ],
)
def test_a_bad_moment_is_a_typed_error_naming_field_and_value(
    store: MemoryStore, value: str, problem: str
) -> None:
    store.remember(T, "a note", now=T0)
    with store.db.transaction(T) as conn:
        created = tenant_created_at(conn, T)
    assert created is not None
    refusal = ValidationError if problem in ("ISO 8601", "time zone") else StateConflictError
    with pytest.raises(refusal) as caught:
        check_moment(value, now=T0 + timedelta(days=1), created_at=created)
    assert caught.value.field == "to"
    assert caught.value.value == value
    assert problem in str(caught.value)


_STEP = st.sampled_from(["write", "pin", "unpin", "policy", "default_policy"])


@settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck))
@given(steps=st.lists(st.tuples(_STEP, st.integers(0, 5)), min_size=1, max_size=5))
def test_replay_equals_the_snapshot_after_any_short_sequence(
    store: MemoryStore, steps: list[tuple[str, int]]
) -> None:
    tenant = f"prop-{uuid.uuid4().hex[:8]}"
    ids = [str(m.id) for m in store.remember_many(tenant, [{"content": "seed one"}], now=T0)]
    moments: list[tuple[Any, dict[str, Any]]] = []
    for n, (step, pick) in enumerate(steps, start=1):
        at = T0 + timedelta(minutes=n)
        if step == "write":
            ids += [str(store.remember(tenant, f"note {n}", now=at).id)]
        elif step in ("pin", "unpin"):
            getattr(store, step)(tenant, ids[pick % len(ids)], now=at)
        else:
            policy = apply_all() if step == "policy" else CurationPolicy()
            store.tenants.set_policy(tenant, policy, now=at)
        moments.append((at + timedelta(seconds=30), snapshot(store, tenant)))
    for moment, taken in moments:
        assert replayed(store, moment, tenant) == taken
