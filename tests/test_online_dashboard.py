"""The Experiments page's online section (Streamlit AppTest against the test database):
an experiment's recommendation, rates per cohort, the delta with its always-valid band."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from dashboard_support import app, clear_streamlit_caches, dashboard_env, texts
from online_helpers import run_store_experiment

from curation import FixedClock, HashingEmbedder, MemoryStore
from curation._store.database import Database
from evaluation.online.daily import experiment_report

START = datetime(2026, 10, 28, tzinfo=UTC)
NOW = datetime(2026, 11, 1, 12, 0, tzinfo=UTC)


@pytest.fixture
def env(
    database: Database, database_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[MemoryStore]:
    dashboard_env(monkeypatch, database_url, tmp_path, NOW)
    clear_streamlit_caches()
    yield MemoryStore(database, embedder=HashingEmbedder(), clock=FixedClock(NOW))
    clear_streamlit_caches()


def test_online_section_shows_the_recommendation_and_the_series(env: MemoryStore) -> None:
    run_store_experiment(env, "acme", starts_at=START, days=4, agents=16)
    expected = experiment_report(env, "acme", "online-v1", now=NOW)
    assert expected.latest is not None

    at = app("experiments")
    assert not at.exception, [e.value for e in at.exception]
    shown = texts(at)
    assert "Online experiments" in shown
    assert f"Recommendation: **{expected.recommendation}**" in shown
    metrics = {m.label: m.value for m in at.metric}
    assert (
        metrics["Curated success rate"]
        == f"{expected.latest.cumulative['curated'].success_rate:.3f}"
    )
    assert metrics["SRM"] == "ok"
    assert at.selectbox(key="online_name").value == "online-v1"
    # rates per cohort and the delta band, before the (empty) offline section
    assert len(at.get("vega_lite_chart")) >= 2
    assert "No A/B runs yet" in shown  # the offline section still says what to run


def test_tenant_without_experiments_says_how_to_start_one(env: MemoryStore) -> None:
    env.remember("acme", "Deploys are frozen on Fridays after 3 pm", now=NOW - timedelta(days=1))
    at = app("experiments")
    assert not at.exception
    assert "memgov experiment start NAME -t acme" in texts(at)
    (info,) = at.info  # the offline section's own empty state is still the only notice
    assert "No A/B runs yet" in info.value
