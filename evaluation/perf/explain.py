"""Why a missed target was missed, in this run's own figures: the bench prints each miss
with the measurement that bounds it (issue 16: every row met or explained), so a reader
need not trust a sentence written for another run on another machine."""

from __future__ import annotations

from typing import Any

from evaluation.perf.pass_phases import DUPLICATE_SEARCH, FULL_PASS, WORK_PHASES


def verdict(ok: bool | None, why: str = "") -> str:
    """A target's verdict: "n/a" when not comparable, "MET", or "MISSED" with its reason."""
    if ok is None:
        return "n/a"
    if ok:
        return "MET"
    return f"MISSED: {why}" if why else "MISSED"


def cores(result: dict[str, Any]) -> int:
    return int(result.get("cpus") or 1)


def graph_build_rate(result: dict[str, Any]) -> float:
    """Rows per second pgvector's HNSW build reached in this run's bulk load."""
    b = result["bulk_load"]
    return float(b["rows"]) / max(float(b["build_hnsw_s"]), 1e-9)


def ingest(result: dict[str, Any]) -> str:
    i = result["ingest"]
    indexed = i["batch"] + i.get("existing", 0)
    return (
        f"the graph is built again over {indexed:,} rows; the HNSW build alone indexed "
        f"{graph_build_rate(result):,.0f} rows/s in this run's bulk load"
    )


def bulk_import(result: dict[str, Any]) -> str:
    b = result["bulk_load"]
    total = b["copy_memory_s"] + b["build_hnsw_s"]
    return (
        f"the HNSW build is {b['build_hnsw_s']:.0f} of {total:.0f} s "
        f"({graph_build_rate(result):,.0f} rows/s on {cores(result)} cores); the COPY "
        f"{b['copy_memory_s']:.0f} s"
    )


def recall_rate(result: dict[str, Any]) -> str:
    """CPU per recall against the machine's cores: the ceiling on the rate."""
    r = result["recall"]
    if "cpu_ms_per_recall" not in r:
        return "see docs/performance.md (no CPU figures in this result)"
    ceiling = cores(result) * 1000 / max(r["cpu_ms_per_recall"], 1e-9)
    one = result.get("recall_one_client")
    alone = f"; one client alone: p50 {one['p50_ms']} ms" if one else ""
    return (
        f"{r['cpu_ms_per_recall']} CPU-ms per recall (clients {r['client_cpu_ms_per_recall']}, "
        f"database and the rest {r['cpu_ms_per_recall'] - r['client_cpu_ms_per_recall']:.2f}), "
        f"{r['machine_busy_share']:.0%} of {cores(result)} cores busy: at most "
        f"{ceiling:,.0f} recalls/s{alone}"
    )


def paced(result: dict[str, Any]) -> str:
    offered = result["recall_paced"]["offered_rate_per_s"]
    flat = result["recall"]["throughput_per_s"]
    return f"offered {offered:g}/s is above the flat-out {flat}/s: a backlog builds"


def full_pass(result: dict[str, Any]) -> str:
    phases = result["pass"]["phases_s"]
    parts = ", ".join(f"{p} {phases.get(p, 0.0):.0f}" for p in WORK_PHASES)
    biggest = max(WORK_PHASES, key=lambda p: phases.get(p, 0.0))
    return (
        f"no one phase: {parts} s (the largest, {biggest}, is "
        f"{phases.get(biggest, 0.0) / max(phases[FULL_PASS], 1e-9):.0%})"
    )


def cpu_bound(cpu_s_per_1000: float, cpus: int) -> str:
    """CPU per 1,000 texts against the cores: the ceiling on the embedding rate."""
    ceiling = cpus * 1000 / max(cpu_s_per_1000, 1e-9)
    return f"{cpu_s_per_1000} CPU-s per 1,000 texts: at most {ceiling:,.0f}/s on {cpus} cores"


def int8_cosine() -> str:
    return "dynamic int8 quantisation's error on the worst text; so int8 is not offered"


def whole_process_rss(result: dict[str, Any]) -> str:
    before = result["pass"].get("rss_mb_before_pass")
    return (
        f"the bench's own generated data and loader (resident before the pass: "
        f"{before:,.0f} MB), not the store"
        if before
        else "the bench's own generated data and loader, not the store"
    )


# measurement noise between two sizes: a phase counts as above n log n past this margin
GROWTH_MARGIN = 0.1
_WHY_GROWTH = {
    DUPLICATE_SEARCH: "sqrt(4n) cells, so both the cell assignment and the join grow as "
    "n^1.5 (docs/performance.md, round seven)",
}


def growth(last_k: dict[str, Any], nlogn_k: float, step: str) -> str:
    """The verdict on "every phase <= n log n" from the growth exponents of the last step."""
    over = {
        phase: k
        for phase, k in last_k.items()
        if isinstance(k, float) and k > nlogn_k + GROWTH_MARGIN
    }
    if not over:
        return f"every phase <= n log n ({step}, k <= {nlogn_k + GROWTH_MARGIN:.2f}): MET"
    reasons = "; ".join(
        f"{phase} k = {k}" + (f" ({_WHY_GROWTH[phase]})" if phase in _WHY_GROWTH else "")
        for phase, k in over.items()
    )
    return f"every phase <= n log n ({step}): MISSED: {reasons}"
