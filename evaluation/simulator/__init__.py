"""The fleet simulator: a seeded, multi-tenant agent fleet with ground truth.

``simulate_fleet(FleetConfig(...))`` returns an ``evaluation.fleet.Fleet``: every write,
background recall and contest of ``tenants`` tenants over ``days`` simulated days, plus
evaluation questions at checkpoints with the ids correct, stale and refuted at that
moment. Same config, same fleet (ids are uuid5 of seed, tenant and a counter).

Each failure the two sources name is a generator module of its own (its docstring says
which failure it models):

- ``principles``   durable principles, rarely recalled (source 000)
- ``lessons``      one lesson re-stated many ways across runs (000), via ``phrasing``
- ``hotfixes``     narrow hotfixes for integrations later rewritten (000)
- ``state``        state facts under supersession keys that change (001)
- ``claims``       claims later refuted by evidence, with contests (000, 001)
- ``tool_outputs`` high-volume short-lived tool outputs with reference numbers (001)
- ``preferences``  long-lived preferences (001)
- ``recalls``      background recalls with a Zipf popularity skew (000, 001)
- ``queries``      checkpoint questions with the truth of the moment

Vocabulary comes from domain packs (``packs``: customer support, devops, sales/CRM,
data engineering); tenant *i* speaks pack ``i % 4`` with its own entities.

Scale: ``writes_per_day`` is per tenant and is the write budget; the structured
generators take what they need (a few hundred writes per tenant, lessons growing with
``writes_per_day * days``) and tool outputs fill the rest, so a fleet holds about
``tenants * days * writes_per_day`` writes (more only when that budget is smaller than
the structured writes). ``recalls_per_day`` is per tenant too.
"""

from __future__ import annotations

from evaluation.simulator.checks import fleet_summary, validate_fleet
from evaluation.simulator.simulate import simulate_fleet, simulate_tenant

__all__ = ["fleet_summary", "simulate_fleet", "simulate_tenant", "validate_fleet"]
