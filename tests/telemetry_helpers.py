"""The SDK's in-memory exporter and reader, installed once per test process through
``configure_telemetry`` itself (a process has one global provider)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from opentelemetry.sdk.metrics.export import InMemoryMetricReader
from opentelemetry.sdk.trace import ReadableSpan
from opentelemetry.sdk.trace.export import SpanExportResult
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from curation import TelemetrySetup, configure_telemetry


class _ArmedExporter(InMemorySpanExporter):
    """Keeps spans only while a telemetry test runs: the provider outlives the test (a
    process installs once), and later tests in the same process must not fill memory."""

    armed = False

    def export(self, spans: Sequence[ReadableSpan]) -> SpanExportResult:
        return super().export(spans) if self.armed else SpanExportResult.SUCCESS


SPANS = _ArmedExporter()
METRICS = InMemoryMetricReader()


def installed() -> TelemetrySetup:
    setup = configure_telemetry(span_exporter=SPANS, metric_reader=METRICS)
    assert setup is not None and setup.traces_exporter == "given", setup
    return setup


def armed_spans() -> Iterator[None]:
    """An autouse fixture's body: the test's own spans only, none kept after it."""
    installed()
    SPANS.clear()
    SPANS.armed = True
    yield
    SPANS.armed = False
    SPANS.clear()


def named(spans: Sequence[ReadableSpan], name: str) -> list[ReadableSpan]:
    return [s for s in spans if s.name == name]


def only(spans: Sequence[ReadableSpan], name: str) -> ReadableSpan:
    found = named(spans, name)
    assert len(found) == 1, (name, [s.name for s in spans])
    return found[0]


def is_child(child: ReadableSpan, parent: ReadableSpan) -> bool:
    return (
        child.parent is not None
        and child.parent.span_id == parent.context.span_id
        and child.context.trace_id == parent.context.trace_id
    )


def points(name: str) -> list[Any]:
    """Every data point of the metric ``name`` (cumulative since the process began)."""
    data = METRICS.get_metrics_data()
    found: list[Any] = []
    for resource in data.resource_metrics if data is not None else []:
        for scope in resource.scope_metrics:
            for metric in scope.metrics:
                if metric.name == name:
                    found.extend(metric.data.data_points)
    return found


def counted(name: str, **labels: Any) -> float:
    """The sum of a counter's points whose attributes include ``labels``."""
    return sum(
        p.value for p in points(name) if all(p.attributes.get(k) == v for k, v in labels.items())
    )


def recorded(name: str, **labels: Any) -> int:
    """How many values a histogram holds among points whose attributes include ``labels``."""
    return sum(
        p.count for p in points(name) if all(p.attributes.get(k) == v for k, v in labels.items())
    )
