"""The evaluation asset group: curated vs raw recall, measured and logged to MLflow.

- ``ab_evaluation`` (per tenant, after ``curated_store``): the A/B on the tenant's own
  labeled queries (golden probes and feedback-labeled recalls).
- ``ab_workload``: the A/B on the configured simulated workload (MEMGOV_AB_WORKLOAD),
  replayed day by day with nightly curation in a scratch database.
- ``<name>_benchmark``: one weekly asset per benchmark of evaluation's registry that has
  data (LoCoMo, LongMemEval oracle, TimeQA). Each runs raw, the newest-near-top heuristic
  and curated recall in a scratch database (recreated each time; never the store itself)
  and logs one comparison run (experiment ``benchmark-<name>``), whose trend the
  dashboard's Experiments page shows. The data comes from ``BenchmarkDataResource``
  (MEMGOV_BENCHMARKS_DIR, the layout of ``shared/benchmarks``); a benchmark whose data is
  absent materialises as skipped, with the reason in its metadata: the data is not
  shipped with memgov.
"""

from dagster import AssetExecutionContext, AssetsDefinition, MaterializeResult, MetadataValue, asset

from evaluation import Benchmark, weekly_benchmarks
from orchestration.assets.curation import curated_store
from orchestration.fleet_ab import fleet_ab_run
from orchestration.metadata import benchmark_metadata, comparison_metadata, workload_metadata
from orchestration.partitions import tenant_partitions
from orchestration.resources import (
    BenchmarkDataResource,
    ClockResource,
    MLflowResource,
    StoreResource,
    WorkloadResource,
)
from orchestration.telemetry import traced_asset

GROUP = "evaluation"
AB_EXPERIMENT = "ab-simulated-fleet"


@asset(
    partitions_def=tenant_partitions,
    group_name=GROUP,
    deps=[curated_store],
    description="Curated-vs-raw A/B on the tenant's own labeled queries (golden probes and "
    "feedback-labeled recalls), logged to MLflow: one parent run, a nested run per arm, the "
    "per-query table as an artifact. The simulated-fleet A/B is `memgov eval ab`.",
)
@traced_asset
def ab_evaluation(
    context: AssetExecutionContext,
    store: StoreResource,
    clock: ClockResource,
    mlflow: MLflowResource,
) -> MaterializeResult[None]:
    from evaluation import comparison_run, describe_run, evaluate_tenant, redact_value

    tenant = context.partition_key
    memory = store.open(clock.clock())
    result = evaluate_tenant(memory, tenant, now=clock.current())
    base = {
        "labeled_queries": result["labeled_queries"],
        "golden_probes": result["golden"],
        "feedback_labels": result["feedback"],
        "mlflow_tracking_uri": MetadataValue.text(redact_value(mlflow.resolved_tracking_uri())),
        "mlflow_experiment": MetadataValue.text(mlflow.experiment_name),
    }
    if not result["labeled_queries"]:
        context.log.info("no golden probes or feedback-labeled recalls: nothing to evaluate")
        return MaterializeResult(metadata={"status": MetadataValue.text("no labels"), **base})
    comparison = result["comparison"]
    policy = memory.tenants.policy(tenant)
    with comparison_run(
        mlflow.experiment_name,
        describe_run("curated vs raw", scope=f"tenant {tenant}, labeled queries", policy=policy),
        params={
            "tenant": tenant,
            "workload": "tenant-labels",
            "policy": policy.model_dump(mode="json"),
        },
        tags={"kind": "ab", "tenant": tenant},
        uri=mlflow.resolved_tracking_uri(),
    ) as run:
        run.log_metrics({f"top1.{k}": v for k, v in comparison.items()})
        for arm in ("raw", "curated"):
            with run.arm(arm, {"arm": arm}) as child:
                child.log_metrics({"decision_quality": comparison[f"quality_{arm}"]})
        run.log_table("per_query", result["rows"])
        run_id = run.run_id
    status = {"status": MetadataValue.text("evaluated")}
    return MaterializeResult(metadata={**status, **base, **comparison_metadata(comparison, run_id)})


@asset(
    group_name=GROUP,
    description="Curated-vs-raw A/B on the configured simulated workload (MEMGOV_AB_WORKLOAD), "
    f"replayed day by day with nightly curation in a scratch database, logged to MLflow "
    f"(experiment {AB_EXPERIMENT}).",
)
@traced_asset
def ab_workload(
    context: AssetExecutionContext,
    store: StoreResource,
    mlflow: MLflowResource,
    workload: WorkloadResource,
) -> MaterializeResult[None]:
    from evaluation import ABConfig, headline_table, log_ab, run_ab, simulate_fleet

    config = workload.fleet_config()
    fleet = simulate_fleet(config)
    scratch = store.scratch(workload.database)
    try:
        ab_config = ABConfig()
        result = run_ab(fleet, scratch, ab_config, progress=context.log.info)
        name, params = fleet_ab_run(
            ab_config,
            config,
            scratch.embedder.model_name,
            f"weekly workload {config.tenants}x{config.days}d",
            ("tenants", "days", "writes_per_day", "recalls_per_day"),
        )
        uri = mlflow.resolved_tracking_uri()
        run_id = log_ab(result, experiment=AB_EXPERIMENT, run_name=name, params=params, uri=uri)
    finally:
        scratch.db.dispose()
    metadata = workload_metadata(
        len(fleet.writes), result.summary["top1"], headline_table(result), run_id
    )
    return MaterializeResult(metadata=metadata)


def _benchmark(
    context: AssetExecutionContext,
    benchmark: Benchmark,
    data: BenchmarkDataResource,
    store: StoreResource,
    mlflow: MLflowResource,
) -> MaterializeResult[None]:
    name = benchmark.title
    path = data.path(benchmark.data) if benchmark.data is not None else None
    if path is None:
        reason = f"no {name} data under MEMGOV_BENCHMARKS_DIR ({data.root or 'unset'})"
        context.log.info(f"{name}: skipped, {reason}")
        return MaterializeResult(metadata={"skipped": True, "reason": reason})
    from evaluation import RunOptions, explicit_cache_path, run_benchmark

    scratch = store.scratch(data.database)
    try:
        options = RunOptions(embed_cache=explicit_cache_path())
        uri = mlflow.resolved_tracking_uri()
        result = run_benchmark(benchmark, path, scratch, options, tracking_uri=uri)
    finally:
        scratch.db.dispose()
    return MaterializeResult(
        metadata=benchmark_metadata(str(path), result, benchmark.figures(result))
    )


def benchmark_asset(benchmark: Benchmark) -> AssetsDefinition:
    """The weekly asset ``<name>_benchmark`` of a registered benchmark with data."""

    def compute(
        context: AssetExecutionContext,
        store: StoreResource,
        mlflow: MLflowResource,
        benchmarks: BenchmarkDataResource,
    ) -> MaterializeResult[None]:
        return _benchmark(context, benchmark, benchmarks, store, mlflow)

    compute.__name__ = compute.__qualname__ = f"{benchmark.name}_benchmark"
    return asset(group_name=GROUP, description=benchmark.description)(traced_asset(compute))


ASSETS_BY_BENCHMARK = {b.name: benchmark_asset(b) for b in weekly_benchmarks()}
BENCHMARK_ASSETS = list(ASSETS_BY_BENCHMARK.values())
locomo_benchmark = ASSETS_BY_BENCHMARK["locomo"]
longmemeval_benchmark = ASSETS_BY_BENCHMARK["longmemeval"]
timeqa_benchmark = ASSETS_BY_BENCHMARK["timeqa"]

EVALUATION_ASSETS = [ab_evaluation, ab_workload, *BENCHMARK_ASSETS]
