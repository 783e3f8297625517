"""A simulated online experiment end to end on the real store: the fleet simulator's world,
agents recalling by cohort, outcomes from ground truth, nightly curation, the analysis,
and the daily series in MLflow."""

from __future__ import annotations

from pathlib import Path

import pytest
from mlflow.tracking import MlflowClient
from mlflow_helpers import fresh_mlflow_uri

from curation import MemoryStore
from curation._cohorts import assign_cohort
from evaluation.online.mlflow_run import log_online_report
from evaluation.online.report_text import daily_table, headline
from evaluation.online.simulation import OnlineSimConfig, simulate_online_experiment

pytestmark = pytest.mark.heavy  # scheduled first (tests/conftest.py)

CONFIG = OnlineSimConfig(agents=40, days=3, warmup_days=14, recalls_per_day=10, seed=7)


def test_simulated_experiment_favours_curation_and_logs_one_step_per_day(
    store: MemoryStore, tmp_path: Path
) -> None:
    result = simulate_online_experiment(store, CONFIG)
    report = result.report
    print(headline(report))
    print(daily_table(report))
    print(f"timings (s): {result.timings}")

    assert report.ended and len(report.rows) == CONFIG.days
    latest = report.latest
    assert latest is not None and latest.delta is not None
    curated, raw = latest.cumulative["curated"], latest.cumulative["raw"]
    assert curated.success_rate is not None and raw.success_rate is not None
    assert latest.delta > 0  # agents acting on curated recall more often act on the truth
    assert curated.success_rate > raw.success_rate
    assert curated.exposures + raw.exposures == result.tasks
    assert curated.outcomes + raw.outcomes == result.outcomes_reported < result.tasks
    assert curated.agents + raw.agents == CONFIG.agents
    assert not latest.srm.alarm

    # every agent was served by the cohort its salted hash assigns
    salt = result.experiment.salt
    by_cohort: dict[str, set[str]] = {"curated": set(), "raw": set()}
    for obs in store.experiments.observations(result.tenant, CONFIG.experiment):
        by_cohort[obs.cohort].add(obs.agent_id)
    for cohort, agents in by_cohort.items():
        assert {str(assign_cohort(salt, a, CONFIG.raw_share)) for a in agents} == {cohort}

    uri = fresh_mlflow_uri(tmp_path / "mlflow.db")
    logged = log_online_report(report, uri=uri)
    assert logged.new_days == list(range(CONFIG.days))
    client = MlflowClient(tracking_uri=uri)
    for key in ("curated.success_rate", "raw.success_rate", "delta", "delta.always_valid_low"):
        steps = sorted(m.step for m in client.get_metric_history(logged.run_id, key))
        assert steps == list(range(CONFIG.days)), key
    final = client.get_run(logged.run_id)
    assert final.data.metrics["delta"] > 0
    assert final.info.status == "FINISHED"


def test_the_simulation_is_deterministic() -> None:
    from evaluation.online.simulation import _fleet, _tasks

    small = OnlineSimConfig(agents=5, days=2, warmup_days=3)
    fleet, subjects = _fleet(small)
    first = _tasks(small, fleet.tenants[0], subjects)
    again = _tasks(small, fleet.tenants[0], _fleet(small)[1])
    assert [(t.query.id, t.query.query, t.agent_id, t.reports_outcome) for t in first] == [
        (t.query.id, t.query.query, t.agent_id, t.reports_outcome) for t in again
    ]
    assert len(first) == small.agents * small.days * small.tasks_per_agent_per_day
    assert all(t.query.correct_ids for t in first)  # every task has a true answer
