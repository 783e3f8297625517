"""How an A/B on a simulated fleet is named and described in MLflow, the one way the
weekly ``ab_workload`` asset and ``memgov demo`` both log it: the run named for what it
compares, its params the policy, seed, embedder and the workload's shape."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from evaluation import ABConfig, FleetConfig


def fleet_ab_run(
    ab_config: ABConfig, config: FleetConfig, embedder: str, scope: str, workload: Sequence[str]
) -> tuple[str, dict[str, Any]]:
    """The run's name and params (``log_ab``'s ``run_name`` and ``params``); ``workload``
    names the fleet settings logged as its shape."""
    from evaluation import describe_run

    name = describe_run("curated vs raw", scope=scope, policy=ab_config.policy, seed=config.seed)
    params = {
        "policy": ab_config.policy.model_dump(mode="json"),
        "seed": config.seed,
        "embedder": embedder,
        "workload": {setting: getattr(config, setting) for setting in workload},
    }
    return name, params
