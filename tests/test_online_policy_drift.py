"""A policy change during an experiment is surfaced: the curated arm then mixes policies."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from online_helpers import run_store_experiment

from curation import MemoryStore
from evaluation.online.daily import experiment_report
from evaluation.online.report_text import headline

START = datetime(2026, 10, 30, tzinfo=UTC)
NOW = START + timedelta(days=2)


def test_an_untouched_policy_reports_no_change(store: MemoryStore) -> None:
    run_store_experiment(store, "acme", starts_at=START, days=2, agents=4)
    report = experiment_report(store, "acme", "online-v1", now=NOW)
    assert report.policy_changes == []
    assert "WARNING" not in headline(report)
    assert report.to_dict()["policy_changes"] == []


def test_a_policy_changed_mid_experiment_is_reported(store: MemoryStore) -> None:
    run_store_experiment(store, "acme", starts_at=START, days=2, agents=4)
    changed_at = START + timedelta(days=1, hours=18)
    store.tenants.set_policy("acme", {"jaccard_threshold": 0.7}, now=changed_at)
    report = experiment_report(store, "acme", "online-v1", now=NOW)
    assert report.policy_changes == [changed_at]
    assert "policy changed during the experiment (2026-10-31 18:00 UTC)" in headline(report)
    assert report.to_dict()["policy_changes"] == [changed_at.isoformat()]


def test_a_change_after_the_end_is_not_counted(store: MemoryStore) -> None:
    run_store_experiment(store, "acme", starts_at=START, days=1, agents=2, duration_days=1)
    store.tenants.set_policy("acme", {"jaccard_threshold": 0.7}, now=START + timedelta(days=2))
    report = experiment_report(store, "acme", "online-v1", now=START + timedelta(days=3))
    assert report.policy_changes == []
