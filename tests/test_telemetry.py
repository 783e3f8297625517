"""Spans and metrics, read back from the SDK's in-memory exporter and reader: the store's
recall, write and curation phases; every HTTP route (the recall fast path included) as the
parent of the store's spans; MCP tool calls."""

from __future__ import annotations

from typing import Any

import anyio
import httpx
import httpx2
import pytest
from api_helpers import serving
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from opentelemetry.trace import SpanKind, StatusCode
from telemetry_helpers import (
    SPANS,
    armed_spans,
    counted,
    is_child,
    named,
    only,
    recorded,
)

from api import ApiSettings
from curation import CurationPolicy, MemoryStore, Mode

A = "acme"


spans = pytest.fixture(autouse=True)(armed_spans)


def test_store_recall_span_and_latency_histogram(store: MemoryStore) -> None:
    for text in ("deploys need a green CI run", "billing runs monthly", "CI runs on every push"):
        store.remember(A, text)
    before = recorded("memgov.recall.duration", **{"memgov.recall.mode": "raw"})
    SPANS.clear()
    result = store.recall(A, "what do deploys need", k=2, mode="raw")
    span = only(SPANS.get_finished_spans(), "memgov.recall")
    attributes = dict(span.attributes or {})
    assert attributes["memgov.tenant"] == A
    assert attributes["memgov.recall.mode"] == "raw"
    assert attributes["memgov.recall.k"] == 2
    assert attributes["memgov.recall.limit"] == 2  # raw: no candidate multiplier
    assert attributes["memgov.recall.candidates"] == 2
    assert attributes["memgov.recall.hits"] == len(result.hits) == 2
    assert attributes["memgov.recall.via"] == "tenant"
    assert recorded("memgov.recall.duration", **{"memgov.recall.mode": "raw"}) == before + 1

    SPANS.clear()
    curated = store.recall(A, "CI", k=1)
    span = only(SPANS.get_finished_spans(), "memgov.recall")
    multiplier = store.tenants.policy(A).candidate_multiplier
    assert span.attributes is not None
    assert span.attributes["memgov.recall.mode"] == curated.mode == "curated"
    assert span.attributes["memgov.recall.limit"] == multiplier
    assert span.attributes["memgov.recall.candidates"] == 3  # all three, fewer than sought


def test_a_refused_recall_is_an_error_span_and_still_timed(store: MemoryStore) -> None:
    before = recorded("memgov.recall.duration", **{"memgov.outcome": "error"})
    with pytest.raises(Exception, match="k"):
        store.recall(A, "anything", k=0)
    span = only(SPANS.get_finished_spans(), "memgov.recall")
    assert span.status.status_code == StatusCode.ERROR
    assert [e.name for e in span.events] == ["exception"]
    assert recorded("memgov.recall.duration", **{"memgov.outcome": "error"}) == before + 1


def test_write_span_counts_the_items(store: MemoryStore) -> None:
    store.remember_many(A, [{"content": "one fact"}, {"content": "another fact"}])
    span = only(SPANS.get_finished_spans(), "memgov.write")
    assert span.attributes is not None
    assert span.attributes["memgov.write.items"] == 2
    assert span.attributes["memgov.write.created"] == 2


def test_curation_phases_and_action_counters(store: MemoryStore) -> None:
    store.tenants.set_policy(A, CurationPolicy().with_all_modes(Mode.APPLY))
    store.remember(A, "the office is in Paris", supersession_key="office")
    store.remember(A, "the office moved to Lyon", supersession_key="office")
    store.remember(A, "the cat is called Tom")
    store.remember(A, "the cat is called Tom.")
    before = {
        action: counted("memgov.curation.actions", **{"memgov.curation.action": action})
        for action in ("superseded", "merged", "archived")
    }
    runs_before = counted("memgov.curation.runs", **{"memgov.tenant": A})
    SPANS.clear()
    report = store.runs.curate(A, apply=True)
    spans = SPANS.get_finished_spans()
    curate = only(spans, "memgov.curate")
    phases = [only(spans, f"memgov.curate.{p}") for p in ("plan", "apply", "report")]
    assert all(is_child(phase, curate) for phase in phases)
    starts = [p.start_time or 0 for p in phases]
    assert starts == sorted(starts)
    assert curate.attributes is not None and curate.attributes["memgov.tenant"] == A
    assert curate.attributes["memgov.curation.dry_run"] is False
    assert phases[0].attributes is not None
    assert phases[0].attributes["memgov.tenant"] == A
    counts: dict[str, Any] = {
        k: v for k, v in report.applied.items() if isinstance(v, int) and not isinstance(v, bool)
    }
    assert sum(counts.values()) > 0, report.applied  # the run did something to count
    report_span = phases[2]
    assert report_span.attributes is not None
    for action, count in counts.items():
        assert report_span.attributes[f"memgov.curation.{action}"] == count
    for action in before:
        now = counted("memgov.curation.actions", **{"memgov.curation.action": action})
        assert now - before[action] == counts.get(action, 0), action
    assert counted("memgov.curation.runs", **{"memgov.tenant": A}) == runs_before + 1


@pytest.mark.parametrize("fast", [True, False], ids=["fast-path", "framework-route"])
def test_http_recall_span_parents_the_store_recall(store: MemoryStore, fast: bool) -> None:
    store.remember(A, "deploys need a green CI run")
    key = store.keys.create(A, "agent").key
    with (
        serving(store, ApiSettings(fast_recall=fast)) as served,
        served.client(key) as client,
    ):
        SPANS.clear()
        answer = client.post("/v1/recall", json={"query": "deploys", "k": 3})
        assert answer.status_code == 200
        spans = SPANS.get_finished_spans()
    http = only(spans, "POST /v1/recall")
    recall = only(spans, "memgov.recall")
    assert http.kind == SpanKind.SERVER
    assert http.attributes is not None
    assert http.attributes["http.route"] == "/v1/recall"
    assert http.attributes["http.response.status_code"] == 200
    assert is_child(recall, http)
    assert recall.attributes is not None
    assert recall.attributes["memgov.tenant"] == A
    assert recall.attributes["memgov.recall.k"] == 3
    assert recall.attributes["memgov.recall.via"] == "key"


def test_http_errors_carry_their_status_and_route_template(store: MemoryStore) -> None:
    store.tenants.create(A)
    key = store.keys.create(A, "agent").key
    missing = "00000000-0000-4000-8000-000000000000"
    with serving(store) as served, served.client(key) as client:
        SPANS.clear()
        statuses = [
            client.post("/v1/recall", json={"query": "x", "k": 0}).status_code,
            client.get(f"/v1/memories/{missing}").status_code,
            client.get("/v1/nowhere").status_code,
            httpx.post(f"{served.url}/v1/recall", json={"query": "x"}).status_code,
        ]
        spans = SPANS.get_finished_spans()
    assert statuses == [422, 404, 404, 401]
    by_status = sorted(
        (int(s.attributes["http.response.status_code"]), s.name)  # type: ignore[index, arg-type]
        for s in spans
        if s.kind == SpanKind.SERVER
    )
    assert by_status == [
        (401, "POST /v1/recall"),
        (404, "GET"),  # no route matched: the method alone, no raw path as a name
        (404, "GET /v1/memories/{memory_id}"),
        (422, "POST /v1/recall"),
    ]
    assert all(s.status.status_code == StatusCode.UNSET for s in spans if s.kind == SpanKind.SERVER)
    assert all(not name.endswith(missing) for _, name in by_status)


def test_incoming_trace_context_is_continued(store: MemoryStore) -> None:
    store.tenants.create(A)
    key = store.keys.create(A, "agent").key
    trace_id = "4bf92f3577b34da6a3ce929d0e0e4736"
    parent = "00f067aa0ba902b7"
    with serving(store) as served, served.client(key) as client:
        SPANS.clear()
        headers = {"traceparent": f"00-{trace_id}-{parent}-01"}
        assert client.get("/v1/health", headers=headers).status_code == 200
        spans = SPANS.get_finished_spans()
    health = only(spans, "GET /v1/health")
    assert format(health.context.trace_id, "032x") == trace_id
    assert health.parent is not None and format(health.parent.span_id, "016x") == parent


def test_mcp_tool_spans(store: MemoryStore) -> None:
    store.remember(A, "the staging database is called kestrel")
    key = store.keys.create(A, "agent").key

    async def session(url: str) -> None:
        http = httpx2.AsyncClient(headers={"Authorization": f"Bearer {key}"}, timeout=30)
        async with Client(streamable_http_client(f"{url}/mcp", http_client=http)) as client:
            recalled = await client.call_tool("recall", {"query": "staging database", "k": 4})
            assert not recalled.is_error
            refused = await client.call_tool(
                "explain", {"memory_id": "00000000-0000-4000-8000-000000000000"}
            )
            assert refused.is_error

    with serving(store) as served:
        SPANS.clear()
        anyio.run(session, served.url)
        spans = SPANS.get_finished_spans()
    tool = only(spans, "memgov.mcp.tool recall")
    recall = only(spans, "memgov.recall")
    assert is_child(recall, tool)
    # inside the MCP SDK's own server span (which continues the client's trace from the
    # request's _meta); the HTTP request has a span of its own
    sdk_span = next(s for s in named(spans, "tools/call recall") if is_child(tool, s))
    assert sdk_span.kind == SpanKind.SERVER
    posts = named(spans, "POST /mcp")
    assert posts and all((s.attributes or {}).get("http.route") == "/mcp" for s in posts)
    assert tool.attributes is not None
    assert tool.attributes["gen_ai.tool.name"] == "recall"
    assert tool.attributes["memgov.outcome"] == "ok"
    assert recall.attributes is not None and recall.attributes["memgov.recall.k"] == 4
    explain = only(spans, "memgov.mcp.tool explain")
    assert explain.attributes is not None
    assert explain.attributes["memgov.outcome"] == "refused"
    assert explain.attributes["error.type"] == "not_found"
