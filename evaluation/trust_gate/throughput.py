"""The gate's cost on the bulk write path: the bench's pre-embedded synthetic rows
(``evaluation.perf.generator``) written by ``remember_many`` in one batch into a new tenant
(the bulk path: ``bulk_load.worth_it``), with the tenant's trust gate off and on, the
runs interleaved. Prints rows/s and CPU seconds of this process for each."""

from __future__ import annotations

import statistics
import sys
import time
from typing import Any

from curation import HashingEmbedder, MemoryStore
from evaluation.perf.generator import SYNTHETIC_MODEL, generate


def _run(
    store: MemoryStore, rows: list[dict[str, Any]], tenant: str, gate: bool
) -> tuple[float, float]:
    store.remember(tenant, "policy holder", actor="bench")
    store.tenants.set_policy(tenant, {"trust": {"enabled": gate}})
    wall, cpu = time.perf_counter(), time.process_time()
    store.remember_many(tenant, rows, actor="bench")
    return time.perf_counter() - wall, time.process_time() - cpu


def main(n: int = 6000, rounds: int = 3) -> None:
    data = generate(n, seed=8)
    store = MemoryStore.open(embedder=HashingEmbedder(model_name=SYNTHETIC_MODEL))
    rows = data.as_inputs(range(n))
    results: dict[bool, list[tuple[float, float]]] = {False: [], True: []}
    for r in range(rounds):
        for gate in (False, True):
            results[gate].append(
                _run(store, rows, f"tg-bench-{r}-{int(gate)}-{time.time_ns()}", gate)
            )
    for gate, runs in results.items():
        wall = statistics.median(w for w, _ in runs)
        cpu = statistics.median(c for _, c in runs)
        print(
            f"gate {'on ' if gate else 'off'}: {n / wall:,.0f} rows/s wall,"
            f" {cpu:.2f} s CPU (median of {rounds})"
        )
    off = statistics.median(w for w, _ in results[False])
    on = statistics.median(w for w, _ in results[True])
    print(f"slowdown: {on / off - 1:+.1%} wall")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:]))
