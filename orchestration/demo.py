"""``memgov demo``: the main job on the demo fleet, end to end.

1. load the demo fleet into its own database and show recall raw vs curated;
2. materialize the Dagster curation graph for each demo tenant (checks included) on the
   persistent instance under ``$MEMGOV_HOME/dagster``, so ``make up`` shows the runs;
3. show recall again and the curator's queue;
4. run the A/B on a small simulated fleet, log it to MLflow and print the headline table;
5. run a simulated online experiment (agents split into curated and raw cohorts) on its
   own tenant of the demo database, log its daily series to MLflow, print the headline.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

from dagster import AssetSelection, DagsterInstance, materialize

from curation import Database, MemoryStore
from evaluation.demo_fleet import NOW, TenantScript
from evaluation.demo_steps import DEMO_DATABASE, Print, demo_database, run_demo
from orchestration.assets import CURATION_ASSETS
from orchestration.checks import ALL_CHECKS
from orchestration.definitions import build_resources
from orchestration.instance import ensure_dagster_home
from orchestration.partitions import TENANTS, tenant_tags


def dagster_curate(database_url: str, embedder: str) -> Any:
    """A ``curate`` step for ``run_demo`` that materializes the curation graph per tenant."""

    def curate(store: MemoryStore, scripts: Sequence[TenantScript], out: Print) -> None:
        ensure_dagster_home()
        tenants = [s.tenant for s in scripts]
        with DagsterInstance.get() as instance:
            known = set(instance.get_dynamic_partitions(TENANTS))
            instance.add_dynamic_partitions(TENANTS, [t for t in tenants if t not in known])
            for tenant in tenants:
                result = materialize(
                    [*CURATION_ASSETS, *ALL_CHECKS],
                    selection=AssetSelection.assets(*CURATION_ASSETS),
                    partition_key=tenant,
                    instance=instance,
                    resources=build_resources(
                        database_url=database_url, embedder=embedder, now=NOW.isoformat()
                    ),
                    tags=tenant_tags(tenant),
                    raise_on_error=False,
                )
                checks = result.get_asset_check_evaluations()
                failing = [c.check_name for c in checks if not c.passed]
                report = store.runs(tenant, limit=1)
                applied = report[0].report.applied if report else {}
                out(
                    f"  {tenant}: Dagster run {'succeeded' if result.success else 'FAILED'}, "
                    f"checks {len(checks) - len(failing)}/{len(checks)} passed"
                    + (f" (not passed: {', '.join(failing)})" if failing else "")
                    + f"; superseded {applied.get('superseded', 0)}, duplicates "
                    f"{applied.get('duplicates_archived', 0)}, decayed {applied.get('decayed', 0)}"
                    f", conflicts {applied.get('conflicts_opened', 0)}, proposals "
                    f"{applied.get('proposals_created', 0)}"
                )

    return curate


def run_ab_demo(out: Print) -> None:
    from curation import MemoryStore as Store
    from curation import embedder_from_env
    from evaluation.ab import ABConfig, run_ab
    from evaluation.ab_report import headline_table, log_ab
    from evaluation.fleet import FleetConfig
    from evaluation.simulator import simulate_fleet

    config = FleetConfig(
        tenants=2, days=30, writes_per_day=25, recalls_per_day=15, queries_per_checkpoint=15, seed=7
    )
    fleet = simulate_fleet(config)
    out(
        f"\n=== A/B on a simulated fleet ({len(fleet.writes)} memories, {config.tenants} "
        f"tenants, {config.days} days; `memgov eval ab` runs the full-size one) ==="
    )
    store = Store(demo_database(name="memgov_eval"), embedder=embedder_from_env())
    ab_config = ABConfig()
    result = run_ab(fleet, store, ab_config)
    run_id = log_ab(
        result,
        experiment="ab-demo",
        run_name="demo",
        params={
            "policy": ab_config.policy.model_dump(mode="json"),
            "seed": config.seed,
            "embedder": store.embedder.model_name,
            "workload": {
                "tenants": config.tenants,
                "days": config.days,
                "writes_per_day": config.writes_per_day,
            },
        },
    )
    out(headline_table(result))
    out(f"(MLflow run {run_id} in experiment 'ab-demo')")


def run_online_demo(out: Print, database: Database) -> None:
    """A simulated online experiment on its own tenant of the demo database (so the
    dashboard's Experiments page shows it), logged to MLflow (experiment online-ab)."""
    from curation import embedder_from_env
    from evaluation.online.mlflow_run import ONLINE_EXPERIMENT, log_online_report
    from evaluation.online.report_text import daily_table, headline
    from evaluation.online.simulation import OnlineSimConfig, simulate_online_experiment

    config = OnlineSimConfig(
        agents=100, days=3, warmup_days=21, writes_per_day=10, recalls_per_day=10, seed=7
    )
    out(
        f"\n=== Online experiment: {config.agents} simulated agents, {config.days} days, "
        f"{config.raw_share:.0%} served raw; outcomes from ground truth, "
        f"{config.missing_outcome_share:.0%} never reported ==="
    )
    store = MemoryStore(database, embedder=embedder_from_env())
    result = simulate_online_experiment(store, config)
    logged = log_online_report(result.report)
    out(headline(result.report))
    out(daily_table(result.report))
    out(
        f"(MLflow run {logged.run_id} in experiment {ONLINE_EXPERIMENT!r}; "
        f"`MEMGOV_DATABASE={DEMO_DATABASE} memgov experiment status {config.experiment} "
        f"-t {result.tenant} "
        f"--now {result.experiment.ends_at.isoformat()}` reprints it)"
    )


def main(out: Print = print) -> None:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    # the UIs started by `make up` read the same database
    os.environ.setdefault("MEMGOV_DATABASE", DEMO_DATABASE)
    database = demo_database(name=os.environ["MEMGOV_DATABASE"])
    embedder = os.environ.get("MEMGOV_EMBEDDER", "minilm")
    run_demo(database=database, out=out, curate=dagster_curate(database.url, embedder))
    run_ab_demo(out)
    run_online_demo(out, database)
