"""Memgov's Dagster assets, one group per module:

- ``curation``: the per-tenant graph, ``raw_history → active_snapshot → curation_plan →
  curated_store → curation_report`` (its blocking checks in ``orchestration/checks.py``);
- ``evaluation``: the A/B on a tenant's labels, the A/B on the simulated workload and one
  weekly asset per public benchmark of evaluation's registry;
- ``online``: the daily analysis of online experiments.

Each asset computes from its upstream value and the resources (``orchestration/resources.py``)
and hands its page to ``orchestration/metadata.py``; ``orchestration/definitions.py`` wires
them once.
"""
