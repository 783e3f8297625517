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

Peeking: the decision reads an always-valid interval, not a fixed-horizon one, so looking
every day (the daily job does) keeps the false-positive rate at alpha; the horizon
(``ends_at``) only decides when a flat result is called flat.
"""
