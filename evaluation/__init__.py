"""Evaluation's front door: what the other rooms (Dagster, the dashboard) use of it.

``orchestration`` and ``dashboard`` import only this module (an import-linter contract
in pyproject.toml keeps the submodules private to ``evaluation``). The names resolve
lazily (PEP 562 ``__getattr__``): ``import evaluation`` loads nothing, and a name loads
its module on first use (``_lazy``). The ``TYPE_CHECKING`` block says where each name
lives, to type checkers and to ``_EXPORTS`` and ``__all__`` alike (read from it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from evaluation._lazy import lazy_exports, type_checking_exports

if TYPE_CHECKING:
    from evaluation.ab import ABConfig as ABConfig
    from evaluation.ab import embed_writes as embed_writes
    from evaluation.ab import headline_table as headline_table
    from evaluation.ab import log_ab as log_ab
    from evaluation.ab import run_ab as run_ab
    from evaluation.benchmarks.embed_cache import explicit_cache_path as explicit_cache_path
    from evaluation.benchmarks.protocol import Benchmark as Benchmark
    from evaluation.benchmarks.protocol import BenchmarkResult as BenchmarkResult
    from evaluation.benchmarks.protocol import RunOptions as RunOptions
    from evaluation.benchmarks.registry import BENCHMARKS as BENCHMARKS
    from evaluation.benchmarks.registry import benchmark_headlines as benchmark_headlines
    from evaluation.benchmarks.registry import register_benchmark as register_benchmark
    from evaluation.benchmarks.registry import weekly_benchmarks as weekly_benchmarks
    from evaluation.benchmarks.run import run_benchmark as run_benchmark
    from evaluation.console import Terminal as Terminal
    from evaluation.console import day_progress as day_progress
    from evaluation.console import progress as progress
    from evaluation.console import quiet_frameworks as quiet_frameworks
    from evaluation.demo import DEMO_DATABASE as DEMO_DATABASE
    from evaluation.demo import NOW as DEMO_NOW  # noqa: F401 (renamed, so not seen as exported)
    from evaluation.demo import Print as Print
    from evaluation.demo import TenantScript as TenantScript
    from evaluation.demo import curation_line as curation_line
    from evaluation.demo import demo_database as demo_database
    from evaluation.demo import run_demo as run_demo
    from evaluation.fleet import FleetConfig as FleetConfig
    from evaluation.online import ONLINE_EXPERIMENT as ONLINE_EXPERIMENT
    from evaluation.online import OnlineSimConfig as OnlineSimConfig
    from evaluation.online import daily_table as online_daily_table  # noqa: F401 (renamed)
    from evaluation.online import experiment_report as experiment_report
    from evaluation.online import headline as online_headline  # noqa: F401 (renamed)
    from evaluation.online import log_due_experiments as log_due_experiments
    from evaluation.online import log_online_report as log_online_report
    from evaluation.online import simulate_online_experiment as simulate_online_experiment
    from evaluation.simulator import simulate_fleet as simulate_fleet
    from evaluation.tenant_eval import evaluate_tenant as evaluate_tenant
    from evaluation.tracking import comparison_run as comparison_run
    from evaluation.tracking import describe_run as describe_run
    from evaluation.tracking import mlflow_ui_url as mlflow_ui_url
    from evaluation.tracking import redact_value as redact_value
    from evaluation.tracking import run_link as run_link
    from evaluation.tracking import tracking_uri as tracking_uri

_EXPORTS = type_checking_exports(__file__)  # name -> "module:attribute"

__getattr__, __dir__ = lazy_exports(__name__, globals(), _EXPORTS)
__all__ = sorted(_EXPORTS)
