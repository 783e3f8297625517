"""``memgov demo``: the main job on the demo fleet, end to end.

1. load the demo fleet into its own database and show recall raw vs curated;
2. materialize the Dagster curation graph for each demo tenant (checks included) on the
   persistent instance under ``$MEMGOV_HOME/dagster``, so ``make up`` shows the runs;
3. show recall again and the curator's queue;
4. run the A/B on a small simulated fleet, log it to MLflow and print the headline table;
5. run a simulated online experiment (agents split into curated and raw cohorts) on its
   own ``demo-`` tenant of the demo database, log its daily series to MLflow, print the
   headline.

Framework output (Dagster's DEBUG lines, MLflow, model loading) goes to a log file whose
path is printed; long phases show a progress bar.
"""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from dagster import DagsterInstance, Definitions

from curation import Database, MemoryStore, Settings, embedder_from_env, embedder_named
from evaluation import (
    DEMO_DATABASE,
    Print,
    TenantScript,
    Terminal,
    curation_line,
    day_progress,
    demo_database,
    progress,
    quiet_frameworks,
    run_demo,
    run_link,
)
from evaluation import DEMO_NOW as NOW
from orchestration.assets.curation import CURATION_ASSETS
from orchestration.checks import ALL_CHECKS
from orchestration.definitions import build_resources
from orchestration.fleet_ab import fleet_ab_run
from orchestration.in_process import run_for_tenant
from orchestration.instance import ensure_dagster_home
from orchestration.jobs import curation_job
from orchestration.partitions import TENANTS
from orchestration.run_origin import runs_under, workspace_job_origin

ONLINE_TENANT = "demo-online-support"
# sized for the demo's minute: 60 agents and a week of warm-up still separate the cohorts
# by ~0.19 (p ~ 3e-5); 100 agents and two weeks cost 5 s more CPU for the same verdict
ONLINE_SIM = {
    "agents": 60,
    "days": 3,
    "warmup_days": 7,
    "writes_per_day": 10,
    "recalls_per_day": 10,
    "seed": 7,
}
# the demo's A/B: small enough for ~20 s of CPU, large enough that curated and raw recall
# differ clearly (`memgov eval ab` runs the full-size one); 12 writes a day gives the same
# +0.28 and 14/0 wins as 20 for 7 s less CPU (the 48 paired queries are unchanged)
AB_FLEET = {
    "tenants": 2,
    "days": 14,
    "writes_per_day": 12,
    "recalls_per_day": 10,
    "queries_per_checkpoint": 12,
    "seed": 7,
}


def dagster_curate(database_url: str, embedder: str, terminal: Terminal | None = None) -> Any:
    """A ``curate`` step for ``run_demo`` that runs ``curation_job`` (the job the schedule
    and sensor run, so the Dagster UI lists the runs under its name) per tenant."""

    def curate(store: MemoryStore, scripts: Sequence[TenantScript], out: Print) -> None:
        ensure_dagster_home()
        tenants = [s.tenant for s in scripts]
        job = Definitions(
            assets=CURATION_ASSETS,
            asset_checks=ALL_CHECKS,
            jobs=[curation_job],
            resources=build_resources(
                database_url=database_url, embedder=embedder, now=NOW.isoformat()
            ),
        ).resolve_job_def(curation_job.name)
        lines = []
        with DagsterInstance.get() as instance:
            known = set(instance.get_dynamic_partitions(TENANTS))
            instance.add_dynamic_partitions(TENANTS, [t for t in tenants if t not in known])
            with (
                runs_under(instance, workspace_job_origin(curation_job.name)),
                progress(terminal, "Dagster curation_job", len(tenants)) as done,
            ):
                for n, tenant in enumerate(tenants, start=1):
                    result = run_for_tenant(job, tenant, instance)
                    checks = result.get_asset_check_evaluations()
                    failing = [c.check_name for c in checks if not c.passed]
                    runs = store.runs.latest(tenant, limit=1)
                    line = curation_line(tenant, runs[0].report) if runs else f"  {tenant}:"
                    state = "" if result.success else " — the Dagster run FAILED (see the log)"
                    lines.append(
                        f"{line}; checks {len(checks) - len(failing)}/{len(checks)} passed"
                        + (f" (not: {', '.join(failing)})" if failing else "")
                        + state
                    )
                    done(n)
        for line in lines:
            out(line)

    return curate


def run_ab_demo(out: Print, terminal: Terminal | None = None) -> None:
    from curation import MemoryStore as Store
    from evaluation import (
        ABConfig,
        FleetConfig,
        embed_writes,
        headline_table,
        log_ab,
        run_ab,
        simulate_fleet,
    )

    config = FleetConfig(**AB_FLEET)  # type: ignore[arg-type]
    fleet = simulate_fleet(config)
    store = Store(demo_database(name="memgov_eval"), embedder=embedder_from_env())
    ab_config = ABConfig()
    title = (
        f"A/B: {len(fleet.writes)} simulated memories, {config.tenants} tenants, {config.days} days"
    )
    with progress(terminal, f"A/B replay ({config.days} days)", config.days) as done:
        # every write embedded in one call, not one per day's batch: ~5 of its ~18 CPU-s
        vectors = embed_writes(fleet, store)
        result = run_ab(fleet, store, ab_config, progress=day_progress(done), embeddings=vectors)
    name, params = fleet_ab_run(
        ab_config,
        config,
        store.embedder.model_name,
        f"demo fleet {config.tenants}x{config.days}d",
        ("tenants", "days", "writes_per_day"),
    )
    run_id = log_ab(result, experiment="ab-demo", run_name=name, params=params)
    out(f"\n=== {title} (`memgov eval ab` runs the full-size one) ===")
    out(headline_table(result))
    out(f"(MLflow, run {name!r}: {run_link(run_id)})")


def run_online_demo(out: Print, database: Database, terminal: Terminal | None = None) -> None:
    """A simulated online experiment on its own ``demo-`` tenant of the demo database (so
    the dashboard's Experiments page shows it), logged to MLflow (experiment online-ab)."""
    from evaluation import (
        ONLINE_EXPERIMENT,
        OnlineSimConfig,
        log_online_report,
        simulate_online_experiment,
    )
    from evaluation import online_daily_table as daily_table
    from evaluation import online_headline as headline

    config = OnlineSimConfig(**ONLINE_SIM, tenant_name=ONLINE_TENANT)  # type: ignore[arg-type]
    title = (
        f"Online experiment: {config.agents} simulated agents, {config.days} days, "
        f"{config.raw_share:.0%} served raw"
    )
    store = MemoryStore(database, embedder=embedder_from_env())
    total = config.warmup_days + config.days
    with progress(terminal, f"Online experiment ({total} days)", total) as done:
        result = simulate_online_experiment(store, config, progress=day_progress(done))
    logged = log_online_report(result.report)
    out(f"\n=== {title}; {config.missing_outcome_share:.0%} of outcomes never reported ===")
    out(headline(result.report))
    out(daily_table(result.report))
    out(f"(MLflow, experiment {ONLINE_EXPERIMENT!r}: {run_link(logged.run_id)})")


def _hints(out: Print, elapsed: float, log: Path) -> None:
    env = f"MEMGOV_DATABASE={DEMO_DATABASE}"
    out(f"\nDone in {elapsed:.0f} s. Framework logs: {log}")
    out("Next (from this folder):")
    out("  make up    # Dagster, the dashboard and the MLflow UI on 127.0.0.1, on this data")
    out(f'  {env} .venv/bin/memgov recall "What plan is Initech on?" -t demo-acme-support')
    out(f"  {env} .venv/bin/memgov proposals list -t demo-acme-support")


def main(out: Print | None = None) -> None:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    # the UIs started by `make up` read the same database
    os.environ.setdefault("MEMGOV_DATABASE", DEMO_DATABASE)
    started = time.perf_counter()
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    log = Settings.from_env().home / "logs" / f"demo-{stamp}.log"
    with quiet_frameworks(log) as terminal:
        say = out or terminal.line
        say(
            "Memgov demo: two agents' memory stores (demo-acme-support, demo-globex-devops), "
            "60 simulated days."
        )
        say(f"Framework logs (Dagster, MLflow, model loading) go to {log}")
        settings = Settings.from_env()
        database = demo_database(name=settings.database_name)
        run_demo(
            embedder=embedder_named(settings.embedder),
            database=database,
            out=say,
            curate=dagster_curate(database.url, settings.embedder, terminal),
            terminal=terminal,
        )
        run_ab_demo(say, terminal)
        run_online_demo(say, database, terminal)
        _hints(say, time.perf_counter() - started, log)
