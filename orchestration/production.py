"""The production Dagster instance: PostgreSQL storage, the run queue and the daemon.

``ensure_production_home()`` writes ``$MEMGOV_HOME/dagster-production/dagster.yaml``:

- runs, events, schedules, sensors and partitions in PostgreSQL (``dagster-postgres``):
  the ``dagster`` database of the embedded server by default, or the server named by
  ``MEMGOV_DAGSTER_PG_URL`` (read from the environment by every process, never written
  to the file);
- the ``QueuedRunCoordinator``: at most ``MEMGOV_DAGSTER_MAX_RUNS`` runs at once (default
  4) and one per ``memgov/tenant`` tag value, so two tenants curate at once while a
  second run of one tenant waits in the queue;
- the default run launcher: every run is its own run worker process.

``dagster-daemon run`` (schedules, sensors, the run queue, run monitoring) and
``dagster-webserver`` read that file; ``python -m orchestration.up --production`` starts
them with the API and the dashboard; ``python -m orchestration.production`` only writes
the file and prints the ``export DAGSTER_HOME=…`` line (compose.yaml's setup step).
The instance stays separate from the development one (``$MEMGOV_HOME/dagster``, SQLite),
so switching modes loses no history of either.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from curation import Database, Settings
from orchestration.instance import TENANT_TAG, memgov_home

PRODUCTION_MARKER = "# managed by memgov (orchestration/production.py)"
DAGSTER_DATABASE = "dagster"
PG_URL_VARIABLE = Settings.variable("dagster_pg_url")
DEFAULT_MAX_RUNS = Settings.defaults().dagster_max_runs
WORKSPACE = Path(__file__).resolve().parent.parent / "workspace.yaml"


def production_home_path() -> Path:
    return memgov_home() / "dagster-production"


def embedded_instance_url(settings: Settings | None = None) -> str:
    """Start (or attach to) the embedded PostgreSQL, create its ``dagster`` database if
    missing, and return a URL for ``dagster-postgres`` (psycopg2, its driver)."""
    from sqlalchemy.engine import make_url

    settings = (settings or Settings.from_env()).model_copy(
        update={"database_url": None, "database_name": DAGSTER_DATABASE}
    )
    database = Database.from_settings(settings)  # the store's own rule for the server
    try:
        url = make_url(database.url).set(drivername="postgresql+psycopg2")
    finally:
        database.dispose()
    return url.render_as_string(hide_password=False)


def production_dagster_yaml(
    postgres_url: str | None,
    *,
    max_concurrent_runs: int = DEFAULT_MAX_RUNS,
    dequeue_interval_seconds: int = 5,
) -> str:
    """The instance configuration. ``postgres_url`` None: read ``MEMGOV_DAGSTER_PG_URL``
    at start-up (keeps a password out of the file)."""
    url = json.dumps(postgres_url) if postgres_url else f"{{env: {PG_URL_VARIABLE}}}"
    return f"""{PRODUCTION_MARKER}
# Rewritten by ensure_production_home() while this marker line is present; delete the
# marker to keep your own edits. See docs/deployment.md.
telemetry:
  enabled: false
nux:
  enabled: false
storage:
  postgres:
    postgres_url: {url}
run_coordinator:
  module: dagster._core.run_coordinator
  class: QueuedRunCoordinator
  config:
    max_concurrent_runs: {max_concurrent_runs}
    dequeue_interval_seconds: {dequeue_interval_seconds}
    # two tenants curate at once; a second run of one tenant waits for the first
    tag_concurrency_limits:
      - key: "{TENANT_TAG}"
        value:
          applyLimitPerUniqueValue: true
        limit: 1
run_launcher:
  module: dagster._core.launcher
  class: DefaultRunLauncher
run_monitoring:
  enabled: true
  start_timeout_seconds: 180
  max_resume_run_attempts: 0
retention:
  schedule:
    purge_after_days: 30
  sensor:
    purge_after_days:
      skipped: 7
      failure: 30
      success: -1
"""


def write_instance_config(home: Path, config: str) -> Path:
    """Write ``home/dagster.yaml`` unless an operator took it over (removed the marker)."""
    home.mkdir(parents=True, exist_ok=True)
    path = home / "dagster.yaml"
    if not path.exists() or path.read_text(encoding="utf-8").startswith(PRODUCTION_MARKER):
        path.write_text(config, encoding="utf-8")
    return path


def ensure_production_home(*, set_env: bool = True) -> Path:
    """Create the production ``DAGSTER_HOME`` (PostgreSQL storage: the embedded server
    unless ``MEMGOV_DAGSTER_PG_URL`` names one) and return it; with ``set_env`` the
    process's ``DAGSTER_HOME`` points at it, for the processes it starts."""
    settings = Settings.from_env()
    url = None if settings.dagster_pg_url else embedded_instance_url()
    home = production_home_path()
    write_instance_config(
        home, production_dagster_yaml(url, max_concurrent_runs=settings.dagster_max_runs)
    )
    if set_env:
        os.environ["DAGSTER_HOME"] = str(home)
    return home


def _bin(name: str) -> str:
    candidate = Path(sys.executable).with_name(name)
    return str(candidate) if candidate.exists() else name


def daemon_command(workspace: Path = WORKSPACE) -> list[str]:
    """The daemon: schedules, sensors, the run queue and run monitoring."""
    return [_bin("dagster-daemon"), "run", "-w", str(workspace)]


def webserver_command(host: str, port: str, workspace: Path = WORKSPACE) -> list[str]:
    return [_bin("dagster-webserver"), "-w", str(workspace), "-h", host, "-p", port]


def main() -> int:
    """``python -m orchestration.production``: write the production ``DAGSTER_HOME`` and
    print it (the setup step of compose.yaml; ``make up MODE=production`` does it itself)."""
    print(f"export DAGSTER_HOME={ensure_production_home()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
