"""Online curated-vs-raw experiments: analysis, MLflow series, simulation, CLI.

The store (``curation``) splits a tenant's agents into cohorts and logs every recall an
agent makes as an exposure, with its outcome when one arrives. This package reads that
evidence:

- ``stats``       the intervals and tests (Newcombe, z-test, agent-clustered variance and
                  bootstrap, the always-valid normal-mixture confidence sequence, SRM);
- ``analysis``    one row per UTC day, as of that day's end, and the recommendation
                  (``recommend``);
- ``tracking``    one MLflow run per experiment, a step per completed day;
- ``daily``       the store-to-report glue shared by the Dagster asset, CLI and dashboard;
- ``simulation``  a simulated online experiment on the fleet simulator's ground truth;
- ``report_text`` and ``cli``: ``memgov experiment start|stop|status|list``.

This module is the package's surface (what Dagster, the dashboard and ``memgov demo``
use, through ``evaluation``); the names load lazily (``evaluation._lazy``).

Peeking: the decision reads an always-valid interval, not a fixed-horizon one, so looking
every day (the daily job does) keeps the false-positive rate at alpha; the horizon
(``ends_at``) only decides when a flat result is called flat.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from evaluation._lazy import lazy_exports, type_checking_exports

if TYPE_CHECKING:
    from evaluation.online.analysis import OnlineReport, analyse_experiment
    from evaluation.online.cli import register
    from evaluation.online.daily import experiment_report, experiments_due, log_due_experiments
    from evaluation.online.mlflow_run import ONLINE_EXPERIMENT, log_online_report
    from evaluation.online.recommend import Recommendation
    from evaluation.online.report_text import daily_table, headline
    from evaluation.online.simulation import OnlineSimConfig, simulate_online_experiment

_EXPORTS = type_checking_exports(__file__)  # name -> "module:attribute"

__getattr__, __dir__ = lazy_exports(__name__, globals(), _EXPORTS)

__all__ = [
    "ONLINE_EXPERIMENT",
    "OnlineReport",
    "OnlineSimConfig",
    "Recommendation",
    "analyse_experiment",
    "daily_table",
    "experiment_report",
    "experiments_due",
    "headline",
    "log_due_experiments",
    "log_online_report",
    "register",
    "simulate_online_experiment",
]
