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
    from evaluation.online.analysis import OnlineReport as OnlineReport
    from evaluation.online.analysis import analyse_experiment as analyse_experiment
    from evaluation.online.cli import register as register
    from evaluation.online.daily import experiment_report as experiment_report
    from evaluation.online.daily import experiments_due as experiments_due
    from evaluation.online.daily import log_due_experiments as log_due_experiments
    from evaluation.online.mlflow_run import ONLINE_EXPERIMENT as ONLINE_EXPERIMENT
    from evaluation.online.mlflow_run import log_online_report as log_online_report
    from evaluation.online.recommend import Recommendation as Recommendation
    from evaluation.online.report_text import daily_table as daily_table
    from evaluation.online.report_text import headline as headline
    from evaluation.online.simulation import OnlineSimConfig as OnlineSimConfig
    from evaluation.online.simulation import (
        simulate_online_experiment as simulate_online_experiment,
    )

_EXPORTS = type_checking_exports(__file__)  # name -> "module:attribute"

__getattr__, __dir__ = lazy_exports(__name__, globals(), _EXPORTS)
__all__ = sorted(_EXPORTS)
