"""A code location for tests/test_orchestration_production.py: tenant runs that hold
until the test opens their gate, so "two tenants at once, one tenant queued" can be seen
on the real queue and daemon without racing a real curation run's length.

The jobs are partitioned and tagged exactly like Memgov's (``tenant_run_config``), and a
sensor submits the runs the test lists in ``$MEMGOV_TEST_GATES/requests.json`` (in that
order), as ``new_writes_sensor`` submits real ones. (No ``from __future__ import
annotations``: Dagster checks the op's context annotation as a class.)
"""

import json
import os
import time
from pathlib import Path

from dagster import (
    DefaultSensorStatus,
    Definitions,
    Failure,
    OpExecutionContext,
    RunRequest,
    SensorEvaluationContext,
    SkipReason,
    in_process_executor,
    job,
    op,
    sensor,
)

from orchestration.partitions import tenant_run_config

GATE_WAIT_S = 300  # bounded: a test that never opens a gate fails instead of hanging


def gates() -> Path:
    return Path(os.environ["MEMGOV_TEST_GATES"])


@op
def wait_for_gate(context: OpExecutionContext) -> None:
    gate = gates() / context.run.tags["test/key"]
    deadline = time.monotonic() + GATE_WAIT_S
    while not gate.exists():
        if time.monotonic() > deadline:
            raise Failure(f"gate {gate.name} was never opened")
        time.sleep(0.2)


@job(
    partitions_def=tenant_run_config().partitions_def,
    config=tenant_run_config(),
    executor_def=in_process_executor,
)
def gated_job() -> None:
    wait_for_gate()


@sensor(job=gated_job, minimum_interval_seconds=1, default_status=DefaultSensorStatus.RUNNING)
def requested_runs(context: SensorEvaluationContext) -> list[RunRequest] | SkipReason:
    requests = gates() / "requests.json"
    if not requests.exists():
        return SkipReason("nothing requested")
    return [
        RunRequest(run_key=key, partition_key=tenant, tags={"test/key": key})
        for key, tenant in json.loads(requests.read_text())
    ]


defs = Definitions(jobs=[gated_job], sensors=[requested_runs])
