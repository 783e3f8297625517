"""``simulate_fleet``: run every generator for every tenant and assemble the ``Fleet``."""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from operator import attrgetter

from evaluation.fleet import Fleet, FleetConfig
from evaluation.simulator import (
    claims,
    hotfixes,
    lessons,
    preferences,
    principles,
    queries,
    recalls,
    state,
    tool_outputs,
)
from evaluation.simulator.core import TenantSim
from evaluation.simulator.packs import PACKS
from evaluation.simulator.tool_outputs import ToolOutputs

# The generators with ground truth of their own, in the order they draw ids. Tool outputs
# come after them: they fill what is left of the write budget.
STRUCTURED: tuple[Callable[[TenantSim], None], ...] = (
    principles.generate,
    preferences.generate,
    state.generate,
    claims.generate,
    hotfixes.generate,
    lessons.generate,
)


def _check(config: FleetConfig) -> None:
    for name in ("tenants", "days", "checkpoint_every_days"):
        if getattr(config, name) < 1:
            raise ValueError(f"FleetConfig.{name} must be >= 1, got {getattr(config, name)}")
    for name in ("writes_per_day", "recalls_per_day", "queries_per_checkpoint"):
        if getattr(config, name) < 0:
            raise ValueError(f"FleetConfig.{name} must be >= 0, got {getattr(config, name)}")
    if not 0.0 <= config.key_share <= 1.0:
        raise ValueError(f"FleetConfig.key_share must be in [0, 1], got {config.key_share}")


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while millions of acyclic records are built:
    its generation-2 passes over them cost about a third of a 1M-write build."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def simulate_tenant(config: FleetConfig, index: int) -> tuple[TenantSim, ToolOutputs]:
    """Generate one tenant's writes and contests; its subjects and tool-output index."""
    sim = TenantSim(config, index, PACKS[index % len(PACKS)])
    for generate in STRUCTURED:
        generate(sim)
    return sim, tool_outputs.generate(sim)


def simulate_fleet(config: FleetConfig) -> Fleet:
    """A seeded multi-tenant fleet over ``config.days`` days with ground truth.

    Deterministic for ``config`` (same config, same fleet, ids included). Writes, recalls,
    contests and queries are each sorted by time (ties keep tenant order).
    """
    _check(config)
    fleet = Fleet(config=config)
    with _collector_paused():
        for index in range(config.tenants):
            sim, tools = simulate_tenant(config, index)
            fleet.writes += sim.writes
            fleet.contests += sim.contests
            fleet.recalls += recalls.generate(sim, tools)
            fleet.queries += queries.generate(sim, tools)
    by_time = attrgetter("at")
    fleet.writes.sort(key=by_time)
    fleet.recalls.sort(key=by_time)
    fleet.contests.sort(key=by_time)
    fleet.queries.sort(key=by_time)
    return fleet
