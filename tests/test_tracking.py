"""MLflow tracking against a real SQLite store in tmp_path: a comparison is a parent run
with nested arm runs (parentRunId tag), params on the parent, per-step metric series,
table/PNG/JSON artifacts beside the database; credentials never reach MLflow; the default
URI lives under MEMGOV_HOME."""

from __future__ import annotations

import csv
import io
import json
import math
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest
from matplotlib.figure import Figure
from mlflow.tracking import MlflowClient
from mlflow_helpers import fresh_mlflow_uri

from evaluation.tracking import (
    REDACTED,
    comparison_run,
    flatten_params,
    is_secret_key,
    metric_key,
    redact_value,
    runs_frame,
    tracking_uri,
)


@pytest.fixture(scope="module")
def store_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("mlflow")


@pytest.fixture(scope="module")
def uri(store_dir: Path) -> str:
    """One SQLite store for the module."""
    return fresh_mlflow_uri(store_dir / "mlflow.db")


@pytest.fixture(autouse=True)
def isolated_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.delenv("MLFLOW_TRACKING_URI", raising=False)
    monkeypatch.setenv("MEMGOV_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    yield
    assert not (tmp_path / "mlruns").exists(), "nothing may fall back to ./mlruns"


def artifact_paths(client: MlflowClient, run_id: str, path: str | None = None) -> set[str]:
    out: set[str] = set()
    for info in client.list_artifacts(run_id, path):
        if info.is_dir:
            out |= artifact_paths(client, run_id, info.path)
        else:
            out.add(info.path)
    return out


def test_comparison_writes_parent_arms_metrics_and_artifacts(uri: str, store_dir: Path) -> None:
    figure = Figure()
    figure.subplots().plot([0, 1, 2], [0.5, 0.6, 0.7])
    rows = [
        {"query": "q1", "raw": 0.0, "curated": 1.0, "hits": ["a", "b"]},
        {"query": "q2", "raw": 1.0, "curated": 1.0, "note": None},
    ]
    with comparison_run(
        "ab-test",
        "fleet-1",
        params={"policy": {"decay": "apply", "weights": {"rank": 0.15}}, "k": 6},
        tags={"memgov.workload": "fleet"},
        uri=uri,
    ) as comparison:
        with comparison.arm("raw", {"mode": "raw"}) as raw:
            for step, value in enumerate([0.5, 0.55, 0.6]):
                raw.log_metrics({"decision_quality": value}, step=step)
            raw.log_table("queries", rows[:1])
        with comparison.arm("curated", {"mode": "curated"}) as curated:
            for step, value in enumerate([0.6, 0.7, 0.8]):
                curated.log_metrics({"decision_quality": value}, step=step)
            curated.log_json("notes", {"ok": True})
        comparison.log_metrics({"delta.decision_quality": 0.2, "win_rate@6": 0.7})
        comparison.log_table("per_query", rows)
        comparison.log_figure("quality", figure)
        comparison.log_json("summary", {"delta": 0.2, "nan": math.nan})
        parent_id = comparison.run_id
        arms = dict(comparison.arms)

    client = MlflowClient(tracking_uri=uri)
    parent = client.get_run(parent_id)
    assert parent.info.status == "FINISHED" and parent.info.run_name == "fleet-1"
    assert parent.data.params == {
        "policy.decay": "apply",
        "policy.weights.rank": "0.15",
        "k": "6",
    }
    assert parent.data.tags["memgov.workload"] == "fleet"
    assert "mlflow.parentRunId" not in parent.data.tags
    assert parent.data.metrics == {"delta.decision_quality": 0.2, "win_rate_at_6": 0.7}

    assert set(arms) == {"raw", "curated"}
    for name, run_id in arms.items():
        child = client.get_run(run_id)
        assert child.data.tags["mlflow.parentRunId"] == parent_id
        assert child.info.run_name == name and child.info.status == "FINISHED"
        assert child.info.experiment_id == parent.info.experiment_id
        assert child.data.params == {"mode": name}
    history = client.get_metric_history(arms["curated"], "decision_quality")
    assert [(m.step, m.value) for m in sorted(history, key=lambda m: m.step)] == [
        (0, 0.6),
        (1, 0.7),
        (2, 0.8),
    ]

    assert artifact_paths(client, parent_id) == {
        "tables/per_query.csv",
        "tables/per_query.json",
        "figures/quality.png",
        "summary.json",
    }
    assert artifact_paths(client, arms["raw"]) == {"tables/queries.csv", "tables/queries.json"}
    assert artifact_paths(client, arms["curated"]) == {"notes.json"}

    # artifacts of a SQLite store live beside the database, not in ./mlruns
    root = store_dir / "mlartifacts" / "ab-test" / parent_id / "artifacts"
    png = (root / "figures" / "quality.png").read_bytes()
    assert png.startswith(b"\x89PNG")
    table = list(csv.DictReader(io.StringIO((root / "tables" / "per_query.csv").read_text())))
    assert list(table[0]) == ["query", "raw", "curated", "hits", "note"]
    assert table[0]["hits"] == '["a", "b"]' and table[1]["note"] == ""
    assert json.loads((root / "tables" / "per_query.json").read_text())[1]["query"] == "q2"
    assert json.loads((root / "summary.json").read_text()) == {"delta": 0.2, "nan": None}


def test_metrics_skip_none_and_nan_silently(uri: str) -> None:
    with comparison_run("ab-metrics", "skip", params={}, uri=uri) as comparison:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            comparison.log_metrics(
                {"kept": 1, "flag": True, "none": None, "nan": math.nan, "inf": math.inf}
            )
        assert [str(w.message) for w in caught] == []
        with pytest.raises(TypeError):
            comparison.log_metrics({"bad": "text"})  # type: ignore[dict-item]
        run_id = comparison.run_id
    metrics = MlflowClient(tracking_uri=uri).get_run(run_id).data.metrics
    assert metrics == {"kept": 1.0, "flag": 1.0}


def test_credentials_are_redacted(uri: str) -> None:
    params = {
        "database_url": "postgresql+psycopg://memgov:hunter2@db.internal:5432/memgov",
        "store": {"dsn": "host=db user=memgov password=hunter2 dbname=memgov"},
        "api_key": "sk-live-123",
        "openai": {"token": "abc", "max_tokens": 256},
        "hf_token": "hf_abc",
        "db_password": "hunter2",
        "client_secret": "s3",
        "supersession_key": "deploy.window",
        "token_budget": 2000,
        "long": "x" * 900,
    }
    flat = flatten_params(params)
    assert flat["database_url"] == "postgresql+psycopg://memgov:***@db.internal:5432/memgov"
    assert flat["store.dsn"] == "host=db user=memgov password=*** dbname=memgov"
    for key in ("api_key", "openai.token", "hf_token", "db_password", "client_secret"):
        assert flat[key] == REDACTED, key
    assert flat["openai.max_tokens"] == "256"
    assert flat["supersession_key"] == "deploy.window"
    assert flat["token_budget"] == "2000"
    assert len(flat["long"]) == 500
    assert not any("hunter2" in v or "sk-live" in v or "hf_abc" in v for v in flat.values())

    with comparison_run(
        "ab-secrets",
        "redaction",
        params=params,
        tags={"source": "https://bob:pw@example.org/x", "auth_header": "Bearer x"},
        uri=uri,
    ) as comparison:
        with comparison.arm("raw", {"db": {"url": "postgresql://a:b@h/d"}}) as arm:
            arm_id = arm.run_id
        run_id = comparison.run_id
    client = MlflowClient(tracking_uri=uri)
    run = client.get_run(run_id)
    stored = json.dumps([run.data.params, run.data.tags, client.get_run(arm_id).data.params])
    assert "hunter2" not in stored and "sk-live" not in stored and ":pw@" not in stored
    assert run.data.tags["source"] == "https://bob:***@example.org/x"
    assert run.data.tags["auth_header"] == REDACTED
    assert client.get_run(arm_id).data.params["db.url"] == "postgresql://a:***@h/d"


def test_secret_key_and_value_rules() -> None:
    assert is_secret_key("PASSWORD") and is_secret_key("aws.secret_access_key")
    assert is_secret_key("access-token") and is_secret_key("credentials.path")
    assert not is_secret_key("supersession_key") and not is_secret_key("tokens_per_recall")
    assert not is_secret_key("author") and not is_secret_key("key")
    assert redact_value("no url here") == "no url here"
    assert redact_value("http://host:8080/path") == "http://host:8080/path"


def test_metric_key_sanitising() -> None:
    assert metric_key("recall@5") == "recall_at_5"
    assert metric_key("multi-hop.recall_any@10") == "multi-hop.recall_any_at_10"
    assert metric_key("/a//b/") == "a/b"
    assert metric_key("what? (%)") == "what_ ___"
    assert len(metric_key("x" * 400)) == 250


def test_failed_block_marks_runs_failed(uri: str) -> None:
    ids: dict[str, str] = {}
    with (
        pytest.raises(RuntimeError, match="boom"),
        comparison_run("ab-fail", "broken", params={}, uri=uri) as comparison,
    ):
        ids["parent"] = comparison.run_id
        with comparison.arm("raw") as arm:
            ids["arm"] = arm.run_id
            raise RuntimeError("boom")
    client = MlflowClient(tracking_uri=uri)
    assert client.get_run(ids["parent"]).info.status == "FAILED"
    assert client.get_run(ids["arm"]).info.status == "FAILED"


def test_runs_frame_lists_parents_with_arms(uri: str) -> None:
    assert runs_frame("no-such-experiment", uri=uri) == []
    for n in range(2):
        with comparison_run("ab-frame", f"run-{n}", params={"n": n}, uri=uri) as comparison:
            for arm_name, value in (("raw", 0.5), ("curated", 0.6 + n)):
                with comparison.arm(arm_name) as arm:
                    arm.log_metrics({"quality": value})
            comparison.log_metrics({"delta": 0.1 + n})
    frame = runs_frame("ab-frame", uri=uri)
    assert [row["run_name"] for row in frame] == ["run-1", "run-0"]  # newest first
    newest = frame[0]
    assert newest["params"] == {"n": "1"} and newest["metrics"] == {"delta": 1.1}
    assert newest["status"] == "FINISHED" and newest["start_time"].tzinfo is not None
    assert set(newest["arms"]) == {"raw", "curated"}
    assert newest["arms"]["curated"]["metrics"] == {"quality": 1.6}
    assert newest["tags"] == {"memgov.kind": "comparison"}


def test_tracking_uri_defaults_under_memgov_home(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MEMGOV_HOME", "relative-home")
    home = (tmp_path / "relative-home").resolve()
    assert tracking_uri() == f"sqlite:///{home}/mlflow.db"
    assert home.is_dir()
    monkeypatch.delenv("MEMGOV_HOME")
    assert tracking_uri() == f"sqlite:///{(tmp_path / '.memgov').resolve()}/mlflow.db"
    monkeypatch.setenv("MLFLOW_TRACKING_URI", "sqlite:////elsewhere/x.db")
    assert tracking_uri() == "sqlite:////elsewhere/x.db"


def test_default_store_and_artifacts_under_memgov_home(tmp_path: Path) -> None:
    with comparison_run("ab-default", "env", params={"a": 1}) as comparison:
        comparison.log_json("summary", {"a": 1})
        run_id = comparison.run_id
    home = tmp_path / "home"
    assert comparison.tracking_uri == f"sqlite:///{home.resolve()}/mlflow.db"
    assert (home / "mlflow.db").is_file()
    assert (home / "mlartifacts" / "ab-default" / run_id / "artifacts" / "summary.json").is_file()
    assert runs_frame("ab-default")[0]["run_id"] == run_id


def test_experiments_open_on_their_runs_and_run_names_say_what_they_compare(uri: str) -> None:
    """MLflow 3 opens an experiment without a kind on its GenAI traces page: every
    experiment Memgov logs to is marked as model development (runs table first), also
    one that existed before the mark."""
    from curation import CurationPolicy, Mode
    from evaluation.tracking import (
        EXPERIMENT_KIND_TAG,
        RUNS_VIEW_KIND,
        describe_run,
        ensure_experiment,
    )

    client = MlflowClient(tracking_uri=uri)
    old = client.create_experiment("made-elsewhere")
    for name in ("ab-new", "made-elsewhere"):
        experiment_id = ensure_experiment(client, name, uri)
        tags = client.get_experiment(experiment_id).tags
        assert tags[EXPERIMENT_KIND_TAG] == RUNS_VIEW_KIND, (name, tags)
    assert str(old) == client.get_experiment_by_name("made-elsewhere").experiment_id

    stock = CurationPolicy().with_all_modes(Mode.APPLY)
    assert describe_run("curated vs raw", scope="acme", policy=stock, seed=7) == (
        "curated vs raw · acme · policy default · seed 7"
    )
    tuned = stock.model_copy(update={"prune_below": 0.3})
    label = describe_run("curated vs raw", scope="acme", policy=tuned, seed=7)
    assert label.startswith("curated vs raw · acme · policy custom-") and label.endswith("seed 7")
    assert label == describe_run("curated vs raw", scope="acme", policy=tuned, seed=7)


def test_links_to_mlflow_open_the_runs_view(uri: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """MLflow 3.17 ignores the experiment kind tag: a browser opens any experiment on its
    GenAI overview unless the link says ``workflowType=machine_learning`` (checked in
    headless Chromium against mlflow 3.17.2), so every link Memgov prints says it."""
    from evaluation.tracking import mlflow_ui_url, run_link, runs_view_link

    monkeypatch.delenv("MEMGOV_MLFLOW_UI_URL", raising=False)
    monkeypatch.delenv("MEMGOV_MLFLOW_PORT", raising=False)
    assert mlflow_ui_url() == "http://127.0.0.1:5000"
    monkeypatch.setenv("MEMGOV_MLFLOW_PORT", "5123")
    assert mlflow_ui_url() == "http://127.0.0.1:5123"
    monkeypatch.setenv("MEMGOV_MLFLOW_UI_URL", "http://mlflow.internal:80/")
    assert runs_view_link("4") == (
        "http://mlflow.internal:80/#/experiments/4/runs?workflowType=machine_learning"
    )
    with comparison_run("ab-link", "link", params={}, uri=uri) as comparison:
        run_id, experiment_id = comparison.run_id, comparison.experiment_id
    assert run_link(run_id, uri=uri, ui="http://h:1") == (
        f"http://h:1/#/experiments/{experiment_id}/runs/{run_id}?workflowType=machine_learning"
    )
