"""Evaluation's front door: what the other rooms (Dagster, the dashboard) use of it.

``orchestration`` and ``dashboard`` import only this module (an import-linter contract
in pyproject.toml keeps the submodules private to ``evaluation``). The names resolve
lazily (PEP 562 ``__getattr__``): ``import evaluation`` loads nothing, and a name loads
its module on first use (``_lazy``). The ``TYPE_CHECKING`` block says where each name
lives, to type checkers and to ``_EXPORTS`` alike (read from it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from evaluation._lazy import lazy_exports, type_checking_exports

if TYPE_CHECKING:
    from evaluation.ab import ABConfig, embed_writes, headline_table, log_ab, run_ab
    from evaluation.benchmarks.embed_cache import explicit_cache_path
    from evaluation.benchmarks.protocol import Benchmark, BenchmarkResult, RunOptions
    from evaluation.benchmarks.registry import (
        BENCHMARKS,
        benchmark_headlines,
        register_benchmark,
        weekly_benchmarks,
    )
    from evaluation.benchmarks.run import run_benchmark
    from evaluation.console import Terminal, day_progress, progress, quiet_frameworks
    from evaluation.demo import (
        DEMO_DATABASE,
        Print,
        TenantScript,
        curation_line,
        demo_database,
        run_demo,
    )
    from evaluation.demo import NOW as DEMO_NOW
    from evaluation.fleet import FleetConfig
    from evaluation.online import (
        ONLINE_EXPERIMENT,
        OnlineSimConfig,
        experiment_report,
        log_due_experiments,
        log_online_report,
        simulate_online_experiment,
    )
    from evaluation.online import daily_table as online_daily_table
    from evaluation.online import headline as online_headline
    from evaluation.simulator import simulate_fleet
    from evaluation.tenant_eval import evaluate_tenant
    from evaluation.tracking import (
        comparison_run,
        describe_run,
        mlflow_ui_url,
        redact_value,
        run_link,
        tracking_uri,
    )

_EXPORTS = type_checking_exports(__file__)  # name -> "module:attribute"


__getattr__, __dir__ = lazy_exports(__name__, globals(), _EXPORTS)

__all__ = [
    "BENCHMARKS",
    "DEMO_DATABASE",
    "DEMO_NOW",
    "ONLINE_EXPERIMENT",
    "ABConfig",
    "Benchmark",
    "BenchmarkResult",
    "FleetConfig",
    "OnlineSimConfig",
    "Print",
    "RunOptions",
    "TenantScript",
    "Terminal",
    "benchmark_headlines",
    "comparison_run",
    "curation_line",
    "day_progress",
    "demo_database",
    "describe_run",
    "embed_writes",
    "evaluate_tenant",
    "experiment_report",
    "explicit_cache_path",
    "headline_table",
    "log_ab",
    "log_due_experiments",
    "log_online_report",
    "mlflow_ui_url",
    "online_daily_table",
    "online_headline",
    "progress",
    "quiet_frameworks",
    "redact_value",
    "register_benchmark",
    "run_ab",
    "run_benchmark",
    "run_demo",
    "run_link",
    "simulate_fleet",
    "simulate_online_experiment",
    "tracking_uri",
    "weekly_benchmarks",
]
