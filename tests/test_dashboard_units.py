"""The dashboard's pure parts: word diffs, MLflow run summaries, the launcher, its
configuration, and the rule that pages reach data only through ``dashboard.data``."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from dashboard import diffview, mlflow_comparisons

DASHBOARD = Path(__file__).resolve().parents[1] / "dashboard"


# -- word diff ---------------------------------------------------------------------------------
def test_word_diff_marks_what_each_side_adds() -> None:
    ops = diffview.word_diff(
        "Migrate legacy billing customers first",
        "Migrate legacy billing customers before any plan change",
    )
    assert ops == [
        ("equal", "Migrate legacy billing customers"),
        ("delete", "first"),
        ("insert", "before any plan change"),
    ]
    assert diffview.word_diff("same words", "same  words") == [("equal", "same words")]


def test_word_diff_html_escapes_and_highlights() -> None:
    html = diffview.word_diff_html("use <b>old</b> & stay", "use <i>new</i> & stay")
    assert "<b>" not in html and "<i>" not in html
    assert "&lt;b&gt;old&lt;/b&gt;" in html and "&lt;i&gt;new&lt;/i&gt;" in html
    assert re.search(r"<del [^>]*>&lt;b&gt;old&lt;/b&gt;</del>", html)
    assert re.search(r"<ins [^>]*>&lt;i&gt;new&lt;/i&gt;</ins>", html)
    assert html.startswith("use ") and html.endswith("&amp; stay")


def test_similarity_is_the_share_of_words_in_common() -> None:
    assert diffview.similarity("a b c d", "a b c d") == 1.0
    assert diffview.similarity("a b", "c d") == 0.0
    assert diffview.similarity("a b c d", "a b x y") == pytest.approx(0.5)


# -- MLflow summaries ------------------------------------------------------------------------------
def _run(run_id: str, experiment: str, start: int, **kw: dict[str, object]) -> dict[str, object]:
    return {
        "run_id": run_id,
        "experiment": experiment,
        "status": "FINISHED",
        "start_time": start,
        "metrics": kw.get("metrics", {}),
        "params": kw.get("params", {}),
        "tags": kw.get("tags", {}),
    }


def test_summarise_pairs_parents_with_their_arms() -> None:
    runs = [
        _run(
            "p1",
            "ab-x",
            1,
            metrics={
                "top1.win_rate": 0.7,
                "top1.win_rate_low": 0.6,
                "top1.win_rate_high": 0.8,
                "budget.win_rate": 0.5,
                "delta": 0.05,
                "top1.p_value": 0.02,
            },
            params={"policy.name": "tuned", "seed": "1"},
            tags={"mlflow.runName": "first"},
        ),
        _run(
            "a1",
            "ab-x",
            2,
            metrics={"decision_quality": 0.6},
            tags={"mlflow.parentRunId": "p1", "memgov.arm": "curated"},
        ),
        _run(
            "a2",
            "ab-x",
            2,
            metrics={"top1.decision_quality": 0.55},
            tags={"mlflow.parentRunId": "p1", "mlflow.runName": "raw"},
        ),
        _run(
            "p2",
            "ab-x",
            3,
            metrics={"quality_raw": 0.5, "top1.quality_curated": 0.58},
            params={"seed": "2"},
            tags={"mlflow.runName": "second"},
        ),
    ]
    summary = mlflow_comparisons.summarise(runs)
    first, second = summary["comparisons"]
    assert (first["win_rate"], first["win_rate_low"], first["win_rate_high"]) == (0.7, 0.6, 0.8)
    assert (first["delta"], first["p_value"], first["policy"]) == (0.05, 0.02, "tuned")
    assert second["win_rate"] is None
    assert second["policy"] == "seed=2"  # no policy name: the params that vary
    arms = {(a["run_id"], a["arm"]): a for a in summary["arms"]}
    assert arms[("p1", "curated")]["decision_quality"] == 0.6
    assert arms[("p1", "curated")]["arm_run_id"] == "a1"
    assert arms[("p1", "raw")]["decision_quality"] == 0.55
    assert arms[("p2", "raw")]["decision_quality"] == 0.5
    assert arms[("p2", "curated")]["decision_quality"] == 0.58
    assert arms[("p2", "curated")]["arm_run_id"] is None


def test_summarise_of_nothing() -> None:
    assert mlflow_comparisons.summarise([]) == {"comparisons": [], "arms": []}


# -- launcher and configuration ------------------------------------------------------------------
def test_the_launcher_binds_to_localhost_on_the_configured_port(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from dashboard.__main__ import APP, streamlit_args

    monkeypatch.delenv("MEMGOV_DASHBOARD_ADDRESS", raising=False)
    monkeypatch.delenv("MEMGOV_DASHBOARD_PORT", raising=False)
    args = streamlit_args()
    assert args[:2] == ["run", str(APP)]
    pairs = dict(zip(args[2::2], args[3::2], strict=True))
    assert pairs == {
        "--server.address": "127.0.0.1",
        "--server.port": "8501",
        "--server.headless": "true",
        "--browser.gatherUsageStats": "false",
    }
    monkeypatch.setenv("MEMGOV_DASHBOARD_PORT", "8611")
    args = streamlit_args(["--theme.base", "dark"])
    assert args[args.index("--server.port") + 1] == "8611"
    assert args[-2:] == ["--theme.base", "dark"]


def test_the_app_config_binds_to_localhost() -> None:
    config = tomllib.loads((DASHBOARD / ".streamlit" / "config.toml").read_text())
    assert config["server"]["address"] == "127.0.0.1"
    assert config["server"]["headless"] is True
    assert config["browser"]["gatherUsageStats"] is False


def test_tracking_uri_follows_the_evaluation_rule(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from dashboard import data

    monkeypatch.setenv("MLFLOW_TRACKING_URI", "http://127.0.0.1:5000")
    assert data.tracking_uri() == "http://127.0.0.1:5000"
    monkeypatch.delenv("MLFLOW_TRACKING_URI")
    monkeypatch.setenv("MEMGOV_HOME", str(tmp_path / "state"))
    assert data.tracking_uri() == f"sqlite:///{tmp_path / 'state' / 'mlflow.db'}"
    assert data._sqlite_missing(data.tracking_uri())
    assert not (tmp_path / "state").exists()


def test_pages_reach_data_only_through_the_data_module() -> None:
    pages = sorted((DASHBOARD / "views").glob("*.py"))
    assert [p.stem for p in pages] == [
        "archive",
        "curator_queue",
        "experiments",
        "overview",
        "recall",
    ]
    for path in [*pages, *DASHBOARD.glob("*.py")]:
        source = path.read_text()
        assert not re.search(r"\b(SELECT|INSERT|UPDATE|DELETE)\s", source), path
        assert "sqlalchemy import text" not in source, path
        if path.parent.name == "views":
            assert "MemoryStore" not in source and "import mlflow" not in source, path
            assert "data.store()" not in source, path
