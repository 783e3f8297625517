"""What telemetry costs a recall: p50/p99 of in-process recall and of HTTP recall (the
fast path) with no provider (as without ``OTEL_*`` variables) and with the SDK recording
every span into its in-memory exporter (the cost of the spans and metrics, without the
network an exporter adds in a batch thread). Each mode runs in its own interpreter (a
process installs its providers once), on the same store. Figures are printed, never
asserted. ``python -m api.telemetry_bench [size] [requests]``; the store is the one the
environment configures (``MEMGOV_HOME``, ``MEMGOV_DATABASE_URL``, ``MEMGOV_EMBEDDER``)."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from api.bench import Connection, free_port, load, query

TENANT = "telemetry-bench"


def _percentiles(call: Callable[[int], Any], requests: int) -> tuple[float, float]:
    for n in range(50):  # warm up
        call(n)
    seconds = []
    for n in range(requests):
        started = time.perf_counter()
        call(n)
        seconds.append(time.perf_counter() - started)
    p50, p99 = np.percentile(np.array(seconds) * 1000, [50, 99])
    return float(p50), float(p99)


def measure_mode(mode: str, requests: int) -> dict[str, Any]:
    """In this interpreter: telemetry ``off`` or ``on`` (in-memory), then both recalls."""
    import uvicorn

    from api import create_app
    from curation import MemoryStore, configure_telemetry

    spans = None
    if mode == "on":
        from opentelemetry.sdk.metrics.export import InMemoryMetricReader
        from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

        spans = InMemorySpanExporter()
        configure_telemetry(span_exporter=spans, metric_reader=InMemoryMetricReader())
    store = MemoryStore.open()
    key = store.keys.create(TENANT, "agent").key
    port = free_port()
    server = uvicorn.Server(
        uvicorn.Config(create_app(store), host="127.0.0.1", port=port, log_level="warning")
    )
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.02)
    client = Connection(port, key)
    try:
        local = _percentiles(lambda n: store.recall(TENANT, query(n), 6), requests)
        http = _percentiles(lambda n: client.post("/v1/recall", {"query": query(n)}), requests)
    finally:
        server.should_exit = True
    exported = 0 if spans is None else len(spans.get_finished_spans())
    return {"mode": mode, "in_process": local, "http": http, "spans": exported}


def main(size: int = 5_000, requests: int = 1_000) -> None:
    from curation import MemoryStore

    store = MemoryStore.open()
    load(store, TENANT, size)
    store.db.dispose()
    print(f"recall p50/p99 in ms, {size} memories, {requests} sequential recalls per row")
    print(f"{'telemetry':<10} {'in-process p50':>15} {'p99':>8} {'HTTP p50':>10} {'p99':>8}  spans")
    for mode in ("off", "on", "off", "on"):  # twice each: the second pair shows the noise
        done = subprocess.run(
            [sys.executable, "-m", "api.telemetry_bench", "--mode", mode, str(requests)],
            capture_output=True,
            text=True,
            check=True,
        )
        row = json.loads(done.stdout.strip().splitlines()[-1])
        (lp50, lp99), (hp50, hp99) = row["in_process"], row["http"]
        print(f"{mode:<10} {lp50:>15.2f} {lp99:>8.2f} {hp50:>10.2f} {hp99:>8.2f}  {row['spans']}")


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "--mode":
        print(json.dumps(measure_mode(sys.argv[2], int(sys.argv[3]))))
    else:
        main(*(int(a) for a in sys.argv[1:3]))
