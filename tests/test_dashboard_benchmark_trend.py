"""The Experiments page's public-benchmark trend: each weekly run's headline metric per arm."""

from __future__ import annotations

from typing import Any

from dashboard import charts
from dashboard.mlflow_comparisons import ARM_TAG, PARENT_TAG, benchmark_trend


def _run(experiment: str, started: str, arm: str | None, metrics: dict[str, float]) -> Any:
    tags = {PARENT_TAG: "p1", ARM_TAG: arm} if arm else {}
    return {
        "run_id": f"{experiment}-{arm}-{started}",
        "experiment": experiment,
        "start_time": started,
        "status": "FINISHED",
        "metrics": metrics,
        "params": {},
        "tags": tags,
    }


def test_the_trend_holds_each_arms_headline_metric_oldest_first() -> None:
    runs = [
        _run("benchmark-timeqa", "2026-12-08", "curated", {"overall.current_first": 0.90}),
        _run("benchmark-timeqa", "2026-12-01", "raw", {"overall.current_first": 0.45}),
        _run("benchmark-timeqa", "2026-12-01", None, {"delta.overall.current_first": 0.4}),
        _run("benchmark-locomo", "2026-12-01", "heuristic", {"overall.recall_any@10": 0.5}),
        _run("benchmark-longmemeval", "2026-12-01", "raw", {"other": 1.0}),  # no headline
        _run("ab-simulated-fleet", "2026-12-01", "raw", {"overall.current_first": 1.0}),
    ]
    rows = benchmark_trend(runs)
    assert [(r["benchmark"], r["arm"], r["value"]) for r in rows] == [
        ("timeqa", "raw", 0.45),
        ("locomo", "heuristic", 0.5),
        ("timeqa", "curated", 0.90),
    ]
    chart = charts.benchmark_trend(rows).to_dict()
    assert chart["facet"]["column"]["field"] == "benchmark"
