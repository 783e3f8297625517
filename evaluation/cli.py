"""Commands contributed to ``memgov`` by the evaluation package (entry point memgov.cli):
``memgov demo`` and the ``memgov eval`` group."""

from __future__ import annotations

import json
from pathlib import Path

import typer

eval_app = typer.Typer(
    help="Offline evaluation: fleet simulator, A/B, policy sweep, benchmarks.", no_args_is_help=True
)

TENANTS = typer.Option(4, help="Tenants in the simulated fleet.")
DAYS = typer.Option(90, help="Simulated days.")
WRITES = typer.Option(60, help="Writes per tenant per day (mostly tool-output volume).")
RECALLS = typer.Option(30, help="Background recalls per tenant per day.")
SEED = typer.Option(7, help="Seed: the fleet is deterministic for it.")


def _fleet(tenants: int, days: int, writes: int, recalls: int, seed: int, key_share: float = 1.0):  # type: ignore[no-untyped-def]
    from evaluation.fleet import FleetConfig
    from evaluation.simulator import simulate_fleet

    return simulate_fleet(
        FleetConfig(
            tenants=tenants,
            days=days,
            writes_per_day=writes,
            recalls_per_day=recalls,
            seed=seed,
            key_share=key_share,
        )
    )


@eval_app.command()
def simulate(
    tenants: int = TENANTS,
    days: int = DAYS,
    writes: int = WRITES,
    recalls: int = RECALLS,
    seed: int = SEED,
    out: Path | None = typer.Option(
        None,
        help="Write <tenant>.jsonl (import format) and "
        "queries.jsonl (ground truth) into this folder.",
    ),
) -> None:
    """Generate a seeded fleet with ground truth; print its summary."""
    from evaluation.simulator import fleet_summary, validate_fleet

    fleet = _fleet(tenants, days, writes, recalls, seed)
    problems = validate_fleet(fleet)
    summary = fleet_summary(fleet)
    typer.echo(json.dumps(summary, indent=2, default=str))
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        for tenant in fleet.tenants:
            with (out / f"{tenant}.jsonl").open("w", encoding="utf-8") as handle:
                for w in (w for w in fleet.writes if w.tenant == tenant):
                    item = w.as_input()
                    item["created_at"] = w.at.isoformat()
                    handle.write(
                        json.dumps({k: v for k, v in item.items() if v is not None}) + "\n"
                    )
        with (out / "queries.jsonl").open("w", encoding="utf-8") as handle:
            for q in fleet.queries:
                handle.write(
                    json.dumps(
                        {
                            "id": q.id,
                            "tenant": q.tenant,
                            "at": q.at.isoformat(),
                            "query": q.query,
                            "subject": q.subject,
                            "kind": q.kind,
                            "correct_ids": sorted(q.correct_ids),
                            "stale_ids": sorted(q.stale_ids),
                            "refuted_ids": sorted(q.refuted_ids),
                        }
                    )
                    + "\n"
                )
        typer.echo(f"fleet written to {out}")
    if problems:
        typer.echo("ground-truth problems:\n" + "\n".join(problems[:20]), err=True)
        raise typer.Exit(1)


@eval_app.command()
def ab(
    tenants: int = TENANTS,
    days: int = DAYS,
    writes: int = WRITES,
    recalls: int = RECALLS,
    seed: int = SEED,
    key_share: float = typer.Option(
        1.0,
        "--key-share",
        min=0.0,
        max=1.0,
        help="Share of state changes written with a key "
        "(sparse keys, e.g. 0.1: the rest rely on key-less inference).",
    ),
    k: int = typer.Option(6, "-k", help="Hits per recall."),
    policy_file: Path | None = typer.Option(None, "--policy", help="Policy JSON under test."),
    experiment: str = typer.Option("ab-simulated-fleet", help="MLflow experiment."),
    mlflow: bool = typer.Option(True, "--mlflow/--no-mlflow"),
    as_json: bool = typer.Option(False, "--json"),
    rows_file: Path | None = typer.Option(
        None, "--rows", help="Also write every query's row (both arms' outcomes) as JSONL here."
    ),
) -> None:
    """Replay a simulated fleet: raw vs curated recall at every evaluation query."""
    from curation import CurationPolicy, MemoryStore, Mode, embedder_from_env
    from curation.cli import progress_bar
    from evaluation.ab import ABConfig, headline_table, log_ab, run_ab, write_rows
    from evaluation.console import day_progress
    from evaluation.demo import demo_database
    from evaluation.tracking import describe_run

    fleet = _fleet(tenants, days, writes, recalls, seed, key_share)
    policy = CurationPolicy().with_all_modes(Mode.APPLY)
    if policy_file is not None:
        policy = CurationPolicy.model_validate(json.loads(policy_file.read_text()))
    store = MemoryStore(demo_database(name="memgov_eval"), embedder=embedder_from_env())
    typer.echo(
        f"replaying {len(fleet.writes)} writes, {len(fleet.recalls)} recalls, "
        f"{len(fleet.queries)} evaluation queries over {days} days...",
        err=True,
    )
    with progress_bar(f"A/B over {days} simulated days", days) as done:
        result = run_ab(fleet, store, ABConfig(k=k, policy=policy), progress=day_progress(done))
    if mlflow:
        import numpy as np

        from curation import MemorySnapshot, retention_scores

        scores: list[float] = []
        for tenant in fleet.tenants:
            snap: MemorySnapshot = store.runs.snapshot(tenant)
            scores += np.asarray(retention_scores(snap, policy, fleet.end())).tolist()
        run_id = log_ab(
            result,
            experiment=experiment,
            run_name=describe_run(
                "curated vs raw",
                scope=f"simulated fleet {tenants}x{days}d",
                policy=policy,
                seed=seed,
            ),
            params={
                "policy": policy.model_dump(mode="json"),
                "seed": seed,
                "embedder": store.embedder.model_name,
                "workload": {
                    "tenants": tenants,
                    "days": days,
                    "writes_per_day": writes,
                    "recalls_per_day": recalls,
                    "k": k,
                },
            },
            retention=scores,
            prune_below=policy.prune_below,
        )
        typer.echo(f"logged to MLflow experiment {experiment!r}, run {run_id}", err=True)
    if rows_file is not None:
        write_rows(result, rows_file)
        typer.echo(f"{len(result.rows)} query rows written to {rows_file}", err=True)
    if as_json:
        typer.echo(
            json.dumps(
                {"summary": result.summary, "timings": result.timings}, indent=2, default=str
            )
        )
    else:
        typer.echo(headline_table(result))
        typer.echo(f"timings (s): {result.timings}")


@eval_app.command()
def sweep(
    trials: int = typer.Option(8, help="Policies to try (the defaults are always trial 0)."),
    tenants: int = typer.Option(2),
    days: int = typer.Option(45),
    writes: int = typer.Option(30),
    recalls: int = typer.Option(20),
    seed: int = SEED,
    out: Path = typer.Option(Path("best-policy.json"), help="Where to write the best policy."),
    experiment: str = typer.Option("ab-policy-sweep"),
) -> None:
    """Random search over thresholds, half-lives and ranking weights; write the best policy."""
    from curation import embedder_from_env
    from evaluation.console import message_progress
    from evaluation.demo import demo_database
    from evaluation.sweep import Trial, best, run_sweep, write_policy
    from evaluation.tracking import comparison_run

    fleet = _fleet(tenants, days, writes, recalls, seed)
    with comparison_run(
        experiment,
        f"sweep-seed{seed}",
        params={
            "trials": trials,
            "seed": seed,
            "workload": {"tenants": tenants, "days": days, "writes_per_day": writes},
        },
        tags={"kind": "sweep"},
    ) as parent:

        def log(trial: Trial) -> None:
            with parent.arm(
                f"trial-{trial.index}",
                {
                    "choice": trial.choice or "defaults",
                    "policy": trial.policy.model_dump(mode="json"),
                },
            ) as run:
                run.log_metrics(
                    {
                        "quality_curated": trial.summary["top1"]["quality_curated"],
                        "quality_raw": trial.summary["top1"]["quality_raw"],
                        "delta": trial.summary["top1"]["delta"],
                        "win_rate": trial.summary["top1"]["win_rate"],
                    }
                )

        with message_progress(f"Sweep: {trials} trials", trials) as progress:
            results = run_sweep(
                fleet,
                trials=trials,
                seed=seed,
                database_factory=lambda: demo_database(name="memgov_sweep"),
                embedder=embedder_from_env(),
                log=log,
                progress=progress,
            )
        winner = best(results)
        parent.log_metrics(
            {
                "best_quality_curated": winner.summary["top1"]["quality_curated"],
                "best_trial": winner.index,
            }
        )
        parent.log_json("best_policy", winner.policy.model_dump(mode="json"))
    write_policy(winner, out)
    typer.echo(
        f"best: trial {winner.index} {winner.choice or '(defaults)'}; "
        f"curated quality {winner.summary['top1']['quality_curated']:.3f} "
        f"(raw {winner.summary['top1']['quality_raw']:.3f}); policy written to {out}"
    )


@eval_app.command("trust-gate")
def trust_gate(
    benchmarks: Path = typer.Option(Path("../shared/benchmarks"), "--benchmarks"),
    limit: int = typer.Option(0, "--limit", help="At most this many turns per corpus (0: all)."),
) -> None:
    """The trust gate's detectors on a labelled set: recall per kind, false quarantines
    on LoCoMo / LongMemEval turns, cost per write."""
    from evaluation.trust_gate.run import evaluate, report

    typer.echo(report(evaluate(benchmarks, limit)))


def register(app: typer.Typer) -> None:
    from evaluation.benchmarks.cli import register as register_benchmarks
    from evaluation.online import register as register_online
    from evaluation.perf.cli import register as register_bench

    register_benchmarks(eval_app)
    register_bench(app)
    register_online(app)
    app.add_typer(eval_app, name="eval")
