"""Sensors and schedules, evaluated against a real store and an ephemeral instance."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from dagster import (
    DagsterInstance,
    RunRequest,
    SensorResult,
    SkipReason,
    build_schedule_context,
    build_sensor_context,
    instance_for_test,
)

from curation import MemoryStore
from orchestration.instance import TENANT_TAG
from orchestration.jobs import nightly_curation_schedule
from orchestration.partitions import TENANTS
from orchestration.resources import StoreResource, TriggersResource
from orchestration.sensors import new_writes_sensor, tenant_sensor

T0 = datetime(2026, 11, 1, 12, 0, tzinfo=UTC)


@pytest.fixture
def instance() -> Iterator[DagsterInstance]:
    with DagsterInstance.ephemeral() as inst:
        yield inst


@pytest.fixture
def store_resource(database_url: str) -> Iterator[StoreResource]:
    resource = StoreResource(database_url=database_url, embedder="hashing")
    yield resource
    resource.dispose()


def write(store: MemoryStore, tenant: str, n: int, start: int = 0) -> None:
    for i in range(start, start + n):
        store.remember(tenant, f"{tenant} note number {i} about the rollout", now=T0)


def evaluate_tenants(
    instance: DagsterInstance, store_resource: StoreResource, cursor: str | None
) -> SensorResult:
    with build_sensor_context(
        instance=instance, cursor=cursor, resources={"store": store_resource}
    ) as context:
        result = tenant_sensor(context)
    assert isinstance(result, SensorResult)
    return result


def added(result: SensorResult) -> list[str]:
    return [
        key
        for request in result.dynamic_partitions_requests or []
        for key in request.partition_keys
    ]


def test_tenant_sensor_registers_new_tenants_once(
    store: MemoryStore, instance: DagsterInstance, store_resource: StoreResource
) -> None:
    write(store, "globex", 1)
    write(store, "acme", 1)
    first = evaluate_tenants(instance, store_resource, None)
    assert added(first) == ["acme", "globex"]
    assert first.cursor is not None and json.loads(first.cursor) == ["acme", "globex"]

    # the cursor alone keeps the second evaluation from registering them again
    second = evaluate_tenants(instance, store_resource, first.cursor)
    assert added(second) == [] and second.skip_reason is not None
    assert second.cursor == first.cursor

    write(store, "initech", 1)
    third = evaluate_tenants(instance, store_resource, second.cursor)
    assert added(third) == ["initech"]
    assert third.cursor is not None
    assert json.loads(third.cursor) == ["acme", "globex", "initech"]

    # registered partitions count as known even without a cursor
    instance.add_dynamic_partitions(TENANTS, ["acme", "globex", "initech"])
    assert added(evaluate_tenants(instance, store_resource, None)) == []


def evaluate_writes(
    instance: DagsterInstance, store_resource: StoreResource, cursor: str | None, n: int
) -> SensorResult:
    with build_sensor_context(
        instance=instance,
        cursor=cursor,
        resources={"store": store_resource, "triggers": TriggersResource(new_writes=n)},
    ) as context:
        result = new_writes_sensor(context)
    assert isinstance(result, SensorResult)
    return result


def test_new_writes_sensor_triggers_per_tenant_past_the_threshold(
    store: MemoryStore, instance: DagsterInstance, store_resource: StoreResource
) -> None:
    instance.add_dynamic_partitions(TENANTS, ["acme", "globex"])
    write(store, "acme", 4)
    write(store, "globex", 2)
    first = evaluate_writes(instance, store_resource, None, 3)
    assert [r.partition_key for r in first.run_requests or []] == ["acme"]
    [request] = first.run_requests or []
    assert request.tags[TENANT_TAG] == "acme" and request.run_key

    second = evaluate_writes(instance, store_resource, first.cursor, 3)
    assert not second.run_requests and second.skip_reason is not None

    write(store, "globex", 1, start=2)  # globex: 3 new since the beginning
    write(store, "acme", 2, start=4)  # acme: 2 new since its trigger
    third = evaluate_writes(instance, store_resource, second.cursor, 3)
    assert [r.partition_key for r in third.run_requests or []] == ["globex"]
    assert third.cursor is not None
    cursor = json.loads(third.cursor)
    assert set(cursor) == {"acme", "globex"}

    write(store, "acme", 1, start=6)  # acme: 3 new now
    fourth = evaluate_writes(instance, store_resource, third.cursor, 3)
    assert [r.partition_key for r in fourth.run_requests or []] == ["acme"]


def test_nightly_schedule_launches_one_run_per_tenant() -> None:
    tick = datetime(2026, 11, 2, 3, 15, tzinfo=UTC)
    with instance_for_test() as instance:  # schedules need an instance with a ref
        empty = nightly_curation_schedule(
            build_schedule_context(instance=instance, scheduled_execution_time=tick)
        )
        assert isinstance(empty, SkipReason)
        instance.add_dynamic_partitions(TENANTS, ["globex", "acme"])
        requests = nightly_curation_schedule(
            build_schedule_context(instance=instance, scheduled_execution_time=tick)
        )
    assert isinstance(requests, list)
    assert all(isinstance(r, RunRequest) for r in requests)
    assert [r.partition_key for r in requests] == ["acme", "globex"]
    assert [r.tags[TENANT_TAG] for r in requests] == ["acme", "globex"]
    assert len({r.run_key for r in requests}) == 2
