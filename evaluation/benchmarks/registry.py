"""The benchmarks, by name: what the weekly Dagster assets, ``memgov eval`` and the
dashboard's benchmark trend iterate. Adding a benchmark: an adapter in ``adapters/`` and
its line here (or ``register_benchmark`` at run time, as a test's fixture benchmark does)."""

from __future__ import annotations

from evaluation.benchmarks.adapters.holdout import Holdout
from evaluation.benchmarks.adapters.locomo import LoCoMo
from evaluation.benchmarks.adapters.longmemeval import LongMemEval
from evaluation.benchmarks.adapters.timeqa import TimeQA
from evaluation.benchmarks.protocol import Benchmark

BENCHMARKS: dict[str, Benchmark] = {
    benchmark.name: benchmark
    for benchmark in (
        LoCoMo(),
        LongMemEval(),
        TimeQA(),
        Holdout(),
    )
}


def register_benchmark(benchmark: Benchmark) -> None:
    """Add (or replace) ``benchmark`` under its name."""
    BENCHMARKS[benchmark.name] = benchmark


def weekly_benchmarks() -> list[Benchmark]:
    """Those with data under ``MEMGOV_BENCHMARKS_DIR``: one Dagster asset each."""
    return [b for b in BENCHMARKS.values() if b.data is not None]


def benchmark_headlines() -> dict[str, str]:
    """MLflow experiment -> the arm runs' metric the dashboard trends."""
    return {b.experiment: b.headline for b in BENCHMARKS.values() if b.headline is not None}
