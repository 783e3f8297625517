"""The one place an OpenTelemetry SDK is set up (``memgov serve``, ``memgov mcp``, the
command line, the Dagster definitions all call ``configure_telemetry``). It reads the
standard ``OTEL_*`` variables; with none of them set it installs nothing, so the API's
no-op tracer and meter stay in place. The SDK is imported only when something is
installed. Why it lives here: docs/telemetry.md."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from curation._errors import ValidationError

if TYPE_CHECKING:
    from opentelemetry.sdk.metrics import MeterProvider
    from opentelemetry.sdk.metrics.export import MetricReader
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import SpanExporter

DEFAULT_SERVICE_NAME = "memgov"
EXPORTERS = ("otlp", "console", "none")
PROTOCOLS = ("http/protobuf", "grpc")
# any of these asks for export (the exporter variables name which, "none" excepted)
_ENDPOINTS = (
    "OTEL_EXPORTER_OTLP_ENDPOINT",
    "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT",
    "OTEL_EXPORTER_OTLP_METRICS_ENDPOINT",
)


@dataclass(frozen=True)
class TelemetrySetup:
    """What ``configure_telemetry`` installed as the process's global providers."""

    tracer_provider: TracerProvider
    meter_provider: MeterProvider
    traces_exporter: str
    metrics_exporter: str

    def flush(self) -> None:
        """Export what is buffered now (a command about to exit, a test)."""
        self.tracer_provider.force_flush()
        self.meter_provider.force_flush()


_installed: TelemetrySetup | None = None


def _exporter_choice(environ: Mapping[str, str], name: str) -> str:
    """``OTEL_TRACES_EXPORTER`` / ``OTEL_METRICS_EXPORTER``: ``otlp`` when unset but an
    OTLP endpoint is; one exporter only (a list is refused, naming the variable)."""
    value = environ.get(name, "").strip().lower()
    if not value:
        return "otlp" if any(environ.get(e, "").strip() for e in _ENDPOINTS) else "none"
    if value not in EXPORTERS:
        raise ValidationError(name, value, f"expected one of {EXPORTERS}")
    return value


def telemetry_requested(environ: Mapping[str, str] | None = None) -> tuple[str, str]:
    """The (traces, metrics) exporters the environment asks for; ``none`` for both when
    no ``OTEL_*`` variable asks (or ``OTEL_SDK_DISABLED=true``)."""
    env = os.environ if environ is None else environ
    if env.get("OTEL_SDK_DISABLED", "").strip().lower() == "true":
        return "none", "none"
    return _exporter_choice(env, "OTEL_TRACES_EXPORTER"), _exporter_choice(
        env, "OTEL_METRICS_EXPORTER"
    )


def configure_telemetry(
    service_name: str = DEFAULT_SERVICE_NAME,
    *,
    environ: Mapping[str, str] | None = None,
    span_exporter: SpanExporter | None = None,
    metric_reader: MetricReader | None = None,
) -> TelemetrySetup | None:
    """Install the global tracer and meter providers the ``OTEL_*`` variables ask for
    (``OTEL_SERVICE_NAME`` overrides ``service_name``); None, installing nothing, when
    they ask for nothing. ``span_exporter`` / ``metric_reader`` (tests: the SDK's
    in-memory ones) are installed whatever the variables say. A process installs once:
    a second call returns the first setup."""
    global _installed
    if _installed is not None:
        return _installed
    env = os.environ if environ is None else environ
    traces, metrics_choice = telemetry_requested(env)
    if span_exporter is None and metric_reader is None and traces == metrics_choice == "none":
        return None
    protocol = env.get("OTEL_EXPORTER_OTLP_PROTOCOL", "http/protobuf").strip().lower()
    if protocol not in PROTOCOLS:
        raise ValidationError(
            "OTEL_EXPORTER_OTLP_PROTOCOL", protocol, f"expected one of {PROTOCOLS}"
        )
    from opentelemetry import metrics, trace
    from opentelemetry.sdk.metrics import MeterProvider
    from opentelemetry.sdk.resources import Resource
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import BatchSpanProcessor, SimpleSpanProcessor

    named = {} if env.get("OTEL_SERVICE_NAME", "").strip() else {"service.name": service_name}
    resource = Resource.create(named)
    tracer_provider = TracerProvider(resource=resource)
    if span_exporter is not None:
        tracer_provider.add_span_processor(SimpleSpanProcessor(span_exporter))
        traces = "given"
    elif traces != "none":
        tracer_provider.add_span_processor(BatchSpanProcessor(_span_exporter(traces, protocol)))
    readers = [metric_reader] if metric_reader is not None else []
    if metric_reader is not None:
        metrics_choice = "given"
    elif metrics_choice != "none":
        readers.append(_metric_reader(metrics_choice, protocol))
    meter_provider = MeterProvider(resource=resource, metric_readers=readers)
    trace.set_tracer_provider(tracer_provider)
    metrics.set_meter_provider(meter_provider)
    _installed = TelemetrySetup(tracer_provider, meter_provider, traces, metrics_choice)
    return _installed


def _span_exporter(choice: str, protocol: str) -> SpanExporter:
    """The exporter reads its endpoint, headers and timeout from the ``OTEL_*`` variables."""
    if choice == "console":
        from opentelemetry.sdk.trace.export import ConsoleSpanExporter

        return ConsoleSpanExporter()
    exporter: Any = _otlp("trace_exporter", "OTLPSpanExporter", protocol)
    return exporter  # type: ignore[no-any-return]


def _metric_reader(choice: str, protocol: str) -> MetricReader:
    """Periodic export (``OTEL_METRIC_EXPORT_INTERVAL``, 60 s by default)."""
    from opentelemetry.sdk.metrics.export import (
        ConsoleMetricExporter,
        MetricExporter,
        PeriodicExportingMetricReader,
    )

    exporter: MetricExporter = (
        ConsoleMetricExporter()
        if choice == "console"
        else _otlp("metric_exporter", "OTLPMetricExporter", protocol)
    )
    return PeriodicExportingMetricReader(exporter)


def _otlp(module: str, name: str, protocol: str) -> Any:
    package = "proto.http" if protocol == "http/protobuf" else "proto.grpc"
    try:
        loaded = __import__(f"opentelemetry.exporter.otlp.{package}.{module}", fromlist=[name])
    except ImportError as exc:
        raise ValidationError(
            "OTEL_EXPORTER_OTLP_PROTOCOL",
            protocol,
            f"needs the opentelemetry-exporter-otlp-{package.replace('.', '-')} package",
        ) from exc
    return getattr(loaded, name)()
