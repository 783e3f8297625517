"""The Definitions load (in-process and through the workspace file), the instance config
is valid, and the executor/resource knobs behave."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from dagster import (
    DagsterInstance,
    DefaultScheduleStatus,
    DefaultSensorStatus,
    Definitions,
    EnvVar,
    in_process_executor,
    multiprocess_executor,
)
from dagster._core.instance.config import dagster_instance_config

from curation._errors import ValidationError
from orchestration.checks import PLAN_CHECKS, STORE_CHECKS
from orchestration.definitions import default_resources, defs, executor_from_env
from orchestration.instance import MANAGED_MARKER, TENANT_TAG, ensure_dagster_home
from orchestration.resources import ClockResource, GuardrailsResource, InboxResource

ROOT = Path(__file__).resolve().parent.parent


def test_definitions_load() -> None:
    Definitions.validate_loadable(defs)
    job = defs.resolve_job_def("curation_job")
    assert set(job.graph.node_names()) >= {
        "raw_history",
        "active_snapshot",
        "curation_plan",
        "curated_store",
        "curation_report",
    }
    keys = {k.to_user_string() for k in defs.get_repository_def().asset_graph.get_all_asset_keys()}
    assert keys >= {
        "raw_history",
        "active_snapshot",
        "curation_plan",
        "curated_store",
        "curation_report",
    }
    assert job.partitions_def is not None
    assert defs.resolve_job_def("evaluation_job") is not None
    assert defs.resolve_job_def("compaction_job") is not None


def test_schedules_and_sensors() -> None:
    nightly = defs.resolve_schedule_def("nightly_curation_schedule")
    assert nightly.cron_schedule == "15 3 * * *"
    assert nightly.default_status == DefaultScheduleStatus.RUNNING
    assert defs.resolve_schedule_def("weekly_evaluation_schedule").default_status == (
        DefaultScheduleStatus.STOPPED
    )
    compaction = defs.resolve_schedule_def("compaction_schedule")
    assert compaction.default_status == DefaultScheduleStatus.STOPPED
    assert compaction.job_name == "compaction_job"
    for name in ("tenant_sensor", "new_writes_sensor"):
        assert defs.resolve_sensor_def(name).default_status == DefaultSensorStatus.RUNNING


def test_plan_checks_block_and_store_checks_do_not() -> None:
    for check in PLAN_CHECKS:
        [spec] = check.check_specs
        assert spec.blocking and spec.asset_key.to_user_string() == "curation_plan"
    for check in STORE_CHECKS:
        [spec] = check.check_specs
        assert not spec.blocking and spec.asset_key.to_user_string() == "curated_store"


def test_workspace_validates_in_a_fresh_process(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("MEMGOV_", "DAGSTER_"))}
    env["DAGSTER_HOME"] = str(tmp_path / "dagster")
    env["MEMGOV_HOME"] = str(tmp_path / "home")
    Path(env["DAGSTER_HOME"]).mkdir()
    dagster = Path(sys.executable).with_name("dagster")
    completed = subprocess.run(
        [str(dagster), "definitions", "validate", "-w", "workspace.yaml"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr
    assert not (tmp_path / "home").exists()  # loading touches no state (no database)


def test_dagster_home_is_under_the_state_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MEMGOV_HOME", str(tmp_path / "state"))
    monkeypatch.delenv("DAGSTER_HOME", raising=False)
    home = ensure_dagster_home()
    assert home == tmp_path / "state" / "dagster"
    assert os.environ["DAGSTER_HOME"] == str(home)
    with DagsterInstance.from_config(str(home)) as instance:
        assert not instance.telemetry_enabled
        queue = instance.get_concurrency_config().run_queue_config
        assert queue is not None
        assert {"key": TENANT_TAG, "value": {"applyLimitPerUniqueValue": True}, "limit": 1} in (
            queue.tag_concurrency_limits
        )
    # an operator's own file (marker removed) is left alone
    config = home / "dagster.yaml"
    config.write_text("telemetry:\n  enabled: false\n", encoding="utf-8")
    ensure_dagster_home()
    assert config.read_text(encoding="utf-8") == "telemetry:\n  enabled: false\n"
    config.write_text(MANAGED_MARKER + "\nstale\n", encoding="utf-8")
    ensure_dagster_home()
    assert "tag_concurrency_limits" in config.read_text(encoding="utf-8")


def test_deploy_instance_config_is_valid() -> None:
    config, _ = dagster_instance_config(str(ROOT / "orchestration" / "deploy"), "dagster.yaml")
    assert "postgres" in config["storage"]
    assert config["run_launcher"]["class"] == "K8sRunLauncher"
    [limit] = config["concurrency"]["runs"]["tag_concurrency_limits"]
    assert limit["key"] == TENANT_TAG and limit["limit"] == 1


def test_executor_from_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MEMGOV_DAGSTER_EXECUTOR", raising=False)
    assert executor_from_env() is multiprocess_executor
    monkeypatch.setenv("MEMGOV_DAGSTER_EXECUTOR", "in_process")
    assert executor_from_env() is in_process_executor
    monkeypatch.setenv("MEMGOV_DAGSTER_EXECUTOR", "threads")
    with pytest.raises(ValidationError, match="expected one of"):
        executor_from_env()
    monkeypatch.setenv("MEMGOV_DAGSTER_EXECUTOR", "k8s")
    try:
        import dagster_k8s  # noqa: F401
    except ImportError:
        with pytest.raises(ValidationError, match="dagster-k8s"):
            executor_from_env()


def test_resources_come_from_env_vars(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("MEMGOV_DATABASE_URL", "MEMGOV_EMBEDDER", "MEMGOV_NOW", "MEMGOV_WRITES_TRIGGER"):
        monkeypatch.delenv(name, raising=False)
    unset = default_resources()
    assert unset["store"].database_url is None and unset["store"].embedder is None
    assert unset["triggers"].new_writes == 500
    monkeypatch.setenv("MEMGOV_DATABASE_URL", "postgresql://example/db")
    monkeypatch.setenv("MEMGOV_WRITES_TRIGGER", "50")
    configured = default_resources()
    url = configured["store"].database_url
    assert isinstance(url, EnvVar) and url.env_var_name == "MEMGOV_DATABASE_URL"


def test_resource_knobs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert ClockResource(now="2026-11-01T12:00:00Z").current().isoformat() == (
        "2026-11-01T12:00:00+00:00"
    )
    assert GuardrailsResource().prune_ratio_ceiling() is None
    assert GuardrailsResource(max_prune_ratio="0.1").prune_ratio_ceiling() == 0.1
    with pytest.raises(ValidationError):
        GuardrailsResource(max_prune_ratio="1.5").prune_ratio_ceiling()
    assert GuardrailsResource().compaction_grace() is None
    assert GuardrailsResource(compaction_grace_days="3").compaction_grace() == 3.0
    monkeypatch.setenv("MEMGOV_HOME", str(tmp_path))
    inbox = InboxResource()
    assert inbox.tenant_dir("acme") == tmp_path / "inbox" / "acme"
    assert inbox.tenant_dir("../etc") is None and inbox.tenant_dir("..") is None


def test_make_up_binds_every_ui_to_localhost_with_long_flags() -> None:
    from orchestration.up import commands

    launched = {name: command for name, _, command in commands("127.0.0.1")}
    assert set(launched) == {"Dagster UI", "Dashboard", "MLflow UI", "HTTP API"}
    dagster = launched["Dagster UI"]
    # `-h` would reach `python -m orchestration`'s own argparse as --help
    assert "-h" not in dagster and dagster[dagster.index("--host") + 1] == "127.0.0.1"
    dashboard = launched["Dashboard"]
    assert dashboard[dashboard.index("--server.address") + 1] == "127.0.0.1"
    mlflow = launched["MLflow UI"]
    assert mlflow[mlflow.index("--host") + 1] == "127.0.0.1"
    api = launched["HTTP API"]
    assert api[api.index("--host") + 1] == "127.0.0.1"
