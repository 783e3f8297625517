"""``memgov experiment`` as a user runs it (in process, ``run_cli``) against the test's
database, the hashing embedder, every command at an explicit ``--now``. Recalls and
outcomes in between go through an in-process store on the same database, as agents would."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

from cli_helpers import run_cli

from curation import MemoryStore

T0 = datetime(2026, 11, 1, 12, 0, tzinfo=UTC)


def test_start_status_and_stop(store: MemoryStore, env: dict[str, str]) -> None:
    store.remember("acme", "Refunds over 500 dollars need a supervisor approval", now=T0)
    started = json.loads(
        run_cli(
            env,
            "experiment",
            "start",
            "online-v1",
            "-t",
            "acme",
            "--raw-share",
            "0.4",
            "--days",
            "7",
            "--policy",
            '{"prune_below": 0.2}',
            "--now",
            T0.isoformat(),
            "--json",
            "--salt",
            "fixed",  # a fixed salt puts agents a0..a9 in both cohorts
        ).stdout
    )
    assert started["raw_share"] == 0.4 and started["status"] == "running"
    assert "salt" not in started
    assert started["policy"]["prune_below"] == 0.2

    for hour in range(1, 31):  # 30 recalls by 10 agents, outcome for all but every 6th
        at = T0 + timedelta(hours=hour)
        result = store.recall("acme", "who approves refunds", 3, agent_id=f"a{hour % 10}", now=at)
        assert result.recall_id is not None
        if hour % 6:
            store.outcome("acme", result.recall_id, success=result.cohort == "curated", now=at)

    later = (T0 + timedelta(days=2)).isoformat()
    report = json.loads(
        run_cli(
            env, "experiment", "status", "online-v1", "-t", "acme", "--now", later, "--json"
        ).stdout
    )
    assert [d["date"] for d in report["days"]] == ["2026-11-01", "2026-11-02", "2026-11-03"]
    latest = report["latest"]
    assert latest["curated_exposures"] + latest["raw_exposures"] == 30
    assert latest["curated_outcomes"] + latest["raw_outcomes"] == 25
    assert latest["curated_success_rate"] == 1.0 and latest["raw_success_rate"] == 0.0
    assert report["recommendation"] == latest["recommendation"]
    assert "salt" not in report["experiment"]

    text = run_cli(env, "experiment", "status", "online-v1", "-t", "acme", "--now", later).stdout
    assert "always-valid 95% CI" in text and f"recommendation: {report['recommendation']}" in text
    assert "2026-11-03" in text

    stopped = run_cli(
        env, "experiment", "stop", "online-v1", "-t", "acme", "--reason", "enough", "--now", later
    )
    assert "stopped 'online-v1'" in stopped.stdout
    assert store.experiments.get("acme", "online-v1").status == "stopped"


def test_bad_options_name_the_field(store: MemoryStore, env: dict[str, str]) -> None:
    store.remember("acme", "Deploys are frozen on Fridays after 3 pm", now=T0)
    done = run_cli(
        env,
        "experiment",
        "start",
        "x",
        "-t",
        "acme",
        "--days",
        "3",
        "--ends-at",
        (T0 + timedelta(days=3)).isoformat(),
        "--now",
        T0.isoformat(),
        code=2,
    )
    assert "--days" in done.stderr
    assert store.experiments.all("acme") == []
