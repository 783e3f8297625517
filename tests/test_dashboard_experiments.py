"""The Experiments page reads A/B and benchmark runs from a real MLflow store (SQLite in a
temp dir), and says what to run when there are none."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from cli_helpers import run_cli
from dashboard_support import app, clear_streamlit_caches, dashboard_env, demo_now

from curation._store.database import Database
from dashboard import mlflow_comparisons

T0_MS = 1_793_000_000_000  # 2026-10-26


@pytest.fixture
def env(
    database: Database, database_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Path]:
    dashboard_env(monkeypatch, database_url, tmp_path, demo_now())
    monkeypatch.setenv("MEMGOV_MLFLOW_UI_URL", "http://127.0.0.1:5999")
    clear_streamlit_caches()
    yield tmp_path / "mlflow" / "mlflow.db"
    clear_streamlit_caches()


def _seed(uri: str) -> None:
    """Three A/B comparisons of two policies (parent + nested arms, per-day quality) and
    one flat benchmark run, plus an experiment the page must ignore."""
    from mlflow.tracking import MlflowClient

    client = MlflowClient(tracking_uri=uri)
    ab = client.create_experiment("ab-demo-fleet")
    for n, (threshold, raw, curated, rate) in enumerate(
        [("0.93", 0.55, 0.58, 0.60), ("0.86", 0.55, 0.63, 0.71), ("0.86", 0.56, 0.64, 0.74)]
    ):
        start = T0_MS + n * 86_400_000
        parent = client.create_run(
            ab, run_name=f"nightly-{n}", tags={"memgov.kind": "comparison"}, start_time=start
        )
        pid = parent.info.run_id
        client.log_param(pid, "policy.duplicate_threshold", threshold)
        client.log_param(pid, "seed", "7")
        for key, value in {
            "win_rate": rate,
            "win_rate_low": rate - 0.1,
            "win_rate_high": rate + 0.1,
            "delta.decision_quality": curated - raw,
            "p_value": 0.01,
        }.items():
            client.log_metric(pid, key, value)
        for arm, quality in (("raw", raw), ("curated", curated)):
            child = client.create_run(
                ab,
                run_name=arm,
                tags={"mlflow.parentRunId": pid, "memgov.arm": arm, "memgov.kind": "arm"},
                start_time=start + 1,
            )
            for day in range(5):
                client.log_metric(
                    child.info.run_id, "decision_quality", quality - 0.01 * (4 - day), step=day
                )
            client.set_terminated(child.info.run_id)
        client.set_terminated(pid)
    bench = client.create_experiment("benchmark-locomo")
    run = client.create_run(bench, run_name="locomo-small", start_time=T0_MS + 5 * 86_400_000)
    for key, value in {"quality_raw": 0.40, "quality_curated": 0.47, "win_rate": 0.66}.items():
        client.log_metric(run.info.run_id, key, value)
    client.set_terminated(run.info.run_id)
    other = client.create_experiment("scratch")
    client.set_terminated(client.create_run(other, run_name="ignored").info.run_id)


def test_no_runs_yet_says_what_to_run_and_creates_nothing(env: Path) -> None:
    at = app("experiments")
    assert not at.exception
    assert [t.value for t in at.title] == ["Experiments"]
    (info,) = at.info
    assert "No A/B runs yet: run `memgov eval ab`" in info.value
    # every command it suggests exists (it once suggested `memgov eval benchmark`)
    suggested = re.findall(r"`memgov ([a-z-]+) ([a-z-]+)", info.value)
    assert len(suggested) == 4
    for group, command in suggested:
        shown = run_cli(dict(os.environ), group, command, "--help").stdout  # exit status 0
        assert f"Usage: memgov {group} {command} " in shown
    assert not env.exists()  # looking did not create a tracking store
    (link,) = at.get("link_button")
    assert link.proto.url == "http://127.0.0.1:5999"


def test_experiments_show_win_rate_quality_per_arm_and_policies(env: Path) -> None:
    uri = f"sqlite:///{env}"
    env.parent.mkdir(parents=True)
    _seed(uri)
    at = app("experiments")
    assert not at.exception, [e.value for e in at.exception]
    assert at.multiselect(key="experiments").options == ["ab-demo-fleet", "benchmark-locomo"]
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["Comparisons"] == "4"
    assert metrics["Latest win rate"] == "66%"  # the benchmark run is the newest
    # win rate over time, quality per arm, policies compared, per-day history of one run
    assert len(at.get("vega_lite_chart")) == 4
    (table,) = at.dataframe
    frame = table.value
    assert list(frame["run"]) == ["locomo-small", "nightly-2", "nightly-1", "nightly-0"]
    assert list(frame["policy"])[1:] == [
        "policy.duplicate_threshold=0.86",
        "policy.duplicate_threshold=0.86",
        "policy.duplicate_threshold=0.93",
    ]
    assert frame["win rate"].iloc[1] == pytest.approx(0.74)

    at.multiselect(key="experiments").set_value(["benchmark-locomo"]).run()
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["Comparisons"] == "1"
    assert not at.exception


def test_summarise_reads_the_layout_of_evaluation_tracking(env: Path) -> None:
    from evaluation import tracking

    uri = f"sqlite:///{env}"
    with tracking.comparison_run(
        "ab-contract", "contract", params={"policy": {"prune_below": 0.12}}, uri=uri
    ) as cmp:
        with cmp.arm("raw") as raw:
            raw.log_metrics({"decision_quality": 0.5})
        with cmp.arm("curated") as curated:
            curated.log_metrics({"decision_quality": 0.6})
        cmp.log_metrics({"win_rate": 0.8, "delta.decision_quality": 0.1})
    from dashboard import data

    runs = data.experiment_runs()
    summary = mlflow_comparisons.summarise(runs)
    (row,) = summary["comparisons"]
    assert (row["experiment"], row["run_name"], row["win_rate"]) == ("ab-contract", "contract", 0.8)
    assert row["delta"] == pytest.approx(0.1)
    assert {(a["arm"], a["decision_quality"]) for a in summary["arms"]} == {
        ("raw", 0.5),
        ("curated", 0.6),
    }
    assert data.tracking_uri() == tracking.tracking_uri()
