"""Defaults that do not expose data: every UI binds to 127.0.0.1 unless told otherwise; a
database password given in MEMGOV_DATABASE_URL reaches neither MLflow (everything it
stores is scanned), nor Dagster metadata, nor the store's or the CLI's DEBUG logs, nor the
message of a failed connection; and the code and its configuration carry no credentials
(secrets come from the environment only)."""

from __future__ import annotations

import logging
import re
import subprocess
import traceback
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy.engine import make_url
from typer.testing import CliRunner

from curation import CurationPolicy, FixedClock, HashingEmbedder, MemoryStore, Settings
from curation._store.database import Database

ROOT = Path(__file__).resolve().parent.parent
LOCAL = "127.0.0.1"


@pytest.fixture
def secret() -> str:
    """A password that appears nowhere unless something leaks it (made at run time, so
    this file holds no credential either)."""
    return "pw" + uuid.uuid4().hex


def with_password(url: str, password: str) -> str:
    return make_url(url).set(password=password).render_as_string(hide_password=False)


# -- the UIs bind to localhost ----------------------------------------------------------


def _flag(argv: list[str], flag: str) -> str:
    return argv[argv.index(flag) + 1]


@pytest.mark.parametrize("bind", [None, "", "   "])
def test_make_up_binds_all_three_uis_to_localhost_by_default(
    monkeypatch: pytest.MonkeyPatch, bind: str | None
) -> None:
    from orchestration.up import bind_host, commands

    if bind is None:
        monkeypatch.delenv("MEMGOV_BIND", raising=False)
    else:
        monkeypatch.setenv("MEMGOV_BIND", bind)  # blank must not mean "every interface"
    host = bind_host()
    launched = {name: argv for name, _, argv in commands(host)}

    assert host == LOCAL
    assert _flag(launched["Dagster UI"], "--host") == LOCAL
    assert _flag(launched["Dashboard"], "--server.address") == LOCAL
    assert _flag(launched["MLflow UI"], "--host") == LOCAL
    assert _flag(launched["HTTP API"], "--host") == LOCAL
    assert not any("0.0.0.0" in arg for argv in launched.values() for arg in argv)
    recipe = (ROOT / "Makefile").read_text("utf-8").split("\nup:", 1)[1].split("\n\n", 1)[0]
    assert "orchestration.up" in recipe and "MEMGOV_BIND" not in recipe


def test_exposing_the_uis_takes_an_explicit_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    from orchestration.up import bind_host, commands

    monkeypatch.setenv("MEMGOV_BIND", "0.0.0.0")
    launched = {name: argv for name, _, argv in commands(bind_host())}
    assert _flag(launched["MLflow UI"], "--host") == "0.0.0.0"


def test_each_ui_started_on_its_own_stays_local(monkeypatch: pytest.MonkeyPatch) -> None:
    import mlflow.cli

    from dashboard.__main__ import streamlit_args
    from orchestration.__main__ import dev_host_args

    assert dev_host_args([]) == ["--host", LOCAL]
    assert dev_host_args(["--port", "3001"]) == ["--host", LOCAL, "--port", "3001"]
    assert dev_host_args(["--host", "10.0.0.5"]) == ["--host", "10.0.0.5"]  # explicit wins
    monkeypatch.delenv("MEMGOV_DASHBOARD_ADDRESS", raising=False)
    assert _flag(streamlit_args(), "--server.address") == LOCAL
    monkeypatch.setenv("MEMGOV_DASHBOARD_ADDRESS", " ")
    assert _flag(streamlit_args(), "--server.address") == LOCAL
    # the README's `mlflow ui --backend-store-uri ...` relies on MLflow's own default
    monkeypatch.delenv("MLFLOW_HOST", raising=False)
    command = mlflow.cli.cli.commands.get("ui") or mlflow.cli.cli.commands["server"]  # an alias
    [host] = [p for p in command.params if p.name == "host"]
    assert host.default in (LOCAL, "localhost")


# -- a database password leaks nowhere --------------------------------------------------


def test_a_database_password_never_reaches_mlflow(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, secret: str
) -> None:
    from mlflow.tracking import MlflowClient

    from evaluation.tracking import comparison_run

    url = f"postgresql+psycopg://memgov:{secret}@db.internal:5432/memgov"
    store_uri = f"sqlite:///{tmp_path / 'mlflow' / 'mlflow.db'}"
    monkeypatch.setenv("MEMGOV_DATABASE_URL", url)
    monkeypatch.setenv("MEMGOV_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("MLFLOW_TRACKING_URI", store_uri)
    settings = Settings.from_env()
    # the worst case: a careless caller logs the whole configuration
    params = {
        "settings": settings,
        "policy": CurationPolicy().model_dump(mode="json"),
        "database": {"url": url, "dsn": f"host=db user=memgov password={secret}"},
        "db_password": secret,
    }
    with comparison_run(
        "ab-leak-check", "run", params=params, tags={"database": url, "db_password": secret}
    ) as run:
        run.log_metrics({"quality": 0.5})
        with run.arm("curated", {"store": {"database_url": url}}) as arm:
            arm.log_metrics({"quality": 0.6})
        run.log_table("per_query", [{"query": "q1", "correct": True}])
        run_id, arm_id = run.run_id, arm.run_id

    stored = MlflowClient(tracking_uri=store_uri).get_run(run_id).data
    assert stored.params["settings.database_url"] == (
        "postgresql+psycopg://memgov:***@db.internal:5432/memgov"
    )
    assert stored.params["database.dsn"] == "host=db user=memgov password=***"
    arm_params = MlflowClient(tracking_uri=store_uri).get_run(arm_id).data.params
    assert arm_params["store.database_url"].endswith(":***@db.internal:5432/memgov")
    files = [p for p in (tmp_path / "mlflow").rglob("*") if p.is_file()]
    assert any(p.name == "mlflow.db" for p in files) and any(p.suffix == ".csv" for p in files)
    for path in files:  # the tracking database and every artifact, byte by byte
        assert secret.encode() not in path.read_bytes(), path


def test_dagster_metadata_shows_the_tracking_uri_without_its_password(
    database_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, secret: str
) -> None:
    from dagster import AssetSelection, DagsterInstance, EnvVar, materialize

    from orchestration.assets.evaluation import ab_evaluation
    from orchestration.definitions import build_resources
    from orchestration.partitions import TENANTS, tenant_tags
    from orchestration.resources import MLflowResource

    monkeypatch.setenv("MLFLOW_TRACKING_URI", f"http://mlflow:{secret}@127.0.0.1:9/")
    store = MemoryStore(Database(database_url), embedder=HashingEmbedder())
    store.remember("acme", "a memory with no labels to evaluate")
    store.db.dispose()
    resources = {
        **build_resources(database_url=database_url, embedder="hashing"),
        # the secret stays in the environment: EnvVar keeps it out of the run's config too
        "mlflow": MLflowResource(tracking_uri=EnvVar("MLFLOW_TRACKING_URI")),
    }
    with DagsterInstance.ephemeral() as instance:
        instance.add_dynamic_partitions(TENANTS, ["acme"])
        result = materialize(
            [ab_evaluation],
            partition_key="acme",
            instance=instance,
            resources=resources,
            tags=tenant_tags("acme"),
            selection=AssetSelection.assets(ab_evaluation),
        )
        run = instance.get_run_by_id(result.run_id)
    assert run is not None and secret not in str(run.run_config)
    [event] = result.get_asset_materialization_events()
    metadata = {k: v.value for k, v in event.materialization.metadata.items()}
    assert metadata["mlflow_tracking_uri"] == "http://mlflow:***@127.0.0.1:9/"
    for event in result.all_events:
        assert secret not in str(event), event.event_type_value


@pytest.fixture
def debug_logs(caplog: pytest.LogCaptureFixture) -> Iterator[pytest.LogCaptureFixture]:
    """Everything at DEBUG, SQLAlchemy's statements and pool included."""
    caplog.set_level(logging.DEBUG)
    for name in ("sqlalchemy.engine", "sqlalchemy.pool", "alembic", "psycopg"):
        caplog.set_level(logging.DEBUG, logger=name)
    yield caplog


def test_store_and_cli_debug_logs_never_show_the_password(
    database_url: str,
    tmp_path: Path,
    secret: str,
    clock: FixedClock,
    debug_logs: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The embedded server trusts its socket, so a URL carrying a password still works."""
    from curation.cli.app import app

    url = with_password(database_url, secret)
    store = MemoryStore(Database(url), embedder=HashingEmbedder(), clock=clock)
    written = store.remember("acme", "the deploy window is Tuesday")
    store.recall("acme", "deploy window", 3)
    store.runs.curate("acme")
    store.transfer.dump(tmp_path / "acme.jsonl", "acme")
    assert secret not in repr(store.db.engine) and secret not in str(store.db.engine.url)
    store.db.dispose()

    env = {"MEMGOV_DATABASE_URL": url, "MEMGOV_EMBEDDER": "hashing"}
    monkeypatch.setenv("MEMGOV_HOME", str(tmp_path / "home"))
    runner = CliRunner()
    outputs = []
    for args in (
        ["tenants"],
        ["recall", "deploy window", "-t", "acme", "--json"],
        ["explain", written.id, "-t", "acme"],
        ["export", str(tmp_path / "cli.jsonl"), "-t", "acme", "--full"],
        ["curate", "-t", "acme", "--json"],
    ):
        result = runner.invoke(app, args, env=env, catch_exceptions=False)
        assert result.exit_code == 0, (args, result.output)
        outputs.append(result.output)

    assert any("SELECT" in r.getMessage() for r in debug_logs.records)  # DEBUG was on
    assert secret not in debug_logs.text
    assert not any(secret in str(r.args) for r in debug_logs.records)
    assert not any(secret in out for out in outputs)


def test_a_failed_connection_never_shows_the_password(
    secret: str, debug_logs: pytest.LogCaptureFixture, tmp_path: Path
) -> None:
    from sqlalchemy.exc import OperationalError

    from curation.cli.app import app

    url = f"postgresql+psycopg://memgov:{secret}@127.0.0.1:1/memgov"  # nothing listens
    database = Database(url)
    with pytest.raises(OperationalError) as failed:
        MemoryStore(database, embedder=HashingEmbedder()).tenants.all()
    database.dispose()
    shown = "".join(traceback.format_exception(failed.value))
    assert "127.0.0.1" in shown and secret not in shown and secret not in repr(failed.value)

    env = {"MEMGOV_DATABASE_URL": url, "MEMGOV_HOME": str(tmp_path), "MEMGOV_EMBEDDER": "hashing"}
    result = CliRunner().invoke(app, ["tenants"], env=env)
    assert result.exit_code != 0 and result.exception is not None
    shown = "".join(traceback.format_exception(result.exception)) + result.output
    assert secret not in shown and secret not in debug_logs.text
    with pytest.raises(Exception) as malformed:  # a typo in the URL must not echo it either
        Database(f"postgres ql://memgov:{secret}@db.internal/memgov")
    assert secret not in "".join(traceback.format_exception(malformed.value))


# -- no credentials in the code or its configuration --------------------------------------

CREDENTIAL_PATTERNS = {
    # a placeholder (``user:pw@``, ``user:<password>@``) in documentation is not a credential
    "password in a URL": re.compile(
        r"[a-z][a-z0-9+.\-]*://[^\s/:@'\"]+:(?!(\*\*\*|pw|password|<[^>]*>)@)[^\s/@'\"{}$<]+@"
    ),
    "password literal": re.compile(
        r"(?i)\b(password|passwd|pwd|secret|api_?key|token)\b['\"]?\s*[:=]\s*['\"][^'\"\s{}$]{4,}['\"]"
    ),
    "AWS access key": re.compile(r"\bAKIA[0-9A-Z]{16}\b"),
    "private key": re.compile(r"-----BEGIN (RSA |EC |OPENSSH |DSA )?PRIVATE KEY-----"),
    "API token": re.compile(r"\b(sk-[A-Za-z0-9]{20,}|hf_[A-Za-z0-9]{30,}|ghp_[A-Za-z0-9]{30,})"),
}
SCANNED_SUFFIXES = {".py", ".toml", ".yaml", ".yml", ".cfg", ".ini", ".md", ".json", ".env", ""}


def _project_files() -> list[Path]:
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    return [
        ROOT / name
        for name in listed
        if not name.startswith("tests/")  # tests hold deliberately fake credentials
        and Path(name).suffix in SCANNED_SUFFIXES
        and (ROOT / name).is_file()
        and (ROOT / name).stat().st_size < 2_000_000
    ]


def test_no_credentials_in_the_code_or_its_configuration(monkeypatch: pytest.MonkeyPatch) -> None:
    files = _project_files()
    assert any(p.name == "_settings.py" for p in files) and len(files) > 50
    found = [
        f"{path.relative_to(ROOT)}:{n}: {label}"
        for path in files
        for n, line in enumerate(path.read_text("utf-8", errors="replace").splitlines(), 1)
        for label, pattern in CREDENTIAL_PATTERNS.items()
        if pattern.search(line)
    ]
    assert found == []
    # and the settings read secrets from the environment only: nothing set, nothing known
    for name in ("MEMGOV_DATABASE_URL", "MLFLOW_TRACKING_URI"):
        monkeypatch.delenv(name, raising=False)
    assert Settings.from_env().database_url is None


def test_the_credential_scan_would_catch_a_leak() -> None:
    fake = "hunter" + "2hunter2"
    caught = {
        label
        for label, pattern in CREDENTIAL_PATTERNS.items()
        for line in (
            f'DATABASE = "postgresql://memgov:{fake}@db/memgov"',
            f'password = "{fake}"',
            "key = 'AKIA" + "ABCDEFGHIJKLMNOP'",
            "-----BEGIN RSA " + "PRIVATE KEY-----",
            "token: sk-" + "a" * 24,
        )
        if pattern.search(line)
    }
    assert caught == set(CREDENTIAL_PATTERNS)
    clean = [
        "postgresql://postgres:@/db?host=/tmp",
        "url = 'postgresql://u:***@h/d'",
        "any PostgreSQL (`postgresql://user:pw@host/db`)",
        "postgresql://memgov:${DB_PASSWORD}@db/memgov",
    ]
    assert not any(p.search(line) for p in CREDENTIAL_PATTERNS.values() for line in clean)
