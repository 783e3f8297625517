"""The production deployment, exercised: a Dagster instance on PostgreSQL (the session's
embedded server), the queued run coordinator with its per-tenant limit and global max,
and a real ``dagster-daemon`` subprocess launching every run as its own run worker.

Waits are bounded polls of the instance; nothing asserts on how fast anything is.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from datetime import UTC, datetime
from pathlib import Path
from typing import NamedTuple

import production_gated_defs
import pytest
import yaml
from dagster import DagsterEventType, DagsterInstance, DagsterRunStatus, RunsFilter
from dagster._core.instance.config import dagster_instance_config
from dagster._core.run_coordinator import QueuedRunCoordinator
from dagster._core.storage.dagster_run import RunRecord
from dagster_postgres import PostgresRunStorage
from sqlalchemy import create_engine, text

from curation import MemoryStore
from curation._store.database import normalise_url
from curation._store.server import sqlalchemy_url
from orchestration.instance import TENANT_TAG
from orchestration.partitions import TENANTS
from orchestration.production import (
    daemon_command,
    production_dagster_yaml,
    write_instance_config,
)

pytestmark = pytest.mark.heavy

ROOT = Path(__file__).resolve().parents[1]
T0 = datetime(2026, 11, 1, 12, 0, tzinfo=UTC)
WAIT_S = 240.0  # generous bound for a loaded machine; a healthy run takes a fraction
TERMINAL = {DagsterRunStatus.SUCCESS, DagsterRunStatus.FAILURE, DagsterRunStatus.CANCELED}


@pytest.fixture
def instance_url(pg_server: str) -> Iterator[str]:
    """A fresh database for the Dagster instance on the session's embedded server, as
    dagster-postgres (psycopg2) addresses it."""
    name = "dagster_" + uuid.uuid4().hex[:12]
    admin = create_engine(
        normalise_url(sqlalchemy_url(pg_server, "postgres")), isolation_level="AUTOCOMMIT"
    )
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    yield sqlalchemy_url(pg_server, name).replace("+psycopg:", "+psycopg2:")
    with admin.connect() as conn:
        conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    admin.dispose()


def production_home(tmp_path: Path, url: str, *, max_runs: int) -> Path:
    home = tmp_path / "dagster-production"
    write_instance_config(
        home,
        production_dagster_yaml(url, max_concurrent_runs=max_runs, dequeue_interval_seconds=1),
    )
    return home


class Daemon(NamedTuple):
    process: subprocess.Popen[bytes]
    log: Path


@contextmanager
def running_daemon(home: Path, workspace: Path, env: dict[str, str]) -> Iterator[Daemon]:
    """``dagster-daemon run`` on the instance, as ``make up MODE=production`` starts it;
    stopped (with the code server and run workers it started) on the way out."""
    log = home / "daemon.log"
    with log.open("w") as out:
        process = subprocess.Popen(
            daemon_command(workspace),
            cwd=ROOT,
            env={**env, "DAGSTER_HOME": str(home)},
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        yield Daemon(process, log)
    finally:
        with suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGINT)
        with suppress(subprocess.TimeoutExpired):
            process.wait(timeout=30)
        with suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()


def wait_until(condition: Callable[[], bool], what: str, daemon: Daemon) -> None:
    """Poll until ``condition`` holds; fail (with the daemon's log) if the daemon exits
    or the generous bound passes."""
    deadline = time.monotonic() + WAIT_S
    while not condition():
        if daemon.process.poll() is not None or time.monotonic() > deadline:
            tail = daemon.log.read_text()[-4000:]
            pytest.fail(f"{what}: not within {WAIT_S:.0f} s or the daemon exited:\n{tail}")
        time.sleep(0.5)


def base_env(tmp_path: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        MEMGOV_HOME=str(tmp_path / "memgov-home"),
        MEMGOV_EMBEDDER="hashing",
        HF_HUB_OFFLINE="1",
    )
    return env


def test_the_write_sensor_starts_a_queued_run_that_succeeds(
    tmp_path: Path, instance_url: str, database_url: str, store: MemoryStore
) -> None:
    home = production_home(tmp_path, instance_url, max_runs=4)
    for i in range(6):  # crosses MEMGOV_WRITES_TRIGGER=5 below
        store.remember("acme", f"acme note number {i} about the rollout", now=T0)
    store.remember("globex", "globex has one note only", now=T0)  # stays under it

    with DagsterInstance.from_config(str(home)) as instance:
        assert isinstance(instance.run_storage, PostgresRunStorage)
        assert isinstance(instance.run_coordinator, QueuedRunCoordinator)
        # what tenant_sensor does on its first tick (added here so the write sensor's
        # first tick already sees the tenants: its next one is minutes away)
        instance.add_dynamic_partitions(TENANTS, ["acme", "globex"])
        env = base_env(tmp_path) | {
            "MEMGOV_DATABASE_URL": database_url,
            "MEMGOV_WRITES_TRIGGER": "5",
            "MEMGOV_DAGSTER_EXECUTOR": "in_process",  # one run worker, no step processes
        }

        def sensor_runs() -> list[RunRecord]:
            return list(instance.get_run_records(RunsFilter(tags={"memgov/trigger": "new_writes"})))

        with running_daemon(home, ROOT / "workspace.yaml", env) as daemon:
            wait_until(
                lambda: any(r.dagster_run.status in TERMINAL for r in sensor_runs()),
                "the write sensor's run finished",
                daemon,
            )
            heartbeats = instance.get_daemon_heartbeats()

    (record,) = sensor_runs()
    run = record.dagster_run
    assert run.status == DagsterRunStatus.SUCCESS, daemon.log.read_text()[-4000:]
    assert run.job_name == "curation_job"
    assert run.tags[TENANT_TAG] == "acme" and run.tags["dagster/partition"] == "acme"
    # it went through the queue, not straight to a launcher
    queued = instance.all_logs(run.run_id, of_type=DagsterEventType.RUN_ENQUEUED)
    starting = instance.all_logs(run.run_id, of_type=DagsterEventType.RUN_STARTING)
    assert len(queued) == 1 and len(starting) == 1
    assert queued[0].timestamp <= starting[0].timestamp
    # the daemon ran the scheduler (the nightly schedule), the sensors and the queue
    assert {"SCHEDULER", "SENSOR", "QUEUED_RUN_COORDINATOR"} <= set(heartbeats)
    # and the run curated the tenant: its report is in the store (a new tenant dry-runs)
    (stored,) = store.runs.latest("acme")
    assert stored.dry_run is True
    assert store.runs.latest("globex") == []


def test_two_tenants_curate_at_once_and_one_tenant_waits_its_turn(
    tmp_path: Path, instance_url: str
) -> None:
    home = production_home(tmp_path, instance_url, max_runs=2)
    gates = tmp_path / "gates"
    gates.mkdir()
    workspace = tmp_path / "workspace.yaml"
    location = {
        "python_file": {
            "relative_path": production_gated_defs.__file__,
            "attribute": "defs",
            "location_name": "gated",
            "working_directory": str(ROOT),
        }
    }
    workspace.write_text(yaml.safe_dump({"load_from": [location]}))
    # submitted in this order by the code location's sensor, in one tick
    order = [
        ("acme-1", "acme"),
        ("acme-2", "acme"),
        ("globex-1", "globex"),
        ("initech-1", "initech"),
    ]
    (gates / "requests.json").write_text(json.dumps(order))

    with DagsterInstance.from_config(str(home)) as instance:
        instance.add_dynamic_partitions(TENANTS, ["acme", "globex", "initech"])

        def runs() -> dict[str, RunRecord]:
            return {r.dagster_run.tags["test/key"]: r for r in instance.get_run_records()}

        def status() -> dict[str, DagsterRunStatus]:
            return {key: r.dagster_run.status for key, r in runs().items()}

        def open_gate(key: str) -> None:
            (gates / key).touch()

        env = base_env(tmp_path) | {"MEMGOV_TEST_GATES": str(gates)}
        with running_daemon(home, workspace, env) as daemon:
            started = DagsterRunStatus.STARTED
            # two tenants at once; acme's second run held by the tenant limit, initech by
            # the global max of 2 (the queue passed over acme-2 before launching globex-1)
            wait_until(
                lambda: [status().get(k) for k in ("acme-1", "globex-1")] == [started] * 2,
                "acme-1 and globex-1 both started",
                daemon,
            )
            now = status()
            assert now["acme-2"] == DagsterRunStatus.QUEUED
            assert now["initech-1"] == DagsterRunStatus.QUEUED

            open_gate("acme-1")  # acme is free again: its second run is admitted
            wait_until(lambda: status()["acme-2"] == started, "acme-2 started", daemon)
            now = status()
            assert now["acme-1"] == DagsterRunStatus.SUCCESS
            assert now["globex-1"] == started
            assert now["initech-1"] == DagsterRunStatus.QUEUED  # still two in progress

            open_gate("globex-1")
            wait_until(lambda: status()["initech-1"] == started, "initech-1 started", daemon)
            open_gate("acme-2")
            open_gate("initech-1")
            wait_until(
                lambda: all(s in TERMINAL for s in status().values()), "all runs finished", daemon
            )

        final = runs()
    assert {key: r.dagster_run.status for key, r in final.items()} == {
        key: DagsterRunStatus.SUCCESS for key, _ in order
    }
    assert {key: r.dagster_run.tags[TENANT_TAG] for key, r in final.items()} == dict(order)

    def start(key: str) -> float:
        value = final[key].start_time
        assert value is not None
        return value

    def end(key: str) -> float:
        value = final[key].end_time
        assert value is not None
        return value

    # never two runs of acme at once; initech only once a slot was free
    assert start("acme-2") >= end("acme-1")
    assert start("initech-1") >= end("globex-1")
    assert start("globex-1") < end("acme-1")  # the two tenants overlapped


def test_make_up_production_puts_the_instance_on_the_embedded_postgres(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``make up MODE=production``'s commands: the daemon and the webserver on a
    DAGSTER_HOME whose instance lives in the embedded server's ``dagster`` database (the
    process's state folder, stopped by conftest at the end), then the API and dashboard."""
    from orchestration import up

    # the UI link's asset groups are another test's subject (and cost a definitions load)
    monkeypatch.setattr(up, "lineage_url", lambda dagster: dagster)
    monkeypatch.setenv("DAGSTER_HOME", "restored-after-the-test")
    monkeypatch.delenv("MEMGOV_DAGSTER_PG_URL", raising=False)
    monkeypatch.setenv("MEMGOV_DAGSTER_MAX_RUNS", "3")
    started = up.production_commands("127.0.0.1")

    assert [name for name, _, _ in started] == [
        "Dagster daemon",
        "Dagster UI",
        "HTTP API",
        "Dashboard",
    ]
    commands = {name: command for name, _, command in started}
    assert commands["Dagster daemon"][1:] == ["run", "-w", str(ROOT / "workspace.yaml")]
    assert Path(commands["Dagster daemon"][0]).name == "dagster-daemon"
    assert Path(commands["Dagster UI"][0]).name == "dagster-webserver"
    assert commands["Dagster UI"][-4:] == ["-h", "127.0.0.1", "-p", "3000"]
    home = Path(os.environ["DAGSTER_HOME"])
    assert home.name == "dagster-production"
    with DagsterInstance.from_config(str(home)) as instance:
        assert isinstance(instance.run_storage, PostgresRunStorage)
        assert "/dagster?" in instance.run_storage.postgres_url
        coordinator = instance.run_coordinator
        assert isinstance(coordinator, QueuedRunCoordinator)
        queue = coordinator.get_run_queue_config()
        assert queue.max_concurrent_runs == 3
        assert [limit["key"] for limit in queue.tag_concurrency_limits] == [TENANT_TAG]
        assert instance.get_runs() == []  # its tables exist and answer


def test_a_bad_run_limit_names_its_variable(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from curation import ValidationError
    from orchestration import up
    from orchestration.production import ensure_production_home

    monkeypatch.setenv("MEMGOV_DAGSTER_MAX_RUNS", "lots")
    with pytest.raises(ValidationError, match="MEMGOV_DAGSTER_MAX_RUNS"):
        ensure_production_home(set_env=False)
    # make up MODE=production says so in one line, before starting anything
    monkeypatch.setenv("MLFLOW_TRACKING_URI", "sqlite:///unused.db")
    assert up.main(["--production"]) == 2
    assert capsys.readouterr().err.strip() == (
        "python -m orchestration.up: MEMGOV_DAGSTER_MAX_RUNS='lots': "
        "expected a whole number of at least 1"
    )


def test_the_compose_file_wires_the_deployment_together(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Checked as data only: there is no Docker where the tests run (docs/deployment.md
    says what was and was not run)."""
    compose = yaml.safe_load((ROOT / "compose.yaml").read_text())
    services = compose["services"]
    assert set(services) == {
        "postgres",
        "setup",
        "code",
        "dagster-webserver",
        "dagster-daemon",
        "api",
        "dashboard",
    }
    assert services["postgres"]["image"].startswith("pgvector/pgvector:")
    ours = {name for name, service in services.items() if service.get("build") == "."}
    assert ours == set(services) - {"postgres"}
    for name in ours:
        env = services[name]["environment"]
        assert env["MEMGOV_DATABASE_URL"].endswith("@postgres:5432/memgov"), name
        assert env["MEMGOV_DAGSTER_PG_URL"].endswith("@postgres:5432/dagster"), name
        assert env["DAGSTER_HOME"] == env["MEMGOV_HOME"] + "/dagster-production", name
    # the init script creates the instance's database; mounted files exist
    for mount in services["postgres"]["volumes"]:
        source = mount.split(":")[0]
        if source.startswith("./"):
            assert (ROOT / source).is_file(), source
    assert "CREATE DATABASE dagster;" in (ROOT / "orchestration/deploy/initdb.sql").read_text()
    # the webserver and the daemon load the code location the `code` service serves
    code = services["code"]["command"]
    assert code[:3] == ["dagster", "api", "grpc"] and "orchestration.definitions" in code
    for name in ("dagster-webserver", "dagster-daemon"):
        command = services[name]["command"]
        workspace = yaml.safe_load((ROOT / command[command.index("-w") + 1]).read_text())
        [location] = workspace["load_from"]
        assert location["grpc_server"]["host"] == "code"
        assert str(location["grpc_server"]["port"]) == code[code.index("--port") + 1]
    assert services["dagster-daemon"]["command"][:2] == ["dagster-daemon", "run"]
    # the UIs do not authenticate: published on loopback only
    published = [port for service in services.values() for port in service.get("ports", [])]
    assert published and all(port.startswith("127.0.0.1:") for port in published)
    # the image holds every package the services run
    dockerfile = (ROOT / "Dockerfile").read_text()
    for package in ("curation", "orchestration", "evaluation", "dashboard", "api"):
        assert f"COPY {package} ./{package}" in dockerfile
    # and the dagster.yaml `setup` writes there (URL from the environment) is valid
    monkeypatch.setenv("MEMGOV_DAGSTER_PG_URL", "postgresql://memgov@postgres:5432/dagster")
    write_instance_config(tmp_path, production_dagster_yaml(None))
    config, _ = dagster_instance_config(str(tmp_path), "dagster.yaml")
    assert config["storage"]["postgres"]["postgres_url"] == {"env": "MEMGOV_DAGSTER_PG_URL"}
    assert config["run_coordinator"]["class"] == "QueuedRunCoordinator"
