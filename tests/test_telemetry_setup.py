"""``configure_telemetry`` reads the standard OTEL_* variables: with none set it installs
nothing (the API's proxies stay); with an OTLP endpoint it exports there (a tiny local
HTTP receiver stands in for a collector); a bad value names its variable. Each case runs
in a fresh interpreter, since a process installs its providers once."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from curation import ValidationError
from curation._telemetry_setup import telemetry_requested

PROBE = """
import json
from opentelemetry import metrics, trace
from curation import configure_telemetry, MemoryStore
setup = configure_telemetry()
with trace.get_tracer("probe").start_as_current_span("probe-span"):
    pass
print(json.dumps({
    "setup": None if setup is None else [setup.traces_exporter, setup.metrics_exporter],
    "tracer_provider": type(trace.get_tracer_provider()).__name__,
    "meter_provider": type(metrics.get_meter_provider()).__name__,
}))
if setup is not None:
    setup.flush()
"""


def probe(**otel: str) -> dict[str, object]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("OTEL_")}
    env.update(otel)
    done = subprocess.run(
        [sys.executable, "-c", PROBE], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def test_without_otel_variables_nothing_is_installed() -> None:
    assert probe() == {
        "setup": None,
        "tracer_provider": "ProxyTracerProvider",
        "meter_provider": "_ProxyMeterProvider",
    }
    assert probe(OTEL_SERVICE_NAME="memgov-test")["setup"] is None  # a name asks no export


class _Receiver(BaseHTTPRequestHandler):
    received: list[tuple[str, bytes]] = []

    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers.get("content-length", 0)))
        self.received.append((self.path, body))
        self.send_response(200)
        self.send_header("content-type", "application/x-protobuf")
        self.end_headers()

    def log_message(self, *_: object) -> None:
        pass


@pytest.fixture
def collector() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Receiver)
    _Receiver.received = []
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()


def test_an_otlp_endpoint_gets_the_spans_and_metrics(collector: str) -> None:
    seen = probe(OTEL_EXPORTER_OTLP_ENDPOINT=collector, OTEL_SERVICE_NAME="memgov-otlp-test")
    assert seen["setup"] == ["otlp", "otlp"]
    assert seen["tracer_provider"] == "TracerProvider"
    traces = [body for path, body in _Receiver.received if path == "/v1/traces"]
    assert traces and b"probe-span" in traces[0] and b"memgov-otlp-test" in traces[0]


def test_exporter_choices_and_refusals() -> None:
    assert telemetry_requested({}) == ("none", "none")
    assert telemetry_requested({"OTEL_EXPORTER_OTLP_TRACES_ENDPOINT": "http://x"}) == (
        "otlp",
        "otlp",
    )
    assert telemetry_requested({"OTEL_TRACES_EXPORTER": "console"}) == ("console", "none")
    both = {"OTEL_EXPORTER_OTLP_ENDPOINT": "http://x", "OTEL_METRICS_EXPORTER": "none"}
    assert telemetry_requested(both) == ("otlp", "none")
    disabled = {"OTEL_SDK_DISABLED": "true", "OTEL_TRACES_EXPORTER": "otlp"}
    assert telemetry_requested(disabled) == ("none", "none")
    with pytest.raises(ValidationError) as refused:
        telemetry_requested({"OTEL_TRACES_EXPORTER": "zipkin"})
    assert refused.value.field == "OTEL_TRACES_EXPORTER" and refused.value.value == "zipkin"


def test_the_cli_names_a_bad_otel_variable() -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("OTEL_")}
    env["OTEL_TRACES_EXPORTER"] = "zipkin"
    memgov = os.path.join(os.path.dirname(sys.executable), "memgov")
    done = subprocess.run(
        [memgov, "tenants"], env=env, capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 2
    assert "OTEL_TRACES_EXPORTER" in done.stderr and "zipkin" in done.stderr
    assert "Traceback" not in done.stderr
