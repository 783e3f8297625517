"""``memgov bench-http``: recall over HTTP beside in-process recall, on the same store in
the same run — p50/p99 latency and requests/s with 1 and 8 concurrent clients. The
server is a real ``memgov serve`` subprocess (its own interpreter, as deployed); the
difference of the two p50s is the HTTP overhead per recall. Figures are printed, never
asserted."""

from __future__ import annotations

import http.client
import json
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from curation import MemoryStore
from curation.cli import progress_bar

TOPICS = [
    "deploys",
    "billing",
    "oncall",
    "database",
    "frontend",
    "latency",
    "refunds",
    "search",
    "storage",
    "alerts",
    "release",
    "security",
    "caching",
    "queues",
    "auth",
    "pricing",
]


def corpus_line(n: int) -> str:
    topic = TOPICS[n % len(TOPICS)]
    return f"{topic} note {n}: service {n % 997} saw {topic} issue {n % 89} on host {n % 251}"


def load(store: MemoryStore, tenant: str, size: int, batch: int = 2_000) -> float:
    """Fill ``tenant`` up to ``size`` memories; returns seconds spent (0 if it was full)."""
    have = store.counts(tenant).total if tenant in store.tenants.all() else 0
    started = time.perf_counter()
    with progress_bar(f"Loading {tenant} to {size} memories", size) as done:
        done(have)
        for first in range(have, size, batch):
            rows = [{"content": corpus_line(n)} for n in range(first, min(size, first + batch))]
            store.remember_many(tenant, rows, actor="bench")
            done(min(size, first + batch))
    return time.perf_counter() - started if have < size else 0.0


@dataclass(frozen=True)
class Figures:
    label: str
    clients: int
    requests: int
    p50_ms: float
    p99_ms: float
    per_second: float


def measure(calls: dict[str, Callable[[int], Any]], clients: int, requests: int) -> list[Figures]:
    """``requests`` rounds spread over ``clients`` threads; in each round every call runs
    once, in turn (the order alternating), each timed alone. Interleaving the paths makes
    them share the machine's load at every moment, so their difference survives a busy
    machine. req/s is clients / mean latency (Little's law)."""
    latencies: dict[str, list[float]] = {label: [] for label in calls}
    lock = threading.Lock()
    labels = list(calls)

    def worker(worker_id: int) -> None:
        mine: dict[str, list[float]] = {label: [] for label in labels}
        for n in range(worker_id, requests, clients):
            for label in labels if n % 2 == 0 else reversed(labels):
                started = time.perf_counter()
                calls[label](n)
                mine[label].append(time.perf_counter() - started)
        with lock:
            for label, spent in mine.items():
                latencies[label].extend(spent)

    with ThreadPoolExecutor(clients) as pool:
        list(pool.map(worker, range(clients)))
    figures = []
    for label, spent in latencies.items():
        ms = np.array(spent) * 1000
        figures.append(
            Figures(
                label,
                clients,
                requests,
                float(np.percentile(ms, 50)),
                float(np.percentile(ms, 99)),
                clients * len(spent) / float(np.sum(spent)),
            )
        )
    return figures


def query(n: int) -> str:
    return f"{TOPICS[n % len(TOPICS)]} issue {n % 89} on service {n % 997}"


@dataclass(frozen=True)
class CpuFigures:
    """Milliseconds of CPU per recall: the server process's (HTTP), the bench process's
    (in-process, and the HTTP client's own share). PostgreSQL's CPU is in neither."""

    server_ms: float
    in_process_ms: float
    client_ms: float


class Connection:
    """One keep-alive connection to the server (reopened if the server closed it idle)."""

    def __init__(self, port: int, key: str) -> None:
        self.port = port
        self.headers = {"Authorization": f"Bearer {key}", "Content-Type": "application/json"}
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)

    def post(self, path: str, body: dict[str, Any]) -> bytes:
        payload = json.dumps(body)
        for attempt in (1, 2):
            try:
                self.conn.request("POST", path, payload, self.headers)
                response = self.conn.getresponse()
                data = response.read()
            except (ConnectionError, http.client.HTTPException):
                self.conn.close()
                if attempt == 2:
                    raise
                continue
            if response.status != 200:
                raise RuntimeError(f"{path} answered {response.status}: {data[:200]!r}")
            return data
        raise AssertionError("unreachable")


def process_cpu(pid: int) -> float:
    """CPU seconds (user + system) a process has used so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def measure_cpu(
    server_pid: int, over_http: Callable[[int], Any], in_process: Callable[[int], Any], n: int
) -> CpuFigures | None:
    """CPU per recall of each path, one after the other on one thread (None off Linux)."""
    if not Path(f"/proc/{server_pid}/stat").exists():
        return None
    server, mine = process_cpu(server_pid), time.process_time()
    for i in range(n):
        over_http(i)
    server, client = process_cpu(server_pid) - server, time.process_time() - mine
    mine = time.process_time()
    for i in range(n):
        in_process(i)
    local = time.process_time() - mine
    return CpuFigures(1000 * server / n, 1000 * local / n, 1000 * client / n)


def free_port() -> int:
    """A loopback port nothing listens on now: a fixed default would, with another bench or
    server on it, measure (or wait for) that server instead of ours."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def run(
    store: MemoryStore, *, size: int, requests: int, tenant: str, port: int
) -> tuple[list[Figures], CpuFigures | None]:
    seconds = load(store, tenant, size)
    if seconds:
        print(f"loaded {size} memories in {seconds:.0f} s", file=sys.stderr)
    key = store.keys.create(tenant, "agent", name="bench-http").key
    env = {**os.environ, "MEMGOV_API_RATE": "1000000", "MEMGOV_API_BURST": "1000000"}
    memgov = str(Path(sys.executable).with_name("memgov"))
    server = subprocess.Popen([memgov, "serve", "--port", str(port)], env=env)
    try:
        _wait_up(port, server)
        for n in range(50):  # warm both paths (pool connections, caches)
            store.recall(tenant, query(n), 6)
        local = threading.local()

        def over_http(n: int) -> None:
            connection = getattr(local, "connection", None)
            if connection is None:
                connection = local.connection = Connection(port, key)
            connection.post("/v1/recall", {"query": query(n), "k": 6})

        for n in range(50):
            over_http(n)

        def in_process(n: int) -> None:
            store.recall(tenant, query(n), 6)

        cpu = measure_cpu(server.pid, over_http, in_process, min(requests, 1_000))
        # one client: the two paths interleaved; eight: each path alone (eight clients of
        # one path at a time, as a deployment would see them)
        figures = measure({"in-process": in_process, "HTTP": over_http}, 1, requests)
        figures += measure({"in-process": in_process}, 8, requests)
        figures += measure({"HTTP": over_http}, 8, requests)
        return figures, cpu
    finally:
        server.terminate()
        server.wait(timeout=30)


def _wait_up(port: int, server: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError("memgov serve exited")
        try:
            probe = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            probe.request("GET", "/v1/health")
            if probe.getresponse().status == 200:
                return
        except OSError:
            pass
        time.sleep(0.3)
    raise RuntimeError("memgov serve did not come up")


def report(figures: list[Figures], size: int, cpu: CpuFigures | None = None) -> str:
    lines = [
        f"recall at {size} memories (k=6), same store, same run",
        f"{'path':<11} {'clients':>7} {'requests':>8} {'p50 ms':>8} {'p99 ms':>8} {'req/s':>8}",
    ]
    for f in figures:
        lines.append(
            f"{f.label:<11} {f.clients:>7} {f.requests:>8} {f.p50_ms:>8.2f} {f.p99_ms:>8.2f} "
            f"{f.per_second:>8.0f}"
        )
    by = {(f.label, f.clients): f for f in figures}
    for clients in (1, 8):
        overhead = by[("HTTP", clients)].p50_ms - by[("in-process", clients)].p50_ms
        lines.append(f"HTTP overhead at p50 with {clients} client(s): {overhead:+.2f} ms")
    if cpu is not None:
        lines.append(
            f"CPU per recall: server {cpu.server_ms:.2f} ms over HTTP, {cpu.in_process_ms:.2f} "
            f"ms in-process (overhead {cpu.server_ms - cpu.in_process_ms:+.2f} ms); "
            f"the HTTP client's own {cpu.client_ms:.2f} ms"
        )
    lines.append(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return "\n".join(lines)
