"""Sensors: tenants become partitions; enough new writes start a curation run.

``tenant_sensor`` is the only thing that adds tenant partitions. Its cursor is the sorted
JSON list of tenants it has registered, so a later evaluation adds only the new ones.
A partition deleted by hand stays deleted (the cursor remembers the tenant): that is how
an operator stops curating a tenant; resetting the sensor's cursor re-registers it.

``new_writes_sensor`` keeps, per tenant, the id of the newest ``write`` event it has
counted; when at least ``TriggersResource.new_writes`` (MEMGOV_WRITES_TRIGGER, default
500) newer write events exist, it requests a ``curation_job`` run for that tenant and
moves the tenant's cursor to the newest one. A tenant seen for the first time counts
from the beginning of its history.
"""

import json
from typing import Any

from dagster import (
    DefaultSensorStatus,
    RunRequest,
    SensorEvaluationContext,
    SensorResult,
    SkipReason,
    sensor,
)

from curation import EventType
from orchestration.jobs import curation_job
from orchestration.partitions import (
    TENANTS,
    is_valid_partition_key,
    tenant_partitions,
    tenant_tags,
)
from orchestration.resources import StoreResource, TriggersResource

TENANT_SENSOR_INTERVAL_S = 60
WRITES_SENSOR_INTERVAL_S = 120


def _cursor_list(cursor: str | None) -> list[str]:
    if not cursor:
        return []
    try:
        value = json.loads(cursor)
    except json.JSONDecodeError:
        return []
    return [str(t) for t in value] if isinstance(value, list) else []


def _cursor_map(cursor: str | None) -> dict[str, int]:
    if not cursor:
        return {}
    try:
        value = json.loads(cursor)
    except json.JSONDecodeError:
        return {}
    if not isinstance(value, dict):
        return {}
    return {str(k): int(v) for k, v in value.items() if isinstance(v, int)}


@sensor(
    name="tenant_sensor",
    minimum_interval_seconds=TENANT_SENSOR_INTERVAL_S,
    default_status=DefaultSensorStatus.RUNNING,
    description="Registers every tenant of the store as a partition of the curation assets.",
)
def tenant_sensor(context: SensorEvaluationContext, store: StoreResource) -> SensorResult:
    in_store = store.open().tenants.all()
    seen = set(_cursor_list(context.cursor))
    registered = set(context.instance.get_dynamic_partitions(TENANTS))
    invalid = sorted(t for t in in_store if not is_valid_partition_key(t))
    if invalid:
        context.log.warning(f"tenants that cannot be partition keys, not registered: {invalid}")
    new = sorted(
        t for t in in_store if is_valid_partition_key(t) and t not in seen and t not in registered
    )
    cursor = json.dumps(sorted(seen | {t for t in in_store if is_valid_partition_key(t)}))
    if new:
        context.log.info(f"registering {len(new)} tenant(s): {new[:20]}")
        return SensorResult(
            dynamic_partitions_requests=[tenant_partitions.build_add_request(new)],
            cursor=cursor,
        )
    return SensorResult(skip_reason=SkipReason("no new tenants"), cursor=cursor)


@sensor(
    name="new_writes_sensor",
    job=curation_job,
    minimum_interval_seconds=WRITES_SENSOR_INTERVAL_S,
    default_status=DefaultSensorStatus.RUNNING,
    description="Starts a curation run for a tenant once enough new writes have arrived.",
)
def new_writes_sensor(
    context: SensorEvaluationContext, store: StoreResource, triggers: TriggersResource
) -> SensorResult:
    threshold = triggers.threshold()
    memory = store.open()
    cursor = _cursor_map(context.cursor)
    requests: list[RunRequest] = []
    waiting: dict[str, Any] = {}
    for tenant in sorted(context.instance.get_dynamic_partitions(TENANTS)):
        seen = cursor.get(tenant, 0)
        fresh, newest = memory.ledger.count_events(
            tenant, types=[EventType.WRITE.value], after_id=seen
        )
        if fresh >= threshold:
            requests.append(
                RunRequest(
                    partition_key=tenant,
                    run_key=f"writes:{tenant}:{newest}",
                    tags={**tenant_tags(tenant), "memgov/trigger": "new_writes"},
                )
            )
            cursor[tenant] = newest
        else:
            waiting[tenant] = fresh
    new_cursor = json.dumps(cursor, sort_keys=True)
    if requests:
        return SensorResult(run_requests=requests, cursor=new_cursor)
    return SensorResult(
        skip_reason=SkipReason(f"no tenant reached {threshold} new writes"), cursor=new_cursor
    )


SENSORS = [tenant_sensor, new_writes_sensor]
