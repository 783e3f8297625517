"""A real in-process Dagster run of the curation graph: a span per asset materialisation
(``orchestration.telemetry.traced_asset``), all in the run's trace, each the parent of the
store spans its body causes."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import cast

import pytest
from dagster import DagsterInstance, Definitions
from opentelemetry import trace
from opentelemetry.trace import StatusCode
from telemetry_helpers import SPANS, armed_spans, is_child, only

from curation import MemoryStore
from orchestration.assets.curation import CURATION_ASSETS
from orchestration.definitions import build_resources
from orchestration.in_process import run_for_tenant
from orchestration.jobs import curation_job
from orchestration.partitions import TENANTS
from orchestration.telemetry import run_context

T0 = datetime(2026, 11, 1, 12, 0, tzinfo=UTC)
A = "acme"


spans = pytest.fixture(autouse=True)(armed_spans)


def test_a_run_and_each_asset_step_are_spans(store: MemoryStore, database_url: str) -> None:
    for text in ("the office is in Paris", "the cat is called Tom", "billing runs monthly"):
        store.remember(A, text, now=T0 - timedelta(days=1))
    resources = build_resources(database_url=database_url, embedder="hashing", now=T0.isoformat())
    job = Definitions(
        assets=CURATION_ASSETS, jobs=[curation_job], resources=resources
    ).resolve_job_def(curation_job.name)
    with DagsterInstance.ephemeral() as instance:
        instance.add_dynamic_partitions(TENANTS, [A])
        result = run_for_tenant(job, A, instance)  # as memgov demo and the CLI run it
    assert result.success
    spans = SPANS.get_finished_spans()
    steps = [s for s in spans if s.name.startswith("dagster.asset ")]
    assert sorted(s.name for s in steps) == sorted(
        f"dagster.asset {a.op.name}" for a in CURATION_ASSETS
    )
    materialised = {
        key
        for s in steps
        for key in cast(Sequence[str], (s.attributes or {}).get("dagster.asset_keys", ()))
    }
    assert materialised == {key.to_user_string() for a in CURATION_ASSETS for key in a.keys}
    run = run_context(result.run_id)
    run_span = trace.get_current_span(run).get_span_context()
    for step in steps:
        assert step.attributes is not None
        assert step.attributes["dagster.run_id"] == result.run_id
        assert step.attributes["dagster.partition"] == A
        assert step.context.trace_id == uuid.UUID(result.run_id).int  # one trace per run
        assert step.parent is not None and step.parent.span_id == run_span.span_id
        assert step.status.status_code != StatusCode.ERROR
    plan = only(spans, "memgov.curate.plan")
    assert is_child(plan, only(spans, "dagster.asset curation_plan"))
    apply = only(spans, "memgov.curate.apply")
    assert is_child(apply, only(spans, "dagster.asset curated_store"))
